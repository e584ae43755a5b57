//! The eight symmetries of the board on bitboards (bit `8·row + col`), and the canonical
//! form of a position under them, so a book holds each position once.

/// Mirrors top to bottom: row r goes to row 7 − r.
pub const fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// Mirrors left to right: column c goes to column 7 − c.
pub const fn flip_horizontal(b: u64) -> u64 {
    b.reverse_bits().swap_bytes()
}

/// Mirrors along the a1–h8 diagonal: (row, col) goes to (col, row).
pub const fn transpose(mut b: u64) -> u64 {
    // Three delta swaps: 4x4 blocks, then 2x2, then single squares.
    let t = 0x0F0F_0F0F_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// `b` under symmetry `k` (0..8): bit 0 mirrors top to bottom, bit 1 left to right, bit 2
/// transposes afterwards. Symmetry 0 is the identity.
pub const fn image(b: u64, k: u8) -> u64 {
    let mut b = b;
    if k & 1 != 0 {
        b = flip_vertical(b);
    }
    if k & 2 != 0 {
        b = flip_horizontal(b);
    }
    if k & 4 != 0 {
        b = transpose(b);
    }
    b
}

/// The least `(p, o)` pair among the eight images of a position: equal for two positions
/// exactly when one is a symmetric image of the other.
pub fn canonical(p: u64, o: u64) -> (u64, u64) {
    (0..8u8)
        .map(|k| (image(p, k), image(o, k)))
        .min()
        .unwrap_or((p, o))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(row: u32, col: u32) -> u64 {
        1 << (8 * row + col)
    }

    #[test]
    fn each_symmetry_moves_a_square_where_geometry_says() {
        for row in 0..8 {
            for col in 0..8 {
                let b = bit(row, col);
                assert_eq!(flip_vertical(b), bit(7 - row, col));
                assert_eq!(flip_horizontal(b), bit(row, 7 - col));
                assert_eq!(transpose(b), bit(col, row));
            }
        }
    }

    #[test]
    fn the_eight_images_of_an_asymmetric_square_are_all_different() {
        let b = bit(0, 1);
        let mut images: Vec<u64> = (0..8).map(|k| image(b, k)).collect();
        images.sort_unstable();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn every_image_has_the_same_canonical_form() {
        let (p, o) = (0x0000_0018_0810_0000_u64, 0x0000_2000_1000_0000_u64);
        let c = canonical(p, o);
        for k in 0..8 {
            assert_eq!(canonical(image(p, k), image(o, k)), c);
        }
    }
}
