//! A simulation of a two-player game run and reported as `trios sim` does for every game.

use std::time::Instant;

use super::{Error, sim_seed_note};
use crate::cli::SimArgs;
use crate::sim::duel::{DuelSpec, SimGame};
use crate::sim::{self, Tournament, report};

/// Plays the pair `names[0]` against `names[1]`, or (with `--round-robin`) every pair of
/// `names`, and reports as `trios sim` does for every game; the computers think `think_ms`
/// a move (as `options` take it).
pub(crate) fn sim_game<G: SimGame>(
    args: &SimArgs,
    names: &[String],
    options: G::Options,
    think_ms: u64,
    progress: impl FnMut(usize, usize),
) -> Result<String, Error> {
    let seed = args.seeding.seed.unwrap_or_else(rand::random);
    let mut spec = DuelSpec::<G>::new(&names[0], &names[1], seed, think_ms)?;
    spec.options = options;
    for name in &names[2..] {
        G::strategy(name, 0, 1)?;
    }
    if args.seeding.seed.is_none() {
        eprintln!("{}", sim_seed_note(seed));
    }
    spec.deals = args.games;
    spec.swap = args.swap;
    spec.openings = args.openings;
    spec.threads = args.threads.unwrap_or_else(crate::games::cores);
    let round_robin = args.round_robin.is_some().then_some(names);
    play_and_report(&spec, round_robin, args.json, progress)
}

/// Plays the pair of `spec`, or every pair of `round_robin`'s strategies, and gives the
/// report: one JSON line with `json`, else the table with the time taken.
pub(crate) fn play_and_report(
    spec: &impl Tournament,
    round_robin: Option<&[String]>,
    json: bool,
    progress: impl FnMut(usize, usize),
) -> Result<String, Error> {
    let started = Instant::now();
    if let Some(names) = round_robin {
        let pairs = sim::round_robin(names, spec, progress)?;
        return Ok(if json {
            format!("{}\n", report::round_robin_json(names, spec, &pairs))
        } else {
            report::round_robin_text(names, spec, &pairs, started.elapsed())
        });
    }
    let summary = sim::summarize(spec, progress)?;
    Ok(if json {
        format!("{}\n", report::pair_json(spec, &summary))
    } else {
        report::pair_text(spec, &summary, started.elapsed())
    })
}
