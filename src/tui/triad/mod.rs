//! Triad solitaire full screen: the tableau laid out as the brief does (`0 3 6 9` /
//! `1 4 7 10` / `2 5 8 11`), cards picked with the cursor, a key each or the mouse, the third
//! pick submitting; hints, the count of triads, re-deals announced, a clock, and personal
//! bests at the end. State changes only in [`TriadApp::update`]; `view` draws it.

pub mod bests;
mod view;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::Event;
use super::view::theme::Theme;
use crate::games::triad::{Game, PickError, count_triads, first_triad};
use bests::{Bests, Finished};

/// The keys that pick a card, by the tableau's rows: the card at row `r`, column `c` (position
/// `3c + r`) is `CARD_KEYS[r][c]`, a block under the right hand shaped like the tableau.
pub const CARD_KEYS: [[char; 4]; 3] = [
    ['7', '8', '9', '0'],
    ['u', 'i', 'o', 'p'],
    ['j', 'k', 'l', ';'],
];

/// How long a wrong pick shakes.
const SHAKE: Duration = Duration::from_millis(480);
/// One step of the shake.
const SHAKE_STEP: Duration = Duration::from_millis(60);

/// A line in the status bar until the next key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    pub error: bool,
}

/// The key that picks the card at `position`, if it has one.
pub fn key_of(position: usize) -> Option<char> {
    CARD_KEYS.get(position % 3)?.get(position / 3).copied()
}

/// The position a card key picks.
fn position_of(key: char) -> Option<usize> {
    CARD_KEYS
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.iter().position(|&k| k == key).map(|c| 3 * c + r))
}

/// One screen's game of Triad.
pub struct TriadApp {
    game: Game,
    /// Positions picked so far (at most two between submissions).
    pub(crate) picked: Vec<usize>,
    pub(crate) cursor: usize,
    /// How many cards of the hinted triad are shown (0 to 2).
    pub(crate) hint: usize,
    pub(crate) note: Option<Note>,
    pub(crate) help: bool,
    started: Instant,
    /// The clock as last drawn; the view reads it rather than the system clock.
    pub(crate) now: Instant,
    /// Set when the game ends: how it went and which bests it beat.
    pub(crate) finished: Option<Finished>,
    /// Positions shaking after a wrong pick, until the instant given.
    pub(crate) shaking: Option<([usize; 3], Instant)>,
    bests: Bests,
    bests_path: Option<PathBuf>,
    /// `n` pressed once during a game; a second `n` deals.
    confirm_new: bool,
    pub(crate) size: (u16, u16),
    pub(crate) theme: Theme,
    quit: bool,
    suspend: bool,
}

impl TriadApp {
    /// A screen playing a new game from `seed`, with the bests kept at `bests_path`.
    pub fn new(seed: u64, bests_path: Option<PathBuf>, size: (u16, u16), theme: Theme) -> TriadApp {
        let now = Instant::now();
        let mut app = TriadApp {
            game: Game::new(seed),
            picked: Vec::new(),
            cursor: 0,
            hint: 0,
            note: None,
            help: false,
            started: now,
            now,
            finished: None,
            shaking: None,
            bests: Bests::default(),
            bests_path,
            confirm_new: false,
            size,
            theme,
            quit: false,
            suspend: false,
        };
        if let Some(path) = &app.bests_path {
            match bests::load(path) {
                Ok(b) => app.bests = b,
                Err(e) => app.say(&format!("{e}; starting fresh bests"), true),
            }
        }
        app.announce_redeals(app.game.opening_redeals().len());
        app
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn bests(&self) -> &Bests {
        &self.bests
    }

    /// The positions picked so far, in the order picked.
    pub fn picked(&self) -> &[usize] {
        &self.picked
    }

    /// The position under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether a wrong pick is shaking.
    pub fn is_shaking(&self) -> bool {
        self.shaking.is_some()
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    pub fn take_suspend(&mut self) -> bool {
        std::mem::take(&mut self.suspend)
    }

    /// Seconds played: to the end once the game is over.
    pub fn elapsed(&self) -> f64 {
        match self.finished {
            Some(f) => f.secs,
            None => self.now.duration_since(self.started).as_secs_f64(),
        }
    }

    /// When the screen must be drawn again unasked: the next shake step, or the next second
    /// of the clock.
    pub fn next_tick(&self) -> Option<Instant> {
        if let Some((_, until)) = self.shaking {
            return Some((self.now + SHAKE_STEP).min(until));
        }
        if self.finished.is_some() {
            return None;
        }
        let into = self.now.duration_since(self.started).as_millis() % 1000;
        Some(self.now + Duration::from_millis(1000 - into as u64))
    }

    /// The cards of the hinted triad now shown.
    pub fn hinted(&self) -> Vec<usize> {
        match first_triad(self.game.tableau()) {
            Some(t) => t[..self.hint.min(2)].to_vec(),
            None => Vec::new(),
        }
    }

    fn say(&mut self, text: &str, error: bool) {
        self.note = Some(Note {
            text: text.to_string(),
            error,
        });
    }

    fn announce_redeals(&mut self, count: usize) {
        if count > 0 {
            let times = if count == 1 {
                String::new()
            } else {
                format!(" ({count} times)")
            };
            self.say(
                &format!("No triad on the table: it was discarded and dealt anew{times}."),
                false,
            );
        }
    }

    /// Applies one event.
    pub fn update(&mut self, event: Event, now: Instant) {
        self.now = now.max(self.now);
        match event {
            Event::Key(key) => self.on_key(key),
            Event::Mouse(mouse) => self.on_mouse(mouse),
            Event::Resize(w, h) => self.size = (w, h),
            Event::Terminate | Event::Shutdown => self.quit = true,
            _ => {}
        }
        if self.shaking.is_some_and(|(_, until)| self.now >= until) {
            self.shaking = None;
        }
    }

    fn on_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if self.help {
            self.help = false;
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            match key.code {
                KeyCode::Char('c') | KeyCode::Char('q') => self.quit = true,
                KeyCode::Char('z') => self.suspend = true,
                _ => {}
            }
            return;
        }
        if key.code != KeyCode::Char('n') {
            self.confirm_new = false;
        }
        let columns = self.game.tableau().len().div_ceil(3);
        match key.code {
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char('n') => self.new_game(),
            _ if self.finished.is_some() => {
                self.say("The game is over: n deals a new one, q quits.", false)
            }
            KeyCode::Left => self.move_cursor(-3, columns),
            KeyCode::Right => self.move_cursor(3, columns),
            KeyCode::Up => self.move_cursor(-1, columns),
            KeyCode::Down => self.move_cursor(1, columns),
            KeyCode::Enter | KeyCode::Char(' ') => self.toggle(self.cursor),
            KeyCode::Esc => {
                self.picked.clear();
                self.note = None;
            }
            KeyCode::Char('h') => self.give_hint(),
            KeyCode::Char('c') => {
                let n = count_triads(self.game.tableau());
                let word = if n == 1 { "triad" } else { "triads" };
                self.say(&format!("{n} {word} on the table."), false);
            }
            KeyCode::Char(k) => match position_of(k) {
                Some(p) if p < self.game.tableau().len() => {
                    self.cursor = p;
                    self.toggle(p);
                }
                Some(_) => self.say("That place on the table is empty now.", false),
                None => {}
            },
            _ => {}
        }
    }

    /// Moves the cursor by `step` positions (±1 a row, ±3 a column), staying on the table.
    fn move_cursor(&mut self, step: isize, columns: usize) {
        let n = self.game.tableau().len();
        if n == 0 {
            return;
        }
        let (row, col) = ((self.cursor % 3) as isize, (self.cursor / 3) as isize);
        let (row, col) = match step {
            -1 => ((row - 1).max(0), col),
            1 => ((row + 1).min(2), col),
            -3 => (row, (col - 1).max(0)),
            _ => (row, (col + 1).min(columns as isize - 1)),
        };
        let p = (3 * col + row) as usize;
        self.cursor = p.min(n - 1);
        self.note = None;
    }

    /// Picks or unpicks the card at `position`; the third pick submits.
    fn toggle(&mut self, position: usize) {
        self.note = None;
        if let Some(at) = self.picked.iter().position(|&p| p == position) {
            self.picked.remove(at);
            return;
        }
        self.picked.push(position);
        if let [a, b, c] = self.picked[..] {
            self.picked.clear();
            self.submit([a, b, c]);
        }
    }

    fn submit(&mut self, positions: [usize; 3]) {
        match self.game.pick(positions) {
            Ok(found) => {
                self.hint = 0;
                let n = self.game.found().len();
                self.say(&format!("A triad! {n} found."), false);
                self.announce_redeals(found.redeals.len());
                self.cursor = self.cursor.min(self.game.tableau().len().saturating_sub(1));
                if self.game.is_over() {
                    self.finish();
                }
            }
            Err(PickError::NotTriad(reason)) => {
                self.shaking = Some((positions, self.now + SHAKE));
                self.say(&format!("Not a triad: {reason}."), true);
            }
            Err(e) => self.say(&e.to_string(), true),
        }
    }

    fn give_hint(&mut self) {
        if first_triad(self.game.tableau()).is_none() {
            return;
        }
        self.hint = (self.hint + 1).min(2);
        let text = if self.hint == 1 {
            "Hint: the marked card is in a triad (h again for a second card)."
        } else {
            "Hint: the two marked cards are in a triad; find the third."
        };
        self.say(text, false);
    }

    /// The game is over: the clock stops and the bests are kept.
    fn finish(&mut self) {
        let secs = self.now.duration_since(self.started).as_secs_f64();
        let triads = self.game.found().len() as u32;
        let finished = self.bests.record(secs, triads);
        self.finished = Some(finished);
        if let Some(path) = &self.bests_path
            && let Err(e) = bests::save(path, &self.bests)
        {
            self.say(&format!("bests not saved: {e}"), true);
        }
    }

    fn new_game(&mut self) {
        if self.finished.is_none() && !self.game.found().is_empty() && !self.confirm_new {
            self.confirm_new = true;
            self.say(
                "Press n again for a new game (this one is not kept).",
                false,
            );
            return;
        }
        self.confirm_new = false;
        self.game = Game::new(rand::random());
        self.picked.clear();
        self.cursor = 0;
        self.hint = 0;
        self.started = self.now;
        self.finished = None;
        self.shaking = None;
        self.say("New game.", false);
        self.announce_redeals(self.game.opening_redeals().len());
    }

    fn on_mouse(&mut self, mouse: MouseEvent) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        if self.help {
            self.help = false;
            return;
        }
        if self.finished.is_some() {
            return;
        }
        if let Some(p) = view::card_at(self, mouse.column, mouse.row) {
            self.cursor = p;
            self.toggle(p);
        }
    }
}

impl super::Screen for TriadApp {
    fn update(&mut self, event: Event, now: Instant) {
        TriadApp::update(self, event, now);
    }
    fn next_tick(&self) -> Option<Instant> {
        TriadApp::next_tick(self)
    }
    fn should_quit(&self) -> bool {
        TriadApp::should_quit(self)
    }
    fn take_suspend(&mut self) -> bool {
        TriadApp::take_suspend(self)
    }
}
