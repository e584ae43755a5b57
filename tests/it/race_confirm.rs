//! The race screens (Triad, Hex paths) ask before a game would be lost: `q` and `n` while a
//! game is on ask the duels' y/n question, `y` alone confirms, any other key (or a click)
//! goes on, Ctrl-C quits; a game with nothing in it yet is left at once. Read back from a
//! `TestBackend` buffer.

use crate::common;

use std::time::Instant;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::games::hexpaths::round::Settings;
use trios::games::triad::first_triad;
use trios::tui::hexpaths::{DIRECTION_KEYS, HexPathsScreen};
use trios::tui::triad::{TriadScreen, key_of};
use trios::tui::{Event, Theme};

const LEAVE: &str = "Leave this game? it is not saved — y: yes, any other key: no";
const NEW: &str = "New game? this one is not saved — y: yes, any other key: no";

/// Either race screen, as these tests drive and read it.
trait Race {
    fn take(&mut self, event: Event);
    /// The screen at 80x24.
    fn shown(&self) -> String;
}

impl Race for TriadScreen {
    fn take(&mut self, event: Event) {
        self.update(event, Instant::now());
    }
    fn shown(&self) -> String {
        common::screen::screen(self, (80, 24))
    }
}

impl Race for HexPathsScreen {
    fn take(&mut self, event: Event) {
        self.update(event, Instant::now());
    }
    fn shown(&self) -> String {
        common::screen::screen(self, (80, 24))
    }
}

fn key(app: &mut impl Race, code: KeyCode, modifiers: KeyModifiers) {
    app.take(Event::Key(KeyEvent::new(code, modifiers)));
}

fn press(app: &mut impl Race, c: char) {
    key(app, KeyCode::Char(c), KeyModifiers::NONE);
}

fn status(app: &impl Race) -> String {
    crate::common::screen::bottom(&app.shown())
}

/// A solitaire with one triad taken.
fn triad_with_a_triad_taken() -> TriadScreen {
    let mut app = TriadScreen::new(5, None, (80, 24), Theme::plain());
    let triad = first_triad(app.game().tableau()).expect("a triad");
    for p in triad {
        press(&mut app, key_of(p).expect("a key"));
    }
    assert_eq!(app.game().found().len(), 1);
    app
}

#[test]
fn triad_q_asks_while_a_game_is_on_and_only_y_leaves() {
    let mut app = triad_with_a_triad_taken();
    press(&mut app, 'q');
    assert!(!app.should_quit());
    assert!(status(&app).contains(LEAVE), "{}", status(&app));
    // Any other key is a no, and reaches nothing else.
    press(&mut app, 'x');
    assert!(!app.should_quit());
    assert!(
        !status(&app).contains("Leave this game?"),
        "{}",
        status(&app)
    );
    press(&mut app, 'q');
    press(&mut app, 'y');
    assert!(app.should_quit());
}

#[test]
fn triad_ctrl_c_at_the_question_quits() {
    let mut app = triad_with_a_triad_taken();
    press(&mut app, 'q');
    key(&mut app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(app.should_quit());
}

#[test]
fn triad_n_asks_once_and_a_second_n_is_a_no() {
    let mut app = triad_with_a_triad_taken();
    press(&mut app, 'n');
    assert!(status(&app).contains(NEW), "{}", status(&app));
    // No double press: the second `n` answers no, the game stays.
    press(&mut app, 'n');
    assert_eq!(app.game().found().len(), 1);
    assert!(!status(&app).contains("New game?"), "{}", status(&app));
    press(&mut app, 'n');
    press(&mut app, 'y');
    assert!(app.game().found().is_empty(), "a new game is dealt");
    assert!(!app.should_quit());
}

#[test]
fn triad_with_nothing_taken_leaves_at_once() {
    let mut app = TriadScreen::new(5, None, (80, 24), Theme::plain());
    press(&mut app, 'q');
    assert!(app.should_quit());
}

fn hex_alone() -> HexPathsScreen {
    HexPathsScreen::new(
        3,
        Settings::default(),
        Vec::new(),
        Vec::new(),
        (80, 24),
        Theme::plain(),
    )
}

/// Enters one step, whichever piece and direction allow it.
fn hex_step(app: &mut HexPathsScreen) {
    for _ in 0..app.pieces().len() {
        if let Some(d) = app.step_ends().iter().position(Option::is_some) {
            press(app, DIRECTION_KEYS[d][0]);
            assert_eq!(app.steps().len(), 1);
            return;
        }
        key(app, KeyCode::Tab, KeyModifiers::NONE);
    }
    panic!("no piece can step");
}

#[test]
fn hexpaths_q_asks_once_a_step_is_entered_and_only_y_leaves() {
    let mut app = hex_alone();
    hex_step(&mut app);
    press(&mut app, 'q');
    assert!(!app.should_quit());
    assert!(status(&app).contains(LEAVE), "{}", status(&app));
    key(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(!app.should_quit());
    assert_eq!(app.steps().len(), 1, "the no reached nothing else");
    press(&mut app, 'q');
    press(&mut app, 'y');
    assert!(app.should_quit());
}

#[test]
fn hexpaths_with_nothing_entered_leaves_at_once() {
    let mut app = hex_alone();
    press(&mut app, 'q');
    assert!(app.should_quit());
}

#[test]
fn triad_help_says_what_q_does_to_a_solitaire_and_to_a_race() {
    let mut app = TriadScreen::new(5, None, (80, 24), Theme::plain());
    press(&mut app, '?');
    let help = app.shown();
    assert!(
        help.contains("a solitaire is kept to resume; a race asks first"),
        "{help}"
    );
}
