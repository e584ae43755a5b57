//! `trios sim`: headless games, a progress bar on stderr, the report on stdout.

use super::Error;
use crate::cli::SimArgs;
use crate::run::output::write_out;

/// `trios sim`: the game's entry plays it; the report goes to stdout once every game is
/// played.
pub fn run(args: &SimArgs) -> Result<(), Error> {
    let bar = sim_progress_bar();
    let mut draw = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let sim = crate::registry::sim_of(args)?;
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
