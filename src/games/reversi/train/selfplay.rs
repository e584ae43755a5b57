//! Self-play games for training: a few uniformly random opening plies, then a fixed-depth
//! search on the given evaluation, then the exact solver's line from `exact_from` empties
//! on, so every position from there is labelled with its exact value.

use super::data::Sample;
use super::play::{random_move, search};
use super::{Rng, game_seed};
use crate::games::reversi::bitboard::{after, final_value, moves};
use crate::games::reversi::{Color, Game, endgame};

/// How training games are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// The run's seed; game `i` is seeded from it, the stream and `i`.
    pub seed: u64,
    /// Keeps kinds of games apart (training 0, held-out 1).
    pub stream: u64,
    /// Search depth of the midgame moves.
    pub depth: u32,
    /// From this many empties on, the solver plays both sides (0: never).
    pub exact_from: u32,
    /// Random opening plies, inclusive range.
    pub opening: (u32, u32),
    /// One game in eight takes its random plies from this range instead (for early stages).
    pub early: (u32, u32),
}

/// A played game: every position where the mover had a move, as (mover, opponent, mover is
/// dark), with the first `random_plies` of them being the random opening's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub positions: Vec<(u64, u64, bool)>,
    pub random_plies: usize,
    /// Dark's final margin.
    pub dark_margin: i32,
}

/// Plays game `index` under `cfg`, choosing midgame moves by `eval` (1/32 disc).
pub fn play_game<E: Fn(u64, u64) -> i32>(cfg: &Config, index: u64, eval: &E) -> Played {
    let mut rng = Rng::new(game_seed(cfg.seed, cfg.stream, index));
    let (lo, hi) = if rng.below(8) == 0 {
        cfg.early
    } else {
        cfg.opening
    };
    let random_plies = (lo + rng.below(u64::from(hi - lo + 1)) as u32) as usize;
    let start = Game::new();
    let (mut p, mut o, mut dark) = (start.player_bits(), start.opponent_bits(), true);
    let mut positions = Vec::with_capacity(64);
    loop {
        if moves(p, o) == 0 {
            if moves(o, p) == 0 {
                break;
            }
            (p, o, dark) = (o, p, !dark);
            continue;
        }
        let empties = 64 - (p | o).count_ones();
        let sq = if positions.len() < random_plies {
            random_move(&mut rng, p, o)
        } else if empties <= cfg.exact_from {
            Game::from_bitboards(p, o, Color::Dark)
                .and_then(|g| endgame::solve(&g).best)
                .map(|s| s.index())
        } else {
            search(eval, p, o, cfg.depth).map(|(s, _)| s)
        };
        let Some(sq) = sq else { break };
        positions.push((p, o, dark));
        (p, o) = after(p, o, sq);
        dark = !dark;
    }
    let v = final_value(p, o);
    Played {
        positions,
        random_plies,
        dark_margin: if dark { v } else { -v },
    }
}

/// The labelled samples of a played game: every position after the random opening, with
/// its mover's final margin, exact from `exact_from` empties on.
pub fn samples(played: &Played, exact_from: u32, game: u32) -> Vec<Sample> {
    played.positions[played.random_plies.min(played.positions.len())..]
        .iter()
        .map(|&(p, o, dark)| {
            let margin = if dark {
                played.dark_margin
            } else {
                -played.dark_margin
            };
            Sample {
                p,
                o,
                label: margin as i8,
                exact: 64 - (p | o).count_ones() <= exact_from,
                game,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg() -> Config {
        Config {
            seed: 3,
            stream: 0,
            depth: 1,
            exact_from: 10,
            opening: (10, 12),
            early: (2, 3),
        }
    }

    #[test]
    fn games_are_reproducible_and_labels_exact_at_the_end() {
        let eval = |p: u64, o: u64| crate::games::reversi::eval::evaluate(p, o) * 32;
        let a = play_game(&cfg(), 4, &eval);
        assert_eq!(a, play_game(&cfg(), 4, &eval));
        assert_ne!(a, play_game(&cfg(), 5, &eval));
        let s = samples(&a, 10, 4);
        assert!(s.iter().all(|x| x.p & x.o == 0 && x.game == 4));
        for x in s.iter().filter(|x| x.exact) {
            let g = Game::from_bitboards(x.p, x.o, Color::Dark).unwrap();
            assert_eq!(i32::from(x.label), endgame::solve(&g).value);
        }
        assert!(s.iter().any(|x| x.exact));
    }
}
