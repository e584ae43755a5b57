//! The strength levels `level:1` … `level:10`: one engine ([`super::midgame`] and the exact
//! solver of [`super::endgame`]) held back by depth, selectivity, exact-solve range and a
//! budget. Level 10 is the full engine, which `expert` names.
//!
//! A budget is work or time. On work (`--think-work`, and every match recorded before the
//! clock) a level is deterministic: a fixed depth and a count of positions decide its moves,
//! and a wall-clock guard only matters on a machine too slow for the count. On time
//! (`--think-ms`) the selective levels manage a clock as the classic engines do: a soft
//! limit after which no deeper iteration starts, a hard one that stops the search, and the
//! time a move saved or overspent carried to the next ones, so a game's moves average the
//! time asked for.

use std::time::{Duration, Instant};

use super::ai::{self, Strategy as _};
use super::endgame::{self, Solution};
use super::game::{Game, Move};
use super::midgame::{self, Found, Limits};
use super::probcut::Selectivity;
use crate::games::Strategy;

/// The weakest and the strongest level.
pub const LOWEST: u8 = 1;
pub const HIGHEST: u8 = 10;

/// Positions the midgame search may visit per millisecond of thinking time: about a quarter
/// of what one core of the machines trios was measured on visits, so the budget, not the
/// clock, decides.
pub const NODES_PER_MS: u64 = 2_500;

/// Positions the endgame solver may visit per millisecond of thinking time: it visits them
/// far faster than the midgame search, and gives up (and the search plays) when a solve
/// does not fit.
pub const SOLVE_NODES_PER_MS: u64 = 4_000;

/// Multi-ProbCut's confidence at the selective levels, in σ.
pub const MPC: f64 = 1.5;

/// The work a move when neither a clock nor an amount of work is asked for: a thousand
/// units, about 0.2–0.25 s a move on the machines trios was measured on.
pub const DEFAULT_WORK: u64 = 1000;

/// The longest clock a move may have, in milliseconds: ten minutes, as `--think-ms` allows.
pub const MAX_MS: u64 = 600_000;

/// How much a level may think about a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Work, in units of [`NODES_PER_MS`] midgame positions ([`SOLVE_NODES_PER_MS`] for the
    /// solver): the same move in the same position on any machine fast enough.
    Work(u64),
    /// Wall time, in milliseconds.
    Time(u64),
}

/// On a clock, the share of a move's time after which no deeper iteration starts, in
/// percent: an iteration takes longer than all before it together.
const SOFT_PERCENT: u32 = 60;

/// On a clock, the share of a move's time at which its search is stopped, in percent: the
/// deepest finished iteration answers, or a move of the unfinished one that beat it.
const HARD_PERCENT: u32 = 150;

/// On a clock, how much of the time saved (or overspent) so far a move may use (or must give
/// back), as a divisor: spread over the next few moves.
const SPREAD: i64 = 4;

/// The exact solver's speed assumed on a clock until a solve has measured it, in positions
/// a microsecond: about half of what one core of the machines trios was measured on does.
const SOLVE_RATE_GUESS: f64 = 10.0;

/// The solver's positions for a position of `empties` empties, typically (the median over
/// positions of self-play, measured at 14 to 22 empties): about 33,000 at 14 empties, and
/// 2.4 times as many for each empty more.
fn typical_solve_nodes(empties: u32) -> f64 {
    33_000.0 * 2.4f64.powi(empties as i32 - 14)
}

/// How many times fewer positions finding only who wins (`endgame::outcome_by`) visits
/// than the exact margin: the medians measured at 16 to 20 empties were 25 to 46, the
/// times 11 to 16 times less; 8 keeps to the safe side.
const OUTCOME_SAVING: f64 = 8.0;

/// How many times a move's time finding who wins may take: a solve that settles the game's
/// result is worth more than any midgame move's search. The clock's bank repays the
/// overrun over the moves after, up to the four allotments of debt it holds. Against Zebra
/// at 12 ms a move, 8 (who wins sought from about 19 empties instead of 17) cut the
/// half-points this build's moves at 20 empties or fewer threw away (a won position played
/// into a draw or a drawn one into a loss, by the exact values) from about 37 in 400 games
/// to 9, for 2% more time a move over the games. 32 (from about 21 empties) took 25% more
/// time and won no more.
const OUTCOME_REACH: u32 = 8;

/// What a level on a clock carries from one move to the next: the time saved (positive) or
/// overspent so far, the solver's measured speed, and the search's table.
#[derive(Debug, Default)]
pub struct Clock {
    saved_us: i64,
    /// Solver positions a microsecond, as the last solve big enough to time measured them;
    /// `None` before one.
    solve_rate: Option<f64>,
    /// The midgame search's table, kept between moves.
    table: Option<midgame::Table>,
}

impl Clock {
    /// The time for the next move of a level allotted `allot` a move: the allotment with a
    /// share of what was saved, between half and twice the allotment.
    fn target(&self, allot: Duration) -> Duration {
        let allot_us = allot.as_micros().min(i64::MAX as u128) as i64;
        let us = allot_us
            .saturating_add(self.saved_us / SPREAD)
            .clamp(allot_us / 2, allot_us.saturating_mul(2));
        Duration::from_micros(us.max(1) as u64)
    }

    /// Books a move that took `used` of its `allot`.
    fn book(&mut self, allot: Duration, used: Duration) {
        let allot_us = allot.as_micros().min(i64::MAX as u128) as i64;
        let used_us = used.as_micros().min(i64::MAX as u128) as i64;
        let cap = allot_us.saturating_mul(4);
        self.saved_us = self
            .saved_us
            .saturating_add(allot_us - used_us)
            .clamp(-cap, cap);
    }

    /// Whether an exact solve of `empties` empties typically takes at most half of `time`,
    /// so that one that takes longer than typical still ends in time.
    fn solve_fits(&self, empties: u32, time: Duration) -> bool {
        self.half_fits(typical_solve_nodes(empties), time)
    }

    /// Whether finding who wins at `empties` empties typically takes at most half of
    /// [`OUTCOME_REACH`] times `time`, as [`Clock::solve_fits`] for the margin.
    fn outcome_fits(&self, empties: u32, time: Duration) -> bool {
        self.half_fits(
            typical_solve_nodes(empties) / OUTCOME_SAVING,
            time * OUTCOME_REACH,
        )
    }

    /// Whether the solver visits `nodes` positions in at most half of `time`.
    fn half_fits(&self, nodes: f64, time: Duration) -> bool {
        let rate = self.solve_rate.unwrap_or(SOLVE_RATE_GUESS);
        nodes / rate <= time.as_micros() as f64 / 2.0
    }

    /// Learns the solver's speed from a solve that visited `nodes` positions in `took`.
    fn time_solve(&mut self, nodes: u64, took: Duration) {
        // Small solves are mostly set-up.
        if nodes >= 10_000 {
            self.solve_rate = Some(nodes as f64 / took.as_micros().max(1) as f64);
        }
    }
}

/// The depth of the levels that search as deep as their budget reaches: more plies than a
/// game has.
pub const AS_DEEP_AS_BUDGET: u32 = 60;

/// What holds a level back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelSpec {
    /// The deepest midgame iteration; 0 for no search at all: the move that flips most
    /// discs (the `greedy` strategy).
    pub depth: u32,
    /// Empties at or below which an exact solve is tried first.
    pub exact: u32,
    /// Multi-ProbCut's confidence, `None` for full-width.
    pub selectivity: Option<f64>,
    /// The share of the work budget, in 64ths.
    pub share: u64,
    /// Transposition-table size (power of two).
    pub table_bits: u32,
    /// How many discs below the best a move of the opening book may be for the level to
    /// play it; `None` when it finds its own moves from the first.
    pub book: Option<i32>,
}

/// Level `n`'s settings, `n` in `LOWEST..=HIGHEST`.
pub fn spec(level: u8) -> LevelSpec {
    // Level 1 plays the move that flips most discs; levels 2-7 search depth 1 to 6 full
    // width, level 8 depth 7 with ProbCut; levels 9 and 10 search as deep as three
    // sixteenths of the budget and the whole of it reach. Each step was measured to win at
    // least 65% of the decided games against the level below at 100 ms a move: a doubled
    // budget, or two more plies past depth 9, wins too few to make a level of its own.
    let (depth, exact, selectivity, share, table_bits) = match level {
        0 | 1 => (0, 0, None, 64, 10),
        2 => (1, 2, None, 64, 10),
        3 => (2, 4, None, 64, 12),
        4 => (3, 6, None, 64, 14),
        5 => (4, 8, None, 64, 16),
        6 => (5, 10, None, 64, 16),
        7 => (6, 12, None, 64, 18),
        8 => (7, 16, Some(MPC), 64, 18),
        9 => (AS_DEEP_AS_BUDGET, 18, Some(MPC), 12, 20),
        _ => (AS_DEEP_AS_BUDGET, 22, Some(MPC), 64, 20),
    };
    // The strongest level keeps to the book's best moves, the two below it allow a little
    // more, and the weaker ones find their own.
    let book = match level {
        8 | 9 => Some(2),
        10.. => Some(1),
        _ => None,
    };
    LevelSpec {
        depth,
        exact,
        selectivity,
        share,
        table_bits,
        book,
    }
}

/// Why a `level:N` spec was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a level; levels go from level:1 (weakest) to level:10 (expert)")]
pub struct BadLevel(pub String);

/// The level a spec names: `level:N` with N from 1 to 10, any case, spaces around ignored.
/// `Ok(None)` when the spec is not a level spec at all.
pub fn parse(spec: &str) -> Result<Option<u8>, BadLevel> {
    let lower = spec.trim().to_ascii_lowercase();
    let Some(number) = lower.strip_prefix("level:") else {
        return Ok(None);
    };
    match number.trim().parse::<u8>() {
        Ok(n) if (LOWEST..=HIGHEST).contains(&n) => Ok(Some(n)),
        _ => Err(BadLevel(spec.trim().to_string())),
    }
}

/// A player of one level.
pub struct Level {
    level: u8,
    name: String,
    budget: Budget,
    clock: Clock,
}

impl Level {
    /// Level `level` (clamped to `LOWEST..=HIGHEST`) thinking `think_ms` units of work a move.
    pub fn new(level: u8, think_ms: u64) -> Level {
        Level::with_budget(level, Budget::Work(think_ms))
    }

    /// Level `level` (clamped to `LOWEST..=HIGHEST`) on `budget` a move.
    pub fn with_budget(level: u8, budget: Budget) -> Level {
        let level = level.clamp(LOWEST, HIGHEST);
        Level::named(level, format!("level:{level}"), budget)
    }

    /// `expert`: the full engine, level 10 under the name old records and settings use.
    pub fn expert(budget: Budget) -> Level {
        Level::named(HIGHEST, "expert".into(), budget)
    }

    /// The level under another name (`expert` is level 10).
    pub fn named(level: u8, name: String, budget: Budget) -> Level {
        let budget = match budget {
            Budget::Work(units) => Budget::Work(units.max(1)),
            Budget::Time(ms) => Budget::Time(ms.clamp(1, MAX_MS)),
        };
        Level {
            level: level.clamp(LOWEST, HIGHEST),
            name,
            budget,
            clock: Clock::default(),
        }
    }

    /// The level's settings.
    pub fn spec(&self) -> LevelSpec {
        spec(self.level)
    }
}

/// The move `spec` plays in `game` with `think_ms` of thinking time; `None` once the game
/// is over.
pub fn choose(game: &Game, spec: &LevelSpec, think_ms: u64) -> Option<Move> {
    if let Some(answer) = unsearched(game, spec) {
        return answer;
    }
    let think_ms = think_ms.max(1);
    if game.empties() <= spec.exact
        && let Some(solution) =
            endgame::solve_within(game, SOLVE_NODES_PER_MS.saturating_mul(think_ms))
    {
        return Some(solved_move(solution));
    }
    let nodes = NODES_PER_MS
        .saturating_mul(think_ms)
        .saturating_mul(spec.share)
        / 64;
    let deadline = Instant::now() + Duration::from_millis(think_ms * 9 / 10);
    searched_move(
        game,
        midgame::search(game, &limits(spec, Some(nodes), deadline)),
    )
}

/// A search's limits for `spec`: its depth, selectivity and table, with `nodes` and a
/// (hard) `deadline`.
fn limits(spec: &LevelSpec, nodes: Option<u64>, deadline: Instant) -> Limits {
    Limits {
        depth: spec.depth,
        nodes,
        deadline: Some(deadline),
        selectivity: spec.selectivity.map(Selectivity),
        table_bits: spec.table_bits,
    }
}

/// The move a solve found: its placement, or a pass.
fn solved_move(solution: Solution) -> Move {
    solution.best.map_or(Move::Pass, Move::Place)
}

/// The move a search found, or the first legal one if it found none in time.
fn searched_move(game: &Game, found: Found) -> Option<Move> {
    found
        .best
        .map(Move::Place)
        .or_else(|| game.legal_moves().first().copied())
}

/// The answer when no search is needed: none once the game is over, the only legal move
/// (a pass included), or level 1's move that flips most discs. `None` when a search is.
fn unsearched(game: &Game, spec: &LevelSpec) -> Option<Option<Move>> {
    match game.legal_moves().as_slice() {
        [] => Some(None),
        [only] => Some(Some(*only)),
        _ if spec.depth == 0 => Some(ai::Greedy.choose(game)),
        _ => None,
    }
}

/// The move `spec` plays in `game` on a clock of `ms` a move, `clock` carrying the time
/// saved or overspent by earlier moves; `None` once the game is over. A forced move is
/// played at once and costs nothing.
pub fn choose_on_clock(game: &Game, spec: &LevelSpec, ms: u64, clock: &mut Clock) -> Option<Move> {
    let start = Instant::now();
    if let Some(answer) = unsearched(game, spec) {
        return answer;
    }
    let whole = Duration::from_millis(ms.max(1));
    if spec.depth < AS_DEEP_AS_BUDGET {
        // A fixed depth: the clock only guards against a machine too slow for it.
        return fixed_depth(game, spec, start, start + whole);
    }
    let allot = whole * spec.share as u32 / 64;
    let target = clock.target(allot);
    // The solver is tried when it typically ends in half the move's time, and may use all
    // of it; one that does not finish by then leaves the search a quarter of the allotment
    // of its own, soft and hard limits included. A solve that would not fit is not begun:
    // who wins is sought instead, the same way but on `OUTCOME_REACH` times the move's
    // time, and failing that the search plays, on the move's whole time.
    let empties = game.empties();
    let deadline = start + target;
    // The solve tried, if any, and whether it is exact.
    let solved = if empties > spec.exact {
        None
    } else if clock.solve_fits(empties, target) {
        Some((endgame::solve_by(game, deadline), true))
    } else if clock.outcome_fits(empties, target) {
        Some((
            endgame::outcome_by(game, start + target * OUTCOME_REACH),
            false,
        ))
    } else {
        None
    };
    let mv = match solved {
        None => timed_search(game, spec, start, target, clock)?,
        Some((None, _)) => timed_search(game, spec, Instant::now(), allot / 4, clock)?,
        Some((Some(solution), exact)) => {
            clock.time_solve(solution.nodes, start.elapsed());
            if exact || solution.value >= 0 {
                solved_move(solution)
            } else {
                // Every move loses: the search picks the one most likely to come back, on
                // what is left of the move's time.
                let left = target.saturating_sub(start.elapsed()).max(allot / 4);
                timed_search(game, spec, Instant::now(), left, clock)?
            }
        }
    };
    clock.book(allot, start.elapsed());
    Some(mv)
}

/// The selective search's move in `game` on `time` from `from`, on the table `clock` keeps:
/// no deeper iteration after the soft limit, stopped at the hard one.
fn timed_search(
    game: &Game,
    spec: &LevelSpec,
    from: Instant,
    time: Duration,
    clock: &mut Clock,
) -> Option<Move> {
    let hard = limits(spec, None, from + time * HARD_PERCENT / 100);
    let table = clock
        .table
        .get_or_insert_with(|| midgame::Table::new(spec.table_bits));
    let found = midgame::search_until(game, &hard, from + time * SOFT_PERCENT / 100, table);
    searched_move(game, found)
}

/// The move of a fixed-depth level that started thinking at `started`, stopped at
/// `deadline` only if the machine is too slow.
fn fixed_depth(game: &Game, spec: &LevelSpec, started: Instant, deadline: Instant) -> Option<Move> {
    if game.empties() <= spec.exact
        && let Some(solution) = endgame::solve_by(game, deadline)
    {
        return Some(solved_move(solution));
    }
    // A solve that ran out the clock leaves the search a quarter of it again.
    let deadline = deadline.max(Instant::now() + (deadline - started) / 4);
    searched_move(game, midgame::search(game, &limits(spec, None, deadline)))
}

impl Strategy<Game> for Level {
    fn name(&self) -> &str {
        &self.name
    }

    /// On a clock: `budget` of wall time, whatever the level's budget was (work gives way
    /// to time, so a busy machine never costs a flag).
    fn think_for(&mut self, budget: Duration) {
        self.budget = Budget::Time((budget.as_millis() as u64).clamp(1, MAX_MS));
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        match self.budget {
            Budget::Work(units) => choose(game, &self.spec(), units),
            Budget::Time(ms) => choose_on_clock(game, &self.spec(), ms, &mut self.clock),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_lends_saved_time_and_takes_back_overspent_time_within_bounds() {
        let allot = Duration::from_millis(1000);
        let mut clock = Clock::default();
        assert_eq!(clock.target(allot), allot);
        // 400 ms saved: a quarter of it is lent to the next move.
        clock.book(allot, Duration::from_millis(600));
        assert_eq!(clock.target(allot), Duration::from_millis(1100));
        // Saving a lot never lends more than the allotment again.
        for _ in 0..20 {
            clock.book(allot, Duration::ZERO);
        }
        assert_eq!(clock.target(allot), 2 * allot);
        // What is saved is capped (four allotments), so a long overspend is felt at once.
        clock.book(allot, Duration::from_millis(5000));
        assert_eq!(clock.target(allot), allot);
        for _ in 0..20 {
            clock.book(allot, Duration::from_millis(5000));
        }
        assert_eq!(clock.target(allot), allot / 2);
    }

    #[test]
    fn a_clock_begins_only_solves_that_typically_fit() {
        let mut clock = Clock::default();
        let ms = Duration::from_millis;
        // At the assumed speed, 14 empties fit in 12 ms and 20 do not; 20 fit in 2 s.
        assert!(clock.solve_fits(14, ms(12)));
        assert!(!clock.solve_fits(20, ms(12)));
        assert!(clock.solve_fits(20, ms(2000)));
        // A measured solve sets the speed: a slow machine solves less in the same time.
        clock.time_solve(1_000_000, ms(1000));
        assert!(!clock.solve_fits(20, ms(2000)));
        assert!(clock.solve_fits(14, ms(100)));
        // Solves too small to time teach nothing.
        clock.time_solve(5_000, ms(1000));
        assert_eq!(clock.solve_rate, Some(1.0));
    }

    #[test]
    fn who_wins_is_sought_a_few_empties_before_the_margin() {
        let clock = Clock::default();
        let ms = Duration::from_millis;
        // At the assumed speed and 12 ms: the margin up to 14 empties, who wins up to 19
        // (on up to eight times the move's time).
        assert!(clock.solve_fits(14, ms(12)) && !clock.solve_fits(15, ms(12)));
        assert!(clock.outcome_fits(19, ms(12)) && !clock.outcome_fits(20, ms(12)));
    }

    #[test]
    fn specs_parse_and_refuse() {
        assert_eq!(parse("level:7"), Ok(Some(7)));
        assert_eq!(parse(" LEVEL:10 "), Ok(Some(10)));
        assert_eq!(parse("expert"), Ok(None));
        for bad in ["level:0", "level:11", "level:x", "level:", "level:-1"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse("level:0").unwrap_err().to_string(),
            "\"level:0\" is not a level; levels go from level:1 (weakest) to level:10 (expert)"
        );
    }
}
