//! Boxes drawn over the Three Trios board: its help, and the shared
//! "terminal too small" screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols::border;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::tui::three_trios::app::{App, text};
use crate::tui::view::overlay::too_small_for;

/// Every key of the current mode and context, drawn from the keymap itself; wrapped to the
/// screen, and scrolled when taller than it.
pub fn help(app: &App, _area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let rect = text::help_rect(app);
    let lines = text::help_lines(app, rect.width.saturating_sub(2));
    let visible = usize::from(rect.height.saturating_sub(2));
    let top = app.help_top.min(lines.len().saturating_sub(visible));
    let below = lines.len().saturating_sub(top + visible);
    let mut block = Block::bordered()
        .border_set(border::ROUNDED)
        .title(" keys ")
        .title_style(theme.title());
    if top > 0 {
        block = block.title(Line::styled(" ↑ more ", theme.dim()).right_aligned());
    }
    if below > 0 {
        block =
            block.title_bottom(Line::styled(" ↓ more: ↑↓ scroll ", theme.dim()).right_aligned());
    }
    Clear.render(rect, buf);
    let shown: Vec<Line> = lines.into_iter().skip(top).take(visible).collect();
    Paragraph::new(shown).block(block).render(rect, buf);
}

/// Shown instead of the game when the screen is below the minimum; goes away on resize.
/// Says the whole of what it must (the size needed) at any size, in fewer words when small.
pub fn too_small(app: &App, need: (u16, u16), area: Rect, buf: &mut Buffer) {
    too_small_for(app.theme, need, area, buf);
}
