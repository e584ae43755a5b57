//! Version-1 records (Three Trios, the layout that predates the other games) read into the
//! common form, [`DuelRecord<Game>`], so they replay and resume through the same code as every
//! other record. What version 1 keeps beyond the common form (each move's card and battle,
//! the final grid) is still checked, in version 1's own words.

use super::{FinalState, Record, RecordError, RecordedMove, final_state, scores};
use crate::games::three_trios::platform::side_of;
use crate::games::three_trios::{Game, MoveOutcome, Outcome};
use crate::games::{GameKind, Verdict};
use crate::record::duel::{DuelMove, DuelRecord, DuelResult, DuelTakeback, MoveChecks};
use crate::setup::duel::{DuelConfig, Turn};

impl Record {
    /// This record in the common form: the same setup, moves, result and takebacks. Its
    /// `version` stays 1, saying where it came from; nothing writes it back as version 2.
    pub fn to_duel(&self) -> DuelRecord<Game> {
        let setup = &self.setup;
        DuelRecord {
            format: self.format.clone(),
            version: self.version,
            game: GameKind::ThreeTrios,
            written_by: self.written_by.clone(),
            setup: DuelConfig {
                seats: [setup.red.clone(), setup.blue.clone()],
                seed: setup.seed,
                think_ms: setup.think_ms,
                options: setup.options(),
                clock: setup.clock,
            },
            moves: self.moves.iter().map(common_move).collect(),
            result: self.result.as_ref().map(common_result),
            takebacks: self
                .takebacks
                .iter()
                .map(|t| DuelTakeback {
                    after: t.after,
                    moves: t.moves.iter().map(common_move).collect(),
                })
                .collect(),
        }
    }

    /// Replays the record from its setup, calling `visit` with the start position and after
    /// every move, and checks each move's result and the final state against what was
    /// recorded. Returns the final game.
    pub fn replay(
        &self,
        path: &str,
        mut visit: impl FnMut(&Game, Option<&MoveOutcome>),
    ) -> Result<Game, RecordError> {
        self.replay_turns(path, true, |game, turn| {
            visit(game, turn.map(|t| &t.played))
        })
    }

    /// [`Record::replay`] without the last check: every move is checked, but whether the
    /// game is over is left to the caller to read from the game returned (a record whose
    /// `result` went missing still tells a finished game from an unfinished one).
    pub fn replay_moves(
        &self,
        path: &str,
        mut visit: impl FnMut(&Game, Option<&MoveOutcome>),
    ) -> Result<Game, RecordError> {
        self.replay_turns(path, false, |game, turn| {
            visit(game, turn.map(|t| &t.played))
        })
    }

    /// The replay on the common path, each move seen as the platform's [`Turn`]; with
    /// `check_result`, the final state (winner, scores and grid) must be the recorded one.
    pub(crate) fn replay_turns(
        &self,
        path: &str,
        check_result: bool,
        visit: impl FnMut(&Game, Option<&Turn<Game>>),
    ) -> Result<Game, RecordError> {
        let start = self.setup.new_game().map_err(|source| RecordError::Setup {
            path: path.into(),
            source: Box::new(source),
        })?;
        let mut checks = Battles(&self.moves);
        let game = self
            .to_duel()
            .replay_from(start, path, &mut checks, visit)?;
        let on_time = self
            .result
            .as_ref()
            .is_some_and(|r| r.lost_on_time.is_some());
        let fits = if on_time {
            // The common form checks a flag against the position it fell in.
            (self.result.as_ref().map(common_result))
                .is_some_and(|r| crate::record::duel::flag_fits(&game, &r))
        } else {
            final_state(&game) == self.result
        };
        if check_result && !fits {
            return Err(RecordError::Diverged {
                path: path.into(),
                number: self.moves.len(),
                reason: "the final state differs from the recorded one".into(),
            });
        }
        Ok(game)
    }
}

fn common_move(m: &RecordedMove) -> DuelMove<Game> {
    DuelMove {
        side: side_of(m.player),
        mv: m.mv,
        score: m.score,
        clock: m.clock,
    }
}

fn common_result(r: &FinalState) -> DuelResult {
    DuelResult {
        verdict: match r.outcome {
            Outcome::Win(player) => Verdict::Win(side_of(player)),
            Outcome::Tie => Verdict::Tie,
        },
        score: r.score,
        lost_on_time: r.lost_on_time.map(side_of),
    }
}

/// Version 1's checks of each move: the colour to move, the card played, every battle step
/// and the scores after it.
struct Battles<'a>(&'a [RecordedMove]);

/// How a move of a version-1 record fails to replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum Mismatch {
    /// Another colour (or nobody, once the game is over) is to move.
    #[error("recorded for {recorded}, but {to_move} is to move")]
    Turn { recorded: String, to_move: String },
    /// The hand index holds another card than the one recorded.
    #[error("recorded card {recorded} but hand index {hand} is {played}")]
    Card {
        recorded: String,
        hand: usize,
        played: String,
    },
    /// The battle's steps or the scores after it differ.
    #[error("the battle came out differently")]
    Battle,
}

impl MoveChecks<Game> for Battles<'_> {
    type Mismatch = Mismatch;

    fn before(&mut self, index: usize, game: &Game) -> Result<(), Mismatch> {
        let recorded = &self.0[index];
        if game.turn() != recorded.player || game.is_over() {
            return Err(Mismatch::Turn {
                recorded: recorded.player.to_string(),
                to_move: if game.is_over() {
                    "nobody".to_string()
                } else {
                    game.turn().to_string()
                },
            });
        }
        Ok(())
    }

    fn after(&mut self, index: usize, game: &Game, turn: &Turn<Game>) -> Result<(), Mismatch> {
        let recorded = &self.0[index];
        let outcome = &turn.played;
        if outcome.card.name() != recorded.card {
            return Err(Mismatch::Card {
                recorded: recorded.card.to_string(),
                hand: recorded.mv.hand,
                played: outcome.card.name().to_string(),
            });
        }
        if outcome.steps != recorded.steps || scores(game) != recorded.score {
            return Err(Mismatch::Battle);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::three_trios::source::SourceFile;
    use crate::games::three_trios::{DealMode, RuleSet};
    use crate::setup::Seat;
    use crate::setup::three_trios::MatchConfig;

    #[test]
    fn a_converted_record_replays_on_the_common_path_to_the_same_end() {
        let setup = MatchConfig {
            clock: None,
            board: SourceFile::default_board(),
            cards: SourceFile::default_cards(),
            deal: DealMode::Shuffle,
            seed: 11,
            rules: RuleSet::default(),
            red: Seat::Human,
            blue: Seat::Computer("maxflip".into()),
            think_ms: 10,
        };
        let mut record = Record::new(setup);
        let mut game = record.setup.new_game().unwrap();
        loop {
            let Some(mv) = game.legal_moves().next() else {
                break;
            };
            let outcome = game.play(mv).unwrap();
            record.push(&outcome, &game, None);
        }
        let common = record.to_duel();
        assert_eq!(common.moves.len(), record.moves.len());
        assert_eq!(common.setup.seats[1], Seat::Computer("maxflip".into()));
        let replayed = common.replay("r.json", |_, _| {}).unwrap();
        assert_eq!(replayed.outcome(), game.outcome());
        assert_eq!(
            common.result.map(|r| r.score),
            Some([
                game.score(crate::games::three_trios::Player::Red),
                game.score(crate::games::three_trios::Player::Blue)
            ])
        );
        // Version 1's own checks still apply on the common path.
        let mut tampered = record.clone();
        tampered.moves[2].card = "Dog".into();
        let error = tampered
            .replay("r.json", |_, _| {})
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("move 3") && error.contains("recorded card Dog"),
            "{error}"
        );
    }
}
