//! Multi-ProbCut: a shallow search of depth d′ predicts the value of a deep one of depth d
//! as `a·v′ + b` with a normal error of spread σ, so a node whose shallow value lies far
//! enough outside the window is cut without the deep search.
//!
//! `a`, `b` and σ are fitted by least squares to this engine's own pairs of searches, per
//! game stage and depth, by `cargo run --release --example reversi_mpc`, which prints the
//! table below. The selectivity says how many σ the bound keeps: higher is safer and slower.

/// The shallowest depth at which a probe is tried.
pub const MIN_DEPTH: u32 = 3;

/// The deepest depth the table has its own row for; deeper searches use that row with
/// the same depth difference.
pub const MAX_FITTED_DEPTH: u32 = 10;

/// Empties per stage of the table.
pub const STAGE_EMPTIES: u32 = 10;

/// Stages of the table: 0–9, 10–19, … 50–60 empties.
pub const STAGES: usize = 6;

/// How sure a cut must be: the number of σ between the predicted value and the bound.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Selectivity(pub f64);

impl Selectivity {
    /// The number of σ a cut needs.
    pub fn t(self) -> f64 {
        self.0
    }
}

/// The prediction of a depth-`depth` value from a depth-`shallow` one, in evaluation units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Model {
    pub shallow: u32,
    pub a: f64,
    pub b: f64,
    pub sigma: f64,
}

/// The shallow depth probing a search of `depth` plies: about a quarter of it, with the
/// same parity (so both end on the same side to move), and at most `depth − 6` further down.
pub fn shallow_depth(depth: u32) -> u32 {
    if depth > MAX_FITTED_DEPTH {
        return depth - (MAX_FITTED_DEPTH - shallow_depth(MAX_FITTED_DEPTH));
    }
    2 * (depth / 4) + depth % 2
}

/// The model for a node with `empties` empty squares searched to `depth`; `None` where the
/// table has no data (too shallow).
pub fn model(empties: u32, depth: u32) -> Option<Model> {
    if depth < MIN_DEPTH {
        return None;
    }
    let stage = ((empties / STAGE_EMPTIES) as usize).min(STAGES - 1);
    let row = depth.min(MAX_FITTED_DEPTH);
    let (a, b, sigma) = PARAMS[stage][(row - MIN_DEPTH) as usize];
    Some(Model {
        shallow: shallow_depth(depth),
        a: f64::from(a),
        b: f64::from(b),
        sigma: f64::from(sigma),
    })
}

/// `(a, b, σ)` per stage (by empties) and depth `MIN_DEPTH..=MAX_FITTED_DEPTH`, in
/// evaluation units; fitted by `examples/reversi_mpc.rs`.
#[rustfmt::skip]
const PARAMS: [[(f32, f32, f32); (MAX_FITTED_DEPTH - MIN_DEPTH + 1) as usize]; STAGES] =
    include!("probcut_params.in");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_depths_keep_the_parity_and_stay_below() {
        for depth in MIN_DEPTH..40 {
            let s = shallow_depth(depth);
            assert!(s < depth, "{depth} {s}");
            assert_eq!(s % 2, depth % 2, "{depth} {s}");
        }
    }

    #[test]
    fn every_model_predicts_upwards_with_a_spread() {
        for empties in 0..=60 {
            for depth in MIN_DEPTH..30 {
                let m = model(empties, depth).unwrap();
                assert!(m.a > 0.0 && m.sigma > 0.0, "{empties} {depth} {m:?}");
            }
        }
        assert_eq!(model(30, MIN_DEPTH - 1), None);
    }
}
