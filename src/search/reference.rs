//! Plain minimax over any [`Searchable`] game, with no pruning and no table: slow, obviously
//! right, and what the real search is checked against ([`agrees_with_brute_force`]).

use super::Searchable;
use super::limits::Limits;
use super::negamax::{Searcher, root_moves};
use super::smp::{self, SolveOptions};

/// The exact value of `pos` for the player to move: every line to the end.
pub fn value<G: Searchable>(pos: &mut G) -> i32 {
    depth_limited(pos, usize::MAX)
}

/// Minimax `depth` plies deep: the mover's margin where the game ends, its
/// [`evaluate`](Searchable::evaluate) at the horizon.
pub fn depth_limited<G: Searchable>(pos: &mut G, depth: usize) -> i32 {
    if pos.is_over() {
        return pos.margin();
    }
    if depth == 0 {
        return pos.evaluate();
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let undo = pos.make(mv);
            let v = -depth_limited(pos, depth - 1);
            pos.unmake(mv, undo);
            v
        })
        .max()
        .unwrap_or_else(|| pos.margin())
}

/// The exact value of `pos` and the first legal move (in the game's order) achieving it;
/// `None` once the game is over.
pub fn brute_force<G: Searchable>(pos: &G) -> Option<(G::Move, i32)> {
    let mut pos = pos.clone();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best: Option<(G::Move, i32)> = None;
    for mv in moves {
        let v = after(&mut pos, mv, usize::MAX);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((mv, v));
        }
    }
    best
}

/// Minus the value of the position after `mv`, `depth - 1` plies deeper.
fn after<G: Searchable>(pos: &mut G, mv: G::Move, depth: usize) -> i32 {
    let undo = pos.make(mv);
    let v = -depth_limited(pos, depth.saturating_sub(1));
    pos.unmake(mv, undo);
    v
}

/// Where the search and plain minimax disagree, or a search that should finish did not
/// (moves written as their `Debug` says).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Disagreement {
    #[error("{check}: {got}, but minimax says {want}")]
    Value { check: String, got: i32, want: i32 },
    #[error("{0} is not a legal move")]
    NotLegal(String),
    #[error("make/unmake of {0} changed the key")]
    KeyChanged(String),
    #[error("{0}")]
    Unfinished(&'static str),
    #[error("solve named {named}, not the first best {first}")]
    NotFirstBest { named: String, first: String },
    #[error("deepen stopped at {reached} of {depth}")]
    ShortDepth { reached: usize, depth: usize },
}

/// Checks the search on `pos` (a position small enough for brute force) against plain
/// minimax, and says what disagrees:
/// - the exact value of [`Searcher::best_of`] to the end, and of a parallel
///   [`smp::solve`] on two threads, equal the brute-force value;
/// - the moves they name achieve it, and the solve names the first root move that does;
/// - [`Searcher::rank`] and [`smp::rank`] give every root move its exact value;
/// - at every fixed depth up to `max_depth`, `best_of` and [`Searcher::deepen`] equal
///   plain depth-limited minimax on `evaluate`;
/// - `make` then `unmake` leaves the key as it was.
///
/// A game plugs in by calling this from a property test over its small positions.
pub fn agrees_with_brute_force<G: Searchable>(
    pos: &G,
    max_depth: usize,
) -> Result<(), Disagreement> {
    let mut scratch = pos.clone();
    let moves = root_moves(pos);
    let exact: Vec<i32> = moves
        .iter()
        .map(|&mv| after(&mut scratch, mv, usize::MAX))
        .collect();
    let Some(&truth) = exact.iter().max() else {
        return Ok(());
    };
    let value_of = |mv: G::Move| {
        moves
            .iter()
            .position(|&m| m == mv)
            .map(|i| exact[i])
            .ok_or_else(|| Disagreement::NotLegal(format!("{mv:?}")))
    };
    let check = |what: &str, got: i32, want: i32| {
        if got == want {
            Ok(())
        } else {
            Err(Disagreement::Value {
                check: what.to_string(),
                got,
                want,
            })
        }
    };

    let key = pos.key();
    for &mv in &moves {
        let undo = scratch.make(mv);
        scratch.unmake(mv, undo);
        if scratch.key() != key {
            return Err(Disagreement::KeyChanged(format!("{mv:?}")));
        }
    }

    let left = pos.plies_left();
    let mut searcher = Searcher::new(pos.clone(), 10);
    let (best, value) = searcher
        .best_of(&moves, left, Limits::default())
        .ok_or(Disagreement::Unfinished("best_of stopped with no limits"))?;
    check("best_of to the end", value, truth)?;
    check("the move best_of names", value_of(best)?, truth)?;
    let ranked = searcher
        .rank(&moves, left, Limits::default())
        .ok_or(Disagreement::Unfinished("rank stopped with no limits"))?;
    for (mv, v) in ranked {
        check(&format!("rank of {mv:?}"), v, value_of(mv)?)?;
    }

    let options = SolveOptions {
        threads: 2,
        table_bits: 10,
        ..SolveOptions::default()
    };
    let solved = smp::solve(pos, &options);
    if !solved.exact {
        return Err(Disagreement::Unfinished("a solve with no deadline stopped"));
    }
    let (best, value) = solved
        .best
        .ok_or(Disagreement::Unfinished("the solve found no move"))?;
    check("solve", value, truth)?;
    let first = moves
        .iter()
        .zip(&exact)
        .find(|&(_, &v)| v == truth)
        .map(|(&mv, _)| mv);
    if first != Some(best) {
        return Err(Disagreement::NotFirstBest {
            named: format!("{best:?}"),
            first: format!("{first:?}"),
        });
    }
    let (ranked, _) = smp::rank(pos, &moves, &options);
    if ranked.len() != moves.len() {
        return Err(Disagreement::Unfinished("the parallel ranking lost moves"));
    }
    for (mv, v) in ranked {
        check(&format!("parallel rank of {mv:?}"), v, value_of(mv)?)?;
    }

    for depth in 1..=max_depth.min(left) {
        let want = depth_limited(&mut scratch, depth);
        let mut fresh = Searcher::new(pos.clone(), 10);
        let (_, got) = fresh
            .best_of(&moves, depth, Limits::default())
            .ok_or(Disagreement::Unfinished("best_of stopped with no limits"))?;
        check(&format!("best_of at depth {depth}"), got, want)?;
        let limits = Limits {
            max_depth: Some(depth),
            ..Limits::default()
        };
        let found = Searcher::new(pos.clone(), 10)
            .deepen(&moves, limits)
            .ok_or(Disagreement::Unfinished("deepen found nothing"))?;
        check(&format!("deepen to depth {depth}"), found.value, want)?;
        if found.depth != depth {
            return Err(Disagreement::ShortDepth {
                reached: found.depth,
                depth,
            });
        }
        let reached = after(&mut scratch, found.best, depth);
        check(
            &format!("the move deepen names at depth {depth}"),
            reached,
            want,
        )?;
    }
    Ok(())
}
