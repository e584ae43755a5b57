//! Computer players: the `Strategy` trait and the strategies selectable by name.

mod corners;
mod maxflip;
mod random;
pub mod search;

pub use corners::Corners;
pub use maxflip::MaxFlip;
pub use random::Random;

use super::game::{Game, Move};

/// A way of choosing moves. Front ends hold one per computer seat and ask it for a move
/// whenever that seat is to move.
pub trait Strategy: Send {
    /// The name it is selected by, e.g. `maxflip`.
    fn name(&self) -> &str;

    /// A legal move for the player to move in `game`, or `None` once the game is over.
    fn choose(&mut self, game: &Game) -> Option<Move>;
}

/// Every strategy name, strongest last, as accepted by [`by_name`].
pub const STRATEGY_NAMES: [&str; 3] = ["random", "maxflip", "corners"];

/// A strategy name that [`by_name`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy \"{0}\"; expected one of: random, maxflip, corners")]
pub struct UnknownStrategy(pub String);

/// Builds a strategy from its name. `seed` drives any randomness, so the same seed plays the
/// same moves.
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Strategy>, UnknownStrategy> {
    match name.trim().to_ascii_lowercase().as_str() {
        "random" => Ok(Box::new(Random::new(seed))),
        "maxflip" => Ok(Box::new(MaxFlip)),
        "corners" => Ok(Box::new(Corners)),
        _ => Err(UnknownStrategy(name.to_string())),
    }
}

/// The legal move that flips the most cards; ties go to the uppermost, then leftmost cell,
/// then the lowest hand index (the order of [`Game::legal_moves`]).
pub(crate) fn most_flips(game: &Game) -> Option<Move> {
    let mut best: Option<(usize, Move)> = None;
    for mv in game.legal_moves() {
        let flips = game.flips_if(mv).unwrap_or(0);
        if best.is_none_or(|(b, _)| flips > b) {
            best = Some((flips, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_build_their_strategy() {
        for name in STRATEGY_NAMES {
            assert_eq!(by_name(name, 1).unwrap().name(), name);
        }
        assert_eq!(by_name("MaxFlip", 1).unwrap().name(), "maxflip");
        let err = by_name("alphago", 1).err().unwrap();
        assert_eq!(err, UnknownStrategy("alphago".into()));
    }
}
