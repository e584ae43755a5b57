//! The two-by-two game the record and resume tests play through the real binary: its board,
//! its cards, its moves, and the `play` arguments that deal them in file order.

use super::bin::Dir;

/// A 2x2 board without holes: four moves, two each.
pub const OPEN2: &str = "2 2\nCC\nCC\n";
/// In file order Red is dealt Ant and Bee, Blue Cat and Dog; Eel is never dealt.
pub const CARDS: &str = "Ant 1 1 1 1\nBee 2 2 9 9\nCat 3 3 5 5\nDog 4 4 4 4\nEel 9 9 9 9\n";
/// A whole game on OPEN2, Red first.
pub const MOVES: [&str; 4] = ["place 0 0 0", "place 0 0 1", "place 0 1 0", "place 0 1 1"];

/// A folder holding `open2.txt` (OPEN2) and `cards.txt` (CARDS).
pub fn fixtures() -> Dir {
    let dir = Dir::new();
    dir.write("open2.txt", OPEN2);
    dir.write("cards.txt", CARDS);
    dir
}

/// Two humans on OPEN2 with CARDS in file order, seed 42, plus `extra` flags.
pub fn play_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "play",
        "--board",
        "open2.txt",
        "--cards",
        "cards.txt",
        "--deal",
        "in-order",
        "--seed",
        "42",
    ];
    args.extend_from_slice(extra);
    args
}

/// `lines` as standard input: each ended by a newline.
pub fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}
