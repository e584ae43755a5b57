//! Solves the published FFO endgame problems #40 to #44 (20 to 22 empties) and checks each
//! value and best move: `cargo run --release --example reversi_ffo`. Seconds each in a release
//! build; far too slow unoptimised for the test suite, which solves #40 a few moves on.

use trios::games::reversi::{Game, Square, solve};

#[path = "../tests/ffo/mod.rs"]
mod ffo;
use ffo::FFO;

fn main() {
    for (number, text, value, best) in FFO {
        let Ok(game) = text.parse::<Game>() else {
            eprintln!("FFO #{number}: the position does not parse");
            std::process::exit(1);
        };
        let t = std::time::Instant::now();
        let s = solve(&game);
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
