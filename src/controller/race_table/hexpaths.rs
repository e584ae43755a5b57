//! What a Hex paths table says: its news, requests and welcome. The table itself is the one
//! race table ([`super`]): it keeps the clock, announces the length of each move
//! a player sends (the move itself stays secret), and when the time is up (or everyone is
//! done) demonstrates the moves lowest first until one works. Everything that changes the
//! game goes out as a [`Happening`], which every screen applies to its own copy
//! ([`Game::apply`](crate::games::hexpaths::round::Game::apply)); a screen that joins late is
//! sent them all.

use std::time::Duration;

use super::{Action, Arrival, Phase, RaceTable, Setup, TableRace, Words};
use crate::controller::table::{Identity, SeatState, TableId};
use crate::controller::table_kind::OpensTable;
use crate::games::hexpaths::Step;
use crate::games::hexpaths::platform::HexRace;
use crate::games::hexpaths::round::{Happening, LEVELS, Settings};
use crate::games::race::Race as _;

pub use crate::games::hexpaths::platform::MAX_PLAYERS;

/// How long a finished round stays on screen before the next begins by itself.
pub const BETWEEN_ROUNDS: Duration = Duration::from_secs(15);

/// How a Hex paths table is set up.
#[derive(Debug, Clone)]
pub struct HexSpec {
    pub opener: Identity,
    /// Computer rivals seated from the start, by level (see [`LEVELS`]).
    pub rivals: Vec<String>,
    pub seed: u64,
    pub settings: Settings,
    /// Every game at the table deals from `seed` (a server started with a fixed seed).
    pub fixed_seed: bool,
}

/// A Hex paths table, as the registry names its kind.
pub type HexTable = RaceTable<HexRace>;

impl OpensTable for HexSpec {
    type Table = HexTable;
    fn into_spec(self) -> Setup<HexRace> {
        Setup {
            opener: self.opener,
            rivals: self.rivals,
            seed: self.seed,
            settings: self.settings,
            fixed_seed: self.fixed_seed,
        }
    }
}

/// What a Hex paths table tells the people at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HexNews {
    /// Something that changes the game, for every copy of it.
    Happened(Happening),
    /// A new game replaces the one over: dealt from `seed` (with the table's settings), the
    /// players joined again in their order; its first round follows.
    NewGame {
        seed: u64,
        happenings: Vec<Happening>,
    },
    /// Who is there: each player's presence, in order, and this client's place (places move
    /// up when someone leaves before the game begins).
    Seats {
        seats: Vec<SeatState>,
        you: Option<usize>,
    },
    Notice(String),
    /// This client's own request came to nothing, and why.
    Refused(String),
    Closed(String),
}

/// What a player asks of their table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HexRequest {
    /// Begin the game (at least two players).
    Start,
    /// Announce this move (its length is announced; the move is shown when the time is up).
    Announce(Vec<Step>),
    /// The next round now, once this one is over.
    Next,
    /// Seat one more computer rival before the game begins.
    AddRival,
    /// Another game for the same players, once this one is over.
    Again,
    /// This player is done thinking: when every player there is, the time is up.
    Done,
}

/// Everything a client needs to follow the game from where it stands.
#[derive(Debug, Clone)]
pub struct HexJoined {
    pub table: TableId,
    /// This client's place among the players; `None` when watching.
    pub you: Option<usize>,
    pub seed: u64,
    pub settings: Settings,
    /// Everything that happened so far, in order, to apply to a new game from `seed`.
    pub happenings: Vec<Happening>,
    pub seats: Vec<SeatState>,
    pub phase: Phase,
    /// How long the current round has run.
    pub elapsed: Duration,
    /// Between rounds: how long until the next begins by itself.
    pub next_in: Option<Duration>,
}

/// How news reaches one client at a Hex paths table; returns `false` once the client is gone.
pub type HexTell = crate::controller::audience::Teller<HexNews>;

impl TableRace for HexRace {
    type News = HexNews;
    type Request = HexRequest;
    type Joined = HexJoined;
    const WORDS: Words = Words {
        thread: "hex",
        noun: "game",
        place: "table",
        verb: "play",
        start_when_over: "The game is on",
        narrates: false,
    };
    const DEFAULT_LEVEL: &'static str = LEVELS[1].0;
    const BETWEEN_ROUNDS: Option<Duration> = Some(BETWEEN_ROUNDS);

    fn notice(text: String) -> HexNews {
        HexNews::Notice(text)
    }

    fn refused(text: String) -> HexNews {
        HexNews::Refused(text)
    }

    fn closed(text: String) -> HexNews {
        HexNews::Closed(text)
    }
    fn is_closed(news: &HexNews) -> bool {
        matches!(news, HexNews::Closed(_))
    }

    fn seats(_race: &HexRace, seats: &[SeatState], you: Option<usize>) -> HexNews {
        HexNews::Seats {
            seats: seats.to_vec(),
            you,
        }
    }

    fn told(_race: &HexRace, _seats: &[SeatState], happening: &Happening) -> Option<HexNews> {
        Some(HexNews::Happened(happening.clone()))
    }

    fn dealt_again(race: &HexRace, happenings: &[Happening]) -> Option<HexNews> {
        Some(HexNews::NewGame {
            seed: race.seed(),
            happenings: happenings.to_vec(),
        })
    }

    fn action(request: HexRequest) -> Action<HexRace> {
        match request {
            HexRequest::Start => Action::Start,
            HexRequest::Announce(steps) => Action::Claim(steps),
            HexRequest::Next => Action::Next,
            HexRequest::AddRival => Action::AddRival,
            HexRequest::Again => Action::Again,
            HexRequest::Done => Action::Done,
        }
    }

    fn joined(arrival: Arrival<'_, HexRace>) -> HexJoined {
        HexJoined {
            table: arrival.table,
            you: arrival.you,
            seed: arrival.race.seed(),
            settings: arrival.race.settings().clone(),
            happenings: arrival.happenings.to_vec(),
            seats: arrival.seats,
            phase: arrival.phase,
            elapsed: arrival.elapsed,
            next_in: arrival.next_in,
        }
    }

    fn progress(race: &HexRace) -> (usize, usize) {
        (race.game().played(), race.settings().rounds)
    }
}
