//! Plays a Reversi strategy of this build against a strategy of another trios binary (an
//! older build, say) and reports the score with a Wilson interval:
//!
//! `cargo run --release --example reversi_versus -- --other /path/to/old/trios
//!  --deals 200 --think-ms 100 --threads 2`
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

use trios::games::TwoPlayer;
use trios::games::reversi::{Game, Move, Square};
use trios::sim::duel::DuelSpec;
use trios::sim::{Z95, wilson};

/// What the command line asks for.
struct Setup {
    other: String,
    ours: String,
    theirs: String,
    deals: usize,
    openings: usize,
    think_ms: u64,
    threads: usize,
    seed: u64,
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
    let Some(other) = value_after(&args, "--other") else {
        eprintln!(
            "usage: reversi_versus --other PATH [--ours SPEC] [--theirs SPEC] [--deals N] [--openings K] [--think-ms MS] [--threads N] [--seed S]"
        );
        std::process::exit(2);
    };
    Setup {
        other,
        ours: value_after(&args, "--ours").unwrap_or_else(|| "expert".into()),
        theirs: value_after(&args, "--theirs").unwrap_or_else(|| "expert".into()),
        deals: number_after(&args, "--deals", 200) as usize,
        openings: number_after(&args, "--openings", 6) as usize,
        think_ms: number_after(&args, "--think-ms", 100),
        threads: number_after(&args, "--threads", 1).max(1) as usize,
        seed: number_after(&args, "--seed", 1),
    }
}

/// The move the other binary's `spec` plays in `game`, asked through its text mode.
fn their_move(setup: &Setup, home: &str, game: &Game) -> Result<Move, String> {
    let mut child = Command::new(&setup.other)
        .args(["play", "--game", "reversi", "--ui", "text", "--think-ms"])
        .arg(setup.think_ms.to_string())
        .arg("--position")
        .arg(game.to_string())
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", setup.other))?;
    if let Some(mut input) = child.stdin.take() {
        write!(input, "suggest {}\nquit\n", setup.theirs).map_err(|e| e.to_string())?;
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

/// One game: deal `deal`, this build playing dark when `ours_dark`. Returns our margin.
fn play(setup: &Setup, spec: &DuelSpec<Game>, deal: usize, ours_dark: bool) -> Result<i32, String> {
    let mut game = spec.opening(deal).map_err(|e| e.to_string())?;
    let seed = setup.seed.wrapping_add(deal as u64);
    let mut ours = <Game as TwoPlayer>::strategy(&setup.ours, seed, setup.think_ms)
        .map_err(|e| e.to_string())?;
    let home = std::env::temp_dir().join(format!("reversi-versus-{}", std::process::id()));
    std::fs::create_dir_all(&home).map_err(|e| e.to_string())?;
    let home = home.to_string_lossy().into_owned();
    while !game.is_over() {
        let dark_to_move = game.turn() == trios::games::reversi::Color::Dark;
        let mv = if game.must_pass() {
            Move::Pass
        } else if dark_to_move == ours_dark {
            ours.choose(&game).ok_or("our side gave no move")?
        } else {
            their_move(setup, &home, &game)?
        };
        game.play(mv).map_err(|e| format!("{mv}: {e}"))?;
    }
    let [dark, light] = <Game as TwoPlayer>::score(&game).map(|n| n as i32);
    Ok(if ours_dark {
        dark - light
    } else {
        light - dark
    })
}

fn main() {
    let setup = setup();
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
                    let outcome = play(&setup, &spec, g / 2, g.is_multiple_of(2));
                    match &outcome {
                        Ok(m) => eprintln!("game {g}: ours {m:+}"),
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
    for (_, outcome) in &all {
        match outcome {
            Ok(m) if *m > 0 => wins += 1,
            Ok(m) if *m < 0 => losses += 1,
            Ok(_) => ties += 1,
            Err(_) => failed += 1,
        }
        if let Ok(m) = outcome {
            margin += *m as i64;
        }
    }
    let decided = wins + losses;
    println!(
        "{} (this build) vs {} ({}), {} deals x 2, {} opening plies, {} ms a move",
        setup.ours, setup.theirs, setup.other, setup.deals, setup.openings, setup.think_ms
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
