//! `trios sim` of Three Trios: pairs and round robins of strategies over dealt matches.

use crate::cli::SimArgs;
use crate::games::GameKind;
use crate::games::three_trios::Game as ThreeTrios;
use crate::run::Error;
use crate::run::sim::play_and_report;
use crate::sim::duel::DuelSpec;

/// `trios sim` (the default game): a pair (`--red A --blue B`) or a round robin.
pub fn run(args: &SimArgs, progress: &mut dyn FnMut(usize, usize)) -> Result<String, Error> {
    if let Some(list) = &args.round_robin {
        for name in &list.0 {
            crate::sim::three_trios::parse_strategy(name)
                .map_err(|e| Error::flag("--round-robin", e))?;
        }
    }
    let spec = sim_spec(args)?;
    let round_robin = args.round_robin.as_ref().map(|list| list.0.as_slice());
    play_and_report(&spec, round_robin, args.json, progress)
}

/// The simulation the flags ask for, its files loaded; a drawn seed is announced on stderr.
/// Three Trios deals its own varied starts, so `--openings` (the other duels') plays no
/// part.
fn sim_spec(args: &SimArgs) -> Result<DuelSpec<ThreeTrios>, Error> {
    let setup = &args.three_trios;
    if args.round_robin.is_none() && (args.red.is_none() || args.blue.is_none()) {
        let others: Vec<&str> = crate::registry::simulated()
            .into_iter()
            .filter(|name| *name != GameKind::ThreeTrios.name())
            .collect();
        return Err(Error::Usage(format!(
            "a Three Trios simulation needs --red A --blue B (two strategies) or \
             --round-robin A,B,...; other games: --game {}",
            crate::registry::listed(&others, "or")
        )));
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
        eprintln!("{}", crate::run::sim_seed_note(seed));
    }
    // A round robin names its strategies in the list (checked above); any pair stands in.
    let names = match &args.round_robin {
        Some(list) => [list.0[0].clone(), list.0[1].clone()],
        None => [
            args.red.clone().unwrap_or_default(),
            args.blue.clone().unwrap_or_default(),
        ],
    };
    let mut spec = DuelSpec::<ThreeTrios>::new(&names[0], &names[1], seed, args.thinking_ms())?;
    spec.options = options;
    spec.deals = args.games;
    spec.swap = args.swap;
    spec.threads = args.threads.unwrap_or_else(crate::games::cores);
    Ok(spec)
}
