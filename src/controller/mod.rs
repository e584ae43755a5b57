//! A match: the setup it came from, two seats (human or computer), the moves so far, and the
//! record kept on disk as it goes. Every front end plays through this.

mod config;
mod seat;

pub use config::{MatchConfig, SourceFile};
pub use seat::Seat;

use std::path::PathBuf;

use crate::record::{RecordError, Recorder};
use crate::trios::ai::{self, Strategy};
use crate::trios::config::ConfigError;
use crate::trios::{Game, Move, MoveError, MoveOutcome, Player};

/// A match in progress: the game, who sits in each seat, and what has happened.
///
/// Invariant: `history` holds every accepted move in order, and when a recorder is attached
/// the file on disk holds the same moves after every call to [`Match::play`] returns (unless
/// writing failed, which [`Match::take_record_error`] reports).
pub struct Match {
    config: MatchConfig,
    game: Game,
    history: Vec<MoveOutcome>,
    ais: [Option<Box<dyn Strategy>>; 2],
    recorder: Option<Recorder>,
    record_error: Option<RecordError>,
}

/// Why a match could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Config(#[from] ConfigError),
    #[error("{0}")]
    Record(#[from] RecordError),
}

impl Match {
    /// Deals the game and, with `record`, writes the first record (no moves yet), so a bad
    /// record path is reported before anyone plays.
    pub fn start(config: MatchConfig, record: Option<PathBuf>) -> Result<Match, StartError> {
        let game = config.new_game()?;
        let ais = Player::BOTH.map(|p| config.seat(p).strategy(config.ai_seed(p)));
        let recorder = match record {
            Some(path) => Some(Recorder::create(path, &config)?),
            None => None,
        };
        Ok(Match {
            config,
            game,
            history: Vec::new(),
            ais,
            recorder,
            record_error: None,
        })
    }

    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every accepted move so far, oldest first.
    pub fn history(&self) -> &[MoveOutcome] {
        &self.history
    }

    /// Whether the player to move is a computer (and the game is not over).
    pub fn computer_to_move(&self) -> bool {
        !self.game.is_over() && self.ais[self.game.turn() as usize].is_some()
    }

    /// Asks the computer seat to move for the player to move: its choice, not yet played.
    pub fn computer_choice(&mut self) -> Option<Move> {
        let turn = self.game.turn();
        let game = &self.game;
        self.ais[turn as usize]
            .as_mut()
            .and_then(|ai| ai.choose(game))
    }

    /// Plays a move for the player to move and records it. A refused move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<&MoveOutcome, MoveError> {
        let outcome = self.game.play(mv)?;
        if let Some(recorder) = &mut self.recorder
            && let Err(e) = recorder.push(&outcome, &self.game)
        {
            self.record_error = Some(e);
        }
        self.history.push(outcome);
        Ok(self.history.last().expect("just pushed"))
    }

    /// The last failure to write the record, if any, taken so it is reported once.
    pub fn take_record_error(&mut self) -> Option<RecordError> {
        self.record_error.take()
    }

    /// What a strategy would play now (for hints and `suggest`), seeded by the match seed
    /// and the move number so the answer is reproducible.
    pub fn suggest(&self, strategy: &str) -> Result<Option<Move>, ai::UnknownStrategy> {
        let seed =
            self.config.seed ^ (self.history.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut ai = ai::by_name(strategy, seed)?;
        Ok(ai.choose(&self.game))
    }
}
