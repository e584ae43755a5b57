//! Counts and subjects in sentences every screen, report and text mode writes, so that
//! none says "1 steps" or "you wins".

/// The name the person at this keyboard goes by on every screen: the seat of a person
/// playing here, alone or against the computer, and each seat of people sharing the keyboard.
pub const YOU: &str = "you";

/// `n` and the noun, singular for one: `1 step`, `0 steps`, `12 games`. The noun is a
/// regular one, its plural made with an `s`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A score in points, a score below zero keeping its sign before the count: `1 point`,
/// `0 points`, `−3 points`.
pub fn points(score: i32) -> String {
    let points = count(score.unsigned_abs() as usize, "point");
    if score < 0 {
        format!("−{points}")
    } else {
        points
    }
}

/// A player's name as the subject of a verb in the present: `You win` for the person
/// called `you` (the name a lone player goes by), `ivy wins` for anyone else. `verb` is the
/// plain form (`win`, `announce`); its third person adds `s`.
pub fn subject(name: &str, verb: &str) -> String {
    if name == YOU {
        format!("You {verb}")
    } else {
        format!("{name} {verb}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1, "step"), "1 step");
        assert_eq!(count(0, "step"), "0 steps");
        assert_eq!(count(2, "game"), "2 games");
    }

    #[test]
    fn points_keep_their_sign_and_count() {
        assert_eq!(points(1), "1 point");
        assert_eq!(points(0), "0 points");
        assert_eq!(points(-1), "−1 point");
        assert_eq!(points(-3), "−3 points");
    }

    #[test]
    fn you_takes_the_plain_verb() {
        assert_eq!(subject("you", "win"), "You win");
        assert_eq!(subject("ivy", "win"), "ivy wins");
        assert_eq!(subject("hard", "announce"), "hard announces");
    }
}
