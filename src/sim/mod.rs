//! Headless tournaments: two computer strategies play many seeded deals on several threads,
//! and the results are summed up with a confidence interval. No terminal, no printing.
//!
//! Reproducibility: game `g` is fully decided by the setup, the two specs and `g`. Its deal
//! is dealt with seed `base.wrapping_add(deal)` and its players are seeded from that seed and
//! their seat exactly as `trios play` seeds them, so any single game can be watched again with
//! `trios play --seed <deal seed> --red … --blue …`. Results are collected by game number and
//! aggregated in order, so the thread count never changes them.

pub mod duel;
pub mod ladder;
pub mod report;
pub mod three_trios;
pub mod triad;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;
use std::time::Duration;

use crate::games::Side as Seat;

/// One side of a simulation: `A` is the first strategy (`--red`), `B` the second (`--blue`),
/// whichever colour they play in a given game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    A = 0,
    B = 1,
}

impl Side {
    /// Both sides, `A` first.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The opponent.
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// Why a simulation could not be set up or run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// The game's options could not be loaded or dealt (a board or card file, a deal):
    /// the game's own error, said as it is.
    #[error(transparent)]
    Setup(SetupFailure),
    #[error("{0}")]
    Strategy(String),
}

/// A game's own error while setting a simulation up, kept whole: it reads and chains its
/// causes exactly as the game's error does.
#[derive(Debug)]
pub struct SetupFailure(pub Box<dyn std::error::Error + Send + Sync>);

impl std::fmt::Display for SetupFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for SetupFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// The strategies of a round robin, as given to `--round-robin`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrategyList(pub Vec<String>);

/// Why a round robin's list of strategies is unusable, whatever the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameListError {
    #[error("an empty strategy name in the list")]
    Empty,
    #[error("a simulation has no human players; list strategies only")]
    Human,
    #[error("strategy \"{0}\" is listed twice")]
    Twice(String),
    #[error("a round robin needs at least two strategies, comma-separated")]
    TooFew,
}

/// Parses a comma list of at least two different strategy names for any game: trimmed and
/// lower-cased, no empty names, no `human`. Each game checks the names it knows.
pub fn parse_name_list(list: &str) -> Result<StrategyList, NameListError> {
    let mut names: Vec<String> = Vec::new();
    for spec in list.split(',') {
        let name = spec.trim().to_ascii_lowercase();
        if name.is_empty() {
            return Err(NameListError::Empty);
        }
        if name == "human" {
            return Err(NameListError::Human);
        }
        if names.contains(&name) {
            return Err(NameListError::Twice(name));
        }
        names.push(name);
    }
    if names.len() < 2 {
        return Err(NameListError::TooFew);
    }
    Ok(StrategyList(names))
}

/// A simulation of some game: what [`run`], [`round_robin`] and the reports need of it.
/// Every two-player game's [`duel::DuelSpec`] is one.
pub trait Tournament: Clone + Sync {
    /// Strategy of side A (plays first, and second too in swapped games).
    fn a(&self) -> &str;
    /// Strategy of side B.
    fn b(&self) -> &str;
    /// How many deals (starting positions) are played.
    fn deals(&self) -> usize;
    /// Whether every deal is played twice, seats exchanged.
    fn swap(&self) -> bool;
    /// The base seed: deal `i` uses `seed + i`.
    fn seed(&self) -> u64;
    /// Threads the caller allowed.
    fn threads(&self) -> usize;
    /// Games played at once.
    fn workers(&self) -> usize;
    /// What the games are played on, for the report (`board … · cards … · seed …`).
    fn setup_parts(&self) -> Vec<String>;
    /// The name of the first mover's seat in reports (`Red`, `X`).
    fn first_seat(&self) -> &'static str;
    /// The same simulation between two other strategies, seats swapped.
    fn pairing(&self, a: &str, b: &str) -> Self;
    /// Plays game `game` to the end on this thread.
    fn play(&self, game: usize) -> Result<GameRecord, SimError>;

    /// How many games the simulation plays.
    fn games(&self) -> usize {
        self.deals().saturating_mul(if self.swap() { 2 } else { 1 })
    }
}

/// What happened in one game, from A's point of view.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// Its number in the simulation.
    pub game: usize,
    /// The deal it played.
    pub deal: usize,
    /// The side A played.
    pub a_seat: Seat,
    /// The side with the higher score, `None` for a tie.
    pub winner: Option<Side>,
    /// A's final score minus B's.
    pub margin: i32,
    /// Moves made, by side (`[A, B]`).
    pub moves: [u32; 2],
    /// Time spent choosing those moves, by side.
    pub think: [Duration; 2],
}

impl GameRecord {
    /// Whether two records have the same result: everything but the time taken.
    pub fn same_result(&self, other: &GameRecord) -> bool {
        (
            self.game,
            self.deal,
            self.a_seat,
            self.winner,
            self.margin,
            self.moves,
        ) == (
            other.game,
            other.deal,
            other.a_seat,
            other.winner,
            other.margin,
            other.moves,
        )
    }
}

/// Plays every game of `spec` on [`Tournament::workers`] threads and returns the records in game
/// order. `progress(done, total)` is called on the calling thread, a few times a second and
/// once at the end, so a front end can draw progress; it is never called from a worker.
///
/// The records do not depend on the number of threads. The first failing game (by number)
/// is the error; a failure stops the other workers early.
pub fn run<T: Tournament>(
    spec: &T,
    progress: impl FnMut(usize, usize),
) -> Result<Vec<GameRecord>, SimError> {
    let total = spec.games();
    let batches = on_workers(spec, progress, work);
    in_game_order(batches, total)
}

/// Runs `job` on each of [`SimSpec::workers`] threads, all taking games from one counter, and
/// returns what each gave. `progress(done, total)` is called on the calling thread, a few
/// times a second and once at the end.
fn on_workers<T: Tournament, R: Send>(
    spec: &T,
    mut progress: impl FnMut(usize, usize),
    job: fn(&T, &Shared, usize) -> R,
) -> Vec<R> {
    let total = spec.games();
    let shared = Shared {
        next: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        failed: AtomicBool::new(false),
    };
    let results = thread::scope(|scope| {
        let caller = thread::current();
        let handles: Vec<_> = (0..spec.workers())
            .map(|_| {
                let (shared, caller) = (&shared, caller.clone());
                scope.spawn(move || {
                    let result = job(spec, shared, total);
                    caller.unpark();
                    result
                })
            })
            .collect();
        while !handles.iter().all(|h| h.is_finished()) {
            progress(shared.done.load(Ordering::Relaxed), total);
            thread::park_timeout(Duration::from_millis(100));
        }
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect::<Vec<_>>()
    });
    progress(shared.done.load(Ordering::Relaxed), total);
    results
}

/// Plays every game of `spec` like [`run`] and sums them up as they finish, keeping running
/// totals rather than every game: memory stays the same for a thousand games or a billion.
/// The summary equals [`Summary::of`] the records [`run`] returns (sums do not depend on
/// order), and so does the error: the failing game with the lowest number.
pub fn summarize<T: Tournament>(
    spec: &T,
    progress: impl FnMut(usize, usize),
) -> Result<Summary, SimError> {
    let parts = on_workers(spec, progress, tally);
    let mut summary = Summary::default();
    let mut first_error: Option<(usize, SimError)> = None;
    for (part, error) in parts {
        summary.merge(&part);
        if let Some((game, e)) = error
            && first_error.as_ref().is_none_or(|(g, _)| game < *g)
        {
            first_error = Some((game, e));
        }
    }
    match first_error {
        Some((_, e)) => Err(e),
        None => Ok(summary),
    }
}

/// One worker of [`summarize`]: takes game numbers until none are left and adds each game
/// to its running totals; the first failure stops it (and, through `shared`, the others).
fn tally<T: Tournament>(
    spec: &T,
    shared: &Shared,
    total: usize,
) -> (Summary, Option<(usize, SimError)>) {
    let mut summary = Summary::default();
    while !shared.failed.load(Ordering::Relaxed) {
        let game = shared.next.fetch_add(1, Ordering::Relaxed);
        if game >= total {
            break;
        }
        match spec.play(game) {
            Ok(record) => summary.add(&record),
            Err(e) => {
                shared.failed.store(true, Ordering::Relaxed);
                shared.done.fetch_add(1, Ordering::Relaxed);
                return (summary, Some((game, e)));
            }
        }
        shared.done.fetch_add(1, Ordering::Relaxed);
    }
    (summary, None)
}

/// The counters the workers share.
struct Shared {
    /// The next game number to hand out.
    next: AtomicUsize,
    /// Games finished.
    done: AtomicUsize,
    /// Set when a game failed: the workers stop taking games.
    failed: AtomicBool,
}

/// One worker: takes game numbers until none are left, plays them, keeps the results.
fn work<T: Tournament>(
    spec: &T,
    shared: &Shared,
    total: usize,
) -> Vec<(usize, Result<GameRecord, SimError>)> {
    let mut results = Vec::new();
    while !shared.failed.load(Ordering::Relaxed) {
        let game = shared.next.fetch_add(1, Ordering::Relaxed);
        if game >= total {
            break;
        }
        let result = spec.play(game);
        if result.is_err() {
            shared.failed.store(true, Ordering::Relaxed);
        }
        results.push((game, result));
        shared.done.fetch_add(1, Ordering::Relaxed);
    }
    results
}

/// Puts the workers' results in game order; the lowest-numbered error wins.
fn in_game_order(
    batches: Vec<Vec<(usize, Result<GameRecord, SimError>)>>,
    total: usize,
) -> Result<Vec<GameRecord>, SimError> {
    let mut slots: Vec<Option<GameRecord>> = vec![None; total];
    let mut first_error: Option<(usize, SimError)> = None;
    for (game, result) in batches.into_iter().flatten() {
        match result {
            Ok(record) => slots[game] = Some(record),
            Err(e) if first_error.as_ref().is_none_or(|(g, _)| game < *g) => {
                first_error = Some((game, e));
            }
            Err(_) => {}
        }
    }
    if let Some((_, e)) = first_error {
        return Err(e);
    }
    // Without a failure every worker ran until the game numbers ran out: no slot is empty.
    Ok(slots.into_iter().flatten().collect())
}

/// The statistics of a set of games, from A's point of view (B's are the mirror image).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    pub games: usize,
    /// Wins by side (`[A, B]`); A's losses are B's wins.
    pub wins: [usize; 2],
    pub ties: usize,
    /// Sum over games of A's score minus B's.
    pub margin_total: i64,
    /// Moves made, by side.
    pub moves: [u64; 2],
    /// Time spent choosing moves, by side.
    pub think: [Duration; 2],
}

/// The z value of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

impl Summary {
    /// Sums up `records`, in order.
    pub fn of(records: &[GameRecord]) -> Summary {
        let mut summary = Summary::default();
        for record in records {
            summary.add(record);
        }
        summary
    }

    /// Counts one more game.
    pub fn add(&mut self, record: &GameRecord) {
        self.games += 1;
        match record.winner {
            Some(side) => self.wins[side as usize] += 1,
            None => self.ties += 1,
        }
        self.margin_total += i64::from(record.margin);
        for side in 0..2 {
            self.moves[side] += u64::from(record.moves[side]);
            self.think[side] += record.think[side];
        }
    }

    /// Adds the games of `other` (sums, so the order of merging does not matter).
    pub fn merge(&mut self, other: &Summary) {
        self.games += other.games;
        self.ties += other.ties;
        self.margin_total += other.margin_total;
        for side in 0..2 {
            self.wins[side] += other.wins[side];
            self.moves[side] += other.moves[side];
            self.think[side] += other.think[side];
        }
    }

    /// Games that were not tied.
    pub fn decided(&self) -> usize {
        self.games - self.ties
    }

    pub fn wins(&self, side: Side) -> usize {
        self.wins[side as usize]
    }

    pub fn losses(&self, side: Side) -> usize {
        self.wins[side.other() as usize]
    }

    /// `side`'s share of the decided games; `None` if every game was a tie (or none played).
    pub fn win_rate_decided(&self, side: Side) -> Option<f64> {
        ratio(self.wins(side), self.decided())
    }

    /// `side`'s share of all games, ties counting as not won; `None` if none were played.
    pub fn win_rate(&self, side: Side) -> Option<f64> {
        ratio(self.wins(side), self.games)
    }

    /// The 95% Wilson score interval for `side`'s win rate over decided games.
    pub fn interval(&self, side: Side) -> Option<(f64, f64)> {
        wilson(self.wins(side), self.decided(), Z95)
    }

    /// `side`'s score minus its opponent's, averaged over all games (0 if none).
    pub fn mean_margin(&self, side: Side) -> f64 {
        let mean = ratio_i(self.margin_total, self.games);
        match side {
            Side::A => mean,
            Side::B => -mean,
        }
    }

    /// Average time `side` took to choose a move (zero if it made none).
    pub fn think_per_move(&self, side: Side) -> Duration {
        let moves = self.moves[side as usize];
        if moves == 0 {
            return Duration::ZERO;
        }
        let nanos = self.think[side as usize].as_nanos() / u128::from(moves);
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    /// The same games seen from B's side: wins, margins and times swapped.
    pub fn flipped(&self) -> Summary {
        Summary {
            games: self.games,
            wins: [self.wins[1], self.wins[0]],
            ties: self.ties,
            margin_total: -self.margin_total,
            moves: [self.moves[1], self.moves[0]],
            think: [self.think[1], self.think[0]],
        }
    }
}

fn ratio(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn ratio_i(sum: i64, count: usize) -> f64 {
    if count == 0 {
        0.0
    } else {
        sum as f64 / count as f64
    }
}

/// The Wilson score interval for a proportion: `successes` out of `trials` with normal
/// quantile `z` (1.96 for 95%). Unlike the plain normal interval it stays inside [0, 1] and
/// is sensible at 0% and 100%. `None` for no trials.
pub fn wilson(successes: usize, trials: usize, z: f64) -> Option<(f64, f64)> {
    if trials == 0 {
        return None;
    }
    let n = trials as f64;
    let p = successes.min(trials) as f64 / n;
    let z2 = z * z;
    let scale = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / scale;
    let half = z / scale * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// One pairing of a round robin: its two strategies (A first) and their games.
#[derive(Debug, Clone)]
pub struct PairResult {
    pub a: String,
    pub b: String,
    pub summary: Summary,
}

/// Every unordered pair of `strategies` plays `template.deals` deals with seats swapped, on
/// the same deals (the template's setup), in list order: (0,1), (0,2), …, (1,2), …
/// `template.a` and `template.b` are ignored. `progress(done, total)` counts games over the
/// whole tournament.
pub fn round_robin<T: Tournament>(
    strategies: &[String],
    template: &T,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<PairResult>, SimError> {
    let pairs: Vec<T> = pairings(strategies)
        .map(|(a, b)| template.pairing(a, b))
        .collect();
    let total: usize = pairs.iter().map(Tournament::games).sum();
    let mut offset = 0;
    let mut results = Vec::with_capacity(pairs.len());
    for spec in pairs {
        let summary = summarize(&spec, |done, _| progress(offset + done, total))?;
        offset += spec.games();
        results.push(PairResult {
            summary,
            a: spec.a().to_string(),
            b: spec.b().to_string(),
        });
    }
    Ok(results)
}

/// Every unordered pair, each strategy before those after it in the list.
fn pairings(strategies: &[String]) -> impl Iterator<Item = (&String, &String)> {
    strategies
        .iter()
        .enumerate()
        .flat_map(move |(i, a)| strategies[i + 1..].iter().map(move |b| (a, b)))
}

/// The results of a round robin as seen by one strategy: its summary against `opponent`,
/// from its own side. `None` if the two never met.
pub fn head_to_head(pairs: &[PairResult], strategy: &str, opponent: &str) -> Option<Summary> {
    pairs.iter().find_map(|pair| {
        if pair.a == strategy && pair.b == opponent {
            Some(pair.summary.clone())
        } else if pair.b == strategy && pair.a == opponent {
            Some(pair.summary.flipped())
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_matches_known_values() {
        let (lo, hi) = wilson(50, 100, Z95).unwrap();
        assert!(close(lo, 0.4038) && close(hi, 0.5962), "{lo} {hi}");
        let (lo, hi) = wilson(0, 10, Z95).unwrap();
        assert!(close(lo, 0.0) && close(hi, 0.2775), "{lo} {hi}");
        let (lo, hi) = wilson(10, 10, Z95).unwrap();
        assert!(close(lo, 0.7225) && close(hi, 1.0), "{lo} {hi}");
        let (lo, hi) = wilson(81, 263, Z95).unwrap();
        assert!(close(lo, 0.2553) && close(hi, 0.3662), "{lo} {hi}");
        assert_eq!(wilson(0, 0, Z95), None);
    }

    #[test]
    fn wilson_narrows_with_more_trials_and_contains_the_rate() {
        let (lo1, hi1) = wilson(30, 40, Z95).unwrap();
        let (lo2, hi2) = wilson(300, 400, Z95).unwrap();
        assert!(lo1 < 0.75 && 0.75 < hi1);
        assert!(lo2 < 0.75 && 0.75 < hi2);
        assert!(hi2 - lo2 < hi1 - lo1);
    }

    fn record(game: usize, winner: Option<Side>, margin: i32) -> GameRecord {
        GameRecord {
            game,
            deal: game,
            a_seat: Seat::First,
            winner,
            margin,
            moves: [5, 4],
            think: [Duration::from_micros(10), Duration::from_micros(40)],
        }
    }

    #[test]
    fn summary_adds_up_games() {
        let records = [
            record(0, Some(Side::A), 3),
            record(1, Some(Side::A), 1),
            record(2, Some(Side::B), -2),
            record(3, None, 0),
        ];
        let s = Summary::of(&records);
        assert_eq!((s.games, s.wins, s.ties), (4, [2, 1], 1));
        assert_eq!((s.wins(Side::B), s.losses(Side::B)), (1, 2));
        assert_eq!(s.decided(), 3);
        assert!(close(s.win_rate_decided(Side::A).unwrap(), 2.0 / 3.0));
        assert!(close(s.win_rate(Side::A).unwrap(), 0.5));
        assert!(close(s.mean_margin(Side::A), 0.5));
        assert!(close(s.mean_margin(Side::B), -0.5));
        assert_eq!(s.think_per_move(Side::A), Duration::from_micros(2));
        assert_eq!(s.think_per_move(Side::B), Duration::from_micros(10));
        let f = s.flipped();
        assert_eq!((f.wins, f.margin_total), ([1, 2], -2));
        assert_eq!(f.flipped(), s);
    }

    #[test]
    fn an_empty_summary_has_no_rates() {
        let s = Summary::default();
        assert_eq!(s.win_rate_decided(Side::A), None);
        assert_eq!(s.interval(Side::A), None);
        assert_eq!(s.mean_margin(Side::A), 0.0);
        assert_eq!(s.think_per_move(Side::B), Duration::ZERO);
        let ties = Summary::of(&[record(0, None, 0)]);
        assert_eq!(ties.win_rate_decided(Side::A), None);
        assert_eq!(ties.win_rate(Side::A), Some(0.0));
    }
}
