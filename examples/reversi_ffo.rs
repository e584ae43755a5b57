//! Solves the published FFO endgame problems #40 to #44 (20 to 22 empties) and checks each
//! value and best move: `cargo run --release --example reversi_ffo`. Seconds each in a release
//! build; far too slow unoptimised for the test suite, which solves #40 a few moves on.

use trios::games::reversi::{Game, Square, solve};

const FFO: [(u32, &str, i32, &[&str]); 5] = [
    (
        40,
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        38,
        &["a2"],
    ),
    (
        41,
        "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X",
        0,
        &["h4"],
    ),
    (
        42,
        "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X",
        6,
        &["g2"],
    ),
    (
        43,
        "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O",
        -12,
        &["c7", "g3"],
    ),
    (
        44,
        "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O",
        -14,
        &["d2", "b8"],
    ),
];

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
