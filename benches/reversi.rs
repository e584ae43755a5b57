//! Speed of the Reversi engine: perft, move generation, the exact endgame solver (a
//! 16-empty position, FFO #40, and the fixed set #40, #41, #44 plus the 16-empty one) and
//! the midgame search at fixed depth (the levels' selectivity).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use trios::games::reversi::bitboard::moves;
use trios::games::reversi::midgame::{Limits, search_bits};
use trios::games::reversi::probcut::Selectivity;
use trios::games::reversi::{Game, Move, levels, perft, solve};

#[path = "../tests/ffo/mod.rs"]
mod ffo;

/// Published FFO problem `number` (40..=59), parsed.
fn ffo(number: u32) -> Game {
    let entry = ffo::FFO
        .iter()
        .find(|e| e.0 == number)
        .expect("FFO #40-#59 are in the table");
    entry.1.parse().expect("FFO positions parse")
}

/// FFO #40 four plies on along a best line: 16 empties.
fn sixteen_empties() -> Game {
    let mut game = ffo(40);
    while game.empties() > 16 {
        let best = solve(&game).best;
        let mv = best.map_or(Move::Pass, Move::Place);
        game.play(mv).expect("the solver's move is legal");
    }
    game
}

/// Positions from a fixed pseudo-random playout of many games, for move generation and the
/// midgame search.
fn sample_positions() -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..40 {
        let mut game = Game::new();
        loop {
            let list = game.legal_moves();
            if list.is_empty() {
                break;
            }
            out.push((game.player_bits(), game.opponent_bits()));
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = list[(state % list.len() as u64) as usize];
            game.play(mv).expect("legal");
        }
    }
    out
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("reversi_perft");
    group.sample_size(10);
    let start = Game::new();
    for depth in [9u32, 11] {
        group.bench_function(format!("depth_{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

fn movegen_bench(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("reversi_movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("moves", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(p, o) in &positions {
                acc ^= moves(black_box(p), black_box(o));
            }
            acc
        })
    });
    group.bench_function("legal_moves_and_play_all", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(p, o) in &positions {
                let game = Game::from_bitboards(p, o, trios::games::reversi::Color::Dark)
                    .expect("disjoint");
                for mv in game.legal_moves() {
                    let mut child = game;
                    child.make(mv);
                    acc ^= child.player_bits();
                }
            }
            acc
        })
    });
    group.finish();
}

fn endgame_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("reversi_endgame");
    group.sample_size(10);
    let sixteen = sixteen_empties();
    group.bench_function("solve_16_empties", |b| {
        b.iter(|| solve(black_box(&sixteen)))
    });
    let twenty = ffo(40);
    group.bench_function("solve_20_empties_ffo40", |b| {
        b.iter(|| solve(black_box(&twenty)))
    });
    // The fixed set: FFO #40 (20 empties), #41 (22), #44 (23) and the 16-empty position.
    let set = [ffo(40), ffo(41), ffo(44), sixteen];
    group.bench_function("ffo_set", |b| {
        b.iter(|| {
            set.iter()
                .map(|game| solve(black_box(game)).value)
                .sum::<i32>()
        })
    });
    group.finish();
}

/// Twenty positions of 30 to 40 empties from the sample playouts, each searched to depth
/// 10 with a fresh table, as a move's search of that depth would be.
fn midgame_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("reversi_midgame");
    group.sample_size(10);
    let positions: Vec<(u64, u64)> = sample_positions()
        .into_iter()
        .filter(|&(p, o)| (30..=40).contains(&(64 - (p | o).count_ones())))
        .step_by(7)
        .take(20)
        .collect();
    let limits = Limits {
        selectivity: Some(Selectivity(levels::MPC)),
        table_bits: 18,
        ..Limits::depth(10)
    };
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("depth_10_twenty_positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|&(p, o)| search_bits(black_box(p), black_box(o), &limits).value)
                .sum::<i32>()
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    perft_bench,
    movegen_bench,
    endgame_bench,
    midgame_bench
);
criterion_main!(benches);
