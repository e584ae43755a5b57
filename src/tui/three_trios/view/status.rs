//! The status bar: whose turn, the score, rules and seed, any message, and the keys that
//! matter right now.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::tui::view::fit::{fit, fit_line};

use crate::controller::table::Role;
use crate::games::three_trios::platform::player_of;
use crate::games::three_trios::{Outcome, Player};
use crate::tui::keymap::{self, State, Where, flag};
use crate::tui::three_trios::app::{App, Focus, text};
use crate::tui::timeline::{self, Point};
use crate::tui::view::keybar::{self, Look};
use crate::words::count;

/// Draws the two status rows: the state of the point shown with its score, the details and
/// any message, then the keys that work now. A message too long for the first row goes
/// on rows of its own just above (a few at most, then `…`): whose turn it is, the score
/// and the keys always keep their rows.
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let game = app.game();
    // The pieces of the status row, in order: each is shown whole or not at all, so that a
    // number cut short never reads as another one (a seed, a move, a table).
    let mut pieces: Vec<Piece> = Vec::new();
    if let Some(replay) = app.motion.replay {
        let history = app.history();
        // Worded as every game's replay is: `Replay: move 4 of 9 · step 1 of 3`.
        pieces.push(vec![Span::styled("Replay", theme.title())]);
        let words = match timeline::point(history, replay.index) {
            Point::Start => vec![format!(": the start of {}", count(history.len(), "move"))],
            Point::Move { mv, shown } => {
                let steps = history[mv].played.steps.len();
                let mut words = vec![
                    format!(": move {} of {}", mv + 1, history.len()),
                    format!(" · step {shown} of {steps}"),
                ];
                let wave = shown
                    .checked_sub(1)
                    .map(|i| history[mv].played.steps[i].wave);
                if let Some(w) = wave.filter(|&w| w > 0) {
                    words.push(format!(" · combo wave {w}"));
                }
                words
            }
        };
        pieces.extend((words.into_iter()).map(|text| vec![Span::styled(text, theme.title())]));
    } else if let Some(reason) = app.table.as_ref().and_then(|t| t.closed.as_ref()) {
        pieces.push(vec![Span::styled(
            format!("Table closed: {reason}"),
            theme.error(),
        )]);
    } else if let Some(mover) = app.shown_battle() {
        // A move playing out: its side is still at it on the board shown.
        pieces.push(vec![
            Span::styled(format!("{mover}"), theme.owner_text(mover)),
            Span::raw(" plays"),
        ]);
    } else if let Some(outcome) = game.outcome() {
        let text = match outcome {
            Outcome::Win(p) => format!("Game over: {p} wins"),
            Outcome::Tie => "Game over: tie".to_string(),
        };
        pieces.push(vec![Span::styled(text, theme.title())]);
    } else if app.waiting_for_opponent() {
        pieces.push(vec![Span::styled("Waiting for an opponent", theme.title())]);
    } else {
        let turn = game.turn();
        let doing = if app.thinking() && !app.is_human(turn) {
            format!(" ({}) is thinking…", app.seat_beside(turn))
        } else if app.table.is_some() {
            format!(" ({}) to move", app.seat_beside(turn))
        } else {
            " to move".to_string()
        };
        pieces.push(vec![
            Span::styled(format!("{turn}"), theme.owner_text(turn)),
            Span::raw(doing),
        ]);
    }
    // The score of the point shown, step by step, as the hands show it.
    pieces.push(vec![
        Span::styled(" · ", theme.dim()),
        Span::styled(
            format!("{}", app.shown_score(Player::Red)),
            theme.owner_text(Player::Red),
        ),
        Span::raw("–"),
        Span::styled(
            format!("{}", app.shown_score(Player::Blue)),
            theme.owner_text(Player::Blue),
        ),
    ]);
    pieces.extend(app.pace_spans().into_iter().map(|span| vec![span]));
    // Details give way to a message when the line is too short for both.
    let mut details: Vec<Piece> = Vec::new();
    let detail = |text: String| vec![Span::styled(text, theme.dim())];
    if let Some(table) = &app.table {
        details.push(detail(format!(" · table {}", table.id)));
        details.push(detail(match table.role {
            Role::Plays(side) => format!(" · you play {}", player_of(side)),
            Role::Watches => " · watching".to_string(),
        }));
    }
    details.push(detail(format!(" · rules {}", app.config().rules)));
    details.push(detail(format!(" · seed {}", app.config().seed)));
    let room = usize::from(area.width);
    let message = app.note.as_ref().map(|m| {
        let style = if m.error {
            theme.error()
        } else {
            theme.title()
        };
        Span::styled(m.text.clone(), style)
    });
    let Some(message) = message else {
        // Without a message the details show as far as they fit whole.
        pieces.extend(details);
        let row = whole(&pieces, room);
        Paragraph::new(vec![row, key_line(app, room)]).render(area, buf);
        return;
    };
    // The details that fit whole beside the message give way to it; the rest of the row
    // keeps its place.
    let message_width = message.width() + 2;
    let status = whole(&pieces, room);
    if status.width() == width(&pieces) && status.width() + message_width <= room {
        let mut row = pieces;
        row.extend(details);
        let mut line = whole(&row, room - message_width);
        line.spans.push(Span::raw("  "));
        line.spans.push(message);
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
    pieces.extend(details);
    let row = whole(&pieces, room);
    Paragraph::new(vec![row, key_line(app, room)]).render(area, buf);
}

/// A piece of the status row, shown whole or not at all.
type Piece = Vec<Span<'static>>;

/// The columns `pieces` take side by side.
fn width(pieces: &[Piece]) -> usize {
    pieces.iter().flatten().map(Span::width).sum()
}

/// The row of `pieces` in order, as far as they fit `room` columns whole: the first piece
/// that does not fit is left out with all that follow it. The first piece says what is
/// going on in words, so when it alone is too long it is cut with `…` instead.
fn whole(pieces: &[Piece], room: usize) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (n, piece) in pieces.iter().enumerate() {
        let w = width(std::slice::from_ref(piece));
        if used + w > room {
            if n == 0 {
                return fit_line(Line::from(piece.clone()), room);
            }
            break;
        }
        spans.extend(piece.iter().cloned());
        used += w;
    }
    Line::from(spans)
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
