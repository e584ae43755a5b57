//! Three Trios' records: version 1's layout (no `game` field; each move's card and battle,
//! the final grid), the overwrite check for `--record`, and the recorder that keeps such a
//! file current. The replay and the reading into the common form are in `v1`.

mod v1;

use std::fs::File;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{
    Existing, FORMAT, Progress, RecordError, THINK_MS, VERSION, check_overwrite_by, check_range,
    corrupt, game_of, read, save_locked, target,
};
use crate::games::GameKind;
use crate::games::three_trios::{BattleStep, Game, Move, MoveOutcome, Outcome, Player, text};
use crate::setup::three_trios::MatchConfig;

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
    /// Red's and Blue's time left after the move, in milliseconds, on a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<[u64; 2]>,
}

/// How the game ended: the winner, the scores and the final grid as textual-view rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalState {
    pub outcome: Outcome,
    pub score: [usize; 2],
    pub grid: Vec<String>,
    /// The colour whose time ran out, when the game ended on the clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_on_time: Option<Player>,
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

    /// Adds a move just played, with the clocks after it on a clock; `game` is the state
    /// after it.
    pub fn push(&mut self, outcome: &MoveOutcome, game: &Game, clock: Option<[u64; 2]>) {
        self.moves.push(RecordedMove {
            player: outcome.player,
            mv: outcome.mv,
            card: outcome.card.name().to_string(),
            steps: outcome.steps.clone(),
            score: scores(game),
            clock,
        });
        self.result = final_state(game);
    }

    /// The game ended on the clock: `flagged` ran out of time in `game`, which `outcome`
    /// decided.
    pub fn flag(&mut self, flagged: Player, outcome: Outcome, game: &Game) {
        self.result = Some(FinalState {
            outcome,
            score: scores(game),
            grid: grid_rows(game),
            lost_on_time: Some(flagged),
        });
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

impl super::SavedRecord for Record {
    fn game(&self) -> GameKind {
        GameKind::ThreeTrios
    }

    fn finished(&self) -> bool {
        self.result.is_some()
    }

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn replays(&self, name: &str) -> bool {
        self.replay(name, |_, _| {}).is_ok()
    }

    fn over_when_replayed(&self, name: &str) -> Result<bool, RecordError> {
        Ok(self.replay_moves(name, |_, _| {})?.is_over())
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
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

    /// Adds a move (with the clocks after it, on a clock) and rewrites the file.
    pub fn push(
        &mut self,
        outcome: &MoveOutcome,
        game: &Game,
        clock: Option<[u64; 2]>,
    ) -> Result<(), RecordError> {
        self.record.push(outcome, game, clock);
        self.save()
    }

    /// Ends the game on the clock and rewrites the file.
    pub fn flag(
        &mut self,
        flagged: Player,
        outcome: Outcome,
        game: &Game,
    ) -> Result<(), RecordError> {
        self.record.flag(flagged, outcome, game);
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

fn scores(game: &Game) -> [usize; 2] {
    Player::BOTH.map(|p| game.score(p))
}

fn final_state(game: &Game) -> Option<FinalState> {
    Some(FinalState {
        outcome: game.outcome()?,
        score: scores(game),
        grid: grid_rows(game),
        lost_on_time: None,
    })
}

/// The grid as the textual view's rows.
fn grid_rows(game: &Game) -> Vec<String> {
    let view = text::render(game);
    let rows = game.grid().rows();
    view.lines()
        .skip(1)
        .take(rows)
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> MatchConfig {
        MatchConfig {
            clock: None,
            think_ms: 10,
            ..MatchConfig::built_in(3)
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
            record.push(&outcome, &game, None);
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
