//! What a shared table needs of a game, so one table (its seats, news, grace, records and
//! pacing) serves every game: one [`TableMatch`] for every [`DuelMatch`] (Three Trios's
//! [`Match`], any platform game's [`Duel`]).
//!
//! A table is generic over its game's setup type (`MatchConfig`, `DuelConfig<G>`), because
//! that is what opening a table names; the setup says which match it deals.

use std::fmt;
use std::path::{Path, PathBuf};

use super::duel::{Computers, Duel, DuelConfig};
use super::worker::DuelWorker;
use super::{Match, MatchConfig, Seat};
use crate::games::three_trios::{Game, Move, MoveOutcome, Outcome, Player, RuleSet};
use crate::games::{GameKind, Side, TwoPlayer, Verdict};
use crate::record::RecordError;

/// Where a computer seat's answer goes: the ticket and the chosen move; `false` once the
/// table is gone.
pub type Answer<M> = Box<dyn Fn(u64, Option<M>) -> bool + Send>;

/// The setup of a match a table can deal and play.
pub trait TableGame: Clone + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// Which game this is (the lobby lists tables of every game).
    const GAME: GameKind;
    /// A move as the table announces it.
    type Move: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// The match this setup deals.
    type Match: TableMatch<Self>;

    /// Deals the match, recorded at `record` when given.
    fn start(&self, record: Option<PathBuf>) -> Result<Self::Match, String>;
    fn seed(&self) -> u64;
    fn set_seed(&mut self, seed: u64);
    /// The seat of `player` (Red is the first mover).
    fn seat(&self, player: Player) -> &Seat;
    /// Exchanges the two seats (the showcase's computers change sides each game).
    fn swap_seats(&mut self);
    /// A side's name in the table's notices: `RED`, `Dark`.
    fn side_name(player: Player) -> String;
    /// A side's name at the start of a sentence: `Red`, `Dark`.
    fn side_title(player: Player) -> String;
    /// What the lobby says of the setup: the board file's name, or the game's title.
    fn board(&self) -> String;
    /// The Three Trios rules in play (the default for other games).
    fn rules(&self) -> RuleSet {
        RuleSet::default()
    }
}

/// A match in progress as a table drives it.
pub trait TableMatch<C: TableGame<Match = Self>>: Send + 'static {
    /// The thread its computer seats think on.
    type Worker: Send;

    fn config(&self) -> &C;
    /// Moves played so far.
    fn played(&self) -> usize;
    /// Every move so far, oldest first.
    fn moves(&self) -> Vec<C::Move>;
    /// The player to move.
    fn turn(&self) -> Player;
    fn is_over(&self) -> bool;
    fn outcome(&self) -> Option<Outcome>;
    /// Plays a move for the player to move and records it, or says why not.
    fn play(&mut self, mv: C::Move) -> Result<(), String>;
    /// How many animation steps the last move shows (watchers get time for each).
    fn last_steps(&self) -> usize;
    /// Moves in a whole game, for the lobby's `move 3/9`.
    fn cells(&self) -> usize;
    fn record_path(&self) -> Option<&Path>;
    fn take_record_error(&mut self) -> Option<RecordError>;
    /// Starts a thread for the computer seats, if there are any.
    fn start_worker(&mut self, answer: Answer<C::Move>) -> Option<Self::Worker>;
    /// Asks the worker for the player to move.
    fn request(&self, worker: &Self::Worker, ticket: u64);
}

impl TableGame for MatchConfig {
    const GAME: GameKind = GameKind::ThreeTrios;
    type Move = crate::games::three_trios::Move;
    type Match = Match;

    fn start(&self, record: Option<PathBuf>) -> Result<Match, String> {
        Match::start(self.clone(), record).map_err(|e| e.to_string())
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }
    fn seat(&self, player: Player) -> &Seat {
        MatchConfig::seat(self, player)
    }
    fn swap_seats(&mut self) {
        std::mem::swap(&mut self.red, &mut self.blue);
    }
    fn side_name(player: Player) -> String {
        player.to_string()
    }
    fn side_title(player: Player) -> String {
        match player {
            Player::Red => "Red".into(),
            Player::Blue => "Blue".into(),
        }
    }
    fn board(&self) -> String {
        self.board.name.clone()
    }
    fn rules(&self) -> RuleSet {
        self.rules
    }
}

/// The platform's side for a table's seat: Red is the first mover.
pub fn side_of(player: Player) -> Side {
    match player {
        Player::Red => Side::First,
        Player::Blue => Side::Second,
    }
}

/// A table's seat for a platform side.
pub fn player_of(side: Side) -> Player {
    match side {
        Side::First => Player::Red,
        Side::Second => Player::Blue,
    }
}

/// What a platform game tells a table beyond [`TwoPlayer`]: how long a game is, what its
/// sides are called and how long a move takes to show.
pub trait Hosted: TwoPlayer {
    /// Moves in a whole game like `game`, roughly: the lobby shows `move n/cells`.
    fn cells(game: &Self) -> usize;
    /// A side's name in notices: `Dark`.
    fn seat_title(side: Side) -> &'static str;
    /// The animation steps a move shows (watchers get time for each): one, unless the game
    /// shows a move step by step.
    fn steps(played: &Self::Played) -> usize {
        let _ = played;
        1
    }
}

impl Hosted for crate::games::reversi::Game {
    fn cells(_: &Self) -> usize {
        60
    }
    fn seat_title(side: Side) -> &'static str {
        match side {
            Side::First => "Dark",
            Side::Second => "Light",
        }
    }
}

impl Hosted for crate::games::islands::Game {
    fn cells(_: &Self) -> usize {
        crate::games::islands::DEFAULT_SIZE.pow(2)
    }
    fn seat_title(side: Side) -> &'static str {
        match side {
            Side::First => "White",
            Side::Second => "Black",
        }
    }
}

/// Three Trios shows each battle of a move in turn, and lasts as many moves as its board has
/// card cells.
impl Hosted for Game {
    fn cells(game: &Game) -> usize {
        game.grid().card_cells()
    }
    fn seat_title(side: Side) -> &'static str {
        match side {
            Side::First => "Red",
            Side::Second => "Blue",
        }
    }
    fn steps(played: &MoveOutcome) -> usize {
        played.steps.len()
    }
}

/// A match a table can drive: a [`Duel`] and the setup it was dealt from. Three Trios's
/// [`Match`] (set up by a [`MatchConfig`], recorded in version 1) and every platform game's
/// [`Duel`] are one, so one [`TableMatch`] serves them all.
pub trait DuelMatch: Send + Sized + 'static {
    type Game: Hosted + fmt::Debug;
    type Setup: TableGame<Match = Self, Move = <Self::Game as TwoPlayer>::Move>;

    fn setup(&self) -> &Self::Setup;
    fn duel(&self) -> &Duel<Self::Game>;
    /// Plays a move for the player to move and records it.
    fn play_move(&mut self, mv: <Self::Game as TwoPlayer>::Move) -> Result<(), String>;
    /// Hands over the computer seats' strategies.
    fn strategies(&mut self) -> Computers<Self::Game>;
    /// The last failure to write the record, taken.
    fn record_error(&mut self) -> Option<RecordError>;
}

impl DuelMatch for Match {
    type Game = Game;
    type Setup = MatchConfig;

    fn setup(&self) -> &MatchConfig {
        Match::config(self)
    }
    fn duel(&self) -> &Duel<Game> {
        Match::duel(self)
    }
    fn play_move(&mut self, mv: Move) -> Result<(), String> {
        Match::play(self, mv).map(|_| ()).map_err(|e| e.to_string())
    }
    fn strategies(&mut self) -> Computers<Game> {
        Match::take_strategies(self)
    }
    fn record_error(&mut self) -> Option<RecordError> {
        Match::take_record_error(self)
    }
}

impl<G: Hosted + fmt::Debug> DuelMatch for Duel<G> {
    type Game = G;
    type Setup = DuelConfig<G>;

    fn setup(&self) -> &DuelConfig<G> {
        Duel::config(self)
    }
    fn duel(&self) -> &Duel<G> {
        self
    }
    fn play_move(&mut self, mv: G::Move) -> Result<(), String> {
        Duel::play(self, mv).map(|_| ()).map_err(|e| e.to_string())
    }
    fn strategies(&mut self) -> Computers<G> {
        Duel::take_strategies(self)
    }
    fn record_error(&mut self) -> Option<RecordError> {
        Duel::take_record_error(self)
    }
}

impl<G: Hosted + fmt::Debug> TableGame for DuelConfig<G> {
    const GAME: GameKind = G::KIND;
    type Move = G::Move;
    type Match = Duel<G>;

    fn start(&self, record: Option<PathBuf>) -> Result<Duel<G>, String> {
        Duel::start(self.clone(), record).map_err(|e| e.to_string())
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }
    fn seat(&self, player: Player) -> &Seat {
        DuelConfig::seat(self, side_of(player))
    }
    fn swap_seats(&mut self) {
        self.seats.swap(0, 1);
    }
    fn side_name(player: Player) -> String {
        G::seat_title(side_of(player)).to_string()
    }
    fn side_title(player: Player) -> String {
        G::seat_title(side_of(player)).to_string()
    }
    fn board(&self) -> String {
        G::KIND.title().to_string()
    }
}

impl<M: DuelMatch> TableMatch<M::Setup> for M {
    type Worker = DuelWorker<M::Game>;

    fn config(&self) -> &M::Setup {
        self.setup()
    }
    fn played(&self) -> usize {
        self.duel().history().len()
    }
    fn moves(&self) -> Vec<<M::Game as TwoPlayer>::Move> {
        self.duel().history().iter().map(|t| t.mv).collect()
    }
    fn turn(&self) -> Player {
        player_of(self.duel().game().to_move())
    }
    fn is_over(&self) -> bool {
        self.duel().game().is_over()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.duel().game().verdict().map(|v| match v {
            Verdict::Win(side) => Outcome::Win(player_of(side)),
            Verdict::Tie => Outcome::Tie,
        })
    }
    fn play(&mut self, mv: <M::Game as TwoPlayer>::Move) -> Result<(), String> {
        self.play_move(mv)
    }
    fn last_steps(&self) -> usize {
        self.duel()
            .history()
            .last()
            .map_or(0, |t| M::Game::steps(&t.played))
    }
    fn cells(&self) -> usize {
        M::Game::cells(self.duel().game())
    }
    fn record_path(&self) -> Option<&Path> {
        self.duel().record_path()
    }
    fn take_record_error(&mut self) -> Option<RecordError> {
        self.record_error()
    }
    fn start_worker(
        &mut self,
        answer: Answer<<M::Game as TwoPlayer>::Move>,
    ) -> Option<DuelWorker<M::Game>> {
        let strategies = self.strategies();
        strategies.iter().any(Option::is_some).then(|| {
            DuelWorker::start(
                strategies,
                Box::new(move |ticket, _: &M::Game, mv| answer(ticket, mv)),
            )
        })
    }
    fn request(&self, worker: &DuelWorker<M::Game>, ticket: u64) {
        worker.request(ticket, self.duel().game());
    }
}
