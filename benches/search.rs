//! Speed of the shared search on Three Trios 3x3 openings: positions per second on one
//! thread, and exact solves on one and two threads sharing a table.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use trios::games::three_trios::config::{parse_cards, parse_grid};
use trios::games::three_trios::{Deal, Game, Position, RuleSet};
use trios::search::{Limits, Searcher, SolveOptions, root_moves, solve};

/// The 3x3 opening the engine bench solves (small-10, dealt in order), and the same board
/// dealt from the default cards with seed 2.
fn openings() -> Vec<(&'static str, Game)> {
    let grid = parse_grid(
        "open-3x3.txt",
        include_bytes!("../configs/boards/open-3x3.txt"),
    )
    .expect("shipped board");
    let small = parse_cards(
        "small-10.txt",
        include_bytes!("../configs/cards/small-10.txt"),
    )
    .expect("shipped cards");
    let default = parse_cards(
        "default.txt",
        include_bytes!("../configs/cards/default.txt"),
    )
    .expect("shipped cards");
    vec![
        (
            "small-10 in order",
            Game::new(grid.clone(), small, RuleSet::default(), Deal::InOrder).expect("deal"),
        ),
        (
            "default seed 2",
            Game::new(grid, default, RuleSet::default(), Deal::Shuffle { seed: 2 }).expect("deal"),
        ),
    ]
}

/// One thread searching to the end, counted in positions so the report reads as
/// positions per second.
fn positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("search positions");
    group.sample_size(10);
    for (name, game) in openings() {
        let pos = Position::new(&game);
        let moves = root_moves(&pos);
        let run = || {
            let mut searcher = Searcher::new(pos.clone(), 21);
            let found = searcher.best_of(&moves, pos_depth(&game), Limits::default());
            (found, searcher.nodes())
        };
        let (_, nodes) = run();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("3x3 {name}, one thread"), |b| {
            b.iter(|| black_box(run()))
        });
    }
    group.finish();
}

fn pos_depth(game: &Game) -> usize {
    game.empty_cells()
}

/// Exact solves on one and two threads.
fn solves(c: &mut Criterion) {
    let mut group = c.benchmark_group("search solve");
    group.sample_size(10);
    for (name, game) in openings() {
        let pos = Position::new(&game);
        for threads in [1, 2] {
            let options = SolveOptions {
                threads,
                table_bits: 21,
                ..SolveOptions::default()
            };
            group.bench_function(format!("3x3 {name}, {threads} threads"), |b| {
                b.iter(|| solve(black_box(&pos), &options))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, positions, solves);
criterion_main!(benches);
