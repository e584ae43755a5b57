//! Variant rules: which comparison decides a battle, and whether Same and Plus apply.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::card::Value;

/// The variant rules in force for a game. Any combination may be switched on.
///
/// `reverse` and `fallen_ace` change the comparison used by every battle (placement and combo);
/// `same` and `plus` add checks for the placed card only, on raw values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RuleSet {
    #[serde(default)]
    pub reverse: bool,
    #[serde(default)]
    pub fallen_ace: bool,
    #[serde(default)]
    pub same: bool,
    #[serde(default)]
    pub plus: bool,
}

/// The spelling of each switch on the command line, in canonical order.
pub const RULE_NAMES: [&str; 4] = ["reverse", "fallen-ace", "same", "plus"];

impl RuleSet {
    /// The rules as the menus name them: `normal` when no variant is on, else the variants
    /// joined by ` + ` (`same + plus`).
    pub fn label(self) -> String {
        if self == RuleSet::default() {
            "normal".to_string()
        } else {
            self.to_string().replace(',', " + ")
        }
    }

    /// Whether attack value `a` beats defending value `b` under the comparison rule.
    ///
    /// Normal: `a > b`. Reverse: `a < b`. Fallen ace swaps the outcome between 1 and A only.
    /// Equal values never beat each other.
    #[inline]
    pub fn beats(&self, a: Value, b: Value) -> bool {
        let (a, b) = (a.get(), b.get());
        if self.fallen_ace && a != b && a.min(b) == 1 && a.max(b) == 10 {
            // Between 1 and A the order is turned around.
            return if self.reverse { a == 10 } else { a == 1 };
        }
        if self.reverse { a < b } else { a > b }
    }

    /// The switched-on rules as their command-line names, comma-separated; `none` if none.
    pub fn names(&self) -> Vec<&'static str> {
        let flags = [self.reverse, self.fallen_ace, self.same, self.plus];
        RULE_NAMES
            .iter()
            .zip(flags)
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect()
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = self.names();
        if names.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&names.join(","))
        }
    }
}

/// A rule list that does not parse: the message names the part that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}; expected a comma list of reverse, fallen-ace, same, plus (or none alone)")]
pub struct UnknownRule(pub String);

impl FromStr for RuleSet {
    type Err = UnknownRule;

    /// Parses a comma list such as `reverse,fallen-ace`; `none` (alone) or an empty string
    /// is no rule. Names are case-insensitive and `_` may stand for `-`. A rule named twice,
    /// or `none` beside a rule, is refused: it is a typo more often than a wish.
    fn from_str(s: &str) -> Result<RuleSet, UnknownRule> {
        let mut rules = RuleSet::default();
        let names: Vec<&str> = s.split(',').map(str::trim).collect();
        let mut seen: Vec<String> = Vec::new();
        for raw in &names {
            let name = raw.to_ascii_lowercase().replace('_', "-");
            let name = if name == "fallenace" {
                "fallen-ace".to_string()
            } else {
                name
            };
            if name == "none" && names.len() > 1 {
                return Err(UnknownRule(format!(
                    "\"none\" cannot be combined with other rules in \"{s}\""
                )));
            }
            if !name.is_empty() && seen.contains(&name) {
                return Err(UnknownRule(format!(
                    "rule \"{raw}\" is named twice in \"{s}\""
                )));
            }
            match name.as_str() {
                "" | "none" => {}
                "reverse" => rules.reverse = true,
                "fallen-ace" => rules.fallen_ace = true,
                "same" => rules.same = true,
                "plus" => rules.plus = true,
                _ => return Err(UnknownRule(format!("unknown rule \"{raw}\""))),
            }
            seen.push(name);
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: u8) -> Value {
        Value::new(n).unwrap()
    }

    fn rules(s: &str) -> RuleSet {
        s.parse().unwrap()
    }

    #[test]
    fn normal_needs_strictly_higher() {
        let r = RuleSet::default();
        assert!(r.beats(v(9), v(3)));
        assert!(!r.beats(v(5), v(5)));
        assert!(!r.beats(v(3), v(9)));
        assert!(r.beats(v(10), v(1)));
    }

    #[test]
    fn reverse_needs_strictly_lower() {
        let r = rules("reverse");
        assert!(r.beats(v(3), v(9)));
        assert!(!r.beats(v(5), v(5)));
        assert!(!r.beats(v(9), v(3)));
        assert!(r.beats(v(1), v(10)));
    }

    #[test]
    fn fallen_ace_turns_only_one_against_ace() {
        let r = rules("fallen-ace");
        assert!(r.beats(v(1), v(10)));
        assert!(!r.beats(v(10), v(1)));
        assert!(r.beats(v(10), v(9)));
        assert!(r.beats(v(2), v(1)));
        assert!(!r.beats(v(1), v(2)));
        assert!(!r.beats(v(1), v(1)));
        assert!(!r.beats(v(10), v(10)));
    }

    #[test]
    fn reverse_with_fallen_ace_lets_ace_beat_one() {
        let r = rules("reverse,fallen-ace");
        assert!(r.beats(v(10), v(1)));
        assert!(!r.beats(v(1), v(10)));
        assert!(r.beats(v(1), v(2)));
        assert!(r.beats(v(9), v(10)));
        assert!(!r.beats(v(10), v(9)));
    }

    #[test]
    fn parses_any_subset_and_reports_unknown_names() {
        assert_eq!(rules(""), RuleSet::default());
        assert_eq!(rules("none"), RuleSet::default());
        let all = rules("plus, SAME,fallen_ace,reverse");
        assert!(all.reverse && all.fallen_ace && all.same && all.plus);
        assert_eq!(all.to_string(), "reverse,fallen-ace,same,plus");
        assert_eq!(RuleSet::default().to_string(), "none");
        let err = "same,elemental".parse::<RuleSet>().unwrap_err();
        assert_eq!(err, UnknownRule("unknown rule \"elemental\"".into()));
        for bad in ["same,same", "none,same", "plus,none", "reverse,Reverse"] {
            let err = bad.parse::<RuleSet>().unwrap_err().to_string();
            assert!(err.contains(bad), "{bad}: {err}");
        }
        assert!(err.to_string().contains("fallen-ace"));
    }
}
