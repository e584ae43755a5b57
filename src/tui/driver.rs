//! The one event loop that drives a stack of screens, for the local terminal and for each
//! SSH connection alike; what differs between them sits behind [`Frontend`] and [`Policy`].
//!
//! The loop sleeps until an event, the top screen's next tick, the next frame it may draw,
//! or the idle deadline; applies everything already waiting (a burst costs one frame); and
//! draws at most one frame per [`Policy::frame_interval`], but for one that answers input,
//! which waits only for the last that did.

use std::io;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::event::Event;
use super::shell::{Closed, Inbound, Screen, Stack, Step, Transition};

/// How a front end paces its frames and how long it waits for input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Policy {
    /// No input (key, click, resize) for this long ends the loop with [`End::Idle`];
    /// `None` waits for ever.
    pub(crate) idle_timeout: Option<Duration>,
    /// Frames are drawn at least this far apart (zero: after every burst of events); a frame
    /// that answers input waits only for the last one that answered input, so a player's key
    /// is never held back by a frame they did not ask for.
    pub(crate) frame_interval: Duration,
    /// After a frame was dropped (a slow client), the next, full one is tried this later.
    pub(crate) retry_after_drop: Duration,
    /// A notice of dropped input waits until the player's input has paused this long
    /// (told while a flood goes on, the next key would clear it at once).
    pub(crate) notice_after: Duration,
}

impl Policy {
    /// The local terminal: a frame after every burst, no idle timeout.
    pub(crate) const LOCAL: Policy = Policy {
        idle_timeout: None,
        frame_interval: Duration::ZERO,
        retry_after_drop: Duration::ZERO,
        notice_after: Duration::ZERO,
    };
}

/// What became of a frame handed to the front end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shown {
    /// It is on its way to the screen.
    Sent,
    /// There was no room for it (a slow client): it was let go, and the next frame is to be
    /// drawn in full.
    Dropped,
    /// Nobody is there to see it any more.
    Gone,
}

/// Why the loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// The screens are done (the first popped, or one quit).
    Quit,
    /// No input for the policy's idle timeout.
    Idle,
    /// The other end went away (its inbox closed, or it said [`Event::Terminate`]).
    Gone,
    /// The process or server is stopping.
    Stopped,
}

/// What a terminal does for the loop: draw, follow resizes, suspend, and hear how input
/// and closing screens went. Everything but drawing has a default that does nothing.
pub(crate) trait Frontend {
    /// Draws one frame of `screen`.
    fn draw(&mut self, screen: &dyn Screen) -> io::Result<Shown>;
    /// The terminal became `size`; gives the size the screens are to be drawn at.
    fn resize(&mut self, size: (u16, u16)) -> io::Result<(u16, u16)> {
        Ok(size)
    }
    /// A screen asked to suspend (Ctrl-Z): gives the terminal's size once it is back, or
    /// `None` when this front end does not suspend. `size` is the size before.
    fn suspend(&mut self, _size: (u16, u16)) -> io::Result<Option<(u16, u16)>> {
        Ok(None)
    }
    /// Looks at an event from the terminal before any screen does; ends the loop by
    /// answering how.
    fn intercept(&mut self, _event: &Event) -> Option<End> {
        None
    }
    /// A key, click or resize from the terminal was taken from the inbox.
    fn took_input(&mut self) {}
    /// The line to tell the player if some of their input was dropped since last asked.
    fn dropped_notice(&mut self) -> Option<&'static str> {
        None
    }
    /// A screen closed, leaving `closed`; answering true ends the loop before the screen
    /// below is told.
    fn closed(&mut self, _closed: &Closed) -> bool {
        false
    }
    /// Whether the loop is to end now, after a burst of events, whatever screen is on top.
    fn stopping(&self) -> bool {
        false
    }
}

/// Drives `stack` with what arrives in `inbox`, drawing through `front` as `policy` says,
/// until the stack ends, the front end stops or goes, or the player idles. Only a failure
/// to draw, open a screen or come back from a suspension is an error.
pub(crate) fn run<S: Screen, T: Into<Inbound>>(
    stack: &mut Stack<S>,
    inbox: &Receiver<T>,
    front: &mut dyn Frontend,
    policy: Policy,
) -> io::Result<End> {
    let mut driver = Driver::new(policy);
    loop {
        let wake = match driver.settle(stack, front, Instant::now())? {
            Settled::Wait(wake) => wake,
            Settled::End(end) => return Ok(end),
        };
        let first = match wake {
            Some(at) => match inbox.recv_timeout(at.saturating_duration_since(Instant::now())) {
                Ok(inbound) => inbound.into(),
                Err(RecvTimeoutError::Timeout) => match driver.woken(stack) {
                    Woken::Tick(tick) => tick,
                    Woken::Nothing => continue,
                    Woken::End(end) => return Ok(end),
                },
                Err(RecvTimeoutError::Disconnected) => return Ok(End::Gone),
            },
            None => match inbox.recv() {
                Ok(inbound) => inbound.into(),
                Err(_) => return Ok(End::Gone),
            },
        };
        let mut next = Some(first);
        // Take everything already waiting before drawing again: a burst costs one frame.
        while let Some(inbound) = next {
            if let Some(end) = driver.take(stack, front, inbound)? {
                return Ok(end);
            }
            next = inbox.try_recv().ok().map(Into::into);
        }
        if let Some(end) = driver.burst_done(stack, front)? {
            return Ok(end);
        }
    }
}

/// The loop's state between events, so that a loop of its own ([`run`]) or a worker
/// driving many stacks can step it: [`Driver::take`] each event of a burst, then
/// [`Driver::burst_done`], then [`Driver::settle`] to draw what is due and learn when to
/// wake; on waking with no event, [`Driver::woken`].
#[derive(Debug)]
pub(crate) struct Driver {
    policy: Policy,
    last_input: Instant,
    /// The next frame may be drawn from then on.
    next_frame_at: Instant,
    /// A frame that answers input may be drawn from then on: a frame the player did not ask
    /// for (a table's news) does not hold back the next that answers a key.
    next_answer_at: Instant,
    /// A frame is owed.
    dirty: bool,
    /// Input was taken since the last frame.
    answering: bool,
    /// The player is told once that input was dropped, when their input pauses.
    told_dropped: bool,
    tell_dropped: Option<(Instant, &'static str)>,
    /// A screen asked to suspend during this burst.
    suspend: bool,
}

/// What [`Driver::settle`] leaves to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Settled {
    /// Wait for an event or until then (`None`: for an event alone).
    Wait(Option<Instant>),
    /// The loop is over.
    End(End),
}

/// What a wake-up with no event brought.
pub(crate) enum Woken {
    /// The top screen's tick is due: take it like any event.
    Tick(Inbound),
    /// A frame or notice is due, nothing for the screens.
    Nothing,
    /// The loop is over.
    End(End),
}

impl Driver {
    /// A loop about to draw its first frame.
    pub(crate) fn new(policy: Policy) -> Driver {
        let now = Instant::now();
        Driver {
            policy,
            last_input: now,
            next_frame_at: now,
            next_answer_at: now,
            dirty: true,
            answering: false,
            told_dropped: false,
            tell_dropped: None,
            suspend: false,
        }
    }

    /// Tells the notice that is due, draws the frame that is due, and gives when to wake.
    pub(crate) fn settle<S: Screen>(
        &mut self,
        stack: &mut Stack<S>,
        front: &mut dyn Frontend,
        now: Instant,
    ) -> io::Result<Settled> {
        if let Some((at, text)) = self.tell_dropped
            && now >= at
        {
            self.tell_dropped = None;
            self.told_dropped = true;
            self.dirty = true;
            stack.top_mut().say(text);
        }
        if self.dirty && now >= self.frame_due() {
            self.dirty = false;
            self.next_frame_at = now + self.policy.frame_interval;
            if std::mem::take(&mut self.answering) {
                self.next_answer_at = self.next_frame_at;
            }
            match front.draw(stack.top())? {
                Shown::Sent => {}
                Shown::Dropped => {
                    self.dirty = true;
                    self.next_frame_at = now + self.policy.retry_after_drop;
                    self.next_answer_at = self.next_frame_at;
                }
                Shown::Gone => return Ok(Settled::End(End::Gone)),
            }
        }
        // Sleep until input, news, the next animation step, frame or notice, or idleness.
        let wake = [
            self.idle_at(),
            stack.top().next_tick(),
            self.dirty.then(|| self.frame_due()),
            self.tell_dropped.map(|(at, _)| at),
        ]
        .into_iter()
        .flatten()
        .min();
        Ok(Settled::Wait(wake))
    }

    /// When the owed frame may be drawn: at once after input (unless a frame answered input
    /// or was dropped within the interval), else an interval after the last frame.
    fn frame_due(&self) -> Instant {
        if self.answering {
            self.next_answer_at
        } else {
            self.next_frame_at
        }
    }

    fn idle_at(&self) -> Option<Instant> {
        self.policy
            .idle_timeout
            .and_then(|t| self.last_input.checked_add(t))
    }

    /// The time [`Driver::settle`] gave came with no event: the player idled out, the top
    /// screen's tick is due, or only a frame or notice is.
    pub(crate) fn woken<S: Screen>(&self, stack: &Stack<S>) -> Woken {
        let now = Instant::now();
        if self.idle_at().is_some_and(|at| now >= at) {
            return Woken::End(End::Idle);
        }
        if stack.top().next_tick().is_none_or(|tick| tick > now) {
            return Woken::Nothing;
        }
        Woken::Tick(Inbound::Terminal(Event::Tick(now)))
    }

    /// Takes one event of a burst; answers how the loop ends if it does.
    pub(crate) fn take<S: Screen>(
        &mut self,
        stack: &mut Stack<S>,
        front: &mut dyn Frontend,
        mut inbound: Inbound,
    ) -> io::Result<Option<End>> {
        if let Inbound::Terminal(event) = &mut inbound {
            if let Some(end) = front.intercept(event) {
                return Ok(Some(end));
            }
            if let Event::Key(_) | Event::Mouse(_) | Event::Resize(..) = event {
                front.took_input();
                self.answering = true;
                self.last_input = Instant::now();
                let notice_after = self.policy.notice_after;
                self.tell_dropped = self
                    .tell_dropped
                    .map(|(_, text)| (self.last_input + notice_after, text));
            }
            if let Event::Resize(w, h) = *event {
                let (w, h) = front.resize((w, h))?;
                *event = Event::Resize(w, h);
            }
        }
        // A stale word about the lobby changes nothing on a table's screen.
        let stale = matches!(&inbound, Inbound::Terminal(Event::Lobby)) && stack.depth() > 0;
        let now = Instant::now();
        let transition = stack.route(inbound, now);
        self.dirty |= !stale && !matches!(transition, Transition::Unchanged);
        Ok(match carry_out(stack, transition, now, front)? {
            Step::Go => None,
            Step::Suspend => {
                self.suspend = true;
                None
            }
            Step::End => Some(End::Quit),
        })
    }

    /// The burst is over: the front end may stop the loop, a suspension asked for is
    /// carried out, and dropped input is noted to be told.
    pub(crate) fn burst_done<S: Screen>(
        &mut self,
        stack: &mut Stack<S>,
        front: &mut dyn Frontend,
    ) -> io::Result<Option<End>> {
        if front.stopping() {
            return Ok(Some(End::Stopped));
        }
        if std::mem::take(&mut self.suspend)
            && let Some(size) = front.suspend(stack.size)?
        {
            // Back from a suspension: the screen is redrawn in full at the size now.
            stack.size = size;
            let (w, h) = size;
            stack.top_mut().update(Event::Resize(w, h), Instant::now());
            self.dirty = true;
        }
        if !self.told_dropped
            && self.tell_dropped.is_none()
            && let Some(text) = front.dropped_notice()
        {
            self.tell_dropped = Some((Instant::now() + self.policy.notice_after, text));
        }
        Ok(None)
    }
}

/// Carries out what the screen on top asked, the front end hearing of each screen closed.
fn carry_out<S: Screen>(
    stack: &mut Stack<S>,
    transition: Transition,
    now: Instant,
    front: &mut dyn Frontend,
) -> io::Result<Step> {
    stack.apply(transition, now, &mut |closed| front.closed(closed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::event::Sender;
    use crate::tui::shell::Mailbox;
    use crate::tui::view::theme::Theme;
    use ratatui::buffer::Buffer;
    use ratatui::crossterm::event::{KeyCode, KeyEvent};
    use ratatui::layout::Rect;
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    use std::thread;

    /// The server's pacing, with an idle timeout short enough for a test.
    const PACED: Policy = Policy {
        idle_timeout: Some(Duration::from_millis(40)),
        frame_interval: Duration::from_millis(33),
        retry_after_drop: Duration::from_millis(250),
        notice_after: Duration::from_millis(250),
    };

    /// The server's pacing with an idle timeout no test reaches.
    const PATIENT: Policy = Policy {
        idle_timeout: Some(Duration::from_secs(60)),
        ..PACED
    };

    /// A screen that counts the events it is given and keeps the lines it is told; `q`
    /// quits, and so does its tick.
    struct Counting {
        seen: Rc<Cell<usize>>,
        said: Rc<RefCell<Vec<String>>>,
        tick: Option<Instant>,
        ticked: Rc<Cell<bool>>,
    }

    impl Screen for Counting {
        fn update(&mut self, event: Event, _now: Instant) -> Transition {
            self.seen.set(self.seen.get() + 1);
            match event {
                Event::Key(key) if key.code == KeyCode::Char('q') => Transition::Quit,
                Event::Tick(_) => {
                    self.ticked.set(true);
                    Transition::Quit
                }
                _ => Transition::Stay,
            }
        }
        fn next_tick(&self) -> Option<Instant> {
            self.tick
        }
        fn draw(&self, _area: Rect, _buf: &mut Buffer) {}
        fn say(&mut self, text: &str) {
            self.said.borrow_mut().push(text.to_string());
        }
    }

    /// A front end that writes down how many events the screen had seen at each frame,
    /// types `q` at frame `quit_at`, drops frame `drop_at` as a slow client's, and reports
    /// `notice` (dropped input) once.
    struct Fake {
        seen: Rc<Cell<usize>>,
        frames: Vec<usize>,
        keys: Sender<Event>,
        quit_at: usize,
        drop_at: Option<usize>,
        notice: Option<&'static str>,
    }

    impl Frontend for Fake {
        fn draw(&mut self, _screen: &dyn Screen) -> io::Result<Shown> {
            self.frames.push(self.seen.get());
            let n = self.frames.len();
            if self.drop_at == Some(n) {
                return Ok(Shown::Dropped);
            }
            if n == self.quit_at {
                let _ = self.keys.send(key('q'));
            }
            Ok(Shown::Sent)
        }
        fn dropped_notice(&mut self) -> Option<&'static str> {
            self.notice.take()
        }
    }

    fn key(c: char) -> Event {
        Event::Key(KeyEvent::from(KeyCode::Char(c)))
    }

    /// A stack of one counting screen, its inbox, and the fake front end.
    struct Rig {
        stack: Stack<Counting>,
        inbox: Receiver<Event>,
        fake: Fake,
        said: Rc<RefCell<Vec<String>>>,
        ticked: Rc<Cell<bool>>,
    }

    impl Rig {
        fn new(tick: Option<Instant>) -> Rig {
            let (keys, inbox) = crate::tui::event::channel();
            let seen = Rc::new(Cell::new(0));
            let said = Rc::new(RefCell::new(Vec::new()));
            let ticked = Rc::new(Cell::new(false));
            let screen = Counting {
                seen: seen.clone(),
                said: said.clone(),
                tick,
                ticked: ticked.clone(),
            };
            let mailbox: Mailbox = Box::new(|_| Ok(crate::tui::event::channel().0));
            let stack = Stack::new(screen, (80, 24), Theme::plain(), mailbox);
            let fake = Fake {
                seen,
                frames: Vec::new(),
                keys,
                quit_at: 2,
                drop_at: None,
                notice: None,
            };
            Rig {
                stack,
                inbox,
                fake,
                said,
                ticked,
            }
        }

        /// Runs the loop; however it misbehaves, a late `q` ends it in time for the test's
        /// assertions to say how.
        fn run(&mut self, policy: Policy) -> Option<End> {
            let keys = self.fake.keys.clone();
            thread::spawn(move || {
                thread::sleep(Duration::from_secs(5));
                let _ = keys.send(key('q'));
            });
            run(&mut self.stack, &self.inbox, &mut self.fake, policy).ok()
        }
    }

    #[test]
    fn a_burst_of_events_costs_one_frame() {
        for policy in [Policy::LOCAL, PACED] {
            let mut rig = Rig::new(None);
            for _ in 0..10 {
                rig.fake.keys.send(key('x')).ok();
            }
            assert_eq!(rig.run(policy), Some(End::Quit), "{policy:?}");
            // The first frame before any event, one for the whole burst; `q` quits.
            assert_eq!(rig.fake.frames, [0, 10], "{policy:?}");
        }
    }

    #[test]
    fn a_tick_wakes_the_loop() {
        for policy in [Policy::LOCAL, PACED] {
            let mut rig = Rig::new(Some(Instant::now() + Duration::from_millis(10)));
            assert_eq!(rig.run(policy), Some(End::Quit), "{policy:?}");
            assert!(rig.ticked.get(), "{policy:?}");
        }
    }

    #[test]
    fn no_input_for_the_idle_timeout_ends_the_loop_when_the_policy_has_one() {
        for (policy, expected) in [(Policy::LOCAL, End::Quit), (PACED, End::Idle)] {
            let mut rig = Rig::new(None);
            // A key long after the idle timeout: only a loop without one waits for it.
            let keys = rig.fake.keys.clone();
            let typist = thread::spawn(move || {
                thread::sleep(Duration::from_millis(200));
                let _ = keys.send(key('q'));
            });
            assert_eq!(rig.run(policy), Some(expected), "{policy:?}");
            typist.join().ok();
        }
    }

    #[test]
    fn a_closed_inbox_ends_the_loop() {
        for policy in [Policy::LOCAL, PACED] {
            let mut rig = Rig::new(None);
            // The last sender goes: nobody can reach the screens any more.
            rig.fake.keys = crate::tui::event::channel().0;
            assert_eq!(rig.run(policy), Some(End::Gone), "{policy:?}");
        }
    }

    #[test]
    fn a_frame_nobody_asked_for_does_not_hold_back_the_answer_to_a_key() {
        // Frames a minute apart: only the rule for answers lets a key's frame through.
        let slow = Policy {
            frame_interval: Duration::from_secs(60),
            ..PATIENT
        };
        let mut rig = Rig::new(None);
        rig.fake.quit_at = usize::MAX;
        let mut driver = Driver::new(slow);
        let mut step = |rig: &mut Rig, event: Event| {
            let (stack, fake) = (&mut rig.stack, &mut rig.fake);
            driver.take(stack, fake, Inbound::Terminal(event)).ok();
            driver.burst_done(stack, fake).ok();
            driver.settle(stack, fake, Instant::now()).ok();
            rig.fake.frames.len()
        };
        // The first frame goes at once; news then waits for the interval.
        assert_eq!(step(&mut rig, Event::Lobby), 1);
        assert_eq!(step(&mut rig, Event::Lobby), 1);
        // A key is answered at once, news or not; a second key waits for the interval.
        assert_eq!(step(&mut rig, key('x')), 2);
        assert_eq!(step(&mut rig, key('x')), 2);
        assert_eq!(step(&mut rig, Event::Lobby), 2);
    }

    #[test]
    fn a_dropped_frame_is_drawn_again() {
        for policy in [Policy::LOCAL, PATIENT] {
            let mut rig = Rig::new(None);
            rig.fake.keys.send(key('x')).ok();
            rig.fake.drop_at = Some(2);
            rig.fake.quit_at = 3;
            assert_eq!(rig.run(policy), Some(End::Quit), "{policy:?}");
            assert_eq!(rig.fake.frames, [0, 1, 1], "{policy:?}");
        }
    }

    #[test]
    fn dropped_input_is_told_once_and_drawn() {
        // Without a pause to wait for, the notice comes in the key's frame; paced, in a
        // frame of its own once the input has paused.
        for (policy, frames) in [(Policy::LOCAL, &[0, 1][..]), (PATIENT, &[0, 1, 1][..])] {
            let mut rig = Rig::new(None);
            rig.fake.keys.send(key('x')).ok();
            rig.fake.notice = Some("input dropped");
            rig.fake.quit_at = frames.len();
            assert_eq!(rig.run(policy), Some(End::Quit), "{policy:?}");
            assert_eq!(*rig.said.borrow(), ["input dropped"], "{policy:?}");
            assert_eq!(rig.fake.frames, frames, "{policy:?}");
        }
    }
}
