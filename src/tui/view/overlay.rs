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
    let bindings: Vec<_> = keymap::table(mode)
        .iter()
        .filter(|b| !b.label.is_empty() && app.offers(b.action))
        .collect();
    let label_width = bindings
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let width = 76.min(area.width);
    let text_width = (width.saturating_sub(2) as usize).max(1);
    let mut lines: Vec<Line> = bindings
        .iter()
        .map(|b| {
            Line::from(vec![
                Span::styled(format!("{:>label_width$}  ", b.label), theme.key()),
                Span::raw(app.help_text(b.action, b.help)),
            ])
        })
        .collect();
    let spacer = lines.len();
    lines.push(Line::raw(""));
    if app.offers(keymap::Action::PickCard(0)) && app.replay.is_none() {
        lines.push(Line::styled(
            "Mouse: click a card in your hand, then a cell.",
            theme.dim(),
        ));
    }
    lines.push(Line::styled("Any key closes this help.", theme.dim()));
    // Long lines wrap rather than lose their ends; the box grows to hold them.
    let rows = |lines: &[Line]| -> usize {
        lines
            .iter()
            .map(|l| l.width().div_ceil(text_width).max(1))
            .sum()
    };
    if rows(&lines) + 2 > area.height as usize {
        lines.remove(spacer);
    }
    let rows = rows(&lines);
    let height = (rows as u16 + 2).min(area.height);
    let rect = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
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
    let mut keys = Vec::new();
    if app.offers(keymap::Action::NewGame) {
        keys.push(Span::styled("n", theme.key()));
        keys.push(Span::raw(" new game · "));
    }
    keys.push(Span::styled("r", theme.key()));
    keys.push(Span::raw(" replay · "));
    keys.push(Span::styled("q", theme.key()));
    keys.push(Span::raw(if app.table.is_some() {
        " lobby"
    } else {
        " quit"
    }));
    let keys = Line::from(keys);
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
/// Says the whole of what it must (the size needed) at any size, in fewer words when small.
pub fn too_small(app: &App, need: (u16, u16), area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
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
