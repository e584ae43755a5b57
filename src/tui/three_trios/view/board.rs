//! The grid: card tiles with their four values, empty cells (with hints), and holes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::widgets::{Block, Borders, Widget};

use super::layout::{Layout, TileSize};
use crate::games::three_trios::{Card, Direction, Move, Player, Pos};
use crate::tui::three_trios::app::{Focus, ThreeTriosScreen};
use crate::tui::three_trios::cells::{self, CellView, Mark};
use crate::tui::timeline::Point;
use crate::tui::view::coords;
use crate::tui::view::fit;
use crate::tui::view::theme::Theme;

/// Draws the board block and every cell at the point the app is showing.
pub fn draw(app: &ThreeTriosScreen, layout: &Layout, buf: &mut Buffer) {
    let theme = app.theme;
    let mut titles = vec![if app.motion.replay.is_some() {
        " replay ".to_string()
    } else {
        String::new()
    }];
    if layout.partial() {
        // Where the window is on a board too big for the screen, in fewer words when the
        // frame is narrow.
        let (r, c) = layout.origin;
        let (vr, vc) = layout.view;
        let (rows, cols) = (coords::rows(r, r + vr - 1), coords::columns(c, c + vc - 1));
        let (all_rows, all_cols) = layout.grid;
        let last_col = coords::column(all_cols - 1);
        titles = vec![
            format!(" rows {rows} of {all_rows} · cols {cols} of a–{last_col} "),
            format!(" rows {rows}/{all_rows} · cols {cols}/{last_col} "),
            format!(" rows {rows} · cols {cols} "),
            format!("rows {rows} cols {cols}"),
        ];
    }
    // Under the frame's bottom: the longest wording that fits whole, or none at all (a
    // number cut short would read as another).
    titles.push(String::new());
    let title = fit::first_fitting(&titles, usize::from(layout.board.width.saturating_sub(2)));
    Block::bordered()
        .border_set(border::ROUNDED)
        .border_style(theme.dim())
        .title_bottom(title)
        .title_style(theme.title())
        .render(layout.board, buf);
    labels(layout, &theme, buf);

    let history = app.history();
    let (before, outcome, shown) = match app.shown_point() {
        Point::Start => (&app.states[0], None, 0),
        Point::Move { mv, shown } => (&app.states[mv], history.get(mv).map(|t| &t.played), shown),
    };
    let cells = cells::board_at(before, outcome, shown);
    let cols = layout.grid.1;
    if layout.tile == TileSize::Compact {
        separators(layout, &theme, buf);
    }
    let live = app.motion.replay.is_none() && app.motion.animation.is_none();
    let hint_card = (app.hints && app.human_to_move())
        .then(|| app.board.picked.unwrap_or(app.board.hand_cursor));
    let (top, left) = layout.origin;
    let (shown_rows, shown_cols) = layout.view;
    for row in top..top + shown_rows {
        for col in left..left + shown_cols {
            let pos = Pos::new(row, col);
            let area = layout.cell_rect(pos).intersection(buf.area);
            let cursor = live
                && app.human_to_move()
                && app.board.focus == Focus::Grid
                && app.board.grid_cursor == pos;
            let hint = match (hint_card, cells[row * cols + col]) {
                (Some(hand), CellView::Empty) => app.game().flips_if(Move { hand, pos }).ok(),
                _ => None,
            };
            let last_move = live && outcome.is_some_and(|o| o.mv.pos == pos);
            match cells[row * cols + col] {
                CellView::Hole => hole(area, layout.tile, &theme, buf),
                CellView::Empty => empty(area, layout.tile, &theme, cursor, hint, buf),
                CellView::Card { card, owner, mark } => {
                    // On the live board only the last move's card and its flips stay marked.
                    let mark = match (live, mark) {
                        (false, mark) => mark,
                        _ if last_move => Mark::Placed,
                        (true, Mark::Flipped) => Mark::Flipped,
                        (true, Mark::Defender) if outcome.is_some_and(|o| o.player == owner) => {
                            Mark::Flipped
                        }
                        _ => Mark::None,
                    };
                    tile(area, layout.tile, &theme, card, owner, mark, cursor, buf)
                }
            }
        }
    }
}

/// Faint lines in the gaps between compact tiles, so neighbouring values never run together.
fn separators(layout: &Layout, theme: &Theme, buf: &mut Buffer) {
    let (top, left) = layout.origin;
    let (rows, cols) = layout.view;
    for col in left + 1..left + cols {
        let first = layout.cell_rect(Pos::new(top, col));
        let x = first.x.saturating_sub(1);
        let last = layout.cell_rect(Pos::new(top + rows - 1, col));
        for y in first.y..last.bottom() {
            if buf.area.contains(ratatui::layout::Position::new(x, y)) {
                buf[(x, y)].set_symbol("┊").set_style(theme.dim());
            }
        }
    }
}

fn hole(area: Rect, _size: TileSize, theme: &Theme, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            buf[(x, y)].set_symbol("░").set_style(theme.hole());
        }
    }
}

fn empty(
    area: Rect,
    size: TileSize,
    theme: &Theme,
    cursor: bool,
    hint: Option<usize>,
    buf: &mut Buffer,
) {
    let style = if cursor {
        theme.cursor()
    } else {
        theme.empty_cell()
    };
    match size {
        TileSize::Wide | TileSize::Large => {
            Block::bordered()
                .border_set(border::PLAIN)
                .border_style(style)
                .style(if cursor { style } else { Style::new() })
                .render(area, buf);
        }
        TileSize::Compact => {
            fill(area, if cursor { style } else { Style::new() }, buf);
            put_centered(area, 1, "·", style, buf);
        }
    }
    if let Some(n) = hint {
        let row = area.height / 2;
        let text = format!("+{n}");
        let hint_style = match (cursor, n) {
            (true, _) => theme.cursor(),
            (false, 0) => theme.dim(),
            (false, _) => theme.hint(),
        };
        put_centered(area, row, &text, hint_style, buf);
    }
}

#[allow(clippy::too_many_arguments)]
fn tile(
    area: Rect,
    size: TileSize,
    theme: &Theme,
    card: &Card,
    owner: Player,
    mark: Mark,
    cursor: bool,
    buf: &mut Buffer,
) {
    let base = match mark {
        Mark::Attacker => theme.attacker(),
        Mark::Defender => theme.defender(),
        _ if cursor => theme.cursor(),
        _ => theme.card(owner),
    };
    let letter = owner.letter().to_string();
    let mark_text = match mark {
        Mark::None => "",
        Mark::Placed => "+",
        Mark::Attacker => ">",
        Mark::Defender => "x",
        Mark::Flipped => "*",
    };
    match size {
        TileSize::Compact => {
            fill(area, base, buf);
            put(area, 0, 0, mark_text, base, buf);
            compass(area, card, &letter, (0, 1, 2), 0, base, buf);
        }
        TileSize::Wide | TileSize::Large => {
            // Red cards have plain borders, Blue double ones: owners differ without colour.
            let set = match owner {
                Player::Red => border::PLAIN,
                Player::Blue => border::DOUBLE,
            };
            let set = if cursor { border::THICK } else { set };
            Block::new()
                .borders(Borders::ALL)
                .border_set(set)
                .style(base)
                .render(area, buf);
            let inner = area.width.saturating_sub(2) as usize;
            // A name too long for the tile ends in `…`, as in the hands.
            put_centered(area, 1, &fit::fit(card.name(), inner), base, buf);
            let bottom = area.height.saturating_sub(1);
            let middle = area.height / 2;
            compass(area, card, &letter, (0, middle, bottom), 1, base, buf);
            let label = match mark {
                Mark::Placed => "placed",
                Mark::Attacker => "attack",
                Mark::Defender => "defend",
                Mark::Flipped => "taken",
                Mark::None => "",
            };
            put_centered(area, area.height.saturating_sub(2), label, base, buf);
        }
    }
}

/// The four values at their sides and the owner's letter in the middle: north centred on row
/// `rows.0`, west/letter/east on `rows.1` (west and east `inset` columns in from the edges),
/// south centred on `rows.2`.
fn compass(
    area: Rect,
    card: &Card,
    letter: &str,
    rows: (u16, u16, u16),
    inset: u16,
    style: Style,
    buf: &mut Buffer,
) {
    let value = |d: Direction| card.value(d).to_string();
    put_centered(area, rows.0, &value(Direction::North), style, buf);
    put(area, inset, rows.1, &value(Direction::West), style, buf);
    put_centered(area, rows.1, letter, style, buf);
    let east = area.width.saturating_sub(1 + inset);
    put(area, east, rows.1, &value(Direction::East), style, buf);
    put_centered(area, rows.2, &value(Direction::South), style, buf);
}

fn fill(area: Rect, style: Style, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            buf[(x, y)].set_symbol(" ").set_style(style);
        }
    }
}

/// Writes `text` at column `x`, row `y` of `area`, clipped to it.
fn put(area: Rect, x: u16, y: u16, text: &str, style: Style, buf: &mut Buffer) {
    if y >= area.height || x >= area.width {
        return;
    }
    buf.set_stringn(
        area.x + x,
        area.y + y,
        text,
        (area.width - x) as usize,
        style,
    );
}

/// Writes `text` centred on row `y` of `area` by its display width, clipped to it.
fn put_centered(area: Rect, y: u16, text: &str, style: Style, buf: &mut Buffer) {
    let width = u16::try_from(fit::width(text)).unwrap_or(u16::MAX);
    let x = area.width.saturating_sub(width) / 2;
    put(area, x, y, text, style, buf);
}

/// The column letters in the board frame's top edge, over each column's middle, and the row
/// numbers (from 1) left of each row's middle: the names the battle log gives cells.
fn labels(layout: &Layout, theme: &Theme, buf: &mut Buffer) {
    let (top, left) = layout.origin;
    let (rows, cols) = layout.view;
    let (w, h) = layout.tile.dims();
    for col in left..left + cols {
        let rect = layout.cell_rect(Pos::new(top, col));
        let name = coords::column(col);
        let x = rect.x + (w.saturating_sub(name.len() as u16)) / 2;
        buf.set_string(x, layout.board.y, name, theme.dim());
    }
    for row in top..top + rows {
        let rect = layout.cell_rect(Pos::new(row, left));
        let name = format!(
            "{:>width$}",
            coords::row(row),
            width = usize::from(layout.gutter - 1)
        );
        buf.set_string(rect.x - layout.gutter, rect.y + h / 2, name, theme.dim());
    }
}
