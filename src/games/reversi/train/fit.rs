//! Fitting the pattern weights: weighted, L2-regularised least squares per game stage,
//! solved by conjugate gradient on the normal equations with each weight's step scaled by
//! its occurrence count (a Jacobi preconditioner). Configurations seen fewer than
//! `min_count` times stay at 0. Sums run in a fixed order on one thread, so a fit is
//! reproducible bit for bit.

use super::data::Sample;
use crate::games::reversi::learned::UNITS_PER_DISC;
use crate::games::reversi::pattern::{
    BIAS, FEATURES, WEIGHTS_PER_STAGE, fold, indices, mobility_indices,
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

/// Minimises `Σ c (a·w − y)² + λ |w|²` over the weights seen at least `min_count` times (and
/// `always`, if given), by preconditioned conjugate gradient; the rest stay 0.
pub fn least_squares(
    problem: &Problem,
    lambda: f64,
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
    let precond: Vec<f64> = (0..n)
        .map(|j| {
            if active[j] {
                1.0 / (count[j] + lambda).max(1e-12)
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
        for (x, d) in ad.iter_mut().zip(&dir) {
            *x += lambda * d;
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

/// Fits every stage to `samples`, reporting each finished stage to `log`, and returns the
/// weights folded for evaluation (`pattern::fold`) and quantised to 1/32 disc.
pub fn fit(samples: &[Sample], cfg: &Config, seed: u64, mut log: impl FnMut(&str)) -> Weights {
    let features = feature_matrix(samples);
    let targets: Vec<f32> = samples.iter().map(|s| f32::from(s.label)).collect();
    let mut values = Vec::with_capacity(cfg.stages * WEIGHTS_PER_STAGE);
    for stage in 0..cfg.stages {
        let mut rows = Vec::new();
        for (i, s) in samples.iter().enumerate() {
            let d = stage_of(s.empties(), cfg.stages).abs_diff(stage);
            if d == 0 {
                rows.push((i as u32, 1.0));
            } else if d == 1 && cfg.smoothing > 0.0 {
                rows.push((i as u32, cfg.smoothing as f32));
            }
        }
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
            cfg.min_count,
            cfg.iterations,
            Some(BIAS as usize),
        );
        let nonzero = w.iter().filter(|x| **x != 0.0).count();
        log(&format!(
            "stage {stage}: {} rows, {nonzero} weights fitted",
            rows.len()
        ));
        values.extend(fold(&w).iter().map(|x| {
            (x * f64::from(UNITS_PER_DISC))
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
        let w = least_squares(&p, 1e-9, 0.0, 200, None);
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
        let w = least_squares(&p, 0.0, 2.0, 50, None);
        assert_eq!(w[2], 0.0);
        assert!((w[0] + w[1] - 2.0).abs() < 1e-9);
        assert_eq!(w, least_squares(&p, 0.0, 2.0, 50, None));
    }
}
