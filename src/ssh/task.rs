//! One connection's screens as a screen worker steps them: who the player is (asked of the
//! store off the worker), the sign-up screen for a new key, then the lobby and its tables
//! until the player quits, idles or goes, and the goodbye.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use ratatui::{Terminal, TerminalOptions, Viewport};
use tokio::sync::mpsc::Sender as OutSender;
use tokio::sync::mpsc::error::TrySendError;

use super::Shared;
use super::account::{self, LOGIN_WAIT, Lookup};
use super::session::{
    ENTER, Ended, FRAME_INTERVAL, GameSpec, INPUT_DROPPED, InputCount, LEAVE, LobbyScreen,
    RETRY_AFTER_DROP, SHUTDOWN_GOODBYE, TELL_DROPPED_AFTER, screen_size,
};
use super::workers::Task;
use crate::tui::driver::{Driver, End, Frontend, Policy, Settled, Shown, Woken};
use crate::tui::event::Sender;
use crate::tui::shell::{Inbound, Mailbox, Stack};
use crate::tui::signup::{SignUpChoice, SignUpScreen};
use crate::tui::view::message::Message;
use crate::tui::{Drawn, Event, Screen as TuiScreen};

/// What a player reads when their session ends by a fault of the server's.
const FAULT_GOODBYE: &str =
    "trios: this session ended because of a fault in the server; please connect again.\r\n";

/// The most events kept for a session while the store is asked who its key is: the input
/// queue's bound and a few of the server's own.
const HELD: usize = super::session::INPUT_QUEUE + 16;

/// Starts the screens of the connection `spec` on a screen worker, its frames going to
/// `out` (dropped when the session ends, which closes the channel). Gives where the
/// session's events go.
pub fn start(spec: GameSpec, out: OutSender<Vec<u8>>) -> io::Result<Sender<Event>> {
    let mut spec = spec;
    spec.size = screen_size(spec.size.0.into(), spec.size.1.into());
    // The name others see, on their screens and in the records.
    spec.who.user = super::name::player_name(&spec.who.user);
    let shared = spec.shared.clone();
    let id = spec.client;
    let who = spec.who.clone();
    let events = shared.workers.start(id, move |events| Session {
        shared: spec.shared.clone(),
        out,
        events,
        end: None,
        phase: Phase::LookingUp {
            spec,
            until: Instant::now() + LOGIN_WAIT,
            held: Vec::new(),
        },
    })?;
    let found = match (&shared.store, &who.proof) {
        (Some(store), crate::controller::table::Proof::Key(_)) => {
            // The store answers on its own threads; the worker goes on with other sessions.
            let answer = shared.clone();
            let asked = store.spawn_read(move |s| {
                let found = account::look_up(s, &who);
                (answer.workers).call(id, move |session: &mut Session| session.signed_in(found));
            });
            if asked {
                return Ok(events);
            }
            Lookup::Unavailable {
                why: "the store is busy".into(),
                words: account::AWAY,
            }
        }
        _ => Lookup::Guest,
    };
    (shared.workers).call(id, move |s: &mut Session| s.signed_in(found));
    Ok(events)
}

/// A connection's screens on their worker.
pub(crate) struct Session {
    shared: Arc<Shared>,
    out: OutSender<Vec<u8>>,
    /// Where this session's events go (its screens' own, and the lobby's news).
    events: Sender<Event>,
    /// How the screens ended, once they have; the next settle acts on it.
    end: Option<Ended>,
    phase: Phase,
}

/// Where a session is.
enum Phase {
    /// The store is asked who the key is, until `until`; what arrives meanwhile waits.
    LookingUp {
        spec: GameSpec,
        until: Instant,
        held: Vec<Event>,
    },
    /// A new key's player chooses a handle, links the key, or plays as a guest.
    SigningUp {
        screens: Box<Screens<SignUpScreen>>,
        spec: GameSpec,
        made: Rc<RefCell<Option<crate::store::Account>>>,
    },
    /// The lobby, and the table or screen on top of it.
    Lobby(Box<Screens<LobbyScreen>>),
    /// Over: the worker drops it.
    Over,
}

impl Session {
    /// The store said who the player is (or did not in time): the lobby opens, or the
    /// sign-up screen, or the player is turned away. Events that came meanwhile follow.
    pub(crate) fn signed_in(&mut self, found: Lookup) {
        let Phase::LookingUp { spec, held, .. } = std::mem::replace(&mut self.phase, Phase::Over)
        else {
            // Too late: the session went on as a guest, or is over.
            return;
        };
        let mut spec = spec;
        let from = spec.peer.ip();
        let greeting = match found {
            Lookup::Guest => None,
            Lookup::Known(found) => {
                spec.who = account::as_account(&found, from);
                Some(Message::info(format!("Welcome back, {}", found.handle)))
            }
            Lookup::Unavailable { why, words } => {
                tracing::warn!(peer = %spec.peer, "no account lookup: {why}");
                Some(Message::error(format!(
                    "{words}: you play as a guest this time"
                )))
            }
            Lookup::Banned(found) => {
                tracing::info!(peer = %spec.peer, handle = %found.handle, "banned account refused");
                self.last_words(
                    format!(
                        "trios: the account {} is banned from this server.\r\n",
                        crate::escape::escape(&found.handle)
                    )
                    .into_bytes(),
                );
                self.end = Some(Ended::Quit);
                return;
            }
            Lookup::New => return self.sign_up(spec, held),
        };
        self.open_lobby(spec, greeting, held);
    }

    /// The player's account is now called `handle` (renamed by the operator while they
    /// play): their lobby and the tables they open from here on show it.
    pub(crate) fn renamed(&mut self, handle: &str) {
        if let Phase::Lobby(screens) = &mut self.phase {
            screens.stack.root.renamed(handle);
            self.take(Event::Lobby);
        }
    }

    /// Shows the sign-up screen to a new key's player.
    fn sign_up(&mut self, spec: GameSpec, held: Vec<Event>) {
        let (Some(store), crate::controller::table::Proof::Key(fingerprint)) =
            (self.shared.store.clone(), spec.who.proof.clone())
        else {
            return self.open_lobby(spec, None, held);
        };
        let shared = self.shared.clone();
        let from = spec.peer.ip();
        let made: Rc<RefCell<Option<crate::store::Account>>> = Rc::default();
        let keep = made.clone();
        let decide = Box::new(move |choice: &SignUpChoice| {
            let account = match choice {
                SignUpChoice::Guest => return Ok(()),
                SignUpChoice::Handle(handle) => {
                    account::sign_up(&store, &shared.reserved, handle, &fingerprint)?
                }
                SignUpChoice::Code(code) => {
                    account::link(&store, &shared.link_tries, from, &fingerprint, code)?
                }
            };
            *keep.borrow_mut() = Some(account);
            Ok(())
        });
        let screen = SignUpScreen::new(&spec.who.user, decide, spec.theme);
        match Screens::new(screen, &spec, &self.events, &self.out) {
            Ok(screens) => {
                self.phase = Phase::SigningUp {
                    screens: Box::new(screens),
                    spec,
                    made,
                };
                self.replay(held);
            }
            Err(ended) => self.end = Some(ended),
        }
    }

    /// The sign-up screen closed as `ended`: the lobby opens with what was chosen (`made`),
    /// or the session ends.
    fn signed_up(
        &mut self,
        screens: Box<Screens<SignUpScreen>>,
        mut spec: GameSpec,
        made: Rc<RefCell<Option<crate::store::Account>>>,
        ended: Ended,
    ) {
        let from = spec.peer.ip();
        let chose = screens.stack.root.chosen.clone();
        drop(screens);
        let greeting = match (chose, made.take()) {
            (Some(SignUpChoice::Handle(_)), Some(found)) => {
                spec.who = account::as_account(&found, from);
                tracing::info!(peer = %spec.peer, handle = %found.handle, "account made");
                format!(
                    "Welcome, {}: your games are rated from now on",
                    found.handle
                )
            }
            (Some(SignUpChoice::Code(_)), Some(found)) => {
                spec.who = account::as_account(&found, from);
                format!("This key is now linked to {}", found.handle)
            }
            (Some(SignUpChoice::Guest), _) => "You play as a guest: your games are casual".into(),
            _ => {
                self.say_goodbye(ended);
                self.end = Some(ended);
                return;
            }
        };
        self.open_lobby(spec, Some(Message::info(greeting)), Vec::new());
    }

    /// Opens the lobby (or the seat kept for a returning player), greeting the player. On a
    /// server that keeps accounts, a player without one is shown as a guest from here on,
    /// everywhere (a server without a players database has no handles to mistake anyone
    /// for: names show as the clients sent them).
    fn open_lobby(&mut self, mut spec: GameSpec, greeting: Option<Message>, held: Vec<Event>) {
        match spec.who.proof.account() {
            Some(account) => tracing::info!(
                peer = %spec.peer,
                account,
                handle = %crate::escape::escape(&spec.who.user),
                "signed in"
            ),
            None if self.shared.store.is_none() => {}
            None => {
                spec.who.user = super::name::guest_name(&spec.who.user);
                tracing::info!(
                    peer = %spec.peer,
                    guest = %crate::escape::escape(&spec.who.user),
                    "signed in as a guest"
                );
            }
        }
        let (lobby, back) = LobbyScreen::open(spec, self.events.clone(), greeting);
        let conn = lobby.conn.clone();
        let made = Screens::new(lobby, &conn.spec(), &self.events, &self.out);
        match made {
            Ok(mut screens) => {
                if let Some(table) = back
                    && screens.push(table).is_err()
                {
                    self.phase = Phase::Lobby(Box::new(screens));
                    self.end = Some(Ended::Failed);
                    return;
                }
                self.phase = Phase::Lobby(Box::new(screens));
                self.replay(held);
            }
            Err(ended) => {
                // The lobby was never shown; it still lets go of the player.
                lobby_left(conn, ended);
                self.end = Some(ended);
            }
        }
    }

    /// Gives the screens the events that waited for them.
    fn replay(&mut self, held: Vec<Event>) {
        for event in held {
            self.take(event);
        }
    }

    /// The screens ended as `ended`: the player leaves the lobby and is told goodbye.
    fn finish(&mut self, ended: Ended) {
        match std::mem::replace(&mut self.phase, Phase::Over) {
            Phase::SigningUp {
                screens,
                spec,
                made,
            } => self.signed_up(screens, spec, made, ended),
            Phase::Lobby(screens) => {
                let conn = screens.stack.root.conn.clone();
                drop(screens);
                lobby_left(conn, ended);
                self.say_goodbye(ended);
            }
            Phase::LookingUp { .. } => self.say_goodbye(ended),
            Phase::Over => {}
        }
    }

    /// Restores the client's terminal, with a word on why the session ended.
    fn say_goodbye(&self, ended: Ended) {
        if ended == Ended::Gone {
            return;
        }
        let mut goodbye = LEAVE.as_bytes().to_vec();
        let farewell = match ended {
            Ended::Idle => Some(format!(
                "trios: disconnected after {} seconds without input.\r\n",
                self.shared.idle_timeout.as_secs()
            )),
            Ended::Stopped => Some(SHUTDOWN_GOODBYE.to_string()),
            _ => None,
        };
        if let Some(farewell) = farewell {
            goodbye.extend_from_slice(farewell.as_bytes());
        }
        self.last_words(goodbye);
    }

    /// Sends the session's last bytes: they wait for room in the queue (on the server's
    /// runtime, not on the worker) rather than being dropped.
    fn last_words(&self, bytes: Vec<u8>) {
        match self.out.try_send(bytes) {
            Ok(()) | Err(TrySendError::Closed(_)) => {}
            Err(TrySendError::Full(bytes)) => {
                let out = self.out.clone();
                self.shared.runtime.spawn(async move {
                    let _ = out.send(bytes).await;
                });
            }
        }
    }
}

/// The player leaves the lobby's lists, and the table they were at: they keep their seat
/// unless they quit.
fn lobby_left(conn: Rc<super::session::Conn>, ended: Ended) {
    let (shared, client) = (conn.spec().shared.clone(), conn.spec().client);
    crate::ssh::lock(&shared.online).remove(&client);
    shared.tables.unwatch_lobby(client);
    if let Some(id) = conn.at_table.take() {
        shared.tables.leave(id, client, ended != Ended::Quit);
    }
}

impl Task for Session {
    fn take(&mut self, event: Event) {
        if self.end.is_some() {
            return;
        }
        let ended = match &mut self.phase {
            Phase::LookingUp { held, .. } => match event {
                Event::Terminate => Some(Ended::Gone),
                Event::Shutdown => Some(Ended::Stopped),
                event => {
                    if held.len() < HELD {
                        held.push(event);
                    }
                    None
                }
            },
            Phase::SigningUp { screens, .. } => screens.take(event),
            Phase::Lobby(screens) => screens.take(event),
            Phase::Over => None,
        };
        self.end = ended;
    }

    fn settle(&mut self, now: Instant, woken: bool) -> Option<Option<Instant>> {
        loop {
            if let Some(ended) = self.end.take() {
                self.finish(ended);
                if matches!(self.phase, Phase::Over) {
                    return None;
                }
                continue;
            }
            let settled = match &mut self.phase {
                Phase::LookingUp { until, .. } => {
                    if now < *until {
                        return Some(Some(*until));
                    }
                    let waited = LOGIN_WAIT.as_millis();
                    let late = Lookup::Unavailable {
                        why: format!("no answer within {waited} ms"),
                        words: account::AWAY,
                    };
                    self.signed_in(late);
                    continue;
                }
                Phase::SigningUp { screens, .. } => screens.settle(now, woken),
                Phase::Lobby(screens) => screens.settle(now, woken),
                Phase::Over => return None,
            };
            match settled {
                Ok(wake) => return Some(wake),
                Err(ended) => self.end = Some(ended),
            }
        }
    }

    fn fault(&mut self) {
        let mut goodbye = LEAVE.as_bytes().to_vec();
        goodbye.extend_from_slice(FAULT_GOODBYE.as_bytes());
        self.last_words(goodbye);
    }
}

impl Drop for Session {
    /// A session dropped without finishing (a fault) still lets go of its player.
    fn drop(&mut self) {
        if let Phase::Lobby(screens) = std::mem::replace(&mut self.phase, Phase::Over) {
            let conn = screens.stack.root.conn.clone();
            drop(screens);
            lobby_left(conn, Ended::Failed);
        }
    }
}

/// A stack of screens with its loop's state and the channel it draws into.
struct Screens<S> {
    stack: Stack<S>,
    driver: Driver,
    channel: Channel,
}

impl<S: TuiScreen> Screens<S> {
    /// Shows `root` to the player of `spec`, its screens' events going to `events`.
    fn new(
        root: S,
        spec: &GameSpec,
        events: &Sender<Event>,
        out: &OutSender<Vec<u8>>,
    ) -> Result<Screens<S>, Ended> {
        let screen = MemoryTerminal::new(spec.size).map_err(|_| Ended::Failed)?;
        match out.try_send(ENTER.as_bytes().to_vec()) {
            Ok(()) => {}
            Err(TrySendError::Closed(_)) => return Err(Ended::Gone),
            // Only a client that reads nothing fills the queue: its frames are dropped
            // until it reads, and the first it gets is drawn in full.
            Err(TrySendError::Full(_)) => {}
        }
        let mailbox: Mailbox = {
            let events = events.clone();
            Box::new(move |_| Ok(events.clone()))
        };
        let stack = Stack::new(root, spec.size, spec.theme, mailbox);
        let policy = Policy {
            idle_timeout: Some(spec.shared.idle_timeout),
            frame_interval: FRAME_INTERVAL,
            retry_after_drop: RETRY_AFTER_DROP,
            notice_after: TELL_DROPPED_AFTER,
        };
        Ok(Screens {
            stack,
            driver: Driver::new(policy),
            channel: Channel {
                screen,
                out: out.clone(),
                input: spec.input.clone(),
                shared: spec.shared.clone(),
            },
        })
    }

    /// Opens `opening` on top.
    fn push(&mut self, opening: crate::tui::Opening) -> io::Result<()> {
        let push = crate::tui::Transition::Push(opening);
        self.stack
            .apply(push, Instant::now(), &mut |_| false)
            .map(|_| ())
    }

    fn take(&mut self, event: Event) -> Option<Ended> {
        self.take_inbound(Inbound::Terminal(event)).err()
    }

    /// Gives the screens one event; how they ended, if they did.
    fn take_inbound(&mut self, inbound: Inbound) -> Result<(), Ended> {
        match (self.driver).take(&mut self.stack, &mut self.channel, inbound) {
            Ok(None) => Ok(()),
            Ok(Some(end)) => Err(end.into()),
            Err(_) => Err(Ended::Failed),
        }
    }

    fn settle(&mut self, now: Instant, woken: bool) -> Result<Option<Instant>, Ended> {
        if woken {
            match self.driver.woken(&self.stack) {
                Woken::Tick(tick) => self.take_inbound(tick)?,
                Woken::Nothing => {}
                Woken::End(end) => return Err(end.into()),
            }
        }
        let failed = |_: io::Error| Ended::Failed;
        if let Some(end) = (self.driver)
            .burst_done(&mut self.stack, &mut self.channel)
            .map_err(failed)?
        {
            return Err(end.into());
        }
        match (self.driver)
            .settle(&mut self.stack, &mut self.channel, now)
            .map_err(failed)?
        {
            Settled::Wait(wake) => Ok(wake),
            Settled::End(end) => Err(end.into()),
        }
    }
}

impl From<End> for Ended {
    fn from(end: End) -> Ended {
        match end {
            End::Quit => Ended::Quit,
            End::Idle => Ended::Idle,
            End::Gone => Ended::Gone,
            End::Stopped => Ended::Stopped,
        }
    }
}

/// A terminal that draws into memory at a fixed size. A new one has empty buffers, so its
/// first frame is drawn in full.
struct MemoryTerminal {
    terminal: Terminal<CrosstermBackend<Bytes>>,
    bytes: Bytes,
    size: (u16, u16),
    /// The next frame must repaint everything (new size, or a dropped frame).
    repaint: bool,
}

impl MemoryTerminal {
    fn new(size: (u16, u16)) -> io::Result<MemoryTerminal> {
        // Never ask the backend for its size or cursor: it would ask the server's terminal.
        let size = screen_size(size.0.into(), size.1.into());
        let area = Rect::new(0, 0, size.0, size.1);
        let bytes = Bytes::default();
        let terminal = Terminal::with_options(
            CrosstermBackend::new(bytes.clone()),
            TerminalOptions {
                viewport: Viewport::Fixed(area),
            },
        )?;
        Ok(MemoryTerminal {
            terminal,
            bytes,
            size,
            repaint: true,
        })
    }

    /// The bytes that bring the client's screen up to date with the app.
    fn frame(&mut self, widget: impl Widget) -> io::Result<Vec<u8>> {
        if self.repaint {
            *self = MemoryTerminal::new(self.size)?;
            self.repaint = false;
            self.bytes
                .0
                .borrow_mut()
                .extend_from_slice(b"\x1b[0m\x1b[H\x1b[2J");
        }
        self.terminal
            .draw(|frame| frame.render_widget(widget, frame.area()))?;
        Ok(self.bytes.0.take())
    }
}

/// Where the backend writes a frame, for [`MemoryTerminal::frame`] to take.
#[derive(Clone, Default)]
struct Bytes(Rc<RefCell<Vec<u8>>>);

impl Write for Bytes {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A connection's channel as the loop's front end: frames go as bytes into the bounded
/// queue to the client, and a slow client's frames are dropped rather than queued.
struct Channel {
    screen: MemoryTerminal,
    out: OutSender<Vec<u8>>,
    input: InputCount,
    shared: Arc<Shared>,
}

impl Frontend for Channel {
    fn draw(&mut self, top: &dyn TuiScreen) -> io::Result<Shown> {
        let bytes = self.screen.frame(Drawn(top))?;
        Ok(match self.out.try_send(bytes) {
            Ok(()) => Shown::Sent,
            Err(TrySendError::Full(_)) => {
                // A slow client: forget this frame and repaint everything later.
                let dropped = &self.shared.dropped_frames;
                dropped.fetch_add(1, Ordering::Relaxed);
                self.screen.repaint = true;
                Shown::Dropped
            }
            Err(TrySendError::Closed(_)) => Shown::Gone,
        })
    }

    /// The handler already keeps sizes within bounds; so does the screen.
    fn resize(&mut self, (w, h): (u16, u16)) -> io::Result<(u16, u16)> {
        let size = screen_size(w.into(), h.into());
        self.screen = MemoryTerminal::new(size)?;
        Ok(size)
    }

    /// The connection closed, or the server is stopping.
    fn intercept(&mut self, event: &Event) -> Option<End> {
        match event {
            Event::Terminate => Some(End::Gone),
            Event::Shutdown => Some(End::Stopped),
            _ => None,
        }
    }

    fn took_input(&mut self) {
        self.input.taken();
    }

    fn dropped_notice(&mut self) -> Option<&'static str> {
        self.input.take_dropped().then_some(INPUT_DROPPED)
    }
}
