//! A race table's finished race, reported once to the store from its final standings, and
//! the rating changes told back as notices.

use super::{Command, RaceTable, TableRace};
use crate::controller::rated::{self, Ending, SeatInfo};
use crate::controller::seating::Occupant;
use crate::store::worker::{Reported, now};

impl<R: TableRace> RaceTable<R> {
    /// Reports the finished race to the store, once: each player's place from the final
    /// standings (equal scores tie).
    pub(super) fn report(&mut self) {
        if self.reported {
            return;
        }
        self.reported = true;
        let Some(ratings) = self.registry.ratings().cloned() else {
            return;
        };
        let standings = self.race.standings();
        let seats: Vec<SeatInfo> = (0..self.seating.len())
            .map(|place| match self.seating.places().get(place) {
                Some(Occupant::Person { who, .. }) => SeatInfo {
                    name: who.user.clone(),
                    proof: Some(who.proof.clone()),
                },
                _ => SeatInfo {
                    name: self.name_at(place),
                    proof: None,
                },
            })
            .collect();
        let places: Vec<u32> = (0..seats.len())
            .map(|place| {
                let score = standings.iter().find(|s| s.place == place).map(|s| s.score);
                match score {
                    Some(score) => standings.iter().filter(|s| s.score > score).count() as u32,
                    None => standings.len() as u32,
                }
            })
            .collect();
        let summary = standings
            .iter()
            .map(|s| format!("{} {}", s.name, s.score))
            .collect::<Vec<_>>()
            .join(", ");
        let ending = Ending {
            id: self.game_id.clone(),
            game: R::KIND,
            group: R::KIND.name().to_string(),
            started: self.started_at,
            ended: now(),
            summary,
            record: None,
            seats,
            places,
            everyone_moved: true,
            race: true,
        };
        let Some(result) = rated::result(ending, ratings.rated_same_address, false) else {
            return;
        };
        let commands = self.commands.clone();
        ratings.service.report(result, move |reported| {
            let _ = commands.send(Command::Own(reported));
        });
    }

    /// Tells each player their rating change as a notice (watchers hear everyone's).
    pub(super) fn hear_reported(&mut self, reported: Reported) {
        let changes = match rated::heard(reported) {
            Ok(changes) => changes,
            Err(notice) => return self.broadcast(R::notice(notice)),
        };
        let Some(ratings) = self.registry.ratings() else {
            return;
        };
        let title = rated::group_title(R::KIND, R::KIND.name());
        let seats = rated::seat_changes(
            self.seating.places(),
            &changes,
            &title,
            ratings.service.params(),
        );
        let lines: Vec<String> = seats
            .iter()
            .map(|s| format!("{}: {}", s.name, s.line))
            .collect();
        if !lines.is_empty() {
            self.broadcast(R::notice(lines.join(" · ")));
        }
    }
}
