//! Builds Reversi's opening book from the engine's own searches and writes it where trios
//! embeds it:
//!
//! `cargo run --release --example reversi_book -- --depth 9 --positions 3000`
//!
//! Every move of each expanded position is searched to `--depth` plies by the midgame
//! search on the learned evaluation, full width; moves within
//! `--tolerance` discs of the best are followed, lines whose moves gave up more than
//! `--deviation` discs in all are not, nothing past `--plies` plies is expanded, and at most
//! `--positions` positions are. The same flags build the same book, byte for byte, on any
//! number of `--threads` (2 by default): each search is pure, the threads only share out
//! a position's moves.

use std::time::Instant;

use trios::games::reversi::book::build::{Reach, build};
use trios::games::reversi::learned::UNITS_PER_DISC;
use trios::games::reversi::midgame::value_at;
use trios::games::reversi::{Game, Move};

fn number_after(args: &[String], flag: &str, default: i64) -> i64 {
    match args.iter().position(|a| a == flag) {
        None => default,
        Some(i) => match args.get(i + 1).and_then(|v| v.parse().ok()) {
            Some(n) => n,
            None => {
                eprintln!("{flag} takes a whole number");
                std::process::exit(2);
            }
        },
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = number_after(&args, "--depth", 9).clamp(2, 20) as usize;
    let reach = Reach {
        positions: number_after(&args, "--positions", 3000).max(1) as usize,
        plies: number_after(&args, "--plies", 16).clamp(1, 60) as u32,
        tolerance: number_after(&args, "--tolerance", 2) as i32,
        deviation: number_after(&args, "--deviation", 4) as i32,
    };
    let threads = number_after(&args, "--threads", 2).clamp(1, 64) as usize;
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| "configs/reversi/book.bin".into());
    let started = Instant::now();
    let book = build(
        reach,
        |game: &Game| {
            // Each move's value: the reply's full-width search one ply shorter, on the
            // learned evaluation, rounded to whole discs. The moves are shared out among
            // the threads; each search is pure, so the values do not depend on how.
            let moves = game.legal_moves();
            let value_of = |mv: Move| -> Option<(Move, i32)> {
                let mut next = *game;
                next.play(mv).ok()?;
                let (p, o) = (next.player_bits(), next.opponent_bits());
                let sign = if next.turn() == game.turn() { 1 } else { -1 };
                let value = if next.is_over() {
                    next.final_margin() * sign
                } else {
                    let units = value_at(p, o, depth as u32 - 1, 18);
                    (units as f64 / UNITS_PER_DISC as f64).round() as i32 * sign
                };
                Some((mv, value))
            };
            let share = moves.len().div_ceil(threads).max(1);
            std::thread::scope(|scope| {
                let handles: Vec<_> = moves
                    .chunks(share)
                    .map(|chunk| {
                        scope
                            .spawn(move || chunk.iter().map(|&mv| value_of(mv)).collect::<Vec<_>>())
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .flatten()
                    .collect()
            })
        },
        |n| {
            if n % 100 == 0 {
                eprintln!(
                    "{n} positions expanded, {:.0} s",
                    started.elapsed().as_secs_f64()
                );
            }
        },
    );
    let bytes = book.to_bytes();
    if let Err(e) = std::fs::write(&out, &bytes) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
    let expanded = book.entries().iter().filter(|e| e.expanded).count();
    println!(
        "{out}: {} positions ({expanded} expanded), {} bytes, depth {depth}, {:?}, {:.0} s",
        book.len(),
        bytes.len(),
        reach,
        started.elapsed().as_secs_f64()
    );
}
