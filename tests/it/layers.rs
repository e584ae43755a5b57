//! The house's order, read from the sources: each top-level module of `src/` uses only the
//! layers below its own ([`LAYERS`], the one list), so no circle can form; and the shared
//! layers name no game: a game's code is in the folders and files named after it, reached
//! through the registry (`registry/`, `games/mod.rs`).

use std::path::{Path, PathBuf};

/// The layers, from the bottom: a module may use the modules of lower layers only, never one
/// of its own layer or above. Each name is a top-level module of `src/` (a folder or a file);
/// `main` is the binary. The registry (`registry`) is near the top: what a lower layer needs of
/// it is handed down (a `LobbyGame` list, the server's `Games`, record `Readers`).
pub const LAYERS: &[&[&str]] = &[
    &["escape", "words", "calendar", "input_file", "shot"],
    &["flag_value", "search", "store", "autosave"],
    &["games"],
    &["setup"],
    &["record"],
    &["controller"],
    &["sim", "textui", "tui"],
    &["cli", "ssh"],
    &["run"],
    &["registry"],
    &["cmd"],
    &["main"],
];

/// The layer of top-level module `module`, or `None` for one the list forgets.
fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// `text` with comments, string and character literals blanked out, so only code is read.
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(text.len(), |n| i + n);
            i = end;
        } else if rest.starts_with("/*") {
            i = rest.find("*/").map_or(text.len(), |n| i + n + 2);
        } else if let Some(raw) = rest.strip_prefix("r#\"") {
            i = raw.find("\"#").map_or(text.len(), |n| i + 3 + n + 2);
            out.push(' ');
        } else if rest.starts_with('"') {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            i = j + 1;
            out.push(' ');
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The top-level modules `text` (code of the crate's own files, or of the binary with
/// `root` `trios`) uses: `crate::x…` and `crate::{x…, y…}`.
fn uses(text: &str, root: &str) -> Vec<String> {
    let code = code_only(text);
    let mut found = Vec::new();
    let prefix = format!("{root}::");
    for (at, _) in code.match_indices(&prefix) {
        if code[..at].ends_with(|c: char| c == '_' || c.is_alphanumeric()) {
            continue;
        }
        let after = &code[at + prefix.len()..];
        if let Some(group) = after.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| *c == '_' || c.is_alphanumeric())
                    .collect();
                if !name.is_empty() && name != "self" {
                    found.push(name);
                }
            }
        } else {
            let name: String = after
                .chars()
                .take_while(|c| *c == '_' || c.is_alphanumeric())
                .collect();
            if !name.is_empty() {
                found.push(name);
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The uses under `src` that break the order: `file: module -> module (layer a -> b)`, and
/// modules the list forgets.
pub fn breaches(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for path in rust_files(src) {
        let rel = path.strip_prefix(src).expect("under src");
        let first = rel.components().next().expect("a component");
        let first = first.as_os_str().to_string_lossy();
        let module = first.trim_end_matches(".rs");
        // lib.rs only declares the modules.
        if module == "lib" {
            continue;
        }
        let Some(own) = layer_of(module) else {
            found.push(format!("src/{}: {module} is in no layer", rel.display()));
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("a source file");
        let root = if module == "main" { "trios" } else { "crate" };
        for used in uses(&text, root) {
            if used == module {
                continue;
            }
            match layer_of(&used) {
                Some(theirs) if theirs < own => {}
                Some(theirs) => found.push(format!(
                    "src/{}: {module} -> {used} (layer {own} uses layer {theirs})",
                    rel.display()
                )),
                None => found.push(format!("src/{}: {used} is in no layer", rel.display())),
            }
        }
    }
    found
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = breaches(&src);
    assert!(
        found.is_empty(),
        "uses against the order of LAYERS:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_order_check_catches_a_use_upward_but_not_in_comments_or_strings() {
    let text = "use crate::{registry::entry, games::GameKind};\n\
                // crate::cmd in a comment\n\
                let s = \"crate::ssh in a string\";\n\
                let x = crate::tui::Theme::plain(); /* crate::run */\n\
                let y = mycrate::cli::x;\n";
    assert_eq!(uses(text, "crate"), ["games", "registry", "tui"]);
    assert!(layer_of("registry") > layer_of("tui"));
    assert_eq!(layer_of("nowhere"), None);
}

/// The games' module names.
const GAMES: [&str; 5] = ["three_trios", "reversi", "islands", "triad", "hexpaths"];

/// The game whose folders or files `file` (a path under `src/`) is in, if any: a folder or a
/// file named after it (`tui/triad/keys.rs`, `record/triad.rs`).
fn own_game(file: &str) -> Option<&'static str> {
    let parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    GAMES.iter().copied().find(|g| parts.contains(g))
}

/// Whether `file` (a path under `src/`) is the registry or the command line's flags, which
/// name every game.
fn names_every_game(file: &str) -> bool {
    file.starts_with("registry/") || file == "games/mod.rs" || file == "cli.rs"
}

/// The lines of `text` (a file under `src/`, named `file`) that name a game's module as a
/// path (`three_trios::`, `::triad`), comments and `mod` lines aside.
fn naming_lines(file: &str, text: &str) -> Vec<String> {
    let own = own_game(file);
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("").trim();
        if code.starts_with("mod ") || code.starts_with("pub mod ") {
            continue;
        }
        let names = GAMES.iter().filter(|&&g| Some(g) != own).any(|g| {
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
fn no_file_names_a_game_outside_its_folders_and_the_registry() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut read = 0;
    for path in rust_files(&src) {
        let file = path.strip_prefix(&src).expect("a file under src");
        let file = file.to_string_lossy().replace('\\', "/");
        if names_every_game(&file) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        found.extend(naming_lines(&file, &text));
        read += 1;
    }
    assert!(read > 100, "only {read} files read");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_games_own_files_are_told_from_shared_ones() {
    assert_eq!(own_game("tui/triad/keys.rs"), Some("triad"));
    assert_eq!(own_game("record/three_trios.rs"), Some("three_trios"));
    assert_eq!(own_game("tui/lobby/games.rs"), None);
    assert_eq!(own_game("controller/race_table.rs"), None);
    let text = "use crate::games::triad::Card;\nuse crate::games::hexpaths::Cell;\n";
    assert_eq!(
        naming_lines("tui/triad/view.rs", text).len(),
        1,
        "another game's name"
    );
    assert!(names_every_game("registry/reversi.rs") && !names_every_game("ssh/mod.rs"));
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
