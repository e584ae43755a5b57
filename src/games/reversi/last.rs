//! The exact solver's last empties: one, two and three empty squares solved directly,
//! without move generation. With one square left the mover takes it if it flips anything,
//! else the opponent does; with two or three, each order of play is tried, and a square with
//! no opponent disc next to it is skipped without computing flips. Each position looked at
//! counts as a node, as Edax counts them: the node itself and every move it plays.

use super::bitboard::{bit, final_value, flips, moves};
use super::stability::stable_cut;

/// The squares around each square (8-neighbourhood).
pub static NEIGHBOURS: [u64; 64] = build_neighbours();

const fn build_neighbours() -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nr, nc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && nr >= 0 && nr < 8 && nc >= 0 && nc < 8 {
                    out[sq] |= 1u64 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    out
}

/// What `p` flips by playing on `sq`, or nothing at once when no opponent disc touches it.
#[inline(always)]
pub fn flips_near(p: u64, o: u64, sq: u32) -> u64 {
    if NEIGHBOURS[sq as usize] & o == 0 {
        0
    } else {
        flips(p, o, sq)
    }
}

/// One empty square left, `sq`: the final margin for `p`. The opponent's flips are only
/// counted when `p` cannot play there.
#[inline(always)]
pub fn solve_1(nodes: &mut u64, p: u64, o: u64, sq: u32) -> i32 {
    *nodes += 1;
    let flipped = flips_near(p, o, sq).count_ones() as i32;
    if flipped > 0 {
        // No empty square is left afterwards: the margin is 2 * mine - 64.
        return 2 * (p.count_ones() as i32 + flipped + 1) - 64;
    }
    let flipped = flips_near(o, p, sq).count_ones() as i32;
    if flipped > 0 {
        return 64 - 2 * (o.count_ones() as i32 + flipped + 1);
    }
    final_value(p, o)
}

/// Two empty squares left, `a` and `b`, searched within `(.., beta)` (fail-soft).
#[inline(always)]
pub fn solve_2(nodes: &mut u64, p: u64, o: u64, beta: i32, a: u32, b: u32) -> i32 {
    *nodes += 1;
    let mut best = i32::MIN;
    let fa = flips_near(p, o, a);
    if fa != 0 {
        best = -solve_1(nodes, o ^ fa, p ^ fa ^ bit(a), b);
        if best >= beta {
            return best;
        }
    }
    let fb = flips_near(p, o, b);
    if fb != 0 {
        best = best.max(-solve_1(nodes, o ^ fb, p ^ fb ^ bit(b), a));
    }
    if best > i32::MIN {
        return best;
    }
    // The mover passes; the opponent plays if it can.
    let (fa, fb) = (flips_near(o, p, a), flips_near(o, p, b));
    if fa == 0 && fb == 0 {
        return final_value(p, o);
    }
    let mut theirs = i32::MIN;
    if fa != 0 {
        theirs = -solve_1(nodes, p ^ fa, o ^ fa ^ bit(a), b);
    }
    if fb != 0 {
        theirs = theirs.max(-solve_1(nodes, p ^ fb, o ^ fb ^ bit(b), a));
    }
    -theirs
}

/// Three empty squares left, `squares` in presort order, searched within `(alpha, beta)`
/// (fail-soft): the squares in odd quadrants (`odd`) first, each move leaving the other two
/// in presort order, and the opponent's stable discs first when they could cut. The same
/// positions, in the same order, as the general no-table search, without its copying.
#[inline(always)]
pub fn solve_3(
    nodes: &mut u64,
    p: u64,
    o: u64,
    mut alpha: i32,
    beta: i32,
    squares: [u32; 3],
    odd: u64,
) -> i32 {
    *nodes += 1;
    if let Some(most) = stable_cut(p, o, 3, alpha) {
        return most;
    }
    let [a, b, c] = squares;
    // Each move and the two squares it leaves, in presort order.
    let tries = [(a, b, c), (b, a, c), (c, a, b)];
    let mut best = i32::MIN;
    for in_odd in [true, false] {
        for &(sq, x, y) in &tries {
            if (odd & bit(sq) != 0) != in_odd {
                continue;
            }
            let f = flips_near(p, o, sq);
            if f == 0 {
                continue;
            }
            let value = -solve_2(nodes, o ^ f, p ^ f ^ bit(sq), -alpha, x, y);
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
    }
    if best > i32::MIN {
        return best;
    }
    // No placement: the opponent plays if it can, else the game is over.
    if moves(o, p) == 0 {
        return final_value(p, o);
    }
    -solve_3(nodes, o, p, -beta, -alpha, squares, odd)
}

/// The order in which the no-table search tries empty squares, before parity: corners,
/// then the edge squares away from the corners, the inner ring, the centre, the squares
/// next to a corner on the edge (C), and the diagonal neighbours of corners (X) last.
pub static PRESORT_RANK: [u8; 64] = build_presort();

const fn build_presort() -> [u8; 64] {
    let mut out = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = (sq / 8, sq % 8);
        // Distance from the nearest edge in each axis (0 at the edge).
        let dr = if r < 4 { r } else { 7 - r };
        let dc = if c < 4 { c } else { 7 - c };
        let (near, far) = if dr < dc { (dr, dc) } else { (dc, dr) };
        out[sq] = match (near, far) {
            (0, 0) => 0, // corner
            (0, 2) => 1, // A: edge, two from a corner
            (0, 3) => 2, // B: middle of an edge
            (1, 1) => 7, // X
            (0, 1) => 6, // C
            (2, 2) => 3, // inner ring corner
            (2, 3) => 4, // inner ring
            (1, _) => 5, // second ring
            _ => 4,      // centre
        };
        sq += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::bitboard::moves;

    /// Plain negamax over every order of play, for checking the direct solvers.
    fn reference(p: u64, o: u64) -> i32 {
        let mv = moves(p, o);
        if mv == 0 {
            if moves(o, p) == 0 {
                return final_value(p, o);
            }
            return -reference(o, p);
        }
        let mut best = i32::MIN;
        let mut m = mv;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(p, o, sq);
            best = best.max(-reference(o ^ f, p ^ f ^ bit(sq)));
        }
        best
    }

    #[test]
    fn one_and_two_empties_match_plain_negamax() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let empties = 1 + (state >> 60) as u32 % 2;
            let mut empty = 0u64;
            let mut x = state;
            while empty.count_ones() < empties {
                x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
                empty |= 1 << (x >> 58);
            }
            let p = (state.rotate_left(31) ^ x) & !empty;
            let o = !p & !empty;
            let mut nodes = 0;
            let (a, rest) = (empty.trailing_zeros(), empty & (empty - 1));
            let value = if rest == 0 {
                solve_1(&mut nodes, p, o, a)
            } else {
                solve_2(&mut nodes, p, o, 65, a, rest.trailing_zeros())
            };
            assert_eq!(value, reference(p, o), "{p:#x} {o:#x}");
            assert!(nodes >= 1);
        }
    }

    /// Three empties in presort order, the quadrant parity of the empties, and a window
    /// drawn from `state`: every fail-soft answer bounds the true value on the right side.
    #[test]
    fn three_empties_bound_plain_negamax_in_any_window() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut empty = 0u64;
            let mut x = state;
            while empty.count_ones() < 3 {
                x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
                empty |= 1 << (x >> 58);
            }
            let p = (state.rotate_left(29) ^ x) & !empty;
            let o = !p & !empty;
            let mut squares = [0u32; 3];
            let mut m = empty;
            for s in &mut squares {
                *s = m.trailing_zeros();
                m &= m - 1;
            }
            squares.sort_by_key(|&s| PRESORT_RANK[s as usize]);
            let alpha = (x % 129) as i32 - 65;
            let beta = (alpha + 1 + ((x >> 32) % 20) as i32).min(65);
            let odd = crate::games::reversi::order::odd_quadrants(empty);
            let mut nodes = 0;
            let value = solve_3(&mut nodes, p, o, alpha, beta, squares, odd);
            let truth = reference(p, o);
            if value <= alpha {
                assert!(
                    truth <= value,
                    "{p:#x} {o:#x} ({alpha}, {beta}): {value} {truth}"
                );
            } else if value >= beta {
                assert!(
                    truth >= value,
                    "{p:#x} {o:#x} ({alpha}, {beta}): {value} {truth}"
                );
            } else {
                assert_eq!(value, truth, "{p:#x} {o:#x} ({alpha}, {beta})");
            }
            assert!(nodes >= 1);
        }
    }

    #[test]
    fn presort_puts_corners_first_and_x_squares_last() {
        assert_eq!(PRESORT_RANK[0], 0);
        assert_eq!(PRESORT_RANK[63], 0);
        assert_eq!(PRESORT_RANK[9], 7);
        assert_eq!(PRESORT_RANK[1], 6);
        assert!(PRESORT_RANK[2] < PRESORT_RANK[27]);
    }
}
