//! The strength levels `level:1` … `level:10`: one engine ([`super::midgame`] and the exact
//! solver of [`super::endgame`]) held back by depth, selectivity, exact-solve range and work
//! budget. Level 10 is the full engine, which `expert` names.
//!
//! Every level is deterministic: a fixed depth and a work budget counted in positions
//! decide its moves; the wall-clock guard (90% of the thinking time) only matters on a
//! machine too slow for the budget.

use std::time::{Duration, Instant};

use super::ai::{self, Strategy as _};
use super::endgame;
use super::game::{Game, Move};
use super::midgame::{self, Limits};
use super::probcut::Selectivity;
use crate::games::Strategy;

/// The weakest and the strongest level.
pub const LOWEST: u8 = 1;
pub const HIGHEST: u8 = 10;

/// Positions the midgame search may visit per millisecond of thinking time: about half of
/// what one core of the machines trios was measured on visits, so the budget, not the
/// clock, decides.
pub const NODES_PER_MS: u64 = 2_500;

/// Positions the endgame solver may visit per millisecond of thinking time: it visits them
/// far faster than the midgame search, and gives up (and the search plays) when a solve
/// does not fit.
pub const SOLVE_NODES_PER_MS: u64 = 4_000;

/// Multi-ProbCut's confidence at the selective levels, in σ.
pub const MPC: f64 = 1.5;

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
    // width, level 8 depth 7 with ProbCut; levels 9 and 10 search as deep as a quarter of
    // the budget and the whole of it reach. Each step was measured to win at least 65% of
    // the decided games against the level below at 100 ms a move: a doubled budget, or two
    // more plies past depth 9, wins too few to make a level of its own.
    let (depth, exact, selectivity, share, table_bits) = match level {
        0 | 1 => (0, 0, None, 64, 10),
        2 => (1, 2, None, 64, 10),
        3 => (2, 4, None, 64, 12),
        4 => (3, 6, None, 64, 14),
        5 => (4, 8, None, 64, 16),
        6 => (5, 10, None, 64, 16),
        7 => (6, 12, None, 64, 18),
        8 => (7, 14, Some(MPC), 64, 18),
        9 => (60, 18, Some(MPC), 16, 20),
        _ => (60, 22, Some(MPC), 64, 20),
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
    think_ms: u64,
}

impl Level {
    /// Level `level` (clamped to `LOWEST..=HIGHEST`) thinking `think_ms` a move.
    pub fn new(level: u8, think_ms: u64) -> Level {
        let level = level.clamp(LOWEST, HIGHEST);
        Level::named(level, format!("level:{level}"), think_ms)
    }

    /// `expert`: the full engine, level 10 under the name old records and settings use.
    pub fn expert(think_ms: u64) -> Level {
        Level::named(HIGHEST, "expert".into(), think_ms)
    }

    /// The level under another name (`expert` is level 10).
    pub fn named(level: u8, name: String, think_ms: u64) -> Level {
        Level {
            level: level.clamp(LOWEST, HIGHEST),
            name,
            think_ms: think_ms.max(1),
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
    let moves = game.legal_moves();
    match moves.as_slice() {
        [] => return None,
        [only] => return Some(*only),
        _ => {}
    }
    if spec.depth == 0 {
        return ai::Greedy.choose(game);
    }
    let think_ms = think_ms.max(1);
    if game.empties() <= spec.exact
        && let Some(solution) =
            endgame::solve_within(game, SOLVE_NODES_PER_MS.saturating_mul(think_ms))
    {
        return Some(solution.best.map_or(Move::Pass, Move::Place));
    }
    let limits = Limits {
        depth: spec.depth,
        nodes: Some(
            NODES_PER_MS
                .saturating_mul(think_ms)
                .saturating_mul(spec.share)
                / 64,
        ),
        deadline: Some(Instant::now() + Duration::from_millis(think_ms * 9 / 10)),
        selectivity: spec.selectivity.map(Selectivity),
        table_bits: spec.table_bits,
    };
    let found = midgame::search(game, &limits);
    found.best.map(Move::Place).or(moves.first().copied())
}

impl Strategy<Game> for Level {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        choose(game, &self.spec(), self.think_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
