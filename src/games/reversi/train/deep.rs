//! Self-play labelled by deep searches: every position of a game, random opening included,
//! carries the value of its own search well deeper than play uses (the engine's selective
//! search on the current evaluation), or from `exact_from` empties on its exact value, the
//! solver playing both sides. Labels no longer depend on how the rest of the game went, so
//! the games may wander: a few midgame moves are random, for positions play seldom reaches.

use super::data::Sample;
use super::play::random_move;
use super::{Rng, game_seed};
use crate::games::reversi::bitboard::{after, moves};
use crate::games::reversi::levels::MPC;
use crate::games::reversi::midgame::{self, Limits, UNITS_PER_DISC};
use crate::games::reversi::probcut::Selectivity;
use crate::games::reversi::{Color, Game, endgame};

/// How deep-labelled games are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// The run's seed; game `i` is seeded from it, the stream and `i`.
    pub seed: u64,
    /// Keeps kinds of games apart (deep-labelled games use their own).
    pub stream: u64,
    /// Plies of the labelling search (selective, as the expert searches).
    pub depth: u32,
    /// From this many empties on, every position is solved exactly.
    pub exact_from: u32,
    /// Random opening plies, inclusive range.
    pub opening: (u32, u32),
    /// One midgame move in this many is a random legal move (0: none).
    pub wander: u64,
}

/// The stream of deep-labelled games, apart from the result-labelled ones (0) and the
/// held-out fixture's (1).
pub const STREAM: u64 = 2;

/// Table size of a labelling search: 2^18 entries (6 MiB), cleared every search.
const TABLE_BITS: u32 = 18;

/// A labelling search's value in whole discs, rounded, within ±64.
fn discs(units: i32) -> i8 {
    let rounded = (units + UNITS_PER_DISC / 2).div_euclid(UNITS_PER_DISC);
    rounded.clamp(-64, 64) as i8
}

/// Plays game `index` under `cfg` and labels every position where the mover had a move;
/// each sample's `game` is `index` (truncated to 32 bits, as the file keeps it).
pub fn play_game(cfg: &Config, index: u64) -> Vec<Sample> {
    let mut rng = Rng::new(game_seed(cfg.seed, cfg.stream, index));
    let (lo, hi) = cfg.opening;
    let random_plies = u64::from(lo) + rng.below(u64::from(hi.saturating_sub(lo)) + 1);
    let start = Game::new();
    let (mut p, mut o) = (start.player_bits(), start.opponent_bits());
    let mut samples = Vec::with_capacity(64);
    let mut plies = 0u64;
    let limits = Limits {
        depth: cfg.depth,
        nodes: None,
        deadline: None,
        selectivity: Some(Selectivity(MPC)),
        table_bits: TABLE_BITS,
    };
    let sample = |p: u64, o: u64, label: i8, exact: bool| Sample {
        p,
        o,
        label,
        exact,
        game: index as u32,
    };
    loop {
        if moves(p, o) == 0 {
            if moves(o, p) == 0 {
                break;
            }
            (p, o) = (o, p);
            continue;
        }
        let empties = 64 - (p | o).count_ones();
        let sq = if empties <= cfg.exact_from {
            // The solver's line from here: every later position has the same value, seen
            // from its mover.
            let Some(solution) =
                Game::from_bitboards(p, o, Color::Dark).map(|g| endgame::solve(&g))
            else {
                break;
            };
            samples.push(sample(p, o, solution.value.clamp(-64, 64) as i8, true));
            let Some(sq) = solution.best else { break };
            sq.index()
        } else {
            let found = midgame::search_bits(p, o, &limits);
            samples.push(sample(p, o, discs(found.value), false));
            let wander = cfg.wander > 0 && rng.below(cfg.wander) == 0;
            match found.best {
                Some(sq) if plies >= random_plies && !wander => sq.index(),
                _ => match random_move(&mut rng, p, o) {
                    Some(sq) => sq,
                    None => break,
                },
            }
        };
        (p, o) = after(p, o, sq);
        plies += 1;
    }
    samples
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::midgame::value_at;

    fn cfg() -> Config {
        Config {
            seed: 9,
            stream: STREAM,
            depth: 2,
            exact_from: 8,
            opening: (4, 6),
            wander: 8,
        }
    }

    #[test]
    fn games_repeat_by_index_and_labels_are_their_positions_own() {
        let a = play_game(&cfg(), 3);
        assert_eq!(a, play_game(&cfg(), 3));
        assert_ne!(a, play_game(&cfg(), 4));
        assert!(a.iter().all(|s| s.p & s.o == 0 && s.game == 3));
        // Exact labels are the solver's; others a selective search's, which at depth 2
        // is the full-width value (ProbCut needs more depth to cut).
        for s in &a {
            if s.exact {
                let g = Game::from_bitboards(s.p, s.o, Color::Dark).unwrap();
                assert_eq!(i32::from(s.label), endgame::brute_force(&g).clamp(-64, 64));
            } else {
                assert_eq!(s.label, discs(value_at(s.p, s.o, 2, 12)));
            }
        }
        assert!(a.iter().any(|s| s.exact) && a.iter().any(|s| !s.exact));
        // Every position from the second on is labelled, opening included.
        assert!(a.iter().filter(|s| s.empties() >= 55).count() >= 4);
    }

    #[test]
    fn disc_labels_round_to_nearest_and_stay_on_the_board() {
        assert_eq!(discs(0), 0);
        assert_eq!(discs(15), 0);
        assert_eq!(discs(16), 1);
        assert_eq!(discs(-17), -1);
        assert_eq!(discs(64 * 32 + 100), 64);
        assert_eq!(discs(-70 * 32), -64);
    }
}
