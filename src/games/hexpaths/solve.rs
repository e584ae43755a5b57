//! The shortest move: the fewest steps, counting every step of every piece, that bring one
//! piece to its goal, other pieces moving first or in between where that is shorter.
//!
//! A* over the joint positions of the pieces. The piece to bring home is told apart; the
//! others are kept sorted, since which of them stands where changes nothing about the steps
//! (a step is named by its cells, so the move replays on the real pieces). The estimate of
//! the steps left is the moving piece's distance to the goal when a step may stop at any
//! cell it passes — another piece might be just beyond — which never overestimates and
//! never drops by more than one a step, so the first time the goal comes off the queue the
//! move is a shortest one. The one-piece path (others standing still) is found first and
//! bounds the search; a budget of positions expanded keeps the search from running on.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Board, Cells, UNREACHABLE};
use super::geometry::{CELLS, Cell, DIRS, NONE};
use super::state::MAX_PIECES;

/// One step: the piece at `from` slides and stops at `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: Cell,
    pub to: Cell,
}

/// Positions the search may expand before it settles for the best move it knows.
pub const DEFAULT_BUDGET: usize = 100_000;

/// A move that brings the piece to its goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The steps in order; every piece's steps count.
    pub steps: Vec<Step>,
    /// Whether no shorter move exists (false only when the budget ran out first).
    pub proven: bool,
    /// The fewest steps with the other pieces standing still, if the piece can get there
    /// alone.
    pub single: Option<usize>,
    /// Positions expanded by the search.
    pub expanded: usize,
}

impl Solution {
    /// The length of the move: its number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Whether moving other pieces makes it shorter than the piece alone can do.
    pub fn needs_others(&self) -> bool {
        self.single.is_none_or(|s| self.steps.len() < s)
    }
}

/// Why no move was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unsolved {
    #[error("no move brings the piece to the goal")]
    NoMove,
    #[error("the search ran out of budget before finding a move")]
    GaveUp,
    #[error("there is no piece number {0}")]
    NoSuchPiece(usize),
    #[error("the pieces must be one to four different cells")]
    BadPieces,
}

/// A joint position: the moving piece first, the others sorted, [`NONE`] after them.
type Joint = [Cell; MAX_PIECES];

fn key(j: &Joint) -> u32 {
    u32::from_le_bytes(*j)
}

fn unkey(k: u32) -> Joint {
    k.to_le_bytes()
}

/// Sorts the other pieces (a few at most, so insertion sort).
fn settle(j: &mut Joint) {
    for i in 2..MAX_PIECES {
        let mut k = i;
        while k > 1 && j[k - 1] > j[k] {
            j.swap(k - 1, k);
            k -= 1;
        }
    }
}

/// A hasher for the 32-bit position keys: one multiply.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// How a position was first reached by the fewest steps.
#[derive(Clone, Copy)]
struct Seen {
    g: u8,
    parent: u32,
    step: Step,
}

/// The shortest move bringing `pieces[piece]` to `goal` on `board`, expanding at most
/// `budget` positions. With the budget spent it returns the best move known (the one-piece
/// path) marked not proven, or [`Unsolved::GaveUp`] if it knows none.
pub fn solve(
    board: &Board,
    pieces: &[Cell],
    piece: usize,
    goal: Cell,
    budget: usize,
) -> Result<Solution, Unsolved> {
    let n = pieces.len();
    if !(1..=MAX_PIECES).contains(&n)
        || Cells::of(pieces).len() != n
        || pieces.iter().chain([&goal]).any(|&c| c as usize >= CELLS)
    {
        return Err(Unsolved::BadPieces);
    }
    let Some(&start) = pieces.get(piece) else {
        return Err(Unsolved::NoSuchPiece(piece));
    };
    let others: Vec<Cell> = (0..n).filter(|&i| i != piece).map(|i| pieces[i]).collect();
    let alone = board.path(start, goal, &Cells::of(&others));
    let single = alone.as_ref().map(|p| p.len() - 1);
    let alone_steps = |path: &[Cell]| -> Vec<Step> {
        path.windows(2)
            .map(|w| Step {
                from: w[0],
                to: w[1],
            })
            .collect()
    };
    if n == 1 || single.is_some_and(|s| s <= 1) {
        // Alone, or already as short as a move can be: nothing to search.
        return match alone {
            Some(path) => Ok(Solution {
                steps: alone_steps(&path),
                proven: true,
                single,
                expanded: 0,
            }),
            None => Err(Unsolved::NoMove),
        };
    }
    let bound = board.bound_to(goal);
    if bound[start as usize] == UNREACHABLE {
        return Err(Unsolved::NoMove);
    }
    // Only moves shorter than the one-piece path are searched for.
    let limit = single.unwrap_or(usize::MAX);

    let mut first: Joint = [NONE; MAX_PIECES];
    first[0] = start;
    first[1..n].copy_from_slice(&others);
    settle(&mut first);
    let mut seen: HashMap<u32, Seen, BuildHasherDefault<KeyHasher>> = HashMap::default();
    seen.insert(
        key(&first),
        Seen {
            g: 0,
            parent: key(&first),
            step: Step { from: 0, to: 0 },
        },
    );
    // Open positions by estimated total length; within one, the latest first.
    let mut buckets: Vec<Vec<(u32, u8)>> = vec![Vec::new(); usize::from(bound[start as usize]) + 1];
    buckets[usize::from(bound[start as usize])].push((key(&first), 0));
    let mut expanded = 0;
    let mut f = 0;
    while f < buckets.len() && f < limit {
        let Some((k, g)) = buckets[f].pop() else {
            f += 1;
            continue;
        };
        if seen.get(&k).is_some_and(|s| s.g < g) {
            continue;
        }
        let joint = unkey(k);
        if joint[0] == goal {
            return Ok(Solution {
                steps: trace(&seen, k),
                proven: true,
                single,
                expanded,
            });
        }
        if expanded >= budget {
            return match alone {
                Some(path) => Ok(Solution {
                    steps: alone_steps(&path),
                    proven: false,
                    single,
                    expanded,
                }),
                None => Err(Unsolved::GaveUp),
            };
        }
        expanded += 1;
        let occupied = Cells::of(&joint[..n]);
        let g2 = g + 1;
        for i in 0..n {
            let from = joint[i];
            for d in DIRS {
                let Some(to) = board.slide(from, d, &occupied) else {
                    continue;
                };
                let mut next = joint;
                next[i] = to;
                let h = bound[next[0] as usize];
                if h == UNREACHABLE {
                    continue;
                }
                let f2 = usize::from(g2) + usize::from(h);
                if f2 >= limit {
                    continue;
                }
                if i > 0 {
                    settle(&mut next);
                }
                let k2 = key(&next);
                if seen.get(&k2).is_some_and(|s| s.g <= g2) {
                    continue;
                }
                seen.insert(
                    k2,
                    Seen {
                        g: g2,
                        parent: k,
                        step: Step { from, to },
                    },
                );
                if buckets.len() <= f2 {
                    buckets.resize(f2 + 1, Vec::new());
                }
                buckets[f2].push((k2, g2));
            }
        }
    }
    // Nothing shorter than the piece alone.
    match alone {
        Some(path) => Ok(Solution {
            steps: alone_steps(&path),
            proven: true,
            single,
            expanded,
        }),
        None => Err(Unsolved::NoMove),
    }
}

/// The first step of a shortest move bringing `pieces[piece]` to `goal` (a hint), and the
/// length of that move, searched within [`DEFAULT_BUDGET`]; `None` when the piece is at the
/// goal already.
pub fn next_step(
    board: &Board,
    pieces: &[Cell],
    piece: usize,
    goal: Cell,
) -> Result<Option<(Step, usize)>, Unsolved> {
    if pieces.get(piece) == Some(&goal) {
        return Ok(None);
    }
    let solution = solve(board, pieces, piece, goal, DEFAULT_BUDGET)?;
    Ok(solution.steps.first().map(|&step| (step, solution.len())))
}

/// The steps from the start to position `k`, following the recorded parents.
fn trace(seen: &HashMap<u32, Seen, BuildHasherDefault<KeyHasher>>, mut k: u32) -> Vec<Step> {
    let mut steps = Vec::new();
    while let Some(s) = seen.get(&k) {
        if s.parent == k {
            break;
        }
        steps.push(s.step);
        k = s.parent;
    }
    steps.reverse();
    steps
}

/// Plays `steps` on `pieces` (each step moving the piece at its `from`), checking each is a
/// real step; returns where the pieces end, in their order, or the index of the first step
/// that is not one.
pub fn replay(board: &Board, pieces: &[Cell], steps: &[Step]) -> Result<Vec<Cell>, usize> {
    let mut at = pieces.to_vec();
    for (n, step) in steps.iter().enumerate() {
        let occupied = Cells::of(&at);
        let Some(i) = at.iter().position(|&p| p == step.from) else {
            return Err(n);
        };
        if board
            .step_direction(step.from, step.to, &occupied)
            .is_none()
        {
            return Err(n);
        }
        at[i] = step.to;
    }
    Ok(at)
}
