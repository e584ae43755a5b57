//! Stable discs: discs that no sequence of moves can ever flip, beyond the edges that
//! `bitboard::edge_stable` finds. A disc is stable when, along each of its four lines, the
//! line is completely filled, or the square on one side is the board's edge or a stable disc
//! of the same colour. The set is grown from the edges and the filled lines until it stops
//! changing. The endgame solver uses it to cap a position's value from the opponent's
//! stable discs.

use super::bitboard::edge_stable;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0x0000_0000_0000_00FF;
const RANK_8: u64 = 0xFF00_0000_0000_0000;
const BORDER: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The 15 diagonals (a1–h8 direction) and the 15 anti-diagonals (h1–a8 direction), each as
/// a mask, for finding filled diagonal lines.
static DIAGONALS: [[u64; 15]; 2] = build_diagonals();

const fn build_diagonals() -> [[u64; 15]; 2] {
    let mut out = [[0u64; 15]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = (sq / 8, sq % 8);
        // row - col runs -7..=7, row + col runs 0..=14.
        out[0][row + 7 - col] |= 1u64 << sq;
        out[1][row + col] |= 1u64 << sq;
        sq += 1;
    }
    out
}

/// The squares whose horizontal, vertical, diagonal and anti-diagonal lines are completely
/// filled, one set per direction.
#[inline(always)]
fn filled_lines(occupied: u64) -> [u64; 4] {
    let mut rows = 0u64;
    for r in 0..8 {
        let row = RANK_1 << (8 * r);
        if occupied & row == row {
            rows |= row;
        }
    }
    let mut cols = occupied;
    cols &= cols >> 32;
    cols &= cols >> 16;
    cols &= cols >> 8;
    let cols = (cols & 0xFF).wrapping_mul(FILE_A);
    let mut diag = [0u64; 2];
    for (k, set) in DIAGONALS.iter().enumerate() {
        for &line in set {
            if occupied & line == line {
                diag[k] |= line;
            }
        }
    }
    [rows, cols, diag[0], diag[1]]
}

/// The stable discs of `p` (with `o` the other colour's discs).
#[inline(always)]
pub fn stable(p: u64, o: u64) -> u64 {
    let occupied = p | o;
    let [h, v, d, a] = filled_lines(occupied);
    let mut s = (edge_stable(p, o) & p) | (p & h & v & d & a);
    if s == 0 {
        // Growing needs a stable disc to start from: the corners and filled lines are the
        // only seeds, and they are already counted.
        return 0;
    }
    let h = h | FILE_A | FILE_H;
    let v = v | RANK_1 | RANK_8;
    let d = d | BORDER;
    let a = a | BORDER;
    loop {
        let across = h | ((s << 1) & !FILE_A) | ((s >> 1) & !FILE_H);
        let down = v | (s << 8) | (s >> 8);
        let diagonal = d | ((s << 9) & !FILE_A) | ((s >> 9) & !FILE_H);
        let anti = a | ((s << 7) & !FILE_H) | ((s >> 7) & !FILE_A);
        let grown = s | (p & across & down & diagonal & anti);
        if grown == s {
            return s;
        }
        s = grown;
    }
}

/// At or above this many empties no stability cut-off is tried at all.
pub const CUT_UNTIL: u32 = 30;

/// The least alpha, by empties, at which the opponent's stable discs are counted to try a
/// cut-off. Fitted by counting: with every threshold open, the lowest alpha at which a cut
/// happened on FFO #40–#47 (3 empties: -39, 4: -33, 5–7: -17, 8–9: -12, 10: -9, 11–12:
/// -1, 13: 8, 14–15: 38, none seen from 16 on), lowered by one or two for positions outside
/// that set, and continued upwards where no cut was seen. (A first, guessed table, alpha >=
/// 2 * empties - 4, missed so many cuts that it cost 63 M positions on that set.)
pub const CUT_ALPHA: [i32; CUT_UNTIL as usize] = [
    99, 99, 99, -40, -34, -18, -18, -18, -14, -14, -10, -2, -2, 6, 36, 36, 38, 40, 42, 44, 46, 48,
    50, 52, 54, 56, 58, 60, 62, 64,
];

/// Whether a node of `empties` empties at `alpha` should count the opponent's stable
/// discs: only where a cut has been seen, and only if the opponent has enough discs that
/// keeping them all could hold the value to alpha.
#[inline(always)]
fn worth_trying(empties: u32, alpha: i32, opponent_discs: u32) -> bool {
    empties < CUT_UNTIL
        && alpha >= CUT_ALPHA[empties as usize]
        && 64 - 2 * opponent_discs as i32 <= alpha
}

/// The stable-disc cut-off of the exact search: the most `p` to move can still reach, when
/// the opponent keeps its stable discs whatever happens and that holds the value to
/// `alpha` (a fail-low bound); `None` when the cut is not worth trying or does not hold.
#[inline(always)]
pub fn stable_cut(p: u64, o: u64, empties: u32, alpha: i32) -> Option<i32> {
    if !worth_trying(empties, alpha, o.count_ones()) {
        return None;
    }
    let most = 64 - 2 * stable(o, p).count_ones() as i32;
    (most <= alpha).then_some(most)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::bitboard::{bit, flips, moves};

    /// Every reachable position from `(p, o)` within `depth` plies: no disc reported stable
    /// for either side ever changes colour.
    fn never_flipped(p: u64, o: u64, depth: u32) -> bool {
        let (sp, so) = (stable(p, o), stable(o, p));
        check(p, o, sp, so, depth)
    }

    fn check(p: u64, o: u64, sp: u64, so: u64, depth: u32) -> bool {
        if sp & !p != 0 || so & !o != 0 {
            return false;
        }
        if depth == 0 {
            return true;
        }
        let mv = moves(p, o);
        if mv == 0 {
            return moves(o, p) == 0 || check(o, p, so, sp, depth - 1);
        }
        let mut m = mv;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips(p, o, sq);
            if !check(o ^ f, p ^ f ^ bit(sq), so, sp, depth - 1) {
                return false;
            }
        }
        true
    }

    #[test]
    fn filled_board_is_all_stable() {
        let p = 0x00FF_00FF_00FF_00FFu64;
        assert_eq!(stable(p, !p), p);
        assert_eq!(stable(!p, p), !p);
    }

    #[test]
    fn corner_and_its_wedge_are_stable_but_a_lone_centre_disc_is_not() {
        // a1, b1, a2, b2 of one colour: b2 is not stable (a3 and c1 are empty, so it can
        // be flipped along that anti-diagonal); with c1 and a3 added it is.
        let p = bit(0) | bit(1) | bit(8) | bit(9) | bit(27);
        let o = bit(28) | bit(36);
        assert_eq!(stable(p, o), bit(0) | bit(1) | bit(8));
        let p = p | bit(2) | bit(16);
        assert_eq!(stable(p, o), p & !bit(27));
    }

    #[test]
    fn stable_discs_survive_every_line_of_play() {
        // Random playouts to near the end, then every line of the last few plies.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0;
        for _ in 0..60 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            loop {
                let empties = (!(p | o)).count_ones();
                if empties <= 7 {
                    break;
                }
                let mv = moves(p, o);
                if mv == 0 {
                    if moves(o, p) == 0 {
                        break;
                    }
                    std::mem::swap(&mut p, &mut o);
                    continue;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mut m = mv;
                for _ in 0..state % u64::from(mv.count_ones()) {
                    m &= m - 1;
                }
                let sq = m.trailing_zeros();
                let f = flips(p, o, sq);
                (p, o) = (o ^ f, p ^ f ^ bit(sq));
            }
            assert!(never_flipped(p, o, 7), "{p:#x} {o:#x}");
            checked += u32::from(stable(p, o) | stable(o, p) != 0);
        }
        // The check must have had stable discs to check.
        assert!(checked > 20, "{checked}");
    }
}
