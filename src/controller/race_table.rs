//! One race table at a server for every [`Race`] (Triad, Hex paths): people and computer
//! rivals share one race. The table's thread owns the seating (places kept while a person is
//! away, taken over by a session that proves the same key), the audience, the wait for the
//! opener, the rivals, the clock and its rounds, rematches and what the lobby shows. Claims are
//! taken in the order they arrive and decided by the race; everything that changes it goes out
//! as happenings, which every screen — spectators too — applies to its own copy, and a screen
//! that joins late is sent the list. Secrets (a move announced but not shown) stay in the
//! table's race: only the happenings leave it.
//!
//! What a game says at its table — its news, requests and welcome, and the words of its
//! notices — is its [`TableRace`] (Triad's in [`triad`], Hex paths' in [`hexpaths`]).

pub mod hexpaths;
mod protocol;
mod report;
pub mod triad;

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use super::audience::Teller;
use super::refusal::{Refused, TableError};
use super::seating::{Occupant, Seating};
use super::serve::{TableThread, serve};
use super::table::{ClientId, Identity, Kind, SeatState, SeatView, TableId, Want};
use super::table_kind::{Command, OpensTable, TableKind};
use super::tables::{RaceStatus, Registry, Summary};
use crate::escape::escape;
pub use crate::games::race::Phase;
use crate::games::race::Race;

pub use protocol::{Action, Arrival, Setup, TableRace, Words};

/// How long a new table waits for its opener's screen before it closes.
const OPENER_WAIT: Duration = Duration::from_secs(30);

/// A computer rival's place: the rival, the race's moment it last looked at, and when (on
/// the race clock) it will claim.
pub(super) struct RivalPlace<R: Race> {
    rival: Box<R::Rival>,
    looked: Option<u64>,
    due: Option<Duration>,
}

/// A race table: one race and the people at it, owned by its thread.
///
/// Invariant: the seating's places and the race's players are the same, in the same order.
pub struct RaceTable<R: TableRace> {
    id: TableId,
    setup: Setup<R>,
    registry: Arc<Registry>,
    race: R,
    /// Everything that happened since the deal, in order: what a late joiner is sent.
    happenings: Vec<R::Happening>,
    /// The players' places (kept for a person while the table lasts) and everyone at it.
    seating: Seating<R::News, RivalPlace<R>>,
    /// When the current round began.
    round_began: Instant,
    /// How long the last round ran, once it is over.
    took: Duration,
    /// When the next round begins by itself, between rounds.
    next_at: Option<Instant>,
    /// Players who said they are done thinking this round.
    done: Vec<usize>,
    /// Rivals seated so far, for their seeds.
    rivals_seated: u64,
    /// Until a person first sits down: when the table gives up waiting for its opener.
    unclaimed_until: Option<Instant>,
    closed: Option<String>,
    /// Reaches the table's own thread (the store's word on a finished race).
    commands: Sender<Command<Self>>,
    /// The race's id in the store, drawn at each deal.
    game_id: String,
    /// When the race was dealt (Unix seconds).
    started_at: crate::store::Timestamp,
    /// The finished race went to the store (it goes once).
    reported: bool,
}

impl<R: TableRace> OpensTable for Setup<R> {
    type Table = RaceTable<R>;
    fn into_spec(self) -> Setup<R> {
        self
    }
}

impl<R: TableRace> TableKind for RaceTable<R> {
    type Spec = Setup<R>;
    type News = R::News;
    type Request = R::Request;
    type Joined = R::Joined;
    type Own = crate::store::worker::Reported;

    fn opener(setup: &Setup<R>) -> Option<&Identity> {
        Some(&setup.opener)
    }
    fn new(
        id: TableId,
        setup: Setup<R>,
        registry: Arc<Registry>,
        commands: Sender<Command<Self>>,
    ) -> Result<Self, TableError> {
        Ok(RaceTable::set_up(id, setup, registry, commands)?)
    }
    fn summary(&self) -> Summary {
        RaceTable::summary(self)
    }
    fn thread_name(id: TableId) -> String {
        format!("trios-{}-{id}", R::WORDS.thread)
    }
    fn run(self, inbox: Receiver<Command<Self>>) {
        RaceTable::run(self, inbox);
    }
}

impl<R: TableRace> TableThread for RaceTable<R> {
    type Command = Command<Self>;
    fn next_wake(&self) -> Option<Instant> {
        self.next_due()
    }
    fn handle(&mut self, command: Command<Self>, now: Instant) {
        RaceTable::handle(self, command, now);
    }
    fn advance(&mut self, now: Instant) {
        RaceTable::advance(self, now);
    }
    fn is_closed(&self) -> bool {
        self.closed.is_some()
    }
    fn publish(&self) {
        self.registry.update(self.summary());
    }
}

impl<R: TableRace> RaceTable<R> {
    fn set_up(
        id: TableId,
        setup: Setup<R>,
        registry: Arc<Registry>,
        commands: Sender<Command<Self>>,
    ) -> Result<RaceTable<R>, Refused> {
        if setup.rivals.len() + 1 > R::MAX_PLAYERS {
            return Err(Refused(format!(
                "a {} has at most {} players",
                R::WORDS.place,
                R::MAX_PLAYERS
            )));
        }
        let now = Instant::now();
        let mut table = RaceTable {
            id,
            race: R::new(setup.seed, &setup.settings),
            happenings: Vec::new(),
            seating: Seating::new(Vec::new(), None),
            round_began: now,
            took: Duration::ZERO,
            next_at: None,
            done: Vec::new(),
            rivals_seated: 0,
            unclaimed_until: Some(now + OPENER_WAIT),
            closed: None,
            registry,
            setup,
            commands,
            game_id: super::rated::new_game_id(),
            started_at: crate::store::worker::now(),
            reported: false,
        };
        // The opener's place is kept for them until their screen sits down.
        let opener = table.setup.opener.clone();
        let (_, joined) = table
            .race
            .join(opener.user.clone())
            .map_err(|e| Refused::new(e.to_string()))?;
        table.happen(joined);
        table.seating.push(Occupant::kept_for(opener, now));
        for level in table.setup.rivals.clone() {
            table.seat_rival(&level)?;
        }
        Ok(table)
    }

    fn seat_rival(&mut self, level: &str) -> Result<(), Refused> {
        self.rivals_seated += 1;
        let seed = self
            .setup
            .seed
            .wrapping_add(self.rivals_seated.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let rival = R::rival(level, seed).map_err(|e| Refused(e.to_string()))?;
        let level = R::rival_level(&rival);
        // Two rivals of one level are told apart by a number.
        let same = self
            .race
            .players()
            .iter()
            .filter(|p| p.name.starts_with(level))
            .count();
        let name = if same == 0 {
            level.to_string()
        } else {
            format!("{level}{}", same + 1)
        };
        let (_, joined) = self
            .race
            .join(name)
            .map_err(|e| Refused::new(e.to_string()))?;
        self.happen(joined);
        self.seating.push(Occupant::Computer(RivalPlace {
            rival: Box::new(rival),
            looked: None,
            due: None,
        }));
        Ok(())
    }

    /// Keeps what happened and tells everyone.
    fn happen(&mut self, happenings: Vec<R::Happening>) {
        let seats = self.seats();
        for happening in happenings {
            if let Some(news) = R::told(&self.race, &seats, &happening) {
                self.seating.broadcast(news);
            }
            self.happenings.push(happening);
        }
    }

    /// What the lobby shows of this table.
    fn summary(&self) -> Summary {
        let phase = self.race.phase();
        let (moves, cells) = R::progress(&self.race);
        Summary {
            id: self.id,
            game: R::KIND,
            kind: Kind::Race,
            seats: self
                .race
                .players()
                .into_iter()
                .zip(self.seats())
                .map(|(p, state)| SeatView {
                    name: p.name,
                    state,
                })
                .collect(),
            moves,
            cells,
            outcome: None,
            watchers: self.seating.watchers(),
            board: R::KIND.title().to_string(),
            rules: Default::default(),
            away: self.seating.away(),
            present: self.seating.present(),
            race: Some(RaceStatus {
                phase,
                leader: self
                    .race
                    .winner()
                    .map(|w| w.name)
                    .filter(|_| phase == Phase::Over),
            }),
            clock: None,
        }
    }

    /// Runs the table until it closes.
    fn run(mut self, inbox: Receiver<Command<Self>>) {
        tracing::info!(table = self.id, game = R::KIND.name(), "race table opened");
        self.registry.update(self.summary());
        serve(&mut self, &inbox);
        let reason = self
            .closed
            .take()
            .unwrap_or_else(|| "the table closed".to_string());
        self.seating.broadcast(R::closed(reason.clone()));
        self.registry.remove(self.id);
        tracing::info!(table = self.id, reason = %escape(&reason), "race table closed");
    }

    fn handle(&mut self, command: Command<Self>, now: Instant) {
        match command {
            Command::Join {
                client,
                who,
                want,
                tell,
                reply,
            } => {
                let answer = self.join(client, who, want, tell, now);
                let _ = reply.send(answer);
            }
            Command::Leave { client, .. } => self.leave(client, now),
            Command::Ask { client, request } => self.ask(client, R::action(request), now),
            Command::Own(reported) => self.hear_reported(reported),
            Command::Stop(reason) => self.closed = Some(reason),
        }
    }

    /// The race clock: time since the current round began; once it is over, its length.
    fn clock(&self, now: Instant) -> Duration {
        if self.race.in_round() {
            now.saturating_duration_since(self.round_began)
        } else {
            self.took
        }
    }

    fn join(
        &mut self,
        client: ClientId,
        who: Identity,
        want: Want,
        tell: Teller<R::News>,
        now: Instant,
    ) -> Result<R::Joined, Refused> {
        let back = self.seating.own(&who).is_some() && self.race.phase() != Phase::Waiting;
        let you = match want {
            Want::Watch => None,
            Want::Seat => Some(self.take_place(client, &who)?),
        };
        let spectators = self.race.view(None);
        let joined = R::joined(Arrival {
            table: self.id,
            you,
            race: &spectators,
            happenings: &self.happenings,
            seats: self.seats(),
            phase: self.race.phase(),
            elapsed: self.clock(now),
            next_in: self.next_at.map(|at| at.saturating_duration_since(now)),
        });
        self.seating.hear(client, tell);
        if you.is_some() {
            self.unclaimed_until = None;
            if R::WORDS.narrates {
                tracing::info!(table = self.id, user = %escape(&who.user), back, "joined the race");
                let word = if back { "is back" } else { "joins" };
                let notice = R::notice(format!("{} {word}", who.user));
                self.seating.broadcast_except(client, notice);
                self.broadcast_seats();
            } else {
                self.broadcast_seats();
                let notice = R::notice(format!("{} joins", who.user));
                self.seating.broadcast_except(client, notice);
            }
        }
        Ok(joined)
    }

    /// The place `who` races in: their own (kept while away), else a new one.
    fn take_place(&mut self, client: ClientId, who: &Identity) -> Result<usize, Refused> {
        let words = R::WORDS;
        if let Some(place) = self.seating.own(who) {
            self.seating.take_back(
                place,
                client,
                who,
                || {
                    R::closed(format!(
                        "you joined this {} again from another session",
                        words.place
                    ))
                },
                || {
                    Refused(format!(
                        "you already {} at this table in another session",
                        words.verb
                    ))
                },
            )?;
            return Ok(place);
        }
        if self.race.phase() == Phase::Over {
            return Err(Refused(format!(
                "this {} is over; you can watch it",
                words.noun
            )));
        }
        if self.seating.len() >= R::MAX_PLAYERS {
            return Err(Refused(format!(
                "this {} has its {} players; you can watch it",
                words.place,
                R::MAX_PLAYERS
            )));
        }
        let (place, joined) = self
            .race
            .join(who.user.clone())
            .map_err(|e| Refused::new(e.to_string()))?;
        self.happen(joined);
        self.seating.push(Occupant::Open);
        self.seating.sit(place, who, client);
        Ok(place)
    }

    fn leave(&mut self, client: ClientId, now: Instant) {
        self.seating.forget(client);
        let Some(place) = self.place_of(client) else {
            return;
        };
        let name = self.name_at(place);
        if R::WORDS.narrates {
            tracing::info!(table = self.id, user = %escape(&name), "left the race");
        }
        if self.race.phase() == Phase::Waiting {
            // Nothing of theirs to keep before the race begins: the places after move up.
            self.unseat(place);
            self.broadcast(R::notice(format!("{name} left")));
        } else {
            self.seating.step_out(client, true, now);
            self.done.retain(|&p| p != place);
            self.broadcast(R::notice(format!(
                "{name} left; their score stays, and they can come back"
            )));
        }
        if !self.anyone_present() {
            self.closed = Some(format!("every player left the {}", R::WORDS.place));
            return;
        }
        // Places after a removed one moved up: everyone hears the new list.
        self.broadcast_seats();
    }

    /// Removes the player at `place` before the race begins.
    fn unseat(&mut self, place: usize) {
        match self.race.leave(place) {
            Ok(left) => {
                self.seating.remove(place);
                self.happen(left);
            }
            Err(e) => {
                tracing::error!(table = self.id, error = %escape(&e.to_string()), "a player could not leave");
            }
        }
    }

    fn anyone_present(&self) -> bool {
        self.seating.anyone_present()
    }

    fn ask(&mut self, client: ClientId, action: Action<R>, now: Instant) {
        let Some(place) = self.place_of(client) else {
            return self.refuse(client, "Only the players can do that".into());
        };
        let words = R::WORDS;
        let name = self.name_at(place);
        let phase = self.race.phase();
        match action {
            Action::Claim(claim) => {
                let at = self.clock(now);
                self.decide(place, claim, at, now, Some(client));
            }
            Action::Start => match phase {
                Phase::Racing => self.refuse(client, format!("The {} is on", words.noun)),
                Phase::Over => self.refuse(client, words.start_when_over.into()),
                Phase::Waiting if self.seating.len() < 2 => self.refuse(
                    client,
                    "A race needs two players: wait for someone, or + seats a computer rival"
                        .into(),
                ),
                Phase::Waiting => self.open_round(
                    now,
                    true,
                    Some(format!("{name} starts the {}: go!", words.noun)),
                ),
            },
            Action::AddRival | Action::RemoveRival if phase != Phase::Waiting => self.refuse(
                client,
                format!("Rivals join before the {} begins", words.noun),
            ),
            Action::AddRival if self.seating.len() >= R::MAX_PLAYERS => self.refuse(
                client,
                format!("A {} has at most {} players", words.place, R::MAX_PLAYERS),
            ),
            Action::AddRival => {
                let level = self.next_level();
                if let Err(e) = self.seat_rival(level) {
                    return self.refuse(client, e.0);
                }
                if words.narrates {
                    let name = self.race.players().last().map(|p| p.name.clone());
                    self.broadcast(R::notice(format!(
                        "A computer rival joins: {}",
                        name.unwrap_or_default()
                    )));
                }
                self.broadcast_seats();
            }
            Action::RemoveRival => {
                let last = self
                    .seating
                    .places()
                    .iter()
                    .rposition(|e| matches!(e, Occupant::Computer(_)));
                let Some(place) = last else {
                    return self.refuse(client, "No computer rival to remove".into());
                };
                let name = self.name_at(place);
                self.unseat(place);
                self.broadcast(R::notice(format!("{name} left")));
                self.broadcast_seats();
            }
            Action::Again if phase != Phase::Over => self.refuse(
                client,
                format!("Another {} comes once this one is over", words.noun),
            ),
            Action::Again => {
                let seed = if self.setup.fixed_seed {
                    self.setup.seed
                } else {
                    rand::random()
                };
                let (fresh, joins) = self.race.again(seed);
                self.race = fresh;
                self.game_id = super::rated::new_game_id();
                self.started_at = crate::store::worker::now();
                self.reported = false;
                self.happenings = joins;
                if let Some(news) = R::dealt_again(&self.race, &self.happenings) {
                    self.broadcast(news);
                }
                self.open_round(
                    now,
                    true,
                    Some(format!("{name} deals another {}: go!", words.noun)),
                );
            }
            Action::Next => {
                if self.next_at.is_some() {
                    self.open_round(now, false, None);
                } else {
                    self.refuse(client, "The next round comes once this one is over".into());
                }
            }
            Action::Done if !self.race.in_round() => self.refuse(client, "No round is on".into()),
            Action::Done => {
                if !self.done.contains(&place) {
                    self.done.push(place);
                }
                let waiting: Vec<String> = self.not_done().map(|i| self.name_at(i)).collect();
                if waiting.is_empty() {
                    self.broadcast(R::notice("Everyone is done: the time is up.".into()));
                } else {
                    self.broadcast(R::notice(format!(
                        "{name} is done; waiting for {}",
                        waiting.join(", ")
                    )));
                }
            }
        }
    }

    /// The level of the next rival seated: the table's first rival's, else the default.
    fn next_level(&self) -> &'static str {
        self.seating
            .places()
            .iter()
            .find_map(|e| match e {
                Occupant::Computer(place) => Some(R::rival_level(&place.rival)),
                _ => None,
            })
            .unwrap_or(R::DEFAULT_LEVEL)
    }

    /// The race's first round (`first`) or its next one begins now; `notice` tells who
    /// began it. A round that cannot begin (no objective on the board) closes the table.
    fn open_round(&mut self, now: Instant, first: bool, notice: Option<String>) {
        self.next_at = None;
        if self.race.is_over() {
            return;
        }
        self.done.clear();
        let narrates = R::WORDS.narrates;
        if let Some(text) = notice.as_ref().filter(|_| !narrates) {
            self.broadcast(R::notice(text.clone()));
        }
        let begun = if first {
            self.race.start()
        } else {
            self.race.next_round()
        };
        match begun {
            Ok(happenings) => {
                self.round_began = now;
                self.took = Duration::ZERO;
                for place in self.seating.places_mut() {
                    if let Occupant::Computer(rival) = place {
                        rival.looked = None;
                        rival.due = None;
                    }
                }
                if narrates && first {
                    tracing::info!(table = self.id, seed = self.race.seed(), "race started");
                }
                self.happen(happenings);
            }
            Err(why) => {
                self.closed = Some(why.to_string());
                return;
            }
        }
        if let Some(text) = notice.filter(|_| narrates) {
            self.broadcast(R::notice(text));
        }
        // A deal whose whole deck went without a triad is over at once.
        self.settle(now, true);
    }

    /// Player `place` claims `claim` at `at`; `client` hears why nothing happened, if so.
    fn decide(
        &mut self,
        place: usize,
        claim: R::Claim,
        at: Duration,
        now: Instant,
        client: Option<ClientId>,
    ) {
        let was_in_round = self.race.in_round();
        match self.race.claim(place, claim, at) {
            Ok(happenings) => {
                self.happen(happenings);
                self.settle(now, was_in_round);
            }
            Err(why) => {
                if let Some(client) = client {
                    self.refuse(client, why.to_string());
                }
            }
        }
    }

    /// After a change: a round that just ended stops the clock, and the next is due a while
    /// later — or the race is over.
    fn settle(&mut self, now: Instant, was_in_round: bool) {
        if !was_in_round || self.race.in_round() {
            return;
        }
        self.took = now.saturating_duration_since(self.round_began);
        if self.race.is_over() {
            if R::WORDS.narrates {
                let winner = self
                    .race
                    .standings()
                    .first()
                    .map(|s| s.name.clone())
                    .unwrap_or_default();
                tracing::info!(table = self.id, winner = %escape(&winner), "race over");
            }
            self.report();
        } else if let Some(between) = R::BETWEEN_ROUNDS {
            self.next_at = Some(Instant::now() + between);
        }
    }

    /// When something is next due: a rival's claim, a round's end, the next round, or the
    /// end of the wait for the opener.
    fn next_due(&self) -> Option<Instant> {
        let mut due: Vec<Instant> = [self.next_at, self.unclaimed_until]
            .into_iter()
            .flatten()
            .collect();
        if self.race.in_round() {
            due.extend(self.race.deadline().map(|d| self.round_began + d));
            due.extend(self.seating.places().iter().filter_map(|e| match e {
                Occupant::Computer(RivalPlace { due: Some(d), .. }) => Some(self.round_began + *d),
                _ => None,
            }));
        }
        due.into_iter().min()
    }

    /// What time brings by `now`: the opener's wait runs out, the next round begins, rivals
    /// claim when their time comes (one at a time, in order of their times), and the round
    /// ends when its time is up or every person there is done.
    fn advance(&mut self, now: Instant) {
        if self.unclaimed_until.is_some_and(|until| now >= until) && !self.anyone_present() {
            self.closed = Some("nobody sat down at the table".into());
            return;
        }
        if self.next_at.is_some_and(|next| now >= next) {
            self.open_round(now, false, None);
        }
        while self.race.in_round() && self.closed.is_none() {
            let at = self.clock(now);
            let all_done = self.all_done();
            self.look(at);
            let next = self
                .seating
                .places()
                .iter()
                .enumerate()
                .filter_map(|(i, e)| match e {
                    Occupant::Computer(RivalPlace { due: Some(d), .. }) if *d <= at || all_done => {
                        Some((i, *d))
                    }
                    _ => None,
                })
                .min_by_key(|&(i, d)| {
                    if all_done {
                        (Duration::ZERO, i)
                    } else {
                        (d, i)
                    }
                });
            let Some((place, due)) = next else { break };
            let Some(Occupant::Computer(rival)) = self.seating.places_mut().get_mut(place) else {
                break;
            };
            rival.due = None;
            if let Some(claim) = self.race.rival_claim(&mut rival.rival) {
                self.decide(place, claim, due.min(at), now, None);
            }
        }
        if !self.race.in_round() {
            return;
        }
        let at = self.clock(now);
        let happenings = match self.race.deadline() {
            Some(deadline) if self.all_done() => self.race.time_up(at.min(deadline)),
            _ => self.race.advance(at),
        };
        if !happenings.is_empty() {
            self.happen(happenings);
            self.settle(now, true);
        }
    }

    /// Rivals look at the race anew when it changed since they last looked.
    fn look(&mut self, at: Duration) {
        let moment = self.race.moment();
        for place in self.seating.places_mut() {
            if let Occupant::Computer(rival) = place
                && rival.looked != Some(moment)
            {
                rival.looked = Some(moment);
                rival.due = self.race.look(&mut rival.rival, at);
            }
        }
    }

    /// Every person there said they are done, in a round against the clock.
    fn all_done(&self) -> bool {
        self.race.deadline().is_some() && self.not_done().next().is_none()
    }

    /// The places of the people present who have not said they are done this round.
    fn not_done(&self) -> impl Iterator<Item = usize> + '_ {
        let states = self.seating.states();
        (0..states.len())
            .filter(move |&i| states[i] == SeatState::Present && !self.done.contains(&i))
    }

    fn place_of(&self, client: ClientId) -> Option<usize> {
        self.seating.place_of(client)
    }

    fn name_at(&self, place: usize) -> String {
        self.race
            .players()
            .get(place)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    }

    fn seats(&self) -> Vec<SeatState> {
        self.seating.states()
    }

    fn refuse(&mut self, client: ClientId, why: String) {
        self.seating.tell(client, R::refused(why));
    }

    fn broadcast(&mut self, news: R::News) {
        self.seating.broadcast(news);
    }

    /// The players, to each client with its own place.
    fn broadcast_seats(&mut self) {
        let seats = self.seats();
        let race = &self.race;
        self.seating.each(|you| R::seats(race, &seats, you));
    }
}
