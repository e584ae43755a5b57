//! Computer players: the `Strategy` trait and the simple strategies selectable by name.
//!
//! The strong players, `level:1` … `level:10` and `expert` (`levels.rs`), search with the
//! Reversi engine and are built by the platform's `TwoPlayer::strategy`, beside these.

use super::eval::SQUARE_WEIGHTS;
use super::game::{Game, Move};
use super::square::Square;
use crate::games::rng::{GameRng, below, seeded};

/// A way of choosing moves. Front ends hold one per computer seat and ask it for a move
/// whenever that seat is to move.
pub trait Strategy: Send {
    /// The spec it is selected by, e.g. `greedy`.
    fn name(&self) -> &str;

    /// A legal move for the side to move: `Some(Move::Pass)` when passing is the only move,
    /// `None` only once the game is over.
    fn choose(&mut self, game: &Game) -> Option<Move>;
}

/// Every strategy name, weakest first, as accepted by [`by_spec`].
pub const STRATEGY_NAMES: [&str; 3] = ["random", "greedy", "positional"];

/// A strategy spec that [`by_spec`] does not understand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy \"{0}\"; expected one of random, greedy, positional")]
pub struct UnknownStrategy(pub String);

/// Builds a strategy from its name (case-insensitive). `seed` drives any randomness, so the
/// same seed plays the same moves.
pub fn by_spec(spec: &str, seed: u64) -> Result<Box<dyn Strategy>, UnknownStrategy> {
    match spec.trim().to_ascii_lowercase().as_str() {
        "random" => Ok(Box::new(Random::new(seed))),
        "greedy" => Ok(Box::new(Greedy)),
        "positional" => Ok(Box::new(Positional)),
        _ => Err(UnknownStrategy(spec.to_string())),
    }
}

/// The move when there is no choice to make: `None` once the game is over, `Pass` when
/// that is the only move, otherwise `Err` with the placements to choose from.
fn forced(game: &Game) -> Result<Option<Move>, u64> {
    let placements = game.placements();
    if placements != 0 {
        Err(placements)
    } else if game.is_over() {
        Ok(None)
    } else {
        Ok(Some(Move::Pass))
    }
}

/// The first square (row-major) among `placements` with the highest `score`.
fn best_by(placements: u64, mut score: impl FnMut(Square) -> i32) -> Option<Move> {
    let mut best: Option<(i32, Square)> = None;
    for sq in Square::all().filter(|s| placements & s.bit() != 0) {
        let s = score(sq);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, sq));
        }
    }
    best.map(|(_, sq)| Move::Place(sq))
}

/// Uniform over the legal moves, from a seeded ChaCha8 stream: the same seed makes the same
/// choices, whatever the library versions.
#[derive(Debug, Clone)]
pub struct Random {
    rng: GameRng,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random { rng: seeded(seed) }
    }
}

impl Strategy for Random {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        match forced(game) {
            Ok(mv) => mv,
            Err(placements) => {
                let pick = below(&mut self.rng, u64::from(placements.count_ones())) as usize;
                Square::all()
                    .filter(|s| placements & s.bit() != 0)
                    .nth(pick)
                    .map(Move::Place)
            }
        }
    }
}

/// Flips the most discs; ties go to the first square in row-major order.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

impl Strategy for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        match forced(game) {
            Ok(mv) => mv,
            Err(placements) => best_by(placements, |sq| game.flips_if(sq) as i32),
        }
    }
}

/// Takes the move leaving the best board by the classic square weights (corners high, the
/// X- and C-squares next to them negative): the mover's discs weighed minus the other's,
/// after the flips; ties go to the first square in row-major order.
#[derive(Debug, Clone, Copy, Default)]
pub struct Positional;

impl Strategy for Positional {
    fn name(&self) -> &str {
        "positional"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        match forced(game) {
            Ok(mv) => mv,
            Err(placements) => best_by(placements, |sq| {
                // The board after the move, weighed: the mover's discs minus the other's.
                let mut after = *game;
                after.make(Move::Place(sq));
                weigh(after.opponent_bits()) - weigh(after.player_bits())
            }),
        }
    }
}

/// The sum of the classic square weights of the discs on `bits`.
fn weigh(mut bits: u64) -> i32 {
    let mut sum = 0;
    while bits != 0 {
        sum += SQUARE_WEIGHTS[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_out(a: &mut dyn Strategy, b: &mut dyn Strategy) -> Game {
        let mut game = Game::new();
        let mut dark_to_move = true;
        loop {
            let seat: &mut dyn Strategy = if dark_to_move { &mut *a } else { &mut *b };
            let Some(mv) = seat.choose(&game) else { break };
            game.play(mv).unwrap();
            dark_to_move = !dark_to_move;
        }
        game
    }

    #[test]
    fn every_strategy_plays_whole_games_legally() {
        for a in STRATEGY_NAMES {
            for b in STRATEGY_NAMES {
                let mut x = by_spec(a, 1).unwrap();
                let mut y = by_spec(b, 2).unwrap();
                let end = play_out(x.as_mut(), y.as_mut());
                assert!(end.is_over(), "{a} vs {b}");
            }
        }
    }

    #[test]
    fn random_is_reproducible() {
        let first = play_out(by_spec("random", 9).unwrap().as_mut(), &mut Random::new(10));
        let again = play_out(by_spec("random", 9).unwrap().as_mut(), &mut Random::new(10));
        assert_eq!(first, again);
    }

    #[test]
    fn greedy_and_positional_break_ties_row_major() {
        let game = Game::new();
        // Every opening move flips one disc and has weight -1.
        assert_eq!(
            Greedy.choose(&game),
            Some(Move::Place(Square::new(2, 4).unwrap()))
        );
        assert_eq!(
            Positional.choose(&game),
            Some(Move::Place(Square::new(2, 4).unwrap()))
        );
    }

    #[test]
    fn names_and_errors() {
        assert_eq!(by_spec("Greedy", 0).unwrap().name(), "greedy");
        assert_eq!(
            by_spec("expert2", 0).err().unwrap().to_string(),
            "unknown strategy \"expert2\"; expected one of random, greedy, positional"
        );
    }
}
