//! The midgame search: principal-variation (negascout) alpha-beta straight on bitboards, with
//! its own transposition table, iterative deepening with aspiration windows, move ordering
//! (the table's move, then the static evaluation and the opponent's mobility, by the square
//! alone next to the leaves) and optional multi-ProbCut ([`super::probcut`]).
//!
//! Values are the side to move's predicted final margin in units of 1/[`UNITS_PER_DISC`] of
//! a disc: leaves are valued by the learned evaluation ([`evaluate`]), computed from pattern
//! sums the search keeps move by move (`pattern_sums.rs`); finished games score exactly. The
//! search is stopped by a node budget (deterministic: the same position and budget give the
//! same move on any machine) and, as a guard for slow machines, a deadline.

use std::time::Instant;

use super::bitboard::{CORNERS, after, edge_stable, final_value, moves};
use super::cpu::modern_cpu;
use super::eval::{SQUARE_WEIGHTS, hash};
use super::game::Game;
use super::learned;
use super::pattern_sums::PatternSums;
use super::probcut::{self, Selectivity};
use super::square::Square;
use super::tt::proven_bounds;

/// Units of a value per disc of margin: the scale of [`evaluate`].
pub const UNITS_PER_DISC: i32 = learned::UNITS_PER_DISC;

/// Above any value a position can have (64 discs is 2,048 units).
const INF: i32 = 4_096;

/// How much the evaluation of a move's position counts in its ordering score, against 64
/// for each reply it leaves the opponent (2 and 8 ordered no better).
const ORDER_EVAL_WEIGHT: i32 = 4;

/// The search's evaluation: the side to move's predicted final margin in [`UNITS_PER_DISC`]
/// units, strictly inside ±64 discs (the learned patterns of [`super::learned`]). Leaves
/// compute the same value from the pattern sums the search keeps; this reads the board, for
/// positions the search reaches without them.
#[inline(always)]
pub fn evaluate(p: u64, o: u64) -> i32 {
    learned::evaluate(p, o)
}

/// How far a search may go.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The deepest iteration, in plies (passes are free).
    pub depth: u32,
    /// Stop after visiting this many positions; the last finished iteration answers.
    pub nodes: Option<u64>,
    /// Stop at this instant, whatever the node count (a guard only: it makes moves depend
    /// on the machine's speed).
    pub deadline: Option<Instant>,
    /// Multi-ProbCut's confidence, `None` for a full-width search.
    pub selectivity: Option<Selectivity>,
    /// Transposition-table size as a power of two (24-byte entries).
    pub table_bits: u32,
}

impl Limits {
    /// A full-width search to `depth` with no other limit and a small table.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: None,
            deadline: None,
            selectivity: None,
            table_bits: 16,
        }
    }
}

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    /// The move chosen; `None` when the side to move has no placement (pass or game over).
    pub best: Option<Square>,
    /// Its value in [`UNITS_PER_DISC`] units, from the deepest iteration that produced it.
    pub value: i32,
    /// The deepest iteration finished (0 if none was).
    pub depth: u32,
    /// Positions visited in all.
    pub nodes: u64,
}

/// One slot of the table: the position itself (so a hash collision is never trusted), the
/// bounds found at `depth`, and the best move (64 for none).
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    p: u64,
    o: u64,
    lower: i16,
    upper: i16,
    depth: u8,
    best: u8,
}

const NO_MOVE: u8 = 64;

/// Nodes this many plies or more from their leaves use the table (at 1 or 3, a search to
/// depth 10 takes 16% or 30% longer).
const TABLE_MIN_DEPTH: u32 = 2;

/// A transposition table a caller keeps from one search to the next, as play on a clock
/// does: the next move's search starts with what the last one learned about the positions
/// it leads to, and the memory is not cleared and paged in again every move. Entries hold
/// whole positions and their searched depth, so any an earlier search left are sound.
pub struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// An empty table of `2^bits` entries (24 bytes each), `bits` clamped to 8..=26.
    pub fn new(bits: u32) -> Table {
        Table {
            entries: vec![Entry::default(); Table::len_for(bits)],
        }
    }

    /// The entries a table of `bits` holds.
    fn len_for(bits: u32) -> usize {
        1 << bits.clamp(8, 26)
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} entries)", self.entries.len())
    }
}

/// One search: its table, counters and limits.
struct Search {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
    /// No iteration starts after this instant (play on a clock): the last finished one
    /// answers.
    soft_deadline: Option<Instant>,
    stopped: bool,
    selectivity: Option<Selectivity>,
    /// Set while a ProbCut probe runs: probes do not nest.
    probing: bool,
}

/// Searches `game` within `limits` and returns the best move found and its value.
pub fn search(game: &Game, limits: &Limits) -> Found {
    let (p, o) = (game.player_bits(), game.opponent_bits());
    search_bits(p, o, limits)
}

/// [`search`] on bitboards: `p` the side to move's discs, `o` the other's.
pub fn search_bits(p: u64, o: u64, limits: &Limits) -> Found {
    let mut s = Search::new(limits, Table::new(limits.table_bits).entries);
    s.root(p, o, limits.depth.max(1))
}

/// [`search`] on a clock: as `limits` allow, but no deeper iteration is started once
/// `soft_deadline` has passed (the hard stop is `limits.deadline`). The search uses `table`
/// as it finds it and leaves what it learned there; one of another size than
/// `limits.table_bits` asks for is replaced by an empty one first.
pub fn search_until(
    game: &Game,
    limits: &Limits,
    soft_deadline: Instant,
    table: &mut Table,
) -> Found {
    if table.entries.len() != Table::len_for(limits.table_bits) {
        *table = Table::new(limits.table_bits);
    }
    let mut s = Search::new(limits, std::mem::take(&mut table.entries));
    s.soft_deadline = Some(soft_deadline);
    let found = s.root(
        game.player_bits(),
        game.opponent_bits(),
        limits.depth.max(1),
    );
    table.entries = s.table;
    found
}

/// The full-width value of `p, o` searched to exactly `depth` plies, in units; for fitting
/// ProbCut and for tests. No budget.
pub fn value_at(p: u64, o: u64, depth: u32, table_bits: u32) -> i32 {
    let limits = Limits {
        table_bits,
        ..Limits::depth(depth)
    };
    let mut s = Search::new(&limits, Table::new(table_bits).entries);
    s.pvs(p, o, &PatternSums::of(p, o), depth, -INF, INF)
}

impl Search {
    /// A search within `limits` on `table` (a [`Table`]'s entries: a power of two).
    fn new(limits: &Limits, table: Vec<Entry>) -> Search {
        Search {
            mask: table.len() - 1,
            table,
            nodes: 0,
            budget: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.deadline,
            soft_deadline: None,
            stopped: false,
            selectivity: limits.selectivity,
            probing: false,
        }
    }

    /// Iterative deepening at the root, each iteration inside an aspiration window around
    /// the last value, widened on failure.
    fn root(&mut self, p: u64, o: u64, max_depth: u32) -> Found {
        let legal = moves(p, o);
        let empties = (!(p | o)).count_ones();
        let mut found = Found {
            best: None,
            value: 0,
            depth: 0,
            nodes: 0,
        };
        if legal == 0 {
            found.value = if moves(o, p) == 0 {
                final_value(p, o) * UNITS_PER_DISC
            } else {
                -evaluate(o, p)
            };
            return found;
        }
        let sums = PatternSums::of(p, o);
        // Root moves, reordered after every iteration by their values.
        let mut list: Vec<(i32, u32)> = squares(legal).map(|sq| (0, sq)).collect();
        sort_root(p, o, &mut list);
        found.best = Square::from_index(list[0].1);
        // Past the empties, deeper iterations change nothing: the search is exact.
        let last = max_depth.min(empties.max(1));
        for depth in 1..=last {
            let guess = found.value;
            let mut delta = 2 * UNITS_PER_DISC;
            let (mut lo, mut hi) = if depth >= 4 {
                (guess - delta, guess + delta)
            } else {
                (-INF, INF)
            };
            loop {
                let (value, best) = self.root_iteration(p, o, &sums, depth, &mut list, (lo, hi));
                if self.stopped {
                    // A move that beat the last iteration's choice in full is still better.
                    if let Some(sq) = best
                        && Some(sq) != found.best.map(Square::index)
                        && value > lo
                    {
                        found.best = Square::from_index(sq);
                    }
                    found.nodes = self.nodes;
                    return found;
                }
                if value <= lo && lo > -INF {
                    delta *= 2;
                    lo = (value - delta).max(-INF);
                    if delta > 16 * UNITS_PER_DISC {
                        lo = -INF;
                    }
                } else if value >= hi && hi < INF {
                    delta *= 2;
                    hi = (value + delta).min(INF);
                    if delta > 16 * UNITS_PER_DISC {
                        hi = INF;
                    }
                } else {
                    found.value = value;
                    found.best = best.and_then(Square::from_index).or(found.best);
                    found.depth = depth;
                    break;
                }
            }
            // Best first, then the others by their (bound) values.
            list.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
            if self
                .soft_deadline
                .is_some_and(|soft| Instant::now() >= soft)
            {
                break;
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// One root iteration in the window `lo..hi`: the value and the move that reached it.
    /// Each move's value (or bound) is written into `list` for the next ordering.
    fn root_iteration(
        &mut self,
        p: u64,
        o: u64,
        f: &PatternSums,
        depth: u32,
        list: &mut [(i32, u32)],
        (lo, hi): (i32, i32),
    ) -> (i32, Option<u32>) {
        let mut alpha = lo;
        let mut best = -INF;
        let mut best_sq = None;
        for (i, entry) in list.iter_mut().enumerate() {
            let sq = entry.1;
            let (cp, co) = after(p, o, sq);
            let cf = f.after(p, sq, co);
            let value = if i == 0 {
                -self.pvs(cp, co, &cf, depth - 1, -hi, -alpha)
            } else {
                let mut v = -self.pvs(cp, co, &cf, depth - 1, -alpha - 1, -alpha);
                if v > alpha && v < hi && !self.stopped {
                    v = -self.pvs(cp, co, &cf, depth - 1, -hi, -v.max(alpha));
                }
                v
            };
            if self.stopped {
                return (best, best_sq);
            }
            entry.0 = value;
            if value > best {
                best = value;
                if value > alpha || best_sq.is_none() {
                    best_sq = Some(sq);
                }
                if value > alpha {
                    alpha = value;
                    if alpha >= hi {
                        break;
                    }
                }
            }
        }
        // Moves after a cut keep their old values, below the one that cut.
        (best, best_sq)
    }

    /// Stops the search once the budget is spent or the deadline passed.
    fn check_limits(&mut self) {
        if self.nodes >= self.budget {
            self.stopped = true;
        } else if self.nodes & 1023 == 0
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
        }
    }

    /// Fail-soft principal-variation search of `p, o` to `depth` plies in `alpha..beta`:
    /// the copy compiled for this processor.
    fn pvs(&mut self, p: u64, o: u64, f: &PatternSums, depth: u32, alpha: i32, beta: i32) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if modern_cpu() {
            // SAFETY: `modern_cpu` checked the features `modern` is compiled for.
            return unsafe { modern::pvs(self, p, o, f, depth, alpha, beta) };
        }
        baseline::pvs(self, p, o, f, depth, alpha, beta)
    }
}

/// The recursion, compiled twice as the solver's is: for the baseline instruction set and
/// for processors with population count and the bit-manipulation extensions (a third less
/// time at depth 10: counting moves and empties is one instruction there). Every function
/// carries the same `target_feature` attribute (or none), and the evaluation is inlined
/// into each, so it too is compiled with those features.
macro_rules! search_functions {
    ($(#[$features:meta])*) => {
        use super::*;

        /// [`evaluate`] of a leaf from its kept pattern sums (`f`, which must be those of
        /// `p, o`), compiled with this copy's features (the evaluation is always inlined)
        /// and kept out of line: inlined into the recursion as well, it made it slower.
        $(#[$features])*
        fn leaf(f: &PatternSums, p: u64, o: u64) -> i32 {
            learned::evaluate_kept(f, p, o)
        }

        /// Fail-soft principal-variation search of `p, o` to `depth` plies in
        /// `alpha..beta`.
        $(#[$features])*
        pub(super) fn pvs(
            s: &mut Search,
            p: u64,
            o: u64,
            f: &PatternSums,
            depth: u32,
            mut alpha: i32,
            beta: i32,
        ) -> i32 {
            s.check_limits();
            if s.stopped {
                return 0;
            }
            s.nodes += 1;
            if depth == 0 {
                // A full board or a wiped-out side is scored exactly; other finished games
                // (both sides blocked) are rare enough at a leaf to be left to the evaluation.
                return if p | o == u64::MAX || p == 0 || o == 0 {
                    final_value(p, o) * UNITS_PER_DISC
                } else {
                    leaf(f, p, o)
                };
            }
            let legal = moves(p, o);
            if legal == 0 {
                if moves(o, p) == 0 {
                    return final_value(p, o) * UNITS_PER_DISC;
                }
                // A pass costs no depth: the opponent moves again at the same depth.
                return -pvs(s, o, p, &f.passed(), depth, -beta, -alpha);
            }
            let empties = (!(p | o)).count_ones();

            // Stable discs of the opponent bound what the mover can still win.
            if empties <= 24 && alpha >= 8 * UNITS_PER_DISC {
                let theirs = (edge_stable(p, o) & o).count_ones() as i32;
                let most = (64 - 2 * theirs) * UNITS_PER_DISC;
                if most <= alpha {
                    return most;
                }
            }

            // Nodes next to the leaves skip the table: there a probe costs a cache miss,
            // more than the transpositions it finds save.
            let slot = (depth >= TABLE_MIN_DEPTH).then(|| (hash(p, o, false) as usize) & s.mask);
            let mut table_move = NO_MOVE;
            if let Some(slot) = slot {
                let entry = s.table[slot];
                if entry.p == p && entry.o == o {
                    if u32::from(entry.depth) >= depth {
                        let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
                        if lower >= beta {
                            return lower;
                        }
                        if upper <= alpha {
                            return upper;
                        }
                        if lower == upper {
                            return lower;
                        }
                    }
                    table_move = entry.best;
                }
            }

            if let Some(cut) = probcut(s, p, o, f, depth, alpha, beta) {
                return cut;
            }

            let mut list = MoveList::new();
            order(p, o, f, legal, depth, table_move, &mut list);
            let start_alpha = alpha;
            let mut best = -INF;
            let mut best_sq = NO_MOVE;
            for i in 0..list.len {
                let sq = list.pick(i);
                let (cp, co) = after(p, o, u32::from(sq));
                let cf = f.after(p, u32::from(sq), co);
                let value = if i == 0 {
                    -pvs(s, cp, co, &cf, depth - 1, -beta, -alpha)
                } else {
                    let mut v = -pvs(s, cp, co, &cf, depth - 1, -alpha - 1, -alpha);
                    if v > alpha && v < beta && !s.stopped {
                        v = -pvs(s, cp, co, &cf, depth - 1, -beta, -v);
                    }
                    v
                };
                if s.stopped {
                    return 0;
                }
                if value > best {
                    best = value;
                    best_sq = sq;
                    if value > alpha {
                        alpha = value;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            }

            if let Some(slot) = slot {
                let (lower, upper) = proven_bounds(best, start_alpha, beta, INF);
                s.table[slot] = Entry {
                    p,
                    o,
                    lower: lower as i16,
                    upper: upper as i16,
                    depth: depth.min(255) as u8,
                    best: best_sq,
                };
            }
            best
        }

        /// Multi-ProbCut: a shallow null-window search predicts the deep value well enough to
        /// cut this node, at the selectivity's confidence. `None` when no probe cuts.
        $(#[$features])*
        fn probcut(
            s: &mut Search,
            p: u64,
            o: u64,
            f: &PatternSums,
            depth: u32,
            alpha: i32,
            beta: i32,
        ) -> Option<i32> {
            let selectivity = s.selectivity?;
            let empties = (!(p | o)).count_ones();
            if s.probing || depth < probcut::MIN_DEPTH || empties <= depth {
                return None;
            }
            let model = probcut::model(empties, depth)?;
            let margin = selectivity.t() * model.sigma;
            s.probing = true;
            let mut cut = None;
            // Fail high: the shallow value above the bound predicts a deep one above beta.
            let high = ((f64::from(beta) + margin - model.b) / model.a).ceil() as i32;
            if high < INF && beta > -INF {
                let v = pvs(s, p, o, f, model.shallow, high - 1, high);
                if !s.stopped && v >= high {
                    cut = Some(beta);
                }
            }
            if cut.is_none() {
                let low = ((f64::from(alpha) - margin - model.b) / model.a).floor() as i32;
                if low > -INF && alpha < INF {
                    let v = pvs(s, p, o, f, model.shallow, low, low + 1);
                    if !s.stopped && v <= low {
                        cut = Some(alpha);
                    }
                }
            }
            s.probing = false;
            cut
        }

        /// Orders `legal` into `list`: the table move first, then by the static
        /// evaluation with the opponent's mobility (from 3 plies left), by that mobility
        /// alone (2 plies left), or by the square alone (1 ply left, where every move is
        /// about to be evaluated anyway and counting replies costs more than it saves). No
        /// shallow search: at the levels' selectivity it cost more than its better order
        /// saved at every depth measured (9 to 14 plies).
        $(#[$features])*
        fn order(
            p: u64,
            o: u64,
            f: &PatternSums,
            legal: u64,
            depth: u32,
            table_move: u8,
            list: &mut MoveList,
        ) {
            for sq in squares(legal) {
                let score = if sq == u32::from(table_move) {
                    1 << 28
                } else if depth == 1 {
                    SQUARE_WEIGHTS[sq as usize]
                } else {
                    let (cp, co) = after(p, o, sq);
                    let replies = quick_score(cp, co, sq);
                    if depth >= 3 {
                        replies - leaf(&f.after(p, sq, co), cp, co) * ORDER_EVAL_WEIGHT
                    } else {
                        replies
                    }
                };
                list.push(sq as u8, score);
            }
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

/// Orders the root moves before the first iteration by the opponent's replies and the
/// square, as a node two plies from its leaves would.
fn sort_root(p: u64, o: u64, list: &mut [(i32, u32)]) {
    for entry in list.iter_mut() {
        let (cp, co) = after(p, o, entry.1);
        entry.0 = quick_score(cp, co, entry.1);
    }
    list.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
}

/// The opponent's mobility after a move (corners twice), a wipe-out first, and the classic
/// square weights as a tiebreak: higher is better for the mover.
#[inline(always)]
fn quick_score(cp: u64, co: u64, sq: u32) -> i32 {
    if cp == 0 {
        return 1 << 27;
    }
    let theirs = moves(cp, co);
    let mobility = (theirs.count_ones() + (theirs & CORNERS).count_ones()) as i32;
    -mobility * 64 + SQUARE_WEIGHTS[sq as usize]
}

/// The squares of a bitboard, lowest first.
#[inline(always)]
fn squares(mut b: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let sq = b.trailing_zeros();
            b &= b - 1;
            sq
        })
    })
}

/// A node's moves with their ordering scores, taken best first by selection (most nodes
/// cut after one or two moves, so a full sort would be wasted).
struct MoveList {
    squares: [u8; 64],
    scores: [i32; 64],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            squares: [0; 64],
            scores: [0; 64],
            len: 0,
        }
    }

    fn push(&mut self, sq: u8, score: i32) {
        self.squares[self.len] = sq;
        self.scores[self.len] = score;
        self.len += 1;
    }

    /// Moves the best of the moves from `i` on into place `i` and returns it.
    fn pick(&mut self, i: usize) -> u8 {
        let mut best = i;
        for j in i + 1..self.len {
            if self.scores[j] > self.scores[best] {
                best = j;
            }
        }
        self.squares.swap(i, best);
        self.scores.swap(i, best);
        self.squares[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::endgame::brute_force;

    #[test]
    fn deep_enough_is_exact() {
        let mut game: Game = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
            .parse()
            .unwrap();
        while game.empties() > 9 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        let found = search(&game, &Limits::depth(game.empties()));
        assert_eq!(found.value, brute_force(&game) * UNITS_PER_DISC);
    }

    /// The copy compiled for processors with the extensions searches exactly as the
    /// baseline copy does: the same values and the same positions visited, ProbCut on.
    #[test]
    fn both_compiled_copies_search_alike() {
        #[cfg(target_arch = "x86_64")]
        if modern_cpu() {
            let limits = Limits {
                selectivity: Some(Selectivity(1.5)),
                ..Limits::depth(8)
            };
            let mut game = Game::new();
            let mut compared = 0;
            while !game.is_over() && game.empties() > 12 {
                let (p, o) = (game.player_bits(), game.opponent_bits());
                let mut a = Search::new(&limits, Table::new(16).entries);
                let mut b = Search::new(&limits, Table::new(16).entries);
                let va = baseline::pvs(&mut a, p, o, &PatternSums::of(p, o), 8, -INF, INF);
                // SAFETY: `modern_cpu` checked the features `modern` is compiled for.
                let vb = unsafe { modern::pvs(&mut b, p, o, &PatternSums::of(p, o), 8, -INF, INF) };
                assert_eq!((va, a.nodes), (vb, b.nodes), "{game:?}");
                compared += 1;
                let list = game.legal_moves();
                let mv = list[(game.empties() as usize * 7) % list.len()];
                game.play(mv).unwrap();
            }
            assert!(compared > 20, "{compared} positions compared");
        }
    }

    #[test]
    fn a_table_kept_from_earlier_searches_stays_sound() {
        // A game's moves searched in turn on one table, as a level on a clock does: every
        // position of 10 empties or fewer searched deep enough to be exact still gets its
        // brute-force value, whatever the searches before it (shallower, selective, cut
        // short) left in the table.
        let mut game: Game = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
            .parse()
            .unwrap();
        let mut table = Table::new(12);
        let far = Instant::now() + std::time::Duration::from_secs(3600);
        while !game.is_over() {
            let empties = game.empties();
            for (depth, selectivity, nodes) in [
                (3, Some(Selectivity(1.5)), None),
                (60, Some(Selectivity(1.0)), Some(200)),
                (if empties <= 10 { empties.max(1) } else { 4 }, None, None),
            ] {
                let limits = Limits {
                    depth,
                    nodes,
                    selectivity,
                    table_bits: 12,
                    deadline: None,
                };
                let found = search_until(&game, &limits, far, &mut table);
                if empties <= 10 && depth >= empties && nodes.is_none() && selectivity.is_none() {
                    assert_eq!(found.value, brute_force(&game) * UNITS_PER_DISC, "{game}");
                }
            }
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn the_budget_stops_the_search_and_decides_it() {
        let game = Game::new();
        let limits = Limits {
            nodes: Some(5_000),
            ..Limits::depth(30)
        };
        let a = search(&game, &limits);
        let b = search(&game, &limits);
        assert_eq!(a, b);
        assert!(a.nodes <= 5_000 && a.depth >= 2, "{a:?}");
        assert!(a.best.is_some());
    }
}
