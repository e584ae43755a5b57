//! What every race screen (Triad, Hex paths) does besides its board: the clock and its
//! ticking, the flash line, the help, quitting and suspending, and the tie to a server's
//! race table. Each game's screen holds a [`RaceBase`] and supplies its board and its moves.

mod ask;
mod rivals;
mod table;

pub use ask::Question;

pub use crate::tui::table_link::TableLink;
pub(crate) use rivals::Rivals;
pub(crate) use table::Word;
pub use table::{Ask, Requests};

use crate::tui::Transition;
use std::any::Any;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};

use super::view::theme::Theme;
use super::{Event, FirstKey, first_key};
use crate::controller::table::TableId;

use super::view::message::Message;

/// What an event leaves for the board once the shell has taken its part.
pub(crate) enum Input {
    Key(KeyEvent),
    /// A left click, the help being closed.
    Click(MouseEvent),
    /// News from the table this screen follows.
    News(Arc<dyn Any + Send + Sync>),
    /// `y` to a question the board asked (leaving is the shell's own).
    Yes(Question),
}

/// A race screen's shell and the table it follows, if any, borrowed together.
pub(crate) type Parts<'a, Request, Seat> =
    (&'a mut RaceBase, Option<&'a mut TableLink<Request, Seat>>);

/// What a game's race screen supplies to the shell: its board's keys, clicks and news, and
/// what time brings to it.
pub(crate) trait RaceBoard {
    /// The news its table sends.
    type News: Clone + 'static;
    type Request;
    /// A player's seat, as its table describes it.
    type Seat;
    /// The shell and the table followed, if any.
    fn parts(&mut self) -> Parts<'_, Self::Request, Self::Seat>;
    /// A key the shell did not take.
    fn key(&mut self, key: KeyEvent);
    /// A left click the shell did not take.
    fn click(&mut self, mouse: MouseEvent);
    /// The table's words every screen takes alike, or else the game's own news.
    fn word(news: Self::News) -> Result<Word, Self::News>;
    /// The game's own news from the table.
    fn news(&mut self, news: Self::News);
    /// What time brings, after every event.
    fn advance(&mut self);
    /// `y` to a question it asked, other than leaving (which the shell does itself).
    fn confirmed(&mut self, _question: Question) {}
}

/// Applies one event to a race screen: the shell takes its part, the board the rest, then
/// time moves on.
pub(crate) fn update<B: RaceBoard>(board: &mut B, event: Event, now: Instant) {
    let (shell, client) = board.parts();
    let id = client.map(|c| c.id);
    match shell.take(event, now, id) {
        Some(Input::Key(key)) => board.key(key),
        Some(Input::Click(mouse)) => board.click(mouse),
        Some(Input::Yes(question)) => board.confirmed(question),
        Some(Input::News(news)) => {
            if let Some(news) = news.downcast_ref::<B::News>() {
                match B::word(news.clone()) {
                    Ok(word) => {
                        let (shell, client) = board.parts();
                        if let Some(client) = client {
                            let heard = client.hear(word);
                            shell.say(&heard.text, heard.error);
                        }
                    }
                    Err(news) => board.news(news),
                }
            }
        }
        None => {}
    }
    board.advance();
}

/// The state every race screen shares. Invariant: `now` never goes back; the clock reads
/// `now - started`, or `paused_at - started` while the help pauses it.
pub struct RaceBase {
    /// The clock as last drawn; the view reads it rather than the system clock.
    pub(crate) now: Instant,
    pub(crate) size: (u16, u16),
    pub(crate) theme: Theme,
    pub(crate) help: bool,
    /// The status bar's line: what just happened, or what went wrong.
    pub(crate) note: Option<Message>,
    /// When the note was said.
    note_at: Instant,
    /// How long a note stays; `None`: until something replaces it.
    note_lifetime: Option<Duration>,
    /// When the clock (of the game, or of the round) began.
    started: Instant,
    quit: bool,
    suspend: bool,
    /// A y/n question waiting for its answer: the next key answers it.
    question: Option<Question>,
    /// When the help paused the clock, while it is open over a game played here.
    paused_at: Option<Instant>,
}

impl RaceBase {
    /// A shell at the present instant, its clock starting now.
    pub(crate) fn new(size: (u16, u16), theme: Theme, note_lifetime: Option<Duration>) -> RaceBase {
        let now = Instant::now();
        RaceBase {
            now,
            size,
            theme,
            help: false,
            note: None,
            note_at: now,
            note_lifetime,
            started: now,
            quit: false,
            suspend: false,
            question: None,
            paused_at: None,
        }
    }

    /// Takes one event at `now`: the clock moves on, resizes and ends are the shell's, the
    /// keys every screen reads first (releases, closing the help, Ctrl-C/Q/Z) and a click
    /// closing the help too; the rest is the board's. News counts only from `table`.
    pub(crate) fn take(
        &mut self,
        event: Event,
        now: Instant,
        table: Option<TableId>,
    ) -> Option<Input> {
        self.now = now.max(self.now);
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release && self.question.is_some() => {
                self.answer(key)
            }
            Event::Key(key) => match first_key(&key, &mut self.help) {
                FirstKey::Own => Some(Input::Key(key)),
                FirstKey::Taken => {
                    if !self.help {
                        self.resume();
                    }
                    None
                }
                FirstKey::Quit => {
                    self.quit = true;
                    None
                }
                FirstKey::Suspend => {
                    self.suspend = true;
                    None
                }
            },
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                // A click answers a question as any other key than `y` does.
                if self.question.take().is_some() {
                    self.note = None;
                    return None;
                }
                if std::mem::take(&mut self.help) {
                    self.resume();
                    return None;
                }
                Some(Input::Click(mouse))
            }
            Event::Resize(w, h) => {
                self.size = (w, h);
                None
            }
            Event::Table(id, news) if table == Some(id) => Some(Input::News(news)),
            Event::Terminate | Event::Shutdown => {
                self.quit = true;
                None
            }
            _ => None,
        }
    }

    /// Opens the help; `pause`: the clock stops until it closes (a game played here; a
    /// race at a table goes on).
    pub(crate) fn open_help(&mut self, pause: bool) {
        self.help = true;
        if pause && self.paused_at.is_none() {
            self.paused_at = Some(self.now);
        }
    }

    /// Whether the help holds the clock.
    pub(crate) fn paused(&self) -> bool {
        self.paused_at.is_some()
    }

    /// The help closed: the clock goes on from where it stood.
    fn resume(&mut self) {
        if let Some(at) = self.paused_at.take() {
            self.started += self.now.saturating_duration_since(at);
        }
    }

    /// Asks `question` on the status line (`saved`: whether the game stays saved); the next
    /// key answers it.
    pub(crate) fn ask(&mut self, question: Question, saved: bool) {
        self.question = None;
        self.say(&question.text(saved), false);
        self.question = Some(question);
    }

    /// The question waiting for its answer, if any.
    pub fn question(&self) -> Option<Question> {
        self.question
    }

    /// `key` answers the question open: `y` leaves, or goes back to the board for what it
    /// asked; Ctrl-C and Ctrl-Q quit; any other key leaves things as they are.
    fn answer(&mut self, key: KeyEvent) -> Option<Input> {
        let question = self.question.take()?;
        self.note = None;
        match (ask::answer(key), question) {
            (ask::Answer::Quit, _) | (ask::Answer::Yes, Question::Leave) => {
                self.quit = true;
                None
            }
            (ask::Answer::Yes, asked) => Some(Input::Yes(asked)),
            (ask::Answer::No, _) => None,
        }
    }

    /// Shows `text` in the status bar, as an error or not; while a question waits for its
    /// answer, the question stays.
    pub(crate) fn say(&mut self, text: &str, error: bool) {
        if self.question.is_some() {
            return;
        }
        self.note = Some(Message::new(text, error));
        self.note_at = self.now;
    }

    /// Clears a note that has stayed its lifetime.
    pub(crate) fn expire_note(&mut self) {
        if self.question.is_none() && self.note_due().is_some_and(|due| self.now >= due) {
            self.note = None;
        }
    }

    /// When the note shown goes, if it goes by itself.
    pub(crate) fn note_due(&self) -> Option<Instant> {
        let lifetime = self.note_lifetime?;
        self.note.as_ref().map(|_| self.note_at + lifetime)
    }

    pub(crate) fn quit(&mut self) {
        self.quit = true;
    }

    pub(crate) fn should_quit(&self) -> bool {
        self.quit
    }

    /// What the shell is to do after an event: pop the screen once it quits, suspend on
    /// Ctrl-Z (asking clears it), or stay.
    pub(crate) fn transition(&mut self) -> Transition {
        Transition::after(self.quit, &mut self.suspend)
    }

    /// Time on the clock.
    pub(crate) fn at(&self) -> Duration {
        let now = self.paused_at.unwrap_or(self.now);
        now.saturating_duration_since(self.started)
    }

    /// The clock starts again now (held still if the help pauses it).
    pub(crate) fn restart_clock(&mut self) {
        self.started = self.now;
        if self.paused_at.is_some() {
            self.paused_at = Some(self.now);
        }
    }

    /// The clock reads `elapsed` now (as a table says when a screen joins late).
    pub(crate) fn set_clock(&mut self, elapsed: Duration) {
        self.started = self.now.checked_sub(elapsed).unwrap_or(self.now);
    }

    /// The instant the clock reads `at`.
    pub(crate) fn clock_at(&self, at: Duration) -> Instant {
        self.started + at
    }

    /// The instant the clock shows its next whole second.
    pub(crate) fn next_second(&self) -> Instant {
        let into = self.at().as_millis() % 1000;
        self.now + Duration::from_millis(1000 - into as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    fn click() -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 1,
            row: 1,
            modifiers: KeyModifiers::NONE,
        })
    }

    #[test]
    fn news_counts_only_from_the_table_followed() {
        let mut shell = RaceBase::new((80, 24), Theme::plain(), None);
        let now = shell.now;
        let news = || Event::Table(4, Arc::new(1u8));
        assert!(shell.take(news(), now, None).is_none());
        assert!(shell.take(news(), now, Some(5)).is_none());
        assert!(matches!(
            shell.take(news(), now, Some(4)),
            Some(Input::News(_))
        ));
    }

    #[test]
    fn a_click_first_closes_the_help_then_reaches_the_board() {
        let mut shell = RaceBase::new((80, 24), Theme::plain(), None);
        let now = shell.now;
        shell.help = true;
        assert!(shell.take(click(), now, None).is_none());
        assert!(!shell.help);
        assert!(matches!(
            shell.take(click(), now, None),
            Some(Input::Click(_))
        ));
    }

    #[test]
    fn ctrl_keys_quit_and_suspend_and_other_keys_go_on() {
        let mut shell = RaceBase::new((80, 24), Theme::plain(), None);
        let now = shell.now;
        let ctrl_z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert!(shell.take(Event::Key(ctrl_z), now, None).is_none());
        assert!(matches!(shell.transition(), Transition::Suspend));
        assert!(
            matches!(shell.transition(), Transition::Stay),
            "asking clears it"
        );
        let x = KeyEvent::from(KeyCode::Char('x'));
        assert!(matches!(
            shell.take(Event::Key(x), now, None),
            Some(Input::Key(_))
        ));
        assert!(!shell.should_quit());
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        shell.take(Event::Key(ctrl_c), now, None);
        assert!(shell.should_quit());
        assert!(matches!(shell.transition(), Transition::Pop));
    }

    #[test]
    fn the_help_holds_the_clock_over_a_game_here_and_not_at_a_table() {
        let esc = || Event::Key(KeyEvent::from(KeyCode::Esc));
        for pause in [true, false] {
            let mut shell = RaceBase::new((80, 24), Theme::plain(), None);
            let start = shell.now;
            shell.take(Event::Resize(80, 24), start + Duration::from_secs(2), None);
            shell.open_help(pause);
            shell.take(Event::Resize(80, 24), start + Duration::from_secs(9), None);
            let under_help = if pause { 2 } else { 9 };
            assert_eq!(shell.at(), Duration::from_secs(under_help));
            shell.take(esc(), start + Duration::from_secs(10), None);
            assert!(!shell.help && !shell.paused());
            shell.take(Event::Resize(80, 24), start + Duration::from_secs(11), None);
            let after = if pause { 3 } else { 11 };
            assert_eq!(shell.at(), Duration::from_secs(after));
        }
    }

    #[test]
    fn a_note_with_a_lifetime_goes_and_one_without_stays() {
        let mut lasting = RaceBase::new((80, 24), Theme::plain(), None);
        let mut passing = RaceBase::new((80, 24), Theme::plain(), Some(Duration::from_secs(6)));
        for shell in [&mut lasting, &mut passing] {
            shell.say("hello", false);
            let later = shell.now + Duration::from_secs(7);
            shell.take(Event::Resize(80, 24), later, None);
            shell.expire_note();
        }
        assert!(lasting.note.is_some());
        assert_eq!(lasting.note_due(), None);
        assert!(passing.note.is_none());
    }

    #[test]
    fn the_clock_never_goes_back_and_reads_what_the_table_says() {
        let mut shell = RaceBase::new((80, 24), Theme::plain(), None);
        let now = shell.now + Duration::from_secs(2);
        shell.take(Event::Resize(80, 24), now, None);
        shell.take(Event::Resize(80, 24), now - Duration::from_secs(1), None);
        assert_eq!(shell.now, now);
        shell.set_clock(Duration::from_millis(1_250));
        assert_eq!(shell.at(), Duration::from_millis(1_250));
        assert_eq!(shell.next_second(), now + Duration::from_millis(750));
        shell.restart_clock();
        assert_eq!(shell.at(), Duration::ZERO);
    }
}
