//! What the lobby and the home screen offer for Three Trios: the setup's board and the
//! built-in boards its cards can fill, the rule sets, and the computer opponents, with the
//! labels the lobby shows for them.

use crate::controller::Seat;
use crate::games::GameKind;
use crate::games::three_trios::RuleSet;
use crate::games::three_trios::source::SourceFile;
use crate::setup::three_trios::MatchConfig;
use crate::tui::lobby::Offered;

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

/// Three Trios' options offered with a setup: each list in menu order, the setup's own first.
pub struct Offer {
    /// Computer opponents; the setup's own (`--blue`) first.
    pub opponents: Vec<String>,
    /// Label and board file; the setup's own board first.
    pub boards: Vec<(String, SourceFile)>,
    pub rules: Vec<RuleSet>,
}

impl Offer {
    /// The options as the lobby shows them.
    pub fn labels(&self) -> Offered {
        Offered {
            opponents: self.opponents.clone(),
            boards: self.boards.iter().map(|(label, _)| label.clone()).collect(),
            rules: self.rules.iter().map(|set| set.label()).collect(),
        }
    }

    /// The setup `base` with the board and rules picked (by index; the setup's own where an
    /// index is past the list).
    pub fn picked(&self, mut base: MatchConfig, board: usize, rules: usize) -> MatchConfig {
        if let Some((_, file)) = self.boards.get(board) {
            base.board = file.clone();
        }
        if let Some(&set) = self.rules.get(rules) {
            base.rules = set;
        }
        base
    }
}

/// The options offered with setup `base`: its board and rules first, then each built-in board
/// its cards can fill and the usual rule sets, then the opponents.
pub fn offered(base: &MatchConfig) -> Offer {
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
    Offer {
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
