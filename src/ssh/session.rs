//! One connection's game: a `tui::App` on a thread of its own, fed events through a channel,
//! drawn into bytes that go back to the client through a bounded queue.

use std::cell::RefCell;
use std::io::{self, Write};
use std::net::SocketAddr;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use tokio::sync::mpsc::Sender as OutSender;
use tokio::sync::mpsc::error::TrySendError;

use crate::controller::{Match, MatchConfig};
use crate::tui::{App, Event, NewMatch, Theme};

/// At most this many frames a second go to one client.
const FRAME_INTERVAL: Duration = Duration::from_millis(33);
/// After a frame was dropped for a slow client, try a full redraw this much later.
const RETRY_AFTER_DROP: Duration = Duration::from_millis(250);

/// Full screen, cursor hidden, mouse reports (clicks and drags, SGR encoding), bracketed
/// paste, and a cleared screen.
pub const ENTER: &str =
    "\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?2004h\x1b[0m\x1b[H\x1b[2J";
/// Undoes [`ENTER`]: the client's terminal is as it was.
pub const LEAVE: &str = "\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/// Everything a game thread needs to know about its player.
pub struct GameSpec {
    pub user: String,
    pub peer: SocketAddr,
    /// Columns and rows from the pty request.
    pub size: (u16, u16),
    pub theme: Theme,
    pub idle_timeout: Duration,
    /// The setup every game on this server deals from.
    pub config: MatchConfig,
    /// Deal from `config.seed` every time instead of drawing a seed per game.
    pub fixed_seed: bool,
}

/// Why a game thread ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The player quit (or the server asked the game to stop).
    Quit,
    /// No input for the idle timeout.
    Idle,
    /// The client went away.
    Gone,
    /// The match could not be dealt.
    Failed,
}

/// Starts the game thread. `inbox` receives what `events` sends (the SSH handler holds a
/// clone, the app another for its computer player); frames go to `out`, and the thread drops
/// `out` when it ends, which closes the channel.
pub fn spawn(
    spec: GameSpec,
    events: Sender<Event>,
    inbox: Receiver<Event>,
    out: OutSender<Vec<u8>>,
) -> io::Result<JoinHandle<Ended>> {
    thread::Builder::new()
        .name(format!("trios-ssh-{}", spec.peer))
        .spawn(move || run(spec, events, inbox, out))
}

/// A deal of `config` (with a new random seed unless `fixed_seed`), recorded nowhere.
fn deal(config: &MatchConfig, fixed_seed: bool) -> Result<Match, String> {
    let mut config = config.clone();
    if !fixed_seed {
        config.seed = rand::random();
    }
    Match::start(config, None).map_err(|e| e.to_string())
}

/// A terminal that draws into memory at a fixed size. A new one has empty buffers, so its
/// first frame is drawn in full.
struct Screen {
    terminal: Terminal<CrosstermBackend<Bytes>>,
    bytes: Bytes,
    size: (u16, u16),
    /// The next frame must repaint everything (new size, or a dropped frame).
    repaint: bool,
}

impl Screen {
    fn new(size: (u16, u16)) -> io::Result<Screen> {
        // Never ask the backend for its size or cursor: it would ask the server's terminal.
        let size = (size.0.max(1), size.1.max(1));
        let area = Rect::new(0, 0, size.0, size.1);
        let bytes = Bytes::default();
        let terminal = Terminal::with_options(
            CrosstermBackend::new(bytes.clone()),
            TerminalOptions {
                viewport: Viewport::Fixed(area),
            },
        )?;
        Ok(Screen {
            terminal,
            bytes,
            size,
            repaint: true,
        })
    }

    /// The bytes that bring the client's screen up to date with the app.
    fn frame(&mut self, app: &App) -> io::Result<Vec<u8>> {
        if self.repaint {
            *self = Screen::new(self.size)?;
            self.repaint = false;
            self.bytes
                .0
                .borrow_mut()
                .extend_from_slice(b"\x1b[0m\x1b[H\x1b[2J");
        }
        self.terminal
            .draw(|frame| frame.render_widget(app, frame.area()))?;
        Ok(self.bytes.0.take())
    }
}

/// Where the backend writes a frame, for [`Screen::frame`] to take.
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

fn run(
    spec: GameSpec,
    events: Sender<Event>,
    inbox: Receiver<Event>,
    out: OutSender<Vec<u8>>,
) -> Ended {
    let game = match deal(&spec.config, spec.fixed_seed) {
        Ok(game) => game,
        Err(e) => {
            tracing::error!(user = ?spec.user, peer = %spec.peer, "cannot deal a match: {e}");
            let _ = out.blocking_send(format!("trios: cannot deal a match: {e}\r\n").into_bytes());
            return Ended::Failed;
        }
    };
    let seed = game.config().seed;
    tracing::info!(user = ?spec.user, peer = %spec.peer, seed, "match started");
    let (config, fixed_seed) = (spec.config.clone(), spec.fixed_seed);
    let new_match: NewMatch = Box::new(move |_: &MatchConfig| deal(&config, fixed_seed));
    let mut app = App::new(game, new_match, events, spec.size, spec.theme);
    let ended = play(&mut app, &spec, &inbox, &out);
    let game = app.into_match();
    let outcome = match game.game().outcome() {
        Some(outcome) => format!("{outcome:?}"),
        None => "unfinished".to_string(),
    };
    tracing::info!(
        user = ?spec.user,
        peer = %spec.peer,
        seed = game.config().seed,
        moves = game.history().len(),
        %outcome,
        ?ended,
        "match finished"
    );
    if ended != Ended::Gone {
        let mut goodbye = LEAVE.as_bytes().to_vec();
        if ended == Ended::Idle {
            goodbye.extend_from_slice(
                format!(
                    "trios: disconnected after {} seconds without input.\r\n",
                    spec.idle_timeout.as_secs()
                )
                .as_bytes(),
            );
        }
        // The last bytes wait for room in the queue rather than being dropped.
        let _ = out.blocking_send(goodbye);
    }
    ended
}

/// The event loop: sleep until input, a computer move or an animation step; draw at most
/// [`FRAME_INTERVAL`] apart; stop on quit, idleness or a vanished client.
fn play(
    app: &mut App,
    spec: &GameSpec,
    inbox: &Receiver<Event>,
    out: &OutSender<Vec<u8>>,
) -> Ended {
    let mut screen = match Screen::new(spec.size) {
        Ok(screen) => screen,
        Err(_) => return Ended::Failed,
    };
    if out.blocking_send(ENTER.as_bytes().to_vec()).is_err() {
        return Ended::Gone;
    }
    let mut last_input = Instant::now();
    let mut next_frame_at = Instant::now();
    let mut dirty = true;
    loop {
        if app.should_quit() {
            return Ended::Quit;
        }
        let now = Instant::now();
        if dirty && now >= next_frame_at {
            let bytes = match screen.frame(app) {
                Ok(bytes) => bytes,
                Err(_) => return Ended::Failed,
            };
            dirty = false;
            next_frame_at = now + FRAME_INTERVAL;
            match out.try_send(bytes) {
                Ok(()) => {}
                Err(TrySendError::Full(_)) => {
                    // A slow client: forget this frame and repaint everything later.
                    screen.repaint = true;
                    dirty = true;
                    next_frame_at = now + RETRY_AFTER_DROP;
                }
                Err(TrySendError::Closed(_)) => return Ended::Gone,
            }
        }
        let idle_at = last_input + spec.idle_timeout;
        let mut wake = idle_at;
        if let Some(tick) = app.next_tick() {
            wake = wake.min(tick);
        }
        if dirty {
            wake = wake.min(next_frame_at);
        }
        let event = match inbox.recv_timeout(wake.saturating_duration_since(now)) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout) => {
                let now = Instant::now();
                if now >= idle_at {
                    return Ended::Idle;
                }
                if app.next_tick().is_some_and(|tick| tick <= now) {
                    app.update(Event::Tick(now), now);
                    dirty = true;
                }
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => return Ended::Gone,
        };
        let mut pending = Some(event);
        // Take everything already waiting before drawing again: a burst costs one frame.
        while let Some(event) = pending.take().or_else(|| inbox.try_recv().ok()) {
            match event {
                Event::Key(_) | Event::Mouse(_) => last_input = Instant::now(),
                Event::Resize(w, h) => {
                    last_input = Instant::now();
                    match Screen::new((w, h)) {
                        Ok(fresh) => screen = fresh,
                        Err(_) => return Ended::Failed,
                    }
                }
                _ => {}
            }
            app.update(event, Instant::now());
            dirty = true;
        }
    }
}
