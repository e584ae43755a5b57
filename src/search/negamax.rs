//! The searcher: negamax with alpha-beta pruning over any [`Searchable`] game, a
//! transposition table, move ordering and the root-level calls (best move, ranking,
//! iterative deepening).
//!
//! Values are from the side to move's point of view: its final margin where the search
//! reaches the end of the game (exact), or [`Searchable::evaluate`] at the depth horizon.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::Searchable;
use super::limits::{Limits, Meter, Progress};
use super::table::{Bound, Entry, Table};

/// Above any value a game reports.
pub(crate) const INF: i32 = 1 << 20;

/// The outcome of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found<M> {
    pub best: M,
    /// From the mover's point of view.
    pub value: i32,
    /// Plies searched by the last completed iteration.
    pub depth: usize,
    /// Whether `value` is the game-theoretic value (the search reached every game end).
    pub exact: bool,
}

/// A searcher owns a working copy of the position, a (possibly shared) table, its move
/// buffers and counters. It searches one position, the one it was built with; every call
/// leaves that position as it found it.
///
/// Aligned to 128 bytes so that searchers side by side in memory, each on its own thread,
/// never write to the same cache line.
#[repr(align(128))]
pub struct Searcher<G: Searchable> {
    pos: G,
    table: Arc<Table>,
    /// Move lists by ply, reused so the search does not allocate per node: each move with
    /// its sort key (lower first) and its place in the generated list (ties).
    pool: Vec<Vec<(i32, u32, G::Move)>>,
    /// The generated list before sorting, reused likewise.
    raw: Vec<G::Move>,
    pub(crate) meter: Meter,
    /// The best root move of the current `best_of` call so far, with its exact value.
    partial: Option<(G::Move, i32)>,
    /// Nonzero for a helper thread of a parallel solve: it tries the moves of some nodes in
    /// another order, so that threads sharing a table spread over the tree.
    pub(crate) helper: usize,
    /// The game's [`Searchable::order_depth`] and [`Searchable::table_depth`].
    order_depth: usize,
    table_depth: usize,
    /// Bytes the move lists (`pool` and `raw`) may hold in all; `None` is unlimited.
    list_budget: Option<usize>,
    /// Bytes the move lists hold now (their capacity). Invariant: at most `list_budget`
    /// plus the last list the game could not count in advance.
    list_held: usize,
    /// Set when a search stopped because a move list would have passed `list_budget`.
    pub(crate) out_of_memory: bool,
}

/// Bytes one move takes in the lists of a node: sorted entry plus the raw list.
pub(crate) fn move_bytes<M>() -> usize {
    std::mem::size_of::<(i32, u32, M)>() + std::mem::size_of::<M>()
}

impl<G: Searchable> Searcher<G> {
    /// A searcher for `pos` with its own table of `2^table_bits` slots.
    pub fn new(pos: G, table_bits: u32) -> Searcher<G> {
        Searcher::with_table(pos, Arc::new(Table::new(table_bits)))
    }

    /// A searcher for `pos` that reads and writes `table`, which other searchers (of the
    /// same game and position) may share.
    pub fn with_table(pos: G, table: Arc<Table>) -> Searcher<G> {
        let plies = pos.plies_left().min(4096) + 2;
        Searcher {
            order_depth: pos.order_depth().max(1),
            table_depth: pos.table_depth().max(1),
            pos,
            table,
            pool: (0..plies).map(|_| Vec::new()).collect(),
            raw: Vec::new(),
            meter: Meter::default(),
            partial: None,
            helper: 0,
            list_budget: None,
            list_held: 0,
            out_of_memory: false,
        }
    }

    /// Caps the bytes this searcher's move lists may hold: a node whose list would pass the
    /// cap stops the search as a deadline does (and sets [`Searcher::out_of_memory`]).
    pub fn limit_lists(&mut self, bytes: usize) {
        self.list_budget = Some(bytes);
    }

    /// Whether the last search stopped because its move lists would have passed the cap
    /// set by [`Searcher::limit_lists`].
    pub fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    /// Copies the position and buffers anew from the calling thread: a searcher built on
    /// one thread and run on another then keeps the memory it writes at every node apart
    /// from other threads' (shared cache lines would slow both).
    pub fn relocate(&mut self) {
        self.pos = self.pos.clone();
        self.pool = (0..self.pool.len()).map(|_| Vec::new()).collect();
        self.raw = Vec::new();
        self.list_held = 0;
    }

    /// The position searched.
    pub fn position(&self) -> &G {
        &self.pos
    }

    /// The table this searcher uses.
    pub fn table(&self) -> &Arc<Table> {
        &self.table
    }

    /// Reports to `progress` as it searches.
    pub fn report_to(&mut self, progress: Arc<Progress>) {
        self.meter.progress = Some(progress);
    }

    /// Stops as soon as `halt` is set (checked as often as the clock).
    pub fn halt_on(&mut self, halt: Arc<AtomicBool>) {
        self.meter.halt = Some(halt);
    }

    /// After a `best_of` that the limits stopped: the best root move fully searched before
    /// the stop and its exact value (a bound on the position's value: the mover gets at
    /// least that much), or `None` if no root move was finished.
    pub fn best_so_far(&self) -> Option<(G::Move, i32)> {
        self.partial
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    /// Work done so far: nodes plus moves evaluated (what [`Limits::work`] counts).
    pub fn work(&self) -> u64 {
        self.meter.work
    }

    /// The legal moves in the order the search tries them at the root: by
    /// [`Searchable::order`], best first, ties in the game's order.
    pub fn root_moves(&self) -> Vec<G::Move> {
        root_moves(&self.pos)
    }

    /// Values of the given root moves (a subset of the legal ones), each searched to
    /// `depth` plies with a full window, best first (ties in the given order). `None` if
    /// the limits stopped it.
    pub fn rank(
        &mut self,
        moves: &[G::Move],
        depth: usize,
        limits: Limits,
    ) -> Option<Vec<(G::Move, i32)>> {
        self.meter.start(limits);
        let mut ranked = Vec::with_capacity(moves.len());
        for &mv in moves {
            let value = self.child(mv, depth, -INF, INF);
            if self.meter.stopped {
                self.meter.flush();
                return None;
            }
            ranked.push((mv, value));
            self.meter.root_done();
        }
        self.meter.flush();
        ranked.sort_by_key(|&(_, v)| -v);
        Some(ranked)
    }

    /// The best of the given root moves at `depth` plies (alpha-beta across them), or
    /// `None` if the limits stopped it. Ties go to the earlier move in `moves`.
    pub fn best_of(
        &mut self,
        moves: &[G::Move],
        depth: usize,
        limits: Limits,
    ) -> Option<(G::Move, i32)> {
        self.meter.start(limits);
        self.partial = None;
        let mut best: Option<(G::Move, i32)> = None;
        let mut alpha = -INF;
        for &mv in moves {
            let value = self.child(mv, depth, alpha, INF);
            if self.meter.stopped {
                self.meter.flush();
                return None;
            }
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
                self.partial = best;
                alpha = alpha.max(value);
            }
            self.meter.root_done();
        }
        self.meter.flush();
        best
    }

    /// Iterative deepening over `moves` (legal root moves, tried in that order at first),
    /// one ply deeper each time up to `limits.max_depth` or the end of the game, until the
    /// limits stop it: the result of the deepest search that finished, `None` if none did
    /// (or `moves` is empty). Each iteration tries the previous best move first: faster,
    /// and ties then go to the move found best one ply shallower.
    pub fn deepen(&mut self, moves: &[G::Move], limits: Limits) -> Option<Found<G::Move>> {
        let mut moves = moves.to_vec();
        let left = self.pos.plies_left();
        let deepest = limits.max_depth.unwrap_or(left).min(left).max(1);
        let mut found = None;
        for depth in 1..=deepest {
            let Some((mv, value)) = self.best_of(&moves, depth, limits) else {
                break;
            };
            found = Some(Found {
                best: mv,
                value,
                depth,
                exact: depth >= left,
            });
            promote(&mut moves, mv);
        }
        found
    }

    /// Minus the value of the position after `mv`, searched `depth - 1` more plies within
    /// (alpha, beta) from the mover's side.
    pub(crate) fn child(&mut self, mv: G::Move, depth: usize, alpha: i32, beta: i32) -> i32 {
        let undo = self.pos.make(mv);
        let value = -self.negamax(depth.saturating_sub(1), -beta, -alpha, 1);
        self.pos.unmake(mv, undo);
        value
    }

    /// The value of the current position for the player to move, searched `depth` plies
    /// within the window (alpha, beta): fail-soft, so a value at or below alpha is an upper
    /// bound and one at or above beta a lower bound.
    fn negamax(&mut self, depth: usize, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.meter.nodes += 1;
        self.meter.work += 1;
        if self.pos.is_over() {
            return self.pos.margin();
        }
        if depth == 0 || self.meter.out_of_budget() {
            return self.pos.evaluate();
        }
        let left = self.pos.plies_left();
        if (depth == 1 || left == 1)
            && let Some((value, weighed)) = self.pos.one_ply()
        {
            self.meter.work += weighed;
            return value;
        }
        // A search that reaches every end is exact, whatever depth was asked for.
        let exact = depth >= left;
        let use_table = depth >= self.table_depth;
        let key = if use_table { self.pos.key() } else { 0 };
        let mut tt_move = None;
        if use_table && let Some(entry) = self.table.probe(key) {
            tt_move = entry.best;
            if entry.depth >= Entry::depth_code(depth, exact) {
                match entry.bound {
                    Bound::Exact => return entry.value,
                    Bound::Lower if entry.value >= beta => return entry.value,
                    Bound::Upper if entry.value <= alpha => return entry.value,
                    _ => {}
                }
            }
        }
        if self.pool.len() <= ply {
            self.pool.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.pool[ply]);
        let before = self.list_bytes(&moves);
        if !self.lists_fit(&mut moves) {
            self.pool[ply] = moves;
            self.out_of_memory = true;
            self.meter.stopped = true;
            return self.pos.evaluate();
        }
        self.generate(&mut moves, tt_move, depth >= self.order_depth, ply);
        self.list_held = (self.list_held + self.list_bytes(&moves)).saturating_sub(before);

        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for &(_, _, mv) in &moves {
            let undo = self.pos.make(mv);
            let value = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
            self.pos.unmake(mv, undo);
            if self.meter.stopped {
                best = best.max(value);
                break;
            }
            if value > best {
                best = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.pool[ply] = moves;
        if self.meter.stopped || !use_table {
            return best;
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                value: best,
                depth: Entry::depth_code(depth, exact),
                bound,
                best: best_move.map(|mv| self.pos.move_id(mv)),
            },
        );
        best
    }

    /// Bytes `moves` (this node's list) and the raw list hold.
    fn list_bytes(&self, moves: &Vec<(i32, u32, G::Move)>) -> usize {
        moves.capacity() * std::mem::size_of::<(i32, u32, G::Move)>()
            + self.raw.capacity() * std::mem::size_of::<G::Move>()
    }

    /// Whether this node's moves fit the list budget, beside the lists of the nodes above;
    /// if so, `moves` and the raw list are made just big enough (no doubling past the need).
    fn lists_fit(&mut self, moves: &mut Vec<(i32, u32, G::Move)>) -> bool {
        let (Some(budget), Some(count)) = (self.list_budget, self.pos.move_count()) else {
            return true;
        };
        let grow = count.saturating_sub(moves.capacity())
            * std::mem::size_of::<(i32, u32, G::Move)>()
            + count.saturating_sub(self.raw.capacity()) * std::mem::size_of::<G::Move>();
        if self.list_held.saturating_add(grow) > budget {
            return false;
        }
        moves.clear();
        self.raw.clear();
        moves.reserve_exact(count);
        self.raw.reserve_exact(count);
        true
    }

    /// Fills `out` with the legal moves in the order to try them: the table's move first,
    /// then (with `ordered`) by [`Searchable::order`], best first, ties in the game's order.
    fn generate(
        &mut self,
        out: &mut Vec<(i32, u32, G::Move)>,
        first: Option<u32>,
        ordered: bool,
        ply: usize,
    ) {
        out.clear();
        self.raw.clear();
        self.pos.legal_moves(&mut self.raw);
        if ordered {
            self.meter.work += self.raw.len() as u64;
        } else {
            self.meter.effort += self.raw.len() as u64;
        }
        for (i, &mv) in self.raw.iter().enumerate() {
            let rank = if first.is_some_and(|id| self.pos.move_id(mv) == id) {
                i32::MIN
            } else if ordered {
                -self.pos.order(mv)
            } else {
                0
            };
            out.push((rank, i as u32, mv));
        }
        if ordered || first.is_some() {
            out.sort_unstable_by_key(|&(rank, i, _)| (rank, i));
        }
        // A helper thread tries the second and third best moves the other way round near
        // the root, so that it searches other subtrees than the main thread at first.
        if self.helper != 0 && ply <= self.helper && out.len() > 2 {
            out.swap(1, 2);
        }
    }
}

/// Moves `mv` to the front of `moves`, keeping the others in order.
pub(crate) fn promote<M: PartialEq>(moves: &mut [M], mv: M) {
    if let Some(i) = moves.iter().position(|m| *m == mv) {
        moves[..=i].rotate_right(1);
    }
}

/// The legal moves of `pos` in the order the search tries them at the root: by
/// [`Searchable::order`], best first, ties in the game's order.
pub fn root_moves<G: Searchable>(pos: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut keyed: Vec<(i32, usize, G::Move)> = moves
        .iter()
        .enumerate()
        .map(|(i, &mv)| (-pos.order(mv), i, mv))
        .collect();
    keyed.sort_unstable_by_key(|&(rank, i, _)| (rank, i));
    keyed.into_iter().map(|(_, _, mv)| mv).collect()
}
