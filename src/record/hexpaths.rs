//! Hex paths records of a lone player (version 2, `"game": "hexpaths"`): the seed and the
//! settings, each round played (the move that solved it and the clock then, or none when
//! the time ran out), the clock of the round going on and, once the last round is over, the
//! score; written atomically after every round and when the game is left, replayed round by
//! round. A round solved after a hint says so (`"hinted": true`, absent otherwise), so the
//! replay scores it as the game did.

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::race::{RaceRecord, RaceRecorder, ms};
use super::{FORMAT, GAME_VERSION, RecordError};
use crate::autosave::AutosaveError;
use crate::games::GameKind;
use crate::games::hexpaths::round::{Demonstration, Game, Settings};
use crate::games::hexpaths::{Difficulty, Step};

/// The name a lone player plays under.
const YOU: &str = "you";

/// The most rounds and pieces a record may ask for: what `trios play` accepts is far below.
const MOST_ROUNDS: usize = 1_000;
const MOST_PIECES: usize = 4;

/// A whole lone game of Hex paths as saved on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexRecord {
    pub format: String,
    pub version: u32,
    pub game: GameKind,
    /// The trios version that wrote it, for people reading the file.
    pub written_by: String,
    /// The deal: the board and every round's objective follow from it.
    pub seed: u64,
    pub setup: HexSetup,
    /// The rounds played, in order.
    pub moves: Vec<HexRound>,
    /// The time on the clock of the round going on when the record was last written, in
    /// milliseconds (0 between rounds).
    pub clock_ms: u64,
    /// Whether a hint was taken in the round going on when the game was left (so a resumed
    /// round scores as hinted). Written only when true.
    #[serde(default, skip_serializing_if = "is_false")]
    pub round_hinted: bool,
    /// The score, once the last round is over.
    pub result: Option<i32>,
}

/// The settings of the game, as `trios play` takes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexSetup {
    pub pieces: usize,
    pub rounds: usize,
    pub round_ms: u64,
    /// Every round's difficulty (`easy` …), or rising through the game when absent.
    pub difficulty: Option<String>,
}

/// One round played: the move that solved it (each step a `[from, to]` pair of cells) and
/// the clock then; no move when the time ran out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexRound {
    #[serde(rename = "move")]
    pub steps: Option<Vec<[u8; 2]>>,
    pub at_ms: u64,
    /// Whether a hint was taken in the round (a win in it scores 1). Written only when
    /// true, so records from before it was kept read as they were.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hinted: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl HexSetup {
    fn of(settings: &Settings) -> HexSetup {
        HexSetup {
            pieces: settings.pieces,
            rounds: settings.rounds,
            round_ms: ms(settings.round_time),
            difficulty: settings.difficulty.map(|d| d.name().to_string()),
        }
    }

    /// The settings again; what is out of range is refused naming the file.
    pub fn settings(&self, path: &str) -> Result<Settings, RecordError> {
        super::check_range(
            path,
            "setup.pieces",
            self.pieces as u64,
            1..=MOST_PIECES as u64,
        )?;
        super::check_range(
            path,
            "setup.rounds",
            self.rounds as u64,
            1..=MOST_ROUNDS as u64,
        )?;
        super::check_range(path, "setup.round_ms", self.round_ms, 1..=86_400_000)?;
        let difficulty = match &self.difficulty {
            None => None,
            Some(name) => Some(name.parse::<Difficulty>().map_err(|_| RecordError::Range {
                path: path.into(),
                field: "setup.difficulty",
                value: name.clone(),
                range: Difficulty::ALL.map(Difficulty::name).join(", "),
            })?),
        };
        Ok(Settings {
            pieces: self.pieces,
            rounds: self.rounds,
            round_time: Duration::from_millis(self.round_ms),
            difficulty,
        })
    }
}

impl HexRecord {
    /// An empty record for a lone game from `seed` with `settings`.
    pub fn new(seed: u64, settings: &Settings) -> HexRecord {
        HexRecord {
            format: FORMAT.into(),
            version: GAME_VERSION,
            game: GameKind::HexPaths,
            written_by: format!("trios {}", env!("CARGO_PKG_VERSION")),
            seed,
            setup: HexSetup::of(settings),
            moves: Vec::new(),
            clock_ms: 0,
            round_hinted: false,
            result: None,
        }
    }

    /// Deals the game and plays every recorded round again: each move must solve its round.
    /// The game as the rounds leave it (between rounds).
    pub fn replay_moves(&self, path: &str) -> Result<Game, RecordError> {
        let settings = self.setup.settings(path)?;
        let mut game = Game::new(self.seed, settings, vec![YOU.to_string()]);
        for (i, round) in self.moves.iter().enumerate() {
            let diverged = |reason: String| RecordError::Diverged {
                path: path.into(),
                number: i + 1,
                reason,
            };
            if game.start_round().is_none() {
                return Err(diverged("the game was already over".into()));
            }
            if round.hinted {
                game.take_hint().map_err(|e| diverged(e.to_string()))?;
            }
            let winner = match &round.steps {
                None => None,
                Some(pairs) => {
                    let steps: Vec<Step> =
                        pairs.iter().map(|&[from, to]| Step { from, to }).collect();
                    let at = Duration::from_millis(round.at_ms);
                    match game.demonstrate(0, &steps, at) {
                        Ok(Demonstration::Wins { .. }) => Some((0, steps)),
                        Ok(Demonstration::Fails { why }) => return Err(diverged(why)),
                        Err(e) => return Err(diverged(e.to_string())),
                    }
                }
            };
            game.finish(winner);
        }
        Ok(game)
    }
}

impl RaceRecord for HexRecord {
    const GAME: GameKind = GameKind::HexPaths;
    const UNIT: &'static str = "round";

    fn check(&self, path: &str) -> Result<(), RecordError> {
        self.setup.settings(path).map(|_| ())
    }

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
        self.replay_moves(path)
    }

    fn is_over(game: &Game) -> bool {
        game.is_over()
    }

    fn same_result(&self, game: &Game) -> bool {
        let score = game.players().first().map_or(0, |p| p.score);
        self.result == Some(score)
    }
}

/// Keeps a Hex paths record file current, round by round ([`RaceRecorder`]).
pub type HexRecorder = RaceRecorder<HexRecord>;

impl RaceRecorder<HexRecord> {
    /// Starts a record of a lone game at `path` and writes it once (no round), so a bad path
    /// fails before play.
    pub fn create(
        path: PathBuf,
        seed: u64,
        settings: &Settings,
    ) -> Result<HexRecorder, RecordError> {
        RaceRecorder::start(path, HexRecord::new(seed, settings))
    }

    /// A round ended: solved by `steps` with `at` on its clock, or not (`None`), after a
    /// hint or not (`hinted`); `game` is the game after it.
    pub fn push(
        &mut self,
        steps: Option<&[Step]>,
        at: Duration,
        hinted: bool,
        game: &Game,
    ) -> Result<(), RecordError> {
        self.write(|record| {
            record.moves.push(HexRound {
                steps: steps.map(|s| s.iter().map(|s| [s.from, s.to]).collect()),
                at_ms: ms(at),
                hinted,
            });
            record.clock_ms = 0;
            record.round_hinted = false;
            if game.is_over() {
                record.result = game.players().first().map(|p| p.score);
            }
        })
    }
}

/// A new autosave in the data folder's matches folder for a lone game from `seed`, its file
/// made with the first round; why not, when the folder cannot take it.
pub fn autosave(seed: u64, settings: &Settings) -> Result<HexRecorder, AutosaveError> {
    RaceRecorder::autosave(seed, HexRecord::new(seed, settings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_replays_its_rounds_and_refuses_a_move_that_does_not_solve() {
        let settings = Settings::default();
        let mut game = Game::new(3, settings.clone(), vec![YOU.into()]);
        let mut record = HexRecord::new(3, &settings);
        for i in 0..2u64 {
            let round = game.start_round().cloned().expect("a round");
            let steps = round.objective.solution.steps.clone();
            let at = Duration::from_secs(10 * (i + 1));
            game.demonstrate(0, &steps, at).expect("judged");
            game.finish(Some((0, steps.clone())));
            record.moves.push(HexRound {
                steps: Some(steps.iter().map(|s| [s.from, s.to]).collect()),
                at_ms: ms(at),
                hinted: false,
            });
        }
        record.moves.push(HexRound {
            steps: None,
            at_ms: 60_000,
            hinted: false,
        });
        let json = record.to_json();
        let back = HexRecord::from_json("h.json", &json).expect("reads back");
        assert_eq!(back, record);
        let replayed = back.replay("h.json").expect("replays");
        assert_eq!(replayed.outcomes().len(), 3);
        assert_eq!(replayed.players()[0].score, game.players()[0].score);
        let mut wrong = record;
        if let Some(steps) = &mut wrong.moves[1].steps {
            steps.truncate(steps.len() - 1);
            steps.push([0, 0]);
        }
        assert!(matches!(
            wrong.replay("h.json"),
            Err(RecordError::Diverged { number: 2, .. })
        ));
    }
}
