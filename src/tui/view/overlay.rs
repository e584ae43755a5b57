//! Boxes drawn over the game: help, game over, and the "terminal too small" screen.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::trios::{Outcome, Player};
use crate::tui::app::App;
use crate::tui::keymap::{self, KeyMode};

/// Every key of the current mode, drawn from the keymap table itself.
pub fn help(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let mode = if app.replay.is_some() {
        KeyMode::Replay
    } else {
        KeyMode::Play
    };
    let mut lines: Vec<Line> = keymap::table(mode)
        .iter()
        .filter(|b| !b.label.is_empty())
        .map(|b| {
            Line::from(vec![
                Span::styled(format!("{:>12}  ", b.label), theme.key()),
                Span::raw(b.help),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Mouse: click a card in your hand, then a cell.",
        theme.dim(),
    ));
    lines.push(Line::styled("Any key closes this help.", theme.dim()));
    let height = (lines.len() as u16 + 2).min(area.height);
    let width = 76.min(area.width);
    let rect = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .border_set(border::ROUNDED)
                .title(" keys ")
                .title_style(theme.title()),
        )
        .render(rect, buf);
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
    let keys = Line::from(vec![
        Span::styled("n", theme.key()),
        Span::raw(" new game · "),
        Span::styled("r", theme.key()),
        Span::raw(" replay · "),
        Span::styled("q", theme.key()),
        Span::raw(" quit"),
    ]);
    let width = 34.min(area.width);
    let rect = area.centered(
        Constraint::Length(width),
        Constraint::Length(4.min(area.height)),
    );
    Clear.render(rect, buf);
    Paragraph::new(vec![headline.centered(), keys.centered()])
        .block(
            Block::bordered()
                .border_set(border::DOUBLE)
                .title(" game over ")
                .title_style(theme.title()),
        )
        .render(rect, buf);
}

/// Shown instead of the game when the screen is below the minimum; goes away on resize.
pub fn too_small(app: &App, need: (u16, u16), area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let text = vec![
        Line::styled("Terminal too small", theme.title()),
        Line::raw(format!(
            "need {}×{}, now {}×{}",
            need.0, need.1, area.width, area.height
        )),
        Line::styled("Enlarge the window, or press q to quit.", theme.dim()),
    ];
    let height = 3.min(area.height);
    let rect = area.centered_vertically(Constraint::Length(height));
    Paragraph::new(text)
        .centered()
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}
