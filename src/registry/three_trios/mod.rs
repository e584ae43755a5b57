//! Three Trios in the registry: a match from the play flags or the home screen, resumed and
//! replayed, solved and counted; the match itself is set up and played by
//! [`crate::run::three_trios`].

pub mod choices;
pub mod sim;
pub mod solve;

use crate::setup::clock::TimeControl;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::{GameInfo, DUEL_ACTIONS, Entry, LobbyGame, LobbyRows, Sim};
use crate::cli::{PerftArgs, PlayArgs, ServeArgs, Ui};
use crate::controller::Seat;
use crate::controller::table::{Kind, Table};
use crate::controller::three_trios::Match;
use crate::games::GameKind;
use crate::games::Side;
use crate::games::three_trios::args::ThreeTriosArgs;
use crate::record::AnyRecord;
use crate::record::three_trios::Record;
use crate::run::output::write_out;
use crate::run::three_trios::{
    config_from, match_screen, play_full_screen, play_text, resume, start_autosaved, start_new,
};
use crate::run::{Error, front_end, output};
use crate::setup::Base;
use crate::setup::three_trios::MatchConfig;
use crate::ssh::Showcase;
use crate::ssh::session::{
    AtTableError, Conn, TableScreen, duel_news, news_to, open_and_sit, sit_and_show,
};
use crate::textui;
use crate::tui::Opening;
use crate::tui::lobby::{GameOptions, Item, Launch, Lobby, Mode};
use crate::tui::three_trios::app::ThreeTriosScreen;

/// Three Trios' entry.
pub static ENTRY: Entry = Entry {
    game: GameInfo::ThreeTrios,
    takes_rivals: false,
    flags_given: |_| None,
    flags_refused_first: false,
    play: |args| {
        let ui = front_end(args.ui)?;
        run(args, ui, None)
    },
    resume: Some(|path, args, ui| run(args, ui, Some(path))),
    resume_screen: Some(|path| {
        Ok(match_screen(
            Match::resume(path)?,
            crate::tui::Start::Play,
            None,
        ))
    }),
    launch,
    replay: Some(replay),
    replay_screen: Some(|file| {
        let record = Record::load(file)?;
        let game = Match::replayed(&record, &file.display().to_string())?;
        Ok(match_screen(game, crate::tui::Start::Review, None))
    }),
    solve: Some(solve::solve),
    tool: |_| None,
    perft: Some(perft),
    // The first game: its seats are never another game's to refuse.
    sim: Sim::Plays {
        run: sim::run,
        seats: |args| [args.red.as_ref(), args.blue.as_ref()],
        seats_refused: None,
    },
    showcase: Some(Showcase {
        computers: [crate::cli::STRONGEST, crate::cli::SHOWCASE_OPPONENT],
        show: |base, [red, blue], think_ms| {
            let mut game = MatchConfig::of_base(base);
            (game.red, game.blue, game.think_ms) = (red, blue, think_ms);
            crate::ssh::show(game)
        },
    }),
    takes_position: false,
    solve_hint: None,
    read_record: Some(|name, json| Record::from_json(name, json).map(AnyRecord::of)),
    ended: |record| record.downcast_ref::<Record>().and_then(ended),
    open_table,
    join_table: |spec, events, id, want, size| {
        let app = sit_and_show::<Table<MatchConfig>, _, _>(
            spec,
            id,
            want,
            news_to(events, id),
            |joined, ask| {
                ThreeTriosScreen::at_table(joined, Box::new(ask), events.clone(), size, spec.theme)
            },
        )?;
        Ok((Box::new(app), duel_news::<MatchConfig>()))
    },
    lobby: LobbyGame {
        kind: GameKind::ThreeTrios,
        description: "place cards; a higher side captures the card beside it",
        lobby_options: LobbyRows {
            home: &[Item::Opponent, Item::Board, Item::Rules, Item::Clock],
            server: &[Item::Clock, Item::Opponent, Item::Board, Item::Rules],
        },
        home_actions: DUEL_ACTIONS,
        short_title: "Trios",
        rating_groups: &["three-trios", "three-trios-combos", "three-trios-reverse"],
        option_value: |lobby, item| match item {
            Item::Board => Some(("Board", lobby.board_label().to_string())),
            Item::Rules => Some(("Rules", lobby.rules_label().to_string())),
            _ => None,
        },
        home_words: |_| None,
        race_progress: None,
        saved_line: |record, unfinished| {
            record
                .downcast_ref::<Record>()
                .map(|r| saved_line(r, unfinished))
        },
        alone: None,
        clocks: &[TimeControl::new(2, 10), TimeControl::new(1, 5), TimeControl::new(5, 10)],
        own_rows: &[],
        most_players: 2,
        table_from_setup: true,
        options: |lobby, mode| GameOptions::new(GameKind::ThreeTrios, lobby_setup(lobby, mode)),
        resumes: true,
    },
    daily: None,
};

/// `trios play`: the match found at `resumed`, else a new one from the flags, in `ui`.
fn run(args: &PlayArgs, ui: Ui, resumed: Option<PathBuf>) -> Result<(), Error> {
    super::refuse_flags_of_others(args)?;
    let game = if let Some(path) = resumed {
        resume(path)?
    } else {
        start_new(args, ui)?
    };
    if ui == Ui::Tui {
        let last = play_full_screen(
            game,
            crate::tui::Start::Play,
            args.no_autosave,
            !args.no_animation,
        )?;
        // The seed goes to stderr once the screen is back, so the game can be played again.
        let config = last.config();
        if !args.resume && Some(config.seed) != args.seeding.seed && config.depends_on_seed() {
            eprintln!("{}", crate::run::seed_note(config.seed));
        }
        return Ok(());
    }
    if args.seeding.seed.is_none() && !args.resume && game.config().depends_on_seed() {
        eprintln!("{}", crate::run::seed_note(game.config().seed));
    }
    play_text(game, args.describe)
}

/// A new match chosen on the home screen: autosaved like `trios play`'s, a warning kept for
/// the home screen when it cannot be.
fn launch(launch: &Launch) -> Result<Opening, Error> {
    let Some(config) = setup_of(&launch.options) else {
        return Err(Error::Usage("not a Three Trios match".into()));
    };
    let mut config = config.clone();
    config.seed = rand::random();
    config.clock = launch.options.clock();
    let warning = std::cell::RefCell::new(None);
    let game = start_autosaved(config, |why| {
        *warning.borrow_mut() = Some(format!(
            "This match could not be saved: {why}; it cannot be resumed"
        ));
    })?;
    Ok(match_screen(
        game,
        crate::tui::Start::Play,
        warning.into_inner(),
    ))
}

/// `trios replay FILE` of a Three Trios record (and of a file that does not say its game).
fn replay(file: &Path, ui: Ui) -> Result<(), Error> {
    let record = Record::load(file)?;
    let name = file.display().to_string();
    if front_end(ui)? == Ui::Tui {
        let game = Match::replayed(&record, &name)?;
        return play_full_screen(game, crate::tui::Start::Review, false, true).map(|_| ());
    }
    // A record that does not replay shows nothing: it is checked whole first (cheap beside
    // making the views); then each view is written as the replay reaches it, so one view is
    // in memory at a time.
    record.replay(&name, |_, _| {})?;
    let mut out = crate::record::stream::ReplayOut::new(io::stdout().lock());
    let game = record.replay(&name, |game, outcome| {
        if let Some(outcome) = outcome.filter(|_| out.is_open()) {
            out.line(&textui::three_trios::plays_line(outcome));
        }
        if out.is_open() {
            out.line(&crate::games::three_trios::text::render(game));
        }
    })?;
    match game.outcome() {
        Some(outcome) => out.line(&textui::three_trios::game_over_line(&game, outcome)),
        None => out.text(&format!(
            "Record ends after {}; the game was not finished.\n",
            crate::words::count(record.moves.len(), "move")
        )),
    }
    output::finish(out.finish())?;
    Ok(())
}

/// `trios perft` of Three Trios: the built-in board and cards dealt in order.
fn perft(args: &PerftArgs) -> Result<(), Error> {
    let config = config_from(
        &ThreeTriosArgs::built_in(crate::games::three_trios::DealMode::InOrder),
        Some(0),
        Seat::Human,
        Seat::Human,
        1000,
    )?;
    let game = config.new_game()?;
    let started = std::time::Instant::now();
    let count = crate::games::three_trios::perft::perft(&game, args.depth as usize);
    write_out(&format!("{count}\n"))?;
    eprintln!(
        "depth {} in {:.3} s",
        args.depth,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The setup the home screen's menus start from: for Three Trios the built-in board and
/// cards, shuffled, the person against the strongest computer.
pub fn home_setup() -> Result<Base, Error> {
    let setup = ThreeTriosArgs::built_in(crate::games::three_trios::DealMode::Shuffle);
    let config = config_from(
        &setup,
        None,
        Seat::Human,
        Seat::Computer(crate::cli::STRONGEST.into()),
        1000,
    )?;
    Ok(config.into())
}

/// The setup a server's lobby starts from, as `trios serve`'s flags give it.
pub fn server_setup(args: &ServeArgs) -> Result<Base, Error> {
    let config = config_from(
        &args.three_trios,
        args.seeding.seed,
        Seat::Human,
        args.opponent.clone(),
        args.think_ms,
    )?;
    Ok(config.into())
}

/// The Three Trios setup of a new match the lobby describes, played as `mode`: the base's,
/// with the board and rules picked and the mode's seats.
fn lobby_setup(lobby: &Lobby, mode: Mode) -> MatchConfig {
    let base = MatchConfig::of_base(&lobby.choices.base);
    let mut config = choices::offered(&base).picked(base, lobby.board, lobby.rules);
    [config.red, config.blue] = lobby.seats(mode, Side::First);
    config
}

/// The Three Trios setup of a match chosen in the lobby, if `options` are Three Trios'.
pub fn setup_of(options: &GameOptions) -> Option<&MatchConfig> {
    options.own::<MatchConfig>()
}

/// Opens a server's Three Trios table for the lobby's choice, against `opponent` or (`None`)
/// for two people, and sits the opener at it.
fn open_table(
    conn: &Rc<Conn>,
    opponent: Option<String>,
    options: &GameOptions,
    size: (u16, u16),
) -> Result<TableScreen, AtTableError> {
    let Some(config) = setup_of(options) else {
        return Err(AtTableError::FromSetup(GameKind::ThreeTrios));
    };
    let mut config = config.clone();
    config.seed = conn.spec().shared.deal_seed();
    config.clock = options.clock();
    config.red = Seat::Human;
    let kind = match opponent {
        Some(name) => {
            config.blue = Seat::Computer(name);
            Kind::VsComputer
        }
        None => {
            config.blue = Seat::Human;
            Kind::TwoPlayers
        }
    };
    open_and_sit(conn, kind, config, size)
}

/// The saved list's players (`human vs expert`) and result (`Red wins 6–4`) of a record.
fn saved_line(r: &Record, unfinished: &dyn Fn() -> String) -> (String, String) {
    use crate::games::three_trios::{Outcome, Player};
    let players = format!("{} vs {}", r.setup.red, r.setup.blue);
    let result = r.result.as_ref().map_or_else(unfinished, |end| {
        let [red, blue] = end.score;
        match end.outcome {
            Outcome::Win(winner) => {
                let name = match winner {
                    Player::Red => "Red",
                    Player::Blue => "Blue",
                };
                format!("{name} wins {red}–{blue}")
            }
            Outcome::Tie => format!("tie {red}–{blue}"),
        }
    });
    (players, result)
}

/// How a finished match ended for Red and Blue ([`crate::registry::Entry::ended`]).
fn ended(r: &Record) -> Option<crate::registry::Ended> {
    use crate::games::three_trios::{Outcome, Player};
    let end = r.result.as_ref()?;
    let places = match end.outcome {
        Outcome::Win(Player::Red) => [0, 1],
        Outcome::Win(Player::Blue) => [1, 0],
        Outcome::Tie => [0, 0],
    };
    Some(crate::registry::Ended {
        seats: vec![
            (r.setup.red.clone(), places[0]),
            (r.setup.blue.clone(), places[1]),
        ],
        result: saved_line(r, &String::new).1,
    })
}

impl From<crate::games::three_trios::config::ConfigError> for Error {
    /// A board, hand or config file Three Trios refused, said as it says it.
    fn from(e: crate::games::three_trios::config::ConfigError) -> Error {
        Error::game(e)
    }
}
