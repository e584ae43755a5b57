//! How a table's finished game becomes a result for the store: who sat where and how they
//! placed, whether the game is rated, and the lines that tell players their new ratings.
//!
//! A game is rated only between people with accounts — distinct accounts, from distinct
//! addresses unless the server allows one address — once each side has moved. Games against
//! the computer and guests' games are kept (when an account played) but casual.

use std::net::IpAddr;

use super::seating::Occupant;
use super::table::{ClientId, Proof};
use crate::games::GameKind;
use crate::store::glicko2::Params;
use crate::store::worker::{Reported, StoreService};
use crate::store::{Finished, Participant, RatingChange, Timestamp};

/// How finished games reach the store, and the server's rule on players from one address.
#[derive(Clone)]
pub struct Ratings {
    pub service: StoreService,
    /// Rate games between players connecting from one address (players behind one NAT).
    pub rated_same_address: bool,
}

/// One seat of a finished game as the table knew it.
#[derive(Debug, Clone)]
pub struct SeatInfo {
    pub name: String,
    /// The person's proof; `None` for a computer.
    pub proof: Option<Proof>,
}

impl SeatInfo {
    fn account(&self) -> Option<crate::store::AccountId> {
        self.proof.as_ref().and_then(Proof::account)
    }

    fn address(&self) -> Option<IpAddr> {
        match self.proof.as_ref()? {
            Proof::Account { from, .. } => Some(*from),
            Proof::Address(ip) => Some(*ip),
            Proof::Key(_) => None,
        }
    }
}

/// A finished game's facts, before the rules decide whether it is rated.
#[derive(Debug, Clone)]
pub struct Ending {
    /// Unique over every server: drawn when the game was dealt.
    pub id: String,
    pub game: GameKind,
    pub group: String,
    pub started: Timestamp,
    pub ended: Timestamp,
    pub summary: String,
    pub record: Option<String>,
    /// The seats, and each seat's final place (0 first; equal places tie).
    pub seats: Vec<SeatInfo>,
    pub places: Vec<u32>,
    /// Every side made a move (a game ended before that is aborted, not rated).
    pub everyone_moved: bool,
    /// A race: rated among the people with accounts, whoever else took part.
    pub race: bool,
}

/// Whether the people at `seats` may play rated: two or more, every one with an account, no
/// account twice, and no address twice unless `same_address` allows it.
pub fn may_rate(seats: &[SeatInfo], same_address: bool) -> bool {
    if seats.len() < 2 || seats.iter().any(|s| s.account().is_none()) {
        return false;
    }
    let mut accounts: Vec<_> = seats.iter().filter_map(SeatInfo::account).collect();
    accounts.sort_unstable();
    accounts.dedup();
    if accounts.len() != seats.len() {
        return false;
    }
    if !same_address {
        let mut addresses: Vec<_> = seats.iter().filter_map(SeatInfo::address).collect();
        addresses.sort_unstable();
        addresses.dedup();
        if addresses.len() != seats.len() {
            return false;
        }
    }
    true
}

/// The result to store for `ending`, or `None` when no account played (nothing to keep).
pub fn result(ending: Ending, same_address: bool, casual: bool) -> Option<Finished> {
    if ending.seats.iter().all(|s| s.account().is_none()) {
        return None;
    }
    let rated = !casual
        && ending.everyone_moved
        && if ending.race {
            let people: Vec<SeatInfo> = (ending.seats.iter())
                .filter(|s| s.account().is_some())
                .cloned()
                .collect();
            may_rate(&people, same_address)
        } else {
            may_rate(&ending.seats, same_address)
        };
    let players = ending
        .seats
        .iter()
        .zip(&ending.places)
        .map(|(seat, &place)| Participant {
            account: seat.account(),
            name: seat.name.clone(),
            place,
            computer: seat.proof.is_none(),
        })
        .collect();
    Some(Finished {
        id: ending.id,
        game: ending.game.name().to_string(),
        group: ending.group,
        rated,
        started: ending.started,
        ended: ending.ended,
        summary: ending.summary,
        record: ending.record,
        players,
    })
}

/// A group's name as players read it: the game's title, with what sets the group apart
/// (`Three Trios (reverse)`, `Islands of Hex (small)`).
pub fn group_title(game: GameKind, group: &str) -> String {
    match group
        .strip_prefix(game.name())
        .and_then(|r| r.strip_prefix('-'))
    {
        Some(rest) if !rest.is_empty() => format!("{} ({rest})", game.title()),
        _ => game.title().to_string(),
    }
}

/// The line that tells a player their rating changed: `Reversi 1500? → 1741? (+241)`.
pub fn change_line(title: &str, change: &RatingChange, params: &Params) -> String {
    let delta = (change.after.rating.round() - change.before.rating.round()) as i64;
    format!(
        "{title} {} → {} ({delta:+})",
        change.before.shown(params),
        change.after.shown(params)
    )
}

/// What players read when the database is away at the end of their game.
pub const RESULT_WAITS: &str =
    "The players database is unavailable: this result is kept, to be rated later";

/// What the store made of a reported game, as the people at its table hear it: the rating
/// changes, or (`Err`) the one notice to give instead.
pub fn heard(reported: Reported) -> Result<Vec<RatingChange>, String> {
    match reported {
        Reported::Written(written) => Ok(written.changes),
        Reported::Waiting => Err(RESULT_WAITS.into()),
        Reported::Lost(why) => Err(format!("This result could not be kept: {why}")),
    }
}

/// One seated person's rating change: their client (while connected), their name, and the
/// line that tells it.
pub struct SeatChange {
    pub client: Option<ClientId>,
    pub name: String,
    pub line: String,
}

/// The change of every person at `places` whose account `changes` names, told as `title`'s
/// (`Reversi 1500? → 1741? (+241)`).
pub(super) fn seat_changes<P>(
    places: &[Occupant<P>],
    changes: &[RatingChange],
    title: &str,
    params: &Params,
) -> Vec<SeatChange> {
    places
        .iter()
        .filter_map(|place| match place {
            Occupant::Person { who, client, .. } => {
                let change = changes
                    .iter()
                    .find(|c| Some(c.account) == who.proof.account())?;
                Some(SeatChange {
                    client: *client,
                    name: who.user.clone(),
                    line: change_line(title, change, params),
                })
            }
            _ => None,
        })
        .collect()
}

/// A fresh game id: random, so two servers sharing a database never draw the same.
pub fn new_game_id() -> String {
    format!(
        "{:016x}{:016x}",
        rand::random::<u64>(),
        rand::random::<u64>()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Rating;

    fn person(id: i64, ip: [u8; 4]) -> SeatInfo {
        SeatInfo {
            name: format!("p{id}"),
            proof: Some(Proof::Account {
                id,
                from: ip.into(),
            }),
        }
    }

    fn guest(ip: [u8; 4]) -> SeatInfo {
        SeatInfo {
            name: "guest".into(),
            proof: Some(Proof::Address(ip.into())),
        }
    }

    fn computer() -> SeatInfo {
        SeatInfo {
            name: "expert".into(),
            proof: None,
        }
    }

    #[test]
    fn only_distinct_accounts_from_distinct_addresses_play_rated() {
        let (a, b) = (person(1, [10, 0, 0, 1]), person(2, [10, 0, 0, 2]));
        assert!(may_rate(&[a.clone(), b.clone()], false));
        let twin = person(2, [10, 0, 0, 1]);
        assert!(!may_rate(&[a.clone(), twin.clone()], false));
        assert!(may_rate(&[a.clone(), twin], true));
        // Two keys of one account, even from two addresses.
        assert!(!may_rate(&[a.clone(), person(1, [10, 0, 0, 3])], true));
        assert!(!may_rate(&[a.clone(), guest([10, 0, 0, 4])], true));
        assert!(!may_rate(&[a.clone(), computer()], true));
        assert!(!may_rate(std::slice::from_ref(&a), true));
    }

    #[test]
    fn games_without_an_account_are_not_kept_and_early_ends_are_casual() {
        let ending = |seats: Vec<SeatInfo>, moved: bool| Ending {
            id: new_game_id(),
            game: GameKind::Reversi,
            group: "reversi".into(),
            started: 1,
            ended: 2,
            summary: "Black wins".into(),
            record: None,
            places: vec![0, 1],
            seats,
            everyone_moved: moved,
            race: false,
        };
        let (a, b) = (person(1, [10, 0, 0, 1]), person(2, [10, 0, 0, 2]));
        assert!(
            result(
                ending(vec![guest([1, 1, 1, 1]), computer()], true),
                false,
                false
            )
            .is_none()
        );
        let rated = result(ending(vec![a.clone(), b.clone()], true), false, false).unwrap();
        assert!(rated.rated);
        assert_eq!(rated.players[1].account, Some(2));
        let aborted = result(ending(vec![a.clone(), b.clone()], false), false, false).unwrap();
        assert!(!aborted.rated);
        let casual = result(ending(vec![a.clone(), b], true), false, true).unwrap();
        assert!(!casual.rated);
        let against_computer =
            result(ending(vec![a.clone(), computer()], true), false, false).unwrap();
        assert!(!against_computer.rated);
        assert!(against_computer.players[1].computer);
        // A race rates the accounts among themselves, whoever else ran.
        let mut race = ending(vec![a.clone(), guest([1, 1, 1, 1]), computer()], true);
        race.places = vec![0, 1, 2];
        race.race = true;
        assert!(!result(race.clone(), false, false).unwrap().rated);
        race.seats[1] = person(2, [10, 0, 0, 2]);
        assert!(result(race, false, false).unwrap().rated);
    }

    #[test]
    fn a_change_reads_as_the_game_shows_it() {
        let change = RatingChange {
            account: 1,
            group: "reversi".into(),
            before: crate::store::LICHESS.initial,
            after: Rating {
                rating: 1741.2,
                deviation: 300.0,
                volatility: 0.09,
            },
        };
        assert_eq!(
            change_line("Reversi", &change, &crate::store::LICHESS),
            "Reversi 1500? → 1741? (+241)"
        );
        assert_eq!(
            group_title(GameKind::ThreeTrios, "three-trios-reverse"),
            "Three Trios (reverse)"
        );
        assert_eq!(group_title(GameKind::Reversi, "reversi"), "Reversi");
    }
}
