//! The learned evaluation's weight file: a fixed header (magic, version, stage count,
//! feature-set id, weights per stage, checksum, training seed) and then little-endian `i16`
//! weights, in 1/32 disc, stage after stage.
//!
//! The file ships inside the binary (`learned.rs`), and the trainer writes it with
//! [`encode`]. [`decode`] checks every header field and the checksum, so a truncated or
//! altered file is a typed [`WeightsError`], never a wrong evaluation.

use super::pattern::{BIAS, MOBILITY, SET_ID, WEIGHTS_PER_STAGE, WEIGHTS_PER_STAGE_SET_1};

/// First eight bytes of every weight file.
pub const MAGIC: &[u8; 8] = b"TRIOSEV1";

/// Format version this code reads and writes.
pub const VERSION: u16 = 1;

/// Header length in bytes.
pub const HEADER: usize = 32;

/// Most stages a file may declare (one per empty-square count).
pub const MAX_STAGES: usize = 61;

/// Why a weight file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    #[error("weight file too short for its header: {0} bytes, need {HEADER}")]
    TooShort(usize),
    #[error("not a weight file: it does not start with TRIOSEV1")]
    BadMagic,
    #[error("weight file version {0} is not supported (this build reads version {VERSION})")]
    Version(u16),
    #[error("weight file is for feature set {found}, this build reads sets 1 and {expected}")]
    FeatureSet { found: u16, expected: u16 },
    #[error(
        "weight file declares {stages} stages of {per_stage} weights; expected 1..={MAX_STAGES} stages of {expected} for its feature set"
    )]
    Shape {
        stages: u16,
        per_stage: u32,
        expected: usize,
    },
    #[error("weight file is {found} bytes, its header says {expected}: truncated or padded")]
    Length { expected: usize, found: usize },
    #[error(
        "weight file checksum {found:08x} does not match its header's {expected:08x}: the file is corrupt"
    )]
    Checksum { expected: u32, found: u32 },
}

/// Decoded weights: `stages` tables of `WEIGHTS_PER_STAGE` values in 1/32 disc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Number of game stages; stage `s` covers the empties with `stage_of(e) == s`.
    pub stages: usize,
    /// The seed the trainer used (informative).
    pub seed: u64,
    /// All stages, one after another.
    values: Vec<i16>,
    /// Whether each stage has a mobility weight other than 0: a stage without one (kept
    /// from set 1) is evaluated without counting moves, as it was fitted.
    mobility: Vec<bool>,
}

impl Weights {
    /// Weights of `stages` stages, `values` holding `WEIGHTS_PER_STAGE` a stage.
    pub fn new(stages: usize, seed: u64, values: Vec<i16>) -> Weights {
        let mobility = values
            .chunks(WEIGHTS_PER_STAGE)
            .map(|w| w[MOBILITY as usize..BIAS as usize].iter().any(|v| *v != 0))
            .collect();
        Weights {
            stages,
            seed,
            values,
            mobility,
        }
    }

    /// All stages, one after another.
    pub fn values(&self) -> &[i16] {
        &self.values
    }

    /// Stage `s`'s table (`s < stages`).
    #[inline]
    pub fn table(&self, s: usize) -> &[i16] {
        &self.values[s * WEIGHTS_PER_STAGE..(s + 1) * WEIGHTS_PER_STAGE]
    }

    /// The table for a position with `empties` empty squares, and whether it reads mobility.
    #[inline]
    pub fn stage(&self, empties: u32) -> (&[i16], bool) {
        let s = stage_of(empties, self.stages);
        (self.table(s), self.mobility[s])
    }
}

/// The stage of a position with `empties` empty squares when 0..=60 is cut into `stages`
/// nearly equal bands.
#[inline]
pub const fn stage_of(empties: u32, stages: usize) -> usize {
    let e = if empties > 60 { 60 } else { empties } as usize;
    e * stages / 61
}

/// FNV-1a over `bytes`: cheap, and enough to catch truncation and stray edits.
pub fn checksum(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The file for `weights`.
pub fn encode(weights: &Weights) -> Vec<u8> {
    file(
        SET_ID,
        weights.stages,
        WEIGHTS_PER_STAGE,
        weights.seed,
        &weights.values,
    )
}

/// The file of `stages` stages of `per_stage` weights of feature set `set`.
fn file(set: u16, stages: usize, per_stage: usize, seed: u64, values: &[i16]) -> Vec<u8> {
    let mut payload = Vec::with_capacity(values.len() * 2);
    for v in values {
        payload.extend_from_slice(&v.to_le_bytes());
    }
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(stages as u16).to_le_bytes());
    out.extend_from_slice(&set.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(per_stage as u32).to_le_bytes());
    out.extend_from_slice(&checksum(&payload).to_le_bytes());
    out.extend_from_slice(&seed.to_le_bytes());
    out.extend_from_slice(&payload);
    out
}

/// Reads a weight file, checking its header, its length and its checksum. A file of feature
/// set 1 (before mobility) reads as set 2 with its mobility weights 0: it evaluates as it
/// always did.
pub fn decode(bytes: &[u8]) -> Result<Weights, WeightsError> {
    if bytes.len() < HEADER {
        return Err(WeightsError::TooShort(bytes.len()));
    }
    if &bytes[..8] != MAGIC {
        return Err(WeightsError::BadMagic);
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at =
        |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let version = u16_at(8);
    if version != VERSION {
        return Err(WeightsError::Version(version));
    }
    let stages = u16_at(10);
    let set = u16_at(12);
    let set_per_stage = match set {
        1 => WEIGHTS_PER_STAGE_SET_1,
        SET_ID => WEIGHTS_PER_STAGE,
        _ => {
            return Err(WeightsError::FeatureSet {
                found: set,
                expected: SET_ID,
            });
        }
    };
    let per_stage = u32_at(16);
    if stages == 0 || usize::from(stages) > MAX_STAGES || per_stage as usize != set_per_stage {
        return Err(WeightsError::Shape {
            stages,
            per_stage,
            expected: set_per_stage,
        });
    }
    let expected = HEADER + usize::from(stages) * set_per_stage * 2;
    if bytes.len() != expected {
        return Err(WeightsError::Length {
            expected,
            found: bytes.len(),
        });
    }
    let payload = &bytes[HEADER..];
    let (want, got) = (u32_at(20), checksum(payload));
    if want != got {
        return Err(WeightsError::Checksum {
            expected: want,
            found: got,
        });
    }
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&bytes[24..32]);
    let values: Vec<i16> = payload
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    let values = if set == SET_ID {
        values
    } else {
        with_zero_mobility(&values)
    };
    Ok(Weights::new(
        usize::from(stages),
        u64::from_le_bytes(seed),
        values,
    ))
}

/// Set-1 stages (pattern tables, then the constant) laid out as set 2: the mobility table
/// inserted, all 0, before the constant.
fn with_zero_mobility(set_1: &[i16]) -> Vec<i16> {
    let mut out = Vec::with_capacity(set_1.len() / WEIGHTS_PER_STAGE_SET_1 * WEIGHTS_PER_STAGE);
    for stage in set_1.chunks_exact(WEIGHTS_PER_STAGE_SET_1) {
        let (patterns, constant) = stage.split_at(MOBILITY as usize);
        out.extend_from_slice(patterns);
        out.resize(out.len() + (BIAS - MOBILITY) as usize, 0);
        out.extend_from_slice(constant);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Weights {
        Weights::new(
            2,
            7,
            (0..2 * WEIGHTS_PER_STAGE)
                .map(|i| (i % 977) as i16 - 400)
                .collect(),
        )
    }

    #[test]
    fn a_file_round_trips() {
        let w = sample();
        assert_eq!(decode(&encode(&w)), Ok(w));
    }

    #[test]
    fn damage_is_a_typed_error() {
        let good = encode(&sample());
        assert_eq!(decode(&good[..10]), Err(WeightsError::TooShort(10)));
        let mut bad = good.clone();
        bad[0] = b'X';
        assert_eq!(decode(&bad), Err(WeightsError::BadMagic));
        let mut bad = good.clone();
        bad[8] = 9;
        assert_eq!(decode(&bad), Err(WeightsError::Version(9)));
        let mut bad = good.clone();
        bad[12] = 99;
        assert!(matches!(decode(&bad), Err(WeightsError::FeatureSet { .. })));
        let mut bad = good.clone();
        bad[10] = 0;
        assert!(matches!(decode(&bad), Err(WeightsError::Shape { .. })));
        assert!(matches!(
            decode(&good[..good.len() - 1]),
            Err(WeightsError::Length { .. })
        ));
        let mut bad = good.clone();
        let last = bad.len() - 1;
        bad[last] ^= 1;
        assert!(matches!(decode(&bad), Err(WeightsError::Checksum { .. })));
    }

    #[test]
    fn a_set_1_file_reads_with_no_mobility() {
        // A set-1 file, written as the trainer wrote them before mobility.
        let stages = 2;
        let old: Vec<i16> = (0..stages * WEIGHTS_PER_STAGE_SET_1)
            .map(|i| (i % 613) as i16 - 300)
            .collect();
        let file = file(1, stages, WEIGHTS_PER_STAGE_SET_1, 5, &old);
        let w = match decode(&file) {
            Ok(w) => w,
            Err(e) => panic!("a set-1 file is refused: {e}"),
        };
        assert_eq!((w.stages, w.seed), (stages, 5));
        for s in 0..stages {
            let old = &old[s * WEIGHTS_PER_STAGE_SET_1..(s + 1) * WEIGHTS_PER_STAGE_SET_1];
            let new = &w.values[s * WEIGHTS_PER_STAGE..(s + 1) * WEIGHTS_PER_STAGE];
            assert_eq!(new[..MOBILITY as usize], old[..MOBILITY as usize]);
            assert!(
                new[MOBILITY as usize..BIAS as usize]
                    .iter()
                    .all(|v| *v == 0)
            );
            assert_eq!(new[BIAS as usize], old[MOBILITY as usize]);
        }
        // Its length is checked against set 1's shape.
        assert!(matches!(
            decode(&file[..file.len() - 2]),
            Err(WeightsError::Length { .. })
        ));
    }

    #[test]
    fn stages_cover_every_empty_count_in_order() {
        for n in [1, 4, 6, 12, 61] {
            assert_eq!(stage_of(0, n), 0);
            assert_eq!(stage_of(60, n), n - 1);
            for e in 1..=60 {
                assert!(stage_of(e, n) >= stage_of(e - 1, n));
            }
        }
    }
}
