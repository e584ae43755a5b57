//! Multi-ProbCut for Reversi: fits the `(a, b, σ)` table of `probcut.rs` to this engine's
//! own pairs of searches, measures how deep the midgame search gets with and without it,
//! and times fixed-depth searches.
//!
//! ```text
//! cargo run --release --example reversi_mpc -- fit [POSITIONS] [MAX_DEPTH]
//! cargo run --release --example reversi_mpc -- depth [POSITIONS] [NODES]
//! cargo run --release --example reversi_mpc -- fixed [POSITIONS] [DEPTH]
//! cargo run --release --example reversi_mpc -- match [DEALS] [THINK_MS] [T]
//! ```
//!
//! `fit` prints the table (`src/games/reversi/probcut_params.in`) and, per depth, the
//! fitted σ in discs. `depth` prints the mean depth reached within a node budget, full
//! width and at each selectivity. `match` plays level 10 with ProbCut at selectivity T
//! (default the levels') against level 10 without it, at the same work budget, from seeded
//! 6-ply openings, seats swapped, and prints the record with its Wilson interval. `fixed`
//! searches each position to one depth at the levels' selectivity and prints the time, the
//! positions visited and a digest of the moves and values, so a change that should keep the
//! search's answers can be shown to keep them, and a faster one timed. Positions come from
//! seeded games (random plies, then a shallow search with a little noise), so runs are
//! reproducible.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trios::games::reversi::midgame::{self, Limits, UNITS_PER_DISC};
use trios::games::reversi::probcut::{self, MAX_FITTED_DEPTH, MIN_DEPTH, STAGE_EMPTIES, STAGES};
use trios::games::reversi::{Color, Game, Move, levels};
use trios::sim::{Z95, wilson};

/// Positions of seeded games with `empties` empty squares: 6 random plies, then depth-2
/// search with one move in eight random.
fn positions(count: usize, empties: impl Fn(usize) -> u32) -> Vec<Game> {
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < count {
        seed += 1;
        let target = empties(out.len());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new();
        let mut ply = 0;
        while game.empties() > target && !game.is_over() {
            let moves = game.legal_moves();
            let mv = if ply < 6 || rng.random_range(0..8) == 0 {
                moves[rng.random_range(0..moves.len())]
            } else {
                midgame::search(&game, &Limits::depth(2))
                    .best
                    .map_or(Move::Pass, Move::Place)
            };
            if game.play(mv).is_err() {
                break;
            }
            ply += 1;
        }
        if game.empties() == target && !game.is_over() && !game.must_pass() {
            out.push(game);
        }
    }
    out
}

fn fit(count: usize, max_depth: u32) {
    // Spread over 14..=58 empties, so each stage has data.
    let games = positions(count, |i| 14 + (i as u32 * 7) % 45);
    let rows = (MAX_FITTED_DEPTH - MIN_DEPTH + 1) as usize;
    // Per stage and depth: pairs (shallow, deep).
    let mut pairs: Vec<Vec<Vec<(f64, f64)>>> = vec![vec![Vec::new(); rows]; STAGES];
    let started = Instant::now();
    for (i, game) in games.iter().enumerate() {
        let (p, o) = (game.player_bits(), game.opponent_bits());
        let empties = game.empties();
        let stage = ((empties / STAGE_EMPTIES) as usize).min(STAGES - 1);
        let mut values = vec![0; max_depth as usize + 1];
        for (d, value) in values.iter_mut().enumerate() {
            *value = midgame::value_at(p, o, d as u32, 18);
        }
        for d in MIN_DEPTH..=max_depth.min(MAX_FITTED_DEPTH) {
            if empties <= d {
                continue;
            }
            let s = probcut::shallow_depth(d) as usize;
            let row = (d - MIN_DEPTH) as usize;
            pairs[stage][row].push((f64::from(values[s]), f64::from(values[d as usize])));
        }
        if i % 50 == 49 {
            eprintln!(
                "{} positions, {:.0} s",
                i + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    // Least squares per cell; a cell without enough pairs borrows its neighbour's stage.
    let mut table = vec![vec![(1.0f64, 0.0f64, 2.0 * f64::from(UNITS_PER_DISC)); rows]; STAGES];
    for row in 0..rows {
        for stage in 0..STAGES {
            if let Some(fitted) = least_squares(&pairs[stage][row]) {
                table[stage][row] = fitted;
            } else if stage > 0 {
                table[stage][row] = table[stage - 1][row];
            }
        }
        for stage in (0..STAGES - 1).rev() {
            if pairs[stage][row].len() < 20 {
                table[stage][row] = table[stage + 1][row];
            }
        }
    }
    // Depths above max_depth copy the deepest fitted row, with σ grown by the last step.
    for stage in table.iter_mut() {
        for row in 1..rows {
            if row as u32 + MIN_DEPTH > max_depth {
                stage[row] = stage[row - 1];
            }
        }
    }
    println!("[");
    for stage in table.iter() {
        let cells: Vec<String> = stage
            .iter()
            .map(|(a, b, s)| format!("({a:.3}, {b:.1}, {s:.1})"))
            .collect();
        println!("    [{}],", cells.join(", "));
    }
    println!("]");
    for (stage, rows) in pairs.iter().enumerate() {
        let sigmas: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(row, p)| {
                format!(
                    "d{} n{} σ{:.2}",
                    row as u32 + MIN_DEPTH,
                    p.len(),
                    table[stage][row].2 / f64::from(UNITS_PER_DISC)
                )
            })
            .collect();
        eprintln!("stage {stage}: {}", sigmas.join(" · "));
    }
    eprintln!(
        "{} positions in {:.0} s",
        games.len(),
        started.elapsed().as_secs_f64()
    );
}

/// `(a, b, σ)` of deep ≈ a·shallow + b; `None` with fewer than 20 pairs.
fn least_squares(pairs: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    if pairs.len() < 20 {
        return None;
    }
    let n = pairs.len() as f64;
    let mx = pairs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = pairs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let a = if sxx > 0.0 {
        (sxy / sxx).clamp(0.5, 1.5)
    } else {
        1.0
    };
    let b = my - a * mx;
    let var: f64 = pairs
        .iter()
        .map(|p| (p.1 - a * p.0 - b).powi(2))
        .sum::<f64>()
        / (n - 2.0);
    Some((a, b, var.sqrt().max(1.0)))
}

fn depth(count: usize, nodes: u64) {
    let games = positions(count, |i| 24 + (i as u32 * 5) % 30);
    for t in [None, Some(2.0), Some(1.5), Some(1.0)] {
        let started = Instant::now();
        let (mut depths, mut visited) = (0u64, 0u64);
        for game in &games {
            let found = midgame::search(
                game,
                &Limits {
                    depth: 60,
                    nodes: Some(nodes),
                    deadline: None,
                    selectivity: t.map(probcut::Selectivity),
                    table_bits: 20,
                },
            );
            depths += u64::from(found.depth);
            visited += found.nodes;
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "selectivity {:>4}: mean depth {:.2} over {} positions at {} nodes; {:.2} M nodes/s",
            t.map_or("off".to_string(), |t| format!("{t}")),
            depths as f64 / games.len() as f64,
            games.len(),
            nodes,
            visited as f64 / secs / 1e6
        );
    }
}

fn fixed(count: usize, depth: u32) {
    let games = positions(count, |i| 26 + (i as u32 * 7) % 31);
    let limits = Limits {
        selectivity: Some(probcut::Selectivity(levels::MPC)),
        table_bits: levels::spec(levels::HIGHEST).table_bits,
        ..Limits::depth(depth)
    };
    // One table for all, as a game keeps one from move to move.
    let mut table = midgame::Table::new(limits.table_bits);
    let never = Instant::now() + Duration::from_secs(86_400);
    let started = Instant::now();
    let (mut visited, mut digest) = (0u64, 0u64);
    for game in &games {
        let found = midgame::search_until(game, &limits, never, &mut table);
        visited += found.nodes;
        let answer =
            (u64::from(found.best.map_or(64, |s| s.index())) << 32) ^ u64::from(found.value as u32);
        digest = digest.rotate_left(7) ^ answer;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{} positions at depth {depth}: {:.3} s, {visited} positions visited ({:.2} M/s), \
         answers digest {digest:016x}",
        games.len(),
        secs,
        visited as f64 / secs / 1e6
    );
}

fn play_match(deals: usize, think_ms: u64, t: f64) {
    let with = levels::LevelSpec {
        selectivity: Some(t),
        ..levels::spec(10)
    };
    let without = levels::LevelSpec {
        selectivity: None,
        ..levels::spec(10)
    };
    let (mut wins, mut losses, mut ties, mut margin) = (0usize, 0usize, 0usize, 0i64);
    let started = Instant::now();
    for deal in 0..deals {
        let mut rng = ChaCha8Rng::seed_from_u64(1_000 + deal as u64);
        let mut opening = Game::new();
        for _ in 0..6 {
            let moves = opening.legal_moves();
            let _ = opening.play(moves[rng.random_range(0..moves.len())]);
        }
        for with_is_dark in [true, false] {
            let mut game = opening;
            while !game.is_over() {
                let dark = game.turn() == Color::Dark;
                let spec = if dark == with_is_dark {
                    &with
                } else {
                    &without
                };
                let Some(mv) = levels::choose(&game, spec, think_ms) else {
                    break;
                };
                if game.play(mv).is_err() {
                    break;
                }
            }
            let mine = if with_is_dark {
                Color::Dark
            } else {
                Color::Light
            };
            let diff = game.count(mine) as i64 - game.count(mine.other()) as i64;
            margin += diff;
            match diff.signum() {
                1 => wins += 1,
                -1 => losses += 1,
                _ => ties += 1,
            }
        }
        eprintln!(
            "{} deals, {wins}-{losses}-{ties}, {:.0} s",
            deal + 1,
            started.elapsed().as_secs_f64()
        );
    }
    let (lo, hi) = wilson(wins, wins + losses, Z95).unwrap_or((0.0, 0.0));
    println!(
        "MPC t={t} vs off at {think_ms} ms: {wins}-{losses}-{ties}, {:.1}% of decided [{:.1}, {:.1}], mean margin {:+.2}",
        100.0 * wins as f64 / (wins + losses).max(1) as f64,
        lo * 100.0,
        hi * 100.0,
        margin as f64 / (2 * deals).max(1) as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("fit") => fit(number(1, 300) as usize, number(2, 10) as u32),
        Some("depth") => depth(number(1, 50) as usize, number(2, 100_000)),
        Some("fixed") => fixed(number(1, 200) as usize, number(2, 9) as u32),
        Some("match") => play_match(
            number(1, 50) as usize,
            number(2, 100),
            args.get(3)
                .and_then(|s| s.parse().ok())
                .unwrap_or(levels::MPC),
        ),
        _ => {
            eprintln!(
                "usage: reversi_mpc fit [POSITIONS] [MAX_DEPTH] | depth [POSITIONS] [NODES] \
                 | fixed [POSITIONS] [DEPTH] | match [DEALS] [THINK_MS] [T]"
            );
            std::process::exit(2);
        }
    }
}
