//! The Triad screen: the tableau in the brief's columns at 80x24 and 200x60, picking by card
//! keys, the cursor and the mouse, refusals that say why, hints and the count, and a whole
//! game to the end screen with its bests kept; read back from a `TestBackend` buffer.

use crate::common;

use common::keyed;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::controller::race_table::triad::{RaceSpec, TriadTable};
use trios::controller::table::Want;
use trios::controller::tables::Registry;
use trios::games::triad::{Game, count_triads, first_triad, is_triad};
use trios::tui::triad::bests::{self, Bests};
use trios::tui::triad::{TriadScreen, key_of};
use trios::tui::{Event, Theme};

fn screen(app: &TriadScreen, size: (u16, u16)) -> String {
    common::screen::screen(app, size)
}

fn press(app: &mut TriadScreen, code: KeyCode) {
    app.update(
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
        Instant::now(),
    );
}

/// Picks the card at `position` by its key.
fn pick(app: &mut TriadScreen, position: usize) {
    press(app, KeyCode::Char(key_of(position).expect("a key")));
}

fn status(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

#[test]
fn the_tableau_fits_80x24_and_grows_at_200x60() {
    let app = TriadScreen::new(5, None, (80, 24), Theme::plain());
    let small = screen(&app, (80, 24));
    insta::assert_snapshot!("triad_start_80x24", small);
    // Every card shows its key, in the brief's columns: 0 3 6 9 on the first row.
    let first_row = small.lines().nth(1).expect("a row of cards");
    let keys: Vec<char> = [0, 3, 6, 9].map(|p| key_of(p).expect("a key")).to_vec();
    let at: Vec<usize> = keys
        .iter()
        .map(|k| {
            first_row
                .find(&format!(" {k} "))
                .expect("the key on the card")
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{first_row}");
    // Without colour each card names its colour and fill.
    let card = app.game().tableau()[0].to_string();
    let parts: Vec<&str> = card.split(',').collect();
    assert!(
        small.contains(&format!("{} {}", parts[1], parts[3])),
        "{small}"
    );

    let app = TriadScreen::new(5, None, (200, 60), Theme::plain());
    let large = screen(&app, (200, 60));
    insta::assert_snapshot!("triad_start_200x60", large);
    // Large cards draw large symbols.
    assert!(large.contains("╱╲") || large.contains("╭────╮"), "{large}");
}

#[test]
fn a_triad_picked_by_keys_is_replaced_and_counted() {
    let mut app = TriadScreen::new(5, None, (80, 24), Theme::plain());
    let before = app.game().tableau().to_vec();
    let [i, j, k] = first_triad(&before).expect("a triad");
    pick(&mut app, i);
    pick(&mut app, j);
    assert!(status(&screen(&app, (80, 24))).is_empty() || app.game().found().is_empty());
    pick(&mut app, k);
    assert_eq!(app.game().found().len(), 1);
    assert_eq!(app.game().deck_left(), 66);
    let text = screen(&app, (80, 24));
    assert!(text.contains("A triad! 1 found."), "{text}");
    assert!(text.contains("deck 66 · found 1"), "{text}");
}

#[test]
fn a_wrong_pick_shakes_says_why_and_changes_nothing() {
    let mut app = TriadScreen::new(5, None, (80, 24), Theme::plain());
    let table = app.game().tableau().to_vec();
    let wrong = (0..12)
        .flat_map(|i| (i + 1..12).flat_map(move |j| (j + 1..12).map(move |k| [i, j, k])))
        .find(|&[i, j, k]| !is_triad(table[i], table[j], table[k]))
        .expect("a non-triad");
    for p in wrong {
        pick(&mut app, p);
    }
    let text = screen(&app, (80, 24));
    assert!(status(&text).starts_with(" Not a triad: "), "{text}");
    assert!(app.is_shaking());
    assert_eq!(app.game().tableau(), table.as_slice());
    assert!(app.game().found().is_empty());
    // The shake ends on its own.
    app.update(
        Event::Tick(Instant::now()),
        Instant::now() + Duration::from_secs(1),
    );
    assert!(!app.is_shaking());
}

#[test]
fn hints_count_cursor_and_mouse() {
    let mut app = TriadScreen::new(5, None, (80, 24), Theme::plain());
    let table = app.game().tableau().to_vec();
    press(&mut app, KeyCode::Char('c'));
    let n = count_triads(&table);
    assert!(
        status(&screen(&app, (80, 24))).contains(&format!("{n} triad")),
        "{}",
        screen(&app, (80, 24))
    );
    press(&mut app, KeyCode::Char('H'));
    let [i, j, k] = first_triad(&table).expect("a triad");
    assert_eq!(app.hinted(), vec![i]);
    press(&mut app, KeyCode::Char('H'));
    assert_eq!(app.hinted(), vec![i, j]);
    // `h` is no hint here, as in no other game: hints are `H` everywhere.
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(app.hinted(), vec![i, j]);
    assert!(screen(&app, (80, 24)).contains(" hint "));
    // The cursor walks down a column and across rows; Space picks.
    let walk_to = |app: &mut TriadScreen, p: usize| {
        for _ in 0..3 {
            press(app, KeyCode::Left);
            press(app, KeyCode::Up);
        }
        for _ in 0..p / 3 {
            press(app, KeyCode::Right);
        }
        for _ in 0..p % 3 {
            press(app, KeyCode::Down);
        }
    };
    walk_to(&mut app, i);
    assert_eq!(app.cursor(), i);
    press(&mut app, KeyCode::Char(' '));
    walk_to(&mut app, j);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.picked(), [i, j]);
    // The third by a click in the middle of its card.
    let text = screen(&app, (80, 24));
    let key = key_of(k).expect("a key");
    let (row, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(&format!(" {key} ")))
        .expect("the card's top edge");
    let at = line.find(&format!(" {key} ")).expect("the key");
    app.update(
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: line[..at].chars().count() as u16 + 4,
            row: row as u16 + 2,
            modifiers: KeyModifiers::NONE,
        }),
        Instant::now(),
    );
    assert_eq!(app.game().found().len(), 1, "{}", screen(&app, (80, 24)));
}

#[test]
fn a_whole_game_ends_with_the_time_and_the_bests_kept() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join(bests::FILE);
    let mut app = TriadScreen::new(11, Some(path.clone()), (80, 24), Theme::plain());
    let mut reference = Game::new(11);
    while let Some(triad) = first_triad(app.game().tableau()) {
        for p in triad {
            pick(&mut app, p);
        }
        reference.pick(triad).expect("a triad");
    }
    assert!(app.game().is_over());
    assert_eq!(app.game().found().len(), reference.found().len());
    let text = screen(&app, (80, 24));
    assert!(text.contains("Game over"), "{text}");
    assert!(
        text.contains(&format!("Triads found    {}", reference.found().len())),
        "{text}"
    );
    assert!(text.contains("new best!"), "{text}");
    // One game is one game, not "1 games".
    assert!(text.contains("Your bests over 1 game "), "{text}");
    let kept = bests::load(&path).expect("the bests file");
    assert_eq!(kept.games, 1);
    assert_eq!(kept.most_triads, reference.found().len() as u32);
    // A second game from the same bests counts on.
    let again = TriadScreen::new(3, Some(path.clone()), (80, 24), Theme::plain());
    assert_eq!(again.bests().games, 1);
    // A broken file is said, and the game goes on with fresh bests.
    std::fs::write(&path, "not json").expect("write");
    let broken = TriadScreen::new(3, Some(path), (80, 24), Theme::plain());
    assert_eq!(*broken.bests(), Bests::default());
    assert!(screen(&broken, (80, 24)).contains("not a bests file"));
}

#[test]
fn a_tiny_window_says_what_it_needs() {
    let mut app = TriadScreen::new(5, None, (40, 12), Theme::plain());
    let text = screen(&app, (40, 12));
    assert!(text.to_lowercase().contains("small"), "{text}");
    app.update(Event::Resize(80, 24), Instant::now());
    assert!(!screen(&app, (80, 24)).to_lowercase().contains("small"));
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
}

#[test]
fn a_race_against_a_computer_rival_runs_to_the_standings() {
    use trios::games::triad::race::Rival;
    let rival = Rival::new("hard", 2).expect("a level");
    let mut app = TriadScreen::race(7, vec![rival], (80, 24), Theme::plain());
    assert!(app.racing());
    let start = Instant::now();
    // Time passes with nobody at the keyboard: the rival takes every triad.
    let mut t = start;
    for _ in 0..2000 {
        if app.game().is_over() {
            break;
        }
        t += Duration::from_millis(500);
        app.update(Event::Tick(t), t);
    }
    assert!(app.game().is_over(), "{}", screen(&app, (80, 24)));
    let racers = app.race_state().racers();
    assert_eq!(racers[0].score, 0);
    assert_eq!(racers[1].found as usize, app.game().found().len());
    let text = screen(&app, (80, 24));
    assert!(text.contains("1. hard"), "{text}");
    assert!(text.contains("2. you"), "{text}");
}

#[test]
fn a_race_you_win_says_so_in_your_words() {
    use trios::games::triad::race::Rival;
    let rival = Rival::new("easy", 2).expect("a level");
    let mut app = TriadScreen::race(11, vec![rival], (80, 24), Theme::plain());
    // In a race the status counts every player's triads, and the note says whose are yours.
    let first = first_triad(app.game().tableau()).expect("a triad");
    for p in first {
        pick(&mut app, p);
    }
    let text = screen(&app, (80, 24));
    assert!(text.contains("A triad! You have 1 triad."), "{text}");
    assert!(text.contains("deck 66 · taken 1"), "{text}");
    // Every triad picked at once, long before the easy rival takes one.
    while let Some(triad) = first_triad(app.game().tableau()) {
        for p in triad {
            pick(&mut app, p);
        }
    }
    assert!(app.game().is_over());
    let text = screen(&app, (80, 24));
    assert!(text.contains("You win the race."), "{text}");
    assert!(!text.contains("you wins"), "{text}");
}

/// A screen at a server's race table, fed the table's news as the server's session feeds it.
struct AtTable {
    app: TriadScreen,
    table: u64,
    news: std::sync::mpsc::Receiver<trios::controller::race_table::triad::RaceNews>,
}

impl AtTable {
    fn join(registry: &std::sync::Arc<Registry>, table: u64, client: u64, user: &str) -> AtTable {
        let (tell, news) = std::sync::mpsc::channel();
        let joined = registry
            .join::<TriadTable>(
                table,
                client,
                keyed(user),
                Want::Seat,
                Box::new(move |n| tell.send(n).is_ok()),
            )
            .expect("join the race");
        let asks = registry.clone();
        let app = TriadScreen::at_table(
            joined,
            Box::new(move |request| asks.ask::<TriadTable>(table, client, request)),
            (80, 24),
            Theme::plain(),
        )
        .expect("follow the race");
        AtTable { app, table, news }
    }

    /// Hands the screen the table's news until `done` holds of it.
    fn until(&mut self, what: &str, done: impl Fn(&TriadScreen) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !done(&self.app) {
            let left = deadline.saturating_duration_since(Instant::now());
            let news = self
                .news
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("never: {what}"));
            self.app.update(
                Event::Table(self.table, std::sync::Arc::new(news)),
                Instant::now(),
            );
        }
    }
}

#[test]
fn a_race_at_a_server_table_waits_then_shows_claims_and_live_scores() {
    let registry = Registry::new();
    let table = registry
        .open(RaceSpec {
            opener: keyed("alice"),
            rivals: vec!["easy".into()],
            seed: 5,
            fixed_seed: true,
        })
        .expect("open a race");
    let mut alice = AtTable::join(&registry, table, 1, "alice");
    let mut bob = AtTable::join(&registry, table, 2, "bob");
    alice.until("bob in the list", |app| {
        app.race_state().racers().len() == 3
    });
    // Waiting: the cards are not shown yet; the players are.
    let waiting = screen(&alice.app, (80, 24));
    insta::assert_snapshot!("triad_table_waiting_80x24", waiting);
    assert!(waiting.contains("3. bob"), "{waiting}");
    press(&mut alice.app, KeyCode::Char('7'));
    assert!(status(&screen(&alice.app, (80, 24))).contains("has not begun"));

    press(&mut alice.app, KeyCode::Char('s'));
    alice.until("the start", |app| !app.waiting());
    bob.until("the start", |app| !app.waiting());
    // No hints in a race against people.
    press(&mut bob.app, KeyCode::Char('H'));
    assert!(status(&screen(&bob.app, (80, 24))).contains("No hints"));

    let triad = first_triad(alice.app.game().tableau()).expect("a triad");
    for p in triad {
        pick(&mut alice.app, p);
    }
    alice.until("alice's triad", |app| app.game().found().len() == 1);
    bob.until("alice's triad", |app| app.game().found().len() == 1);
    let seen = screen(&bob.app, (80, 24));
    assert!(seen.contains("you 0 · alice 1 · easy 0"), "{seen}");
    assert!(status(&seen).contains("alice took a triad"), "{seen}");
    // The clock is whatever a slow machine took; the rest is the race.
    let clock = seen.rfind(" · deck").expect("the status bar");
    let line_start = seen[..clock].rfind('\n').map_or(0, |i| i + 1);
    let steady = format!("{} M:SS {}", &seen[..line_start], &seen[clock..]);
    insta::assert_snapshot!("triad_table_racing_80x24", steady);
    assert_eq!(alice.app.game().tableau(), bob.app.game().tableau());
}
