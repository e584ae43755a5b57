//! Speed of the rules engine: what-if evaluations for the AIs and whole games.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use trios::games::three_trios::ai::{MaxFlip, Random, Strategy};
use trios::games::three_trios::config::{parse_cards, parse_grid};
use trios::games::three_trios::{Deal, Game, Move, RuleSet};

const SEED_BOARD: &str = include_str!("../configs/boards/seed-5x7.txt");
const CARDS: &str = include_str!("../configs/cards/full-40.txt");

fn seed_board_game(rules: RuleSet) -> Game {
    let grid = parse_grid("seed-5x7.txt", SEED_BOARD.as_bytes()).expect("shipped board");
    let deck = parse_cards("full-40.txt", CARDS.as_bytes()).expect("shipped cards");
    Game::new(grid, deck, rules, Deal::Shuffle { seed: 7 }).expect("enough cards")
}

/// The seed board after six maxflip moves: cards on the grid, combos possible.
fn mid_game(rules: RuleSet) -> Game {
    let mut game = seed_board_game(rules);
    for _ in 0..6 {
        let mv = MaxFlip.choose(&game).expect("game not over");
        game.play(mv).expect("legal");
    }
    game
}

fn flips_if(c: &mut Criterion) {
    let mut group = c.benchmark_group("flips_if");
    for (label, rules) in [
        ("normal", RuleSet::default()),
        (
            "all-rules",
            "reverse,fallen-ace,same,plus".parse().expect("rules"),
        ),
    ] {
        let game = mid_game(rules);
        let moves: Vec<Move> = game.legal_moves().collect();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(format!("5x7 mid-game, every legal move ({label})"), |b| {
            b.iter(|| {
                let mut total = 0;
                for &mv in &moves {
                    total += game.flips_if(black_box(mv)).unwrap_or(0);
                }
                total
            })
        });
    }
    group.finish();
}

fn whole_games(c: &mut Criterion) {
    let start = seed_board_game(RuleSet::default());
    let mut group = c.benchmark_group("game");
    group.bench_function("5x7 random game (apply)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut game = start.clone();
            let mut ai = Random::new(seed);
            while let Some(mv) = ai.choose(&game) {
                game.apply(mv).expect("legal");
            }
            game.score(trios::games::three_trios::Player::Red)
        })
    });
    group.bench_function("5x7 random game (play, with battle log)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut game = start.clone();
            let mut ai = Random::new(seed);
            while let Some(mv) = ai.choose(&game) {
                black_box(game.play(mv).expect("legal"));
            }
            game.score(trios::games::three_trios::Player::Red)
        })
    });
    group.bench_function("5x7 maxflip vs maxflip game", |b| {
        b.iter(|| {
            let mut game = start.clone();
            while let Some(mv) = MaxFlip.choose(&game) {
                game.apply(mv).expect("legal");
            }
            game.score(trios::games::three_trios::Player::Red)
        })
    });
    group.finish();
}

/// Exact solving: the 3x3 opening (9 cells, 5 + 5 cards, no variants), counted in nodes so
/// the report reads as nodes per second.
fn search(c: &mut Criterion) {
    let grid = parse_grid(
        "open-3x3.txt",
        include_bytes!("../configs/boards/open-3x3.txt"),
    )
    .expect("shipped board");
    let deck = parse_cards(
        "small-10.txt",
        include_bytes!("../configs/cards/small-10.txt"),
    )
    .expect("shipped cards");
    let game = Game::new(grid, deck, RuleSet::default(), Deal::InOrder).expect("enough cards");
    let nodes = trios::games::three_trios::ai::solve(&game)
        .expect("not over")
        .nodes;
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("solve 3x3 opening (nodes)", |b| {
        b.iter(|| trios::games::three_trios::ai::solve(black_box(&game)))
    });
    group.finish();
}

/// Headless tournament throughput: maxflip vs maxflip on the seed board through the
/// tournament's `play` on one thread, dealing included (one element = one game).
fn sim(c: &mut Criterion) {
    use trios::sim::Tournament;
    let mut spec = trios::sim::duel::DuelSpec::<trios::games::three_trios::Game>::new(
        "maxflip", "maxflip", 7, 1000,
    )
    .expect("known strategies");
    spec.options = trios::games::three_trios::Options {
        board: trios::games::three_trios::SourceFile {
            name: "seed-5x7.txt".into(),
            text: SEED_BOARD.into(),
        },
        cards: trios::games::three_trios::SourceFile {
            name: "full-40.txt".into(),
            text: CARDS.into(),
        },
        deal: trios::games::three_trios::DealMode::Shuffle,
        rules: RuleSet::default(),
    };
    spec.swap = true;
    let mut group = c.benchmark_group("sim");
    group.throughput(Throughput::Elements(1));
    group.bench_function("5x7 maxflip vs maxflip, one game (play_game)", |b| {
        let mut game = 0;
        b.iter(|| {
            game += 1;
            spec.play(black_box(game)).expect("legal games")
        })
    });
    group.finish();
}

criterion_group!(benches, flips_if, whole_games, search, sim);
criterion_main!(benches);
