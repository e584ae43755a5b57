//! What a race screen adds to its link to a server's race table
//! ([`TableLink`]): the requests every race table takes, and the words it says.

use crate::controller::race_table::Phase;
use crate::tui::keymap::ScreenAction as Action;
use crate::tui::table_link::TableLink;
use crate::tui::view::message::Message;

/// How a claim or request reaches the table.
pub type Ask<Request> = crate::tui::table_link::Send<Request>;

/// The requests every race table takes, as each game spells them.
pub trait Requests {
    /// Begin the race.
    fn start() -> Self;
    /// Seat one more computer rival before the race begins.
    fn add_rival() -> Self;
    /// Another race for the same players, once this one is over.
    fn again() -> Self;
}

impl<Request: Requests, Seat> TableLink<Request, Seat> {
    /// The keys every race table reads alike, and only from a player: `s` starts and `+`
    /// seats a rival while players gather, `n` asks for another race once it is over.
    /// `true` when the key asked the table.
    pub(crate) fn common_key(&mut self, action: Action, phase: Phase) -> bool {
        if self.you.is_none() {
            return false;
        }
        let request = match (action, phase) {
            (Action::StartRace, Phase::Waiting) => Request::start(),
            (Action::AddRival, Phase::Waiting) => Request::add_rival(),
            (Action::NewGame, Phase::Over) => Request::again(),
            _ => return false,
        };
        self.ask(request);
        true
    }
}

/// What a table says that every race screen takes in alike.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Word {
    /// Something for everyone there to read.
    Notice(String),
    /// What this screen asked was refused, and why.
    Refused(String),
    /// The table closed, and why.
    Closed(String),
}

impl<Request, Seat> TableLink<Request, Seat> {
    /// Takes in `word`: the line the status bar shows.
    pub(crate) fn hear(&mut self, word: Word) -> Message {
        match word {
            Word::Notice(text) => Message::info(text),
            Word::Refused(text) => Message::error(format!("{text}.")),
            Word::Closed(why) => Message::error(self.close(&why)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn words_read_as_the_status_line_says_them_and_requests_reach_the_table() {
        let asked = Arc::new(Mutex::new(Vec::new()));
        let sent = Arc::clone(&asked);
        let ask: Ask<u8> = Box::new(move |r| sent.lock().map(|mut v| v.push(r)).unwrap_or(()));
        let mut client: TableLink<u8, ()> = TableLink::new(7, vec![()], Some(0), ask);
        client.ask(3);
        assert_eq!(*asked.lock().unwrap(), vec![3]);
        assert_eq!(
            client.hear(Word::Notice("ann joined".into())),
            Message::info("ann joined")
        );
        assert_eq!(
            client.hear(Word::Refused("Only the opener can start".into())),
            Message::error("Only the opener can start.")
        );
        assert_eq!(client.closed, None);
        assert_eq!(
            client.hear(Word::Closed("the server is stopping".into())),
            Message::error("The table closed: the server is stopping. q goes back to the lobby.")
        );
        assert_eq!(client.closed.as_deref(), Some("the server is stopping"));
        client.seated(Vec::new(), None);
        assert_eq!(client.you, None);
    }

    impl Requests for &'static str {
        fn start() -> Self {
            "start"
        }
        fn add_rival() -> Self {
            "rival"
        }
        fn again() -> Self {
            "again"
        }
    }

    #[test]
    fn common_keys_ask_only_from_a_player_and_only_when_they_mean_something() {
        let asked = Arc::new(Mutex::new(Vec::new()));
        let sent = Arc::clone(&asked);
        let ask: Ask<&'static str> =
            Box::new(move |r| sent.lock().map(|mut v| v.push(r)).unwrap_or(()));
        let mut client: TableLink<&'static str, ()> = TableLink::new(1, vec![], Some(0), ask);
        assert!(client.common_key(Action::StartRace, Phase::Waiting));
        assert!(client.common_key(Action::AddRival, Phase::Waiting));
        assert!(!client.common_key(Action::StartRace, Phase::Racing));
        assert!(!client.common_key(Action::NewGame, Phase::Racing));
        assert!(client.common_key(Action::NewGame, Phase::Over));
        client.seated(vec![], None);
        assert!(!client.common_key(Action::NewGame, Phase::Over));
        assert_eq!(*asked.lock().unwrap(), vec!["start", "rival", "again"]);
    }
}
