//! The shared layers name no game: a game's code is in the folders and files named after
//! it, reached through the registry (`front/mod.rs`, `games/mod.rs`). Read from the sources,
//! so a shared file that starts naming a game's module again is caught here.

use std::path::Path;

/// The games' module names.
const GAMES: [&str; 5] = ["three_trios", "reversi", "islands", "triad", "hexpaths"];

/// Shared files (under `src/`) that must name no game's module, but in `mod` lines.
const SHARED: &[&str] = &[
    "tui/keymap.rs",
    "tui/keymap/offers.rs",
    "tui/lobby/mod.rs",
    "tui/lobby/saved.rs",
    "tui/lobby/view.rs",
    "tui/view/keybar.rs",
    "record/mod.rs",
    "record/duel.rs",
    "record/stream.rs",
    "record/target.rs",
    "controller/mod.rs",
    "controller/seat.rs",
    "sim/mod.rs",
    "textui/mod.rs",
    "tui/mod.rs",
];

/// Re-exports kept for library users, tests, benches and examples, each with a doc line
/// saying so: the file and the start of the line.
const KEPT: &[(&str, &str)] = &[
    ("record/mod.rs", "pub use three_trios::{FinalState, Record,"),
    (
        "controller/mod.rs",
        "pub use three_trios::{Match, MatchConfig,",
    ),
    (
        "tui/mod.rs",
        "pub use three_trios::app::{App, NewMatch, ToTable};",
    ),
];

/// The lines of `text` (a file under `src/`, named `file`) that name a game's module as a
/// path (`three_trios::`, `::triad`), comments and `mod` lines aside.
fn naming_lines(file: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("").trim();
        if code.starts_with("mod ") || code.starts_with("pub mod ") {
            continue;
        }
        if KEPT
            .iter()
            .any(|&(f, start)| f == file && code.starts_with(start))
        {
            continue;
        }
        let names = GAMES.iter().any(|g| {
            code.contains(&format!("{g}::"))
                || code.match_indices(&format!("::{g}")).any(|(at, m)| {
                    !code[at + m.len()..].starts_with(|c: char| c == '_' || c.is_alphanumeric())
                })
        });
        if names {
            found.push(format!("src/{file}:{}: {line}", n + 1));
        }
    }
    found
}

#[test]
fn shared_layers_name_no_game_module() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for file in SHARED {
        let text = std::fs::read_to_string(src.join(file)).expect("a source file");
        found.extend(naming_lines(file, &text));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_path_through_a_game_module_is_caught_and_a_word_is_not() {
    let text = "use crate::tui::triad::position_of;\n\
                /// Triad: pick a triad.\n\
                pub mod triad;\n\
                let x = crate::games::islands::MAX_SIZE; // islands\n\
                let y = three_trios_like::x;\n";
    let found = naming_lines("tui/keymap.rs", text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].contains(":1:") && found[1].contains(":4:"),
        "{found:?}"
    );
}
