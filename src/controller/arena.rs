//! An arena's rules, pure: points as lichess's arenas give them (a win 2, a draw 1, a loss 0;
//! after two wins in a row a player is on a streak and scores double until a game not won),
//! the standings, and who plays whom next (players close in the standings, not the same
//! opponent twice in a row when another is waiting). The server keeps the arena's players
//! and clock, and asks these rules.

use std::collections::HashMap;
use std::hash::Hash;

/// How one arena game ended for a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

/// One player's place in an arena: points, games and the run of wins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    pub points: u32,
    pub games: u32,
    /// Wins in a row, up to now.
    pub wins_in_a_row: u32,
}

impl Score {
    /// Whether the next game scores double: two wins in a row or more.
    pub fn on_streak(&self) -> bool {
        self.wins_in_a_row >= 2
    }

    /// Adds a game's `result`; gives the points it scored.
    pub fn add(&mut self, result: GameResult) -> u32 {
        let base = match result {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        };
        let points = if self.on_streak() { base * 2 } else { base };
        self.points += points;
        self.games += 1;
        self.wins_in_a_row = match result {
            GameResult::Win => self.wins_in_a_row + 1,
            GameResult::Draw | GameResult::Loss => 0,
        };
        points
    }
}

/// The standings: most points first, then more games won in a row, then fewer games (the same
/// points in fewer games), then the higher rating.
pub fn standings<P: Clone>(players: &[(P, Score, f64)]) -> Vec<(P, Score, f64)> {
    let mut table = players.to_vec();
    table.sort_by(|(_, a, ra), (_, b, rb)| {
        (b.points.cmp(&a.points))
            .then(b.wins_in_a_row.cmp(&a.wins_in_a_row))
            .then(a.games.cmp(&b.games))
            .then(rb.total_cmp(ra))
    });
    table
}

/// Pairs the players waiting for their next game, given in standings order (best first), each
/// with the opponent of their last game: each in turn with the nearest in the standings who
/// is not their last opponent, or with their last opponent only when nobody else waits.
pub fn pair_waiting<P: Clone + Eq + Hash>(waiting: &[(P, Option<P>)]) -> Vec<(P, P)> {
    let mut free: Vec<&(P, Option<P>)> = waiting.iter().collect();
    let mut pairs = Vec::new();
    let last: HashMap<&P, &Option<P>> = waiting.iter().map(|(p, l)| (p, l)).collect();
    while free.len() >= 2 {
        let (first, rest) = (free[0], &free[1..]);
        let again = |other: &P| {
            last.get(&first.0)
                .is_some_and(|l| l.as_ref() == Some(other))
                || last
                    .get(other)
                    .is_some_and(|l| l.as_ref() == Some(&first.0))
        };
        let at = rest.iter().position(|(p, _)| !again(p)).unwrap_or(0) + 1;
        pairs.push((first.0.clone(), free[at].0.clone()));
        free.remove(at);
        free.remove(0);
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::{Draw, Loss, Win};

    /// Points game by game, worked by hand from lichess's rules.
    #[test]
    fn wins_draws_and_losses_score_two_one_nothing_and_double_on_a_streak() {
        let cases: [(&[GameResult], &[u32]); 5] = [
            // No streak: 2, 1, 0.
            (&[Win, Draw, Loss], &[2, 1, 0]),
            // Two wins make a streak: the third win scores 4, the fourth too.
            (&[Win, Win, Win, Win], &[2, 2, 4, 4]),
            // A draw on a streak scores 2 and ends it.
            (&[Win, Win, Draw, Win], &[2, 2, 2, 2]),
            // A loss on a streak scores nothing and ends it; two more wins start another.
            (&[Win, Win, Loss, Win, Win, Win], &[2, 2, 0, 2, 2, 4]),
            // A draw between wins breaks the run.
            (&[Win, Draw, Win, Win], &[2, 1, 2, 2]),
        ];
        for (results, points) in cases {
            let mut score = Score::default();
            let got: Vec<u32> = results.iter().map(|&r| score.add(r)).collect();
            assert_eq!(got, points, "{results:?}");
            assert_eq!(score.points, points.iter().sum::<u32>());
            assert_eq!(score.games as usize, results.len());
        }
    }

    #[test]
    fn standings_put_points_first_then_the_run_then_fewer_games() {
        let score = |points, games, wins_in_a_row| Score {
            points,
            games,
            wins_in_a_row,
        };
        let table = standings(&[
            ("a", score(6, 4, 0), 1500.0),
            ("b", score(8, 5, 0), 1400.0),
            ("c", score(6, 3, 0), 1450.0),
            ("d", score(6, 4, 2), 1300.0),
            ("e", score(6, 4, 0), 1600.0),
        ]);
        let order: Vec<&str> = table.iter().map(|(p, _, _)| *p).collect();
        assert_eq!(order, ["b", "d", "c", "e", "a"]);
    }

    #[test]
    fn the_next_games_pair_neighbours_but_not_the_same_opponent_twice_in_a_row() {
        // a and b just played each other; c and d too.
        let waiting = [
            ("a", Some("b")),
            ("b", Some("a")),
            ("c", Some("d")),
            ("d", Some("c")),
        ];
        assert_eq!(pair_waiting(&waiting), [("a", "c"), ("b", "d")]);
        // Only the last opponent waits: they play again rather than wait.
        assert_eq!(
            pair_waiting(&[("a", Some("b")), ("b", Some("a"))]),
            [("a", "b")]
        );
        // Fresh players pair with their neighbours; an odd one out waits.
        assert_eq!(
            pair_waiting(&[("a", None), ("b", None), ("c", None)]),
            [("a", "b")]
        );
    }

    proptest::proptest! {
        /// Whatever the waiting list, everyone but an odd one out is paired, nobody twice and
        /// nobody with themself.
        #[test]
        fn pairs_are_fair(last in proptest::collection::vec(proptest::option::of(0usize..12), 0..12)) {
            let waiting: Vec<(usize, Option<usize>)> = last
                .iter()
                .enumerate()
                .map(|(p, l)| (p, l.filter(|l| *l != p)))
                .collect();
            let pairs = pair_waiting(&waiting);
            proptest::prop_assert_eq!(pairs.len(), waiting.len() / 2);
            let mut seen = std::collections::HashSet::new();
            for (a, b) in &pairs {
                proptest::prop_assert!(a != b);
                proptest::prop_assert!(seen.insert(*a) && seen.insert(*b));
            }
        }
    }
}
