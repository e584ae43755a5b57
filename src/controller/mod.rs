//! Matches: the setup they came from, two seats (human or computer), the moves so far, and
//! the record kept on disk as they go. Every two-player game plays through [`Duel`]; Three
//! Trios's [`Match`] is a duel recorded in its own layout.

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
pub use duel::{Duel, DuelConfig, DuelError, MatchLog, Turn};
pub use seat::Seat;
pub use worker::{DeliverMove, DuelWorker};

use std::path::{Path, PathBuf};

use crate::games::UnknownStrategy;
use crate::games::three_trios::ai;
use crate::games::three_trios::config::ConfigError;
use crate::games::three_trios::{Game, Move, MoveError, MoveOutcome};
use crate::record::{Record, RecordError, Recorder};

/// A match of Three Trios: a [`Duel`] of the platform game, recorded in Three Trios's own
/// record layout (version 1) and set up by a [`MatchConfig`].
///
/// Invariant: `outcomes` holds what each move of the duel's history did, in order (the form
/// the screens read); the duel keeps the moves, the take-back and the record.
pub struct Match {
    config: MatchConfig,
    duel: Duel<Game>,
    outcomes: Vec<MoveOutcome>,
}

/// Why a match could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Config(#[from] ConfigError),
    #[error("{0}")]
    Record(#[from] RecordError),
    #[error("{0}")]
    Seat(#[from] UnknownStrategy),
    #[error("{0}")]
    Options(String),
    #[error("{path}: this match is finished; nothing to resume (play it back with trios replay)")]
    Finished { path: String },
}

impl From<DuelError> for StartError {
    fn from(e: DuelError) -> StartError {
        match e {
            DuelError::Record(e) => StartError::Record(e),
            DuelError::Strategy(e) => StartError::Seat(e),
            DuelError::Finished { path } => StartError::Finished { path },
            DuelError::Options(message) => StartError::Options(message),
        }
    }
}

/// Version-1 records keep a match as it goes.
impl MatchLog<Game> for Recorder {
    fn push(&mut self, turn: &Turn<Game>, game: &Game) -> Result<(), RecordError> {
        Recorder::push(self, &turn.played, game)
    }
    fn take_back(&mut self, keep: usize, game: &Game) -> Result<(), RecordError> {
        Recorder::take_back(self, keep, game)
    }
    fn path(&self) -> &Path {
        Recorder::path(self)
    }
}

impl Match {
    /// Deals the game and, with `record`, writes the first record (no moves yet), so a bad
    /// record path is reported before anyone plays.
    pub fn start(config: MatchConfig, record: Option<PathBuf>) -> Result<Match, StartError> {
        let game = config.new_game()?;
        let mut duel = Duel::dealt(config.duel_config(), game)?;
        if let Some(path) = record {
            duel.set_log(Box::new(Recorder::create(path, &config)?));
        }
        Ok(Match {
            config,
            duel,
            outcomes: Vec::new(),
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
        if game.game().is_over() {
            return Err(StartError::Finished { path: name });
        }
        game.duel.set_log(Box::new(recorder));
        Ok(game)
    }

    /// A match rebuilt from a record (finished or not) for viewing: every move replayed and
    /// checked, nothing written. Playing on from it records nothing.
    pub fn replayed(record: &Record, name: &str) -> Result<Match, StartError> {
        Match::rebuilt(record, name, true)
    }

    /// Replays `record`'s moves into a match on the common path; with `check_result`, the
    /// recorded result must be the replayed game's too.
    fn rebuilt(record: &Record, name: &str, check_result: bool) -> Result<Match, StartError> {
        let config = record.setup.clone();
        let duel = Duel::rebuilt_with(config.duel_config(), record.moves.len(), |visit| {
            record.replay_turns(name, check_result, visit)
        })?;
        let outcomes = duel.history().iter().map(|t| t.played.clone()).collect();
        Ok(Match {
            config,
            duel,
            outcomes,
        })
    }

    /// Hands over the computer seats' strategies (for a front end that runs them on a
    /// [`DuelWorker`]); afterwards [`Match::computer_choice`] has nothing to ask.
    pub fn take_strategies(&mut self) -> duel::Computers<Game> {
        self.duel.take_strategies()
    }

    /// The file this match is recorded in, if it is recorded.
    pub fn record_path(&self) -> Option<&Path> {
        self.duel.record_path()
    }

    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    pub fn game(&self) -> &Game {
        self.duel.game()
    }

    /// The match as the platform sees it.
    pub fn duel(&self) -> &Duel<Game> {
        &self.duel
    }

    /// What every accepted move so far did, oldest first.
    pub fn history(&self) -> &[MoveOutcome] {
        &self.outcomes
    }

    /// Whether the player to move is a computer (and the game is not over).
    pub fn computer_to_move(&self) -> bool {
        self.duel.computer_to_move()
    }

    /// Asks the computer seat to move for the player to move: its choice, not yet played.
    pub fn computer_choice(&mut self) -> Option<Move> {
        self.duel.computer_choice()
    }

    /// Plays a move for the player to move and records it. A refused move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<&MoveOutcome, MoveError> {
        let played = self.duel.play(mv)?.played.clone();
        self.outcomes.push(played);
        Ok(&self.outcomes[self.outcomes.len() - 1])
    }

    /// Takes back the last `count` moves (fewer when there are fewer): the game goes back to
    /// the position before them, and the record keeps them as a takeback while its moves stay
    /// the line still being played. Returns how many moves were taken back.
    pub fn take_back(&mut self, count: usize) -> Result<usize, String> {
        let taken = self.duel.take_back(count)?;
        self.outcomes.truncate(self.duel.history().len());
        Ok(taken)
    }

    /// The last failure to write the record, if any, taken so it is reported once.
    pub fn take_record_error(&mut self) -> Option<RecordError> {
        self.duel.take_record_error()
    }

    /// What a strategy would play now (for hints and `suggest`), seeded by the match seed
    /// and the move number so the answer is reproducible.
    pub fn suggest(&self, strategy: &str) -> Result<Option<Move>, ai::UnknownStrategy> {
        let seed =
            self.config.seed ^ (self.outcomes.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut ai = ai::by_name(strategy, seed)?;
        Ok(ai.choose(self.duel.game()))
    }
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
