//! The status bar: whose turn, the score, rules and seed, any message, and the keys that
//! matter right now.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::tui::view::fit::fit;

use crate::controller::table::{Role, SeatState};
use crate::games::three_trios::platform::player_of;
use crate::games::three_trios::{Outcome, Player};
use crate::tui::keymap::{self, State, Where, flag};
use crate::tui::three_trios::app::{App, Focus, text};
use crate::tui::timeline::{self, Point};
use crate::tui::view::keybar::{self, Look};

/// Draws the two status rows: the state of the point shown with its score, the details and
/// any message, then the keys that work now. A message too long for the first row goes
/// on rows of its own just above (a few at most, then `…`): whose turn it is, the score
/// and the keys always keep their rows.
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let game = app.game();
    let mut first: Vec<Span> = Vec::new();
    if let Some(replay) = app.motion.replay {
        let history = app.history();
        let text = match timeline::point(history, replay.index) {
            Point::Start => "REPLAY · start".to_string(),
            Point::Move { mv, shown } => {
                let steps = history[mv].played.steps.len();
                let wave = shown
                    .checked_sub(1)
                    .map(|i| history[mv].played.steps[i].wave)
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
    } else if let Some(mover) = app.shown_battle() {
        // A move playing out: its side is still at it on the board shown.
        first.push(Span::styled(format!("{mover}"), theme.owner_text(mover)));
        first.push(Span::raw(" plays"));
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
        let doing = if app.thinking() && !app.is_human(turn) {
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
    // The score of the point shown, step by step, as the hands show it.
    first.push(Span::styled(" · ", theme.dim()));
    first.push(Span::styled(
        format!("{}", app.shown_score(Player::Red)),
        theme.owner_text(Player::Red),
    ));
    first.push(Span::raw("–"));
    first.push(Span::styled(
        format!("{}", app.shown_score(Player::Blue)),
        theme.owner_text(Player::Blue),
    ));
    first.extend(app.pace_spans());
    // Details give way to a message when the line is too short for both.
    let mut details = String::new();
    if let Some(table) = &app.table {
        match table.role {
            Role::Plays(side) => details.push_str(&format!(
                " · table {} · you play {}",
                table.id,
                player_of(side)
            )),
            Role::Watches => details.push_str(&format!(" · table {} · watching", table.id)),
        }
    }
    details.push_str(&format!(
        " · rules {} · seed {}",
        app.config().rules,
        app.config().seed
    ));
    let width = |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>();
    let room = usize::from(area.width);
    let message = app.note.as_ref().map(|m| {
        let style = if m.error {
            theme.error()
        } else {
            theme.title()
        };
        Span::styled(m.text.clone(), style)
    });
    let message_width = message.as_ref().map_or(0, |m| m.width() + 2);
    let details = Span::styled(details, theme.dim());
    let Some(message) = message else {
        // Without a message the details show as far as they fit.
        first.push(details);
        Paragraph::new(vec![Line::from(first), key_line(app, room)]).render(area, buf);
        return;
    };
    // Details give way to a message when the row is too short for both.
    let mut with_message = first.clone();
    if width(&first) + details.width() + message_width <= room {
        with_message.push(details.clone());
    }
    with_message.push(Span::raw("  "));
    with_message.push(message.clone());
    let line = Line::from(with_message);
    if line.width() <= room {
        Paragraph::new(vec![line, key_line(app, room)]).render(area, buf);
        return;
    }
    // Too long for the status row: the message takes rows of its own just above it (a few
    // at most, then `…`), and the status row and the keys stay as they are.
    let mut rows = text::wrap(&Line::from(message), room, 2);
    let above = rows.len().min(usize::from(area.y)).min(MESSAGE_ROWS_ABOVE);
    if rows.len() > above {
        rows.truncate(above);
        if let Some(last) = rows.last_mut() {
            let text: String = last.spans.iter().map(|s| s.content.as_ref()).collect();
            let style = last.spans.last().map(|s| s.style).unwrap_or_default();
            *last = Line::styled(fit(&format!("{}…", text.trim_end()), room), style);
        }
    }
    let rect = Rect::new(area.x, area.y - above as u16, area.width, above as u16);
    Clear.render(rect, buf);
    Paragraph::new(rows).render(rect, buf);
    first.push(details);
    Paragraph::new(vec![Line::from(first), key_line(app, room)]).render(area, buf);
}

/// Rows a long message may take above the status row (it goes on the next key anyway).
const MESSAGE_ROWS_ABOVE: usize = 3;

/// The hint row: each key that works now and a word on what it does, from the keymap's
/// entries for this state. When the row is too short for all, the ones before `?` and `q`
/// give way first.
fn key_line(app: &App, room: usize) -> Line<'static> {
    let offers = keymap::offers::bar(Where::ThreeTrios, key_state(app));
    keybar::bar(&offers, &[], Look::keys(app.theme, ""), room)
}

/// The state of the match as far as its keys care.
pub(crate) fn key_state(app: &App) -> State {
    app.key_state()
        .with(flag::OVER, app.game().is_over() || app.viewer)
        .with(flag::PICKED, app.board.picked.is_some())
        .with(flag::GRID, app.board.focus == Focus::Grid)
}
