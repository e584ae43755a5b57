//! What the lobby and the home screen know of each game, handed in by the registry above
//! them ([`Choices::new`]): the rest of the lobby names no game, and reads what it shows and
//! offers for one from its [`LobbyGame`]. Three Trios's setup, which the lobby's Board and
//! Rules rows change, is kept here ([`Choices::base`], [`Lobby::config`]).

use crate::controller::tables::Summary;
use crate::games::{GameKind, Side};
use crate::record::{AnyRecord, Readers};
use crate::setup::three_trios::MatchConfig;

use super::{Item, Lobby, Mode};

/// What a new match of each game needs besides its seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameOptions {
    /// The whole Three Trios setup (board, cards, rules, and the seats of the mode); its
    /// seed is the base's, so a caller that wants a fresh deal draws a new one.
    ThreeTrios(Box<MatchConfig>),
    /// Reversi: the side the person plays, dark (first) or light (second) (against the
    /// computer; when watching, the side the partner computer plays).
    Reversi { person: Side },
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
    /// The game these are the options of.
    pub fn game(&self) -> GameKind {
        match self {
            GameOptions::ThreeTrios(_) => GameKind::ThreeTrios,
            GameOptions::Reversi { .. } => GameKind::Reversi,
            GameOptions::Islands { .. } => GameKind::Islands,
            GameOptions::Triad { .. } => GameKind::Triad,
            GameOptions::HexPaths { .. } => GameKind::HexPaths,
        }
    }

    /// The side the person plays: the first mover's, but for a Reversi person playing light.
    pub fn person_side(&self) -> Side {
        match self {
            GameOptions::Reversi { person } => *person,
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
    pub boards: Vec<(String, crate::games::three_trios::source::SourceFile)>,
    pub rules: Vec<crate::games::three_trios::RuleSet>,
}

/// What a lobby offers: games, and for Three Trios boards that can be dealt from its cards
/// and rule sets; and what it knows of each game, from the registry.
#[derive(Clone)]
pub struct Choices {
    /// The games offered, in menu order; the Game row shows when there are several.
    pub games: Vec<GameKind>,
    /// The Three Trios setup; every Three Trios match starts from it.
    pub base: MatchConfig,
    /// Three Trios' opponents, boards and rule sets as its entry offers them with `base`,
    /// each list in menu order, the setup's own first.
    pub offered: SetupChoices,
    /// Every game as the lobby shows it, in menu order.
    pub entries: &'static [&'static LobbyGame],
    /// Each game's reader of its records (the saved list and Resume read them).
    pub readers: Readers,
}

impl std::fmt::Debug for Choices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Choices")
            .field("games", &self.games)
            .field("base", &self.base)
            .field("offered", &self.offered)
            .finish_non_exhaustive()
    }
}

impl Choices {
    /// The lobby's choices: every game of `entries` in their order, and for Three Trios the
    /// setup `base` with the boards and rules `offered`.
    pub fn new(
        base: MatchConfig,
        offered: SetupChoices,
        entries: &'static [&'static LobbyGame],
        readers: Readers,
    ) -> Choices {
        Choices {
            games: entries.iter().map(|e| e.kind).collect(),
            base,
            offered,
            entries,
            readers,
        }
    }

    /// What the lobby knows of `game` (the first game's, should the registry lack it).
    pub fn game(&self, game: GameKind) -> &'static LobbyGame {
        let entries = self.entries;
        entries
            .iter()
            .find(|e| e.kind == game)
            .or(entries.first())
            .copied()
            .unwrap_or(&NO_GAME)
    }

    /// The same choices with `game` first, so the lobby opens on it (`trios serve --game`).
    pub fn starting_with(mut self, game: GameKind) -> Choices {
        if let Some(at) = self.games.iter().position(|&g| g == game) {
            self.games[..=at].rotate_right(1);
        }
        self
    }

    /// The computer opponents offered in `game`, in menu order.
    pub fn opponents_of(&self, game: GameKind) -> Vec<String> {
        match game {
            GameKind::ThreeTrios => self.offered.opponents.clone(),
            other => other.opponents().into_iter().map(String::from).collect(),
        }
    }
}

impl Lobby {
    /// The Three Trios setup the menu shows: the base's, with the chosen board and rules.
    pub fn config(&self) -> MatchConfig {
        let mut config = self.choices.base.clone();
        config.board = self.choices.offered.boards[self.board].1.clone();
        config.rules = self.choices.offered.rules[self.rules];
        config
    }
}

#[cfg(test)]
impl Choices {
    /// Choices that know no game (every record reads as one no game can read), the built-in
    /// Three Trios setup their base.
    pub(super) fn no_games() -> Choices {
        let offered = SetupChoices {
            opponents: Vec::new(),
            boards: Vec::new(),
            rules: Vec::new(),
        };
        Choices::new(MatchConfig::built_in(1), offered, &[], |_| None)
    }
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
