//! A match: the setup it came from, two seats (human or computer), the moves so far, and the
//! record kept on disk as it goes. Every front end plays through this.

mod audience;
mod config;
pub mod duel;
pub mod hex_table;
pub mod race_table;
mod seat;
mod serve;
pub mod table;
pub mod table_game;
pub mod tables;
pub mod worker;

pub use config::{MatchConfig, SourceFile};
pub use duel::{Duel, DuelConfig, DuelError, Turn};
pub use seat::Seat;
pub use worker::{AiWorker, Deliver};

use std::path::{Path, PathBuf};

use crate::games::three_trios::ai::{self, Strategy};
use crate::games::three_trios::config::ConfigError;
use crate::games::three_trios::{Game, Move, MoveError, MoveOutcome, Player};
use crate::record::{Record, RecordError, Recorder};

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
    #[error("{path}: this match is finished; nothing to resume (play it back with trios replay)")]
    Finished { path: String },
}

impl Match {
    /// Deals the game and, with `record`, writes the first record (no moves yet), so a bad
    /// record path is reported before anyone plays.
    pub fn start(config: MatchConfig, record: Option<PathBuf>) -> Result<Match, StartError> {
        let game = config.new_game()?;
        let ais = strategies(&config);
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

    /// Continues the unfinished match recorded at `path`: deals it again from the recorded
    /// setup, replays every recorded move (each checked against its recorded battle and
    /// scores), and goes on recording into the same file, whose lock it holds from now on
    /// (a second trios on the same record is refused).
    ///
    /// Recorded moves are replayed, not thought again: only a computer seat that draws on its
    /// seeded stream before any search (`random`, or `random` after `corners` in a chain) is
    /// shown its recorded positions, so its stream moves on as it did in play. Such a seat
    /// therefore usually repeats the choices it would have made had the match never stopped,
    /// but that is not promised (a record from another trios version, or an edited one, may
    /// differ): only the moves already recorded are guaranteed.
    pub fn resume(path: PathBuf) -> Result<Match, StartError> {
        let recorder = match Recorder::resume(path.clone()) {
            Ok(recorder) => recorder,
            // A finished match is said to be one even while another trios shows it.
            Err(RecordError::InUse { .. })
                if Record::load(&path).is_ok_and(|r| r.result.is_some()) =>
            {
                return Err(StartError::Finished {
                    path: path.display().to_string(),
                });
            }
            Err(e) => return Err(e.into()),
        };
        let record = recorder.record();
        let name = recorder.path().display().to_string();
        if record.result.is_some() {
            return Err(StartError::Finished { path: name });
        }
        let mut game = Match::rebuilt(record, &name, false)?;
        // A record whose result went missing still holds a finished game.
        if game.game.is_over() {
            return Err(StartError::Finished { path: name });
        }
        game.recorder = Some(recorder);
        Ok(game)
    }

    /// A match rebuilt from a record (finished or not) for viewing: every move replayed and
    /// checked, nothing written. Playing on from it records nothing.
    pub fn replayed(record: &Record, name: &str) -> Result<Match, StartError> {
        Match::rebuilt(record, name, true)
    }

    /// Replays `record`'s moves into a match; with `check_result`, the recorded result must
    /// be the replayed game's too.
    fn rebuilt(record: &Record, name: &str, check_result: bool) -> Result<Match, StartError> {
        let config = record.setup.clone();
        let mut ais = strategies(&config);
        let seeded = Player::BOTH.map(|p| draws_on_seed_first(&config.seat(p).to_string()));
        let total = record.moves.len();
        let mut history = Vec::with_capacity(total);
        let visit = |game: &Game, outcome: Option<&MoveOutcome>| {
            history.extend(outcome.cloned());
            if history.len() < total && !game.is_over() && seeded[game.turn() as usize] {
                fast_forward(&mut ais, game);
            }
        };
        let game = if check_result {
            record.replay(name, visit)?
        } else {
            record.replay_moves(name, visit)?
        };
        Ok(Match {
            config,
            game,
            history,
            ais,
            recorder: None,
            record_error: None,
        })
    }

    /// Hands over the computer seats' strategies (for a front end that runs them on a thread
    /// of its own); afterwards [`Match::computer_choice`] has nothing to ask.
    pub fn take_strategies(&mut self) -> [Option<Box<dyn Strategy>>; 2] {
        std::mem::take(&mut self.ais)
    }

    /// The file this match is recorded in, if it is recorded.
    pub fn record_path(&self) -> Option<&Path> {
        self.recorder.as_ref().map(Recorder::path)
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

    /// Takes back the last `count` moves (fewer when there are fewer): the game goes back to
    /// the position before them, and the record keeps them as a takeback while its moves stay
    /// the line still being played. Returns how many moves were taken back.
    pub fn take_back(&mut self, count: usize) -> Result<usize, String> {
        let keep = self.history.len().saturating_sub(count);
        let mut game = self.config.new_game().map_err(|e| e.to_string())?;
        for (n, outcome) in self.history[..keep].iter().enumerate() {
            game.play(outcome.mv)
                .map_err(|e| format!("move {} does not replay: {e}", n + 1))?;
        }
        let taken = self.history.len() - keep;
        self.history.truncate(keep);
        self.game = game;
        if let Some(recorder) = &mut self.recorder
            && let Err(e) = recorder.take_back(keep, &self.game)
        {
            self.record_error = Some(e);
        }
        Ok(taken)
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

/// One strategy per computer seat, seeded per colour; `None` for human seats.
fn strategies(config: &MatchConfig) -> [Option<Box<dyn Strategy>>; 2] {
    Player::BOTH.map(|p| {
        config
            .seat(p)
            .strategy(config.ai_seed(p), config.ai_options())
    })
}

/// Whether a computer seat named `spec` draws on its seeded stream before doing anything
/// costly: `random`, or a chain whose links before `random` are only `corners` (which either
/// proposes at once or hands over). Only such seats are fast-forwarded through a replay;
/// every other strategy either keeps no stream or would think at full length for each
/// recorded move, for nothing.
pub(crate) fn draws_on_seed_first(spec: &str) -> bool {
    for link in spec.split('>').map(|l| l.trim().to_ascii_lowercase()) {
        match link.as_str() {
            "random" | "randomcomputerplayer" => return true,
            "corners" => {}
            _ => return false,
        }
    }
    false
}

/// Lets the computer seat to move in `game` (a recorded position) choose once and forgets its
/// choice, so a seeded strategy's stream is where it was when the recorded move was made.
fn fast_forward(ais: &mut [Option<Box<dyn Strategy>>; 2], game: &Game) {
    if let Some(ai) = ais[game.turn() as usize].as_mut() {
        let _ = ai.choose(game);
    }
}
