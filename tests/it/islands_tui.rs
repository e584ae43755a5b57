//! The Islands of Hex screen: the leaning board, clicks on it, the computer's answer, and
//! boards too big for the window; read back from a `TestBackend` buffer.

use crate::common;

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::controller::{Duel, DuelConfig, Seat};
use trios::games::islands::{Game, Place};
use trios::tui::stones::{NewDuel, StonesScreen};
use trios::tui::{Event, Theme};

fn app(size: usize, black: &str, screen: (u16, u16)) -> (StonesScreen<Game>, Receiver<Event>) {
    let mut config = DuelConfig::<Game>::new([Seat::Human, Seat::named(black)], 3, 20);
    config.options.size = size;
    let duel = Duel::start(config, None).expect("a board");
    let (events, inbox) = trios::tui::event::channel();
    let new_duel: NewDuel<Game> =
        Box::new(|c| Duel::start(c.clone(), None).map_err(|e| e.to_string()));
    (
        StonesScreen::new(duel, new_duel, events, screen, Theme::plain()),
        inbox,
    )
}

fn screen(app: &StonesScreen<Game>, size: (u16, u16)) -> String {
    common::screen::screen(app, size)
}

fn find(text: &str, needle: &str) -> Option<(u16, u16)> {
    text.lines().enumerate().find_map(|(row, line)| {
        line.find(needle)
            .map(|b| (line[..b].chars().count() as u16, row as u16))
    })
}

#[test]
fn an_11x11_board_leans_and_fits_80x24() {
    let (app, _inbox) = app(11, "connector", (80, 24));
    let text = screen(&app, (80, 24));
    insta::assert_snapshot!("islands_start_80x24", text);
    // Row 0 sits ten columns right of row 10.
    let top = row_line(&text, 0).expect("row 0");
    let bottom = row_line(&text, 10).expect("row 10");
    let first_cell = |l: &str| l.chars().position(|c| c == '·').expect("a cell");
    assert_eq!(first_cell(top), first_cell(bottom) + 10, "{text}");
    assert!(text.contains("White joins top–bottom"));
}

#[test]
fn a_click_places_on_the_leaning_cell_and_the_computer_answers() {
    let (mut app, inbox) = app(5, "connector", (80, 24));
    let text = screen(&app, (80, 24));
    // Row 2's first cell: the dot right after the row label " 2 ".
    // Small boards are drawn as outlined hexagons: `2 | · | · |`.
    let (col, row) = find(&text, " 3 | ·").expect("row 2 (labelled 3)");
    let now = Instant::now();
    app.update(
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: col + 5,
            row,
            modifiers: KeyModifiers::NONE,
        }),
        now,
    );
    assert_eq!(app.history().len(), 1, "{}", screen(&app, (80, 24)));
    assert_eq!(app.history()[0].mv, Place { row: 2, col: 0 });
    let answer = inbox
        .recv_timeout(Duration::from_secs(20))
        .expect("the connector answers");
    // The person's move shows for a step before the computer's answer comes.
    app.update(answer, now);
    assert_eq!(app.history().len(), 1, "the answer waits a step");
    let later = now + Duration::from_secs(2);
    app.update(Event::Tick(later), later);
    assert_eq!(app.history().len(), 2);
    assert!(screen(&app, (80, 24)).contains("2. Black "));
    app.update(
        Event::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE)),
        now,
    );
    assert!(app.should_quit());
}

fn key(app: &mut StonesScreen<Game>, code: KeyCode) {
    app.update(
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
        Instant::now(),
    );
}

/// The line of the screen that shows board row `row`: its number first (after an edge
/// mark), then a cell.
fn row_line(text: &str, row: usize) -> Option<&str> {
    text.lines().find(|l| {
        let mut words = l.split_whitespace().peekable();
        if words.peek().is_some_and(|w| ["W", "B"].contains(w)) {
            words.next();
        }
        // Rows are labelled from 1.
        words.next() == Some((row + 1).to_string().as_str())
            && words.next().is_some_and(|cell| cell.chars().count() == 1)
            && l.contains('·')
    })
}

/// A board row's words without the hexagons' outlines, one space apart.
fn cells(line: Option<&str>) -> String {
    let words: Vec<&str> = line
        .expect("the row")
        .split_whitespace()
        .filter(|w| *w != "|")
        .collect();
    format!(" {} ", words.join(" "))
}

#[test]
fn a_40x40_board_scrolls_with_the_cursor_at_80x24_and_fits_200x60() {
    let (mut app, _inbox) = app(40, "random", (80, 24));
    let small = screen(&app, (80, 24));
    // Part of the board, around the cursor in the middle: neither the first row nor the last.
    assert!(!small.contains("40 ·"), "{small}");
    assert!(row_line(&small, 20).is_some(), "{small}");
    assert!(row_line(&small, 0).is_none(), "{small}");
    assert!(small.contains("z zoom"), "{small}");
    for _ in 0..25 {
        key(&mut app, KeyCode::Down);
    }
    let scrolled = screen(&app, (80, 24));
    assert!(scrolled.contains("40 ·"), "{scrolled}");
    assert!(scrolled.contains("place a stone at t40"), "{scrolled}");
    // Zoomed out, a character a cell: all forty columns of a row side by side.
    key(&mut app, KeyCode::Char('z'));
    let zoomed = screen(&app, (80, 24));
    assert!(zoomed.contains(&"·".repeat(40)), "{zoomed}");
    assert!(zoomed.contains("Zoomed out"), "{zoomed}");
    // Over them, every one-letter column, then every third two-letter name with a column
    // clear between names: never a run such as `aaacae` read as other columns.
    let letters = zoomed
        .lines()
        .find(|l| l.contains("abcdefghijklmnopqrstuvwxyz"))
        .expect("the column letters");
    let after: Vec<&str> = letters
        .split('▸')
        .next()
        .unwrap_or_default()
        .split("abcdefghijklmnopqrstuvwxyz")
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()))
        .collect();
    assert_eq!(after, ["ab", "ae", "ah", "ak", "an"], "{letters}");
    // A remark fades after a while on its own.
    let later = Instant::now() + Duration::from_secs(7);
    app.update(Event::Tick(later), later);
    assert!(!screen(&app, (80, 24)).contains("Zoomed out"));
    key(&mut app, KeyCode::Char('z'));
    assert!(!screen(&app, (80, 24)).contains(&"·".repeat(40)));

    let (app, _inbox) = self::app(40, "random", (200, 60));
    let large = screen(&app, (200, 60));
    assert!(large.contains("39 ·"), "{large}");
    assert!(row_line(&large, 0).is_some(), "{large}");
    assert!(large.contains("Moves"));
    assert!(!large.contains("z zoom"), "{large}");
}

#[test]
fn the_edges_each_side_joins_are_marked_with_its_stone() {
    let (app, _inbox) = app(11, "connector", (80, 24));
    let text = screen(&app, (80, 24));
    // White (W without colour) joins top and bottom: its stone closes both rows of column
    // numbers; black's (B) stands beside the first and last row on both sides.
    let columns: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("a b c d e f g h i j k"))
        .collect();
    assert_eq!(columns.len(), 2, "{text}");
    for line in columns {
        assert!(line.trim_start().starts_with("W a b"), "{line}");
        assert!(line.contains("j k W"), "{line}");
    }
    for row in [0, 10] {
        let line = row_line(&text, row).expect("an edge row");
        assert!(line.trim_start().starts_with('B'), "{line}");
        let right = line
            .rfind(&format!("· {}", row + 1))
            .map(|at| &line[at..])
            .expect("the number at the row's right end");
        assert!(right.chars().take(8).any(|c| c == 'B'), "{line}");
    }
    let middle = row_line(&text, 5).expect("row 5");
    assert!(!middle.contains('B'), "{middle}");
}

#[test]
fn six_directions_on_the_keys_and_h_numbers_the_islands_of_the_side_to_move() {
    let (mut app, _inbox) = app(5, "human", (80, 24));
    let at = |app: &StonesScreen<Game>| {
        let text = screen(app, (80, 24));
        text.lines()
            .find(|l| l.contains("place a stone at"))
            .expect("the prompt")
            .to_string()
    };
    // The cursor starts in the middle, c3.
    assert!(at(&app).contains("at c3 "), "{}", at(&app));
    key(&mut app, KeyCode::Home);
    assert!(at(&app).contains("at b2 "), "{}", at(&app));
    key(&mut app, KeyCode::End);
    key(&mut app, KeyCode::End);
    assert!(at(&app).contains("at d4 "), "{}", at(&app));
    key(&mut app, KeyCode::Up);
    assert!(at(&app).contains("at d3 "), "{}", at(&app));
    // White 0 0, black 4 4, white 2 2, black 4 0: white to move with two islands.
    for (r, c) in [(0, 0), (4, 4), (2, 2), (4, 0)] {
        // To the top-left corner (the cursor stops at the edges), then down and right.
        for code in [KeyCode::Up, KeyCode::Left] {
            for _ in 0..5 {
                key(&mut app, code);
            }
        }
        for _ in 0..r {
            key(&mut app, KeyCode::Down);
        }
        for _ in 0..c {
            key(&mut app, KeyCode::Right);
        }
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.history().len(), 4);
    let before = screen(&app, (80, 24));
    assert!(cells(row_line(&before, 0)).contains(" 1 W "), "{before}");
    key(&mut app, KeyCode::Char('H'));
    let numbered = screen(&app, (80, 24));
    assert!(
        cells(row_line(&numbered, 0)).contains(" 1 1 "),
        "{numbered}"
    );
    assert!(
        cells(row_line(&numbered, 2)).contains("· · 2 ·"),
        "{numbered}"
    );
    // Black's stones stay stones: the islands numbered are the side to move's.
    assert!(
        cells(row_line(&numbered, 4)).contains(" 5 B "),
        "{numbered}"
    );
}

#[test]
fn the_end_names_the_chain_and_the_result() {
    let (mut app, _inbox) = app(2, "human", (80, 24));
    let now = Instant::now();
    // White 0 0, black 0 1, white 1 0: white's column joins top and bottom, one island each.
    for keys in [
        &[][..],
        &[KeyCode::Right][..],
        &[KeyCode::Down, KeyCode::Left][..],
    ] {
        for &code in keys {
            app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), now);
        }
        app.update(
            Event::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)),
            now,
        );
    }
    let text = screen(&app, (80, 24));
    assert_eq!(app.history().len(), 3, "{text}");
    assert!(text.contains("White joined top and bottom"), "{text}");
    assert!(text.contains("Tie 1–1"), "{text}");
    assert!(text.contains("Game over: Tie 1–1"), "{text}");
    // The chain highlighted is white's column, and only it.
    use trios::tui::stones::StoneGame;
    let (chain, how) = app.game().ending();
    assert_eq!(chain, vec![(0, 0), (1, 0)]);
    assert_eq!(how.as_deref(), Some("White joined top and bottom"));
}

#[test]
fn a_board_that_fits_is_drawn_as_outlined_hexagons_and_clicks_land_inside_them() {
    let big = screen(&app(11, "human", (200, 60)).0, (200, 60));
    insta::assert_snapshot!("islands_hexagons_200x60", big);
    assert!(big.contains("|   ·   |"), "{big}");
    // Below the size of large hexagons, small ones.
    let size = (120, 40);
    let (mut app, _inbox) = app(11, "human", size);
    let text = screen(&app, size);
    assert!(text.contains("| · | · |"), "{text}");
    assert!(text.contains("/ \\ / \\"), "{text}");
    // Row 3's hexagon in column 4: its glyph, and one column right of it (still inside).
    let (col, row) = find(&text, " 4 | ·").expect("row 3 (labelled 4)");
    let column = col + 5 + 4 * 4;
    app.update(
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: column + 1,
            row,
            modifiers: KeyModifiers::NONE,
        }),
        Instant::now(),
    );
    assert_eq!(app.history().len(), 1, "{}", screen(&app, size));
    assert_eq!(app.history()[0].mv, Place { row: 3, col: 4 });
    // A click on an outline places nothing.
    app.update(
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: column + 2,
            row,
            modifiers: KeyModifiers::NONE,
        }),
        Instant::now(),
    );
    assert_eq!(app.history().len(), 1);
}

/// The column letters over the columns as indices (`a` 0, `z` 25, `aa` 26), read left to
/// right, on the rows that have them (the lines holding letter names and no cell).
fn column_numbers(text: &str) -> Vec<Vec<usize>> {
    let index = |word: &str| {
        (word.len() <= 2 && word.chars().all(|c| c.is_ascii_lowercase())).then(|| {
            word.bytes()
                .fold(0, |n, b| n * 26 + usize::from(b - b'a') + 1)
                - 1
        })
    };
    text.lines()
        .map(|line| line.split('▸').next().unwrap_or_default())
        .filter(|line| !line.contains('·') && !line.contains('|'))
        .map(|line| {
            line.split_whitespace()
                .filter_map(index)
                .collect::<Vec<usize>>()
        })
        .filter(|numbers| numbers.len() > 3)
        .collect()
}

/// At 80x24 a column's letters are never cut (`aa` read as `a`): every name shown is
/// whole, so they rise left to right, and an 11x11 board shows all of them.
#[test]
fn column_letters_at_80x24_are_whole_and_rise() {
    let (small, _inbox) = app(11, "connector", (80, 24));
    let text = screen(&small, (80, 24));
    let rows = column_numbers(&text);
    assert_eq!(rows.len(), 2, "{text}");
    for numbers in rows {
        assert_eq!(numbers, (0..=10).collect::<Vec<_>>(), "{text}");
    }
    let (large, _inbox) = app(40, "connector", (80, 24));
    let text = screen(&large, (80, 24));
    let rows = column_numbers(&text);
    assert!(!rows.is_empty(), "{text}");
    for numbers in rows {
        assert!(
            numbers.windows(2).all(|w| w[0] < w[1]),
            "{numbers:?}\n{text}"
        );
        assert!(numbers.iter().any(|&n| n >= 10), "{numbers:?}\n{text}");
    }
}

/// Every window from 1x1 up draws a leaning board of any side without a panic: the too-small
/// notice where the board does not fit, the board where it does (a layout too small to show a
/// cell names no rows or columns in view).
#[test]
fn every_small_window_draws_without_a_panic() {
    for side in [11, 25, 64] {
        for width in (1..=44).step_by(3) {
            for height in 1..=12 {
                let (app, _inbox) = app(side, "human", (width, height));
                let text = screen(&app, (width, height));
                assert!(
                    text.lines().count() <= usize::from(height),
                    "{side} {width}x{height}"
                );
            }
        }
    }
}
