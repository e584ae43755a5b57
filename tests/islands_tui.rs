//! The Islands of Hex screen: the leaning board, clicks on it, the computer's answer, and
//! boards too big for the window; read back from a `TestBackend` buffer.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::controller::{Duel, DuelConfig, Seat};
use trios::games::islands::{Game, Place};
use trios::tui::duel::{DuelApp, NewDuel};
use trios::tui::{Event, Theme};

fn app(size: usize, black: &str, screen: (u16, u16)) -> (DuelApp<Game>, Receiver<Event>) {
    let mut config = DuelConfig::<Game>::new([Seat::Human, Seat::named(black)], 3, 20);
    config.options.size = size;
    let duel = Duel::start(config, None).expect("a board");
    let (events, inbox) = mpsc::channel();
    let new_duel: NewDuel<Game> =
        Box::new(|c| Duel::start(c.clone(), None).map_err(|e| e.to_string()));
    (
        DuelApp::new(duel, new_duel, events, screen, Theme::plain()),
        inbox,
    )
}

fn screen(app: &DuelApp<Game>, (w, h): (u16, u16)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    terminal
        .draw(|f| f.render_widget(app, f.area()))
        .expect("draw");
    let buf = terminal.backend().buffer().clone();
    (0..h)
        .map(|y| {
            let line: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
            line.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
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
    let top = text
        .lines()
        .find(|l| l.trim_start().starts_with("0 ·"))
        .expect("row 0");
    let bottom = text
        .lines()
        .find(|l| l.trim_start().starts_with("10 ·"))
        .expect("row 10");
    let first_cell = |l: &str| l.chars().position(|c| c == '·').expect("a cell");
    assert_eq!(first_cell(top), first_cell(bottom) + 10, "{text}");
    assert!(text.contains("White joins top–bottom"));
}

#[test]
fn a_click_places_on_the_leaning_cell_and_the_computer_answers() {
    let (mut app, inbox) = app(5, "connector", (80, 24));
    let text = screen(&app, (80, 24));
    // Row 2's first cell: the dot right after the row label " 2 ".
    let (col, row) = find(&text, " 2 ·").expect("row 2");
    let now = Instant::now();
    app.update(
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: col + 3,
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
    app.update(answer, now);
    assert_eq!(app.history().len(), 2);
    assert!(screen(&app, (80, 24)).contains("2. Black "));
    app.update(
        Event::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE)),
        now,
    );
    assert!(app.should_quit());
}

#[test]
fn a_40x40_board_needs_a_large_window() {
    let (app, _inbox) = app(40, "random", (80, 24));
    let small = screen(&app, (80, 24));
    assert!(small.to_lowercase().contains("small"), "{small}");
    let (app, _inbox) = self::app(40, "random", (200, 60));
    let large = screen(&app, (200, 60));
    assert!(large.contains("39 ·"), "{large}");
    assert!(large.contains("Moves"));
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
}
