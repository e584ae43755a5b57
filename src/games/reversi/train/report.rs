//! Measuring evaluations: mean absolute error in discs against exact values, by empty-square
//! count, as a Markdown table.

use super::heldout::Solved;

/// An evaluation under test: its name and its value of a position in discs.
pub type Evaluator<'a> = (&'a str, &'a dyn Fn(u64, u64) -> f64);

/// Mean absolute error of `eval` over `positions` (0 when empty).
pub fn mae(positions: &[&Solved], eval: &dyn Fn(u64, u64) -> f64) -> f64 {
    if positions.is_empty() {
        return 0.0;
    }
    let sum: f64 = positions
        .iter()
        .map(|s| (eval(s.game.player_bits(), s.game.opponent_bits()) - f64::from(s.value)).abs())
        .sum();
    sum / positions.len() as f64
}

/// A Markdown table: one row per empty-square count in `fixture` (most first) and one for
/// all, one column per evaluation.
pub fn table(fixture: &[Solved], evaluators: &[Evaluator]) -> String {
    let mut counts: Vec<u32> = fixture.iter().map(|s| s.game.empties()).collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    counts.dedup();
    let mut out = String::from("| empties | positions |");
    for (name, _) in evaluators {
        out += &format!(" {name} |");
    }
    out += "\n|---|---|";
    out += &"---|".repeat(evaluators.len());
    out += "\n";
    let mut line = |label: String, group: Vec<&Solved>| {
        out += &format!("| {label} | {} |", group.len());
        for (_, eval) in evaluators {
            out += &format!(" {:.2} |", mae(&group, eval));
        }
        out += "\n";
    };
    for e in counts {
        line(
            e.to_string(),
            fixture.iter().filter(|s| s.game.empties() == e).collect(),
        );
    }
    line("all".into(), fixture.iter().collect());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::Game;

    #[test]
    fn mae_is_the_mean_distance_in_discs() {
        let g = Game::new();
        let f = [Solved { game: g, value: 4 }, Solved { game: g, value: -2 }];
        let refs: Vec<&Solved> = f.iter().collect();
        assert_eq!(mae(&refs, &|_, _| 1.0), 3.0);
        let t = table(&f, &[("one", &|_, _| 1.0)]);
        assert!(t.contains("| 60 | 2 | 3.00 |"), "{t}");
        assert!(t.contains("| all | 2 | 3.00 |"), "{t}");
    }
}
