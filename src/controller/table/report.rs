//! A duel table's finished game, reported once to the store, and the rating changes told
//! back to the people at the table.

use super::{Command, Kind, News, Table, TableOwn};
use crate::controller::rated::{self, Ending, SeatInfo};
use crate::controller::seating::Occupant;
use crate::controller::table_game::{TableGame, TableMatch};
use crate::games::{Side, Verdict};
use crate::store::worker::{Reported, now};

impl<C: TableGame> Table<C> {
    /// Reports the finished game to the store, once: `places` gives each side's standing (0
    /// first), `summary` the result in words. Showcases and servers without a store keep
    /// nothing.
    pub(super) fn report(&mut self, places: [u32; 2], summary: String) {
        if self.reported || self.spec.kind == Kind::Showcase {
            return;
        }
        self.reported = true;
        let Some(ratings) = self.registry.ratings().cloned() else {
            return;
        };
        let seats: Vec<SeatInfo> = Side::BOTH
            .iter()
            .map(|side| match self.seating.places().get(side.index()) {
                Some(Occupant::Person { who, .. }) => SeatInfo {
                    name: who.user.clone(),
                    proof: Some(who.proof.clone()),
                },
                Some(Occupant::Computer(name)) => SeatInfo {
                    name: name.clone(),
                    proof: None,
                },
                _ => SeatInfo {
                    name: "open seat".into(),
                    proof: None,
                },
            })
            .collect();
        let config = self.game.config();
        let ending = Ending {
            id: self.game_id.clone(),
            game: C::GAME,
            group: config.rating_group(),
            started: self.started_at,
            ended: now(),
            summary,
            record: self
                .game
                .record_path()
                .map(|p| p.to_string_lossy().into_owned()),
            seats,
            places: places.to_vec(),
            // Each side has moved once two moves are played.
            everyone_moved: self.game.played() >= 2,
            race: false,
        };
        let Some(result) = rated::result(ending, ratings.rated_same_address, self.spec.casual)
        else {
            return;
        };
        let commands = self.commands.clone();
        ratings.service.report(result, move |reported| {
            let _ = commands.send(Command::Own(TableOwn::Reported(reported)));
        });
    }

    /// Reports a game that ended with `verdict`.
    pub(super) fn report_verdict(&mut self, verdict: Verdict, summary: String) {
        let places = match verdict {
            Verdict::Win(side) => Side::BOTH.map(|s| u32::from(s != side)),
            Verdict::Tie => [0, 0],
        };
        self.report(places, summary);
    }

    /// Tells the people at the table what the store made of their game: each player their
    /// own rating change, watchers everyone's.
    pub(super) fn hear_reported(&mut self, reported: Reported) {
        let changes = match rated::heard(reported) {
            Ok(changes) => changes,
            Err(notice) => return self.broadcast(News::Notice(notice)),
        };
        let (Some(first), Some(ratings)) = (changes.first(), self.registry.ratings()) else {
            return;
        };
        let title = rated::group_title(C::GAME, &first.group);
        let seats = rated::seat_changes(
            self.seating.places(),
            &changes,
            &title,
            ratings.service.params(),
        );
        let everyone = seats
            .iter()
            .map(|s| format!("{}: {}", s.name, s.line))
            .collect();
        self.broadcast(News::Rated(everyone));
        for seat in seats {
            if let Some(client) = seat.client {
                self.tell(client, News::Rated(vec![seat.line]));
            }
        }
    }
}
