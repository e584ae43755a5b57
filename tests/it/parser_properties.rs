//! Every parser of outside text fed arbitrary bytes: board and card files, Reversi positions
//! and squares, Hex paths games, Triad cards, and the command lines of each text mode. None
//! may panic; each refusal says where the problem is (a file's line, a character's number,
//! the part of a card) in a short line with control characters written out.
//!
//! 256 cases a property by default; set `PROPTEST_CASES` for a longer run, e.g.
//! `PROPTEST_CASES=20000 cargo test --release --test parser_properties`.

use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

use trios::controller::three_trios::Match;
use trios::controller::{Duel, DuelConfig, Seat};
use trios::games::three_trios::config::{parse_cards, parse_grid};
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{ConfigErrorKind, DealMode, RuleSet};
use trios::games::{hexpaths, islands, reversi, triad};
use trios::setup::three_trios::MatchConfig;
use trios::textui::{self, Ended};

/// Cases a property: 256 unless `PROPTEST_CASES` asks for another number.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256);
    ProptestConfig::with_cases(cases)
}

/// The longest message a refusal may print: enough for any reason, far less than the input.
const MAX_MESSAGE: usize = 500;

/// Checks a message is one short line with no control character in it.
fn assert_shown_safely(message: &str) {
    assert!(
        !message.chars().any(char::is_control),
        "control character in {message:?}"
    );
    assert!(
        message.chars().count() <= MAX_MESSAGE,
        "a message of {} characters",
        message.chars().count()
    );
}

/// Bytes as text the way a command line or a terminal would pass them on.
fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Arbitrary bytes, mostly short, some with long runs.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..200),
        (any::<u8>(), 0..5000usize).prop_map(|(b, n)| vec![b; n]),
        // Around the 64 KiB limit of a text-mode line.
        (any::<u8>(), 65_000..67_000usize).prop_map(|(b, n)| vec![b; n]),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn board_and_card_files_are_refused_at_a_line(data in bytes()) {
        if let Err(e) = parse_grid("board.txt", &data) {
            let whole_file = matches!(e.kind, ConfigErrorKind::Empty | ConfigErrorKind::NoCardCells);
            prop_assert!(e.line.is_some() || whole_file, "{e:?}");
            let shown = e.to_string();
            prop_assert!(shown.starts_with("board.txt:"), "{shown}");
            assert_shown_safely(&shown);
        }
        if let Err(e) = parse_cards("cards.txt", &data) {
            prop_assert!(e.line.is_some() || e.kind == ConfigErrorKind::Empty, "{e:?}");
            let shown = e.to_string();
            prop_assert!(shown.starts_with("cards.txt:"), "{shown}");
            assert_shown_safely(&shown);
        }
    }

    #[test]
    fn board_like_text_is_refused_at_a_line(
        text in "[0-9 ]{0,8}[\r\n]{1,2}([CX \t\x1b]{0,12}[\r\n]{1,2}){0,6}",
    ) {
        if let Err(e) = parse_grid("board.txt", text.as_bytes()) {
            let whole_file = matches!(e.kind, ConfigErrorKind::Empty | ConfigErrorKind::NoCardCells);
            prop_assert!(e.line.is_some() || whole_file, "{e:?}");
            assert_shown_safely(&e.to_string());
        }
    }

    #[test]
    fn reversi_positions_are_refused_at_a_character(
        text in prop_oneof![
            bytes().prop_map(|b| lossy(&b)),
            "[XO.\\- \t\x1b]{55,70}( [XOxo\x1b]{0,3})?",
        ],
    ) {
        if let Err(e) = text.parse::<reversi::Game>() {
            if let reversi::PositionError::BadSquare { index, .. } = e {
                prop_assert!(index >= 1 && index <= text.chars().count(), "{e:?}");
            }
            assert_shown_safely(&e.to_string());
        }
    }

    #[test]
    fn reversi_squares_are_refused_plainly(data in bytes()) {
        if let Err(e) = lossy(&data).parse::<reversi::Square>() {
            // The text modes quote only the start of what was typed.
            let _ = e.to_string();
        }
    }

    #[test]
    fn hexpaths_games_are_refused_at_a_character_or_item(
        text in prop_oneof![
            bytes().prop_map(|b| lossy(&b)),
            "[0-9A-F\x1b]{10,120}",
        ],
    ) {
        if let Err(e) = text.parse::<hexpaths::State>() {
            assert_shown_safely(&e.to_string());
        }
    }

    #[test]
    fn triad_cards_are_refused_naming_the_part(
        text in prop_oneof![
            bytes().prop_map(|b| lossy(&b)),
            "(diamond|oval|[a-z\x1b]{1,6}),(green|[a-z]{1,6}),[0-9]{1,2},(dark|[a-z]{0,5})",
        ],
    ) {
        if let Err(e) = text.parse::<triad::Card>() {
            let shown = e.to_string();
            prop_assert!(shown.contains("shape,color,count,fill") || shown.contains(" is one of "), "{shown}");
            assert_shown_safely(&shown);
        }
    }

    #[test]
    fn three_trios_text_mode_answers_any_line(data in bytes()) {
        let mut game = Match::start(three_trios(), None).expect("the built-in match starts");
        let mut err = Vec::new();
        let ended = textui::three_trios::run(&mut game, &data[..], &mut Vec::new(), &mut err).expect("written");
        assert_errors(ended, &data, &err);
    }

    #[test]
    fn reversi_text_mode_answers_any_line(data in bytes()) {
        let config = DuelConfig::<reversi::Game>::new([Seat::Human, Seat::Human], 1, 10);
        let mut duel = Duel::start(config, None).expect("a Reversi match starts");
        let mut err = Vec::new();
        let ended = textui::reversi::run(&mut duel, &data[..], &mut Vec::new(), &mut err)
            .expect("written");
        assert_errors(ended, &data, &err);
    }

    #[test]
    fn islands_text_mode_answers_any_line(data in bytes()) {
        let mut config = DuelConfig::<islands::Game>::new([Seat::Human, Seat::Human], 1, 10);
        config.options.size = 5;
        let mut duel = Duel::start(config, None).expect("an Islands match starts");
        let mut err = Vec::new();
        let ended = textui::islands::run(&mut duel, &data[..], &mut Vec::new(), &mut err)
            .expect("written");
        assert_errors(ended, &data, &err);
    }

    #[test]
    fn triad_text_mode_answers_any_line(data in bytes(), seed in any::<u64>()) {
        let mut game = triad::Game::new(seed);
        let mut err = Vec::new();
        let ended = textui::triad::run(&mut game, &data[..], &mut Vec::new(), &mut err)
            .expect("written");
        assert_errors(ended, &data, &err);
    }

    #[test]
    fn text_mode_command_lines_answer_with_the_word_quoted_shortly(
        word in "[a-z\x1b\x07\u{202e}]{1,3000}",
        args in "( [0-9a-z\x1b]{1,40}){0,3}",
    ) {
        let line = format!("{word}{args}\n");
        let mut err = Vec::new();
        let mut game = triad::Game::new(1);
        textui::triad::run(&mut game, line.as_bytes(), &mut Vec::new(), &mut err).expect("written");
        assert_errors(Ended::Normally, line.as_bytes(), &err);
    }
}

/// Three Trios on the built-in board and cards, two people.
fn three_trios() -> MatchConfig {
    MatchConfig {
        clock: None,
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::InOrder,
        seed: 1,
        rules: RuleSet::default(),
        red: Seat::Human,
        blue: Seat::Human,
        think_ms: 10,
    }
}

/// Checks what a text mode wrote on its error stream for `input`: `error:` lines, each short
/// and free of control characters; the run fails only on a line longer than the limit, and
/// then says which.
fn assert_errors(ended: Ended, input: &[u8], err: &[u8]) {
    let err = std::str::from_utf8(err).expect("messages are UTF-8");
    for line in err.lines() {
        assert!(line.starts_with("error: "), "{line:?}");
        assert_shown_safely(line);
    }
    // Input in memory cannot fail to read: only a line over the limit stops the run, and a
    // first line over it always does (later ones may follow a `quit`).
    if ended == Ended::InputFailed {
        assert!(err.contains(" is longer than 64 KiB"), "{err}");
    }
    let first = input.split(|&b| b == b'\n').next().map_or(0, <[u8]>::len);
    if first > textui::MAX_LINE {
        assert_eq!(ended, Ended::InputFailed, "{err}");
        assert!(err.contains("error: line 1 is longer than 64 KiB"), "{err}");
    }
}
