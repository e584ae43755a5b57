//! Tournaments of every two-player game ([`TwoPlayer`]): seeded, thread-count-independent
//! runs, with varied starts made by the game's own seeded start (Three Trios's shuffled deal)
//! or by a few seeded random plies (`--openings K`) before the strategies take over.

use std::marker::PhantomData;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{GameRecord, Side, SimError, Tournament};
use crate::controller::duel::ai_seed_of;
use crate::games::{Side as Seat, TwoPlayer};

/// What a game adds to its tournaments beyond [`TwoPlayer`]: the report's setup line and
/// first seat, and how many threads one game takes. The defaults suit games whose strategies
/// think on one thread.
pub trait SimGame: TwoPlayer {
    /// What the games are played on, for the report.
    fn setup_parts(spec: &DuelSpec<Self>) -> Vec<String> {
        vec![
            Self::KIND.title().to_string(),
            format!("{} random opening plies", spec.openings),
            format!("seed {}", spec.seed),
        ]
    }
    /// A move's budget as reports name it: `think_ms` milliseconds unless the game counts
    /// it otherwise.
    fn budget(spec: &DuelSpec<Self>) -> String {
        format!("{} ms a move", spec.think_ms)
    }
    /// The first mover's seat as reports name it.
    fn first_seat() -> &'static str {
        Self::side_name(Seat::First)
    }
    /// Threads one game of `spec` searches on: the workers are the threads allowed divided
    /// by this (at least one).
    fn threads_per_game(spec: &DuelSpec<Self>) -> usize {
        let _ = spec;
        1
    }
}

/// A simulation of game `G` between two strategies.
#[derive(Debug)]
pub struct DuelSpec<G: TwoPlayer> {
    pub a: String,
    pub b: String,
    /// Starting positions played; each once, or twice with `swap`.
    pub deals: usize,
    pub swap: bool,
    /// Random plies played from the start before the strategies take over (the same plies
    /// for both games of a swapped deal), so games differ although the strategies are
    /// deterministic.
    pub openings: usize,
    /// Deal `i` opens with seed `seed + i`, and its players are seeded from that.
    pub seed: u64,
    pub think_ms: u64,
    pub threads: usize,
    pub options: G::Options,
    game: PhantomData<fn() -> G>,
}

impl<G: TwoPlayer> Clone for DuelSpec<G> {
    fn clone(&self) -> DuelSpec<G> {
        DuelSpec {
            a: self.a.clone(),
            b: self.b.clone(),
            options: self.options.clone(),
            game: PhantomData,
            ..*self
        }
    }
}

impl<G: TwoPlayer> DuelSpec<G> {
    /// One deal of `a` against `b` with the game's default options, no swap, no opening
    /// plies and one thread; set the public fields for more. Both strategies are checked
    /// here, so a bad name is reported before any game is played.
    pub fn new(a: &str, b: &str, seed: u64, think_ms: u64) -> Result<DuelSpec<G>, SimError> {
        for name in [a, b] {
            G::strategy(name, 0, think_ms).map_err(|e| SimError::Strategy(e.to_string()))?;
        }
        Ok(DuelSpec {
            a: a.to_string(),
            b: b.to_string(),
            deals: 1,
            swap: false,
            openings: 0,
            seed,
            think_ms,
            threads: 1,
            options: G::Options::default(),
            game: PhantomData,
        })
    }

    /// The opening of deal `deal`: the start, then up to `openings` seeded random plies.
    pub fn opening(&self, deal: usize) -> Result<G, SimError> {
        let mut game = G::start(&self.options, self.seed.wrapping_add(deal as u64))
            .map_err(|e| SimError::Strategy(e.to_string()))?;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed.wrapping_add(deal as u64));
        for _ in 0..self.openings {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv)
                .map_err(|e| SimError::Strategy(format!("opening move refused: {e}")))?;
        }
        Ok(game)
    }
}

impl<G: SimGame> Tournament for DuelSpec<G> {
    fn a(&self) -> &str {
        &self.a
    }
    fn b(&self) -> &str {
        &self.b
    }
    fn deals(&self) -> usize {
        self.deals
    }
    fn swap(&self) -> bool {
        self.swap
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn threads(&self) -> usize {
        self.threads
    }
    fn workers(&self) -> usize {
        let threads = (self.threads.max(1) / G::threads_per_game(self).max(1)).max(1);
        threads.min(self.games()).max(1)
    }
    fn setup_parts(&self) -> Vec<String> {
        G::setup_parts(self)
    }
    fn first_seat(&self) -> &'static str {
        G::first_seat()
    }
    fn pairing(&self, a: &str, b: &str) -> DuelSpec<G> {
        DuelSpec {
            a: a.to_string(),
            b: b.to_string(),
            swap: true,
            ..self.clone()
        }
    }

    fn play(&self, game: usize) -> Result<GameRecord, SimError> {
        let per = if self.swap { 2 } else { 1 };
        let deal = game / per;
        let a_side = if game.is_multiple_of(per) {
            Seat::First
        } else {
            Seat::Second
        };
        let mut board = self.opening(deal)?;
        let seed = self.seed.wrapping_add(deal as u64);
        let build = |name: &str, side: Seat| {
            G::strategy_for(name, ai_seed_of(seed, side), self.think_ms, &self.options)
                .map_err(|e| SimError::Strategy(e.to_string()))
        };
        let mut players = [build(&self.a, a_side)?, build(&self.b, a_side.other())?];
        let mut moves = [0u32; 2];
        let mut think = [Duration::ZERO; 2];
        while !board.is_over() {
            let side = if board.to_move() == a_side {
                Side::A
            } else {
                Side::B
            };
            let i = side as usize;
            let started = Instant::now();
            let chosen = players[i].choose(&board);
            think[i] += started.elapsed();
            let Some(mv) = chosen else { break };
            board.apply(mv).map_err(|error| {
                SimError::Strategy(format!(
                    "strategy \"{}\" made an illegal move in game {game}: {error}",
                    players[i].name()
                ))
            })?;
            moves[i] += 1;
        }
        let score = board.score();
        let margin = score[a_side.index()] as i32 - score[a_side.other().index()] as i32;
        let winner = match margin {
            0 => None,
            m if m > 0 => Some(Side::A),
            _ => Some(Side::B),
        };
        Ok(GameRecord {
            game,
            deal,
            a_seat: a_side,
            winner,
            margin,
            moves,
            think,
        })
    }
}
