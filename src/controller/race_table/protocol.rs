//! What a race says at its table, besides the race itself: the news, requests and welcome
//! of its protocol, and the words its notices use. The one race table speaks to each game's
//! screens through this.

use std::time::Duration;

use crate::controller::table::{Identity, SeatState, TableId};
use crate::games::race::{Phase, Race};

/// The words a game's table uses where the two races have always differed.
#[derive(Debug, Clone, Copy)]
pub struct Words {
    /// The thread's name: `trios-{thread}-{id}`.
    pub thread: &'static str,
    /// What is played: "race", "game".
    pub noun: &'static str,
    /// What one sits at: "race", "table".
    pub place: &'static str,
    /// What a player does there: "race", "play".
    pub verb: &'static str,
    /// The answer to a start once the race is over.
    pub start_when_over: &'static str,
    /// The table narrates: it logs players coming and going and the race's start and end,
    /// says who is back and which rival joins, and tells the deal before its notice.
    pub narrates: bool,
}

/// What a player asks, whatever the game spells it as.
#[derive(Debug, Clone)]
pub enum Action<R: Race> {
    Claim(R::Claim),
    /// Begin the race (at least two players).
    Start,
    /// Seat one more computer rival before the race begins.
    AddRival,
    /// Unseat the last computer rival before the race begins.
    RemoveRival,
    /// The next round now, once this one is over.
    Next,
    /// Another race for the same players, once this one is over.
    Again,
    /// This player is done thinking: when every player there is, the time is up.
    Done,
}

/// What a client joining is told, from which each game makes its welcome.
pub struct Arrival<'a, R: Race> {
    pub table: TableId,
    /// The client's place among the players; `None` when watching.
    pub you: Option<usize>,
    /// The race as spectators see it (no secrets).
    pub race: &'a R,
    /// Everything that happened since the deal, in order.
    pub happenings: &'a [R::Happening],
    pub seats: Vec<SeatState>,
    pub phase: Phase,
    /// How long the current round has run (its length, once it is over).
    pub elapsed: Duration,
    /// Between rounds: how long until the next begins by itself.
    pub next_in: Option<Duration>,
}

/// A race as its table speaks of it: the news, requests and welcome of its protocol.
pub trait TableRace: Race {
    /// What the table tells the people at it.
    type News: Clone + Send + 'static;
    /// What a player asks of their table.
    type Request: Send + 'static;
    /// Everything a client needs to follow the race from where it stands.
    type Joined: Send + 'static;
    const WORDS: Words;
    /// The level of a rival seated when none is yet.
    const DEFAULT_LEVEL: &'static str;
    /// How long a finished round stays on screen before the next begins by itself.
    const BETWEEN_ROUNDS: Option<Duration>;

    fn notice(text: String) -> Self::News;
    fn refused(text: String) -> Self::News;
    fn closed(text: String) -> Self::News;
    /// Whether `news` says the table closed (the news [`closed`](Self::closed) makes).
    fn is_closed(news: &Self::News) -> bool;
    /// Who is there, to one client (`you`: its place).
    fn seats(race: &Self, seats: &[SeatState], you: Option<usize>) -> Self::News;
    /// The news of one happening, once the race has taken it in (`None`: told otherwise).
    fn told(race: &Self, seats: &[SeatState], happening: &Self::Happening) -> Option<Self::News>;
    /// The news of a new race dealt for the same players, whose joins are `happenings`.
    fn dealt_again(race: &Self, happenings: &[Self::Happening]) -> Option<Self::News>;
    fn action(request: Self::Request) -> Action<Self>;
    fn joined(arrival: Arrival<'_, Self>) -> Self::Joined;
    /// Moves played and out of how many, for the lobby.
    fn progress(race: &Self) -> (usize, usize);
}

/// How any race table is set up.
#[derive(Debug, Clone)]
pub struct Setup<R: Race> {
    /// Who opens the table; they race from the start.
    pub opener: Identity,
    /// Computer rivals seated from the start, by level.
    pub rivals: Vec<String>,
    /// The first race's deal.
    pub seed: u64,
    pub settings: R::Settings,
    /// Every race at the table deals from `seed` (a server started with a fixed seed).
    pub fixed_seed: bool,
}
