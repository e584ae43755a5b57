//! Move ordering for the exact solver: how promising a placement looks before it is
//! searched (lower ranks are tried first). The fast rank, used from 7 empties on, weighs
//! the opponent's replies (corners twice), its potential mobility, the mover's stable
//! corner discs, the square's class and quadrant parity. Far from the end the solver adds a
//! shallow search's value, taken from [`EVAL`] at its leaves.

use super::bitboard::{CORNERS, bit, moves, neighbours};

/// A midgame evaluation for the shallow ordering searches: `f(p, o)` is the predicted final
/// margin for the side to move (`p` the mover's discs, `o` the opponent's), in `1 / units`
/// discs, strictly inside ±64 discs.
#[derive(Clone, Copy)]
pub struct Evaluation {
    pub f: fn(u64, u64) -> i32,
    pub units: i32,
}

/// The evaluation the ordering and preliminary searches use: the learned one, whose better
/// guesses order moves better than the hand-set `eval::evaluate` did (FFO #40–#49: 1,293 M
/// positions by Edax's rule against 1,702 M). The one seam to change to swap in another.
pub const EVAL: Evaluation = Evaluation {
    f: super::learned::evaluate,
    units: super::learned::UNITS_PER_DISC,
};

/// Weights of the fast rank's terms (per reply, per potential-mobility square, per stable
/// corner disc, per square class step, for an even quadrant).
pub const REPLY: i32 = 64;
pub const POTENTIAL: i32 = 8;
pub const CORNER_STABLE: i32 = 16;
pub const CLASS: i32 = 3;
pub const EVEN: i32 = 12;

/// The four quadrants, for parity.
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The squares of the quadrants holding an odd number of empties: a move there is likely
/// to leave the opponent without the last move of the region.
#[inline(always)]
pub fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0u64;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

/// The mover's discs made safe by corners: owned corners and the owned edge squares next
/// to them.
#[inline(always)]
pub fn corner_stable(mine: u64) -> u64 {
    let c = mine & CORNERS;
    let sideways = ((c << 1) & 0x0200_0000_0000_0002) | ((c >> 1) & 0x4000_0000_0000_0040);
    let vertical = (c << 8) | (c >> 8);
    c | (mine & (sideways | (vertical & 0x0081_0000_0000_8100)))
}

/// The fast rank of `p` playing `sq` (flipping `f`), in a position whose empties are `empty`
/// and whose odd-quadrant squares are `odd`; lower is tried first.
#[inline(always)]
pub fn fast_rank(p: u64, o: u64, sq: u32, f: u64, empty: u64, odd: u64) -> i32 {
    let mine = p ^ f ^ bit(sq);
    let theirs = o ^ f;
    let after = empty & !bit(sq);
    let replies = moves(theirs, mine);
    let mut rank = REPLY * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
    rank += POTENTIAL * (neighbours(mine) & after).count_ones() as i32;
    rank -= CORNER_STABLE * corner_stable(mine).count_ones() as i32;
    rank += CLASS * i32::from(super::last::PRESORT_RANK[sq as usize]);
    if odd & bit(sq) == 0 {
        rank += EVEN;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_stability_counts_corner_and_its_edge_neighbours() {
        let mine = bit(0) | bit(1) | bit(8) | bit(9) | bit(27);
        assert_eq!(corner_stable(mine), bit(0) | bit(1) | bit(8));
        assert_eq!(
            corner_stable(bit(63) | bit(62) | bit(55)),
            bit(63) | bit(62) | bit(55)
        );
        assert_eq!(corner_stable(bit(1)), 0);
    }

    #[test]
    fn a_corner_with_no_replies_ranks_before_an_x_square_with_many() {
        // Compare the same kind of move made on a corner and on an X-square.
        let empty = !0u64;
        let odd = odd_quadrants(empty);
        let corner = fast_rank(0, 0, 0, 0, empty, odd);
        let x = fast_rank(0, 0, 9, 0, empty, odd);
        assert!(corner < x);
    }
}
