//! Match records: a versioned JSON file with the full setup and every move, rewritten
//! atomically after each move, and the replay that checks a record move by move.
//!
//! Three Trios records keep the layout of version 1 (no `game` field), so every trios build
//! reads them; the records of the other games are version 2 and name their game
//! ([`duel`]). [`game_of`] tells which a file holds before it is parsed in full.

pub mod duel;

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::controller::MatchConfig;
use crate::games::GameKind;
use crate::games::three_trios::config::ConfigError;
use crate::games::three_trios::{BattleStep, Game, Move, MoveOutcome, Outcome, Player, text};

/// The `format` field every record carries.
pub const FORMAT: &str = "trios-record";
/// The Three Trios record layout this build writes and reads.
pub const VERSION: u32 = 1;
/// The layout of the other games' records: version 1's fields plus `game`.
pub const GAME_VERSION: u32 = 2;

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

/// Whether a new record of `setup` may be written at `path`: yes when nothing is there, the
/// file is empty, or it is a trios record of the same match (same setup); otherwise the
/// reason it would destroy something else.
pub fn check_overwrite(path: &Path, setup: &MatchConfig) -> Result<(), RecordError> {
    check_overwrite_by(path, |path| Record::load(path).map(|r| r.setup == *setup))
}

/// The shared rule behind every game's overwrite check: nothing at `path`, an empty file,
/// or a record that `same_match` (a load and comparison of setups) says is this match's.
/// A record of another game is a different match.
pub(crate) fn check_overwrite_by(
    path: &Path,
    same_match: impl FnOnce(&Path) -> Result<bool, RecordError>,
) -> Result<(), RecordError> {
    let name = path.display().to_string();
    let refuse = |what: &str| {
        Err(RecordError::WouldOverwrite {
            path: name.clone(),
            what: what.to_string(),
        })
    };
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(source) => return Err(RecordError::Read { path: name, source }),
    };
    if meta.is_dir() {
        return refuse("is a folder");
    }
    if meta.len() == 0 {
        return Ok(());
    }
    match same_match(path) {
        Ok(true) => Ok(()),
        Ok(false) | Err(RecordError::WrongGame { .. } | RecordError::OtherGame { .. }) => {
            refuse("holds the record of a different match")
        }
        Err(RecordError::Read { path, source }) => Err(RecordError::Read { path, source }),
        Err(_) => refuse("exists and is not a trios match record"),
    }
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
                serde_json::from_str(json).map_err(|e| corrupt(path, e))
            }
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

    /// Replays the record from its setup, calling `visit` with the start position and after
    /// every move, and checks each move's result and the final state against what was
    /// recorded. Returns the final game.
    pub fn replay(
        &self,
        path: &str,
        mut visit: impl FnMut(&Game, Option<&MoveOutcome>),
    ) -> Result<Game, RecordError> {
        let mut game = self.setup.new_game().map_err(|source| RecordError::Setup {
            path: path.into(),
            source,
        })?;
        visit(&game, None);
        for (i, recorded) in self.moves.iter().enumerate() {
            let diverged = |reason: String| RecordError::Diverged {
                path: path.into(),
                number: i + 1,
                reason,
            };
            if game.turn() != recorded.player || game.is_over() {
                return Err(diverged(format!(
                    "recorded for {}, but {} is to move",
                    recorded.player,
                    if game.is_over() {
                        "nobody".to_string()
                    } else {
                        game.turn().to_string()
                    }
                )));
            }
            let outcome = game
                .play(recorded.mv)
                .map_err(|e| diverged(e.to_string()))?;
            if outcome.card.name() != recorded.card {
                return Err(diverged(format!(
                    "recorded card {} but hand index {} is {}",
                    recorded.card,
                    recorded.mv.hand,
                    outcome.card.name()
                )));
            }
            if outcome.steps != recorded.steps || scores(&game) != recorded.score {
                return Err(diverged("the battle came out differently".into()));
            }
            visit(&game, Some(&outcome));
        }
        if final_state(&game) != self.result {
            return Err(RecordError::Diverged {
                path: path.into(),
                number: self.moves.len(),
                reason: "the final state differs from the recorded one".into(),
            });
        }
        Ok(game)
    }

    fn to_json(&self) -> String {
        // A record holds only strings, numbers and plain enums: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// The bytes of a record file, as text, with the name errors use.
fn read(path: &Path) -> Result<(String, String), RecordError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| RecordError::Read {
        path: name.clone(),
        source,
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

/// Which game a record holds and its layout version, read from `format`, `version` and
/// `game` alone: version 1 is always Three Trios, version 2 names its game.
pub fn game_of(path: &str, json: &str) -> Result<(GameKind, u32), RecordError> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| corrupt(path, e))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(RecordError::NotARecord { path: path.into() });
    }
    let version = value.get("version");
    let game = match version.and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(VERSION) => GameKind::ThreeTrios,
        Some(v) if v == u64::from(GAME_VERSION) => {
            let named = value.get("game").cloned().unwrap_or_default();
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
}

/// Which game the record file at `path` holds.
pub fn game_of_file(path: &Path) -> Result<GameKind, RecordError> {
    let (name, json) = read(path)?;
    game_of(&name, &json).map(|(game, _)| game)
}

/// Keeps a record file current: after every move the whole file is written to a temporary
/// file beside it and renamed over it, so a crash or kill at any moment leaves either the
/// previous or the new complete record, never half of one.
pub struct Recorder {
    path: PathBuf,
    record: Record,
}

impl Recorder {
    /// Starts a record and writes it once (no moves), so a bad path fails before play.
    pub fn create(path: PathBuf, setup: &MatchConfig) -> Result<Recorder, RecordError> {
        let recorder = Recorder {
            path,
            record: Record::new(setup.clone()),
        };
        recorder.save()?;
        Ok(recorder)
    }

    /// Continues `record`, already on disk at `path`: nothing is written until the next
    /// [`Recorder::push`], which appends and rewrites the file atomically as usual.
    pub fn resume(path: PathBuf, record: Record) -> Recorder {
        Recorder { path, record }
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

    fn save(&self) -> Result<(), RecordError> {
        write_atomic(&self.path, self.record.to_json().as_bytes()).map_err(|source| {
            RecordError::Write {
                path: self.path.display().to_string(),
                source,
            }
        })
    }
}

/// Writes `bytes` to a temporary file in the target's folder, flushes it to disk, then
/// renames it over `path`.
///
/// Errors speak of `path` and its folder only: the temporary file is an implementation detail
/// the user never named.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let in_folder = |e: std::io::Error| {
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
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(in_folder)?;
    let plain = |e: std::io::Error| std::io::Error::new(e.kind(), plain_io_message(&e));
    tmp.write_all(bytes).map_err(plain)?;
    tmp.write_all(b"\n").map_err(plain)?;
    tmp.as_file().sync_all().map_err(plain)?;
    tmp.persist(path).map_err(|e| plain(e.error))?;
    Ok(())
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
