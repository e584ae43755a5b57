//! What a Triad race table says: its news, requests and welcome. Screens follow the race on
//! a copy ([`following`](crate::games::triad::race::Race::following)) from the deal, the triads taken and the players' scores.

use std::time::Duration;

use super::{Action, Arrival, Phase, RaceTable, Setup, TableRace, Words};
use crate::controller::table::{Identity, SeatState, SeatView, TableId};
use crate::controller::table_kind::OpensTable;
use crate::games::race::Race as _;
use crate::games::triad::platform::{TriadClaim, TriadHappening, TriadRace};
use crate::games::triad::race::{LEVELS, Racer};

pub use crate::games::triad::platform::MAX_RACERS;

/// How a race table is set up.
#[derive(Debug, Clone)]
pub struct RaceSpec {
    /// Who opens the table; they race from the start.
    pub opener: Identity,
    /// Computer rivals seated from the start, by level (see [`LEVELS`]).
    pub rivals: Vec<String>,
    /// The first race's deal.
    pub seed: u64,
    /// Every race at the table deals from `seed` (a server started with a fixed seed).
    pub fixed_seed: bool,
}

/// How news reaches one client at a Triad table; returns `false` once the client is gone.
pub type RaceTell = crate::controller::audience::Teller<RaceNews>;

/// A Triad race table, as the registry names its kind.
pub type TriadTable = RaceTable<TriadRace>;

impl OpensTable for RaceSpec {
    type Table = TriadTable;
    fn into_spec(self) -> Setup<TriadRace> {
        Setup {
            opener: self.opener,
            rivals: self.rivals,
            seed: self.seed,
            settings: (),
            fixed_seed: self.fixed_seed,
        }
    }
}

/// A player at a race as everyone sees them: their score and whether they are there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RaceSeat {
    pub racer: Racer,
    /// `Computer`, `Present`, or `Away` (a person who left; their score stays).
    pub state: SeatState,
}

impl RaceSeat {
    /// The player as the lobby lists them.
    pub fn view(&self) -> SeatView {
        SeatView {
            name: self.racer.name.clone(),
            state: self.state,
        }
    }
}

/// What a race table tells the people at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RaceNews {
    /// Someone joined, left or came back; `you` is this client's place now (places move up
    /// when someone leaves before the race begins).
    Seats {
        seats: Vec<RaceSeat>,
        you: Option<usize>,
    },
    /// A race began on a game dealt from `seed`; claims name the table at `version`.
    Started {
        seed: u64,
        version: u64,
        seats: Vec<RaceSeat>,
    },
    /// Player `by` took the triad at `positions`.
    Taken {
        by: usize,
        positions: [usize; 3],
        seats: Vec<RaceSeat>,
    },
    /// Player `by` claimed cards that are not a triad, for `reason`: a point lost and locked
    /// out for [`LOCKOUT`](crate::games::triad::race::LOCKOUT).
    Wrong {
        by: usize,
        positions: [usize; 3],
        reason: String,
        seats: Vec<RaceSeat>,
    },
    /// Something worth a line in the status bar.
    Notice(String),
    /// This client's own claim or request came to nothing, and why.
    Refused(String),
    /// The table is gone.
    Closed(String),
}

/// What a player asks of their race table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceRequest {
    /// The cards at `positions`, as seen at table `version`.
    Claim { positions: [usize; 3], version: u64 },
    /// Begin the race (at least two players).
    Start,
    /// Seat one more computer rival before the race begins.
    AddRival,
    /// Unseat the last computer rival before the race begins.
    RemoveRival,
    /// Another race for the same players, once this one is over.
    Again,
}

/// How someone takes part in a race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceRole {
    /// Races as this player (their place in the list of players).
    Racer(usize),
    Watches,
}

/// Everything a client needs to follow the race from where it stands.
#[derive(Debug, Clone)]
pub struct RaceJoined {
    pub table: TableId,
    pub role: RaceRole,
    pub phase: Phase,
    /// The deal of the race shown (the next one's while waiting).
    pub seed: u64,
    /// The triads taken so far, in order, to be replayed on the deal.
    pub taken: Vec<[usize; 3]>,
    /// The table's version of the tableau now.
    pub version: u64,
    pub seats: Vec<RaceSeat>,
    /// How long the race has run (to the end, once over).
    pub elapsed: Duration,
}

/// The players with their scores and presence.
fn race_seats(race: &TriadRace, seats: &[SeatState]) -> Vec<RaceSeat> {
    race.race()
        .racers()
        .iter()
        .zip(seats)
        .map(|(racer, &state)| RaceSeat {
            racer: racer.clone(),
            state,
        })
        .collect()
}

impl TableRace for TriadRace {
    type News = RaceNews;
    type Request = RaceRequest;
    type Joined = RaceJoined;
    const WORDS: Words = Words {
        thread: "race",
        noun: "race",
        place: "race",
        verb: "race",
        start_when_over: "This race is over: n deals another",
        narrates: true,
    };
    const DEFAULT_LEVEL: &'static str = LEVELS[1].0;
    const BETWEEN_ROUNDS: Option<Duration> = None;

    fn notice(text: String) -> RaceNews {
        RaceNews::Notice(text)
    }

    fn refused(text: String) -> RaceNews {
        RaceNews::Refused(text)
    }

    fn closed(text: String) -> RaceNews {
        RaceNews::Closed(text)
    }
    fn is_closed(news: &RaceNews) -> bool {
        matches!(news, RaceNews::Closed(_))
    }

    fn seats(race: &TriadRace, seats: &[SeatState], you: Option<usize>) -> RaceNews {
        RaceNews::Seats {
            seats: race_seats(race, seats),
            you,
        }
    }

    fn told(race: &TriadRace, seats: &[SeatState], happening: &TriadHappening) -> Option<RaceNews> {
        match happening {
            // Players coming and going are told by the seats and a notice.
            TriadHappening::Joined(_) | TriadHappening::Left(_) => None,
            TriadHappening::Started { version } => Some(RaceNews::Started {
                seed: race.seed(),
                version: *version,
                seats: race_seats(race, seats),
            }),
            TriadHappening::Taken { by, positions } => Some(RaceNews::Taken {
                by: *by,
                positions: *positions,
                seats: race_seats(race, seats),
            }),
            TriadHappening::Wrong {
                by,
                positions,
                reason,
                ..
            } => Some(RaceNews::Wrong {
                by: *by,
                positions: *positions,
                reason: reason.clone(),
                seats: race_seats(race, seats),
            }),
        }
    }

    fn dealt_again(_race: &TriadRace, _happenings: &[TriadHappening]) -> Option<RaceNews> {
        None
    }

    fn action(request: RaceRequest) -> Action<TriadRace> {
        match request {
            RaceRequest::Claim { positions, version } => {
                Action::Claim(TriadClaim { positions, version })
            }
            RaceRequest::Start => Action::Start,
            RaceRequest::AddRival => Action::AddRival,
            RaceRequest::RemoveRival => Action::RemoveRival,
            RaceRequest::Again => Action::Again,
        }
    }

    fn joined(arrival: Arrival<'_, TriadRace>) -> RaceJoined {
        let taken = arrival
            .happenings
            .iter()
            .filter_map(|h| match h {
                TriadHappening::Taken { positions, .. } => Some(*positions),
                _ => None,
            })
            .collect();
        RaceJoined {
            table: arrival.table,
            role: arrival.you.map_or(RaceRole::Watches, RaceRole::Racer),
            phase: arrival.phase,
            seed: arrival.race.seed(),
            taken,
            version: arrival.race.race().version(),
            seats: race_seats(arrival.race, &arrival.seats),
            elapsed: arrival.elapsed,
        }
    }

    fn progress(race: &TriadRace) -> (usize, usize) {
        (race.race().game().found().len(), 0)
    }
}
