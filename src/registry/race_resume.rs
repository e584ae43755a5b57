//! Going on with a race game played alone (a Triad solitaire, a lone Hex paths game) from its
//! saved record: the same checks and the same two ways in (`trios play --resume` and the
//! home screen) for both, each game giving only how its screen is rebuilt.

use std::path::PathBuf;

use crate::cli::Ui;
use crate::record::race::{RaceRecord, RaceRecorder};
use crate::run::Error;
use crate::tui::{self, Opening, Screen, Theme};

/// How a game's screen is rebuilt from its saved record, at a size and in a theme.
pub(crate) type ResumeApp<R, S> = fn(RaceRecorder<R>, (u16, u16), Theme) -> S;

/// The saved game at `path`, locked and checked to have something left to play; `over`
/// says what to do instead when it has not (`this Triad game is over; …`).
pub(crate) fn saved_game<R: RaceRecord>(
    path: PathBuf,
    over: &str,
) -> Result<RaceRecorder<R>, Error> {
    let recorder = RaceRecorder::<R>::resume(path)?;
    let name = recorder.name();
    if recorder.record().over_when_replayed(&name)? {
        return Err(Error::Usage(format!("{name}: {over}")));
    }
    Ok(recorder)
}

/// `trios play --resume` of a game played full screen only; `text_refusal` says so when
/// the text mode was asked for.
pub(crate) fn resume<R: RaceRecord, S: Screen + 'static>(
    recorder: Result<RaceRecorder<R>, Error>,
    ui: Ui,
    text_refusal: &str,
    app: ResumeApp<R, S>,
) -> Result<(), Error> {
    if ui != Ui::Tui {
        return Err(Error::Usage(text_refusal.into()));
    }
    let recorder = recorder?;
    tui::run_screen(|_events, size, theme| app(recorder, size, theme)).map_err(Error::Terminal)?;
    Ok(())
}

/// The home screen's resume: the screen to push, once the record is checked.
pub(crate) fn resume_screen<R: RaceRecord, S: Screen + 'static>(
    recorder: Result<RaceRecorder<R>, Error>,
    app: ResumeApp<R, S>,
) -> Result<Opening, Error> {
    let recorder = recorder?;
    Ok(Box::new(move |_events, size, theme| {
        Box::new(app(recorder, size, theme))
    }))
}
