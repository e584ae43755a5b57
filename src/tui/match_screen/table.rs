//! A match screen at a shared table: the table plays every move and announces it; the screen
//! queues what was announced and shows it in order, and sends its own player's moves (and
//! new-deal requests) as requests. The screen decides when the next item shows (after the
//! last move's animation, at a watcher's pace); this keeps the queue and the seats.

use std::collections::VecDeque;
use std::time::Instant;

use crate::controller::table::{
    ClockReading, Joined, Kind, News, Request, Role, SeatState, SeatView,
};
use crate::controller::table_game::TableGame;
use crate::games::Side;
use crate::tui::table_link::TableLink;

/// Sends a request to the shared table a screen shows.
pub type ToTable<C> = crate::tui::table_link::Send<Request<C>>;

/// A match shown at a shared table: the link every table screen has, and the duel's queue.
///
/// Invariants: `incoming` holds announced items not shown yet, oldest first; moves in it
/// follow on from the moves shown, or from the deal before them. `link.seats` are the two
/// sides' seats, `link.you` the index of the side played here.
pub struct DuelLink<C: TableGame> {
    pub link: TableLink<Request<C>, SeatView>,
    pub kind: Kind,
    /// Announced and not shown yet, oldest first.
    pub incoming: VecDeque<Incoming<C>>,
    /// A request went to the table and no word has come back yet.
    pub sent: bool,
    /// The finished game's rating changes, as the table told them (empty until then, and
    /// again once a new game is dealt).
    pub rated: Vec<String>,
    /// The table's last reading of the clocks and when it came, on a clocked table.
    pub clock: Option<(ClockReading, Instant)>,
}

/// Announced news waiting to be shown: a move, or a fresh deal after the moves before it.
pub enum Incoming<C: TableGame> {
    Move(C::Move),
    Deal(Box<C>),
    /// The side whose time ran out, after the moves before it.
    OnTime(Side),
}

/// What a piece of news asks the screen to say, once the queue and seats have taken it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// Nothing to say.
    Nothing,
    /// A remark from the table.
    Notice(String),
    /// This screen's own request was turned down, and why.
    Refused(String),
    /// The table closed (the reason is kept in `closed`): what was said before is stale.
    Closed,
}

impl<C: TableGame> DuelLink<C> {
    /// `n` at the table: asks it for a new deal once the game is `over`, or gives why not.
    pub fn ask_new_deal(&mut self, over: bool) -> Result<(), String> {
        if !self.may_ask_new_deal() {
            Err(super::words::NEW_GAMES_IN_THE_LOBBY.to_string())
        } else if !over {
            Err(super::words::new_deal_later(self.two_players()))
        } else {
            self.link.ask(Request::NewDeal);
            Ok(())
        }
    }

    /// The table `joined` describes, nothing announced yet, moves sent through `send`.
    pub fn new(joined: &Joined<C>, send: ToTable<C>) -> DuelLink<C> {
        let you = match joined.role {
            Role::Plays(side) => Some(side.index()),
            Role::Watches => None,
        };
        DuelLink {
            link: TableLink::new(joined.table, joined.seats.to_vec(), you, send),
            kind: joined.kind,
            incoming: VecDeque::new(),
            sent: false,
            rated: Vec::new(),
            clock: joined.clock.map(|reading| (reading, Instant::now())),
        }
    }

    /// What this screen is at the table: the side it plays, or a watcher.
    pub fn role(&self) -> Role {
        match self.link.you {
            Some(side) => Role::Plays(Side::BOTH[side]),
            None => Role::Watches,
        }
    }

    /// Whether the player here is at a two-player table.
    pub fn two_players(&self) -> bool {
        self.kind == Kind::TwoPlayers
    }

    /// Whether this screen may ask for a new deal (against a computer) or a rematch (against
    /// a person): a player at a table still open. The table deals once the game is over.
    pub fn may_ask_new_deal(&self) -> bool {
        self.kind != Kind::Showcase
            && matches!(self.role(), Role::Plays(_))
            && self.link.closed.is_none()
    }

    /// Whether the table still waits for a second player.
    pub fn waiting_for_opponent(&self) -> bool {
        self.link.seats.iter().any(|s| s.state == SeatState::Open)
    }

    /// Whether this screen's request went out and its news has not come back yet, or news
    /// waits to be shown.
    pub fn busy(&self) -> bool {
        self.sent || !self.incoming.is_empty()
    }

    /// Sends `request` and notes that an answer is due.
    pub fn request(&mut self, request: Request<C>) {
        self.sent = true;
        self.link.ask(request);
    }

    /// The number the table's next announced move must carry: counted from the last deal
    /// waiting in the queue, or from the `shown` moves already on screen.
    pub fn next_index(&self, shown: usize) -> usize {
        let mut moves = 0;
        for item in self.incoming.iter().rev() {
            match item {
                Incoming::Move(_) => moves += 1,
                Incoming::Deal(_) => return moves,
                Incoming::OnTime(_) => {}
            }
        }
        shown + moves
    }

    /// Takes in what the table said, `shown` moves being on screen; gives what the screen
    /// should say of it.
    pub fn receive(&mut self, news: News<C>, shown: usize) -> Heard {
        match news {
            News::Moved { index, mv } => {
                self.sent = false;
                // Every move comes once and in order; a repeat is ignored.
                if index == self.next_index(shown) {
                    self.incoming.push_back(Incoming::Move(mv));
                }
                Heard::Nothing
            }
            News::Seats(seats) => {
                self.link.seats = seats.to_vec();
                Heard::Nothing
            }
            News::Notice(text) => Heard::Notice(text),
            News::Refused(text) => {
                self.sent = false;
                Heard::Refused(text)
            }
            News::Rated(lines) => {
                self.rated = lines;
                Heard::Nothing
            }
            News::NewDeal(config) => {
                self.rated.clear();
                // A screen a whole game behind (a slow or paused spectator) finishes the game
                // it shows, then skips the one after rather than fall further behind.
                if let Some(last_deal) = self
                    .incoming
                    .iter()
                    .rposition(|i| matches!(i, Incoming::Deal(_)))
                {
                    self.incoming.truncate(last_deal);
                }
                self.incoming.push_back(Incoming::Deal(config));
                Heard::Nothing
            }
            News::Clock(reading) => {
                self.clock = Some((reading, Instant::now()));
                Heard::Nothing
            }
            News::OnTime(side) => {
                self.sent = false;
                self.incoming.push_back(Incoming::OnTime(side));
                Heard::Nothing
            }
            News::Closed(reason) => {
                // The moves already announced are still shown; nothing more can be played.
                self.link.closed = Some(reason);
                Heard::Closed
            }
        }
    }
}
