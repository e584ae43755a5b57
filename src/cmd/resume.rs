//! Resuming a saved match (`trios play --resume`, or Resume on the home screen): the latest
//! unfinished one found; each game's registry entry continues its match its own way.

use std::path::PathBuf;

use super::Error;
use crate::autosave::{self, AutosaveError};

/// A game whose entry cannot continue a record of it.
pub const TRIAD_NOT_SAVED: &str = "games of this kind are not saved, so there is none to resume";

/// The most recent unfinished autosaved match of any game, or why there is none.
pub fn latest_unfinished() -> Result<PathBuf, Error> {
    let dir = autosave::data_dir().ok_or(AutosaveError::NoDataDir)?;
    let warn = &mut |why: String| eprintln!("warning: cannot resume: {why}; skipped");
    crate::record::kept::latest_unfinished_noting(&dir, crate::registry::record_readers, warn)?
        .ok_or_else(|| {
            Error::Usage(format!(
                "no unfinished match to resume in {}",
                autosave::matches_dir(&dir).display()
            ))
        })
}
