//! The exact endgame solver: the final margin under perfect play (or only who wins), and a
//! move that gets it.
//!
//! Values follow the tournament convention: the side to move's discs minus the opponent's at
//! the end, with empty squares given to the winner. The search itself is in the private
//! `solver` module; this is its public face, plus a brute-force reference for tests.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

use super::game::{Game, Move};
use super::solver::{Solver, solve_parallel};
use super::square::Square;
use super::tt::Table;

/// The exact result of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// The side to move's final margin under perfect play (empties to the winner).
    pub value: i32,
    /// A placement achieving `value`; `None` when the side to move must pass or the game is
    /// over.
    pub best: Option<Square>,
    /// Positions visited.
    pub nodes: u64,
    /// Children scored only to order moves (the table's move excepted). `nodes + scored`
    /// counts positions the way Edax does, for comparing with its published counts.
    pub scored: u64,
}

/// How a solve may run.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Give up (and return `None`) after visiting this many positions.
    pub node_budget: Option<u64>,
    /// Give up (and return `None`) once this instant has passed: for play on a clock, where
    /// the answer may then depend on the machine's speed.
    pub deadline: Option<Instant>,
    /// Receives the running node count, for progress displays; updated every few thousand
    /// positions.
    pub progress: Option<Arc<AtomicU64>>,
    /// Transposition-table size as a power of two (entries, 24 bytes each, one table
    /// shared by all threads), at most [`MAX_TABLE_BITS`]; `None` picks one from the number
    /// of empty squares ([`default_table_bits`]).
    pub table_bits: Option<u32>,
    /// Threads to search with; 0 and 1 both mean the calling thread alone. With more, the
    /// moves of nodes near the root are shared out once their eldest moves have not cut,
    /// and the node budget is split evenly between the threads (the first, which also runs
    /// everything not shared, runs out first).
    pub threads: usize,
}

/// Solves `game` exactly.
pub fn solve(game: &Game) -> Solution {
    // Without a budget the search always runs to the end.
    run(game, &SolveOptions::default(), EXACT).0
}

/// Solves `game` exactly on `threads` threads sharing one table.
pub fn solve_on(game: &Game, threads: usize) -> Solution {
    let options = SolveOptions {
        threads,
        ..SolveOptions::default()
    };
    // Without a budget the search always runs to the end.
    run(game, &options, EXACT).0
}

/// Solves `game` exactly if that takes at most `node_budget` positions; `None` otherwise.
/// Lets a caller find out cheaply whether an exact answer is within reach.
pub fn solve_within(game: &Game, node_budget: u64) -> Option<Solution> {
    solve_with(
        game,
        &SolveOptions {
            node_budget: Some(node_budget),
            ..SolveOptions::default()
        },
    )
}

/// Solves `game` exactly if that is done by `deadline`; `None` otherwise.
pub fn solve_by(game: &Game, deadline: Instant) -> Option<Solution> {
    solve_with(
        game,
        &SolveOptions {
            deadline: Some(deadline),
            ..SolveOptions::default()
        },
    )
}

/// Solves `game` with `options`; `None` if the node budget or the time ran out first.
pub fn solve_with(game: &Game, options: &SolveOptions) -> Option<Solution> {
    match run(game, options, EXACT) {
        (solution, false) => Some(solution),
        (_, true) => None,
    }
}

/// Whether the side to move in `game` wins, draws or loses under perfect play, if that is
/// found by `deadline` (on one thread): a [`Solution`] whose `value` is 1, 0 or −1 and whose
/// `best` wins or draws as that says (in a loss, any move: all lose). Much less work than
/// the margin, so a clock reaches it a few empties earlier, as the classic engines do.
pub fn outcome_by(game: &Game, deadline: Instant) -> Option<Solution> {
    let options = SolveOptions {
        deadline: Some(deadline),
        ..SolveOptions::default()
    };
    match run(game, &options, (-1, 1)) {
        (solution, false) => Some(as_outcome(solution)),
        (_, true) => None,
    }
}

/// Whether the side to move in `game` wins, draws or loses under perfect play, as
/// [`outcome_by`] finds it but with no deadline: for analysis that needs only the result.
pub fn outcome(game: &Game) -> Solution {
    // Without a budget the search always runs to the end.
    as_outcome(run(game, &SolveOptions::default(), (-1, 1)).0)
}

/// A solve within −1..1 as who wins: its value 1, 0 or −1.
fn as_outcome(solution: Solution) -> Solution {
    Solution {
        value: solution.value.signum(),
        ..solution
    }
}

/// The bounds of an exact solve: no margin lies beyond them.
const EXACT: (i32, i32) = (-64, 64);

/// The largest table a caller may ask for: 2^25 entries of 24 bytes (768 MiB).
pub const MAX_TABLE_BITS: u32 = 25;

/// The table size picked from the number of empty squares: 2^(empties - 2) entries, from
/// 2^12 (96 KiB) up to 2^22 (96 MiB) at 24 empties and more.
pub fn default_table_bits(empties: u32) -> u32 {
    empties.saturating_sub(2).clamp(12, 22)
}

/// The search within `bounds` (as `Solver::solve_between` gives it; several threads only
/// for an exact solve), and whether it ran out of budget (the solution is then meaningless).
fn run(game: &Game, options: &SolveOptions, (lo, hi): (i32, i32)) -> (Solution, bool) {
    let (p, o) = (game.player_bits(), game.opponent_bits());
    let empties = game.empties();
    let bits = options
        .table_bits
        .unwrap_or_else(|| default_table_bits(empties))
        .clamp(4, MAX_TABLE_BITS);
    // Only the exact root is split between threads.
    let threads = if (lo, hi) == EXACT {
        options.threads.max(1)
    } else {
        1
    };
    let budget = options.node_budget.map(|b| b / threads as u64);
    let table = Arc::new(Table::new(bits));
    let mut solvers: Vec<Solver> = (0..threads)
        .map(|_| {
            Solver::new(
                Arc::clone(&table),
                budget,
                options.deadline,
                options.progress.clone(),
            )
        })
        .collect();
    let (value, best) = if threads == 1 {
        solvers[0].solve_between(p, o, lo, hi)
    } else {
        solve_parallel(&mut solvers, p, o)
    };
    for solver in &mut solvers {
        solver.publish();
    }
    let solution = Solution {
        value,
        best: best.and_then(Square::from_index),
        nodes: solvers.iter().map(|s| s.nodes).sum(),
        scored: solvers.iter().map(|s| s.scored).sum(),
    };
    (solution, solvers.iter().any(|s| s.aborted))
}

/// The value by plain minimax over every line of play: no pruning, no table, no ordering.
/// Exponential; only for checking the solver on small positions.
pub fn brute_force(game: &Game) -> i32 {
    fn go(game: &mut Game) -> i32 {
        let mut list = Vec::new();
        game.legal_moves_into(&mut list);
        if list.is_empty() {
            return game.final_margin();
        }
        let mut best = i32::MIN;
        for mv in list {
            let undo = game.make(mv);
            best = best.max(-go(game));
            game.unmake(mv, undo);
        }
        best
    }
    go(&mut game.clone())
}

/// The value of every legal placement by brute force, for tests: `(square, value)`.
pub fn brute_force_moves(game: &Game) -> Vec<(Square, i32)> {
    game.legal_squares()
        .map(|sq| {
            let mut child = *game;
            child.make(Move::Place(sq));
            (sq, -brute_force(&child))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Published FFO problem #40: dark to move, best A2 (row 2, column 1), value +38.
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    #[test]
    fn agrees_with_brute_force_near_the_end() {
        // FFO #40 played forward, first moves first, until few empties remain.
        let mut game: Game = FFO_40.parse().unwrap();
        while game.empties() > 9 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        let s = solve(&game);
        assert_eq!(s.value, brute_force(&game));
        if let Some(sq) = s.best {
            let values = brute_force_moves(&game);
            assert!(values.contains(&(sq, s.value)), "{sq} in {values:?}");
        }
    }

    /// Win, draw or loss, and a move that keeps it, as plain minimax finds them, on the
    /// positions of seeded random games at 8 and 9 empties.
    #[test]
    fn outcomes_agree_with_brute_force() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(33);
        let mut seen = [0usize; 3];
        let far = Instant::now() + std::time::Duration::from_secs(3600);
        for i in 0..60 {
            let mut game = Game::new();
            while game.empties() > 8 + i % 2 {
                let list = game.legal_moves();
                if list.is_empty() {
                    break;
                }
                game.play(list[rng.random_range(0..list.len())]).unwrap();
            }
            let exact = brute_force(&game);
            let outcome = outcome_by(&game, far).unwrap();
            assert_eq!(outcome.value, exact.signum(), "{game:?}");
            assert_eq!(super::outcome(&game), outcome, "{game:?}");
            seen[(outcome.value + 1) as usize] += 1;
            if let Some(sq) = outcome.best
                && outcome.value >= 0
            {
                let values = brute_force_moves(&game);
                let kept = values
                    .iter()
                    .find(|(s, _)| *s == sq)
                    .map(|(_, v)| v.signum());
                assert_eq!(kept, Some(outcome.value), "{sq} in {values:?}");
            }
        }
        assert!(seen[0] > 0 && seen[2] > 0, "losses, draws, wins: {seen:?}");
    }

    #[test]
    fn two_threads_agree_with_one() {
        let mut game: Game = FFO_40.parse().unwrap();
        while game.empties() > 12 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        let one = solve(&game);
        let two = solve_with(
            &game,
            &SolveOptions {
                threads: 2,
                ..SolveOptions::default()
            },
        )
        .unwrap();
        assert_eq!(one.value, two.value);
        let best = two.best.unwrap();
        let mut child = game;
        child.make(Move::Place(best));
        assert_eq!(-solve(&child).value, one.value);
    }

    /// A tiny table (four buckets) is overwritten all the time, and threads share it: a
    /// bound it returns for the wrong position, or torn, would change the value. The same
    /// positions (12 to 14 empties, along two lines from FFO #40) solve alike with 2^4 and
    /// 2^20 entries, on one and two threads.
    #[test]
    fn the_table_never_returns_a_wrong_bound() {
        for pick in [0usize, 1] {
            let mut game: Game = FFO_40.parse().unwrap();
            while game.empties() > 14 {
                let list = game.legal_moves();
                let mv = list[pick.min(list.len() - 1)];
                game.play(mv).unwrap();
            }
            for _ in 0..3 {
                let mut values = Vec::new();
                for (bits, threads) in [(20, 1), (4, 1), (4, 2), (20, 2)] {
                    let options = SolveOptions {
                        table_bits: Some(bits),
                        threads,
                        ..SolveOptions::default()
                    };
                    let s = solve_with(&game, &options).unwrap();
                    if let Some(sq) = s.best {
                        let mut child = game;
                        child.make(Move::Place(sq));
                        assert_eq!(-solve(&child).value, s.value, "{game} {bits} {threads}");
                    }
                    values.push(s.value);
                }
                assert!(values.windows(2).all(|w| w[0] == w[1]), "{game} {values:?}");
                let list = game.legal_moves();
                game.play(list[list.len() - 1]).unwrap();
            }
        }
    }

    #[test]
    fn budget_runs_out() {
        let game: Game = FFO_40.parse().unwrap();
        assert_eq!(solve_within(&game, 1000), None);
    }

    #[test]
    fn over_and_pass() {
        let over = Game::from_bitboards(!1, 0, super::super::Color::Light).unwrap();
        let s = solve(&over);
        assert_eq!((s.value, s.best), (-64, None));
        // Light must pass; dark then takes (1,3) and the game ends 3-0 with 61 empties.
        let pass = Game::from_bitboards(0b0001, 0b0010, super::super::Color::Light).unwrap();
        let s = solve(&pass);
        assert_eq!((s.value, s.best), (-64, None));
    }
}
