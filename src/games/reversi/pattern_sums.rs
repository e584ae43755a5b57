//! The learned evaluation's pattern indices kept move by move: the search updates them
//! from the discs a move flips instead of reading every pattern from the bitboards again at
//! each leaf.
//!
//! For every pattern instance [`pattern::score`] reads (each type on the images `READ`
//! lists: 46 in all), a position's index is `mine + 2·theirs`, where `mine` sums `3^j` over
//! the pattern's digits `j` holding the mover's discs and `theirs` over the opponent's. A
//! move adds the placed and flipped squares' coefficients to the mover's sum and takes the
//! flipped ones from the opponent's; then the sides swap. [`PatternSums::score`] equals
//! `pattern::score` on the same position.

use super::pattern::{self, BIAS, OFFSETS, PATTERNS, READ, TYPES, images};

/// The pattern instances the evaluation reads.
pub(super) const INSTANCES: usize = instance_count();

/// Lanes per sum: the instances, padded to whole vectors (the padding is always 0).
const LANES: usize = 48;

const fn instance_count() -> usize {
    let mut n = 0;
    let mut t = 0;
    while t < TYPES {
        n += READ[t].len();
        t += 1;
    }
    n
}

/// Each instance's (pattern type, board image), in `READ` order.
const INSTANCE: [(usize, usize); INSTANCES] = instance_list();

const fn instance_list() -> [(usize, usize); INSTANCES] {
    let mut out = [(0, 0); INSTANCES];
    let mut n = 0;
    let mut t = 0;
    while t < TYPES {
        let mut r = 0;
        while r < READ[t].len() {
            out[n] = (t, READ[t][r]);
            n += 1;
            r += 1;
        }
        t += 1;
    }
    out
}

/// Where each instance's weights start in a stage's table.
const OFFSET: [usize; INSTANCES] = offset_list();

const fn offset_list() -> [usize; INSTANCES] {
    let mut out = [0; INSTANCES];
    let mut i = 0;
    while i < INSTANCES {
        out[i] = OFFSETS[INSTANCE[i].0] as usize;
        i += 1;
    }
    out
}

/// For each square, what a disc there adds to each instance's sum: `3^j` where the square
/// is the instance's digit `j`, 0 where the instance does not read it.
static COEFFICIENTS: [[u16; LANES]; 64] = coefficients();

const fn coefficients() -> [[u16; LANES]; 64] {
    let mut out = [[0; LANES]; 64];
    let mut q = 0;
    while q < 64 {
        let oriented = images(1 << q);
        let mut i = 0;
        while i < INSTANCES {
            let (t, k) = INSTANCE[i];
            let digit = pattern::digits(oriented[k])[t];
            if digit != 0 {
                out[q][i] = 3u16.pow(digit.trailing_zeros());
            }
            i += 1;
        }
        q += 1;
    }
    out
}

const _: () = {
    assert!(INSTANCES <= LANES);
    // Every index fits a lane: 3^10 − 1 is the largest.
    let mut t = 0;
    while t < TYPES {
        assert!(PATTERNS[t].1 <= 10);
        t += 1;
    }
};

/// The pattern sums of one position, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternSums {
    /// Per instance, `3^j` summed over the digits holding the mover's discs.
    mine: [u16; LANES],
    /// The same over the opponent's discs.
    theirs: [u16; LANES],
}

/// `sum += COEFFICIENTS[q]` for every square `q` of `b`.
#[inline(always)]
fn add_squares(sum: &mut [u16; LANES], mut b: u64) {
    while b != 0 {
        let row = &COEFFICIENTS[b.trailing_zeros() as usize];
        for (s, c) in sum.iter_mut().zip(row) {
            *s = s.wrapping_add(*c);
        }
        b &= b - 1;
    }
}

impl PatternSums {
    /// The sums of `p` (the side to move's discs) against `o`, read square by square.
    pub fn of(p: u64, o: u64) -> PatternSums {
        let mut f = PatternSums {
            mine: [0; LANES],
            theirs: [0; LANES],
        };
        add_squares(&mut f.mine, p);
        add_squares(&mut f.theirs, o);
        f
    }

    /// The sums after the side to move, holding `p`, plays the legal move `sq` and so comes
    /// to hold `mine_after` (the second bitboard `bitboard::after` returns); the opponent is
    /// then to move.
    #[inline(always)]
    pub fn after(&self, p: u64, sq: u32, mine_after: u64) -> PatternSums {
        let flipped = mine_after ^ p ^ (1 << sq);
        let mut gained = COEFFICIENTS[sq as usize & 63];
        let mut lost = [0u16; LANES];
        add_squares(&mut lost, flipped);
        let mut mine = self.mine;
        let mut theirs = self.theirs;
        for i in 0..LANES {
            gained[i] = gained[i].wrapping_add(lost[i]);
            mine[i] = mine[i].wrapping_add(gained[i]);
            theirs[i] = theirs[i].wrapping_sub(lost[i]);
        }
        PatternSums {
            mine: theirs,
            theirs: mine,
        }
    }

    /// The same position with the other side to move (a pass).
    #[inline(always)]
    pub fn passed(&self) -> PatternSums {
        PatternSums {
            mine: self.theirs,
            theirs: self.mine,
        }
    }

    /// [`pattern::score`] of this position, `p` and `o` its bitboards, with one stage's
    /// folded weights `w`; `mobility` false skips counting moves, as there.
    #[inline(always)]
    pub fn score(&self, w: &[i16], mobility: bool, p: u64, o: u64) -> i32 {
        let mut index = [0u16; LANES];
        for (i, x) in index.iter_mut().enumerate() {
            *x = self.mine[i].wrapping_add(self.theirs[i].wrapping_mul(2));
        }
        let mut sum = w.get(BIAS as usize).map_or(0, |&b| i32::from(b));
        if mobility {
            let [mine, theirs] = pattern::mobility_indices(p, o);
            sum += weight(w, mine as usize) + weight(w, theirs as usize);
        }
        for i in 0..INSTANCES {
            sum += weight(w, OFFSET[i] + usize::from(index[i]));
        }
        sum
    }
}

/// Entry `i` of a stage's weights, or 0 past its end: the sums of a real position never
/// index there.
#[inline(always)]
fn weight(w: &[i16], i: usize) -> i32 {
    w.get(i).map_or(0, |&v| i32::from(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::bitboard::{after, moves};
    use crate::games::reversi::learned::weights;
    use crate::games::reversi::train::Rng;
    use crate::games::reversi::train::play::random_move;

    /// Every position of some seeded random games, each with the move played from it
    /// (`None` for a pass or the end).
    fn walk(seed: u64, games: usize) -> Vec<(u64, u64, Option<u32>)> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            loop {
                let played = random_move(&mut rng, p, o);
                out.push((p, o, played));
                match played {
                    Some(sq) => (p, o) = after(p, o, sq),
                    None if moves(o, p) != 0 => (p, o) = (o, p),
                    None => break,
                }
            }
        }
        out
    }

    #[test]
    fn there_are_46_instances() {
        assert_eq!(INSTANCES, 46);
    }

    #[test]
    fn every_instance_reads_its_pattern_size_in_squares() {
        for (i, &(t, _)) in INSTANCE.iter().enumerate() {
            let mut read: Vec<u16> = (0..64)
                .map(|q| COEFFICIENTS[q][i])
                .filter(|&c| c != 0)
                .collect();
            read.sort_unstable();
            let expected: Vec<u16> = (0..PATTERNS[t].1).map(|j| 3u16.pow(j)).collect();
            assert_eq!(read, expected, "instance {i}");
        }
    }

    #[test]
    fn kept_sums_equal_sums_read_afresh_along_games() {
        let steps = walk(7, 40);
        let (p, o, _) = steps[0];
        let mut f = PatternSums::of(p, o);
        for (i, &(p, o, played)) in steps.iter().enumerate() {
            assert_eq!(f, PatternSums::of(p, o), "step {i}");
            f = match played {
                Some(sq) => f.after(p, sq, after(p, o, sq).1),
                None => match steps.get(i + 1) {
                    // The next game starts afresh.
                    Some(&(np, no, _)) if np | no != o | p => PatternSums::of(np, no),
                    _ => f.passed(),
                },
            };
        }
    }

    #[test]
    fn the_score_equals_the_pattern_score_at_every_stage() {
        let Ok(w) = weights() else {
            panic!("the built-in weights decode");
        };
        for (p, o, _) in walk(11, 60) {
            let empties = 64 - (p | o).count_ones();
            let (stage, mobility) = w.stage(empties);
            let f = PatternSums::of(p, o);
            for m in [false, true] {
                assert_eq!(
                    f.score(stage, mobility && m, p, o),
                    pattern::score(stage, mobility && m, p, o),
                    "{p:#x} {o:#x}"
                );
            }
        }
    }
}
