//! Triad without colour: cards too low for words show letter codes (`Ol`, `Pd` …), and the
//! screen and the help say what each letter means. Read back from a `TestBackend` buffer.

use crate::common;

use std::time::Instant;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::tui::triad::TriadScreen;
use trios::tui::{Event, Theme};

const MEANINGS: [&str; 6] = [
    "O orange", "P purple", "G green", "n none", "l light", "d dark",
];

/// Whether `text` shows a card's letter code (a colour's capital and a fill's letter, at
/// the card's right edge).
fn has_a_code(text: &str) -> bool {
    ["O", "P", "G"].iter().any(|c| {
        ["n", "l", "d"].iter().any(|f| {
            ["┃", "│"]
                .iter()
                .any(|b| text.contains(&format!(" {c}{f}{b}")))
        })
    })
}

#[test]
fn letter_codes_come_with_their_legend_on_screen_and_in_the_help() {
    for size in [(80, 22), (61, 20)] {
        let mut app = TriadScreen::new(5, None, size, Theme::plain());
        let text = common::screen::screen(&app, size);
        assert!(has_a_code(&text), "no letter codes at {size:?}:\n{text}");
        let top = text.lines().next().unwrap_or_default();
        for meaning in MEANINGS {
            assert!(
                top.contains(meaning),
                "{meaning} missing at {size:?}: {top}"
            );
        }
        app.update(
            Event::Key(KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE)),
            Instant::now(),
        );
        let help = common::screen::screen(&app, (80, 24));
        assert!(
            help.contains("Without colour, small cards show letters: O orange"),
            "{help}"
        );
    }
}

#[test]
fn words_on_the_cards_or_colour_need_no_legend() {
    let roomy = common::screen::screen(
        &TriadScreen::new(5, None, (80, 24), Theme::plain()),
        (80, 24),
    );
    assert!(
        !has_a_code(&roomy) && !roomy.contains("O orange"),
        "{roomy}"
    );
    let colored = TriadScreen::new(5, None, (80, 22), Theme::colored());
    let text = common::screen::screen(&colored, (80, 22));
    assert!(!text.contains("O orange"), "{text}");
}
