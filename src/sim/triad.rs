//! `trios sim --game triad`: many solitaire games on every core, and the report of what
//! they show about the deal — as a table with a plot of triads found per game, or as JSON.

use std::time::Instant;

use crate::games::triad::sim::{Summary, play_range, ratio};

/// Games each thread plays between two progress reports.
const CHUNK: u64 = 5_000;

/// Plays `games` solitaire games from `seed` on `threads` threads; game `i` is dealt from
/// `seed + i`, so the sums do not depend on the number of threads.
pub fn run(
    games: u64,
    seed: u64,
    threads: usize,
    mut progress: impl FnMut(usize, usize),
) -> Summary {
    let threads = threads.max(1) as u64;
    let mut total = Summary::default();
    let mut next = 0u64;
    while next < games {
        let batch_end = (next + threads * CHUNK).min(games);
        let parts: Vec<Summary> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let first = next + t * CHUNK;
                    let count = CHUNK.min(batch_end.saturating_sub(first));
                    scope.spawn(move || play_range(seed, first, count))
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        for part in &parts {
            total.merge(part);
        }
        next = batch_end;
        progress(next as usize, games as usize);
    }
    total
}

fn percent(a: usize, b: usize) -> String {
    format!("{:.2}%", 100.0 * ratio(a, b))
}

/// The report as people read it: the shares of twelve-card tables with no triad, re-deals,
/// and a bar for each number of triads found.
pub fn table(s: &Summary, seed: u64, threads: usize, started: Instant) -> String {
    let mut out = format!(
        "Triad solitaire · {} games · seed {seed} · the finder takes the first triad in \
         position order\n\n",
        s.games
    );
    out.push_str("Twelve cards with no triad\n");
    let rows = [
        ("at the first deal", s.first_deal_stuck, s.games, " games"),
        (
            "any fresh deal of twelve",
            s.fresh_stuck,
            s.fresh,
            ": first deals and re-deals",
        ),
        (
            "after a triad is replaced",
            s.replaced_stuck,
            s.replaced,
            " tables during play",
        ),
    ];
    for (what, stuck, of, counted) in rows {
        out.push_str(&format!(
            "  {what:<25} {:>7}  ({stuck} of {of}{counted})\n",
            percent(stuck, of)
        ));
    }
    out.push('\n');
    out.push_str(&format!(
        "Re-deals per game: {:.3}\n",
        ratio(s.redeals, s.games)
    ));
    out.push_str(&format!(
        "Triads found per game: mean {:.2}\n",
        s.mean_found()
    ));
    let most = s.found_counts.iter().copied().max().unwrap_or(0);
    for (n, &count) in s.found_counts.iter().enumerate().rev() {
        if count == 0 {
            continue;
        }
        let width = if most == 0 {
            0
        } else {
            (count * 40).div_ceil(most)
        };
        out.push_str(&format!(
            "  {n:>2} {:<40} {:>6}  {count}\n",
            "█".repeat(width),
            percent(count, s.games)
        ));
    }
    let secs = started.elapsed().as_secs_f64();
    out.push_str(&format!(
        "\n{} games in {secs:.2} s ({:.0} games/s, {threads} {})\n",
        s.games,
        s.games as f64 / secs.max(1e-9),
        if threads == 1 { "thread" } else { "threads" }
    ));
    out
}

/// The report as JSON: every count, and games by triads found.
pub fn json(s: &Summary, seed: u64) -> String {
    let found: serde_json::Map<String, serde_json::Value> = s
        .found_counts
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(n, c)| (n.to_string(), serde_json::Value::from(*c)))
        .collect();
    let value = serde_json::json!({
        "games": s.games,
        "seed": seed,
        "first_deal_no_triad": s.first_deal_stuck,
        "fresh_deals": s.fresh,
        "fresh_no_triad": s.fresh_stuck,
        "replaced": s.replaced,
        "replaced_no_triad": s.replaced_stuck,
        "redeals": s.redeals,
        "found_mean": s.mean_found(),
        "found": found,
    });
    format!("{value}\n")
}
