//! Reports of a simulation: the aligned text tables people read and the JSON scripts read.
//! Strings and values only; the caller decides where they go.

use crate::words::count;
use std::time::Duration;

use serde::Serialize;

use super::{PairResult, Side, Summary, Tournament, head_to_head};

/// One pairing as JSON, fields in the order the issue gives them, then the extras.
#[derive(Debug, Serialize)]
struct PairJson<'a> {
    games: usize,
    ties: usize,
    a: SideJson<'a>,
    b: SideJson<'a>,
    deals: usize,
    seed: u64,
    mean_margin: f64,
}

#[derive(Debug, Serialize)]
struct SideJson<'a> {
    strategy: &'a str,
    wins: usize,
}

impl<'a> PairJson<'a> {
    fn new(a: &'a str, b: &'a str, template: &impl Tournament, summary: &Summary) -> PairJson<'a> {
        PairJson {
            games: summary.games,
            ties: summary.ties,
            a: SideJson {
                strategy: a,
                wins: summary.wins(Side::A),
            },
            b: SideJson {
                strategy: b,
                wins: summary.wins(Side::B),
            },
            deals: template.deals(),
            seed: template.seed(),
            mean_margin: rounded(summary.mean_margin(Side::A)),
        }
    }
}

/// A round robin as JSON.
#[derive(Debug, Serialize)]
struct RoundRobinJson<'a> {
    strategies: &'a [String],
    deals: usize,
    games_per_pair: usize,
    seed: u64,
    pairs: Vec<PairJson<'a>>,
}

/// The JSON of one pairing, one line: `{"games", "ties", "a": {"strategy", "wins"},
/// "b": {…}, "deals", "seed", "mean_margin"}` (A's mean score margin). `a` is always the
/// first strategy (`--red`), whatever colour it played. Nothing in it depends on timing, so
/// equal runs print equal JSON.
pub fn pair_json(spec: &impl Tournament, summary: &Summary) -> String {
    to_json(&PairJson::new(spec.a(), spec.b(), spec, summary))
}

/// The JSON of a round robin, one line: `strategies`, `deals`, `games_per_pair`, `seed` and
/// `pairs`, every pairing as in [`pair_json`], in play order.
pub fn round_robin_json(
    strategies: &[String],
    template: &impl Tournament,
    pairs: &[PairResult],
) -> String {
    let pairs = pairs
        .iter()
        .map(|pair| PairJson::new(&pair.a, &pair.b, template, &pair.summary))
        .collect();
    to_json(&RoundRobinJson {
        strategies,
        deals: template.deals(),
        games_per_pair: template.deals().saturating_mul(2),
        seed: template.seed(),
        pairs,
    })
}

/// Serializes plain data; that cannot fail (no maps with non-string keys, no I/O).
fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The text report of one pairing: a heading, the table (A's row first), a note on the
/// columns and the time taken.
pub fn pair_text(spec: &impl Tournament, summary: &Summary, elapsed: Duration) -> String {
    let games = if spec.swap() {
        format!(
            "{} games ({}, seats swapped)",
            summary.games,
            count(spec.deals(), "deal")
        )
    } else {
        format!("{} games (a plays {})", summary.games, spec.first_seat())
    };
    // Kept within 80 columns: the setup has a line of its own.
    let mut out = format!(
        "{} (a) vs {} (b) · {games}\n{}\n",
        spec.a(),
        spec.b(),
        setup_line(spec)
    );
    let mut rows = vec![
        [
            "strategy", "wins", "losses", "ties", "win %", "95% CI", "of all", "margin", "think",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (side, name, tag) in [(Side::A, spec.a(), " (a)"), (Side::B, spec.b(), " (b)")] {
        // A strategy against itself: the rows need telling apart.
        let label = if spec.a() == spec.b() {
            format!("{name}{tag}")
        } else {
            name.to_string()
        };
        rows.push(side_row(&label, summary, side));
    }
    out.push_str(&table(
        &rows,
        &[false, true, true, true, true, false, true, true, true],
        "  ",
    ));
    out.push_str(
        "win % and its 95% Wilson interval count decided games only; of all: the share of\n\
         all games won; margin: the mean score difference a game; think: time a move\n",
    );
    out.push_str(&timing(summary.games, elapsed, &threads(spec.workers())));
    out
}

/// One strategy's row of the pairing table.
fn side_row(name: &str, summary: &Summary, side: Side) -> Vec<String> {
    vec![
        name.to_string(),
        summary.wins(side).to_string(),
        summary.losses(side).to_string(),
        summary.ties.to_string(),
        percent(summary.win_rate_decided(side)),
        interval(summary.interval(side)),
        percent(summary.win_rate(side)),
        format!("{:+.2}", summary.mean_margin(side)),
        think(summary.think_per_move(side)),
    ]
}

/// The text report of a round robin: a heading, the cross table of win rates, every
/// pairing's result on a line, and the time taken.
pub fn round_robin_text(
    strategies: &[String],
    template: &impl Tournament,
    pairs: &[PairResult],
    elapsed: Duration,
) -> String {
    let mut out = format!(
        "round robin · {} strategies · {} pairs of {} games ({}, seats swapped)\n{}\n",
        strategies.len(),
        pairs.len(),
        template.deals().saturating_mul(2),
        count(template.deals(), "deal"),
        setup_line(template)
    );
    out.push_str("win rate of the row against the column, over decided games:\n");
    out.push_str(&cross_table(strategies, pairs));
    out.push_str(
        "\neach pair: W-L-T of the first · its win rate [95% CI] · margin · think a move\n",
    );
    for pair in pairs {
        out.push_str(&pair_line(pair));
    }
    let games = pairs.iter().map(|p| p.summary.games).sum();
    // Pairings with expert run on fewer workers (see `SimSpec::workers`).
    let most = format!("up to {}", threads(template.threads()));
    out.push_str(&timing(games, elapsed, &most));
    out
}

/// Rows: each strategy's win rate against every other, then over all its games.
fn cross_table(strategies: &[String], pairs: &[PairResult]) -> String {
    let mut header = vec![String::new()];
    header.extend(strategies.iter().cloned());
    header.extend(["total".to_string(), "W-L-T".to_string()]);
    let mut rows = vec![header];
    for row in strategies {
        let mut cells = vec![row.clone()];
        let mut total = Summary::default();
        for column in strategies {
            match head_to_head(pairs, row, column) {
                Some(summary) => {
                    cells.push(percent(summary.win_rate_decided(Side::A)));
                    total = merged(&total, &summary);
                }
                None => cells.push("—".to_string()),
            }
        }
        cells.push(percent(total.win_rate_decided(Side::A)));
        cells.push(format!(
            "{}-{}-{}",
            total.wins(Side::A),
            total.losses(Side::A),
            total.ties
        ));
        rows.push(cells);
    }
    let mut right = vec![true; strategies.len() + 3];
    right[0] = false;
    table(&rows, &right, " ")
}

/// Two summaries from the same side's point of view, added together.
fn merged(x: &Summary, y: &Summary) -> Summary {
    Summary {
        games: x.games + y.games,
        wins: [x.wins[0] + y.wins[0], x.wins[1] + y.wins[1]],
        ties: x.ties + y.ties,
        margin_total: x.margin_total + y.margin_total,
        moves: [x.moves[0] + y.moves[0], x.moves[1] + y.moves[1]],
        think: [x.think[0] + y.think[0], x.think[1] + y.think[1]],
    }
}

/// `a vs b: W-L-T, a's win rate [CI], margin`.
fn pair_line(pair: &PairResult) -> String {
    let s = &pair.summary;
    format!(
        "{} vs {}: {}-{}-{} · {} {} · {:+.2} · {}/{}\n",
        pair.a,
        pair.b,
        s.wins(Side::A),
        s.wins(Side::B),
        s.ties,
        percent(s.win_rate_decided(Side::A)),
        interval(s.interval(Side::A)),
        s.mean_margin(Side::A),
        think(s.think_per_move(Side::A)),
        think(s.think_per_move(Side::B)),
    )
}

/// `board … · cards … · rules … · seed …`, plus the deal when it is not the default.
pub(super) fn setup_line(spec: &impl Tournament) -> String {
    let parts = spec.setup_parts();
    // Broken between parts so that long file names do not push the line past 80 columns.
    let mut lines: Vec<String> = Vec::new();
    for part in parts {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 3 + part.chars().count() <= 80 => {
                line.push_str(" · ");
                line.push_str(&part);
            }
            _ => lines.push(part),
        }
    }
    lines.join("\n")
}

/// `N games in S s (R games/s, <threads>)`.
pub(super) fn timing(games: usize, elapsed: Duration, threads: &str) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = games as f64 / secs.max(1e-9);
    format!("{games} games in {secs:.2} s ({rate:.0} games/s, {threads})\n")
}

/// `1 thread`, `4 threads`.
fn threads(n: usize) -> String {
    count(n, "thread")
}

/// `78.4%`, or `—` when there is no rate.
pub(super) fn percent(rate: Option<f64>) -> String {
    rate.map_or_else(|| "—".to_string(), |r| format!("{:.1}%", r * 100.0))
}

/// `[74.0, 82.2]` in percent, or `—`.
pub(super) fn interval(bounds: Option<(f64, f64)>) -> String {
    bounds.map_or_else(
        || "—".to_string(),
        |(lo, hi)| format!("[{:.1}, {:.1}]", lo * 100.0, hi * 100.0),
    )
}

/// A short duration in the unit that suits it: `0.9 µs`, `12.31 ms`, `1.20 s`.
fn think(d: Duration) -> String {
    let micros = d.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.1} µs")
    } else if micros < 1e6 {
        format!("{:.2} ms", micros / 1e3)
    } else {
        format!("{:.2} s", micros / 1e6)
    }
}

/// Four decimals are plenty for a mean margin and keep the JSON short.
fn rounded(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// Rows as aligned columns two spaces apart; `right[i]` right-aligns column `i`. Widths
/// count characters, so `—` and `µ` line up. No trailing spaces.
pub(super) fn table(rows: &[Vec<String>], right: &[bool], gap: &str) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        rows.iter()
            .filter_map(|r| r.get(c))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str(gap);
            }
            let pad = widths[c].saturating_sub(cell.chars().count());
            if right.get(c).copied().unwrap_or(false) {
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_align_by_characters() {
        let rows = vec![
            vec!["name".to_string(), "µs".to_string()],
            vec!["x".to_string(), "1234".to_string()],
        ];
        assert_eq!(
            table(&rows, &[false, true], "  "),
            "name    µs\nx     1234\n"
        );
    }

    #[test]
    fn numbers_are_formatted_for_people() {
        assert_eq!(percent(Some(0.784)), "78.4%");
        assert_eq!(percent(None), "—");
        assert_eq!(interval(Some((0.74, 0.8219))), "[74.0, 82.2]");
        assert_eq!(think(Duration::from_nanos(900)), "0.9 µs");
        assert_eq!(think(Duration::from_micros(12_310)), "12.31 ms");
        assert_eq!(think(Duration::from_millis(1200)), "1.20 s");
    }
}
