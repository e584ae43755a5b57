//! Boxes drawn over the Three Trios board: its help, its game over, and the shared
//! "terminal too small" screen.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::status;
use crate::games::three_trios::{Outcome, Player};
use crate::tui::keymap::{self, Where};
use crate::tui::three_trios::app::{App, text};
use crate::tui::view::keybar::{self, Look};
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

/// The result and what to do next.
pub fn game_over(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let Some(outcome) = app.game().outcome() else {
        return;
    };
    let (red, blue) = (
        app.game().score(Player::Red),
        app.game().score(Player::Blue),
    );
    let headline = match outcome {
        Outcome::Win(p) => Line::from(vec![
            Span::styled(p.to_string(), theme.owner_text(p)),
            Span::styled(format!(" wins {red}–{blue}"), theme.title()),
        ]),
        Outcome::Tie => Line::styled(format!("Tie {red}–{blue}"), theme.title()),
    };
    // What to do next, from the keymap's entries for the end of a match.
    let offers = keymap::offers::bar(Where::ThreeTriosEnd, status::key_state(app));
    let look = Look {
        sep: Style::new(),
        ..Look::keys(theme, "")
    };
    let keys = keybar::line(&keybar::items(&offers, &[]), look);
    // The keys wrap onto a second row in a narrow box rather than lose one.
    let width = (keys.width() as u16 + 4).max(34).min(area.width);
    let mut lines = vec![headline.centered()];
    lines.extend(
        text::wrap(&keys, usize::from(width.saturating_sub(2)), 0)
            .into_iter()
            .map(Line::centered),
    );
    let rect = area.centered(
        Constraint::Length(width),
        Constraint::Length((lines.len() as u16 + 2).min(area.height)),
    );
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .border_set(border::DOUBLE)
                .title(" game over ")
                .title_style(theme.title()),
        )
        .render(rect, buf);
}

/// Shown instead of the game when the screen is below the minimum; goes away on resize.
/// Says the whole of what it must (the size needed) at any size, in fewer words when small.
pub fn too_small(app: &App, need: (u16, u16), area: Rect, buf: &mut Buffer) {
    too_small_for(app.theme, need, area, buf);
}
