//! A Hex paths race at a server's table, as one screen follows it: the screen keeps a copy
//! of the game and changes it only by the table's happenings, sends its player's move to be
//! announced (the table keeps it secret until the time is up), and plays out the moves the
//! table demonstrates.

use crate::words::{count, subject};
use std::time::Duration;

use super::{HexPathsScreen, Phase};
use crate::controller::race_table;
use crate::controller::race_table::hexpaths::{HexJoined, HexNews, HexRequest};
use crate::controller::table::{SeatState, TableId};
use crate::games::hexpaths::round::{Game, Happening, RoundError};
use crate::tui::keymap::ScreenAction as Action;
use crate::tui::race_screen::{self, Requests, Rivals, TableLink};
use crate::tui::view::theme::Theme;

/// How a request reaches the table.
pub type Ask = race_screen::Ask<HexRequest>;

/// The screen's tie to its table: each player's presence, in order, as its seats.
pub type HexLink = TableLink<HexRequest, SeatState>;

impl Requests for HexRequest {
    fn start() -> Self {
        HexRequest::Start
    }
    fn add_rival() -> Self {
        HexRequest::AddRival
    }
    fn again() -> Self {
        HexRequest::Again
    }
}

/// Why a screen cannot follow the game at the table it joined: something the table says
/// happened does not apply to the game dealt.
#[derive(Debug, thiserror::Error)]
#[error("cannot follow the game at table {table}: {reason}")]
pub struct FollowError {
    pub table: TableId,
    #[source]
    pub reason: RoundError,
}

impl HexPathsScreen {
    /// A screen following the game at the table just joined; `ask` sends to the table.
    pub fn at_table(
        joined: HexJoined,
        ask: Ask,
        size: (u16, u16),
        theme: Theme,
    ) -> Result<HexPathsScreen, FollowError> {
        let game = Game::new(joined.seed, joined.settings.clone(), Vec::new());
        let mut app = HexPathsScreen::build(game, 0, Rivals::new([]), size, theme);
        app.table = Some(TableLink::new(joined.table, joined.seats, joined.you, ask));
        for happening in &joined.happenings {
            app.game.apply(happening).map_err(|reason| FollowError {
                table: joined.table,
                reason,
            })?;
        }
        app.pieces = app.game.pieces().to_vec();
        app.phase = if joined.phase == race_table::Phase::Waiting {
            Phase::Waiting
        } else if app.game.is_over() {
            Phase::Over
        } else if let Some(round) = app.game.round() {
            app.pieces = round.pieces.clone();
            app.picked = round.objective.piece;
            app.shell.set_clock(joined.elapsed);
            Phase::Thinking
        } else {
            // Between rounds: the countdown goes on from where the table has it.
            let gone = crate::controller::race_table::hexpaths::BETWEEN_ROUNDS
                .saturating_sub(joined.next_in.unwrap_or_default());
            app.shell.set_clock(gone);
            Phase::Done
        };
        if app.phase == Phase::Waiting {
            app.say(&app.waiting_line(), false);
        }
        Ok(app)
    }

    /// The table this screen follows, if any.
    pub fn table(&self) -> Option<&HexLink> {
        self.table.as_ref()
    }

    fn waiting_line(&self) -> String {
        let n = self.game.players().len();
        format!("Waiting for players ({n} so far): s starts the game, + seats a computer rival")
    }

    pub(super) fn ask_table(&mut self, request: HexRequest) {
        if let Some(link) = &mut self.table {
            link.ask(request);
        }
    }

    /// This screen's player at the table.
    pub(super) fn table_you(&self) -> Option<usize> {
        self.table.as_ref().and_then(|t| t.you)
    }

    /// Whether this screen watches a table, with no place at it.
    pub(super) fn watching(&self) -> bool {
        self.table.as_ref().is_some_and(|t| t.you.is_none())
    }

    /// Actions with a meaning of their own at a table; `true` when the action was used here.
    pub(super) fn on_table_key(&mut self, action: Action) -> bool {
        let Some(link) = &mut self.table else {
            return false;
        };
        let stage = match self.phase {
            Phase::Waiting => race_table::Phase::Waiting,
            Phase::Over => race_table::Phase::Over,
            _ => race_table::Phase::Racing,
        };
        if link.common_key(action, stage) {
            return true;
        }
        let playing = link.you.is_some();
        match action {
            Action::Continue if self.phase == Phase::Done && playing && self.showing_done() => {
                self.ask_table(HexRequest::Next)
            }
            Action::TimesUp if self.phase == Phase::Thinking && playing => {
                self.ask_table(HexRequest::Done)
            }
            Action::TimesUp | Action::Announce(_) => {}
            _ => return false,
        }
        true
    }

    /// Sends the move entered to be announced.
    pub(super) fn announce_at_table(&mut self) {
        let steps = self.steps.clone();
        if let Err(why) = self.game.check(&steps) {
            return self.say(&format!("Not a solution yet: {why}."), true);
        }
        self.ask_table(HexRequest::Announce(steps));
    }

    /// Takes in the table's news of the game.
    pub(super) fn on_hex_news(&mut self, news: HexNews) {
        match news {
            HexNews::Happened(happening) => self.follow(happening),
            HexNews::NewGame { seed, happenings } => {
                let mut game = Game::new(seed, self.game.settings().clone(), Vec::new());
                for happening in &happenings {
                    if let Err(e) = game.apply(happening) {
                        return self.say(
                            &format!("Lost track of the game ({e}): leave and join again."),
                            true,
                        );
                    }
                }
                self.game = game;
                self.showing = None;
                self.winner = None;
                self.steps.clear();
                self.pieces = self.game.pieces().to_vec();
            }
            HexNews::Seats { seats, you } => {
                if let Some(link) = &mut self.table {
                    link.seated(seats, you);
                }
                // The list changing says nothing worth hiding a notice for.
                if self.phase == Phase::Waiting && self.shell.note.is_none() {
                    self.say(&self.waiting_line(), false);
                }
            }
            // The shell takes the table's words every race screen takes alike.
            HexNews::Notice(_) | HexNews::Refused(_) | HexNews::Closed(_) => {}
        }
    }

    /// Applies a happening to the copy of the game, and shows it.
    fn follow(&mut self, happening: Happening) {
        let name_of = |game: &Game, i: usize| {
            game.players()
                .get(i)
                .map_or_else(String::new, |p| p.name.clone())
        };
        // What the happening means, worked out before it changes the game.
        let failed = match &happening {
            Happening::Demonstrated { player, steps, .. } => {
                let limit = self.game.round().and_then(|r| r.announced(*player));
                match self.game.check(steps) {
                    Err(why) => Some(why.to_string()),
                    Ok(_) if limit.is_some_and(|l| steps.len() > l) => {
                        Some("longer than announced".to_string())
                    }
                    Ok(_) => None,
                }
            }
            _ => None,
        };
        let optimal = self.game.round().map(|r| r.optimal());
        if let Err(e) = self.game.apply(&happening) {
            self.say(
                &format!("Lost track of the game ({e}): leave and join again."),
                true,
            );
            return;
        }
        match happening {
            Happening::Joined(_) | Happening::Left(_) => {}
            Happening::RoundStarted => {
                self.phase = Phase::Thinking;
                self.steps.clear();
                self.showing = None;
                self.winner = None;
                self.shell.restart_clock();
                self.pieces = self.game.pieces().to_vec();
                if let Some(round) = self.game.round() {
                    self.picked = round.objective.piece;
                    let text = format!("Round {}: go!", round.number);
                    self.say(&text, false);
                }
            }
            Happening::Announced { player, steps, .. } => {
                let text = if self.table_you() == Some(player) {
                    format!(
                        "You announce {}; a shorter move may still be found.",
                        count(steps, "step")
                    )
                } else {
                    format!(
                        "{} {}.",
                        subject(&name_of(&self.game, player), "announce"),
                        count(steps, "step")
                    )
                };
                self.say(&text, false);
            }
            Happening::Demonstrated { player, .. } => {
                if let Some(why) = failed {
                    let whose = if self.table_you() == Some(player) {
                        "Your move".to_string()
                    } else {
                        super::whose_move(&name_of(&self.game, player))
                    };
                    self.say(&format!("{whose} fails: {why}; −1."), true);
                }
            }
            Happening::RoundEnded { winner } => {
                self.phase = if self.game.is_over() {
                    Phase::Over
                } else {
                    Phase::Done
                };
                self.steps.clear();
                self.winner = winner.clone();
                let Some(optimal) = optimal else {
                    return;
                };
                let text = match &winner {
                    Some((p, steps)) if steps.len() > optimal => format!(
                        "{} in {} (shortest {optimal}, shown; the pieces stay as moved).",
                        subject(&name_of(&self.game, *p), "win"),
                        count(steps.len(), "step")
                    ),
                    Some((p, steps)) => format!(
                        "{} the round: {} (the shortest).",
                        subject(&name_of(&self.game, *p), "win"),
                        count(steps.len(), "step")
                    ),
                    None => format!(
                        "Nobody won the round; the shortest move: {}.",
                        count(optimal, "step")
                    ),
                };
                self.say(&text, false);
                if let Some((title, steps, from)) = self.last_round_move() {
                    self.show(title, steps, from);
                }
                // The next round begins by itself a while later: the clock says when.
                self.shell.restart_clock();
            }
        }
    }

    /// The scores as the players line shows them at a table: away players marked.
    pub(crate) fn seat_state(&self, i: usize) -> Option<SeatState> {
        self.table.as_ref().and_then(|t| t.seats.get(i).copied())
    }

    /// How long until the next round begins by itself.
    pub(crate) fn next_round_in(&self) -> Option<Duration> {
        (self.table.is_some() && self.phase == Phase::Done).then(|| {
            crate::controller::race_table::hexpaths::BETWEEN_ROUNDS.saturating_sub(self.shell.at())
        })
    }
}
