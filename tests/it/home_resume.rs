//! The home screen's "Resume last match": the newest unfinished match a person played in,
//! never one two computers played while someone watched, named with its game, players and
//! age.

use crate::common::bin::Dir;
use crate::home_data::{
    ago, data_folder, home_at, keys, line_with, render, touch, unfinished_reversi, watched_copy,
};
use trios::tui::lobby::Intent;

#[test]
fn a_watched_match_never_takes_the_place_of_the_persons_own() {
    let dir = Dir::new();
    let (data, matches) = data_folder(&dir);
    let own = matches.join("own.json");
    let watched = matches.join("watched.json");
    unfinished_reversi(&dir, &own);
    watched_copy(&own, &watched);
    // The person's match was left two and a half hours ago; the watched one a minute ago.
    touch(&own, ago(2 * 3600 + 1800));
    touch(&watched, ago(60));

    let mut lobby = home_at(Some(&data), (80, 24));
    let screen = render(&lobby);
    let line = line_with(&screen, "Resume last match");
    assert!(
        line.contains("Resume last match · Reversi · you vs expert · 2 h ago"),
        "{screen}"
    );
    // Reversi's first line is Play the computer: Play, Two players, Watch, then Resume.
    assert_eq!(keys(&mut lobby, "vvv\r"), Some(Intent::Resume(own.clone())));

    // The watched match is still in the saved list, and Enter there continues it.
    keys(&mut lobby, "v\r");
    let screen = render(&lobby);
    assert!(screen.contains("positional vs expert"), "{screen}");
    assert_eq!(
        keys(&mut lobby, "\r"),
        Some(Intent::Resume(watched.clone()))
    );

    // With only the watched match unfinished there is nothing to resume.
    std::fs::remove_file(&own).expect("remove");
    let screen = render(&home_at(Some(&data), (80, 24)));
    assert!(!screen.contains("Resume"), "{screen}");
}

/// A saved Triad solitaire of its first `n` triads.
fn unfinished_triad(path: &std::path::Path, n: usize) {
    use trios::record::triad::{TriadMove, TriadRecord};
    let mut game = trios::games::triad::Game::new(5);
    let mut record = TriadRecord::new(5);
    for i in 0..n {
        let cards = trios::games::triad::first_triad(game.tableau()).expect("a triad");
        game.pick(cards).expect("taken");
        record.moves.push(TriadMove {
            cards,
            at_ms: 4000 * (i as u64 + 1),
        });
    }
    std::fs::write(path, serde_json::to_string(&record).expect("JSON")).expect("write");
}

#[test]
fn a_triad_solitaire_is_resumed_and_counted_in_triads() {
    let dir = Dir::new();
    let (data, matches) = data_folder(&dir);
    let path = matches.join("triad.json");
    for (n, counted) in [(1, "1 triad"), (2, "2 triads")] {
        unfinished_triad(&path, n);
        touch(&path, ago(120));
        let screen = render(&home_at(Some(&data), (80, 24)));
        let line = line_with(&screen, "Resume last match");
        assert!(
            line.contains(&format!(
                "Resume last match · Triad · solitaire · {counted} · 2 min ago"
            )),
            "{screen}"
        );
        assert!(!line.contains("move"), "{line}");
        // The saved list counts it in the same word.
        let listed = trios::tui::lobby::saved::SavedMatch::read(
            path.clone(),
            &trios::registry::lobby_choices(trios::setup::three_trios::MatchConfig::built_in(1)),
        );
        let summary = listed.summary.expect("a summary");
        assert_eq!(summary.result, format!("unfinished, {counted}"));
    }
}
