//! Autosave: where match records go when nobody asked for one and how they are named (the
//! data folder, its matches folder, a fresh file per match). Reading them back (the last
//! unfinished one for `--resume`, pruning old finished ones) is [`crate::record::kept`].
//!
//! Layout: `<data dir>/matches/<YYYYMMDD-HHMMSS>-<seed>.json`, UTC, one file per match, each
//! an ordinary record (see [`crate::record`]) that `trios replay` also reads.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable that overrides the data folder (tests, portable installs).
pub const DATA_DIR_ENV: &str = "TRIOS_DATA_DIR";

/// How many finished records [`crate::record::kept::prune`] keeps; unfinished ones are always kept.
pub const KEEP_FINISHED: usize = 200;

/// Why autosaving, resuming or pruning could not go on.
#[derive(Debug, thiserror::Error)]
pub enum AutosaveError {
    #[error("no data folder is known for this user; set {DATA_DIR_ENV} to a writable folder")]
    NoDataDir,
    #[error(
        "{path}: cannot create the folder for saved matches: {source}; make it writable or set {DATA_DIR_ENV} to another folder"
    )]
    CreateDir {
        path: String,
        source: std::io::Error,
    },
    #[error(
        "{path}: cannot write saved matches in this folder: {source}; make it writable or set {DATA_DIR_ENV} to another folder"
    )]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: cannot list the saved matches: {source}; check the folder's permissions")]
    List {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: cannot delete this old finished match: {source}; delete it by hand")]
    Remove {
        path: String,
        source: std::io::Error,
    },
}

/// The folder trios keeps its data in: `$TRIOS_DATA_DIR` when set and not empty, else the
/// platform's data folder plus `trios` (on Linux `$XDG_DATA_HOME/trios` or
/// `~/.local/share/trios`). `None` when neither is known.
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::data_dir().map(|d| d.join("trios")),
    }
}

/// The folder holding the saved matches of data folder `dir`.
pub fn matches_dir(dir: &Path) -> PathBuf {
    dir.join("matches")
}

/// Creates the matches folder of `dir` (and `dir` itself) if needed; returns it.
pub fn create_matches_dir(dir: &Path) -> Result<PathBuf, AutosaveError> {
    let matches = matches_dir(dir);
    std::fs::create_dir_all(&matches).map_err(|source| AutosaveError::CreateDir {
        path: matches.display().to_string(),
        source,
    })?;
    Ok(matches)
}

/// A fresh file for a match starting now with `seed`:
/// `dir/matches/<UTC YYYYMMDD-HHMMSS>-<seed>.json`, or with `-2`, `-3`… added when that name
/// is taken. The file is created, empty, exclusively: two processes starting in the same
/// second with the same seed never get the same one. (When it cannot be created the first
/// free name is given, and writing the record there reports why.)
pub fn new_match_path(dir: &Path, seed: u64) -> PathBuf {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    unique_path(&matches_dir(dir), &format!("{}-{seed}", utc_timestamp(now)))
}

/// A new autosave file in the data folder for a match dealt with `seed`, its folder created
/// and the file made (empty) now. A match should rather take a [`new_autosave_slot`], whose
/// file is made with the first move, so that a match left before it leaves no file.
pub fn new_autosave_file(seed: u64) -> Result<PathBuf, AutosaveError> {
    let dir = data_dir().ok_or(AutosaveError::NoDataDir)?;
    create_matches_dir(&dir)?;
    Ok(new_match_path(&dir, seed))
}

/// Where a new match's autosave goes, named but not yet created: see [`new_autosave_slot`].
#[derive(Debug, Clone)]
pub struct AutosaveSlot {
    folder: PathBuf,
    /// `<UTC YYYYMMDD-HHMMSS>-<seed>`, the time being the match's start.
    stem: String,
}

impl AutosaveSlot {
    /// Creates the file, empty and exclusively, under the name the match got at its start
    /// (with `-2`, `-3`… when taken meanwhile), and gives its path; called at the first move.
    pub fn create(&self) -> PathBuf {
        unique_path(&self.folder, &self.stem)
    }
}

/// The autosave of a match dealt with `seed` starting now, for a record created at its first
/// move ([`crate::controller::Duel::start_at_first_move`]): a match left before any move
/// leaves no file, even when trios is killed. The folder is made and shown to take files now
/// (a file is created in it and removed), so a data folder that cannot hold the record is
/// reported before play, as before.
pub fn new_autosave_slot(seed: u64) -> Result<AutosaveSlot, AutosaveError> {
    let dir = data_dir().ok_or(AutosaveError::NoDataDir)?;
    let folder = create_matches_dir(&dir)?;
    tempfile::NamedTempFile::new_in(&folder).map_err(|source| AutosaveError::Write {
        path: folder.display().to_string(),
        source,
    })?;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Ok(AutosaveSlot {
        folder,
        stem: format!("{}-{seed}", utc_timestamp(now)),
    })
}

/// Whether the record at `path` was named by [`new_table_match_path`]: a match at a
/// server's table, kept in the same matches folder when a server shares the data folder.
pub fn is_table_match(path: &Path) -> bool {
    path.file_stem()
        .and_then(|stem| stem.to_str())
        .and_then(|stem| stem.rsplit_once("-table"))
        // The table's number, then perhaps the `-2` a taken name got.
        .and_then(|(_, rest)| rest.split('-').next())
        .is_some_and(|table| !table.is_empty() && table.bytes().all(|b| b.is_ascii_digit()))
}

/// Like [`new_match_path`] for a match at a server's table: the table number is part of the
/// name, so tables dealt the same seed in the same second never share a file.
pub fn new_table_match_path(dir: &Path, seed: u64, table: u64) -> PathBuf {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    unique_path(
        &matches_dir(dir),
        &format!("{}-{seed}-table{table}", utc_timestamp(now)),
    )
}

/// How many names [`unique_path`] tries before it gives up creating one.
const NAME_TRIES: u64 = 10_000;

/// `folder/stem.json` if free, else the first free `folder/stem-N.json` for N = 2, 3, …,
/// created empty and exclusively (`create_new`), so no other process can take the same name.
/// When creating fails for another reason than a taken name, the name is given back uncreated
/// and the record's own write says why.
fn unique_path(folder: &Path, stem: &str) -> PathBuf {
    let name = |n: u64| match n {
        1 => folder.join(format!("{stem}.json")),
        n => folder.join(format!("{stem}-{n}.json")),
    };
    for n in 1..=NAME_TRIES {
        let path = name(n);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => return path,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(_) => return path,
        }
    }
    name(NAME_TRIES + 1)
}

/// `YYYYMMDD-HHMMSS` in UTC for `secs` seconds after 1970-01-01 00:00:00 UTC.
pub fn utc_timestamp(secs: u64) -> String {
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // A u64 of days always fits an i64: it is at most u64::MAX / 86,400.
    let (year, month, day) = crate::calendar::civil_from_days(days as i64);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_are_told_by_their_name() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let table = new_table_match_path(dir.path(), 7, 12);
        assert!(is_table_match(&table), "{}", table.display());
        assert!(is_table_match(Path::new(
            "20261129-000000-7-table12-2.json"
        )));
        assert!(!is_table_match(Path::new("20261129-000000-7.json")));
        assert!(!is_table_match(Path::new("my-tablecloth.json")));
    }

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(utc_timestamp(0), "19700101-000000");
        assert_eq!(utc_timestamp(86_399), "19700101-235959");
        assert_eq!(utc_timestamp(951_782_400), "20000229-000000");
        assert_eq!(utc_timestamp(951_868_800), "20000301-000000");
        assert_eq!(utc_timestamp(1_709_210_096), "20240229-123456");
        assert_eq!(utc_timestamp(1_735_689_599), "20241231-235959");
        assert_eq!(utc_timestamp(4_107_542_400), "21000301-000000");
    }

    #[test]
    fn a_taken_name_gets_a_number() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let folder = matches_dir(dir.path());
        std::fs::create_dir_all(&folder).expect("matches folder");
        let first = new_match_path(dir.path(), 7);
        let name = first.file_name().and_then(|n| n.to_str()).unwrap_or("");
        assert!(name.ends_with("-7.json") && name.len() == "YYYYMMDD-HHMMSS-7.json".len());
        assert_eq!(unique_path(&folder, "s"), folder.join("s.json"));
        std::fs::write(folder.join("s.json"), "").expect("write");
        assert_eq!(unique_path(&folder, "s"), folder.join("s-2.json"));
        std::fs::write(folder.join("s-2.json"), "").expect("write");
        assert_eq!(unique_path(&folder, "s"), folder.join("s-3.json"));
    }
}
