//! Measures how the expert keeps time on a clock: expert-vs-expert games on `--think-ms MS`
//! of wall time a move, each opened by the seeded random plies of `trios sim --openings K`,
//! and every move's time by the phase it fell in:
//!
//! `cargo run --release --example reversi_clock -- --think-ms 1000 --games 4`
//!
//! The midgame line is the moves searched before the exact endgame range (the time
//! management's own work); forced moves, which take no time, are counted apart.

use std::time::{Duration, Instant};

use clap::Parser;

use trios::games::Strategy;
use trios::games::reversi::levels::{self, Budget, Level};
use trios::games::reversi::{Game, Move};
use trios::sim::duel::DuelSpec;

/// What the command line asks for.
#[derive(Parser)]
struct Cli {
    /// Wall time a move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Games played, one after another.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Random plies opening each game.
    #[arg(long, default_value_t = 6)]
    openings: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Times of one phase.
#[derive(Default)]
struct Tally {
    count: u32,
    total: Duration,
    longest: Duration,
}

impl Tally {
    fn add(&mut self, took: Duration) {
        self.count += 1;
        self.total += took;
        self.longest = self.longest.max(took);
    }

    fn line(&self, what: &str) -> String {
        let mean = self.total.as_secs_f64() * 1000.0 / f64::from(self.count.max(1));
        format!(
            "{what:<34} {:>5} moves  mean {mean:>7.1} ms  longest {:>7.1} ms",
            self.count,
            self.longest.as_secs_f64() * 1000.0
        )
    }
}

fn main() {
    let Cli {
        think_ms: ms,
        games,
        openings,
        seed,
    } = Cli::parse();
    let mut spec = DuelSpec::<Game>::new("expert", "expert", seed, ms).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    spec.openings = openings;
    let exact = levels::spec(levels::HIGHEST).exact;
    let (mut midgame, mut endgame, mut forced) =
        (Tally::default(), Tally::default(), Tally::default());
    let started = Instant::now();
    for deal in 0..games {
        let mut game = spec.opening(deal).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2);
        });
        let mut players = [
            Level::expert(Budget::Time(ms)),
            Level::expert(Budget::Time(ms)),
        ];
        let mut side = 0;
        while !game.is_over() {
            let mv = if game.must_pass() {
                Move::Pass
            } else {
                let choices = game.legal_moves().len();
                let empties = game.empties();
                let clock = Instant::now();
                let Some(mv) = players[side].choose(&game) else {
                    break;
                };
                let took = clock.elapsed();
                match (choices, empties > exact) {
                    (1, _) => forced.add(took),
                    (_, true) => midgame.add(took),
                    (_, false) => endgame.add(took),
                }
                mv
            };
            if game.play(mv).is_err() {
                eprintln!("deal {deal}: the expert played an illegal move {mv}");
                std::process::exit(1);
            }
            side = 1 - side;
        }
        eprintln!(
            "deal {deal} done after {:.0} s",
            started.elapsed().as_secs_f64()
        );
    }
    println!("expert vs expert, {games} games, {ms} ms a move on the clock");
    println!(
        "{}",
        midgame.line(&format!("midgame (more than {exact} empties)"))
    );
    println!(
        "{}",
        endgame.line(&format!("endgame ({exact} empties or fewer)"))
    );
    println!("{}", forced.line("forced (one legal move)"));
}
