//! The contract every race keeps, written once against the `Race` trait and run for Triad and
//! Hex paths: the same seed gives the same race; a refused claim changes nothing; the
//! happenings, applied in order to a fresh race, reach the state everyone sees (a late
//! joiner); a player's view holds their own secret and nobody else's; the race ends exactly
//! when the game says, and the standings agree with the players.
//!
//! Scripts of joins, leaves, claims (good, wrong and stale), computer rivals' claims, time
//! passing and rematches are drawn at random; every step is checked as it is taken.

use std::time::Duration;

use proptest::prelude::*;

use trios::games::hexpaths::platform::HexRace;
use trios::games::hexpaths::round::Settings;
use trios::games::hexpaths::{Difficulty, Step};
use trios::games::race::{Phase, Race, Standing};
use trios::games::triad::platform::{TriadClaim, TriadRace};
use trios::games::triad::triads;

/// What the suite needs of a game besides the trait: small settings, claims of every kind,
/// and the game's own word on whether it is finished.
trait Contract: Race {
    fn small_settings() -> Self::Settings;
    /// A claim drawn from `pick`: sometimes one that wins, often one that does not.
    fn sample_claim(race: &Self, pick: u64) -> Self::Claim;
    /// The game itself (not the trait) says nothing more can be played.
    fn finished(race: &Self) -> bool;
}

impl Contract for TriadRace {
    fn small_settings() {}

    fn sample_claim(race: &TriadRace, pick: u64) -> TriadClaim {
        let version = race.race().version();
        let found = triads(race.race().game().tableau()).first().copied();
        match (pick % 4, found) {
            (0, Some(positions)) => TriadClaim { positions, version },
            (1, Some(positions)) => TriadClaim {
                positions,
                version: version.wrapping_sub(1),
            },
            // Anything: off the table, repeated, or three cards that may or may not match.
            _ => TriadClaim {
                positions: [
                    (pick / 4 % 13) as usize,
                    (pick / 52 % 13) as usize,
                    (pick / 676 % 13) as usize,
                ],
                version,
            },
        }
    }

    fn finished(race: &TriadRace) -> bool {
        race.race().game().is_over()
    }
}

impl Contract for HexRace {
    fn small_settings() -> Settings {
        Settings {
            pieces: 2,
            rounds: 3,
            round_time: Duration::from_secs(60),
            difficulty: Some(Difficulty::Easy),
        }
    }

    fn sample_claim(race: &HexRace, pick: u64) -> Vec<Step> {
        let Some(round) = race.game().round() else {
            return vec![Step { from: 0, to: 1 }];
        };
        let optimal = round.objective.solution.steps.clone();
        match pick % 4 {
            0 | 1 => optimal,
            // Not to the goal: the move without its last step.
            2 => optimal[..optimal.len().saturating_sub(1)].to_vec(),
            _ => vec![Step {
                from: (pick / 4 % 217) as _,
                to: (pick / 868 % 217) as _,
            }],
        }
    }

    fn finished(race: &HexRace) -> bool {
        race.game().round().is_none() && race.game().played() >= race.settings().rounds
    }
}

/// One thing a script does.
#[derive(Debug, Clone)]
enum Op {
    Join,
    Leave(u8),
    Start,
    Claim {
        player: u8,
        pick: u64,
        wait: u16,
    },
    /// The computer rival due first claims when its time comes.
    Rival,
    /// Time passes, in seconds.
    Wait(u8),
    TimeUp,
    NextRound,
    Again(u64),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        1 => Just(Op::Join),
        1 => any::<u8>().prop_map(Op::Leave),
        2 => Just(Op::Start),
        6 => (any::<u8>(), any::<u64>(), 0u16..5000)
            .prop_map(|(player, pick, wait)| Op::Claim { player, pick, wait }),
        6 => Just(Op::Rival),
        2 => (0u8..40).prop_map(Op::Wait),
        1 => Just(Op::TimeUp),
        2 => Just(Op::NextRound),
        1 => any::<u64>().prop_map(Op::Again),
    ]
}

/// A call's result: the race after it, what happened, and its value; or why it was refused.
type Outcome<R, T> = Result<(R, Vec<<R as Race>::Happening>, T), <R as Race>::Refusal>;

/// A computer rival in the script: its place, and when it will claim.
struct Seated<R: Race> {
    place: usize,
    rival: R::Rival,
    looked: Option<u64>,
    due: Option<Duration>,
}

/// A race played by a script, with everything that happened in it.
struct Run<R: Race> {
    live: R,
    /// Every happening since the deal, in order: what a late joiner is sent.
    log: Vec<R::Happening>,
    clock: Duration,
    rivals: Vec<Seated<R>>,
    people: usize,
    /// Whether the race was ever seen over (it stays over until dealt again).
    was_over: bool,
}

impl<R: Contract> Run<R> {
    fn new(seed: u64, rivals: &[&str]) -> Result<Run<R>, TestCaseError> {
        let mut run = Run {
            live: R::new(seed, &R::small_settings()),
            log: Vec::new(),
            clock: Duration::ZERO,
            rivals: Vec::new(),
            people: 0,
            was_over: false,
        };
        for (n, level) in rivals.iter().enumerate() {
            let rival =
                R::rival(level, seed ^ n as u64).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let name = format!("{}{n}", R::rival_level(&rival));
            let mut next = run.live.clone();
            let joined = next.join(name);
            let place = run.step(joined.map(|(place, h)| (next, h, place)))?;
            if let Some(place) = place {
                run.rivals.push(Seated {
                    place,
                    rival,
                    looked: None,
                    due: None,
                });
            }
        }
        Ok(run)
    }

    /// Checks one call: `Err` must have left the race as it was (the caller made the call on
    /// a copy, `live` is untouched); `Ok` must be told by its happenings. Returns the call's
    /// value when it was accepted.
    fn step<T>(&mut self, outcome: Outcome<R, T>) -> Result<Option<T>, TestCaseError> {
        let (next, happenings, value) = match outcome {
            Ok(accepted) => accepted,
            Err(_) => return Ok(None),
        };
        // Applying what happened to the state as a spectator saw it gives what they see now.
        let mut told = self.live.view(None);
        for h in &happenings {
            told.apply(h)
                .map_err(|e| TestCaseError::fail(format!("{h:?} does not apply: {e}")))?;
        }
        prop_assert_eq!(&told, &next.view(None), "the happenings tell the change");
        let was_in_round = self.live.in_round();
        self.live = next;
        self.log.extend(happenings);
        if !was_in_round && self.live.in_round() {
            self.clock = Duration::ZERO;
        }
        self.check()?;
        Ok(Some(value))
    }

    /// Runs `call` on a copy of the live race, checking a refusal changes nothing.
    fn attempt(
        &mut self,
        call: impl FnOnce(&mut R) -> Result<Vec<R::Happening>, R::Refusal>,
    ) -> Result<bool, TestCaseError> {
        let mut next = self.live.clone();
        match call(&mut next) {
            Ok(happenings) => Ok(self.step(Ok((next, happenings, ())))?.is_some()),
            Err(why) => {
                prop_assert_eq!(&next, &self.live, "refused ({}) yet changed", why);
                prop_assert!(!why.to_string().is_empty(), "a refusal says why");
                Ok(false)
            }
        }
    }

    /// What holds after every step.
    fn check(&mut self) -> Result<(), TestCaseError> {
        // A late joiner: the whole list, applied to a fresh deal, reaches what everyone sees.
        let mut late = R::new(self.live.seed(), self.live.settings());
        for h in &self.log {
            late.apply(h)
                .map_err(|e| TestCaseError::fail(format!("replaying {h:?}: {e}")))?;
        }
        prop_assert_eq!(
            &late,
            &self.live.view(None),
            "a late joiner sees the same race"
        );
        // Secrets: each player's view holds theirs and nobody else's.
        let players = self.live.players();
        for p in 0..players.len() {
            let view = self.live.view(Some(p));
            for q in 0..players.len() {
                let expected = if q == p { self.live.secret(q) } else { None };
                prop_assert_eq!(view.secret(q), expected, "player {}'s view of {}", p, q);
            }
        }
        let watcher = self.live.view(None);
        for q in 0..players.len() {
            prop_assert_eq!(
                watcher.secret(q),
                None,
                "a spectator sees player {}'s secret",
                q
            );
        }
        // The standings: the players, best first, the winner alone at the top.
        let standings = self.live.standings();
        let mut sorted: Vec<Standing> = standings.clone();
        sorted.sort_by_key(|s| s.place);
        prop_assert_eq!(&sorted, &players, "the standings are the players");
        for pair in standings.windows(2) {
            prop_assert!(pair[0].score >= pair[1].score, "standings best first");
        }
        let unique_top = match standings.as_slice() {
            [a, b, ..] => a.score > b.score,
            [_] => true,
            [] => false,
        };
        prop_assert_eq!(self.live.winner().is_some(), unique_top);
        if let Some(w) = self.live.winner() {
            prop_assert_eq!(&w, &standings[0]);
        }
        // The end: exactly when the game is finished, once begun; and it stays.
        let phase = self.live.phase();
        prop_assert_eq!(
            phase == Phase::Over,
            phase != Phase::Waiting && R::finished(&self.live),
            "over exactly when the game is finished"
        );
        prop_assert!(
            !self.was_over || phase == Phase::Over,
            "an ended race stays over"
        );
        self.was_over = phase == Phase::Over;
        if phase == Phase::Over {
            prop_assert_eq!(self.live.deadline(), None, "no deadline after the end");
            for p in 0..players.len() {
                let mut copy = self.live.clone();
                let claim = R::sample_claim(&self.live, 0);
                prop_assert!(
                    copy.claim(p, claim, self.clock).is_err(),
                    "a claim after the end"
                );
            }
        }
        Ok(())
    }

    /// Rivals look at the race anew when it changed, as a table has them do.
    fn look(&mut self) {
        let moment = self.live.moment();
        for seated in &mut self.rivals {
            if seated.looked != Some(moment) {
                seated.looked = Some(moment);
                seated.due = self.live.look(&mut seated.rival, self.clock);
            }
        }
    }

    fn play(&mut self, op: Op) -> Result<(), TestCaseError> {
        self.look();
        match op {
            Op::Join => {
                let mut next = self.live.clone();
                let joined = next.join(format!("person{}", self.people));
                if let Err(why) = &joined {
                    prop_assert_eq!(&next, &self.live, "refused ({}) yet changed", why);
                }
                if self
                    .step(joined.map(|(place, h)| (next, h, place)))?
                    .is_some()
                {
                    self.people += 1;
                }
            }
            Op::Leave(n) => {
                let count = self.live.players().len().max(1);
                let place = n as usize % count;
                if self.attempt(|r| r.leave(place))? {
                    self.rivals.retain(|s| s.place != place);
                    for s in &mut self.rivals {
                        if s.place > place {
                            s.place -= 1;
                        }
                    }
                }
            }
            Op::Start => {
                self.attempt(R::start)?;
            }
            Op::Claim { player, pick, wait } => {
                self.clock += Duration::from_millis(wait.into());
                let count = self.live.players().len() + 1;
                // Now and then a place nobody holds.
                let player = player as usize % count;
                let claim = R::sample_claim(&self.live, pick);
                let at = self.clock;
                self.attempt(|r| r.claim(player, claim, at))?;
            }
            Op::Rival => {
                let next = self
                    .rivals
                    .iter()
                    .enumerate()
                    .filter_map(|(i, s)| s.due.map(|d| (i, d)))
                    .min_by_key(|&(_, d)| d);
                let Some((i, due)) = next else { return Ok(()) };
                self.clock = self.clock.max(due);
                self.rivals[i].due = None;
                let place = self.rivals[i].place;
                let claim = self.live.rival_claim(&mut self.rivals[i].rival);
                if let Some(claim) = claim {
                    let at = self.clock;
                    self.attempt(|r| r.claim(place, claim, at))?;
                }
            }
            Op::Wait(secs) => {
                self.clock += Duration::from_secs(secs.into());
                let at = self.clock;
                let mut next = self.live.clone();
                let happenings = next.advance(at);
                if self.live.deadline().is_none_or(|d| at < d) {
                    prop_assert!(happenings.is_empty(), "time acted before its deadline");
                }
                self.step(Ok((next, happenings, ())))?;
            }
            Op::TimeUp => {
                let at = self.clock;
                let mut next = self.live.clone();
                let happenings = next.time_up(at);
                if !self.live.in_round() {
                    prop_assert!(happenings.is_empty(), "time up with no round on");
                }
                self.step(Ok((next, happenings, ())))?;
            }
            Op::NextRound => {
                self.attempt(R::next_round)?;
            }
            Op::Again(seed) => {
                let (mut fresh, mut happenings) = self.live.again(seed);
                prop_assert_eq!(fresh.phase(), Phase::Waiting, "a new race waits to begin");
                let names = |r: &R| r.players().into_iter().map(|s| s.name).collect::<Vec<_>>();
                prop_assert_eq!(names(&fresh), names(&self.live), "the same players again");
                prop_assert!(fresh.players().iter().all(|s| s.score == 0), "scores anew");
                happenings.extend(
                    fresh
                        .start()
                        .map_err(|e| TestCaseError::fail(e.to_string()))?,
                );
                let mut told = R::new(seed, self.live.settings());
                for h in &happenings {
                    told.apply(h)
                        .map_err(|e| TestCaseError::fail(e.to_string()))?;
                }
                prop_assert_eq!(&told, &fresh.view(None), "a new race is told by its list");
                self.live = fresh;
                self.log = happenings;
                self.clock = Duration::ZERO;
                self.was_over = false;
                for s in &mut self.rivals {
                    s.looked = None;
                    s.due = None;
                }
                self.check()?;
            }
        }
        Ok(())
    }
}

/// Plays `ops` on a race from `seed` with two rivals, checking every step; returns what a
/// late joiner would be sent and the state reached.
fn script<R: Contract>(seed: u64, ops: &[Op]) -> Result<(Vec<R::Happening>, R), TestCaseError> {
    let mut run = Run::<R>::new(seed, &["hard", "easy"])?;
    for op in ops {
        run.play(op.clone())?;
    }
    Ok((run.log, run.live))
}

/// The same seed and script, the same race.
fn same_seed_same_race<R: Contract>(seed: u64, ops: &[Op]) -> Result<(), TestCaseError> {
    let (log_a, a) = script::<R>(seed, ops)?;
    let (log_b, b) = script::<R>(seed, ops)?;
    prop_assert_eq!(log_a, log_b);
    prop_assert_eq!(a, b);
    prop_assert_eq!(
        R::new(seed, &R::small_settings()),
        R::new(seed, &R::small_settings()),
        "the same deal"
    );
    Ok(())
}

/// A person and two rivals race from start to end; time passes only when nothing else can
/// happen. The race must end, within a bound, with consistent standings.
fn runs_to_the_end<R: Contract>(seed: u64) -> Result<R, TestCaseError> {
    let mut run = Run::<R>::new(seed, &["hard", "medium"])?;
    run.play(Op::Join)?;
    run.play(Op::Start)?;
    prop_assert_eq!(run.live.phase(), Phase::Racing, "the race begins");
    for _ in 0..500 {
        if run.live.is_over() {
            break;
        }
        run.look();
        let rival_due = run.rivals.iter().filter_map(|s| s.due).min();
        let deadline = run.live.deadline();
        match (rival_due, deadline) {
            (Some(_), None) => run.play(Op::Rival)?,
            (Some(r), Some(d)) if r < d => run.play(Op::Rival)?,
            (_, Some(d)) => {
                let wait = d.saturating_sub(run.clock).as_secs() + 1;
                run.play(Op::Wait(wait.min(255) as u8))?;
            }
            (None, None) if !run.live.in_round() => run.play(Op::NextRound)?,
            // Nobody sees anything and no clock runs: the person finds a claim.
            (None, None) => run.play(Op::Claim {
                player: run.rivals.len() as u8,
                pick: 0,
                wait: 1000,
            })?,
        }
        if !run.live.in_round() && !run.live.is_over() {
            run.play(Op::NextRound)?;
        }
    }
    prop_assert!(run.live.is_over(), "the race ended: {:?}", run.live.phase());
    Ok(run.live)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn triad_keeps_the_contract(seed in any::<u64>(), ops in proptest::collection::vec(op(), 1..60)) {
        script::<TriadRace>(seed, &ops)?;
    }

    #[test]
    fn hexpaths_keeps_the_contract(seed in any::<u64>(), ops in proptest::collection::vec(op(), 1..40)) {
        script::<HexRace>(seed, &ops)?;
    }

    #[test]
    fn triad_same_seed_same_race(seed in any::<u64>(), ops in proptest::collection::vec(op(), 1..40)) {
        same_seed_same_race::<TriadRace>(seed, &ops)?;
    }

    #[test]
    fn hexpaths_same_seed_same_race(seed in any::<u64>(), ops in proptest::collection::vec(op(), 1..30)) {
        same_seed_same_race::<HexRace>(seed, &ops)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn triad_runs_to_the_end(seed in any::<u64>()) {
        let race = runs_to_the_end::<TriadRace>(seed)?;
        // Every triad went to someone: the deck is out.
        prop_assert_eq!(race.race().game().deck_left(), 0);
    }

    #[test]
    fn hexpaths_runs_to_the_end(seed in any::<u64>()) {
        let race = runs_to_the_end::<HexRace>(seed)?;
        prop_assert_eq!(race.game().played(), HexRace::small_settings().rounds);
    }
}

/// Different deals differ: the seed decides the race.
#[test]
fn the_seed_decides_the_deal() {
    assert_ne!(
        TriadRace::new(1, &()).race().game().tableau(),
        TriadRace::new(2, &()).race().game().tableau()
    );
    let settings = HexRace::small_settings();
    assert_ne!(
        HexRace::new(1, &settings).game().state(),
        HexRace::new(2, &settings).game().state()
    );
}
