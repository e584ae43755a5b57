//! Computer players: the `Strategy` trait and the strategies selectable by name.

mod chain;
mod corners;
mod defensive;
mod expert;
mod maxflip;
mod minimax;
mod random;
pub mod search;
mod solve;

pub use chain::Chain;
pub use corners::Corners;
pub use defensive::Defensive;
pub use expert::Expert;
pub use maxflip::MaxFlip;
pub use minimax::Minimax;
pub use random::Random;
pub use solve::{
    DEFAULT_MEMORY, Solution, SolveBudget, Solved, Stop, first_move_count, rank_first_moves, solve,
    solve_budgeted, solve_within,
};

use super::game::{Game, Move};

/// A way of choosing moves. Front ends hold one per computer seat and ask it for a move
/// whenever that seat is to move.
pub trait Strategy: Send {
    /// The spec it is selected by, e.g. `maxflip` or `minimax:3`.
    fn name(&self) -> &str;

    /// A legal move for the player to move in `game`, or `None` once the game is over.
    fn choose(&mut self, game: &Game) -> Option<Move>;

    /// A move only if this strategy has a view of its own here; `None` hands over to the
    /// next strategy of a chain (`corners>maxflip`). Most strategies always have a view.
    fn propose(&mut self, game: &Game) -> Option<Move> {
        self.choose(game)
    }

    /// On a clock: think about `budget` for the next move (the searching strategies).
    fn think_for(&mut self, budget: std::time::Duration) {
        let _ = budget;
    }
}

/// Settings shared by the strategies that search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiOptions {
    /// Thinking time per move for `expert`, in milliseconds.
    pub think_ms: u64,
}

impl Default for AiOptions {
    fn default() -> AiOptions {
        AiOptions { think_ms: 1000 }
    }
}

/// Every strategy name, weakest first, as accepted by [`by_name`]. `minimax` takes a depth
/// (`minimax:3`); any of them can be chained with `>`.
pub const STRATEGY_NAMES: [&str; 6] = [
    "random",
    "maxflip",
    "corners",
    "defensive",
    "minimax",
    "expert",
];

/// The strongest strategy: what a person faces by default.
pub const STRONGEST: &str = "expert";

/// The strategies menus offer as opponents, strongest first.
pub const OPPONENTS: [&str; 6] = [
    "expert",
    "minimax",
    "defensive",
    "maxflip",
    "corners",
    "random",
];

/// A strategy spec that [`by_name`] does not understand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown strategy \"{0}\"; expected one of random, maxflip, corners, defensive, minimax[:DEPTH], expert, or a chain like corners>maxflip"
)]
pub struct UnknownStrategy(pub String);

/// Builds a strategy from its spec with default options. `seed` drives any randomness, so
/// the same seed plays the same moves.
pub fn by_name(spec: &str, seed: u64) -> Result<Box<dyn Strategy>, UnknownStrategy> {
    by_spec(spec, seed, AiOptions::default())
}

/// Builds a strategy from a spec: a name, `minimax:DEPTH`, or a chain `a>b>c` that asks each
/// in turn and takes the first proposal (the last one always answers).
pub fn by_spec(
    spec: &str,
    seed: u64,
    options: AiOptions,
) -> Result<Box<dyn Strategy>, UnknownStrategy> {
    let unknown = || UnknownStrategy(spec.to_string());
    let parts: Vec<&str> = spec.split('>').map(str::trim).collect();
    if parts.len() > 1 {
        let links = parts
            .iter()
            .enumerate()
            .map(|(i, part)| single(part, seed.wrapping_add(i as u64), options).ok_or_else(unknown))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Box::new(Chain::new(links)));
    }
    single(spec.trim(), seed, options).ok_or_else(unknown)
}

fn single(spec: &str, seed: u64, options: AiOptions) -> Option<Box<dyn Strategy>> {
    let lower = spec.to_ascii_lowercase();
    let (name, arg) = match lower.split_once(':') {
        Some((name, arg)) => (name, Some(arg)),
        None => (lower.as_str(), None),
    };
    let strategy: Box<dyn Strategy> = match (name, arg) {
        ("random", None) => Box::new(Random::new(seed)),
        ("maxflip", None) => Box::new(MaxFlip),
        ("corners", None) => Box::new(Corners),
        ("defensive", None) => Box::new(Defensive),
        // minimax keeps its own budget (a second's work): --think-ms is expert's, and the
        // strength tables measured at short think times must not change minimax's play.
        ("minimax", None) => Box::new(Minimax::new(Minimax::DEFAULT_DEPTH)),
        ("minimax", Some(depth)) => {
            let depth: usize = depth.parse().ok().filter(|d| (1..=64).contains(d))?;
            Box::new(Minimax::new(depth))
        }
        ("expert", None) => Box::new(Expert::new(options.think_ms)),
        _ => return None,
    };
    Some(strategy)
}

/// How many candidate moves the simple strategies (`maxflip`, `defensive`, and the fallbacks
/// of the searching ones) may evaluate for one move: far more than any board of a few dozen
/// cells needs, so there they see every move, while on huge boards (files allow 1000x1000)
/// a move still takes well under a second. Counted, not timed, so moves stay repeatable.
pub const MOVE_EVALUATIONS: usize = 250_000;

/// Legal moves beyond which `expert` and `minimax` do not search at all but play as
/// `maxflip` within [`MOVE_EVALUATIONS`]: even one ply over that many moves would not fit a
/// move's time, and their tables would be too big to build.
pub const SEARCHABLE_MOVES: usize = 200_000;

/// How many moves one decision may weigh on this board: [`MOVE_EVALUATIONS`] on boards of a
/// few hundred cells, proportionally fewer on bigger ones, where weighing one move copies the
/// whole game (cells and cards).
pub(crate) fn evaluations(game: &Game) -> usize {
    let size = game.placed().len() + game.deck().len();
    (MOVE_EVALUATIONS / (size / 1_000).max(1)).max(1)
}

/// The number of legal moves now: cards in hand times empty card cells.
pub(crate) fn move_count(game: &Game) -> usize {
    if game.is_over() {
        return 0;
    }
    game.player_hand().len().saturating_mul(game.empty_cells())
}

/// The legal move that flips the most cards; ties go to the uppermost, then leftmost cell,
/// then the lowest hand index (the order of [`Game::legal_moves`]). At most [`evaluations`]
/// moves are weighed: on boards with more, the best of the first ones.
pub(crate) fn most_flips(game: &Game) -> Option<Move> {
    let mut best: Option<(usize, Move)> = None;
    for mv in game.legal_moves().take(evaluations(game)) {
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
            let built = by_name(name, 1).unwrap();
            assert!(built.name().starts_with(name), "{name}");
        }
        assert_eq!(by_name("MaxFlip", 1).unwrap().name(), "maxflip");
        assert_eq!(by_name("minimax:2", 1).unwrap().name(), "minimax:2");
        assert_eq!(
            by_name("corners>random", 1).unwrap().name(),
            "corners>random"
        );
        for bad in [
            "alphago",
            "minimax:0",
            "minimax:x",
            "maxflip:3",
            "corners>",
            ">",
            "",
        ] {
            let err = by_name(bad, 1).err().unwrap();
            assert_eq!(err, UnknownStrategy(bad.into()));
        }
    }
}
