//! The status bar: whose turn, the score, rules and seed, any message, and the keys that
//! matter right now.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::trios::{Outcome, Player};
use crate::tui::app::{App, Focus};
use crate::tui::timeline::{self, Point};

pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let game = app.game();
    let mut first: Vec<Span> = Vec::new();
    if let Some(replay) = app.replay {
        let history = app.history();
        let text = match timeline::point(history, replay.index) {
            Point::Start => "REPLAY · start".to_string(),
            Point::Move { mv, shown } => {
                let steps = history[mv].steps.len();
                let wave = shown
                    .checked_sub(1)
                    .map(|i| history[mv].steps[i].wave)
                    .map(|w| {
                        if w > 0 {
                            format!(" · combo wave {w}")
                        } else {
                            String::new()
                        }
                    })
                    .unwrap_or_default();
                format!(
                    "REPLAY · move {}/{} · step {shown}/{steps}{wave}",
                    mv + 1,
                    history.len()
                )
            }
        };
        first.push(Span::styled(text, theme.title()));
    } else if let Some(outcome) = game.outcome() {
        let text = match outcome {
            Outcome::Win(p) => format!("Game over: {p} wins"),
            Outcome::Tie => "Game over: tie".to_string(),
        };
        first.push(Span::styled(text, theme.title()));
    } else {
        let turn = game.turn();
        first.push(Span::styled(format!("{turn}"), theme.owner_text(turn)));
        let seat = app.config().seat(turn);
        let doing = if app.thinking && !seat.is_human() {
            format!(" ({seat}) is thinking…")
        } else {
            " to move".to_string()
        };
        first.push(Span::raw(doing));
    }
    first.push(Span::styled(" · ", theme.dim()));
    first.push(Span::styled(
        format!("{}", game.score(Player::Red)),
        theme.owner_text(Player::Red),
    ));
    first.push(Span::raw("–"));
    first.push(Span::styled(
        format!("{}", game.score(Player::Blue)),
        theme.owner_text(Player::Blue),
    ));
    first.push(Span::styled(
        format!(
            " · rules {} · seed {}",
            app.config().rules,
            app.config().seed
        ),
        theme.dim(),
    ));
    if app.watching() && app.paused {
        first.push(Span::styled(" · PAUSED", theme.key()));
    }
    if let Some(message) = &app.message {
        first.push(Span::raw("  "));
        first.push(Span::styled(
            message.text.clone(),
            if message.error {
                theme.error()
            } else {
                theme.title()
            },
        ));
    }
    let keys = key_hints(app);
    let mut second = Vec::new();
    for (i, (key, what)) in keys.iter().enumerate() {
        if i > 0 {
            second.push(Span::styled(" · ", theme.dim()));
        }
        second.push(Span::styled(*key, theme.key()));
        second.push(Span::raw(format!(" {what}")));
    }
    Paragraph::new(vec![Line::from(first), Line::from(second)]).render(area, buf);
}

/// The few keys that matter in the current situation; `?` lists them all.
fn key_hints(app: &App) -> Vec<(&'static str, &'static str)> {
    if app.replay.is_some() {
        return vec![
            ("←→", "step"),
            ("↑↓", "move"),
            ("Space", "play/pause"),
            ("Esc", "back"),
            ("q", "quit"),
        ];
    }
    if app.game().is_over() || app.review_only {
        return vec![
            ("n", "new game"),
            ("r", "replay"),
            ("?", "help"),
            ("q", "quit"),
        ];
    }
    if app.watching() {
        return vec![
            ("Space", "pause"),
            (".", "step"),
            ("+/-", "speed"),
            ("r", "replay"),
            ("?", "help"),
            ("q", "quit"),
        ];
    }
    if app.picked.is_some() {
        return vec![
            ("arrows", "cell"),
            ("Enter", "place"),
            ("Esc", "cancel"),
            ("H", "hints"),
            ("?", "help"),
            ("q", "quit"),
        ];
    }
    match app.focus {
        Focus::Hand => vec![
            ("↑↓ 1-9", "card"),
            ("Enter", "pick"),
            ("Tab", "grid"),
            ("r", "replay"),
            ("?", "help"),
            ("q", "quit"),
        ],
        Focus::Grid => vec![
            ("arrows", "cell"),
            ("Tab", "hand"),
            ("1-9", "pick"),
            ("r", "replay"),
            ("?", "help"),
            ("q", "quit"),
        ],
    }
}
