//! Three Trios's matches on the platform: a [`Duel`] of [`Game`], set up by a
//! [`MatchConfig`] (its board and card files, deal, rules and seats, from files or the
//! embedded defaults: enough to deal it again) and recorded in its own layout (version 1).

use std::path::{Path, PathBuf};

use super::duel::{Duel, DuelConfig, DuelError, MatchLog, Replayable, Setup, Turn};
use super::table_game::Hosted;
use crate::games::three_trios::ai::{self};
use crate::games::three_trios::platform::{player_of, side_of};
use crate::games::three_trios::{DealMode, Game, Move, MoveOutcome, Outcome, RuleSet};
use crate::games::{Side, Verdict};
use crate::record::RecordError;
use crate::record::three_trios::{Record, Recorder};
use crate::setup::Seat;
use crate::setup::three_trios::MatchConfig;

mod seat;
pub use seat::SeatError;

/// A match of Three Trios: the platform's duel of the game. The name is kept because it is
/// what the front ends, the tests and the docs call a Three Trios match.
pub type Match = Duel<Game>;

/// Why a match could not start: the platform's reasons (a bad board or card file is an
/// [`DuelError::Options`], said in the file's own words).
pub type StartError = DuelError;

/// Three Trios shows each battle of a move in turn, and lasts as many moves as its board has
/// card cells.
impl Hosted for Game {
    fn cells(game: &Game) -> usize {
        game.grid().card_cells()
    }
    fn seat_title(side: Side) -> &'static str {
        match side {
            Side::First => "Red",
            Side::Second => "Blue",
        }
    }
    fn steps(played: &MoveOutcome) -> usize {
        played.steps.len()
    }
    fn seat_name(side: Side) -> String {
        crate::games::three_trios::platform::player_of(side).to_string()
    }
    fn board_name(options: &Self::Options) -> String {
        options.board.name.clone()
    }
    /// The variants switched on, as the lobby names them (`same + plus`); empty for the
    /// normal rules.
    fn rules_label(options: &Self::Options) -> String {
        if options.rules == RuleSet::default() {
            String::new()
        } else {
            options.rules.to_string().replace(',', " + ")
        }
    }
    /// Reverse and Fallen Ace turn the card values round: rated apart, with or without the
    /// capture rules. Same and Plus chain captures: rated apart from the plain game.
    fn rating_group(options: &Self::Options) -> String {
        let rules = options.rules;
        if rules.reverse || rules.fallen_ace {
            "three-trios-reverse".to_string()
        } else if rules.same || rules.plus {
            "three-trios-combos".to_string()
        } else {
            "three-trios".to_string()
        }
    }
    fn dealt_from_seed(options: &Self::Options) -> bool {
        options.deal == DealMode::Shuffle
    }
    /// Three Trios matches are recorded in version 1.
    fn resume(path: PathBuf) -> Result<Duel<Game>, DuelError> {
        resume(path)
    }
}

/// A Three Trios match set up by its own layout is recorded in version 1.
impl Setup for MatchConfig {
    type Game = Game;
    fn duel_config(&self) -> DuelConfig<Game> {
        MatchConfig::duel_config(self)
    }
    fn deal(&self) -> Result<Game, crate::games::OptionsError> {
        Ok(self.new_game()?)
    }
    fn create_log(&self, path: PathBuf) -> Result<Box<dyn MatchLog<Game>>, RecordError> {
        Ok(Box::new(Recorder::create(path, self)?))
    }
}

/// Version-1 records keep a match as it goes.
impl MatchLog<Game> for Recorder {
    fn push(&mut self, turn: &Turn<Game>, game: &Game) -> Result<(), RecordError> {
        Recorder::push(self, &turn.played, game, turn.clock)
    }
    fn flag(&mut self, flagged: Side, verdict: Verdict, game: &Game) -> Result<(), RecordError> {
        let outcome = match verdict {
            Verdict::Win(side) => Outcome::Win(player_of(side)),
            Verdict::Tie => Outcome::Tie,
        };
        Recorder::flag(self, player_of(flagged), outcome, game)
    }
    fn take_back(&mut self, keep: usize, game: &Game) -> Result<(), RecordError> {
        Recorder::take_back(self, keep, game)
    }
    fn path(&self) -> &Path {
        Recorder::path(self)
    }
}

/// A version-1 record replays on the common path, its battles and final grid checked too.
impl Replayable for Record {
    type Game = Game;
    fn replayed(&self, name: &str) -> Result<Match, DuelError> {
        rebuilt(self, name, true)
    }
}

/// Continues the unfinished Three Trios match recorded (version 1) at `path`, recording on
/// into the same file; see [`Duel::resume`].
pub(crate) fn resume(path: PathBuf) -> Result<Match, DuelError> {
    let recorder = match Recorder::resume(path.clone()) {
        Ok(recorder) => recorder,
        // A finished match is said to be one even while another trios shows it.
        Err(RecordError::InUse { .. }) if Record::load(&path).is_ok_and(|r| r.result.is_some()) => {
            return Err(DuelError::Finished {
                path: path.display().to_string(),
            });
        }
        Err(e) => return Err(e.into()),
    };
    let record = recorder.record();
    let name = recorder.path().display().to_string();
    if record.result.is_some() {
        return Err(DuelError::Finished { path: name });
    }
    let mut duel = rebuilt(record, &name, false)?;
    // A record whose result went missing still holds a finished game.
    if duel.game().is_over() {
        return Err(DuelError::Finished { path: name });
    }
    duel.set_log(Box::new(recorder));
    Ok(duel)
}

/// Replays `record`'s moves into a match on the common path; with `check_result`, the
/// recorded result must be the replayed game's too.
fn rebuilt(record: &Record, name: &str, check_result: bool) -> Result<Match, DuelError> {
    let flag = (record.result.as_ref())
        .and_then(|r| Some((side_of(r.lost_on_time?), flag_verdict_of(r.outcome))))
        .filter(|_| check_result);
    Duel::rebuilt_with(
        record.setup.duel_config(),
        record.moves.len(),
        flag,
        |visit| record.replay_turns(name, check_result, visit),
    )
}

/// A version-1 outcome as the platform's verdict.
fn flag_verdict_of(outcome: Outcome) -> Verdict {
    match outcome {
        Outcome::Win(player) => Verdict::Win(side_of(player)),
        Outcome::Tie => Verdict::Tie,
    }
}

/// What a strategy would play now (for hints and `suggest`), seeded by the match seed and
/// the move number so the answer is reproducible. Three Trios's hints think for the
/// strategies' default time, whatever the seats' thinking time.
pub fn suggest(duel: &Match, strategy: &str) -> Result<Option<Move>, ai::UnknownStrategy> {
    let seed =
        duel.config().seed ^ (duel.history().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut ai = ai::by_name(strategy, seed)?;
    Ok(ai.choose(duel.game()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::table_game::TableGame;
    use crate::games::three_trios::Player;
    use crate::games::three_trios::source::SourceFile;
    use crate::record::duel::DuelRecord;

    fn config(deal: DealMode) -> MatchConfig {
        MatchConfig {
            clock: None,
            board: SourceFile::board_or_default(None).expect("the built-in board"),
            cards: SourceFile::cards_or_default(None).expect("the built-in cards"),
            deal,
            seed: 11,
            rules: RuleSet::default(),
            red: Seat::Human,
            blue: Seat::Computer("maxflip".into()),
            think_ms: 250,
        }
    }

    fn version(path: &Path) -> u64 {
        let text = std::fs::read_to_string(path).expect("the record");
        let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        json["version"].as_u64().expect("a version")
    }

    #[test]
    fn the_setup_decides_the_record_layout_and_both_play_the_same_match() {
        let dir = tempfile::tempdir().expect("a folder");
        let (own, common) = (dir.path().join("v1.json"), dir.path().join("v2.json"));
        let setup = config(DealMode::Shuffle);
        let mut a = Match::start(setup.clone(), Some(own.clone())).expect("starts");
        let mut b = Duel::start(setup.duel_config(), Some(common.clone())).expect("starts");
        let hand = |g: &Game| g.hand(Player::Red).cloned().collect::<Vec<_>>();
        assert_eq!(hand(a.game()), hand(b.game()));
        let mv = a.game().legal_moves().next().expect("a move");
        assert_eq!(
            a.play(mv).expect("legal").played,
            b.play(mv).expect("legal").played
        );
        assert_eq!((version(&own), version(&common)), (1, 2));
        let loaded = DuelRecord::<Game>::load(&common).expect("a version-2 record");
        assert_eq!(loaded.moves.len(), 1);
        drop(a);
        let resumed = Match::resume(own).expect("version 1 resumes");
        assert_eq!(resumed.history(), b.history());
        assert_eq!(MatchConfig::from(resumed.config().clone()), setup);
    }

    #[test]
    fn a_table_says_three_trios_words_and_keeps_its_setup_layout() {
        let mut setup = config(DealMode::InOrder);
        assert_eq!(MatchConfig::side_name(Side::First), "RED");
        assert_eq!(MatchConfig::side_title(Side::Second), "Blue");
        assert_eq!(TableGame::board(&setup), setup.board.name);
        assert_eq!(TableGame::rules(&setup), "");
        let mut varied = setup.clone();
        varied.rules.same = true;
        varied.rules.plus = true;
        assert_eq!(TableGame::rules(&varied), "same + plus");
        // The lobby's table line says the rules as its rules menu does.
        assert_eq!(TableGame::rules(&varied), varied.rules.label());
        let before = setup.clone();
        setup.swap_seats();
        TableGame::set_seed(&mut setup, 99);
        assert_eq!(
            (setup.red.clone(), setup.blue.clone()),
            (before.blue, before.red)
        );
        assert_eq!(
            (TableGame::seed(&setup), setup.board.clone()),
            (99, before.board)
        );
        assert_eq!(TableGame::seat(&setup, Side::First), setup.red);
    }

    #[test]
    fn a_shuffled_deal_depends_on_the_seed_in_either_layout() {
        for deal in [DealMode::Shuffle, DealMode::InOrder] {
            let setup = config(deal);
            assert_eq!(
                setup.duel_config().depends_on_seed(),
                deal == DealMode::Shuffle
            );
            assert_eq!(
                setup.depends_on_seed(),
                setup.duel_config().depends_on_seed()
            );
        }
    }
}
