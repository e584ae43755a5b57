//! Where everything goes on a screen of a given size, and what a mouse click lands on. One
//! computation serves drawing and input, so a click always means what the screen shows.

use ratatui::layout::{Position, Rect};

use crate::games::three_trios::{Player, Pos};
use crate::tui::three_trios::app::ThreeTriosScreen;
use crate::tui::view::frame::{STATUS_ROWS, TITLE_ROWS};

/// How big a grid cell is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileSize {
    /// 15x7 with a border and the card's name, for large windows.
    Wide,
    /// 11x5 with a border and the card's name.
    Large,
    /// 5x3: the four values and the owner's letter.
    Compact,
}

impl TileSize {
    /// Width and height of one tile.
    pub const fn dims(self) -> (u16, u16) {
        match self {
            TileSize::Wide => (15, 7),
            TileSize::Large => (11, 5),
            TileSize::Compact => (5, 3),
        }
    }

    /// Columns between tiles.
    pub const fn gap(self) -> u16 {
        1
    }
}

/// What a click landed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    HandCard(Player, usize),
    Cell(Pos),
}

/// A hand panel: its block and how its cards are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandArea {
    pub block: Rect,
    /// Rows per card in the text list: 2 (name, then values) or 1 when space is short.
    pub rows_per_card: u16,
    /// Index of the first card shown (the list scrolls to keep the cursor in view).
    pub first: usize,
    /// Cards drawn as small tiles, this many a row; 0 for the text list.
    pub tiles_per_row: u16,
    /// The tiles' width: [`HAND_TILE`]'s at least, wider (up to [`HAND_TILE_MAX`]) when the
    /// panel has room, for longer names.
    pub tile_width: u16,
}

/// Least width and the height of a card drawn as a tile in a hand: the board's large tile.
pub const HAND_TILE: (u16, u16) = TileSize::Large.dims();
/// The widest a hand's tile grows: the board's wide tile.
pub const HAND_TILE_MAX: u16 = TileSize::Wide.dims().0;

impl HandArea {
    fn inner(&self) -> Rect {
        self.block.inner(ratatui::layout::Margin::new(1, 1))
    }

    /// The screen cells of card `index`, if it is shown: its tile, or its rows of the list.
    pub fn card_rect(&self, index: usize) -> Option<Rect> {
        let inner = self.inner();
        let slot = u16::try_from(index.checked_sub(self.first)?).ok()?;
        if self.tiles_per_row > 0 {
            let (w, h) = (self.tile_width, HAND_TILE.1);
            let per_row = self.tiles_per_row;
            let (row, col) = (slot / per_row, slot % per_row);
            let used = per_row * w + (per_row - 1);
            let x = inner.x + inner.width.saturating_sub(used) / 2 + col * (w + 1);
            let y = inner.y.checked_add(row.checked_mul(h)?)?;
            return (y.saturating_add(h) <= inner.bottom()).then(|| Rect::new(x, y, w, h));
        }
        let y = inner.y.checked_add(slot.checked_mul(self.rows_per_card)?)?;
        (y.saturating_add(self.rows_per_card) <= inner.bottom())
            .then(|| Rect::new(inner.x, y, inner.width, self.rows_per_card))
    }

    /// How many cards fit.
    pub fn capacity(&self) -> usize {
        let inner = self.inner();
        if self.tiles_per_row > 0 {
            return usize::from(self.tiles_per_row) * usize::from(inner.height / HAND_TILE.1);
        }
        (inner.height / self.rows_per_card.max(1)) as usize
    }

    /// The card under screen position `at`, if any (within the panel's frame).
    fn card_at(&self, at: Position) -> Option<usize> {
        let inner = self.inner();
        if !inner.contains(at) {
            return None;
        }
        if self.tiles_per_row > 0 {
            return (self.first..self.first + self.capacity())
                .find(|&i| self.card_rect(i).is_some_and(|r| r.contains(at)));
        }
        Some(self.first + ((at.y - inner.y) / self.rows_per_card.max(1)) as usize)
    }

    /// How many tiles a row of a panel `block` holds, and how wide, if its cards are best
    /// drawn as tiles: every one of `cards` fits, a whole tile each. (0, 0) otherwise (the
    /// text list).
    fn tiles_for(block: Rect, cards: u16) -> (u16, u16) {
        let inner = block.inner(ratatui::layout::Margin::new(1, 1));
        let (w, h) = HAND_TILE;
        let per_row = (inner.width + 1) / (w + 1);
        if per_row == 0 || cards.div_ceil(per_row).saturating_mul(h) > inner.height {
            return (0, 0);
        }
        let width = ((inner.width + 1) / per_row - 1).min(HAND_TILE_MAX);
        (per_row, width)
    }
}

/// The screen split into its panes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub area: Rect,
    /// Set when the screen is below the minimum: (columns, rows) needed.
    pub too_small: Option<(u16, u16)>,
    pub red: HandArea,
    pub blue: HandArea,
    /// The board's block (border included), as wide as the middle column.
    pub board: Rect,
    /// Screen position of the top-left tile.
    pub tiles: (u16, u16),
    pub tile: TileSize,
    /// The grid's rows and columns.
    pub grid: (usize, usize),
    /// The first grid row and column shown: (0, 0) unless the board is bigger than the
    /// window, when the view follows the grid cursor.
    pub origin: (usize, usize),
    /// How many grid rows and columns are shown (the whole grid when it fits).
    pub view: (usize, usize),
    pub log: Rect,
    pub status: Rect,
    /// Columns inside the board's frame, left of the tiles, for the row numbers.
    pub gutter: u16,
}

const SIDE_MIN: u16 = 17;
const SIDE_LARGE: u16 = 24;
/// Side panels beside wide tiles: room for long card names.
const SIDE_WIDE: u16 = 30;
const LOG_MIN: u16 = 3;
/// The rows the game frame keeps: its title above, its status below.
const STATUS: u16 = TITLE_ROWS + STATUS_ROWS;

impl Layout {
    /// The layout of `app` on `area`.
    pub fn compute(area: Rect, app: &ThreeTriosScreen) -> Layout {
        let grid = app.game().grid();
        let (rows, cols) = (
            u16::try_from(grid.rows()).unwrap_or(u16::MAX),
            u16::try_from(grid.cols()).unwrap_or(u16::MAX),
        );
        let hand_len = |p| u16::try_from(app.game().hand(p).len().max(1)).unwrap_or(u16::MAX);
        let longest_hand = hand_len(Player::Red).max(hand_len(Player::Blue));
        let (all_rows, all_cols) = (rows, cols);
        // The row numbers' column: the widest number and a space.
        let gutter = u16::try_from(rows.to_string().len() + 1).unwrap_or(u16::MAX);
        let board_dims = |tile: TileSize, rows: u16, cols: u16| {
            let (w, h) = tile.dims();
            let width = cols
                .saturating_mul(w)
                .saturating_add((cols.saturating_sub(1)).saturating_mul(tile.gap()));
            (
                width.saturating_add(2 + gutter),
                rows.saturating_mul(h).saturating_add(2),
            )
        };
        let fits = |tile: TileSize, side: u16, log: u16| {
            let (bw, bh) = board_dims(tile, all_rows, all_cols);
            let width = bw.saturating_add(side.saturating_mul(2));
            let height = bh.saturating_add(log + 2).saturating_add(STATUS);
            (width, height, width <= area.width && height <= area.height)
        };
        // The biggest tiles that fit with roomy side panels and a real log; else compact.
        let (tile, side) = if fits(TileSize::Wide, SIDE_WIDE, 10).2 {
            (TileSize::Wide, SIDE_WIDE)
        } else if fits(TileSize::Large, SIDE_LARGE, 6).2 {
            (TileSize::Large, SIDE_LARGE)
        } else {
            (TileSize::Compact, SIDE_MIN)
        };
        let (mut need_w, mut need_h, mut ok) = fits(tile, SIDE_MIN, LOG_MIN);
        // A board bigger than the window is shown in part, compact, following the cursor:
        // as many rows and columns as fit, and at least three of each (or all there are).
        let (cw, ch) = TileSize::Compact.dims();
        let gap = TileSize::Compact.gap();
        let room_w = area.width.saturating_sub(2 * SIDE_MIN + 2 + gutter);
        let room_h = area.height.saturating_sub(STATUS + LOG_MIN + 2 + 2);
        let mut view = (all_rows, all_cols);
        if !ok {
            let fit_cols = ((room_w + gap) / (cw + gap)).min(all_cols);
            let fit_rows = (room_h / ch).min(all_rows);
            let (least_rows, least_cols) = (all_rows.min(3), all_cols.min(3));
            let (lw, lh) = board_dims(TileSize::Compact, least_rows, least_cols);
            need_w = lw + 2 * SIDE_MIN;
            need_h = lh + LOG_MIN + 2 + STATUS;
            ok = fit_cols >= least_cols && fit_rows >= least_rows;
            view = (fit_rows.max(1), fit_cols.max(1));
        }
        let need_h = need_h.max(STATUS + 8);
        let cursor = app.board.grid_cursor;
        let start = |at: usize, shown: u16, all: u16| {
            at.saturating_sub(shown as usize / 2)
                .min(all.saturating_sub(shown) as usize)
        };
        let origin = (
            start(cursor.row, view.0, all_rows),
            start(cursor.col, view.1, all_cols),
        );
        let mut layout = Layout {
            area,
            too_small: (!ok || area.height < need_h).then_some((need_w, need_h)),
            red: HandArea {
                block: Rect::default(),
                rows_per_card: 2,
                first: 0,
                tiles_per_row: 0,
                tile_width: 0,
            },
            blue: HandArea {
                block: Rect::default(),
                rows_per_card: 2,
                first: 0,
                tiles_per_row: 0,
                tile_width: 0,
            },
            board: Rect::default(),
            tiles: (0, 0),
            tile,
            grid: (grid.rows(), grid.cols()),
            origin,
            view: (view.0 as usize, view.1 as usize),
            log: Rect::default(),
            status: Rect::default(),
            gutter,
        };
        if layout.too_small.is_some() {
            return layout;
        }
        let (board_w, board_h) = board_dims(tile, view.0, view.1);
        let main_h = area.height - STATUS;
        // Side panels grow up to their roomy width; anything more goes to the middle (log).
        let side = ((area.width - board_w) / 2).clamp(SIDE_MIN, side.max(SIDE_LARGE));
        let middle_w = area.width - 2 * side;
        let top = area.y + TITLE_ROWS;
        layout.status = Rect::new(area.x, top + main_h, area.width, STATUS_ROWS);
        let red = Rect::new(area.x, top, side, main_h);
        let blue = Rect::new(area.x + side + middle_w, top, side, main_h);
        layout.board = Rect::new(area.x + side, top, middle_w, board_h);
        layout.tiles = (
            area.x + side + (middle_w - board_w) / 2 + 1 + gutter,
            top + 1,
        );
        layout.log = Rect::new(area.x + side, top + board_h, middle_w, main_h - board_h);
        // Two rows a card (name, then the four values with their arrows) whenever five or
        // more fit: a longer hand scrolls with its cursor rather than lose its values.
        let card_rows = main_h.saturating_sub(2);
        let rows_per_card = if card_rows >= longest_hand.saturating_mul(2) || card_rows >= 10 {
            2
        } else {
            1
        };
        // Beside a board of bordered tiles, hands whose whole deal fits as small tiles are
        // drawn so, for the whole match; else (a long hand, a small window) as a list.
        let dealt = app
            .states
            .first()
            .map_or(longest_hand, |start| {
                let len = |p| u16::try_from(start.hand(p).len()).unwrap_or(u16::MAX);
                len(Player::Red).max(len(Player::Blue))
            })
            .max(1);
        let (tiles_per_row, tile_width) = match tile {
            TileSize::Compact => (0, 0),
            TileSize::Wide | TileSize::Large => HandArea::tiles_for(red, dealt),
        };
        for (player, block) in [(Player::Red, red), (Player::Blue, blue)] {
            let mut hand = HandArea {
                block,
                rows_per_card,
                first: 0,
                tiles_per_row,
                tile_width,
            };
            let cursor = if player == app.game().turn() {
                app.board.hand_cursor
            } else {
                0
            };
            let capacity = hand.capacity().max(1);
            hand.first = cursor.saturating_sub(capacity - 1);
            match player {
                Player::Red => layout.red = hand,
                Player::Blue => layout.blue = hand,
            }
        }
        layout
    }

    /// The screen rectangle of grid cell `pos` (meaningful when [`Layout::shows`] it).
    pub fn cell_rect(&self, pos: Pos) -> Rect {
        let (w, h) = self.tile.dims();
        let col = pos.col.saturating_sub(self.origin.1) as u16;
        let row = pos.row.saturating_sub(self.origin.0) as u16;
        let x = self.tiles.0 + col.saturating_mul(w + self.tile.gap());
        let y = self.tiles.1 + row.saturating_mul(h);
        Rect::new(x, y, w, h)
    }

    /// Whether grid cell `pos` is in the part of the board on screen.
    pub fn shows(&self, pos: Pos) -> bool {
        (self.origin.0..self.origin.0 + self.view.0).contains(&pos.row)
            && (self.origin.1..self.origin.1 + self.view.1).contains(&pos.col)
    }

    /// Whether only part of the board fits on screen.
    pub fn partial(&self) -> bool {
        self.view != self.grid
    }

    /// The hand panel of `player`.
    pub fn hand(&self, player: Player) -> &HandArea {
        match player {
            Player::Red => &self.red,
            Player::Blue => &self.blue,
        }
    }

    /// What is under screen position `at`: a hand card or a grid cell.
    pub fn hit(&self, at: Position) -> Option<Hit> {
        if self.too_small.is_some() {
            return None;
        }
        for player in Player::BOTH {
            let hand = self.hand(player);
            if hand.block.contains(at) {
                return hand.card_at(at).map(|index| Hit::HandCard(player, index));
            }
        }
        if !self.board.contains(at) {
            return None;
        }
        let (w, h) = self.tile.dims();
        let dx = at.x.checked_sub(self.tiles.0)?;
        let dy = at.y.checked_sub(self.tiles.1)?;
        let (col, within) = (dx / (w + self.tile.gap()), dx % (w + self.tile.gap()));
        if within >= w {
            return None;
        }
        let pos = Pos::new(
            self.origin.0 + (dy / h) as usize,
            self.origin.1 + col as usize,
        );
        if !self.shows(pos) {
            return None;
        }
        let rect = self.cell_rect(pos);
        rect.contains(at).then_some(Hit::Cell(pos))
    }
}
