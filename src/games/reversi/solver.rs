//! The search behind the endgame solver, on raw bitboards: negamax alpha-beta (principal
//! variation search) over a shared transposition table, with the opponent's stable discs
//! capping values, moves ordered by the table's moves, then by shallow searches far from
//! the end and by a fast rank nearer it, and, in the last few empties, parity order over a
//! presorted list of empty squares with no move generation at all. The root first runs
//! depth-limited searches on the evaluation to fill the table with best moves and guess
//! the value, then proves the exact value with null-window probes around that guess.
//!
//! The recursion is compiled twice, for the baseline instruction set and for processors
//! with population count and the bit-manipulation extensions, and picked at run time.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use super::bitboard::{bit, final_value, flips, moves};
use super::cpu::modern_cpu;
use super::last::{PRESORT_RANK, flips_near, solve_1, solve_2, solve_3};
use super::order::{EVAL, fast_rank, odd_quadrants};
use super::stability::stable_cut;
use super::tt::{Hit, NO_MOVE, Table, proven_bounds};

/// Above any reachable margin.
const INF: i32 = 65;

/// Above any evaluation, in evaluation units.
const EVAL_INF: i32 = 65 * EVAL.units;

/// At or below this many empties the search tries each empty square directly, in parity
/// order over a presorted list, without generating moves or probing the table.
const SHALLOW: u32 = 6;

/// At or above this many empties positions are stored in the transposition table.
const TABLE_FROM: u32 = 7;

/// At or above this many empties a node first looks its children up in the table
/// (enhanced transposition cutoff).
const ETC_FROM: u32 = 10;

/// At or above this many empties moves are ordered by shallow searches on the evaluation
/// rather than by the fast rank alone.
const SEARCH_SORT_FROM: u32 = 13;

/// Weight of the shallow search's value (per disc) against the fast rank.
const SORT_VALUE: i32 = 16;

/// Plies added to the ordering searches' depth of `(empties - SEARCH_SORT_FROM) / 3`.
const SORT_DEEPER: u32 = 1;

/// At or above this many empties the root first searches to limited depths on the
/// evaluation, ending `ID_GAP` plies short of the end.
const ID_FROM: u32 = 14;
const ID_GAP: u32 = 12;

/// Depth-limited searches of at least this depth use the table.
const MID_TABLE_DEPTH: u32 = 3;

/// Table depths of exact entries are offset by this, above any depth-limited search, so
/// that the two kinds of bounds are never confused.
const EXACT: u32 = 64;

/// How often (in nodes) progress is published.
const PUBLISH_EVERY: u64 = 1 << 14;

/// A move being ordered: its square, what it flips, and how promising it looks (lower
/// first).
#[derive(Debug, Clone, Copy, Default)]
struct Candidate {
    sq: u32,
    flipped: u64,
    rank: i32,
}

/// The search state of one thread of a solve: the shared table, the node counts and the
/// budget.
pub(crate) struct Solver {
    table: Arc<Table>,
    /// Positions entered by any search (exact, depth-limited, ordering).
    pub(crate) nodes: u64,
    /// Children scored to order the moves without being entered (the table's moves and
    /// wipe-outs excepted): Edax counts these as positions too, `nodes` does not.
    pub(crate) scored: u64,
    budget: u64,
    pub(crate) aborted: bool,
    progress: Option<Arc<AtomicU64>>,
    published: u64,
    /// Raised by another thread when this one's work is no longer needed.
    stop: Option<Arc<AtomicBool>>,
    /// Set when `stop` was seen; cleared before the next job.
    halted: bool,
    /// Give up (as when out of budget) once this instant has passed; checked every
    /// [`PUBLISH_EVERY`] positions.
    deadline: Option<Instant>,
}

impl Solver {
    /// A solver on `table` that gives up after `budget` nodes or at `deadline`.
    pub(crate) fn new(
        table: Arc<Table>,
        budget: Option<u64>,
        deadline: Option<Instant>,
        progress: Option<Arc<AtomicU64>>,
    ) -> Solver {
        Solver {
            table,
            nodes: 0,
            scored: 0,
            budget: budget.unwrap_or(u64::MAX),
            aborted: false,
            progress,
            published: 0,
            stop: None,
            halted: false,
            deadline,
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
        self.solve_between(p, o, -64, 64)
    }

    /// [`Solver::solve`] narrowed to `lo..=hi`: the exact value when it lies strictly
    /// between them, otherwise a bound on the same side (at least `hi`, or at most `lo`);
    /// the square achieves at least the value returned unless that is at most `lo`. With
    /// `-1, 1`, whether the mover wins, draws or loses, for less work than the margin.
    pub(crate) fn solve_between(&mut self, p: u64, o: u64, lo: i32, hi: i32) -> (i32, Option<u32>) {
        let guess = self.presearch(p, o);
        self.probes(p, o, guess, (lo, hi))
    }

    /// Depth-limited searches from the root, leaving best moves in the table; the value
    /// they point to, in discs (even), or 0 when the position is too small to bother.
    fn presearch(&mut self, p: u64, o: u64) -> i32 {
        if modern_cpu() {
            // SAFETY: `modern_cpu` checked the features `modern` is compiled for.
            #[cfg(target_arch = "x86_64")]
            return unsafe { modern::presearch(self, p, o) };
        }
        baseline::presearch(self, p, o)
    }

    /// The root by null-window probes starting at `guess`, within `bounds` as
    /// [`Solver::solve_between`] gives it.
    fn probes(&mut self, p: u64, o: u64, guess: i32, bounds: (i32, i32)) -> (i32, Option<u32>) {
        if modern_cpu() {
            // SAFETY: as in `presearch`.
            #[cfg(target_arch = "x86_64")]
            return unsafe { modern::root(self, p, o, guess, bounds) };
        }
        baseline::root(self, p, o, guess, bounds)
    }

    /// The value of the position with `p` to move within `(alpha, beta)`, fail-soft.
    fn window(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        if modern_cpu() {
            // SAFETY: as in `presearch`.
            #[cfg(target_arch = "x86_64")]
            return unsafe { modern::search(self, p, o, alpha, beta) };
        }
        baseline::search(self, p, o, alpha, beta)
    }

    /// The root's placements in search order, each with what it flips: the table's moves
    /// first, then by the ordering of an interior node.
    fn root_list(&mut self, p: u64, o: u64) -> Vec<(u32, u64)> {
        let mut list = [Candidate::default(); 64];
        let n = if modern_cpu() {
            // SAFETY: as in `presearch`.
            #[cfg(target_arch = "x86_64")]
            {
                unsafe { modern::root_order(self, p, o, &mut list) }
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                baseline::root_order(self, p, o, &mut list)
            }
        } else {
            baseline::root_order(self, p, o, &mut list)
        };
        list[..n].iter().map(|c| (c.sq, c.flipped)).collect()
    }

    /// The value of `p` to move against `beta` (null window) when the stable discs or the
    /// table (`hit`, what it holds for this position) already settle it, without
    /// searching: a split node's cut-offs.
    fn settled(&self, p: u64, o: u64, beta: i32, mv: u64, hit: Option<Hit>) -> Option<i32> {
        let alpha = beta - 1;
        let empties = (!(p | o)).count_ones();
        if let Some(most) = stable_cut(p, o, empties, alpha) {
            return Some(most);
        }
        if let Some(hit) = hit
            && u32::from(hit.depth) >= EXACT
        {
            if hit.lower >= beta {
                return Some(hit.lower);
            }
            if hit.upper <= alpha {
                return Some(hit.upper);
            }
        }
        // A child the table already proves good enough cuts at once.
        let mut m = mv;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(p, o, sq);
            if let Some(hit) = self.table.probe(o ^ f, p ^ f ^ bit(sq))
                && u32::from(hit.depth) >= EXACT
                && -hit.upper >= beta
            {
                return Some(-hit.upper);
            }
        }
        None
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
            if let Some(stop) = &self.stop
                && stop.load(Ordering::Relaxed)
            {
                self.halted = true;
            }
            if let Some(deadline) = self.deadline
                && Instant::now() >= deadline
            {
                self.aborted = true;
            }
        }
        if self.nodes > self.budget {
            self.aborted = true;
        }
        self.interrupted()
    }
}

/// How many plies from the root the threads split the work (young brothers wait: a node's
/// eldest moves first, alone, then its younger brothers shared out).
const SPLIT_PLIES: u32 = 3;

/// How many moves of a split node below the root are searched alone before the others are
/// shared out. With one, a second thread often searched a brother of the move that cut; two
/// cost a little waiting and save that (FFO #40-#49: 1,037 M positions against 1,085 M).
const ELDERS: usize = 2;

/// Below this many empties a node is not split: the work is too small to share.
const SPLIT_FROM: u32 = 12;

/// [`Solver::solve`] on several threads sharing one table: the first solver runs the
/// depth-limited searches alone, then each null-window probe splits the tree near the root,
/// young brothers wait: at a node the eldest moves are searched first (splitting again below
/// them), and only if they do not cut are the others shared out, the first thread to prove a
/// cut stopping the others. A second thread seldom searches a brother of a move that cuts,
/// so two threads visit about as many positions as one.
pub(crate) fn solve_parallel(solvers: &mut [Solver], p: u64, o: u64) -> (i32, Option<u32>) {
    let mv = moves(p, o);
    let threads = solvers.len();
    let Some(first) = solvers.first_mut() else {
        return (0, None);
    };
    if threads < 2 || mv.count_ones() < 2 {
        return first.solve(p, o);
    }
    let mut guess = first.presearch(p, o);
    if first.interrupted() {
        return (0, None);
    }
    let mut list = first.root_list(p, o);
    let mut team = Team {
        solvers,
        stop: Arc::new(AtomicBool::new(false)),
    };
    let (mut lower, mut upper) = (-64, 64);
    let mut best_sq = list[0].0;
    while lower < upper {
        let beta = if guess <= lower {
            lower + 1
        } else {
            guess.min(upper)
        };
        let (value, best) = team.node(p, o, beta, &list, SPLIT_PLIES, None);
        if team.aborted() {
            return (0, None);
        }
        if value >= beta {
            lower = value;
            best_sq = list[best].0;
            // Try this move first in the next probes, as one thread does.
            list[..=best].rotate_right(1);
        } else {
            upper = value;
        }
        guess = value;
    }
    (lower, Some(best_sq))
}

/// The solvers of a parallel solve, and the flag that stops them when a shared-out move
/// cuts. Splits happen one at a time, so one flag serves them all.
struct Team<'a> {
    solvers: &'a mut [Solver],
    stop: Arc<AtomicBool>,
}

impl Team<'_> {
    fn aborted(&self) -> bool {
        self.solvers.iter().any(|s| s.aborted)
    }

    fn interrupted(&self) -> bool {
        self.solvers.iter().any(|s| s.interrupted())
    }

    /// Positions counted by every solver, as Edax counts them.
    fn work(&self) -> u64 {
        self.solvers.iter().map(|s| s.nodes + s.scored).sum()
    }

    /// The null-window value of `p` to move against `beta` (fail-soft), given the node's
    /// moves in order, and the index of the best move found. `searched` is the value of the
    /// first move when it was searched already. At the root one move goes alone, below it
    /// [`ELDERS`].
    fn node(
        &mut self,
        p: u64,
        o: u64,
        beta: i32,
        list: &[(u32, u64)],
        plies: u32,
        searched: Option<i32>,
    ) -> (i32, usize) {
        let elders = if plies == SPLIT_PLIES { 1 } else { ELDERS };
        let (mut value, mut best) = (-INF, 0);
        for (i, &(sq, f)) in list.iter().enumerate().take(elders) {
            let v = match searched {
                Some(v) if i == 0 => v,
                _ => -self.child(o ^ f, p ^ f ^ bit(sq), -beta + 1, plies - 1),
            };
            if v > value {
                (value, best) = (v, i);
            }
            if value >= beta || self.interrupted() {
                return (value, best);
            }
        }
        if list.len() <= elders {
            return (value, best);
        }
        let next = AtomicUsize::new(elders);
        let (next, stop) = (&next, &self.stop);
        stop.store(false, Ordering::Relaxed);
        // Per thread: the best value it found and where.
        let results: Vec<(i32, usize)> = std::thread::scope(|scope| {
            let workers: Vec<_> = self
                .solvers
                .iter_mut()
                .map(|solver| scope.spawn(move || share(solver, stop, next, p, o, beta, list)))
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        results
            .into_iter()
            .fold((value, best), |a, b| if b.0 > a.0 { b } else { a })
    }

    /// The null-window value of `p` to move against `beta` (fail-soft): split again while
    /// `plies` remain and the node is large enough, else searched by the first solver
    /// alone. A split node takes the table's and the stable discs' cut-offs first, and its
    /// bound and best move go in the table like any other node's.
    fn child(&mut self, p: u64, o: u64, beta: i32, plies: u32) -> i32 {
        let empties = (!(p | o)).count_ones();
        let mv = moves(p, o);
        let first = &mut self.solvers[0];
        if plies == 0 || empties < SPLIT_FROM || mv.count_ones() < 2 {
            return first.window(p, o, beta - 1, beta);
        }
        first.nodes += 1;
        let hit = first.table.probe(p, o);
        if let Some(v) = first.settled(p, o, beta, mv, hit) {
            return v;
        }
        let before = self.work();
        // The table's move is searched before the others are ordered, as a single thread
        // does: when it cuts, ordering the others would be wasted.
        let hint = hit
            .map(|hit| u32::from(hit.moves[0]))
            .filter(|&sq| sq < 64 && mv & bit(sq) != 0);
        let mut searched = None;
        if let Some(sq) = hint {
            let f = flips(p, o, sq);
            let v = -self.child(o ^ f, p ^ f ^ bit(sq), -beta + 1, plies - 1);
            if v >= beta && !self.interrupted() {
                let cost = self.work() - before;
                let table = &self.solvers[0].table;
                table.store(p, o, EXACT + empties, (v, INF), sq, cost);
            }
            if v >= beta || self.interrupted() {
                return v;
            }
            searched = Some(v);
        }
        let mut list = self.solvers[0].root_list(p, o);
        if let Some(sq) = hint
            && let Some(i) = list.iter().position(|&(s, _)| s == sq)
        {
            list[..=i].rotate_right(1);
        }
        let (value, best) = self.node(p, o, beta, &list, plies, searched);
        if !self.interrupted() {
            let bounds = proven_bounds(value, beta - 1, beta, INF);
            let cost = self.work() - before;
            let table = &self.solvers[0].table;
            table.store(p, o, EXACT + empties, bounds, list[best].0, cost);
        }
        value
    }
}

/// One thread's share of a split node: the next move no thread has taken, until none is
/// left or a move cuts (here or on another thread); the best value seen and its index.
fn share(
    solver: &mut Solver,
    stop: &Arc<AtomicBool>,
    next: &AtomicUsize,
    p: u64,
    o: u64,
    beta: i32,
    list: &[(u32, u64)],
) -> (i32, usize) {
    solver.halted = false;
    solver.stop = Some(Arc::clone(stop));
    let (mut value, mut best) = (-INF, 0);
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(&(sq, f)) = list.get(i) else {
            break;
        };
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let v = -solver.window(o ^ f, p ^ f ^ bit(sq), -beta, -beta + 1);
        if solver.interrupted() {
            if solver.aborted {
                // Out of budget: the whole solve gives up, so the others can stop too.
                stop.store(true, Ordering::Relaxed);
            }
            break;
        }
        if v > value {
            (value, best) = (v, i);
        }
        if v >= beta {
            stop.store(true, Ordering::Relaxed);
            break;
        }
    }
    solver.stop = None;
    solver.halted = false;
    (value, best)
}

/// The recursion. Every function carries the same `target_feature` attribute (or none), so
/// the copies call only each other and everything small is inlined with those features.
macro_rules! search_functions {
    ($(#[$features:meta])*) => {
        use super::*;

        /// Depth-limited searches from the root on the evaluation, deeper and deeper, each
        /// within a window around the last value; the last value, in even discs.
        $(#[$features])*
        pub(super) fn presearch(s: &mut Solver, p: u64, o: u64) -> i32 {
            let empties = (!(p | o)).count_ones();
            if empties < ID_FROM || moves(p, o) == 0 {
                return 0;
            }
            let last = empties - ID_GAP;
            let mut value = 0;
            let mut depth = if last % 2 == 0 { 2 } else { 1 };
            while depth <= last {
                let (mut alpha, mut beta) = if depth <= 2 {
                    (-EVAL_INF, EVAL_INF)
                } else {
                    (value - 4 * EVAL.units, value + 4 * EVAL.units)
                };
                loop {
                    let v = midgame(s, p, o, alpha, beta, depth);
                    if s.interrupted() {
                        return 0;
                    }
                    if v <= alpha && alpha > -EVAL_INF {
                        alpha = -EVAL_INF;
                    } else if v >= beta && beta < EVAL_INF {
                        beta = EVAL_INF;
                    } else {
                        value = v;
                        break;
                    }
                }
                depth += 2;
            }
            // To the nearest even margin.
            let discs = (value + value.signum() * EVAL.units / 2) / EVAL.units;
            (discs + discs.rem_euclid(2)).clamp(-64, 64)
        }

        /// The root: null-window probes that narrow the value down from both sides,
        /// starting at `guess`, reusing the table between probes, rather than one
        /// wide-window search; exact inside `(lo, hi)`, a bound beyond it.
        $(#[$features])*
        pub(super) fn root(
            s: &mut Solver,
            p: u64,
            o: u64,
            mut guess: i32,
            (lo, hi): (i32, i32),
        ) -> (i32, Option<u32>) {
            let mv = moves(p, o);
            if mv == 0 {
                s.nodes += 1;
                if moves(o, p) == 0 {
                    return (final_value(p, o), None);
                }
                return (-search(s, o, p, -INF, INF), None);
            }
            let mut list = [Candidate::default(); 64];
            let n = root_order(s, p, o, &mut list);
            let (mut lower, mut upper) = (lo, hi);
            let mut best_sq = list[0].sq;
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
            // Below `lo` every probe failed low: `upper` is the bound found.
            (if upper <= lo { upper } else { lower }, Some(best_sq))
        }

        /// The root's moves in search order, as an interior node orders them.
        $(#[$features])*
        pub(super) fn root_order(
            s: &mut Solver,
            p: u64,
            o: u64,
            list: &mut [Candidate; 64],
        ) -> usize {
            let hints = s.table.probe(p, o).map_or([NO_MOVE; 2], |h| h.moves);
            let mv = moves(p, o);
            let empties = (!(p | o)).count_ones();
            order(s, p, o, mv, hints, empties, list)
        }

        /// Orders the placements `mv` of `p`, writing them to `list` and returning how
        /// many: a wipe-out and the table's moves first (legal moves only, unscored), then
        /// the rest by rank, lowest first; the rank adds a shallow search's value from
        /// `SEARCH_SORT_FROM` empties on. Counts every child scored.
        $(#[$features])*
        fn order(
            s: &mut Solver,
            p: u64,
            o: u64,
            mv: u64,
            hints: [u8; 2],
            empties: u32,
            list: &mut [Candidate; 64],
        ) -> usize {
            let empty = !(p | o);
            let odd = odd_quadrants(empty);
            let sort_depth = if empties >= SEARCH_SORT_FROM {
                Some(((empties - SEARCH_SORT_FROM) / 3 + SORT_DEEPER).min(6))
            } else {
                None
            };
            let mut n = 0;
            let mut m = mv;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                let rank = if f == o {
                    i32::MIN
                } else if sq == u32::from(hints[0]) {
                    i32::MIN + 1
                } else if sq == u32::from(hints[1]) {
                    i32::MIN + 2
                } else {
                    let mut rank = fast_rank(p, o, sq, f, empty, odd);
                    let (np, no) = (o ^ f, p ^ f ^ bit(sq));
                    match sort_depth {
                        None | Some(0) => {
                            s.scored += 1;
                            if sort_depth.is_some() {
                                rank += SORT_VALUE * (EVAL.f)(np, no) / EVAL.units;
                            }
                        }
                        Some(d) => {
                            // The child's value for the opponent: lower is better for us.
                            let v = midgame(s, np, no, -EVAL_INF, EVAL_INF, d);
                            rank += SORT_VALUE * v / EVAL.units;
                        }
                    }
                    rank
                };
                list[n] = Candidate { sq, flipped: f, rank };
                n += 1;
            }
            list[..n].sort_unstable_by_key(|c| c.rank);
            n
        }

        /// Depth-limited negamax on the evaluation, in evaluation units, fail-soft: the
        /// root's preliminary searches and the ordering searches far from the end. Uses
        /// the table from `MID_TABLE_DEPTH` plies on (bounds of that same depth only).
        $(#[$features])*
        fn midgame(s: &mut Solver, p: u64, o: u64, mut alpha: i32, beta: i32, depth: u32) -> i32 {
            if s.tick() {
                return 0;
            }
            if depth == 0 {
                return (EVAL.f)(p, o);
            }
            let mv = moves(p, o);
            if mv == 0 {
                if moves(o, p) == 0 {
                    return final_value(p, o) * EVAL.units;
                }
                return -midgame(s, o, p, -beta, -alpha, depth);
            }
            let use_table = depth >= MID_TABLE_DEPTH;
            let mut hints = [NO_MOVE; 2];
            if use_table && let Some(hit) = s.table.probe(p, o) {
                if u32::from(hit.depth) == depth {
                    if hit.lower >= beta {
                        return hit.lower;
                    }
                    if hit.upper <= alpha {
                        return hit.upper;
                    }
                }
                hints = hit.moves;
            }
            let start = s.nodes;
            let original_alpha = alpha;
            let mut best = -EVAL_INF;
            let mut best_sq = NO_MOVE as u32;
            if depth == 1 {
                let mut m = mv;
                while m != 0 {
                    let sq = m.trailing_zeros();
                    m &= m - 1;
                    let f = flips(p, o, sq);
                    s.nodes += 1;
                    let v = -(EVAL.f)(o ^ f, p ^ f ^ bit(sq));
                    if v > best {
                        best = v;
                        if v > alpha {
                            alpha = v;
                            if alpha >= beta {
                                break;
                            }
                        }
                    }
                }
                return best;
            }
            let mut list = [Candidate::default(); 64];
            let mut n = 0;
            let mut m = mv;
            let empty = !(p | o);
            let odd = odd_quadrants(empty);
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                let rank = if sq == u32::from(hints[0]) {
                    i32::MIN
                } else if sq == u32::from(hints[1]) {
                    i32::MIN + 1
                } else {
                    s.scored += 1;
                    fast_rank(p, o, sq, f, empty, odd)
                };
                list[n] = Candidate { sq, flipped: f, rank };
                n += 1;
            }
            list[..n].sort_unstable_by_key(|c| c.rank);
            for (i, c) in list[..n].iter().enumerate() {
                let (np, no) = (o ^ c.flipped, p ^ c.flipped ^ bit(c.sq));
                let v = if i == 0 {
                    -midgame(s, np, no, -beta, -alpha, depth - 1)
                } else {
                    let probe = -midgame(s, np, no, -alpha - 1, -alpha, depth - 1);
                    if probe > alpha && probe < beta && !s.interrupted() {
                        -midgame(s, np, no, -beta, -alpha, depth - 1)
                    } else {
                        probe
                    }
                };
                if s.interrupted() {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_sq = c.sq;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            }
            if use_table {
                let bounds = proven_bounds(best, original_alpha, beta, EVAL_INF);
                s.table.store(p, o, depth, bounds, best_sq, s.nodes - start);
            }
            best
        }

        /// Negamax alpha-beta value of the position with `p` to move, within (alpha, beta).
        $(#[$features])*
        pub(super) fn search(s: &mut Solver, p: u64, o: u64, mut alpha: i32, mut beta: i32) -> i32 {
            let empty = !(p | o);
            let empties = empty.count_ones();
            if empties <= SHALLOW {
                return shallow_root(s, p, o, alpha, beta, empty);
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
            if let Some(most) = stable_cut(p, o, empties, alpha) {
                return most;
            }

            let use_table = empties >= TABLE_FROM;
            let mut hints = [NO_MOVE; 2];
            if use_table && let Some(hit) = s.table.probe(p, o) {
                if u32::from(hit.depth) >= EXACT {
                    if hit.lower >= beta || hit.lower == hit.upper {
                        return hit.lower;
                    }
                    if hit.upper <= alpha {
                        return hit.upper;
                    }
                    alpha = alpha.max(hit.lower);
                    beta = beta.min(hit.upper);
                }
                hints = hit.moves;
            }

            let start = s.nodes + s.scored;
            let original_alpha = alpha;
            if empties >= ETC_FROM {
                // A child the table already proves good enough cuts off at once.
                let mut m = mv;
                while m != 0 {
                    let sq = m.trailing_zeros();
                    m &= m - 1;
                    let f = flips(p, o, sq);
                    let (np, no) = (o ^ f, p ^ f ^ bit(sq));
                    if let Some(hit) = s.table.probe(np, no)
                        && u32::from(hit.depth) >= EXACT
                        && -hit.upper >= beta
                    {
                        let value = -hit.upper;
                        s.table.store(p, o, EXACT + empties, (value, INF), sq, 1);
                        return value;
                    }
                }
            }
            let mut best = -INF;
            let mut best_sq = u32::from(NO_MOVE);
            let mut rest = mv;
            let first = u32::from(hints[0]);
            if first < 64 && mv & bit(first) != 0 {
                // The table's move alone first: if it cuts off, no other child is scored.
                let f = flips(p, o, first);
                best = -search(s, o ^ f, p ^ f ^ bit(first), -beta, -alpha);
                if s.interrupted() {
                    return 0;
                }
                best_sq = first;
                rest &= !bit(first);
                alpha = alpha.max(best);
            }
            if alpha < beta && rest != 0 {
                let mut list = [Candidate::default(); 64];
                let n = order(s, p, o, rest, hints, empties, &mut list);
                if s.interrupted() {
                    return 0;
                }
                let full_first = best == -INF;
                for (i, c) in list[..n].iter().enumerate() {
                    let (np, no) = (o ^ c.flipped, p ^ c.flipped ^ bit(c.sq));
                    let value = if i == 0 && full_first {
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
            }

            if use_table {
                let bounds = proven_bounds(best, original_alpha, beta, INF);
                let cost = s.nodes + s.scored - start;
                s.table.store(p, o, EXACT + empties, bounds, best_sq, cost);
            }
            best
        }

        /// Enters the no-table search: the empty squares listed in presorted order.
        $(#[$features])*
        fn shallow_root(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, empty: u64) -> i32 {
            let mut squares = [0u8; SHALLOW as usize];
            let mut n = 0;
            let mut m = empty;
            while m != 0 {
                let sq = m.trailing_zeros() as u8;
                m &= m - 1;
                // Insertion by presort rank.
                let mut i = n;
                while i > 0 && PRESORT_RANK[squares[i - 1] as usize] > PRESORT_RANK[sq as usize] {
                    squares[i] = squares[i - 1];
                    i -= 1;
                }
                squares[i] = sq;
                n += 1;
            }
            shallow(s, p, o, alpha, beta, &squares[..n], empty)
        }

        /// The last few empties (`squares`, presorted, whose set is `empty`): each square is
        /// tried directly (a placement is legal iff it flips something), odd quadrants
        /// first.
        $(#[$features])*
        fn shallow(
            s: &mut Solver,
            p: u64,
            o: u64,
            mut alpha: i32,
            beta: i32,
            squares: &[u8],
            empty: u64,
        ) -> i32 {
            match squares.len() {
                0 => {
                    s.nodes += 1;
                    return final_value(p, o);
                }
                1 => return solve_1(&mut s.nodes, p, o, u32::from(squares[0])),
                3 => {
                    let squares = [squares[0], squares[1], squares[2]].map(u32::from);
                    let odd = odd_quadrants(empty);
                    return solve_3(&mut s.nodes, p, o, alpha, beta, squares, odd);
                }
                2 => {
                    return solve_2(
                        &mut s.nodes,
                        p,
                        o,
                        beta,
                        u32::from(squares[0]),
                        u32::from(squares[1]),
                    );
                }
                _ => {}
            }
            s.nodes += 1;
            let empties = squares.len() as u32;
            if let Some(most) = stable_cut(p, o, empties, alpha) {
                return most;
            }
            let odd = odd_quadrants(empty);
            let mut rest = [0u8; SHALLOW as usize];
            let mut best = -INF;
            for pass in [true, false] {
                for (i, &sq) in squares.iter().enumerate() {
                    if (odd & bit(u32::from(sq)) != 0) != pass {
                        continue;
                    }
                    let f = flips_near(p, o, u32::from(sq));
                    if f == 0 {
                        continue;
                    }
                    let k = squares.len() - 1;
                    rest[..i].copy_from_slice(&squares[..i]);
                    rest[i..k].copy_from_slice(&squares[i + 1..]);
                    let value = -shallow(
                        s,
                        o ^ f,
                        p ^ f ^ bit(u32::from(sq)),
                        -beta,
                        -alpha,
                        &rest[..k],
                        empty ^ bit(u32::from(sq)),
                    );
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
                return -shallow(s, o, p, -beta, -alpha, squares, empty);
            }
            best
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
