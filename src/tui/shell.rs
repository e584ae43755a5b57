//! One terminal session, one event loop, a stack of screens: the home screen opens a match
//! on top of itself and comes back when it is closed, without ever leaving the alternate
//! screen, so nothing flashes between them and no key typed meanwhile is lost.
//!
//! Every [`Screen`] takes events and says what comes next ([`Transition`]), says when it
//! next needs time to pass, and draws itself into any ratatui buffer. The [`run`] loop owns
//! the terminal session (raw mode, alternate screen, input and signal threads, Ctrl-Z,
//! stop requests, restoring on every way out) and hands each event to the screen on top,
//! through the loop shared with SSH connections (`driver`).

use std::io;
use std::sync::mpsc::{self, SendError};
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::driver::{self, Frontend, Policy, Shown};
use super::event::{Event, Sender};
use super::terminal::{self, Session};
use super::view::theme::Theme;

/// What a screen asks for after an event.
pub enum Transition {
    /// Go on showing this screen.
    Stay,
    /// Go on showing this screen, which nothing in the event changed: no frame is drawn for
    /// it (news a screen found it does not show, or kept for later).
    Unchanged,
    /// Show a new screen on top of this one, until it pops.
    Push(Opening),
    /// Close this screen; the one below it is shown again (closing the last ends the loop).
    Pop,
    /// End the loop.
    Quit,
    /// Stop the process as the shell's Ctrl-Z would; the screen comes back on `fg`.
    Suspend,
}

impl Transition {
    /// What a game screen asks after an event: to close once it `quit`, else to be
    /// suspended once when Ctrl-Z asked for it (`suspend` is cleared), else to stay.
    pub fn after(quit: bool, suspend: &mut bool) -> Transition {
        if quit {
            Transition::Pop
        } else if std::mem::take(suspend) {
            Transition::Suspend
        } else {
            Transition::Stay
        }
    }
}

/// How a screen is opened: given where its own events go (a computer's moves), the terminal's
/// size and the theme.
pub type Opening = Box<dyn FnOnce(Sender<Event>, (u16, u16), Theme) -> Box<dyn Screen>>;

/// What a screen leaves behind when it closes, for the screen below it and for the end of
/// the process.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Closed {
    /// Where the unfinished match it showed is kept and how to go on with it; said on
    /// standard error if the process is told to stop before another screen takes over.
    pub saved: Option<String>,
    /// Why its match could not be saved, for the screen below to show.
    pub warning: Option<String>,
}

/// One full-screen view: events in, a transition out, and a frame drawn from its state.
pub trait Screen {
    /// Applies one event that happened at `now` and says what comes next.
    fn update(&mut self, event: Event, now: Instant) -> Transition;
    /// When the next animation step or paced move is due, if any; idle screens sleep.
    fn next_tick(&self) -> Option<Instant>;
    /// Draws the screen into `area` of `buf`; drawing changes nothing.
    fn draw(&self, area: Rect, buf: &mut Buffer);
    /// The screen above this one closed, leaving `closed`; this one is on top again (it has
    /// just been given the terminal's size).
    fn uncovered(&mut self, _closed: Closed, _now: Instant) -> Transition {
        Transition::Stay
    }
    /// The screen leaves the stack: what it leaves behind. It is dropped right after, so
    /// whatever it holds (a record's lock) is let go before the screen below is told.
    fn close(&mut self) -> Closed {
        Closed::default()
    }
    /// Shows a line from outside the screen (a server's notice) where the screen shows its
    /// own; a screen without one lets it go.
    fn say(&mut self, _text: &str) {}
}

/// What reaches the loop: the terminal's events, or a screen's own (tagged with its id, so
/// that a closed screen's late computer move never reaches the next one).
pub(crate) enum Inbound {
    Terminal(Event),
    Screen(u64, Event),
}

/// An event with no screen's id comes from the terminal (an SSH connection's inbox holds
/// its screens' events too, all for the screen on top).
impl From<Event> for Inbound {
    fn from(event: Event) -> Inbound {
        Inbound::Terminal(event)
    }
}

/// A screen on the stack and the id its own events carry.
struct Layer {
    id: u64,
    screen: Box<dyn Screen>,
}

/// Where a screen opened with id `id` sends its own events.
pub(crate) type Mailbox = Box<dyn FnMut(u64) -> io::Result<Sender<Event>>>;

/// The stack: the first screen (kept with its own type, to give it back) and those above.
/// The local terminal's loop and each SSH connection's drive one each.
pub(crate) struct Stack<S> {
    pub(crate) root: S,
    above: Vec<Layer>,
    mailbox: Mailbox,
    next_id: u64,
    /// The terminal's size, given to each screen opened and to each uncovered.
    pub(crate) size: (u16, u16),
    theme: Theme,
}

/// What the loop does after a transition has been carried out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Go on with the screen now on top.
    Go,
    /// Suspend the process (the local terminal's Ctrl-Z).
    Suspend,
    /// The stack is done.
    End,
}

/// The id of the first screen's events.
const ROOT: u64 = 0;

impl<S: Screen> Stack<S> {
    /// A stack of `root` alone, on a terminal of `size`; `mailbox` gives each screen opened
    /// above it the sender for its own events.
    pub(crate) fn new(root: S, size: (u16, u16), theme: Theme, mailbox: Mailbox) -> Stack<S> {
        Stack {
            root,
            above: Vec::new(),
            mailbox,
            next_id: ROOT,
            size,
            theme,
        }
    }

    pub(crate) fn top(&self) -> &dyn Screen {
        match self.above.last() {
            Some(layer) => &*layer.screen,
            None => &self.root,
        }
    }

    pub(crate) fn top_mut(&mut self) -> &mut dyn Screen {
        match self.above.last_mut() {
            Some(layer) => &mut *layer.screen,
            None => &mut self.root,
        }
    }

    /// How many screens are open above the first.
    pub(crate) fn depth(&self) -> usize {
        self.above.len()
    }

    /// The id of the screen on top.
    fn top_id(&self) -> u64 {
        self.above.last().map_or(ROOT, |layer| layer.id)
    }

    /// Hands `inbound` to the screen it is for; gives back what the screen on top asked.
    /// A screen's own event for a screen below the top is applied, but that screen cannot
    /// change the stack; one for a screen no longer open is dropped.
    pub(crate) fn route(&mut self, inbound: Inbound, now: Instant) -> Transition {
        match inbound {
            Inbound::Terminal(event) => {
                if let Event::Resize(w, h) = event {
                    self.size = (w, h);
                }
                self.top_mut().update(event, now)
            }
            Inbound::Screen(id, event) if id == self.top_id() => self.top_mut().update(event, now),
            Inbound::Screen(ROOT, event) => {
                self.root.update(event, now);
                Transition::Stay
            }
            Inbound::Screen(id, event) => {
                if let Some(layer) = self.above.iter_mut().find(|l| l.id == id) {
                    layer.screen.update(event, now);
                }
                Transition::Stay
            }
        }
    }

    /// Carries out `transition` asked by the screen on top, and those it leads to (an
    /// uncovered screen may open the next). `popped` hears what each closed screen left
    /// before the screen below is told, and ends the stack by answering true.
    pub(crate) fn apply(
        &mut self,
        transition: Transition,
        now: Instant,
        popped: &mut dyn FnMut(&Closed) -> bool,
    ) -> io::Result<Step> {
        let mut transition = transition;
        loop {
            transition = match transition {
                Transition::Stay | Transition::Unchanged => return Ok(Step::Go),
                Transition::Suspend => return Ok(Step::Suspend),
                Transition::Quit => return Ok(Step::End),
                Transition::Push(opening) => {
                    self.push(opening)?;
                    return Ok(Step::Go);
                }
                Transition::Pop => {
                    let Some(closed) = self.pop() else {
                        return Ok(Step::End);
                    };
                    if popped(&closed) {
                        return Ok(Step::End);
                    }
                    let (w, h) = self.size;
                    self.top_mut().update(Event::Resize(w, h), now);
                    self.top_mut().uncovered(closed, now)
                }
            };
        }
    }

    /// Opens a screen on top.
    fn push(&mut self, opening: Opening) -> io::Result<()> {
        self.next_id += 1;
        let id = self.next_id;
        let events = (self.mailbox)(id)?;
        let screen = opening(events, self.size, self.theme);
        self.above.push(Layer { id, screen });
        Ok(())
    }

    /// Closes the screen on top (not the first); gives what it left behind.
    pub(crate) fn pop(&mut self) -> Option<Closed> {
        let mut layer = self.above.pop()?;
        let closed = layer.screen.close();
        drop(layer);
        Some(closed)
    }
}

/// A sender for the screen `id`'s own events, which reach the loop tagged with `id`.
fn forward(id: u64, hub: mpsc::Sender<Inbound>) -> Sender<Event> {
    Sender::new(move |event| {
        hub.send(Inbound::Screen(id, event))
            .map_err(|SendError(inbound)| match inbound {
                Inbound::Screen(_, event) | Inbound::Terminal(event) => SendError(event),
            })
    })
}

/// A screen as a ratatui widget, for any backend (the local terminal, an SSH channel's).
pub struct Drawn<'a>(pub &'a dyn Screen);

impl ratatui::widgets::Widget for Drawn<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.0.draw(area, buf);
    }
}

/// Runs the screen `make` builds (given where its own events go, the terminal's size and
/// the theme), and every screen it opens, in this terminal until the first screen pops or
/// one quits, or the process is told to stop; gives the first screen back. The terminal is
/// restored on every way out, and only then are the screens closed by a stop request heard
/// from (where their unfinished matches are kept).
pub fn run<S: Screen>(make: impl FnOnce(Sender<Event>, (u16, u16), Theme) -> S) -> io::Result<S> {
    let (hub, inbox) = mpsc::channel();
    let session = Session::enter()?;
    terminal::spawn_input(hub.clone());
    terminal::spawn_signals(hub.clone())?;
    let size = session.size()?;
    let theme = Theme::from_env();
    let root = make(forward(ROOT, hub.clone()), size, theme);
    let mailbox: Mailbox = Box::new(move |id| Ok(forward(id, hub.clone())));
    let mut stack = Stack::new(root, size, theme, mailbox);
    let mut local = Local {
        session: Some(session),
        notes: Vec::new(),
    };
    let ended = driver::run(&mut stack, &inbox, &mut local, Policy::LOCAL);
    // The terminal is restored before anything is said on it.
    drop(local.session.take());
    let mut notes = local.notes;
    // Whatever is still open closes now, its news said once the terminal is back.
    while let Some(closed) = stack.pop() {
        notes.extend(closed.saved);
    }
    for note in notes {
        eprintln!("{note}");
    }
    ended.map(|_| stack.root)
}

/// The local terminal as the loop's front end: draws through the [`Session`], suspends on
/// Ctrl-Z, and ends on a stop request.
struct Local {
    /// `None` only while suspended (the shell has the terminal) and after the loop.
    session: Option<Session>,
    /// Where unfinished matches are kept, to say once the terminal is restored.
    notes: Vec<String>,
}

impl Frontend for Local {
    fn draw(&mut self, screen: &dyn Screen) -> io::Result<Shown> {
        if let Some(session) = self.session.as_mut() {
            session.draw(Drawn(screen))?;
        }
        Ok(Shown::Sent)
    }

    /// Ctrl-Z: the shell gets its terminal back as it was; `fg` brings the screen back,
    /// redrawn in full at the terminal's size then.
    fn suspend(&mut self, size: (u16, u16)) -> io::Result<Option<(u16, u16)>> {
        drop(self.session.take());
        terminal::stop_until_continued();
        let session = Session::enter()?;
        let size = session.size().unwrap_or(size);
        self.session = Some(session);
        Ok(Some(size))
    }

    /// Told to stop: the process ends, and says where the match is kept.
    fn closed(&mut self, closed: &Closed) -> bool {
        let stop = terminal::stop_requested();
        if stop {
            self.notes.extend(closed.saved.clone());
        }
        stop
    }

    /// Told to stop: the process ends, whichever screen is on top.
    fn stopping(&self) -> bool {
        terminal::stop_requested()
    }
}

/// A screen that, when it closes, is handed whole to `leave`, which says what it leaves
/// behind (a match screen's unfinished match, pruned autosaves).
pub struct Leaving<A> {
    /// Always `Some` until closed.
    screen: Option<A>,
    leave: Option<Box<dyn FnOnce(A) -> Closed>>,
}

impl<A: Screen> Leaving<A> {
    pub fn new(screen: A, leave: impl FnOnce(A) -> Closed + 'static) -> Leaving<A> {
        Leaving {
            screen: Some(screen),
            leave: Some(Box::new(leave)),
        }
    }
}

impl<A: Screen> Screen for Leaving<A> {
    fn update(&mut self, event: Event, now: Instant) -> Transition {
        match self.screen.as_mut() {
            Some(screen) => screen.update(event, now),
            None => Transition::Pop,
        }
    }
    fn next_tick(&self) -> Option<Instant> {
        self.screen.as_ref().and_then(Screen::next_tick)
    }
    fn draw(&self, area: Rect, buf: &mut Buffer) {
        if let Some(screen) = &self.screen {
            screen.draw(area, buf);
        }
    }
    fn uncovered(&mut self, closed: Closed, now: Instant) -> Transition {
        match self.screen.as_mut() {
            Some(screen) => screen.uncovered(closed, now),
            None => Transition::Pop,
        }
    }
    fn close(&mut self) -> Closed {
        match (self.screen.take(), self.leave.take()) {
            (Some(screen), Some(leave)) => leave(screen),
            (Some(mut screen), None) => screen.close(),
            (None, _) => Closed::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A screen that writes down the events it is given, under its name; `q` pops it.
    struct Fake {
        name: &'static str,
        seen: Rc<RefCell<Vec<String>>>,
    }

    impl Screen for Fake {
        fn update(&mut self, event: Event, _now: Instant) -> Transition {
            self.seen
                .borrow_mut()
                .push(format!("{}: {event:?}", self.name));
            match event {
                Event::Key(key) if key.code == ratatui::crossterm::event::KeyCode::Char('q') => {
                    Transition::Pop
                }
                _ => Transition::Stay,
            }
        }
        fn next_tick(&self) -> Option<Instant> {
            None
        }
        fn draw(&self, _area: Rect, _buf: &mut Buffer) {}
        fn uncovered(&mut self, closed: Closed, _now: Instant) -> Transition {
            let saved = closed.saved.unwrap_or_default();
            self.seen
                .borrow_mut()
                .push(format!("{} uncovered: {saved}", self.name));
            Transition::Stay
        }
        fn close(&mut self) -> Closed {
            Closed {
                saved: Some(format!("{} closed", self.name)),
                warning: None,
            }
        }
    }

    fn opening(name: &'static str, seen: &Rc<RefCell<Vec<String>>>) -> Opening {
        let seen = seen.clone();
        Box::new(move |_, _, _| Box::new(Fake { name, seen }))
    }

    fn q() -> Event {
        Event::Key(ratatui::crossterm::event::KeyEvent::from(
            ratatui::crossterm::event::KeyCode::Char('q'),
        ))
    }

    #[test]
    fn a_closed_screens_late_events_never_reach_the_next_one() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let root = Fake {
            name: "home",
            seen: seen.clone(),
        };
        let mailbox: Mailbox = Box::new(|_| Ok(crate::tui::event::channel().0));
        let mut stack = Stack::new(root, (80, 24), Theme::plain(), mailbox);
        let now = Instant::now();
        let never = &mut |_: &Closed| false;
        let step = stack.apply(Transition::Push(opening("first", &seen)), now, never);
        assert_eq!(step.ok(), Some(Step::Go));
        assert_eq!(stack.depth(), 1);
        // q closes the match; the home screen is told what it left, at the current size.
        let next = stack.route(Inbound::Terminal(q()), now);
        assert_eq!(stack.apply(next, now, never).ok(), Some(Step::Go));
        assert_eq!(stack.depth(), 0);
        stack
            .apply(Transition::Push(opening("second", &seen)), now, never)
            .ok();
        seen.borrow_mut().clear();
        // The first match's computer answers late (its id was 1): nobody hears it.
        let late = Event::Chosen {
            ticket: 1,
            index: Some(0),
        };
        let next = stack.route(Inbound::Screen(1, late.clone()), now);
        assert!(matches!(next, Transition::Stay));
        // The second's own answer (id 2) and the terminal's keys reach it.
        stack.route(Inbound::Screen(2, late), now);
        assert_eq!(
            *seen.borrow(),
            ["second: Chosen { ticket: 1, index: Some(0) }"]
        );
        // Closing the last screen above the first leaves the first; closing that ends.
        let next = stack.route(Inbound::Terminal(q()), now);
        assert_eq!(stack.apply(next, now, never).ok(), Some(Step::Go));
        assert!(
            seen.borrow()
                .contains(&"home uncovered: second closed".to_string())
        );
        assert!(seen.borrow().contains(&"home: Resize(80, 24)".to_string()));
        let next = stack.route(Inbound::Terminal(q()), now);
        assert_eq!(stack.apply(next, now, never).ok(), Some(Step::End));
    }

    #[test]
    fn a_stop_heard_when_a_screen_closes_ends_the_stack() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let root = Fake {
            name: "home",
            seen: seen.clone(),
        };
        let mailbox: Mailbox = Box::new(|_| Ok(crate::tui::event::channel().0));
        let mut stack = Stack::new(root, (80, 24), Theme::plain(), mailbox);
        let now = Instant::now();
        stack
            .apply(Transition::Push(opening("match", &seen)), now, &mut |_| {
                false
            })
            .ok();
        let mut notes = Vec::new();
        let next = stack.route(Inbound::Terminal(q()), now);
        let mut stop = |closed: &Closed| {
            notes.extend(closed.saved.clone());
            true
        };
        assert_eq!(stack.apply(next, now, &mut stop).ok(), Some(Step::End));
        assert_eq!(notes, ["match closed"]);
        assert!(
            !seen
                .borrow()
                .iter()
                .any(|s| s.starts_with("home uncovered")),
            "{seen:?}"
        );
    }
}
