//! Solves the published FFO endgame problems #40 to #44 (20 to 22 empties) and checks each
//! value and best move: `cargo run --release --example reversi_ffo`. Seconds each in a release
//! build; far too slow unoptimised for the test suite, which solves #40 a few moves on.
//! `-- --threads N` solves on N threads (default 1).

use trios::games::reversi::{Game, SolveOptions, Square, solve_with};

#[path = "../tests/ffo/mod.rs"]
mod ffo;
use ffo::FFO;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let threads = match args.iter().position(|a| a == "--threads") {
        None => 1,
        Some(i) => match args.get(i + 1).and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if n >= 1 => n,
            _ => {
                eprintln!("--threads needs a whole number of at least 1");
                std::process::exit(2);
            }
        },
    };
    let options = SolveOptions {
        threads,
        ..Default::default()
    };
    for &(number, text, value, best) in FFO.iter().filter(|entry| entry.0 <= 44) {
        let Ok(game) = text.parse::<Game>() else {
            eprintln!("FFO #{number}: the position does not parse");
            std::process::exit(1);
        };
        let t = std::time::Instant::now();
        let Some(s) = solve_with(&game, &options) else {
            eprintln!("FFO #{number}: the solve stopped without a value");
            std::process::exit(1);
        };
        let elapsed = t.elapsed();
        let name = s.best.map(Square::algebraic).unwrap_or_default();
        println!(
            "FFO #{number} ({} empties): {:+} {name}, {} nodes, {elapsed:?}",
            game.empties(),
            s.value,
            s.nodes
        );
        if s.value != value || !best.contains(&name.as_str()) {
            eprintln!("FFO #{number}: expected {value:+} by one of {best:?}");
            std::process::exit(1);
        }
    }
}
