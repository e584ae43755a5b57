//! A lone Hex paths game is saved like the duels: a record in the records' layout
//! (`"format": "trios-record"`, version 2, `"game": "hexpaths"`, the seed and settings, the
//! move of every round), rewritten after every round and when the game is left, listed by
//! the saved matches, and resumed with the round going on at the time it had.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::games::hexpaths::round::Settings;
use trios::record::AnyRecord;
use trios::record::hexpaths::{HexRecord, HexRecorder};
use trios::record::race::RaceRecord;
use trios::tui::hexpaths::{DIRECTION_KEYS, HexPathsScreen, Phase};
use trios::tui::lobby::saved::SavedMatch;
use trios::tui::{Event, Theme};

fn press(app: &mut HexPathsScreen, code: KeyCode, at: Instant) {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), at);
}

/// Solves the round going on with its shortest move, entered on the keys, at `at`.
fn solve(app: &mut HexPathsScreen, at: Instant) {
    let round = app.game().round().cloned().expect("a round");
    for step in &round.objective.solution.steps {
        let piece = app
            .pieces()
            .iter()
            .position(|&c| c == step.from)
            .expect("a piece there");
        while app.picked() != piece {
            press(app, KeyCode::Tab, at);
        }
        let d = app
            .step_ends()
            .iter()
            .position(|&e| e == Some(step.to))
            .expect("the step offered");
        press(app, KeyCode::Char(DIRECTION_KEYS[d][0]), at);
    }
    press(app, KeyCode::Enter, at);
}

#[test]
fn a_lone_hexpaths_game_is_saved_every_round_listed_and_resumed_mid_round() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("hex.json");
    let mut app = saved_lone_game(&path);
    let t0 = Instant::now();
    // Before the first round is played the record holds nothing to resume: q still asks.
    let d = app
        .step_ends()
        .iter()
        .position(Option::is_some)
        .expect("the picked piece can step");
    press(&mut app, KeyCode::Char(DIRECTION_KEYS[d][0]), t0);
    press(&mut app, KeyCode::Char('q'), t0);
    assert!(!app.should_quit(), "q asked first");
    press(&mut app, KeyCode::Esc, t0);
    press(&mut app, KeyCode::Backspace, t0);
    solve(&mut app, t0 + Duration::from_secs(4));
    assert_eq!(app.game().outcomes().len(), 1);
    let score = app.game().players()[0].score;
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the file")).expect("json");
    assert_eq!(json["format"], "trios-record");
    assert_eq!(json["version"], 2);
    assert_eq!(json["game"], "hexpaths");
    assert_eq!(json["seed"], 3);
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(1));

    // Saved, so q leaves at once, even with a step entered in the next round.
    press(&mut app, KeyCode::Char(' '), t0 + Duration::from_secs(5));
    assert_eq!(*app.phase(), Phase::Thinking);
    let later = t0 + Duration::from_secs(17);
    app.update(Event::Tick(later), later);
    press(&mut app, KeyCode::Char('q'), later);
    assert!(app.should_quit());
    drop(app);
    let record = HexRecord::load(&path).expect("reads back");
    assert!(
        (12_000..12_500).contains(&record.clock_ms),
        "{}",
        record.clock_ms
    );

    let any = AnyRecord::load(&path, trios::registry::record_readers).expect("any record");
    assert_eq!(any.resumable("hex.json").ok(), Some(true));
    let summary = SavedMatch::read(
        path.clone(),
        &trios::registry::lobby_choices(trios::setup::three_trios::MatchConfig::built_in(1)),
    )
    .summary
    .expect("a summary");
    assert_eq!(summary.players, "alone");
    assert_eq!(summary.result, "unfinished, 1 round");

    // Resumed: round 2 on, the score kept, its clock where it stood.
    let recorder = HexRecorder::resume(path.clone()).expect("the lock");
    let again = HexPathsScreen::resume(recorder, (80, 24), Theme::plain()).expect("resumed");
    assert_eq!(again.game().outcomes().len(), 1);
    assert_eq!(again.game().round().map(|r| r.number), Some(2));
    assert_eq!(again.game().players()[0].score, score);
    let round = again.game().settings().round_time;
    let left = again.time_left();
    assert!(
        left <= round - Duration::from_secs(12) && left > round - Duration::from_secs(13),
        "{left:?} left"
    );
}

/// Rounds solved after a hint score 1 each; the record keeps that they were hinted, so the
/// game resumed scores them as it did before it was left (not as moves found alone).
#[test]
fn a_resumed_game_keeps_the_score_of_its_hinted_rounds() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("hex.json");
    let mut app = saved_lone_game(&path);
    let t0 = Instant::now();
    for round in 0..2u64 {
        let at = t0 + Duration::from_secs(10 * round + 2);
        app.update(
            Event::Key(KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT)),
            at,
        );
        assert!(app.game().round().expect("a round").hinted);
        solve(&mut app, at);
        assert_eq!(*app.phase(), Phase::Done);
        if round == 0 {
            press(&mut app, KeyCode::Char(' '), at);
            assert_eq!(*app.phase(), Phase::Thinking);
        }
    }
    let score = app.game().players()[0].score;
    assert_eq!(score, 2, "two hinted rounds score 1 each");
    press(&mut app, KeyCode::Char('q'), t0 + Duration::from_secs(30));
    assert!(app.should_quit());
    drop(app);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the file")).expect("json");
    assert_eq!(json["moves"][0]["hinted"], true);
    assert_eq!(json["moves"][1]["hinted"], true);

    let recorder = HexRecorder::resume(path.clone()).expect("the lock");
    let again = HexPathsScreen::resume(recorder, (80, 24), Theme::plain()).expect("resumed");
    assert_eq!(again.game().outcomes().len(), 2);
    assert_eq!(again.game().players()[0].score, score);
}

/// A round played without a hint writes no `hinted` field, and a record without one reads
/// as unhinted: records written before the field existed replay as they did.
#[test]
fn an_unhinted_round_writes_no_hinted_field_and_old_records_still_read() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("hex.json");
    let mut app = saved_lone_game(&path);
    let t0 = Instant::now();
    solve(&mut app, t0 + Duration::from_secs(2));
    let score = app.game().players()[0].score;
    press(&mut app, KeyCode::Char('q'), t0 + Duration::from_secs(3));
    drop(app);
    let text = std::fs::read_to_string(&path).expect("the file");
    assert!(!text.contains("hinted"), "{text}");
    let record = HexRecord::load(&path).expect("reads back");
    assert!(!record.moves[0].hinted);
    let game = record.replay("hex.json").expect("replays");
    assert_eq!(game.players()[0].score, score);
}

/// A hint taken in a round left unfinished still counts when the game is resumed: the round
/// scores as hinted, not as a move found alone.
#[test]
fn a_hint_taken_in_the_round_left_unfinished_still_counts_on_resume() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("hex.json");
    let mut app = saved_lone_game(&path);
    let t0 = Instant::now();
    // Round 1 solved alone, so the record has a file; round 2 hinted, then left.
    solve(&mut app, t0 + Duration::from_secs(2));
    press(&mut app, KeyCode::Char(' '), t0 + Duration::from_secs(3));
    assert_eq!(*app.phase(), Phase::Thinking);
    app.update(
        Event::Key(KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT)),
        t0 + Duration::from_secs(5),
    );
    assert!(app.game().round().expect("a round").hinted);
    press(&mut app, KeyCode::Char('q'), t0 + Duration::from_secs(6));
    assert!(app.should_quit());
    drop(app);

    let recorder = HexRecorder::resume(path.clone()).expect("the lock");
    let mut again = HexPathsScreen::resume(recorder, (80, 24), Theme::plain()).expect("resumed");
    assert!(
        again.game().round().expect("the round going on").hinted,
        "the hint taken before leaving still marks the round"
    );
    let before = again.game().players()[0].score;
    solve(&mut again, Instant::now());
    assert_eq!(
        again.game().players()[0].score,
        before + 1,
        "a hinted win scores 1"
    );
}

/// A lone game from seed 3 with the default settings, saved in a record at `path`.
fn saved_lone_game(path: &std::path::Path) -> HexPathsScreen {
    let settings = Settings::default();
    let recorder = HexRecorder::create(path.to_path_buf(), 3, &settings).expect("a record");
    HexPathsScreen::new(
        3,
        settings,
        Vec::new(),
        Vec::new(),
        (80, 24),
        Theme::plain(),
    )
    .autosaved(Ok(recorder))
}
