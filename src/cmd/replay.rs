//! `trios replay FILE`: a recorded match of any game, full screen or as text.

use std::path::Path;

use super::Error;
use crate::cli::{ReplayArgs, Ui};
use crate::registry::{default_entry, entry};
use crate::tui;

/// `trios replay FILE`.
pub fn run(args: &ReplayArgs) -> Result<(), Error> {
    replay_file(&args.file, args.ui)
}

/// `trios replay FILE`: the record at `file` in the front end `ui` asks for, replayed by
/// its game's entry (a file that does not say its game by the first game's).
pub fn replay_file(file: &std::path::Path, ui: Ui) -> Result<(), Error> {
    let kind = crate::record::game_of_file(file).unwrap_or_default();
    match entry(kind).replay.or(default_entry().replay) {
        Some(replay) => replay(file, ui),
        None => Err(Error::Usage(format!("{} has no records", kind.title()))),
    }
}

/// The record at `file` in the full-screen viewer, as a screen of the shell (the home
/// screen's Replay).
pub fn replay_screen(file: &Path) -> Result<tui::Opening, Error> {
    let kind = crate::record::game_of_file(file).unwrap_or_default();
    match entry(kind).replay_screen.or(default_entry().replay_screen) {
        Some(screen) => screen(file),
        None => Err(Error::Usage(format!("{} has no records", kind.title()))),
    }
}
