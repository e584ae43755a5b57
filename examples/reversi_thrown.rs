//! Where a Reversi match was won and lost in its endgame: reads the game lines
//! `reversi_versus` prints on stderr (`game N: ours ±M BOARD SIDE MOVES…`, this build
//! playing dark in the even games), finds who wins every position from `--from` empties on
//! exactly, and counts, by the empties a move was played at, the half-points each side's
//! moves threw away: a won position played into a draw, or a drawn one into a loss (one
//! each), or a won one into a loss (two).
//!
//! `cargo run --release --example reversi_thrown -- --from 20 --threads 2 < versus.err`
//!
//! The values are exact, so a move can only keep or lower its own side's value: every
//! change is the mover's mistake. A game whose replayed result disagrees with the margin
//! on its line is reported and left out. Games already decided at `--from` empties
//! were decided in the midgame; the counts say what the endgame added. From 22 empties a game
//! takes about half a second on one core.

use std::io::BufRead;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;
use trios::games::reversi::{Color, Game, Move, endgame};

/// The most empties solved from: each more costs about 2.4 times the time.
const MAX_FROM: u32 = 24;

/// What the command line asks for.
#[derive(Parser)]
struct Cli {
    /// Solve every position with this many empties or fewer (at most 24).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=MAX_FROM as i64))]
    from: u32,
    /// Games solved at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
}

/// One game as read: its number, this build's colour and margin, the start and the moves.
struct GameLine {
    number: usize,
    ours: Color,
    margin: i32,
    start: Game,
    moves: Vec<Move>,
}

/// What one game's endgame shows.
#[derive(Default)]
struct Tally {
    /// Half-points thrown away by this build's moves and by the other side's, by empties.
    thrown: [[u32; 2]; MAX_FROM as usize + 1],
    /// This build's result at `from` empties (win, loss, draw), and at the end.
    at_from: [u32; 3],
    at_end: [u32; 3],
    /// Games tallied.
    games: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        for (a, b) in self.thrown.iter_mut().zip(&other.thrown) {
            a[0] += b[0];
            a[1] += b[1];
        }
        for i in 0..3 {
            self.at_from[i] += other.at_from[i];
            self.at_end[i] += other.at_end[i];
        }
    }
}

/// Win, loss or draw as the index into a tally's triples.
fn outcome(value: i32) -> usize {
    match value.signum() {
        1 => 0,
        -1 => 1,
        _ => 2,
    }
}

/// Half-points of a margin: 2 for a win, 1 for a draw, 0 for a loss.
fn half_points(value: i32) -> u32 {
    (value.signum() + 1) as u32
}

/// Reads one `game N: ours ±M BOARD SIDE MOVES…` line; `None` for other lines (a failed
/// game's, say), an error for a game line that does not read.
fn read_line(text: &str) -> Option<Result<GameLine, String>> {
    let rest = text.strip_prefix("game ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.get(1) != Some(&"ours") {
        return None;
    }
    let parse = || -> Result<GameLine, String> {
        let number: usize = words[0]
            .trim_end_matches(':')
            .parse()
            .map_err(|_| format!("{:?} is not a game number", words[0]))?;
        let margin: i32 = words
            .get(2)
            .and_then(|m| m.parse().ok())
            .ok_or("no margin after \"ours\"")?;
        let (Some(board), Some(side)) = (words.get(3), words.get(4)) else {
            return Err("no position after the result".into());
        };
        let start: Game = format!("{board} {side}")
            .parse()
            .map_err(|e| format!("the position: {e}"))?;
        let moves = words[5..]
            .iter()
            .map(|w| read_move(w))
            .collect::<Result<Vec<_>, _>>()?;
        let ours = if number.is_multiple_of(2) {
            Color::Dark
        } else {
            Color::Light
        };
        Ok(GameLine {
            number,
            ours,
            margin,
            start,
            moves,
        })
    };
    Some(parse())
}

/// Reads a move as the harness writes it: `pass`, or the row and column run together (`36`).
fn read_move(word: &str) -> Result<Move, String> {
    if word == "pass" {
        return Ok(Move::Pass);
    }
    match word.chars().collect::<Vec<_>>().as_slice() {
        [row, col] => format!("{row} {col}")
            .parse()
            .map(Move::Place)
            .map_err(|e| format!("move {word:?}: {e}")),
        _ => Err(format!("move {word:?} is not a row and column like 36")),
    }
}

/// This build's exact result in `game`: 1, 0 or −1 for a win, a draw or a loss. The
/// counts need only who wins, which is a fraction of the work of the margin.
fn exact_for(game: &Game, ours: Color) -> i32 {
    let value = if game.is_over() {
        game.final_margin().signum()
    } else {
        endgame::outcome(game).value
    };
    if game.turn() == ours { value } else { -value }
}

/// Replays `line`, solving from `from` empties on.
fn tally(line: &GameLine, from: u32) -> Result<Tally, String> {
    let mut out = Tally {
        games: 1,
        ..Tally::default()
    };
    let mut game = line.start;
    let mut value: Option<i32> = None;
    for &mv in &line.moves {
        let empties = game.empties();
        if empties <= from && value.is_none() {
            let v = exact_for(&game, line.ours);
            out.at_from[outcome(v)] += 1;
            value = Some(v);
        }
        let mover_ours = game.turn() == line.ours;
        game.play(mv)
            .map_err(|e| format!("game {}: {mv}: {e}", line.number))?;
        if let Some(before) = value {
            let after = exact_for(&game, line.ours);
            let (was, now) = (half_points(before), half_points(after));
            let slot = &mut out.thrown[empties as usize];
            if mover_ours {
                debug_assert!(after <= before, "a move raised its own side's exact value");
                slot[0] += was.saturating_sub(now);
            } else {
                debug_assert!(
                    after >= before,
                    "a move lowered the other side's exact value"
                );
                slot[1] += now.saturating_sub(was);
            }
            value = Some(after);
        }
    }
    if !game.is_over() {
        return Err(format!(
            "game {}: the moves stop before the end",
            line.number
        ));
    }
    let (result, discs) = if game.turn() == line.ours {
        (game.final_margin(), game.disc_margin())
    } else {
        (-game.final_margin(), -game.disc_margin())
    };
    // The line's margin counts discs only.
    if discs != line.margin {
        return Err(format!(
            "game {}: the moves end {discs:+} discs for this build, the line says {:+}",
            line.number, line.margin
        ));
    }
    // A game over before `from` empties was decided there too.
    if value.is_none() {
        out.at_from[outcome(result)] += 1;
    }
    out.at_end[outcome(result)] += 1;
    Ok(out)
}

fn main() {
    let cli = Cli::parse();
    let mut lines = Vec::new();
    for (i, text) in std::io::stdin().lock().lines().enumerate() {
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: standard input, line {}: {e}", i + 1);
                std::process::exit(2);
            }
        };
        match read_line(&text) {
            None => {}
            Some(Ok(line)) => lines.push(line),
            Some(Err(e)) => eprintln!("line {}: skipped: {e}", i + 1),
        }
    }
    if lines.is_empty() {
        eprintln!(
            "error: no game lines on standard input; pipe in what reversi_versus wrote to stderr"
        );
        std::process::exit(2);
    }
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..cli.threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(line) = lines.get(i) else { break };
                    match tally(line, cli.from) {
                        Ok(t) => {
                            if let Ok(mut all) = total.lock() {
                                all.add(&t);
                            }
                        }
                        Err(e) => eprintln!("skipped: {e}"),
                    }
                }
            });
        }
    });
    let total = total.into_inner().unwrap_or_default();
    let [w, l, d] = total.at_from;
    let [fw, fl, fd] = total.at_end;
    println!(
        "{} games of {} read; this build's win-loss-draw",
        total.games,
        lines.len()
    );
    println!("  at {} empties (exact): {w}-{l}-{d}", cli.from);
    println!("  at the end:            {fw}-{fl}-{fd}");
    println!("half-points thrown away by moves played at each number of empties");
    println!("empties  this build  the other");
    let mut sums = [0, 0];
    for e in (1..=cli.from).rev() {
        let [ours, theirs] = total.thrown[e as usize];
        sums[0] += ours;
        sums[1] += theirs;
        if ours + theirs > 0 {
            println!("{e:>7}  {ours:>10}  {theirs:>9}");
        }
    }
    println!("{:>7}  {:>10}  {:>9}", "all", sums[0], sums[1]);
}
