//! The Reversi and Islands screens at their edges: the end of a game, small and large
//! windows, long names and messages; read back from a `TestBackend` buffer.

use crate::common::duel::{DuelScreen, TWO_LINES};

use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use trios::controller::{DuelConfig, Seat};
use trios::games::islands;
use trios::games::reversi;
use trios::tui::Event;
use trios::tui::stones::StoneGame;

type Screen<G> = DuelScreen<G>;

fn reversi(seats: [Seat; 2], position: Option<&str>, size: (u16, u16)) -> Screen<reversi::Game> {
    let mut config = DuelConfig::<reversi::Game>::new(seats, 7, 20);
    config.options.position = position.map(String::from);
    Screen::new(config, size)
}

fn islands(seats: [Seat; 2], board: usize, size: (u16, u16)) -> Screen<islands::Game> {
    let mut config = DuelConfig::<islands::Game>::new(seats, 3, 20);
    config.options.size = board;
    Screen::new(config, size)
}

const PEOPLE: [Seat; 2] = [Seat::Human, Seat::Human];

/// The rows above the status bar (the title, the board, the panel, the game-over box).
fn above_status(text: &str) -> Vec<&str> {
    let rows: Vec<&str> = text.lines().collect();
    rows[..rows.len() - 2].to_vec()
}

/// At the end the result is said once above the status bar: in the game-over box, not again
/// in the side panel.
#[test]
fn the_result_shows_once_at_the_end() {
    let mut s = reversi(PEOPLE, Some(TWO_LINES), (80, 24));
    s.key(KeyCode::Enter);
    s.settle();
    let text = s.text();
    let said = above_status(&text)
        .iter()
        .filter(|row| row.contains("Dark wins 5–0"))
        .count();
    assert_eq!(said, 1, "{text}");
    assert!(text.contains("Game over"), "{text}");
}

/// A refusal shares the last row with the keys: `5 5 is taken` does not push the key bar off
/// the screen, at 80 columns or at 44.
#[test]
fn a_message_leaves_the_key_bar_on_screen() {
    for size in [(80, 24), (44, 16)] {
        let mut s = islands(PEOPLE, 11, size);
        s.key(KeyCode::Enter);
        s.settle();
        // The cursor went to a free cell next to the stone; step back onto the stone.
        s.key(KeyCode::Down);
        s.key(KeyCode::Enter);
        let text = s.text();
        let last = text.lines().last().unwrap_or_default().to_string();
        assert!(last.contains("5 5 is taken"), "{size:?}\n{text}");
        assert!(last.contains("? help"), "{size:?}\n{text}");
    }
}

/// The status row of a screen.
fn status_row(text: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    rows[rows.len() - 2].to_string()
}

/// Whether a status row gives `side`'s score `n`, named (`X Dark 4`) or not (`X 4`).
fn scores(status: &str, glyph: char, name: &str, n: usize) -> bool {
    status.contains(&format!("{glyph} {name} {n}")) || status.contains(&format!("{glyph} {n}"))
}

/// At 44x16 and 30x13 the status row still says whose turn it is and both scores, whatever
/// it says: a computer thinking, a replay, the result.
#[test]
fn small_windows_keep_whose_turn_and_the_score() {
    for size in [(44, 16), (30, 13)] {
        let mut s = reversi([Seat::Human, Seat::named("expert")], None, size);
        s.key(KeyCode::Enter);
        s.settle();
        let text = s.text();
        let status = status_row(&text);
        assert!(
            scores(&status, 'X', "Dark", 4) && scores(&status, 'O', "Light", 1),
            "{text}"
        );
        let turn = status.find("Light").zip(status.find("thinking…"));
        assert!(turn.is_some(), "{size:?}\n{text}");

        let mut s = reversi(PEOPLE, Some(TWO_LINES), size);
        s.key(KeyCode::Enter);
        s.settle();
        let text = s.text();
        let status = status_row(&text);
        assert!(
            scores(&status, 'X', "Dark", 5) && scores(&status, 'O', "Light", 0),
            "{text}"
        );
        assert!(status.contains("Dark wins 5–0"), "{size:?}\n{text}");
        s.key(KeyCode::Char('r'));
        s.key(KeyCode::Right);
        let status = status_row(&s.text());
        assert!(
            scores(&status, 'X', "Dark", 4) && scores(&status, 'O', "Light", 1),
            "{status}"
        );
        assert!(status.contains("ove 1"), "the move shown: {status}");

        let mut s = reversi([Seat::named("greedy"), Seat::named("greedy")], None, size);
        s.key(KeyCode::Char(' '));
        let text = s.text();
        let status = status_row(&text);
        assert!(
            status.contains("Dark") && scores(&status, 'X', "Dark", 2),
            "{text}"
        );
        if size.0 >= 44 {
            assert!(status.contains("PAUSED"), "{size:?}\n{text}");
        }
    }
}

/// The title part of a top line (before the help hint), and whether the hint is there whole.
fn title_and_hint(text: &str) -> (String, bool) {
    let top = text.lines().next().unwrap_or_default();
    match top.find("? help") {
        Some(at) => {
            let before = &top[..at];
            let before = before.strip_suffix("z zoom · ").unwrap_or(before);
            (before.to_string(), true)
        }
        None => (top.to_string(), false),
    }
}

/// Checks a top line: the hint, when drawn, has a space before it, and no seat name is cut
/// off by it: every name opened is closed, cut names end in `…`.
fn assert_title_clear(text: &str, width: u16) {
    let (title, hint) = title_and_hint(text);
    if hint {
        assert!(title.ends_with(' '), "{width}: {title:?}\n{text}");
    }
    let title = title.trim_end();
    assert_eq!(
        title.matches('(').count(),
        title.matches(')').count(),
        "{width}: {title:?}\n{text}"
    );
    assert!(title.contains(" vs "), "{width}: {title:?}");
}

/// From 48 to 80 columns the title never runs into the help hint: seat names are cut with
/// `…`, then left out, and the hint stays whole (at 80 columns it shows).
#[test]
fn titles_make_room_for_the_help_hint() {
    for width in 48..=80 {
        let mut r = reversi([Seat::Human, Seat::named("expert")], None, (80, 24));
        r.resize(width, 24);
        assert_title_clear(&r.text(), width);
        let mut i = islands([Seat::Human, Seat::named("connector")], 11, (80, 24));
        i.resize(width, 24);
        assert_title_clear(&i.text(), width);
    }
    let mut i = islands([Seat::Human, Seat::named("connector")], 11, (58, 24));
    let (title, hint) = title_and_hint(&i.text());
    assert!(hint, "{title}");
    assert!(title.contains('…'), "a name cut to fit: {title}");
    i.resize(80, 24);
    let (title, hint) = title_and_hint(&i.text());
    assert!(hint && title.contains("(connector)"), "{title}");
}

/// Two computers on a 25x25 board at 80x24: the board takes the width and the panel goes,
/// and the title line says which rows are in view; it follows the scrolling.
#[test]
fn a_scrolled_board_without_its_panel_says_which_rows_show() {
    let seats = [Seat::named("connector"), Seat::named("connector")];
    let mut s = islands(seats, 25, (80, 24));
    let text = s.text();
    assert!(!text.contains("Moves"), "no panel at this size:\n{text}");
    let top = text.lines().next().unwrap_or_default().to_string();
    assert!(top.contains("rows 1–19 · z zoom · ? help"), "{text}");
    s.resize(200, 60);
    let text = s.text();
    assert!(!text.contains("rows 1–"), "the whole board shows:\n{text}");
}

/// Beside a scrolled board, the panel says which rows and columns are in view in as many
/// words as fit whole: never a word or a number cut short by the panel's edge.
#[test]
fn the_panel_says_the_rows_in_view_whole_at_every_size() {
    let mut said = 0;
    for width in (80..=200).step_by(2) {
        for height in [24, 30, 40, 50, 60] {
            let s = islands(PEOPLE, 64, (width, height));
            let text = s.text();
            for row in text.lines().filter(|row| row.contains("Rows ")) {
                said += 1;
                let words = &row[row.find("Rows ").unwrap_or_default()..];
                assert!(
                    words.ends_with(" shown")
                        || words.ends_with(|c: char| c.is_ascii_lowercase())
                            && words.contains(", cols "),
                    "{width}x{height}: {words:?}"
                );
            }
        }
    }
    assert!(said > 0);
}

/// The screen's note, if any.
fn note<G: StoneGame>(s: &Screen<G>) -> String {
    s.app.note().map(|n| n.text.clone()).unwrap_or_default()
}

/// A move out of turn is refused in Three Trios' words, naming the side and its seat.
#[test]
fn a_move_out_of_turn_says_who_is_to_move() {
    let mut s = reversi([Seat::Human, Seat::named("expert")], None, (80, 24));
    s.key(KeyCode::Enter);
    s.settle();
    s.key(KeyCode::Enter);
    assert_eq!(note(&s), "Wait: Light (expert) is to move");
    let mut i = islands([Seat::named("connector"), Seat::Human], 5, (80, 24));
    i.key(KeyCode::Enter);
    assert_eq!(note(&i), "Wait: White (connector) is to move");
}

/// A move made while the last one plays out ends its animation and plays, as in Three
/// Trios: the second person need not wait for the first's flips.
#[test]
fn a_move_during_an_animation_ends_it_and_plays() {
    let mut s = reversi(PEOPLE, None, (80, 24));
    s.key(KeyCode::Enter);
    assert!(s.app.animating());
    s.key(KeyCode::Enter);
    assert_eq!(s.app.history().len(), 2, "{}", s.text());
    let mut s = reversi([Seat::Human, Seat::named("expert")], None, (80, 24));
    s.key(KeyCode::Enter);
    assert!(s.app.animating());
    s.key(KeyCode::Enter);
    assert!(!s.app.animating(), "the animation ends");
    assert_eq!(note(&s), "Wait: Light (expert) is to move");
}

/// A step of the mouse wheel scrolls the move log three lines, as in Three Trios.
#[test]
fn a_wheel_step_scrolls_the_log_three_lines() {
    use ratatui::crossterm::event::{MouseEvent, MouseEventKind};
    let mut s = reversi(PEOPLE, None, (80, 24));
    for _ in 0..12 {
        s.key(KeyCode::Enter);
        s.settle();
    }
    let wheel = MouseEvent {
        kind: MouseEventKind::ScrollUp,
        column: 60,
        row: 10,
        modifiers: KeyModifiers::NONE,
    };
    s.app.update(Event::Mouse(wheel), s.now);
    let text = s.text();
    assert!(text.contains("  9. "), "{text}");
    assert!(!text.contains(" 10. "), "{text}");
}

/// The columns and rows the board's grid takes on a Reversi screen: from its top-left
/// corner `┌` to its top-right `┐`, and down to its bottom-left `└`.
fn grid_extent(text: &str) -> (usize, usize) {
    let rows: Vec<&str> = text.lines().collect();
    let top = rows.iter().position(|r| r.contains('┌')).unwrap_or(0);
    let bottom = rows.iter().position(|r| r.contains('└')).unwrap_or(0);
    let line: Vec<char> = rows.get(top).copied().unwrap_or_default().chars().collect();
    let left = line.iter().position(|&c| c == '┌').unwrap_or(0);
    let right = line.iter().position(|&c| c == '┐').unwrap_or(0);
    (
        right.saturating_sub(left) + 1,
        bottom.saturating_sub(top) + 1,
    )
}

/// A big window is used: at 200x60 Reversi's grid takes most of the height (it stopped at
/// 65x33 before), and 80x24 keeps its cells.
#[test]
fn reversi_fills_a_big_window() {
    let mut s = reversi([Seat::Human, Seat::named("expert")], None, (200, 60));
    let (w, h) = grid_extent(&s.text());
    assert!(w >= 90 && h >= 45, "{w}x{h}\n{}", s.text());
    s.resize(80, 24);
    assert_eq!(grid_extent(&s.text()), (33, 17), "{}", s.text());
}

/// At 200x60 an 11x11 Islands board of hexagons takes most of the height (it stopped at 23
/// rows before), and 80x24 keeps its compact cells.
#[test]
fn islands_fills_a_big_window() {
    let rows_with_cells = |text: &str| text.lines().filter(|l| l.contains("|   ·   |")).count();
    let board_rows = |text: &str| {
        let rows: Vec<&str> = text.lines().collect();
        let first = rows.iter().position(|l| l.contains("/ \\")).unwrap_or(0);
        let last = rows.iter().rposition(|l| l.contains("\\ /")).unwrap_or(0);
        last.saturating_sub(first) + 1
    };
    let mut s = islands([Seat::Human, Seat::named("connector")], 11, (200, 60));
    let text = s.text();
    assert!(board_rows(&text) >= 40, "{}\n{text}", board_rows(&text));
    assert_eq!(
        rows_with_cells(&text),
        11,
        "the stone rows of the cells:\n{text}"
    );
    s.resize(80, 24);
    let text = s.text();
    assert!(!text.contains("/ \\"), "compact cells at 80x24:\n{text}");
}

/// A click inside a large hexagon places there (one column in from its outline); a click on
/// the outline does not.
#[test]
fn a_click_lands_inside_a_large_hexagon() {
    use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let mut s = islands(PEOPLE, 11, (200, 60));
    let text = s.text();
    // Row 3's label (4: rows count from 1), then its first hexagon's outline two columns on.
    let (col, row) = text
        .lines()
        .enumerate()
        .find_map(|(y, l)| {
            l.find(" 4 |")
                .map(|b| (l[..b].chars().count() as u16, y as u16))
        })
        .expect("row 3");
    let outline = col + 3;
    let click = |s: &mut Screen<islands::Game>, column: u16| {
        let click = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        };
        s.app.update(Event::Mouse(click), s.now);
    };
    click(&mut s, outline + 8 * 4);
    assert!(s.app.history().is_empty(), "an outline:\n{}", s.text());
    click(&mut s, outline + 8 * 4 + 1);
    assert_eq!(
        s.app.history()[0].mv,
        islands::Place { row: 3, col: 4 },
        "{}",
        s.text()
    );
}
