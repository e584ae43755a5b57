//! The eight symmetries of the board on bitboards (bit `8·row + col`): the pattern
//! evaluation shares its weights across them, and the opening book holds each position
//! once in its canonical form.

/// The number of symmetries: four rotations, each with or without a mirror.
pub const SYMMETRIES: usize = 8;

/// Row r becomes row 7 − r.
#[inline(always)]
pub const fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// Column c becomes column 7 − c.
#[inline(always)]
pub const fn mirror_horizontal(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Square (r, c) becomes (c, r).
#[inline(always)]
pub const fn transpose(mut b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = K1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// The eight images of a bitboard, in a fixed order; `images(b)[k]` is symmetry `k`.
#[inline(always)]
pub const fn images(b: u64) -> [u64; SYMMETRIES] {
    let h = mirror_horizontal(b);
    let d = transpose(b);
    let dh = mirror_horizontal(d);
    [
        b,
        h,
        flip_vertical(b),
        flip_vertical(h),
        d,
        dh,
        flip_vertical(d),
        flip_vertical(dh),
    ]
}

/// The least `(p, o)` pair among the eight images of a position: equal for two positions
/// exactly when one is a symmetric image of the other.
pub fn canonical(p: u64, o: u64) -> (u64, u64) {
    let (ps, os) = (images(p), images(o));
    (0..SYMMETRIES)
        .map(|k| (ps[k], os[k]))
        .min()
        .unwrap_or((p, o))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(r: u32, c: u32) -> u64 {
        1 << (8 * r + c)
    }

    #[test]
    fn each_symmetry_moves_every_square_where_geometry_says() {
        for r in 0..8 {
            for c in 0..8 {
                assert_eq!(flip_vertical(sq(r, c)), sq(7 - r, c));
                assert_eq!(mirror_horizontal(sq(r, c)), sq(r, 7 - c));
                assert_eq!(transpose(sq(r, c)), sq(c, r));
            }
        }
    }

    #[test]
    fn symmetries_move_squares_as_named() {
        assert_eq!(flip_vertical(sq(1, 2)), sq(6, 2));
        assert_eq!(mirror_horizontal(sq(1, 2)), sq(1, 5));
        assert_eq!(transpose(sq(1, 2)), sq(2, 1));
        assert_eq!(transpose(sq(7, 0)), sq(0, 7));
    }

    #[test]
    fn the_eight_images_are_distinct_for_an_asymmetric_square() {
        let mut seen: Vec<u64> = images(sq(0, 1)).to_vec();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 8);
    }

    #[test]
    fn every_image_has_the_same_canonical_form() {
        let (p, o) = (0x0000_0018_0810_0000_u64, 0x0000_2000_1000_0000_u64);
        let c = canonical(p, o);
        let (ps, os) = (images(p), images(o));
        for k in 0..SYMMETRIES {
            assert_eq!(canonical(ps[k], os[k]), c);
        }
    }
}
