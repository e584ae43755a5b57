//! The search engine under the stronger strategies and `trios solve`: negamax with
//! alpha-beta pruning, a transposition table keyed by Zobrist hashes, move ordering, and
//! iterative deepening within a node budget (and an optional wall-clock safety stop).
//!
//! Values are from the side to move's point of view: its final score minus the opponent's
//! when the search reaches the end of the game (exact), or the current score difference at
//! the depth horizon (an estimate).

use std::time::Instant;

use crate::games::three_trios::game::{Game, Move, Undo};
use crate::games::three_trios::player::Player;

/// When a search must stop.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Deepest iteration, in plies; `None` searches to the end of the game.
    pub max_depth: Option<usize>,
    /// Work this searcher may do in all, counted as positions visited plus moves evaluated
    /// (a steadier measure of time than positions alone, whose cost varies tenfold over a
    /// game); `None` is unlimited. Deterministic.
    pub work: Option<u64>,
    /// Wall-clock stop, a safety net for slow machines (results then depend on timing).
    pub deadline: Option<Instant>,
}

/// The outcome of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub best: Move,
    /// From the mover's point of view.
    pub value: i32,
    /// Plies searched by the last completed iteration.
    pub depth: usize,
    /// Whether `value` is the game-theoretic value (the search reached every game end).
    pub exact: bool,
}

const INF: i32 = 1 << 20;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least the stored one (the search failed high).
    Lower,
    /// The value is at most the stored one (the search failed low).
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    value: i32,
    /// Remaining plies searched; `u16::MAX` marks an entry searched to the end.
    depth: u16,
    bound: Bound,
    /// The best move as (cell index, deck id), which does not depend on hand order.
    best: Option<(u32, u32)>,
}

/// Zobrist keys: one random number per (cell, card), per red-owned cell, per (player, card
/// in hand) and for the side to move. XOR of the parts present is the position's key; two
/// positions that differ in any of these (including which card sits where, and who holds
/// what) get different keys with overwhelming probability.
struct Keys {
    deck: usize,
    placed: Vec<u64>,
    red_owns: Vec<u64>,
    in_hand: [Vec<u64>; 2],
    blue_to_move: u64,
}

impl Keys {
    /// Keys for `game`, or `None` when the table would be unreasonably large.
    fn new(game: &Game) -> Option<Keys> {
        let cells = game.placed().len();
        let deck = game.deck().len();
        if cells.checked_mul(deck)? > 4_000_000 {
            return None;
        }
        let mut state = 0x9E37_79B9_7F4A_7C15_u64 ^ (cells as u64) << 32 ^ deck as u64;
        let mut next = move || {
            // splitmix64: a fixed stream, so keys (and thus searches) repeat exactly.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Some(Keys {
            deck,
            placed: (0..cells * deck).map(|_| next()).collect(),
            red_owns: (0..cells).map(|_| next()).collect(),
            in_hand: [
                (0..deck).map(|_| next()).collect(),
                (0..deck).map(|_| next()).collect(),
            ],
            blue_to_move: next(),
        })
    }

    fn of(&self, game: &Game, side: Player) -> u64 {
        let mut key = if side == Player::Blue {
            self.blue_to_move
        } else {
            0
        };
        for (cell, slot) in game.placed().iter().enumerate() {
            if let Some(p) = slot {
                key ^= self.placed[cell * self.deck + p.card as usize];
                if p.owner == Player::Red {
                    key ^= self.red_owns[cell];
                }
            }
        }
        for player in Player::BOTH {
            for &card in game.hand_ids(player) {
                key ^= self.in_hand[player as usize][card as usize];
            }
        }
        key
    }
}

/// A searcher owns a working copy of the game, its table and its counters.
pub struct Searcher {
    game: Game,
    flips: Vec<u32>,
    keys: Option<Keys>,
    /// Zobrist key of the current position (with `keys`), kept up to date by `play`.
    key: u64,
    /// Move lists by ply, reused so the search does not allocate per node.
    pool: Vec<Vec<(i32, Move)>>,
    table: Vec<Option<Entry>>,
    mask: usize,
    nodes: u64,
    /// Nodes plus moves evaluated: what the budget counts.
    work: u64,
    limits: Limits,
    stopped: bool,
    /// The best root move of the current `best_of` call so far, with its exact value.
    partial: Option<(Move, i32)>,
    /// Shared counters a watcher reads while the search runs.
    progress: Option<std::sync::Arc<Progress>>,
    /// Nodes already added to `progress`.
    reported: u64,
    /// Work done when the clock was last read.
    clock_checked: u64,
}

/// What a long search has done so far, for a progress display on another thread.
#[derive(Debug, Default)]
pub struct Progress {
    /// Positions visited, updated every few thousand.
    pub nodes: std::sync::atomic::AtomicU64,
    /// Root moves fully searched.
    pub roots_done: std::sync::atomic::AtomicU64,
}

impl Searcher {
    /// A searcher for `game` with a table of `2^table_bits` entries.
    pub fn new(game: &Game, table_bits: u32) -> Searcher {
        let keys = Keys::new(game);
        let size = if keys.is_some() {
            1usize << table_bits
        } else {
            1
        };
        Searcher {
            game: game.clone(),
            flips: Vec::with_capacity(64),
            keys,
            key: 0,
            pool: vec![Vec::new(); game.grid().card_cells() + 1],
            table: vec![None; size],
            mask: size - 1,
            nodes: 0,
            work: 0,
            limits: Limits::default(),
            stopped: false,
            partial: None,
            progress: None,
            reported: 0,
            clock_checked: 0,
        }
    }

    /// Reports to `progress` as it searches.
    pub fn report_to(&mut self, progress: std::sync::Arc<Progress>) {
        self.progress = Some(progress);
    }

    /// After a `best_of` that the limits stopped: the best root move fully searched before
    /// the stop and its exact value (a bound on the position's value: the mover gets at
    /// least that much), or `None` if no root move was finished.
    pub fn best_so_far(&self) -> Option<(Move, i32)> {
        self.partial
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Work done so far: nodes plus moves evaluated (what [`Limits::nodes`] counts).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Values of the given root moves (a subset of the legal ones), each searched to
    /// `depth` plies with a full window, best first. `None` if the limits stopped it.
    pub fn rank(
        &mut self,
        moves: &[Move],
        depth: usize,
        limits: Limits,
    ) -> Option<Vec<(Move, i32)>> {
        self.limits = limits;
        self.stopped = false;
        let side = self.game.turn();
        self.key = self.keys.as_ref().map_or(0, |k| k.of(&self.game, side));
        let mut ranked = Vec::with_capacity(moves.len());
        for &mv in moves {
            let undo = self.play(mv);
            let value = -self.negamax(side.other(), depth.saturating_sub(1), -INF, INF);
            self.take_back(undo);
            if self.stopped {
                return None;
            }
            ranked.push((mv, value));
        }
        ranked.sort_by_key(|&(mv, v)| (-v, mv.pos, mv.hand));
        Some(ranked)
    }

    /// The best of the given root moves at `depth` plies (alpha-beta across them), or `None`
    /// if the limits stopped it.
    pub fn best_of(&mut self, moves: &[Move], depth: usize, limits: Limits) -> Option<(Move, i32)> {
        self.limits = limits;
        self.stopped = false;
        let side = self.game.turn();
        self.key = self.keys.as_ref().map_or(0, |k| k.of(&self.game, side));
        let mut best: Option<(Move, i32)> = None;
        self.partial = None;
        let mut alpha = -INF;
        for &mv in moves {
            let undo = self.play(mv);
            let value = -self.negamax(side.other(), depth.saturating_sub(1), -INF, -alpha);
            self.take_back(undo);
            if self.stopped {
                return None;
            }
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
                self.partial = best;
                alpha = alpha.max(value);
            }
            if let Some(progress) = &self.progress {
                progress
                    .roots_done
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }
        best
    }

    /// Root moves in the order the search tries them (see [`root_moves`]).
    pub fn root_moves(&self) -> Vec<Move> {
        root_moves(&self.game)
    }

    /// Makes a move and updates the key: the placed card leaves its hand and lands on its
    /// cell, every flipped cell changes colour, and the side to move changes.
    fn play(&mut self, mv: Move) -> (Undo, u64) {
        let before = self.key;
        let mover = self.game.turn();
        let card = self.game.hand_ids(mover)[mv.hand] as usize;
        let base = self.flips.len();
        let undo = self.game.make(mv, &mut self.flips);
        if let Some(keys) = &self.keys {
            let cell = self.game.grid().index(mv.pos);
            let mut key = self.key
                ^ keys.placed[cell * keys.deck + card]
                ^ keys.in_hand[mover as usize][card]
                ^ keys.blue_to_move;
            if mover == Player::Red {
                key ^= keys.red_owns[cell];
            }
            for &flipped in &self.flips[base..] {
                key ^= keys.red_owns[flipped as usize];
            }
            self.key = key;
        }
        (undo, before)
    }

    fn take_back(&mut self, (undo, key): (Undo, u64)) {
        self.game.unmake(undo, &mut self.flips);
        self.key = key;
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.reported + 4096
            && let Some(progress) = &self.progress
        {
            progress.nodes.fetch_add(
                self.nodes - self.reported,
                std::sync::atomic::Ordering::Relaxed,
            );
            self.reported = self.nodes;
        }
        if let Some(limit) = self.limits.work
            && self.work >= limit
        {
            self.stopped = true;
        }
        // The clock is read every 16,384 units of work rather than every so many nodes: on a
        // big board one node may weigh tens of thousands of moves.
        if self.work >= self.clock_checked + 16_384
            && let Some(deadline) = self.limits.deadline
        {
            self.clock_checked = self.work;
            if Instant::now() >= deadline {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The value of the current position for `side` (the player to move), searched `depth`
    /// plies within the window (alpha, beta).
    fn negamax(&mut self, side: Player, depth: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.work += 1;
        if self.game.is_over() || depth == 0 || self.out_of_budget() {
            return score_difference(&self.game, side);
        }
        let empty = self.game.empty_cells();
        if depth == 1 || empty == 1 {
            return self.best_immediate(side);
        }
        // A search that reaches the end is exact, whatever depth was asked for.
        let reach = if depth >= empty {
            u16::MAX
        } else {
            depth as u16
        };
        let key = self.keys.is_some().then_some(self.key);
        let mut tt_best = None;
        if let Some(key) = key
            && let Some(entry) = self.table[key as usize & self.mask]
            && entry.key == key
        {
            tt_best = entry.best;
            if entry.depth >= reach {
                match entry.bound {
                    Bound::Exact => return entry.value,
                    Bound::Lower if entry.value >= beta => return entry.value,
                    Bound::Upper if entry.value <= alpha => return entry.value,
                    _ => {}
                }
            }
        }
        let ply = self.game.grid().card_cells() - empty;
        let mut moves = std::mem::take(&mut self.pool[ply]);
        // Ordering by flips costs about what it saves right above the leaves.
        generate(&self.game, &mut moves, tt_best, depth >= 3);
        if depth >= 3 {
            self.work += moves.len() as u64;
        }
        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for &(_, mv) in &moves {
            let id = self.identity(mv);
            let undo = self.play(mv);
            let value = -self.negamax(side.other(), depth - 1, -beta, -alpha);
            self.take_back(undo);
            if self.stopped {
                best = best.max(value);
                break;
            }
            if value > best {
                best = value;
                best_move = Some(id);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.pool[ply] = moves;
        if self.stopped {
            return best;
        }
        if let Some(key) = key {
            let bound = if best <= alpha_in {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table[key as usize & self.mask] = Some(Entry {
                key,
                value: best,
                depth: reach,
                bound,
                best: best_move,
            });
        }
        best
    }

    /// The value of the best single move for `side`: placing keeps both scores (the card
    /// moves from hand to grid) and every flip is worth two (one more for the side, one less
    /// for the opponent). Exact on the last empty cell; the horizon estimate one ply deep.
    fn best_immediate(&mut self, side: Player) -> i32 {
        let now = score_difference(&self.game, side);
        let ply = self.game.grid().card_cells() - self.game.empty_cells();
        let mut moves = std::mem::take(&mut self.pool[ply]);
        generate(&self.game, &mut moves, None, false);
        self.work += moves.len() as u64;
        let most = moves
            .iter()
            .map(|&(_, mv)| self.game.flips_if(mv).unwrap_or(0))
            .max()
            .unwrap_or(0);
        self.pool[ply] = moves;
        now + 2 * most as i32
    }

    /// A move as (cell, deck id), independent of hand order.
    fn identity(&self, mv: Move) -> (u32, u32) {
        let cell = self.game.grid().index(mv.pos) as u32;
        let card = self.game.hand_ids(self.game.turn())[mv.hand];
        (cell, card)
    }
}

/// The side's score minus the opponent's.
fn score_difference(game: &Game, side: Player) -> i32 {
    game.score(side) as i32 - game.score(side.other()) as i32
}

/// Fills `out` with the legal moves, one hand index per distinct card (cards with equal
/// values play alike). With `ordered`, sorts them for the search: the table's move first,
/// then most immediate flips, ties in board order (uppermost, leftmost, lowest hand index).
fn generate(game: &Game, out: &mut Vec<(i32, Move)>, first: Option<(u32, u32)>, ordered: bool) {
    out.clear();
    let turn = game.turn();
    let hand = game.hand_ids(turn);
    let deck = game.deck();
    let distinct = |i: usize| {
        !hand[..i]
            .iter()
            .any(|&j| deck[j as usize].values() == deck[hand[i] as usize].values())
    };
    for pos in game.empty_positions() {
        for (i, &card) in hand.iter().enumerate() {
            if !distinct(i) {
                continue;
            }
            let mv = Move { hand: i, pos };
            let rank = if !ordered {
                0
            } else if first == Some((game.grid().index(pos) as u32, card)) {
                i32::MIN
            } else {
                -(game.flips_if(mv).unwrap_or(0) as i32)
            };
            out.push((rank, mv));
        }
    }
    if ordered {
        out.sort_by_key(|&(rank, _)| rank);
    }
}

/// Legal moves in the order the search tries them: distinct cards only, most immediate
/// flips first, then the uppermost-leftmost cell and lowest hand index.
pub fn root_moves(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    generate(game, &mut moves, None, true);
    moves.into_iter().map(|(_, mv)| mv).collect()
}

/// The exact value of `game` for the player to move and a best move, by plain minimax over
/// every line with no pruning and no table: slow, and the reference the search is tested
/// against.
pub fn brute_force(game: &Game) -> Option<(Move, i32)> {
    fn value(game: &Game, side: Player) -> i32 {
        if game.is_over() {
            return score_difference(game, side);
        }
        game.legal_moves()
            .map(|mv| {
                let mut next = game.clone();
                let _ = next.apply(mv);
                -value(&next, side.other())
            })
            .max()
            .unwrap_or(0)
    }
    let side = game.turn();
    let mut best: Option<(Move, i32)> = None;
    for mv in game.legal_moves() {
        let mut next = game.clone();
        let _ = next.apply(mv);
        let v = -value(&next, side.other());
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((mv, v));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::three_trios::{Card, Deal, Grid, RuleSet, Value};

    fn game() -> Game {
        let v = |n| Value::new(n).expect("1..=10");
        let deck = (0..10u8)
            .map(|i| Card::new(format!("C{i}"), v(i % 9 + 1), v(3), v(10 - i), v(5)))
            .collect();
        let grid = Grid::full(3, 3).expect("3x3");
        Game::new(grid, deck, RuleSet::default(), Deal::InOrder).expect("deal")
    }

    #[test]
    fn keys_tell_sides_apart_and_meet_on_transpositions() {
        let g = game();
        let keys = Keys::new(&g).expect("small board");
        assert_ne!(keys.of(&g, Player::Red), keys.of(&g, Player::Blue));
        // Two move orders reaching the same position (Red's first two cards on two corners,
        // Blue's first on a third; no corner touches another) give the same key.
        let mut one = g.clone();
        for mv in [Move::new(0, 0, 0), Move::new(0, 2, 2), Move::new(0, 0, 2)] {
            one.apply(mv).expect("legal");
        }
        let mut other = g.clone();
        for mv in [Move::new(1, 0, 2), Move::new(0, 2, 2), Move::new(0, 0, 0)] {
            other.apply(mv).expect("legal");
        }
        let same_board = (0..3).all(|r| {
            (0..3).all(|col| {
                one.cell(crate::games::three_trios::Pos::new(r, col))
                    == other.cell(crate::games::three_trios::Pos::new(r, col))
            })
        });
        assert!(same_board);
        assert_eq!(keys.of(&one, Player::Blue), keys.of(&other, Player::Blue));
        let mut moved = one.clone();
        moved.apply(Move::new(0, 0, 1)).expect("legal");
        assert_ne!(keys.of(&one, Player::Blue), keys.of(&moved, Player::Red));
    }

    #[test]
    fn make_and_unmake_restore_the_game_exactly() {
        let mut g = game();
        let before = crate::games::three_trios::text::render(&g);
        let mut flips = Vec::new();
        let mut undos = Vec::new();
        for _ in 0..5 {
            let mv = g.legal_moves().last().expect("moves left");
            undos.push(g.make(mv, &mut flips));
        }
        while let Some(u) = undos.pop() {
            g.unmake(u, &mut flips);
        }
        assert!(flips.is_empty());
        assert_eq!(crate::games::three_trios::text::render(&g), before);
        assert_eq!(g.hand(Player::Red).count(), 5);
    }
}
