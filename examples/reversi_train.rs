//! Trains the learned Reversi evaluation from trios's own games. The whole pipeline, as it
//! made the shipped `configs/reversi/eval.bin`:
//!
//! ```text
//! cargo run --release --example reversi_train -- all --seed 1
//! ```
//!
//! or step by step (`all` runs exactly these, with these defaults):
//!
//! ```text
//! reversi_train selfplay --seed 1 --games 4631 --depth 4 --out target/reversi-train/gen0.bin
//! reversi_train fit --data target/reversi-train/gen0.bin --out target/reversi-train/gen0-eval.bin
//! reversi_train heldout --seed 1 --out configs/reversi/heldout-20-24.txt
//! reversi_train selfplay --seed 1 --first 100000 --games G1 --depth 3 \
//!     --weights target/reversi-train/gen0-eval.bin --out target/reversi-train/gen1.bin
//! reversi_train selfplay --seed 1 --first 200000 --games G0B --depth 4 --out target/reversi-train/gen0b.bin
//! reversi_train fit --data target/reversi-train/gen0.bin,target/reversi-train/gen1.bin,target/reversi-train/gen0b.bin \
//!     --out configs/reversi/eval.bin
//! reversi_train report
//! ```
//!
//! Every step is deterministic for its arguments (per-game seeds, fixed summation order).
//! `selfplay` appends to its file and, run again, carries on after the last game written;
//! `all` skips the held-out fixture when it exists.
//!
//! `deep` plays games whose every position is labelled by a deep search (exact near the
//! end), on several threads, and is resumable: run again, it keeps the whole games already
//! written and plays the rest, each game the same whichever thread plays it. The stages of
//! deep-labelled data, each run as one command:
//!
//! ```text
//! reversi_train deep --stage 1 --games 20000 --threads 2 --out target/reversi-train/deep1.bin
//! ```

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Parser, Subcommand};
use trios::games::reversi::eval;
use trios::games::reversi::learned::{self, UNITS_PER_DISC};
use trios::games::reversi::train::{data, deep, fit, heldout, play, report, selfplay};
use trios::games::reversi::weights::{self, Weights, stage_of};

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    step: Step,
}

#[derive(clap::Args, Clone, Copy)]
struct FitArgs {
    #[arg(long, default_value_t = 8)]
    stages: usize,
    #[arg(long, default_value_t = 10.0)]
    lambda: f64,
    #[arg(long, default_value_t = 3.0)]
    min_count: f64,
    #[arg(long, default_value_t = 60)]
    iterations: usize,
    #[arg(long, default_value_t = 0.25)]
    smoothing: f64,
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
    /// Plays games labelled by deep searches (exact from `--exact-from` empties) on
    /// `--threads` threads, appending whole games to `--out`; resumes where a run stopped.
    Deep {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stage number: stage k plays games k·1,000,000 onwards, so stages never share one.
        #[arg(long, default_value_t = 1)]
        stage: u64,
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Plies of the labelling search.
        #[arg(long, default_value_t = 10)]
        depth: u32,
        #[arg(long, default_value_t = 20)]
        exact_from: u32,
        /// One midgame move in this many is random.
        #[arg(long, default_value_t = 12)]
        wander: u64,
        #[arg(long, default_value_t = 2)]
        threads: usize,
        #[arg(long)]
        out: PathBuf,
    },
    /// Writes weights whose stages below `--from-stage` come from `--low` and the others
    /// from `--high` (files of the same stage count): for keeping the stages a new fit
    /// had less exact data for.
    Splice {
        #[arg(long)]
        low: PathBuf,
        #[arg(long)]
        high: PathBuf,
        #[arg(long)]
        from_stage: usize,
        #[arg(long)]
        out: PathBuf,
    },
    /// Builds the held-out fixture of exactly solved 20..24-empty positions.
    Heldout {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Positions wanted at 20, 21, 22, 23 and 24 empties.
        #[arg(long, value_delimiter = ',', default_value = "100,100,60,40,30")]
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
        #[command(flatten)]
        fit: FitArgs,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also give these weights' error on the validation positions (today's, say).
        #[arg(long)]
        against: Option<PathBuf>,
        /// Refine these weights (as many stages as `--stages`) with the data alone,
        /// instead of fitting from nothing.
        #[arg(long)]
        prior: Option<PathBuf>,
        /// How strongly the prior holds: each weight's change is penalised by this times
        /// its count in the data.
        #[arg(long, default_value_t = 1.0, requires = "prior")]
        prior_strength: f64,
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
    /// Everything: generation 0, its fit, the fixture, generation 1, more generation-0 games,
    /// the final fit, the report.
    All {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 4631)]
        games0: u64,
        #[arg(long, default_value_t = 8000)]
        games1: u64,
        /// More games on the old evaluation, played after generation 1 (extra data).
        #[arg(long, default_value_t = 6000)]
        games0b: u64,
        #[command(flatten)]
        fit: FitArgs,
        #[arg(long, default_value = "target/reversi-train")]
        work: PathBuf,
        #[arg(long, default_value = "configs/reversi")]
        out: PathBuf,
    },
}

fn main() -> Result<(), String> {
    let clock = Instant::now();
    match Cli::parse().step {
        Step::Selfplay {
            seed,
            games,
            depth,
            exact_from,
            weights,
            first,
            out,
        } => selfplay_step(
            &clock,
            seed,
            first,
            games,
            depth,
            exact_from,
            weights.as_deref(),
            &out,
        )?,
        Step::Heldout {
            seed,
            counts,
            depth,
            out,
        } => heldout_step(&clock, seed, &counts, depth, &out)?,
        Step::Splice {
            low,
            high,
            from_stage,
            out,
        } => {
            let (low_w, high_w) = (load(&low)?, load(&high)?);
            if low_w.stages != high_w.stages || from_stage > high_w.stages {
                return Err(format!(
                    "{} has {} stages and {} has {}: --from-stage must be at most that count",
                    low.display(),
                    low_w.stages,
                    high.display(),
                    high_w.stages
                ));
            }
            let cut = from_stage * trios::games::reversi::pattern::WEIGHTS_PER_STAGE;
            let spliced = Weights::new(
                high_w.stages,
                high_w.seed,
                low_w.values()[..cut]
                    .iter()
                    .chain(&high_w.values()[cut..])
                    .copied()
                    .collect(),
            );
            fs::write(&out, weights::encode(&spliced)).map_err(|e| err(&out, e))?;
            log(&clock, &format!("wrote {}", out.display()));
        }
        Step::Deep {
            seed,
            stage,
            games,
            depth,
            exact_from,
            wander,
            threads,
            out,
        } => {
            let cfg = deep::Config {
                seed,
                stream: deep::STREAM,
                depth,
                exact_from,
                opening: (1, 24),
                wander,
            };
            deep_step(&clock, &cfg, stage * 1_000_000, games, threads, &out)?
        }
        Step::Fit {
            data,
            fit,
            seed,
            against,
            prior,
            prior_strength,
            out,
        } => {
            let prior = prior.as_deref().map(load).transpose()?;
            if let Some(p) = &prior
                && p.stages != fit.stages
            {
                return Err(format!(
                    "the prior has {} stages and the fit makes {}: give --stages {}",
                    p.stages, fit.stages, p.stages
                ));
            }
            let prior = prior.as_ref().map(|weights| fit::Prior {
                weights,
                strength: prior_strength,
            });
            fit_step(&clock, &data, fit, seed, against.as_deref(), prior, &out)?
        }
        Step::Report { fixture, weights } => report_step(&clock, &fixture, &weights)?,
        Step::All {
            seed,
            games0,
            games1,
            games0b,
            fit,
            work,
            out,
        } => {
            let (gen0, eval0) = (work.join("gen0.bin"), work.join("gen0-eval.bin"));
            let (gen1, gen0b) = (work.join("gen1.bin"), work.join("gen0b.bin"));
            let (fixture, weights) = (out.join("heldout-20-24.txt"), out.join("eval.bin"));
            selfplay_step(&clock, seed, 0, games0, 4, 18, None, &gen0)?;
            fit_step(
                &clock,
                std::slice::from_ref(&gen0),
                fit,
                seed,
                None,
                None,
                &eval0,
            )?;
            if !fixture.exists() {
                heldout_step(&clock, seed, &[100, 100, 60, 40, 30], 4, &fixture)?;
            }
            selfplay_step(&clock, seed, 100_000, games1, 3, 18, Some(&eval0), &gen1)?;
            selfplay_step(&clock, seed, 200_000, games0b, 4, 18, None, &gen0b)?;
            fit_step(
                &clock,
                &[gen0, gen1, gen0b],
                fit,
                seed,
                None,
                None,
                &weights,
            )?;
            report_step(&clock, &fixture, &weights)?;
        }
    }
    std::io::stdout().flush().map_err(|e| e.to_string())
}

fn log(clock: &Instant, message: &str) {
    eprintln!("[{:.0}s] {message}", clock.elapsed().as_secs_f64());
}

fn err(path: &Path, e: impl std::fmt::Display) -> String {
    format!("{}: {e}", path.display())
}

#[allow(clippy::too_many_arguments)]
fn selfplay_step(
    clock: &Instant,
    seed: u64,
    first: u64,
    games: u64,
    depth: u32,
    exact_from: u32,
    weights: Option<&Path>,
    out: &Path,
) -> Result<(), String> {
    let w = weights.map(load).transpose()?;
    let cfg = selfplay::Config {
        seed,
        stream: 0,
        depth,
        exact_from,
        opening: (10, 19),
        early: (2, 9),
    };
    if let Some(dir) = out.parent() {
        fs::create_dir_all(dir).map_err(|e| err(dir, e))?;
    }
    // Carry on after the last game already in the file.
    let done = fs::read(out)
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
        .open(out)
        .map_err(|e| err(out, e))?;
    let mut positions = 0usize;
    for index in done..first + games {
        let played = match &w {
            Some(w) => selfplay::play_game(&cfg, index, &|p, o| learned::evaluate_with(w, p, o)),
            None => selfplay::play_game(&cfg, index, &|p, o| eval::evaluate(p, o) * UNITS_PER_DISC),
        };
        let s = selfplay::samples(&played, exact_from, index as u32);
        positions += s.len();
        data::write(&mut file, &s).map_err(|e| err(out, e))?;
        if (index + 1) % 100 == 0 {
            log(
                clock,
                &format!("game {} done, {positions} positions this run", index + 1),
            );
        }
    }
    log(
        clock,
        &format!(
            "selfplay done: games {done}..{}, {positions} positions",
            first + games
        ),
    );
    Ok(())
}

/// Plays deep-labelled games `first..first + games` not yet in `out` on `threads` threads.
/// Each game is appended in one write, so a run cut short leaves whole games and at most
/// the last one torn, which a rerun cuts off and plays again.
fn deep_step(
    clock: &Instant,
    cfg: &deep::Config,
    first: u64,
    games: u64,
    threads: usize,
    out: &Path,
) -> Result<(), String> {
    if let Some(dir) = out.parent() {
        fs::create_dir_all(dir).map_err(|e| err(dir, e))?;
    }
    let done = keep_whole_games(out)?;
    let todo: Vec<u64> = (first..first + games)
        .filter(|i| !done.contains(&(*i as u32)))
        .collect();
    log(
        clock,
        &format!(
            "deep: {} games already in {}, {} to play on {threads} threads",
            done.len(),
            out.display(),
            todo.len()
        ),
    );
    let file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| err(out, e))?;
    let file = std::sync::Mutex::new(file);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let positions = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::Mutex::new(None);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&index) = todo.get(n) else { break };
                    let samples = deep::play_game(cfg, index);
                    let mut bytes = Vec::new();
                    let written = data::write(&mut bytes, &samples).and_then(|()| {
                        let mut f = file.lock().map_err(|_| std::io::Error::other("lock"))?;
                        f.write_all(&bytes)
                    });
                    if let Err(e) = written {
                        if let Ok(mut slot) = failed.lock() {
                            *slot = Some(err(out, e));
                        }
                        next.store(todo.len(), std::sync::atomic::Ordering::Relaxed);
                        break;
                    }
                    let total = positions
                        .fetch_add(samples.len(), std::sync::atomic::Ordering::Relaxed)
                        + samples.len();
                    if (n + 1).is_multiple_of(100) {
                        let secs = started.elapsed().as_secs_f64();
                        let left = (todo.len() - n - 1) as f64 * secs / (n + 1) as f64;
                        log(
                            clock,
                            &format!(
                                "{} of {} games, {total} positions, {:.1} positions/s, \
                                 about {:.0} min left",
                                n + 1,
                                todo.len(),
                                total as f64 / secs,
                                left / 60.0
                            ),
                        );
                    }
                }
            });
        }
    });
    if let Some(e) = failed.lock().ok().and_then(|mut f| f.take()) {
        return Err(e);
    }
    let secs = started.elapsed().as_secs_f64();
    let total = positions.into_inner();
    log(
        clock,
        &format!(
            "deep done: {} games, {total} positions in {:.0} s on {threads} threads \
             ({:.2} CPU-hours a million positions)",
            todo.len(),
            secs,
            secs * threads as f64 / 3600.0 / (total.max(1) as f64 / 1e6)
        ),
    );
    Ok(())
}

/// The games wholly written in `path` (none if it does not exist). The last game in the
/// file, which a run cut short may have left torn, is cut off with any partial record.
fn keep_whole_games(path: &Path) -> Result<std::collections::HashSet<u32>, String> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Default::default()),
        Err(e) => return Err(err(path, e)),
    };
    let records = bytes.len() / data::RECORD;
    let game_at = |r: usize| {
        let at = r * data::RECORD + 18;
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
    };
    let mut keep = records;
    if let Some(last) = records.checked_sub(1).map(game_at) {
        while keep > 0 && game_at(keep - 1) == last {
            keep -= 1;
        }
    }
    if keep * data::RECORD != bytes.len() {
        let file = fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| err(path, e))?;
        file.set_len((keep * data::RECORD) as u64)
            .map_err(|e| err(path, e))?;
    }
    Ok((0..keep).map(game_at).collect())
}

fn heldout_step(
    clock: &Instant,
    seed: u64,
    counts: &[usize],
    depth: u32,
    out: &Path,
) -> Result<(), String> {
    let cfg = selfplay::Config {
        seed,
        stream: 1,
        depth,
        exact_from: 0,
        opening: (12, 22),
        early: (12, 22),
    };
    let eval = |p, o| eval::evaluate(p, o) * UNITS_PER_DISC;
    let wanted: [usize; 5] = counts.try_into().map_err(|_| {
        format!(
            "--counts takes 5 numbers (20..24 empties), got {}",
            counts.len()
        )
    })?;
    let list: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
    let header = format!(
        "# Held-out Reversi positions, each solved exactly; never used in training.\n# reversi_train heldout --seed {seed} --counts {} --depth {depth}\n",
        list.join(",")
    );
    // The file is rewritten after every solve, so a run cut short still leaves a fixture.
    let mut so_far = Vec::new();
    let mut failed = None;
    let solved = heldout::generate(&cfg, &eval, wanted, 4000, |s| {
        so_far.push(*s);
        if let Err(e) = fs::write(out, format!("{header}{}", heldout::format(&so_far))) {
            failed = Some(err(out, e));
        }
        if so_far.len() % 10 == 0 {
            log(
                clock,
                &format!(
                    "{} solved (last {} empties)",
                    so_far.len(),
                    s.game.empties()
                ),
            );
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    fs::write(out, format!("{header}{}", heldout::format(&solved))).map_err(|e| err(out, e))?;
    log(
        clock,
        &format!("{} positions written to {}", solved.len(), out.display()),
    );
    Ok(())
}

fn fit_step(
    clock: &Instant,
    files: &[PathBuf],
    args: FitArgs,
    seed: u64,
    against: Option<&Path>,
    prior: Option<fit::Prior>,
    out: &Path,
) -> Result<(), String> {
    let against = against.map(load).transpose()?;
    let mut all = Vec::new();
    for f in files {
        let bytes = fs::read(f).map_err(|e| err(f, e))?;
        all.extend(data::read(&bytes));
    }
    // Games in order of their index, each game's positions as written, whatever order
    // threads appended them in: the fit's sums, and so its bytes, depend only on the data.
    all.sort_by_key(|s| s.game);
    // One game in twenty is kept back for validation.
    let (val, train): (Vec<_>, Vec<_>) = all.into_iter().partition(|s| s.game % 20 == 19);
    log(
        clock,
        &format!(
            "{} training and {} validation positions",
            train.len(),
            val.len()
        ),
    );
    let cfg = fit::Config {
        stages: args.stages,
        lambda: args.lambda,
        min_count: args.min_count,
        iterations: args.iterations,
        smoothing: args.smoothing,
    };
    let w = fit::fit(&train, &cfg, prior, seed, |m| log(clock, m));
    let bytes = weights::encode(&w);
    fs::write(out, &bytes).map_err(|e| err(out, e))?;
    log(
        clock,
        &format!("wrote {} ({} bytes)", out.display(), bytes.len()),
    );
    println!(
        "| stage | empties | validation positions | MAE learned | MAE old | MAE against | exact labels |"
    );
    println!("|---|---|---|---|---|---|---|");
    for s in 0..args.stages {
        let group: Vec<_> = val
            .iter()
            .filter(|x| stage_of(x.empties(), args.stages) == s)
            .collect();
        let range: Vec<u32> = (0..=60)
            .filter(|&e| stage_of(e, args.stages) == s)
            .collect();
        let n = group.len().max(1) as f64;
        let new = group
            .iter()
            .map(|x| (disc(learned::evaluate_with(&w, x.p, x.o)) - f64::from(x.label)).abs())
            .sum::<f64>()
            / n;
        let old = group
            .iter()
            .map(|x| f64::from(eval::evaluate(x.p, x.o) - i32::from(x.label)).abs())
            .sum::<f64>()
            / n;
        let exact = group.iter().filter(|x| x.exact).count() as f64 / n;
        let other = against.as_ref().map_or("—".to_string(), |a| {
            let mae = group
                .iter()
                .map(|x| (disc(learned::evaluate_with(a, x.p, x.o)) - f64::from(x.label)).abs())
                .sum::<f64>()
                / n;
            format!("{mae:.2}")
        });
        println!(
            "| {s} | {}–{} | {} | {new:.2} | {old:.2} | {other} | {:.0}% |",
            range.first().unwrap_or(&0),
            range.last().unwrap_or(&0),
            group.len(),
            exact * 100.0
        );
    }
    Ok(())
}

fn report_step(clock: &Instant, fixture: &Path, weights: &Path) -> Result<(), String> {
    let text = fs::read_to_string(fixture).map_err(|e| err(fixture, e))?;
    let positions = heldout::parse(&text).map_err(|e| err(fixture, e))?;
    let w = load(weights)?;
    let e = |p, o| learned::evaluate_with(&w, p, o);
    let old_units = |p, o| eval::evaluate(p, o) * UNITS_PER_DISC;
    let learned = |p, o| disc(e(p, o));
    let old = |p, o| f64::from(eval::evaluate(p, o));
    let search = |f: &dyn Fn(u64, u64) -> i32, p, o, d| {
        disc(play::negamax(&f, p, o, d, -i32::MAX, i32::MAX))
    };
    let old4 = |p, o| search(&old_units, p, o, 4);
    let d2 = |p, o| search(&e, p, o, 2);
    let d4 = |p, o| search(&e, p, o, 4);
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
    let speed = |f: &dyn Fn(u64, u64) -> i32| {
        let rounds = 2_000_000 / boards.len().max(1);
        let t = Instant::now();
        let mut sink = 0i64;
        for _ in 0..rounds {
            for &(p, o) in &boards {
                sink += i64::from(f(std::hint::black_box(p), std::hint::black_box(o)));
            }
        }
        std::hint::black_box(sink);
        t.elapsed().as_nanos() as f64 / (rounds * boards.len()).max(1) as f64
    };
    println!("learned evaluate: {:.1} ns per call", speed(&e));
    println!("old evaluate: {:.1} ns per call", speed(&eval::evaluate));
    log(clock, "report done");
    Ok(())
}

fn disc(units: i32) -> f64 {
    f64::from(units) / f64::from(UNITS_PER_DISC)
}

fn load(path: &Path) -> Result<Weights, String> {
    let bytes = fs::read(path).map_err(|e| err(path, e))?;
    weights::decode(&bytes).map_err(|e| err(path, e))
}
