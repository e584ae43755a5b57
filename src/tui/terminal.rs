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

/// Forwards keys, mouse and resizes from the terminal as events, on a thread of its own.
///
/// The thread sleeps in `poll(2)` on standard input until the terminal has something to say.
/// A terminal that hangs up (closed window, dropped connection, even with SIGHUP ignored) or
/// fails to read ends the app with [`Event::Terminate`]: crossterm alone would keep reading
/// the end of the input forever.
pub fn spawn_input(events: Sender<Event>) {
    let _ = thread::Builder::new()
        .name("trios-input".into())
        .spawn(move || {
            loop {
                if !input_waiting() {
                    let _ = events.send(Event::Terminate);
                    return;
                }
                // Everything crossterm can now give without blocking.
                loop {
                    let event = match event::poll(std::time::Duration::ZERO) {
                        Ok(false) => break,
                        Ok(true) => match event::read() {
                            Ok(event::Event::Key(key)) => Event::Key(key),
                            Ok(event::Event::Mouse(mouse)) => Event::Mouse(mouse),
                            Ok(event::Event::Resize(w, h)) => Event::Resize(w, h),
                            Ok(_) => continue,
                            Err(_) => Event::Terminate,
                        },
                        Err(_) => Event::Terminate,
                    };
                    let stop = matches!(event, Event::Terminate);
                    if events.send(event).is_err() || stop {
                        return;
                    }
                }
            }
        });
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

/// Turns SIGTERM, SIGHUP and SIGINT into [`Event::Terminate`], so the app stops cleanly and
/// the terminal is restored instead of being left in raw mode; SIGWINCH into a resize.
pub fn spawn_signals(events: Sender<Event>) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGWINCH};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGWINCH])?;
    thread::Builder::new()
        .name("trios-signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                // A resized window: the input thread sleeps on the terminal's input, which a
                // resize does not wake, so the new size is announced from here.
                let event = if signal == SIGWINCH {
                    match ratatui::crossterm::terminal::size() {
                        Ok((w, h)) => Event::Resize(w, h),
                        Err(_) => continue,
                    }
                } else {
                    Event::Terminate
                };
                if events.send(event).is_err() {
                    return;
                }
            }
        })?;
    Ok(())
}

/// Stops the process as the shell's Ctrl-Z would (SIGTSTP), returning once it is continued.
/// The caller restores the terminal before and takes it again after.
pub fn stop_until_continued() {
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGTSTP);
}
