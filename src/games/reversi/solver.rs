//! The search behind the endgame solver, on raw bitboards: negamax alpha-beta with null
//! windows, a transposition table, fastest-first ordering while the tree is wide, and, in
//! the last few empties, parity ordering by quadrant with no move generation at all.
//!
//! The recursion is compiled twice, for the baseline instruction set and for processors
//! with population count and the bit-manipulation extensions, and picked at run time.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::bitboard::{bit, edge_stable, final_value, flips, moves, neighbours};

/// Above any reachable margin.
const INF: i32 = 65;

/// At or below this many empties the search tries each empty square directly, in parity
/// order, without generating moves or probing the table.
const SHALLOW: u32 = 5;

/// At or above this many empties moves are sorted fastest-first; below, by parity only.
const SORT_FROM: u32 = 7;

/// At or above this many empties positions are stored in the transposition table.
const TABLE_FROM: u32 = 8;

/// At or above this many empties move ordering also weighs the opponent's potential
/// mobility, by this much against 16 per reply.
const POTENTIAL_FROM: u32 = 16;
const POTENTIAL_WEIGHT: i32 = 6;

/// At or above this many empties a node first looks its children up in the table
/// (enhanced transposition cutoff).
const ETC_FROM: u32 = 14;

/// From this alpha up a search node checks whether the opponent's stable discs already
/// cap its value at alpha.
const STABILITY_ALPHA: i32 = 8;

/// The four quadrants, for parity ordering.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// How often (in nodes) progress is published.
const PUBLISH_EVERY: u64 = 1 << 14;

/// The squares of the quadrants holding an odd number of empties: a move there is likely
/// to leave the opponent without the last move of the region.
#[inline(always)]
fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0u64;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

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

/// The search state of one solve: the table, the node count and the budget.
pub(crate) struct Solver {
    table: Vec<Entry>,
    mask: usize,
    pub(crate) nodes: u64,
    /// Children scored to order the moves (the table's move excepted), which the search
    /// may never enter: Edax counts these as positions too, `nodes` does not.
    pub(crate) scored: u64,
    budget: u64,
    pub(crate) aborted: bool,
    progress: Option<Arc<AtomicU64>>,
    published: u64,
    /// Raised by another thread when this one's work is no longer needed.
    stop: Option<Arc<AtomicBool>>,
    /// Set when `stop` was seen; cleared before the next job.
    halted: bool,
}

impl Solver {
    /// A solver with a table of `2^bits` entries that gives up after `budget` nodes.
    pub(crate) fn new(bits: u32, budget: Option<u64>, progress: Option<Arc<AtomicU64>>) -> Solver {
        let size = 1usize << bits;
        Solver {
            table: vec![Entry::default(); size],
            mask: size - 1,
            nodes: 0,
            scored: 0,
            budget: budget.unwrap_or(u64::MAX),
            aborted: false,
            progress,
            published: 0,
            stop: None,
            halted: false,
        }
    }

    /// Adds the nodes counted since the last call to the shared progress counter.
    pub(crate) fn publish(&mut self) {
        if let Some(progress) = &self.progress {
            progress.fetch_add(self.nodes - self.published, Ordering::Relaxed);
            self.published = self.nodes;
        }
    }

    /// The exact value of the position with `p` to move and a best square (bit index), or
    /// `None` for the square if `p` has no placement. Meaningless if `aborted` is set after.
    pub(crate) fn solve(&mut self, p: u64, o: u64) -> (i32, Option<u32>) {
        if modern_cpu() {
            // SAFETY: `modern_cpu` checked the features `modern` is compiled for.
            #[cfg(target_arch = "x86_64")]
            return unsafe { modern::root(self, p, o) };
        }
        baseline::root(self, p, o)
    }

    /// The value of the position with `p` to move within `(alpha, beta)`, fail-soft.
    fn window(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        if modern_cpu() {
            // SAFETY: as in `solve`.
            #[cfg(target_arch = "x86_64")]
            return unsafe { modern::search(self, p, o, alpha, beta) };
        }
        baseline::search(self, p, o, alpha, beta)
    }

    /// Whether the search must unwind now: out of budget, or stopped from outside.
    #[inline(always)]
    fn interrupted(&self) -> bool {
        self.aborted || self.halted
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
        if self.nodes & 255 == 0
            && let Some(stop) = &self.stop
            && stop.load(Ordering::Relaxed)
        {
            self.halted = true;
        }
        self.interrupted()
    }

    #[inline(always)]
    fn slot(&self, p: u64, o: u64) -> usize {
        let h = (p ^ o.rotate_left(23))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29)
            ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (h >> 20) as usize & self.mask
    }

    #[inline(always)]
    fn store(&mut self, slot: usize, p: u64, o: u64, lower: i32, upper: i32, best: u32) {
        self.table[slot] = Entry {
            p,
            o,
            lower: lower as i8,
            upper: upper as i8,
            best: best as u8,
            used: true,
        };
    }
}

/// Whether this processor has the extensions the `modern` copy of the search uses.
#[inline]
fn modern_cpu() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// [`Solver::solve`] with the root moves shared out among one solver per thread (each with
/// its own table): the same null-window probes as the single-threaded root, where the
/// first thread to prove a probe's bound stops the others.
pub(crate) fn solve_parallel(solvers: &mut [Solver], p: u64, o: u64) -> (i32, Option<u32>) {
    let mv = moves(p, o);
    if solvers.len() < 2 || mv.count_ones() < 2 {
        return match solvers.first_mut() {
            Some(first) => first.solve(p, o),
            None => (0, None),
        };
    }
    // Fewest replies first, as in the sequential root.
    let mut list: Vec<(u32, u64, u32)> = Vec::with_capacity(mv.count_ones() as usize);
    let mut m = mv;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let f = flips(p, o, sq);
        let replies = moves(o ^ f, p ^ f ^ bit(sq));
        list.push((
            sq,
            f,
            replies.count_ones() + (replies & CORNERS).count_ones(),
        ));
    }
    list.sort_by_key(|&(_, _, rank)| rank);
    if let Some(first) = solvers.first_mut() {
        first.scored += list.len() as u64;
    }

    let stop = Arc::new(AtomicBool::new(false));
    for solver in solvers.iter_mut() {
        solver.stop = Some(Arc::clone(&stop));
    }
    let (mut lower, mut upper) = (-64, 64);
    let mut best_sq = list[0].0;
    let mut guess = 0;
    while lower < upper {
        let beta = if guess <= lower {
            lower + 1
        } else {
            guess.min(upper)
        };
        stop.store(false, Ordering::Relaxed);
        let next = AtomicUsize::new(0);
        let (list, next, stop) = (&list, &next, &stop);
        // Per thread: the best bound it proved, and the move that reached `beta` if any.
        let results: Vec<(i32, Option<usize>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = solvers
                .iter_mut()
                .map(|solver| {
                    scope.spawn(move || {
                        solver.halted = false;
                        let mut value = -INF;
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&(sq, f, _)) = list.get(i) else {
                                break (value, None);
                            };
                            if stop.load(Ordering::Relaxed) {
                                break (value, None);
                            }
                            let v = -solver.window(o ^ f, p ^ f ^ bit(sq), -beta, -beta + 1);
                            if solver.interrupted() {
                                break (value, None);
                            }
                            value = value.max(v);
                            if v >= beta {
                                stop.store(true, Ordering::Relaxed);
                                break (value, Some(i));
                            }
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        if solvers.iter().any(|s| s.aborted) {
            return (0, None);
        }
        let value = results.iter().map(|r| r.0).max().unwrap_or(-INF);
        let cut = results
            .iter()
            .filter_map(|&(v, i)| i.map(|i| (v, i)))
            .max_by_key(|&(v, _)| v);
        if let Some((v, i)) = cut {
            lower = v;
            best_sq = list[i].0;
        } else {
            upper = value;
        }
        guess = if cut.is_some() { lower } else { upper };
    }
    for solver in solvers.iter_mut() {
        solver.stop = None;
    }
    (lower, Some(best_sq))
}

/// The recursion. Every function carries the same `target_feature` attribute (or none), so
/// the copies call only each other and everything small is inlined with those features.
macro_rules! search_functions {
    ($(#[$features:meta])*) => {
        use super::*;

        /// The root: null-window probes that narrow the value down from both sides,
        /// reusing the table between probes, rather than one wide-window search.
        $(#[$features])*
        pub(super) fn root(s: &mut Solver, p: u64, o: u64) -> (i32, Option<u32>) {
            let mv = moves(p, o);
            if mv == 0 {
                s.nodes += 1;
                if moves(o, p) == 0 {
                    return (final_value(p, o), None);
                }
                return (-search(s, o, p, -INF, INF), None);
            }
            let mut list = [Candidate::default(); 64];
            let n = order(p, o, mv, None, &mut list);
            s.scored += n as u64;
            let (mut lower, mut upper) = (-64, 64);
            let mut best_sq = list[0].sq;
            let mut guess = 0;
            while lower < upper {
                // Is the value at least `beta`?
                let beta = if guess <= lower { lower + 1 } else { guess.min(upper) };
                let mut value = -INF;
                for i in 0..n {
                    let c = list[i];
                    let (np, no) = (o ^ c.flipped, p ^ c.flipped ^ bit(c.sq));
                    let v = -search(s, np, no, -beta, -beta + 1);
                    if s.interrupted() {
                        return (0, None);
                    }
                    if v > value {
                        value = v;
                    }
                    if v >= beta {
                        best_sq = c.sq;
                        // Try this move first in the next probes.
                        list[..=i].rotate_right(1);
                        break;
                    }
                }
                if value >= beta {
                    lower = value;
                } else {
                    upper = value;
                }
                guess = value;
            }
            (lower, Some(best_sq))
        }

        /// Orders the placements `mv` of `p`, writing them to `list` and returning how
        /// many: the table's move first, then fewest opponent replies (corners counted
        /// twice), with a nudge towards corners and odd quadrants; far from the end, fewer
        /// empty squares next to the mover's discs (the opponent's potential mobility) too.
        $(#[$features])*
        fn order(p: u64, o: u64, mv: u64, hint: Option<u32>, list: &mut [Candidate; 64]) -> usize {
            let empty = !(p | o);
            let far = empty.count_ones() >= POTENTIAL_FROM;
            let odd = odd_quadrants(empty);
            let mut n = 0;
            let mut m = mv;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                let replies = moves(o ^ f, p ^ f ^ bit(sq));
                let mut rank =
                    16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                if odd & bit(sq) != 0 {
                    rank -= 4;
                }
                if bit(sq) & CORNERS != 0 {
                    rank -= 8;
                }
                if far {
                    let mine = p ^ f ^ bit(sq);
                    rank += POTENTIAL_WEIGHT
                        * (neighbours(mine) & empty & !bit(sq)).count_ones() as i32;
                }
                if Some(sq) == hint {
                    rank = i32::MIN;
                }
                list[n] = Candidate { sq, flipped: f, rank };
                n += 1;
            }
            list[..n].sort_unstable_by_key(|c| c.rank);
            n
        }

        /// Negamax alpha-beta value of the position with `p` to move, within (alpha, beta).
        $(#[$features])*
        pub(super) fn search(s: &mut Solver, p: u64, o: u64, mut alpha: i32, mut beta: i32) -> i32 {
            let empty = !(p | o);
            let empties = empty.count_ones();
            if empties <= SHALLOW {
                return shallow(s, p, o, alpha, beta, empty);
            }
            if s.tick() {
                return 0;
            }
            let mv = moves(p, o);
            if mv == 0 {
                if moves(o, p) == 0 {
                    return final_value(p, o);
                }
                return -search(s, o, p, -beta, -alpha);
            }
            if alpha >= STABILITY_ALPHA {
                // The opponent keeps its stable discs whatever happens.
                let most = 64 - 2 * (edge_stable(p, o) & o).count_ones() as i32;
                if most <= alpha {
                    return most;
                }
            }
            if empties < SORT_FROM {
                return unsorted(s, p, o, alpha, beta, mv, empty);
            }

            let use_table = empties >= TABLE_FROM;
            let slot = if use_table { s.slot(p, o) } else { 0 };
            let mut hint = None;
            if use_table {
                let e = s.table[slot];
                if e.used && e.p == p && e.o == o {
                    let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                    if lower >= beta || lower == upper {
                        return lower;
                    }
                    if upper <= alpha {
                        return upper;
                    }
                    alpha = alpha.max(lower);
                    beta = beta.min(upper);
                    hint = Some(u32::from(e.best));
                }
            }

            let original_alpha = alpha;
            let mut list = [Candidate::default(); 64];
            let n = order(p, o, mv, hint, &mut list);
            // The table's move is legal here (the entry holds this exact position) and is
            // placed first without being scored.
            s.scored += n as u64 - u64::from(hint.is_some());
            if empties >= ETC_FROM {
                // A child the table already proves good enough cuts off at once.
                for c in &list[..n] {
                    let (np, no) = (o ^ c.flipped, p ^ c.flipped ^ bit(c.sq));
                    let e = s.table[s.slot(np, no)];
                    if e.used && e.p == np && e.o == no && -i32::from(e.upper) >= beta {
                        let value = -i32::from(e.upper);
                        s.store(slot, p, o, value, INF, c.sq);
                        return value;
                    }
                }
            }
            let mut best = -INF;
            let mut best_sq = list[0].sq;
            for (i, c) in list[..n].iter().enumerate() {
                let (np, no) = (o ^ c.flipped, p ^ c.flipped ^ bit(c.sq));
                let value = if i == 0 {
                    -search(s, np, no, -beta, -alpha)
                } else {
                    let probe = -search(s, np, no, -alpha - 1, -alpha);
                    if probe > alpha && probe < beta && !s.interrupted() {
                        -search(s, np, no, -beta, -alpha)
                    } else {
                        probe
                    }
                };
                if s.interrupted() {
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
                s.store(slot, p, o, lower, upper, best_sq);
            }
            best
        }

        /// A middle-sized node: placements generated but tried in parity order only.
        $(#[$features])*
        fn unsorted(
            s: &mut Solver,
            p: u64,
            o: u64,
            mut alpha: i32,
            beta: i32,
            mv: u64,
            empty: u64,
        ) -> i32 {
            let odd = odd_quadrants(empty);
            let mut best = -INF;
            for group in [mv & odd, mv & !odd] {
                let mut m = group;
                while m != 0 {
                    let sq = m.trailing_zeros();
                    m &= m - 1;
                    let f = flips(p, o, sq);
                    let value = -search(s, o ^ f, p ^ f ^ bit(sq), -beta, -alpha);
                    if s.interrupted() {
                        return 0;
                    }
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
            best
        }

        /// The last few empties: each empty square is tried directly (a placement is legal
        /// iff it flips something), odd quadrants first.
        $(#[$features])*
        fn shallow(s: &mut Solver, p: u64, o: u64, mut alpha: i32, beta: i32, empty: u64) -> i32 {
            if empty & empty.wrapping_sub(1) == 0 {
                if empty == 0 {
                    s.nodes += 1;
                    return final_value(p, o);
                }
                return last(s, p, o, empty.trailing_zeros());
            }
            let rest = empty & (empty - 1);
            if rest & (rest - 1) == 0 {
                return last_two(s, p, o, beta, empty.trailing_zeros(), rest.trailing_zeros());
            }
            s.nodes += 1;
            let odd = odd_quadrants(empty);
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
                    let value = -shallow(s, o ^ f, p ^ f ^ bit(sq), -beta, -alpha, empty ^ bit(sq));
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
                if moves(o, p) == 0 {
                    return final_value(p, o);
                }
                return -shallow(s, o, p, -beta, -alpha, empty);
            }
            best
        }

        /// Two empty squares left, `a` and `b`: each order of play is tried directly.
        $(#[$features])*
        fn last_two(s: &mut Solver, p: u64, o: u64, beta: i32, a: u32, b: u32) -> i32 {
            s.nodes += 1;
            let mut best = -INF;
            let fa = flips(p, o, a);
            if fa != 0 {
                best = -last(s, o ^ fa, p ^ fa ^ bit(a), b);
                if best >= beta {
                    return best;
                }
            }
            let fb = flips(p, o, b);
            if fb != 0 {
                best = best.max(-last(s, o ^ fb, p ^ fb ^ bit(b), a));
            }
            if best > -INF {
                return best;
            }
            // The mover passes; the opponent plays if it can.
            let (fa, fb) = (flips(o, p, a), flips(o, p, b));
            if fa == 0 && fb == 0 {
                return final_value(p, o);
            }
            let mut theirs = -INF;
            if fa != 0 {
                theirs = -last(s, p ^ fa, o ^ fa ^ bit(a), b);
            }
            if fb != 0 {
                theirs = theirs.max(-last(s, p ^ fb, o ^ fb ^ bit(b), a));
            }
            -theirs
        }

        /// One empty square left, `sq`: whoever can take it does.
        $(#[$features])*
        fn last(s: &mut Solver, p: u64, o: u64, sq: u32) -> i32 {
            s.nodes += 1;
            let flipped = flips(p, o, sq).count_ones() as i32;
            if flipped > 0 {
                // No empty square is left afterwards: the margin is 2 * mine - 64.
                return 2 * (p.count_ones() as i32 + flipped + 1) - 64;
            }
            let flipped = flips(o, p, sq).count_ones() as i32;
            if flipped > 0 {
                return 64 - 2 * (o.count_ones() as i32 + flipped + 1);
            }
            final_value(p, o)
        }
    };
}

mod baseline {
    search_functions!();
}

#[cfg(target_arch = "x86_64")]
mod modern {
    search_functions!(#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]);
}
