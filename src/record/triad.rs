//! Triad solitaire records (version 2, `"game": "triad"`): the seed, every triad taken (its
//! tableau positions and the clock when it was taken), the time played so far and, once the
//! deck is out, the result; written atomically after every triad and when the game is left,
//! replayed triad by triad.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{FORMAT, GAME_VERSION, RecordError, corrupt, game_of, read, target};
use crate::games::GameKind;
use crate::games::triad::Game;

/// A whole Triad solitaire as saved on disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TriadRecord {
    pub format: String,
    pub version: u32,
    pub game: GameKind,
    /// The trios version that wrote it, for people reading the file.
    pub written_by: String,
    /// The deal: the deck is shuffled from it.
    pub seed: u64,
    /// The triads taken, in order.
    pub moves: Vec<TriadMove>,
    /// The time on the clock when the record was last written, in milliseconds.
    pub clock_ms: u64,
    /// Present once the game is over.
    pub result: Option<TriadResult>,
}

/// One triad taken: its tableau positions (as the brief numbers them) and the clock then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriadMove {
    pub cards: [usize; 3],
    pub at_ms: u64,
}

/// How the game ended: triads found and the time it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriadResult {
    pub triads: usize,
    pub clock_ms: u64,
}

/// Milliseconds of `d`, saturating.
fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl TriadRecord {
    /// An empty record for a game dealt from `seed`.
    pub fn new(seed: u64) -> TriadRecord {
        TriadRecord {
            format: FORMAT.into(),
            version: GAME_VERSION,
            game: GameKind::Triad,
            written_by: format!("trios {}", env!("CARGO_PKG_VERSION")),
            seed,
            moves: Vec::new(),
            clock_ms: 0,
            result: None,
        }
    }

    /// Parses a Triad record, checking format, version and game before the body.
    pub fn from_json(path: &str, json: &str) -> Result<TriadRecord, RecordError> {
        match game_of(path, json)? {
            (GameKind::Triad, GAME_VERSION) => {
                serde_json::from_str(json).map_err(|e| corrupt(path, e))
            }
            (game, _) => Err(RecordError::WrongGame {
                path: path.into(),
                game,
                expected: GameKind::Triad,
            }),
        }
    }

    /// Reads a Triad record file.
    pub fn load(path: &Path) -> Result<TriadRecord, RecordError> {
        let (name, json) = read(path)?;
        TriadRecord::from_json(&name, &json)
    }

    /// The time on the clock as last saved.
    pub fn clock(&self) -> Duration {
        Duration::from_millis(self.clock_ms)
    }

    /// Deals the game from the seed and takes every recorded triad, calling `visit` with the
    /// start and after every triad; the game as the moves leave it. Whether it is over is
    /// not checked against the result (see [`TriadRecord::replay`]).
    pub fn replay_moves(
        &self,
        path: &str,
        mut visit: impl FnMut(&Game, Option<&TriadMove>),
    ) -> Result<Game, RecordError> {
        let mut game = Game::new(self.seed);
        visit(&game, None);
        for (i, mv) in self.moves.iter().enumerate() {
            game.pick(mv.cards).map_err(|e| RecordError::Diverged {
                path: path.into(),
                number: i + 1,
                reason: e.to_string(),
            })?;
            visit(&game, Some(mv));
        }
        Ok(game)
    }

    /// [`TriadRecord::replay_moves`], then the result checked: present exactly when the game
    /// is over, with the triads found.
    pub fn replay(&self, path: &str) -> Result<Game, RecordError> {
        let game = self.replay_moves(path, |_, _| {})?;
        let triads = game.found().len();
        let agrees = match self.result {
            Some(result) => game.is_over() && result.triads == triads,
            None => !game.is_over(),
        };
        if !agrees {
            return Err(RecordError::Diverged {
                path: path.into(),
                number: self.moves.len(),
                reason: "the final result differs from the recorded one".into(),
            });
        }
        Ok(game)
    }

    fn to_json(&self) -> String {
        // A record holds only strings, numbers and plain enums: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

impl super::SavedRecord for TriadRecord {
    fn game(&self) -> GameKind {
        GameKind::Triad
    }

    fn finished(&self) -> bool {
        self.result.is_some()
    }

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn replays(&self, name: &str) -> bool {
        self.replay(name).is_ok()
    }

    fn over_when_replayed(&self, name: &str) -> Result<bool, RecordError> {
        Ok(self.replay_moves(name, |_, _| {})?.is_over())
    }

    fn unit(&self) -> &'static str {
        "triad"
    }

    fn solitaire(&self) -> bool {
        true
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Keeps a Triad record file current, rewriting it atomically after every triad, and holds
/// its lock ([`target::lock`]) so no second trios records into it meanwhile.
#[derive(Debug)]
pub struct TriadRecorder {
    path: PathBuf,
    record: TriadRecord,
    lock: File,
}

impl TriadRecorder {
    /// Starts a record of a game from `seed` at `path` and writes it once (no triads), so a
    /// bad path fails before play.
    pub fn create(path: PathBuf, seed: u64) -> Result<TriadRecorder, RecordError> {
        let lock = target::lock(&path)?;
        let mut recorder = TriadRecorder {
            path,
            record: TriadRecord::new(seed),
            lock,
        };
        recorder.save()?;
        Ok(recorder)
    }

    /// Continues the record at `path`: takes its file's lock, then loads it.
    pub fn resume(path: PathBuf) -> Result<TriadRecorder, RecordError> {
        let lock = target::lock_existing(&path)?;
        let record = TriadRecord::load(&path)?;
        Ok(TriadRecorder { path, record, lock })
    }

    /// A triad taken at `cards` with `at` on the clock; `game` is the game after it.
    pub fn push(
        &mut self,
        cards: [usize; 3],
        at: Duration,
        game: &Game,
    ) -> Result<(), RecordError> {
        self.record.moves.push(TriadMove {
            cards,
            at_ms: ms(at),
        });
        self.record.clock_ms = ms(at);
        if game.is_over() {
            self.record.result = Some(TriadResult {
                triads: game.found().len(),
                clock_ms: ms(at),
            });
        }
        self.save()
    }

    /// The game is left with `at` on the clock: the time played is kept for its resume.
    pub fn leave(&mut self, at: Duration) -> Result<(), RecordError> {
        if self.record.result.is_some() || ms(at) == self.record.clock_ms {
            return Ok(());
        }
        self.record.clock_ms = ms(at);
        self.save()
    }

    pub fn record(&self) -> &TriadRecord {
        &self.record
    }

    /// The file the record is kept in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn save(&mut self) -> Result<(), RecordError> {
        self.lock = super::save_locked(&self.path, &self.record.to_json())?;
        Ok(())
    }
}

/// A new record in the data folder's matches folder for a game from `seed`, as every
/// game's autosave is named; the reason, in words, when it cannot be made.
pub fn autosave(seed: u64) -> Result<TriadRecorder, String> {
    let path = crate::autosave::new_autosave_file(seed).map_err(|e| e.to_string())?;
    TriadRecorder::create(path, seed).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::triad::first_triad;

    #[test]
    fn a_record_replays_its_triads_and_refuses_one_that_is_not() {
        let mut game = Game::new(5);
        let mut record = TriadRecord::new(5);
        for i in 0..3u64 {
            let cards = first_triad(game.tableau()).expect("a triad");
            game.pick(cards).expect("taken");
            record.moves.push(TriadMove {
                cards,
                at_ms: 1000 * (i + 1),
            });
        }
        let json = record.to_json();
        let back = TriadRecord::from_json("t.json", &json).expect("reads back");
        assert_eq!(back, record);
        assert_eq!(back.replay("t.json").expect("replays"), game);
        let mut wrong = record.clone();
        // The same card twice is never a triad.
        wrong.moves[1].cards = [0, 0, 1];
        assert!(matches!(
            wrong.replay("t.json"),
            Err(RecordError::Diverged { number: 2, .. })
        ));
        let mut finished = record;
        finished.result = Some(TriadResult {
            triads: 3,
            clock_ms: 3000,
        });
        assert!(finished.replay("t.json").is_err(), "not over after 3");
    }
}
