//! The records kept in the data folder's matches folder, read back: the finished ones
//! changed since a time, the latest unfinished match a person can go on with, and old
//! finished ones pruned. Each game's reader is handed in ([`Readers`]).

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::{AnyRecord, Readers};
use crate::autosave::{AutosaveError, KEEP_FINISHED, matches_dir};

/// A record found in the matches folder.
struct Saved {
    path: PathBuf,
    modified: SystemTime,
    record: AnyRecord,
}

/// Every `*.json` file in `dir`'s matches folder that loads as a record (read by
/// `readers`), newest first (by modification time, then by name, which starts with the
/// start time). Files that cannot be read or are not records are skipped. A missing folder
/// holds no matches.
fn saved_matches(dir: &Path, readers: Readers) -> Result<Vec<Saved>, AutosaveError> {
    saved_since(dir, UNIX_EPOCH, readers, &mut |_| {})
}

/// [`saved_matches`] of the files changed at or after `since` (others are not read),
/// telling `skipped` why each file passed over was (once per file).
fn saved_since(
    dir: &Path,
    since: SystemTime,
    readers: Readers,
    skipped: &mut dyn FnMut(String),
) -> Result<Vec<Saved>, AutosaveError> {
    let folder = matches_dir(dir);
    let entries = match std::fs::read_dir(&folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(AutosaveError::List {
                path: folder.display().to_string(),
                source,
            });
        }
    };
    let mut saved: Vec<Saved> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .filter_map(|path| {
            let meta = std::fs::metadata(&path).ok()?;
            let modified = meta.modified().unwrap_or(UNIX_EPOCH);
            // An empty file is a name taken for a match whose first save has not happened
            // (or never will).
            if !meta.is_file() || meta.len() == 0 || modified < since {
                return None;
            }
            let record = AnyRecord::load(&path, readers)
                .map_err(|e| skipped(format!("{e}")))
                .ok()?;
            Some(Saved {
                path,
                modified,
                record,
            })
        })
        .collect();
    saved.sort_by(|a, b| (b.modified, &b.path).cmp(&(a.modified, &a.path)));
    Ok(saved)
}

/// The finished records of `dir`'s matches folder last changed at or after `since`, each
/// with its path and when it changed, oldest first. Files changed before `since` are not
/// read; files that are not records are passed over.
pub fn finished_since(
    dir: &Path,
    since: SystemTime,
    readers: Readers,
) -> Result<Vec<(PathBuf, SystemTime, AnyRecord)>, AutosaveError> {
    let mut found: Vec<_> = saved_since(dir, since, readers, &mut |_| {})?
        .into_iter()
        .filter(|s| s.record.finished())
        .map(|s| (s.path, s.modified, s.record))
        .collect();
    found.reverse();
    Ok(found)
}

/// The most recently changed saved match that is unfinished and replays cleanly, so its
/// game can continue it. Corrupt, foreign and finished files are passed over; only an
/// unlistable folder is an error.
pub fn latest_unfinished(dir: &Path, readers: Readers) -> Result<Option<PathBuf>, AutosaveError> {
    latest_unfinished_noting(dir, readers, &mut |_| {})
}

/// [`latest_unfinished`], telling `skipped` about each file passed over that might have been
/// the one (not a record, a move that does not replay, a seat its game does not know, a match
/// going on in another trios), once each, with the reason. Finished matches, and matches left
/// before their first move, are passed over without a word.
pub fn latest_unfinished_noting(
    dir: &Path,
    readers: Readers,
    skipped: &mut dyn FnMut(String),
) -> Result<Option<PathBuf>, AutosaveError> {
    Ok(latest_unfinished_where(dir, readers, skipped, &|_| true)?.map(|found| found.path))
}

/// An unfinished match [`latest_unfinished_where`] found: its file, its record and when the
/// file last changed.
#[derive(Debug)]
pub struct Unfinished {
    pub path: PathBuf,
    pub record: AnyRecord,
    pub modified: SystemTime,
}

/// [`latest_unfinished_noting`] among the records `wanted` accepts only; the others are
/// passed over without a word, as if they were not there (the home screen's Resume wants a
/// match with a person in it, not one two computers played while someone watched).
pub fn latest_unfinished_where(
    dir: &Path,
    readers: Readers,
    skipped: &mut dyn FnMut(String),
    wanted: &dyn Fn(&AnyRecord) -> bool,
) -> Result<Option<Unfinished>, AutosaveError> {
    for saved in saved_since(dir, UNIX_EPOCH, readers, skipped)? {
        if !wanted(&saved.record) {
            continue;
        }
        let name = saved.path.display().to_string();
        match saved.record.resumable(&name) {
            Ok(false) => {}
            Err(e) => skipped(e.to_string()),
            Ok(true) if crate::record::target::in_use(&saved.path) => {
                skipped(format!(
                    "{name}: is being played in another trios right now"
                ));
            }
            Ok(true) => {
                return Ok(Some(Unfinished {
                    path: saved.path,
                    record: saved.record,
                    modified: saved.modified,
                }));
            }
        }
    }
    Ok(None)
}

/// Deletes the oldest finished records beyond the newest [`KEEP_FINISHED`], and records of
/// matches left before their first move; returns how many were deleted. Unfinished records
/// with moves and files that are not records are never touched. (A match still running with
/// no move yet loses nothing: its next save writes the whole record again.)
pub fn prune(dir: &Path, readers: Readers) -> Result<usize, AutosaveError> {
    prune_where(dir, readers, true)
}

/// Deletes the oldest finished records beyond the newest [`KEEP_FINISHED`] alone: what a
/// command or the home screen does when it is done with a match, while other matches may be
/// starting beside it.
pub fn prune_finished(dir: &Path, readers: Readers) -> Result<usize, AutosaveError> {
    prune_where(dir, readers, false)
}

/// [`prune`], the records of matches left before their first move only with `empty`.
fn prune_where(dir: &Path, readers: Readers, empty: bool) -> Result<usize, AutosaveError> {
    let (finished, unfinished): (Vec<Saved>, Vec<Saved>) = saved_matches(dir, readers)?
        .into_iter()
        .partition(|s| s.record.finished());
    let old: Vec<Saved> = finished
        .into_iter()
        .skip(KEEP_FINISHED)
        .chain((unfinished.into_iter()).filter(|s| empty && s.record.moves() == 0))
        // A match being played now keeps its file, whatever it holds so far.
        .filter(|s| !crate::record::target::in_use(&s.path))
        .collect();
    for saved in &old {
        std::fs::remove_file(&saved.path).map_err(|source| AutosaveError::Remove {
            path: saved.path.display().to_string(),
            source,
        })?;
    }
    Ok(old.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_holds_no_matches() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let nowhere = dir.path().join("nowhere");
        assert!(matches!(latest_unfinished(&nowhere, |_| None), Ok(None)));
        assert!(matches!(prune(&nowhere, |_| None), Ok(0)));
    }
}
