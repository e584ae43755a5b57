//! Fitting the pattern weights: weighted, L2-regularised least squares per game stage,
//! solved by conjugate gradient on the normal equations with each weight's step scaled by
//! its occurrence count (a Jacobi preconditioner). Configurations seen fewer than
//! `min_count` times stay at 0. Sums run in a fixed order on one thread, so a fit is
//! reproducible bit for bit.
//!
//! A fit may also refine earlier weights (a [`Prior`]) with new positions alone: it fits
//! what the old weights get wrong, each weight's change penalised in proportion to its
//! count in the new data (ridge regression toward the old weights). So a stage of data
//! can land without the files of the stages before it; how strongly the old weights hold
//! is chosen on held-out positions.

use std::borrow::Cow;

use super::data::Sample;
use crate::games::reversi::learned::UNITS_PER_DISC;
use crate::games::reversi::pattern::{
    self, BIAS, FEATURES, WEIGHTS_PER_STAGE, fold, indices, mobility_indices,
};
use crate::games::reversi::weights::{Weights, stage_of};

/// Lookups per row: every pattern instance, both sides' mobility and the constant.
pub const ROW: usize = FEATURES + 3;

/// Fitting settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// Game stages (bands of empties).
    pub stages: usize,
    /// L2 penalty per weight, in squared discs.
    pub lambda: f64,
    /// Weights seen fewer times than this are held at 0.
    pub min_count: f64,
    /// Conjugate-gradient iterations per stage.
    pub iterations: usize,
    /// Weight of a position in its two neighbouring stages (0: no smoothing across stages).
    pub smoothing: f64,
}

/// Weights a fit refines, and how much they count against the new positions.
#[derive(Debug, Clone, Copy)]
pub struct Prior<'a> {
    /// The weights refined: as many stages as the fit makes.
    pub weights: &'a Weights,
    /// How strongly the prior holds: each weight's change is penalised by `strength` times
    /// its count in the new data (0: the new data alone decides the weights it sees;
    /// unseen weights keep their old value either way).
    pub strength: f64,
}

/// A least-squares problem over rows of a shared feature matrix.
pub struct Problem<'a> {
    /// Number of weights.
    pub n: usize,
    /// Lookups per row.
    pub k: usize,
    /// Feature indices, `k` per row, for every row of the matrix.
    pub features: &'a [u32],
    /// Target of every row of the matrix.
    pub targets: &'a [f32],
    /// The rows in this problem and their weights.
    pub rows: &'a [(u32, f32)],
}

impl Problem<'_> {
    fn row(&self, r: u32) -> &[u32] {
        let r = r as usize;
        &self.features[r * self.k..(r + 1) * self.k]
    }

    /// `Aᵀ C A v` for the active weights only.
    fn normal(&self, v: &[f64], active: &[bool], out: &mut [f64]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        for &(r, c) in self.rows {
            let row = self.row(r);
            let s: f64 = row.iter().map(|&j| v[j as usize]).sum();
            let s = s * f64::from(c);
            for &j in row {
                out[j as usize] += s;
            }
        }
        for (x, a) in out.iter_mut().zip(active) {
            if !a {
                *x = 0.0;
            }
        }
    }
}

/// Minimises `Σ c (a·w − y)² + Σⱼ (λ + s·nⱼ) wⱼ²` over the weights seen at least
/// `min_count` times (and `always`, if given), by preconditioned conjugate gradient; the
/// rest stay 0. `nⱼ` is weight `j`'s count in the problem and `s` is `shrink`.
pub fn least_squares(
    problem: &Problem,
    lambda: f64,
    shrink: f64,
    min_count: f64,
    iterations: usize,
    always: Option<usize>,
) -> Vec<f64> {
    let n = problem.n;
    let mut count = vec![0.0f64; n];
    let mut b = vec![0.0f64; n];
    for &(r, c) in problem.rows {
        let y = f64::from(problem.targets[r as usize]) * f64::from(c);
        for &j in problem.row(r) {
            count[j as usize] += f64::from(c);
            b[j as usize] += y;
        }
    }
    let active: Vec<bool> = (0..n)
        .map(|j| count[j] >= min_count || Some(j) == always)
        .collect();
    let penalty: Vec<f64> = count.iter().map(|c| lambda + shrink * c).collect();
    let precond: Vec<f64> = (0..n)
        .map(|j| {
            if active[j] {
                1.0 / (count[j] + penalty[j]).max(1e-12)
            } else {
                0.0
            }
        })
        .collect();
    let mut w = vec![0.0f64; n];
    let mut r: Vec<f64> = b
        .iter()
        .zip(&active)
        .map(|(x, a)| if *a { *x } else { 0.0 })
        .collect();
    let mut z: Vec<f64> = r.iter().zip(&precond).map(|(x, m)| x * m).collect();
    let mut dir = z.clone();
    let mut rz: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
    let mut ad = vec![0.0f64; n];
    let start = rz.abs();
    for _ in 0..iterations {
        if rz.abs() <= start * 1e-20 || rz == 0.0 {
            break;
        }
        problem.normal(&dir, &active, &mut ad);
        for ((x, d), p) in ad.iter_mut().zip(&dir).zip(&penalty) {
            *x += p * d;
        }
        let dad: f64 = dir.iter().zip(&ad).map(|(a, b)| a * b).sum();
        if dad <= 0.0 {
            break;
        }
        let alpha = rz / dad;
        for j in 0..n {
            w[j] += alpha * dir[j];
            r[j] -= alpha * ad[j];
            z[j] = r[j] * precond[j];
        }
        let next: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
        let beta = next / rz;
        rz = next;
        for j in 0..n {
            dir[j] = z[j] + beta * dir[j];
        }
    }
    w
}

/// The feature rows (pattern indices, mobility and the constant) of `samples`, `ROW` per
/// sample.
pub fn feature_matrix(samples: &[Sample]) -> Vec<u32> {
    let mut out = Vec::with_capacity(samples.len() * ROW);
    for s in samples {
        out.extend_from_slice(&indices(s.p, s.o));
        out.extend_from_slice(&mobility_indices(s.p, s.o));
        out.push(BIAS);
    }
    out
}

/// Fits every stage to `samples` (refining `prior`, if given), reporting each finished stage
/// to `log`, and returns the weights folded for evaluation (`pattern::fold`) and quantised
/// to 1/32 disc.
///
/// # Panics
/// If `prior` has another number of stages than `cfg`.
pub fn fit(
    samples: &[Sample],
    cfg: &Config,
    prior: Option<Prior>,
    seed: u64,
    mut log: impl FnMut(&str),
) -> Weights {
    if let Some(prior) = prior {
        assert_eq!(prior.weights.stages, cfg.stages, "the prior's stage count");
    }
    let features = feature_matrix(samples);
    let labels: Vec<f32> = samples.iter().map(|s| f32::from(s.label)).collect();
    let mut values = Vec::with_capacity(cfg.stages * WEIGHTS_PER_STAGE);
    for stage in 0..cfg.stages {
        let old = prior.map(|p| p.weights.table(stage));
        let mut rows = Vec::new();
        for (i, s) in samples.iter().enumerate() {
            let d = stage_of(s.empties(), cfg.stages).abs_diff(stage);
            if d == 0 {
                rows.push((i as u32, 1.0));
            } else if d == 1 && cfg.smoothing > 0.0 {
                rows.push((i as u32, cfg.smoothing as f32));
            }
        }
        // With a prior, the fit is of what its stage gets wrong.
        let targets: Cow<[f32]> = match old {
            None => Cow::Borrowed(&labels),
            Some(old) => {
                let mut t = vec![0.0f32; samples.len()];
                for &(r, _) in &rows {
                    let s = &samples[r as usize];
                    let guess = pattern::score(old, true, s.p, s.o) as f32 / UNITS_PER_DISC as f32;
                    t[r as usize] = labels[r as usize] - guess;
                }
                Cow::Owned(t)
            }
        };
        let problem = Problem {
            n: WEIGHTS_PER_STAGE,
            k: ROW,
            features: &features,
            targets: &targets,
            rows: &rows,
        };
        let w = least_squares(
            &problem,
            cfg.lambda,
            prior.map_or(0.0, |p| p.strength),
            cfg.min_count,
            cfg.iterations,
            Some(BIAS as usize),
        );
        let nonzero = w.iter().filter(|x| **x != 0.0).count();
        log(&format!(
            "stage {stage}: {} rows, {nonzero} weights fitted",
            rows.len()
        ));
        let base = |j: usize| old.map_or(0.0, |o| f64::from(o[j]));
        values.extend(fold(&w).iter().enumerate().map(|(j, x)| {
            (base(j) + x * f64::from(UNITS_PER_DISC))
                .round()
                .clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
        }));
    }
    Weights::new(cfg.stages, seed, values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::train::Rng;

    #[test]
    fn the_fit_recovers_known_weights() {
        let (n, k, rows) = (40usize, 4usize, 3000usize);
        let truth: Vec<f64> = (0..n).map(|j| (j as f64 * 0.37).sin() * 5.0).collect();
        let mut rng = Rng::new(1);
        let mut features = Vec::new();
        let mut targets = Vec::new();
        for _ in 0..rows {
            let row: Vec<u32> = (0..k).map(|_| rng.below(n as u64) as u32).collect();
            targets.push(row.iter().map(|&j| truth[j as usize]).sum::<f64>() as f32);
            features.extend(row);
        }
        let all: Vec<(u32, f32)> = (0..rows as u32).map(|r| (r, 1.0)).collect();
        let p = Problem {
            n,
            k,
            features: &features,
            targets: &targets,
            rows: &all,
        };
        let w = least_squares(&p, 1e-9, 0.0, 0.0, 200, None);
        for j in 0..n {
            assert!(
                (w[j] - truth[j]).abs() < 1e-3,
                "weight {j}: {} vs {}",
                w[j],
                truth[j]
            );
        }
    }

    #[test]
    fn the_shrink_pulls_each_weight_toward_zero_by_its_count() {
        // One feature a row: weight j, seen n_j times with target y_j, minimises
        // n_j (w − y_j)² + s n_j w², so w = y_j / (1 + s) whatever n_j is.
        let counts = [1usize, 3, 10];
        let ys = [4.0f32, -2.0, 7.5];
        let (mut features, mut targets) = (Vec::new(), Vec::new());
        for (j, (&n, &y)) in counts.iter().zip(&ys).enumerate() {
            for _ in 0..n {
                features.push(j as u32);
                targets.push(y);
            }
        }
        let rows: Vec<(u32, f32)> = (0..features.len() as u32).map(|r| (r, 1.0)).collect();
        let p = Problem {
            n: 3,
            k: 1,
            features: &features,
            targets: &targets,
            rows: &rows,
        };
        for shrink in [0.0, 1.0, 3.0] {
            let w = least_squares(&p, 0.0, shrink, 0.0, 20, None);
            for j in 0..3 {
                let want = f64::from(ys[j]) / (1.0 + shrink);
                assert!((w[j] - want).abs() < 1e-9, "shrink {shrink}, weight {j}");
            }
        }
    }

    /// `n` random positions with 20..=40 empties, labelled by the one-stage weights `truth`.
    fn labelled(n: usize, truth: &Weights, seed: u64) -> Vec<Sample> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        while out.len() < n {
            let (a, b) = (rng.next_u64(), rng.next_u64() & rng.next_u64());
            let (p, o) = (a & !b, b & !a);
            let empties = 64 - (p | o).count_ones();
            if !(20..=40).contains(&empties) {
                continue;
            }
            let (w, _) = truth.stage(empties);
            let label = pattern::score(w, true, p, o) / UNITS_PER_DISC;
            out.push(Sample {
                p,
                o,
                label: label.clamp(-64, 64) as i8,
                exact: false,
                game: out.len() as u32,
            });
        }
        out
    }

    #[test]
    fn a_prior_of_zeros_is_no_prior_and_a_true_prior_is_kept() {
        let mut rng = Rng::new(7);
        // Whole discs, so every label is exact.
        let values: Vec<i16> = (0..WEIGHTS_PER_STAGE)
            .map(|_| match rng.below(40) {
                0 => 32,
                1 => -32,
                _ => 0,
            })
            .collect();
        let truth = Weights::new(1, 0, values);
        let samples = labelled(400, &truth, 3);
        let cfg = Config {
            stages: 1,
            lambda: 0.01,
            min_count: 1.0,
            iterations: 20,
            smoothing: 0.0,
        };
        let fresh = fit(&samples, &cfg, None, 1, |_| {});
        let zeros = Weights::new(1, 0, vec![0; WEIGHTS_PER_STAGE]);
        let prior = |weights, strength| Some(Prior { weights, strength });
        assert_eq!(fit(&samples, &cfg, prior(&zeros, 0.0), 1, |_| {}), fresh);
        // The truth explains every label: nothing is left to change.
        let kept = fit(&samples, &cfg, prior(&truth, 0.0), 1, |_| {});
        assert_eq!(kept.values(), truth.values());
        // From zeros, a heavy prior moves the weights far less than a light one. (A row
        // reads some fifty weights, so the strength that halves a change is about fifty.)
        let moved = |w: &Weights| w.values().iter().map(|v| i64::from(v.abs())).sum::<i64>();
        let light = fit(&samples, &cfg, prior(&zeros, 0.1), 1, |_| {});
        let heavy = fit(&samples, &cfg, prior(&zeros, 1000.0), 1, |_| {});
        assert!(
            moved(&heavy) * 5 < moved(&light),
            "{} {}",
            moved(&heavy),
            moved(&light)
        );
    }

    #[test]
    fn rare_weights_stay_zero_and_the_fit_is_reproducible() {
        let features = vec![0u32, 1, 0, 1, 0, 2];
        let targets = vec![2.0f32, 2.0, 5.0];
        let rows = vec![(0u32, 1.0f32), (1, 1.0), (2, 1.0)];
        let p = Problem {
            n: 3,
            k: 2,
            features: &features,
            targets: &targets,
            rows: &rows,
        };
        let w = least_squares(&p, 0.0, 0.0, 2.0, 50, None);
        assert_eq!(w[2], 0.0);
        assert!((w[0] + w[1] - 2.0).abs() < 1e-9);
        assert_eq!(w, least_squares(&p, 0.0, 0.0, 2.0, 50, None));
    }
}
