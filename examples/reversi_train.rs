//! Trains the learned Reversi evaluation from trios's own games, step by step:
//!
//! ```text
//! cargo run --release --example reversi_train -- selfplay --seed 1 --games 8000 --out target/reversi-train/gen0.bin
//! cargo run --release --example reversi_train -- heldout --seed 1 --per-empties 100 --out configs/reversi/heldout-20-24.txt
//! cargo run --release --example reversi_train -- fit --data target/reversi-train/gen0.bin --out configs/reversi/eval.bin
//! cargo run --release --example reversi_train -- report --weights configs/reversi/eval.bin
//! ```
//!
//! Every step is deterministic for its arguments (per-game seeds, fixed summation order).
//! `selfplay` appends to its file and, run again, carries on after the last game written.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, Subcommand};
use trios::games::reversi::eval;
use trios::games::reversi::learned::{self, UNITS_PER_DISC};
use trios::games::reversi::train::{data, fit, heldout, play, report, selfplay};
use trios::games::reversi::weights::{self, Weights, stage_of};

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    step: Step,
}

#[derive(Subcommand)]
enum Step {
    /// Plays training games and appends their labelled positions to `--out`.
    Selfplay {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1000)]
        games: u64,
        #[arg(long, default_value_t = 4)]
        depth: u32,
        #[arg(long, default_value_t = 18)]
        exact_from: u32,
        /// Play midgame moves on these weights instead of the old evaluation.
        #[arg(long)]
        weights: Option<PathBuf>,
        /// Game-index offset, so a second generation's games get other seeds.
        #[arg(long, default_value_t = 0)]
        first: u64,
        #[arg(long)]
        out: PathBuf,
    },
    /// Builds the held-out fixture of exactly solved 20..24-empty positions.
    Heldout {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Positions wanted at 20, 21, 22, 23 and 24 empties.
        #[arg(long, value_delimiter = ',', default_value = "100,100,100,100,100")]
        counts: Vec<usize>,
        #[arg(long, default_value_t = 4)]
        depth: u32,
        #[arg(long)]
        out: PathBuf,
    },
    /// Fits the weights to one or more data files and writes the weight file.
    Fit {
        #[arg(long, value_delimiter = ',')]
        data: Vec<PathBuf>,
        #[arg(long, default_value_t = 6)]
        stages: usize,
        #[arg(long, default_value_t = 3.0)]
        lambda: f64,
        #[arg(long, default_value_t = 3.0)]
        min_count: f64,
        #[arg(long, default_value_t = 60)]
        iterations: usize,
        #[arg(long, default_value_t = 0.25)]
        smoothing: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        out: PathBuf,
    },
    /// MAE of the old and learned evaluations (and searches on the learned one) on the fixture.
    Report {
        #[arg(long, default_value = "configs/reversi/heldout-20-24.txt")]
        fixture: PathBuf,
        #[arg(long, default_value = "configs/reversi/eval.bin")]
        weights: PathBuf,
    },
}

fn main() -> Result<(), String> {
    let started = Instant::now();
    let elapsed = move || started.elapsed().as_secs_f64();
    match Cli::parse().step {
        Step::Selfplay {
            seed,
            games,
            depth,
            exact_from,
            weights,
            first,
            out,
        } => {
            let w = weights.map(|p| load(&p)).transpose()?;
            let cfg = selfplay::Config {
                seed,
                stream: 0,
                depth,
                exact_from,
                opening: (10, 19),
                early: (2, 9),
            };
            if let Some(dir) = out.parent() {
                fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            let done = fs::read(&out)
                .map(|b| {
                    data::read(&b)
                        .iter()
                        .map(|s| u64::from(s.game) + 1)
                        .max()
                        .unwrap_or(first)
                })
                .unwrap_or(first)
                .max(first);
            let mut file = fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&out)
                .map_err(|e| format!("{}: {e}", out.display()))?;
            let mut positions = 0usize;
            for index in done..first + games {
                let played = match &w {
                    Some(w) => {
                        selfplay::play_game(&cfg, index, &|p, o| learned::evaluate_with(w, p, o))
                    }
                    None => selfplay::play_game(&cfg, index, &|p, o| {
                        eval::evaluate(p, o) * UNITS_PER_DISC
                    }),
                };
                let s = selfplay::samples(&played, exact_from, index as u32);
                positions += s.len();
                data::write(&mut file, &s).map_err(|e| format!("{}: {e}", out.display()))?;
                if (index + 1) % 100 == 0 {
                    eprintln!(
                        "[{:.0}s] game {} done, {positions} positions this run",
                        elapsed(),
                        index + 1
                    );
                }
            }
            eprintln!(
                "[{:.0}s] selfplay done: games {done}..{}, {positions} positions",
                elapsed(),
                first + games
            );
        }
        Step::Heldout {
            seed,
            counts,
            depth,
            out,
        } => {
            let cfg = selfplay::Config {
                seed,
                stream: 1,
                depth,
                exact_from: 0,
                opening: (12, 22),
                early: (12, 22),
            };
            let eval = |p, o| eval::evaluate(p, o) * UNITS_PER_DISC;
            let wanted: [usize; 5] = counts.as_slice().try_into().map_err(|_| {
                format!(
                    "--counts takes 5 numbers (20..24 empties), got {}",
                    counts.len()
                )
            })?;
            let header = format!(
                "# Held-out Reversi positions, each solved exactly; never used in training.\n# reversi_train heldout --seed {seed} --counts {} --depth {depth}\n",
                counts
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            );
            // The file is rewritten after every solve, so a run cut short still leaves a fixture.
            let mut so_far = Vec::new();
            let mut failed = None;
            let solved = heldout::generate(&cfg, &eval, wanted, 40 * 100, |s| {
                so_far.push(*s);
                if let Err(e) = fs::write(&out, format!("{header}{}", heldout::format(&so_far))) {
                    failed = Some(format!("{}: {e}", out.display()));
                }
                if so_far.len() % 10 == 0 {
                    eprintln!(
                        "[{:.0}s] {} solved (last {} empties, value {})",
                        elapsed(),
                        so_far.len(),
                        s.game.empties(),
                        s.value
                    );
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            fs::write(&out, format!("{header}{}", heldout::format(&solved)))
                .map_err(|e| format!("{}: {e}", out.display()))?;
            eprintln!(
                "[{:.0}s] {} positions written to {}",
                elapsed(),
                solved.len(),
                out.display()
            );
        }
        Step::Fit {
            data: files,
            stages,
            lambda,
            min_count,
            iterations,
            smoothing,
            seed,
            out,
        } => {
            let mut all = Vec::new();
            for f in &files {
                let bytes = fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
                all.extend(data::read(&bytes));
            }
            let (val, train): (Vec<_>, Vec<_>) = all.into_iter().partition(|s| s.game % 20 == 19);
            eprintln!(
                "[{:.0}s] {} training and {} validation positions",
                elapsed(),
                train.len(),
                val.len()
            );
            let cfg = fit::Config {
                stages,
                lambda,
                min_count,
                iterations,
                smoothing,
            };
            let w = fit::fit(&train, &cfg, seed, |m| eprintln!("[{:.0}s] {m}", elapsed()));
            let bytes = weights::encode(&w);
            fs::write(&out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
            eprintln!(
                "[{:.0}s] wrote {} ({} bytes)",
                elapsed(),
                out.display(),
                bytes.len()
            );
            println!(
                "| stage | empties | validation positions | MAE learned | MAE old | exact-labelled share |"
            );
            println!("|---|---|---|---|---|---|");
            for s in 0..stages {
                let group: Vec<_> = val
                    .iter()
                    .filter(|x| stage_of(x.empties(), stages) == s)
                    .collect();
                let range: Vec<u32> = (0..=60).filter(|&e| stage_of(e, stages) == s).collect();
                let n = group.len().max(1) as f64;
                let new: f64 = group
                    .iter()
                    .map(|x| {
                        (disc(learned::evaluate_with(&w, x.p, x.o)) - f64::from(x.label)).abs()
                    })
                    .sum::<f64>()
                    / n;
                let old: f64 = group
                    .iter()
                    .map(|x| f64::from(eval::evaluate(x.p, x.o) - i32::from(x.label)).abs())
                    .sum::<f64>()
                    / n;
                let exact = group.iter().filter(|x| x.exact).count() as f64 / n;
                println!(
                    "| {s} | {}–{} | {} | {new:.2} | {old:.2} | {:.0}% |",
                    range.first().unwrap_or(&0),
                    range.last().unwrap_or(&0),
                    group.len(),
                    exact * 100.0
                );
            }
        }
        Step::Report { fixture, weights } => {
            let text =
                fs::read_to_string(&fixture).map_err(|e| format!("{}: {e}", fixture.display()))?;
            let positions =
                heldout::parse(&text).map_err(|e| format!("{}: {e}", fixture.display()))?;
            let w = load(&weights)?;
            let learned = |p, o| disc(learned::evaluate_with(&w, p, o));
            let old = |p, o| f64::from(eval::evaluate(p, o));
            let e = |p, o| learned::evaluate_with(&w, p, o);
            let d2 = |p, o| disc(play::negamax(&e, p, o, 2, -i32::MAX, i32::MAX));
            let d4 = |p, o| disc(play::negamax(&e, p, o, 4, -i32::MAX, i32::MAX));
            let old4 = |p, o| {
                disc(play::negamax(
                    &|p, o| eval::evaluate(p, o) * UNITS_PER_DISC,
                    p,
                    o,
                    4,
                    -i32::MAX,
                    i32::MAX,
                ))
            };
            println!(
                "{}",
                report::table(
                    &positions,
                    &[
                        ("old eval", &old),
                        ("old, depth 4", &old4),
                        ("learned", &learned),
                        ("learned, depth 2", &d2),
                        ("learned, depth 4", &d4),
                    ]
                )
            );
            // Speed of one static evaluation (a measured number; noisy on a shared machine).
            let boards: Vec<(u64, u64)> = positions
                .iter()
                .map(|s| (s.game.player_bits(), s.game.opponent_bits()))
                .collect();
            for (name, f) in [
                (
                    "learned",
                    &(|p, o| learned::evaluate_with(&w, p, o)) as &dyn Fn(u64, u64) -> i32,
                ),
                ("old", &eval::evaluate),
            ] {
                let rounds = 2_000_000 / boards.len().max(1);
                let t = Instant::now();
                let mut sink = 0i64;
                for _ in 0..rounds {
                    for &(p, o) in &boards {
                        sink += i64::from(std::hint::black_box(f(std::hint::black_box(p), o)));
                    }
                }
                let ns = t.elapsed().as_nanos() as f64 / (rounds * boards.len()).max(1) as f64;
                println!("{name} evaluate: {ns:.1} ns per call (checksum {sink})");
            }
            eprintln!("[{:.0}s] report done", elapsed());
        }
    }
    std::io::stdout().flush().map_err(|e| e.to_string())
}

fn disc(units: i32) -> f64 {
    f64::from(units) / f64::from(UNITS_PER_DISC)
}

fn load(path: &PathBuf) -> Result<Weights, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    weights::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}
