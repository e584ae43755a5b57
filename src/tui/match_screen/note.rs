//! The line a match screen says things on (a remark, a refusal, a question) and how long
//! each stays true. Each screen decides what it says and when a key clears it; this keeps
//! the text and its end.

use std::time::{Duration, Instant};

use crate::tui::view::message::Message;

/// How long a passing remark (a new game, the speed, a notice from the table) stays.
pub const REMARK_LIFETIME: Duration = Duration::from_secs(6);

/// Something said on the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    /// A refusal or a problem, drawn as an error.
    pub error: bool,
    pub lifetime: Lifetime,
}

/// How long a note stays true (besides the keys that clear it, which each screen decides).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lifetime {
    /// Until the screen clears it (the next key).
    Kept,
    /// Until then.
    Fades(Instant),
    /// Until a move is played or taken back: the match had this many moves when it was said.
    Turn(usize),
    /// As `Turn`, and at the latest until then.
    Until(usize, Instant),
    /// A question: until it is answered.
    Answer,
}

impl Note {
    /// A note of `text` that lasts `lifetime`.
    pub fn new(text: &str, error: bool, lifetime: Lifetime) -> Note {
        Note {
            text: text.to_string(),
            error,
            lifetime,
        }
    }

    /// Its words as every screen's message to its player.
    pub fn message(&self) -> Message {
        Message::new(self.text.clone(), self.error)
    }

    /// When the note runs out by itself, if it has a time (the screen wants a tick then).
    pub fn due(&self) -> Option<Instant> {
        match self.lifetime {
            Lifetime::Fades(at) | Lifetime::Until(_, at) => Some(at),
            Lifetime::Kept | Lifetime::Turn(_) | Lifetime::Answer => None,
        }
    }

    /// Whether the note is no longer true with `moves` played at `now`.
    pub fn expired(&self, moves: usize, now: Instant) -> bool {
        match self.lifetime {
            Lifetime::Kept | Lifetime::Answer => false,
            Lifetime::Fades(at) => now >= at,
            Lifetime::Turn(said) => said != moves,
            Lifetime::Until(said, at) => said != moves || now >= at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_lifetime_ends_as_it_says() {
        let now = Instant::now();
        let later = now + REMARK_LIFETIME;
        let note = |lifetime| Note::new("x", false, lifetime);
        assert!(!note(Lifetime::Kept).expired(9, later));
        assert!(!note(Lifetime::Answer).expired(9, later));
        assert!(!note(Lifetime::Fades(later)).expired(0, now));
        assert!(note(Lifetime::Fades(later)).expired(0, later));
        assert!(!note(Lifetime::Turn(2)).expired(2, later));
        assert!(note(Lifetime::Turn(2)).expired(3, now));
        assert!(!note(Lifetime::Until(2, later)).expired(2, now));
        assert!(note(Lifetime::Until(2, later)).expired(2, later));
        assert!(note(Lifetime::Until(2, later)).expired(1, now));
        assert_eq!(note(Lifetime::Until(2, later)).due(), Some(later));
        assert_eq!(note(Lifetime::Turn(2)).due(), None);
    }
}
