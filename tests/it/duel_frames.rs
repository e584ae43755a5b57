//! The Reversi and Islands screens keep their numbers with the board drawn: the score, whose
//! turn it is and the move log follow each frame of a move playing out, and each point of a
//! replay; read back from a `TestBackend` buffer.

use crate::common::duel::{DuelScreen, TWO_LINES};

use ratatui::crossterm::event::KeyCode;
use trios::controller::{DuelConfig, Seat};
use trios::games::islands;
use trios::games::reversi;

type Screen<G> = DuelScreen<G>;

fn reversi(position: Option<&str>) -> Screen<reversi::Game> {
    let mut config = DuelConfig::<reversi::Game>::new([Seat::Human, Seat::Human], 7, 20);
    config.options.position = position.map(String::from);
    Screen::new(config, (80, 24))
}

/// Each side's discs on the board drawn, counted from the cells.
fn discs(screen: &Screen<reversi::Game>) -> [usize; 2] {
    let mut count = [0; 2];
    for side in screen.app.shown_cells().iter().filter_map(|c| c.stone) {
        count[side.index()] += 1;
    }
    count
}

/// The side panel's score rows: `X Dark     3` and `O Light    2`.
fn panel_scores(text: &str) -> (String, String) {
    let row = |name: &str| {
        text.lines()
            .find_map(|l| {
                let at = l.find(&format!(" {name} "))?;
                // The panel's row is the one with the score right after the padded name.
                let rest = l[at + name.len() + 2..].trim_start();
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                (l[..at].ends_with('X') || l[..at].ends_with('O'))
                    .then_some(digits)
                    .filter(|d| !d.is_empty())
            })
            .unwrap_or_default()
    };
    (row("Dark"), row("Light"))
}

fn status_row(text: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    rows[rows.len() - 2].to_string()
}

/// While Dark's flips land, the panel and the status bar count the discs drawn and keep
/// Dark to move; at the end the result, and Light never to move.
#[test]
fn the_score_and_the_turn_follow_the_flips_as_they_land() {
    let mut s = reversi(Some(TWO_LINES));
    s.key(KeyCode::Enter);
    assert!(s.app.animating());
    for expected in [[3, 2], [4, 1]] {
        let text = s.text();
        assert_eq!(discs(&s), expected, "{text}");
        let (dark, light) = (expected[0].to_string(), expected[1].to_string());
        assert_eq!(panel_scores(&text), (dark.clone(), light.clone()), "{text}");
        let status = status_row(&text);
        assert!(
            status.contains(&format!("X Dark {dark}"))
                && status.contains(&format!("O Light {light}")),
            "{text}"
        );
        assert!(status.contains("Dark plays c3"), "{text}");
        assert!(text.contains("▸X Dark"), "Dark's move is still on:\n{text}");
        assert!(!text.contains("Game over"), "{text}");
        s.tick();
    }
    s.settle();
    let text = s.text();
    assert_eq!(panel_scores(&text), ("5".into(), "0".into()), "{text}");
    assert!(status_row(&text).contains("Game over: Dark wins 5–0"));
}

/// In a replay every point shows its own numbers: the start its two discs each and no moves
/// in the log; the disc just placed counts before its flips land.
#[test]
fn a_replay_shows_the_numbers_of_the_point_shown() {
    let mut s = reversi(Some(TWO_LINES));
    s.key(KeyCode::Enter);
    s.settle();
    s.key(KeyCode::Char('r'));
    s.key(KeyCode::Home);
    let text = s.text();
    assert_eq!(panel_scores(&text), ("2".into(), "2".into()), "{text}");
    assert!(text.contains("none yet"), "{text}");
    assert!(!text.contains("1. Dark c3"), "{text}");
    assert!(text.contains("▸X Dark"), "{text}");
    s.key(KeyCode::Right);
    let text = s.text();
    assert_eq!(discs(&s), [3, 2]);
    assert_eq!(panel_scores(&text), ("3".into(), "2".into()), "{text}");
    assert!(text.contains("1. Dark c3"), "{text}");
}

/// A whole opening of Reversi walked back in a replay: at every point the panel's score is
/// the count of the discs drawn.
#[test]
fn every_point_of_a_replay_scores_the_discs_drawn() {
    let mut s = reversi(None);
    for _ in 0..12 {
        s.key(KeyCode::Enter);
        s.settle();
    }
    assert_eq!(s.app.history().len(), 12);
    s.key(KeyCode::Char('r'));
    s.key(KeyCode::End);
    for _ in 0..40 {
        let text = s.text();
        let [dark, light] = discs(&s);
        assert_eq!(
            panel_scores(&text),
            (dark.to_string(), light.to_string()),
            "{text}"
        );
        s.key(KeyCode::Left);
    }
}

/// Islands in a replay: the log lists the moves up to the one shown, not those after it.
#[test]
fn an_islands_replay_lists_the_moves_up_to_the_one_shown() {
    let mut config = DuelConfig::<islands::Game>::new([Seat::Human, Seat::Human], 3, 20);
    config.options.size = 5;
    let mut s = Screen::new(config, (80, 24));
    for _ in 0..3 {
        s.key(KeyCode::Enter);
        s.settle();
        s.key(KeyCode::Right);
    }
    assert_eq!(s.app.history().len(), 3);
    s.key(KeyCode::Char('r'));
    s.key(KeyCode::Up);
    let text = s.text();
    assert!(text.contains("Replay: move 2 of 3"), "{text}");
    assert!(text.contains("  2. Black"), "{text}");
    assert!(!text.contains("  3. White"), "{text}");
}
