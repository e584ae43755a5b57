//! Triad's speed targets: every triad among twelve cards (target ≤ 100 ns), and whole
//! solitaire games played by the finder (target ≥ 100 k games a second on one core, so
//! ≤ 10 µs a game).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use trios::games::triad::{Game, count_triads, first_triad, shuffled_deck, triads};

fn triad_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("triad");
    // Tables of twelve from seeded decks, cycled so no one table's luck decides.
    let tables: Vec<Vec<_>> = (0..64)
        .map(|seed| shuffled_deck(seed)[..12].to_vec())
        .collect();
    let mut at = 0;
    group.bench_function("count_triads_12", |b| {
        b.iter(|| {
            at = (at + 1) % tables.len();
            count_triads(black_box(&tables[at]))
        })
    });
    group.bench_function("triads_12", |b| {
        b.iter(|| {
            at = (at + 1) % tables.len();
            triads(black_box(&tables[at]))
        })
    });
    group.bench_function("first_triad_12", |b| {
        b.iter(|| {
            at = (at + 1) % tables.len();
            first_triad(black_box(&tables[at]))
        })
    });
    let mut seed = 0u64;
    group.bench_function("solitaire_game", |b| {
        b.iter(|| {
            seed += 1;
            trios::games::triad::sim::play_one(black_box(seed))
        })
    });
    group.bench_function("new_game", |b| {
        b.iter(|| {
            seed += 1;
            Game::new(black_box(seed))
        })
    });
    group.finish();
}

criterion_group!(benches, triad_bench);
criterion_main!(benches);
