//! Plays a Reversi strategy of this build against a strategy of another trios binary (an
//! older build, say) or another engine, and reports the score with a Wilson interval and
//! the time each side actually used a move:
//!
//! `cargo run --release --example reversi_versus -- --other /path/to/old/trios
//!  --deals 200 --think-ms 100 --threads 2`
//!
//! `cargo run --release --example reversi_versus -- --engine "/path/to/engine ARGS"
//!  --deals 200 --think-ms 100 --clock`
//!
//! An engine is any command that, given two more arguments, the board (64 characters `X`,
//! `O`, `-`, row by row from a1, b1 … h1 on the top row; `X` moves first) and the side to
//! move (`X` or `O`), prints its move (`a1` … `h8`, or `pass`) on its first line and, if it
//! can, the seconds it spent searching as the last number of its second line (else the
//! process's own time is taken). `--clock` plays this build's side on the clock
//! (`--think-ms` of wall time, as `trios --think-ms` does) instead of on work; `--their-ms`
//! gives the other binary its own `--think-ms`; `--book off` plays both trios sides without
//! the opening book.
//!
//! Each deal opens with the same seeded random plies as `trios sim --openings K` and is
//! played twice, colours swapped. This build's side is `--ours SPEC` (default `expert`),
//! played in this process; the other binary's side is `--theirs SPEC` (default `expert`),
//! asked for each of its moves through the text mode's `suggest`, from the position string,
//! with the same thinking time. Neither side keeps anything between moves but what the
//! position holds, so both answer as they would in a match. The other binary is given an
//! empty data folder of its own, so nothing is recorded.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use trios::games::TwoPlayer;
use trios::games::reversi::{Game, Move, Options, Square};
use trios::sim::duel::DuelSpec;
use trios::sim::{Z95, wilson};

/// What the command line asks for.
struct Setup {
    /// Another trios binary, or an engine command and its arguments.
    other: Opponent,
    ours: String,
    theirs: String,
    deals: usize,
    openings: usize,
    think_ms: u64,
    their_ms: u64,
    clock: bool,
    book: bool,
    threads: usize,
    seed: u64,
}

/// Who this build plays.
enum Opponent {
    Trios(String),
    Engine(Vec<String>),
}

impl Opponent {
    fn name(&self) -> String {
        match self {
            Opponent::Trios(path) => path.clone(),
            Opponent::Engine(words) => words.join(" "),
        }
    }
}

/// Thinking time a side used: its total over the moves it chose (passes and forced moves
/// included, as a match would count them).
#[derive(Default, Clone, Copy)]
struct Used {
    moves: u32,
    total: Duration,
}

fn value_after(args: &[String], flag: &str) -> Option<String> {
    let i = args.iter().position(|a| a == flag)?;
    match args.get(i + 1) {
        Some(v) => Some(v.clone()),
        None => {
            eprintln!("{flag} needs a value");
            std::process::exit(2);
        }
    }
}

fn number_after(args: &[String], flag: &str, default: u64) -> u64 {
    match value_after(args, flag) {
        None => default,
        Some(v) => v.parse().unwrap_or_else(|_| {
            eprintln!("{flag} takes a whole number, not {v:?}");
            std::process::exit(2);
        }),
    }
}

fn setup() -> Setup {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let other = match (
        value_after(&args, "--other"),
        value_after(&args, "--engine"),
    ) {
        (Some(path), None) => Opponent::Trios(path),
        (None, Some(command)) if !command.trim().is_empty() => {
            Opponent::Engine(command.split_whitespace().map(String::from).collect())
        }
        _ => {
            eprintln!(
                "usage: reversi_versus (--other PATH | --engine \"COMMAND ARGS\") [--ours SPEC] [--theirs SPEC] [--deals N] [--openings K] [--think-ms MS] [--their-ms MS] [--clock] [--book on|off] [--threads N] [--seed S]"
            );
            std::process::exit(2);
        }
    };
    let think_ms = number_after(&args, "--think-ms", 100);
    Setup {
        other,
        ours: value_after(&args, "--ours").unwrap_or_else(|| "expert".into()),
        theirs: value_after(&args, "--theirs").unwrap_or_else(|| "expert".into()),
        deals: number_after(&args, "--deals", 200) as usize,
        openings: number_after(&args, "--openings", 6) as usize,
        think_ms,
        their_ms: number_after(&args, "--their-ms", think_ms),
        clock: args.iter().any(|a| a == "--clock"),
        book: value_after(&args, "--book").is_none_or(|v| v != "off"),
        threads: number_after(&args, "--threads", 1).max(1) as usize,
        seed: number_after(&args, "--seed", 1),
    }
}

/// The move the other side plays in `game`, and the time it took.
fn their_move(setup: &Setup, home: &str, game: &Game) -> Result<(Move, Duration), String> {
    match &setup.other {
        Opponent::Trios(path) => {
            let started = Instant::now();
            let mv = trios_move(setup, path, home, game, &setup.theirs)?;
            Ok((mv, started.elapsed()))
        }
        Opponent::Engine(command) => engine_move(command, game),
    }
}

/// The move an engine command plays in `game`, and the time it says it spent (or took).
fn engine_move(command: &[String], game: &Game) -> Result<(Move, Duration), String> {
    let text = game.to_string();
    let mut words = text.split_whitespace();
    let (Some(board), Some(side)) = (words.next(), words.next()) else {
        return Err(format!("cannot split the position {text:?}"));
    };
    let started = Instant::now();
    let out = Command::new(&command[0])
        .args(&command[1..])
        .args([board, side])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", command[0]))?;
    let took = started.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    let answer = lines.next().unwrap_or("").trim().to_ascii_lowercase();
    let own = lines
        .next()
        .and_then(|l| l.split_whitespace().last())
        .and_then(|n| n.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(Duration::from_secs_f64)
        .unwrap_or(took);
    if answer == "pass" {
        return Ok((Move::Pass, own));
    }
    let b = answer.as_bytes();
    let square = (b.len() == 2)
        .then(|| {
            Square::new(
                usize::from(b[1].wrapping_sub(b'1')),
                usize::from(b[0].wrapping_sub(b'a')),
            )
        })
        .flatten()
        .ok_or_else(|| {
            format!(
                "the engine answered {answer:?}; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        })?;
    Ok((Move::Place(square), own))
}

/// The move the other trios binary's `spec` plays in `game`, asked through its text mode.
fn trios_move(
    setup: &Setup,
    path: &str,
    home: &str,
    game: &Game,
    spec: &str,
) -> Result<Move, String> {
    let mut child = Command::new(path)
        .args(["play", "--game", "reversi", "--ui", "text", "--think-ms"])
        .arg(setup.their_ms.to_string())
        .args(["--book", if setup.book { "on" } else { "off" }])
        .arg("--position")
        .arg(game.to_string())
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {path}: {e}"))?;
    if let Some(mut input) = child.stdin.take() {
        write!(input, "suggest {spec}\nquit\n").map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let answer = text
        .split("player: ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or("")
        .trim()
        .to_string();
    let square = answer.parse::<Square>().map_err(|e| {
        format!(
            "the other binary answered {answer:?} ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    Ok(Move::Place(square))
}

/// One game: deal `deal`, this build playing dark when `ours_dark`. Returns our margin, the
/// time each side used (ours first) and the moves from the start, for a game's line.
fn play(
    setup: &Setup,
    spec: &DuelSpec<Game>,
    deal: usize,
    ours_dark: bool,
    startup: Duration,
) -> Result<(i32, [Used; 2], String), String> {
    let mut game = spec.opening(deal).map_err(|e| e.to_string())?;
    // The opening position as the position text, then every move played from it (row and
    // column, as `36`, or `pass`).
    let mut line = game
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let seed = setup.seed.wrapping_add(deal as u64);
    let options = Options {
        no_book: !setup.book,
        timed: setup.clock,
        ..Options::default()
    };
    let mut ours = <Game as TwoPlayer>::strategy_for(&setup.ours, seed, setup.think_ms, &options)
        .map_err(|e| e.to_string())?;
    let mut used = [Used::default(); 2];
    let home = std::env::temp_dir().join(format!("reversi-versus-{}", std::process::id()));
    std::fs::create_dir_all(&home).map_err(|e| e.to_string())?;
    let home = home.to_string_lossy().into_owned();
    while !game.is_over() {
        let dark_to_move = game.turn() == trios::games::reversi::Color::Dark;
        let mv = if game.must_pass() {
            Move::Pass
        } else if dark_to_move == ours_dark {
            let started = Instant::now();
            let mv = ours.choose(&game).ok_or("our side gave no move")?;
            used[0].moves += 1;
            used[0].total += started.elapsed();
            mv
        } else {
            let (mv, took) = their_move(setup, &home, &game)?;
            used[1].moves += 1;
            used[1].total += took.saturating_sub(startup);
            mv
        };
        game.play(mv).map_err(|e| format!("{mv}: {e}"))?;
        line.push_str(&format!(" {}", mv.to_string().replace(' ', "")));
    }
    let [dark, light] = <Game as TwoPlayer>::score(&game).map(|n| n as i32);
    let margin = if ours_dark {
        dark - light
    } else {
        light - dark
    };
    Ok((margin, used, line))
}

/// What starting the other trios binary costs before it thinks: the quickest of three
/// answers of `level:2` (which loads the evaluation and searches one ply), taken off each
/// of its moves' times.
fn startup(setup: &Setup) -> Duration {
    let Opponent::Trios(path) = &setup.other else {
        return Duration::ZERO;
    };
    let home = std::env::temp_dir().join(format!("reversi-versus-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&home);
    let home = home.to_string_lossy().into_owned();
    (0..3)
        .filter_map(|_| {
            let started = Instant::now();
            trios_move(setup, path, &home, &Game::new(), "level:2").ok()?;
            Some(started.elapsed())
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let setup = setup();
    let startup = startup(&setup);
    let mut spec = DuelSpec::<Game>::new(&setup.ours, "random", setup.seed, setup.think_ms)
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2);
        });
    spec.openings = setup.openings;
    let games = setup.deals * 2;
    let next = AtomicUsize::new(0);
    let results = Arc::new(Mutex::new(Vec::new()));
    std::thread::scope(|scope| {
        for _ in 0..setup.threads {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let outcome = play(&setup, &spec, g / 2, g.is_multiple_of(2), startup);
                    match &outcome {
                        Ok((m, _, line)) => eprintln!("game {g}: ours {m:+} {line}"),
                        Err(e) => eprintln!("game {g}: {e}"),
                    }
                    if let Ok(mut all) = results.lock() {
                        all.push((g, outcome));
                    }
                }
            });
        }
    });
    let all = results.lock().map(|r| r.clone()).unwrap_or_default();
    let (mut wins, mut losses, mut ties, mut failed, mut margin) = (0, 0, 0, 0, 0i64);
    let mut used = [Used::default(); 2];
    for (_, outcome) in &all {
        match outcome {
            Ok((m, _, _)) if *m > 0 => wins += 1,
            Ok((m, _, _)) if *m < 0 => losses += 1,
            Ok(_) => ties += 1,
            Err(_) => failed += 1,
        }
        if let Ok((m, sides, _)) = outcome {
            margin += *m as i64;
            for (total, side) in used.iter_mut().zip(sides) {
                total.moves += side.moves;
                total.total += side.total;
            }
        }
    }
    let decided = wins + losses;
    let theirs = match &setup.other {
        Opponent::Trios(_) => setup.theirs.as_str(),
        Opponent::Engine(_) => "engine",
    };
    println!(
        "{} (this build, {} ms a move {}) vs {theirs} ({}), {} deals x 2, {} opening plies, book {}",
        setup.ours,
        setup.think_ms,
        if setup.clock {
            "on the clock"
        } else {
            "of work"
        },
        setup.other.name(),
        setup.deals,
        setup.openings,
        if setup.book { "on" } else { "off" }
    );
    let mean = |u: Used| u.total.as_secs_f64() * 1000.0 / f64::from(u.moves.max(1));
    println!(
        "time a move: this build {:.1} ms, the other {:.1} ms (its start-up of {:.1} ms taken off)",
        mean(used[0]),
        mean(used[1]),
        startup.as_secs_f64() * 1000.0
    );
    println!("wins {wins}, losses {losses}, ties {ties}, failed {failed}");
    if let Some((lo, hi)) = wilson(wins, decided, Z95) {
        println!(
            "{:.1}% of decided games (Wilson 95%: {:.1}%–{:.1}%), mean margin {:+.1}",
            100.0 * wins as f64 / decided as f64,
            100.0 * lo,
            100.0 * hi,
            margin as f64 / (wins + losses + ties).max(1) as f64
        );
    }
    if failed > 0 {
        std::process::exit(1);
    }
}
