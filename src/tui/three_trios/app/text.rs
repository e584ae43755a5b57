//! The battle log's text, wrapped to a width. Drawing shows these lines, and the app counts
//! them to know how far the log can scroll.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::ThreeTriosScreen;
use crate::controller::Turn;
use crate::games::three_trios::{BattleStep, Direction, Game, Rule};
use crate::tui::timeline::Point;
use crate::tui::view::coords;
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
pub(crate) fn log_rows(app: &ThreeTriosScreen, width: u16) -> Vec<Line<'static>> {
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
                    " {} {}",
                    coords::cell(o.mv.pos.row, o.mv.pos.col),
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
        "{}{arrow}{}",
        coords::cell(step.attacker.row, step.attacker.col),
        coords::cell(step.defender.row, step.defender.col)
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
