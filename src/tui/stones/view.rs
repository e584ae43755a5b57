//! Drawing the duel screen: a title line, the board with its coordinates on every side, a
//! side panel with the players and the move log, and a two-line status bar. The board grows
//! with the window: the largest cell size that fits is used, down to a compact one for small
//! terminals.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::StonesScreen;
use super::board::{Cell, Mark, Shown, StoneGame};
use super::frame::Frame;
use crate::games::Side;
use crate::tui::keymap::{self, Action, Context, KeyMode, Where, flag};
use crate::tui::match_screen::Note;
use crate::tui::timeline::Point;
use crate::tui::view::frame::{GameFrame, Help, Piece};
use crate::tui::view::keybar;
use crate::tui::view::{coords, fit};
use crate::words::count;

/// One way to draw cells: the inside of a cell, and whether grid lines separate cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct CellSize {
    inner_w: u16,
    inner_h: u16,
    lines: bool,
    /// Cells side by side with no gap (the zoomed-out drawing of a leaning board).
    dense: bool,
    /// Outlined hexagons four columns apart, rows two apart with the outline between.
    hex: bool,
}

/// Largest first; the first that fits is drawn. The two largest fill a big window (an 8x8
/// board of 11x5 cells takes 97x49 of a 200x60 screen); from 7x3 down the sizes are those
/// of 120x40 and smaller windows.
const SIZES: [CellSize; 6] = [
    CellSize {
        inner_w: 11,
        inner_h: 5,
        lines: true,
        dense: false,
        hex: false,
    },
    CellSize {
        inner_w: 9,
        inner_h: 4,
        lines: true,
        dense: false,
        hex: false,
    },
    CellSize {
        inner_w: 7,
        inner_h: 3,
        lines: true,
        dense: false,
        hex: false,
    },
    CellSize {
        inner_w: 5,
        inner_h: 2,
        lines: true,
        dense: false,
        hex: false,
    },
    CellSize {
        inner_w: 3,
        inner_h: 1,
        lines: true,
        dense: false,
        hex: false,
    },
    CellSize {
        inner_w: 1,
        inner_h: 1,
        lines: false,
        dense: false,
        hex: false,
    },
];

/// The smallest size: a character a cell, no grid lines.
const COMPACT: CellSize = SIZES[SIZES.len() - 1];

/// A leaning board zoomed out: a character a cell, rows square under each other.
const DENSE: CellSize = CellSize {
    inner_w: 1,
    inner_h: 1,
    lines: false,
    dense: true,
    hex: false,
};

/// Outlined hexagons eight columns apart, their sides two rows tall and two rows of slopes
/// between rows, a stone drawn 5x2 inside: a leaning board that fills a big window.
const BIG_HEX: CellSize = CellSize {
    inner_w: 5,
    inner_h: 2,
    lines: false,
    dense: false,
    hex: true,
};

/// A leaning board drawn as outlined hexagons, `| ○ |` with `/ \` between rows, when the
/// whole board fits that way.
const HEX: CellSize = CellSize {
    inner_w: 1,
    inner_h: 1,
    lines: false,
    dense: false,
    hex: true,
};

/// The rows the game-over box takes at least: its borders, the result and the keys.
const END_BOX_ROWS: u16 = 4;

/// The side panel's least and greatest width.
const PANEL_MIN: u16 = 26;
const PANEL_MAX: u16 = 40;
/// Rows taken by the title line and the status bar.
const CHROME_ROWS: u16 = 3;

/// Where everything goes on a screen of a given size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Layout {
    title: Rect,
    /// The grid itself (lines included), without the coordinates.
    grid: Rect,
    size: CellSize,
    panel: Option<Rect>,
    status: Rect,
    /// The size needed when the screen is too small for even the compact board.
    pub(super) too_small: Option<(u16, u16)>,
    /// A leaning board: how far right the top row shown sits (rows shown − 1), the row
    /// below one less.
    lean: u16,
    /// The top-left cell shown, and how many rows and columns are shown: the whole board
    /// unless a leaning board is too large for the window and scrolls.
    pub(super) first: Cell,
    pub(super) shown: (usize, usize),
}

impl CellSize {
    fn pitch(self) -> (u16, u16) {
        if self.lines {
            (self.inner_w + 1, self.inner_h + 1)
        } else if self.hex {
            // The inside, a column either side, an outline; sides and slopes alike tall.
            (self.inner_w + 3, 2 * self.inner_h)
        } else if self.dense {
            (1, 1)
        } else {
            (2, 1)
        }
    }

    /// The grid's width and height for a board of `rows` x `cols`.
    fn grid(self, rows: u16, cols: u16) -> (u16, u16) {
        let (px, py) = self.pitch();
        if self.lines {
            (cols * px + 1, rows * py + 1)
        } else {
            (cols * px + 1, rows * py)
        }
    }
}

/// Room for the row numbers on each side and the column numbers above and below.
const LABEL_W: u16 = 3;

pub(super) fn layout<G: StoneGame>(app: &StonesScreen<G>) -> Layout {
    if G::LEAN {
        return lean_layout(app);
    }
    let (w, h) = app.size;
    let area = Rect::new(0, 0, w, h);
    let (board_rows, board_cols) = app.game().dims();
    let (rows, cols) = (board_rows as u16, board_cols as u16);
    let title = Rect::new(0, 0, w, 1.min(h));
    let status = Rect::new(0, h.saturating_sub(2), w, 2.min(h));
    let room_h = h.saturating_sub(CHROME_ROWS);
    let lean = 0;
    let sizes: &[CellSize] = &SIZES;
    let grid_of = |size: CellSize| size.grid(rows, cols);
    let fits = |size: CellSize, room_w: u16| {
        let (gw, gh) = grid_of(size);
        gw + 2 * LABEL_W <= room_w && gh + 2 <= room_h
    };
    let with_panel = sizes
        .iter()
        .find(|&&s| fits(s, w.saturating_sub(PANEL_MIN + 1)));
    let (size, panel) = match with_panel {
        Some(&s) => (s, true),
        None => match sizes.iter().find(|&&s| fits(s, w)) {
            Some(&s) => (s, false),
            None => {
                let (gw, gh) = grid_of(COMPACT);
                let need = (gw + 2 * LABEL_W, gh + 2 + CHROME_ROWS);
                return Layout {
                    title,
                    grid: area,
                    size: COMPACT,
                    panel: None,
                    status,
                    too_small: Some((need.0.max(30), need.1.max(8))),
                    lean,
                    first: (0, 0),
                    shown: (board_rows, board_cols),
                };
            }
        },
    };
    let (gw, gh) = grid_of(size);
    let (grid, panel) = place(w, room_h, (gw, gh), LABEL_W, panel);
    Layout {
        title,
        grid,
        size,
        panel,
        status,
        too_small: None,
        lean,
        first: (0, 0),
        shown: (board_rows, board_cols),
    }
}

/// Centres a grid of `gw` x `gh` with `label_w` columns of numbers each side and a row of
/// them above and below, and the side panel (if wanted) to its right: the grid's rectangle
/// and the panel's, which starts level with the board's top and runs to the status bar.
fn place(
    w: u16,
    room_h: u16,
    (gw, gh): (u16, u16),
    label_w: u16,
    panel: bool,
) -> (Rect, Option<Rect>) {
    let block_w = gw + 2 * label_w;
    let block_h = gh + 2;
    let panel_w = if panel {
        w.saturating_sub(block_w + 1).clamp(PANEL_MIN, PANEL_MAX)
    } else {
        0
    };
    let used = block_w + if panel { panel_w + 1 } else { 0 };
    let left = w.saturating_sub(used) / 2;
    let top = 1 + room_h.saturating_sub(block_h) / 2;
    let grid = Rect::new(left + label_w, top + 1, gw, gh);
    let panel = panel.then(|| Rect::new(left + block_w + 1, top, panel_w, room_h + 1 - top));
    (grid, panel)
}

/// Room for the row numbers and the edge marks beside a leaning board.
const LEAN_LABEL_W: u16 = 5;
/// A leaning board that scrolls keeps the side panel only if it still shows this many
/// columns (or the whole width).
const SCROLLED_COLS_WITH_PANEL: usize = 24;

/// The layout of a leaning board: compact cells (or dense ones zoomed out), the whole board
/// when it fits, else as many rows and columns as fit, from the scroll position.
fn lean_layout<G: StoneGame>(app: &StonesScreen<G>) -> Layout {
    let (w, h) = app.size;
    let area = Rect::new(0, 0, w, h);
    let (rows, cols) = app.game().dims();
    let title = Rect::new(0, 0, w, 1.min(h));
    let status = Rect::new(0, h.saturating_sub(2), w, 2.min(h));
    let room_h = usize::from(h.saturating_sub(CHROME_ROWS));
    let label_w = usize::from(LEAN_LABEL_W);
    // Outlined hexagons, large ones first, when the whole board fits them, panel and all.
    let hex_grid = |size: CellSize| {
        let (px, py) = size.pitch();
        let (px, py) = (usize::from(px), usize::from(py));
        let h = usize::from(size.inner_h);
        (
            cols * px + 1 + px / 2 * rows.saturating_sub(1),
            rows * py + h,
        )
    };
    let hex_fits = |size: CellSize| {
        let (gw, gh) = hex_grid(size);
        !app.board.zoomed_out
            && gw + 2 * (label_w + 2) + usize::from(PANEL_MIN) < usize::from(w)
            && gh + 2 <= room_h
    };
    if let Some(size) = [BIG_HEX, HEX].into_iter().find(|&s| hex_fits(s)) {
        let lean = rows.saturating_sub(1) as u16;
        let (gw, gh) = hex_grid(size);
        let (grid, panel) = place(
            w,
            room_h as u16,
            (gw as u16, gh as u16),
            LEAN_LABEL_W + 2,
            true,
        );
        return Layout {
            title,
            grid,
            size,
            panel,
            status,
            too_small: None,
            lean,
            first: (0, 0),
            shown: (rows, cols),
        };
    }
    let size = if app.board.zoomed_out { DENSE } else { COMPACT };
    let px = usize::from(size.pitch().0);
    let lean_of = |shown_rows: usize| {
        if app.board.zoomed_out {
            0
        } else {
            shown_rows.saturating_sub(1)
        }
    };
    // The board block's width (numbers included) for a number of rows and columns shown.
    let block_w = |vr: usize, vc: usize| vc * px + 1 + lean_of(vr) + 2 * label_w;
    let fits = |room_w: usize| block_w(rows, cols) <= room_w && rows + 2 <= room_h;
    // As many rows and columns as fit in `room_w`.
    let cut = |room_w: usize| {
        let vr = rows.min(room_h.saturating_sub(2));
        let spare = room_w.saturating_sub(1 + lean_of(vr) + 2 * label_w);
        (vr, cols.min(spare / px))
    };
    let w_with_panel = usize::from(w.saturating_sub(PANEL_MIN + 1));
    let (shown, panel) = if fits(w_with_panel) {
        ((rows, cols), true)
    } else if fits(usize::from(w)) {
        ((rows, cols), false)
    } else if cut(w_with_panel).1 >= cols.min(SCROLLED_COLS_WITH_PANEL) {
        (cut(w_with_panel), true)
    } else {
        (cut(usize::from(w)), false)
    };
    let least = (rows.min(3), cols.min(3));
    if shown.0 < least.0 || shown.1 < least.1 || w < 30 || h < 8 {
        let need_w = block_w(least.0, least.1) as u16;
        return Layout {
            title,
            grid: area,
            size,
            panel: None,
            status,
            too_small: Some((need_w.max(30), (least.0 as u16 + 2 + CHROME_ROWS).max(8))),
            lean: 0,
            first: (0, 0),
            shown,
        };
    }
    let first = (
        app.board.scroll.0.min(rows - shown.0),
        app.board.scroll.1.min(cols - shown.1),
    );
    let lean = lean_of(shown.0) as u16;
    let gw = (shown.1 * px + 1) as u16 + lean;
    let gh = shown.0 as u16;
    let (grid, panel) = place(w, room_h as u16, (gw, gh), LEAN_LABEL_W, panel);
    Layout {
        title,
        grid,
        size,
        panel,
        status,
        too_small: None,
        lean,
        first,
        shown,
    }
}

impl Layout {
    /// Whether only part of the board is shown.
    pub(super) fn scrolls(&self, dims: (usize, usize)) -> bool {
        self.shown != dims
    }
}

/// The top-left corner of a cell's inside (the cell must be shown).
fn cell_origin(layout: &Layout, (r, c): Cell) -> (u16, u16) {
    let (px, py) = layout.size.pitch();
    let (r, c) = (
        r.saturating_sub(layout.first.0) as u16,
        c.saturating_sub(layout.first.1) as u16,
    );
    // Each row sits half a cell right of the row below; a hexagon's glyph is two columns
    // in from its outline.
    let shift = layout.lean.saturating_sub(r) * (px / 2).max(1);
    let inset = if layout.size.hex { 2 } else { 1 };
    let x = layout.grid.x + inset + shift + c * px;
    let top = if layout.size.hex {
        layout.size.inner_h
    } else {
        u16::from(layout.size.lines)
    };
    let y = layout.grid.y + top + r * py;
    (x, y)
}

/// The cell under a screen position, if any.
pub(super) fn cell_at<G: StoneGame>(app: &StonesScreen<G>, x: u16, y: u16) -> Option<Cell> {
    let layout = layout(app);
    if layout.too_small.is_some() {
        return None;
    }
    let (px, py) = layout.size.pitch();
    let hex = layout.size.hex;
    let top = if hex {
        layout.size.inner_h
    } else {
        u16::from(layout.size.lines)
    };
    let dy = y.checked_sub(layout.grid.y + top)?;
    let r = (dy / py) as usize;
    let shift = layout.lean.saturating_sub(r as u16) * (px / 2).max(1);
    // From a cell's left (a hexagon's inside is its glyph and a column either side).
    let dx = x.checked_sub(layout.grid.x + 1 + shift)?;
    let c = (dx / px) as usize;
    let inside = if layout.size.lines {
        dx % px < layout.size.inner_w && dy % py < layout.size.inner_h
    } else if hex {
        dy % py < layout.size.inner_h && dx % px < px - 1
    } else {
        layout.size.dense || dx % px == 0
    };
    let cell = (layout.first.0 + r, layout.first.1 + c);
    (inside && r < layout.shown.0 && c < layout.shown.1).then_some(cell)
}

impl<G: StoneGame> Widget for &StonesScreen<G> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = layout(self);
        let title = |room: usize| title_words(self, room);
        self.game_frame(&title, &layout)
            .draw(layout.too_small, area, buf, |_, buf| {
                // How the game ended, once its end is on screen (worked out once a frame).
                let ending =
                    (self.replay().is_none() && !self.animating() && self.game().is_over())
                        .then(|| self.game().ending());
                board(self, &layout, ending.as_ref(), buf);
                // The game-over box goes over the move log, or over the board without a panel
                // or when the log is too short to hold it.
                let board_area = Rect::new(0, 1, area.width, layout.status.y.saturating_sub(1));
                match layout.panel {
                    Some(panel) => {
                        let log = side_panel(self, &layout, ending.as_ref(), panel, buf);
                        if log.height >= END_BOX_ROWS {
                            log
                        } else {
                            board_area
                        }
                    }
                    None => board_area,
                }
            });
    }
}

impl<G: StoneGame> StonesScreen<G> {
    /// Everything on screen but the board, as the frame every game is drawn in takes it.
    fn game_frame<'a>(
        &'a self,
        title: &'a dyn Fn(usize) -> Vec<Span<'static>>,
        layout: &Layout,
    ) -> GameFrame<'a> {
        let dims = self.game().dims();
        let zoom = G::LEAN && (self.board.zoomed_out || layout.scrolls(dims));
        let keys = if zoom { "z zoom · ? help" } else { "? help" };
        // Without the side panel, a scrolled board's rows and columns in view are said here.
        let range = shown_range(layout, dims).filter(|_| layout.panel.is_none());
        // A clocked match says its time control before the keys.
        let keys = match self.duel.config().clock {
            Some(control) => format!("{control} · {keys}"),
            None => keys.to_string(),
        };
        let mut hints: Vec<String> = range.map(|r| format!("{r} · {keys}")).into_iter().collect();
        hints.push(keys);
        let over = |side| Span::styled(G::side_title(side), side_style(self, side));
        let mark = |side| {
            Span::styled(
                G::stone_glyph(side, false).to_string(),
                side_style(self, side),
            )
        };
        GameFrame {
            theme: self.theme,
            name: G::KIND.title(),
            title,
            hints,
            clock: self.clock_spans(self.clock, mark),
            status: status_wordings(self),
            note: self.note.as_ref().map(Note::message),
            keys: key_items(self),
            end: self.game_over_lines(over),
            help: self.help.then(|| self.help_box()),
        }
    }

    /// The help box: the keys of this mode and context in this game's words.
    fn help_box(&self) -> Help {
        Help {
            title: format!(" {} keys ", G::KIND.title()),
            entries: help_lines::<G>(self.key_mode(), self.context()),
            notes: Vec::new(),
            top: Some(self.help_top),
        }
    }
}

/// How far the help can scroll on this screen: its rows beyond what the box shows.
pub(super) fn help_scroll_limit<G: StoneGame>(app: &StonesScreen<G>) -> usize {
    let area = Rect::new(0, 0, app.size.0, app.size.1);
    crate::tui::view::frame::help_scroll_limit(&app.help_box(), app.theme, area)
}

fn styled(app_color: bool, colored: Style, plain: Style) -> Style {
    if app_color { colored } else { plain }
}

/// The colour of a side's name (its stones are told apart by shape too).
fn side_style<G: StoneGame>(app: &StonesScreen<G>, side: Side) -> Style {
    let fg = match side {
        Side::First => Color::Gray,
        Side::Second => Color::White,
    };
    styled(
        app.theme.color,
        Style::new().fg(fg).add_modifier(Modifier::BOLD),
        Style::new().add_modifier(Modifier::BOLD),
    )
}

/// The title's words after the game's name: each side and its seat, in at most `room`
/// columns. Long seat names are cut (`…`), then left out.
fn title_words<G: StoneGame>(app: &StonesScreen<G>, room: usize) -> Vec<Span<'static>> {
    let theme = app.theme;
    let plain = !theme.color;
    let labels = Side::BOTH.map(|side| app.seat_beside(side));
    // The words with each seat name cut to `cut` columns (`None`: without seat names).
    let line = |cut: Option<usize>| {
        let mut spans = Vec::new();
        for (n, side) in Side::BOTH.into_iter().enumerate() {
            if n == 1 {
                spans.push(Span::raw(" vs "));
            }
            spans.push(Span::styled(
                format!("{} {}", G::stone_glyph(side, plain), G::side_title(side)),
                side_style(app, side),
            ));
            if let Some(cut) = cut {
                let label = fit::fit(&labels[n], cut);
                spans.push(Span::styled(format!(" ({label})"), theme.dim()));
            }
        }
        if app.context() == Context::TableSpectator {
            spans.push(Span::styled(" · watching", theme.key()));
        }
        Line::from(spans)
    };
    let longest = labels.iter().map(|l| fit::width(l)).max().unwrap_or(0);
    (1..=longest)
        .rev()
        .map(Some)
        .chain([None])
        .map(line)
        .find(|l| l.width() <= room)
        .unwrap_or_else(|| line(None))
        .spans
}

/// `rows 1–19`, `rows 4–22 cols a–l`: the lines of a scrolled board in view (none when the
/// whole board is).
fn shown_range(layout: &Layout, (rows, cols): (usize, usize)) -> Option<String> {
    let ((r0, c0), (vr, vc)) = (layout.first, layout.shown);
    if vr == 0 || vc == 0 {
        // A layout too small to show a cell names none.
        return None;
    }
    let mut parts = Vec::new();
    if vr < rows {
        parts.push(format!("rows {}", coords::rows(r0, r0 + vr - 1)));
    }
    if vc < cols {
        parts.push(format!("cols {}", coords::columns(c0, c0 + vc - 1)));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// Board colours: felt green, discs black and white; marks on top. Without grid lines the
/// cursor is the cell's own colour (with lines it is a frame drawn round the cell).
fn cell_style<G: StoneGame>(
    app: &StonesScreen<G>,
    shown: Shown,
    cursor: bool,
    lines: bool,
) -> Style {
    if !app.theme.color {
        let mut style = Style::new();
        match shown.mark {
            Mark::None => {}
            Mark::Placed => style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            Mark::Changed => style = style.add_modifier(Modifier::UNDERLINED),
            Mark::Changing => style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        }
        if cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        return style;
    }
    let bg = match shown.mark {
        Mark::None => Color::Green,
        Mark::Placed => Color::Cyan,
        Mark::Changed => Color::LightGreen,
        Mark::Changing => Color::Magenta,
    };
    let fg = match (shown.stone, shown.mark) {
        (_, Mark::Placed | Mark::Changed | Mark::Changing) => Color::Black,
        (Some(side), _) if G::light(side) => Color::White,
        _ => Color::Black,
    };
    let mut style = Style::new().fg(fg).bg(bg);
    if cursor && !lines {
        style = style.bg(Color::Yellow).fg(Color::Black);
    }
    style
}

impl<G: StoneGame> StonesScreen<G> {
    /// Whether the cursor is drawn: a person's turn, or any time in a replay or watching
    /// paused (it shows where a click lands).
    fn cursor_shown(&self) -> bool {
        self.human_to_move()
    }

    /// The step of the move being shown, for the status line.
    fn shown_step(&self) -> Option<(usize, usize)> {
        match self.shown_point() {
            Point::Move { mv, shown } => Some((mv, shown)),
            Point::Start => None,
        }
    }
}

/// The glyphs of a stone filling a cell's inside: its one-character glyph in small cells
/// and without colour; with room, a disc drawn in blocks, solid for the dark side and a ring
/// for the light one, so the two read apart by shape as well as colour. A leaning board
/// without colour keeps its letters (W and B, as its edges are marked).
fn stone_rows<G: StoneGame>(side: Side, size: CellSize, plain: bool) -> Vec<String> {
    let w = usize::from(size.inner_w);
    let h = usize::from(size.inner_h);
    let solid = !G::light(side);
    // Without colour the two sides are a cross and a ring of lines (the X and O of text).
    let shape: Vec<&str> = match (h, plain, solid) {
        _ if plain && G::LEAN => Vec::new(),
        (2, false, true) => vec!["▄███▄", "▀███▀"],
        (2, false, false) => vec!["▄▀▀▀▄", "▀▄▄▄▀"],
        (3, false, true) => vec!["▄███▄", "███████", "▀███▀"],
        (3, false, false) => vec!["▄▀▀▀▄", "█     █", "▀▄▄▄▀"],
        (2, true, true) => vec!["╲ ╱", "╱ ╲"],
        (2, true, false) => vec!["╭─╮", "╰─╯"],
        (3, true, true) => vec!["╲   ╱", "╳", "╱   ╲"],
        (3, true, false) => vec!["╭───╮", "│   │", "╰───╯"],
        (4, false, true) => vec!["▄█████▄", "█████████", "█████████", "▀█████▀"],
        (4, false, false) => vec!["▄▀▀▀▀▀▄", "█       █", "█       █", "▀▄▄▄▄▄▀"],
        (4, true, true) => vec!["╲     ╱", "  ╲ ╱  ", "  ╱ ╲  ", "╱     ╲"],
        (4, true, false) => vec!["╭─────╮", "│     │", "│     │", "╰─────╯"],
        (5, false, true) => vec![
            "▄███████▄",
            "███████████",
            "███████████",
            "███████████",
            "▀███████▀",
        ],
        (5, false, false) => vec![
            "▄▀▀▀▀▀▀▀▄",
            "█         █",
            "█         █",
            "█         █",
            "▀▄▄▄▄▄▄▄▀",
        ],
        (5, true, true) => vec![
            "╲       ╱",
            "  ╲   ╱  ",
            "    ╳    ",
            "  ╱   ╲  ",
            "╱       ╲",
        ],
        (5, true, false) => vec![
            "╭───────╮",
            "│       │",
            "│       │",
            "│       │",
            "╰───────╯",
        ],
        _ => Vec::new(),
    };
    if shape.is_empty() {
        let mut rows = vec![" ".repeat(w); h];
        rows[h / 2] = center(&G::stone_glyph(side, plain).to_string(), w);
        return rows;
    }
    shape.into_iter().map(|line| center(line, w)).collect()
}

fn center(text: &str, width: usize) -> String {
    let len = text.chars().count();
    if len >= width {
        return text.chars().take(width).collect();
    }
    let left = (width - len) / 2;
    format!(
        "{}{}{}",
        " ".repeat(left),
        text,
        " ".repeat(width - len - left)
    )
}

/// Ending: the cells to highlight and the line saying how the game ended, once it is over.
type Ending = (Vec<Cell>, Option<String>);

fn board<G: StoneGame>(
    app: &StonesScreen<G>,
    layout: &Layout,
    ending: Option<&Ending>,
    buf: &mut Buffer,
) {
    let theme = app.theme;
    let plain = !theme.color;
    let (rows, cols) = app.game().dims();
    let size = layout.size;
    let grid = layout.grid;
    let frame = app.frame();
    let shown_game = frame.position;
    let mut cells = frame.cells;
    // At the end, the cells that decided it (Islands: the chain) stand out.
    for &(r, c) in ending.map_or(&[][..], |(chain, _)| chain) {
        if let Some(cell) = cells.get_mut(r * cols + c) {
            cell.mark = Mark::Changed;
        }
    }
    let live = app.replay().is_none() && !app.animating();
    // Which cells a person may play now, looked up once a cell.
    let mut legal = vec![false; rows * cols];
    if live && app.human_to_move() {
        for (r, c) in app.game().legal_cells() {
            legal[r * cols + c] = true;
        }
    }
    // `H` in a game that numbers groups: the groups of the side to move.
    let groups = if app.hints {
        shown_game.groups(shown_game.to_move())
    } else {
        None
    };
    let line_style = styled(
        theme.color,
        Style::new().fg(Color::Black).bg(Color::Green),
        Style::new().add_modifier(Modifier::DIM),
    );
    // The grid: lines, or a plain felt behind compact cells.
    if size.lines {
        draw_grid(buf, grid, rows as u16, cols as u16, size, line_style);
    } else if size.hex {
        draw_hexagons(layout, line_style, theme.color, buf);
    } else if theme.color && G::LEAN {
        // A leaning board's felt leans with it: one strip a row.
        let (r0, c0) = layout.first;
        let last_c = c0 + layout.shown.1 - 1;
        for r in r0..r0 + layout.shown.0 {
            let (x_first, y) = cell_origin(layout, (r, c0));
            let (x_last, _) = cell_origin(layout, (r, last_c));
            let strip = Rect::new(x_first - 1, y, x_last + 3 - x_first, 1);
            buf.set_style(strip, Style::new().bg(Color::Green));
        }
    } else if theme.color {
        buf.set_style(grid, Style::new().bg(Color::Green));
    }
    let label = theme.dim();
    if G::LEAN {
        lean_labels(app, layout, buf);
    } else {
        coordinates(layout, rows, cols, label, buf);
    }
    let cursor = app.board.cursor;
    let cursor_on = app.cursor_shown();
    let (r0, c0) = layout.first;
    for r in r0..r0 + layout.shown.0 {
        for c in c0..c0 + layout.shown.1 {
            let shown = cells[r * cols + c];
            let at_cursor = cursor_on && cursor == (r, c);
            let mut style = cell_style(app, shown, at_cursor, size.lines);
            let is_legal = legal[r * cols + c];
            let (x, y) = cell_origin(layout, (r, c));
            let group = groups
                .as_ref()
                .map_or(0, |g| g[r * cols + c])
                .min(GROUP_MARKS.len() as u32);
            let rows_text: Vec<String> = match shown.stone {
                Some(_) if group > 0 => {
                    style = group_style(theme.color, style, group, at_cursor);
                    let mark = GROUP_MARKS[group as usize - 1].to_string();
                    vec![center(&mark, usize::from(size.inner_w))]
                }
                Some(side) => stone_rows::<G>(side, size, plain),
                None if is_legal => {
                    let mark = if app.hints {
                        shown_game
                            .hint((r, c))
                            .map_or("·".to_string(), |n| n.to_string())
                    } else {
                        "·".to_string()
                    };
                    let mut rows =
                        vec![" ".repeat(usize::from(size.inner_w)); usize::from(size.inner_h)];
                    // Level with the row numbers on a leaning board.
                    let h = usize::from(size.inner_h);
                    let mid = if G::LEAN { (h - 1) / 2 } else { h / 2 };
                    rows[mid] = center(&mark, usize::from(size.inner_w));
                    rows
                }
                // A leaning board keeps its empty cells visible, so its shape always shows.
                None if G::LEAN => vec![center("·", usize::from(size.inner_w))],
                None => vec![" ".repeat(usize::from(size.inner_w)); usize::from(size.inner_h)],
            };
            let inner = Rect::new(x, y, size.inner_w, size.inner_h);
            buf.set_style(inner, style);
            if size.hex && (at_cursor || shown.mark != Mark::None || group > 0) {
                // The hexagon's whole inside shows the cursor and the marks.
                buf.set_style(hex_inside(size, x, y), style);
            }
            let hint_style = if is_legal && shown.stone.is_none() {
                styled(
                    theme.color,
                    style.fg(Color::LightYellow).add_modifier(Modifier::BOLD),
                    style,
                )
            } else {
                style
            };
            for (dy, text) in rows_text.iter().enumerate() {
                buf.set_string(x, y + dy as u16, text, hint_style);
            }
            if at_cursor && size.lines {
                draw_cursor(buf, layout, (r, c), theme.color);
            }
        }
    }
}

/// The inside of a hexagon whose stone's top-left is at (`x`, `y`): a column either side of
/// the stone, between the outlines.
fn hex_inside(size: CellSize, x: u16, y: u16) -> Rect {
    Rect::new(x - 1, y, size.inner_w + 2, size.inner_h)
}

/// The outlines of a leaning board of hexagons: `| |` beside each cell, `/ \` above and
/// `\ /` below it (two columns in a row of slopes, as many rows as the sides are tall);
/// neighbours share their edges. With colour, the insides are felt.
fn draw_hexagons(layout: &Layout, line: Style, color: bool, buf: &mut Buffer) {
    let size = layout.size;
    let (px, h) = (i32::from(size.pitch().0), i32::from(size.inner_h));
    let (r0, c0) = layout.first;
    for r in r0..r0 + layout.shown.0 {
        for c in c0..c0 + layout.shown.1 {
            let (x, y) = cell_origin(layout, (r, c));
            // The left outline's column.
            let x0 = i32::from(x) - 2;
            let y = i32::from(y);
            let mut marks = Vec::new();
            for i in 0..h {
                marks.extend([(x0, y + i, '|'), (x0 + px, y + i, '|')]);
                marks.extend([
                    (x0 + 1 + 2 * i, y - 1 - i, '/'),
                    (x0 + px - 1 - 2 * i, y - 1 - i, '\\'),
                    (x0 + 1 + 2 * i, y + h + i, '\\'),
                    (x0 + px - 1 - 2 * i, y + h + i, '/'),
                ]);
            }
            for (mx, my, ch) in marks {
                let (Ok(mx), Ok(my)) = (u16::try_from(mx), u16::try_from(my)) else {
                    continue;
                };
                if let Some(cell) = buf.cell_mut((mx, my)) {
                    cell.set_char(ch).set_style(line);
                }
            }
            if color {
                let inside = hex_inside(size, x, y as u16);
                buf.set_style(inside, Style::new().bg(Color::Green));
            }
        }
    }
}

/// The marks of numbered groups: 1–9, then letters; every group past the last shares `+`.
const GROUP_MARKS: [char; 62] = {
    let mut marks = ['+'; 62];
    let mut i = 0;
    while i < 61 {
        marks[i] = match i {
            0..=8 => (b'1' + i as u8) as char,
            9..=34 => (b'a' + (i - 9) as u8) as char,
            _ => (b'A' + (i - 35) as u8) as char,
        };
        i += 1;
    }
    marks
};

/// A numbered group's stone: a tint by its number, so groups near each other read apart;
/// underlined without colour.
fn group_style(color: bool, style: Style, group: u32, cursor: bool) -> Style {
    if !color {
        return style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
    }
    if cursor {
        return style.add_modifier(Modifier::BOLD);
    }
    let tints = [Color::LightCyan, Color::LightMagenta, Color::LightYellow];
    style
        .bg(tints[group as usize % tints.len()])
        .fg(Color::Black)
        .add_modifier(Modifier::BOLD)
}

/// The numbers along a leaning board's edges, 0-based and following the lean (see
/// [`column_label`] for columns, whose cells are close), and the marks of the edges each side
/// joins: a bar in the side's colour behind the numbers of its edges (reversed without
/// colour, for the dark side), and its stone at the ends of them. Only edges in view are
/// marked, so a scrolled board shows where its edges are.
fn lean_labels<G: StoneGame>(app: &StonesScreen<G>, layout: &Layout, buf: &mut Buffer) {
    let theme = app.theme;
    let plain = !theme.color;
    let (rows, cols) = app.game().dims();
    let (r0, c0) = layout.first;
    let (last_r, last_c) = (r0 + layout.shown.0 - 1, c0 + layout.shown.1 - 1);
    let grid = layout.grid;
    let label = theme.dim();
    let edge_style = |side: Side| {
        let light = G::light(side);
        match (theme.color, light) {
            (true, true) => Style::new().fg(Color::Black).bg(Color::Gray),
            (true, false) => Style::new().fg(Color::White).bg(Color::Black),
            (false, true) => Style::new().add_modifier(Modifier::BOLD),
            (false, false) => Style::new().add_modifier(Modifier::REVERSED),
        }
    };
    let owners = G::EDGES;
    // How far a cell's outline reaches either side of its glyph.
    let hex = layout.size.hex;
    let reach: u16 = if hex { 2 } else { 1 };
    // How far a cell's inside runs right of its origin (large hexagons).
    let wide = layout.size.inner_w - 1;
    // Top and bottom: column numbers.
    for (y, row, edge) in [
        (grid.y.saturating_sub(1), r0, r0 == 0),
        (grid.bottom(), last_r, last_r + 1 == rows),
    ] {
        let owner = owners.filter(|_| edge).map(|[top_bottom, _]| top_bottom);
        let style = owner.map_or(label, edge_style);
        let (x_first, _) = cell_origin(layout, (row, c0));
        let (x_last, _) = cell_origin(layout, (row, last_c));
        // A last label of two digits runs one column past its cell: the edge's stone moves
        // along so that the two never touch.
        let tail = column_label(last_c, hex, layout.size.dense).map_or(0, |text| {
            text.len().saturating_sub(1 + usize::from(wide)) as u16
        });
        if let Some(side) = owner {
            let pad = reach + 1;
            let width = x_last + wide + 2 * pad + tail + 1 - x_first;
            let bar = Rect::new(x_first - pad, y, width, 1);
            buf.set_style(bar, style);
            let stone = G::stone_glyph(side, plain).to_string();
            buf.set_string(x_first - pad, y, &stone, style);
            buf.set_string(x_last + wide + pad + tail, y, &stone, style);
        }
        for c in c0..=last_c {
            let (x, _) = cell_origin(layout, (row, c));
            if let Some(text) = column_label(c, hex, layout.size.dense) {
                buf.set_string(x + wide / 2, y, text, style);
            }
        }
    }
    // Left and right: row numbers.
    let [left_edge, right_edge] = [c0 == 0, last_c + 1 == cols];
    for r in r0..=last_r {
        let (x_first, y) = cell_origin(layout, (r, c0));
        let (x_last, _) = cell_origin(layout, (r, last_c));
        let end_row = r == 0 || r + 1 == rows;
        for (edge, x, text) in [
            (
                left_edge,
                x_first - 3 - 2 * reach + 1,
                format!("{:>3}", coords::row(r)),
            ),
            (
                right_edge,
                x_last + wide + 2 * reach,
                format!("{:<3}", coords::row(r)),
            ),
        ] {
            let owner = owners.filter(|_| edge).map(|[_, left_right]| left_right);
            let style = owner.map_or(label, edge_style);
            buf.set_string(x, y, &text, style);
            if let Some(side) = owner.filter(|_| end_row) {
                let stone = G::stone_glyph(side, plain).to_string();
                let at = if x < x_first { x - 1 } else { x + 3 };
                buf.set_string(at, y, &stone, style);
            }
        }
    }
}

/// The letters over column `c` of a leaning board, whole or not at all: hexagons leave room
/// for every name; close cells (two screen columns apart) show every one-letter column and
/// every other one past `z`, so that a two-letter name has the next cell's place; dense
/// cells (zoomed out, side by side) every one-letter column and, from the column after
/// `aa`, every third, so that two-letter names keep a column clear on either side. A name
/// is never cut to its last letter, which would read as another column.
fn column_label(c: usize, hex: bool, dense: bool) -> Option<String> {
    let shown = match (hex, dense) {
        (true, _) => true,
        _ if c < 26 => true,
        (false, true) => c > 26 && (c - 27).is_multiple_of(3),
        (false, false) => c.is_multiple_of(2),
    };
    shown.then(|| coords::column(c))
}

/// The column letters above and below a square board, the row numbers (from 1) beside it.
fn coordinates(layout: &Layout, rows: usize, cols: usize, label: Style, buf: &mut Buffer) {
    let (size, grid) = (layout.size, layout.grid);
    for c in 0..cols {
        let (x, _) = cell_origin(layout, (0, c));
        let x = x + size.inner_w.saturating_sub(1) / 2;
        let text = coords::column(c);
        buf.set_string(x, grid.y.saturating_sub(1), &text, label);
        buf.set_string(x, grid.bottom(), &text, label);
    }
    for r in 0..rows {
        let (_, y) = cell_origin(layout, (r, 0));
        let y = y + size.inner_h.saturating_sub(1) / 2;
        let text = format!("{:>2}", coords::row(r));
        buf.set_string(grid.x.saturating_sub(LABEL_W), y, &text, label);
        buf.set_string(grid.right() + 1, y, coords::row(r), label);
    }
}

fn draw_grid(buf: &mut Buffer, grid: Rect, rows: u16, cols: u16, size: CellSize, style: Style) {
    let (px, py) = size.pitch();
    for y in 0..grid.height {
        for x in 0..grid.width {
            let on_v = x % px == 0;
            let on_h = y % py == 0;
            let ch = match (on_h, on_v) {
                (false, false) => continue,
                (true, false) => '─',
                (false, true) => '│',
                (true, true) => {
                    let top = y == 0;
                    let bottom = y == rows * py;
                    let left = x == 0;
                    let right = x == cols * px;
                    match (top, bottom, left, right) {
                        (true, _, true, _) => '┌',
                        (true, _, _, true) => '┐',
                        (_, true, true, _) => '└',
                        (_, true, _, true) => '┘',
                        (true, ..) => '┬',
                        (_, true, ..) => '┴',
                        (_, _, true, _) => '├',
                        (_, _, _, true) => '┤',
                        _ => '┼',
                    }
                }
            };
            if let Some(cell) = buf.cell_mut((grid.x + x, grid.y + y)) {
                cell.set_char(ch).set_style(style);
            }
        }
    }
}

/// The cursor as a bold frame around its cell.
fn draw_cursor(buf: &mut Buffer, layout: &Layout, cell: Cell, color: bool) {
    let (x, y) = cell_origin(layout, cell);
    let (w, h) = (layout.size.inner_w, layout.size.inner_h);
    let rect = Rect::new(x - 1, y - 1, w + 2, h + 2);
    let style = if color {
        Style::new()
            .fg(Color::Yellow)
            .bg(Color::Green)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::BOLD)
    };
    Block::bordered()
        .border_set(border::THICK)
        .border_style(style)
        .render(rect, buf);
}

/// Draws the side panel: the players and their scores, the goal, how the game ended, the
/// move log. Returns the move log's rectangle.
fn side_panel<G: StoneGame>(
    app: &StonesScreen<G>,
    layout: &Layout,
    ending: Option<&Ending>,
    area: Rect,
    buf: &mut Buffer,
) -> Rect {
    let theme = app.theme;
    let plain = !theme.color;
    let frame = app.frame();
    let score = frame.score;
    let mut lines: Vec<Line> = Vec::new();
    for side in Side::BOTH {
        let arrow = if frame.to_move == Some(side) {
            "▸"
        } else {
            " "
        };
        lines.push(Line::from(vec![
            Span::styled(arrow, theme.key()),
            Span::styled(
                format!("{} {:<6}", G::stone_glyph(side, plain), G::side_title(side)),
                side_style(app, side),
            ),
            Span::raw(format!("{:>3}", score[side.index()])),
            Span::styled(format!("  {}", app.seat_label(side)), theme.dim()),
        ]));
    }
    for goal in G::GOAL {
        lines.push(Line::styled(*goal, theme.dim()));
    }
    if layout.scrolls(app.game().dims()) {
        // In fewer words on a narrow panel, or not at all: never a number cut short.
        let ((r0, c0), (vr, vc)) = (layout.first, layout.shown);
        let (rows, cols) = (
            coords::rows(r0, r0 + vr - 1),
            coords::columns(c0, c0 + vc - 1),
        );
        let wordings = [
            format!("Rows {rows}, cols {cols} shown"),
            format!("Rows {rows}, cols {cols}"),
            String::new(),
        ];
        let text = fit::first_fitting(&wordings, usize::from(area.width));
        lines.push(Line::styled(text, theme.key()));
    }
    lines.push(Line::raw(""));
    // How the game ended (Islands: the chain); the result itself is the game-over box's.
    if let Some(how) = ending.and_then(|(_, how)| how.clone()) {
        lines.push(Line::styled(how, theme.dim()));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled("Moves", theme.title()));
    let head = lines.len();
    let history = app.history();
    let room = usize::from(area.height).saturating_sub(head);
    // The log lists the moves the board drawn has had, the last at the bottom unless
    // scrolled back.
    let end = frame.moves.saturating_sub(app.board.log_back);
    let start = end.saturating_sub(room);
    if frame.moves == 0 {
        lines.push(Line::styled("none yet", theme.dim()));
    }
    for (n, turn) in history.iter().enumerate().take(end).skip(start) {
        let text = format!("{:>3}. {}", n + 1, G::log_line(turn));
        let style = if Some(n) == frame.current && (app.replay().is_some() || app.animating()) {
            theme.current_line()
        } else {
            Style::new()
        };
        lines.push(Line::styled(text, style));
    }
    Paragraph::new(lines).render(area, buf);
    let head = u16::try_from(head).unwrap_or(u16::MAX).min(area.height);
    Rect::new(area.x, area.y + head, area.width, area.height - head)
}

/// `Dark wins 40–24`, once the game is over and the end is on screen: the game-over
/// box's result line, as plain text.
fn result_line<G: StoneGame>(app: &StonesScreen<G>) -> Option<String> {
    if app.replay().is_some() || app.animating() {
        return None;
    }
    let line = app.result_line(|side| Span::raw(G::side_title(side)))?;
    Some(line.to_string())
}

/// The status row's wordings, the fullest first: each side's stone, name and score, then
/// its moves; narrower wordings drop the moves, then the names, so that the state (whose
/// turn, the result) still shows; the state said with the pace, without the speed, then
/// in short.
fn status_wordings<G: StoneGame>(app: &StonesScreen<G>) -> Vec<Vec<Piece>> {
    let theme = app.theme;
    let plain = !theme.color;
    let frame = app.frame();
    let (score, game) = (frame.score, frame.position);
    let sides = |names: bool, moves: bool| -> Vec<Piece> {
        let mut pieces = Vec::new();
        for side in Side::BOTH {
            let glyph = G::stone_glyph(side, plain);
            let text = if names {
                format!(" {glyph} {} {}", G::side_title(side), score[side.index()])
            } else {
                format!(" {glyph} {}", score[side.index()])
            };
            let after = if moves {
                format!(" · {}  ", count(game.mobility(side), "move"))
            } else {
                " ".to_string()
            };
            pieces.push(vec![
                Span::styled(text, side_style(app, side)),
                Span::styled(after, theme.dim()),
            ]);
        }
        if !moves {
            pieces.push(vec![Span::raw(" ")]);
        }
        pieces
    };
    let (long, short) = states(app, &frame);
    let title = |text: &str| vec![Span::styled(text.to_string(), theme.title())];
    let pace = app.pace_spans();
    let paused = pace.get(1..).unwrap_or_default().to_vec();
    let candidates = [(&long, pace), (&long, paused.clone()), (&short, paused)];
    let mut wordings = Vec::new();
    for (text, pace) in &candidates {
        for (names, moves) in [(true, true), (true, false), (false, false)] {
            let mut pieces = sides(names, moves);
            pieces.push(title(text));
            pieces.extend(pace.iter().cloned().map(|span| vec![span]));
            wordings.push(pieces);
        }
    }
    // Narrowest: the scores, then the state in short as far as it fits whole.
    let mut last = sides(false, false);
    last.push(title(&short));
    wordings.push(last);
    wordings
}

/// What the status bar says of the frame shown, in full and in short: the replay's point,
/// the move playing out, the result, or whose turn it is.
fn states<G: StoneGame>(app: &StonesScreen<G>, frame: &Frame<'_, G>) -> (String, String) {
    if let Some(replay) = app.replay() {
        let total = app.history().len();
        let playing = if replay.playing { " ▶" } else { "" };
        return match app.shown_step() {
            None => (
                format!("Replay: the start of {}{playing}", count(total, "move")),
                format!("Start of {total}{playing}"),
            ),
            Some((mv, step)) => {
                // Worded as every game's replay is: `Replay: move 4 of 9 · step 1 of 3`.
                let steps = G::step_count(&app.history()[mv].played);
                let of = if steps > 0 {
                    format!(" · step {step} of {steps}")
                } else {
                    String::new()
                };
                (
                    format!("Replay: move {} of {total}{of}{playing}", mv + 1),
                    format!("Move {}/{total}{playing}", mv + 1),
                )
            }
        };
    }
    if let Some(mv) = frame.moving {
        // A move playing out: its side is still at it.
        let turn = &app.history()[mv];
        let who = G::side_title(turn.side);
        let at = G::cell_of(turn.mv).map(G::cell_name).unwrap_or_default();
        return (format!("{who} plays {at}"), format!("{who} plays"));
    }
    if let Some(flagged) = app.duel().lost_on_time() {
        let result = format!("{} lost on time", app.side_words(flagged));
        return (format!("Game over: {result}"), result);
    }
    if app.game().is_over() {
        let result = result_line(app).unwrap_or_default();
        return (format!("Game over: {result}"), result);
    }
    let side = app.game().to_move();
    let who = G::side_title(side);
    if app.thinking() {
        (
            format!("{who} ({}) is thinking…", app.seat_beside(side)),
            format!("{who} thinking…"),
        )
    } else {
        (format!("{who} to move"), format!("{who} to move"))
    }
}

/// What the keys do right now, in a few words, from the keymap's entries for this state;
/// in a replay, first what the step shown did.
fn key_items<G: StoneGame>(app: &StonesScreen<G>) -> Vec<keybar::Item> {
    // A question's note says the one key that answers it; no other key stands beside it.
    if app.confirm_new {
        return Vec::new();
    }
    let step = match app.shown_step() {
        Some((mv, step)) if app.replay().is_some() && step > 0 => {
            Some(G::step_line(&app.history()[mv].played, step))
        }
        _ => None,
    };
    let closed = app.table_closed();
    let state = app
        .key_state()
        .with(flag::STEP_SHOWN, step.is_some())
        .with(flag::TO_MOVE, app.human_to_move())
        .with(flag::HINTS, G::HINTS);
    let cell = G::cell_name(app.board.cursor);
    let reason = closed.map(|r| r.to_string()).unwrap_or_default();
    let fills = [
        ("step", step.as_deref().unwrap_or_default()),
        ("reason", reason.as_str()),
        ("place", G::PLACE_WORDS),
        ("cell", cell.as_str()),
        ("hint", G::HINT_NAME),
    ];
    let offers = keymap::offers::bar(Where::Duel, state);
    keybar::items(&offers, &fills)
}

/// The keys of this mode and context, from the keymap, in this game's words.
pub(super) fn help_lines<G: StoneGame>(mode: KeyMode, ctx: Context) -> Vec<(&'static str, String)> {
    let mut lines = Vec::new();
    for (action, label, help) in keymap::offered(mode, ctx) {
        let text = match (mode, action) {
            (_, Action::SwitchFocus | Action::PickCard(_)) => continue,
            (KeyMode::Play, Action::Cancel) => continue,
            (KeyMode::Play, Action::Confirm) if ctx == Context::Watching => help.to_string(),
            (KeyMode::Play, Action::Confirm) => format!("{} (or click a cell)", G::PLACE_WORDS),
            (_, Action::ToggleHints) if !G::HINTS => continue,
            (_, Action::ToggleHints) => format!("{}: {}", G::HINT_NAME, G::HINT_WORDS),
            (KeyMode::Play, Action::Up) if G::LEAN => "cursor up-right (the row above)".into(),
            (KeyMode::Play, Action::Down) if G::LEAN => "cursor down-left (the row below)".into(),
            (KeyMode::Play, Action::Replay) => {
                format!("replay the last move: {}", G::STEP_WORDS)
            }
            (KeyMode::Replay, Action::Left) => "one step back".to_string(),
            (KeyMode::Replay, Action::Right) => "one step on".to_string(),
            (_, Action::SkipAnimation) => "skip the animation".to_string(),
            (KeyMode::Play, Action::Faster) if ctx != Context::Watching => {
                "animation faster / slower".to_string()
            }
            (_, Action::LogUp) => "scroll the move log (or the mouse wheel)".to_string(),
            _ => help.to_string(),
        };
        lines.push((label, text));
        if G::LEAN && mode == KeyMode::Play && action == Action::Right {
            lines.push(("Home End", "cursor up-left / down-right".to_string()));
        }
    }
    if G::LEAN {
        lines.push(("z", "zoom out / in (large boards scroll)".to_string()));
    }
    lines
}
