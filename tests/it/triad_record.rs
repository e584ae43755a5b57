//! Triad solitaires are saved like the duels: a record in the data folder's layout
//! (`"format": "trios-record"`, version 2, `"game": "triad"`, the seed, the triads taken),
//! rewritten after every triad, listed by the saved matches, and resumed where it stopped.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::games::triad::first_triad;
use trios::record::AnyRecord;
use trios::record::race::RaceRecord;
use trios::record::triad::{TriadRecord, TriadRecorder};
use trios::tui::lobby::saved::SavedMatch;
use trios::tui::triad::{TriadScreen, key_of};
use trios::tui::{Event, Theme};

fn press(app: &mut TriadScreen, c: char, at: Instant) {
    app.update(
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)),
        at,
    );
}

/// Takes the first triad on the table at `at`.
fn take_a_triad(app: &mut TriadScreen, at: Instant) {
    let triad = first_triad(app.game().tableau()).expect("a triad");
    for p in triad {
        press(app, key_of(p).expect("a key"), at);
    }
}

#[test]
fn a_saved_solitaire_is_written_after_every_triad_listed_and_resumed() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("game.json");
    let recorder = TriadRecorder::create(path.clone(), 5).expect("a record");
    let mut app = TriadScreen::new(5, None, (80, 24), Theme::plain()).autosaved(Ok(recorder));
    let t0 = Instant::now();
    take_a_triad(&mut app, t0 + Duration::from_secs(3));
    take_a_triad(&mut app, t0 + Duration::from_secs(7));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the file")).expect("json");
    assert_eq!(json["format"], "trios-record");
    assert_eq!(json["version"], 2);
    assert_eq!(json["game"], "triad");
    assert_eq!(json["seed"], 5);
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(2));
    assert!(json["result"].is_null());

    // Saved, so q leaves at once, keeping the time played.
    press(&mut app, 'q', t0 + Duration::from_secs(9));
    assert!(app.should_quit());
    let tableau = app.game().tableau().to_vec();
    drop(app);
    let record = TriadRecord::load(&path).expect("reads back");
    assert!(
        (9_000..9_500).contains(&record.clock_ms),
        "{}",
        record.clock_ms
    );

    // The saved list sums it up; it is the one to resume.
    let any = AnyRecord::load(&path, trios::registry::record_readers).expect("any record");
    assert_eq!(any.resumable("game.json").ok(), Some(true));
    let listed = SavedMatch::read(
        path.clone(),
        &trios::registry::lobby_choices(trios::setup::three_trios::MatchConfig::built_in(1)),
    );
    let summary = listed.summary.expect("a summary");
    assert_eq!(summary.players, "solitaire");
    assert_eq!(summary.result, "unfinished, 2 triads");

    // Resumed: the same table, the clock where it stood, and it goes on being saved.
    let recorder = TriadRecorder::resume(path.clone()).expect("the lock");
    let mut again = TriadScreen::resume(recorder, None, (80, 24), Theme::plain()).expect("resumed");
    assert_eq!(again.game().tableau(), &tableau[..]);
    assert_eq!(again.game().found().len(), 2);
    assert!((9.0..9.6).contains(&again.elapsed()), "{}", again.elapsed());
    take_a_triad(&mut again, Instant::now());
    assert_eq!(TriadRecord::load(&path).expect("reads").moves.len(), 3);
}

#[test]
fn a_record_that_does_not_replay_is_refused_on_resume() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("bad.json");
    let mut record = TriadRecord::new(5);
    record.moves.push(trios::record::triad::TriadMove {
        cards: [0, 0, 1],
        at_ms: 10,
    });
    std::fs::write(&path, serde_json::to_string(&record).expect("json")).expect("write");
    let recorder = TriadRecorder::resume(path).expect("the lock");
    let refused = TriadScreen::resume(recorder, None, (80, 24), Theme::plain());
    let why = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(why.contains("move 1 does not replay"), "{why}");
}

/// Presses a key that is not a character.
fn key(app: &mut TriadScreen, code: KeyCode) {
    app.update(
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
        Instant::now(),
    );
}

fn status(app: &TriadScreen) -> String {
    let text = crate::common::screen::screen(app, (80, 24));
    crate::common::screen::bottom(&text)
}

#[test]
fn a_saved_game_replays_triad_by_triad_with_the_arrows() {
    let mut game = trios::games::triad::Game::new(5);
    let mut record = TriadRecord::new(5);
    for i in 0..3u64 {
        let cards = first_triad(game.tableau()).expect("a triad");
        game.pick(cards).expect("taken");
        record.moves.push(trios::record::triad::TriadMove {
            cards,
            at_ms: 4000 * (i + 1),
        });
    }
    let first = record.moves[0].cards;
    let mut app = TriadScreen::replay(record, "t.json", (80, 24), Theme::plain()).expect("replays");
    assert!(app.replaying());
    assert_eq!(app.game().found().len(), 0);
    assert_eq!(app.picked(), &first[..], "the next triad is marked");
    assert!(
        status(&app).contains("Replay: triad 1 of 3 marked"),
        "{}",
        status(&app)
    );
    key(&mut app, KeyCode::Right);
    assert_eq!(app.game().found().len(), 1);
    assert_eq!(app.elapsed(), 4.0);
    // A card key plays nothing in a replay.
    let before = app.game().clone();
    for p in first {
        press(&mut app, key_of(p).expect("a key"), Instant::now());
    }
    assert_eq!(*app.game(), before);
    key(&mut app, KeyCode::End);
    assert_eq!(app.game().found().len(), 3);
    assert!(
        status(&app).contains("the end, 3 triads taken"),
        "{}",
        status(&app)
    );
    key(&mut app, KeyCode::Left);
    assert_eq!(app.game().found().len(), 2);
    press(&mut app, 'q', Instant::now());
    assert!(app.should_quit());
}

/// A record of the first `n` triads of the game from `seed`, one every 4 s.
fn record_of(seed: u64, n: u64) -> TriadRecord {
    let mut game = trios::games::triad::Game::new(seed);
    let mut record = TriadRecord::new(seed);
    for i in 0..n {
        let cards = first_triad(game.tableau()).expect("a triad");
        game.pick(cards).expect("taken");
        record.moves.push(trios::record::triad::TriadMove {
            cards,
            at_ms: 4000 * (i + 1),
        });
    }
    record
}

#[test]
fn a_replay_says_where_it_stands_and_its_help_lists_its_own_keys() {
    let mut app =
        TriadScreen::replay(record_of(5, 3), "t.json", (80, 24), Theme::plain()).expect("replays");
    let counts = |app: &TriadScreen| {
        let text = crate::common::screen::screen(app, (80, 24));
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len() - 2].to_string()
    };
    // The marked triad is the replay's, not a pick: no "picked 3/3".
    let line = counts(&app);
    assert!(line.contains("Replay: triad 1 of 3"), "{line}");
    assert!(!line.contains("picked"), "{line}");
    key(&mut app, KeyCode::Right);
    assert!(
        counts(&app).contains("Replay: triad 2 of 3"),
        "{}",
        counts(&app)
    );
    key(&mut app, KeyCode::End);
    let line = counts(&app);
    assert!(line.contains("Replay: the end, 3 triads"), "{line}");

    press(&mut app, '?', Instant::now());
    let help = crate::common::screen::screen(&app, (80, 24));
    assert!(help.contains("Triad replay keys"), "{help}");
    for (keys, words) in [
        ("← →", "a triad back or on"),
        ("Home End", "the deal, or the end"),
        ("Esc q", "leave the replay"),
    ] {
        assert!(
            help.lines().any(|l| l.contains(keys) && l.contains(words)),
            "{keys} {words}:\n{help}"
        );
    }
    for play in ["pick that card", "hint", "new game"] {
        assert!(!help.contains(play), "{play} offered in a replay:\n{help}");
    }
    // Any key closes the help; Esc then leaves, as the help says.
    key(&mut app, KeyCode::Esc);
    assert!(!app.should_quit());
    key(&mut app, KeyCode::Esc);
    assert!(app.should_quit());
}
