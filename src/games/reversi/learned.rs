//! The learned evaluation: pattern weights fitted to trios's own self-play (see `train`),
//! giving the side to move's predicted final margin in 1/32 disc.
//!
//! The weights ship inside the binary (`configs/reversi/eval.bin`) and are decoded once, at
//! first use. The old hand-set evaluation stays in `eval.rs`.

use std::sync::OnceLock;

use super::pattern;
use super::pattern_sums::PatternSums;
use super::weights::{Weights, WeightsError, decode};

/// Evaluation units per disc of final margin.
pub const UNITS_PER_DISC: i32 = 32;

/// The largest magnitude `evaluate` returns: just under a 64-disc margin.
pub const LIMIT: i32 = 64 * UNITS_PER_DISC - 1;

/// The weight file built into the binary.
pub static EMBEDDED: &[u8] = include_bytes!("../../../configs/reversi/eval.bin");

static WEIGHTS: OnceLock<Result<Weights, WeightsError>> = OnceLock::new();

/// The built-in weights, decoded on first use.
pub fn weights() -> Result<&'static Weights, &'static WeightsError> {
    WEIGHTS.get_or_init(|| decode(EMBEDDED)).as_ref()
}

/// The side to move's predicted final margin, in 1/32 disc, strictly inside ±64 discs:
/// `p` holds the mover's discs, `o` the opponent's. Pure, and equal on all eight images of
/// a position. It reads the patterns only: a finished game is for the caller to score.
///
/// The built-in weights are checked by the tests; should they ever fail to decode, the old
/// hand-set evaluation answers instead (scaled), so play goes on.
#[inline(always)]
pub fn evaluate(p: u64, o: u64) -> i32 {
    match weights() {
        Ok(w) => evaluate_with(w, p, o),
        Err(_) => hand_set(p, o),
    }
}

/// [`evaluate`] with the given weights, for training and experiments.
#[inline(always)]
pub fn evaluate_with(w: &Weights, p: u64, o: u64) -> i32 {
    staged(w, p, o, |stage, mobility| {
        pattern::score(stage, mobility, p, o)
    })
}

/// [`evaluate`] of `p, o` from its kept pattern sums `f` (the search's leaves): the same
/// value, without reading the patterns from the bitboards again.
#[inline(always)]
pub(super) fn evaluate_kept(f: &PatternSums, p: u64, o: u64) -> i32 {
    match weights() {
        Ok(w) => staged(w, p, o, |stage, mobility| f.score(stage, mobility, p, o)),
        Err(_) => hand_set(p, o),
    }
}

/// `score` of the stage table (and whether it reads mobility) for the empties of `p, o`,
/// clamped to the evaluation's range.
#[inline(always)]
fn staged(w: &Weights, p: u64, o: u64, score: impl FnOnce(&[i16], bool) -> i32) -> i32 {
    let (stage, mobility) = w.stage(64 - (p | o).count_ones());
    score(stage, mobility).clamp(-LIMIT, LIMIT)
}

/// The old hand-set evaluation in this one's units, should the built-in weights not decode.
fn hand_set(p: u64, o: u64) -> i32 {
    super::eval::evaluate(p, o) * UNITS_PER_DISC
}
