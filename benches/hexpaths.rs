//! Hex paths' speed targets: a single piece's shortest path (target ≤ 20 µs), the shortest
//! move of four pieces for objectives the game draws (target ≤ 100 ms each, the worst
//! included), and a new legal game (target ≤ 10 ms).
//!
//! Before the timed groups, a measured run solves every objective of a thousand
//! hard or needs-another kind from seeded four-piece games and prints the mean and the
//! worst time, with the lengths of all the objectives seen.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use trios::games::hexpaths::round::{Game, Settings};
use trios::games::hexpaths::{
    Board, Cell, Cells, DEFAULT_BUDGET, Difficulty, new_game, objectives, solve,
};

/// An objective to solve again: the board, the pieces, which piece, where to.
struct Case {
    board: Board,
    pieces: Vec<Cell>,
    piece: usize,
    goal: Cell,
}

/// Every objective of four-piece games from seeds 0.., until `count` of the kinds wanted
/// are found; also the number of objectives seen of each difficulty and length.
fn cases(count: usize, wanted: &[Difficulty]) -> (Vec<Case>, BTreeMap<(Difficulty, usize), usize>) {
    let mut out = Vec::new();
    let mut seen = BTreeMap::new();
    let mut seed = 0;
    while out.len() < count {
        let state = new_game(seed, 4);
        let board = state.board();
        for o in objectives(&board, state.pieces()) {
            *seen.entry((o.difficulty, o.solution.len())).or_insert(0) += 1;
            if wanted.contains(&o.difficulty) && out.len() < count {
                out.push(Case {
                    board: board.clone(),
                    pieces: state.pieces().to_vec(),
                    piece: o.piece,
                    goal: o.goal,
                });
            }
        }
        seed += 1;
    }
    (out, seen)
}

fn solve_case(c: &Case) -> usize {
    solve(&c.board, &c.pieces, c.piece, c.goal, DEFAULT_BUDGET).map_or(0, |s| s.len())
}

/// The measured run: every case once, the mean and the worst.
fn measured_run() {
    let (hard, seen) = cases(1000, &[Difficulty::Hard, Difficulty::NeedsAnother]);
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    for c in &hard {
        let t = Instant::now();
        black_box(solve_case(c));
        let took = t.elapsed();
        total += took;
        worst = worst.max(took);
    }
    println!(
        "hexpaths: {} hard and needs-another objectives solved, mean {:?}, worst {:?}",
        hard.len(),
        total / hard.len() as u32,
        worst
    );
    let mut by_difficulty: BTreeMap<Difficulty, usize> = BTreeMap::new();
    let mut by_length: BTreeMap<usize, usize> = BTreeMap::new();
    for (&(d, len), &n) in &seen {
        *by_difficulty.entry(d).or_insert(0) += n;
        *by_length.entry(len).or_insert(0) += n;
    }
    println!("hexpaths: objectives seen by difficulty {by_difficulty:?}");
    println!("hexpaths: objectives seen by shortest length {by_length:?}");

    // Rounds as the game draws them, mid-game too (pieces no longer on nooks): each start
    // draws pairs at random and solves them until one has the round's difficulty.
    let (mut worst, mut total, mut rounds) = (Duration::ZERO, Duration::ZERO, 0u32);
    for seed in 0..100 {
        let mut game = Game::new(seed, Settings::default(), vec!["you".into()]);
        loop {
            let t = Instant::now();
            let started = game.start_round().is_some();
            let took = t.elapsed();
            if !started {
                break;
            }
            worst = worst.max(took);
            total += took;
            rounds += 1;
            game.finish(None);
        }
    }
    println!(
        "hexpaths: {rounds} rounds of 100 games started (objective drawn), mean {:?}, worst {:?}",
        total / rounds.max(1),
        worst
    );
}

fn hexpaths_bench(c: &mut Criterion) {
    measured_run();
    let mut group = c.benchmark_group("hexpaths");

    // Single pieces between nooks of seeded four-piece games, the others standing still.
    let singles: Vec<(Board, Cell, Cell, Cells)> = (0..64)
        .map(|seed| {
            let state = new_game(seed, 4);
            let board = state.board();
            let nooks: Vec<Cell> = board.nooks().iter().collect();
            let start = state.pieces()[0];
            let goal = nooks[(seed as usize * 5) % nooks.len()];
            let others = Cells::of(&state.pieces()[1..]);
            (board, start, goal, others)
        })
        .collect();
    let mut at = 0;
    group.bench_function("single_piece_path", |b| {
        b.iter(|| {
            at = (at + 1) % singles.len();
            let (board, start, goal, others) = &singles[at];
            board.path(black_box(*start), black_box(*goal), others)
        })
    });

    let (spread, _) = cases(
        256,
        &[
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::NeedsAnother,
        ],
    );
    group.bench_function("optimal_move_any", |b| {
        b.iter(|| {
            at = (at + 1) % spread.len();
            solve_case(black_box(&spread[at]))
        })
    });
    let (hard, _) = cases(256, &[Difficulty::Hard, Difficulty::NeedsAnother]);
    group.bench_function("optimal_move_hard", |b| {
        b.iter(|| {
            at = (at + 1) % hard.len();
            solve_case(black_box(&hard[at]))
        })
    });

    let mut seed = 0u64;
    group.bench_function("new_game", |b| {
        b.iter(|| {
            seed += 1;
            new_game(black_box(seed), 4)
        })
    });
    group.finish();
}

criterion_group!(benches, hexpaths_bench);
criterion_main!(benches);
