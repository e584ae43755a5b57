//! Triad solitaire records (version 2, `"game": "triad"`): the seed, every triad taken (its
//! tableau positions and the clock when it was taken), the time played so far and, once the
//! deck is out, the result; written atomically after every triad and when the game is left,
//! replayed triad by triad.

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::race::{RaceRecord, RaceRecorder, ms};
use super::{FORMAT, GAME_VERSION, RecordError};
use crate::autosave::AutosaveError;
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

    /// Deals the game from the seed and takes every recorded triad, calling `visit` with the
    /// start and after every triad; the game as the moves leave it. Whether it is over is
    /// not checked against the result (see [`RaceRecord::replay`]).
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
}

impl RaceRecord for TriadRecord {
    const GAME: GameKind = GameKind::Triad;
    const UNIT: &'static str = "triad";

    fn move_count(&self) -> usize {
        self.moves.len()
    }

    fn finished(&self) -> bool {
        self.result.is_some()
    }

    fn clock_ms(&self) -> u64 {
        self.clock_ms
    }

    fn set_clock_ms(&mut self, ms: u64) {
        self.clock_ms = ms;
    }

    type Game = Game;

    fn play_again(&self, path: &str) -> Result<Game, RecordError> {
        self.replay_moves(path, |_, _| {})
    }

    fn is_over(game: &Game) -> bool {
        game.is_over()
    }

    fn same_result(&self, game: &Game) -> bool {
        self.result
            .is_some_and(|result| result.triads == game.found().len())
    }
}

/// Keeps a Triad record file current, triad by triad ([`RaceRecorder`]).
pub type TriadRecorder = RaceRecorder<TriadRecord>;

impl RaceRecorder<TriadRecord> {
    /// Starts a record of a game from `seed` at `path` and writes it once (no triads), so a
    /// bad path fails before play.
    pub fn create(path: PathBuf, seed: u64) -> Result<TriadRecorder, RecordError> {
        RaceRecorder::start(path, TriadRecord::new(seed))
    }

    /// A triad taken at `cards` with `at` on the clock; `game` is the game after it.
    pub fn push(
        &mut self,
        cards: [usize; 3],
        at: Duration,
        game: &Game,
    ) -> Result<(), RecordError> {
        self.write(|record| {
            record.moves.push(TriadMove {
                cards,
                at_ms: ms(at),
            });
            record.clock_ms = ms(at);
            if game.is_over() {
                record.result = Some(TriadResult {
                    triads: game.found().len(),
                    clock_ms: ms(at),
                });
            }
        })
    }
}

/// A new autosave in the data folder's matches folder for a game from `seed`, its file made
/// with the first triad; why not, when the folder cannot take it.
pub fn autosave(seed: u64) -> Result<TriadRecorder, AutosaveError> {
    RaceRecorder::autosave(seed, TriadRecord::new(seed))
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
