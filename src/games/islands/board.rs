//! The board of Islands of Hex: stones on an N x N grid of hexagons, with every island count
//! and the end of the game kept up to date as each stone is placed, in near-constant time.
//!
//! Islands are the groups of a union-find over the cells (path halving, union by rank).
//! Which board edges a group touches is kept as flags on its root, merged on union: the four
//! virtual edge nodes of the textbook method, without letting two islands on one edge count
//! as one.

use std::fmt;

/// A stone's colour. White moves first and joins top to bottom; black joins left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stone {
    White,
    Black,
}

impl Stone {
    pub const BOTH: [Stone; 2] = [Stone::White, Stone::Black];

    pub const fn other(self) -> Stone {
        match self {
            Stone::White => Stone::Black,
            Stone::Black => Stone::White,
        }
    }

    /// `WHITE` or `BLACK`, as the text view names the players.
    pub const fn name(self) -> &'static str {
        match self {
            Stone::White => "WHITE",
            Stone::Black => "BLACK",
        }
    }

    /// `W` or `B`, as the text view draws the stones.
    pub const fn letter(self) -> char {
        match self {
            Stone::White => 'W',
            Stone::Black => 'B',
        }
    }

    const fn index(self) -> usize {
        self as usize
    }

    /// The stone's number in the board's cells: 1 white, 2 black.
    pub(crate) const fn code(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a cell cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{row} {col} is off the board; rows and columns run from 0 to {last}")]
    OffBoard { row: i64, col: i64, last: usize },
    #[error("{row} {col} is taken")]
    Taken { row: usize, col: usize },
}

/// The largest board side.
pub const MAX_SIZE: usize = 5000;

/// Edge flags of a group.
const TOP: u8 = 1;
const BOTTOM: u8 = 2;
const LEFT: u8 = 4;
const RIGHT: u8 = 8;

/// The six neighbours of (r, c) as (row, col) steps: left, right, up, down, up-left,
/// down-right.
pub const NEIGHBOURS: [(i64, i64); 6] = [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, 1)];

/// The cells next to the cell at row-major index `at` on an `n` x `n` board.
pub fn neighbours_of(n: usize, at: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((at / n) as i64, (at % n) as i64);
    let side = n as i64;
    NEIGHBOURS.iter().filter_map(move |&(dr, dc)| {
        let (nr, nc) = (r + dr, c + dc);
        (nr >= 0 && nc >= 0 && nr < side && nc < side).then(|| nr as usize * n + nc as usize)
    })
}

/// The edges a stone of `stone` on (row, col) touches among the two its chain joins.
fn edge_flags(size: usize, row: usize, col: usize, stone: Stone) -> u8 {
    match stone {
        Stone::White => {
            (if row == 0 { TOP } else { 0 }) | (if row + 1 == size { BOTTOM } else { 0 })
        }
        Stone::Black => {
            (if col == 0 { LEFT } else { 0 }) | (if col + 1 == size { RIGHT } else { 0 })
        }
    }
}

/// The edge flags of a complete chain of `stone`.
fn chain_flags(stone: Stone) -> u8 {
    match stone {
        Stone::White => TOP | BOTTOM,
        Stone::Black => LEFT | RIGHT,
    }
}

/// The group a stone being placed belongs to so far.
struct Group {
    root: usize,
    flags: u8,
    /// Distinct groups joined.
    joined: usize,
}

/// An Islands of Hex board.
///
/// Invariants: `islands[s]` is the number of groups of colour `s`; `edges[root]` holds the
/// edges its group touches; `over` is set by the first stone that completed its colour's
/// chain and never changes after.
#[derive(Debug, Clone)]
pub struct Board {
    size: usize,
    /// 0 empty, 1 white, 2 black; row-major.
    cells: Vec<u8>,
    parent: Vec<u32>,
    rank: Vec<u8>,
    edges: Vec<u8>,
    islands: [usize; 2],
    stones: usize,
    over: Option<Stone>,
}

/// A board side out of range, as given (a number, or text escaped).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a board is 1 to {MAX_SIZE} cells a side, not {0}")]
pub struct BoardSizeError(pub String);

impl Board {
    /// An empty `size` x `size` board. Panics on a size of 0 or above [`MAX_SIZE`], which the
    /// command line and every caller check first (see [`Board::try_new`]).
    pub fn new(size: usize) -> Board {
        Board::try_new(size).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An empty board, or why `size` is not a board side.
    pub fn try_new(size: usize) -> Result<Board, BoardSizeError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(BoardSizeError(size.to_string()));
        }
        let n = size * size;
        Ok(Board {
            size,
            cells: vec![0; n],
            parent: (0..n as u32).collect(),
            rank: vec![0; n],
            edges: vec![0; n],
            islands: [0, 0],
            stones: 0,
            over: None,
        })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// The cell's index, or why it is off the board.
    fn index(&self, row: i64, col: i64) -> Result<usize, PlayError> {
        let n = self.size as i64;
        if (0..n).contains(&row) && (0..n).contains(&col) {
            Ok(row as usize * self.size + col as usize)
        } else {
            Err(PlayError::OffBoard {
                row,
                col,
                last: self.size - 1,
            })
        }
    }

    /// Whether (row, col) is empty; an error off the board.
    pub fn can_play(&self, row: i64, col: i64) -> Result<bool, PlayError> {
        Ok(self.cells[self.index(row, col)?] == 0)
    }

    /// The stone on a cell, if any (`None` off the board too).
    pub fn stone(&self, row: usize, col: usize) -> Option<Stone> {
        if row >= self.size || col >= self.size {
            return None;
        }
        match self.cells[row * self.size + col] {
            1 => Some(Stone::White),
            2 => Some(Stone::Black),
            _ => None,
        }
    }

    /// Places `stone` on (row, col) and says whether the game is over after it. Turn order
    /// is not checked (a match checks it); after the end, stones still go on empty cells and
    /// the answer stays `true`.
    pub fn make_play(&mut self, row: i64, col: i64, stone: Stone) -> Result<bool, PlayError> {
        let at = self.index(row, col)?;
        if self.cells[at] != 0 {
            return Err(PlayError::Taken {
                row: row as usize,
                col: col as usize,
            });
        }
        self.place(at, stone);
        Ok(self.over.is_some())
    }

    /// Places a stone on the empty cell `at`: one island more, less one for every distinct
    /// group of its colour it joins; the game ends when the group reaches both of its edges.
    fn place(&mut self, at: usize, stone: Stone) {
        let size = self.size;
        let (row, col) = (at / size, at % size);
        self.cells[at] = stone.code();
        self.stones += 1;
        let flags = edge_flags(size, row, col, stone);
        self.edges[at] = flags;
        let code = stone.code();
        let mut group = Group {
            root: at,
            flags,
            joined: 0,
        };
        if row > 0 && col > 0 && row + 1 < size && col + 1 < size {
            // Inside the board every neighbour exists: no bounds to check.
            for next in [
                at - 1,
                at + 1,
                at - size,
                at + size,
                at - size - 1,
                at + size + 1,
            ] {
                self.join(&mut group, next, code);
            }
        } else {
            for (dr, dc) in NEIGHBOURS {
                let (r, c) = (row as i64 + dr, col as i64 + dc);
                if r >= 0 && c >= 0 && r < size as i64 && c < size as i64 {
                    self.join(&mut group, r as usize * size + c as usize, code);
                }
            }
        }
        let (flags, joined) = (group.flags, group.joined);
        self.islands[stone.index()] = self.islands[stone.index()] + 1 - joined;
        let chain = chain_flags(stone);
        if self.over.is_none() && flags & chain == chain {
            self.over = Some(stone);
        }
    }

    /// Joins the new stone's group to the group on `next`, if that cell holds its colour
    /// (`code`) and is another group.
    #[inline(always)]
    fn join(&mut self, group: &mut Group, next: usize, code: u8) {
        if self.cells[next] != code {
            return;
        }
        let other = self.find(next);
        if other != group.root {
            group.joined += 1;
            group.flags |= self.edges[other];
            group.root = if group.joined == 1 {
                // The new stone alone so far: it hangs under the group it joins.
                self.parent[group.root] = other as u32;
                other
            } else {
                self.union(group.root, other)
            };
            self.edges[group.root] = group.flags;
        }
    }

    /// The root of `x`'s group, halving the path on the way.
    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let grand = self.parent[self.parent[x] as usize];
            self.parent[x] = grand;
            x = grand as usize;
        }
        x
    }

    /// Joins two roots; returns the new root.
    fn union(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.rank[a] >= self.rank[b] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[small] = big as u32;
        if self.rank[big] == self.rank[small] {
            self.rank[big] += 1;
        }
        big
    }

    /// The root of `x`'s group, without shortening paths (for a shared board).
    fn root(&self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            x = self.parent[x] as usize;
        }
        x
    }

    /// What a stone of `stone` on the empty cell at row-major index `at` would do, without
    /// placing it: its colour's islands after it, and whether it would complete its chain.
    /// A few steps, not a pass over the board.
    pub(crate) fn would_place(&self, at: usize, stone: Stone) -> (usize, bool) {
        let size = self.size;
        let code = stone.code();
        let mut flags = edge_flags(size, at / size, at % size, stone);
        let mut roots = [usize::MAX; 6];
        let mut joined = 0;
        for next in neighbours_of(size, at) {
            if self.cells[next] != code {
                continue;
            }
            let root = self.root(next);
            if !roots[..joined].contains(&root) {
                roots[joined] = root;
                joined += 1;
                flags |= self.edges[root];
            }
        }
        let chain = chain_flags(stone);
        (
            self.islands[stone.index()] + 1 - joined,
            flags & chain == chain,
        )
    }

    /// The cells, row-major: 0 empty, 1 white, 2 black.
    pub(crate) fn codes(&self) -> &[u8] {
        &self.cells
    }

    /// Whether the cell at row-major index `at` is empty (`at` must be on the board).
    pub(crate) fn is_empty_at(&self, at: usize) -> bool {
        self.cells[at] == 0
    }

    /// Places `stone` on the empty cell at row-major index `at` and says whether the game is
    /// over after it: [`Board::make_play`] without the checks, for searches that keep their
    /// own list of empty cells.
    pub(crate) fn place_at(&mut self, at: usize, stone: Stone) -> bool {
        debug_assert_eq!(self.cells[at], 0);
        self.place(at, stone);
        self.over.is_some()
    }

    /// Makes `self` a copy of `other`, reusing its memory (searches copy one board many
    /// times a second).
    pub(crate) fn copy_from(&mut self, other: &Board) {
        self.size = other.size;
        self.cells.clone_from(&other.cells);
        self.parent.clone_from(&other.parent);
        self.rank.clone_from(&other.rank);
        self.edges.clone_from(&other.edges);
        self.islands = other.islands;
        self.stones = other.stones;
        self.over = other.over;
    }

    /// Every island of `stone`, numbered from 1 in the row-major order of their first cells:
    /// for every cell, row-major, 0 or its island's number (a flood fill, for drawing and
    /// for players; the counts are kept as stones are placed).
    pub fn island_labels(&self, stone: Stone) -> Vec<u32> {
        let n = self.size;
        let code = stone.code();
        let mut label = vec![0u32; n * n];
        let mut count = 0;
        let mut stack = Vec::new();
        for start in 0..n * n {
            if label[start] != 0 || self.cells[start] != code {
                continue;
            }
            count += 1;
            label[start] = count;
            stack.push(start);
            while let Some(at) = stack.pop() {
                for next in neighbours_of(n, at) {
                    if label[next] == 0 && self.cells[next] == code {
                        label[next] = count;
                        stack.push(next);
                    }
                }
            }
        }
        label
    }

    /// White's islands: its score.
    pub fn white_score(&self) -> usize {
        self.islands[Stone::White.index()]
    }

    /// Black's islands: its score.
    pub fn black_score(&self) -> usize {
        self.islands[Stone::Black.index()]
    }

    /// Islands of one colour.
    pub fn islands(&self, stone: Stone) -> usize {
        self.islands[stone.index()]
    }

    /// Whether a chain has been made.
    pub fn is_over(&self) -> bool {
        self.over.is_some()
    }

    /// The colour whose chain ended the game, once one did.
    pub fn chain_maker(&self) -> Option<Stone> {
        self.over
    }

    /// Stones on the board.
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Bytes the board holds on the heap: about 7 a cell.
    pub fn heap_bytes(&self) -> usize {
        self.cells.capacity()
            + self.parent.capacity() * 4
            + self.rank.capacity()
            + self.edges.capacity()
    }
}
