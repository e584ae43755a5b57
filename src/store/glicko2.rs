//! Glicko-2 as lichess runs it: the rating math alone, with no I/O.
//!
//! A rating is a value, its deviation (RD: how unsure it is) and its volatility (how much the
//! player's strength moves). Every finished game is one rating period: a player's rating is
//! updated from all the results of that game at once (a race's pairs included), and idle time
//! widens the RD when a rating is read. Follows Glickman's "Example of the Glicko-2 system",
//! with lichess's bounds and parameters.

use std::f64::consts::PI;

/// The ratio between the Glicko scale (1500-centred) and Glicko-2's internal one.
const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility iteration (Glickman's ε).
const EPSILON: f64 = 0.000_001;
/// The iteration's bound: it converges in a handful of steps; a bound keeps a NaN from
/// looping for ever.
const MAX_ITERATIONS: usize = 100;

/// The system's parameters: the new player's rating and the bounds every rating stays in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// τ: how much the volatility may change in one period.
    pub tau: f64,
    /// A new player's rating.
    pub initial: Rating,
    /// The least and most RD.
    pub min_deviation: f64,
    pub max_deviation: f64,
    /// The most volatility.
    pub max_volatility: f64,
    /// The least rating.
    pub min_rating: f64,
    /// Rating periods a day of idle time counts for (RD grows with them).
    pub periods_per_day: f64,
    /// A rating is provisional while its RD is at least this.
    pub provisional_deviation: f64,
    /// Whether a period first widens the RD by the volatility (Glickman's step 6). lichess
    /// rates after every game and skips it: only idle time widens the RD.
    pub period_widens_deviation: bool,
}

/// lichess's parameters: 1500 / 500 / 0.09, τ 0.75, RD in [45, 500], volatility at most 0.1,
/// rating at least 400, 0.21436 periods a day, provisional from RD 110.
pub const LICHESS: Params = Params {
    tau: 0.75,
    initial: Rating {
        rating: 1500.0,
        deviation: 500.0,
        volatility: 0.09,
    },
    min_deviation: 45.0,
    max_deviation: 500.0,
    max_volatility: 0.1,
    min_rating: 400.0,
    periods_per_day: 0.21436,
    provisional_deviation: 110.0,
    period_widens_deviation: false,
};

/// A player's rating on the Glicko scale.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// One result of a period: the opponent's rating before it and the player's score (1 a win,
/// ½ a draw, 0 a loss).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    pub opponent: Rating,
    pub score: f64,
}

impl Rating {
    /// Whether the rating is still provisional under `params` (shown with `?`).
    pub fn provisional(&self, params: &Params) -> bool {
        self.deviation >= params.provisional_deviation
    }

    /// The rating as players read it: rounded, with `?` while provisional (`1612?`).
    pub fn shown(&self, params: &Params) -> String {
        let mark = if self.provisional(params) { "?" } else { "" };
        format!("{}{mark}", self.rating.round() as i64)
    }

    /// The rating after `days` without games: its RD grows by the periods passed, up to the
    /// most RD. Negative or non-finite idle time counts as none.
    pub fn after_idle(&self, days: f64, params: &Params) -> Rating {
        if !days.is_finite() || days <= 0.0 {
            return *self;
        }
        let periods = days * params.periods_per_day;
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating {
            deviation: grown.clamp(params.min_deviation, params.max_deviation),
            ..*self
        }
    }
}

/// The player's rating after one period with `outcomes`, under `params`. With no outcomes
/// the rating is unchanged (no per-game RD increase: idle growth is [`Rating::after_idle`]'s).
/// The result keeps to the bounds of `params`.
pub fn update(player: Rating, outcomes: &[Outcome], params: &Params) -> Rating {
    if outcomes.is_empty() {
        return player;
    }
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;

    // Step 3 and 4: the estimated variance and improvement.
    let mut inverse_v = 0.0;
    let mut sum = 0.0;
    for outcome in outcomes {
        let mu_j = (outcome.opponent.rating - 1500.0) / SCALE;
        let phi_j = outcome.opponent.deviation / SCALE;
        let g = g(phi_j);
        let e = expected(mu, mu_j, g);
        inverse_v += g * g * e * (1.0 - e);
        sum += g * (outcome.score - e);
    }
    let v = 1.0 / inverse_v;
    let delta = v * sum;

    // Step 5: the new volatility.
    let sigma_new = new_volatility(delta, phi, v, sigma, params.tau);

    // Steps 6 to 8: the new RD and rating.
    let phi_star = if params.period_widens_deviation {
        (phi * phi + sigma_new * sigma_new).sqrt()
    } else {
        phi
    };
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;

    let next = Rating {
        rating: (mu_new * SCALE + 1500.0).max(params.min_rating),
        deviation: (phi_new * SCALE).clamp(params.min_deviation, params.max_deviation),
        volatility: sigma_new.min(params.max_volatility),
    };
    if next.rating.is_finite() && next.deviation.is_finite() && next.volatility.is_finite() {
        next
    } else {
        // Only numbers far outside the bounds get here; a rating never turns into NaN.
        player
    }
}

/// Glickman's g(φ): how much an opponent's uncertainty damps their result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The expected score of μ against μj.
fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}

/// Step 5 of Glickman's paper: the volatility, by the Illinois algorithm.
fn new_volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < MAX_ITERATIONS as f64 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < MAX_ITERATIONS {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// Glickman's parameters for his worked example: τ 0.5 and his step 6 (the period
    /// widens the RD first); no bound is reached.
    fn glickman() -> Params {
        Params {
            tau: 0.5,
            period_widens_deviation: true,
            ..LICHESS
        }
    }

    #[test]
    fn glickmans_worked_example() {
        // "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100
        // and to 1700/300; τ = 0.5. The paper's answer: 1464.06 / 151.52 / 0.05999.
        let player = rating(1500.0, 200.0, 0.06);
        let outcomes = [
            Outcome {
                opponent: rating(1400.0, 30.0, 0.06),
                score: 1.0,
            },
            Outcome {
                opponent: rating(1550.0, 100.0, 0.06),
                score: 0.0,
            },
            Outcome {
                opponent: rating(1700.0, 300.0, 0.06),
                score: 0.0,
            },
        ];
        let after = update(player, &outcomes, &glickman());
        // The paper rounds every intermediate value (μ' = -0.2069); unrounded, the rating is
        // 1464.0507, within a hundredth of its 1464.06.
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.005, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn lichess_test_vector() {
        // lichess's: two 1500/350/0.06 players, τ 0.75, white wins → 1662.21 and 1337.79,
        // both RD 290.23.
        let start = rating(1500.0, 350.0, 0.06);
        let white = update(
            start,
            &[Outcome {
                opponent: start,
                score: 1.0,
            }],
            &LICHESS,
        );
        let black = update(
            start,
            &[Outcome {
                opponent: start,
                score: 0.0,
            }],
            &LICHESS,
        );
        assert!((white.rating - 1662.21).abs() < 0.005, "{white:?}");
        assert!((black.rating - 1337.79).abs() < 0.005, "{black:?}");
        assert!((white.deviation - 290.23).abs() < 0.005, "{white:?}");
        assert!((black.deviation - 290.23).abs() < 0.005, "{black:?}");
    }

    #[test]
    fn a_new_player_is_provisional_and_shown_with_a_question_mark() {
        assert!(LICHESS.initial.provisional(&LICHESS));
        assert_eq!(LICHESS.initial.shown(&LICHESS), "1500?");
        assert_eq!(rating(1612.4, 109.9, 0.06).shown(&LICHESS), "1612");
        assert_eq!(rating(1612.4, 110.0, 0.06).shown(&LICHESS), "1612?");
    }

    #[test]
    fn bounds_hold_for_long_streaks() {
        let mut strong = LICHESS.initial;
        let mut weak = LICHESS.initial;
        for _ in 0..2000 {
            let (s, w) = (strong, weak);
            strong = update(
                s,
                &[Outcome {
                    opponent: w,
                    score: 1.0,
                }],
                &LICHESS,
            );
            weak = update(
                w,
                &[Outcome {
                    opponent: s,
                    score: 0.0,
                }],
                &LICHESS,
            );
            for r in [strong, weak] {
                assert!((45.0..=500.0).contains(&r.deviation), "{r:?}");
                assert!(r.volatility <= 0.1 && r.volatility > 0.0, "{r:?}");
                assert!(r.rating >= 400.0, "{r:?}");
            }
        }
        // An even game of two sure players would narrow the RD under its floor.
        let sure = rating(1500.0, 45.2, 0.06);
        let even = update(
            sure,
            &[Outcome {
                opponent: sure,
                score: 0.5,
            }],
            &LICHESS,
        );
        assert_eq!(even.deviation, 45.0);
        // A loss that would take a rating under the floor stops at it.
        let low = update(
            rating(420.0, 350.0, 0.06),
            &[Outcome {
                opponent: rating(1200.0, 350.0, 0.06),
                score: 0.0,
            }],
            &LICHESS,
        );
        assert_eq!(low.rating, 400.0);
    }

    #[test]
    fn idle_time_widens_the_deviation_by_the_periods_passed() {
        let r = rating(1800.0, 60.0, 0.06);
        // 100 days: 21.436 periods; φ*² = φ² + periods·σ².
        let phi = 60.0 / SCALE;
        let expected = (phi * phi + 21.436 * 0.0036_f64).sqrt() * SCALE;
        let idle = r.after_idle(100.0, &LICHESS);
        assert!((idle.deviation - expected).abs() < 1e-9);
        assert_eq!(idle.rating, 1800.0);
        assert_eq!(r.after_idle(-5.0, &LICHESS), r);
        assert_eq!(r.after_idle(f64::NAN, &LICHESS), r);
        assert_eq!(r.after_idle(1e9, &LICHESS).deviation, 500.0);
    }

    #[test]
    fn no_outcomes_change_nothing() {
        let r = rating(1700.0, 80.0, 0.05);
        assert_eq!(update(r, &[], &LICHESS), r);
    }
}
