//! The help pauses a game played here: while it is open the Triad clock and the Hex paths
//! round clock stand still, and they go on from where they stood once it closes.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::games::hexpaths::round::Settings;
use trios::tui::hexpaths::{HexPathsScreen, Phase};
use trios::tui::triad::TriadScreen;
use trios::tui::{Event, Theme};

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

#[test]
fn triad_clock_stands_still_under_the_help() {
    let mut app = TriadScreen::new(5, None, (80, 24), Theme::plain());
    let t0 = Instant::now();
    app.update(key(KeyCode::Char('?')), t0 + secs(2));
    app.update(Event::Tick(t0 + secs(40)), t0 + secs(40));
    let under = app.elapsed();
    assert!((2.0..2.5).contains(&under), "{under} s under the help");
    assert_eq!(app.next_tick(), None, "nothing ticks while paused");
    app.update(key(KeyCode::Esc), t0 + secs(40));
    app.update(Event::Tick(t0 + secs(41)), t0 + secs(41));
    let after = app.elapsed();
    assert!((3.0..3.5).contains(&after), "{after} s after the help");
}

#[test]
fn hexpaths_round_clock_stands_still_under_the_help() {
    let mut app = HexPathsScreen::new(
        3,
        Settings::default(),
        Vec::new(),
        Vec::new(),
        (80, 24),
        Theme::plain(),
    );
    let round = app.game().settings().round_time;
    let t0 = Instant::now();
    app.update(key(KeyCode::Char('?')), t0 + secs(5));
    // Far past the round's time: with the help open the round goes on.
    let late = t0 + round + secs(60);
    app.update(Event::Tick(late), late);
    assert_eq!(*app.phase(), Phase::Thinking);
    let left = app.time_left();
    assert!(
        left <= round - secs(5) && left > round - secs(6),
        "{left:?} left"
    );
    app.update(key(KeyCode::Esc), late);
    app.update(Event::Tick(late + secs(1)), late + secs(1));
    let left = app.time_left();
    assert!(
        left <= round - secs(6) && left > round - secs(7),
        "{left:?} left"
    );
}
