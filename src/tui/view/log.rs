//! The battle log: every move and its battle steps, combo waves indented, Same and Plus named.
//! It is written from the recorded steps, never recomputed.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::theme::Theme;
use crate::trios::{BattleStep, Direction, MoveOutcome, Rule};
use crate::tui::app::App;
use crate::tui::timeline::Point;

/// One log line and the timeline point it describes.
struct Entry {
    line: Line<'static>,
    point: Point,
}

/// Draws the log, scrolled so the step being shown (or the newest) is in view.
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let block = Block::bordered()
        .border_set(border::ROUNDED)
        .border_style(theme.dim())
        .title(" battle log ")
        .title_style(theme.title());
    let inner = block.inner(area);
    block.render(area, buf);
    let mut entries = entries(app.history(), &theme);
    // Only what has happened by the point shown: a replay at move 2 knows nothing of move 3.
    let current = app.shown_point();
    let shown = match current {
        Point::Start => 0,
        _ => entries
            .iter()
            .position(|e| e.point == current)
            .map_or(entries.len(), |i| i + 1),
    };
    entries.truncate(shown);
    if entries.is_empty() {
        let text = if app.history().is_empty() {
            "No moves yet. Red plays first."
        } else {
            "The start of the match: no moves yet."
        };
        Paragraph::new(Line::styled(text, theme.dim()))
            .wrap(Wrap { trim: false })
            .render(inner, buf);
        return;
    }
    // Long lines wrap; the view ends at the newest entry unless scrolled back.
    let width = (inner.width as usize).max(1);
    let rows = |e: &Entry| e.line.width().div_ceil(width).max(1);
    let last = entries.len() - 1;
    let back = app.log_back.min(last);
    let bottom = last - back;
    let height = inner.height as usize;
    let mut first = bottom;
    let mut used = rows(&entries[bottom]);
    while first > 0 && used + rows(&entries[first - 1]) <= height {
        first -= 1;
        used += rows(&entries[first]);
    }
    let highlight = app.replay.is_some() || app.animation.is_some();
    let lines: Vec<Line> = entries
        .into_iter()
        .enumerate()
        .skip(first)
        .take(bottom + 1 - first)
        .map(|(i, e)| {
            if highlight && i == last {
                e.line.style(theme.current_line())
            } else {
                e.line
            }
        })
        .collect();
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
    // Say what is out of view, on the frame, so no line of the log is given up for it.
    let mut more = Vec::new();
    if first > 0 {
        more.push(format!("↑{first} more"));
    }
    if back > 0 {
        more.push(format!("↓{back} newer"));
    }
    if !more.is_empty() {
        let label = format!(" {} · PgUp PgDn ", more.join(" "));
        let len = label.chars().count() as u16;
        if len + 2 <= area.width {
            let x = area.x + area.width - len - 1;
            buf.set_string(x, area.y + area.height - 1, label, theme.dim());
        }
    }
}

fn entries(history: &[MoveOutcome], theme: &Theme) -> Vec<Entry> {
    let mut out = Vec::new();
    for (mv, o) in history.iter().enumerate() {
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
