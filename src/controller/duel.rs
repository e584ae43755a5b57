//! A match of any two-player game on the shared platform ([`TwoPlayer`]): its setup, two
//! seats (human or computer), the moves so far, and the record kept on disk as it goes.
//! Three Trios's matches are duels too, set up and recorded in its own layout (version 1).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::table_game::Hosted;
use crate::games::flag::flag_verdict;
use crate::games::{OptionsError, Side, TwoPlayer, UnknownStrategy, Verdict};
use crate::record::RecordError;
use crate::record::duel::{DuelRecord, DuelRecorder, check_seats};
use crate::setup::Seat;
use crate::setup::clock::Clock;
pub use crate::setup::duel::{Computers, DuelConfig, Turn, ai_seed_of};

impl<G: Hosted> DuelConfig<G> {
    /// Whether the seed changes the game (a seat whose player draws from it, such as
    /// `random` or Reversi's book players, or a start dealt from the seed such as Three
    /// Trios's shuffle); only then must a drawn seed be shown for the game to be
    /// reproducible.
    pub fn depends_on_seed(&self) -> bool {
        G::dealt_from_seed(&self.options)
            || self.seats.iter().any(|s| {
                matches!(s, Seat::Computer(name)
                    if G::strategy_draws_from_seed(name, &self.options))
            })
    }
}

/// Why a match could not start or resume.
#[derive(Debug, thiserror::Error)]
pub enum DuelError {
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("{0}")]
    Strategy(#[from] UnknownStrategy),
    #[error("{0}")]
    Record(#[from] RecordError),
    #[error("{path}: this match is finished; nothing to resume (play it back with trios replay)")]
    Finished { path: String },
}

/// Why moves could not be taken back; the match is left as it was.
#[derive(Debug, thiserror::Error)]
pub enum TakeBackError<R: std::error::Error + 'static> {
    /// The start could not be dealt again, in the game's words.
    #[error(transparent)]
    Deal(OptionsError),
    /// Move `number` (counted from 1) of those kept no longer plays.
    #[error("move {number} does not replay: {source}")]
    Replay {
        number: usize,
        #[source]
        source: R,
    },
}

/// What a match can be set up from: the platform's [`DuelConfig`], or a game's own setup
/// layout (Three Trios's `MatchConfig`), which also says in which layout the match is recorded.
///
/// Invariant: [`Setup::duel_config`] keeps everything the setup decides, so the same setup
/// deals the same match.
pub trait Setup {
    type Game: TwoPlayer;
    /// This setup as the platform takes it.
    fn duel_config(&self) -> DuelConfig<Self::Game>;
    /// Deals the start: the game's own, from its options and the seed.
    fn deal(&self) -> Result<Self::Game, OptionsError> {
        let config = self.duel_config();
        Self::Game::start(&config.options, config.seed)
    }
    /// Creates the record file of a new match at `path`, holding no moves yet.
    fn create_log(&self, path: PathBuf) -> Result<Box<dyn MatchLog<Self::Game>>, RecordError>;
}

/// The platform's setup is recorded in the common layout (version 2).
impl<G: TwoPlayer> Setup for DuelConfig<G> {
    type Game = G;
    fn duel_config(&self) -> DuelConfig<G> {
        self.clone()
    }
    fn create_log(&self, path: PathBuf) -> Result<Box<dyn MatchLog<G>>, RecordError> {
        Ok(Box::new(DuelRecorder::create(path, self)?))
    }
}

/// A record a match can be rebuilt from for viewing: the common layout, or a game's own.
pub trait Replayable {
    type Game: TwoPlayer;
    /// The match the record holds, every move replayed and checked (the recorded result
    /// too), nothing written.
    fn replayed(&self, name: &str) -> Result<Duel<Self::Game>, DuelError>;
}

impl<G: TwoPlayer> Replayable for DuelRecord<G> {
    type Game = G;
    fn replayed(&self, name: &str) -> Result<Duel<G>, DuelError> {
        check_seats(self, name)?;
        Duel::rebuilt(self, name, true)
    }
}

/// Where a match writes each move as it goes: a record file of some layout. Writing may
/// fail; the match goes on and reports the failure once.
pub trait MatchLog<G: TwoPlayer>: Send {
    /// Adds a move just played; `game` is the position after it.
    fn push(&mut self, turn: &Turn<G>, game: &G) -> Result<(), RecordError>;
    /// Keeps the moves after the first `keep` as a takeback; `game` is the position after
    /// the moves kept.
    fn take_back(&mut self, keep: usize, game: &G) -> Result<(), RecordError>;
    /// Ends the game on the clock: `flagged` ran out of time in `game`, and `verdict` is
    /// the result.
    fn flag(&mut self, flagged: Side, verdict: Verdict, game: &G) -> Result<(), RecordError>;
    /// The file written.
    fn path(&self) -> &Path;
}

impl<G: TwoPlayer> MatchLog<G> for DuelRecorder<G> {
    fn push(&mut self, turn: &Turn<G>, game: &G) -> Result<(), RecordError> {
        DuelRecorder::push(self, turn, game)
    }
    fn take_back(&mut self, keep: usize, game: &G) -> Result<(), RecordError> {
        DuelRecorder::take_back(self, keep, game)
    }
    fn flag(&mut self, flagged: Side, verdict: Verdict, game: &G) -> Result<(), RecordError> {
        DuelRecorder::flag(self, flagged, verdict, game)
    }
    fn path(&self) -> &Path {
        DuelRecorder::path(self)
    }
}

/// A match in progress of a two-player game.
///
/// Invariant: `history` holds every accepted move in order, and with a recorder the file on
/// disk holds the same moves after every [`Duel::play`] returns (unless writing failed, which
/// [`Duel::take_record_error`] reports once).
pub struct Duel<G: TwoPlayer> {
    config: DuelConfig<G>,
    game: G,
    history: Vec<Turn<G>>,
    ais: Computers<G>,
    recorder: Option<Box<dyn MatchLog<G>>>,
    /// A record to create at the first move (an autosave): until then nothing is on disk.
    pending: Option<PendingLog<G>>,
    record_error: Option<RecordError>,
    /// The match's clock, where it is played on one (stopped until a front end starts it).
    clock: Option<Clock>,
    /// The side whose time ran out and the result that made, once a flag fell.
    flag: Option<(Side, Verdict)>,
}

/// Creates a match's record file once it has a move to keep.
type PendingLog<G> = Box<dyn FnOnce() -> Result<Box<dyn MatchLog<G>>, RecordError> + Send>;

impl<G: TwoPlayer> Duel<G> {
    /// Starts a match and, with `record`, writes the first record (no moves yet, in the
    /// setup's layout), so a bad record path is reported before anyone plays.
    pub fn start<S: Setup<Game = G>>(
        setup: S,
        record: Option<PathBuf>,
    ) -> Result<Duel<G>, DuelError> {
        let game = setup.deal()?;
        let mut duel = Duel::dealt(setup.duel_config(), game)?;
        if let Some(path) = record {
            duel.recorder = Some(setup.create_log(path)?);
        }
        Ok(duel)
    }

    /// Starts a match whose record is created only with its first move, at the path `path`
    /// gives then (an autosave: a fresh name in the data folder). A match left before any
    /// move leaves no file behind, even when trios is killed; from the first move on the
    /// file holds every move, as with [`Duel::start`]. A record that cannot be created is
    /// reported once, by [`Duel::take_record_error`], and the match plays on unrecorded.
    pub fn start_at_first_move<S>(
        setup: S,
        path: impl FnOnce() -> PathBuf + Send + 'static,
    ) -> Result<Duel<G>, DuelError>
    where
        S: Setup<Game = G> + Send + 'static,
    {
        let game = setup.deal()?;
        let mut duel = Duel::dealt(setup.duel_config(), game)?;
        duel.pending = Some(Box::new(move || setup.create_log(path())));
        Ok(duel)
    }

    /// A match from `game`, the start its config gives, not yet recorded (see
    /// [`Duel::set_log`]).
    pub(crate) fn dealt(config: DuelConfig<G>, game: G) -> Result<Duel<G>, UnknownStrategy> {
        let ais = config.strategies()?;
        let clock = config.clock.map(Clock::new);
        Ok(Duel {
            config,
            game,
            history: Vec::new(),
            ais,
            recorder: None,
            pending: None,
            record_error: None,
            clock,
            flag: None,
        })
    }

    /// Records further moves into `log`: a record just created, or the one a match resumed
    /// from.
    pub(crate) fn set_log(&mut self, log: Box<dyn MatchLog<G>>) {
        self.recorder = Some(log);
    }

    /// Continues the unfinished match recorded at `path` in the common layout, every
    /// recorded move replayed and checked, recording on into the same file (whose lock it
    /// holds from now on). Recorded moves are not thought again (see [`Duel::resume`]).
    pub(crate) fn resume_common(path: PathBuf) -> Result<Duel<G>, DuelError> {
        let recorder = match DuelRecorder::<G>::resume(path.clone()) {
            Ok(recorder) => recorder,
            // A finished match is said to be one even while another trios shows it.
            Err(RecordError::InUse { .. })
                if DuelRecord::<G>::load(&path).is_ok_and(|r| r.result.is_some()) =>
            {
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
        check_seats(record, &name)?;
        let mut duel = Duel::rebuilt(record, &name, false)?;
        // A record whose result went missing still holds a finished game.
        if duel.game.is_over() {
            return Err(DuelError::Finished { path: name });
        }
        duel.recorder = Some(Box::new(recorder));
        Ok(duel)
    }

    /// A match rebuilt from a record (of either layout) for viewing: every move replayed and
    /// checked, nothing written. A computer seat that draws on its seeded stream first is
    /// shown each of its recorded positions once, so its stream moves on as it did in play.
    pub fn replayed<R: Replayable<Game = G>>(record: &R, name: &str) -> Result<Duel<G>, DuelError> {
        record.replayed(name)
    }

    /// Replays `record`'s moves into a match; with `check_result`, the recorded result must
    /// be the replayed game's too.
    fn rebuilt(
        record: &DuelRecord<G>,
        name: &str,
        check_result: bool,
    ) -> Result<Duel<G>, DuelError> {
        let flag = (record.result.as_ref())
            .and_then(|r| Some((r.lost_on_time?, r.verdict)))
            .filter(|_| check_result);
        Duel::rebuilt_with(record.setup.clone(), record.moves.len(), flag, |visit| {
            if check_result {
                record.replay(name, visit)
            } else {
                record.replay_moves(name, visit)
            }
        })
    }

    /// A match rebuilt by `replay`, which replays the `total` recorded moves of a match set up
    /// by `config` (a record of any layout) and ended by `flag` if its clock's flag fell, calling the visit it is given at the start and
    /// after every move. A computer seat that draws on its seeded stream first is shown each
    /// of its recorded positions once, so its stream moves on as it did in play.
    pub(crate) fn rebuilt_with(
        config: DuelConfig<G>,
        total: usize,
        flag: Option<(Side, Verdict)>,
        replay: impl FnOnce(&mut dyn FnMut(&G, Option<&Turn<G>>)) -> Result<G, RecordError>,
    ) -> Result<Duel<G>, DuelError> {
        let mut ais = config.strategies()?;
        let seeded = config
            .seats
            .clone()
            .map(|seat| super::draws_on_seed_first(&seat.to_string()));
        let mut history = Vec::with_capacity(total);
        let mut visit = |game: &G, turn: Option<&Turn<G>>| {
            if let Some(turn) = turn {
                history.push(turn.clone());
            }
            if history.len() < total
                && !game.is_over()
                && seeded[game.to_move().index()]
                && let Some(ai) = ais[game.to_move().index()].as_mut()
            {
                let _ = ai.choose(game);
            }
        };
        let game = replay(&mut visit)?;
        // The clocks as the last move left them (a record before clocks has none).
        let last = history.last().and_then(|t: &Turn<G>| t.clock);
        let clock = config.clock.map(|control| match last {
            Some(left) => Clock::at(control, left.map(Duration::from_millis)),
            None => Clock::new(control),
        });
        Ok(Duel {
            config,
            game,
            history,
            ais,
            recorder: None,
            pending: None,
            record_error: None,
            clock,
            flag,
        })
    }

    pub fn config(&self) -> &DuelConfig<G> {
        &self.config
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// Every accepted move so far, oldest first.
    pub fn history(&self) -> &[Turn<G>] {
        &self.history
    }

    /// The file this match is recorded in, if any.
    pub fn record_path(&self) -> Option<&Path> {
        self.recorder.as_ref().map(|log| log.path())
    }

    /// Whether the player to move is a computer (and the match is not over).
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && self.ais[self.game.to_move().index()].is_some()
    }

    /// Hands over the computer seats' strategies (for a front end that runs them on a thread
    /// of its own); afterwards [`Duel::computer_choice`] has nothing to ask.
    pub fn take_strategies(&mut self) -> Computers<G> {
        std::mem::take(&mut self.ais)
    }

    /// Asks the computer seat to move for the player to move: its choice, not yet played.
    pub fn computer_choice(&mut self) -> Option<G::Move> {
        let side = self.game.to_move();
        let game = &self.game;
        self.ais[side.index()]
            .as_mut()
            .and_then(|ai| ai.choose(game))
    }

    /// Plays a move for the player to move and records it. A refused move changes nothing.
    pub fn play(&mut self, mv: G::Move) -> Result<&Turn<G>, G::Refusal> {
        self.play_at(mv, Instant::now())
    }

    /// [`Duel::play`] at `now` on the match's clock: the mover's time stops there and the
    /// other side's starts. The caller has asked [`Duel::flag_fell`] first, so a move after
    /// the flag is never played.
    pub fn play_at(&mut self, mv: G::Move, now: Instant) -> Result<&Turn<G>, G::Refusal> {
        let side = self.game.to_move();
        let played = self.game.play(mv)?;
        let clock = self.clock.as_mut().map(|clock| {
            // A move at the very instant of the flag still counts: the caller checked.
            let _ = clock.punch(now);
            if self.game.is_over() {
                clock.stop(now);
            } else if clock.running() != Some(self.game.to_move()) {
                // A pass or a game where one side moves twice: the clock follows the mover.
                clock.stop(now);
                clock.start(self.game.to_move(), now);
            }
            clock.both(now).map(|d| d.as_millis() as u64)
        });
        let turn = Turn {
            side,
            mv,
            played,
            clock,
        };
        if let Some(create) = self.pending.take() {
            match create() {
                Ok(log) => self.recorder = Some(log),
                Err(e) => self.record_error = Some(e),
            }
        }
        if let Some(recorder) = &mut self.recorder
            && let Err(e) = recorder.push(&turn, &self.game)
        {
            self.record_error = Some(e);
        }
        self.history.push(turn);
        Ok(&self.history[self.history.len() - 1])
    }

    /// Takes back the last `count` moves (fewer when there are fewer); the record keeps them
    /// as a takeback. Returns how many were taken back.
    pub fn take_back(&mut self, count: usize) -> Result<usize, TakeBackError<G::Refusal>> {
        let keep = self.history.len().saturating_sub(count);
        let mut game =
            G::start(&self.config.options, self.config.seed).map_err(TakeBackError::Deal)?;
        for (n, turn) in self.history[..keep].iter().enumerate() {
            game.play(turn.mv).map_err(|source| TakeBackError::Replay {
                number: n + 1,
                source,
            })?;
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

    /// The match's clock, where it is played on one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Starts the clock of the side to move at `now` (when the match is on a clock, not
    /// over and not already running): the moment the move is asked of a player.
    pub fn start_clock(&mut self, now: Instant) {
        let to_move = self.game.to_move();
        if self.is_over() {
            return;
        }
        if let Some(clock) = &mut self.clock
            && clock.running().is_none()
        {
            clock.start(to_move, now);
        }
    }

    /// Stops the clock at `now` (a match left: its times are kept as they stand).
    pub fn stop_clock(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
    }

    /// Sets the clock to the times `left` (as a table reports them), the side to move's
    /// running from `now` unless the match is over.
    pub fn set_clock(&mut self, left: [Duration; 2], now: Instant) {
        let over = self.is_over();
        let to_move = self.game.to_move();
        if let Some(clock) = &mut self.clock {
            *clock = Clock::at(clock.control(), left);
            if !over {
                clock.start(to_move, now);
            }
        }
    }

    /// Whether the running side's time is out at `now`: if so, it loses on time (see
    /// [`Duel::lose_on_time`]) and its side is returned; `None` while time is left, or when
    /// the flag fell before.
    pub fn flag_fell(&mut self, now: Instant) -> Option<Side> {
        if self.is_over() {
            return None;
        }
        let flagged = self.clock.as_ref()?.flagged(now)?.0;
        self.lose_on_time(flagged, now);
        Some(flagged)
    }

    /// `side` ran out of time: the game ends, lost for `side` unless its opponent could no
    /// longer win ([`flag_verdict`]), and the record keeps it.
    pub fn lose_on_time(&mut self, side: Side, now: Instant) {
        if self.is_over() {
            return;
        }
        self.stop_clock(now);
        let verdict = flag_verdict(&self.game, side);
        self.flag = Some((side, verdict));
        if let Some(recorder) = &mut self.recorder
            && let Err(e) = recorder.flag(side, verdict, &self.game)
        {
            self.record_error = Some(e);
        }
    }

    /// The side whose time ran out, once a flag fell.
    pub fn lost_on_time(&self) -> Option<Side> {
        self.flag.map(|(side, _)| side)
    }

    /// Whether the match is over: on the board, or on the clock.
    pub fn is_over(&self) -> bool {
        self.flag.is_some() || self.game.is_over()
    }

    /// The result once the match is over: the clock's, else the board's.
    pub fn verdict(&self) -> Option<Verdict> {
        match self.flag {
            Some((_, verdict)) => Some(verdict),
            None => self.game.verdict(),
        }
    }

    /// The last failure to write the record, if any, taken so it is reported once.
    pub fn take_record_error(&mut self) -> Option<RecordError> {
        self.record_error.take()
    }

    /// What a strategy would play now (for hints and `suggest`), seeded by the match seed and
    /// the move number so the answer is reproducible.
    pub fn suggest(&self, strategy: &str) -> Result<Option<G::Move>, UnknownStrategy> {
        let seed =
            self.config.seed ^ (self.history.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut ai = G::strategy_for(strategy, seed, self.config.think_ms, &self.config.options)?;
        Ok(ai.choose(&self.game))
    }
}

impl<G: Hosted> Duel<G> {
    /// Continues the unfinished match recorded at `path`: deals it again from the recorded
    /// setup, replays every recorded move (each checked against the record), and goes on
    /// recording into the same file, in its layout, whose lock it holds from now on (a second
    /// trios on the same record is refused).
    ///
    /// Recorded moves are replayed, not thought again: only a computer seat that draws on its
    /// seeded stream before any search (`random`, or `random` after `corners` in a chain) is
    /// shown its recorded positions, so its stream moves on as it did in play. Such a seat
    /// therefore usually repeats the choices it would have made had the match never stopped,
    /// but that is not promised (a record from another trios version, or an edited one, may
    /// differ): only the moves already recorded are guaranteed.
    pub fn resume(path: PathBuf) -> Result<Duel<G>, DuelError> {
        G::resume(path)
    }
}

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::TakeBackError;

    #[test]
    fn a_move_that_no_longer_replays_is_named_and_keeps_its_cause() {
        let e = TakeBackError::Replay {
            number: 4,
            source: std::io::Error::other("the cell is taken"),
        };
        assert_eq!(e.to_string(), "move 4 does not replay: the cell is taken");
        assert_eq!(
            e.source().map(|s| s.to_string()).as_deref(),
            Some("the cell is taken")
        );
    }
}
