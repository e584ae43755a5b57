//! What the race games' saved games share (Triad, Hex paths): a record read only once its
//! header names its game, and a recorder that keeps the file current under its lock. A
//! record gets its file with its first move, as the duels' autosaves do, so a game left
//! before any move leaves nothing behind.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{GAME_VERSION, RecordError, corrupt, game_of, read, target};
use crate::autosave::{AutosaveError, AutosaveSlot};
use crate::games::GameKind;

/// A race game's saved game: its game, its moves, and the clock kept between sessions.
pub trait RaceRecord:
    Serialize + DeserializeOwned + std::fmt::Debug + Send + Sync + 'static
{
    /// The game the record is of.
    const GAME: GameKind;
    /// The word its moves are counted in, singular (`triad`, `round`).
    const UNIT: &'static str;
    /// What serde cannot check of a record just read (a setting out of range).
    fn check(&self, _path: &str) -> Result<(), RecordError> {
        Ok(())
    }
    /// How many moves it holds.
    fn move_count(&self) -> usize;
    /// Whether the game is over (its result is kept).
    fn finished(&self) -> bool;
    /// The clock kept for a resume, in milliseconds.
    fn clock_ms(&self) -> u64;
    /// Keeps `ms` as the clock for a resume.
    fn set_clock_ms(&mut self, ms: u64);
    /// The game its moves make.
    type Game;
    /// Plays the moves again: the game they make, or the move that does not replay. Whether
    /// it is over is not checked against the result (see [`RaceRecord::replay`]).
    fn play_again(&self, path: &str) -> Result<Self::Game, RecordError>;
    /// Whether `game` is over.
    fn is_over(game: &Self::Game) -> bool;
    /// Whether the result kept is the one `game`, which is over, came to.
    fn same_result(&self, game: &Self::Game) -> bool;

    /// Plays the moves again: whether the game is then over, or the move that does not replay.
    fn over_when_replayed(&self, path: &str) -> Result<bool, RecordError> {
        Ok(Self::is_over(&self.play_again(path)?))
    }

    /// Plays the moves again and checks the result: kept exactly when the game is over, and
    /// the one it came to.
    fn replay(&self, path: &str) -> Result<Self::Game, RecordError> {
        let game = self.play_again(path)?;
        let agrees = match (self.finished(), Self::is_over(&game)) {
            (true, true) => self.same_result(&game),
            (kept, over) => kept == over,
        };
        if !agrees {
            return Err(RecordError::Diverged {
                path: path.into(),
                number: self.move_count(),
                reason: "the final result differs from the recorded one".into(),
            });
        }
        Ok(game)
    }

    /// Parses a record of this game, checking format, version and game before the body.
    fn from_json(path: &str, json: &str) -> Result<Self, RecordError> {
        match game_of(path, json)? {
            (game, GAME_VERSION) if game == Self::GAME => {
                let record: Self = serde_json::from_str(json).map_err(|e| corrupt(path, e))?;
                record.check(path)?;
                Ok(record)
            }
            (game, _) => Err(RecordError::WrongGame {
                path: path.into(),
                game,
                expected: Self::GAME,
            }),
        }
    }

    /// Reads a record file of this game.
    fn load(path: &Path) -> Result<Self, RecordError> {
        let (name, json) = read(path)?;
        Self::from_json(&name, &json)
    }

    /// The record as its file holds it.
    fn to_json(&self) -> String {
        // A record holds only strings, numbers and plain enums: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The clock kept for a resume.
    fn clock(&self) -> Duration {
        Duration::from_millis(self.clock_ms())
    }
}

impl<R: RaceRecord> super::SavedRecord for R {
    fn game(&self) -> GameKind {
        R::GAME
    }

    fn finished(&self) -> bool {
        RaceRecord::finished(self)
    }

    fn moves(&self) -> usize {
        self.move_count()
    }

    fn unit(&self) -> &'static str {
        R::UNIT
    }

    /// Only a game one person plays alone is saved.
    fn solitaire(&self) -> bool {
        true
    }

    fn replays(&self, name: &str) -> bool {
        self.replay(name).is_ok()
    }

    fn over_when_replayed(&self, name: &str) -> Result<bool, RecordError> {
        RaceRecord::over_when_replayed(self, name)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Milliseconds of `d`, saturating.
pub(crate) fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Where a recorder writes: a file it holds the lock of, or the name an autosave will take
/// at its first move.
#[derive(Debug)]
enum Place {
    /// `_lock` is held, not read: while it is open no other trios records into the file.
    File {
        path: PathBuf,
        _lock: File,
    },
    Slot(AutosaveSlot),
}

/// Keeps a race game's record current: rewritten atomically after every move, the file
/// locked ([`target::lock`]) so no second trios records into it meanwhile.
///
/// Invariant: an autosave has no file until its first move is written.
#[derive(Debug)]
pub struct RaceRecorder<R> {
    place: Place,
    record: R,
}

impl<R: RaceRecord> RaceRecorder<R> {
    /// Starts `record` at `path` and writes it once, so a bad path fails before play.
    pub fn start(path: PathBuf, record: R) -> Result<RaceRecorder<R>, RecordError> {
        let lock = target::lock(&path)?;
        let mut recorder = RaceRecorder {
            place: Place::File { path, _lock: lock },
            record,
        };
        recorder.save()?;
        Ok(recorder)
    }

    /// Starts `record` as an autosave in the data folder, its file made with its first move.
    pub fn autosave(seed: u64, record: R) -> Result<RaceRecorder<R>, AutosaveError> {
        let slot = crate::autosave::new_autosave_slot(seed)?;
        Ok(RaceRecorder {
            place: Place::Slot(slot),
            record,
        })
    }

    /// Continues the record at `path`: takes its file's lock, then loads it.
    pub fn resume(path: PathBuf) -> Result<RaceRecorder<R>, RecordError> {
        let lock = target::lock_existing(&path)?;
        let record = R::load(&path)?;
        Ok(RaceRecorder {
            place: Place::File { path, _lock: lock },
            record,
        })
    }

    /// The record as last written (or to be written at the first move).
    pub fn record(&self) -> &R {
        &self.record
    }

    /// The file the record is kept in; none before an autosave's first move.
    pub fn path(&self) -> Option<&Path> {
        match &self.place {
            Place::File { path, .. } => Some(path),
            Place::Slot(_) => None,
        }
    }

    /// The file's name for messages, or what stands for it before an autosave's first move.
    pub fn name(&self) -> String {
        self.path().map_or_else(
            || "the autosave of this game (made with its first move)".to_string(),
            |p| p.display().to_string(),
        )
    }

    /// Changes the record (a move taken) and writes it, making an autosave's file now.
    pub fn write(&mut self, change: impl FnOnce(&mut R)) -> Result<(), RecordError> {
        change(&mut self.record);
        self.save()
    }

    /// The game is left with `clock` on its clock (a Hex paths round's, zero between
    /// rounds): kept for the resume, unless the game is over, the clock is the one kept, or
    /// nothing was ever written (no move: no file).
    pub fn leave(&mut self, clock: Duration) -> Result<(), RecordError> {
        self.leave_with(clock, |_| {})
    }

    /// [`RaceRecorder::leave`], with `change` made to the record too (what the move going on
    /// has done so far, such as a hint taken); written only if the record changed.
    pub fn leave_with(
        &mut self,
        clock: Duration,
        change: impl FnOnce(&mut R),
    ) -> Result<(), RecordError> {
        if self.record.finished() || matches!(self.place, Place::Slot(_)) {
            return Ok(());
        }
        let before = self.record.to_json();
        self.record.set_clock_ms(ms(clock));
        change(&mut self.record);
        if self.record.to_json() == before {
            return Ok(());
        }
        self.save()
    }

    fn save(&mut self) -> Result<(), RecordError> {
        let path = match &self.place {
            Place::File { path, .. } => path.clone(),
            Place::Slot(slot) => {
                let path = slot.create();
                target::lock(&path)?;
                path
            }
        };
        let lock = super::save_locked(&path, &self.record.to_json())?;
        self.place = Place::File { path, _lock: lock };
        Ok(())
    }
}
