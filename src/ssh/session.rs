//! One connection's screens: the lobby and the table's screen above it, the input queue that
//! feeds them, and how they open, join and leave the server's tables. A screen worker drives
//! them (`task.rs`).

use std::cell::{Cell, Ref, RefCell};
use std::net::SocketAddr;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::Shared;
use super::lobby::{Intent, Lobby};
use super::pairing::{ALONE_FOR, PoolSeat};
use crate::controller::Seat;
use crate::controller::duel::DuelConfig;
use crate::controller::pool::{PoolKey, Waiting};
use crate::controller::race_table::{RaceTable, Setup, TableRace};
use crate::controller::refusal::TableError;
use crate::controller::table::{ClientId, Identity, Kind, News, Table, TableId, TableSpec, Want};
use crate::controller::table_kind::TableKind;
use crate::controller::tables::Registry;
use crate::tui::event::Pairing;
use crate::tui::event::Sender;
use crate::tui::lobby::{GameOptions, Mode};
use crate::tui::players::daily_store::{self, DailyStore};
use crate::tui::players::{GUESTS_HAVE_NO_PROFILE, Whose};
use crate::tui::stones::{StoneGame, StonesScreen};
use crate::tui::view::message::Message;
use crate::tui::{Closed, Event, Opening, Screen as TuiScreen, Theme, Transition};

/// At most this many frames a second go to one client.
pub(crate) const FRAME_INTERVAL: Duration = Duration::from_millis(33);
/// After a frame was dropped for a slow client, try a full redraw this much later.
pub(crate) const RETRY_AFTER_DROP: Duration = Duration::from_millis(250);

/// Full screen, cursor hidden, mouse reports (clicks and drags, SGR encoding), bracketed
/// paste, and a cleared screen.
pub const ENTER: &str =
    "\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?2004h\x1b[0m\x1b[H\x1b[2J";
/// Undoes [`ENTER`]: the client's terminal is as it was.
pub const LEAVE: &str = "\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/// The line a client reads when the server stops under it.
pub const SHUTDOWN_GOODBYE: &str = "trios: the server is shutting down. Goodbye!\r\n";

/// The largest screen drawn, in columns and rows. A client's bigger terminal is drawn at this
/// size (at its top left): the screen's buffers are allocated from the size, so one client
/// asking for 65535x65535 must not make the server allocate hundreds of gigabytes.
pub const MAX_SIZE: (u16, u16) = (500, 200);

/// The size drawn for a terminal of `cols` x `rows` as a client gives it: at least 1x1, at
/// most [`MAX_SIZE`].
pub fn screen_size(cols: u32, rows: u32) -> (u16, u16) {
    let fit = |n: u32, max: u16| u16::try_from(n).unwrap_or(u16::MAX).clamp(1, max);
    (fit(cols, MAX_SIZE.0), fit(rows, MAX_SIZE.1))
}

/// At most this many of a player's keys, clicks and resizes wait for their screens;
/// more are dropped, so a flood of input cannot grow the server's memory.
pub const INPUT_QUEUE: usize = 4096;

/// The player hears that input was dropped once their input has paused this long (told
/// while the flood goes on, the next key would clear the notice at once).
pub(crate) const TELL_DROPPED_AFTER: Duration = Duration::from_millis(250);

/// What a player is told (once) when some of their input was dropped.
pub const INPUT_DROPPED: &str = "Too much input at once: the rest was dropped";

/// How much of a connection's input waits for its screens, and whether some was dropped.
/// Clones share the count.
#[derive(Clone, Default)]
pub struct InputCount {
    /// Input events sent and not yet taken by the screens.
    waiting: Arc<AtomicUsize>,
    /// Input was dropped and the player not told yet.
    dropped: Arc<AtomicBool>,
}

impl InputCount {
    /// The screens took one input event.
    pub(crate) fn taken(&self) {
        let _ = self
            .waiting
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
    }

    /// Whether input was dropped since this was last asked.
    pub(crate) fn take_dropped(&self) -> bool {
        self.dropped.swap(false, Ordering::SeqCst)
    }
}

/// A connection's input on its way to its screens: keys, clicks and resizes, at most
/// [`INPUT_QUEUE`] waiting.
#[derive(Clone)]
pub struct InputQueue {
    events: Sender<Event>,
    count: InputCount,
}

impl InputQueue {
    /// A queue into `events` (the screens' inbox, which other senders share), counted in
    /// `count`.
    pub fn new(events: Sender<Event>, count: InputCount) -> InputQueue {
        InputQueue { events, count }
    }

    /// Queues a key, click or resize; false when it was dropped (the queue is full, or the
    /// screens have ended).
    pub fn send(&self, event: Event) -> bool {
        let waiting = &self.count.waiting;
        if waiting.fetch_add(1, Ordering::SeqCst) >= INPUT_QUEUE {
            waiting.fetch_sub(1, Ordering::SeqCst);
            self.note_dropped();
            return false;
        }
        if self.events.send(event).is_err() {
            waiting.fetch_sub(1, Ordering::SeqCst);
            return false;
        }
        true
    }

    /// Input was dropped before it reached the queue (a paste beyond its limit).
    pub fn note_dropped(&self) {
        self.count.dropped.store(true, Ordering::SeqCst);
    }
}

/// Everything a connection's screens need to know about its player.
pub struct GameSpec {
    pub who: Identity,
    pub client: ClientId,
    pub peer: SocketAddr,
    /// Columns and rows from the pty request (at most [`MAX_SIZE`]).
    pub size: (u16, u16),
    /// How much of the connection's input waits; the screens count what they take.
    pub input: InputCount,
    pub theme: Theme,
    pub(crate) shared: Arc<Shared>,
}

/// Why a connection's screens ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The player quit (or the server asked the game to stop).
    Quit,
    /// No input for the idle timeout.
    Idle,
    /// The client went away.
    Gone,
    /// The screen could not be drawn.
    Failed,
    /// The server is stopping.
    Stopped,
}

/// How a table's news is told apart, per game: the event that shows a line of the server's
/// in the status bar (as the table's notices show), and whether an event says the table
/// closed.
pub struct TableNews {
    pub(crate) notice: fn(TableId, &str) -> Event,
    pub(crate) closes: fn(&Event, TableId) -> bool,
}

/// The news of a duel table dealt from setups `C`.
pub fn duel_news<C: crate::controller::table_game::TableGame>() -> TableNews {
    TableNews {
        notice: |id, text| Event::Table(id, Arc::new(News::<C>::Notice(text.into()))),
        closes: |event, id| {
            closes_with(event, id, |news: &News<C>| matches!(news, News::Closed(_)))
        },
    }
}

/// Whether `event` is news of type `N` from table `id` that says it closed.
pub(crate) fn closes_with<N: 'static>(
    event: &Event,
    id: TableId,
    closed: impl Fn(&N) -> bool,
) -> bool {
    match event {
        Event::Table(t, news) => *t == id && news.downcast_ref::<N>().is_some_and(closed),
        _ => false,
    }
}

/// One connection as its screens see it: the player, where the screens' events go,
/// and the table the player sits at or watches now, if any.
pub struct Conn {
    /// Who the player is and where; their name changes when their account is renamed.
    spec: RefCell<GameSpec>,
    pub(crate) events: Sender<Event>,
    /// Set while a table's screen is open; the session leaves that table when it ends.
    pub(crate) at_table: Cell<Option<TableId>>,
    /// Set while the lobby opens a table its opener asked to play casual.
    casual: Cell<bool>,
}

impl Conn {
    /// The connection as it is now. Borrowed only for a moment, on the session's worker;
    /// nothing renames the player while it is held.
    pub(crate) fn spec(&self) -> Ref<'_, GameSpec> {
        self.spec.borrow()
    }

    /// The player's account is now called `handle`: tables opened or joined from here on
    /// seat them under it.
    pub(crate) fn rename(&self, handle: &str) {
        self.spec.borrow_mut().who.user = handle.to_string();
    }
}

/// A table being shown, on top of the lobby.
pub struct TableScreen {
    id: TableId,
    screen: Box<dyn TuiScreen>,
    news: TableNews,
    /// Watching the showcase: when it hands over to the next game's showcase, follow it.
    follows_showcase: bool,
    conn: Rc<Conn>,
    /// The screen's size, for the next showcase's screen.
    size: (u16, u16),
}

impl TableScreen {
    /// Shows a line of the server's on the table's screen.
    fn notice(&mut self, text: &str) {
        let event = (self.news.notice)(self.id, text);
        self.screen.update(event, Instant::now());
    }

    /// The table's screen as the stack opens it.
    fn opening(self) -> Opening {
        Box::new(move |_events, _size, _theme| Box::new(self))
    }
}

impl TuiScreen for TableScreen {
    fn update(&mut self, event: Event, now: Instant) -> Transition {
        if matches!(event, Event::Lobby) {
            // A stale word about the lobby changes nothing on a table's screen.
            return Transition::Stay;
        }
        if let Event::Resize(w, h) = event {
            self.size = (w, h);
        }
        let closed = (self.news.closes)(&event, self.id);
        let next = self.screen.update(event, now);
        if closed && self.follows_showcase {
            // The showcase went on at another game's table: watch that one.
            let registry = self.conn.spec().shared.tables.clone();
            let next = registry
                .list()
                .into_iter()
                .find(|s| s.kind == Kind::Showcase && s.id != self.id);
            if let Some(next) = next
                && let Ok(mut fresh) = join(&self.conn, next.id, Want::Watch, self.size)
            {
                fresh.notice(&format!("The showcase goes on: {}", next.game.title()));
                *self = fresh;
                return Transition::Stay;
            }
        }
        match next {
            // A server's screen is not suspended: Ctrl-Z is the client's terminal's business.
            Transition::Pop | Transition::Quit => Transition::Pop,
            Transition::Unchanged => Transition::Unchanged,
            _ => Transition::Stay,
        }
    }

    fn next_tick(&self) -> Option<Instant> {
        self.screen.next_tick()
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.screen.draw(area, buf);
    }

    /// The player leaves the table (keeping no seat: they chose to go).
    fn close(&mut self) -> Closed {
        let conn = &self.conn;
        let client = conn.spec().client;
        conn.spec().shared.tables.leave(self.id, client, false);
        conn.at_table.set(None);
        Closed::default()
    }

    fn say(&mut self, text: &str) {
        self.notice(text);
    }
}

/// A server's lobby at the bottom of a connection's stack: a choice opens a table's screen
/// on top of it, and coming back lists the tables again.
pub(crate) struct LobbyScreen {
    lobby: Lobby,
    pub(crate) conn: Rc<Conn>,
    /// The player's account was renamed since the lobby was last drawn.
    renamed: bool,
    /// Waiting in the pool: for which game and clock, on what options, since when.
    pooled: Option<(PoolKey, GameOptions, Instant)>,
}

impl LobbyScreen {
    /// The lobby of the player `spec`, its news going to `events`, greeted with `greeting`
    /// (and whether as a warning); and the table to show at once for a player back after a
    /// dropped connection, whose seat was kept.
    pub(crate) fn open(
        spec: GameSpec,
        events: Sender<Event>,
        greeting: Option<Message>,
    ) -> (LobbyScreen, Option<Opening>) {
        let shared = spec.shared.clone();
        let registry = &shared.tables;
        watch_lobby(&spec, &events);
        let mut lobby = Lobby::new(
            spec.who.clone(),
            shared.choices.clone(),
            spec.size,
            spec.theme,
        );
        lobby.set_tables(registry.list());
        if let Some(greeting) = greeting {
            lobby.say(&greeting.text, greeting.error);
        }
        lobby.set_players(shared.store.is_some());
        lobby.set_online(shared.online_now());
        lobby.set_tables_elsewhere(shared.tables_elsewhere());
        crate::ssh::lock(&shared.online).insert(spec.client, spec.who.clone());
        let (size, client) = (spec.size, spec.client);
        let conn = Rc::new(Conn {
            spec: RefCell::new(spec),
            events,
            at_table: Cell::new(None),
            casual: Cell::new(false),
        });
        let mut root = LobbyScreen {
            lobby,
            conn: conn.clone(),
            renamed: false,
            pooled: None,
        };
        let mut back = None;
        if let Some(id) = registry.seat_kept_for(&conn.spec().who) {
            match join(&conn, id, Want::Seat, size) {
                Ok(mut table) => {
                    table.notice("Welcome back: your match goes on");
                    registry.unwatch_lobby(client);
                    back = Some(table.opening());
                }
                Err(e) => (root.lobby).say(&format!("Cannot return to table {id}: {e}"), true),
            }
        }
        (root, back)
    }
}

impl LobbyScreen {
    /// The player's account is now called `handle`: the lobby says so, and tables from
    /// here on seat them under it.
    pub(crate) fn renamed(&mut self, handle: &str) {
        self.conn.rename(handle);
        self.lobby.rename_me(handle);
        self.lobby
            .say(&format!("Your account is now called {handle}"), false);
        self.renamed = true;
    }
}

impl LobbyScreen {
    /// Opens or joins the table `intent` asks for.
    fn table_for(&self, intent: Intent) -> Option<Result<TableScreen, AtTableError>> {
        let conn = &self.conn;
        let size = self.lobby.size;
        Some(match intent {
            Intent::Quit => return None,
            Intent::Open { opponent, options } => ((conn.spec().shared.games.open_table)(
                options.game(),
            ))(conn, opponent, &options, size),
            Intent::Join(id) => join(conn, id, Want::Seat, size),
            Intent::Watch(id) => join(conn, id, Want::Watch, size),
            // The lobby's other games: a table against the chosen computer, or for two.
            Intent::Play(launch) => {
                let opponent = (launch.mode != Mode::TwoPlayers).then(|| launch.opponent.clone());
                ((conn.spec().shared.games.open_table)(launch.game))(
                    conn,
                    opponent,
                    &launch.options,
                    size,
                )
            }
            // Saved matches stay on the server's disk.
            Intent::Resume(_) | Intent::Replay(_) => Err(AtTableError::SavedMatches),
            // Handled before, by the pool.
            Intent::FindOpponent(_) => return None,
            // Opened above, without a table.
            Intent::Players { .. } | Intent::Daily(_) | Intent::DailyBoard => return None,
            // The same table, opened casual: its games are kept but not rated.
            Intent::Casual(open) => {
                conn.casual.set(true);
                let opened = self.table_for(*open);
                conn.casual.set(false);
                return opened;
            }
        })
    }
}

impl LobbyScreen {
    /// The player's profile (`profile`) or the leaderboards, on a server that keeps them;
    /// `None` for a guest's profile.
    fn players_screen(&self, profile: bool, of: Option<Whose>) -> Option<Opening> {
        let store = self.conn.spec().shared.store.clone()?;
        let me = self.conn.spec().who.proof.account();
        let of = match of {
            Some(Whose::Guest) => return None,
            None if profile && me.is_none() => return None,
            of => of,
        };
        let source = Box::new(super::players::StoreSource {
            store,
            me,
            replay: self.conn.spec().shared.games.replay,
        });
        let viewer = me.map_or(Whose::Guest, Whose::Account);
        let game = self.lobby.game_kind();
        let groups = self.conn.spec().shared.choices.rating_groups();
        Some(Box::new(move |_events, _size, theme| {
            let mut screen = crate::tui::players::PlayersScreen::new(
                source,
                viewer,
                groups,
                game,
                profile && of.is_none(),
                theme,
            );
            if let Some(other) = of {
                screen.open_profile(other);
            }
            Box::new(screen)
        }))
    }
}

impl LobbyScreen {
    /// Where this player's daily results go: the server's store for an account; a guest's
    /// and a server without a store's are not kept, and the words say why.
    fn daily_store(&self) -> DailyStore {
        let store = self.conn.spec().shared.store.clone();
        let me = self.conn.spec().who.proof.account();
        let not_kept = if store.is_none() {
            Some("this server keeps no players' results".to_string())
        } else if me.is_none() {
            Some("guests' results are not kept: connect with an SSH key to have them kept".into())
        } else {
            None
        };
        DailyStore {
            store,
            me,
            not_kept,
            puzzles: self.conn.spec().shared.games.puzzles,
        }
    }
}

/// The rating a player without one in a group is paired at: a new rating's.
const NEW_RATING: f64 = 1500.0;

impl LobbyScreen {
    /// `f`: waits in the pool of the game and clock chosen, said on the lobby's line.
    fn find_opponent(&mut self, options: GameOptions, now: Instant) -> Transition {
        let Some(clock) = options.clock() else {
            self.lobby
                .say("Pick a clock first: the pool plays on a clock", true);
            return Transition::Stay;
        };
        let conn = self.conn.clone();
        let spec = conn.spec();
        let shared = spec.shared.clone();
        let key = PoolKey {
            game: options.game(),
            clock,
        };
        let account = spec.who.proof.account();
        let group = (shared.choices.game(key.game).rating_groups.first())
            .map_or_else(|| key.game.name().to_string(), |g| g.to_string());
        let rating = match (&shared.store, account) {
            (Some(store), Some(me)) => store
                .ask(Duration::from_secs(2), move |s| s.ratings(me))
                .ok()
                .and_then(|all| all.into_iter().find(|r| r.group == group))
                .map_or(NEW_RATING, |r| r.rating),
            _ => NEW_RATING,
        };
        shared.join_pool(Waiting {
            who: PoolSeat {
                client: spec.client,
                events: conn.events.clone(),
            },
            pool: key,
            account,
            rating,
            since: now,
        });
        drop(spec);
        self.pooled = Some((key, options, now));
        self.say_waiting(now);
        shared.pair_pool(now);
        Transition::Stay
    }

    /// The lobby's line while in the pool: what for, how many wait, how long, and the keys.
    fn say_waiting(&mut self, now: Instant) {
        let Some((key, since)) = self.pooled.as_ref().map(|(k, _, s)| (*k, *s)) else {
            return;
        };
        let waited = now.saturating_duration_since(since).as_secs();
        let others = self.conn.spec().shared.waiting_in(key).saturating_sub(1);
        let alone = now.saturating_duration_since(since) >= ALONE_FOR && others == 0;
        let meanwhile = if alone {
            " · c: play the computer meanwhile"
        } else {
            ""
        };
        self.lobby.say(
            &format!(
                "Looking for an opponent: {} {} · {} waiting · {}:{:02} · Esc leaves{meanwhile}",
                key.game.title(),
                key.clock,
                crate::words::count(others, "other"),
                waited / 60,
                waited % 60
            ),
            false,
        );
    }

    /// Leaves the pool, if in it.
    fn leave_pool(&mut self) {
        if self.pooled.take().is_some() {
            self.conn.spec().shared.leave_pool(self.conn.spec().client);
        }
    }

    /// Quick pairing found an opponent: open the table for both (and tell the partner its
    /// number), or sit at the one the partner opened.
    fn paired(&mut self, pairing: Pairing) -> Transition {
        let Some((_, options, _)) = self.pooled.take() else {
            return Transition::Stay;
        };
        let size = self.lobby.size;
        let opened = match pairing {
            Pairing::Open { partner } => {
                let opened = self.table_for(Intent::Open {
                    opponent: None,
                    options,
                });
                if let Some(Ok(table)) = &opened {
                    let _ = partner.send(Event::Paired(Pairing::Join(table.id)));
                }
                opened
            }
            Pairing::Join(id) => Some(join(&self.conn, id, Want::Seat, size)),
        };
        match opened {
            Some(opened) => self.sit(opened, "Cannot sit at the pairing's table"),
            None => Transition::Stay,
        }
    }

    /// Shows the table `opened` for this player (the lobby stops hearing of the tables), or
    /// says why it could not be, after `cannot`.
    fn sit(&mut self, opened: Result<TableScreen, AtTableError>, cannot: &str) -> Transition {
        let conn = self.conn.clone();
        let registry = conn.spec().shared.tables.clone();
        match opened {
            Ok(table) => {
                registry.unwatch_lobby(conn.spec().client);
                Transition::Push(table.opening())
            }
            Err(e) => {
                self.lobby.set_tables(registry.list());
                self.lobby.say(&format!("{cannot}: {e}"), true);
                Transition::Stay
            }
        }
    }

    /// While in the pool: `Esc` leaves it, `c` after a while alone plays the computer
    /// meanwhile; other keys act as in the lobby (and leave the pool if they start something).
    fn pool_key(&mut self, event: &Event) -> Option<Transition> {
        let (key, since) = self.pooled.as_ref().map(|(k, _, s)| (*k, *s))?;
        let Event::Key(press) = event else {
            return None;
        };
        if press.kind == ratatui::crossterm::event::KeyEventKind::Release {
            return None;
        }
        match press.code {
            ratatui::crossterm::event::KeyCode::Esc => {
                self.leave_pool();
                self.lobby.say("You left the pool", false);
                Some(Transition::Stay)
            }
            ratatui::crossterm::event::KeyCode::Char('c')
                if since.elapsed() >= ALONE_FOR && self.conn.spec().shared.waiting_in(key) <= 1 =>
            {
                self.leave_pool();
                let launch = self.lobby.launch(Mode::VsComputer);
                let casual = Intent::Casual(Box::new(Intent::Play(launch)));
                Some(match self.table_for(casual) {
                    Some(opened) => self.sit(opened, "Cannot do that"),
                    None => Transition::Stay,
                })
            }
            _ => None,
        }
    }
}

impl Drop for LobbyScreen {
    fn drop(&mut self) {
        self.leave_pool();
    }
}

impl TuiScreen for LobbyScreen {
    fn update(&mut self, event: Event, now: Instant) -> Transition {
        if let Event::Paired(pairing) = event {
            return self.paired(pairing);
        }
        if let Some(done) = self.pool_key(&event) {
            return done;
        }
        if self.pooled.is_some() && matches!(event, Event::Tick(_)) {
            self.conn.spec().shared.clone().look_pool(now);
            self.say_waiting(now);
            return Transition::Stay;
        }
        let conn = self.conn.clone();
        let shared = conn.spec().shared.clone();
        let registry = &shared.tables;
        if matches!(event, Event::Lobby) {
            let changed = (self.lobby).take_news(
                registry.list(),
                shared.online_now(),
                shared.tables_elsewhere(),
            ) | std::mem::take(&mut self.renamed);
            return if changed {
                Transition::Stay
            } else {
                Transition::Unchanged
            };
        }
        if matches!(event, Event::Table(..)) {
            // News from a table already left.
            return Transition::Stay;
        }
        let Some(intent) = self.lobby.update(event) else {
            return Transition::Stay;
        };
        if let Intent::FindOpponent(options) = intent {
            self.leave_pool();
            return self.find_opponent(options, now);
        }
        // Starting anything else leaves the pool.
        self.leave_pool();
        match intent {
            Intent::Daily(game) => {
                return match (self.conn.spec().shared.games.daily)(game, self.daily_store()) {
                    Some(opening) => Transition::Push(opening),
                    None => Transition::Stay,
                };
            }
            Intent::DailyBoard => {
                return Transition::Push(daily_store::board(self.daily_store(), None));
            }
            _ => {}
        }
        if let Intent::Players { profile, of } = intent {
            return match self.players_screen(profile, of) {
                Some(opening) => Transition::Push(opening),
                None => {
                    self.lobby.say(GUESTS_HAVE_NO_PROFILE, true);
                    Transition::Stay
                }
            };
        }
        match self.table_for(intent) {
            None => Transition::Quit,
            Some(opened) => self.sit(opened, "Cannot do that"),
        }
    }

    /// Each second while in the pool: look for a pair, and count the wait.
    fn next_tick(&self) -> Option<Instant> {
        (self.pooled.as_ref()).map(|_| Instant::now() + Duration::from_secs(1))
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        (&self.lobby).render(area, buf);
    }

    /// Back from a table: the lobby hears of the tables again.
    fn uncovered(&mut self, _closed: Closed, _now: Instant) -> Transition {
        let conn = &self.conn;
        watch_lobby(&conn.spec(), &conn.events);
        self.lobby.set_tables(conn.spec().shared.tables.list());
        self.lobby.set_online(conn.spec().shared.online_now());
        (self.lobby).set_tables_elsewhere(conn.spec().shared.tables_elsewhere());
        self.lobby.say("Back in the lobby", false);
        Transition::Stay
    }

    fn say(&mut self, text: &str) {
        self.lobby.say(text, true);
    }
}

/// Has the lobby hear of changes to the list of tables (only while it shows: a player at a
/// table does not need every other table's news).
fn watch_lobby(spec: &GameSpec, events: &Sender<Event>) {
    let events = events.clone();
    spec.shared.tables.watch_lobby(
        spec.client,
        Arc::new(move || events.send(Event::Lobby).is_ok()),
    );
}

/// Opens a server's table of a game for the lobby's choice (against the computer named, or
/// for people) and sits the player at it: the connection, the opponent, the screen size.
pub type OpenTableFn =
    fn(&Rc<Conn>, Option<String>, &GameOptions, (u16, u16)) -> Result<TableScreen, AtTableError>;
/// Joins a server's table of a game: the player, where their events go, the table, seat or
/// watch, the screen size.
pub type JoinTableFn = fn(
    &GameSpec,
    &Sender<Event>,
    TableId,
    Want,
    (u16, u16),
) -> Result<(Box<dyn TuiScreen>, TableNews), AtTableError>;

/// Why the lobby could not open or join a table: the words follow "Cannot do that: ".
#[derive(Debug, thiserror::Error)]
pub enum AtTableError {
    /// The registry or the table said no (closed, full, another session, too many seats).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The screen could not follow what the table sent it.
    #[error(transparent)]
    Screen(Box<dyn std::error::Error + Send + Sync>),
    /// Saved matches stay on the server's disk.
    #[error("saved matches are not offered here")]
    SavedMatches,
    /// The game's tables open from the lobby's setup, not as a match of the lobby's choice.
    #[error("{} tables open from the lobby", .0.title())]
    FromSetup(crate::games::GameKind),
    /// A board larger than a server's tables hold (every screen at a table keeps the
    /// match's positions, which grow with the square of the side).
    #[error("boards above {most}x{most} are played at home (trios play), not at a server's tables")]
    BoardTooLarge { most: usize },
}

impl AtTableError {
    /// A screen that could not follow its table, for this reason.
    pub(crate) fn screen(why: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> AtTableError {
        AtTableError::Screen(why.into())
    }
}

/// Sits at (or watches) table `id` and makes the screen that shows it, for its game.
pub(crate) fn join(
    conn: &Rc<Conn>,
    id: TableId,
    want: Want,
    size: (u16, u16),
) -> Result<TableScreen, AtTableError> {
    let spec = conn.spec();
    let (spec, events) = (&*spec, &conn.events);
    let registry = &spec.shared.tables;
    let kind = registry
        .list()
        .into_iter()
        .find(|s| s.id == id)
        .map(|s| s.kind);
    let Some(game) = registry.game_of(id) else {
        return Err(TableError::Closed(id).into());
    };
    let (screen, news) = ((spec.shared.games.join_table)(game))(spec, events, id, want, size)?;

    conn.at_table.set(Some(id));
    Ok(TableScreen {
        id,
        screen,
        news,
        follows_showcase: kind == Some(Kind::Showcase) && want == Want::Watch,
        conn: conn.clone(),
        size,
    })
}

/// How a table's news reaches this screen: as an event carrying it, for the table's screen
/// to take out.
pub(crate) fn news_to<N: Send + Sync + 'static>(
    events: &Sender<Event>,
    id: TableId,
) -> Box<dyn Fn(N) -> bool + Send> {
    let events = events.clone();
    Box::new(move |item| events.send(Event::Table(id, Arc::new(item))).is_ok())
}

/// A screen that could not be made leaves the table it joined.
pub(crate) fn left_if_failed<A, E: Into<Box<dyn std::error::Error + Send + Sync>>>(
    registry: &Registry,
    id: TableId,
    client: ClientId,
    app: Result<A, E>,
) -> Result<A, AtTableError> {
    app.map_err(|why| {
        registry.leave(id, client, false);
        AtTableError::screen(why)
    })
}

/// A race table's news, as every race's protocol spells it.
pub(crate) fn race_news<R: TableRace>() -> TableNews
where
    R::News: Sync,
{
    TableNews {
        notice: |id, text| Event::Table(id, Arc::new(R::notice(text.into()))),
        closes: |event, id| closes_with(event, id, R::is_closed),
    }
}

/// Opens a race table of game `R` from the lobby, with a computer rival of level `rival`
/// when one is named, and sits the opener at it.
pub(crate) fn open_race_table<R: TableRace>(
    conn: &Rc<Conn>,
    rival: Option<String>,
    size: (u16, u16),
) -> Result<TableScreen, AtTableError> {
    let spec = conn.spec();
    let shared = &spec.shared;
    let seed = shared.deal_seed();
    let id = shared.tables.open(Setup::<R> {
        opener: spec.who.clone(),
        rivals: rival.into_iter().collect(),
        seed,
        settings: Default::default(),
        fixed_seed: shared.fixed_seed,
    })?;
    join(conn, id, Want::Seat, size)
}

/// How a race's screen is made from what joining its table gave and the way to ask it; `E`
/// says why it could not follow the race.
pub(crate) type MakeRaceScreen<R, A, E> = fn(
    <R as TableRace>::Joined,
    crate::tui::race_screen::Ask<<R as TableRace>::Request>,
    (u16, u16),
    Theme,
) -> Result<A, E>;

/// Sits at (or watches) table `id` of kind `K`, its news told through `tell`, and makes the
/// screen that shows it with `make` (given what joining gave and the way to ask the table);
/// a screen that cannot be made leaves the table again.
pub(crate) fn sit_and_show<K: TableKind, A, E>(
    spec: &GameSpec,
    id: TableId,
    want: Want,
    tell: Box<dyn Fn(K::News) -> bool + Send>,
    make: impl FnOnce(K::Joined, Box<dyn Fn(K::Request) + Send>) -> Result<A, E>,
) -> Result<A, AtTableError>
where
    E: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let registry = spec.shared.tables.clone();
    let joined = registry.join::<K>(id, spec.client, spec.who.clone(), want, tell)?;
    let client = spec.client;
    let asks = registry.clone();
    let app = make(
        joined,
        Box::new(move |request| asks.ask::<K>(id, client, request)),
    );
    left_if_failed(&registry, id, client, app)
}

/// Sits at (or watches) a race table of game `R` and makes the screen that follows it with
/// `make`.
pub(crate) fn join_race_table<R: TableRace, A, E>(
    spec: &GameSpec,
    events: &Sender<Event>,
    id: TableId,
    want: Want,
    size: (u16, u16),
    make: MakeRaceScreen<R, A, E>,
) -> Result<A, AtTableError>
where
    R::News: Sync,
    E: std::error::Error + Send + Sync + 'static,
{
    sit_and_show::<RaceTable<R>, _, _>(spec, id, want, news_to(events, id), |joined, ask| {
        make(joined, ask, size, spec.theme)
    })
}

/// Sits at (or watches) a table of a platform game and makes the screen that shows it.
pub fn join_duel<G: StoneGame>(
    spec: &GameSpec,
    events: &Sender<Event>,
    id: TableId,
    want: Want,
    size: (u16, u16),
) -> Result<StonesScreen<G>, AtTableError> {
    sit_and_show::<Table<DuelConfig<G>>, _, _>(
        spec,
        id,
        want,
        news_to(events, id),
        |joined, ask| {
            StonesScreen::at_table(joined, Box::new(ask), events.clone(), size, spec.theme)
        },
    )
}

/// Opens a table of a platform game with the game's `options`: against `opponent` when it
/// is one of the game's players (else `fallback`), or for two.
pub fn open_duel<G: StoneGame>(
    conn: &Rc<Conn>,
    opponent: Option<String>,
    fallback: &str,
    options: G::Options,
    clock: Option<crate::setup::clock::TimeControl>,
    size: (u16, u16),
) -> Result<TableScreen, AtTableError> {
    let spec = conn.spec();
    let shared = &spec.shared;
    let think_ms = shared.choices.base.think_ms;
    let (kind, second) = match opponent {
        Some(name) => {
            let name = if G::strategy(&name, 0, think_ms).is_ok() {
                name
            } else {
                fallback.to_string()
            };
            (Kind::VsComputer, Seat::Computer(name))
        }
        None => (Kind::TwoPlayers, Seat::Human),
    };
    let mut config = DuelConfig::<G>::new([Seat::Human, second], 0, think_ms);
    config.seed = rand::random();
    config.options = options;
    config.clock = clock;
    drop(spec);
    open_and_sit(conn, kind, config, size)
}

/// Opens a duel table of `config` that the opener plays at once (no pace, no rest between
/// games) and sits them at it.
pub(crate) fn open_and_sit<C: crate::controller::table_game::TableGame>(
    conn: &Rc<Conn>,
    kind: Kind,
    config: C,
    size: (u16, u16),
) -> Result<TableScreen, AtTableError> {
    let spec = conn.spec();
    let shared = &spec.shared;
    // A game between people without a clock could be stalled: it is never rated.
    let casual = conn.casual.get() || (kind == Kind::TwoPlayers && config.clock().is_none());
    let id = shared.tables.open(TableSpec {
        kind,
        config,
        opener: Some(spec.who.clone()),
        data_dir: shared.data_dir.clone(),
        grace: shared.grace,
        pace: Duration::ZERO,
        rest: Duration::ZERO,
        reseed: super::reseed_of(shared.fixed_seed),
        successor: None,
        casual,
    })?;
    join(conn, id, Want::Seat, size)
}
