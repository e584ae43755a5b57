//! The games trios plays, each a pure and deterministic library (no I/O, no clock, no
//! terminal), and the few traits a game implements to get search, matches and tournaments.
//!
//! The traits are shaped by the two-player games that alternate turns (Three Trios, Reversi):
//! a position offers its legal moves, plays one and takes it back, hashes itself, and says
//! when it is over and by how much the player to move is ahead. The shared search in
//! [`crate::search`] is written once against [`Searchable`].

pub mod flag;
pub mod race;
pub mod rng;
pub mod sim_seats;

use std::fmt;

pub use crate::search::Searchable;
use std::str::FromStr;

/// The machine's cores, at least one: the threads a search or a simulation uses unless
/// told otherwise.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// Threads one exact solve or one computer's search is worth: the machine's cores, at most
/// four (past that the shared table's traffic eats the gain).
pub fn search_threads() -> usize {
    cores().clamp(1, 4)
}

/// The computer rival called `name` among `levels` (a game's rivals, strongest first, each
/// with its mean time to answer), or why not, listing the levels.
pub fn rival_level(
    levels: &[(&'static str, std::time::Duration)],
    name: &str,
) -> Result<(&'static str, std::time::Duration), UnknownRival> {
    let wanted = name.trim().to_ascii_lowercase();
    levels
        .iter()
        .find(|(n, _)| *n == wanted)
        .copied()
        .ok_or_else(|| UnknownRival {
            name: name.to_string(),
            levels: levels.iter().map(|(n, _)| *n).collect(),
        })
}

/// A rival's level a race does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rival \"{name}\"; the levels are {}", .levels.join(", "))]
pub struct UnknownRival {
    pub name: String,
    pub levels: Vec<&'static str>,
}

/// Why a two-player game cannot start with the options given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A Three Trios card or board file is unusable.
    #[error(transparent)]
    Setup(#[from] three_trios::ConfigError),
    /// A Reversi starting position could not be read.
    #[error("position: {0}")]
    Position(#[from] reversi::PositionError),
    /// An Islands board side out of range.
    #[error(transparent)]
    BoardSize(#[from] islands::BoardSizeError),
    /// Another game's own reason, said whole (a game outside the five).
    #[error("{0}")]
    Other(String),
}

/// A game trios plays, named as the command line and records name it (`three-trios`,
/// `reversi`). The five built in are constants here; a game kept outside this crate names
/// itself with [`GameKind::named`] and is added to the catalog with [`register`] before the
/// first game is looked up. Two kinds are the same game exactly when their names are equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameKind(&'static str);

/// What menus and messages say of one game: its kind, the title people read and its
/// computer opponents.
#[derive(Clone, Copy)]
pub struct GameInfo {
    /// Which game, by its name.
    pub kind: GameKind,
    /// The name people read: `Three Trios`, `Reversi`.
    pub title: &'static str,
    /// The computer players a person can face, strongest first, as menus offer them (a
    /// race's rivals, by level).
    pub opponents: fn() -> Vec<&'static str>,
}

/// The list of games built in: each line a game's kind and its folder under `games/`, whose
/// `mod.rs` says the game's `NAME` (on the command line and in records), its `TITLE` (as
/// people read it) and its computer `opponents()`. The first is the default game. A new game
/// here is one line.
macro_rules! games {
    ($($kind:ident => $module:ident),+ $(,)?) => {
        $(pub mod $module;)+

        #[allow(non_upper_case_globals)]
        impl GameKind {
            $(
                #[doc = concat!("The game of `games/", stringify!($module), "/`.")]
                pub const $kind: GameKind = GameKind($module::NAME);
            )+
        }

        #[allow(non_upper_case_globals)]
        impl GameInfo {
            $(
                #[doc = concat!("What menus say of the game of `games/", stringify!($module), "/`.")]
                pub const $kind: GameInfo = GameInfo {
                    kind: GameKind::$kind,
                    title: $module::TITLE,
                    opponents: $module::opponents,
                };
            )+
        }

        /// The games built in, in the order menus list them.
        const BUILT_IN: &[GameInfo] = &[$(GameInfo::$kind),+];
    };
}

games! {
    ThreeTrios => three_trios,
    Reversi => reversi,
    Islands => islands,
    Triad => triad,
    HexPaths => hexpaths,
}

/// Every game: the built-in ones, then those [`register`]ed. Fixed at its first reading.
static CATALOG: std::sync::OnceLock<Vec<GameInfo>> = std::sync::OnceLock::new();

/// Why games could not be added to the catalog.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    /// The catalog was read already, so menus and records may have seen it without them.
    #[error("games are registered before any game is looked up")]
    TooLate,
    /// Two games share a name, so records and `--game` could not tell them apart.
    #[error("two games are named \"{0}\"")]
    NameTaken(&'static str),
}

/// Adds games kept outside this crate to the catalog, after the built-in ones: once, before
/// any game is looked up (a program's first step).
pub fn register(extra: &[GameInfo]) -> Result<(), RegisterError> {
    let mut all = BUILT_IN.to_vec();
    for info in extra {
        if all.iter().any(|known| known.kind == info.kind) {
            return Err(RegisterError::NameTaken(info.kind.name()));
        }
        all.push(*info);
    }
    CATALOG.set(all).map_err(|_| RegisterError::TooLate)
}

/// Every game, in the order menus list them.
pub fn catalog() -> &'static [GameInfo] {
    CATALOG.get_or_init(|| BUILT_IN.to_vec())
}

impl GameKind {
    /// The game called `name` (lowercase, words joined by `-`), for a game kept outside
    /// this crate; it is known to menus and records once [`register`]ed.
    pub const fn named(name: &'static str) -> GameKind {
        GameKind(name)
    }

    /// Every game, in the order menus list them.
    pub fn all() -> impl Iterator<Item = GameKind> {
        catalog().iter().map(|info| info.kind)
    }

    /// How many games there are.
    pub fn count() -> usize {
        catalog().len()
    }

    /// Where this game is in the menus' order (the catalog's length for a game not in it).
    pub fn index(self) -> usize {
        catalog()
            .iter()
            .position(|info| info.kind == self)
            .unwrap_or(catalog().len())
    }

    /// The name on the command line and in records: `three-trios`, `reversi`.
    pub fn name(self) -> &'static str {
        self.0
    }

    /// This game's line of the catalog, if it is in it.
    fn info(self) -> Option<&'static GameInfo> {
        catalog().iter().find(|info| info.kind == self)
    }

    /// The name people read: `Three Trios`, `Reversi` (the command line's name for a game
    /// not registered).
    pub fn title(self) -> &'static str {
        self.info().map_or(self.0, |info| info.title)
    }

    /// The computer players a person can face, strongest first, as menus offer them (a
    /// race's rivals, by level).
    pub fn opponents(self) -> Vec<&'static str> {
        self.info().map_or_else(Vec::new, |info| (info.opponents)())
    }
}

impl Default for GameKind {
    /// The first game of the list.
    fn default() -> GameKind {
        BUILT_IN[0].kind
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Records and the store write a game by its name.
impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A game's name exactly as [`GameKind::name`] writes it.
impl<'de> serde::Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
        let name = String::deserialize(deserializer)?;
        GameKind::all()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| serde::de::Error::custom(UnknownGame(name)))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not one of the catalog's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game \"{0}\"; expected one of {names}", names = game_names())]
pub struct UnknownGame(pub String);

/// Every game's name, in the list's order: `three-trios, reversi, …`.
pub fn game_names() -> String {
    GameKind::all()
        .map(GameKind::name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        GameKind::all()
            .find(|g| g.name() == wanted || g.name() == wanted.replace('-', ""))
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

/// One of the two players of a two-player game: the one who moves first, or the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// Both sides, first mover first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for the first mover, 1 for the other: the index into `[_; 2]` arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How a finished two-player game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Win(Side),
    Tie,
}

/// A two-player game with alternating turns, as matches, records, text modes, tournaments and
/// tables see it: set up from options, refuse or play moves saying what happened, and score.
///
/// Invariants: the same options and seed give the same start on every machine; `play` of a
/// refused move changes nothing; a game is over exactly when `legal_moves` is empty.
pub trait TwoPlayer: Clone + Send + Sync + 'static {
    /// Which game this is, for records and menus.
    const KIND: GameKind;
    /// The board sides a record may give in its options' `size` (those `--size` accepts);
    /// `None` where the options have no size.
    const SIZES: Option<std::ops::RangeInclusive<u64>> = None;
    /// Everything besides seats and seed that decides the start (a start position, a size).
    type Options: Clone
        + fmt::Debug
        + Default
        + PartialEq
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// A move as players and records spell it.
    type Move: Copy
        + Eq
        + fmt::Debug
        + fmt::Display
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// What an accepted move did, for logs, animation and replay.
    type Played: Clone + fmt::Debug + Send + Sync + 'static;
    /// Why a move was refused.
    type Refusal: std::error::Error + Clone + Send + Sync + 'static;

    /// The start of a game with these options and seed (which drives any random part of the
    /// start, such as a shuffled deal; games without one ignore it), or why the options are
    /// unusable.
    fn start(options: &Self::Options, seed: u64) -> Result<Self, OptionsError>;
    /// The player to move; after the end, the last player who moved.
    fn to_move(&self) -> Side;
    /// Every legal move, in the game's fixed order; empty iff the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move for the player to move.
    fn play(&mut self, mv: Self::Move) -> Result<Self::Played, Self::Refusal>;
    /// Plays a move for the player to move without saying what it did: the fast path of
    /// simulations, which need only the end. The same position as [`play`](Self::play).
    fn apply(&mut self, mv: Self::Move) -> Result<(), Self::Refusal> {
        self.play(mv).map(|_| ())
    }
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The scores as they stand, first mover's first.
    fn score(&self) -> [usize; 2];
    /// The result once the game is over.
    fn verdict(&self) -> Option<Verdict> {
        if !self.is_over() {
            return None;
        }
        let [a, b] = self.score();
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => Verdict::Win(Side::First),
            std::cmp::Ordering::Less => Verdict::Win(Side::Second),
            std::cmp::Ordering::Equal => Verdict::Tie,
        })
    }
    /// A side's name as text modes print it (`X`, `O`; `WHITE`, `BLACK`).
    fn side_name(side: Side) -> &'static str;

    /// Every computer strategy name, weakest first.
    fn strategy_names() -> &'static [&'static str];
    /// Builds a computer strategy from its name; `seed` drives any randomness and `think_ms`
    /// is the thinking time of searching players.
    fn strategy(
        spec: &str,
        seed: u64,
        think_ms: u64,
    ) -> Result<Box<dyn Strategy<Self>>, UnknownStrategy>;
    /// The strategy `spec` as it plays in a match with these options: [`strategy`] unless
    /// the options change how computers play (Reversi's opening book can be turned off).
    ///
    /// [`strategy`]: TwoPlayer::strategy
    fn strategy_for(
        spec: &str,
        seed: u64,
        think_ms: u64,
        _options: &Self::Options,
    ) -> Result<Box<dyn Strategy<Self>>, UnknownStrategy> {
        Self::strategy(spec, seed, think_ms)
    }

    /// Whether the strategy `spec` plays differently with another seed in a match with
    /// these options (`random`; a game adds its own, such as Reversi's book players): a
    /// drawn seed must then be shown for the match to be played again.
    fn strategy_draws_from_seed(spec: &str, options: &Self::Options) -> bool {
        let _ = options;
        spec.trim().eq_ignore_ascii_case("random")
    }
}

/// A computer player of game `G`: asked for a move whenever its side is to move.
pub trait Strategy<G: TwoPlayer>: Send {
    /// The name it is selected by.
    fn name(&self) -> &str;
    /// A legal move for the player to move, or `None` once the game is over.
    fn choose(&mut self, game: &G) -> Option<G::Move>;
    /// On a clock: think about `budget` of wall time for the next move. A strategy that does
    /// not search (or searches too little to matter) keeps its way.
    fn think_for(&mut self, budget: std::time::Duration) {
        let _ = budget;
    }
}

/// A strategy name a game does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy \"{name}\"; expected one of {}", .known.join(", "))]
pub struct UnknownStrategy {
    pub name: String,
    pub known: Vec<&'static str>,
}

#[cfg(test)]
mod tests {
    use std::error::Error as _;
    use std::time::Duration;

    use super::*;

    #[test]
    fn an_unknown_rival_is_named_with_the_levels_in_order() {
        let levels = [("hard", Duration::ZERO), ("easy", Duration::ZERO)];
        let refused = rival_level(&levels, "Wizard");
        let Err(e) = refused else {
            panic!("wizard is no level: {refused:?}");
        };
        assert_eq!(e.levels, ["hard", "easy"]);
        assert_eq!(
            e.to_string(),
            "unknown rival \"Wizard\"; the levels are hard, easy"
        );
        assert_eq!(rival_level(&levels, " EASY ").ok(), Some(levels[1]));
    }

    #[test]
    fn a_refused_start_reads_as_the_game_says_it_and_keeps_its_cause() {
        let options = reversi::Options {
            position: Some("not a position".into()),
            ..Default::default()
        };
        let refused = <reversi::Game as TwoPlayer>::start(&options, 0);
        let Err(e) = refused else {
            panic!("the position is refused");
        };
        let cause = e.source().map(ToString::to_string).unwrap_or_default();
        assert!(matches!(e, OptionsError::Position(_)), "{e:?}");
        assert_eq!(e.to_string(), format!("position: {cause}"));
        let e = <islands::Game as TwoPlayer>::start(&islands::Options { size: 0 }, 0);
        assert_eq!(
            e.err().map(|e| e.to_string()).as_deref(),
            Some(format!("a board is 1 to {} cells a side, not 0", islands::MAX_SIZE).as_str())
        );
    }
}
