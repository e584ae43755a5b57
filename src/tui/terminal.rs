//! The local terminal: raw mode, alternate screen and mouse on entry, and always put back —
//! on return, error, panic and termination signals.

use std::io::{self, Stdout};
use std::sync::Once;
use std::sync::mpsc::Sender;
use std::thread;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

use super::event::Event;

pub type LocalTerminal = Terminal<CrosstermBackend<Stdout>>;

/// The terminal in full-screen mode. Dropping it restores the terminal.
pub struct Session {
    pub terminal: LocalTerminal,
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
                Ok(Session { terminal })
            }
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.terminal.show_cursor();
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

/// Forwards keys, mouse and resizes from the terminal as events, on a thread of its own.
pub fn spawn_input(events: Sender<Event>) {
    let _ = thread::Builder::new()
        .name("trios-input".into())
        .spawn(move || {
            loop {
                let event = match event::read() {
                    Ok(event::Event::Key(key)) => Event::Key(key),
                    Ok(event::Event::Mouse(mouse)) => Event::Mouse(mouse),
                    Ok(event::Event::Resize(w, h)) => Event::Resize(w, h),
                    Ok(_) => continue,
                    // The terminal is gone (closed window, dropped connection): stop the app.
                    Err(_) => Event::Terminate,
                };
                let stop = matches!(event, Event::Terminate);
                if events.send(event).is_err() || stop {
                    return;
                }
            }
        });
}

/// Turns SIGTERM, SIGHUP and SIGINT into [`Event::Terminate`], so the app stops cleanly and
/// the terminal is restored instead of being left in raw mode.
pub fn spawn_signals(events: Sender<Event>) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    thread::Builder::new()
        .name("trios-signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                if events.send(Event::Terminate).is_err() {
                    return;
                }
            }
        })?;
    Ok(())
}
