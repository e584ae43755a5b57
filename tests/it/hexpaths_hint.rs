//! The Hex paths hint (`H`): alone, it marks the next step of a shortest move from where the
//! pieces stand and says it in the status; followed step by step it reaches the goal in the
//! round's shortest length, and the round, hinted, scores 1. In a race there is none. The
//! key bar and the help offer it.

use crate::common;

use std::time::Instant;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::games::hexpaths::round::{Rival, Settings};
use trios::games::hexpaths::{DEFAULT_BUDGET, solve};
use trios::tui::hexpaths::{DIRECTION_KEYS, HexPathsScreen, Phase};
use trios::tui::{Event, Theme};

fn screen(app: &HexPathsScreen) -> String {
    common::screen::screen(app, (80, 24))
}

fn press(app: &mut HexPathsScreen, code: KeyCode, modifiers: KeyModifiers) {
    app.update(Event::Key(KeyEvent::new(code, modifiers)), Instant::now());
}

fn alone(seed: u64) -> HexPathsScreen {
    HexPathsScreen::new(
        seed,
        Settings::default(),
        Vec::new(),
        Vec::new(),
        (80, 24),
        Theme::plain(),
    )
}

/// The shortest move's length from where the pieces stand on the screen.
fn shortest_from_here(app: &HexPathsScreen) -> usize {
    let round = app.game().round().expect("a round");
    let (piece, goal) = (round.objective.piece, round.objective.goal);
    solve(
        app.game().board(),
        app.pieces(),
        piece,
        goal,
        DEFAULT_BUDGET,
    )
    .expect("a move")
    .len()
}

#[test]
fn hints_followed_step_by_step_reach_the_goal_by_a_shortest_move_and_score_1() {
    for seed in [3, 6, 11] {
        let mut app = alone(seed);
        let optimal = app.game().round().expect("a round").optimal();
        for n in 0..optimal {
            assert_eq!(shortest_from_here(&app), optimal - n);
            press(&mut app, KeyCode::Char('H'), KeyModifiers::SHIFT);
            let hint = app.hint().expect("a hint");
            let shown = screen(&app);
            let status = crate::common::screen::bottom(&shown);
            assert!(
                status.contains("Hint: ") && status.contains(&format!("to {}", hint.to)),
                "{shown}"
            );
            // The hinted step's piece is picked and its end stands out on the board.
            assert_eq!(app.pieces()[app.picked()], hint.from);
            let d = app
                .step_ends()
                .iter()
                .position(|&e| e == Some(hint.to))
                .expect("the hinted end is a step of the picked piece");
            let key = DIRECTION_KEYS[d][0];
            assert!(shown.contains(&format!(">{key}")), "{shown}");
            assert!(status.contains(&format!("({key})")), "{shown}");
            // The step the hint names is one of a shortest move from here.
            press(&mut app, KeyCode::Char(key), KeyModifiers::NONE);
            assert_eq!(app.hint(), None);
            assert_eq!(app.steps().len(), n + 1);
        }
        assert!(app.game().round().expect("a round").hinted);
        press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(app.phase(), &Phase::Done);
        let shown = screen(&app);
        assert!(shown.contains("Solved with a hint"), "{shown}");
        assert_eq!(app.game().players()[0].score, 1, "{shown}");
    }
}

#[test]
fn a_hint_after_a_wrong_step_says_the_move_from_the_start_is_shorter() {
    let mut app = alone(3);
    let optimal = app.game().round().expect("a round").optimal();
    // Any step that leaves the goal further away.
    let before = shortest_from_here(&app);
    let mut worse = None;
    for piece in 0..app.pieces().len() {
        while app.picked() != piece {
            press(&mut app, KeyCode::Tab, KeyModifiers::NONE);
        }
        for (d, keys) in DIRECTION_KEYS.iter().enumerate() {
            if app.step_ends()[d].is_none() {
                continue;
            }
            press(&mut app, KeyCode::Char(keys[0]), KeyModifiers::NONE);
            if 1 + shortest_from_here(&app) > before {
                worse = Some(d);
                break;
            }
            press(&mut app, KeyCode::Backspace, KeyModifiers::NONE);
        }
        if worse.is_some() {
            break;
        }
    }
    assert!(worse.is_some(), "no step makes the move longer");
    press(&mut app, KeyCode::Char('H'), KeyModifiers::SHIFT);
    let shown = screen(&app);
    assert!(
        shown.contains(&format!("(Esc: {optimal} from the start)")),
        "{shown}"
    );
}

#[test]
fn in_a_race_there_is_no_hint() {
    let rival = Rival::new("easy", 9).expect("a level");
    let mut app = HexPathsScreen::new(
        3,
        Settings::default(),
        Vec::new(),
        vec![rival],
        (80, 24),
        Theme::plain(),
    );
    let pieces = app.pieces().to_vec();
    press(&mut app, KeyCode::Char('H'), KeyModifiers::SHIFT);
    assert_eq!(app.hint(), None);
    assert_eq!(app.pieces(), pieces.as_slice());
    assert!(!app.game().round().expect("a round").hinted);
    let shown = screen(&app);
    assert!(shown.contains("No hints in a race"), "{shown}");
    assert!(!shown.contains("H hint"), "{shown}");
}

#[test]
fn the_key_bar_and_the_help_offer_the_hint() {
    let mut app = alone(3);
    let shown = screen(&app);
    let bar = shown.lines().last().unwrap_or_default();
    assert!(bar.contains("H hint"), "{shown}");
    press(&mut app, KeyCode::Char('?'), KeyModifiers::NONE);
    let help = screen(&app);
    assert!(help.contains("the next step of a shortest move"), "{help}");
}
