//! `trios replay FILE`: a recorded match of any game, full screen or as text.

use std::io;
use std::path::Path;

use super::duel::ISLANDS_SCREEN_MAX;
use super::three_trios::{match_screen, play_full_screen};
use super::{Error, front_end, output};
use crate::cli::{ReplayArgs, Ui};
use crate::controller::{Duel, Match, Turn};
use crate::games::islands::{self, Game as Islands};
use crate::games::reversi::{self, Game as Reversi, Move};
use crate::games::{GameKind, TwoPlayer};
use crate::record::Record;
use crate::record::duel::DuelRecord;
use crate::record::stream::ReplayOut;
use crate::textui;
use crate::tui::{
    self,
    duel::{BoardGame, DuelApp},
};

/// `trios replay FILE`.
pub fn run(args: &ReplayArgs) -> Result<(), Error> {
    replay_file(&args.file, args.ui)
}

/// `trios replay FILE`: the record at `file` in the front end `ui` asks for.
pub fn replay_file(file: &std::path::Path, ui: Ui) -> Result<(), Error> {
    match crate::record::game_of_file(file) {
        Ok(GameKind::Reversi) => {
            let full_screen = front_end(ui)? == Ui::Tui;
            return reversi(file, full_screen);
        }
        Ok(GameKind::Islands) => {
            let full_screen = front_end(ui)? == Ui::Tui;
            return islands(file, full_screen);
        }
        _ => {}
    }
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
            out.line(&textui::plays_line(outcome));
        }
        if out.is_open() {
            out.line(&crate::games::three_trios::text::render(game));
        }
    })?;
    match game.outcome() {
        Some(outcome) => out.line(&textui::game_over_line(&game, outcome)),
        None => out.text(&format!(
            "Record ends after {} moves; the game was not finished.\n",
            record.moves.len()
        )),
    }
    output::finish(out.finish())?;
    Ok(())
}

/// The record at `file` in the full-screen viewer, as a screen of the shell (the home
/// screen's Replay). An Islands of Hex board too large for the screen is refused.
pub fn replay_screen(file: &Path) -> Result<tui::Opening, Error> {
    let name = file.display().to_string();
    match crate::record::game_of_file(file) {
        Ok(GameKind::Reversi) => {
            let record = DuelRecord::<Reversi>::load(file)?;
            Ok(viewer_screen(Duel::replayed(&record, &name)?))
        }
        Ok(GameKind::Islands) => {
            let record = DuelRecord::<Islands>::load(file)?;
            super::duel::islands_fit_the_screen(record.setup.options.size)?;
            Ok(viewer_screen(Duel::replayed(&record, &name)?))
        }
        _ => {
            let record = Record::load(file)?;
            let game = Match::replayed(&record, &name)?;
            Ok(match_screen(game, crate::tui::Start::Review, None))
        }
    }
}

/// A recorded match of a platform game in the viewer, as a screen of the shell.
fn viewer_screen<G: BoardGame + 'static>(duel: Duel<G>) -> tui::Opening {
    Box::new(move |events, size, theme| Box::new(DuelApp::viewer(duel, events, size, theme)))
}

/// Opens a recorded match of a platform game in the full-screen viewer.
fn view_record<G: BoardGame>(record: &DuelRecord<G>, name: &str) -> Result<(), Error> {
    let duel = Duel::replayed(record, name)?;
    tui::run_screen(|events, size, theme| DuelApp::viewer(duel, events, size, theme))
        .map_err(Error::Terminal)?;
    Ok(())
}

/// `trios replay FILE` of an Islands of Hex record: full screen, a viewer that steps through
/// every move; in text (and for boards too large for the screen), every move and the view
/// after it, then the end.
fn islands(path: &Path, full_screen: bool) -> Result<(), Error> {
    let record = DuelRecord::<Islands>::load(path)?;
    let name = path.display().to_string();
    if full_screen && record.setup.options.size <= ISLANDS_SCREEN_MAX {
        return view_record(&record, &name);
    }
    stream_duel(
        &record,
        &name,
        |out, turn| out.line(&format!("{} plays {}", turn.played.stone.name(), turn.mv)),
        |out, game| out.text(&islands::text::render(game)),
        |game, out| {
            if let Some(stone) = game.board().chain_maker() {
                out.line(&textui::islands::chain_line(stone));
            }
            out.line(&textui::islands::game_over_line(game));
        },
    )
}

/// `trios replay FILE` of a Reversi record: full screen, a viewer that steps through every
/// move and flip; in text, every move, the board after it, and the result.
fn reversi(path: &Path, full_screen: bool) -> Result<(), Error> {
    let record = DuelRecord::<Reversi>::load(path)?;
    let name = path.display().to_string();
    if full_screen {
        return view_record(&record, &name);
    }
    stream_duel(
        &record,
        &name,
        |out, turn| {
            let color = reversi::color_of(turn.side);
            out.line(&match turn.mv {
                Move::Pass => textui::reversi::pass_line(color),
                mv => format!("{} plays {mv}", color.letter()),
            });
        },
        |out, game| out.line(&reversi::text::render_plain(game)),
        |game, out| out.line(&textui::reversi::game_over_line(game)),
    )
}

/// Standard output as a replay writes it.
type Out = ReplayOut<io::StdoutLock<'static>>;

/// Writes a duel's record as text on standard output: each move's `turn` text and the
/// `view` after it, then `end` for a finished game or where the record stops. A record that
/// does not replay shows nothing: it is checked whole first (cheap beside making the views);
/// then each view is written as the replay reaches it, so one view is in memory at a time.
fn stream_duel<G: TwoPlayer>(
    record: &DuelRecord<G>,
    name: &str,
    turn: impl Fn(&mut Out, &Turn<G>),
    view: impl Fn(&mut Out, &G),
    end: impl FnOnce(&G, &mut Out),
) -> Result<(), Error> {
    record.replay(name, |_, _| {})?;
    let mut out = ReplayOut::new(io::stdout().lock());
    let game = record.replay(name, |game, played| {
        if let Some(played) = played.filter(|_| out.is_open()) {
            turn(&mut out, played);
        }
        if out.is_open() {
            view(&mut out, game);
        }
    })?;
    if game.is_over() {
        end(&game, &mut out);
    } else {
        out.text(&format!(
            "Record ends after {} moves; the game was not finished.\n",
            record.moves.len()
        ));
    }
    output::finish(out.finish()).map(drop)
}
