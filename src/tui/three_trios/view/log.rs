//! The battle log: every move and its battle steps up to the point shown, combo waves
//! indented, Same and Plus named, long lines wrapped. It is written from the recorded steps,
//! never recomputed, follows the newest line and scrolls back on request.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols::border;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::tui::three_trios::app::{ThreeTriosScreen, text};

/// Draws the log, showing the newest rows unless scrolled back, with a count of the rows
/// above and below the window.
pub fn draw(app: &ThreeTriosScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let mut block = Block::bordered()
        .border_set(border::ROUNDED)
        .border_style(theme.dim())
        .title(" battle log ")
        .title_style(theme.title());
    let inner = block.inner(area);
    let rows = text::log_rows(app, inner.width);
    if rows.is_empty() {
        block.render(area, buf);
        let text = if app.history().is_empty() {
            "No moves yet. Red plays first."
        } else {
            "The start: no moves yet."
        };
        Paragraph::new(Line::styled(text, theme.dim())).render(inner, buf);
        return;
    }
    let height = usize::from(inner.height);
    let bottom = rows.len().saturating_sub(height);
    let first = app.board.log_top.unwrap_or(bottom).min(bottom);
    let below = rows.len().saturating_sub(first + height);
    if first > 0 {
        block = block.title(Line::styled(format!(" ↑ {first} more "), theme.dim()).right_aligned());
    }
    if below > 0 {
        block = block
            .title_bottom(Line::styled(format!(" ↓ {below} more "), theme.dim()).right_aligned());
    }
    block.render(area, buf);
    let shown: Vec<Line> = rows.into_iter().skip(first).take(height).collect();
    Paragraph::new(shown).render(inner, buf);
}
