//! Solves published FFO endgame problems and checks each value and best move, printing a
//! Markdown table of nodes, time and speed beside Edax 4.5.5's published counts:
//! `cargo run --release --example reversi_ffo -- --from 40 --to 49 --threads 2`.
//!
//! `--from N --to M` picks problems N..=M of #40–#59 (default #40–#44, seconds each in a
//! release build; #50 on take minutes); `--threads N` solves on N threads (default 1);
//! `--hash-bits B` gives the shared table 2^B entries of 24 bytes (default from the
//! empties, 2^22 at 24 and more; at most 2^25).
//! Two counts are shown: `nodes`, the positions the search enters, and `edax`, those plus
//! every child scored to order moves, which is how Edax counts. Far too slow unoptimised
//! for the test suite, which solves #40 a few moves on. Exits with 1 if any value or move
//! differs from the published one.

use std::time::{Duration, Instant};

use trios::games::reversi::endgame::MAX_TABLE_BITS;
use trios::games::reversi::{Game, SolveOptions, Square, solve_with};

#[path = "../tests/ffo/mod.rs"]
mod ffo;
use ffo::FFO;

/// Edax 4.5.5's published counts for #40–#49 (millions of positions; 16 threads, 2^25
/// hash entries): run A of the comparison in the engine's plan.
const EDAX_RUN_A: [(u32, f64); 10] = [
    (40, 10.6),
    (41, 22.1),
    (42, 28.5),
    (43, 85.8),
    (44, 20.0),
    (45, 272.9),
    (46, 62.3),
    (47, 19.2),
    (48, 155.8),
    (49, 386.5),
];

/// The whole number after `flag`, `default` if the flag is absent; exits with a message if
/// it is there without a usable value.
fn number_after(args: &[String], flag: &str, default: usize, least: usize) -> usize {
    match args.iter().position(|a| a == flag) {
        None => default,
        Some(i) => match args.get(i + 1).and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if n >= least => n,
            _ => {
                eprintln!("{flag} needs a whole number of at least {least}");
                std::process::exit(2);
            }
        },
    }
}

/// Millions, one decimal.
fn millions(n: u64) -> String {
    format!("{:.1} M", n as f64 / 1e6)
}

/// Millions per second, one decimal; `-` when too quick to time.
fn rate(n: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    if secs <= 0.0 {
        return "-".to_string();
    }
    format!("{:.1} M/s", n as f64 / 1e6 / secs)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let threads = number_after(&args, "--threads", 1, 1);
    let from = number_after(&args, "--from", 40, 40);
    let to = number_after(&args, "--to", from.max(44), from);
    if to > 59 {
        eprintln!("--to must be at most 59: the table holds FFO #40 to #59");
        std::process::exit(2);
    }
    let table_bits = args
        .iter()
        .position(|a| a == "--hash-bits")
        .map(|_| number_after(&args, "--hash-bits", 0, 4) as u32);
    if table_bits.is_some_and(|b| b > MAX_TABLE_BITS) {
        eprintln!("--hash-bits must be at most {MAX_TABLE_BITS}");
        std::process::exit(2);
    }
    let options = SolveOptions {
        threads,
        table_bits,
        ..Default::default()
    };
    println!("FFO #{from}–#{to}, {threads} thread(s)\n");
    println!(
        "| # | empties | value | move | nodes | edax rule | time | nodes/s | edax rule/s | Edax 4.5.5 run A |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let (mut nodes, mut edax, mut time, mut published) = (0u64, 0u64, Duration::ZERO, 0.0);
    let mut all_published = true;
    let mut wrong = false;
    for &(number, text, value, best) in FFO
        .iter()
        .filter(|entry| (from..=to).contains(&(entry.0 as usize)))
    {
        let Ok(game) = text.parse::<Game>() else {
            eprintln!("FFO #{number}: the position does not parse");
            std::process::exit(1);
        };
        let t = Instant::now();
        let Some(s) = solve_with(&game, &options) else {
            eprintln!("FFO #{number}: the solve stopped without a value");
            std::process::exit(1);
        };
        let elapsed = t.elapsed();
        let name = s.best.map(Square::algebraic).unwrap_or_default();
        let value_ok = s.value == value;
        let move_ok = best.contains(&name.as_str());
        wrong |= !value_ok || !move_ok;
        let mark = |ok: bool| if ok { "ok" } else { "WRONG" };
        let all = s.nodes + s.scored;
        let edax_a = EDAX_RUN_A.iter().find(|e| e.0 == number).map(|e| e.1);
        match edax_a {
            Some(m) => published += m,
            None => all_published = false,
        }
        println!(
            "| {number} | {} | {:+} {} | {name} {} | {} | {} | {:.2} s | {} | {} | {} |",
            game.empties(),
            s.value,
            mark(value_ok),
            mark(move_ok),
            millions(s.nodes),
            millions(all),
            elapsed.as_secs_f64(),
            rate(s.nodes, elapsed),
            rate(all, elapsed),
            edax_a.map_or("-".to_string(), |m| format!("{m:.1} M")),
        );
        if !value_ok || !move_ok {
            eprintln!("FFO #{number}: expected {value:+} by one of {best:?}");
        }
        nodes += s.nodes;
        edax += all;
        time += elapsed;
    }
    println!(
        "| total | | | | {} | {} | {:.2} s | {} | {} | {} |",
        millions(nodes),
        millions(edax),
        time.as_secs_f64(),
        rate(nodes, time),
        rate(edax, time),
        if all_published {
            format!("{published:.1} M")
        } else {
            "-".to_string()
        },
    );
    if wrong {
        std::process::exit(1);
    }
}
