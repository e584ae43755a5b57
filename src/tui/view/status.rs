//! The status bar: whose turn, the score, rules and seed, any message, and the keys that
//! matter right now.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::controller::table::{Role, SeatState};
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
    } else if let Some(reason) = app.table.as_ref().and_then(|t| t.closed.as_ref()) {
        first.push(Span::styled(
            format!("Table closed: {reason}"),
            theme.error(),
        ));
    } else if let Some(outcome) = game.outcome() {
        let text = match outcome {
            Outcome::Win(p) => format!("Game over: {p} wins"),
            Outcome::Tie => "Game over: tie".to_string(),
        };
        first.push(Span::styled(text, theme.title()));
    } else if app.waiting_for_opponent() {
        first.push(Span::styled("Waiting for an opponent", theme.title()));
    } else {
        let turn = game.turn();
        first.push(Span::styled(format!("{turn}"), theme.owner_text(turn)));
        let doing = if app.thinking && !app.is_human(turn) {
            format!(" ({}) is thinking…", app.seat_label(turn))
        } else if let Some(table) = &app.table {
            let seat = &table.seats[turn as usize];
            if seat.state == SeatState::Away {
                format!(" ({}, away) to move", seat.name)
            } else {
                format!(" ({}) to move", seat.name)
            }
        } else {
            " to move".to_string()
        };
        first.push(Span::raw(doing));
    }
    // The score of the moment shown, as the hands show it (not the end, while replaying).
    let shown = app.shown_state();
    first.push(Span::styled(" · ", theme.dim()));
    first.push(Span::styled(
        format!("{}", shown.score(Player::Red)),
        theme.owner_text(Player::Red),
    ));
    first.push(Span::raw("–"));
    first.push(Span::styled(
        format!("{}", shown.score(Player::Blue)),
        theme.owner_text(Player::Blue),
    ));
    // Details give way to a message when the line is too short for both.
    let mut details = String::new();
    if let Some(table) = &app.table {
        match table.role {
            Role::Plays(p) => details.push_str(&format!(" · table {} · you play {p}", table.id)),
            Role::Watches => details.push_str(&format!(" · table {} · watching", table.id)),
        }
    }
    details.push_str(&format!(
        " · rules {} · seed {}",
        app.config().rules,
        app.config().seed
    ));
    if app.watching() && app.paused {
        first.push(Span::styled(" · PAUSED", theme.key()));
    }
    let mut tail = Vec::new();
    if let Some(message) = &app.message {
        tail.push(Span::raw("  "));
        tail.push(Span::styled(
            message.text.clone(),
            if message.error {
                theme.error()
            } else {
                theme.title()
            },
        ));
    }
    let width = |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>();
    let mut own_line = None;
    if tail.is_empty()
        || width(&first) + details.chars().count() + width(&tail) <= area.width as usize
    {
        let at = first.len() - usize::from(app.watching() && app.paused);
        first.insert(at, Span::styled(details, theme.dim()));
        first.extend(tail);
    } else if width(&first) + width(&tail) <= area.width as usize {
        first.extend(tail);
    } else {
        // A long message takes the key line (the keys are a `?` away) rather than be cut.
        tail.remove(0);
        own_line = Some(tail);
    }
    let mut keys = key_hints(app);
    // Only keys that work here: a viewer deals no new game, and at a server's table q leaves
    // for the lobby and only a game against a computer can be dealt again.
    keys.retain(|(key, _)| *key != "n" || app.offers(crate::tui::keymap::Action::NewGame));
    if app.table.is_some() {
        for (key, what) in &mut keys {
            if *key == "q" {
                *what = "lobby";
            }
        }
    }
    if app.watching() && app.replay.is_none() {
        let pace = app.step_delay().as_millis();
        first.push(Span::styled(
            format!(" · pace {}.{} s/step", pace / 1000, pace % 1000 / 100),
            theme.dim(),
        ));
    }
    if let Some(message) = own_line {
        let lines = vec![Line::from(first), Line::from(message)];
        Paragraph::new(lines).render(area, buf);
        return;
    }
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
    if app.table.as_ref().is_some_and(|t| t.closed.is_some()) && app.replay.is_none() {
        return vec![("r", "replay"), ("?", "help"), ("q", "quit")];
    }
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
