//! The published FFO endgame problems #40 to #44, shared by the Reversi engine tests and
//! the `reversi_ffo` example that solves them all in a release build.

/// Published FFO problems: position, value for the side to move, best moves. All five are
/// solved in a release build by `cargo run --release --example reversi_ffo`.
pub const FFO: [(u32, &str, i32, &[&str]); 5] = [
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
