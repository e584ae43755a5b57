//! The home screen lists every game, each with its one-line description, on an 80x24 screen
//! and on larger ones, and says who plays whom when watching two computers.

use crate::home_data::{home_at, keys, line_with, render};
use trios::games::GameKind;

#[test]
fn every_game_is_listed_with_its_description_at_80x24() {
    let mut lobby = home_at(None, (80, 24));
    let screen = render(&lobby);
    insta::assert_snapshot!(screen);
    for game in GameKind::all() {
        let line = line_with(&screen, game.title());
        let description = trios::registry::entry(game).lobby.description;
        assert!(line.contains(description), "{game}: {line}");
    }
    // The chosen game stands between ‹ ›; ←/→ move the choice down the list.
    assert!(screen.contains("‹ Three Trios ›"), "{screen}");
    keys(&mut lobby, ">>");
    let screen = render(&lobby);
    assert!(screen.contains("‹ Islands of Hex ›"), "{screen}");
    assert!(!screen.contains("‹ Three Trios ›"), "{screen}");
}

#[test]
fn watch_says_who_plays_whom() {
    let mut lobby = home_at(None, (80, 24));
    // Three Trios: the chosen opponent (expert) against the strongest other, which moves first.
    let screen = render(&lobby);
    assert!(
        line_with(&screen, "Watch two computers").contains("· minimax vs expert"),
        "{screen}"
    );
    // Reversi: level:9 (dark, first) against the chosen expert.
    keys(&mut lobby, ">");
    let screen = render(&lobby);
    assert!(
        line_with(&screen, "Watch two computers").contains("· level:9 vs expert"),
        "{screen}"
    );
}

#[test]
fn larger_screens_show_the_menu_centred_and_whole() {
    for size in [(120, 40), (200, 60)] {
        let lobby = home_at(None, size);
        let screen = render(&lobby);
        let name = format!("home_at_{}x{}", size.0, size.1);
        insta::assert_snapshot!(name, screen);
        for game in GameKind::all() {
            let line = line_with(&screen, game.title());
            assert!(
                line.contains(trios::registry::entry(game).lobby.description),
                "{line}"
            );
        }
    }
}

#[test]
fn changing_the_game_from_an_action_keeps_the_highlight_on_an_action() {
    // Hex paths' `Play alone`, then Triad's `Play solitaire`: Islands has neither, and the
    // highlight goes to its first action, so the next ← changes the game, not the board.
    let mut lobby = home_at(None, (80, 24));
    keys(&mut lobby, "<^");
    assert!(line_with(&render(&lobby), "Play alone").contains('▸'));
    keys(&mut lobby, "<");
    assert!(line_with(&render(&lobby), "Play solitaire").contains('▸'));
    keys(&mut lobby, "<");
    let screen = render(&lobby);
    assert!(screen.contains("‹ Islands of Hex ›"), "{screen}");
    let highlighted = line_with(&screen, "▸");
    assert!(highlighted.contains("Play the computer"), "{screen}");
    keys(&mut lobby, "<");
    let screen = render(&lobby);
    assert!(screen.contains("‹ Reversi ›"), "{screen}");
    assert!(
        line_with(&screen, "▸").contains("Play the computer"),
        "{screen}"
    );
    // An action both games have stays chosen.
    keys(&mut lobby, "v>");
    let screen = render(&lobby);
    assert!(screen.contains("‹ Islands of Hex ›"), "{screen}");
    assert!(
        !line_with(&screen, "▸").contains("Play the computer"),
        "{screen}"
    );
}

/// The home box's fixed rows hold every game's list line, option rows and actions.
#[test]
fn the_home_rows_hold_every_game() {
    use trios::tui::lobby::view::{
        GAME_NAME_WIDTH, MOST_ACTION_ROWS, MOST_OPTION_ROWS, home_size, most_games,
    };
    use unicode_width::UnicodeWidthStr;
    assert!(trios::registry::entries().len() <= usize::from(most_games()));
    for e in trios::registry::entries() {
        assert!(e.lobby.lobby_options.home.len() <= usize::from(MOST_OPTION_ROWS));
        // Resume, Saved matches and Quit follow the game's own actions.
        assert!(e.lobby.home_actions.len() + 3 <= usize::from(MOST_ACTION_ROWS));
        let title = format!("‹ {} › ", e.kind().title());
        assert!(title.width() <= GAME_NAME_WIDTH, "{title}");
    }
    assert_eq!(home_size(), (60, 23));
}
