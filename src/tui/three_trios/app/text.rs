//! The battle log's and the help's text, wrapped to a width. Drawing shows these lines, and
//! the app counts them to know how far the log and the help can scroll.

use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::App;
use crate::controller::Turn;
use crate::games::three_trios::{BattleStep, Direction, Game, Rule};
use crate::tui::keymap;
use crate::tui::timeline::Point;
use crate::tui::view::theme::Theme;
pub(crate) use crate::tui::view::wrap::wrap;

/// Columns of leading spaces, plus the width of a combo marker `↳ ` after them.
fn lead(line: &Line<'_>) -> usize {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let spaces = text.chars().take_while(|c| *c == ' ').count();
    let marker = if text[spaces..].starts_with("↳ ") {
        2
    } else {
        0
    };
    spaces + marker
}

/// One log line and the timeline point it describes.
struct Entry {
    line: Line<'static>,
    point: Point,
}

/// The battle log as shown now, wrapped to `width`: every move and step up to the point on
/// the board (nothing that has not happened there yet), the step being shown highlighted.
pub(crate) fn log_rows(app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = app.theme;
    let current = app.shown_point();
    let highlight = app.motion.replay.is_some() || app.motion.animation.is_some();
    let entries: Vec<Entry> = entries(app.history(), &theme)
        .into_iter()
        .filter(|e| happened(e.point, current))
        .collect();
    let count = entries.len();
    entries
        .into_iter()
        .enumerate()
        .flat_map(|(i, e)| {
            let line = if highlight && i + 1 == count {
                e.line.style(theme.current_line())
            } else {
                e.line
            };
            // Continuation rows sit two columns in from where the text starts.
            wrap(&line, usize::from(width), lead(&line) + 2)
        })
        .collect()
}

/// Whether `point` is at or before `current` in the match.
fn happened(point: Point, current: Point) -> bool {
    match (point, current) {
        (_, Point::Start) => false,
        (Point::Start, _) => true,
        (Point::Move { mv: a, shown: s }, Point::Move { mv: b, shown: t }) => (a, s) <= (b, t),
    }
}

fn entries(history: &[Turn<Game>], theme: &Theme) -> Vec<Entry> {
    let mut out = Vec::new();
    for (mv, o) in history.iter().map(|t| &t.played).enumerate() {
        let takes = match o.flip_count() {
            0 => String::new(),
            n => format!(" +{n}"),
        };
        out.push(Entry {
            line: Line::from(vec![
                Span::styled(format!("{:>2} ", mv + 1), theme.dim()),
                Span::styled(o.player.to_string(), theme.owner_text(o.player)),
                Span::raw(format!(
                    " {},{} {}",
                    o.mv.pos.row,
                    o.mv.pos.col,
                    o.card.name()
                )),
                Span::styled(takes, theme.hint()),
            ]),
            point: Point::Move { mv, shown: 0 },
        });
        for (i, step) in o.steps.iter().enumerate() {
            out.push(Entry {
                line: step_line(step, theme),
                point: Point::Move { mv, shown: i + 1 },
            });
        }
    }
    out
}

fn step_line(step: &BattleStep, theme: &Theme) -> Line<'static> {
    // Wave 0 sits under its move; each combo wave goes one step further in, marked ↳.
    let indent = match step.wave {
        0 => "  ".to_string(),
        w => format!("{}↳ ", "  ".repeat(w)),
    };
    let arrow = match step.direction {
        Direction::North => "↑",
        Direction::South => "↓",
        Direction::East => "→",
        Direction::West => "←",
    };
    let cells = format!(
        "{},{}{arrow}{},{}",
        step.attacker.row, step.attacker.col, step.defender.row, step.defender.col
    );
    let (a, d) = (step.attack, step.defense);
    let (what, style) = match step.rule {
        Rule::Same => (format!("SAME {cells} {a}={d} taken"), theme.hint()),
        Rule::Plus => (format!("PLUS {cells} {a}+{d} taken"), theme.hint()),
        Rule::Battle if step.flipped => (format!("{cells} {a} vs {d} taken"), theme.hint()),
        Rule::Battle => (format!("{cells} {a} vs {d} holds"), Style::new()),
    };
    Line::from(vec![Span::raw(indent), Span::styled(what, style)])
}

/// Width of the help's key column.
const KEY_COLUMN: usize = 12;

/// Where the help box goes on the screen: as wide as it needs up to 76 columns, as tall as
/// its lines up to the screen.
pub(crate) fn help_rect(app: &App) -> Rect {
    let area = Rect::new(0, 0, app.size.0, app.size.1);
    let width = 76.min(area.width);
    let rows = help_lines(app, width.saturating_sub(2)).len() as u16;
    let height = (rows + 2).min(area.height);
    area.centered(Constraint::Length(width), Constraint::Length(height))
}

/// Every key of the current mode and context, then a few words on the mouse and on closing,
/// wrapped to `width` (key column first, descriptions continued beside it).
pub(crate) fn help_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = app.theme;
    let width = usize::from(width);
    // On a narrow screen the key column shrinks to the longest label.
    let entries = keymap::entries(app.key_mode(), app.context());
    let longest = entries
        .iter()
        .map(|(label, _)| label.chars().count())
        .max()
        .unwrap_or(0);
    let column = if width >= 60 { KEY_COLUMN } else { longest };
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (label, help) in entries {
        let line = Line::from(vec![
            Span::styled(format!("{label:>column$}  "), theme.key()),
            Span::raw(help),
        ]);
        lines.extend(wrap(&line, width, column + 2));
    }
    lines.push(Line::raw(""));
    let plays = matches!(
        app.context(),
        keymap::Context::Local { .. } | keymap::Context::TablePlayer { .. }
    );
    let mut notes = Vec::new();
    if plays && app.motion.replay.is_none() {
        notes.push("Mouse: click a card in your hand, then a cell.");
    }
    let closing = |lines: &mut Vec<Line<'static>>, text: &'static str| {
        for note in notes.iter().copied().chain([text]) {
            lines.extend(wrap(&Line::styled(note, theme.dim()), width, 2));
        }
    };
    let body = lines.len();
    closing(&mut lines, "Any key closes this help.");
    // Taller than the screen: the arrows scroll it, so they close nothing.
    if lines.len() + 2 > usize::from(app.size.1) {
        lines.truncate(body);
        closing(&mut lines, "↑↓ scroll; any other key closes this help.");
    }
    lines
}

/// How far the help can scroll: its rows beyond what the box shows.
pub(crate) fn help_scroll_limit(app: &App) -> usize {
    let rect = help_rect(app);
    let rows = help_lines(app, rect.width.saturating_sub(2)).len();
    rows.saturating_sub(usize::from(rect.height.saturating_sub(2)))
}
