//! What the `trios` commands do for the games on the shared platform (Reversi so far): play
//! in text mode, replay, perft, solve and simulate. Three Trios's own commands live in the
//! binary, which predates the platform.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::autosave;
use crate::cli::{HexpathsTool, PerftArgs, PlayArgs, SimArgs, SolveArgs, TriadTool};
use crate::controller::{Duel, DuelConfig, DuelError, Seat};
use crate::games::hexpaths;
use crate::games::islands::{self, Game as Islands};
use crate::games::reversi::{self, Game as Reversi, Move, Square};
use crate::games::triad;
use crate::games::{GameKind, TwoPlayer};
use crate::record::Existing;
use crate::record::duel::{DuelRecord, check_overwrite};
use crate::record::stream::ReplayOut;
use crate::sim::duel::DuelSpec;
use crate::sim::{self, report};
use crate::textui;
use crate::tui::{
    self,
    duel::{BoardGame, DuelApp, NewDuel},
};

/// A command's failure the user can act on (exit code 2), or one already reported.
#[derive(Debug)]
pub enum Failure {
    /// Printed as `error: <message>`.
    Message(String),
    /// Already said on standard error.
    Reported,
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure::Message(e.to_string())
    }
}

/// A closed output pipe (`… | head`) is a normal way to stop reading, not an error.
fn write_out(text: &str) -> Result<(), Failure> {
    match io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(Failure::Message(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}

/// Ends a replay written as it went: a closed pipe is a normal end, as in [`write_out`].
fn streamed(out: ReplayOut<io::StdoutLock<'_>>) -> Result<(), Failure> {
    match out.finish() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(Failure::Message(format!("cannot write output: {e}")))
        }
        _ => Ok(()),
    }
}

/// A drawn seed that shapes the game is shown so the game can be played again; in text mode
/// it goes to stderr, which scripts read only for `error:` lines.
pub fn seed_note(seed: u64) -> String {
    format!("seed: {seed} (play this game again with --seed {seed})")
}

/// The same for a simulation's games.
pub fn sim_seed_note(seed: u64) -> String {
    format!("seed: {seed} (run these games again with --seed {seed})")
}

/// Refuses the flags of another game, naming the ones this game uses.
fn refuse_other_seats(args: &PlayArgs, game: GameKind) -> Result<(), Failure> {
    let seats = match game {
        GameKind::Islands => "--white and --black",
        _ => "--dark and --light",
    };
    let three_trios_only = args.setup.board.is_some()
        || args.setup.cards.is_some()
        || args.blue.is_some()
        || args.red != Seat::Human;
    if three_trios_only {
        return Err(Failure::Message(format!(
            "--red, --blue, --board and --cards are Three Trios flags; {} seats are {seats}",
            game.title()
        )));
    }
    let d = &args.duel;
    let reversi_flags = d.dark.is_some() || d.light.is_some() || d.position.is_some();
    let islands_flags = d.white.is_some() || d.black.is_some() || d.size.is_some();
    if game != GameKind::Reversi && reversi_flags {
        return Err(Failure::Message(format!(
            "--dark, --light and --position are Reversi flags; {} seats are {seats}",
            game.title()
        )));
    }
    if game != GameKind::Islands && islands_flags {
        return Err(Failure::Message(format!(
            "--white, --black and --size are Islands of Hex flags; {} seats are {seats}",
            game.title()
        )));
    }
    Ok(())
}

/// The seat a flag names, checked against the game's strategies.
fn seat_for<G: TwoPlayer>(given: Option<&str>, default: Seat, flag: &str) -> Result<Seat, Failure> {
    let Some(name) = given else {
        return Ok(default);
    };
    let seat = Seat::named(name);
    if let Seat::Computer(spec) = &seat {
        G::strategy(spec, 0, 1).map_err(|e| Failure::Message(format!("{flag}: {e}")))?;
    }
    Ok(seat)
}

/// The setup of a new match from the play flags: the seats `seats` name (flag value and
/// name, first mover first), else the person first and, full screen, `opponent` second (in
/// text mode two people); the seed given or drawn; the thinking time. Another game's flags
/// are refused.
fn new_config<G: TwoPlayer>(
    args: &PlayArgs,
    seats: [(Option<&str>, &str); 2],
    full_screen: bool,
    opponent: &str,
) -> Result<DuelConfig<G>, Failure> {
    refuse_other_seats(args, G::KIND)?;
    let second = if full_screen {
        Seat::Computer(opponent.into())
    } else {
        Seat::Human
    };
    let [(a, a_flag), (b, b_flag)] = seats;
    let first = seat_for::<G>(a, Seat::Human, a_flag)?;
    let second = seat_for::<G>(b, second, b_flag)?;
    Ok(DuelConfig::new(
        [first, second],
        args.setup.seed.unwrap_or_else(rand::random),
        args.think_ms,
    ))
}

/// The computer a person faces full screen when no seat is given.
pub const REVERSI_OPPONENT: &str = "expert";

/// `trios play --game reversi`: a new match, full screen or in text mode. Full screen, light
/// is the expert unless `--light` says otherwise; text mode seats two people by default.
pub fn play_reversi(args: &PlayArgs, full_screen: bool) -> Result<(), Failure> {
    let seats = [
        (args.duel.dark.as_deref(), "--dark"),
        (args.duel.light.as_deref(), "--light"),
    ];
    let mut config = new_config::<Reversi>(args, seats, full_screen, REVERSI_OPPONENT)?;
    config.options.position = args.duel.position.clone();
    Reversi::start(&config.options).map_err(Failure::Message)?;
    let mut duel = start_duel(args, config)?;
    if full_screen {
        return play_full_screen(duel, args.no_autosave, !args.no_animation);
    }
    play_text(&mut duel)
}

/// Plays (or, `viewer`, shows) a match on the full screen until the person quits, then says
/// where an unfinished match is kept.
fn play_full_screen<G: BoardGame>(
    duel: Duel<G>,
    no_autosave: bool,
    animate: bool,
) -> Result<(), Failure> {
    // `n` deals a fresh game from the same setup, autosaved like the first.
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
    let app = tui::run_screen(|events, size, theme| {
        let mut app = DuelApp::new(duel, new_duel, events, size, theme);
        app.set_animations(animate);
        app
    })
    .map_err(|e| Failure::Message(format!("terminal: {e}")))?;
    let last = app.into_duel();
    prune_after(&last);
    if !last.game().is_over()
        && let Some(path) = last.record_path()
        && !last.history().is_empty()
    {
        eprintln!(
            "Match saved in {}; trios play --resume continues it.",
            path.display()
        );
    }
    Ok(())
}

/// `trios play --game triad`: a solitaire from `--seed` (drawn and announced when absent),
/// full screen or in text mode.
pub fn play_triad(args: &PlayArgs, full_screen: bool) -> Result<(), Failure> {
    if args.duel.any() {
        return Err(Failure::Message(
            "Triad is a solitaire: it takes no seats, --size or --position".into(),
        ));
    }
    let seed = args.setup.seed.unwrap_or_else(rand::random);
    let rivals = args
        .rivals
        .iter()
        .enumerate()
        .map(|(i, name)| {
            triad::race::Rival::new(name, seed.wrapping_add(i as u64 + 1))
                .map_err(|e| Failure::Message(format!("--rivals: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rivals.len() > 7 {
        return Err(Failure::Message(
            "--rivals: at most 7 rivals (8 players at a table)".into(),
        ));
    }
    if !rivals.is_empty() && !full_screen {
        return Err(Failure::Message(
            "a race against --rivals is played full screen; drop --ui text".into(),
        ));
    }
    if full_screen {
        tui::run_screen(|_events, size, theme| {
            if rivals.is_empty() {
                tui::triad::TriadApp::new(seed, tui::triad::bests::path(), size, theme)
            } else {
                tui::triad::TriadApp::race(seed, rivals, size, theme)
            }
        })
        .map_err(|e| Failure::Message(format!("terminal: {e}")))?;
        return Ok(());
    }
    if args.setup.seed.is_none() {
        eprintln!("{}", seed_note(seed));
    }
    let mut game = triad::Game::new(seed);
    if io::stdin().is_terminal() {
        eprintln!("Triad: type help for the commands.");
    }
    let ended = textui::triad::run(
        &mut game,
        io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    text_ended(ended)
}

/// `trios triad check|find`: reads the cards, then prints the answer.
pub fn triad_tool(tool: &TriadTool) -> Result<(), Failure> {
    let read = |texts: &[String]| -> Result<Vec<triad::Card>, Failure> {
        let cards = texts
            .iter()
            .map(|t| {
                t.parse()
                    .map_err(|e: triad::CardError| Failure::Message(e.to_string()))
            })
            .collect::<Result<Vec<triad::Card>, Failure>>()?;
        // The deck holds every card once: a card given twice is a typing slip.
        if let Some((first, again)) = triad::first_repeat(&cards) {
            return Err(Failure::Message(format!(
                "cards {} and {} are the same card ({}); the deck holds each card once, so \
                 give different cards",
                first + 1,
                again + 1,
                cards[first]
            )));
        }
        Ok(cards)
    };
    let out = match tool {
        TriadTool::Check { cards } => match read(cards)?.as_slice() {
            &[a, b, c] if triad::is_triad(a, b, c) => "triad\n".to_string(),
            [_, _, _] => "not a triad\n".to_string(),
            _ => return Err(Failure::Message("check takes three cards".into())),
        },
        TriadTool::Find { cards } => {
            let found = triad::triads(&read(cards)?);
            let mut out: String = found
                .iter()
                .map(|[i, j, k]| format!("{i} {j} {k}\n"))
                .collect();
            let n = found.len();
            out.push_str(&format!(
                "{n} {}\n",
                if n == 1 { "triad" } else { "triads" }
            ));
            out
        }
    };
    write_out(&out)
}

/// `trios hexpaths …`: answers a question about crannies, nooks, a game, a step, a path or
/// a move, or draws a game. `Ok(false)` is a "no" (`illegal: …`, `no path`): exit 1.
pub fn hexpaths_tool(tool: &HexpathsTool) -> Result<bool, Failure> {
    use hexpaths::{State, StateError};
    let verdict = |r: Result<(), String>| -> Result<bool, Failure> {
        match r {
            Ok(()) => write_out("legal\n").map(|()| true),
            Err(reason) => write_out(&format!("illegal: {reason}\n")).map(|()| false),
        }
    };
    let game = |text: &str| -> Result<State, Failure> {
        text.parse()
            .map_err(|e: StateError| Failure::Message(format!("illegal game: {e}")))
    };
    // The index of the piece at `cell`.
    let piece_at = |state: &State, cell: u16| -> Result<usize, Failure> {
        state
            .pieces()
            .iter()
            .position(|&p| u16::from(p) == cell)
            .ok_or_else(|| Failure::Message(format!("no piece is at {cell}")))
    };
    match tool {
        HexpathsTool::Crannies { text } => verdict(
            hexpaths::parse_crannies(text)
                .map(drop)
                .map_err(|e| e.to_string()),
        ),
        HexpathsTool::Nooks { text } => verdict(
            hexpaths::parse_nooks(text)
                .map(drop)
                .map_err(|e| e.to_string()),
        ),
        HexpathsTool::Game { text } => {
            verdict(text.parse::<State>().map(drop).map_err(|e| e.to_string()))
        }
        HexpathsTool::Step {
            game: text,
            from,
            to,
        } => {
            game(text)?;
            verdict(match hexpaths::why_not_step(text, *from, *to) {
                None => Ok(()),
                Some(reason) => Err(reason),
            })
        }
        HexpathsTool::Path {
            game: text,
            start,
            goal,
        } => {
            let state = game(text)?;
            piece_at(&state, *start)?;
            match hexpaths::minimal_path(text, *start, *goal) {
                Some(path) => {
                    let cells: Vec<String> = path.iter().map(u16::to_string).collect();
                    write_out(&format!("{}\n", cells.join(" "))).map(|()| true)
                }
                None => write_out("no path\n").map(|()| false),
            }
        }
        HexpathsTool::Solve {
            game: text,
            piece,
            goal,
        } => {
            let state = game(text)?;
            let index = piece_at(&state, *piece)?;
            let board = state.board();
            let pieces = state.pieces();
            let goal = *goal as hexpaths::Cell;
            match hexpaths::solve(&board, pieces, index, goal, hexpaths::DEFAULT_BUDGET) {
                Ok(solution) => {
                    let mut out: String = solution
                        .steps
                        .iter()
                        .map(|s| format!("{}>{}\n", s.from, s.to))
                        .collect();
                    let n = solution.len();
                    out.push_str(&format!("{n} {}\n", if n == 1 { "step" } else { "steps" }));
                    if !solution.proven {
                        eprintln!(
                            "note: the search stopped after {} positions; a shorter move may exist",
                            solution.expanded
                        );
                    }
                    write_out(&out).map(|()| true)
                }
                Err(hexpaths::Unsolved::NoMove) => write_out("no move\n").map(|()| false),
                Err(e) => Err(Failure::Message(e.to_string())),
            }
        }
        HexpathsTool::New { seed, pieces } => {
            let seed = match seed {
                Some(s) => *s,
                None => {
                    let s = rand::random();
                    eprintln!("seed: {s} (draw this game again with --seed {s})");
                    s
                }
            };
            let state = hexpaths::new_game(seed, usize::from(*pieces));
            write_out(&format!("{state}\n")).map(|()| true)
        }
        HexpathsTool::Show { game: text } => {
            let state = game(text)?;
            write_out(&format!("{state}\n")).map(|()| true)
        }
    }
}

/// The computer a person faces at Islands of Hex full screen when no seat is given.
pub const ISLANDS_OPPONENT: &str = "connector";

/// `trios play --game islands`: a new match, full screen (black is the connector unless
/// `--black` says otherwise) or in text mode (two people by default).
pub fn play_islands(args: &PlayArgs, full_screen: bool) -> Result<(), Failure> {
    let seats = [
        (args.duel.white.as_deref(), "--white"),
        (args.duel.black.as_deref(), "--black"),
    ];
    let mut config = new_config::<Islands>(args, seats, full_screen, ISLANDS_OPPONENT)?;
    config.options.size = args.duel.size.unwrap_or(islands::DEFAULT_SIZE);
    Islands::start(&config.options).map_err(|e| Failure::Message(format!("--size: {e}")))?;
    if full_screen {
        islands_fit_the_screen(config.options.size)?;
    }
    let mut duel = start_duel(args, config)?;
    if full_screen {
        return play_full_screen(duel, args.no_autosave, !args.no_animation);
    }
    play_islands_text(&mut duel)
}

/// The largest Islands of Hex board played full screen: the screen keeps every position of
/// the match for replay, which on larger boards would take too much memory.
pub const ISLANDS_SCREEN_MAX: usize = 64;

/// Refuses a board too large for the full screen, saying what to do instead.
fn islands_fit_the_screen(size: usize) -> Result<(), Failure> {
    if size > ISLANDS_SCREEN_MAX {
        return Err(Failure::Message(format!(
            "a {size}x{size} board is too large for the full screen (at most \
             {ISLANDS_SCREEN_MAX} a side); play it in text mode with --ui text"
        )));
    }
    Ok(())
}

/// Resumes the Islands of Hex match recorded at `path`, full screen or in text mode.
pub fn resume_islands(path: PathBuf, full_screen: bool) -> Result<(), Failure> {
    if full_screen {
        let record = DuelRecord::<Islands>::load(&path)?;
        islands_fit_the_screen(record.setup.options.size)?;
    }
    resume_duel::<Islands>(path, full_screen, play_islands_text)
}

/// Opens a recorded match of a platform game in the full-screen viewer.
fn view_record<G: BoardGame>(record: &DuelRecord<G>, name: &str) -> Result<(), Failure> {
    let duel = Duel::replayed(record, name)?;
    tui::run_screen(|events, size, theme| DuelApp::viewer(duel, events, size, theme))
        .map_err(|e| Failure::Message(format!("terminal: {e}")))?;
    Ok(())
}

/// `trios replay FILE` of an Islands of Hex record: full screen, a viewer that steps through
/// every move; in text (and for boards too large for the screen), every move and the view
/// after it, then the end.
pub fn replay_islands(path: &Path, full_screen: bool) -> Result<(), Failure> {
    let record = DuelRecord::<Islands>::load(path)?;
    let name = path.display().to_string();
    if full_screen && record.setup.options.size <= ISLANDS_SCREEN_MAX {
        return view_record(&record, &name);
    }
    // A record that does not replay shows nothing: it is checked whole first (cheap beside
    // making the views); then each view is written as the replay reaches it, so one view is
    // in memory at a time.
    record.replay(&name, |_, _| {})?;
    let mut out = ReplayOut::new(io::stdout().lock());
    let game = record.replay(&name, |game, turn| {
        if let Some(turn) = turn.filter(|_| out.is_open()) {
            out.line(&format!("{} plays {}", turn.played.stone.name(), turn.mv));
        }
        if out.is_open() {
            out.text(&islands::text::render(game));
        }
    })?;
    if game.is_over() {
        if let Some(stone) = game.board().chain_maker() {
            out.line(&textui::islands::chain_line(stone));
        }
        out.line(&textui::islands::game_over_line(&game));
    } else {
        out.text(&format!(
            "Record ends after {} moves; the game was not finished.\n",
            record.moves.len()
        ));
    }
    streamed(out)
}

/// Plays an Islands of Hex match in text mode on standard input and output.
fn play_islands_text(duel: &mut Duel<Islands>) -> Result<(), Failure> {
    if io::stdin().is_terminal() {
        eprintln!("Islands of Hex: type help for the commands.");
    }
    let ended = textui::islands::run(
        duel,
        io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    prune_after(duel);
    text_ended(ended)
}

/// Starts a new match of `config` as the play flags say: the drawn seed shown when it
/// matters, recorded in `--record FILE` (not overwriting another match unless `--force`),
/// unrecorded with `--no-autosave`, else autosaved.
fn start_duel<G: TwoPlayer>(args: &PlayArgs, config: DuelConfig<G>) -> Result<Duel<G>, Failure> {
    if args.setup.seed.is_none() && config.depends_on_seed() {
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
        None => start_autosaved(config, |why| {
            eprintln!(
                "warning: cannot autosave: {why}; this match will not be recoverable (use \
                 --record FILE or --no-autosave)"
            );
        })?,
    })
}

/// Starts `config` recorded in a new file of the data folder; when that cannot be written,
/// tells `warn` why and plays unrecorded: autosave never stops a game.
fn start_autosaved<G: TwoPlayer>(
    config: DuelConfig<G>,
    warn: impl FnOnce(&str),
) -> Result<Duel<G>, DuelError> {
    let why = match autosave::new_autosave_file(config.seed) {
        Ok(path) => match Duel::start(config.clone(), Some(path)) {
            Err(DuelError::Record(e)) => e.to_string(),
            started => return started,
        },
        Err(e) => e.to_string(),
    };
    warn(&why);
    Duel::start(config, None)
}

/// Prunes old autosaves once a recorded match is over, as every front end does.
fn prune_after<G: TwoPlayer>(duel: &Duel<G>) {
    if duel.game().is_over()
        && duel.record_path().is_some()
        && let Some(dir) = autosave::data_dir()
    {
        let _ = autosave::prune(&dir);
    }
}

/// How a text mode ended, as the binary reports it: a closed output pipe is a normal end.
fn text_ended(ended: io::Result<textui::Ended>) -> Result<(), Failure> {
    match ended {
        Ok(textui::Ended::InputFailed) => Err(Failure::Reported),
        Ok(textui::Ended::Normally) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Message(format!("cannot write output: {e}"))),
    }
}

/// Continues the match recorded at `path`: full screen, or in text mode through `text`.
fn resume_duel<G: BoardGame>(
    path: PathBuf,
    full_screen: bool,
    text: fn(&mut Duel<G>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut duel = Duel::<G>::resume(path.clone())?;
    if full_screen {
        return play_full_screen(duel, false, true);
    }
    eprintln!(
        "resuming {} (move {})",
        path.display(),
        duel.history().len() + 1
    );
    text(&mut duel)
}

/// Plays a Reversi match in text mode on standard input and output.
pub fn play_text(duel: &mut Duel<Reversi>) -> Result<(), Failure> {
    if io::stdin().is_terminal() {
        eprintln!("Reversi: type help for the commands.");
    }
    let ended = textui::reversi::run(
        duel,
        io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    prune_after(duel);
    text_ended(ended)
}

/// Resumes the Reversi match recorded at `path`, full screen or in text mode.
pub fn resume_reversi(path: PathBuf, full_screen: bool) -> Result<(), Failure> {
    resume_duel::<Reversi>(path, full_screen, play_text)
}

/// `trios replay FILE` of a Reversi record: full screen, a viewer that steps through every
/// move and flip; in text, every move, the board after it, and the result.
pub fn replay_reversi(path: &Path, full_screen: bool) -> Result<(), Failure> {
    let record = DuelRecord::<Reversi>::load(path)?;
    let name = path.display().to_string();
    if full_screen {
        return view_record(&record, &name);
    }
    // A record that does not replay shows nothing: it is checked whole first (cheap beside
    // making the views); then each view is written as the replay reaches it, so one view is
    // in memory at a time.
    record.replay(&name, |_, _| {})?;
    let mut out = ReplayOut::new(io::stdout().lock());
    let game = record.replay(&name, |game, turn| {
        if let Some(turn) = turn.filter(|_| out.is_open()) {
            let color = reversi::color_of(turn.side);
            out.line(&match turn.mv {
                Move::Pass => textui::reversi::pass_line(color),
                mv => format!("{} plays {mv}", color.letter()),
            });
        }
        if out.is_open() {
            out.line(&reversi::text::render_plain(game));
        }
    })?;
    if game.is_over() {
        out.line(&textui::reversi::game_over_line(&game));
    } else {
        out.text(&format!(
            "Record ends after {} moves; the game was not finished.\n",
            record.moves.len()
        ));
    }
    streamed(out)
}

/// A Reversi position from `--position`, or the start.
fn reversi_position(given: Option<&str>) -> Result<Reversi, Failure> {
    match given {
        None => Ok(Reversi::new()),
        Some(text) => text
            .parse()
            .map_err(|e| Failure::Message(format!("--position: {e}"))),
    }
}

/// `trios perft --game reversi DEPTH`: the leaf count, and the time on standard error.
pub fn perft_reversi(args: &PerftArgs) -> Result<(), Failure> {
    let game = reversi_position(args.position.as_deref())?;
    let started = Instant::now();
    let count = reversi::perft::perft_threads(&game, args.depth, args.threads);
    let secs = started.elapsed().as_secs_f64();
    write_out(&format!("{count}\n"))?;
    eprintln!(
        "depth {} in {secs:.3} s ({:.1} M leaves/s, {} thread{})",
        args.depth,
        count as f64 / secs.max(1e-9) / 1e6,
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// `trios solve --game reversi --position P`: the exact value for the side to move (empty
/// squares to the winner) and a best move.
pub fn solve_reversi(args: &SolveArgs) -> Result<(), Failure> {
    let Some(text) = args.position.as_deref() else {
        return Err(Failure::Message(
            "solving Reversi needs --position P (64 squares X, O or -, then X or O to move); \
             the whole game from the start is far beyond reach"
                .into(),
        ));
    };
    let game = reversi_position(Some(text))?;
    if game.is_over() {
        return Err(Failure::Message(
            "the game is already over; nothing to solve".into(),
        ));
    }
    let started = Instant::now();
    let solution = reversi::endgame::solve(&game);
    let millis = started.elapsed().as_millis();
    let best = solution.best.map(|sq: Square| (sq.row() + 1, sq.col() + 1));
    if args.json {
        #[derive(serde::Serialize)]
        struct At {
            row: usize,
            col: usize,
        }
        #[derive(serde::Serialize)]
        struct Solved {
            value: i32,
            best: Option<At>,
            nodes: u64,
            millis: u128,
        }
        let json = serde_json::to_string(&Solved {
            value: solution.value,
            best: best.map(|(row, col)| At { row, col }),
            nodes: solution.nodes,
            millis,
        })?;
        return write_out(&format!("{json}\n"));
    }
    let mover = game.turn().letter();
    let verdict = match solution.value {
        0 => "a tie under perfect play".to_string(),
        v if v > 0 => format!("{mover} wins by {v} under perfect play"),
        v => format!("{mover} loses by {} under perfect play", -v),
    };
    let best = match best {
        Some((row, col)) => format!("{row} {col}"),
        None => format!("pass ({mover} has no legal move)"),
    };
    let rate = solution.nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
    write_out(&format!(
        "value: {:+} ({verdict})\nbest move: {best}\nsearched {} positions in {millis} ms \
         ({:.1} M/s)\n",
        solution.value,
        solution.nodes,
        rate / 1e6
    ))
}

/// `trios sim --game reversi --dark A --light B`.
pub fn sim_reversi(args: &SimArgs, progress: impl FnMut(usize, usize)) -> Result<String, Failure> {
    let names: Vec<String> = match (&args.round_robin, &args.dark, &args.light) {
        (Some(list), _, _) => list.0.iter().map(|n| reversi::canonical(n)).collect(),
        (None, Some(a), Some(b)) => vec![reversi::canonical(a), reversi::canonical(b)],
        _ => {
            return Err(Failure::Message(
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
pub fn sim_islands(args: &SimArgs, progress: impl FnMut(usize, usize)) -> Result<String, Failure> {
    let names: Vec<String> = match (&args.round_robin, &args.white, &args.black) {
        (Some(list), _, _) => list.0.clone(),
        (None, Some(a), Some(b)) => {
            vec![a.trim().to_ascii_lowercase(), b.trim().to_ascii_lowercase()]
        }
        _ => {
            return Err(Failure::Message(
                "an Islands of Hex simulation needs --white A --black B (two strategies) or \
                 --round-robin A,B,..."
                    .into(),
            ));
        }
    };
    let options = islands::Options {
        size: args.size.unwrap_or(islands::DEFAULT_SIZE),
    };
    Islands::start(&options).map_err(|e| Failure::Message(format!("--size: {e}")))?;
    sim_game::<Islands>(args, &names, options, progress)
}

/// `trios sim --game triad`: solitaire games and what they show about the deal.
pub fn sim_triad(args: &SimArgs, progress: impl FnMut(usize, usize)) -> Result<String, Failure> {
    let seats = [
        &args.red,
        &args.blue,
        &args.dark,
        &args.light,
        &args.white,
        &args.black,
    ];
    if seats.iter().any(|s| s.is_some()) || args.round_robin.is_some() || args.swap {
        return Err(Failure::Message(
            "a Triad simulation plays solitaire games: it takes --games, --seed, --threads and \
             --json, and no strategies"
                .into(),
        ));
    }
    let seed = args.setup.seed.unwrap_or_else(rand::random);
    if args.setup.seed.is_none() {
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
fn sim_game<G: TwoPlayer>(
    args: &SimArgs,
    names: &[String],
    options: G::Options,
    progress: impl FnMut(usize, usize),
) -> Result<String, Failure> {
    let seed = args.setup.seed.unwrap_or_else(rand::random);
    let mut spec = DuelSpec::<G>::new(&names[0], &names[1], seed, args.think_ms)?;
    spec.options = options;
    for name in &names[2..] {
        G::strategy(name, 0, 1)?;
    }
    if args.setup.seed.is_none() {
        eprintln!("{}", sim_seed_note(seed));
    }
    spec.deals = args.games;
    spec.swap = args.swap;
    spec.openings = args.openings;
    spec.threads = args.threads.unwrap_or_else(crate::games::cores);
    let started = Instant::now();
    if args.round_robin.is_some() {
        let pairs = sim::round_robin(names, &spec, progress)?;
        return Ok(if args.json {
            format!("{}\n", report::round_robin_json(names, &spec, &pairs))
        } else {
            report::round_robin_text(names, &spec, &pairs, started.elapsed())
        });
    }
    let summary = sim::summarize(&spec, progress)?;
    Ok(if args.json {
        format!("{}\n", report::pair_json(&spec, &summary))
    } else {
        report::pair_text(&spec, &summary, started.elapsed())
    })
}

/// A game of Hex paths as `trios play` asks for it: its seed, settings, the people at the
/// keyboard and the computer rivals.
pub struct HexpathsSetup {
    seed: u64,
    settings: crate::games::hexpaths::round::Settings,
    people: Vec<String>,
    rivals: Vec<crate::games::hexpaths::round::Rival>,
}

/// Reads `trios play --game hexpaths`'s flags, refusing what does not make a game.
pub fn hexpaths_setup(args: &PlayArgs) -> Result<HexpathsSetup, Failure> {
    use crate::games::hexpaths::Difficulty;
    use crate::games::hexpaths::round::{Rival, Settings};
    if args.duel.any() {
        return Err(Failure::Message(
            "Hex paths takes no seats, --size or --position: people are --players, computers \
             --rivals"
                .into(),
        ));
    }
    let options = &args.hexpaths;
    let seed = args.setup.seed.unwrap_or_else(rand::random);
    let mut settings = Settings::default();
    if let Some(n) = options.rounds {
        settings.rounds = n as usize;
    }
    if let Some(secs) = options.round_secs {
        settings.round_time = std::time::Duration::from_secs(secs);
    }
    if let Some(n) = options.pieces {
        settings.pieces = usize::from(n);
    }
    if let Some(level) = &options.difficulty {
        let level: Difficulty = level
            .parse()
            .map_err(|e: String| Failure::Message(format!("--difficulty: {e}")))?;
        if level == Difficulty::NeedsAnother && settings.pieces < 2 {
            return Err(Failure::Message(
                "--difficulty needs-another needs at least two --pieces".into(),
            ));
        }
        settings.difficulty = Some(level);
    }
    let people: Vec<String> = options
        .players
        .iter()
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .collect();
    if people.len() > 4 {
        return Err(Failure::Message(
            "--players: at most four people at one keyboard (keys 1–4)".into(),
        ));
    }
    let rivals = args
        .rivals
        .iter()
        .enumerate()
        .map(|(i, name)| {
            Rival::new(name, seed.wrapping_add(i as u64 + 1))
                .map_err(|e| Failure::Message(format!("--rivals: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rivals.len() > 3 {
        return Err(Failure::Message("--rivals: at most three rivals".into()));
    }
    Ok(HexpathsSetup {
        seed,
        settings,
        people,
        rivals,
    })
}

/// `trios play --game hexpaths`: rounds on the hexagon, full screen: alone, several people
/// at this keyboard (`--players`), or against computer `--rivals`.
pub fn play_hexpaths(setup: HexpathsSetup, full_screen: bool) -> Result<(), Failure> {
    if !full_screen {
        return Err(Failure::Message(
            "Hex paths is played full screen; drop --ui text (the tools are `trios hexpaths …`)"
                .into(),
        ));
    }
    let HexpathsSetup {
        seed,
        settings,
        people,
        rivals,
    } = setup;
    tui::run_screen(|_events, size, theme| {
        tui::hexpaths::HexApp::new(seed, settings, people, rivals, size, theme)
    })
    .map_err(|e| Failure::Message(format!("terminal: {e}")))?;
    Ok(())
}
