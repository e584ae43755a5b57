//! Small builders shared by the integration tests: grids from pictures, cards from values.
#![allow(dead_code)]

use trios::games::three_trios::{Card, Grid, Player, Pos, Value};

/// A grid from rows of `C` (card cell) and `X` (hole).
pub fn grid(rows: &[&str]) -> Grid {
    let cols = rows[0].len();
    let cells = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c == 'C'))
        .collect();
    Grid::new(rows.len(), cols, cells).expect("test grid is valid")
}

/// A card from its name and "N S E W" in card-file spelling.
pub fn card(name: &str, values: &str) -> Card {
    let v: Vec<Value> = values
        .split_whitespace()
        .map(|t| Value::parse(t).expect("test value is valid"))
        .collect();
    Card::new(name, v[0], v[1], v[2], v[3])
}

/// `n` filler cards named `{prefix}0..`, all values 5.
pub fn fillers(prefix: &str, n: usize) -> Vec<Card> {
    (0..n)
        .map(|i| card(&format!("{prefix}{i}"), "5 5 5 5"))
        .collect()
}

pub fn at(row: usize, col: usize) -> Pos {
    Pos::new(row, col)
}

pub const RED: Player = Player::Red;
pub const BLUE: Player = Player::Blue;

pub mod bin;
pub mod duel;
pub mod fork;
pub mod open2;
pub mod postgres;
pub mod pty;
pub mod reopen;
pub mod screen;
pub mod ssh;
pub mod trios_table;

/// A person signed in to a server with a key of their own (so they can take their seat back).
pub fn keyed(user: &str) -> trios::controller::table::Identity {
    trios::controller::table::Identity {
        user: user.into(),
        proof: trios::controller::table::Proof::Key(format!("key-of-{user}")),
    }
}

/// A Three Trios match on the default board and cards, shuffled from seed 3: a person as Red
/// against the expert computer as Blue.
pub fn base() -> trios::setup::three_trios::MatchConfig {
    use trios::controller::Seat;
    use trios::setup::three_trios::MatchConfig;
    MatchConfig {
        clock: None,
        blue: Seat::Computer("expert".into()),
        think_ms: 1000,
        ..MatchConfig::built_in(3)
    }
}

/// Waits until `holds`, failing with `what` after ten seconds. A table thread tells the lobby
/// how it stands just after its news goes out, so the lobby's view trails a client's.
pub fn eventually(what: &str, holds: impl Fn() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !holds() {
        assert!(std::time::Instant::now() < deadline, "never: {what}");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// An open Three Trios board of `n` x `n` card cells, with enough varied cards dealt in
/// order, for two people (seed 1): the boards too big for a window.
pub fn big_board(n: usize) -> trios::setup::three_trios::MatchConfig {
    use trios::controller::Seat;
    use trios::games::three_trios::source::SourceFile;
    use trios::games::three_trios::{DealMode, RuleSet};
    let row = "C".repeat(n);
    let board = format!("{n} {n}\n{}", format!("{row}\n").repeat(n));
    let cards: String = (0..n * n + 1)
        .map(|i| {
            format!(
                "C{i} {} {} {} {}\n",
                i % 9 + 1,
                (i * 7) % 9 + 1,
                (i * 5) % 9 + 1,
                (i * 3) % 9 + 1
            )
        })
        .collect();
    trios::setup::three_trios::MatchConfig {
        clock: None,
        board: SourceFile {
            name: "big.txt".into(),
            text: board,
        },
        cards: SourceFile {
            name: "cards.txt".into(),
            text: cards,
        },
        deal: DealMode::InOrder,
        seed: 1,
        rules: RuleSet::default(),
        red: Seat::Human,
        blue: Seat::Human,
        think_ms: 10,
    }
}

/// Waits until `found` gives a value, and gives it; fails after 10 s.
pub fn eventually_some<T>(what: &str, found: impl Fn() -> Option<T>) -> T {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if let Some(value) = found() {
            return value;
        }
        assert!(std::time::Instant::now() < deadline, "never: {what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
