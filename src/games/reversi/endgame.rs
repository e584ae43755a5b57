//! The exact endgame solver: the final margin under perfect play, and a move that gets it.
//!
//! Values follow the tournament convention: the side to move's discs minus the opponent's at
//! the end, with empty squares given to the winner. The search is negamax alpha-beta on
//! bitboards with principal-variation null windows, a transposition table, fastest-first
//! ordering (fewest opponent replies) while the tree is wide, and, in the last few empties,
//! parity ordering by board quadrant with no move generation at all (each empty square is
//! simply tried).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::bitboard::{bit, flips, moves};
use super::game::{Game, Move, final_value};
use super::square::Square;

/// The exact result of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// The side to move's final margin under perfect play (empties to the winner).
    pub value: i32,
    /// A placement achieving `value`; `None` when the side to move must pass or the game is
    /// over.
    pub best: Option<Square>,
    /// Positions visited.
    pub nodes: u64,
}

/// How a solve may run.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Give up (and return `None`) after visiting this many positions.
    pub node_budget: Option<u64>,
    /// Receives the running node count, for progress displays; updated every few thousand
    /// positions.
    pub progress: Option<Arc<AtomicU64>>,
    /// Transposition-table size as a power of two (entries); `None` picks one from the
    /// number of empty squares.
    pub table_bits: Option<u32>,
}

/// Solves `game` exactly.
pub fn solve(game: &Game) -> Solution {
    match solve_with(game, &SolveOptions::default()) {
        Some(solution) => solution,
        // No budget was set, so the search always finishes.
        None => unreachable_solution(game),
    }
}

/// Solves `game` exactly if that takes at most `node_budget` positions; `None` otherwise.
/// Lets a caller find out cheaply whether an exact answer is within reach.
pub fn solve_within(game: &Game, node_budget: u64) -> Option<Solution> {
    solve_with(
        game,
        &SolveOptions {
            node_budget: Some(node_budget),
            ..SolveOptions::default()
        },
    )
}

/// Solves `game` with `options`; `None` if the node budget ran out first.
pub fn solve_with(game: &Game, options: &SolveOptions) -> Option<Solution> {
    let (p, o) = (game.player_bits(), game.opponent_bits());
    let empties = game.empties();
    let bits = options
        .table_bits
        .unwrap_or_else(|| (12 + empties.saturating_sub(10)).clamp(12, 21))
        .clamp(4, 28);
    let mut solver = Solver::new(bits, options.node_budget, options.progress.clone());
    let result = solver.root(p, o);
    solver.publish();
    if solver.aborted {
        return None;
    }
    let (value, best) = result;
    Some(Solution {
        value,
        best,
        nodes: solver.nodes,
    })
}

/// Brute-force solving for when the budget-less search somehow returned nothing; never
/// reached, but keeps `solve` free of panics.
fn unreachable_solution(game: &Game) -> Solution {
    Solution {
        value: brute_force(game),
        best: None,
        nodes: 0,
    }
}

/// The value by plain minimax over every line of play: no pruning, no table, no ordering.
/// Exponential; only for checking the solver on small positions.
pub fn brute_force(game: &Game) -> i32 {
    fn go(game: &mut Game) -> i32 {
        let mut list = Vec::new();
        game.legal_moves_into(&mut list);
        if list.is_empty() {
            return game.final_margin();
        }
        let mut best = i32::MIN;
        for mv in list {
            let undo = game.make(mv);
            best = best.max(-go(game));
            game.unmake(mv, undo);
        }
        best
    }
    go(&mut game.clone())
}

/// The value of every legal placement by brute force, for tests: `(square, value)`.
pub fn brute_force_moves(game: &Game) -> Vec<(Square, i32)> {
    game.legal_squares()
        .map(|sq| {
            let mut child = *game;
            child.make(Move::Place(sq));
            (sq, -brute_force(&child))
        })
        .collect()
}

/// Above any reachable margin.
const INF: i32 = 65;

/// At or below this many empties the search tries each empty square directly, in parity
/// order, without generating moves or probing the table.
const SHALLOW: u32 = 6;

/// At or above this many empties positions are stored in the transposition table.
const TABLE_FROM: u32 = 9;

/// The four quadrants, for parity ordering.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// How often (in nodes) progress is published and the budget checked.
const PUBLISH_EVERY: u64 = 1 << 14;

/// One transposition-table slot: the exact position, bounds on its value, and the move
/// that was best (or cut off).
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    p: u64,
    o: u64,
    lower: i8,
    upper: i8,
    best: u8,
    used: bool,
}

/// A move being ordered: its square, what it flips, and how promising it looks (lower
/// first).
#[derive(Debug, Clone, Copy, Default)]
struct Candidate {
    sq: u32,
    flipped: u64,
    rank: i32,
}

struct Solver {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    budget: u64,
    aborted: bool,
    progress: Option<Arc<AtomicU64>>,
    published: u64,
}

impl Solver {
    fn new(bits: u32, budget: Option<u64>, progress: Option<Arc<AtomicU64>>) -> Solver {
        let size = 1usize << bits;
        Solver {
            table: vec![Entry::default(); size],
            mask: size - 1,
            nodes: 0,
            budget: budget.unwrap_or(u64::MAX),
            aborted: false,
            progress,
            published: 0,
        }
    }

    fn publish(&mut self) {
        if let Some(progress) = &self.progress {
            progress.fetch_add(self.nodes - self.published, Ordering::Relaxed);
            self.published = self.nodes;
        }
    }

    /// Counts a node; true if the search must stop.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & (PUBLISH_EVERY - 1) == 0 {
            self.publish();
        }
        if self.nodes > self.budget {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value and a best placement of the root.
    fn root(&mut self, p: u64, o: u64) -> (i32, Option<Square>) {
        let mv = moves(p, o);
        if mv == 0 {
            self.nodes += 1;
            if moves(o, p) == 0 {
                return (final_value(p, o), None);
            }
            return (-self.search(o, p, -INF, INF), None);
        }
        let mut list = [Candidate::default(); 64];
        let n = self.order(p, o, mv, None, &mut list);
        let mut alpha = -INF;
        let beta = INF;
        let mut best_sq = list[0].sq;
        for (i, c) in list[..n].iter().enumerate() {
            let (np, no) = (o ^ c.flipped, p ^ c.flipped ^ bit(c.sq));
            let value = if i == 0 {
                -self.search(np, no, -beta, -alpha)
            } else {
                let probe = -self.search(np, no, -alpha - 1, -alpha);
                if probe > alpha && !self.aborted {
                    -self.search(np, no, -beta, -probe)
                } else {
                    probe
                }
            };
            if self.aborted {
                return (0, None);
            }
            if value > alpha {
                alpha = value;
                best_sq = c.sq;
            }
        }
        (alpha, Square::from_index(best_sq))
    }

    /// Orders the placements `mv` of `p`: the table's move first, then fewest opponent
    /// replies (corners counted twice), with a nudge towards odd quadrants. Returns how
    /// many were written to `list`.
    fn order(
        &self,
        p: u64,
        o: u64,
        mv: u64,
        hint: Option<u32>,
        list: &mut [Candidate; 64],
    ) -> usize {
        let empty = !(p | o);
        let mut odd = 0u64;
        for q in QUADRANTS {
            if (empty & q).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        let mut n = 0;
        let mut m = mv;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(p, o, sq);
            let (np, no) = (o ^ f, p ^ f ^ bit(sq));
            let replies = moves(np, no);
            let mut rank = 16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
            if odd & bit(sq) != 0 {
                rank -= 4;
            }
            if bit(sq) & CORNERS != 0 {
                rank -= 8;
            }
            if Some(sq) == hint {
                rank = i32::MIN;
            }
            list[n] = Candidate {
                sq,
                flipped: f,
                rank,
            };
            n += 1;
        }
        list[..n].sort_unstable_by_key(|c| c.rank);
        n
    }

    /// Negamax alpha-beta value of the position with `p` to move, within (alpha, beta).
    fn search(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32) -> i32 {
        let empty = !(p | o);
        let empties = empty.count_ones();
        if empties <= SHALLOW {
            return self.shallow(p, o, alpha, beta, empty);
        }
        if self.tick() {
            return 0;
        }
        let mv = moves(p, o);
        if mv == 0 {
            if moves(o, p) == 0 {
                return final_value(p, o);
            }
            return -self.search(o, p, -beta, -alpha);
        }

        let use_table = empties >= TABLE_FROM;
        let slot = if use_table { self.slot(p, o) } else { 0 };
        let mut hint = None;
        if use_table {
            let e = self.table[slot];
            if e.used && e.p == p && e.o == o {
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                hint = Some(u32::from(e.best));
            }
        }

        let original_alpha = alpha;
        let mut list = [Candidate::default(); 64];
        let n = self.order(p, o, mv, hint, &mut list);
        let mut best = -INF;
        let mut best_sq = list[0].sq;
        for (i, c) in list[..n].iter().enumerate() {
            let (np, no) = (o ^ c.flipped, p ^ c.flipped ^ bit(c.sq));
            let value = if i == 0 {
                -self.search(np, no, -beta, -alpha)
            } else {
                let probe = -self.search(np, no, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.aborted {
                    -self.search(np, no, -beta, -probe)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                best_sq = c.sq;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        if use_table {
            let (lower, upper) = if best >= beta {
                (best, INF)
            } else if best > original_alpha {
                (best, best)
            } else {
                (-INF, best)
            };
            self.table[slot] = Entry {
                p,
                o,
                lower: lower as i8,
                upper: upper as i8,
                best: best_sq as u8,
                used: true,
            };
        }
        best
    }

    #[inline(always)]
    fn slot(&self, p: u64, o: u64) -> usize {
        let h = (p ^ o.rotate_left(23))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29)
            ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (h >> 20) as usize & self.mask
    }

    /// The last few empties: each empty square is tried directly (a placement is legal iff it
    /// flips something), odd quadrants first.
    fn shallow(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, empty: u64) -> i32 {
        if empty.count_ones() == 1 {
            return self.last(p, o, empty.trailing_zeros());
        }
        self.nodes += 1;
        let mut odd = 0u64;
        for q in QUADRANTS {
            if (empty & q).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        let mut best = -INF;
        for group in [empty & odd, empty & !odd] {
            let mut m = group;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let value = -self.shallow(o ^ f, p ^ f ^ bit(sq), -beta, -alpha, empty ^ bit(sq));
                if value > best {
                    best = value;
                    if value > alpha {
                        alpha = value;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best == -INF {
            // No placement: pass if the opponent has one, else the game is over.
            if moves(o, p) & empty == 0 {
                return final_value(p, o);
            }
            return -self.shallow(o, p, -beta, -alpha, empty);
        }
        best
    }

    /// One empty square left, `sq`: whoever can take it does.
    #[inline(always)]
    fn last(&mut self, p: u64, o: u64, sq: u32) -> i32 {
        self.nodes += 1;
        let mine = p.count_ones() as i32;
        let flipped = flips(p, o, sq).count_ones() as i32;
        if flipped > 0 {
            // 64 discs on the board afterwards.
            return 2 * (mine + flipped + 1) - 64;
        }
        let theirs = o.count_ones() as i32;
        let flipped = flips(o, p, sq).count_ones() as i32;
        if flipped > 0 {
            return 64 - 2 * (theirs + flipped + 1);
        }
        final_value(p, o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Published FFO problem #40: dark to move, best A2 (row 2, column 1), value +38.
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    #[test]
    fn agrees_with_brute_force_near_the_end() {
        // FFO #40 played forward, first moves first, until few empties remain.
        let mut game: Game = FFO_40.parse().unwrap();
        while game.empties() > 9 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        let s = solve(&game);
        assert_eq!(s.value, brute_force(&game));
        if let Some(sq) = s.best {
            let values = brute_force_moves(&game);
            assert!(values.contains(&(sq, s.value)), "{sq} in {values:?}");
        }
    }

    #[test]
    fn budget_runs_out() {
        let game: Game = FFO_40.parse().unwrap();
        assert_eq!(solve_within(&game, 1000), None);
    }

    #[test]
    fn over_and_pass() {
        let over = Game::from_bitboards(!1, 0, super::super::Color::Light).unwrap();
        let s = solve(&over);
        assert_eq!((s.value, s.best), (-64, None));
        // Light must pass; dark then takes (1,3) and the game ends 3-0 with 61 empties.
        let pass = Game::from_bitboards(0b0001, 0b0010, super::super::Color::Light).unwrap();
        let s = solve(&pass);
        assert_eq!((s.value, s.best), (-64, None));
    }
}
