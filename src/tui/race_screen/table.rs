//! A race screen's tie to a server's race table: which table, whose place this screen
//! plays (none when watching), the players' seats as the table last said, how requests
//! reach the table, and why it closed.

use crate::controller::table::TableId;

/// How a claim or request reaches the table.
pub type Ask<Request> = Box<dyn Fn(Request) + Send>;

/// The screen's tie to its table, for a game whose requests are `Request` and whose seats
/// the table describes as `Seat`s.
pub struct TableClient<Request, Seat> {
    pub(crate) id: TableId,
    /// This player's place in the race; `None` when watching.
    pub(crate) you: Option<usize>,
    /// Each player's seat, in order.
    pub(crate) seats: Vec<Seat>,
    ask: Ask<Request>,
    /// Why the table closed, once it has.
    pub(crate) closed: Option<String>,
}

impl<Request, Seat> TableClient<Request, Seat> {
    pub(crate) fn new(
        id: TableId,
        you: Option<usize>,
        seats: Vec<Seat>,
        ask: Ask<Request>,
    ) -> Self {
        TableClient {
            id,
            you,
            seats,
            ask,
            closed: None,
        }
    }

    /// Sends `request` to the table.
    pub(crate) fn ask(&self, request: Request) {
        (self.ask)(request);
    }

    /// The seats and this screen's place, as the table now says.
    pub(crate) fn seated(&mut self, seats: Vec<Seat>, you: Option<usize>) {
        self.seats = seats;
        self.you = you;
    }

    /// The table closed for `why`; returns the line the status bar shows.
    pub(crate) fn close(&mut self, why: &str) -> String {
        self.closed = Some(why.to_string());
        format!("The table closed: {why}. q goes back to the lobby.")
    }
}

/// The table client of a screen that may follow one.
pub(crate) fn table_id<R, S>(client: &Option<TableClient<R, S>>) -> Option<TableId> {
    client.as_ref().map(|c| c.id)
}
