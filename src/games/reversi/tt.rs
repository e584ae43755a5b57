//! The endgame solver's transposition table: buckets of four entries, each holding the
//! exact position, a lower and an upper bound on its value, the two best moves seen, the
//! depth the bounds hold for and the (log2) cost of finding them. One table is shared by
//! every search thread without locks: an entry is three atomic words, the position words
//! stored XORed with the data word, so a reader that catches a half-written entry sees a
//! position that does not match and ignores it.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per bucket; a new position replaces the cheapest of them.
const WAYS: usize = 4;

/// No move stored.
pub const NO_MOVE: u8 = 64;

/// The bounds a fail-soft search's `best` proves when it searched within `(alpha, beta)`:
/// a lower bound when it reached `beta`, the value when inside the window, else an upper
/// bound; `inf` is the value scale's infinity.
#[inline(always)]
pub fn proven_bounds(best: i32, alpha: i32, beta: i32, inf: i32) -> (i32, i32) {
    if best >= beta {
        (best, inf)
    } else if best > alpha {
        (best, best)
    } else {
        (-inf, best)
    }
}

/// What the table knows about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// The value is at least this (at `depth`).
    pub lower: i32,
    /// The value is at most this (at `depth`).
    pub upper: i32,
    /// The best move seen, then the one before it (or [`NO_MOVE`]).
    pub moves: [u8; 2],
    /// Plies the bounds were searched to; the empties for an exact search.
    pub depth: u8,
}

/// A lock-free table of `2^bits` entries (24 bytes each).
pub struct Table {
    words: Vec<AtomicU64>,
    /// Bucket index mask.
    mask: usize,
}

/// Data word layout: lower (16 bits), upper (16), move 1 (8), move 2 (8), depth + 1 (8,
/// never 0 in a used entry), cost (8).
#[inline(always)]
fn pack(lower: i32, upper: i32, moves: [u8; 2], depth: u8, cost: u8) -> u64 {
    u64::from(lower as i16 as u16)
        | u64::from(upper as i16 as u16) << 16
        | u64::from(moves[0]) << 32
        | u64::from(moves[1]) << 40
        | u64::from(depth + 1) << 48
        | u64::from(cost) << 56
}

#[inline(always)]
fn unpack(data: u64) -> (Hit, u8) {
    (
        Hit {
            lower: i32::from(data as u16 as i16),
            upper: i32::from((data >> 16) as u16 as i16),
            moves: [(data >> 32) as u8, (data >> 40) as u8],
            depth: ((data >> 48) as u8).wrapping_sub(1),
        },
        (data >> 56) as u8,
    )
}

impl Table {
    /// An empty table of `2^bits` entries (at least one bucket).
    pub fn new(bits: u32) -> Table {
        let entries = (1usize << bits).max(WAYS);
        let words = (0..3 * entries).map(|_| AtomicU64::new(0)).collect();
        Table {
            words,
            mask: entries / WAYS - 1,
        }
    }

    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> usize {
        let h = (p ^ o.rotate_left(23))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29)
            ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        ((h >> 24) as usize & self.mask) * WAYS
    }

    /// The words of entry `i`: (p ^ data, o ^ data, data).
    #[inline(always)]
    fn read(&self, i: usize) -> (u64, u64, u64) {
        let w = &self.words[3 * i..3 * i + 3];
        (
            w[0].load(Ordering::Relaxed),
            w[1].load(Ordering::Relaxed),
            w[2].load(Ordering::Relaxed),
        )
    }

    #[inline(always)]
    fn write(&self, i: usize, p: u64, o: u64, data: u64) {
        let w = &self.words[3 * i..3 * i + 3];
        w[2].store(data, Ordering::Relaxed);
        w[0].store(p ^ data, Ordering::Relaxed);
        w[1].store(o ^ data, Ordering::Relaxed);
    }

    /// What is stored for the position with `p` to move, if anything.
    #[inline(always)]
    pub fn probe(&self, p: u64, o: u64) -> Option<Hit> {
        let first = self.bucket(p, o);
        for i in first..first + WAYS {
            let (a, b, data) = self.read(i);
            if data != 0 && a ^ data == p && b ^ data == o {
                return Some(unpack(data).0);
            }
        }
        None
    }

    /// Records that the position's value at `depth` lies in `bounds` (lower, upper) and that `best`
    /// was the best move (or cut off), after `nodes` positions of work. Bounds at the same
    /// depth are narrowed, at a greater depth replaced, at a lesser depth kept; a new
    /// position takes the place of the bucket's entry of least depth, then least cost.
    #[inline(always)]
    pub fn store(&self, p: u64, o: u64, depth: u32, bounds: (i32, i32), best: u32, nodes: u64) {
        let (lower, upper) = bounds;
        let depth = depth.min(254) as u8;
        let cost = (64 - nodes.leading_zeros()) as u8;
        let best = best.min(u32::from(NO_MOVE)) as u8;
        let first = self.bucket(p, o);
        let mut victim = first;
        let mut victim_rank = u32::MAX;
        for i in first..first + WAYS {
            let (a, b, data) = self.read(i);
            if data == 0 {
                if victim_rank > 0 {
                    victim = i;
                    victim_rank = 0;
                }
                continue;
            }
            let (old, old_cost) = unpack(data);
            if a ^ data == p && b ^ data == o {
                let second = if old.moves[0] != best {
                    old.moves[0]
                } else {
                    old.moves[1]
                };
                let moves = [best, second];
                let cost = cost.max(old_cost);
                let packed = if depth > old.depth {
                    pack(lower, upper, moves, depth, cost)
                } else if depth == old.depth {
                    let (l, u) = (lower.max(old.lower), upper.min(old.upper));
                    if l <= u {
                        pack(l, u, moves, depth, cost)
                    } else {
                        pack(lower, upper, moves, depth, cost)
                    }
                } else {
                    // Shallower bounds say less; keep the old ones and their moves.
                    return;
                };
                self.write(i, p, o, packed);
                return;
            }
            let rank = 1 + (u32::from(old.depth) << 8 | u32::from(old_cost));
            if rank < victim_rank {
                victim = i;
                victim_rank = rank;
            }
        }
        self.write(
            victim,
            p,
            o,
            pack(lower, upper, [best, NO_MOVE], depth, cost),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_narrows_and_replaces() {
        let t = Table::new(4);
        assert_eq!(t.probe(1, 2), None);
        t.store(1, 2, 10, (-4, 64), 5, 1000);
        let hit = t.probe(1, 2).unwrap();
        assert_eq!(
            (hit.lower, hit.upper, hit.moves, hit.depth),
            (-4, 64, [5, NO_MOVE], 10)
        );
        // Same depth: the bounds narrow, the new move goes first.
        t.store(1, 2, 10, (-64, 6), 7, 10);
        let hit = t.probe(1, 2).unwrap();
        assert_eq!((hit.lower, hit.upper, hit.moves), (-4, 6, [7, 5]));
        // Shallower: ignored. Deeper: replaces the bounds.
        t.store(1, 2, 3, (0, 0), 9, 10);
        assert_eq!(t.probe(1, 2).unwrap().lower, -4);
        t.store(1, 2, 12, (2, 2), 9, 10);
        let hit = t.probe(1, 2).unwrap();
        assert_eq!(
            (hit.lower, hit.upper, hit.depth, hit.moves),
            (2, 2, 12, [9, 7])
        );
        // Wider-than-disc bounds (evaluation units) survive the packing.
        t.store(3, 4, 5, (-2000, 1999), 0, 1);
        let hit = t.probe(3, 4).unwrap();
        assert_eq!((hit.lower, hit.upper), (-2000, 1999));
    }

    #[test]
    fn a_full_bucket_evicts_the_cheapest_entry() {
        // One bucket only: every position lands in it.
        let t = Table::new(2);
        for k in 1..=4u64 {
            t.store(k, 0, 10, (0, 0), 1, 1 << (10 + k));
        }
        t.store(99, 0, 10, (0, 0), 1, 1 << 20);
        assert!(t.probe(1, 0).is_none());
        for k in [2u64, 3, 4, 99] {
            assert!(t.probe(k, 0).is_some(), "{k}");
        }
    }
}
