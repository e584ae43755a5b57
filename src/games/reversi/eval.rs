//! What the shared search needs from Reversi: the `Searchable` impl, a midgame evaluation
//! and move-ordering hints.
//!
//! Values are in discs from the side to move's point of view, the scale of the final
//! margin, so a heuristic value and an exact end can be compared at any depth.

use super::bitboard::{CORNERS, edge_stable, flips, moves, neighbours};
use super::game::{Game, Move, Undo};
use crate::games::Searchable;

/// For each corner (1,1), (1,8), (8,1), (8,8): the corner, its X-square (diagonal
/// neighbour) and its two C-squares (edge neighbours).
const CORNER_ZONES: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 57) | (1 << 48)),
    (1 << 63, 1 << 54, (1 << 62) | (1 << 55)),
];

/// Weights, in hundredths of a disc, of the evaluation terms.
mod weight {
    pub const CORNER: i32 = 900;
    pub const X_SQUARE: i32 = -450;
    pub const C_SQUARE: i32 = -150;
    pub const MOBILITY: i32 = 130;
    pub const FRONTIER: i32 = -45;
    pub const STABLE: i32 = 120;
    pub const PARITY: i32 = 150;
}

/// A midgame estimate of the final margin for the side to move, in discs, strictly inside
/// ±64 so it never claims more than a real win: mobility, potential mobility (frontier
/// discs), corners and the squares next to empty corners, edge stability, and parity late
/// in the game; the disc count itself weighs in as the board fills up.
pub fn evaluate(p: u64, o: u64) -> i32 {
    let empty = !(p | o);
    let empties = empty.count_ones() as i32;
    let my_moves = moves(p, o).count_ones() as i32;
    let their_moves = moves(o, p).count_ones() as i32;
    if my_moves == 0 && their_moves == 0 {
        return super::bitboard::final_value(p, o);
    }
    let mut score = weight::MOBILITY * (my_moves - their_moves);
    // A side with no move at all is in trouble beyond its move count.
    if my_moves == 0 {
        score -= 2 * weight::MOBILITY;
    } else if their_moves == 0 {
        score += 2 * weight::MOBILITY;
    }

    let next_to_empty = neighbours(empty);
    let frontier = |b: u64| (b & next_to_empty).count_ones() as i32;
    score += weight::FRONTIER * (frontier(p) - frontier(o));

    let count = |b: u64| b.count_ones() as i32;
    score += weight::CORNER * (count(p & CORNERS) - count(o & CORNERS));
    for (corner, x, c) in CORNER_ZONES {
        if empty & corner != 0 {
            score += weight::X_SQUARE * (count(p & x) - count(o & x));
            score += weight::C_SQUARE * (count(p & c) - count(o & c));
        }
    }

    let stable = edge_stable(p, o);
    score += weight::STABLE * (count(p & stable & !CORNERS) - count(o & stable & !CORNERS));

    if empties <= 20 {
        // With an odd number of empties the side to move expects the last move.
        score += if empties % 2 == 1 {
            weight::PARITY
        } else {
            -weight::PARITY
        };
    }

    // Discs matter more the fuller the board: nothing at 60 empties, a disc a disc at 0.
    let discs = count(p) - count(o);
    score += discs * 100 * (60 - empties).max(0) / 60 / 2;

    (score / 100).clamp(-63, 63)
}

/// Classic square weights for ordering and for the `positional` strategy: corners high,
/// the squares next to them negative.
pub const SQUARE_WEIGHTS: [i32; 64] = [
    100, -20, 10, 5, 5, 10, -20, 100, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    10, -2, -1, -1, -1, -1, -2, 10, //
    5, -2, -1, -1, -1, -1, -2, 5, //
    5, -2, -1, -1, -1, -1, -2, 5, //
    10, -2, -1, -1, -1, -1, -2, 10, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    100, -20, 10, 5, 5, 10, -20, 100, //
];

/// A hash of the two bitboards and the side to move (murmur3's finaliser over both boards).
#[inline]
pub fn hash(p: u64, o: u64, light_to_move: bool) -> u64 {
    #[inline(always)]
    fn fmix(mut x: u64) -> u64 {
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
    let side = if light_to_move {
        0x9e37_79b9_7f4a_7c15
    } else {
        0
    };
    fmix(p ^ fmix(o ^ side).rotate_left(17))
}

impl Searchable for Game {
    type Move = Move;
    type Undo = Undo;

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves_into(out);
    }

    fn make(&mut self, mv: Move) -> Undo {
        Game::make(self, mv)
    }

    fn unmake(&mut self, mv: Move, undo: Undo) {
        Game::unmake(self, mv, undo);
    }

    fn key(&self) -> u64 {
        hash(
            self.player_bits(),
            self.opponent_bits(),
            self.turn() == super::Color::Light,
        )
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    /// Disc difference for the mover; once the game is over, the tournament value (empty
    /// squares go to the winner).
    fn margin(&self) -> i32 {
        if Game::is_over(self) {
            self.final_margin()
        } else {
            self.disc_margin()
        }
    }

    fn evaluate(&self) -> i32 {
        evaluate(self.player_bits(), self.opponent_bits())
    }

    /// Fewest replies for the opponent first, corners early and the squares next to empty
    /// corners late.
    fn order(&self, mv: Move) -> i32 {
        let Move::Place(sq) = mv else {
            return 0;
        };
        let (p, o) = (self.player_bits(), self.opponent_bits());
        let f = flips(p, o, sq.index());
        if f == 0 {
            return i32::MIN / 2;
        }
        let replies = moves(o ^ f, p ^ f ^ sq.bit()).count_ones() as i32;
        SQUARE_WEIGHTS[sq.index() as usize] - 16 * replies
    }

    /// Every placement fills a square and at most one pass precedes each placement.
    fn plies_left(&self) -> usize {
        2 * self.empties() as usize
    }

    fn move_id(&self, mv: Move) -> u32 {
        match mv {
            Move::Place(sq) => sq.index(),
            Move::Pass => 64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_level() {
        assert_eq!(Game::new().evaluate(), 0);
    }

    #[test]
    fn a_corner_is_good() {
        // Mover owns (1,1); otherwise balanced.
        let with = evaluate(1 | (1 << 27) | (1 << 36), (1 << 28) | (1 << 35) | (1 << 20));
        let without = evaluate(
            (1 << 27) | (1 << 36) | (1 << 19),
            (1 << 28) | (1 << 35) | (1 << 20),
        );
        assert!(with > without, "{with} vs {without}");
    }

    /// One ply of lookahead on `evaluate` should beat uniform random play nearly always;
    /// a sign error or a wild weight would show up here.
    #[test]
    fn one_ply_on_the_evaluation_beats_random_play() {
        use crate::games::reversi::ai::{Random, Strategy};
        let mut wins = 0;
        for seed in 0..20u64 {
            let mut random = Random::new(seed);
            let mut game = Game::new();
            let evaluator = if seed % 2 == 0 {
                super::super::Color::Dark
            } else {
                super::super::Color::Light
            };
            while !Game::is_over(&game) {
                let mv = if game.turn() == evaluator {
                    let mut list = Vec::new();
                    game.legal_moves_into(&mut list);
                    let mut best = (i32::MIN, list[0]);
                    for mv in list {
                        let mut child = game;
                        Game::make(&mut child, mv);
                        let value = -Searchable::evaluate(&child);
                        if value > best.0 {
                            best = (value, mv);
                        }
                    }
                    best.1
                } else {
                    random.choose(&game).unwrap()
                };
                game.play(mv).unwrap();
            }
            if game.winner() == Some(evaluator) {
                wins += 1;
            }
        }
        assert!(wins >= 16, "{wins} of 20");
    }

    #[test]
    fn keys_differ_by_side_to_move() {
        assert_ne!(hash(1, 2, false), hash(1, 2, true));
        assert_ne!(hash(1, 2, false), hash(2, 1, false));
    }
}
