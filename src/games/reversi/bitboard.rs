//! Bitboards: the board as two 64-bit sets, with legal-move generation and flips done by
//! shifts and masks rather than by walking squares.
//!
//! Bit `8 * row + col` (0-based, row 0 at the top, col 0 at the left) stands for one square,
//! so bit 0 is (1,1) and bit 63 is (8,8) in the 1-based text notation. Every function here
//! takes the discs of the player to move (`p`) and of the opponent (`o`); callers keep
//! `p & o == 0`.

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The position after the mover places on `sq` (a legal square), seen from the opponent,
/// who moves next: `(opponent's discs, mover's discs)`.
#[inline(always)]
pub fn after(p: u64, o: u64, sq: u32) -> (u64, u64) {
    let f = flips(p, o, sq);
    (o ^ f, p | f | bit(sq))
}

/// Every square but those in the first and last column: a run of discs that must not wrap
/// from one row into the next is masked with this before a sideways shift.
const NOT_EDGE_COLS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The squares the player to move may place a disc on: empty squares from which at least one
/// of the eight directions runs over opponent discs to one of the player's own.
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & NOT_EDGE_COLS;
    let found = moves_along(p, inner, 1)
        | moves_along(p, o, 8)
        | moves_along(p, inner, 7)
        | moves_along(p, inner, 9);
    found & !(p | o)
}

/// The squares reached by stepping `step` bits up or down (both directions of one line)
/// from a disc of `p` over a non-empty run of `mask` discs. Kogge-Stone style: the run is
/// grown one square, then two at a time, so six opponent discs need four shifts.
#[inline(always)]
fn moves_along(p: u64, mask: u64, step: u32) -> u64 {
    let mut up = mask & (p << step);
    let mut down = mask & (p >> step);
    up |= mask & (up << step);
    down |= mask & (down >> step);
    let pair_up = mask & (mask << step);
    let pair_down = pair_up >> step;
    let double = step * 2;
    up |= pair_up & (up << double);
    down |= pair_down & (down >> double);
    up |= pair_up & (up << double);
    down |= pair_down & (down >> double);
    (up << step) | (down >> step)
}

/// The eight rays from each square, excluding the square itself: first the four that run
/// towards higher bits (E, SW, S, SE), then the four towards lower bits (W, NE, N, NW).
static RAYS: [[u64; 8]; 64] = build_rays();

/// (row step, col step) of each ray in [`RAYS`], same order.
const RAY_STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, -1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = RAY_STEPS[d];
            let mut r = (sq / 8) as i32 + dr;
            let mut c = (sq % 8) as i32 + dc;
            let mut mask = 0u64;
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                mask |= 1u64 << (r * 8 + c);
                r += dr;
                c += dc;
            }
            rays[sq][d] = mask;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The opponent discs a disc of `p` placed on `sq` would flip (empty if the move is illegal).
///
/// Along a ray towards higher bits the first square that is not an opponent disc is the
/// lowest set bit of `!o & ray`; if that square is the player's, everything below it on the
/// ray flips. Towards lower bits the same holds with the highest set bit.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let rays = &RAYS[sq as usize];
    let mut flipped = 0;
    for &ray in &rays[..4] {
        let beyond = !o & ray;
        let outflank = beyond & beyond.wrapping_neg() & p;
        flipped |= outflank.wrapping_sub(u64::from(outflank != 0)) & ray;
    }
    for &ray in &rays[4..] {
        let beyond = !o & ray;
        // With no such square `leading_zeros` is 64, the shift wraps to 0 and selects bit 63,
        // which lies on no downward ray; the negation below then yields nothing.
        let outflank = (1u64 << 63).wrapping_shr(beyond.leading_zeros()) & p;
        flipped |= (outflank.wrapping_neg() << 1) & ray;
    }
    flipped
}

/// The squares next to at least one square of `b` (8-neighbourhood), `b` itself excluded
/// only if no square of it is next to another.
#[inline]
pub fn neighbours(b: u64) -> u64 {
    let sideways = ((b << 1) & !0x0101_0101_0101_0101) | ((b >> 1) & !0x8080_8080_8080_8080);
    let row = b | sideways;
    sideways | (row << 8) | (row >> 8)
}

/// The tournament value of a finished position for the side whose discs are `p`.
#[inline(always)]
pub const fn final_value(p: u64, o: u64) -> i32 {
    let mine = p.count_ones() as i32;
    let theirs = o.count_ones() as i32;
    let empties = 64 - mine - theirs;
    let diff = mine - theirs;
    if diff > 0 {
        diff + empties
    } else if diff < 0 {
        diff - empties
    } else {
        0
    }
}

/// The four edges as bitboards.
const EDGES: [u64; 4] = [
    0x0000_0000_0000_00FF,
    0xFF00_0000_0000_0000,
    0x0101_0101_0101_0101,
    0x8080_8080_8080_8080,
];

/// Walks along the edges from each corner: (corner index, step in bits) for both edges
/// that meet there.
const EDGE_WALKS: [(u32, i32); 8] = [
    (0, 1),
    (0, 8),
    (7, -1),
    (7, 8),
    (56, 1),
    (56, -8),
    (63, -1),
    (63, -8),
];

/// Discs that can never be flipped, found cheaply on the edges: runs of one colour that
/// start at a corner, and every disc of a completely filled edge. (An edge disc can only be
/// flipped along its edge, so both kinds are truly stable; interior stability is left out.)
#[inline]
pub fn edge_stable(p: u64, o: u64) -> u64 {
    let occupied = p | o;
    let mut stable = 0u64;
    for edge in EDGES {
        if occupied & edge == edge {
            stable |= edge;
        }
    }
    for (corner, step) in EDGE_WALKS {
        let corner_bit = 1u64 << corner;
        let own = if p & corner_bit != 0 {
            p
        } else if o & corner_bit != 0 {
            o
        } else {
            continue;
        };
        let mut sq = corner as i32;
        for _ in 0..8 {
            let b = 1u64 << sq;
            if own & b == 0 {
                break;
            }
            stable |= b;
            sq += step;
        }
    }
    stable & occupied
}

/// Bit of `sq`.
#[inline(always)]
pub const fn bit(sq: u32) -> u64 {
    1u64 << sq
}

#[cfg(test)]
pub(crate) mod naive {
    //! Square-by-square reference versions, for checking the fast ones.

    const DIRS: [(i32, i32); 8] = [
        (-1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];

    pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
        if (p | o) >> sq & 1 != 0 {
            return 0;
        }
        let (r0, c0) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut all = 0;
        for (dr, dc) in DIRS {
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            let mut line = 0u64;
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let b = 1u64 << (r * 8 + c);
                if o & b != 0 {
                    line |= b;
                } else {
                    if p & b != 0 {
                        all |= line;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    pub fn moves(p: u64, o: u64) -> u64 {
        (0..64)
            .filter(|&sq| flips(p, o, sq) != 0)
            .fold(0, |m, sq| m | 1u64 << sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Random boards with a mix of densities, most of them impossible in play, which is
    /// fine: the generators must agree on any pair of disjoint sets.
    fn random_boards(n: usize) -> Vec<(u64, u64)> {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        (0..n)
            .map(|i| {
                let a = rng.next_u64();
                let b = rng.next_u64();
                let c = if i % 3 == 0 { rng.next_u64() } else { !0 };
                let filled = a & c;
                (filled & b, filled & !b)
            })
            .collect()
    }

    #[test]
    fn moves_and_flips_match_the_square_by_square_scan() {
        for (p, o) in random_boards(3000) {
            assert_eq!(moves(p, o), naive::moves(p, o), "p={p:#x} o={o:#x}");
            for sq in 0..64 {
                if (p | o) & bit(sq) == 0 {
                    assert_eq!(
                        flips(p, o, sq),
                        naive::flips(p, o, sq),
                        "sq={sq} p={p:#x} o={o:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn rays_have_the_expected_lengths() {
        // From (1,1) east, south-east and south run 7 squares; nothing runs north or west.
        let corner = &RAYS[0];
        assert_eq!(corner[0].count_ones(), 7);
        assert_eq!(corner[2].count_ones(), 7);
        assert_eq!(corner[3].count_ones(), 7);
        assert_eq!(corner[4] | corner[6] | corner[7] | corner[5] | corner[1], 0);
    }

    #[test]
    fn edge_stability_counts_corner_runs_and_full_edges() {
        // Mover: (1,1), (1,2), (1,3); opponent (1,4): the run of three is stable, not (1,4).
        let p = 0b0111;
        let o = 0b1000;
        assert_eq!(edge_stable(p, o), 0b0111);
        // A full top edge, alternating colours: all eight stable.
        assert_eq!(edge_stable(0x55, 0xAA) & 0xFF, 0xFF);
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        assert_eq!(neighbours(1), 0x302);
        assert_eq!(neighbours(1 << 63), 0x40c0_0000_0000_0000);
        assert_eq!(neighbours(0x80), 0xc040);
    }
}
