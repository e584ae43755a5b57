//! A Triad race table at a server: two to eight players — people and computer rivals —
//! share one tableau. The table's thread takes claims in the order they arrive, so the first
//! valid claim takes a triad; a wrong claim costs its player a point and locks them out for
//! three seconds. Everyone at the table, spectators too, hears every claim as
//! [`RaceNews`] and follows the race on a copy of it
//! ([`Race::following`](crate::games::triad::race::Race::following)).
//!
//! The table waits for players until one of them starts the race; when a race is over any
//! player can ask for another, dealt at once for the same players.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::audience::Audience;
use super::serve::{TableThread, serve};
use super::table::{ClientId, Identity, Kind, Proof, SeatState, SeatView, TableId, Want};
use super::tables::{Registry, Summary};
use crate::escape::escape;
use crate::games::GameKind;
use crate::games::triad::race::{Claim, LEVELS, Race, Racer, Rival};

/// The most players at one race, people and computers together.
pub const MAX_RACERS: usize = 8;

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

/// Where a race stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Players gather; the cards are not shown yet.
    Waiting,
    Racing,
    /// The deck is out and no triad is left.
    Over,
}

/// A player at a race as everyone sees them: their score and whether they are there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RaceSeat {
    pub racer: Racer,
    /// `Computer`, `Present`, or `Away` (a person who left; their score stays).
    pub state: SeatState,
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

/// How news reaches one client; returns `false` once the client is gone.
pub type RaceTell = super::audience::Teller<RaceNews>;

/// A message to a race table's thread.
pub enum RaceCommand {
    Join {
        client: ClientId,
        who: Identity,
        want: Want,
        tell: RaceTell,
        reply: Sender<Result<RaceJoined, String>>,
    },
    Leave {
        client: ClientId,
        dropped: bool,
    },
    Ask {
        client: ClientId,
        request: RaceRequest,
    },
    /// Close the table, telling everyone at it why.
    Stop(String),
}

/// Who races in a place.
enum Entrant {
    Computer {
        rival: Box<Rival>,
        /// The table version it last looked at, and when (since the start) it will have
        /// seen a triad there.
        looked: Option<u64>,
        due: Option<Duration>,
    },
    Person {
        who: Identity,
        /// The client racing here, or `None` while away.
        client: Option<ClientId>,
    },
}

/// The table's state, owned by its thread.
pub(super) struct RaceTable {
    id: TableId,
    spec: RaceSpec,
    registry: Arc<Registry>,
    race: Race,
    entrants: Vec<Entrant>,
    taken: Vec<[usize; 3]>,
    clients: Audience<RaceNews>,
    phase: Phase,
    /// When the race began, while it runs; how long it took, once over.
    started: Option<Instant>,
    took: Duration,
    /// Rivals seated so far, for their seeds.
    rivals_seated: u64,
    /// Until a person first sits down: when the table gives up waiting for its opener.
    unclaimed_until: Option<Instant>,
    closed: Option<String>,
}

/// How long a new table waits for its opener's screen before it closes.
const OPENER_WAIT: Duration = Duration::from_secs(30);

impl TableThread for RaceTable {
    type Command = RaceCommand;
    fn next_wake(&self) -> Option<Instant> {
        self.next_due()
    }
    fn handle(&mut self, command: RaceCommand, now: Instant) {
        RaceTable::handle(self, command, now);
    }
    fn advance(&mut self, now: Instant) {
        let present = self.entrants.iter().any(|e| {
            matches!(
                e,
                Entrant::Person {
                    client: Some(_),
                    ..
                }
            )
        });
        if self.unclaimed_until.is_some_and(|until| now >= until) && !present {
            self.closed = Some("nobody sat down at the table".into());
            return;
        }
        RaceTable::run_rivals(self, now);
    }
    fn is_closed(&self) -> bool {
        self.closed.is_some()
    }
    fn publish(&self) {
        RaceTable::publish(self);
    }
}

impl RaceTable {
    pub(super) fn new(
        id: TableId,
        spec: RaceSpec,
        registry: Arc<Registry>,
    ) -> Result<RaceTable, String> {
        if spec.rivals.len() + 1 > MAX_RACERS {
            return Err(format!("a race has at most {MAX_RACERS} players"));
        }
        let mut table = RaceTable {
            id,
            race: Race::new(spec.seed, Vec::new()),
            entrants: Vec::new(),
            taken: Vec::new(),
            clients: Audience::new(),
            phase: Phase::Waiting,
            started: None,
            took: Duration::ZERO,
            rivals_seated: 0,
            unclaimed_until: Some(Instant::now() + OPENER_WAIT),
            closed: None,
            registry,
            spec,
        };
        // The opener's place is kept for them until their screen sits down.
        let opener = table.spec.opener.clone();
        table.race.join(opener.user.clone());
        table.entrants.push(Entrant::Person {
            who: opener,
            client: None,
        });
        for level in table.spec.rivals.clone() {
            table.seat_rival(&level)?;
        }
        Ok(table)
    }

    fn seat_rival(&mut self, level: &str) -> Result<(), String> {
        self.rivals_seated += 1;
        let seed = self
            .spec
            .seed
            .wrapping_add(self.rivals_seated.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let rival = Rival::new(level, seed)?;
        // Two rivals of one level are told apart by a number.
        let same = self
            .race
            .racers()
            .iter()
            .filter(|r| r.name.starts_with(rival.level))
            .count();
        let name = if same == 0 {
            rival.level.to_string()
        } else {
            format!("{}{}", rival.level, same + 1)
        };
        self.race.join(name);
        self.entrants.push(Entrant::Computer {
            rival: Box::new(rival),
            looked: None,
            due: None,
        });
        Ok(())
    }

    /// What the lobby shows of this table.
    pub(super) fn summary(&self) -> Summary {
        let people = |present: bool| {
            self.entrants
                .iter()
                .filter_map(|e| match e {
                    Entrant::Person { who, client } if client.is_some() == present => {
                        Some(who.clone())
                    }
                    _ => None,
                })
                .collect()
        };
        let leader = self.race.winner().map(|r| r.name.clone());
        Summary {
            id: self.id,
            game: GameKind::Triad,
            kind: Kind::Race,
            seats: self.seats().into_iter().map(|s| s.view()).collect(),
            moves: self.taken.len(),
            cells: 0,
            outcome: None,
            watchers: self.watchers(),
            board: GameKind::Triad.title().to_string(),
            rules: Default::default(),
            away: people(false),
            present: people(true),
            race: Some(super::tables::RaceStatus {
                phase: self.phase,
                leader: leader.filter(|_| self.phase == Phase::Over),
            }),
        }
    }

    /// Runs the table until it closes.
    pub(super) fn run(mut self, inbox: Receiver<RaceCommand>) {
        tracing::info!(table = self.id, game = "triad", "race table opened");
        self.publish();
        serve(&mut self, &inbox);
        let reason = self
            .closed
            .take()
            .unwrap_or_else(|| "the table closed".to_string());
        self.broadcast(RaceNews::Closed(reason.clone()));
        self.registry.remove(self.id);
        tracing::info!(table = self.id, reason = %escape(&reason), "race table closed");
    }

    fn handle(&mut self, command: RaceCommand, now: Instant) {
        match command {
            RaceCommand::Join {
                client,
                who,
                want,
                tell,
                reply,
            } => {
                let answer = self.join(client, who, want, tell, now);
                let _ = reply.send(answer);
            }
            RaceCommand::Leave { client, .. } => self.leave(client),
            RaceCommand::Ask { client, request } => self.ask(client, request, now),
            RaceCommand::Stop(reason) => self.closed = Some(reason),
        }
    }

    /// Time since the race began.
    fn at(&self, now: Instant) -> Duration {
        match (self.phase, self.started) {
            (Phase::Racing, Some(start)) => now.saturating_duration_since(start),
            _ => self.took,
        }
    }

    fn join(
        &mut self,
        client: ClientId,
        who: Identity,
        want: Want,
        tell: RaceTell,
        now: Instant,
    ) -> Result<RaceJoined, String> {
        let back = self
            .entrants
            .iter()
            .any(|e| matches!(e, Entrant::Person { who: w, .. } if *w == who))
            && self.phase != Phase::Waiting;
        let role = match want {
            Want::Watch => RaceRole::Watches,
            Want::Seat => RaceRole::Racer(self.take_place(client, &who)?),
        };
        self.clients.join(client, tell);
        if let RaceRole::Racer(_) = role {
            self.unclaimed_until = None;
            tracing::info!(table = self.id, user = %escape(&who.user), back, "joined the race");
            let word = if back { "is back" } else { "joins" };
            self.broadcast_except(client, RaceNews::Notice(format!("{} {word}", who.user)));
            self.broadcast_seats();
        }
        Ok(RaceJoined {
            table: self.id,
            role,
            phase: self.phase,
            seed: self.race.game().seed(),
            taken: self.taken.clone(),
            version: self.race.version(),
            seats: self.seats(),
            elapsed: self.at(now),
        })
    }

    /// The place `who` races in: their own (kept while away), else a new one.
    fn take_place(&mut self, client: ClientId, who: &Identity) -> Result<usize, String> {
        let own = self
            .entrants
            .iter()
            .position(|e| matches!(e, Entrant::Person { who: w, .. } if w == who));
        if let Some(place) = own {
            if let Entrant::Person { client: slot, .. } = &mut self.entrants[place] {
                match *slot {
                    // A key proves it is them: the place moves to this session (the other may
                    // be a connection that died without a word).
                    Some(old) if matches!(who.proof, Proof::Key(_)) => {
                        self.clients.dismiss(
                            old,
                            RaceNews::Closed(
                                "you joined this race again from another session".into(),
                            ),
                        );
                    }
                    Some(_) => {
                        return Err("you already race at this table in another session".into());
                    }
                    None => {}
                }
                *slot = Some(client);
            }
            return Ok(place);
        }
        if self.phase == Phase::Over {
            return Err("this race is over; you can watch it".into());
        }
        if self.entrants.len() >= MAX_RACERS {
            return Err(format!(
                "this race has its {MAX_RACERS} players; you can watch it"
            ));
        }
        let place = self.race.join(who.user.clone());
        self.entrants.push(Entrant::Person {
            who: who.clone(),
            client: Some(client),
        });
        Ok(place)
    }

    fn leave(&mut self, client: ClientId) {
        self.clients.leave(client);
        let Some(place) = self.place_of(client) else {
            return;
        };
        let name = self.race.racers()[place].name.clone();
        tracing::info!(table = self.id, user = %escape(&name), "left the race");
        if self.phase == Phase::Waiting {
            // Nothing of theirs to keep before the race begins.
            self.entrants.remove(place);
            self.race.remove(place);
            self.broadcast(RaceNews::Notice(format!("{name} left")));
        } else {
            if let Entrant::Person { client: slot, .. } = &mut self.entrants[place] {
                *slot = None;
            }
            self.broadcast(RaceNews::Notice(format!(
                "{name} left; their score stays, and they can come back"
            )));
        }
        let anyone = self.entrants.iter().any(|e| {
            matches!(
                e,
                Entrant::Person {
                    client: Some(_),
                    ..
                }
            )
        });
        if !anyone {
            self.closed = Some("every player left the race".into());
            return;
        }
        // Places after a removed one moved up: everyone hears the new list.
        self.broadcast_seats();
    }

    fn ask(&mut self, client: ClientId, request: RaceRequest, now: Instant) {
        if self.place_of(client).is_none() {
            return self.tell(
                client,
                RaceNews::Refused("Only the players can do that".into()),
            );
        }
        match request {
            RaceRequest::Claim { positions, version } => {
                self.claim(client, positions, version, now)
            }
            RaceRequest::Start => self.start(client, now),
            RaceRequest::AddRival | RaceRequest::RemoveRival if self.phase != Phase::Waiting => {
                self.tell(
                    client,
                    RaceNews::Refused("Rivals join before the race begins".into()),
                )
            }
            RaceRequest::AddRival => {
                if self.entrants.len() >= MAX_RACERS {
                    return self.tell(
                        client,
                        RaceNews::Refused(format!("A race has at most {MAX_RACERS} players")),
                    );
                }
                let level = self.next_level();
                if let Err(e) = self.seat_rival(level) {
                    return self.tell(client, RaceNews::Refused(e));
                }
                let name = self.race.racers().last().map(|r| r.name.clone());
                self.broadcast(RaceNews::Notice(format!(
                    "A computer rival joins: {}",
                    name.unwrap_or_default()
                )));
                self.broadcast_seats();
            }
            RaceRequest::RemoveRival => {
                let last = self
                    .entrants
                    .iter()
                    .rposition(|e| matches!(e, Entrant::Computer { .. }));
                let Some(place) = last else {
                    return self.tell(
                        client,
                        RaceNews::Refused("No computer rival to remove".into()),
                    );
                };
                let name = self.race.racers()[place].name.clone();
                self.entrants.remove(place);
                self.race.remove(place);
                self.broadcast(RaceNews::Notice(format!("{name} left")));
                self.broadcast_seats();
            }
            RaceRequest::Again => {
                if self.phase != Phase::Over {
                    return self.tell(
                        client,
                        RaceNews::Refused("Another race comes once this one is over".into()),
                    );
                }
                let seed = if self.spec.fixed_seed {
                    self.spec.seed
                } else {
                    rand::random()
                };
                self.race.again(seed);
                self.taken.clear();
                let name = self.name_of(client);
                self.begin(now, &format!("{name} deals another race: go!"));
            }
        }
    }

    /// The level of the next rival seated: the table's first rival's, else the middle one.
    fn next_level(&self) -> &'static str {
        self.entrants
            .iter()
            .find_map(|e| match e {
                Entrant::Computer { rival, .. } => Some(rival.level),
                Entrant::Person { .. } => None,
            })
            .unwrap_or(LEVELS[1].0)
    }

    fn start(&mut self, client: ClientId, now: Instant) {
        match self.phase {
            Phase::Racing => self.tell(client, RaceNews::Refused("The race is on".into())),
            Phase::Over => self.tell(
                client,
                RaceNews::Refused("This race is over: n deals another".into()),
            ),
            Phase::Waiting if self.entrants.len() < 2 => self.tell(
                client,
                RaceNews::Refused(
                    "A race needs two players: wait for someone, or + seats a computer rival"
                        .into(),
                ),
            ),
            Phase::Waiting => {
                let name = self.name_of(client);
                self.begin(now, &format!("{name} starts the race: go!"));
            }
        }
    }

    /// The race begins now: everyone hears the deal.
    fn begin(&mut self, now: Instant, notice: &str) {
        self.phase = Phase::Racing;
        self.started = Some(now);
        self.took = Duration::ZERO;
        for entrant in &mut self.entrants {
            if let Entrant::Computer { looked, due, .. } = entrant {
                *looked = None;
                *due = None;
            }
        }
        tracing::info!(
            table = self.id,
            seed = self.race.game().seed(),
            "race started"
        );
        self.broadcast(RaceNews::Started {
            seed: self.race.game().seed(),
            version: self.race.version(),
            seats: self.seats(),
        });
        self.broadcast(RaceNews::Notice(notice.to_string()));
        // A deal whose whole deck went without a triad is over at once.
        self.check_over(now);
    }

    fn claim(&mut self, client: ClientId, positions: [usize; 3], version: u64, now: Instant) {
        if self.phase != Phase::Racing {
            let why = match self.phase {
                Phase::Waiting => "The race has not begun",
                _ => "The race is over",
            };
            return self.tell(client, RaceNews::Refused(why.into()));
        }
        let Some(place) = self.place_of(client) else {
            return;
        };
        self.decide(place, positions, version, now, Some(client));
    }

    /// Player `place` claims `positions`; `client` hears why nothing happened, if so.
    fn decide(
        &mut self,
        place: usize,
        positions: [usize; 3],
        version: u64,
        now: Instant,
        client: Option<ClientId>,
    ) {
        let at = self.at(now);
        match self.race.claim(place, positions, version, at) {
            Claim::Taken(_) => {
                self.taken.push(positions);
                self.broadcast(RaceNews::Taken {
                    by: place,
                    positions,
                    seats: self.seats(),
                });
                self.check_over(now);
            }
            Claim::Wrong { reason, .. } => self.broadcast(RaceNews::Wrong {
                by: place,
                positions,
                reason,
                seats: self.seats(),
            }),
            Claim::Locked { left } => {
                if let Some(client) = client {
                    let secs = left.as_secs_f64().ceil();
                    self.tell(
                        client,
                        RaceNews::Refused(format!("Locked out for {secs:.0} s more")),
                    );
                }
            }
            Claim::Stale => {
                if let Some(client) = client {
                    self.tell(
                        client,
                        RaceNews::Refused("Too late: the table changed; pick again".into()),
                    );
                }
            }
            Claim::Refused(e) => {
                if let Some(client) = client {
                    self.tell(client, RaceNews::Refused(e.to_string()));
                }
            }
            Claim::Over => {}
        }
    }

    fn check_over(&mut self, now: Instant) {
        if self.phase == Phase::Racing && self.race.is_over() {
            self.took = self.at(now);
            self.phase = Phase::Over;
            let winner = self
                .race
                .standings()
                .first()
                .map(|r| r.name.clone())
                .unwrap_or_default();
            tracing::info!(table = self.id, winner = %escape(&winner), "race over");
        }
    }

    /// When the next computer rival will claim (or the table stops waiting for its opener).
    fn next_due(&self) -> Option<Instant> {
        let rival = self
            .started
            .filter(|_| self.phase == Phase::Racing)
            .and_then(|start| {
                self.entrants
                    .iter()
                    .filter_map(|e| match e {
                        Entrant::Computer { due, .. } => *due,
                        Entrant::Person { .. } => None,
                    })
                    .min()
                    .map(|d| start + d)
            });
        [rival, self.unclaimed_until].into_iter().flatten().min()
    }

    /// Rivals look at the table anew when it changed, and those whose time has come claim,
    /// one at a time in order of their times.
    fn run_rivals(&mut self, now: Instant) {
        while self.phase == Phase::Racing {
            let at = self.at(now);
            let version = self.race.version();
            for entrant in &mut self.entrants {
                if let Entrant::Computer { rival, looked, due } = entrant
                    && *looked != Some(version)
                {
                    *looked = Some(version);
                    *due = rival.delay(self.race.game()).map(|d| at + d);
                }
            }
            let next = self
                .entrants
                .iter()
                .enumerate()
                .filter_map(|(i, e)| match e {
                    Entrant::Computer { due: Some(d), .. } if *d <= at => Some((i, *d)),
                    _ => None,
                })
                .min_by_key(|&(_, d)| d)
                .map(|(i, _)| i);
            let Some(place) = next else { return };
            let Entrant::Computer { rival, due, .. } = &mut self.entrants[place] else {
                return;
            };
            *due = None;
            if let Some(triad) = rival.choose(self.race.game()) {
                self.decide(place, triad, version, now, None);
            }
        }
    }

    fn place_of(&self, client: ClientId) -> Option<usize> {
        self.entrants
            .iter()
            .position(|e| matches!(e, Entrant::Person { client: Some(c), .. } if *c == client))
    }

    fn name_of(&self, client: ClientId) -> String {
        self.place_of(client)
            .map(|p| self.race.racers()[p].name.clone())
            .unwrap_or_default()
    }

    fn seats(&self) -> Vec<RaceSeat> {
        self.race
            .racers()
            .iter()
            .zip(&self.entrants)
            .map(|(racer, entrant)| RaceSeat {
                racer: racer.clone(),
                state: match entrant {
                    Entrant::Computer { .. } => SeatState::Computer,
                    Entrant::Person {
                        client: Some(_), ..
                    } => SeatState::Present,
                    Entrant::Person { client: None, .. } => SeatState::Away,
                },
            })
            .collect()
    }

    fn watchers(&self) -> usize {
        self.clients
            .ids()
            .filter(|&id| self.place_of(id).is_none())
            .count()
    }

    fn tell(&mut self, client: ClientId, news: RaceNews) {
        self.clients.tell(client, news);
    }

    fn broadcast(&mut self, news: RaceNews) {
        self.clients.broadcast(news);
    }

    /// The players, to each client with its own place.
    fn broadcast_seats(&mut self) {
        let seats = self.seats();
        let places: Vec<(ClientId, Option<usize>)> = self
            .clients
            .ids()
            .map(|id| (id, self.place_of(id)))
            .collect();
        self.clients.each(|id| RaceNews::Seats {
            seats: seats.clone(),
            you: places.iter().find(|(c, _)| *c == id).and_then(|(_, p)| *p),
        });
    }

    fn broadcast_except(&mut self, client: ClientId, news: RaceNews) {
        self.clients.broadcast_except(client, news);
    }

    fn publish(&self) {
        self.registry.update(self.summary());
    }
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

/// Starts a race table's thread.
pub(super) fn spawn(table: RaceTable, inbox: Receiver<RaceCommand>) -> Result<(), String> {
    let id = table.id;
    thread::Builder::new()
        .name(format!("trios-race-{id}"))
        .spawn(move || table.run(inbox))
        .map(|_| ())
        .map_err(|e| format!("cannot start the table: {e}"))
}
