//! What a finished game does to ratings, worked out once for every database: which pairs
//! count, each player's new rating and record, and which pairs' daily counts grow. The
//! databases only read the inputs and write the plan, inside their one transaction.

use std::collections::HashMap;

use super::glicko2::{self, Outcome, Params};
use super::{AccountId, DAY, Finished, GroupRating, PAIR_GAMES_A_DAY, RatingChange, Timestamp};

/// A rating row to write: the account and its group rating after the game.
#[derive(Debug, Clone, PartialEq)]
pub struct NewRating {
    pub account: AccountId,
    pub row: GroupRating,
}

/// Everything a result writes besides the game row.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    /// Whether the game counts as rated for anyone.
    pub rated: bool,
    pub changes: Vec<RatingChange>,
    pub ratings: Vec<NewRating>,
    /// The pairs (lower id first) whose rated games today grow by one.
    pub pairs: Vec<(AccountId, AccountId)>,
}

/// The UTC day of `at`, as days since the epoch.
pub fn day_of(at: Timestamp) -> i64 {
    at.div_euclid(DAY)
}

/// The rated pairs of `result`: every two accounts, lower id first, each with the score of
/// the first against the second (computers and guests count for nothing). Empty when the
/// table did not play it rated, or an account sat twice (two keys of one account never meet
/// rated).
pub fn pairs(result: &Finished) -> Vec<(AccountId, AccountId, f64)> {
    if !result.rated {
        return Vec::new();
    }
    let seated: Vec<(AccountId, u32)> = result
        .players
        .iter()
        .filter_map(|p| Some((p.account?, p.place)))
        .collect();
    let mut ids: Vec<AccountId> = seated.iter().map(|s| s.0).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != seated.len() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, &(a, place_a)) in seated.iter().enumerate() {
        for &(b, place_b) in &seated[i + 1..] {
            let score = match place_a.cmp(&place_b) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            if a < b {
                out.push((a, b, score));
            } else {
                out.push((b, a, 1.0 - score));
            }
        }
    }
    out
}

/// The plan for `result`, given each account's stored rating in its group (`None`: a new
/// player) and how many rated games each pair (lower id first) has played on the game's day.
pub fn plan(
    result: &Finished,
    current: &HashMap<AccountId, GroupRating>,
    pair_games_today: &HashMap<(AccountId, AccountId), i64>,
    params: &Params,
) -> Plan {
    let counted: Vec<(AccountId, AccountId, f64)> = pairs(result)
        .into_iter()
        .filter(|(a, b, _)| {
            pair_games_today.get(&(*a, *b)).copied().unwrap_or(0) < PAIR_GAMES_A_DAY
        })
        .collect();
    if counted.is_empty() {
        return Plan::default();
    }
    let now = result.ended;
    let before = |id: AccountId| -> glicko2::Rating {
        current
            .get(&id)
            .map(|r| r.as_of(now, params))
            .unwrap_or(params.initial)
    };
    let mut outcomes: HashMap<AccountId, Vec<Outcome>> = HashMap::new();
    for &(a, b, score) in &counted {
        outcomes.entry(a).or_default().push(Outcome {
            opponent: before(b),
            score,
        });
        outcomes.entry(b).or_default().push(Outcome {
            opponent: before(a),
            score: 1.0 - score,
        });
    }
    let mut accounts: Vec<AccountId> = outcomes.keys().copied().collect();
    accounts.sort_unstable();
    let mut plan = Plan {
        rated: true,
        pairs: counted.iter().map(|&(a, b, _)| (a, b)).collect(),
        ..Plan::default()
    };
    for account in accounts {
        let results = &outcomes[&account];
        let old = before(account);
        let new = glicko2::update(old, results, params);
        let mut row = current.get(&account).cloned().unwrap_or(GroupRating {
            group: result.group.clone(),
            rating: 0.0,
            deviation: 0.0,
            volatility: 0.0,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            last_played: now,
        });
        let score: f64 = results.iter().map(|o| o.score).sum();
        let half = results.len() as f64 / 2.0;
        row.games += 1;
        if score > half {
            row.wins += 1;
        } else if score < half {
            row.losses += 1;
        } else {
            row.draws += 1;
        }
        row.rating = new.rating;
        row.deviation = new.deviation;
        row.volatility = new.volatility;
        row.last_played = now;
        plan.changes.push(RatingChange {
            account,
            group: result.group.clone(),
            before: old,
            after: new,
        });
        plan.ratings.push(NewRating { account, row });
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{LICHESS, Participant};

    fn seat(account: Option<AccountId>, place: u32) -> Participant {
        Participant {
            account,
            name: format!("p{account:?}"),
            place,
            computer: false,
        }
    }

    fn finished(players: Vec<Participant>) -> Finished {
        Finished {
            id: "g1".into(),
            game: "reversi".into(),
            group: "reversi".into(),
            rated: true,
            started: 0,
            ended: 1000,
            summary: String::new(),
            record: None,
            players,
        }
    }

    #[test]
    fn a_duel_between_new_players_moves_both_by_the_same_amount() {
        let plan = plan(
            &finished(vec![seat(Some(7), 0), seat(Some(3), 1)]),
            &HashMap::new(),
            &HashMap::new(),
            &LICHESS,
        );
        assert!(plan.rated);
        assert_eq!(plan.pairs, vec![(3, 7)]);
        let winner = plan.changes.iter().find(|c| c.account == 7).unwrap();
        let loser = plan.changes.iter().find(|c| c.account == 3).unwrap();
        let gain = winner.after.rating - 1500.0;
        assert!(gain > 200.0, "{gain}");
        assert!((1500.0 - loser.after.rating - gain).abs() < 1e-9);
        let row = &plan.ratings.iter().find(|r| r.account == 7).unwrap().row;
        assert_eq!((row.games, row.wins, row.losses, row.draws), (1, 1, 0, 0));
    }

    #[test]
    fn a_race_counts_each_pair_once_with_ties_as_halves() {
        // Three players: 1 first, 2 and 3 tied behind.
        let result = finished(vec![seat(Some(1), 0), seat(Some(2), 1), seat(Some(3), 1)]);
        let pairs = pairs(&result);
        assert_eq!(pairs, vec![(1, 2, 1.0), (1, 3, 1.0), (2, 3, 0.5)]);
        let plan = plan(&result, &HashMap::new(), &HashMap::new(), &LICHESS);
        let row = |id| &plan.ratings.iter().find(|r| r.account == id).unwrap().row;
        assert_eq!(row(1).wins, 1);
        assert_eq!(row(2).draws + row(2).losses, 1);
        assert_eq!(plan.changes.len(), 3);
    }

    #[test]
    fn computers_guests_one_account_twice_and_casual_games_rate_nothing() {
        let mut with_computer = finished(vec![seat(Some(1), 0), seat(None, 1)]);
        with_computer.players[1].computer = true;
        let guest = finished(vec![seat(Some(1), 0), seat(None, 1)]);
        let twice = finished(vec![seat(Some(1), 0), seat(Some(1), 1)]);
        let mut casual = finished(vec![seat(Some(1), 0), seat(Some(2), 1)]);
        casual.rated = false;
        for result in [with_computer, guest, twice, casual] {
            let plan = plan(&result, &HashMap::new(), &HashMap::new(), &LICHESS);
            assert_eq!(plan, Plan::default(), "{result:?}");
        }
    }

    #[test]
    fn a_pair_rates_at_most_ten_games_a_day() {
        let result = finished(vec![seat(Some(1), 0), seat(Some(2), 1)]);
        let nine = HashMap::from([((1, 2), 9)]);
        assert!(plan(&result, &HashMap::new(), &nine, &LICHESS).rated);
        let ten = HashMap::from([((1, 2), 10)]);
        assert!(!plan(&result, &HashMap::new(), &ten, &LICHESS).rated);
    }
}
