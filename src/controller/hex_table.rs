//! A Hex paths race table at a server: two to six players — people and computer rivals —
//! race through the rounds of one game. The table's thread keeps the clock: players send the
//! move they found, the table announces its length to everyone (the move itself stays
//! secret), and when the time is up (or everyone has announced) the moves are demonstrated
//! lowest first until one works. Everything that changes the game goes out as a
//! [`Happening`], and every screen — spectators too — follows the game by applying them to
//! its own copy ([`Game::apply`]); a screen that joins late is sent them all.
//!
//! The table waits for players until one of them starts the game; the next round begins a
//! while after the last ends, or as soon as a player asks.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::audience::Audience;
use super::race_table::Phase;
use super::serve::{TableThread, serve};
use super::table::{ClientId, Identity, Kind, Proof, SeatState, SeatView, TableId, Want};
use super::tables::{RaceStatus, Registry, Summary};
use crate::escape::escape;
use crate::games::GameKind;
use crate::games::hexpaths::Step;
use crate::games::hexpaths::round::{
    Demonstration, Game, Happening, LEVELS, Plan, Rival, Settings,
};

/// The most players at one table, people and computers together.
pub const MAX_PLAYERS: usize = 6;
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

/// How long a new table waits for its opener's screen before it closes.
const OPENER_WAIT: Duration = Duration::from_secs(30);

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

pub type HexTell = super::audience::Teller<HexNews>;

/// A message to a Hex paths table's thread.
pub enum HexCommand {
    Join {
        client: ClientId,
        who: Identity,
        want: Want,
        tell: HexTell,
        reply: Sender<Result<HexJoined, String>>,
    },
    Leave {
        client: ClientId,
    },
    Ask {
        client: ClientId,
        request: HexRequest,
    },
    /// Close the table, telling everyone at it why.
    Stop(String),
}

enum Entrant {
    Computer {
        rival: Box<Rival>,
        plan: Option<Plan>,
    },
    Person {
        who: Identity,
        client: Option<ClientId>,
    },
}

/// The table's state, owned by its thread.
pub(super) struct HexTable {
    id: TableId,
    spec: HexSpec,
    registry: Arc<Registry>,
    game: Game,
    /// The deal of the game being played.
    seed: u64,
    happenings: Vec<Happening>,
    entrants: Vec<Entrant>,
    clients: Audience<HexNews>,
    /// The moves announced this round, kept secret until shown.
    moves: HashMap<usize, Vec<Step>>,
    started: bool,
    round_began: Instant,
    /// When the next round begins by itself, between rounds.
    next_at: Option<Instant>,
    /// Players who said they are done thinking this round.
    done: Vec<usize>,
    /// Until a person first sits down: when the table gives up waiting for its opener.
    unclaimed_until: Option<Instant>,
    closed: Option<String>,
}

impl TableThread for HexTable {
    type Command = HexCommand;
    fn next_wake(&self) -> Option<Instant> {
        self.next_due()
    }
    fn handle(&mut self, command: HexCommand, now: Instant) {
        HexTable::handle(self, command, now);
    }
    fn advance(&mut self, now: Instant) {
        HexTable::advance(self, now);
    }
    fn is_closed(&self) -> bool {
        self.closed.is_some()
    }
    fn publish(&self) {
        HexTable::publish(self);
    }
}

impl HexTable {
    pub(super) fn new(
        id: TableId,
        spec: HexSpec,
        registry: Arc<Registry>,
    ) -> Result<HexTable, String> {
        if spec.rivals.len() + 1 > MAX_PLAYERS {
            return Err(format!("a table has at most {MAX_PLAYERS} players"));
        }
        let mut table = HexTable {
            id,
            game: Game::new(spec.seed, spec.settings.clone(), Vec::new()),
            seed: spec.seed,
            happenings: Vec::new(),
            entrants: Vec::new(),
            clients: Audience::new(),
            moves: HashMap::new(),
            started: false,
            round_began: Instant::now(),
            next_at: None,
            done: Vec::new(),
            unclaimed_until: Some(Instant::now() + OPENER_WAIT),
            closed: None,
            registry,
            spec,
        };
        let opener = table.spec.opener.clone();
        table.happen(Happening::Joined(opener.user.clone()));
        table.entrants.push(Entrant::Person {
            who: opener,
            client: None,
        });
        for (i, level) in table.spec.rivals.clone().iter().enumerate() {
            table.seat_rival(level, i as u64 + 1)?;
        }
        Ok(table)
    }

    fn seat_rival(&mut self, level: &str, n: u64) -> Result<(), String> {
        let seed = self
            .spec
            .seed
            .wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let rival = Rival::new(level, seed)?;
        let same = self
            .game
            .players()
            .iter()
            .filter(|p| p.name.starts_with(rival.level))
            .count();
        let name = if same == 0 {
            rival.level.to_string()
        } else {
            format!("{}{}", rival.level, same + 1)
        };
        self.happen(Happening::Joined(name));
        self.entrants.push(Entrant::Computer {
            rival: Box::new(rival),
            plan: None,
        });
        Ok(())
    }

    /// Applies a happening to the table's game and tells everyone.
    fn happen(&mut self, happening: Happening) {
        if let Err(e) = self.game.apply(&happening) {
            tracing::error!(table = self.id, error = %escape(&e.to_string()), "a happening did not apply");
            return;
        }
        self.happenings.push(happening.clone());
        self.broadcast(HexNews::Happened(happening));
    }

    fn phase(&self) -> Phase {
        if !self.started {
            Phase::Waiting
        } else if self.game.is_over() {
            Phase::Over
        } else {
            Phase::Racing
        }
    }

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
        let leader = self.game.winner().map(|p| p.name.clone());
        Summary {
            id: self.id,
            game: GameKind::HexPaths,
            kind: Kind::Race,
            seats: self
                .game
                .players()
                .iter()
                .zip(self.seats())
                .map(|(p, state)| SeatView {
                    name: p.name.clone(),
                    state,
                })
                .collect(),
            moves: self.game.played(),
            cells: self.game.settings().rounds,
            outcome: None,
            watchers: self
                .clients
                .ids()
                .filter(|&id| self.place_of(id).is_none())
                .count(),
            board: GameKind::HexPaths.title().to_string(),
            rules: Default::default(),
            away: people(false),
            present: people(true),
            race: Some(RaceStatus {
                phase: self.phase(),
                leader: leader.filter(|_| self.phase() == Phase::Over),
            }),
        }
    }

    pub(super) fn run(mut self, inbox: Receiver<HexCommand>) {
        tracing::info!(table = self.id, game = "hexpaths", "race table opened");
        self.publish();
        serve(&mut self, &inbox);
        let reason = self
            .closed
            .take()
            .unwrap_or_else(|| "the table closed".to_string());
        self.broadcast(HexNews::Closed(reason.clone()));
        self.registry.remove(self.id);
        tracing::info!(table = self.id, reason = %escape(&reason), "race table closed");
    }

    fn handle(&mut self, command: HexCommand, now: Instant) {
        match command {
            HexCommand::Join {
                client,
                who,
                want,
                tell,
                reply,
            } => {
                let answer = self.join(client, who, want, tell, now);
                let _ = reply.send(answer);
            }
            HexCommand::Leave { client } => self.leave(client),
            HexCommand::Ask { client, request } => self.ask(client, request, now),
            HexCommand::Stop(reason) => self.closed = Some(reason),
        }
    }

    fn at(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.round_began)
    }

    fn join(
        &mut self,
        client: ClientId,
        who: Identity,
        want: Want,
        tell: HexTell,
        now: Instant,
    ) -> Result<HexJoined, String> {
        let you = match want {
            Want::Watch => None,
            Want::Seat => Some(self.take_place(client, &who)?),
        };
        // The client hears of itself among the happenings it is sent.
        let joined = HexJoined {
            table: self.id,
            you,
            seed: self.seed,
            settings: self.spec.settings.clone(),
            happenings: self.happenings.clone(),
            seats: self.seats(),
            phase: self.phase(),
            elapsed: self.at(now),
            next_in: self.next_at.map(|at| at.saturating_duration_since(now)),
        };
        self.clients.join(client, tell);
        if you.is_some() {
            self.unclaimed_until = None;
            self.broadcast_seats();
            self.broadcast_except(client, HexNews::Notice(format!("{} joins", who.user)));
        }
        Ok(joined)
    }

    fn take_place(&mut self, client: ClientId, who: &Identity) -> Result<usize, String> {
        let own = self
            .entrants
            .iter()
            .position(|e| matches!(e, Entrant::Person { who: w, .. } if w == who));
        if let Some(place) = own {
            if let Entrant::Person { client: slot, .. } = &mut self.entrants[place] {
                match *slot {
                    Some(old) if matches!(who.proof, Proof::Key(_)) => {
                        self.clients.dismiss(
                            old,
                            HexNews::Closed(
                                "you joined this table again from another session".into(),
                            ),
                        );
                    }
                    Some(_) => {
                        return Err("you already play at this table in another session".into());
                    }
                    None => {}
                }
                *slot = Some(client);
            }
            return Ok(place);
        }
        if self.game.is_over() {
            return Err("this game is over; you can watch it".into());
        }
        if self.entrants.len() >= MAX_PLAYERS {
            return Err(format!(
                "this table has its {MAX_PLAYERS} players; you can watch it"
            ));
        }
        self.happen(Happening::Joined(who.user.clone()));
        self.entrants.push(Entrant::Person {
            who: who.clone(),
            client: Some(client),
        });
        Ok(self.entrants.len() - 1)
    }

    fn leave(&mut self, client: ClientId) {
        self.clients.leave(client);
        let Some(place) = self.place_of(client) else {
            return;
        };
        let name = self.game.players()[place].name.clone();
        if !self.started {
            // Nothing of theirs to keep before the game begins: the places after move up.
            self.entrants.remove(place);
            self.happen(Happening::Left(place));
            self.broadcast(HexNews::Notice(format!("{name} left")));
        } else {
            if let Entrant::Person { client: slot, .. } = &mut self.entrants[place] {
                *slot = None;
            }
            self.done.retain(|&p| p != place);
            self.broadcast(HexNews::Notice(format!(
                "{name} left; their score stays, and they can come back"
            )));
        }
        if !self.anyone_present() {
            self.closed = Some("every player left the table".into());
            return;
        }
        self.broadcast_seats();
    }

    fn anyone_present(&self) -> bool {
        self.entrants.iter().any(|e| {
            matches!(
                e,
                Entrant::Person {
                    client: Some(_),
                    ..
                }
            )
        })
    }

    fn ask(&mut self, client: ClientId, request: HexRequest, now: Instant) {
        let Some(place) = self.place_of(client) else {
            return self.tell(
                client,
                HexNews::Refused("Only the players can do that".into()),
            );
        };
        let name = self.game.players()[place].name.clone();
        match request {
            HexRequest::Start if self.started => {
                self.tell(client, HexNews::Refused("The game is on".into()))
            }
            HexRequest::Start if self.entrants.len() < 2 => self.tell(
                client,
                HexNews::Refused(
                    "A race needs two players: wait for someone, or + seats a computer rival"
                        .into(),
                ),
            ),
            HexRequest::Start => {
                self.started = true;
                self.broadcast(HexNews::Notice(format!("{name} starts the game: go!")));
                self.begin_round(now);
            }
            HexRequest::AddRival if self.started => self.tell(
                client,
                HexNews::Refused("Rivals join before the game begins".into()),
            ),
            HexRequest::AddRival if self.entrants.len() >= MAX_PLAYERS => self.tell(
                client,
                HexNews::Refused(format!("A table has at most {MAX_PLAYERS} players")),
            ),
            HexRequest::AddRival => {
                let level = self
                    .entrants
                    .iter()
                    .find_map(|e| match e {
                        Entrant::Computer { rival, .. } => Some(rival.level),
                        Entrant::Person { .. } => None,
                    })
                    .unwrap_or(LEVELS[1].0);
                let n = self.entrants.len() as u64;
                if let Err(e) = self.seat_rival(level, n) {
                    return self.tell(client, HexNews::Refused(e));
                }
                self.broadcast_seats();
            }
            HexRequest::Announce(steps) => self.announce(client, place, steps, now),
            HexRequest::Done if self.game.round().is_none() => {
                self.tell(client, HexNews::Refused("No round is on".into()))
            }
            HexRequest::Done => {
                if !self.done.contains(&place) {
                    self.done.push(place);
                }
                let waiting: Vec<String> = self
                    .not_done()
                    .map(|i| self.game.players()[i].name.clone())
                    .collect();
                if waiting.is_empty() {
                    self.broadcast(HexNews::Notice("Everyone is done: the time is up.".into()));
                } else {
                    self.broadcast(HexNews::Notice(format!(
                        "{name} is done; waiting for {}",
                        waiting.join(", ")
                    )));
                }
            }
            HexRequest::Again if !self.game.is_over() => self.tell(
                client,
                HexNews::Refused("Another game comes once this one is over".into()),
            ),
            HexRequest::Again => {
                self.seed = if self.spec.fixed_seed {
                    self.spec.seed
                } else {
                    rand::random()
                };
                let names: Vec<String> =
                    self.game.players().iter().map(|p| p.name.clone()).collect();
                self.game = Game::new(self.seed, self.spec.settings.clone(), Vec::new());
                self.happenings.clear();
                for name in names {
                    let joined = Happening::Joined(name);
                    if self.game.apply(&joined).is_ok() {
                        self.happenings.push(joined);
                    }
                }
                self.broadcast(HexNews::NewGame {
                    seed: self.seed,
                    happenings: self.happenings.clone(),
                });
                self.broadcast(HexNews::Notice(format!("{name} deals another game: go!")));
                self.begin_round(now);
            }
            HexRequest::Next => {
                if self.next_at.is_some() {
                    self.begin_round(now);
                } else {
                    self.tell(
                        client,
                        HexNews::Refused("The next round comes once this one is over".into()),
                    );
                }
            }
        }
    }

    fn announce(&mut self, client: ClientId, place: usize, steps: Vec<Step>, now: Instant) {
        if self.game.round().is_none() {
            return self.tell(client, HexNews::Refused("No round is on".into()));
        }
        if let Err(why) = self.game.check(&steps) {
            return self.tell(client, HexNews::Refused(format!("Not a solution: {why}")));
        }
        let n = steps.len();
        let at = self.at(now);
        if let Err(why) = self.game.announce(place, n, at) {
            return self.tell(client, HexNews::Refused(why));
        }
        // Announced on the table's own game above; the happening tells the copies.
        self.happenings.push(Happening::Announced {
            player: place,
            steps: n,
            at,
        });
        self.broadcast(HexNews::Happened(Happening::Announced {
            player: place,
            steps: n,
            at,
        }));
        self.moves.insert(place, steps);
    }

    /// The next round, now.
    fn begin_round(&mut self, now: Instant) {
        self.next_at = None;
        self.moves.clear();
        if self.game.played() >= self.game.settings().rounds {
            return;
        }
        self.done.clear();
        self.happen(Happening::RoundStarted);
        self.round_began = now;
        let Some(round) = self.game.round().cloned() else {
            // No objective could be drawn on this board: nothing more can be played here.
            self.closed = Some("no objective could be drawn for the next round".into());
            return;
        };
        for entrant in &mut self.entrants {
            if let Entrant::Computer { rival, plan } = entrant {
                *plan = rival.plan(&self.game, &round);
            }
        }
    }

    fn next_due(&self) -> Option<Instant> {
        let mut due: Vec<Instant> = Vec::new();
        if let Some(next) = self.next_at {
            due.push(next);
        }
        if let Some(until) = self.unclaimed_until {
            due.push(until);
        }
        if self.game.round().is_some() {
            due.push(self.round_began + self.game.settings().round_time);
            for e in &self.entrants {
                if let Entrant::Computer {
                    plan: Some(plan), ..
                } = e
                {
                    due.push(self.round_began + plan.at);
                }
            }
        }
        due.into_iter().min()
    }

    /// Rivals announce when their time comes; the round ends when the time is up or every
    /// player has announced; the next round begins when its time comes.
    fn advance(&mut self, now: Instant) {
        if self.unclaimed_until.is_some_and(|until| now >= until) && !self.anyone_present() {
            self.closed = Some("nobody sat down at the table".into());
            return;
        }
        if let Some(next) = self.next_at
            && now >= next
        {
            self.begin_round(now);
        }
        if self.game.round().is_none() {
            return;
        }
        let at = self.at(now);
        // When every person there is done, the time is up: rivals still thinking say what
        // they would have said.
        let all_done = self.not_done().next().is_none();
        let due: Vec<(usize, Plan)> = self
            .entrants
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match e {
                Entrant::Computer {
                    plan: Some(plan), ..
                } if plan.at <= at || all_done => Some((i, plan.clone())),
                _ => None,
            })
            .collect();
        for (i, plan) in due {
            if let Entrant::Computer { plan: slot, .. } = &mut self.entrants[i] {
                *slot = None;
            }
            let n = plan.steps.len();
            let when = plan.at.min(at);
            if self.game.announce(i, n, when).is_ok() {
                let happening = Happening::Announced {
                    player: i,
                    steps: n,
                    at: when,
                };
                self.happenings.push(happening.clone());
                self.broadcast(HexNews::Happened(happening));
                self.moves.insert(i, plan.steps);
            }
        }
        let round_time = self.game.settings().round_time;
        if at >= round_time || all_done {
            self.end_round(at.min(round_time));
        }
    }

    /// The places of the people present who have not said they are done this round.
    fn not_done(&self) -> impl Iterator<Item = usize> + '_ {
        self.entrants.iter().enumerate().filter_map(|(i, e)| {
            let present = matches!(
                e,
                Entrant::Person {
                    client: Some(_),
                    ..
                }
            );
            (present && !self.done.contains(&i)).then_some(i)
        })
    }

    /// Demonstrations, lowest announcement first, until one works; then the round ends.
    fn end_round(&mut self, at: Duration) {
        let order = self.game.round().map(|r| r.order()).unwrap_or_default();
        let mut winner = None;
        for a in order {
            let Some(steps) = self.moves.get(&a.player).cloned() else {
                continue;
            };
            let verdict = self.game.demonstrate(a.player, &steps, at);
            // Shown on the table's own game above; the happening tells the copies.
            let happening = Happening::Demonstrated {
                player: a.player,
                steps: steps.clone(),
                at,
            };
            self.happenings.push(happening.clone());
            self.broadcast(HexNews::Happened(happening));
            if let Ok(Demonstration::Wins { .. }) = verdict {
                winner = Some((a.player, steps));
                break;
            }
        }
        self.happen(Happening::RoundEnded { winner });
        if !self.game.is_over() {
            self.next_at = Some(Instant::now() + BETWEEN_ROUNDS);
        }
    }

    fn place_of(&self, client: ClientId) -> Option<usize> {
        self.entrants
            .iter()
            .position(|e| matches!(e, Entrant::Person { client: Some(c), .. } if *c == client))
    }

    fn seats(&self) -> Vec<SeatState> {
        self.entrants
            .iter()
            .map(|e| match e {
                Entrant::Computer { .. } => SeatState::Computer,
                Entrant::Person {
                    client: Some(_), ..
                } => SeatState::Present,
                Entrant::Person { client: None, .. } => SeatState::Away,
            })
            .collect()
    }

    fn tell(&mut self, client: ClientId, news: HexNews) {
        self.clients.tell(client, news);
    }

    fn broadcast(&mut self, news: HexNews) {
        self.clients.broadcast(news);
    }

    /// The players' presence, to each client with its own place.
    fn broadcast_seats(&mut self) {
        let seats = self.seats();
        let places: Vec<(ClientId, Option<usize>)> = self
            .clients
            .ids()
            .map(|id| (id, self.place_of(id)))
            .collect();
        self.clients.each(|id| HexNews::Seats {
            seats: seats.clone(),
            you: places.iter().find(|(c, _)| *c == id).and_then(|(_, p)| *p),
        });
    }

    fn broadcast_except(&mut self, client: ClientId, news: HexNews) {
        self.clients.broadcast_except(client, news);
    }

    fn publish(&self) {
        self.registry.update(self.summary());
    }
}

/// Starts a Hex paths table's thread.
pub(super) fn spawn(table: HexTable, inbox: Receiver<HexCommand>) -> Result<(), String> {
    let id = table.id;
    thread::Builder::new()
        .name(format!("trios-hex-{id}"))
        .spawn(move || table.run(inbox))
        .map(|_| ())
        .map_err(|e| format!("cannot start the table: {e}"))
}
