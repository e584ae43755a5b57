//! `trios sim`: headless games, a progress bar on stderr, the report on stdout.

use std::time::Instant;

use super::output::write_out;
use super::{Error, sim_seed_note};
use crate::cli::SimArgs;
use crate::games::islands::{self, Game as Islands};
use crate::games::reversi::{self, Game as Reversi};
use crate::games::three_trios::Game as ThreeTrios;
use crate::games::{GameKind, TwoPlayer};
use crate::sim::duel::{DuelSpec, SimGame};
use crate::sim::{self, Tournament, report};

/// `trios sim`: Three Trios pairs and round robins here, the other games through their
/// own set-up below; the report goes to stdout once every game is played.
pub fn run(args: &SimArgs) -> Result<(), Error> {
    let bar = sim_progress_bar();
    let draw = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    // The other games report through `commands`; checked flags first, then the run.
    let platform = match args.game {
        GameKind::HexPaths => {
            return Err(Error::Usage(
                "trios sim plays three-trios, reversi, islands and triad; Hex paths is played \
                 with trios play --game hexpaths (its tools: trios hexpaths …)"
                    .into(),
            ));
        }
        GameKind::Triad => Some(GameKind::Triad),
        GameKind::Islands => Some(GameKind::Islands),
        _ if args.islands.white.is_some() => {
            return Err(Error::Usage(
                "--white and --black are Islands of Hex seats; add --game islands".into(),
            ));
        }
        GameKind::Reversi => Some(GameKind::Reversi),
        _ if args.reversi.dark.is_some() => {
            return Err(Error::Usage(
                "--dark and --light are Reversi seats; add --game reversi".into(),
            ));
        }
        _ => None,
    };
    if let Some(game) = platform {
        let report = match game {
            GameKind::Triad => triad(args, draw),
            GameKind::Islands => islands(args, draw),
            _ => reversi(args, draw),
        };
        bar.finish_and_clear();
        return write_out(&report?);
    }
    if let Some(list) = &args.round_robin {
        for name in &list.0 {
            crate::sim::parse_strategy(name).map_err(|e| Error::flag("--round-robin", e))?;
        }
    }
    let spec = sim_spec(args)?;
    let round_robin = args.round_robin.as_ref().map(|list| list.0.as_slice());
    let report = play_and_report(&spec, round_robin, args.json, draw);
    bar.finish_and_clear();
    write_out(&report?)
}

/// The simulation the flags ask for, its files loaded; a drawn seed is announced on stderr.
/// Three Trios deals its own varied starts, so `--openings` (Reversi's and Islands's) plays
/// no part.
fn sim_spec(args: &SimArgs) -> Result<DuelSpec<ThreeTrios>, Error> {
    let setup = &args.three_trios;
    if args.round_robin.is_none() && (args.red.is_none() || args.blue.is_none()) {
        return Err(Error::Usage(
            "a Three Trios simulation needs --red A --blue B (two strategies) or \
             --round-robin A,B,...; other games: --game reversi, islands or triad"
                .into(),
        ));
    }
    let seed = args.seeding.seed.unwrap_or_else(rand::random);
    let options = crate::sim::three_trios::load(
        setup.board.as_deref(),
        setup.cards.as_deref(),
        setup.rules,
        setup.deal,
        seed,
    )?;
    if args.seeding.seed.is_none() {
        eprintln!("{}", super::sim_seed_note(seed));
    }
    // A round robin names its strategies in the list (checked above); any pair stands in.
    let names = match &args.round_robin {
        Some(list) => [list.0[0].clone(), list.0[1].clone()],
        None => [
            args.red.clone().unwrap_or_default(),
            args.blue.clone().unwrap_or_default(),
        ],
    };
    let mut spec = DuelSpec::<ThreeTrios>::new(&names[0], &names[1], seed, args.think_ms)?;
    spec.options = options;
    spec.deals = args.games;
    spec.swap = args.swap;
    spec.threads = args.threads.unwrap_or_else(crate::games::cores);
    Ok(spec)
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

/// `trios sim --game reversi --dark A --light B`.
fn reversi(args: &SimArgs, progress: impl FnMut(usize, usize)) -> Result<String, Error> {
    let names: Vec<String> = match (&args.round_robin, &args.reversi.dark, &args.reversi.light) {
        (Some(list), _, _) => list.0.iter().map(|n| reversi::canonical(n)).collect(),
        (None, Some(a), Some(b)) => vec![reversi::canonical(a), reversi::canonical(b)],
        _ => {
            return Err(Error::Usage(
                "a Reversi simulation needs --dark A --light B (two strategies) or \
                 --round-robin A,B,..."
                    .into(),
            ));
        }
    };
    sim_game::<Reversi>(args, &names, reversi::Options::default(), progress)
}

/// `trios sim --game islands`: pairs (`--white A --black B`) or a round robin, on boards
/// of `--size` (default 11).
fn islands(args: &SimArgs, progress: impl FnMut(usize, usize)) -> Result<String, Error> {
    let names: Vec<String> = match (&args.round_robin, &args.islands.white, &args.islands.black) {
        (Some(list), _, _) => list.0.clone(),
        (None, Some(a), Some(b)) => {
            vec![a.trim().to_ascii_lowercase(), b.trim().to_ascii_lowercase()]
        }
        _ => {
            return Err(Error::Usage(
                "an Islands of Hex simulation needs --white A --black B (two strategies) or \
                 --round-robin A,B,..."
                    .into(),
            ));
        }
    };
    let options = islands::Options {
        size: args.islands.size.unwrap_or(islands::DEFAULT_SIZE),
    };
    Islands::start(&options, 0).map_err(|e| Error::flag("--size", e))?;
    sim_game::<Islands>(args, &names, options, progress)
}

/// `trios sim --game triad`: solitaire games and what they show about the deal.
fn triad(args: &SimArgs, progress: impl FnMut(usize, usize)) -> Result<String, Error> {
    let seats = [
        &args.red,
        &args.blue,
        &args.reversi.dark,
        &args.reversi.light,
        &args.islands.white,
        &args.islands.black,
    ];
    if seats.iter().any(|s| s.is_some()) || args.round_robin.is_some() || args.swap {
        return Err(Error::Usage(
            "a Triad simulation plays solitaire games: it takes --games, --seed, --threads and \
             --json, and no strategies"
                .into(),
        ));
    }
    let seed = args.seeding.seed.unwrap_or_else(rand::random);
    if args.seeding.seed.is_none() {
        eprintln!("{}", sim_seed_note(seed));
    }
    let threads = args.threads.unwrap_or_else(crate::games::cores);
    let started = Instant::now();
    let summary = sim::triad::run(args.games as u64, seed, threads, progress);
    Ok(if args.json {
        sim::triad::json(&summary, seed)
    } else {
        sim::triad::table(&summary, seed, threads, started)
    })
}

/// Plays the pair `names[0]` against `names[1]`, or (with `--round-robin`) every pair of
/// `names`, and reports as `trios sim` does for every game.
fn sim_game<G: SimGame>(
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
fn play_and_report(
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
