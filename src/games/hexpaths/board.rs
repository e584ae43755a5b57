//! A board with its barriers fixed: the walls of every cell, where a slide in each direction
//! stops on an empty board, and the slides, steps and shortest single-piece paths with
//! pieces on it.
//!
//! Invariant: `reach[c][d]` is how many cells a piece leaving `c` in direction `d` passes on
//! an empty board before a wall stops it, so the slide ends at `RAYS[c][d][reach − 1]`; a
//! piece in the way shortens it to just before that piece.

use super::barriers::{Nook, wall_masks};
use super::geometry::{CELLS, Cell, DIRS, Dir, NEIGHBOURS, NONE, RAYS, opposite};

/// A set of cells as a 256-bit mask.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cells([u64; 4]);

impl Cells {
    pub const EMPTY: Cells = Cells([0; 4]);

    /// The set of these cells.
    pub fn of(cells: &[Cell]) -> Cells {
        let mut set = Cells::EMPTY;
        for &c in cells {
            set.insert(c);
        }
        set
    }

    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[(c >> 6) as usize] & (1 << (c & 63)) != 0
    }

    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] |= 1 << (c & 63);
    }

    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] &= !(1 << (c & 63));
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells, ascending.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..CELLS as Cell).filter(|&c| self.contains(c))
    }
}

/// The barriers of a game, worked out for fast slides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    walls: [u8; CELLS],
    reach: [[u8; 6]; CELLS],
    nooks: Cells,
}

/// "Not reachable" in distance tables.
pub const UNREACHABLE: u8 = u8::MAX;

impl Board {
    /// The board with these crannies and nooks (and the perimeter). Any barriers are
    /// accepted; whether they are legal is checked elsewhere.
    pub fn new(crannies: &[Cell], nooks: &[Nook]) -> Board {
        let walls = wall_masks(crannies, nooks);
        let mut reach = [[0u8; 6]; CELLS];
        for (c, row) in reach.iter_mut().enumerate() {
            for d in DIRS {
                let mut at = c;
                let mut n = 0;
                while walls[at] & (1 << d) == 0 {
                    at = NEIGHBOURS[at][d as usize] as usize;
                    n += 1;
                }
                row[d as usize] = n;
            }
        }
        let nook_cells: Vec<Cell> = nooks.iter().map(|n| n.cell).collect();
        Board {
            walls,
            reach,
            nooks: Cells::of(&nook_cells),
        }
    }

    /// The wall mask of a cell: bit `d` set when a piece cannot leave it in direction `d`.
    pub fn walls(&self, cell: Cell) -> u8 {
        self.walls[cell as usize]
    }

    /// Whether a barrier (or the edge) stops a piece leaving `cell` in direction `d`.
    pub fn blocked(&self, cell: Cell, d: Dir) -> bool {
        self.walls[cell as usize] & (1 << d) != 0
    }

    /// Whether a nook is at `cell`.
    pub fn is_nook(&self, cell: Cell) -> bool {
        self.nooks.contains(cell)
    }

    /// The nook cells.
    pub fn nooks(&self) -> Cells {
        self.nooks
    }

    /// Where a lone piece leaving `cell` in direction `d` stops, or `None` if it cannot move.
    pub fn slide_empty(&self, cell: Cell, d: Dir) -> Option<Cell> {
        let n = self.reach[cell as usize][d as usize];
        (n > 0).then(|| RAYS[cell as usize][d as usize][n as usize - 1])
    }

    /// Where a piece leaving `cell` in direction `d` stops with pieces on `occupied` (the
    /// moving piece's own cell may be in it or not), or `None` if it cannot move.
    #[inline]
    pub fn slide(&self, cell: Cell, d: Dir, occupied: &Cells) -> Option<Cell> {
        let ray = &RAYS[cell as usize][d as usize];
        let n = self.reach[cell as usize][d as usize] as usize;
        let mut end = NONE;
        for &next in &ray[..n] {
            if occupied.contains(next) {
                break;
            }
            end = next;
        }
        (end != NONE).then_some(end)
    }

    /// The cells one step of the piece at `cell` can end on, by direction.
    pub fn steps(&self, cell: Cell, occupied: &Cells) -> [Option<Cell>; 6] {
        DIRS.map(|d| self.slide(cell, d, occupied))
    }

    /// The direction of a step of the piece at `from` that ends at `to`, if there is one.
    pub fn step_direction(&self, from: Cell, to: Cell, occupied: &Cells) -> Option<Dir> {
        DIRS.into_iter()
            .find(|&d| self.slide(from, d, occupied) == Some(to))
    }

    /// A shortest path of one piece from `start` to `goal` while the pieces on `others`
    /// stand still: `start`, then where each step ends, `goal` last. Among shortest paths
    /// the first found trying directions clockwise from north-east.
    pub fn path(&self, start: Cell, goal: Cell, others: &Cells) -> Option<Vec<Cell>> {
        let mut parent = [NONE; CELLS];
        let mut queue = [0 as Cell; CELLS];
        let (mut head, mut tail) = (0, 1);
        queue[0] = start;
        parent[start as usize] = start;
        while head < tail {
            let at = queue[head];
            head += 1;
            if at == goal {
                let mut path = vec![goal];
                let mut c = goal;
                while c != start {
                    c = parent[c as usize];
                    path.push(c);
                }
                path.reverse();
                return Some(path);
            }
            for d in DIRS {
                if let Some(next) = self.slide(at, d, others)
                    && parent[next as usize] == NONE
                {
                    parent[next as usize] = at;
                    queue[tail] = next;
                    tail += 1;
                }
            }
        }
        None
    }

    /// The fewest steps of one piece from `start` to `goal`, others standing still.
    pub fn path_len(&self, start: Cell, goal: Cell, others: &Cells) -> Option<usize> {
        self.path(start, goal, others).map(|p| p.len() - 1)
    }

    /// The cells a lone piece on the empty board can reach from `start` (itself included).
    pub fn reachable(&self, start: Cell) -> Cells {
        let mut seen = Cells::of(&[start]);
        let mut stack = vec![start];
        while let Some(at) = stack.pop() {
            for d in DIRS {
                if let Some(next) = self.slide_empty(at, d)
                    && !seen.contains(next)
                {
                    seen.insert(next);
                    stack.push(next);
                }
            }
        }
        seen
    }

    /// The cells from which a lone piece on the empty board can reach `goal`.
    pub fn reaching(&self, goal: Cell) -> Cells {
        let mut seen = Cells::of(&[goal]);
        let mut stack = vec![goal];
        while let Some(at) = stack.pop() {
            for d in DIRS {
                // A slide in direction d ends at `at` when `at` is walled in d; it can start
                // from any cell behind `at` with no wall between.
                if !self.blocked(at, d) {
                    continue;
                }
                let mut from = at;
                loop {
                    let prev = NEIGHBOURS[from as usize][opposite(d) as usize];
                    if prev == NONE || self.blocked(prev, d) {
                        break;
                    }
                    from = prev;
                    if !seen.contains(from) {
                        seen.insert(from);
                        stack.push(from);
                    }
                }
            }
        }
        seen
    }

    /// A lower bound on the steps the piece at each cell needs to reach `goal`, however the
    /// other pieces move: the distance when a step may stop at any cell it passes (another
    /// piece could be just beyond). `UNREACHABLE` where even that cannot reach the goal.
    pub fn bound_to(&self, goal: Cell) -> [u8; CELLS] {
        let mut dist = [UNREACHABLE; CELLS];
        let mut queue = [0 as Cell; CELLS];
        let (mut head, mut tail) = (0, 1);
        queue[0] = goal;
        dist[goal as usize] = 0;
        while head < tail {
            let at = queue[head];
            head += 1;
            let next = dist[at as usize] + 1;
            for d in DIRS {
                // Every cell behind `at` with no wall between can slide through or to it.
                let mut from = at;
                loop {
                    let prev = NEIGHBOURS[from as usize][opposite(d) as usize];
                    if prev == NONE || self.blocked(prev, d) {
                        break;
                    }
                    from = prev;
                    if dist[from as usize] == UNREACHABLE {
                        dist[from as usize] = next;
                        queue[tail] = from;
                        tail += 1;
                    }
                }
            }
        }
        dist
    }
}
