//! A table: one match shared by several front ends — two seats, each a person or a computer,
//! and any number of spectators. Only the table plays moves; everyone at it hears each move
//! as [`News`] and shows it themselves, so all views agree move for move.
//!
//! A table runs on a thread of its own and is spoken to through [`Command`]s; the
//! [`Registry`] opens tables and lists them.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use super::Seat;
use super::duel::DuelError;
use super::refusal::{Refused, TableError};
use super::seating::{Occupant, Seating};
use super::serve::{TableThread, serve};
use super::table_game::{TableGame, TableMatch};
use super::table_kind::{Command, OpensTable, TableKind};
use super::tables::{Registry, Summary};
use crate::autosave;
use crate::escape::escape;
use crate::games::{Side, Verdict};
use crate::setup::clock::Clock;

/// A table's number in its server's lobby.
pub type TableId = u64;
/// One connection (one screen) at the server.
pub type ClientId = u64;

/// Who a person is: their name as shown and what shows it is them again. An account holder
/// is their account, whatever their handle is now (a rename changes nobody); anyone else
/// needs both the name and the proof to match to take back a seat.
#[derive(Debug, Clone)]
pub struct Identity {
    pub user: String,
    pub proof: Proof,
}

impl PartialEq for Identity {
    fn eq(&self, other: &Identity) -> bool {
        match (self.proof.account(), other.proof.account()) {
            (Some(a), Some(b)) => a == b,
            (None, None) => self.user == other.user && self.proof == other.proof,
            _ => false,
        }
    }
}

impl Eq for Identity {}

/// Equal identities have equal proofs, so the proof alone is hashed.
impl std::hash::Hash for Identity {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.proof.hash(state);
    }
}

/// What ties a returning person to a seat.
#[derive(Debug, Clone)]
pub enum Proof {
    /// The fingerprint of the key they logged in with.
    Key(String),
    /// No key: the address they connected from (anyone there could use the same name).
    Address(std::net::IpAddr),
    /// An account, by any of its keys; `from` is where this connection comes from (two
    /// players from one address play casual), which does not change who they are.
    Account {
        id: crate::store::AccountId,
        from: std::net::IpAddr,
    },
}

impl Proof {
    /// Whether a key shows who this is (a key, or an account's key): such a person may take
    /// their seat back from another connection.
    pub fn keyed(&self) -> bool {
        matches!(self, Proof::Key(_) | Proof::Account { .. })
    }

    /// The account, for a player who has one.
    pub fn account(&self) -> Option<crate::store::AccountId> {
        match self {
            Proof::Account { id, .. } => Some(*id),
            _ => None,
        }
    }
}

/// Two proofs are the same person's: the same key, the same address, or the same account
/// from anywhere.
impl PartialEq for Proof {
    fn eq(&self, other: &Proof) -> bool {
        match (self, other) {
            (Proof::Key(a), Proof::Key(b)) => a == b,
            (Proof::Address(a), Proof::Address(b)) => a == b,
            (Proof::Account { id: a, .. }, Proof::Account { id: b, .. }) => a == b,
            _ => false,
        }
    }
}

impl Eq for Proof {}

impl std::hash::Hash for Proof {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Proof::Key(key) => key.hash(state),
            Proof::Address(ip) => ip.hash(state),
            Proof::Account { id, .. } => id.hash(state),
        }
    }
}

/// What kind of match a table holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Two computers, always running, dealt again after each game.
    Showcase,
    /// One person against a computer.
    VsComputer,
    /// Two people; the opener waits for an opponent.
    TwoPlayers,
    /// A Triad race: two to eight players, people and computers, on one tableau.
    Race,
}

/// How a seat looks from outside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatView {
    /// The person's user name or the computer's strategy; empty while open.
    pub name: String,
    pub state: SeatState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatState {
    Computer,
    /// A person who is connected.
    Present,
    /// A person whose connection dropped or who stepped out; the seat is kept for them.
    Away,
    /// Nobody yet.
    Open,
}

impl SeatView {
    /// The seat as a short label: `alice`, `expert`, `bob (away)`, `open seat`.
    pub fn label(&self) -> String {
        match self.state {
            SeatState::Computer | SeatState::Present => self.name.clone(),
            SeatState::Away => format!("{} (away)", self.name),
            SeatState::Open => "open seat".to_string(),
        }
    }
}

/// How someone takes part in a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Moves for this colour.
    Plays(Side),
    /// Sees everything and moves nothing.
    Watches,
}

/// What joining asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// An open seat, or one's own seat back.
    Seat,
    Watch,
}

/// What a table tells the people at it (of a Three Trios table unless another game's setup
/// is named).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum News<C: TableGame> {
    /// Move number `index` (from 0) was played.
    Moved { index: usize, mv: C::Move },
    /// Someone sat down, left or came back.
    Seats([SeatView; 2]),
    /// Something worth a line in the status bar.
    Notice(String),
    /// This client's own request was turned down, and why.
    Refused(String),
    /// A fresh deal replaces the match (the showcase's next game, a rematch).
    NewDeal(Box<C>),
    /// The table is gone; nothing more will happen at it.
    Closed(String),
    /// The finished game's rating changes, one line each (`Reversi 1500? → 1741? (+241)`),
    /// or a word that the result waits for the database.
    Rated(Vec<String>),
    /// The clocks as the table keeps them: sent when they start and after every move.
    Clock(ClockReading),
    /// This side's time ran out: the match is over.
    OnTime(Side),
}

/// Both clocks as the table read them: each side's time left, in milliseconds (first
/// mover's first), and the side whose time runs from the moment of the reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockReading {
    pub left: [u64; 2],
    pub running: Option<Side>,
}

impl ClockReading {
    /// `clock` read at `now`.
    pub fn of(clock: &Clock, now: Instant) -> ClockReading {
        ClockReading {
            left: clock.both(now).map(|d| d.as_millis() as u64),
            running: clock.running(),
        }
    }
}

/// How news reaches one client; returns `false` once the client is gone.
pub type Tell<C> = Box<dyn Fn(News<C>) -> bool + Send>;

/// What a client asks of the table it sits at.
pub enum Request<C: TableGame> {
    Play(C::Move),
    /// Deal again once the game is over: at once against a computer; at a two-player table
    /// an offer of a rematch, dealt when both players have made it.
    NewDeal,
}

impl<C: TableGame> Clone for Request<C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C: TableGame> Copy for Request<C> {}

impl<C: TableGame> PartialEq for Request<C> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Request::Play(a), Request::Play(b)) => a == b,
            (Request::NewDeal, Request::NewDeal) => true,
            _ => false,
        }
    }
}

impl<C: TableGame> Eq for Request<C> {}

impl<C: TableGame> std::fmt::Debug for Request<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Request::Play(mv) => f.debug_tuple("Play").field(mv).finish(),
            Request::NewDeal => f.write_str("NewDeal"),
        }
    }
}

/// Everything a client needs to show the table from where it stands.
#[derive(Debug, Clone)]
pub struct Joined<C: TableGame> {
    pub table: TableId,
    pub kind: Kind,
    pub role: Role,
    pub config: C,
    /// The moves so far, to be replayed on `config`'s deal.
    pub moves: Vec<C::Move>,
    pub seats: [SeatView; 2],
    /// The clocks as they stand, on a clocked table.
    pub clock: Option<ClockReading>,
    /// The side that lost on time, when the match ended on the clock.
    pub lost_on_time: Option<Side>,
}

mod report;

pub use super::rated::RESULT_WAITS;

/// What a duel table's own helpers send its thread.
pub enum TableOwn<M> {
    /// A computer seat's answer.
    Computer(ComputerMove<M>),
    /// What the store made of the finished game.
    Reported(crate::store::worker::Reported),
}

/// A computer seat's answer, as the table's worker sends it to the table's thread.
pub struct ComputerMove<M> {
    ticket: u64,
    mv: Option<M>,
}

/// How to set a table up; its setup's type says which game it plays.
pub struct TableSpec<C: TableGame> {
    pub kind: Kind,
    /// The setup; person seats are `Seat::Human`.
    pub config: C,
    /// Who opens the table, seated at Red (none for the showcase).
    pub opener: Option<Identity>,
    /// Where records go (`<dir>/matches/…`); `None` records nothing.
    pub data_dir: Option<PathBuf>,
    /// How long a seat is kept for a person who left mid-match.
    pub grace: Duration,
    /// At least this long between moves, so watchers can follow (the showcase).
    pub pace: Duration,
    /// How long the showcase shows a finished game before dealing the next.
    pub rest: Duration,
    /// Draws the seed of each new deal.
    pub reseed: fn(&C) -> u64,
    /// A showcase's next table, opened in place of its next deal (so showcases can take
    /// turns with another game's); `None` deals again at the same table.
    pub successor: Option<Successor>,
    /// Its opener asked for casual games: kept in the players' histories, never rated.
    pub casual: bool,
}

/// What a showcase does instead of dealing its next game: opens the table that follows it
/// (another game's showcase), so the showcase rotates through the games.
pub type Successor = Box<dyn FnOnce(&Arc<Registry>) -> Option<TableId> + Send>;

/// A duel table: the state of one match and the people at it, owned by its thread.
pub struct Table<C: TableGame> {
    id: TableId,
    spec: TableSpec<C>,
    registry: Arc<Registry>,
    game: C::Match,
    /// The two seats (by [`Side::index`]) and everyone at the table.
    seating: Seating<News<C>, String>,
    worker: Option<<C::Match as TableMatch<C>>::Worker>,
    ticket: u64,
    thinking: bool,
    /// When the last move was played (for the pace).
    last_move_at: Instant,
    /// A computer's move waiting for the pace.
    queued: Option<C::Move>,
    /// When the showcase deals its next game.
    redeal_at: Option<Instant>,
    commands: Sender<Command<Self>>,
    closed: Option<String>,
    /// Which players have asked for a rematch of the finished game (two-player tables).
    rematch: [bool; 2],
    /// A showcase's next table, opened in place of its next deal.
    successor: Option<Successor>,
    /// The match is not being recorded (its record could not be written) and the players
    /// have not been told yet; they are told once, at the next move.
    unrecorded: bool,
    /// The players were told the match is not recorded (once a table is enough).
    told_unrecorded: bool,
    /// The game's id in the store, drawn at each deal.
    game_id: String,
    /// When the game was dealt (Unix seconds).
    started_at: crate::store::Timestamp,
    /// The finished game went to the store (it goes once).
    reported: bool,
}

/// What the players read when their match's record cannot be written.
pub const NOT_RECORDED: &str = "This match is not being recorded: the server cannot write it";

impl<C: TableGame> OpensTable for TableSpec<C> {
    type Table = Table<C>;
    fn into_spec(self) -> TableSpec<C> {
        self
    }
}

impl<C: TableGame> TableKind for Table<C> {
    type Spec = TableSpec<C>;
    type News = News<C>;
    type Request = Request<C>;
    type Joined = Joined<C>;
    type Own = TableOwn<C::Move>;

    fn opener(spec: &TableSpec<C>) -> Option<&Identity> {
        spec.opener.as_ref().filter(|_| spec.kind != Kind::Showcase)
    }
    fn new(
        id: TableId,
        spec: TableSpec<C>,
        registry: Arc<Registry>,
        commands: Sender<Command<Self>>,
    ) -> Result<Self, TableError> {
        Ok(Table::set_up(id, spec, registry, commands)?)
    }
    fn summary(&self) -> Summary {
        Table::summary(self)
    }
    fn thread_name(id: TableId) -> String {
        format!("trios-table-{id}")
    }
    fn run(self, inbox: Receiver<Command<Self>>) {
        Table::run(self, inbox);
    }
}

impl<C: TableGame> TableThread for Table<C> {
    type Command = Command<Self>;
    fn next_wake(&self) -> Option<Instant> {
        Table::next_wake(self)
    }
    fn handle(&mut self, command: Command<Self>, now: Instant) {
        Table::handle(self, command, now);
    }
    fn advance(&mut self, now: Instant) {
        self.expire(now);
        self.check_flag(now);
        self.drive(now);
    }
    fn is_closed(&self) -> bool {
        self.closed.is_some()
    }
    fn publish(&self) {
        Table::publish(self);
    }
}

impl<C: TableGame> Table<C> {
    fn set_up(
        id: TableId,
        mut spec: TableSpec<C>,
        registry: Arc<Registry>,
        commands: Sender<Command<Self>>,
    ) -> Result<Table<C>, DuelError> {
        let successor = spec.successor.take();
        let (game, unrecorded) = start_match(id, &spec, &spec.config)?;
        let seats = Side::BOTH.map(|p| match spec.config.seat(p) {
            Seat::Computer(name) => Occupant::Computer(name.clone()),
            Seat::Human => match (&spec.opener, p) {
                // Kept for the opener as for a player who stepped out, so a table whose
                // opener never sits down goes when the grace is over.
                (Some(who), Side::First) => Occupant::kept_for(who.clone(), Instant::now()),
                _ => Occupant::Open,
            },
        });
        let seating = Seating::new(seats.into(), Some(spec.grace));
        let mut table = Table {
            id,
            spec,
            registry,
            game,
            seating,
            worker: None,
            ticket: 0,
            thinking: false,
            last_move_at: Instant::now(),
            queued: None,
            redeal_at: None,
            commands,
            closed: None,
            rematch: [false; 2],
            successor,
            unrecorded,
            told_unrecorded: false,
            game_id: super::rated::new_game_id(),
            started_at: crate::store::worker::now(),
            reported: false,
        };
        table.start_worker();
        Ok(table)
    }

    /// What the lobby shows of this table.
    fn summary(&self) -> Summary {
        Summary {
            id: self.id,
            game: C::GAME,
            kind: self.spec.kind,
            seats: self.seat_views().to_vec(),
            moves: self.game.played(),
            cells: self.game.cells(),
            outcome: self.game.outcome(),
            watchers: self.seating.watchers(),
            board: self.game.config().board(),
            rules: self.game.config().rules(),
            away: self.seating.away(),
            present: self.seating.present(),
            race: None,
            clock: self.game.config().clock(),
        }
    }

    /// Runs the table until it closes.
    fn run(mut self, inbox: Receiver<Command<Self>>) {
        tracing::info!(table = self.id, game = %C::GAME, kind = ?self.spec.kind, "table opened");
        if self.kind() != Kind::TwoPlayers {
            // A table for two starts its match when the second player sits down.
            tracing::info!(
                table = self.id,
                seed = self.game.config().seed(),
                "match started"
            );
        }
        self.publish();
        self.drive(Instant::now());
        serve(&mut self, &inbox);
        let reason = self
            .closed
            .take()
            .unwrap_or_else(|| "the table closed".to_string());
        // A record of a match nobody began is not worth keeping.
        if self.game.played() == 0
            && let Some(path) = self.game.record_path()
        {
            let _ = std::fs::remove_file(path);
        }
        self.broadcast(News::Closed(reason.clone()));
        self.registry.remove(self.id);
        tracing::info!(table = self.id, reason = %escape(&reason), "table closed");
    }

    fn next_wake(&self) -> Option<Instant> {
        let mut wake: Option<Instant> = None;
        let mut at = |t: Instant| wake = Some(wake.map_or(t, |w| w.min(t)));
        if self.queued.is_some() {
            at(self.last_move_at + self.pace());
        }
        if let Some(redeal) = self.redeal_at {
            at(redeal);
        }
        if let Some(end) = self.seating.grace_ends() {
            at(end);
        }
        if let Some(flag) = self.game.clock().and_then(Clock::flag_at) {
            at(flag);
        }
        wake
    }

    /// The pause before the next move: the table's pace plus time to show the last battle.
    fn pace(&self) -> Duration {
        if self.spec.pace.is_zero() {
            return Duration::ZERO;
        }
        let steps = self.game.last_steps() as u32;
        self.spec.pace + Duration::from_millis(350) * steps
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
                let answer = self.join(client, who, want, tell);
                let _ = reply.send(answer);
            }
            Command::Leave { client, dropped } => self.leave(client, dropped, now),
            Command::Ask { client, request } => self.ask(client, request, now),
            Command::Own(TableOwn::Reported(reported)) => self.hear_reported(reported),
            Command::Own(TableOwn::Computer(ComputerMove { ticket, mv })) => {
                if ticket == self.ticket && self.thinking {
                    self.thinking = false;
                    match mv {
                        Some(mv) => self.queued = Some(mv),
                        None => tracing::error!(table = self.id, "a computer seat found no move"),
                    }
                }
            }
            Command::Stop(reason) => self.closed = Some(reason),
        }
    }

    fn join(
        &mut self,
        client: ClientId,
        who: Identity,
        want: Want,
        tell: Tell<C>,
    ) -> Result<Joined<C>, Refused> {
        let role = match want {
            Want::Watch => Role::Watches,
            Want::Seat => Role::Plays(self.take_seat(client, &who)?),
        };
        self.seating.hear(client, tell);
        if let Role::Plays(player) = role {
            tracing::info!(table = self.id, user = %escape(&who.user), player = %C::side_name(player), "took a seat");
            let back = self.game.played() != 0 && !self.game.is_over();
            let text = if back {
                format!("{} is back at {}", who.user, C::side_name(player))
            } else {
                format!("{} sits at {}", who.user, C::side_name(player))
            };
            self.seating.broadcast_except(client, News::Notice(text));
            if self.kind() == Kind::TwoPlayers
                && self.game.played() == 0
                && !self.waiting_for_opponent()
            {
                // A casual table says so as its game begins.
                let casual = if self.spec.casual {
                    " (casual: not rated)"
                } else {
                    ""
                };
                self.broadcast(News::Notice(format!(
                    "Both seats taken: {} moves first{casual}",
                    C::side_title(Side::First)
                )));
                tracing::info!(
                    table = self.id,
                    seed = self.game.config().seed(),
                    "match started"
                );
            }
        }
        self.broadcast(News::Seats(self.seat_views()));
        Ok(Joined {
            table: self.id,
            kind: self.kind(),
            role,
            config: self.game.config().clone(),
            moves: self.game.moves(),
            seats: self.seat_views(),
            clock: self.clock_reading(Instant::now()),
            lost_on_time: self.game.lost_on_time(),
        })
    }

    /// The seat `who` may sit in: their own (kept while away, or the one they opened), else
    /// an open one.
    fn take_seat(&mut self, client: ClientId, who: &Identity) -> Result<Side, Refused> {
        if let Some(place) = self.seating.own(who) {
            self.seating.take_back(
                place,
                client,
                who,
                || News::Closed("you sat down again from another session".into()),
                || Refused::new("you already sit at this table in another session"),
            )?;
            return Ok(side_at(place));
        }
        if self.game.is_over() {
            return Err(Refused::new("this match is over; you can watch it"));
        }
        match self.seating.open_place() {
            Some(place) => {
                self.seating.sit(place, who, client);
                Ok(side_at(place))
            }
            None => Err(Refused::new(
                "both seats are taken; you can watch this table",
            )),
        }
    }

    fn leave(&mut self, client: ClientId, dropped: bool, now: Instant) {
        self.seating.forget(client);
        if self.seating.place_of(client).is_none() {
            return;
        }
        // An offer of a rematch stands only while both players are there.
        self.rematch = [false; 2];
        let over = self.game.is_over();
        let waiting = self.waiting_for_opponent();
        let unstarted = self.game.played() == 0 && self.kind() == Kind::VsComputer;
        let grace = self.spec.grace;
        // The seat is kept only while the match goes on without them.
        let Some((place, who)) = self.seating.step_out(client, !over, now) else {
            return;
        };
        let player = side_at(place);
        let user = who.user;
        tracing::info!(table = self.id, user = %escape(&user), player = %C::side_name(player), dropped, "left the table");
        if waiting || unstarted {
            // Nothing to come back to.
            self.closed = Some(format!("{user} closed the table"));
            return;
        }
        if over {
            self.broadcast(News::Notice(format!("{user} left the table")));
        } else {
            let how = if dropped {
                "lost the connection"
            } else {
                "stepped out"
            };
            self.broadcast(News::Notice(format!(
                "{user} ({}) {how}; the seat is kept {} s for them to come back",
                C::side_name(player),
                grace.as_secs()
            )));
        }
        self.broadcast(News::Seats(self.seat_views()));
        self.close_if_deserted();
    }

    fn ask(&mut self, client: ClientId, request: Request<C>, now: Instant) {
        let Some(player) = self.seat_of(client) else {
            return self
                .seating
                .tell(client, News::Refused("Only the players can move".into()));
        };
        match request {
            Request::Play(mv) => {
                if self.waiting_for_opponent() {
                    return self.tell(client, News::Refused("Waiting for an opponent".into()));
                }
                // A move that arrives after the flag fell is too late, however close.
                if self.check_flag(now) {
                    return self.tell(client, News::Refused("Too late: the time is up".into()));
                }
                if self.game.turn() != player || self.game.is_over() {
                    return self.tell(client, News::Refused("It is not your turn".into()));
                }
                if let Err(e) = self.game.play(mv, now) {
                    return self.tell(client, News::Refused(format!("Refused: {e}")));
                }
                self.after_move(now);
            }
            Request::NewDeal => {
                if self.kind() == Kind::Showcase || !self.game.is_over() {
                    return self.tell(
                        client,
                        News::Refused("A new deal comes once this game is over".into()),
                    );
                }
                if self.kind() == Kind::VsComputer {
                    return self.new_deal();
                }
                self.rematch[player.index()] = true;
                if self.rematch == [true, true] {
                    self.broadcast(News::Notice("Rematch! A new deal".into()));
                    self.new_deal();
                } else {
                    self.offer_rematch(player);
                }
            }
        }
    }

    /// News of the move just played, and what follows from it.
    fn after_move(&mut self, now: Instant) {
        let moves = self.game.moves();
        let index = moves.len().saturating_sub(1);
        let Some(&mv) = moves.last() else {
            return;
        };
        self.last_move_at = now;
        self.broadcast(News::Moved { index, mv });
        if let Some(reading) = self.clock_reading(now) {
            self.broadcast(News::Clock(reading));
        }
        if let Some(e) = self.game.take_record_error() {
            tracing::warn!(table = self.id, "cannot record: {e}");
            self.unrecorded = true;
        }
        if std::mem::take(&mut self.unrecorded) && !self.told_unrecorded {
            self.told_unrecorded = true;
            self.broadcast(News::Notice(NOT_RECORDED.into()));
        }
        self.finish_if_over(now);
    }

    /// Once the match is over (on the board or the clock): logs it, reports the result and
    /// schedules the showcase's next deal.
    fn finish_if_over(&mut self, now: Instant) {
        let Some(outcome) = self.game.outcome() else {
            return;
        };
        let seats = self.seat_views();
        let summary = match self.game.lost_on_time() {
            Some(flagged) => on_time::<C>(flagged, outcome, &seats),
            None => describe::<C>(outcome, &seats),
        };
        tracing::info!(
            table = self.id,
            seed = self.game.config().seed(),
            moves = self.game.played(),
            outcome = %escape(&summary),
            "match finished"
        );
        if self.kind() == Kind::Showcase {
            self.redeal_at = Some(now + self.spec.rest);
        }
        self.report_verdict(outcome, summary);
        self.close_if_deserted();
    }

    /// Ends the match if the running side's time is out at `now`, telling everyone; whether
    /// it ended so (now or before).
    fn check_flag(&mut self, now: Instant) -> bool {
        if let Some(flagged) = self.game.flag_fell(now) {
            self.thinking = false;
            self.queued = None;
            self.broadcast(News::OnTime(flagged));
            if let Some(reading) = self.clock_reading(now) {
                self.broadcast(News::Clock(reading));
            }
            self.finish_if_over(now);
        }
        self.game.lost_on_time().is_some()
    }

    /// The clocks at `now`, on a clocked table.
    fn clock_reading(&self, now: Instant) -> Option<ClockReading> {
        self.game.clock().map(|clock| ClockReading::of(clock, now))
    }

    /// Tells everyone at the table that `player` asked for a rematch, each in their own
    /// words: the asker waits for the other player, who alone is told how to accept.
    fn offer_rematch(&mut self, player: Side) {
        let name = self.person_at(player).unwrap_or_default();
        let side = C::side_name(player);
        let other = match self.person_at(player.other()) {
            Some(other) if !other.is_empty() => other,
            _ => "the other player".to_string(),
        };
        self.seating.each(|place| {
            News::Notice(match place {
                Some(place) if place == player.index() => {
                    format!("Rematch asked: waiting for {other}")
                }
                Some(_) => format!("{name} ({side}) wants a rematch: n to accept"),
                None => format!("{name} ({side}) wants a rematch"),
            })
        });
    }

    /// The name of the person sitting (or kept) at `player`'s seat.
    fn person_at(&self, player: Side) -> Option<String> {
        self.seating.person_at(player.index()).map(str::to_string)
    }

    /// Deals the next game on the same setup with a new seed.
    fn new_deal(&mut self) {
        self.rematch = [false; 2];
        if self.kind() == Kind::Showcase
            && let Some(successor) = self.successor.take()
        {
            // A rotating showcase hands over to the next game's table.
            self.closed = Some(match successor(&self.registry) {
                Some(next) => format!("the showcase goes on at table {next}"),
                None => "the showcase has ended".to_string(),
            });
            return;
        }
        let mut config = self.game.config().clone();
        let seed = (self.spec.reseed)(&config);
        config.set_seed(seed);
        if self.kind() == Kind::Showcase {
            // The computers change colours each game.
            config.swap_seats();
            self.seating.swap(0, 1);
        }
        match start_match(self.id, &self.spec, &config) {
            Ok((game, unrecorded)) => {
                self.game = game;
                self.unrecorded |= unrecorded;
                self.game_id = super::rated::new_game_id();
                self.started_at = crate::store::worker::now();
                self.reported = false;
                self.queued = None;
                self.redeal_at = None;
                self.start_worker();
                self.broadcast(News::NewDeal(Box::new(config)));
                self.broadcast(News::Seats(self.seat_views()));
                tracing::info!(
                    table = self.id,
                    seed = self.game.config().seed(),
                    "match started"
                );
            }
            Err(e) => {
                tracing::error!(table = self.id, "cannot deal again: {e}");
                self.closed = Some(format!("cannot deal again: {e}"));
            }
        }
    }

    fn start_worker(&mut self) {
        self.ticket += 1;
        self.thinking = false;
        let commands = self.commands.clone();
        self.worker = self.game.start_worker(Box::new(move |ticket, mv| {
            commands
                .send(Command::Own(TableOwn::Computer(ComputerMove {
                    ticket,
                    mv,
                })))
                .is_ok()
        }));
    }

    /// Keeps computer seats going: asks when one is to move, plays its answer once the pace
    /// allows, and deals the showcase's next game when its rest is over.
    fn drive(&mut self, now: Instant) {
        if self.redeal_at.is_some_and(|at| now >= at) {
            self.new_deal();
        }
        if self.game.is_over() || self.waiting_for_opponent() {
            return;
        }
        // The clock runs from the moment the first move is asked.
        if self.game.clock().is_some_and(|c| c.running().is_none()) {
            self.game.start_clock(now);
            if let Some(reading) = self.clock_reading(now) {
                self.broadcast(News::Clock(reading));
            }
        }
        if !matches!(
            self.seating.places().get(self.game.turn().index()),
            Some(Occupant::Computer(_))
        ) {
            return;
        }
        if let Some(mv) = self.queued {
            if now < self.last_move_at + self.pace() {
                return;
            }
            self.queued = None;
            if self.check_flag(now) {
                return;
            }
            match self.game.play(mv, now) {
                Ok(_) => self.after_move(now),
                Err(e) => tracing::error!(table = self.id, "a computer move was refused: {e}"),
            }
            // The next computer move, if any, is asked for below on the next pass.
            return self.drive(now);
        }
        if !self.thinking
            && let Some(worker) = &self.worker
        {
            self.ticket += 1;
            self.thinking = true;
            let budget = self.computer_budget(now);
            self.game.request(worker, self.ticket, budget);
        }
    }

    /// On a clock, what the computer to move may think: its share of its time (its own
    /// moves still to come are at most half the cells left), never more than the table's
    /// thinking time, less a margin for the table to hear it ([`Clock::computer_budget`]).
    fn computer_budget(&self, now: Instant) -> Option<Duration> {
        let clock = self.game.clock()?;
        let moves_left = self.game.cells().saturating_sub(self.game.played()) / 2 + 1;
        let most = Duration::from_millis(self.game.config().think_ms());
        Some(clock.computer_budget(self.game.turn(), now, moves_left, most))
    }

    /// Ends seats whose grace is over: the match stops there, recorded as it stood.
    fn expire(&mut self, now: Instant) {
        let Some(who) = self.seating.expired(now) else {
            return;
        };
        let saved = match self.game.record_path() {
            Some(_) if self.game.played() != 0 => "; the match is saved",
            _ => "",
        };
        let who = who.clone();
        if !self.game.is_over()
            && let Some(place) = self.seating.own(&who)
        {
            // Whoever did not come back loses the game.
            let places = Side::BOTH.map(|s| u32::from(s.index() == place));
            self.report(places, format!("{} did not come back", who.user));
        }
        self.closed = Some(format!(
            "{} did not come back within {} s{saved}",
            who.user,
            self.spec.grace.as_secs()
        ));
    }

    /// Closes a table no person is at any more (the showcase stays).
    fn close_if_deserted(&mut self) {
        if self.kind() == Kind::Showcase {
            return;
        }
        if !self.seating.anyone_present() && !self.seating.anyone_away() {
            self.closed = Some("everyone left".into());
        }
    }

    fn kind(&self) -> Kind {
        self.spec.kind
    }

    fn waiting_for_opponent(&self) -> bool {
        self.seating.open_place().is_some()
    }

    fn seat_of(&self, client: ClientId) -> Option<Side> {
        self.seating.place_of(client).map(side_at)
    }

    fn seat_views(&self) -> [SeatView; 2] {
        let states = self.seating.states();
        Side::BOTH.map(|p| {
            let i = p.index();
            let name = match self.seating.places().get(i) {
                Some(Occupant::Computer(name)) => name.clone(),
                _ => self.seating.person_at(i).unwrap_or_default().to_string(),
            };
            SeatView {
                name,
                state: states.get(i).copied().unwrap_or(SeatState::Open),
            }
        })
    }

    fn tell(&mut self, client: ClientId, news: News<C>) {
        self.seating.tell(client, news);
    }

    fn broadcast(&mut self, news: News<C>) {
        self.seating.broadcast(news);
    }

    fn publish(&self) {
        self.registry.update(self.summary());
    }
}

/// The side that sits in place `place` (0: first).
fn side_at(place: usize) -> Side {
    if place == 0 {
        Side::First
    } else {
        Side::Second
    }
}

/// Deals `config` into a match, recorded in the data folder when the table has one and a
/// person plays; `true` beside it when it should be recorded but cannot be.
fn start_match<C: TableGame>(
    id: TableId,
    spec: &TableSpec<C>,
    config: &C,
) -> Result<(C::Match, bool), DuelError> {
    let record = match (&spec.data_dir, spec.kind) {
        (Some(dir), Kind::VsComputer | Kind::TwoPlayers) => {
            match autosave::create_matches_dir(dir) {
                Ok(_) => Some(autosave::new_table_match_path(dir, config.seed(), id)),
                Err(e) => {
                    tracing::warn!(table = id, "not recording: {e}");
                    return config.start(None).map(|game| (game, true));
                }
            }
        }
        _ => None,
    };
    match config.start(record.clone()) {
        Ok(game) => Ok((game, false)),
        // A record that cannot be written must not stop the game.
        Err(e) if record.is_some() => {
            tracing::warn!(table = id, "not recording: {e}");
            config.start(None).map(|game| (game, true))
        }
        Err(e) => Err(e),
    }
}

/// A match ended on the clock, in words: `alice (Dark) lost on time`, and `: a draw` when
/// the other side could no longer win.
fn on_time<C: TableGame>(flagged: Side, outcome: Verdict, seats: &[SeatView; 2]) -> String {
    let name = &seats[flagged.index()].name;
    let lost = format!("{name} ({}) lost on time", C::side_name(flagged));
    match outcome {
        Verdict::Tie => format!("{lost}: a draw, the other side could no longer win"),
        Verdict::Win(_) => lost,
    }
}

/// A finished match's result in words: `alice wins`, `tie`.
fn describe<C: TableGame>(outcome: Verdict, seats: &[SeatView; 2]) -> String {
    match outcome {
        Verdict::Win(p) => format!("{} ({}) wins", seats[p.index()].name, C::side_name(p)),
        Verdict::Tie => "tie".to_string(),
    }
}
