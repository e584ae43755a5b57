//! Labelled training positions and their file form: fixed 22-byte little-endian records
//! (mover's discs, opponent's discs, label, flags, game index), appended game by game.

use std::io::{self, Write};

/// Bytes per record.
pub const RECORD: usize = 22;

/// A position with its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The side to move's discs.
    pub p: u64,
    /// The opponent's discs.
    pub o: u64,
    /// The side to move's final margin in discs (exact if `exact`).
    pub label: i8,
    /// Whether `label` is the solved value rather than the game's result.
    pub exact: bool,
    /// The game the position comes from (for splitting by game).
    pub game: u32,
}

impl Sample {
    /// Empty squares.
    pub fn empties(&self) -> u32 {
        64 - (self.p | self.o).count_ones()
    }
}

/// Writes `samples` as records.
pub fn write(out: &mut impl Write, samples: &[Sample]) -> io::Result<()> {
    let mut buf = Vec::with_capacity(samples.len() * RECORD);
    for s in samples {
        buf.extend_from_slice(&s.p.to_le_bytes());
        buf.extend_from_slice(&s.o.to_le_bytes());
        buf.push(s.label as u8);
        buf.push(u8::from(s.exact));
        buf.extend_from_slice(&s.game.to_le_bytes());
    }
    out.write_all(&buf)
}

/// Reads records; a trailing partial record (a run cut short) is ignored, and records whose
/// boards overlap are skipped.
pub fn read(bytes: &[u8]) -> Vec<Sample> {
    bytes
        .chunks_exact(RECORD)
        .filter_map(|r| {
            let u64_at = |i: usize| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&r[i..i + 8]);
                u64::from_le_bytes(b)
            };
            let (p, o) = (u64_at(0), u64_at(8));
            (p & o == 0).then_some(Sample {
                p,
                o,
                label: r[16] as i8,
                exact: r[17] & 1 != 0,
                game: u32::from_le_bytes([r[18], r[19], r[20], r[21]]),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_partial_tails_are_dropped() {
        let s = vec![
            Sample {
                p: 1,
                o: 2,
                label: -5,
                exact: true,
                game: 3,
            },
            Sample {
                p: 8,
                o: 16,
                label: 64,
                exact: false,
                game: 70_000,
            },
        ];
        let mut buf = Vec::new();
        write(&mut buf, &s).unwrap();
        assert_eq!(read(&buf), s);
        assert_eq!(read(&buf[..buf.len() - 3]), s[..1]);
    }
}
