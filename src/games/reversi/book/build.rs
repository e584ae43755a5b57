//! Building a book from the engine's own searches: from the start, every move of a
//! position is searched, the moves close to the best are followed, nearest the start
//! first, and the values are backed up by negamax once the tree is grown.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::{Book, Entry};
use crate::games::reversi::game::{Game, Move};
use crate::games::reversi::symmetry::canonical;

/// How far a book reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// Positions expanded at most (each expanded position adds its children too).
    pub positions: usize,
    /// Plies from the start past which nothing is expanded.
    pub plies: u32,
    /// A move is followed when it is within this many discs of the best one.
    pub tolerance: i32,
    /// A line is followed while the discs its moves gave up, added along it, stay within
    /// this many.
    pub deviation: i32,
}

/// A position waiting to be expanded: nearest the start first, then the line that gave up
/// least, so every position a near-best player can reach is in the book to some ply.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Waiting {
    ply: Reverse<u32>,
    deviation: Reverse<i32>,
    order: Reverse<usize>,
    game: GameKey,
}

/// A position with what tells positions apart, ordered for the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct GameKey {
    p: u64,
    o: u64,
    dark_to_move: bool,
}

impl GameKey {
    fn of(game: &Game) -> GameKey {
        GameKey {
            p: game.player_bits(),
            o: game.opponent_bits(),
            dark_to_move: game.turn() == crate::games::reversi::Color::Dark,
        }
    }

    fn game(self) -> Option<Game> {
        let (dark, light, turn) = if self.dark_to_move {
            (self.p, self.o, crate::games::reversi::Color::Dark)
        } else {
            (self.o, self.p, crate::games::reversi::Color::Light)
        };
        Game::from_bitboards(dark, light, turn)
    }
}

/// A position in canonical form: (mover's discs, opponent's discs).
type Key = (u64, u64);

/// Each expanded position's children: their keys, and whether the other side moves there.
type Tree = HashMap<Key, Vec<(Key, bool)>>;

/// Grows a book from the start. `score` gives every legal move of a position its value for
/// the side to move, in discs (a fixed-depth search, say); it is called once per expanded
/// position. `progress` hears the number of positions expanded so far.
pub fn build(
    reach: Reach,
    mut score: impl FnMut(&Game) -> Vec<(Move, i32)>,
    mut progress: impl FnMut(usize),
) -> Book {
    let mut expanded: Tree = HashMap::new();
    // Canonical position → searched value for its mover.
    let mut searched: HashMap<Key, i32> = HashMap::new();
    let mut queue = BinaryHeap::new();
    let mut order = 0usize;
    queue.push(Waiting {
        deviation: Reverse(0),
        ply: Reverse(0),
        order: Reverse(order),
        game: GameKey::of(&Game::new()),
    });
    while let Some(Waiting {
        deviation: Reverse(deviation),
        ply: Reverse(ply),
        game: key,
        ..
    }) = queue.pop()
    {
        if expanded.len() >= reach.positions {
            break;
        }
        let Some(game) = key.game() else { continue };
        let here = canonical(key.p, key.o);
        if expanded.contains_key(&here) || ply >= reach.plies || game.is_over() {
            continue;
        }
        let valued = score(&game);
        let Some(best) = valued.iter().map(|&(_, v)| v).max() else {
            continue;
        };
        let mut children = Vec::with_capacity(valued.len());
        for &(mv, value) in &valued {
            let mut next = game;
            if next.play(mv).is_err() {
                continue;
            }
            let turned = next.turn() != game.turn();
            let child = canonical(next.player_bits(), next.opponent_bits());
            let child_value = if turned { -value } else { value };
            searched.entry(child).or_insert(child_value);
            children.push((child, turned));
            let gave_up = best - value;
            if gave_up <= reach.tolerance && deviation + gave_up <= reach.deviation {
                order += 1;
                queue.push(Waiting {
                    deviation: Reverse(deviation + gave_up),
                    ply: Reverse(ply + 1),
                    order: Reverse(order),
                    game: GameKey::of(&next),
                });
            }
        }
        searched.entry(here).or_insert(best);
        expanded.insert(here, children);
        progress(expanded.len());
    }
    Book::new(negamax(&expanded, &searched))
}

/// Backs the values up: an expanded position is worth its best child (from its own side),
/// any other its searched value. Positions are settled from the fullest board down, so
/// every child is settled before its parent.
fn negamax(expanded: &Tree, searched: &HashMap<Key, i32>) -> Vec<Entry> {
    let mut value: HashMap<Key, i32> = searched.clone();
    let mut inner: Vec<&Key> = expanded.keys().collect();
    inner.sort_by_key(|&&(p, o)| (Reverse((p | o).count_ones()), p, o));
    for key in inner {
        let best = expanded[key]
            .iter()
            .filter_map(|(child, turned)| value.get(child).map(|&v| if *turned { -v } else { v }))
            .max();
        if let Some(best) = best {
            value.insert(*key, best);
        }
    }
    value
        .into_iter()
        .map(|((p, o), v)| Entry {
            p,
            o,
            value: v.clamp(-64, 64) as i8,
            expanded: expanded.contains_key(&(p, o)),
        })
        .collect()
}
