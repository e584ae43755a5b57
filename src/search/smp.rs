//! Searching on several threads: a deterministic root split for budgeted play, and an
//! exact solve (and ranking) whose threads share one table and the best value so far.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::Searchable;
use super::limits::{Limits, Progress};
use super::negamax::{Found, INF, Searcher, move_bytes, promote, root_moves};
use super::table::Table;

/// The best of `moves` at `depth`, the moves dealt round-robin to the searchers, each on its
/// own thread with its own table and budget, so the result never depends on timing. `None`
/// if any searcher ran out of budget. Ties go to the earlier move in `moves`.
pub fn split_best<G: Searchable>(
    searchers: &mut [Searcher<G>],
    moves: &[G::Move],
    depth: usize,
    limits: Limits,
) -> Option<(G::Move, i32)> {
    let n = searchers.len().max(1);
    let shares: Vec<Vec<G::Move>> = (0..n)
        .map(|t| moves.iter().skip(t).step_by(n).copied().collect())
        .collect();
    let results: Vec<Option<(G::Move, i32)>> = std::thread::scope(|scope| {
        let mut work = searchers
            .iter_mut()
            .zip(&shares)
            .filter(|(_, s)| !s.is_empty());
        // The first share is searched on this thread: one spawn fewer.
        let first = work.next();
        let handles: Vec<_> = work
            .map(|(searcher, share)| {
                scope.spawn(move || {
                    searcher.relocate();
                    searcher.best_of(share, depth, limits)
                })
            })
            .collect();
        let mut results: Vec<_> = first
            .map(|(searcher, share)| searcher.best_of(share, depth, limits))
            .into_iter()
            .collect();
        results.extend(handles.into_iter().map(|h| h.join().ok().flatten()));
        results
    });
    if results.is_empty() || results.iter().any(Option::is_none) {
        return None;
    }
    let order = |mv: &G::Move| moves.iter().position(|m| m == mv).unwrap_or(usize::MAX);
    results
        .into_iter()
        .flatten()
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| order(&b.0).cmp(&order(&a.0))))
}

/// Iterative deepening over [`split_best`]: one ply deeper each time (up to
/// `limits.max_depth` or the end of the game) until a searcher runs out of budget; the
/// result of the deepest search that finished. Deterministic for a given budget.
pub fn deepen_split<G: Searchable>(
    searchers: &mut [Searcher<G>],
    moves: &[G::Move],
    limits: Limits,
) -> Option<Found<G::Move>> {
    let left = searchers.first()?.position().plies_left();
    let deepest = limits.max_depth.unwrap_or(left).min(left).max(1);
    let mut moves = moves.to_vec();
    let mut found = None;
    for depth in 1..=deepest {
        let Some((best, value)) = split_best(searchers, &moves, depth, limits) else {
            break;
        };
        found = Some(Found {
            best,
            value,
            depth,
            exact: depth >= left,
        });
        promote(&mut moves, best);
    }
    found
}

/// How an exact solve runs.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Threads to search on (at least one).
    pub threads: usize,
    /// The shared table has `2^table_bits` slots of 16 bytes.
    pub table_bits: u32,
    /// Stop here with the best bound found so far.
    pub deadline: Option<Instant>,
    /// Counters for a progress display.
    pub progress: Option<Arc<Progress>>,
    /// Bytes the move lists may take, the root's and every thread's together; a solve that
    /// would need more stops as at a deadline. `None` is unlimited.
    pub list_memory: Option<usize>,
}

/// What a solve found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved<M> {
    /// The best root move found and its exact value; `None` if the position has no moves or
    /// no root move was finished before the deadline.
    pub best: Option<(M, i32)>,
    /// Whether the solve finished: then `best` holds the position's value and the first of
    /// the root moves (in [`root_moves`] order) that achieves it. Otherwise the mover gets
    /// at least `best`'s value.
    pub exact: bool,
    /// Positions searched, all threads together.
    pub nodes: u64,
    /// Whether the solve stopped because its move lists would have passed
    /// [`SolveOptions::list_memory`] (rather than at the deadline).
    pub out_of_memory: bool,
}

/// The bytes each of `threads` searchers' move lists may take once the root's list of
/// `pos` is made, or `None` if that list alone passes `budget`.
fn lists_per_thread<G: Searchable>(pos: &G, budget: usize, threads: usize) -> Option<usize> {
    // The root list is sorted with its keys beside it, a few words a move more.
    let per_move = move_bytes::<G::Move>() + 2 * std::mem::size_of::<usize>();
    let root = pos.move_count().unwrap_or(0).saturating_mul(per_move);
    (root <= budget).then(|| (budget - root) / threads.max(1))
}

/// The best value so far at the root of a parallel solve: (value, index in the root list).
type Best = Mutex<Option<(i32, usize)>>;

/// Solves `pos` exactly on `options.threads` threads that share one table.
///
/// All threads first search the first root move (Lazy SMP: the helpers try some moves in
/// another order, and every thread profits from what the others stored); then they take the
/// remaining root moves one at a time, each searched with the best value so far as its
/// lower bound. The value is exact whatever the timing, and so is the move reported: the
/// first root move, in order, achieving the value.
pub fn solve<G: Searchable>(pos: &G, options: &SolveOptions) -> Solved<G::Move> {
    let threads = options.threads.max(1);
    let per_thread = match options.list_memory {
        Some(budget) => match lists_per_thread(pos, budget, threads) {
            Some(bytes) => Some(bytes),
            None => {
                return Solved {
                    best: None,
                    exact: false,
                    nodes: 0,
                    out_of_memory: true,
                };
            }
        },
        None => None,
    };
    let moves = root_moves(pos);
    let table = Arc::new(Table::new(options.table_bits));
    let depth = pos.plies_left().max(1);
    let limits = Limits {
        max_depth: None,
        work: None,
        deadline: options.deadline,
    };
    let mut searchers: Vec<Searcher<G>> = (0..threads)
        .map(|t| {
            let mut s = Searcher::with_table(pos.clone(), table.clone());
            s.helper = t;
            if let Some(progress) = &options.progress {
                s.report_to(progress.clone());
            }
            if let Some(bytes) = per_thread {
                s.limit_lists(bytes);
            }
            s
        })
        .collect();
    if moves.is_empty() {
        return Solved {
            best: None,
            exact: true,
            nodes: 0,
            out_of_memory: false,
        };
    }
    let best: Best = Mutex::new(None);
    // Phase one: every thread on the first move, until one of them has its value.
    let first_done = Arc::new(AtomicBool::new(false));
    on_threads(&mut searchers, |searcher| {
        searcher.halt_on(first_done.clone());
        searcher.meter.start(limits);
        let value = searcher.child(moves[0], depth, -INF, INF);
        if !searcher.meter.stopped {
            first_done.store(true, Ordering::Relaxed);
            let mut best = best.lock().unwrap_or_else(|e| e.into_inner());
            if best.is_none() {
                *best = Some((value, 0));
                searcher.meter.root_done();
            }
        }
        searcher.meter.flush();
    });
    // Phase two: the other moves, one at a time, to whichever thread is free.
    let next = AtomicUsize::new(1);
    let finished = best.lock().unwrap_or_else(|e| e.into_inner()).is_some();
    let mut stopped = !finished;
    if finished {
        let results: Vec<bool> = on_threads(&mut searchers, |searcher| {
            searcher.meter.halt = None;
            searcher.out_of_memory = false;
            searcher.helper = 0;
            searcher.meter.start(limits);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let (Some(&mv), Some((so_far, at))) = (
                    moves.get(i),
                    *best.lock().unwrap_or_else(|e| e.into_inner()),
                ) else {
                    searcher.meter.flush();
                    return true;
                };
                // A move before the current best needs only tie it to take its place.
                let alpha = if i < at { so_far - 1 } else { so_far };
                // A null window first: most moves only need to be shown no better, and a
                // move that is better is searched again for its value with the best value
                // known by then, which another thread may have raised meanwhile.
                let mut value = searcher.child(mv, depth, alpha, alpha + 1);
                let mut alpha = alpha;
                if value > alpha && !searcher.meter.stopped {
                    if let Some((so_far, at)) = *best.lock().unwrap_or_else(|e| e.into_inner()) {
                        alpha = alpha.max(if i < at { so_far - 1 } else { so_far });
                    }
                    value = searcher.child(mv, depth, alpha, INF);
                }
                if searcher.meter.stopped {
                    searcher.meter.flush();
                    return false;
                }
                searcher.meter.root_done();
                // Above alpha with beta at infinity, the value is exact.
                if value > alpha {
                    let mut best = best.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some((v, at)) = *best
                        && (value > v || (value == v && i < at))
                    {
                        *best = Some((value, i));
                    }
                }
            }
        });
        stopped = results.iter().any(|done| !done);
    }
    let nodes = searchers.iter().map(Searcher::nodes).sum();
    let out_of_memory = searchers.iter().any(Searcher::out_of_memory);
    let best = best.into_inner().unwrap_or_else(|e| e.into_inner());
    Solved {
        best: best.map(|(value, i)| (moves[i], value)),
        exact: !stopped,
        nodes,
        out_of_memory,
    }
}

/// Every move of `moves` (legal at `pos`) with its exact value, best first (ties in the
/// given order), searched on `options.threads` threads sharing one table; and the positions
/// searched. The deadline, if any, is ignored; a move whose search would pass
/// [`SolveOptions::list_memory`] is left out (so is every move if the root's list would).
pub fn rank<G: Searchable>(
    pos: &G,
    moves: &[G::Move],
    options: &SolveOptions,
) -> (Vec<(G::Move, i32)>, u64) {
    let threads = options.threads.max(1);
    let per_thread = match options.list_memory {
        Some(budget) => match lists_per_thread(pos, budget, threads) {
            Some(bytes) => Some(bytes),
            None => return (Vec::new(), 0),
        },
        None => None,
    };
    let table = Arc::new(Table::new(options.table_bits));
    let depth = pos.plies_left().max(1);
    let mut searchers: Vec<Searcher<G>> = (0..threads)
        .map(|_| {
            let mut s = Searcher::with_table(pos.clone(), table.clone());
            if let Some(progress) = &options.progress {
                s.report_to(progress.clone());
            }
            if let Some(bytes) = per_thread {
                s.limit_lists(bytes);
            }
            s
        })
        .collect();
    let next = AtomicUsize::new(0);
    let values: Mutex<Vec<Option<i32>>> = Mutex::new(vec![None; moves.len()]);
    on_threads(&mut searchers, |searcher| {
        searcher.meter.start(Limits::default());
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(i) else { break };
            let value = searcher.child(mv, depth, -INF, INF);
            if searcher.meter.stopped {
                break;
            }
            searcher.meter.root_done();
            values.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(value);
        }
        searcher.meter.flush();
    });
    let values = values.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut ranked: Vec<(G::Move, i32)> = moves
        .iter()
        .zip(values)
        .filter_map(|(&mv, v)| Some((mv, v?)))
        .collect();
    ranked.sort_by_key(|&(_, v)| -v);
    (ranked, searchers.iter().map(Searcher::nodes).sum())
}

/// Runs `job` once per searcher, each on its own thread (the first on this one), and
/// returns what each returned, in order.
fn on_threads<G: Searchable, R: Send>(
    searchers: &mut [Searcher<G>],
    job: impl Fn(&mut Searcher<G>) -> R + Sync,
) -> Vec<R> {
    let job = &job;
    std::thread::scope(|scope| {
        let mut iter = searchers.iter_mut();
        let first = iter.next();
        let handles: Vec<_> = iter
            .map(|s| {
                scope.spawn(move || {
                    s.relocate();
                    job(s)
                })
            })
            .collect();
        let mut out: Vec<R> = first.map(job).into_iter().collect();
        for h in handles {
            match h.join() {
                Ok(r) => out.push(r),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        out
    })
}
