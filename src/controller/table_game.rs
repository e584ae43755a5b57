//! What a shared table needs of a game, so one table (its seats, news, grace, records and
//! pacing) serves every game: one [`TableGame`] for every match [`Setup`] (Three Trios's
//! `MatchConfig`, any platform game's [`DuelConfig`]) and one [`TableMatch`] for every
//! [`Duel`]. What differs between games (the sides' names, what the lobby calls the setup,
//! the rules) is the game's [`Hosted`] answer.
//!
//! A table is generic over its game's setup type, because that is what opening a table
//! names; the setup says which match it deals and in which layout it is recorded.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::Seat;
use super::duel::{Duel, DuelConfig, DuelError, Setup};
use super::worker::DuelWorker;
use crate::games::{GameKind, Side, TwoPlayer, Verdict};
use crate::record::RecordError;
use crate::setup::clock::{Clock, TimeControl};

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
    fn start(&self, record: Option<PathBuf>) -> Result<Self::Match, DuelError>;
    fn seed(&self) -> u64;
    fn set_seed(&mut self, seed: u64);
    /// The seat of `side`.
    fn seat(&self, side: Side) -> Seat;
    /// Exchanges the two seats (the showcase's computers change sides each game).
    fn swap_seats(&mut self);
    /// A side's name in the table's notices: `RED`, `Dark`.
    fn side_name(side: Side) -> String;
    /// A side's name at the start of a sentence: `Red`, `Dark`.
    fn side_title(side: Side) -> String;
    /// What the lobby says of the setup: the board file's name, or the game's title.
    fn board(&self) -> String;
    /// What the lobby adds about the rules in play: empty when the game's usual rules apply.
    fn rules(&self) -> String;
    /// The rating group a rated game of this setup counts in: one rating per game and per
    /// rule set that changes the contest (`reversi`, `three-trios-reverse`, `islands-small`).
    fn rating_group(&self) -> String;
    /// The thinking time of the setup's computers, in milliseconds.
    fn think_ms(&self) -> u64;
    /// The setup's time control, for a match on a clock.
    fn clock(&self) -> Option<TimeControl>;
}

/// A match in progress as a table drives it.
pub trait TableMatch<C: TableGame<Match = Self>>: Send + 'static {
    /// The thread its computer seats think on.
    type Worker: Send;
    /// Why the game refuses a move (the words follow "Refused: " at the table).
    type Refusal: std::error::Error + Send + 'static;

    /// The setup, in the table's layout.
    fn config(&self) -> C;
    /// Moves played so far.
    fn played(&self) -> usize;
    /// Every move so far, oldest first.
    fn moves(&self) -> Vec<C::Move>;
    /// The side to move.
    fn turn(&self) -> Side;
    fn is_over(&self) -> bool;
    fn outcome(&self) -> Option<Verdict>;
    /// Plays a move for the player to move at `now` (on the clock) and records it, or says
    /// why not.
    fn play(&mut self, mv: C::Move, now: Instant) -> Result<(), Self::Refusal>;
    /// The match's clock, where it is played on one.
    fn clock(&self) -> Option<&Clock>;
    /// Starts the clock of the side to move at `now`, if it is not running.
    fn start_clock(&mut self, now: Instant);
    /// The side whose flag fell at `now`, ending the match (once).
    fn flag_fell(&mut self, now: Instant) -> Option<Side>;
    /// The side that lost on time, once a flag fell.
    fn lost_on_time(&self) -> Option<Side>;
    /// How many animation steps the last move shows (watchers get time for each).
    fn last_steps(&self) -> usize;
    /// Moves in a whole game, for the lobby's `move 3/9`.
    fn cells(&self) -> usize;
    fn record_path(&self) -> Option<&Path>;
    fn take_record_error(&mut self) -> Option<RecordError>;
    /// Starts a thread for the computer seats, if there are any.
    fn start_worker(&mut self, answer: Answer<C::Move>) -> Option<Self::Worker>;
    /// Asks the worker for the player to move, on a clock within `budget`.
    fn request(&self, worker: &Self::Worker, ticket: u64, budget: Option<Duration>);
}

/// Every setup a table can host is one: its platform form says the seed, seats and board,
/// and a changed platform form is turned back into the setup's own layout.
impl<S> TableGame for S
where
    S: Setup + From<DuelConfig<S::Game>> + Clone + fmt::Debug + PartialEq + Send + Sync + 'static,
    S::Game: Hosted + fmt::Debug,
{
    const GAME: GameKind = <S::Game as TwoPlayer>::KIND;
    type Move = <S::Game as TwoPlayer>::Move;
    type Match = Duel<S::Game>;

    fn start(&self, record: Option<PathBuf>) -> Result<Duel<S::Game>, DuelError> {
        Duel::start(self.clone(), record)
    }
    fn seed(&self) -> u64 {
        self.duel_config().seed
    }
    fn set_seed(&mut self, seed: u64) {
        let mut config = self.duel_config();
        config.seed = seed;
        *self = S::from(config);
    }
    fn seat(&self, side: Side) -> Seat {
        self.duel_config().seat(side).clone()
    }
    fn swap_seats(&mut self) {
        let mut config = self.duel_config();
        config.seats.swap(0, 1);
        *self = S::from(config);
    }
    fn side_name(side: Side) -> String {
        S::Game::seat_name(side)
    }
    fn side_title(side: Side) -> String {
        S::Game::seat_title(side).to_string()
    }
    fn board(&self) -> String {
        S::Game::board_name(&self.duel_config().options)
    }
    fn rules(&self) -> String {
        S::Game::rules_label(&self.duel_config().options)
    }
    fn rating_group(&self) -> String {
        S::Game::rating_group(&self.duel_config().options)
    }
    fn think_ms(&self) -> u64 {
        self.duel_config().think_ms
    }
    fn clock(&self) -> Option<TimeControl> {
        self.duel_config().clock
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
    /// A side's name in a table's notices (`RED` for Three Trios): its title, unless the
    /// game shouts it.
    fn seat_name(side: Side) -> String {
        Self::seat_title(side).to_string()
    }
    /// What the lobby says of a setup with `options`: the game's title, unless the game has
    /// named boards.
    fn board_name(options: &Self::Options) -> String {
        let _ = options;
        Self::KIND.title().to_string()
    }
    /// What the lobby adds about the rules a setup with `options` plays by: empty (the
    /// default) when the game's usual rules apply.
    fn rules_label(options: &Self::Options) -> String {
        let _ = options;
        String::new()
    }
    /// The rating group of a setup with `options`: the game's name, unless its options
    /// change the contest enough to be rated apart.
    fn rating_group(options: &Self::Options) -> String {
        let _ = options;
        Self::KIND.name().to_string()
    }
    /// Whether a start with `options` depends on the seed (a shuffled deal); the games whose
    /// start the seed never changes keep the default.
    fn dealt_from_seed(options: &Self::Options) -> bool {
        let _ = options;
        false
    }
    /// Continues the unfinished match recorded at `path` (see [`Duel::resume`]): a record
    /// of the common layout, unless the game keeps its own.
    fn resume(path: PathBuf) -> Result<Duel<Self>, DuelError>
    where
        Self: Sized,
    {
        Duel::resume_common(path)
    }
}

impl<G, C> TableMatch<C> for Duel<G>
where
    G: Hosted + fmt::Debug,
    C: TableGame<Match = Duel<G>, Move = G::Move> + Setup<Game = G> + From<DuelConfig<G>>,
{
    type Worker = DuelWorker<G>;
    type Refusal = G::Refusal;

    fn config(&self) -> C {
        C::from(Duel::config(self).clone())
    }
    fn played(&self) -> usize {
        self.history().len()
    }
    fn moves(&self) -> Vec<G::Move> {
        self.history().iter().map(|t| t.mv).collect()
    }
    fn turn(&self) -> Side {
        self.game().to_move()
    }
    fn is_over(&self) -> bool {
        Duel::is_over(self)
    }
    fn outcome(&self) -> Option<Verdict> {
        Duel::verdict(self)
    }
    fn play(&mut self, mv: G::Move, now: Instant) -> Result<(), G::Refusal> {
        Duel::play_at(self, mv, now).map(|_| ())
    }
    fn clock(&self) -> Option<&Clock> {
        Duel::clock(self)
    }
    fn start_clock(&mut self, now: Instant) {
        Duel::start_clock(self, now);
    }
    fn flag_fell(&mut self, now: Instant) -> Option<Side> {
        Duel::flag_fell(self, now)
    }
    fn lost_on_time(&self) -> Option<Side> {
        Duel::lost_on_time(self)
    }
    fn last_steps(&self) -> usize {
        self.history().last().map_or(0, |t| G::steps(&t.played))
    }
    fn cells(&self) -> usize {
        G::cells(self.game())
    }
    fn record_path(&self) -> Option<&Path> {
        Duel::record_path(self)
    }
    fn take_record_error(&mut self) -> Option<RecordError> {
        Duel::take_record_error(self)
    }
    fn start_worker(&mut self, answer: Answer<G::Move>) -> Option<DuelWorker<G>> {
        let strategies = self.take_strategies();
        strategies.iter().any(Option::is_some).then(|| {
            DuelWorker::start(
                strategies,
                Box::new(move |ticket, _: &G, mv| answer(ticket, mv)),
            )
        })
    }
    fn request(&self, worker: &DuelWorker<G>, ticket: u64, budget: Option<Duration>) {
        worker.request_within(ticket, self.game(), budget);
    }
}
