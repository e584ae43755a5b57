//! The brief's efficiency test for Islands of Hex as a benchmark: a fresh 2500x2500 board,
//! the inside (rows and columns 1 to 2498) filled with white on even columns and black on
//! odd ones, then white joins top and bottom. Target: under 100 ms. Also: the playout rate
//! behind `expert`'s budget, and one of its moves on an empty 11x11 board with the budget of
//! `--think-ms 100`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use trios::games::Strategy;
use trios::games::islands::expert::{Expert, PLACES_PER_MS};
use trios::games::islands::{Board, Game, Stone};

const N: i64 = 2500;

/// Plays the efficiency test on `board`; the island counts and whether the game ended.
fn efficiency_test(mut board: Board) -> (usize, usize, bool) {
    for r in 1..N - 1 {
        for c in 1..N - 1 {
            let stone = if c % 2 == 0 {
                Stone::White
            } else {
                Stone::Black
            };
            let _ = board.make_play(r, c, stone);
        }
    }
    let _ = board.make_play(0, 2, Stone::White);
    let over = board.make_play(N - 1, 2, Stone::White).unwrap_or(false);
    (board.white_score(), board.black_score(), over)
}

fn islands_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("islands");
    group.sample_size(10);
    group.bench_function("efficiency_test_2500", |b| {
        b.iter(|| efficiency_test(black_box(Board::new(N as usize))))
    });
    group.bench_function("new_board_2500", |b| {
        b.iter(|| Board::new(black_box(N as usize)))
    });
    let empty = Game::new(11).expect("an 11x11 board");
    group.bench_function("expert_move_11x11_think_100ms", |b| {
        b.iter(|| Expert::with_budget(PLACES_PER_MS * 100, 7).choose(black_box(&empty)))
    });
    group.finish();
    let board = Board::new(N as usize);
    eprintln!(
        "a 2500x2500 board holds {:.1} MB",
        board.heap_bytes() as f64 / 1e6
    );
    let (white, black, over) = efficiency_test(board);
    assert!(over, "white's join ends the game");
    eprintln!("islands: white {white}, black {black}");
}

criterion_group!(benches, islands_bench);
criterion_main!(benches);
