//! The local terminal: raw mode, alternate screen and mouse on entry, and always put back —
//! on return, error, panic and termination signals.
//!
//! Input and signals are read by one thread each for the whole process and handed to the
//! shell's loop listening now. While no [`Session`] is open the input thread
//! leaves the terminal alone (a text mode may be reading it) and stop signals act as they
//! would without trios.

use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Condvar, Mutex, MutexGuard, Once};
use std::thread;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

use super::event::Event;
use super::shell::Inbound;

pub type LocalTerminal = Terminal<CrosstermBackend<Stdout>>;

/// Where the input and signal threads deliver events.
struct Route {
    /// The screen listening now; the last one stays until another takes over.
    to: Option<Sender<Inbound>>,
    /// A [`Session`] is open: the terminal's input belongs to the screen.
    open: bool,
    /// The input thread is running.
    reading: bool,
    /// The signal thread is running.
    listening: bool,
}

static ROUTE: Mutex<Route> = Mutex::new(Route {
    to: None,
    open: false,
    reading: false,
    listening: false,
});

/// Wakes the input thread when a session opens.
static OPENED: Condvar = Condvar::new();
/// A stop signal arrived or the terminal hung up: the process should end, whatever screen
/// comes next.
static STOP: AtomicBool = AtomicBool::new(false);
/// How long the signal thread waits for crossterm to notice a resize signal it was sent too.
const SIGNAL_SETTLE: Duration = Duration::from_millis(20);

fn route() -> MutexGuard<'static, Route> {
    ROUTE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Marks the terminal as the screen's (or not), waking the input thread when it is.
fn set_open(open: bool) {
    route().open = open;
    OPENED.notify_all();
}

fn is_open() -> bool {
    route().open
}

/// Hands `event` to the listening screen while a session is open; false when nobody took it.
fn deliver(event: Event) -> bool {
    let route = route();
    match (&route.to, route.open) {
        (Some(to), true) => to.send(Inbound::Terminal(event)).is_ok(),
        _ => false,
    }
}

/// Whether the process was told to stop (SIGTERM, SIGHUP, SIGINT) or its terminal hung up.
/// A screen sees that as [`Event::Terminate`]; whoever shows the next screen asks here first.
pub fn stop_requested() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// The terminal in full-screen mode. Dropping it restores the terminal.
pub struct Session {
    /// Always `Some` until dropped; taken out on drop so that a terminal that has gone away
    /// is not asked again (ratatui would print "Failed to show the cursor" to a dead screen).
    terminal: Option<LocalTerminal>,
}

impl Session {
    /// Switches the terminal to full-screen mode and arranges for it to be restored on panic.
    pub fn enter() -> io::Result<Session> {
        install_panic_hook();
        enable_raw_mode()?;
        let mut stdout = io::stdout();
        if let Err(e) = execute!(stdout, EnterAlternateScreen, EnableMouseCapture) {
            restore();
            return Err(e);
        }
        match Terminal::new(CrosstermBackend::new(stdout)) {
            Ok(mut terminal) => {
                let _ = terminal.hide_cursor();
                // Clear without `Terminal::clear`, which asks for the cursor position and
                // waits for an answer a remote or minimal terminal may never send.
                let _ = ratatui::backend::Backend::clear(terminal.backend_mut());
                set_open(true);
                Ok(Session {
                    terminal: Some(terminal),
                })
            }
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }

    /// The screen's size in columns and rows.
    pub fn size(&self) -> io::Result<(u16, u16)> {
        let size = ratatui::crossterm::terminal::size()?;
        Ok(size)
    }

    /// Draws one frame of `widget`.
    pub fn draw(&mut self, widget: impl ratatui::widgets::Widget) -> io::Result<()> {
        match self.terminal.as_mut() {
            Some(terminal) => terminal
                .draw(|frame| frame.render_widget(widget, frame.area()))
                .map(|_| ()),
            None => Ok(()),
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        set_open(false);
        if let Some(mut terminal) = self.terminal.take() {
            if terminal.show_cursor().is_err() {
                // The terminal is gone: nothing can be restored, and nothing should be said.
                std::mem::forget(terminal);
                let _ = disable_raw_mode();
                return;
            }
            drop(terminal);
        }
        restore();
    }
}

/// Puts the terminal back as it was. Safe to call more than once.
pub fn restore() {
    let _ = execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen);
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), ratatui::crossterm::cursor::Show);
}

/// Restores the terminal before any panic message is printed, so the message is readable
/// and the shell is usable afterwards.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}

/// Forwards keys, mouse and resizes from the terminal to `events` from now on, on a thread
/// of its own (started by the first call; later calls only change where events go).
///
/// The thread sleeps in `poll(2)` on standard input until the terminal has something to say,
/// and reads it only while a [`Session`] is open. A terminal that hangs up (closed window,
/// dropped connection, even with SIGHUP ignored) or fails to read ends the app with
/// [`Event::Terminate`]: crossterm alone would keep reading the end of the input forever.
pub(crate) fn spawn_input(events: Sender<Inbound>) {
    let mut route = route();
    route.to = Some(events);
    if route.reading {
        return;
    }
    let spawned = thread::Builder::new()
        .name("trios-input".into())
        .spawn(read_input);
    route.reading = spawned.is_ok();
}

/// The input thread: waits for an open session, forwards what crossterm already holds, then
/// sleeps until the terminal has more.
fn read_input() {
    loop {
        {
            let mut route = route();
            while !route.open {
                route = OPENED.wait(route).unwrap_or_else(|e| e.into_inner());
            }
        }
        // A resize crossterm saw while no screen was open, taken before any key can come
        // with it.
        if forward_pending(Duration::ZERO).is_err() {
            return hang_up();
        }
        if !is_open() {
            continue;
        }
        if !input_waiting() {
            return hang_up();
        }
        match forward_pending(Duration::ZERO) {
            Err(_) => return hang_up(),
            // crossterm watches the terminal edge-triggered and stops at a resize: keys that
            // arrived in the same wake-up stay unread until more input comes. Read them here.
            Ok(0) if is_open() && input_ready_now() => {
                if !decode_missed_input() {
                    return hang_up();
                }
            }
            Ok(_) => {}
        }
    }
}

/// Hands on every event crossterm can give, waiting up to `wait` for the first, while the
/// screen still owns the terminal (what is left waits for the next screen); returns how many
/// it handed on.
fn forward_pending(wait: Duration) -> io::Result<usize> {
    let mut forwarded = 0;
    let mut wait = wait;
    while is_open() && event::poll(wait)? {
        wait = Duration::ZERO;
        let event = match event::read()? {
            event::Event::Key(key) => Event::Key(key),
            event::Event::Mouse(mouse) => Event::Mouse(mouse),
            event::Event::Resize(w, h) => Event::Resize(w, h),
            _ => continue,
        };
        deliver(event);
        forwarded += 1;
    }
    Ok(forwarded)
}

/// Whether standard input has bytes to read this instant.
fn input_ready_now() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    matches!(poll(&mut fds, Some(&now)), Ok(n) if n > 0) && fds[0].revents().contains(PollFlags::IN)
}

/// Reads the bytes waiting on standard input that crossterm missed and hands on their keys
/// and clicks, decoded as an SSH client's are; false when the terminal is gone.
fn decode_missed_input() -> bool {
    let mut bytes = [0u8; 1024];
    match rustix::io::read(io::stdin(), &mut bytes) {
        Ok(0) => false,
        Ok(read) => {
            let mut decoder = super::input::InputDecoder::new();
            let mut events = decoder.feed(&bytes[..read]);
            events.extend(decoder.flush());
            for event in events {
                deliver(event);
            }
            true
        }
        Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => true,
        Err(_) => false,
    }
}

/// The terminal is gone or unreadable: the app ends, and the input thread with it.
fn hang_up() {
    STOP.store(true, Ordering::SeqCst);
    deliver(Event::Terminate);
    route().reading = false;
}

/// Blocks until standard input (the terminal) has input: true then; false when it hung up or
/// cannot be polled, which ends the app.
fn input_waiting() -> bool {
    use rustix::event::{PollFd, PollFlags, poll};
    let stdin = io::stdin();
    loop {
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        match poll(&mut fds, None) {
            Ok(_) => {
                let got = fds[0].revents();
                if got.intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) {
                    return false;
                }
                if got.contains(PollFlags::IN) {
                    return true;
                }
            }
            Err(rustix::io::Errno::INTR) => continue,
            Err(_) => return false,
        }
    }
}

/// Turns SIGTERM, SIGHUP and SIGINT into [`Event::Terminate`] for `events`, so the app stops
/// cleanly and the terminal is restored instead of being left in raw mode; SIGWINCH into a
/// resize. One thread serves the whole process; later calls only change where events go.
/// With no screen open, a stop signal ends the process as it would without trios.
pub(crate) fn spawn_signals(events: Sender<Inbound>) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGWINCH};
    let mut route = route();
    route.to = Some(events);
    if route.listening {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGWINCH])?;
    thread::Builder::new()
        .name("trios-signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                // A resized window: the input thread sleeps on the terminal's input, which a
                // resize does not wake, so the new size is announced from here.
                if signal == SIGWINCH {
                    // crossterm hears the signal too: its resize is taken now, so that it
                    // cannot hold back the next keys (see `read_input`).
                    let _ = forward_pending(SIGNAL_SETTLE);
                    if let Ok((w, h)) = ratatui::crossterm::terminal::size() {
                        deliver(Event::Resize(w, h));
                    }
                    continue;
                }
                STOP.store(true, Ordering::SeqCst);
                if !deliver(Event::Terminate) {
                    if is_open() {
                        restore();
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                }
            }
        })?;
    route.listening = true;
    Ok(())
}

/// Stops the process as the shell's Ctrl-Z would (SIGTSTP), returning once it is continued.
/// The caller restores the terminal before and takes it again after.
pub fn stop_until_continued() {
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGTSTP);
}
