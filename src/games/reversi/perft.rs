//! Perft: the number of positions a given number of plies ahead, the standard check that
//! move generation is exactly right (and a benchmark of how fast it is).
//!
//! Convention (RULES.md): a pass counts as a ply, and a finished game counts as one leaf at
//! the ply where it ends. From the start: 4, 12, 56, 244, 1396, 8200, 55092, 390216,
//! 3005288, 24571284, 212258800 for depths 1 to 11.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::bitboard::{bit, flips, moves};
use super::game::Game;

/// Leaf positions `depth` plies after `game`. Depth 0 is the position itself.
pub fn perft(game: &Game, depth: u32) -> u64 {
    count(game.player_bits(), game.opponent_bits(), depth)
}

/// [`perft`] with the work split over `threads` threads (at least one): the first plies are
/// expanded into enough subtrees to share out, then each thread counts whole subtrees.
pub fn perft_threads(game: &Game, depth: u32, threads: usize) -> u64 {
    let threads = threads.max(1);
    if threads == 1 || depth < 3 {
        return perft(game, depth);
    }
    let mut frontier = vec![(game.player_bits(), game.opponent_bits(), depth)];
    let mut settled = 0u64;
    while frontier.len() < threads * 8 && frontier.iter().any(|&(_, _, d)| d > 2) {
        let mut next = Vec::with_capacity(frontier.len() * 8);
        for (p, o, d) in frontier {
            if d <= 2 {
                next.push((p, o, d));
                continue;
            }
            let mv = moves(p, o);
            if mv == 0 {
                if moves(o, p) == 0 {
                    settled += 1;
                } else {
                    next.push((o, p, d - 1));
                }
                continue;
            }
            let mut m = mv;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = flips(p, o, sq);
                next.push((o ^ f, p ^ f ^ bit(sq), d - 1));
            }
        }
        frontier = next;
    }
    let next_job = AtomicUsize::new(0);
    let frontier = &frontier;
    let next_job = &next_job;
    let counted: u64 = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(move || {
                    let mut sum = 0u64;
                    loop {
                        let i = next_job.fetch_add(1, Ordering::Relaxed);
                        let Some(&(p, o, d)) = frontier.get(i) else {
                            break sum;
                        };
                        sum += count(p, o, d);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    });
    settled + counted
}

/// Counts leaves below the position with `p` to move, using the widest instruction set the
/// processor offers.
fn count(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
        {
            // SAFETY: the features `count_modern` is compiled for were just detected.
            return unsafe { count_modern(p, o, depth) };
        }
    }
    count_baseline(p, o, depth)
}

/// The recursion, written once and compiled twice: for the baseline instruction set and
/// with the bit-manipulation and vector extensions most x86-64 processors have.
/// Depth must be at least 1. The last ply is bulk-counted: a position with `n` placements
/// has `n` children, and one with none has one (a pass or the end of the game).
macro_rules! perft_body {
    ($name:ident, $p:ident, $o:ident, $depth:ident) => {{
        let mv = moves($p, $o);
        if $depth == 1 {
            return if mv == 0 {
                1
            } else {
                u64::from(mv.count_ones())
            };
        }
        if mv == 0 {
            if moves($o, $p) == 0 {
                return 1;
            }
            return $name($o, $p, $depth - 1);
        }
        let mut total = 0;
        let mut m = mv;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = flips($p, $o, sq);
            total += $name($o ^ f, $p ^ f ^ bit(sq), $depth - 1);
        }
        total
    }};
}

fn count_baseline(p: u64, o: u64, depth: u32) -> u64 {
    perft_body!(count_baseline, p, o, depth)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn count_modern(p: u64, o: u64, depth: u32) -> u64 {
    perft_body!(count_modern, p, o, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_COUNTS: [u64; 8] = [4, 12, 56, 244, 1396, 8200, 55092, 390216];

    #[test]
    fn counts_from_the_start() {
        let game = Game::new();
        assert_eq!(perft(&game, 0), 1);
        for (i, &n) in START_COUNTS.iter().enumerate() {
            assert_eq!(perft(&game, i as u32 + 1), n, "depth {}", i + 1);
            assert_eq!(
                count_baseline(game.player_bits(), game.opponent_bits(), i as u32 + 1),
                n
            );
        }
    }

    #[test]
    fn threads_agree() {
        let game = Game::new();
        for depth in [1, 2, 3, 6, 7] {
            assert_eq!(
                perft_threads(&game, depth, 3),
                perft(&game, depth),
                "depth {depth}"
            );
        }
    }

    #[test]
    fn a_finished_game_is_one_leaf_and_a_pass_is_a_ply() {
        // Dark fills the board but one corner square: nobody can move.
        let over = Game::from_bitboards(!1, 0, super::super::Color::Light).unwrap();
        assert!(over.is_over());
        assert_eq!(perft(&over, 5), 1);
        // Light to move with no placement; dark can still take (1,3) over light's (1,2).
        let pass = Game::from_bitboards(0b0001, 0b0010, super::super::Color::Light).unwrap();
        assert!(pass.must_pass());
        assert_eq!(perft(&pass, 1), 1);
        assert_eq!(perft(&pass, 2), 1);
    }
}
