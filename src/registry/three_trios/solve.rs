//! `trios solve` of a Three Trios deal: its exact value and best first move, or bounds when
//! time or memory runs out.

use crate::cli::SolveArgs;
use crate::run::output::write_out;
use crate::run::{Error, three_trios::deal};

/// `trios solve`: a Three Trios deal solved exactly (or bounded by --max-secs and
/// --memory-mb).
pub fn solve(args: &SolveArgs) -> Result<(), Error> {
    use crate::games::three_trios::ai::Solved;
    // The deadline counts from the start: reading and dealing big files spend it too.
    let started = std::time::Instant::now();
    let budget = crate::games::three_trios::ai::SolveBudget {
        deadline: args
            .max_secs
            .map(|secs| started + std::time::Duration::from_secs(secs)),
        memory: usize::try_from(args.memory_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX),
    };
    let game = deal(&args.three_trios, args.seeding.seed)?;
    let Some((solved, stop)) = solve_with_progress(&game, &budget) else {
        return Err(Error::Usage(
            "the game is already over; nothing to solve".into(),
        ));
    };
    let solution = match solved {
        Solved::Exact(solution) => solution,
        Solved::Bound(bound) => {
            let out_of_memory = stop == crate::games::three_trios::ai::Stop::Memory;
            return print_bound(args, &game, bound, started.elapsed(), out_of_memory);
        }
    };
    let ranking = match args.rank {
        true => {
            let (ranked, nodes) = crate::games::three_trios::ai::rank_first_moves(&game, &budget);
            if ranked.len() < crate::games::three_trios::ai::first_move_count(&game) {
                return Err(Error::Usage(format!(
                    "ranking every first move needs more memory than --memory-mb {} allows; \
                     raise it",
                    args.memory_mb
                )));
            }
            Some((ranked, nodes))
        }
        false => None,
    };
    let millis = started.elapsed().as_millis();
    let nodes = solution.nodes + ranking.as_ref().map_or(0, |(_, n)| *n);
    let best = solution.best;
    let mut out = String::new();
    if args.json {
        // Fields in the documented order: value, best, nodes, millis (then the ranking).
        #[derive(serde::Serialize)]
        struct At {
            hand: usize,
            row: usize,
            col: usize,
            #[serde(skip_serializing_if = "Option::is_none")]
            value: Option<i32>,
        }
        #[derive(serde::Serialize)]
        struct Solved {
            value: i32,
            best: At,
            nodes: u64,
            millis: u128,
            #[serde(skip_serializing_if = "Option::is_none")]
            ranking: Option<Vec<At>>,
        }
        let at = |mv: crate::games::three_trios::Move, value| At {
            hand: mv.hand,
            row: mv.pos.row,
            col: mv.pos.col,
            value,
        };
        let solved = Solved {
            value: solution.value,
            best: at(best, None),
            nodes,
            millis,
            ranking: ranking
                .as_ref()
                .map(|(ranked, _)| ranked.iter().map(|&(mv, v)| at(mv, Some(v))).collect()),
        };
        let json = serde_json::to_string(&solved)?;
        out.push_str(&format!("{json}\n"));
    } else {
        let card = game
            .player_hand()
            .nth(best.hand)
            .map(|c| c.name().to_string())
            .unwrap_or_default();
        let verdict = match solution.value {
            0 => "a tie under perfect play".to_string(),
            v if v > 0 => format!("Red wins by {v} under perfect play"),
            v => format!("Blue wins by {} under perfect play", -v),
        };
        out.push_str(&format!("value: {:+} ({verdict})\n", solution.value));
        out.push_str(&format!(
            "best first move: place {best} ({card} at {},{})\n",
            best.pos.row, best.pos.col
        ));
        if let Some((ranked, _)) = &ranking {
            out.push_str("first moves (Red minus Blue under perfect play):\n");
            for (mv, v) in ranked {
                let name = game
                    .player_hand()
                    .nth(mv.hand)
                    .map(|c| c.name().to_string())
                    .unwrap_or_default();
                out.push_str(&format!("  place {mv}  {v:+}  {name}\n"));
            }
        }
        let rate = nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
        out.push_str(&format!(
            "searched {nodes} positions in {millis} ms ({:.1} M/s)\n",
            rate / 1e6
        ));
    }
    write_out(&out)
}

/// Solves on worker threads while a spinner on stderr (shown only on a terminal) tells the
/// positions searched, the rate, the first moves finished and a rough time left.
fn solve_with_progress(
    game: &crate::games::three_trios::Game,
    budget: &crate::games::three_trios::ai::SolveBudget,
) -> Option<(
    crate::games::three_trios::ai::Solved,
    crate::games::three_trios::ai::Stop,
)> {
    use std::sync::atomic::Ordering;
    let progress = std::sync::Arc::new(crate::games::three_trios::ai::search::Progress::default());
    let roots = crate::games::three_trios::ai::first_move_count(game).max(1) as u64;
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {elapsed} · {msg}") {
        bar.set_style(style);
    }
    let started = std::time::Instant::now();
    // The worker hands its answer over a channel, so the answer is printed the moment it
    // is ready rather than at the next tick of the spinner.
    let (answer, answered) = std::sync::mpsc::channel();
    let solved = std::thread::scope(|scope| {
        {
            let progress = progress.clone();
            scope.spawn(move || {
                let _ = answer.send(crate::games::three_trios::ai::solve_budgeted(
                    game,
                    budget,
                    Some(progress),
                ));
            });
        }
        loop {
            match answered.recv_timeout(std::time::Duration::from_millis(100)) {
                Ok(solved) => break solved,
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            }
            let nodes = progress.nodes.load(Ordering::Relaxed);
            let done = progress.roots_done.load(Ordering::Relaxed);
            let secs = started.elapsed().as_secs_f64().max(1e-3);
            let left = if done > 0 {
                let total = secs * roots as f64 / done as f64;
                format!("about {:.0} s left", (total - secs).max(0.0))
            } else {
                "estimating".to_string()
            };
            bar.set_message(format!(
                "{:.1} M positions ({:.1} M/s) · first moves solved {done}/{roots} · {left}",
                nodes as f64 / 1e6,
                nodes as f64 / secs / 1e6,
            ));
            bar.tick();
        }
    });
    bar.finish_and_clear();
    solved
}

/// The answer of a solve stopped by --max-secs: the best bound found, said as a bound.
fn print_bound(
    args: &SolveArgs,
    game: &crate::games::three_trios::Game,
    bound: Option<crate::games::three_trios::ai::Solution>,
    took: std::time::Duration,
    out_of_memory: bool,
) -> Result<(), Error> {
    let secs = args.max_secs.unwrap_or(0);
    let mb = args.memory_mb;
    let red_moves = game.turn() == crate::games::three_trios::Player::Red;
    let mut out = String::new();
    match (&bound, args.json) {
        (None, true) => out.push_str(&format!(
            "{{\"exact\":false,\"value\":null,\"best\":null,\"millis\":{}}}\n",
            took.as_millis()
        )),
        (None, false) if out_of_memory => out.push_str(&format!(
            "no first move was solved within {mb} MB of memory; allow more with --memory-mb\n"
        )),
        (None, false) => out.push_str(&format!(
            "no first move was solved within {secs} s; allow more time with --max-secs\n"
        )),
        (Some(s), true) => {
            // The exact solve's fields in the same order, then what makes it a bound.
            #[derive(serde::Serialize)]
            struct At {
                hand: usize,
                row: usize,
                col: usize,
            }
            #[derive(serde::Serialize)]
            struct Bounded {
                value: i32,
                best: At,
                nodes: u64,
                millis: u128,
                exact: bool,
                bound: &'static str,
            }
            let bounded = Bounded {
                value: s.value,
                best: At {
                    hand: s.best.hand,
                    row: s.best.pos.row,
                    col: s.best.pos.col,
                },
                nodes: s.nodes,
                millis: took.as_millis(),
                exact: false,
                bound: if red_moves { "lower" } else { "upper" },
            };
            let json = serde_json::to_string(&bounded)?;
            out.push_str(&format!("{json}\n"));
        }
        (Some(s), false) => {
            let side = if red_moves { "at least" } else { "at most" };
            let stopped = if out_of_memory {
                format!("stopped at {mb} MB of memory")
            } else {
                format!("stopped after {secs} s")
            };
            out.push_str(&format!(
                "value: {side} {:+} (Red minus Blue; {stopped}, not exact)\n",
                s.value
            ));
            out.push_str(&format!(
                "best first move found: place {} (worth exactly {:+})\n",
                s.best, s.value
            ));
            out.push_str(&format!("searched {} positions\n", s.nodes));
        }
    }
    write_out(&out)
}
