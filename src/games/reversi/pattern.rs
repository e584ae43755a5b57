//! Features of the learned evaluation: the eleven pattern types, the eight board
//! symmetries and the weight index of every pattern instance, computed straight from the
//! two bitboards, and the two sides' mobility.
//!
//! Every pattern type is defined once, at a canonical place near the (1,1) corner, with its
//! squares in a fixed order. Its instances are the canonical squares read on each of the
//! eight images of the board (identity, mirrors, rotations), so a weight table indexed by the
//! configuration of the canonical squares is shared by all of them. Summing over the eight
//! images makes the evaluation exactly symmetric: a position and any of its images visit the
//! same eight oriented boards, only in another order.

use super::bitboard::moves;
pub use super::symmetry::{SYMMETRIES, flip_vertical, images, mirror_horizontal, transpose};

/// The pattern types, in weight-table order: (name, squares).
pub const PATTERNS: [(&str, u32); TYPES] = [
    ("corner 3x3", 9),
    ("edge + 2X", 10),
    ("corner 2x5", 10),
    ("row 2", 8),
    ("row 3", 8),
    ("row 4", 8),
    ("diagonal 8", 8),
    ("diagonal 7", 7),
    ("diagonal 6", 6),
    ("diagonal 5", 5),
    ("diagonal 4", 4),
];

/// Number of pattern types.
pub const TYPES: usize = 11;

/// Identifies this feature set in the weight file header: 2 is set 1's patterns plus
/// mobility.
pub const SET_ID: u16 = 2;

/// Weight lookups per position: one per pattern type and board image.
pub const FEATURES: usize = TYPES * SYMMETRIES;

/// Where each pattern type's table starts in a stage's weights.
pub const OFFSETS: [u32; TYPES] = offsets();

/// Where the mobility table starts, after the pattern tables: an entry for each count of
/// the mover's legal moves, then one for each count of the opponent's.
pub const MOBILITY: u32 = OFFSETS[TYPES - 1] + pow3(PATTERNS[TYPES - 1].1);

/// Entries per side in the mobility table; larger counts share the last one.
pub const MOBILITY_COUNTS: u32 = 32;

/// The constant term's index, after the mobility table.
pub const BIAS: u32 = MOBILITY + 2 * MOBILITY_COUNTS;

/// Weights per stage: every pattern table, the mobility table and the constant.
pub const WEIGHTS_PER_STAGE: usize = BIAS as usize + 1;

/// Weights per stage in feature set 1 (patterns and the constant, no mobility), which
/// `weights::decode` still reads.
pub const WEIGHTS_PER_STAGE_SET_1: usize = MOBILITY as usize + 1;

const fn pow3(n: u32) -> u32 {
    let mut r = 1;
    let mut i = 0;
    while i < n {
        r *= 3;
        i += 1;
    }
    r
}

const fn offsets() -> [u32; TYPES] {
    let mut out = [0; TYPES];
    let mut i = 1;
    while i < TYPES {
        out[i] = out[i - 1] + pow3(PATTERNS[i - 1].1);
        i += 1;
    }
    out
}

/// Binary digits to ternary digits: bit i of the argument becomes 3^i.
static TERNARY: [u16; 1024] = ternary_table();

const fn ternary_table() -> [u16; 1024] {
    let mut t = [0u16; 1024];
    let mut x = 0;
    while x < 1024 {
        let mut v = 0u32;
        let mut i = 0;
        while i < 10 {
            if x & (1 << i) != 0 {
                v += pow3(i);
            }
            i += 1;
        }
        t[x] = v as u16;
        x += 1;
    }
    t
}

/// Bits of the diagonal of `len` squares from (0, 8 − len) to (len − 1, 7), by column.
#[inline(always)]
const fn diagonal(b: u64, len: u32) -> u32 {
    const MAIN: u64 = 0x8040_2010_0804_0201;
    // The main diagonal moved 8 − len columns right; what wraps into the left columns goes.
    let mask = (MAIN << (8 - len)) & !column_mask_left(8 - len);
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> (64 - len)) as u32
}

/// Squares in the `n` leftmost columns.
const fn column_mask_left(n: u32) -> u64 {
    let row = (1u64 << n) - 1;
    row.wrapping_mul(0x0101_0101_0101_0101)
}

#[inline(always)]
const fn corner3(b: u64) -> u32 {
    ((b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1c0)) as u32
}

#[inline(always)]
const fn edge2x(b: u64) -> u32 {
    ((b & 0xff) | (((b >> 9) & 1) << 8) | (((b >> 14) & 1) << 9)) as u32
}

#[inline(always)]
const fn corner2x5(b: u64) -> u32 {
    ((b & 0x1f) | ((b >> 3) & 0x3e0)) as u32
}

#[inline(always)]
const fn row(b: u64, r: u32) -> u32 {
    ((b >> (8 * r)) & 0xff) as u32
}

/// The squares of each canonical pattern of one oriented board, as binary digits in the
/// pattern's own square order.
#[inline(always)]
pub(super) const fn digits(b: u64) -> [u32; TYPES] {
    [
        corner3(b),
        edge2x(b),
        corner2x5(b),
        row(b, 1),
        row(b, 2),
        row(b, 3),
        diagonal(b, 8),
        diagonal(b, 7),
        diagonal(b, 6),
        diagonal(b, 5),
        diagonal(b, 4),
    ]
}

/// The weight indices (within one stage) of all pattern instances of `p` (side to move)
/// against `o`: 0, 1 or 2 per square (empty, mover, opponent) as ternary digits.
#[inline]
pub fn indices(p: u64, o: u64) -> [u32; FEATURES] {
    let ps = images(p);
    let os = images(o);
    let mut out = [0u32; FEATURES];
    for k in 0..SYMMETRIES {
        let dp = digits(ps[k]);
        let dq = digits(os[k]);
        for t in 0..TYPES {
            out[k * TYPES + t] =
                OFFSETS[t] + TERNARY[dp[t] as usize] as u32 + 2 * TERNARY[dq[t] as usize] as u32;
        }
    }
    out
}

/// The weight indices (within one stage) of the mover's and the opponent's mobility: how
/// many legal moves each would have, capped at `MOBILITY_COUNTS − 1`.
#[inline(always)]
pub fn mobility_indices(p: u64, o: u64) -> [u32; 2] {
    let cap = MOBILITY_COUNTS - 1;
    [
        MOBILITY + moves(p, o).count_ones().min(cap),
        MOBILITY + MOBILITY_COUNTS + moves(o, p).count_ones().min(cap),
    ]
}

/// For each pattern type, the board images it is read on at evaluation time: one per set of
/// squares. Images that read the same squares in another order (a pattern with a symmetry of
/// its own) share one lookup, their weights folded together by [`fold`].
pub const READ: [&[usize]; TYPES] = [
    &[0, 1, 2, 3],
    &[0, 2, 4, 6],
    &[0, 1, 2, 3, 4, 5, 6, 7],
    &[0, 2, 4, 6],
    &[0, 2, 4, 6],
    &[0, 2, 4, 6],
    &[0, 1],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
];

#[inline(always)]
fn lookup(w: &[i16], t: usize, dp: u32, dq: u32) -> i32 {
    let i = OFFSETS[t] + TERNARY[dp as usize] as u32 + 2 * TERNARY[dq as usize] as u32;
    i32::from(w[i as usize])
}

/// The evaluation of `p` (side to move) against `o` with one stage's *folded* weights `w`
/// (`WEIGHTS_PER_STAGE` long): every pattern instance read once, the mobility and the
/// constant. Equal to the sum over [`indices`] and [`mobility_indices`] of the unfolded
/// weights; `mobility` false skips counting moves, for a stage whose mobility weights
/// are all 0.
#[inline(always)]
pub fn score(w: &[i16], mobility: bool, p: u64, o: u64) -> i32 {
    let w = &w[..WEIGHTS_PER_STAGE];
    let (ps, os) = (images(p), images(o));
    let mut sum = i32::from(w[BIAS as usize]);
    if mobility {
        let [mine, theirs] = mobility_indices(p, o);
        sum += i32::from(w[mine as usize]) + i32::from(w[theirs as usize]);
    }
    // The images each type is read on, as listed in READ.
    for k in 0..4 {
        let (a, b) = (ps[k], os[k]);
        sum += lookup(w, 0, corner3(a), corner3(b))
            + lookup(w, 7, diagonal(a, 7), diagonal(b, 7))
            + lookup(w, 8, diagonal(a, 6), diagonal(b, 6))
            + lookup(w, 9, diagonal(a, 5), diagonal(b, 5))
            + lookup(w, 10, diagonal(a, 4), diagonal(b, 4));
    }
    for k in [0, 2, 4, 6] {
        let (a, b) = (ps[k], os[k]);
        sum += lookup(w, 1, edge2x(a), edge2x(b))
            + lookup(w, 3, row(a, 1), row(b, 1))
            + lookup(w, 4, row(a, 2), row(b, 2))
            + lookup(w, 5, row(a, 3), row(b, 3));
    }
    for k in 0..SYMMETRIES {
        sum += lookup(w, 2, corner2x5(ps[k]), corner2x5(os[k]));
    }
    for k in 0..2 {
        sum += lookup(w, 6, diagonal(ps[k], 8), diagonal(os[k], 8));
    }
    sum
}

/// The board square read as digit `j` of pattern type `t` on image `k`.
fn square_read(t: usize, k: usize, j: u32) -> Option<u32> {
    (0..64).find(|&q| digits(images(1u64 << q)[k])[t] == 1 << j)
}

/// Folds weights fitted on all eight images (as [`indices`] reads them) into the form
/// [`score`] reads: each entry of a read image gains the entries of the images that read the
/// same squares, its configuration re-ordered to theirs. `w` is one stage.
pub fn fold(w: &[f64]) -> Vec<f64> {
    let mut out = w.to_vec();
    for (t, read) in READ.iter().enumerate() {
        let n = PATTERNS[t].1;
        let order =
            |k: usize| -> Vec<Option<u32>> { (0..n).map(|j| square_read(t, k, j)).collect() };
        for &r in read.iter() {
            let base = order(r);
            let mut set = base.clone();
            set.sort_unstable();
            // The other images reading the same squares, with where each digit comes from.
            let mut partners: Vec<Vec<u32>> = Vec::new();
            for k in (0..SYMMETRIES).filter(|k| !read.contains(k)) {
                let other = order(k);
                let mut s = other.clone();
                s.sort_unstable();
                if s == set {
                    let from = other
                        .iter()
                        .map(|sq| base.iter().position(|b| b == sq).unwrap_or(0) as u32)
                        .collect();
                    partners.push(from);
                }
            }
            if partners.is_empty() {
                continue;
            }
            for c in 0..pow3(n) {
                let digit = |j: u32| (c / pow3(j)) % 3;
                let mut total = w[(OFFSETS[t] + c) as usize];
                for from in &partners {
                    let idx: u32 = (0..n).map(|j| digit(from[j as usize]) * pow3(j)).sum();
                    total += w[(OFFSETS[t] + idx) as usize];
                }
                out[(OFFSETS[t] + c) as usize] = total;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(r: u32, c: u32) -> u64 {
        1 << (8 * r + c)
    }

    #[test]
    fn diagonals_read_the_right_squares() {
        let main: u64 = (0..8).map(|i| sq(i, i)).sum();
        assert_eq!(diagonal(main, 8), 0xff);
        let four: u64 = (0..4).map(|i| sq(i, 4 + i)).sum();
        assert_eq!(diagonal(four, 4), 0xf);
        assert_eq!(diagonal(!four, 4), 0);
        assert_eq!(diagonal(sq(3, 7), 4), 0b1000);
    }

    #[test]
    fn each_pattern_reads_exactly_its_squares() {
        for (t, (_, n)) in PATTERNS.iter().enumerate() {
            let count: u32 = (0..64).map(|s| digits(1 << s)[t].count_ones()).sum();
            assert_eq!(count, *n, "pattern {t}");
            assert_eq!(digits(!0)[t], (1 << n) - 1, "pattern {t}");
        }
    }

    #[test]
    fn every_image_not_read_repeats_the_squares_of_one_that_is() {
        for (t, read) in READ.iter().enumerate() {
            let set = |k: usize| {
                let mut s: Vec<_> = (0..PATTERNS[t].1).map(|j| square_read(t, k, j)).collect();
                s.sort_unstable();
                s
            };
            let sets: Vec<_> = read.iter().map(|&k| set(k)).collect();
            for (i, a) in sets.iter().enumerate() {
                assert!(a.iter().all(Option::is_some), "type {t}");
                assert!(sets[i + 1..].iter().all(|b| b != a), "type {t}: read twice");
            }
            for k in 0..SYMMETRIES {
                assert!(sets.contains(&set(k)), "type {t} image {k} not covered");
            }
        }
    }

    #[test]
    fn folded_scores_equal_the_unfolded_sum() {
        let mut x = 1u64;
        let mut next = || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x >> 33
        };
        let raw: Vec<f64> = (0..WEIGHTS_PER_STAGE)
            .map(|_| (next() % 41) as f64 - 20.0)
            .collect();
        let folded: Vec<i16> = fold(&raw).iter().map(|v| *v as i16).collect();
        for _ in 0..50 {
            let (a, b) = (next() << 31 ^ next(), next() << 31 ^ next());
            let (p, o) = (a & !b, b & !a);
            let want: f64 = indices(p, o)
                .iter()
                .chain(&mobility_indices(p, o))
                .map(|&i| raw[i as usize])
                .sum::<f64>()
                + raw[BIAS as usize];
            assert_eq!(f64::from(score(&folded, true, p, o)), want);
        }
    }

    #[test]
    fn indices_stay_inside_their_tables() {
        let (p, o) = (0x0000_0018_2400_0000u64, 0x0000_0024_1800_ff00u64);
        for (k, i) in indices(p, o).into_iter().enumerate() {
            let t = k % TYPES;
            assert!(i >= OFFSETS[t] && i < OFFSETS[t] + pow3(PATTERNS[t].1));
        }
    }

    #[test]
    fn mobility_counts_each_sides_legal_moves() {
        // The opening position: four moves each.
        let (p, o) = (sq(3, 4) | sq(4, 3), sq(3, 3) | sq(4, 4));
        assert_eq!(
            mobility_indices(p, o),
            [MOBILITY + 4, MOBILITY + MOBILITY_COUNTS + 4]
        );
        // The opponent's lone disc on b2, ringed by the mover's a1–c3: the mover has no
        // move, the opponent three (d2, b4 and d4, across c2, b3 and c3).
        assert_eq!(
            mobility_indices(0x0000_0000_0007_0507, 0x0000_0000_0000_0200),
            [MOBILITY, MOBILITY + MOBILITY_COUNTS + 3]
        );
        // Every index stays inside the table, before the constant.
        let (p, o) = (0x0000_0018_2400_0000u64, 0x0000_0024_1800_ff00u64);
        for i in mobility_indices(p, o) {
            assert!((MOBILITY..BIAS).contains(&i));
        }
    }
}
