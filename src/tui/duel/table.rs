//! The duel screen at a server's table: the table plays every move and announces it; the
//! screen shows the announced moves in order and sends its own player's moves as requests.

use std::collections::VecDeque;
use std::sync::mpsc::Sender;
use std::time::Instant;

use super::{BoardGame, DuelApp, NewDuel, states_of};
use crate::controller::Seat;
use crate::controller::duel::{Duel, DuelConfig, DuelError};
use crate::controller::table::{Joined, Kind, News, Request, Role, SeatState, SeatView, TableId};
use crate::tui::Event;
use crate::tui::view::theme::Theme;

/// Sends a request to the shared table a [`DuelApp`] shows.
pub type ToDuelTable<G> = Box<dyn FnMut(Request<DuelConfig<G>>) + Send>;

/// A match shown at a server's table: the table plays every move and announces it; the
/// screen shows the announced moves in order and sends its own player's moves as requests.
pub(super) struct DuelTable<G: BoardGame> {
    pub(super) id: TableId,
    pub(super) kind: Kind,
    pub(super) role: Role,
    pub(super) seats: [SeatView; 2],
    pub(super) send: ToDuelTable<G>,
    /// Announced and not shown yet, oldest first.
    pub(super) incoming: VecDeque<Incoming<G>>,
    /// A request went to the table and no word has come back yet.
    pub(super) sent: bool,
    /// Why the table closed, once it has.
    pub(super) closed: Option<String>,
}

/// Announced news waiting to be shown: a move, or a fresh deal after the moves before it.
pub(super) enum Incoming<G: BoardGame> {
    Move(G::Move),
    Deal(Box<DuelConfig<G>>),
}

impl<G: BoardGame> DuelTable<G> {
    /// The number the table's next announced move must carry.
    pub(super) fn next_index(&self, shown: usize) -> usize {
        let mut moves = 0;
        for item in self.incoming.iter().rev() {
            match item {
                Incoming::Move(_) => moves += 1,
                Incoming::Deal(_) => return moves,
            }
        }
        shown + moves
    }

    /// Whether this screen may ask for a new deal or a rematch.
    pub(super) fn may_ask_new_deal(&self) -> bool {
        self.kind != Kind::Showcase && matches!(self.role, Role::Plays(_)) && self.closed.is_none()
    }
}

impl<G: BoardGame> DuelApp<G> {
    /// A screen showing a server's table from where `joined` stands: the moves so far are
    /// replayed here, later ones arrive as [`Event::Duel`] news, and this player's moves go
    /// to the table through `send`.
    pub fn at_table(
        joined: Joined<DuelConfig<G>>,
        send: ToDuelTable<G>,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
    ) -> Result<DuelApp<G>, MirrorError<G::Refusal>> {
        let duel = mirror(&joined.config, &joined.moves)?;
        let refuse: NewDuel<G> = Box::new(|_| Err("a table deals its own games".into()));
        let mut app = DuelApp::build(duel, refuse, events, size, theme, false);
        app.table = Some(DuelTable {
            id: joined.table,
            kind: joined.kind,
            role: joined.role,
            seats: joined.seats,
            send,
            incoming: VecDeque::new(),
            sent: false,
            closed: None,
        });
        app.after_move(Instant::now());
        Ok(app)
    }

    /// At a table: why it closed, once it has.
    pub fn table_closed(&self) -> Option<&str> {
        self.table.as_ref().and_then(|t| t.closed.as_deref())
    }

    /// At a table: whether it still waits for a second player.
    pub fn waiting_for_opponent(&self) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| t.seats.iter().any(|s| s.state == SeatState::Open))
    }

    /// At a table: whether this screen's move went out and its news has not come back yet.
    pub(super) fn table_busy(&self) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| t.sent || !t.incoming.is_empty())
    }

    /// What the table said.
    pub(super) fn on_news(&mut self, news: News<DuelConfig<G>>) {
        let shown = self.history().len();
        let Some(table) = &mut self.table else { return };
        match news {
            News::Moved { index, mv } => {
                table.sent = false;
                // Every move comes once and in order; a repeat is ignored.
                if index == table.next_index(shown) {
                    table.incoming.push_back(Incoming::Move(mv));
                }
            }
            News::Seats(seats) => table.seats = seats,
            News::Notice(text) => self.say(&text, false),
            News::Refused(text) => {
                table.sent = false;
                self.say(&text, true);
            }
            News::NewDeal(config) => {
                // A screen a whole game behind finishes the game it shows, then skips the one
                // after rather than fall further behind.
                if let Some(last) = table
                    .incoming
                    .iter()
                    .rposition(|i| matches!(i, Incoming::Deal(_)))
                {
                    table.incoming.truncate(last);
                }
                table.incoming.push_back(Incoming::Deal(config));
            }
            News::Closed(reason) => {
                table.closed = Some(reason);
                self.note = None;
            }
        }
    }

    /// At a table a forced pass is still the player's to send, and only theirs: sent once
    /// the move before it has been shown.
    pub(super) fn send_forced_pass(&mut self) {
        let pass = self.game().forced_pass();
        if self.human_to_move()
            && let Some(pass) = pass
            && let Some(table) = &mut self.table
        {
            table.sent = true;
            (table.send)(Request::Play(pass));
        }
    }

    /// Shows the next announced move (or deal) once the last one's flips have been shown.
    pub(super) fn show_incoming(&mut self, now: Instant) {
        if self.animation.is_some() || (self.paused && !self.step_once) {
            return;
        }
        let Some(next) = self.table.as_mut().and_then(|t| t.incoming.pop_front()) else {
            return;
        };
        self.step_once = false;
        match next {
            Incoming::Move(mv) => {
                // What was said before this move (a refusal, a notice) is stale by now.
                self.note = None;
                self.play(mv, now);
            }
            Incoming::Deal(config) => match mirror(&config, &[]) {
                Ok(duel) => {
                    self.states = states_of(&duel);
                    self.duel = duel;
                    self.queued = None;
                    self.animation = None;
                    self.replay = None;
                    self.log_back = 0;
                    self.after_move(now);
                }
                Err(e) => self.say(&e.to_string(), true),
            },
        }
    }
}

/// Why a screen cannot show the match at the table it joined; `R` is the game's refusal.
#[derive(Debug, thiserror::Error)]
pub enum MirrorError<R: std::error::Error + 'static> {
    /// The table's setup does not start a match here.
    #[error(transparent)]
    Start(#[from] DuelError),
    /// Move `number` (from 1) the table played does not replay on its setup.
    #[error("move {number} of the table does not replay: {reason}")]
    Replay {
        number: usize,
        #[source]
        reason: R,
    },
}

/// A match to show a table's game on: `config` with no computer of its own (the table plays
/// for them), and the moves so far.
fn mirror<G: BoardGame>(
    config: &DuelConfig<G>,
    moves: &[G::Move],
) -> Result<Duel<G>, MirrorError<G::Refusal>> {
    let mut config = config.clone();
    config.seats = [Seat::Human, Seat::Human];
    let mut duel = Duel::start(config, None)?;
    for (n, &mv) in moves.iter().enumerate() {
        duel.play(mv).map_err(|reason| MirrorError::Replay {
            number: n + 1,
            reason,
        })?;
    }
    Ok(duel)
}
