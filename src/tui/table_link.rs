//! A screen's link to the shared table it shows, the same for duels and races: the table's
//! number, its seats as the table last told them, this screen's seat, how a request reaches
//! the table, and why the table closed once it has. Each kind of screen adds what it keeps
//! of the table's news (a duel its queue of moves, a race its words).

use crate::controller::table::TableId;

/// How a request reaches the table.
pub type Send<Request> = Box<dyn FnMut(Request) + std::marker::Send>;

/// The link to a table whose requests are `Request` and whose seats it describes as `Seat`s.
pub struct TableLink<Request, Seat> {
    pub id: TableId,
    /// Each seat, in the table's order, as the table last told them.
    pub seats: Vec<Seat>,
    /// This screen's seat; `None` when watching.
    pub you: Option<usize>,
    send: Send<Request>,
    /// Why the table closed, once it has.
    pub closed: Option<String>,
}

impl<Request, Seat> TableLink<Request, Seat> {
    /// The link to table `id`, seated as `seats` say with this screen at `you`, requests
    /// going through `send`.
    pub fn new(id: TableId, seats: Vec<Seat>, you: Option<usize>, send: Send<Request>) -> Self {
        TableLink {
            id,
            seats,
            you,
            send,
            closed: None,
        }
    }

    /// Sends `request` to the table.
    pub fn ask(&mut self, request: Request) {
        (self.send)(request);
    }

    /// The seats and this screen's place, as the table now says.
    pub fn seated(&mut self, seats: Vec<Seat>, you: Option<usize>) {
        self.seats = seats;
        self.you = you;
    }

    /// The table closed for `why`: kept, and the words every screen says of it.
    pub fn close(&mut self, why: &str) -> String {
        self.closed = Some(why.to_string());
        format!("The table closed: {why}. q goes back to the lobby.")
    }
}
