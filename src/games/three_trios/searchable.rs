//! Three Trios as the shared search sees it: a game plus what searching it needs kept up to
//! date move by move (the flips to take back, the Zobrist key, the score and who moves).

use std::sync::Arc;

use super::game::{self, Game, Move};
use super::player::Player;
use crate::games::Searchable;

/// How many different cards there are: four values of 1 to 10.
const VALUE_CODES: usize = 10_000;

/// A game of Three Trios being searched.
///
/// Invariants: `key` is `Keys::of` the position, `lead` is Red's score minus Blue's and
/// `side` the player to move (which, unlike [`Game::turn`], passes to the other player
/// after the last move too, so plies always alternate); `flips` holds the cells flipped by
/// every move made and not yet taken back.
#[derive(Debug, Clone)]
pub struct Position {
    game: Game,
    flips: Vec<u32>,
    keys: Arc<Keys>,
    key: u64,
    lead: i32,
    side: Player,
}

/// What [`Position::unmake`](Searchable::unmake) needs to take a move back.
#[derive(Debug, Clone, Copy)]
pub struct Undo {
    game: game::Undo,
    key: u64,
    lead: i32,
}

impl Position {
    /// The position of `game`, the player to move to move.
    pub fn new(game: &Game) -> Position {
        let keys = Arc::new(Keys::new(game));
        let side = game.turn();
        let lead = game.score(Player::Red) as i32 - game.score(Player::Blue) as i32;
        Position {
            key: keys.of(game, side),
            game: game.clone(),
            flips: Vec::with_capacity(64),
            keys,
            lead,
            side,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Calls `each` with the hand index of every card of the mover's that plays differently
    /// from all earlier ones (cards with equal values play alike), in hand order. Linear in
    /// the hand: the values seen are marked in a set of the 10^4 possible cards.
    fn distinct_cards(&self, mut each: impl FnMut(usize)) {
        let game = &self.game;
        let deck = game.deck();
        let mut seen = [0u64; VALUE_CODES.div_ceil(64)];
        for (i, &card) in game.hand_ids(self.side).iter().enumerate() {
            let Some(values) = deck.get(card as usize).map(|c| c.values()) else {
                continue;
            };
            let code = values
                .iter()
                .fold(0usize, |code, v| code * 10 + usize::from(v.get() - 1));
            let (word, bit) = (code / 64, 1u64 << (code % 64));
            if seen[word] & bit == 0 {
                seen[word] |= bit;
                each(i);
            }
        }
    }
}

impl Searchable for Position {
    type Move = Move;
    type Undo = Undo;

    /// Every empty cell (row by row) with every distinct card of the mover's hand (in hand
    /// order).
    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.game.is_over() {
            return;
        }
        let mut cells = self.game.empty_positions();
        let Some(first) = cells.next() else { return };
        let start = out.len();
        self.distinct_cards(|hand| out.push(Move { hand, pos: first }));
        let cards = out.len() - start;
        for pos in cells {
            for k in start..start + cards {
                let hand = out[k].hand;
                out.push(Move { hand, pos });
            }
        }
    }

    /// Empty cells times distinct cards in the mover's hand, as [`Self::legal_moves`] lists.
    fn move_count(&self) -> Option<usize> {
        if self.game.is_over() {
            return Some(0);
        }
        let mut cards = 0usize;
        self.distinct_cards(|_| cards += 1);
        Some(cards.saturating_mul(self.game.empty_cells()))
    }

    fn make(&mut self, mv: Move) -> Undo {
        let (key_before, lead_before) = (self.key, self.lead);
        let mover = self.side;
        let card = self.game.hand_ids(mover)[mv.hand] as usize;
        let base = self.flips.len();
        let undo = self.game.make(mv, &mut self.flips);
        let cell = self.game.grid().index(mv.pos);
        let keys = &self.keys;
        let mut key = self.key
            ^ keys.placed(cell, card)
            ^ keys.in_hand[mover as usize][card]
            ^ keys.blue_to_move;
        if mover == Player::Red {
            key ^= keys.red_owns[cell];
        }
        let flipped = &self.flips[base..];
        for &c in flipped {
            key ^= keys.red_owns[c as usize];
        }
        self.key = key;
        let swing = 2 * flipped.len() as i32;
        self.lead += if mover == Player::Red { swing } else { -swing };
        self.side = mover.other();
        Undo {
            game: undo,
            key: key_before,
            lead: lead_before,
        }
    }

    fn unmake(&mut self, _mv: Move, undo: Undo) {
        self.game.unmake(undo.game, &mut self.flips);
        self.key = undo.key;
        self.lead = undo.lead;
        self.side = self.side.other();
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Cards owned on the grid plus cards in hand, the mover's minus the opponent's.
    fn margin(&self) -> i32 {
        match self.side {
            Player::Red => self.lead,
            Player::Blue => -self.lead,
        }
    }

    /// The cards the move flips at once.
    fn order(&self, mv: Move) -> i32 {
        let cell = self.game.grid().index(mv.pos);
        let card = self.game.hand_ids(self.side)[mv.hand];
        self.game.flips_unchecked(cell, card) as i32
    }

    /// Never below the root: most flips first is a poor guess of the final margin, and on
    /// 3x3 openings the search visits fewer positions trying cells in board order (the
    /// table's move first) than sorting by flips, besides saving a battle per move.
    fn order_depth(&self) -> usize {
        usize::MAX
    }

    /// Measured on 3x3 openings: subtrees of up to three plies are cheaper to search again.
    fn table_depth(&self) -> usize {
        4
    }

    fn plies_left(&self) -> usize {
        self.game.empty_cells()
    }

    fn move_id(&self, mv: Move) -> u32 {
        let cell = self.game.grid().index(mv.pos);
        let card = self.game.hand_ids(self.side)[mv.hand] as usize;
        (cell * self.game.deck().len() + card) as u32
    }

    /// Placing a card keeps both scores (it moves from hand to grid) and every flip is worth
    /// two (one more for the mover, one less for the opponent): the best move is the one
    /// that flips most, found without making any.
    fn one_ply(&self) -> Option<(i32, u64)> {
        let mut cards = [0u32; 64];
        let mut n = 0;
        let mut overflow = false;
        let hand = self.game.hand_ids(self.side);
        self.distinct_cards(|i| {
            if n < cards.len() {
                cards[n] = hand[i];
                n += 1;
            } else {
                overflow = true;
            }
        });
        if overflow {
            return None;
        }
        let grid = self.game.grid();
        let mut most = 0;
        let mut weighed = 0;
        for pos in self.game.empty_positions() {
            let cell = grid.index(pos);
            for &card in &cards[..n] {
                most = most.max(self.game.flips_unchecked(cell, card));
                weighed += 1;
            }
        }
        Some((self.margin() + 2 * most as i32, weighed))
    }
}

/// Zobrist keys: one random number per (cell, card), per red-owned cell, per (player, card
/// in hand) and for Blue to move. XOR of the parts present is the position's key; two
/// positions that differ in any of these (including which card sits where, and who holds
/// what) get different keys with overwhelming probability.
#[derive(Debug)]
struct Keys {
    deck: usize,
    /// Per (cell, card), row-major by cell; empty when the board is too big for a table,
    /// and the numbers are then worked out when needed.
    placed: Vec<u64>,
    red_owns: Vec<u64>,
    in_hand: [Vec<u64>; 2],
    blue_to_move: u64,
}

/// The most (cell, card) numbers kept in a table.
const MAX_TABLE: usize = 4_000_000;

/// splitmix64: a fixed stream, so keys (and thus searches) repeat exactly.
fn mix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl Keys {
    fn new(game: &Game) -> Keys {
        let cells = game.placed().len();
        let deck = game.deck().len();
        let mut state = GOLDEN ^ (cells as u64) << 32 ^ deck as u64;
        let mut next = move || {
            state = state.wrapping_add(GOLDEN);
            mix(state)
        };
        let table = cells.saturating_mul(deck) <= MAX_TABLE;
        Keys {
            deck,
            placed: if table {
                (0..cells * deck).map(|_| next()).collect()
            } else {
                Vec::new()
            },
            red_owns: (0..cells).map(|_| next()).collect(),
            in_hand: [
                (0..deck).map(|_| next()).collect(),
                (0..deck).map(|_| next()).collect(),
            ],
            blue_to_move: next(),
        }
    }

    #[inline]
    fn placed(&self, cell: usize, card: usize) -> u64 {
        let i = cell * self.deck + card;
        match self.placed.get(i) {
            Some(&k) => k,
            None => mix((i as u64).wrapping_mul(GOLDEN) ^ 0x5DEE_CE66_D1CE_5EED),
        }
    }

    /// The key of `game` with `side` to move.
    fn of(&self, game: &Game, side: Player) -> u64 {
        let mut key = if side == Player::Blue {
            self.blue_to_move
        } else {
            0
        };
        for (cell, slot) in game.placed().iter().enumerate() {
            if let Some(p) = slot {
                key ^= self.placed(cell, p.card as usize);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::three_trios::{Card, Deal, Grid, Pos, RuleSet, Value};

    fn game() -> Game {
        let v = |n| Value::new(n).expect("1..=10");
        let deck = (0..10u8)
            .map(|i| Card::new(format!("C{i}"), v(i % 9 + 1), v(3), v(10 - i), v(5)))
            .collect();
        let grid = Grid::full(3, 3).expect("3x3");
        Game::new(grid, deck, RuleSet::default(), Deal::InOrder).expect("deal")
    }

    fn play(game: &Game, moves: &[Move]) -> Position {
        let mut pos = Position::new(game);
        for &mv in moves {
            pos.make(mv);
        }
        pos
    }

    #[test]
    fn keys_tell_sides_apart_and_meet_on_transpositions() {
        let g = game();
        let keys = Keys::new(&g);
        assert_ne!(keys.of(&g, Player::Red), keys.of(&g, Player::Blue));
        // Two move orders reaching the same position (Red's first two cards on two corners,
        // Blue's first on a third; no corner touches another) give the same key.
        let one = play(
            &g,
            &[Move::new(0, 0, 0), Move::new(0, 2, 2), Move::new(0, 0, 2)],
        );
        let other = play(
            &g,
            &[Move::new(1, 0, 2), Move::new(0, 2, 2), Move::new(0, 0, 0)],
        );
        let same_board = (0..3).all(|r| {
            (0..3).all(|c| one.game().cell(Pos::new(r, c)) == other.game().cell(Pos::new(r, c)))
        });
        assert!(same_board);
        assert_eq!(one.key(), other.key());
        assert_eq!(one.key(), keys.of(one.game(), Player::Blue));
        let mut moved = one.clone();
        moved.make(Move::new(0, 0, 1));
        assert_ne!(one.key(), moved.key());
        assert_eq!(moved.key(), keys.of(moved.game(), Player::Red));
    }

    #[test]
    fn make_and_unmake_restore_the_position_exactly() {
        let mut pos = Position::new(&game());
        let before = crate::games::three_trios::text::render(pos.game());
        let (key, margin) = (pos.key(), pos.margin());
        let mut undos = Vec::new();
        while !pos.is_over() {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let mv = *moves.last().expect("moves left");
            let undo = pos.make(mv);
            let side = pos.game().turn();
            let lead = pos.game().score(side) as i32 - pos.game().score(side.other()) as i32;
            // After the last move the game's turn stays with the mover; the margin is the
            // other side's.
            let expected = if pos.is_over() { -lead } else { lead };
            assert_eq!(pos.margin(), expected);
            undos.push((mv, undo));
        }
        while let Some((mv, undo)) = undos.pop() {
            pos.unmake(mv, undo);
        }
        assert!(pos.flips.is_empty());
        assert_eq!(crate::games::three_trios::text::render(pos.game()), before);
        assert_eq!((pos.key(), pos.margin()), (key, margin));
    }

    /// The search's fast battles (no Same, no Plus) flip exactly what the rules' battles
    /// flip, move by move, on every line of a few games.
    #[test]
    fn fast_battles_match_the_rules() {
        for seed in 0..20u64 {
            let v = |n: u64| Value::new((n % 10 + 1) as u8).expect("1..=10");
            let deck = (0..10u64)
                .map(|i| {
                    let x = seed * 31 + i * 7;
                    Card::new(format!("C{i}"), v(x), v(x / 3), v(x / 7), v(x * 5 / 11))
                })
                .collect();
            let g = Game::new(
                Grid::full(3, 3).expect("3x3"),
                deck,
                RuleSet::default(),
                Deal::Shuffle { seed },
            )
            .expect("deal");
            let mut pos = Position::new(&g);
            let mut real = g.clone();
            while !pos.is_over() {
                let moves: Vec<Move> = real.legal_moves().collect();
                for &mv in &moves {
                    let cell = real.grid().index(mv.pos);
                    let card = real.hand_ids(real.turn())[mv.hand];
                    assert_eq!(
                        real.flips_unchecked(cell, card),
                        real.flips_if(mv).expect("legal")
                    );
                }
                let mv = moves[(seed as usize * 13 + real.empty_cells()) % moves.len()];
                pos.make(mv);
                real.apply(mv).expect("legal");
                let render = crate::games::three_trios::text::render;
                assert_eq!(render(pos.game()), render(&real), "seed {seed}");
            }
        }
    }

    #[test]
    fn equal_cards_are_offered_once() {
        let v = |n| Value::new(n).expect("1..=10");
        let deck = (0..10u8)
            .map(|i| Card::new(format!("C{i}"), v(1 + i % 2), v(1), v(1), v(1)))
            .collect();
        let g = Game::new(
            Grid::full(3, 3).expect("3x3"),
            deck,
            RuleSet::default(),
            Deal::InOrder,
        )
        .expect("deal");
        let mut moves = Vec::new();
        Position::new(&g).legal_moves(&mut moves);
        assert_eq!(moves.len(), 9 * 2);
        assert_eq!(
            &moves[..3],
            &[Move::new(0, 0, 0), Move::new(1, 0, 0), Move::new(0, 0, 1)]
        );
    }
}
