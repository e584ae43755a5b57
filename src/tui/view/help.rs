//! The help box the games draw: a screen's live help entries
//! ([`crate::tui::keymap::offers::help`]), a label and a sentence a line, then notes. A
//! sentence too long for the box goes on under the sentences' column, not under the labels.

use ratatui::layout::Rect;
use ratatui::text::Line;

use super::overlay;
use super::theme::Theme;
use super::wrap::wrap;
use crate::tui::keymap::offers::{Offer, fill};

/// The entries as the box lists them: label and sentence, each `{name}` filled from `fills`.
pub fn entries(offers: &[&Offer], fills: &[(&str, &str)]) -> Vec<(&'static str, String)> {
    offers
        .iter()
        .map(|o| (o.label, fill(o.text, fills)))
        .collect()
}

/// The box's width, whether it keeps its padding, and its lines in `area`: an entry wider
/// than the box is broken into rows, those after the first starting under the sentences'
/// column (the labels' width and two spaces); the notes are left for the box to wrap. The
/// width is the one the unbroken lines give the box; the padding goes when the rows it
/// would cost are not there ([`overlay::keeps_padding`]).
pub(crate) fn layout(
    entries: &[(&str, String)],
    notes: Vec<Line<'static>>,
    theme: Theme,
    area: Rect,
) -> (u16, bool, Vec<Line<'static>>) {
    let label_w = entries
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let lines = overlay::key_lines(entries, notes, theme);
    let width = overlay::box_width(&lines, area);
    let broken = |padded: bool| -> Vec<Line<'static>> {
        let inner = overlay::inner_width(width, padded);
        (lines.iter().enumerate())
            .flat_map(|(i, line)| {
                if i < entries.len() && line.width() > inner {
                    wrap(line, inner, label_w + 2)
                } else {
                    vec![line.clone()]
                }
            })
            .collect()
    };
    let padded = broken(true);
    if overlay::keeps_padding(&padded, width, area) {
        (width, true, padded)
    } else {
        (width, false, broken(false))
    }
}
