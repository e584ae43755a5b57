//! The Hex paths board as drawn, read back from a `TestBackend` buffer: every cell marked,
//! cell numbers whole, the goal numbered, a picked piece keeping its nook's marks, the title
//! clear of the help hint.

use crate::common;

use std::time::Instant;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::games::hexpaths::round::Settings;
use trios::tui::hexpaths::HexPathsScreen;
use trios::tui::{Event, Theme};

fn alone(seed: u64, size: (u16, u16)) -> HexPathsScreen {
    HexPathsScreen::new(
        seed,
        Settings::default(),
        Vec::new(),
        Vec::new(),
        size,
        Theme::plain(),
    )
}

fn press(app: &mut HexPathsScreen, code: KeyCode) {
    let key = KeyEvent::new(code, KeyModifiers::NONE);
    app.update(Event::Key(key), Instant::now());
}

/// The lines of the board at 80x24 (between the title and the players' line).
fn board_lines(text: &str) -> Vec<String> {
    text.lines()
        .skip(1)
        .take(19)
        .filter(|l| l.contains('│'))
        .map(str::to_string)
        .collect()
}

#[test]
fn at_80x24_every_cell_has_a_visible_mark() {
    for seed in [3, 7, 11] {
        let app = alone(seed, (80, 24));
        let text = common::screen::screen(&app, (80, 24));
        let lines = board_lines(&text);
        assert_eq!(lines.len(), 17, "{text}");
        for line in &lines {
            // Inside the rim, cells are 4 columns apart: a gap of four blanks is a cell
            // drawn as nothing.
            let inside = line.trim();
            assert!(!inside.contains("    "), "a blank cell in {line:?}\n{text}");
        }
    }
}

/// Every whole number on the board lines.
fn numbers(lines: &[String]) -> Vec<u16> {
    lines
        .iter()
        .flat_map(|l| {
            l.split(|c: char| !c.is_ascii_digit())
                .filter(|t| !t.is_empty())
                .map(|t| t.parse::<u16>().unwrap_or(u16::MAX))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn cell_numbers_are_never_cut_and_the_goal_shows_its_number() {
    for seed in [3, 7, 11] {
        let mut app = alone(seed, (80, 24));
        press(&mut app, KeyCode::Char('#'));
        let text = common::screen::screen(&app, (80, 24));
        let shown = numbers(&board_lines(&text));
        let goal = app.game().round().expect("a round").objective.goal;
        // Cells under a piece show its letter, and a step's end its key; every other cell
        // shows its whole number, the goal too.
        let covered: Vec<u8> = app
            .pieces()
            .iter()
            .copied()
            .chain(app.step_ends().iter().flatten().copied())
            .filter(|&c| c != goal)
            .collect();
        for cell in 0..217u16 {
            if covered.contains(&(cell as u8)) {
                continue;
            }
            assert!(shown.contains(&cell), "{cell} is not shown whole\n{text}");
        }
        assert_eq!(shown.len(), 217 - covered.len(), "{shown:?}\n{text}");
    }
}

/// The characters either side of `letter` on the line that holds it.
fn beside(text: &str, letter: char) -> (char, char) {
    for line in board_lines(text) {
        let chars: Vec<char> = line.chars().collect();
        if let Some(i) = chars.iter().position(|&c| c == letter) {
            return (chars[i - 1], chars[i + 1]);
        }
    }
    panic!("no {letter} on the board\n{text}");
}

#[test]
fn a_picked_piece_keeps_the_marks_of_its_nook() {
    for seed in [3, 7, 11, 12] {
        let mut app = alone(seed, (80, 24));
        let letter = ['A', 'B', 'C', 'D'][app.picked()];
        let picked = common::screen::screen(&app, (80, 24));
        press(&mut app, KeyCode::Tab);
        let other = common::screen::screen(&app, (80, 24));
        assert_eq!(
            beside(&picked, letter),
            beside(&other, letter),
            "picked:\n{picked}\nnot picked:\n{other}"
        );
        assert!(picked.contains('[') || picked.contains(']'), "{picked}");
    }
}

#[test]
fn the_title_never_runs_into_the_help_hint() {
    let wide = common::screen::screen(&alone(3, (200, 60)), (200, 60));
    let full = wide.lines().next().expect("a title");
    let full = full.trim_end_matches("? help").trim_end();
    for w in 69..=100 {
        let text = common::screen::screen(&alone(3, (w, 24)), (w, 24));
        let top = text.lines().next().expect("a title");
        assert!(top.ends_with(" ? help"), "at {w}: {top:?}");
        let body = top.trim_end_matches("? help").trim_end();
        if body == full {
            continue;
        }
        let cut = body
            .strip_suffix('…')
            .unwrap_or_else(|| panic!("at {w} the title is cut without an ellipsis: {top:?}"));
        assert!(full.starts_with(cut), "at {w}: {top:?} is not {full:?}");
    }
}

/// The columns and lines the board's outline takes: from the first to the last side drawn,
/// left of the panel (whose legend draws sides too).
fn board_extent(text: &str) -> (usize, usize) {
    let panel = text
        .lines()
        .find_map(|l| l.find("Round 1 of").map(|b| l[..b].chars().count()))
        .expect("the panel");
    let mut cols = (usize::MAX, 0);
    let mut lines = (usize::MAX, 0);
    for (y, line) in text.lines().enumerate().skip(1) {
        for (x, c) in line.chars().enumerate() {
            if "┃|╱╲/\\".contains(c) && x < panel {
                cols = (cols.0.min(x), cols.1.max(x));
                lines = (lines.0.min(y), lines.1.max(y));
            }
        }
    }
    (cols.1 + 1 - cols.0, lines.1 + 1 - lines.0)
}

#[test]
fn a_big_window_gets_a_big_board_and_clicks_still_find_cells() {
    // 120x40: outlined hexagons, one line of slant a side.
    let text = common::screen::screen(&alone(3, (120, 40)), (120, 40));
    assert_eq!(board_extent(&text), (69, 35), "{text}");
    // 200x60: twice as wide and half as high again, the panel still beside it.
    let mut app = alone(3, (200, 60));
    let text = common::screen::screen(&app, (200, 60));
    let (w, h) = board_extent(&text);
    assert!(w >= 130 && h >= 50, "{w}x{h}\n{text}");
    assert!(text.contains("Round 1 of 10"), "{text}");
    // A click on a piece's letter picks it.
    let other = (app.picked() + 1) % app.pieces().len();
    let letter = ['A', 'B', 'C', 'D'][other];
    let (x, y) = text
        .lines()
        .enumerate()
        .skip(1)
        .find_map(|(y, l)| {
            let chars: Vec<char> = l.chars().collect();
            (0..chars.len())
                .find(|&x| chars[x] == letter && chars[x - 1] == ' ' && chars[x + 1] == ' ')
                .map(|x| (x, y))
        })
        .expect("the letter on the board");
    let click = ratatui::crossterm::event::MouseEvent {
        kind: ratatui::crossterm::event::MouseEventKind::Down(
            ratatui::crossterm::event::MouseButton::Left,
        ),
        column: x as u16 + 2,
        row: y as u16 + 1,
        modifiers: KeyModifiers::NONE,
    };
    app.update(Event::Mouse(click), Instant::now());
    assert_eq!(app.picked(), other);
}
