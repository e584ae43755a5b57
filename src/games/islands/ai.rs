//! Computer players of Islands of Hex beyond the random one: `connector`, which races to its
//! own chain and blocks the other's when that one is nearer.

use std::collections::VecDeque;

use super::board::{Stone, neighbours_of};
use super::game::{Game, Place};
use crate::games::Strategy;

/// Boards up to this side try every empty cell; larger ones only the cells on a shortest
/// chain of either player.
const TRY_EVERY_CELL: usize = 19;

/// A cell that cannot be passed in a distance search.
const WALL: u32 = u32::MAX;

/// The board as codes: 0 empty, 1 white, 2 black, row-major.
fn codes(game: &Game) -> Vec<u8> {
    let board = game.board();
    let n = board.size();
    let mut out = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            out.push(match board.stone(r, c) {
                None => 0,
                Some(Stone::White) => 1,
                Some(Stone::Black) => 2,
            });
        }
    }
    out
}

fn code(stone: Stone) -> u8 {
    match stone {
        Stone::White => 1,
        Stone::Black => 2,
    }
}

/// How many more stones `stone` needs to complete its chain on `cells` (its own stones are
/// free, empty cells cost one, the other colour's are walls), by 0-1 breadth-first search
/// from its first edge; `from_end` searches from the far edge instead. Gives the distance of
/// every cell (`WALL` where unreachable), counting the cell itself.
fn distances(cells: &[u8], n: usize, stone: Stone, from_end: bool) -> Vec<u32> {
    let own = code(stone);
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
    while let Some(at) = queue.pop_front() {
        for next in neighbours_of(n, at) {
            let Some(w) = cost(next) else { continue };
            let d = dist[at] + w;
            if d < dist[next] {
                dist[next] = d;
                if w == 0 {
                    queue.push_front(next);
                } else {
                    queue.push_back(next);
                }
            }
        }
    }
    dist
}

/// The stones `stone` still needs for its chain (`WALL` if it can no longer make one).
fn chain_distance(cells: &[u8], n: usize, stone: Stone) -> u32 {
    far_edge(&distances(cells, n, stone, false), n, stone)
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

/// The empty cells on some shortest chain of `stone`.
fn on_shortest_chain(cells: &[u8], n: usize, stone: Stone) -> Vec<usize> {
    let there = distances(cells, n, stone, false);
    let back = distances(cells, n, stone, true);
    let best = far_edge(&there, n, stone);
    if best == WALL {
        return Vec::new();
    }
    (0..n * n)
        .filter(|&at| cells[at] == 0 && there[at] != WALL && back[at] != WALL)
        .filter(|&at| there[at] + back[at] - 1 == best)
        .collect()
}

/// How `stone` on `at` changes its colour's island count, from its islands' labels (see
/// [`super::Board::island_labels`]): one more, less one for each distinct island it touches.
fn island_change(label: &[u32], n: usize, at: usize) -> i64 {
    let mut seen: Vec<u32> = Vec::with_capacity(6);
    for next in neighbours_of(n, at) {
        let l = label[next];
        if l != 0 && !seen.contains(&l) {
            seen.push(l);
        }
    }
    1 - seen.len() as i64
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
        if game.is_over() {
            return None;
        }
        let n = game.board().size();
        let me = game.turn();
        let mut cells = codes(game);
        let label = game.board().island_labels(me);
        let theirs_now = game.board().islands(me.other()) as i64;
        let mine_now = game.board().islands(me) as i64;
        let candidates: Vec<usize> = if n <= TRY_EVERY_CELL {
            (0..n * n).filter(|&at| cells[at] == 0).collect()
        } else {
            let mut list = on_shortest_chain(&cells, n, me);
            list.extend(on_shortest_chain(&cells, n, me.other()));
            list.sort_unstable();
            list.dedup();
            if list.is_empty() {
                list = (0..n * n).filter(|&at| cells[at] == 0).take(1).collect();
            }
            list
        };
        let cap = 10 * n as u32;
        let mut best: Option<(i64, usize)> = None;
        for at in candidates {
            let islands_after = mine_now + island_change(&label, n, at);
            cells[at] = code(me);
            let mine = chain_distance(&cells, n, me);
            let theirs = chain_distance(&cells, n, me.other());
            cells[at] = 0;
            let mut score = i64::from(theirs.min(cap)) - i64::from(mine.min(cap))
                + 2 * (islands_after - mine_now);
            if mine == 0 {
                if islands_after > theirs_now {
                    // Closing the chain now wins.
                    return Some(Place {
                        row: at / n,
                        col: at % n,
                    });
                }
                score -= 1000;
            }
            // The other could close its chain next, at least level on islands.
            if theirs <= 1 && theirs_now + 1 >= islands_after {
                score -= 500;
            }
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, at));
            }
        }
        best.map(|(_, at)| Place {
            row: at / n,
            col: at % n,
        })
    }
}
