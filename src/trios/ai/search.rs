//! The search engine under the stronger strategies and `trios solve`: negamax with
//! alpha-beta pruning, a transposition table keyed by Zobrist hashes, move ordering, and
//! iterative deepening within a node budget (and an optional wall-clock safety stop).
//!
//! Values are from the side to move's point of view: its final score minus the opponent's
//! when the search reaches the end of the game (exact), or the current score difference at
//! the depth horizon (an estimate).

use std::time::Instant;

use crate::trios::game::{Game, Move, Undo};
use crate::trios::player::Player;

/// When a search must stop.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Deepest iteration, in plies; `None` searches to the end of the game.
    pub max_depth: Option<usize>,
    /// Nodes this searcher may visit in all; `None` is unlimited. Deterministic.
    pub nodes: Option<u64>,
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
    table: Vec<Option<Entry>>,
    mask: usize,
    nodes: u64,
    limits: Limits,
    stopped: bool,
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
            table: vec![None; size],
            mask: size - 1,
            nodes: 0,
            limits: Limits::default(),
            stopped: false,
        }
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
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
        let mut ranked = Vec::with_capacity(moves.len());
        for &mv in moves {
            let undo = self.game.make(mv, &mut self.flips);
            let value = -self.negamax(side.other(), depth.saturating_sub(1), -INF, INF);
            self.game.unmake(undo, &mut self.flips);
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
        let mut best: Option<(Move, i32)> = None;
        let mut alpha = -INF;
        for &mv in moves {
            let undo = self.game.make(mv, &mut self.flips);
            let value = -self.negamax(side.other(), depth.saturating_sub(1), -INF, -alpha);
            self.game.unmake(undo, &mut self.flips);
            if self.stopped {
                return None;
            }
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
                alpha = alpha.max(value);
            }
        }
        best
    }

    /// Root moves in the order the search tries them: distinct cards only, most immediate
    /// flips first, then the uppermost-leftmost cell and lowest hand index.
    pub fn root_moves(&self) -> Vec<Move> {
        let mut moves = distinct_moves(&self.game);
        order_by_flips(&self.game, &mut moves, None);
        moves
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.limits.nodes
            && self.nodes >= limit
        {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && let Some(deadline) = self.limits.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The value of the current position for `side` (the player to move), searched `depth`
    /// plies within the window (alpha, beta).
    fn negamax(&mut self, side: Player, depth: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.game.is_over() {
            return score_difference(&self.game, side);
        }
        if depth == 0 || self.out_of_budget() {
            return score_difference(&self.game, side);
        }
        let empty = self.game.empty_cells();
        // A search that reaches the end is exact, whatever depth was asked for.
        let reach = if depth >= empty {
            u16::MAX
        } else {
            depth as u16
        };
        let key = self.keys.as_ref().map(|k| k.of(&self.game, side));
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
        let mut moves = distinct_moves(&self.game);
        if depth >= 2 {
            order_by_flips(&self.game, &mut moves, tt_best);
        } else if let Some(first) =
            tt_best.and_then(|b| moves.iter().position(|&m| self.identity(m) == b))
        {
            moves.swap(0, first);
        }
        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for mv in moves {
            let id = self.identity(mv);
            let undo: Undo = self.game.make(mv, &mut self.flips);
            let value = -self.negamax(side.other(), depth - 1, -beta, -alpha);
            self.game.unmake(undo, &mut self.flips);
            if self.stopped {
                return best.max(value);
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

/// Legal moves with one hand index per distinct card (cards with equal values play alike).
fn distinct_moves(game: &Game) -> Vec<Move> {
    let hand: Vec<_> = game.player_hand().map(|c| c.values()).collect();
    let distinct: Vec<usize> = (0..hand.len())
        .filter(|&i| !hand[..i].contains(&hand[i]))
        .collect();
    game.empty_positions()
        .flat_map(|pos| distinct.iter().map(move |&hand| Move { hand, pos }))
        .collect()
}

/// Sorts moves by immediate flips, most first (stable, so ties keep board order); a table
/// move, if any, goes first.
fn order_by_flips(game: &Game, moves: &mut [Move], first: Option<(u32, u32)>) {
    let turn = game.turn();
    let key = |mv: &Move| {
        let id = (
            game.grid().index(mv.pos) as u32,
            game.hand_ids(turn)[mv.hand],
        );
        let preferred = first == Some(id);
        (
            !preferred,
            std::cmp::Reverse(game.flips_if(*mv).unwrap_or(0)),
        )
    };
    moves.sort_by_cached_key(key);
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
