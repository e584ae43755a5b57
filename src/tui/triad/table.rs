//! A Triad race at a server's table, as one screen follows it: the screen keeps a copy of
//! the race and changes it only as the table's news says, sends its player's claims to the
//! table (which decides who was first), and shows the players, their scores and who is
//! locked out.

use crate::words::{YOU, count};
use std::time::Duration;

use super::TriadScreen;
use crate::controller::race_table::Phase;
use crate::controller::race_table::triad::{RaceJoined, RaceNews, RaceRequest, RaceRole, RaceSeat};
use crate::controller::table::TableId;
use crate::games::triad::PickError;
use crate::games::triad::race::{LOCKOUT, Race, Racer};
use crate::tui::keymap::ScreenAction as Action;
use crate::tui::race_screen::{self, Requests, TableLink};
use crate::tui::view::seat;
use crate::tui::view::theme::Theme;

/// How a claim or request reaches the table.
pub type Ask = race_screen::Ask<RaceRequest>;

/// The screen's tie to its race table.
pub type TriadLink = TableLink<RaceRequest, RaceSeat>;

impl Requests for RaceRequest {
    fn start() -> Self {
        RaceRequest::Start
    }
    fn add_rival() -> Self {
        RaceRequest::AddRival
    }
    fn again() -> Self {
        RaceRequest::Again
    }
}

fn racers(seats: &[RaceSeat]) -> Vec<Racer> {
    seats.iter().map(|s| s.racer.clone()).collect()
}

/// Why a screen cannot follow the race at the table it joined: a triad the table took does
/// not replay on its deal.
#[derive(Debug, thiserror::Error)]
#[error("cannot follow the race at table {table}: {reason}")]
pub struct FollowError {
    pub table: TableId,
    #[source]
    pub reason: PickError,
}

impl TriadScreen {
    /// A screen following the race at the table just joined; `ask` sends to the table.
    pub fn at_table(
        joined: RaceJoined,
        ask: Ask,
        size: (u16, u16),
        theme: Theme,
    ) -> Result<TriadScreen, FollowError> {
        let race = Race::following(
            joined.seed,
            racers(&joined.seats),
            &joined.taken,
            joined.version,
        )
        .map_err(|reason| FollowError {
            table: joined.table,
            reason,
        })?;
        let mut app = TriadScreen::new(joined.seed, None, size, theme);
        app.race = race;
        app.shell.note = None;
        app.shell.set_clock(joined.elapsed);
        let you = match joined.role {
            RaceRole::Racer(place) => Some(place),
            RaceRole::Watches => None,
        };
        app.table = Some(TableLink::new(joined.table, joined.seats, you, ask));
        app.table_phase = joined.phase;
        match joined.phase {
            Phase::Waiting => app.say(&app.waiting_line(), false),
            Phase::Racing => {}
            Phase::Over => app.finish(),
        }
        Ok(app)
    }

    /// The table this screen follows, if any.
    pub fn table(&self) -> Option<&TriadLink> {
        self.table.as_ref()
    }

    /// Whether the screen follows a race at a table that has not begun.
    pub fn waiting(&self) -> bool {
        self.table.is_some() && self.table_phase == Phase::Waiting
    }

    fn waiting_line(&self) -> String {
        let n = self.race.racers().len();
        format!(
            "Waiting for players ({} so far): s starts the race",
            count(n, "player")
        )
    }

    pub(super) fn ask_table(&mut self, request: RaceRequest) {
        if let Some(link) = &mut self.table {
            link.ask(request);
        }
    }

    /// The name of the player at `place`.
    fn name_at(&self, place: usize) -> String {
        self.race
            .racers()
            .get(place)
            .map_or_else(String::new, |r| r.name.clone())
    }

    /// Actions with a meaning of their own at a table; `true` when the action was used here.
    pub(super) fn on_table_key(&mut self, action: Action) -> bool {
        let Some(link) = &mut self.table else {
            return false;
        };
        let (phase, watching) = (self.table_phase, link.you.is_none());
        if link.common_key(action, phase) {
            return true;
        }
        match action {
            Action::RemoveRival if phase == Phase::Waiting && !watching => {
                self.ask_table(RaceRequest::RemoveRival)
            }
            Action::NewGame if phase == Phase::Over => {
                self.say("Only the players can deal another race.", false)
            }
            Action::NewGame => self.say("Another race comes once this one is over.", false),
            Action::Hint | Action::CountTriads => {
                self.say("No hints in a race against other people.", false)
            }
            Action::PickCard(_) if watching => self.say("You are watching this race.", false),
            Action::PickCard(_) if phase == Phase::Waiting => {
                self.say("The race has not begun: s starts it.", false)
            }
            _ => return false,
        }
        true
    }

    /// Whether picking is open to this screen's player now; says why not when it is not.
    pub(super) fn may_pick(&mut self) -> bool {
        let Some(link) = &self.table else {
            return true;
        };
        let why = match (self.table_phase, link.you) {
            (_, None) => "You are watching this race.",
            (Phase::Waiting, _) => "The race has not begun: s starts it.",
            _ => return true,
        };
        self.say(why, false);
        false
    }

    /// Sends a claim to the table, unless this player is still locked out.
    pub(super) fn claim_at_table(&mut self, positions: [usize; 3]) {
        let locked = self.locked_until.filter(|&until| until > self.shell.now);
        if let Some(until) = locked {
            let secs = until.duration_since(self.shell.now).as_secs_f64().ceil();
            self.say(&format!("Locked out for {secs:.0} s more."), true);
            return;
        }
        let version = self.race.version();
        self.ask_table(RaceRequest::Claim { positions, version });
    }

    /// Takes in the table's news of the race.
    pub(super) fn on_race_news(&mut self, news: RaceNews) {
        if self.table.is_none() {
            return;
        }
        match news {
            RaceNews::Seats { seats, you } => {
                self.race.set_racers(racers(&seats));
                if let Some(link) = &mut self.table {
                    link.seated(seats, you);
                }
                if self.waiting() && self.shell.note.as_ref().is_none_or(|n| !n.error) {
                    self.say(&self.waiting_line(), false);
                }
            }
            RaceNews::Started {
                seed,
                version,
                seats,
            } => {
                // An empty list of taken triads always replays.
                if let Ok(race) = Race::following(seed, racers(&seats), &[], version) {
                    self.race = race;
                }
                if let Some(link) = &mut self.table {
                    link.seats = seats;
                }
                self.table_phase = Phase::Racing;
                self.locked_until = None;
                self.shell.restart_clock();
                self.finished = None;
                self.shaking = None;
                self.taken = None;
                self.table_changed();
                self.cursor = 0;
                self.announce_redeals(self.game().opening_redeals().len());
                self.end_if_over();
            }
            RaceNews::Taken {
                by,
                positions,
                seats,
            } => {
                let found = match self.race.apply(positions) {
                    Ok(found) => found,
                    Err(e) => {
                        self.say(
                            &format!("Lost track of the race ({e}): leave and join again."),
                            true,
                        );
                        return;
                    }
                };
                self.race.set_racers(racers(&seats));
                if let Some(link) = &mut self.table {
                    link.seats = seats;
                }
                self.table_changed();
                if self.table.as_ref().and_then(|t| t.you) == Some(by) {
                    let n = self.race.racers().get(by).map_or(0, |r| r.found);
                    self.say(&super::triad_taken(n, true), false);
                } else {
                    self.taken = Some((positions, self.shell.now + Duration::from_millis(1500)));
                    self.say(&format!("{} took a triad.", self.name_at(by)), false);
                }
                self.announce_redeals(found.redeals.len());
                self.end_if_over();
            }
            RaceNews::Wrong {
                by,
                positions,
                reason,
                seats,
            } => {
                self.race.set_racers(racers(&seats));
                let mine = self.table.as_ref().and_then(|t| t.you) == Some(by);
                if let Some(link) = &mut self.table {
                    link.seats = seats;
                }
                if mine {
                    self.locked_until = Some(self.shell.now + LOCKOUT);
                    self.shaking = Some((positions, self.shell.now + super::SHAKE));
                    self.say(
                        &format!("Not a triad: {reason}. One point lost; locked out for 3 s."),
                        true,
                    );
                } else {
                    let name = self.name_at(by);
                    self.say(
                        &format!("{name} claimed a wrong triad ({reason}): one point lost."),
                        false,
                    );
                }
            }
            // The shell takes the table's words every race screen takes alike.
            RaceNews::Notice(_) | RaceNews::Refused(_) | RaceNews::Closed(_) => {}
        }
    }

    /// The race at the table is over when the copy of it is.
    fn end_if_over(&mut self) {
        if self.race.is_over() && self.finished.is_none() {
            if self.table.is_some() {
                self.table_phase = Phase::Over;
            }
            self.finish();
        }
    }

    /// The scores as the status bar shows them: each player, marked when away or locked
    /// out, this screen's player first.
    pub(crate) fn table_scores(&self) -> Vec<String> {
        let Some(link) = &self.table else {
            return Vec::new();
        };
        let mut order: Vec<usize> = (0..link.seats.len()).collect();
        if let Some(you) = link.you {
            order.sort_by_key(|&i| i != you);
        }
        order
            .into_iter()
            .filter_map(|i| {
                let seat = link.seats.get(i)?;
                let away = seat.state == crate::controller::table::SeatState::Away;
                let mut text = format!(
                    "{} {}",
                    seat::alone(&seat.racer.name, away),
                    seat.racer.score
                );
                if Some(i) == link.you {
                    text = format!("{YOU} {}", seat.racer.score);
                    if self.locked_until.is_some_and(|u| u > self.shell.now) {
                        text.push_str(" locked");
                    }
                }
                Some(text)
            })
            .collect()
    }
}
