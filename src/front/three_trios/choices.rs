//! What the lobby and the home screen offer for Three Trios: the setup's board and the
//! built-in boards its cards can fill, the rule sets, and the computer opponents, with the
//! labels the lobby shows for them.

use crate::controller::Seat;
use crate::games::GameKind;
use crate::games::three_trios::RuleSet;
use crate::games::three_trios::source::SourceFile;
use crate::setup::three_trios::MatchConfig;

/// Boards built into trios besides the setup's own.
const BUILT_IN_BOARDS: [(&str, &str); 4] = [
    (
        "open 3x3",
        include_str!("../../../configs/boards/open-3x3.txt"),
    ),
    (
        "open 4x4",
        include_str!("../../../configs/boards/open-4x4.txt"),
    ),
    (
        "islands 4x7",
        include_str!("../../../configs/boards/islands.txt"),
    ),
    (
        "seed 5x7",
        include_str!("../../../configs/boards/seed-5x7.txt"),
    ),
];

/// Three Trios' options as offered, as the lobby takes them.
pub use crate::tui::lobby::games::SetupChoices as Offered;

/// The options offered with setup `base`: its board and rules first, then each built-in board
/// its cards can fill and the usual rule sets, then the opponents.
pub fn offered(base: &MatchConfig) -> Offered {
    let mut boards = vec![(board_label(&base.board), base.board.clone())];
    for (label, text) in BUILT_IN_BOARDS {
        let board = SourceFile {
            name: format!("{label} (built in)"),
            text: text.to_string(),
        };
        let mut config = base.clone();
        config.board = board.clone();
        if board.text != base.board.text && config.new_game().is_ok() {
            boards.push((label.to_string(), board));
        }
    }
    let rule = |reverse, fallen_ace, same, plus| RuleSet {
        reverse,
        fallen_ace,
        same,
        plus,
    };
    let mut rules = vec![base.rules];
    for set in [
        rule(false, false, false, false),
        rule(false, false, true, false),
        rule(false, false, false, true),
        rule(false, false, true, true),
        rule(true, false, false, false),
        rule(false, true, false, false),
        rule(true, true, false, false),
    ] {
        if !rules.contains(&set) {
            rules.push(set);
        }
    }
    let mut opponents: Vec<String> = Vec::new();
    if let Seat::Computer(name) = &base.blue {
        opponents.push(name.clone());
    }
    for name in GameKind::ThreeTrios.opponents() {
        if !opponents.iter().any(|o| o == name) {
            opponents.push(name.to_string());
        }
    }
    Offered {
        opponents,
        boards,
        rules,
    }
}

/// A board file's short name: its file stem and size, as `default 4x5`.
fn board_label(board: &SourceFile) -> String {
    let stem = std::path::Path::new(&board.name)
        .file_stem()
        .map_or_else(|| board.name.clone(), |s| s.to_string_lossy().into_owned());
    let size = board
        .text
        .lines()
        .next()
        .and_then(|line| {
            let mut parts = line.split_whitespace();
            Some(format!("{}x{}", parts.next()?, parts.next()?))
        })
        .unwrap_or_default();
    format!("{stem} {size}").trim().to_string()
}

/// Rules as the lobby names them: `normal` when no variant is on.
pub fn rules_label(rules: RuleSet) -> String {
    rules.label()
}
