//! A Reversi or Islands screen driven by hand in tests: keys, time stepped to each due tick,
//! and the screen read back from a `TestBackend` buffer.

use std::time::Instant;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::controller::{Duel, DuelConfig};
use trios::tui::stones::{NewDuel, StoneGame, StonesScreen};
use trios::tui::{Event, Theme};

/// Dark to move at 3 3 flips one disc east and one south, and then Light has none left.
pub const TWO_LINES: &str = concat!(
    "--------",
    "--------",
    "---OX---",
    "--O-----",
    "--X-----",
    "--------",
    "--------",
    "-------- X"
);

/// A duel's screen drawn `size` large, its clock moved on by the test.
pub struct DuelScreen<G: StoneGame> {
    pub app: StonesScreen<G>,
    pub size: (u16, u16),
    pub now: Instant,
}

impl<G: StoneGame> DuelScreen<G> {
    /// The match `config` on a screen in plain colours.
    pub fn new(config: DuelConfig<G>, size: (u16, u16)) -> DuelScreen<G> {
        let duel = Duel::start(config, None).expect("a valid match");
        let (events, _inbox) = trios::tui::event::channel();
        let new_duel: NewDuel<G> =
            Box::new(|config| Duel::start(config.clone(), None).map_err(|e| e.to_string()));
        DuelScreen {
            app: StonesScreen::new(duel, new_duel, events, size, Theme::plain()),
            size,
            now: Instant::now(),
        }
    }

    pub fn key(&mut self, code: KeyCode) {
        let key = KeyEvent::new(code, KeyModifiers::NONE);
        self.app.update(Event::Key(key), self.now);
    }

    /// One step of the motion: the next frame of a move playing out, or of a replay.
    pub fn tick(&mut self) {
        if let Some(due) = self.app.next_tick() {
            self.now = due.max(self.now);
            self.app.update(Event::Tick(self.now), self.now);
        }
    }

    /// Every step due, until nothing moves by itself.
    pub fn settle(&mut self) {
        for _ in 0..200 {
            if self.app.next_tick().is_none() {
                return;
            }
            self.tick();
        }
    }

    pub fn resize(&mut self, w: u16, h: u16) {
        self.size = (w, h);
        self.app.update(Event::Resize(w, h), self.now);
    }

    pub fn text(&self) -> String {
        super::screen::screen(&self.app, self.size)
    }
}
