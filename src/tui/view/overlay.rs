//! Boxes drawn over any game screen: the "terminal too small" screen, and a titled box
//! (game over, help) that each screen fills with its own lines.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Widget, Wrap};
use unicode_width::UnicodeWidthStr;

use super::theme::Theme;

/// The too-small message of every screen: what size is needed and how to get out.
pub(crate) fn too_small_for(theme: Theme, need: (u16, u16), area: Rect, buf: &mut Buffer) {
    let (w, h) = (area.width, area.height);
    let wordings: [Vec<Line>; 4] = [
        vec![
            Line::styled("Terminal too small", theme.title()),
            Line::raw(format!("need {}×{}, now {w}×{h}", need.0, need.1)),
            Line::styled("Enlarge the window, or press q to quit.", theme.dim()),
        ],
        vec![
            Line::styled("Too small", theme.title()),
            Line::raw(format!("need {}×{}", need.0, need.1)),
            Line::raw(format!("now {w}×{h}")),
            Line::styled("q quits", theme.dim()),
        ],
        vec![
            Line::raw(format!("need {}×{}", need.0, need.1)),
            Line::styled("q quits", theme.dim()),
        ],
        vec![Line::raw(format!("{}×{}", need.0, need.1))],
    ];
    let fits =
        |lines: &[Line]| lines.len() <= h as usize && lines.iter().all(|l| l.width() <= w as usize);
    let text = wordings
        .iter()
        .find(|lines| fits(lines))
        .unwrap_or(&wordings[3])
        .clone();
    let height = (text.len() as u16).min(h);
    let rect = area.centered_vertically(Constraint::Length(height));
    Paragraph::new(text).centered().render(rect, buf);
}

/// The columns a box keeps clear inside each side of its border, as every game's boxes do.
const PAD: u16 = 1;

/// The columns inside a box `width` wide for its lines: less the borders, and the padding
/// when `padded`.
pub(crate) fn inner_width(width: u16, padded: bool) -> usize {
    let pad = if padded { 2 * PAD } else { 0 };
    usize::from(width.saturating_sub(2 + pad)).max(1)
}

/// Whether a box of `lines`, `width` wide, keeps its padding in `area`: it does unless the
/// lines, wrapped the narrower for it, would take more rows than `area` has. A full screen
/// of help keeps every row rather than the padding.
pub(crate) fn keeps_padding(lines: &[Line], width: u16, area: Rect) -> bool {
    let inner = inner_width(width.min(area.width), true);
    let rows: usize = lines.iter().map(|l| wrapped_rows(l, inner)).sum();
    rows + 2 <= usize::from(area.height)
}

/// `lines` in a rounded box titled `title`, in the middle of `area` (cut to fit), one
/// column clear inside each side (see [`keeps_padding`]).
pub(crate) fn boxed(title: &str, lines: Vec<Line>, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = box_width(&lines, area);
    let padded = keeps_padding(&lines, width, area);
    boxed_in(title, lines, width, padded, theme, area, buf);
}

/// The width [`boxed`] gives a box of `lines` in `area`: the widest line, the padding and
/// the borders, no wider than `area`.
pub(crate) fn box_width(lines: &[Line], area: Rect) -> u16 {
    (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 2 + 2 * PAD).min(area.width)
}

/// [`boxed`], `width` columns wide (at most `area`'s width), `padded` or not.
pub(crate) fn boxed_in(
    title: &str,
    lines: Vec<Line>,
    width: u16,
    padded: bool,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = width.min(area.width);
    // A line wider than the box wraps, and takes the rows it wraps onto.
    let inner = inner_width(width, padded);
    let rows: usize = lines.iter().map(|l| wrapped_rows(l, inner)).sum();
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(
            Block::bordered()
                .border_set(border::ROUNDED)
                .padding(Padding::horizontal(if padded { PAD } else { 0 }))
                .title(title.to_string())
                .title_style(theme.title()),
        )
        .render(rect, buf);
}

/// The rows `line` takes wrapped at word boundaries to `width` columns (as the box's
/// paragraph wraps it, without trimming).
fn wrapped_rows(line: &Line, width: usize) -> usize {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let mut rows = 1;
    let mut used = 0;
    for word in text.split_inclusive(' ') {
        let w = word.width();
        if used + w.saturating_sub(usize::from(word.ends_with(' '))) > width && used > 0 {
            rows += 1;
            used = 0;
        }
        used += w;
        while used > width {
            rows += 1;
            used -= width;
        }
    }
    rows
}

/// A screen's keys, a label and what it does a line, labels in a column; then `notes`.
pub(crate) fn key_lines(
    entries: &[(&str, String)],
    notes: Vec<Line<'static>>,
    theme: Theme,
) -> Vec<Line<'static>> {
    let label_w = entries
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line> = entries
        .iter()
        .map(|(label, text)| {
            Line::from(vec![
                Span::styled(format!("{label:<label_w$}  "), theme.key()),
                Span::styled(text.clone(), Style::new()),
            ])
        })
        .collect();
    if !notes.is_empty() {
        lines.push(Line::raw(""));
        lines.extend(notes);
    }
    lines
}
