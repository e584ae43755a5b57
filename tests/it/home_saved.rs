//! The saved-matches list of the home screen: Enter continues an unfinished match and
//! replays a finished one, `r` replays either, and the key bar says which.

use crate::common::bin::Dir;
use crate::home_data::{
    data_folder, finished_reversi, home_at, keys, line_with, render, touch, unfinished_reversi,
};
use std::time::{Duration, SystemTime};
use trios::tui::lobby::Intent;

#[test]
fn enter_continues_an_unfinished_saved_match_and_replays_a_finished_one() {
    let dir = Dir::new();
    let (data, matches) = data_folder(&dir);
    let unfinished = matches.join("unfinished.json");
    let finished = matches.join("finished.json");
    unfinished_reversi(&dir, &unfinished);
    finished_reversi(&dir, &finished);
    // The unfinished match is the newer, listed first.
    let noon = SystemTime::UNIX_EPOCH + Duration::from_secs(1_704_110_400);
    touch(&finished, noon);
    touch(&unfinished, noon + Duration::from_secs(86_400));

    let mut lobby = home_at(Some(&data), (80, 24));
    keys(&mut lobby, "G^\r");
    let screen = render(&lobby);
    assert!(
        line_with(&screen, "you vs expert").contains("unfinished"),
        "{screen}"
    );
    let bar = line_with(&screen, "choose");
    assert!(bar.contains("Enter resume"), "{bar}");
    assert!(bar.contains("· r replay"), "{bar}");
    assert_eq!(
        keys(&mut lobby, "\r"),
        Some(Intent::Resume(unfinished.clone()))
    );
    assert_eq!(keys(&mut lobby, "r"), Some(Intent::Replay(unfinished)));

    // The finished one: Enter replays, and the bar offers no second way.
    keys(&mut lobby, "v");
    let screen = render(&lobby);
    let bar = line_with(&screen, "choose");
    assert!(bar.contains("Enter replay"), "{bar}");
    assert!(!bar.contains("· r replay"), "{bar}");
    assert_eq!(
        keys(&mut lobby, "\r"),
        Some(Intent::Replay(finished.clone()))
    );
    assert_eq!(keys(&mut lobby, "r"), Some(Intent::Replay(finished)));

    // The help says what Enter and r do on the list.
    keys(&mut lobby, "?");
    let help = render(&lobby);
    assert!(help.contains("resume/replay the match"), "{help}");
    assert!(help.contains("replay the chosen saved match"), "{help}");
}

#[test]
fn coming_back_to_the_list_keeps_the_highlight_on_the_match_just_opened() {
    let dir = Dir::new();
    let (data, matches) = data_folder(&dir);
    let older = matches.join("older.json");
    let newer = matches.join("newer.json");
    finished_reversi(&dir, &older);
    finished_reversi(&dir, &newer);
    let noon = SystemTime::UNIX_EPOCH + Duration::from_secs(1_704_110_400);
    touch(&older, noon);
    touch(&newer, noon + Duration::from_secs(86_400));

    let mut lobby = home_at(Some(&data), (80, 24));
    keys(&mut lobby, "G^\r");
    // The older match, second in the list, is opened; playing it makes it the newest.
    assert_eq!(keys(&mut lobby, "vr"), Some(Intent::Replay(older.clone())));
    touch(&older, noon + Duration::from_secs(2 * 86_400));
    lobby.refresh();
    assert_eq!(keys(&mut lobby, "r"), Some(Intent::Replay(older)));
}
