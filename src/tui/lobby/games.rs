//! What the lobby and the home screen know of each game, handed in by the registry above
//! them ([`Choices::new`](super::Choices::new)): the lobby names no game, and reads what it
//! shows and offers for one from its [`LobbyGame`].

use crate::controller::MatchConfig;
use crate::controller::tables::Summary;
use crate::games::reversi::Color;
use crate::games::{GameKind, Side};
use crate::record::AnyRecord;

use super::{Item, Lobby, Mode};

/// What a new match of each game needs besides its seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameOptions {
    /// The whole Three Trios setup (board, cards, rules, and the seats of the mode); its
    /// seed is the base's, so a caller that wants a fresh deal draws a new one.
    ThreeTrios(Box<MatchConfig>),
    /// Reversi: the colour the person plays (against the computer; when watching, the
    /// colour the partner computer plays).
    Reversi { person: Color },
    /// Islands of Hex on a board of `size` x `size`, the person white.
    Islands { size: usize },
    /// Triad from a fresh seed: alone, or racing a computer rival of this level.
    Triad { rival: Option<String> },
    /// Hex paths from a fresh seed: `people` at this keyboard, and a computer rival of this
    /// level if one is named.
    HexPaths {
        rival: Option<String>,
        people: usize,
    },
}

impl GameOptions {
    /// The side the person plays: the first mover's, but for a Reversi person playing light.
    pub fn person_side(&self) -> Side {
        match self {
            GameOptions::Reversi {
                person: Color::Light,
            } => Side::Second,
            _ => Side::First,
        }
    }
}

/// One of a game's own option rows at home (Reversi's colour, Islands' size): how many
/// values it steps through and which is picked first. The entry reads the pick (an index)
/// back from the lobby to build its [`GameOptions`].
pub struct OwnRow {
    pub item: Item,
    pub values: usize,
    pub first: usize,
}

/// A game's option rows in the lobby.
pub struct LobbyRows {
    pub home: &'static [Item],
    pub server: &'static [Item],
}

/// Three Trios' options as the lobby offers them: each list in menu order, the setup's own
/// first.
#[derive(Debug, Clone)]
pub struct SetupChoices {
    /// Computer opponents; the setup's own (`--blue`) first.
    pub opponents: Vec<String>,
    /// Label and board file; the setup's own board first.
    pub boards: Vec<(String, crate::controller::SourceFile)>,
    pub rules: Vec<crate::games::three_trios::RuleSet>,
}

/// The saved list's players and result of a record.
pub type SavedLineFn = fn(&AnyRecord, &dyn Fn() -> String) -> Option<(String, String)>;

/// One game as the lobby and the home screen show and offer it.
pub struct LobbyGame {
    pub kind: GameKind,
    /// What the game is, in a line (the home screen's list; at most
    /// [`DESCRIPTION_WIDTH`](super::view::DESCRIPTION_WIDTH) columns).
    pub description: &'static str,
    /// The game's name in a server's list of tables (at most 8 columns).
    pub short_title: &'static str,
    /// The lobby's option rows for this game: at home, and at a server.
    pub lobby_options: LobbyRows,
    /// What the home screen offers to do with this game, in menu order.
    pub home_actions: &'static [Item],
    /// The game's own option rows, whose picks the lobby keeps for it.
    pub own_rows: &'static [OwnRow],
    /// The name and value of the game's own option rows (board, rules, colour, size) as
    /// the lobby shows them; `None` for the rows every game shares.
    pub option_value: fn(&Lobby, Item) -> Option<(&'static str, String)>,
    /// The game's own words for a home action, where they differ from a duel's.
    pub home_words: fn(Item) -> Option<&'static str>,
    /// How a race table under way tells its progress (moves made of all); `None` for duels.
    pub race_progress: Option<fn(&Summary) -> String>,
    /// The most players a race table of this game seats (duels: two).
    pub most_players: usize,
    /// Whether a server's tables of this game are opened from the lobby's setup (boards and
    /// rules) rather than started as a match of the lobby's choice.
    pub table_from_setup: bool,
    /// The lobby's choices made into this game's options, played as the mode given.
    pub options: fn(&Lobby, Mode) -> GameOptions,
    /// The options of a game alone (the home screen's solitaire), where it offers one.
    pub alone: Option<fn() -> GameOptions>,
    /// The players and result of a record of this game for the saved list (given the
    /// words for an unfinished one); `None` when the record is another game's.
    pub saved_line: SavedLineFn,
    /// Whether an unfinished match of this game can be continued from the home screen.
    pub resumes: bool,
}

impl LobbyGame {
    /// The game's own option row `item`, if it has one.
    pub fn own_row(&self, item: Item) -> Option<&'static OwnRow> {
        self.own_rows.iter().find(|row| row.item == item)
    }
}

/// What the lobby falls back on for a game its registry lacks: nothing offered.
pub static NO_GAME: LobbyGame = LobbyGame {
    kind: GameKind::ThreeTrios,
    description: "",
    short_title: "",
    lobby_options: LobbyRows {
        home: &[],
        server: &[],
    },
    home_actions: &[],
    own_rows: &[],
    option_value: |_, _| None,
    home_words: |_| None,
    race_progress: None,
    most_players: 2,
    table_from_setup: true,
    options: |lobby, _| GameOptions::ThreeTrios(Box::new(lobby.config())),
    alone: None,
    saved_line: |_, _| None,
    resumes: false,
};
