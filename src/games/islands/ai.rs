//! Computer players of Islands of Hex beyond the random one: `connector`, which races to its
//! own chain and blocks the other's when that one is nearer.
//!
//! On small boards it weighs a stone by searching both chains again with the stone placed.
//! On big ones that would be a pass over the board per candidate, so it reads the effect of
//! every candidate off four distance maps made once (two per colour). Every pass can be cut
//! short by a deadline, with a cheap legal move ready from the start.

use std::collections::VecDeque;
use std::time::Instant;

use super::board::{Board, Stone, neighbours_of};
use super::game::{Game, Place};
use crate::games::Strategy;

/// Boards up to this side try every empty cell; larger ones only the cells on a shortest
/// chain of either player.
const TRY_EVERY_CELL: usize = 19;

/// Boards larger than [`TRY_EVERY_CELL`] weigh each candidate by searching both chains
/// again while that costs at most this many cells in all; past it, from distance maps.
const EXACT_WORK: usize = 1 << 24;

/// Queue steps between two readings of the clock in a distance search.
const CLOCK_EVERY: u32 = 1 << 14;

/// A cell that cannot be passed in a distance search.
const WALL: u32 = u32::MAX;

/// How many more stones `stone` needs to complete its chain on `cells` (its own stones are
/// free, empty cells cost one, the other colour's are walls), by 0-1 breadth-first search
/// from its first edge; `from_end` searches from the far edge instead. Gives the distance of
/// every cell (`WALL` where unreachable), counting the cell itself; `None` if `deadline`
/// passed first.
fn distances(
    cells: &[u8],
    n: usize,
    stone: Stone,
    from_end: bool,
    deadline: Option<Instant>,
) -> Option<Vec<u32>> {
    let own = stone.code();
    let mut dist = vec![WALL; n * n];
    let mut queue = VecDeque::new();
    let cost = |at: usize| -> Option<u32> {
        match cells[at] {
            0 => Some(1),
            c if c == own => Some(0),
            _ => None,
        }
    };
    for i in 0..n {
        let edge = if from_end { n - 1 } else { 0 };
        let at = match stone {
            Stone::White => edge * n + i,
            Stone::Black => i * n + edge,
        };
        if let Some(w) = cost(at)
            && w < dist[at]
        {
            dist[at] = w;
            if w == 0 {
                queue.push_front(at);
            } else {
                queue.push_back(at);
            }
        }
    }
    let mut steps = 0u32;
    while let Some(at) = queue.pop_front() {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(CLOCK_EVERY) && deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let mut relax = |next: usize| {
            let Some(w) = cost(next) else { return };
            let d = dist[at] + w;
            if d < dist[next] {
                dist[next] = d;
                if w == 0 {
                    queue.push_front(next);
                } else {
                    queue.push_back(next);
                }
            }
        };
        let (row, col) = (at / n, at % n);
        if row > 0 && col > 0 && row + 1 < n && col + 1 < n {
            // Inside the board every neighbour exists (see `NEIGHBOURS`).
            for next in [at - 1, at + 1, at - n, at + n, at - n - 1, at + n + 1] {
                relax(next);
            }
        } else {
            for next in neighbours_of(n, at) {
                relax(next);
            }
        }
    }
    Some(dist)
}

/// The stones `stone` still needs for its chain (`WALL` if it can no longer make one);
/// `None` past the deadline.
fn chain_distance(cells: &[u8], n: usize, stone: Stone, deadline: Option<Instant>) -> Option<u32> {
    Some(far_edge(
        &distances(cells, n, stone, false, deadline)?,
        n,
        stone,
    ))
}

/// The least of `dist` (distances from `stone`'s first edge) along its far edge.
fn far_edge(dist: &[u32], n: usize, stone: Stone) -> u32 {
    (0..n)
        .map(|i| match stone {
            Stone::White => dist[(n - 1) * n + i],
            Stone::Black => dist[i * n + n - 1],
        })
        .min()
        .unwrap_or(WALL)
}

/// What to keep of a shortest-chain cell in a [`shortest_chain`] map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Its distance from the first edge, counting itself.
    Level,
    /// The length of the shortest chain through it once it holds a stone.
    Through,
}

/// For every cell, row-major: what `keep` asks of it if it is an empty cell on some
/// shortest chain of `stone`, `WALL` otherwise; and that chain's length (`WALL` if there is
/// none). `None` past the deadline. One map is kept of the two searched, so big boards
/// hold two maps at once, not four.
fn shortest_chain(
    cells: &[u8],
    n: usize,
    stone: Stone,
    keep: Keep,
    deadline: Option<Instant>,
) -> Option<(Vec<u32>, u32)> {
    let mut there = distances(cells, n, stone, false, deadline)?;
    let best = far_edge(&there, n, stone);
    if best == WALL {
        there.fill(WALL);
        return Some((there, WALL));
    }
    let back = distances(cells, n, stone, true, deadline)?;
    for (at, value) in there.iter_mut().enumerate() {
        if at.is_multiple_of(1 << 16) && deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let on = cells[at] == 0 && *value != WALL && back[at] != WALL;
        *value = match keep {
            _ if !on || *value + back[at] - 1 != best => WALL,
            Keep::Level => *value,
            // Both distances count the cell, which a stone makes free.
            Keep::Through => *value + back[at] - 2,
        };
    }
    Some((there, best))
}

/// A legal move found at once, to play if the deadline passes before a better one: the
/// first empty cell from the centre on in row-major order (the centre is nearest every
/// edge); a few steps on any board not nearly full.
fn quick_move(board: &Board) -> Option<usize> {
    let cells = board.codes();
    let centre = cells.len() / 2;
    (centre..cells.len())
        .chain(0..centre)
        .find(|&at| cells[at] == 0)
}

/// What a candidate stone leaves of the race: the stones each side then needs.
struct Race {
    mine: u32,
    theirs: u32,
}

/// Races to its own chain and blocks the other's, but keeps the score in mind: it closes its
/// chain only when that wins, never leaves the other a winning close, and between two
/// equally good races prefers a stone that makes a new island. Scores each empty cell by
/// the race margin (the other's distance to a chain minus its own) plus the islands the
/// stone adds; ties go to the first cell in row-major order.
#[derive(Debug, Clone, Copy, Default)]
pub struct Connector;

impl Strategy<Game> for Connector {
    fn name(&self) -> &str {
        "connector"
    }

    fn choose(&mut self, game: &Game) -> Option<Place> {
        Connector::choose_by(game, None)
    }
}

impl Connector {
    /// The move `connector` makes; if `deadline` passes first, the best found by then (a
    /// cheap legal move at worst). Without a deadline it costs a few passes over the board
    /// (and, below `EXACT_WORK`, two per candidate).
    pub fn choose_by(game: &Game, deadline: Option<Instant>) -> Option<Place> {
        if game.is_over() {
            return None;
        }
        let board = game.board();
        let n = board.size();
        let place = |at: usize| Place {
            row: at / n,
            col: at % n,
        };
        let fallback = quick_move(board)?;
        let me = game.turn();
        let cells = board.codes();
        let mine_now = board.islands(me) as i64;
        let theirs_now = board.islands(me.other()) as i64;
        let cap = 10 * n as u32;
        let mut best: Option<(i64, usize)> = None;
        // Scores a candidate; `true` when it wins on the spot (then it is the best).
        let mut weigh = |at: usize, race: Race| -> bool {
            let islands_after = board.would_place(at, me).0 as i64;
            let mut score = i64::from(race.theirs.min(cap)) - i64::from(race.mine.min(cap))
                + 2 * (islands_after - mine_now);
            if race.mine == 0 {
                if islands_after > theirs_now {
                    // Closing the chain now wins.
                    best = Some((i64::MAX, at));
                    return true;
                }
                score -= 1000;
            }
            // The other could close its chain next, at least level on islands.
            if race.theirs <= 1 && theirs_now + 1 >= islands_after {
                score -= 500;
            }
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, at));
            }
            false
        };
        let out_of_time = || deadline.is_some_and(|d| Instant::now() >= d);
        // Both chains searched again with a stone on `at`.
        let exact = |at: usize, scratch: &mut Vec<u8>| -> Option<Race> {
            scratch[at] = me.code();
            let mine = chain_distance(scratch, n, me, deadline);
            let theirs = chain_distance(scratch, n, me.other(), deadline);
            scratch[at] = 0;
            Some(Race {
                mine: mine?,
                theirs: theirs?,
            })
        };
        let mut weigh_exactly = |candidates: &mut dyn Iterator<Item = usize>| {
            let mut scratch = cells.to_vec();
            for at in candidates {
                let Some(race) = exact(at, &mut scratch) else {
                    break;
                };
                if weigh(at, race) || out_of_time() {
                    break;
                }
            }
        };
        if n <= TRY_EVERY_CELL {
            weigh_exactly(&mut (0..n * n).filter(|&at| cells[at] == 0));
            return Some(place(best.map_or(fallback, |(_, at)| at)));
        }
        let Some(((mine, my_best), (theirs, their_best))) = shortest_chain(
            cells,
            n,
            me,
            Keep::Through,
            deadline,
        )
        .zip(shortest_chain(cells, n, me.other(), Keep::Level, deadline)) else {
            return Some(place(fallback));
        };
        // The cells on a shortest chain of either, row-major.
        let candidates = || (0..n * n).filter(|&at| mine[at] != WALL || theirs[at] != WALL);
        let count = candidates().count();
        if count == 0 {
            let first = cells.iter().position(|&c| c == 0).unwrap_or(fallback);
            return Some(place(first));
        }
        if count.saturating_mul(n * n) <= EXACT_WORK {
            weigh_exactly(&mut candidates());
            return Some(place(best.map_or(fallback, |(_, at)| at)));
        }
        // From the maps: a stone on a cell of my shortest chains shortens mine to the chain
        // through it. On theirs, where every shortest chain of theirs passes (the only such
        // cell at its distance: a shortest chain has one empty cell at each), it lengthens
        // theirs by one at least; elsewhere theirs stays as it is.
        let mut at_level = vec![0u32; (their_best as usize).min(n * n) + 2];
        for &level in theirs.iter().filter(|&&level| level != WALL) {
            if let Some(count) = at_level.get_mut(level as usize) {
                *count += 1;
            }
        }
        for (k, at) in candidates().enumerate() {
            let race = Race {
                mine: my_best.min(mine[at]),
                theirs: match at_level.get(theirs[at] as usize) {
                    Some(1) => their_best.saturating_add(1),
                    _ => their_best,
                },
            };
            if weigh(at, race) || (k % 1024 == 1023 && out_of_time()) {
                break;
            }
        }
        Some(place(best.map_or(fallback, |(_, at)| at)))
    }
}
