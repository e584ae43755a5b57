//! What the Three Trios frame says: the title's seats, the status row (whose turn, the
//! score, rules and seed) and the keys that matter right now.

use ratatui::text::Span;

use crate::controller::table::Role;
use crate::games::three_trios::platform::player_of;
use crate::games::three_trios::{Outcome, Player};
use crate::tui::keymap::{self, State, Where, flag};
use crate::tui::three_trios::app::{Focus, ThreeTriosScreen};
use crate::tui::timeline::{self, Point};
use crate::tui::view::frame::Piece;
use crate::tui::view::keybar;
use crate::words::count;

/// The status row's wordings: the state of the point shown with its score, then the
/// details (the table, your side, the rules, the seed) as far as they fit whole; without
/// the details when even the first of them does not.
pub fn wordings(app: &ThreeTriosScreen) -> Vec<Vec<Piece>> {
    let theme = app.theme;
    let game = app.game();
    // The pieces of the status row, in order: each is shown whole or not at all, so that a
    // number cut short never reads as another one (a seed, a move, a table).
    let mut pieces: Vec<Piece> = Vec::new();
    if let Some(replay) = app.motion.replay {
        let history = app.history();
        // Worded as every game's replay is: `Replay: move 4 of 9 · step 1 of 3`.
        pieces.push(vec![Span::styled(" Replay", theme.title())]);
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
    } else if let Some(reason) = app.table.as_ref().and_then(|t| t.link.closed.as_ref()) {
        pieces.push(vec![Span::styled(
            format!(" Table closed: {reason}"),
            theme.error(),
        )]);
    } else if let Some(mover) = app.shown_battle() {
        // A move playing out: its side is still at it on the board shown.
        pieces.push(vec![
            Span::raw(" "),
            Span::styled(format!("{mover}"), theme.owner_text(mover)),
            Span::raw(" plays"),
        ]);
    } else if let Some(flagged) = app.duel().lost_on_time() {
        let who = app.side_words(flagged);
        pieces.push(vec![Span::styled(
            format!(" Game over: {who} lost on time"),
            theme.title(),
        )]);
    } else if let Some(outcome) = game.outcome() {
        let text = match outcome {
            Outcome::Win(p) => format!(" Game over: {p} wins"),
            Outcome::Tie => " Game over: tie".to_string(),
        };
        pieces.push(vec![Span::styled(text, theme.title())]);
    } else if app.waiting_for_opponent() {
        pieces.push(vec![Span::styled(
            " Waiting for an opponent",
            theme.title(),
        )]);
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
            Span::raw(" "),
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
        details.push(detail(format!(" · table {}", table.link.id)));
        details.push(detail(match table.role() {
            Role::Plays(side) => format!(" · you play {}", player_of(side)),
            Role::Watches => " · watching".to_string(),
        }));
    }
    details.push(detail(format!(" · rules {}", app.config().rules)));
    details.push(detail(format!(" · seed {}", app.config().seed)));
    let mut with_details = pieces.clone();
    with_details.extend(details);
    // The details go one by one from the end: the first wording that fits shows.
    let mut wordings = Vec::new();
    for keep in (0..with_details.len() - pieces.len() + 1).rev() {
        wordings.push(with_details[..pieces.len() + keep].to_vec());
    }
    wordings
}

/// The title's words after the game's name: each side and its seat, in at most `room`
/// columns; the seats' names go when they do not fit.
pub fn title_words(app: &ThreeTriosScreen, room: usize) -> Vec<Span<'static>> {
    let theme = app.theme;
    let words = |names: bool| {
        let mut spans = Vec::new();
        for (n, p) in Player::BOTH.into_iter().enumerate() {
            if n == 1 {
                spans.push(Span::raw(" vs "));
            }
            spans.push(Span::styled(p.to_string(), theme.owner_text(p)));
            if names {
                spans.push(Span::styled(
                    format!(" ({})", app.seat_beside(p)),
                    theme.dim(),
                ));
            }
        }
        if app
            .table
            .as_ref()
            .is_some_and(|t| t.role() == Role::Watches)
        {
            spans.push(Span::styled(" · watching", theme.key()));
        }
        spans
    };
    let full = words(true);
    if full.iter().map(Span::width).sum::<usize>() <= room {
        full
    } else {
        words(false)
    }
}

/// The keys that work now, from the keymap's entries for this state.
pub fn key_items(app: &ThreeTriosScreen) -> Vec<keybar::Item> {
    // A question's note says the one key that answers it; no other key stands beside it.
    if app.confirm_new {
        return Vec::new();
    }
    let offers = keymap::offers::bar(Where::ThreeTrios, key_state(app));
    keybar::items(&offers, &[])
}

/// The state of the match as far as its keys care.
pub(crate) fn key_state(app: &ThreeTriosScreen) -> State {
    app.key_state()
        .with(flag::OVER, app.game().is_over() || app.viewer)
        .with(flag::PICKED, app.board.picked.is_some())
        .with(flag::GRID, app.board.focus == Focus::Grid)
}
