//! A recorded duel viewed: in the full-screen viewer, or streamed move by move as text.

use std::io;

use super::{Error, output};
use crate::controller::{Duel, Turn};
use crate::games::TwoPlayer;
use crate::record::duel::DuelRecord;
use crate::record::stream::ReplayOut;
use crate::tui::{
    self,
    stones::{StoneGame, StonesScreen},
};

/// A recorded match of a platform game in the viewer, as a screen of the shell.
pub(crate) fn viewer_screen<G: StoneGame + 'static>(duel: Duel<G>) -> tui::Opening {
    Box::new(move |events, size, theme| Box::new(StonesScreen::viewer(duel, events, size, theme)))
}

/// Opens a recorded match of a platform game in the full-screen viewer.
pub(crate) fn view_record<G: StoneGame>(record: &DuelRecord<G>, name: &str) -> Result<(), Error> {
    let duel = Duel::replayed(record, name)?;
    tui::run_screen(|events, size, theme| StonesScreen::viewer(duel, events, size, theme))
        .map_err(Error::Terminal)?;
    Ok(())
}

/// Standard output as a replay writes it.
pub(crate) type Out = ReplayOut<io::StdoutLock<'static>>;

/// Writes a duel's record as text on standard output: each move's `turn` text and the
/// `view` after it, then `end` for a finished game or where the record stops. A record that
/// does not replay shows nothing: it is checked whole first (cheap beside making the views);
/// then each view is written as the replay reaches it, so one view is in memory at a time.
pub(crate) fn stream_duel<G: TwoPlayer>(
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
            "Record ends after {}; the game was not finished.\n",
            crate::words::count(record.moves.len(), "move")
        ));
    }
    output::finish(out.finish()).map(drop)
}
