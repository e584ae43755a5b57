//! Measures how the expert keeps time on a clock: expert-vs-expert games on `--think-ms MS`
//! of wall time a move, each opened by the seeded random plies of `trios sim --openings K`,
//! and every move's time by the phase it fell in:
//!
//! `cargo run --release --example reversi_clock -- --think-ms 1000 --games 4`
//!
//! The midgame line is the moves searched before the exact endgame range (the time
//! management's own work); forced moves, which take no time, are counted apart.

use std::time::{Duration, Instant};

use trios::games::Strategy;
use trios::games::reversi::levels::{self, Budget, Level};
use trios::games::reversi::{Game, Move};
use trios::sim::duel::DuelSpec;

fn number_after(args: &[String], flag: &str, default: u64) -> u64 {
    let Some(i) = args.iter().position(|a| a == flag) else {
        return default;
    };
    match args.get(i + 1).map(|v| v.parse()) {
        Some(Ok(n)) => n,
        _ => {
            eprintln!("{flag} takes a whole number");
            std::process::exit(2);
        }
    }
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ms = number_after(&args, "--think-ms", 1000);
    let games = number_after(&args, "--games", 2) as usize;
    let openings = number_after(&args, "--openings", 6) as usize;
    let seed = number_after(&args, "--seed", 1);
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
