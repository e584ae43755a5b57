//! Match records: a versioned JSON file with the full setup and every move, rewritten
//! atomically after each move, and the replay that checks a record move by move.
//!
//! Three Trios records keep the layout of version 1 (no `game` field; each move's card and
//! battle, the final grid), so every trios build reads them; the records of the other games
//! are version 2 and name their game ([`duel`]). A version-1 record is read into version 2's
//! form and replayed by the same code (`v1`). [`game_of`] tells which a file holds before it
//! is parsed in full.

pub mod duel;
pub mod stream;
pub mod target;
mod v1;

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::controller::MatchConfig;
use crate::games::GameKind;
use crate::games::three_trios::config::ConfigError;
use crate::games::three_trios::{BattleStep, Game, Move, MoveOutcome, Outcome, Player, text};

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

/// A whole match as saved on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub version: u32,
    /// The trios version that wrote it, for people reading the file.
    pub written_by: String,
    pub setup: MatchConfig,
    pub moves: Vec<RecordedMove>,
    /// Present once the game is over.
    pub result: Option<FinalState>,
    /// Moves taken back during play, oldest takeback first. `moves` is always the line that
    /// was played on; this is left out when empty, so any version-1 reader loads the file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub takebacks: Vec<Takeback>,
}

/// Moves a person took back (with the computer's replies) to play on differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Takeback {
    /// How many moves stayed; the ones taken back followed them.
    pub after: usize,
    /// The moves taken back, in the order they were played.
    pub moves: Vec<RecordedMove>,
}

/// One accepted move and what it did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    pub player: Player,
    #[serde(rename = "move")]
    pub mv: Move,
    pub card: String,
    pub steps: Vec<BattleStep>,
    /// Red's and Blue's scores after the move.
    pub score: [usize; 2],
}

/// How the game ended: the winner, the scores and the final grid as textual-view rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalState {
    pub outcome: Outcome,
    pub score: [usize; 2],
    pub grid: Vec<String>,
}

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
    Setup { path: String, source: ConfigError },
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

/// What `--record FILE` found in FILE, once [`check_overwrite`] let it through.
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

/// Whether a new record of `setup` may be written at `path`, and whether it continues one:
/// nothing there or an empty file is fresh; a record of the same match is fresh before its
/// first move and continued when unfinished; anything else (a finished match, another match,
/// a file that is not a record) is refused, since writing would destroy it. What is not a
/// regular file is refused even with `--force` (see [`target::check`]).
pub fn check_overwrite(path: &Path, setup: &MatchConfig) -> Result<Existing, RecordError> {
    check_overwrite_by(path, |path| {
        let record = Record::load(path)?;
        Ok((record.setup == *setup).then(|| Progress {
            moves: record.moves.len(),
            finished: record.result.is_some(),
        }))
    })
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

impl Record {
    /// An empty record for a match about to start.
    pub fn new(setup: MatchConfig) -> Record {
        Record {
            format: FORMAT.into(),
            version: VERSION,
            written_by: format!("trios {}", env!("CARGO_PKG_VERSION")),
            setup,
            moves: Vec::new(),
            result: None,
            takebacks: Vec::new(),
        }
    }

    /// Takes back every move after the first `keep`, keeping them as a takeback; `game` is
    /// the position after the moves kept.
    pub fn take_back(&mut self, keep: usize, game: &Game) {
        if keep >= self.moves.len() {
            return;
        }
        let moves = self.moves.split_off(keep);
        self.takebacks.push(Takeback { after: keep, moves });
        self.result = final_state(game);
    }

    /// Adds a move just played; `game` is the state after it.
    pub fn push(&mut self, outcome: &MoveOutcome, game: &Game) {
        self.moves.push(RecordedMove {
            player: outcome.player,
            mv: outcome.mv,
            card: outcome.card.name().to_string(),
            steps: outcome.steps.clone(),
            score: scores(game),
        });
        self.result = final_state(game);
    }

    /// Parses a record, checking format and version before the body so an old or foreign
    /// file gets a plain explanation rather than a field-level complaint.
    pub fn from_json(path: &str, json: &str) -> Result<Record, RecordError> {
        match game_of(path, json)? {
            (GameKind::ThreeTrios, VERSION) => {
                let record: Record = serde_json::from_str(json).map_err(|e| corrupt(path, e))?;
                check_range(path, "setup.think_ms", record.setup.think_ms, THINK_MS)?;
                Ok(record)
            }
            (GameKind::ThreeTrios, found) => Err(RecordError::TriosVersion {
                path: path.into(),
                found,
            }),
            (game, _) => Err(RecordError::OtherGame {
                path: path.into(),
                game,
            }),
        }
    }

    /// Reads a record file.
    pub fn load(path: &Path) -> Result<Record, RecordError> {
        let (name, json) = read(path)?;
        Record::from_json(&name, &json)
    }

    fn to_json(&self) -> String {
        // A record holds only strings, numbers and plain enums: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// The bytes of a record file, as text, with the name errors use: only a regular file of at
/// most [`RECORD_LIMIT`] bytes is read.
fn read(path: &Path) -> Result<(String, String), RecordError> {
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

fn corrupt(path: &str, e: serde_json::Error) -> RecordError {
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
                    GameKind::ALL.map(GameKind::name).join(", ")
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

/// A record of any game, for lists of saved matches and for resuming the latest.
#[derive(Debug, Clone)]
pub enum AnyRecord {
    ThreeTrios(Record),
    Reversi(duel::DuelRecord<crate::games::reversi::Game>),
    Islands(duel::DuelRecord<crate::games::islands::Game>),
}

impl AnyRecord {
    /// Reads a record file of any game.
    pub fn load(path: &Path) -> Result<AnyRecord, RecordError> {
        let (name, json) = read(path)?;
        match game_of(&name, &json)?.0 {
            GameKind::ThreeTrios => Record::from_json(&name, &json).map(AnyRecord::ThreeTrios),
            GameKind::Reversi => duel::DuelRecord::from_json(&name, &json).map(AnyRecord::Reversi),
            GameKind::Islands => duel::DuelRecord::from_json(&name, &json).map(AnyRecord::Islands),
            game @ (GameKind::Triad | GameKind::HexPaths) => Err(RecordError::Corrupt {
                path: name,
                line: 1,
                col: 1,
                message: format!("{} games are not recorded", game.title()),
            }),
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            AnyRecord::ThreeTrios(_) => GameKind::ThreeTrios,
            AnyRecord::Reversi(r) => r.game,
            AnyRecord::Islands(r) => r.game,
        }
    }

    /// Whether the recorded game is over.
    pub fn finished(&self) -> bool {
        match self {
            AnyRecord::ThreeTrios(r) => r.result.is_some(),
            AnyRecord::Reversi(r) => r.result.is_some(),
            AnyRecord::Islands(r) => r.result.is_some(),
        }
    }

    /// How many moves the line played holds.
    pub fn moves(&self) -> usize {
        match self {
            AnyRecord::ThreeTrios(r) => r.moves.len(),
            AnyRecord::Reversi(r) => r.moves.len(),
            AnyRecord::Islands(r) => r.moves.len(),
        }
    }

    /// Whether every move replays as recorded.
    pub fn replays(&self, name: &str) -> bool {
        match self {
            AnyRecord::ThreeTrios(r) => r.replay(name, |_, _| {}).is_ok(),
            AnyRecord::Reversi(r) => r.replay(name, |_, _| {}).is_ok(),
            AnyRecord::Islands(r) => r.replay(name, |_, _| {}).is_ok(),
        }
    }

    /// Whether the game is over once its moves are replayed, whatever the record's `result`
    /// says; `None` when the moves do not replay.
    pub fn over_when_replayed(&self, name: &str) -> Option<bool> {
        match self {
            AnyRecord::ThreeTrios(r) => r.replay_moves(name, |_, _| {}).ok().map(|g| g.is_over()),
            AnyRecord::Reversi(r) => r.replay_moves(name, |_, _| {}).ok().map(|g| g.is_over()),
            AnyRecord::Islands(r) => r.replay_moves(name, |_, _| {}).ok().map(|g| g.is_over()),
        }
    }

    /// Whether the match can go on from this record: `Ok(true)` when it has moves, is not
    /// over (by its `result` and by its replayed game) and every move replays; `Ok(false)` when
    /// it is finished or has no move (nothing to say about it); the reason when it cannot be
    /// continued though it should (a move does not replay, a seat its game does not know).
    pub fn resumable(&self, name: &str) -> Result<bool, RecordError> {
        if self.finished() || self.moves() == 0 {
            return Ok(false);
        }
        let over = match self {
            AnyRecord::ThreeTrios(r) => r.replay_moves(name, |_, _| {})?.is_over(),
            AnyRecord::Reversi(r) => {
                duel::check_seats(r, name)?;
                r.replay_moves(name, |_, _| {})?.is_over()
            }
            AnyRecord::Islands(r) => {
                duel::check_seats(r, name)?;
                r.replay_moves(name, |_, _| {})?.is_over()
            }
        };
        Ok(!over)
    }
}

/// Which game the record file at `path` holds.
pub fn game_of_file(path: &Path) -> Result<GameKind, RecordError> {
    let (name, json) = read(path)?;
    game_of(&name, &json).map(|(game, _)| game)
}

/// Keeps a record file current: after every move the whole file is written to a temporary
/// file beside it and renamed over it, so a crash or kill at any moment leaves either the
/// previous or the new complete record, never half of one.
///
/// The recorder holds the lock of its file ([`target::lock`]) from start to end, so a second
/// trios cannot record into the same file meanwhile.
pub struct Recorder {
    path: PathBuf,
    record: Record,
    lock: File,
}

impl Recorder {
    /// Starts a record and writes it once (no moves), so a bad path fails before play. Only a
    /// regular file or a new path is written, and only when no other trios records into it.
    pub fn create(path: PathBuf, setup: &MatchConfig) -> Result<Recorder, RecordError> {
        let lock = target::lock(&path)?;
        let mut recorder = Recorder {
            path,
            record: Record::new(setup.clone()),
            lock,
        };
        recorder.save()?;
        Ok(recorder)
    }

    /// Continues the record at `path`: takes its file's lock, then loads it. Nothing is
    /// written until the next [`Recorder::push`], which appends and rewrites the file
    /// atomically as usual.
    pub fn resume(path: PathBuf) -> Result<Recorder, RecordError> {
        let lock = target::lock_existing(&path)?;
        let record = Record::load(&path)?;
        Ok(Recorder { path, record, lock })
    }

    /// Adds a move and rewrites the file.
    pub fn push(&mut self, outcome: &MoveOutcome, game: &Game) -> Result<(), RecordError> {
        self.record.push(outcome, game);
        self.save()
    }

    /// Takes back the moves after the first `keep` and rewrites the file.
    pub fn take_back(&mut self, keep: usize, game: &Game) -> Result<(), RecordError> {
        self.record.take_back(keep, game);
        self.save()
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The file the record is kept in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn save(&mut self) -> Result<(), RecordError> {
        self.lock = save_locked(&self.path, &self.record.to_json())?;
        Ok(())
    }
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

fn scores(game: &Game) -> [usize; 2] {
    Player::BOTH.map(|p| game.score(p))
}

fn final_state(game: &Game) -> Option<FinalState> {
    let outcome = game.outcome()?;
    let view = text::render(game);
    let rows = game.grid().rows();
    Some(FinalState {
        outcome,
        score: scores(game),
        grid: view
            .lines()
            .skip(1)
            .take(rows)
            .map(str::to_string)
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::{Seat, SourceFile};
    use crate::games::three_trios::{DealMode, RuleSet};

    fn setup() -> MatchConfig {
        MatchConfig {
            board: SourceFile::default_board(),
            cards: SourceFile::default_cards(),
            deal: DealMode::Shuffle,
            seed: 3,
            rules: RuleSet::default(),
            red: Seat::Human,
            blue: Seat::Human,
            think_ms: 10,
        }
    }

    #[test]
    fn a_takeback_is_kept_beside_the_line_played_and_absent_when_there_is_none() {
        let mut record = Record::new(setup());
        let mut game = record.setup.new_game().unwrap();
        let mut before = Vec::new();
        for _ in 0..3 {
            before.push(game.clone());
            let mv = game.legal_moves().next().unwrap();
            let outcome = game.play(mv).unwrap();
            record.push(&outcome, &game);
        }
        let plain = record.to_json();
        assert!(!plain.contains("takebacks"), "no field without a takeback");
        record.take_back(1, &before[1]);
        assert_eq!(record.moves.len(), 1);
        assert_eq!(record.takebacks[0].after, 1);
        assert_eq!(record.takebacks[0].moves.len(), 2);
        let json = record.to_json();
        let loaded = Record::from_json("r.json", &json).unwrap();
        assert_eq!(loaded, record);
        // The line played replays as any record does.
        loaded.replay("r.json", |_, _| {}).unwrap();
        // A reader that knows nothing of takebacks still loads the record.
        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct Older {
            format: String,
            version: u32,
            setup: MatchConfig,
            moves: Vec<RecordedMove>,
            result: Option<FinalState>,
        }
        let older: Older = serde_json::from_str(&json).unwrap();
        assert_eq!(older.moves.len(), 1);
    }
}
