//! Match records: a versioned JSON file with the full setup and every move, rewritten
//! atomically after each move, and the replay that checks a record move by move.
//!
//! Three Trios records keep the layout of version 1 (no `game` field; each move's card and
//! battle, the final grid), so every trios build reads them; the records of the other games
//! are version 2 and name their game ([`duel`]). A version-1 record is read into version 2's
//! form and replayed by the same code. [`game_of`] tells which a file holds before it is
//! parsed in full; the game's registry entry reads the rest ([`AnyRecord::load`]). What every
//! record shares is here: [`AnyRecord`], the atomic saving, the errors.

pub mod duel;
pub mod hexpaths;
pub mod kept;
pub mod race;
pub mod stream;
pub mod target;
pub mod three_trios;
pub mod triad;

use std::fs::File;
use std::io::Write;
use std::path::Path;

use serde::Deserialize;

use crate::games::GameKind;

use crate::input_file::InputFileError;

/// The `format` field every record carries.
pub const FORMAT: &str = "trios-record";
/// The Three Trios record layout this build writes and reads.
pub const VERSION: u32 = 1;
/// The layout of the other games' records: version 1's fields plus `game`.
pub const GAME_VERSION: u32 = 2;

/// The largest record file read: far above any real match (a 5000x5000 Islands of Hex board
/// filled stone by stone is about 2 GB, which nobody plays; a match of a few hundred thousand
/// moves is some tens of MB), small enough that a wrong file cannot take the memory.
pub const RECORD_LIMIT: u64 = 256 << 20;

/// The thinking times a record may ask for, in milliseconds: those `--think-ms` accepts.
pub const THINK_MS: std::ops::RangeInclusive<u64> = 1..=600_000;

/// Why a record could not be written, read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{path}: cannot write the record: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: cannot read: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: larger than {limit}, far more than any match record; this is not one")]
    TooLarge { path: String, limit: String },
    #[error("{path}: this is a folder; a record is a file: give a file path such as {}", Path::new(.path).join("match.json").display())]
    Folder { path: String },
    #[error(
        "{path}: this is {kind}, not a regular file; records are read from and written to \
         regular files only: give the path of a record file (or a new one)"
    )]
    NotAFile { path: String, kind: &'static str },
    #[error(
        "{path}: this is a symbolic link; a record replaces only a regular file: give the path \
         of the file itself, or another file"
    )]
    Link { path: String },
    #[error(
        "{path}: this record is being written by another trios right now; let that one finish, \
         or choose another file"
    )]
    InUse { path: String },
    #[error("{path}: {field} is {value}, out of range; it must be {range}")]
    Range {
        path: String,
        field: &'static str,
        value: String,
        range: String,
    },
    #[error(
        "{path}: a record of Three Trios is version {VERSION}, but this one says version \
         {found} (with \"game\"); it was not written by trios"
    )]
    TriosVersion { path: String, found: u32 },
    #[error("{path}:{line}:{col}: not a valid record: {message}")]
    Corrupt {
        path: String,
        line: usize,
        col: usize,
        message: String,
    },
    #[error("{path}: not a trios match record (no \"format\": \"{FORMAT}\")")]
    NotARecord { path: String },
    #[error(
        "{path}: record version {found} is not supported; this trios reads versions {VERSION} \
         and {GAME_VERSION}"
    )]
    Version { path: String, found: String },
    #[error("{path}: this is a record of {} where one of {} was expected", .game.title(), .expected.title())]
    WrongGame {
        path: String,
        game: GameKind,
        expected: GameKind,
    },
    #[error("{path}: this is a record of {}, not of Three Trios", .game.title())]
    OtherGame { path: String, game: GameKind },
    #[error("{path}: the recorded setup no longer loads: {source}")]
    Setup {
        path: String,
        /// Why the game's setup does not load, in its own words.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("{path}: {message}; this match cannot go on")]
    Seat { path: String, message: String },
    #[error("{path}: move {number} does not replay: {reason}")]
    Diverged {
        path: String,
        number: usize,
        reason: String,
    },
    #[error(
        "{path}: {what}; --record would overwrite it. Choose another file, or add --force to \
         replace it"
    )]
    WouldOverwrite { path: String, what: String },
}

/// What `--record FILE` found in FILE, once its game's overwrite check (such as
/// [`duel::check_overwrite`]) let it through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Existing {
    /// Nothing worth keeping: no file, an empty one, or this match before its first move.
    Fresh,
    /// This match, unfinished, with moves: it is continued, not started again.
    Continue,
}

/// How far a record of the same match got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub moves: usize,
    pub finished: bool,
}

/// The shared rule behind every game's overwrite check: `same_match` loads the file and gives
/// the progress of this match's record, or `None` for another match's. A record of another
/// game is a different match.
pub(crate) fn check_overwrite_by(
    path: &Path,
    same_match: impl FnOnce(&Path) -> Result<Option<Progress>, RecordError>,
) -> Result<Existing, RecordError> {
    let name = path.display().to_string();
    let refuse = |what: String| {
        Err(RecordError::WouldOverwrite {
            path: name.clone(),
            what,
        })
    };
    match target::check(path)? {
        target::Found::Nothing | target::Found::File(0) => return Ok(Existing::Fresh),
        target::Found::File(_) => {}
    }
    match same_match(path) {
        Ok(Some(Progress { moves: 0, .. })) => Ok(Existing::Fresh),
        Ok(Some(Progress {
            finished: false, ..
        })) => Ok(Existing::Continue),
        Ok(Some(Progress { moves, .. })) => refuse(format!(
            "holds this match, finished after {moves} moves (trios replay shows it)"
        )),
        Ok(None) | Err(RecordError::WrongGame { .. } | RecordError::OtherGame { .. }) => {
            refuse("holds the record of a different match".into())
        }
        Err(e @ (RecordError::Read { .. } | RecordError::TooLarge { .. })) => Err(e),
        Err(_) => refuse("exists and is not a trios match record".into()),
    }
}

/// Checks a number read from a record against the range the command line allows for it.
pub(crate) fn check_range(
    path: &str,
    field: &'static str,
    value: u64,
    range: std::ops::RangeInclusive<u64>,
) -> Result<(), RecordError> {
    if range.contains(&value) {
        return Ok(());
    }
    Err(RecordError::Range {
        path: path.into(),
        field,
        value: value.to_string(),
        range: format!("{} to {}", range.start(), range.end()),
    })
}

/// The bytes of a record file, as text, with the name errors use: only a regular file of at
/// most [`RECORD_LIMIT`] bytes is read.
pub(crate) fn read(path: &Path) -> Result<(String, String), RecordError> {
    let name = path.display().to_string();
    let bytes = crate::input_file::read_limited(path, RECORD_LIMIT).map_err(|e| match e {
        InputFileError::NotRegular {
            kind: "a folder", ..
        } => RecordError::Folder { path: name.clone() },
        InputFileError::NotRegular { kind, .. } => RecordError::NotAFile {
            path: name.clone(),
            kind,
        },
        InputFileError::TooLarge { limit, .. } => RecordError::TooLarge {
            path: name.clone(),
            limit,
        },
        InputFileError::Io { source, .. } => RecordError::Read {
            path: name.clone(),
            source,
        },
    })?;
    let json = String::from_utf8_lossy(&bytes).into_owned();
    Ok((name, json))
}

pub(crate) fn corrupt(path: &str, e: serde_json::Error) -> RecordError {
    RecordError::Corrupt {
        path: path.into(),
        line: e.line(),
        col: e.column(),
        message: e.to_string(),
    }
}

/// The fields that say what a record is; the rest of the file is skipped unread (not copied
/// into memory), though it must still be well-formed JSON.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
    game: Option<serde_json::Value>,
}

/// Which game a record holds and its layout version, read from `format`, `version` and
/// `game` alone: version 1 is always Three Trios, version 2 names its game.
pub fn game_of(path: &str, json: &str) -> Result<(GameKind, u32), RecordError> {
    let header: Header = match serde_json::from_str(json) {
        Ok(header) => header,
        // Well-formed JSON that is not an object (a list, a number): no format field.
        Err(e) if e.classify() == serde_json::error::Category::Data => {
            return Err(RecordError::NotARecord { path: path.into() });
        }
        Err(e) => return Err(corrupt(path, e)),
    };
    if header.format.as_ref().and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(RecordError::NotARecord { path: path.into() });
    }
    let version = header.version.as_ref();
    let game = match version.and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(VERSION) => GameKind::ThreeTrios,
        Some(v) if v == u64::from(GAME_VERSION) => {
            let named = header.game.clone().unwrap_or_default();
            serde_json::from_value(named.clone()).map_err(|_| RecordError::Corrupt {
                path: path.into(),
                line: 1,
                col: 1,
                message: format!(
                    "\"game\" is {named}; expected one of {}",
                    crate::games::game_names()
                ),
            })?
        }
        _ => {
            return Err(RecordError::Version {
                path: path.into(),
                found: version.map_or_else(|| "(missing)".to_string(), |v| v.to_string()),
            });
        }
    };
    Ok((game, version.and_then(|v| v.as_u64()).unwrap_or(0) as u32))
}

/// What the saved list and the resume of the latest match ask of a record, whatever its
/// game: each game's record type answers for itself.
pub trait SavedRecord: std::fmt::Debug + Send + Sync + 'static {
    /// Which game it holds.
    fn game(&self) -> GameKind;
    /// Whether the recorded game is over.
    fn finished(&self) -> bool;
    /// How many moves the line played holds.
    fn moves(&self) -> usize;
    /// Whether every move replays as recorded (the final result too).
    fn replays(&self, name: &str) -> bool;
    /// Whether the game is over once its moves are replayed, whatever the record's result
    /// says; the reason when a move does not replay.
    fn over_when_replayed(&self, name: &str) -> Result<bool, RecordError>;
    /// Why the match could not go on from here though its moves replay (a seat its game
    /// does not know), if anything.
    fn check_continuable(&self, _name: &str) -> Result<(), RecordError> {
        Ok(())
    }
    /// The word its moves are counted in on the saved list and the Resume line, singular:
    /// `move`, or the game's own (`triad`, `round`).
    fn unit(&self) -> &'static str {
        "move"
    }
    /// Whether it is a game one person plays alone (no seats to name): always a person's
    /// own, and told apart by how far it got rather than by its players.
    fn solitaire(&self) -> bool {
        false
    }
    /// The record itself, for its game's entry to read.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// Reads the record `json` of the file named `name`, once its header said which game it is.
pub type ReadRecordFn = fn(&str, &str) -> Result<AnyRecord, RecordError>;

/// A record of any game, for lists of saved matches and for resuming the latest.
#[derive(Debug)]
pub struct AnyRecord(Box<dyn SavedRecord>);

impl AnyRecord {
    /// A record of some game, as the saved list sees it.
    pub fn of(record: impl SavedRecord) -> AnyRecord {
        AnyRecord(Box::new(record))
    }

    /// The record itself, when it is of type `R`.
    pub fn downcast_ref<R: SavedRecord>(&self) -> Option<&R> {
        self.0.as_any().downcast_ref()
    }

    /// Reads a record file of any game: the header says which, and that game's reader,
    /// as `readers` gives it, reads the rest.
    pub fn load(path: &Path, readers: Readers) -> Result<AnyRecord, RecordError> {
        let (name, json) = read(path)?;
        let game = game_of(&name, &json)?.0;
        match readers(game) {
            Some(read_record) => read_record(&name, &json),
            None => Err(RecordError::Corrupt {
                path: name,
                line: 1,
                col: 1,
                message: format!("{} games are not recorded", game.title()),
            }),
        }
    }

    pub fn game(&self) -> GameKind {
        self.0.game()
    }

    /// Whether the recorded game is over.
    pub fn finished(&self) -> bool {
        self.0.finished()
    }

    /// How many moves the line played holds.
    pub fn moves(&self) -> usize {
        self.0.moves()
    }

    /// The word its moves are counted in, singular (`move`, `triad`, `round`).
    pub fn unit(&self) -> &'static str {
        self.0.unit()
    }

    /// Whether one person plays it alone.
    pub fn solitaire(&self) -> bool {
        self.0.solitaire()
    }

    /// Whether every move replays as recorded.
    pub fn replays(&self, name: &str) -> bool {
        self.0.replays(name)
    }

    /// Whether the game is over once its moves are replayed, whatever the record's `result`
    /// says; `None` when the moves do not replay.
    pub fn over_when_replayed(&self, name: &str) -> Option<bool> {
        self.0.over_when_replayed(name).ok()
    }

    /// Whether the match can go on from this record: `Ok(true)` when it has moves, is not
    /// over (by its `result` and by its replayed game) and every move replays; `Ok(false)` when
    /// it is finished or has no move (nothing to say about it); the reason when it cannot be
    /// continued though it should (a move does not replay, a seat its game does not know).
    pub fn resumable(&self, name: &str) -> Result<bool, RecordError> {
        if self.finished() || self.moves() == 0 {
            return Ok(false);
        }
        self.0.check_continuable(name)?;
        Ok(!self.0.over_when_replayed(name)?)
    }
}

/// Each game's reader of its records (`None`: the game is never recorded), as the registry
/// above this layer hands it in.
pub type Readers = fn(GameKind) -> Option<ReadRecordFn>;

/// Which game the record file at `path` holds.
pub fn game_of_file(path: &Path) -> Result<GameKind, RecordError> {
    let (name, json) = read(path)?;
    game_of(&name, &json).map(|(game, _)| game)
}

/// Saves a record's `json` at `path` atomically and gives back the new file, locked; whatever
/// was put at the path meanwhile, a link, device or folder is never replaced.
pub(crate) fn save_locked(path: &Path, json: &str) -> Result<File, RecordError> {
    target::check(path)?;
    write_atomic(path, json.as_bytes()).map_err(|source| RecordError::Write {
        path: path.display().to_string(),
        source,
    })
}

/// Writes `bytes` to a temporary file in the target's folder, flushes it to disk, locks it,
/// then renames it over `path`; gives back the new file, whose lock now guards the record.
/// Only the record's own file is ever replaced: callers hold the lock of the file at `path`
/// ([`target::lock`]), which is a regular file.
///
/// Errors speak of `path` and its folder only: the temporary file is an implementation detail
/// the user never named.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<File> {
    let dir = folder_of(path);
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| in_folder(path, e))?;
    let plain = |e: std::io::Error| std::io::Error::new(e.kind(), plain_io_message(&e));
    tmp.write_all(bytes).map_err(plain)?;
    tmp.write_all(b"\n").map_err(plain)?;
    tmp.as_file().sync_all().map_err(plain)?;
    // A file nobody else has seen: its lock is free.
    tmp.as_file().try_lock().map_err(|e| plain(e.into()))?;
    tmp.persist(path).map_err(|e| plain(e.error))
}

/// The folder a file at `path` goes in.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// An error creating a file beside `path`, said of its folder where that is the cause.
pub(crate) fn in_folder(path: &Path, e: std::io::Error) -> std::io::Error {
    let dir = folder_of(path);
    let why = match e.kind() {
        std::io::ErrorKind::NotFound => {
            format!("the folder {} does not exist", dir.display())
        }
        std::io::ErrorKind::PermissionDenied => {
            format!("no permission to write in {}", dir.display())
        }
        _ => plain_io_message(&e),
    };
    std::io::Error::new(e.kind(), why)
}

/// The OS's description of an I/O error without any path tempfile may have attached
/// ("... at path /dir/.tmpXYZ").
fn plain_io_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" at path ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}
