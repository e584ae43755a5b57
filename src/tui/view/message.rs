//! A message to the player: its words, and whether it tells of a refusal or a problem (drawn
//! in the error style). Every screen says things to its player with this one type; the
//! duels' notes add how long one stays (`match_screen::note`).

/// Words for the player, and whether they are an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

impl Message {
    /// Words of news: what just happened.
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            error: false,
        }
    }

    /// Words of a refusal or a problem.
    pub fn error(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            error: true,
        }
    }

    /// `text`, as an error when `error` says so.
    pub fn new(text: impl Into<String>, error: bool) -> Message {
        Message {
            text: text.into(),
            error,
        }
    }
}
