//! Records of the games on the shared platform (version 2): the setup, every move with the
//! scores after it, the result, and any takebacks — written atomically after each move and
//! replayed move by move with every score checked.

use std::fs::File;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{
    Existing, FORMAT, GAME_VERSION, Progress, RecordError, THINK_MS, check_overwrite_by,
    check_range, corrupt, game_of, read, target,
};
use crate::games::{GameKind, Side, TwoPlayer, Verdict};
use crate::setup::duel::{DuelConfig, Turn};

/// A whole match of game `G` as saved on disk.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct DuelRecord<G: TwoPlayer> {
    pub format: String,
    pub version: u32,
    pub game: GameKind,
    /// The trios version that wrote it, for people reading the file.
    pub written_by: String,
    pub setup: DuelConfig<G>,
    pub moves: Vec<DuelMove<G>>,
    /// Present once the game is over.
    pub result: Option<DuelResult>,
    /// Moves taken back during play, oldest takeback first; left out when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub takebacks: Vec<DuelTakeback<G>>,
}

/// One accepted move, who made it, and the scores after it (first mover's first).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct DuelMove<G: TwoPlayer> {
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: G::Move,
    pub score: [usize; 2],
    /// Both sides' time left after the move, in milliseconds, where the match is on a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<[u64; 2]>,
}

/// Moves a person took back to play on differently.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct DuelTakeback<G: TwoPlayer> {
    /// How many moves stayed; the ones taken back followed them.
    pub after: usize,
    pub moves: Vec<DuelMove<G>>,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelResult {
    pub verdict: Verdict,
    pub score: [usize; 2],
    /// The side whose time ran out, when the game ended on the clock (the board's scores
    /// are then as they stood).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_on_time: Option<Side>,
}

fn result_of<G: TwoPlayer>(game: &G) -> Option<DuelResult> {
    game.verdict().map(|verdict| DuelResult {
        verdict,
        score: game.score(),
        lost_on_time: None,
    })
}

/// Whether a recorded flag fits the position it fell in: the game was not over, and the
/// flagged side did not win.
pub(crate) fn flag_fits<G: TwoPlayer>(game: &G, result: &DuelResult) -> bool {
    let Some(flagged) = result.lost_on_time else {
        return true;
    };
    !game.is_over() && result.score == game.score() && result.verdict != Verdict::Win(flagged)
}

impl<G: TwoPlayer> DuelRecord<G> {
    /// An empty record for a match about to start.
    pub fn new(setup: DuelConfig<G>) -> DuelRecord<G> {
        DuelRecord {
            format: FORMAT.into(),
            version: GAME_VERSION,
            game: G::KIND,
            written_by: format!("trios {}", env!("CARGO_PKG_VERSION")),
            setup,
            moves: Vec::new(),
            result: None,
            takebacks: Vec::new(),
        }
    }

    /// Adds a move just played; `game` is the position after it.
    pub fn push(&mut self, turn: &Turn<G>, game: &G) {
        self.moves.push(DuelMove {
            side: turn.side,
            mv: turn.mv,
            score: game.score(),
            clock: turn.clock,
        });
        self.result = result_of(game);
    }

    /// The game ended on the clock: `flagged` ran out of time in `game`, and `verdict` is
    /// the result ([`crate::games::flag::flag_verdict`]).
    pub fn flag(&mut self, flagged: Side, verdict: Verdict, game: &G) {
        self.result = Some(DuelResult {
            verdict,
            score: game.score(),
            lost_on_time: Some(flagged),
        });
    }

    /// Keeps every move after the first `keep` as a takeback; `game` is the position after
    /// the moves kept.
    pub fn take_back(&mut self, keep: usize, game: &G) {
        if keep >= self.moves.len() {
            return;
        }
        let moves = self.moves.split_off(keep);
        self.takebacks.push(DuelTakeback { after: keep, moves });
        self.result = result_of(game);
    }

    /// Parses a record of game `G`, checking format, version and game before the body.
    pub fn from_json(path: &str, json: &str) -> Result<DuelRecord<G>, RecordError> {
        match game_of(path, json)? {
            (game, GAME_VERSION) if game == G::KIND => {
                let record: DuelRecord<G> =
                    serde_json::from_str(json).map_err(|e| corrupt(path, e))?;
                check_range(path, "setup.think_ms", record.setup.think_ms, THINK_MS)?;
                // A board side, in the games whose options have one: the range `--size` allows.
                let options = serde_json::to_value(&record.setup.options).unwrap_or_default();
                if let (Some(size), Some(sizes)) = (
                    options.get("size").and_then(serde_json::Value::as_u64),
                    G::SIZES,
                ) {
                    check_range(path, "setup.options.size", size, sizes)?;
                }
                Ok(record)
            }
            (game, _) => Err(RecordError::WrongGame {
                path: path.into(),
                game,
                expected: G::KIND,
            }),
        }
    }

    /// Reads a record file of game `G`.
    pub fn load(path: &Path) -> Result<DuelRecord<G>, RecordError> {
        let (name, json) = read(path)?;
        DuelRecord::from_json(&name, &json)
    }

    /// Replays the record from its setup, calling `visit` with the start and after every
    /// move, checking each move's side and scores and the final result. Returns the final
    /// position.
    pub fn replay(
        &self,
        path: &str,
        visit: impl FnMut(&G, Option<&Turn<G>>),
    ) -> Result<G, RecordError> {
        let game = self.replay_moves(path, visit)?;
        let fits = match self.result {
            Some(result) if result.lost_on_time.is_some() => flag_fits(&game, &result),
            _ => result_of(&game) == self.result,
        };
        if !fits {
            return Err(RecordError::Diverged {
                path: path.into(),
                number: self.moves.len(),
                reason: "the final result differs from the recorded one".into(),
            });
        }
        Ok(game)
    }

    /// [`DuelRecord::replay`] without the check of the recorded result: whether the game is
    /// over is read from the position returned.
    pub fn replay_moves(
        &self,
        path: &str,
        visit: impl FnMut(&G, Option<&Turn<G>>),
    ) -> Result<G, RecordError> {
        let game = G::start(&self.setup.options, self.setup.seed).map_err(|reason| {
            RecordError::Diverged {
                path: path.into(),
                number: 0,
                reason: format!("the recorded setup does not start a game: {reason}"),
            }
        })?;
        self.replay_from(game, path, &mut NoMoreChecks, visit)
    }

    /// Replays the moves from `game`, the start of the recorded setup: before each move
    /// `checks.before` may refuse it in its own words, then the side to move must be the
    /// recorded one; after it `checks.after` may refuse what it did, then the scores must be
    /// the recorded ones. A record of an older layout keeps more per move (Three Trios's
    /// version 1: the card and every battle) and checks it here.
    pub(crate) fn replay_from(
        &self,
        mut game: G,
        path: &str,
        checks: &mut impl MoveChecks<G>,
        mut visit: impl FnMut(&G, Option<&Turn<G>>),
    ) -> Result<G, RecordError> {
        visit(&game, None);
        for (i, recorded) in self.moves.iter().enumerate() {
            let diverged = |reason: String| RecordError::Diverged {
                path: path.into(),
                number: i + 1,
                reason,
            };
            checks
                .before(i, &game)
                .map_err(|e| diverged(e.to_string()))?;
            if game.is_over() {
                return Err(diverged("the game was already over".into()));
            }
            let side = game.to_move();
            if side != recorded.side {
                return Err(diverged(format!(
                    "recorded for {}, but {} is to move",
                    G::side_name(recorded.side),
                    G::side_name(side)
                )));
            }
            let played = game
                .play(recorded.mv)
                .map_err(|e| diverged(e.to_string()))?;
            let turn = Turn {
                side,
                mv: recorded.mv,
                played,
                clock: recorded.clock,
            };
            checks
                .after(i, &game, &turn)
                .map_err(|e| diverged(e.to_string()))?;
            if game.score() != recorded.score {
                return Err(diverged("the scores came out differently".into()));
            }
            visit(&game, Some(&turn));
        }
        Ok(game)
    }

    fn to_json(&self) -> String {
        // A record holds only strings, numbers and plain enums: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// What a record of an older layout checks of each move beyond the side to move and the
/// scores, with the reason it gives when a move does not replay.
pub(crate) trait MoveChecks<G: TwoPlayer> {
    /// Why a move does not replay, in the layout's own words.
    type Mismatch: std::error::Error;
    /// Before move `index` (from 0) is played on `game`.
    fn before(&mut self, index: usize, game: &G) -> Result<(), Self::Mismatch>;
    /// After move `index` was played; `game` is the position after it.
    fn after(&mut self, index: usize, game: &G, turn: &Turn<G>) -> Result<(), Self::Mismatch>;
}

/// The checks of a version-2 record: none beyond the common ones.
struct NoMoreChecks;

impl<G: TwoPlayer> MoveChecks<G> for NoMoreChecks {
    type Mismatch = std::convert::Infallible;
    fn before(&mut self, _: usize, _: &G) -> Result<(), Self::Mismatch> {
        Ok(())
    }
    fn after(&mut self, _: usize, _: &G, _: &Turn<G>) -> Result<(), Self::Mismatch> {
        Ok(())
    }
}

/// Keeps a record file of game `G` current, rewriting it atomically after every move, and
/// holds its lock ([`target::lock`]) so no second trios records into it meanwhile.
pub struct DuelRecorder<G: TwoPlayer> {
    path: PathBuf,
    record: DuelRecord<G>,
    lock: File,
}

impl<G: TwoPlayer> DuelRecorder<G> {
    /// Starts a record and writes it once (no moves), so a bad path fails before play.
    pub fn create(path: PathBuf, setup: &DuelConfig<G>) -> Result<DuelRecorder<G>, RecordError> {
        let lock = target::lock(&path)?;
        let mut recorder = DuelRecorder {
            path,
            record: DuelRecord::new(setup.clone()),
            lock,
        };
        recorder.save()?;
        Ok(recorder)
    }

    /// Continues the record at `path`: takes its file's lock, then loads it.
    pub fn resume(path: PathBuf) -> Result<DuelRecorder<G>, RecordError> {
        let lock = target::lock_existing(&path)?;
        let record = DuelRecord::load(&path)?;
        Ok(DuelRecorder { path, record, lock })
    }

    /// Adds a move and rewrites the file.
    pub fn push(&mut self, turn: &Turn<G>, game: &G) -> Result<(), RecordError> {
        self.record.push(turn, game);
        self.save()
    }

    /// Ends the game on the clock and rewrites the file.
    pub fn flag(&mut self, flagged: Side, verdict: Verdict, game: &G) -> Result<(), RecordError> {
        self.record.flag(flagged, verdict, game);
        self.save()
    }

    /// Takes back the moves after the first `keep` and rewrites the file.
    pub fn take_back(&mut self, keep: usize, game: &G) -> Result<(), RecordError> {
        self.record.take_back(keep, game);
        self.save()
    }

    pub fn record(&self) -> &DuelRecord<G> {
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

/// Whether a new record of `setup` may be written at `path`, and whether it continues one
/// (the rule every game's records share).
pub fn check_overwrite<G: TwoPlayer>(
    path: &Path,
    setup: &DuelConfig<G>,
) -> Result<Existing, RecordError> {
    check_overwrite_by(path, |path| {
        let record = DuelRecord::<G>::load(path)?;
        Ok((record.setup == *setup).then(|| Progress {
            moves: record.moves.len(),
            finished: record.result.is_some(),
        }))
    })
}

impl<G: TwoPlayer + std::fmt::Debug> super::SavedRecord for DuelRecord<G> {
    fn game(&self) -> GameKind {
        self.game
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

    fn check_continuable(&self, name: &str) -> Result<(), RecordError> {
        check_seats(self, name)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Checks that every computer seat of the record names a player of its game, naming the file
/// when one does not.
pub fn check_seats<G: TwoPlayer>(record: &DuelRecord<G>, name: &str) -> Result<(), RecordError> {
    record.setup.check_seats().map_err(|e| RecordError::Seat {
        path: name.into(),
        message: e.to_string(),
    })
}
