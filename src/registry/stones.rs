//! The parts of an [`Entry`](super::Entry) that any game on the stones screen shares: a new
//! match from `trios play`, resumed and replayed, a match chosen at home, and a server's
//! table. A game of cells and stones (built in or kept outside this crate) builds its entry
//! from these and its own text mode; Reversi and Islands of Hex add their flags and limits.

use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::cli::{PlayArgs, Ui};
use crate::controller::Duel;
use crate::controller::table::Want;
use crate::games::TwoPlayer;
use crate::record::duel::DuelRecord;
use crate::run::duel::{
    duel_screen, home_screen, new_config, play_full_screen, play_text_with, resume_duel, start_duel,
};
use crate::run::replay::{Out, stream_duel, view_record, viewer_screen};
use crate::run::{Error, front_end};
use crate::ssh::session::{
    AtTableError, Conn, GameSpec, TableNews, TableScreen, duel_news, join_duel, open_duel,
};
use crate::textui;
use crate::tui::event::Sender;
use crate::tui::lobby::{GameOptions, Launch};
use crate::tui::stones::StoneGame;
use crate::tui::{Event, Opening, Screen};

/// A game's text mode: plays the match on standard input and output to its end, a quit or
/// the end of input.
pub type TextMode<G> = fn(
    &mut Duel<G>,
    io::StdinLock<'static>,
    &mut io::StdoutLock<'static>,
    &mut io::StderrLock<'static>,
) -> io::Result<textui::Ended>;

/// `trios play --game NAME` of a game without flags of its own: full screen, the person
/// against `opponent`; in text mode, two people through `text`. Another game's flags are
/// refused, saying so.
pub fn play<G: StoneGame>(args: &PlayArgs, opponent: &str, text: TextMode<G>) -> Result<(), Error> {
    super::refuse_other_seats(args, G::KIND, "chosen on the home screen")?;
    let full_screen = front_end(args.ui)? == Ui::Tui;
    let seats = [(None, "--first"), (None, "--second")];
    let config = new_config::<G>(args, seats, full_screen, opponent)?;
    G::start(&config.options, config.seed).map_err(Error::game)?;
    let mut duel = start_duel(args, config, full_screen)?;
    if full_screen {
        let known = args.seeding.seed;
        return play_full_screen(duel, args.no_autosave, !args.no_animation, known);
    }
    play_text_with(&mut duel, text)
}

/// `trios play --resume` of a match of `G` recorded at `path`, in the front end `ui`.
pub fn resume<G: StoneGame>(path: PathBuf, ui: Ui, text: TextMode<G>) -> Result<(), Error> {
    resume_duel::<G>(path, ui == Ui::Tui, |duel| play_text_with(duel, text))
}

/// A match of `G` chosen on the home screen, as a screen, on the options the lobby chose.
pub fn launch<G: StoneGame>(launch: &Launch) -> Result<Opening, Error> {
    let own = launch.options.own::<G::Options>().cloned();
    home_screen::<G>(launch.seats(), launch.options.clock(), |options| {
        if let Some(own) = own {
            *options = own;
        }
    })
}

/// The home screen's Resume: the match of `G` recorded at `path`, as a screen.
pub fn resume_screen<G: StoneGame>(path: PathBuf) -> Result<Opening, Error> {
    Ok(duel_screen(Duel::<G>::resume(path)?, None))
}

/// The home screen's Replay: the record of `G` at `path` in the viewer, as a screen.
pub fn replay_screen<G: StoneGame>(path: &Path) -> Result<Opening, Error> {
    let record = DuelRecord::<G>::load(path)?;
    Ok(viewer_screen(Duel::replayed(
        &record,
        &path.display().to_string(),
    )?))
}

/// What a game's text replay writes: each move's line, the view after it, and the end.
pub struct TextReplay<G: TwoPlayer> {
    /// The line of a move played (`Red plays d6`).
    pub turn: fn(&crate::controller::Turn<G>) -> String,
    /// The view of a position, as the text mode shows it.
    pub view: fn(&G) -> String,
    /// The lines after the last move of a finished game.
    pub end: fn(&G) -> String,
}

/// `trios replay FILE` of a record of `G`: the viewer full screen; in text, every move and
/// the view after it, then the end, as `text` writes them.
pub fn replay<G: StoneGame>(path: &Path, ui: Ui, text: &TextReplay<G>) -> Result<(), Error> {
    let record = DuelRecord::<G>::load(path)?;
    let name = path.display().to_string();
    if front_end(ui)? == Ui::Tui {
        return view_record(&record, &name);
    }
    stream_duel(
        &record,
        &name,
        |out: &mut Out, turn| out.line(&(text.turn)(turn)),
        |out, game| out.text(&(text.view)(game)),
        |game, out| out.text(&(text.end)(game)),
    )
}

/// Opens a server's table of `G` on the options the lobby chose (the default ones when they
/// are another game's): against `opponent` when it is one of the game's computer players
/// (else the strongest), or (`None`) for two people.
pub fn open_table<G: StoneGame>(
    conn: &Rc<Conn>,
    opponent: Option<String>,
    options: &GameOptions,
    screen: (u16, u16),
) -> Result<TableScreen, AtTableError> {
    let own = options.own::<G::Options>().cloned().unwrap_or_default();
    let names = G::KIND.opponents();
    let strongest = names.first().copied().unwrap_or_default();
    open_duel::<G>(conn, opponent, strongest, own, options.clock(), screen)
}

/// Sits at (or watches) a server's table of `G`: its screen, and how its news is told apart.
pub fn join_table<G: StoneGame>(
    spec: &GameSpec,
    events: &Sender<Event>,
    id: crate::controller::table::TableId,
    want: Want,
    size: (u16, u16),
) -> Result<(Box<dyn Screen>, TableNews), AtTableError> {
    let screen = join_duel::<G>(spec, events, id, want, size)?;
    Ok((
        Box::new(screen),
        duel_news::<crate::controller::duel::DuelConfig<G>>(),
    ))
}
