//! A ladder: each strategy of a list, weakest first, plays the one just below it (rung k is
//! strategy k against strategy k − 1), on the same deals, to show that every step is a
//! measurable gain. The text report gives each rung's record and Wilson interval.

use std::time::Duration;

use super::duel::{DuelSpec, SimGame};
use super::report::{interval, percent, setup_line, table, timing};
use super::{PairResult, Side, SimError, Tournament, summarize};
use crate::words::count;

/// Plays every rung of `rungs` (weakest first) with the deals, swap and thinking time of
/// `template` (its own two strategies are ignored): rung k's A is `rungs[k]`, its B
/// `rungs[k − 1]`. `progress(done, total)` counts games over the whole ladder.
pub fn ladder<G: SimGame>(
    rungs: &[String],
    template: &DuelSpec<G>,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<PairResult>, SimError> {
    let specs: Vec<DuelSpec<G>> = rungs
        .windows(2)
        .map(|pair| {
            let mut spec = template.clone();
            spec.a = pair[1].clone();
            spec.b = pair[0].clone();
            spec
        })
        .collect();
    let total: usize = specs.iter().map(Tournament::games).sum();
    let mut offset = 0;
    let mut results = Vec::with_capacity(specs.len());
    for spec in specs {
        let summary = summarize(&spec, |done, _| progress(offset + done, total))?;
        offset += spec.games();
        results.push(PairResult {
            a: spec.a.clone(),
            b: spec.b.clone(),
            summary,
        });
    }
    Ok(results)
}

/// The text report of a ladder: a heading, one row per rung (the upper strategy's wins,
/// losses, ties, share of decided games and its 95% Wilson interval, mean margin), a note,
/// and the time taken.
pub fn ladder_text<G: SimGame>(
    template: &DuelSpec<G>,
    rungs: &[PairResult],
    elapsed: Duration,
) -> String {
    let how = if template.swap {
        format!("{}, seats swapped", count(template.deals, "deal"))
    } else {
        format!("the upper plays {}", G::first_seat())
    };
    // Kept within 80 columns: the games a rung and the setup have lines of their own.
    let mut out = format!(
        "ladder · {} · each against the one below · {}\n{} a rung \
         ({how})\n{}\n",
        count(rungs.len(), "rung"),
        G::budget(template),
        count(template.games(), "game"),
        setup_line(template)
    );
    let mut rows = vec![
        [
            "rung", "wins", "losses", "ties", "win %", "95% CI", "margin",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for rung in rungs {
        let s = &rung.summary;
        rows.push(vec![
            format!("{} vs {}", rung.a, rung.b),
            s.wins(Side::A).to_string(),
            s.losses(Side::A).to_string(),
            s.ties.to_string(),
            percent(s.win_rate_decided(Side::A)),
            interval(s.interval(Side::A)),
            format!("{:+.2}", s.mean_margin(Side::A)),
        ]);
    }
    out.push_str(&table(
        &rows,
        &[false, true, true, true, true, false, true],
        "  ",
    ));
    out.push_str(
        "wins, losses and ties are the upper one's; win % and its 95% Wilson interval\n\
         count decided games only; margin: its mean score difference a game\n",
    );
    let games = rungs.iter().map(|r| r.summary.games).sum();
    out.push_str(&timing(
        games,
        elapsed,
        &count(template.workers(), "thread"),
    ));
    out
}

/// The JSON of a ladder, one line: `seed`, `deals`, `swap`, `think_ms` and `rungs`, each
/// `{"upper", "lower", "games", "wins", "losses", "ties"}` (the upper strategy's record).
pub fn ladder_json<G: SimGame>(template: &DuelSpec<G>, rungs: &[PairResult]) -> String {
    let rungs: Vec<serde_json::Value> = rungs
        .iter()
        .map(|rung| {
            let s = &rung.summary;
            serde_json::json!({
                "upper": rung.a,
                "lower": rung.b,
                "games": s.games,
                "wins": s.wins(Side::A),
                "losses": s.losses(Side::A),
                "ties": s.ties,
            })
        })
        .collect();
    serde_json::json!({
        "seed": template.seed,
        "deals": template.deals,
        "swap": template.swap,
        "think_ms": template.think_ms,
        "rungs": rungs,
    })
    .to_string()
}
