//! The words of the Hex paths screen: counts say "1 step", "1 round", "1 point", and the
//! lone player, called "you", reads "You win", "Your move", never "you wins".

use crate::common;

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::games::hexpaths::Step;
use trios::games::hexpaths::round::{Rival, Settings};
use trios::tui::hexpaths::{DIRECTION_KEYS, HexPathsScreen, Phase};
use trios::tui::{Event, Theme};

fn screen(app: &HexPathsScreen) -> String {
    common::screen::screen(app, (80, 24))
}

fn press_at(app: &mut HexPathsScreen, code: KeyCode, now: Instant) {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), now);
}

/// Enters `steps` through the keys at `now`: Tab to each step's piece, then its direction.
fn enter(app: &mut HexPathsScreen, steps: &[Step], now: Instant) {
    for step in steps {
        let piece = app
            .pieces()
            .iter()
            .position(|&c| c == step.from)
            .expect("a piece there");
        while app.picked() != piece {
            press_at(app, KeyCode::Tab, now);
        }
        let d = app
            .step_ends()
            .iter()
            .position(|&e| e == Some(step.to))
            .expect("a step there");
        press_at(app, KeyCode::Char(DIRECTION_KEYS[d][0]), now);
    }
}

#[test]
fn one_step_entered_reads_1_step_and_one_round_played_reads_1_round() {
    let settings = Settings {
        rounds: 1,
        ..Settings::default()
    };
    let start = Instant::now();
    let mut app = HexPathsScreen::new(
        3,
        settings,
        Vec::new(),
        Vec::new(),
        (80, 24),
        Theme::plain(),
    );
    let steps = app
        .game()
        .round()
        .expect("a round")
        .objective
        .solution
        .steps
        .clone();
    enter(&mut app, &steps[..1], start);
    let shown = screen(&app);
    assert!(shown.contains(" 1 step · piece"), "{shown}");
    enter(&mut app, &steps[1..], start);
    press_at(&mut app, KeyCode::Enter, start);
    press_at(&mut app, KeyCode::Char(' '), start);
    press_at(&mut app, KeyCode::Char(' '), start);
    assert_eq!(app.phase(), &Phase::Over);
    let shown = screen(&app);
    assert!(shown.contains("1 round played."), "{shown}");
    assert!(shown.contains("4 points"), "{shown}");
}

#[test]
fn a_lone_player_racing_a_rival_reads_you_win() {
    let start = Instant::now();
    let rival = Rival::new("easy", 9).expect("a level");
    let mut app = HexPathsScreen::new(
        3,
        Settings::default(),
        Vec::new(),
        vec![rival],
        (80, 24),
        Theme::plain(),
    );
    let steps = app
        .game()
        .round()
        .expect("a round")
        .objective
        .solution
        .steps
        .clone();
    enter(&mut app, &steps, start);
    press_at(&mut app, KeyCode::Enter, start);
    press_at(&mut app, KeyCode::Char('g'), start);
    assert_eq!(app.phase(), &Phase::Demonstrating { player: 0 });
    let shown = screen(&app);
    assert!(shown.contains("You show"), "{shown}");
    let end = start + Duration::from_secs(1) * (steps.len() as u32 + 2);
    app.update(Event::Tick(end), end);
    let shown = screen(&app);
    assert!(shown.contains("You win the round"), "{shown}");
    assert!(!shown.contains("you wins"), "{shown}");
}
