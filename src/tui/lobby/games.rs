//! What the lobby and the home screen know of each game, handed in by the registry above
//! them ([`Choices::new`]): the rest of the lobby names no game, and reads what it shows and
//! offers for one from its [`LobbyGame`]. The setup new matches start from is carried whole
//! ([`Choices::base`]); the game that reads it (Three Trios, whose Board and Rules rows pick
//! from [`Offered`]) does so in its entry.

use crate::controller::tables::Summary;
use crate::games::{GameKind, Side};
use crate::record::{AnyRecord, Readers};
use crate::setup::clock::TimeControl;
use crate::setup::{Base, OwnSetup};

use super::{Item, Lobby, Mode};

/// What a new match needs besides its seats: the game, the side the person plays, and the
/// game's own options (Islands' board, a race's rival, Three Trios' whole setup), made from
/// the lobby's choices by the game's entry, which alone reads them ([`GameOptions::own`]).
/// The lobby and the server carry them whole and name no game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOptions {
    game: GameKind,
    /// The side the person plays (against the computer; when watching, the side the partner
    /// computer plays): the first mover's unless the game's entry says otherwise.
    person: Side,
    own: OwnSetup,
    /// The time control chosen, for a duel on a clock.
    clock: Option<TimeControl>,
}

impl GameOptions {
    /// `game`'s options `own`, the person playing the first mover.
    pub fn new<T: std::any::Any + Send + Sync + Eq + std::fmt::Debug>(
        game: GameKind,
        own: T,
    ) -> GameOptions {
        GameOptions {
            game,
            person: Side::First,
            own: OwnSetup::new(own),
            clock: None,
        }
    }

    /// The same, on the clock `clock` (`None`: no clock).
    pub fn on_clock(self, clock: Option<TimeControl>) -> GameOptions {
        GameOptions { clock, ..self }
    }

    /// The time control chosen, if the match is on a clock.
    pub fn clock(&self) -> Option<TimeControl> {
        self.clock
    }

    /// The same, the person playing `side`.
    pub fn playing(self, person: Side) -> GameOptions {
        GameOptions { person, ..self }
    }

    /// The game these are the options of.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The side the person plays.
    pub fn person_side(&self) -> Side {
        self.person
    }

    /// The game's own options, when they are a `T` (as its entry made them).
    pub fn own<T: std::any::Any>(&self) -> Option<&T> {
        self.own.get()
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

/// The opponents, boards and rule sets the lobby offers for the game of the base's own
/// setup, as it shows them (labels); each list in menu order, the setup's own first. Its
/// entry knows what each stands for and reads the lobby's pick by index.
#[derive(Debug, Clone, Default)]
pub struct Offered {
    /// Computer opponents; the setup's own (`--blue`) first.
    pub opponents: Vec<String>,
    /// The boards' labels; the setup's own board first.
    pub boards: Vec<String>,
    /// The rule sets' labels; the setup's own first.
    pub rules: Vec<String>,
}

/// What a lobby offers: games, boards and rule sets for the game of the base's own setup;
/// and what it knows of each game, from the registry.
#[derive(Clone)]
pub struct Choices {
    /// The games offered, in menu order; the Game row shows when there are several.
    pub games: Vec<GameKind>,
    /// What every new match starts from; the game of its own setup reads that in its entry.
    pub base: Base,
    /// The opponents, boards and rule sets offered for the game of the base's own setup.
    pub offered: Offered,
    /// The game whose opponents are `offered.opponents` (the others list their own).
    pub offered_for: GameKind,
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
    /// The lobby's choices: every game of `entries` in their order, the setup `base`, and
    /// the opponents, boards and rules `offered` for `offered_for`, the game of its own setup.
    pub fn new(
        base: Base,
        (offered_for, offered): (GameKind, Offered),
        entries: &'static [&'static LobbyGame],
        readers: Readers,
    ) -> Choices {
        Choices {
            games: entries.iter().map(|e| e.kind).collect(),
            base,
            offered,
            offered_for,
            entries,
            readers,
        }
    }

    /// Every rating group of every game, game by game in the catalog's order.
    pub fn rating_groups(&self) -> Vec<(GameKind, &'static str)> {
        GameKind::all()
            .filter_map(|kind| self.entries.iter().find(|e| e.kind == kind))
            .flat_map(|e| e.rating_groups.iter().map(move |&g| (e.kind, g)))
            .collect()
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
        if game == self.offered_for {
            return self.offered.opponents.clone();
        }
        game.opponents().into_iter().map(String::from).collect()
    }
}

#[cfg(test)]
impl Choices {
    /// Choices that know no game (every record reads as one no game can read), their base
    /// with no own setup.
    pub(super) fn no_games() -> Choices {
        let base = Base {
            seed: 1,
            think_ms: 1000,
            board: String::new(),
            own: OwnSetup::none(),
        };
        Choices::new(base, (GameKind::default(), Offered::default()), &[], |_| {
            None
        })
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
    /// Every rating group the game's rated results go to, its main group (named as the
    /// game) first: the leaderboards step through them, `trios players --game` takes them.
    pub rating_groups: &'static [&'static str],
    /// The lobby's option rows for this game: at home, and at a server.
    pub lobby_options: LobbyRows,
    /// What the home screen offers to do with this game, in menu order.
    pub home_actions: &'static [Item],
    /// The game's own option rows, whose picks the lobby keeps for it.
    pub own_rows: &'static [OwnRow],
    /// The time controls offered for a duel, the one a server's lobby picks first first
    /// (lobbies also offer no clock: last at a server, first at home); empty for a game
    /// without clocks.
    pub clocks: &'static [TimeControl],
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
    rating_groups: &[],
    lobby_options: LobbyRows {
        home: &[],
        server: &[],
    },
    home_actions: &[],
    own_rows: &[],
    clocks: &[],
    option_value: |_, _| None,
    home_words: |_| None,
    race_progress: None,
    most_players: 2,
    table_from_setup: true,
    options: |_, _| GameOptions::new(GameKind::default(), ()),
    alone: None,
    saved_line: |_, _| None,
    resumes: false,
};
