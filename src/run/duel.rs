//! The platform's duels (two-player games on the generic match): new from the flags or
//! resumed, played full screen or in text mode; each game's registry entry calls in here.

use crate::tui::event::Sender;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

use super::output::text_ended;
use super::{Error, seed_note, warn_unrecorded};
use crate::autosave;
use crate::cli::PlayArgs;
use crate::controller::{Duel, DuelConfig, DuelError, Seat};
use crate::games::TwoPlayer;
use crate::record::Existing;
use crate::record::duel::check_overwrite;
use crate::textui;
use crate::tui::{
    self, Closed, Event, Leaving, Opening, Theme,
    stones::{NewDuel, StoneGame, StonesScreen},
};

/// The seat a flag names, checked against the game's strategies.
fn seat_for<G: TwoPlayer>(given: Option<&str>, default: Seat, flag: &str) -> Result<Seat, Error> {
    let Some(name) = given else {
        return Ok(default);
    };
    let seat = Seat::named(name);
    if let Seat::Computer(spec) = &seat {
        G::strategy(spec, 0, 1).map_err(|e| Error::flag(flag, e))?;
    }
    Ok(seat)
}

/// The setup of a new match from the play flags: the seats `seats` name (flag value and
/// name, first mover first), else the person first and, full screen, `opponent` second (in
/// text mode two people); the seed given or drawn; the thinking time. (The entry refuses
/// another game's flags first: [`crate::registry::refuse_other_seats`].)
pub(crate) fn new_config<G: TwoPlayer>(
    args: &PlayArgs,
    seats: [(Option<&str>, &str); 2],
    full_screen: bool,
    opponent: &str,
) -> Result<DuelConfig<G>, Error> {
    let second = if full_screen {
        Seat::Computer(opponent.into())
    } else {
        Seat::Human
    };
    let [(a, a_flag), (b, b_flag)] = seats;
    let first = seat_for::<G>(a, Seat::Human, a_flag)?;
    let second = seat_for::<G>(b, second, b_flag)?;
    let mut config = DuelConfig::new(
        [first, second],
        args.seeding.seed.unwrap_or_else(rand::random),
        args.thinking_ms(),
    );
    config.clock = args.clock;
    Ok(config)
}

/// Plays a match on the full screen until the person quits, then says where an unfinished
/// match is kept and, when the seed shaped the match shown last and the person could not
/// know it (not `known_seed`, the one given with `--seed` or read from a record), which seed
/// plays it again.
pub(crate) fn play_full_screen<G: StoneGame>(
    duel: Duel<G>,
    no_autosave: bool,
    animate: bool,
    known_seed: Option<u64>,
) -> Result<(), Error> {
    let app = tui::run_screen(|events, size, theme| {
        duel_app(duel, no_autosave, animate, (events, size, theme))
    })
    .map_err(Error::Terminal)?;
    let last = app.into_duel();
    if let Some(note) = left(&last) {
        eprintln!("{note}");
    }
    let config = last.config();
    if Some(config.seed) != known_seed && config.depends_on_seed() {
        eprintln!("{}", seed_note(config.seed));
    }
    Ok(())
}

/// The screen playing `duel`, where `n` deals a fresh game from the same setup, autosaved
/// like the first unless `no_autosave`.
fn duel_app<G: StoneGame>(
    duel: Duel<G>,
    no_autosave: bool,
    animate: bool,
    (events, size, theme): (Sender<Event>, (u16, u16), Theme),
) -> StonesScreen<G> {
    let new_duel: NewDuel<G> = Box::new(move |config: &DuelConfig<G>| {
        let mut config = config.clone();
        config.seed = rand::random();
        let started = if no_autosave {
            Duel::start(config, None)
        } else {
            // Silently unrecorded if autosave fails: stderr would tear the full screen.
            start_autosaved(config, |_| {})
        };
        started.map_err(|e| e.to_string())
    });
    let mut app = StonesScreen::new(duel, new_duel, events, size, theme);
    app.set_animations(animate);
    app
}

/// Once the match shown last is left: where it is kept if it is unfinished with moves.
/// (Old finished autosaves are pruned by the command or the home screen that ran it.)
fn left<G: TwoPlayer>(last: &Duel<G>) -> Option<String> {
    let path = last.record_path()?;
    (!last.game().is_over() && !last.history().is_empty()).then(|| super::saved_note(path))
}

/// `duel` as a screen of the shell, played with animations and new deals autosaved; closing
/// it leaves where an unfinished match is kept and `warning` (why it is not saved).
pub(crate) fn duel_screen<G: StoneGame + 'static>(
    duel: Duel<G>,
    warning: Option<String>,
) -> Opening {
    Box::new(move |events, size, theme| {
        let app = duel_app(duel, false, true, (events, size, theme));
        Box::new(Leaving::new(app, move |app: StonesScreen<G>| Closed {
            saved: left(&app.into_duel()),
            warning,
        }))
    })
}

/// A new match chosen on the home screen: `seats` first mover first, on `clock` if any, the
/// game's options set by `options`, autosaved (or, when that cannot be, unrecorded with a warning to show).
pub fn home_screen<G: StoneGame + 'static>(
    seats: [Seat; 2],
    clock: Option<crate::setup::clock::TimeControl>,
    options: impl FnOnce(&mut G::Options),
) -> Result<Opening, Error> {
    for seat in &seats {
        if let Seat::Computer(spec) = seat {
            G::strategy(spec, 0, 1).map_err(|e| Error::Usage(e.to_string()))?;
        }
    }
    let mut config = DuelConfig::<G>::new(seats, rand::random(), DEFAULT_THINK_MS);
    config.clock = clock;
    options(&mut config.options);
    G::start(&config.options, config.seed).map_err(Error::game)?;
    let mut warning = None;
    let duel = start_autosaved(config, |why| {
        warning = Some(format!(
            "This match could not be saved: {why}; it cannot be resumed"
        ));
    })?;
    Ok(duel_screen(duel, warning))
}

/// The thinking time of a match chosen on the home screen, as `trios play` has by default.
const DEFAULT_THINK_MS: u64 = 1000;

/// Plays a match in text mode on standard input and output through its game's text protocol
/// `run`, a person at a terminal first told how to get help; old autosaves are pruned once
/// the match is over.
pub(crate) fn play_text_with<G: TwoPlayer>(
    duel: &mut Duel<G>,
    run: impl FnOnce(
        &mut Duel<G>,
        io::StdinLock<'static>,
        &mut io::StdoutLock<'static>,
        &mut io::StderrLock<'static>,
    ) -> io::Result<textui::Ended>,
) -> Result<(), Error> {
    if io::stdin().is_terminal() {
        eprintln!("{}: type help for the commands.", G::KIND.title());
    }
    let ended = run(
        duel,
        io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    text_ended(ended)
}

/// Starts a new match of `config` as the play flags say: the drawn seed shown when it
/// matters (in text mode at once; full screen once the screen is left, by
/// [`play_full_screen`]), recorded in `--record FILE` (not overwriting another match unless
/// `--force`), unrecorded with `--no-autosave`, else autosaved.
pub(crate) fn start_duel<G: crate::controller::table_game::Hosted>(
    args: &PlayArgs,
    config: DuelConfig<G>,
    full_screen: bool,
) -> Result<Duel<G>, Error> {
    if !full_screen && args.seeding.seed.is_none() && config.depends_on_seed() {
        eprintln!("{}", seed_note(config.seed));
    }
    Ok(match &args.record {
        // An unfinished record of this very match is continued, never emptied.
        Some(path) if !args.force && check_overwrite(path, &config)? == Existing::Continue => {
            let duel = Duel::resume(path.clone())?;
            let next = duel.history().len() + 1;
            eprintln!("resuming {} (move {next})", path.display());
            duel
        }
        Some(path) => Duel::start(config, Some(path.clone()))?,
        None if args.no_autosave => Duel::start(config, None)?,
        None => start_autosaved(config, |why| warn_unrecorded(&why))?,
    })
}

/// Starts `config` recorded in a new file of the data folder; when that cannot be written,
/// tells `warn` why and plays unrecorded: autosave never stops a game.
fn start_autosaved<G: TwoPlayer>(
    config: DuelConfig<G>,
    warn: impl FnOnce(&str),
) -> Result<Duel<G>, DuelError> {
    let why = match autosave::new_autosave_slot(config.seed) {
        // The file is made with the first move: a match left before it leaves none.
        Ok(slot) => return Duel::start_at_first_move(config, move || slot.create()),
        Err(e) => e.to_string(),
    };
    warn(&why);
    Duel::start(config, None)
}

/// Continues the match recorded at `path`: full screen, or in text mode through `text`.
pub(crate) fn resume_duel<G: StoneGame>(
    path: PathBuf,
    full_screen: bool,
    text: impl FnOnce(&mut Duel<G>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut duel = Duel::<G>::resume(path.clone())?;
    if full_screen {
        let recorded = duel.config().seed;
        return play_full_screen(duel, false, true, Some(recorded));
    }
    eprintln!(
        "resuming {} (move {})",
        path.display(),
        duel.history().len() + 1
    );
    text(&mut duel)
}
