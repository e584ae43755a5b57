//! The players used to make training games: a plain fixed-depth alpha-beta over bitboards
//! on any evaluation, and a uniformly random mover for openings.

use super::Rng;
use crate::games::reversi::bitboard::{after, final_value, moves};

/// Scale of the evaluations given to [`search`]: values are in 1/32 disc.
pub const UNITS: i32 = 32;

/// Negamax value of `(p, o)` searched `depth` plies deep with alpha-beta; passes are free
/// and finished games score exactly.
pub fn negamax<E: Fn(u64, u64) -> i32>(
    eval: &E,
    p: u64,
    o: u64,
    depth: u32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    let mut m = moves(p, o);
    if m == 0 {
        if moves(o, p) == 0 {
            return final_value(p, o) * UNITS;
        }
        return -negamax(eval, o, p, depth, -beta, -alpha);
    }
    if depth == 0 {
        return eval(p, o);
    }
    let mut best = i32::MIN + 1;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let (np, no) = after(p, o, sq);
        let v = -negamax(eval, np, no, depth - 1, -beta, -alpha);
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
    best
}

/// The best square for the mover at `depth` plies (the lowest square among equals), with
/// its value; `None` if the mover has no move.
pub fn search<E: Fn(u64, u64) -> i32>(eval: &E, p: u64, o: u64, depth: u32) -> Option<(u32, i32)> {
    let mut m = moves(p, o);
    let mut best: Option<(u32, i32)> = None;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let (np, no) = after(p, o, sq);
        let alpha = best.map_or(i32::MIN + 1, |b| b.1);
        let v = -negamax(eval, np, no, depth.saturating_sub(1), i32::MIN + 1, -alpha);
        if best.is_none_or(|b| v > b.1) {
            best = Some((sq, v));
        }
    }
    best
}

/// A uniformly random legal square for the mover, if any.
pub fn random_move(rng: &mut Rng, p: u64, o: u64) -> Option<u32> {
    let mut m = moves(p, o);
    let n = m.count_ones();
    if n == 0 {
        return None;
    }
    for _ in 0..rng.below(u64::from(n)) {
        m &= m - 1;
    }
    Some(m.trailing_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_prefers_a_won_ending() {
        // Mover has (0,0) and opponent (0,1), (0,2) empty: taking (0,2) wins everything.
        let (p, o) = (1u64, 2u64);
        let full = !0u64 ^ 0b111;
        // Fill the rest with mover discs so the only empty square is (0,2).
        let r = search(&|_, _| 0, p | full, o, 3);
        assert_eq!(r, Some((2, 64 * UNITS)));
    }

    #[test]
    fn random_moves_are_legal_and_seeded() {
        let (p, o) = (
            crate::games::reversi::Game::new().player_bits(),
            crate::games::reversi::Game::new().opponent_bits(),
        );
        let a = random_move(&mut Rng::new(5), p, o);
        let b = random_move(&mut Rng::new(5), p, o);
        assert_eq!(a, b);
        assert_eq!(a.map(|s| moves(p, o) & (1 << s) != 0), Some(true));
    }
}
