//! `trios sim`: headless games, a progress bar on stderr, the report on stdout.

use std::time::Instant;

use super::output::write_out;
use super::{Error, sim_seed_note};
use crate::cli::SimArgs;
use crate::sim::duel::{DuelSpec, SimGame};
use crate::sim::{self, Tournament, report};

/// `trios sim`: the game's entry plays it; the report goes to stdout once every game is
/// played.
pub fn run(args: &SimArgs) -> Result<(), Error> {
    let bar = sim_progress_bar();
    let mut draw = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let sim = crate::front::sim_of(args)?;
    let report = sim(args, &mut draw);
    bar.finish_and_clear();
    write_out(&report?)
}

/// Games done of all, rate and time left, on stderr; indicatif draws nothing when stderr is
/// not a terminal, so pipes and scripts see only the report.
fn sim_progress_bar() -> indicatif::ProgressBar {
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    let template = "{bar:30} {pos}/{len} games · {rate} · ETA {eta}";
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let rate = state.per_sec();
            let unit = if format!("{rate:.0}") == "1" {
                "game"
            } else {
                "games"
            };
            let _ = write!(w, "{rate:.0} {unit}/s");
        };
        bar.set_style(style.with_key("rate", rate));
    }
    bar
}

/// Plays the pair `names[0]` against `names[1]`, or (with `--round-robin`) every pair of
/// `names`, and reports as `trios sim` does for every game.
pub(crate) fn sim_game<G: SimGame>(
    args: &SimArgs,
    names: &[String],
    options: G::Options,
    progress: impl FnMut(usize, usize),
) -> Result<String, Error> {
    let seed = args.seeding.seed.unwrap_or_else(rand::random);
    let mut spec = DuelSpec::<G>::new(&names[0], &names[1], seed, args.think_ms)?;
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
