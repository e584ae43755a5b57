//! Drawing Hex paths: a title line with the round's objective, the hexagon, the players'
//! scores and announcements, and a two-line status bar; the help and the final table as
//! boxes.
//!
//! The hexagon is drawn as outlined hexagons when the window allows (a cell `| A |` with
//! `/ \` sides above and below), every barrier drawn heavy on its side: the rim, the
//! crannies across it, and each nook's three sides, a cup open on the other three. In a
//! small window each cell is one line high: barriers to the east and west stand between the
//! cells (`│`), and those on a cell's slanted sides are marked in its corners, `▔` above and
//! `▁` below, so a nook reads as a cup (`│▔·▔` is closed to the west, north-west and
//! north-east).
//!
//! Outlined hexagons grow with the window: at scale `s` a cell is `4s` columns wide, its
//! slanted sides `s` lines high, so a big window holds a big board (scale 2 at 200x60).

use crate::words::{YOU, count, points, subject};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::{DIRECTION_KEYS, HexPathsScreen, Phase};
use crate::controller::table::SeatState;
use crate::games::hexpaths::Cell;
use crate::games::hexpaths::geometry::{
    NEIGHBOURS, NONE, RINGS, ROWS, cell_at_row_col, line_to, ring, row_len,
};
use crate::tui::keymap::{self, State, Where, flag};
use crate::tui::view::frame::{GameFrame, Help, Piece};
use crate::tui::view::keybar::{self, Look};
use crate::tui::view::{fit, help, seat};

/// Rows above the board (title, objective) and below it (players, status bar).
const TOP_ROWS: u16 = 1;
const BOTTOM_ROWS: u16 = 3;
/// A cell is this many columns from the next in its row, at scale 1 (and on the one-line
/// board).
const PITCH: u16 = 4;
/// The largest scale tried: far beyond any window.
const MAX_SCALE: u16 = 8;
/// The widest row, and half a cell's offset per row away from the middle.
const WIDEST: u16 = 17;
const MIDDLE: usize = ROWS / 2;

/// The letters of the pieces.
pub const PIECE_LETTERS: [char; 4] = ['A', 'B', 'C', 'D'];
/// The pieces' colours: four of the 16 standard colours that stand apart.
const PIECE_COLORS: [Color; 4] = [Color::Yellow, Color::Cyan, Color::Magenta, Color::Green];

/// How the board is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawing {
    /// Outlined hexagons at a scale (from 1): `s + 1` lines a row, `4s` columns a cell.
    Hexagons(u16),
    /// One line a row.
    Compact,
}

struct Layout {
    drawing: Drawing,
    /// A panel beside the board for the round's details, when there is room.
    panel: Option<Rect>,
    /// The top-left corner of the board.
    left: u16,
    top: u16,
    too_small: Option<(u16, u16)>,
}

fn board_size(drawing: Drawing) -> (u16, u16) {
    let s = drawing.scale();
    let w = WIDEST * PITCH * s + 1;
    match drawing {
        Drawing::Hexagons(_) => (w, (s + 1) * ROWS as u16 + s),
        Drawing::Compact => (w, ROWS as u16),
    }
}

impl Drawing {
    fn scale(self) -> u16 {
        match self {
            Drawing::Hexagons(s) => s,
            Drawing::Compact => 1,
        }
    }
}

fn layout(app: &HexPathsScreen) -> Layout {
    let (w, h) = app.size;
    let room = h.saturating_sub(TOP_ROWS + BOTTOM_ROWS);
    let fits = |d: Drawing| {
        let (bw, bh) = board_size(d);
        bw <= w && bh <= room
    };
    // The largest hexagons that leave room for the panel beside them; else the largest
    // that fit; else one line a row.
    let with_panel = |d: Drawing| fits(d) && board_size(d).0 + PANEL_WIDTH + 4 <= w;
    let scales = (1..=MAX_SCALE).rev().map(Drawing::Hexagons);
    let largest = scales.clone().find(|&d| with_panel(d));
    let drawing = if let Some(d) = largest.or_else(|| scales.clone().find(|&d| fits(d))) {
        d
    } else if fits(Drawing::Compact) {
        Drawing::Compact
    } else {
        let (bw, bh) = board_size(Drawing::Compact);
        return Layout {
            drawing: Drawing::Compact,
            panel: None,
            left: 0,
            top: 0,
            too_small: Some((bw.max(60), bh + TOP_ROWS + BOTTOM_ROWS)),
        };
    };
    let (bw, bh) = board_size(drawing);
    let top = TOP_ROWS + (room - bh) / 2;
    // With room for a panel, the board and the panel share the width, centred together.
    if matches!(drawing, Drawing::Hexagons(_)) && w >= bw + PANEL_WIDTH + 4 {
        let left = (w - bw - PANEL_WIDTH - 4) / 2;
        return Layout {
            drawing,
            panel: Some(Rect::new(left + bw + 4, top, PANEL_WIDTH, bh)),
            left,
            top,
            too_small: None,
        };
    }
    Layout {
        drawing,
        panel: None,
        left: (w - bw) / 2,
        top,
        too_small: None,
    }
}

/// The side panel's width.
const PANEL_WIDTH: u16 = 40;

/// The direction names, by direction.
pub(super) const DIRECTION_NAMES: [&str; 6] = [
    "north-east",
    "east",
    "south-east",
    "south-west",
    "west",
    "north-west",
];

impl Layout {
    /// The column of a cell's left side and the line of its middle.
    fn origin(&self, row: usize, col: usize) -> (u16, u16) {
        let pitch = self.pitch();
        let offset = MIDDLE.abs_diff(row) as u16 * pitch / 2;
        let x = self.left + offset + col as u16 * pitch;
        let y = match self.drawing {
            Drawing::Hexagons(s) => self.top + (s + 1) * row as u16 + s,
            Drawing::Compact => self.top + row as u16,
        };
        (x, y)
    }

    /// Columns from a cell to the next in its row.
    fn pitch(&self) -> u16 {
        PITCH * self.drawing.scale()
    }

    /// The column of the first of the three a cell's content takes, from its left side.
    fn inset(&self) -> u16 {
        2 * self.drawing.scale() - 1
    }
}

/// The cell drawn under a screen position, if any.
pub(super) fn cell_at(app: &HexPathsScreen, x: u16, y: u16) -> Option<Cell> {
    let layout = layout(app);
    if layout.too_small.is_some() {
        return None;
    }
    (0..ROWS).find_map(|row| {
        (0..row_len(row)).find_map(|col| {
            let (cx, cy) = layout.origin(row, col);
            let s = layout.drawing.scale();
            let inside = (cx + 1..cx + layout.pitch()).contains(&x);
            (inside && (cy + 1 - s..=cy + s - 1).contains(&y))
                .then(|| cell_at_row_col(row, col))
                .flatten()
        })
    })
}

/// What the board marks besides the pieces: the path entered or shown (cells passed, and
/// where each step ended by its number), where the picked piece's steps would end, the goal.
struct Marks {
    passed: Vec<Cell>,
    ends: Vec<(Cell, usize)>,
    step_ends: [Option<Cell>; 6],
    goal: Option<Cell>,
}

/// What one cell shows in its middle: three columns, each a space where a barrier's corner
/// mark may go.
struct Content {
    text: String,
    style: Style,
    /// The picked piece: drawn `[A]` in hexagons; on the one-line board its brackets stand
    /// outside the cell (where no barrier is), so the cell's marks stay in view.
    picked: bool,
}

impl HexPathsScreen {
    fn wall_style(&self) -> Style {
        if self.theme.color {
            Style::new().fg(Color::White).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    fn piece_style(&self, i: usize, picked: bool) -> Style {
        let mut style = if self.theme.color {
            Style::new()
                .fg(PIECE_COLORS[i % 4])
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        };
        if picked {
            style = style.add_modifier(Modifier::REVERSED);
        }
        style
    }

    /// What the board marks this frame, worked out once for all its cells.
    fn marks(&self) -> Marks {
        let steps = match &self.showing {
            Some(show) => &show.steps[..show.shown],
            None => &self.steps[..],
        };
        let mut passed = Vec::new();
        let mut ends = Vec::new();
        for (n, step) in steps.iter().enumerate() {
            if let Some((_, over)) = line_to(step.from, step.to) {
                passed.extend_from_slice(over);
            }
            ends.push((step.to, n + 1));
        }
        Marks {
            passed,
            ends,
            step_ends: self.step_ends(),
            goal: self.game().round().map(|r| r.objective.goal),
        }
    }

    /// `outlined`: the cell is drawn as a hexagon, whose outline already marks it.
    fn content(&self, cell: Cell, marks: &Marks, outlined: bool) -> Content {
        let theme = self.theme;
        let goal = marks.goal;
        if let Some(i) = self.pieces.iter().position(|&c| c == cell) {
            let picked = i == self.picked && self.entering();
            let letter = PIECE_LETTERS.get(i).copied().unwrap_or('?');
            let text = if picked {
                format!("[{letter}]")
            } else {
                format!(" {letter} ")
            };
            return Content {
                text,
                style: self.piece_style(i, picked),
                picked,
            };
        }
        // With the numbers on, the goal shows its number too, marked by its style (and
        // underlined, as step ends are, when a step ends there).
        if Some(cell) == goal && self.numbers {
            let mut style = theme.title().add_modifier(Modifier::REVERSED);
            if marks.step_ends.contains(&Some(cell)) {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            return Content {
                text: format!("{cell:>3}"),
                style,
                picked: false,
            };
        }
        if let Some(d) = marks.step_ends.iter().position(|&e| e == Some(cell)) {
            let key = DIRECTION_KEYS[d][0];
            // The step a hint showed: its end stands out, `>d<`.
            let picked = self.pieces.get(self.picked).copied();
            if self
                .hint
                .is_some_and(|h| h.to == cell && Some(h.from) == picked)
            {
                return Content {
                    text: if Some(cell) == goal {
                        format!(">{key}◎")
                    } else {
                        format!(">{key}<")
                    },
                    style: theme.cursor(),
                    picked: false,
                };
            }
            return Content {
                // A step that ends on the goal says so.
                text: if Some(cell) == goal {
                    format!("{key}◎ ")
                } else {
                    format!(" {key} ")
                },
                style: theme.key().add_modifier(Modifier::UNDERLINED),
                picked: false,
            };
        }
        if Some(cell) == goal {
            return Content {
                text: " ◎ ".into(),
                style: theme.title(),
                picked: false,
            };
        }
        if let Some((_, n)) = marks.ends.iter().rev().find(|(c, _)| *c == cell) {
            return Content {
                text: format!("{n:^3}"),
                style: theme.hint(),
                picked: false,
            };
        }
        if marks.passed.contains(&cell) {
            return Content {
                text: " • ".into(),
                style: theme.hint(),
                picked: false,
            };
        }
        let nook = self.game().board().is_nook(cell);
        if self.numbers {
            // A nook's number stands out as its barriers do.
            let style = if nook { self.wall_style() } else { theme.dim() };
            return Content {
                text: format!("{cell:>3}"),
                style,
                picked: false,
            };
        }
        // On the one-line board every cell shows a mark, so a row never reads as blank space.
        let text = match (nook, outlined) {
            (true, _) => " ∘ ",
            (false, true) => "   ",
            (false, false) => " · ",
        };
        Content {
            text: text.into(),
            style: theme.dim(),
            picked: false,
        }
    }

    /// The objective, the difficulty and the round, as the title line says them.
    fn objective_line(&self) -> Line<'static> {
        let theme = self.theme;
        let mut spans = Vec::new();
        let game = self.game();
        let total = game.settings().rounds;
        match (game.round(), &self.phase) {
            (Some(round), _) => {
                let letter = PIECE_LETTERS[round.objective.piece];
                spans.push(Span::styled(
                    format!("round {}/{total} · ", round.number),
                    theme.dim(),
                ));
                spans.push(Span::styled(
                    format!(
                        "bring {letter} (at {}) to the nook ◎ {}",
                        round.piece_cell(),
                        round.objective.goal
                    ),
                    self.piece_style(round.objective.piece, false),
                ));
                spans.push(Span::styled(
                    format!(" · {}", round.objective.difficulty.name()),
                    theme.dim(),
                ));
            }
            (None, Phase::Over) => {
                spans.push(Span::styled("the game is over", theme.dim()));
            }
            (None, Phase::Waiting) => {
                let id = self.table().map_or(0, |t| t.id);
                spans.push(Span::styled(
                    format!("race #{id} · waiting for players"),
                    theme.dim(),
                ));
            }
            (None, _) => {
                let played = game.played();
                spans.push(Span::styled(
                    format!("round {played}/{total} is over"),
                    theme.dim(),
                ));
            }
        }
        Line::from(spans)
    }
}

impl Widget for &HexPathsScreen {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = layout(self);
        let title = |room: usize| fit::fit_line(self.objective_line(), room).spans;
        let left = self.time_left().as_secs();
        // The clock runs only while a round is on (and a demonstration follows it).
        let clock = match self.phase {
            Phase::Thinking | Phase::Demonstrating { .. } => vec![Span::styled(
                format!(" {}:{:02}", left / 60, left % 60),
                self.theme.title(),
            )],
            _ => Vec::new(),
        };
        let frame = GameFrame {
            theme: self.theme,
            name: "Hex paths",
            title: &title,
            hints: vec!["? help".to_string()],
            status: vec![status_pieces(self, !clock.is_empty())],
            clock,
            note: self.note.clone(),
            keys: key_items(self),
            end: (self.phase == Phase::Over).then(|| final_lines(self)),
            help: self.help.then(|| help(self)),
        };
        frame.draw(layout.too_small, area, buf, |_, buf| {
            draw_board(self, &layout, buf);
            if let Some(panel) = layout.panel {
                side_panel(self, panel, buf);
            }
            players(
                self,
                Rect::new(0, area.height.saturating_sub(3), area.width, 1),
                buf,
            );
            area
        });
    }
}

fn draw_board(app: &HexPathsScreen, layout: &Layout, buf: &mut Buffer) {
    let board = app.game().board();
    let marks = app.marks();
    let grid = app.theme.dim();
    let wall = app.wall_style();
    for row in 0..ROWS {
        for col in 0..row_len(row) {
            let Some(cell) = cell_at_row_col(row, col) else {
                continue;
            };
            let (x, y) = layout.origin(row, col);
            let walled = |d: u8| board.blocked(cell, d);
            match layout.drawing {
                Drawing::Hexagons(s) => {
                    // Sides by direction: NE, E, SE, SW, W, NW; each slanted side a
                    // character on each of `s` lines, two columns apart.
                    let mut sides: Vec<(u8, u16, u16, &str, &str)> =
                        vec![(1, x + 4 * s, y, "|", "┃"), (4, x, y, "|", "┃")];
                    for k in 1..=s {
                        let (near, far) = (x + 2 * k - 1, x + 4 * s - 2 * k + 1);
                        sides.extend([
                            (0, far, y - k, "\\", "╲"),
                            (2, far, y + k, "/", "╱"),
                            (3, near, y + k, "\\", "╲"),
                            (5, near, y - k, "/", "╱"),
                        ]);
                    }
                    for (d, sx, sy, plain, heavy) in sides {
                        if walled(d) {
                            put(buf, sx, sy, heavy, wall);
                        } else if buf
                            .cell(Position { x: sx, y: sy })
                            .is_none_or(|c| c.symbol() == " ")
                        {
                            put(buf, sx, sy, plain, grid);
                        }
                    }
                }
                Drawing::Compact => {
                    // East and west barriers between the cells; slanted ones in the corners.
                    for (d, sx) in [(4u8, x), (1u8, x + 4)] {
                        if walled(d) {
                            put(buf, sx, y, "│", wall);
                        }
                    }
                }
            }
            let outlined = layout.drawing != Drawing::Compact;
            let mut content = app.content(cell, &marks, outlined);
            if layout.drawing == Drawing::Compact && content.picked {
                // The brackets go between the cells, where no barrier stands.
                content.text = content.text.replace(['[', ']'], " ");
                for (d, sx, bracket) in [(4u8, x, "["), (1u8, x + 4, "]")] {
                    if !walled(d) {
                        put(buf, sx, y, bracket, content.style);
                    }
                }
            }
            let chars: Vec<char> = content.text.chars().collect();
            let inset = layout.inset();
            for (i, ch) in chars.iter().enumerate().take(3) {
                put(buf, x + inset + i as u16, y, &ch.to_string(), content.style);
            }
            // Slanted barriers are marked on the cell that owns them: a nook's own sides, and
            // a cranny's rim cells (a neighbour of a nook leaves them to the nook). A mark
            // only takes a blank column: it never cuts a number.
            let owns = board.is_nook(cell) || ring(cell) == RINGS;
            if layout.drawing == Drawing::Compact && owns {
                for (d, at, mark) in [(5u8, 0, "▔"), (0u8, 2, "▔"), (3u8, 0, "▁"), (2u8, 2, "▁")]
                {
                    let inside = NEIGHBOURS[cell as usize][d as usize] != NONE;
                    let blank = chars.get(at).is_none_or(|&c| c == ' ');
                    if walled(d) && inside && blank {
                        put(buf, x + 1 + at as u16, y, mark, wall);
                    }
                }
            }
        }
    }
}

/// Beside a large board: the objective, the players, the steps of the move entered or shown,
/// and what the marks mean.
fn side_panel(app: &HexPathsScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let game = app.game();
    let mut lines: Vec<Line> = Vec::new();
    if let Some(round) = game.round() {
        let letter = PIECE_LETTERS[round.objective.piece];
        lines.push(Line::styled(
            format!("Round {} of {}", round.number, game.settings().rounds),
            theme.title(),
        ));
        lines.push(Line::from(vec![
            Span::raw("Bring "),
            Span::styled(
                format!("{letter}"),
                app.piece_style(round.objective.piece, false),
            ),
            Span::raw(format!(
                " from {} to ◎ {}",
                round.piece_cell(),
                round.objective.goal
            )),
        ]));
        lines.push(Line::styled(
            format!("Difficulty: {}", round.objective.difficulty.name()),
            theme.dim(),
        ));
    } else if let Some(last) = game.outcomes().last() {
        lines.push(Line::styled(
            format!("Round {} is over", last.round),
            theme.title(),
        ));
        lines.push(Line::raw(format!(
            "The shortest move: {}",
            count(last.optimal.len(), "step")
        )));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Players", theme.title()));
    for (i, p) in game.standings().iter().enumerate() {
        let said = game
            .round()
            .and_then(|r| {
                let at = game.players().iter().position(|q| q.name == p.name)?;
                r.announced(at)
            })
            .map_or_else(String::new, |n| format!("  says {n}"));
        // A long name gives way (ending in `…`) before the score and what it says do.
        let place = format!("{}. ", i + 1);
        let room = usize::from(area.width).saturating_sub(place.len() + 4 + said.len());
        lines.push(Line::raw(format!(
            "{place}{:<10} {:>3}{said}",
            fit::fit(&p.name, room),
            p.score
        )));
    }
    let steps = match &app.showing {
        Some(show) => {
            lines.push(Line::raw(""));
            lines.push(Line::styled(show.title.clone(), theme.title()));
            &show.steps[..]
        }
        None if !app.steps.is_empty() => {
            lines.push(Line::raw(""));
            lines.push(Line::styled("Your move", theme.title()));
            &app.steps[..]
        }
        None => &[][..],
    };
    let shown = app.showing.as_ref().map_or(steps.len(), |s| s.shown);
    for (n, step) in steps.iter().enumerate() {
        let d = line_to(step.from, step.to).map_or(0, |(d, _)| usize::from(d));
        let style = if n < shown { Style::new() } else { theme.dim() };
        lines.push(Line::styled(
            format!(
                "{:>2}. {} → {} ({})",
                n + 1,
                step.from,
                step.to,
                DIRECTION_NAMES[d]
            ),
            style,
        ));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "┃ ╱ ╲  barriers: rim, crannies, nooks",
        theme.dim(),
    ));
    lines.push(Line::styled(
        "∘ a nook   ◎ the goal   • the path",
        theme.dim(),
    ));
    lines.push(Line::styled("e d x z a w: where a step ends", theme.dim()));
    Paragraph::new(lines).render(area, buf);
}

/// Sets one screen cell.
fn put(buf: &mut Buffer, x: u16, y: u16, ch: &str, style: Style) {
    if let Some(cell) = buf.cell_mut(Position { x, y }) {
        cell.set_symbol(ch).set_style(style);
    }
}

/// The players, their scores and announcements; then, while a person types an
/// announcement, what they typed. Each player shows whole or not at all, and those left out
/// for want of room are counted (`+2`), so that no score or announcement shows cut short.
fn players(app: &HexPathsScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let game = app.game();
    let round = game.round();
    let mut each: Vec<Vec<Span<'static>>> = Vec::new();
    for (i, p) in game.players().iter().enumerate() {
        let mut spans = Vec::new();
        if i > 0 {
            spans.push(Span::styled(" · ", theme.dim()));
        }
        let key = if app.people() > 1 && app.is_person(i) {
            format!("{} ", i + 1)
        } else {
            String::new()
        };
        spans.push(Span::styled(key, theme.key()));
        let name = if app.table().is_some() && app.is_person(i) {
            format!("{YOU} ({})", p.name)
        } else {
            seat::alone(&p.name, app.seat_state(i) == Some(SeatState::Away))
        };
        spans.push(Span::raw(format!("{name} {}", p.score)));
        if let Some(n) = round.and_then(|r| r.announced(i)) {
            spans.push(Span::styled(format!(" (says {n})"), theme.title()));
        }
        each.push(spans);
    }
    let typing = app.typing.as_ref().map(|(player, digits)| {
        Span::styled(
            format!(
                "   {}: {digits}▏ (Enter)",
                subject(&game.players()[*player].name, "announce")
            ),
            theme.cursor(),
        )
    });
    let room = usize::from(area.width).saturating_sub(typing.as_ref().map_or(0, Span::width));
    let width = |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>();
    let total = each.len();
    // How those left out are counted, after `shown` players.
    let count = |shown: usize| match shown {
        0 => count(total, "player"),
        _ => format!(" · {} more", total - shown),
    };
    let mut spans = vec![Span::raw(" ")];
    let mut used = 1;
    if used + each.iter().map(|p| width(p)).sum::<usize>() <= room {
        spans.extend(each.into_iter().flatten());
    } else {
        let mut shown = 0;
        while let Some(player) = each.get(shown)
            && used + width(player) + count(shown + 1).len() <= room
        {
            used += width(player);
            shown += 1;
        }
        spans.extend(each.into_iter().take(shown).flatten());
        let count = count(shown);
        if used + fit::width(&count) <= room {
            spans.push(Span::styled(count, theme.dim()));
        }
    }
    spans.extend(typing);
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// The status row after the clock: what is going on, in parts, each whole or not at all,
/// so that no number reads cut short; words alone may end in `…`.
fn status_pieces(app: &HexPathsScreen, has_clock: bool) -> Vec<Piece> {
    let theme = app.theme;
    let piece = PIECE_LETTERS.get(app.picked).copied().unwrap_or('?');
    // A move shown is named while it plays out (and a demonstration until it is judged).
    let demonstrating = matches!(app.phase, Phase::Demonstrating { .. });
    let showing = app
        .showing
        .as_ref()
        .filter(|s| s.shown < s.steps.len() || demonstrating);
    let what: Vec<String> = match (&app.phase, showing) {
        (_, Some(show)) => vec![
            show.title.clone(),
            format!("step {} of {}", show.shown, show.steps.len()),
        ],
        (Phase::Demonstrating { player }, None) => vec![
            subject(&app.game().players()[*player].name, "demonstrate"),
            count(app.steps.len(), "step"),
            format!("piece {piece}"),
        ],
        (Phase::Thinking, None) if app.entering() => {
            vec![count(app.steps.len(), "step"), format!("piece {piece}")]
        }
        // A spectator at a table announces nothing: the players do.
        (Phase::Thinking, None) if app.watching() => {
            vec!["watching: the players look for the shortest move".to_string()]
        }
        (Phase::Thinking, None) => vec!["announce: your key, the steps, Enter".to_string()],
        (Phase::Done, None) => match app.next_round_in() {
            Some(left) => vec![
                "round over".to_string(),
                format!("the next in {} s", left.as_secs()),
            ],
            None => vec!["round over".to_string()],
        },
        (Phase::Over, None) => vec!["game over".to_string()],
        (Phase::Waiting, None) => vec!["waiting for players".to_string()],
    };
    (what.into_iter().enumerate())
        .map(|(n, part)| {
            // After the clock when it runs; otherwise the row starts with what it says.
            let part = if n > 0 || has_clock {
                format!(" · {part}")
            } else {
                format!(" {part}")
            };
            vec![Span::styled(part, theme.dim())]
        })
        .collect()
}

/// The state of the game as far as its keys care.
fn key_state(app: &HexPathsScreen) -> State {
    let phase = match app.phase {
        Phase::Waiting => flag::WAITING,
        Phase::Thinking => flag::THINKING,
        Phase::Demonstrating { .. } => flag::DEMONSTRATING,
        Phase::Done => flag::DONE,
        Phase::Over => flag::OVER,
    };
    State::screen()
        .with(phase, true)
        .with(flag::TABLE, app.table().is_some())
        .with(flag::WATCHING, app.watching())
        .with(flag::ENTERING, app.entering())
        .with(flag::RACING, app.racing())
        .with(flag::LAST_ROUND, app.game().is_over())
}

/// The keys that matter now, from the keymap's entries for this state.
fn key_items(app: &HexPathsScreen) -> Vec<keybar::Item> {
    // A question's note says the one key that answers it; no other key stands beside it.
    if app.shell.question().is_some() {
        return Vec::new();
    }
    let offers = keymap::offers::bar(Where::Own(&super::keys::PLAY), key_state(app));
    keybar::items(&offers, &[])
}

/// The game-over box's lines: the rounds played, the standings, the keys for what next.
fn final_lines(app: &HexPathsScreen) -> Vec<Line<'static>> {
    let theme = app.theme;
    let game = app.game();
    let mut lines = vec![
        Line::styled(
            format!("{} played.", count(game.played(), "round")),
            theme.title(),
        ),
        Line::raw(""),
    ];
    for (place, p) in game.standings().iter().enumerate() {
        let points = points(p.score);
        lines.push(Line::raw(format!(
            "{}. {:<8} {points:>10}  ({} won, {} with the shortest move)",
            place + 1,
            p.name,
            p.won,
            p.optimal
        )));
    }
    lines.push(Line::raw(""));
    // What to do next, from the keymap's entries for the end.
    let offers = keymap::offers::bar(Where::Own(&super::keys::END), key_state(app));
    lines.push(keybar::line(
        &keybar::items(&offers, &[]),
        Look::all(theme.key(), ""),
    ));
    lines
}

/// The help box: the keys, the six ways a piece steps, and what the lines on the board are.
fn help(app: &HexPathsScreen) -> Help {
    let theme = app.theme;
    let keys = |d: usize| format!("{} or {}", DIRECTION_KEYS[d][0], DIRECTION_KEYS[d][1]);
    let ways = [
        ("ne", 0),
        ("e", 1),
        ("se", 2),
        ("sw", 3),
        ("w", 4),
        ("nw", 5),
    ]
    .map(|(n, d)| (n, keys(d)));
    let fills: Vec<(&str, &str)> = ways.iter().map(|(n, k)| (*n, k.as_str())).collect();
    let notes = vec![
        Line::styled(
            "Every step of every piece counts. Heavy lines are barriers: the rim, crannies,",
            theme.dim(),
        ),
        Line::styled(
            "and nooks (∘), cups closed on three sides; ◎ is the goal.",
            theme.dim(),
        ),
    ];
    let offers = keymap::offers::help(Where::Own(&super::keys::PLAY), key_state(app));
    Help {
        title: " Hex paths keys ".to_string(),
        entries: help::entries(&offers, &fills),
        notes,
        top: None,
    }
}
