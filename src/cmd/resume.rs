//! Resuming a saved match (`trios play --resume`, or Resume on the home screen): the latest
//! unfinished one found, and each game's match continued its own way.

use std::path::PathBuf;

use super::{Error, duel};
use crate::autosave::{self, AutosaveError};
use crate::games::GameKind;

/// Triad and Hex paths games are played through and not saved.
pub const TRIAD_NOT_SAVED: &str =
    "Triad and Hex paths games are not saved, so there is none to resume";

/// The most recent unfinished autosaved match of any game, or why there is none.
pub fn latest_unfinished() -> Result<PathBuf, Error> {
    let dir = autosave::data_dir().ok_or(AutosaveError::NoDataDir)?;
    let warn = &mut |why: String| eprintln!("warning: cannot resume: {why}; skipped");
    autosave::latest_unfinished_noting(&dir, warn)?.ok_or_else(|| {
        Error::Usage(format!(
            "no unfinished match to resume in {}",
            autosave::matches_dir(&dir).display()
        ))
    })
}

/// Continues the match recorded at `path` when it is a Reversi or Islands of Hex match
/// (full screen when `full_screen` says so) and gives `None` once it is left; gives the path
/// back for a Three Trios match, which each caller plays its own way. Triad and Hex paths
/// games are refused: they are never saved.
pub fn platform_or_three_trios(
    path: PathBuf,
    full_screen: impl FnOnce() -> Result<bool, Error>,
) -> Result<Option<PathBuf>, Error> {
    match crate::record::game_of_file(&path)? {
        GameKind::ThreeTrios => Ok(Some(path)),
        GameKind::Reversi => duel::resume_reversi(path, full_screen()?).map(|()| None),
        GameKind::Islands => duel::resume_islands(path, full_screen()?).map(|()| None),
        GameKind::Triad | GameKind::HexPaths => Err(Error::Usage(TRIAD_NOT_SAVED.into())),
    }
}
