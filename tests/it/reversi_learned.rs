//! The learned Reversi evaluation through its public API: symmetry, range, the shipped
//! weight file and its error on damage, accuracy on the held-out solved positions against the
//! old evaluation, and a behavioural check in play.

use trios::games::reversi::bitboard::{after, final_value, moves};
use trios::games::reversi::pattern::{WEIGHTS_PER_STAGE, fold, images};
use trios::games::reversi::train::heldout;
use trios::games::reversi::train::play::{random_move, search};
use trios::games::reversi::train::{Rng, report};
use trios::games::reversi::weights::{Weights, WeightsError, decode};
use trios::games::reversi::{Game, eval, learned};

/// Positions from seeded random games, after 4 to 55 plies.
fn random_positions(n: usize, seed: u64) -> Vec<(u64, u64)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let g = Game::new();
        let (mut p, mut o) = (g.player_bits(), g.opponent_bits());
        let plies = 4 + rng.below(52);
        for _ in 0..plies {
            match random_move(&mut rng, p, o) {
                Some(sq) => (p, o) = after(p, o, sq),
                None if moves(o, p) != 0 => (p, o) = (o, p),
                None => break,
            }
        }
        out.push((p, o));
    }
    out
}

fn shipped() -> &'static Weights {
    match learned::weights() {
        Ok(w) => w,
        Err(e) => panic!("the shipped weights do not load: {e}"),
    }
}

#[test]
fn the_eight_images_of_a_position_evaluate_equally() {
    // Random weights (folded, as the trainer ships them) make any asymmetry in the indexing
    // show; the shipped ones too.
    let mut rng = Rng::new(9);
    let mut values = Vec::new();
    for _ in 0..3 {
        let raw: Vec<f64> = (0..WEIGHTS_PER_STAGE)
            .map(|_| rng.below(501) as f64 - 250.0)
            .collect();
        values.extend(fold(&raw).iter().map(|v| *v as i16));
    }
    let noisy = Weights::new(3, 0, values);
    for (p, o) in random_positions(200, 1) {
        let (ps, os) = (images(p), images(o));
        let want = (
            learned::evaluate(p, o),
            learned::evaluate_with(&noisy, p, o),
        );
        for k in 0..8 {
            assert_eq!(
                (
                    learned::evaluate(ps[k], os[k]),
                    learned::evaluate_with(&noisy, ps[k], os[k])
                ),
                want,
                "image {k} of {p:016x} {o:016x}"
            );
        }
    }
}

#[test]
fn values_stay_strictly_inside_64_discs() {
    let limit = 64 * learned::UNITS_PER_DISC;
    for fill in [i16::MAX, i16::MIN] {
        let extreme = Weights::new(2, 0, vec![fill; 2 * WEIGHTS_PER_STAGE]);
        for (p, o) in random_positions(50, 2) {
            let v = learned::evaluate_with(&extreme, p, o);
            assert!(v.abs() < limit, "{v}");
        }
    }
    for (p, o) in random_positions(500, 3) {
        assert!(learned::evaluate(p, o).abs() < limit);
    }
}

#[test]
fn the_shipped_weights_load_and_are_trained() {
    let w = shipped();
    assert!(w.stages >= 2, "{} stages", w.stages);
    let nonzero = w.values().iter().filter(|v| **v != 0).count();
    assert!(nonzero > 10_000, "only {nonzero} weights set");
    assert!(
        learned::EMBEDDED.len() <= 3 << 20,
        "{} bytes",
        learned::EMBEDDED.len()
    );
}

#[test]
fn a_corrupt_weight_file_is_a_typed_error() {
    let mut bytes = learned::EMBEDDED.to_vec();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    assert!(matches!(decode(&bytes), Err(WeightsError::Checksum { .. })));
    assert!(matches!(
        decode(&learned::EMBEDDED[..learned::EMBEDDED.len() - 2]),
        Err(WeightsError::Length { .. })
    ));
    assert_eq!(decode(b"TRIOS"), Err(WeightsError::TooShort(5)));
}

#[test]
fn on_held_out_solved_positions_the_learned_eval_errs_less_than_the_old() {
    let text = include_str!("../../configs/reversi/heldout-20-24.txt");
    let fixture = match heldout::parse(text) {
        Ok(f) => f,
        Err(e) => panic!("heldout-20-24.txt: {e}"),
    };
    assert!(fixture.len() >= 100, "{} positions", fixture.len());
    for e in heldout::EMPTIES {
        assert!(fixture.iter().any(|s| s.game.empties() == e), "none at {e}");
    }
    let all: Vec<_> = fixture.iter().collect();
    let new = report::mae(&all, &|p, o| {
        f64::from(learned::evaluate(p, o)) / f64::from(learned::UNITS_PER_DISC)
    });
    let old = report::mae(&all, &|p, o| f64::from(eval::evaluate(p, o)));
    assert!(new < old, "learned MAE {new:.2} vs old {old:.2}");
}

#[test]
fn one_ply_on_the_learned_eval_beats_random_play() {
    let mut wins = 0;
    let games = 10;
    for seed in 0..games {
        let mut rng = Rng::new(100 + seed);
        let g = Game::new();
        let (mut p, mut o) = (g.player_bits(), g.opponent_bits());
        // The learned side plays dark in even games and light in odd ones.
        let mut learned_to_move = seed % 2 == 0;
        loop {
            let mv = if learned_to_move {
                search(&learned::evaluate, p, o, 1).map(|(s, _)| s)
            } else {
                random_move(&mut rng, p, o)
            };
            match mv {
                Some(sq) => (p, o) = after(p, o, sq),
                None if moves(o, p) != 0 => (p, o) = (o, p),
                None => break,
            }
            learned_to_move = !learned_to_move;
        }
        let v = final_value(p, o);
        if (learned_to_move && v > 0) || (!learned_to_move && v < 0) {
            wins += 1;
        }
    }
    assert!(wins >= 8, "{wins} of {games}");
}
