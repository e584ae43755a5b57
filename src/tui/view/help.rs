//! The help box the games draw: a screen's live help entries
//! ([`crate::tui::keymap::offers::help`]), a label and a sentence a line, then notes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::overlay;
use super::theme::Theme;
use crate::tui::keymap::offers::{Offer, fill};

/// The entries as the box lists them: label and sentence, each `{name}` filled from `fills`.
pub fn entries(offers: &[&Offer], fills: &[(&str, &str)]) -> Vec<(&'static str, String)> {
    offers
        .iter()
        .map(|o| (o.label, fill(o.text, fills)))
        .collect()
}

/// The box titled `title` in the middle of `area`: the entries of `offers`, then `notes`.
pub fn draw(
    title: &str,
    offers: &[&Offer],
    fills: &[(&str, &str)],
    notes: Vec<Line<'static>>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    draw_entries(title, &entries(offers, fills), notes, theme, area, buf);
}

/// The box titled `title` in the middle of `area`: `entries` (label and sentence), then
/// `notes`. For the games whose help words the game table's keys their own way.
pub fn draw_entries(
    title: &str,
    entries: &[(&str, String)],
    notes: Vec<Line<'static>>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let lines = overlay::key_lines(entries, notes, theme);
    overlay::boxed(title, lines, theme, area, buf);
}
