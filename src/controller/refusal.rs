//! Why a table or the registry of tables said no: the words shown to the person, kept apart
//! from the failures of the registry itself (a closed table, a thread that would not start).

use super::duel::DuelError;
use super::table::TableId;
use super::tables::SEATS_PER_PERSON;

/// A table's refusal, in the words shown to the person who asked (for instance "you already
/// play at this table in another session"). The text is the whole of it: nothing failed
/// underneath.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

impl Refused {
    /// A refusal saying `words`.
    pub fn new(words: impl Into<String>) -> Refused {
        Refused(words.into())
    }
}

/// What went wrong opening, joining or reaching a table.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The table is gone (or going), so it takes no more commands.
    #[error("table {0} has closed")]
    Closed(TableId),
    /// The table plays another game than the command was for.
    #[error("table {0} plays another game")]
    OtherGame(TableId),
    /// The table took no notice of a join within the time allowed.
    #[error("table {0} did not answer")]
    NoAnswer(TableId),
    /// Opening one more table would give the person more than [`SEATS_PER_PERSON`] seats,
    /// and every table they hold has somebody else at it.
    #[error(
        "you already have seats at {held} tables (at most {SEATS_PER_PERSON} a person); \
         go back to one of them, or wait until one ends"
    )]
    TooManySeats { held: usize },
    /// The operating system would not start the table's thread.
    #[error("cannot start the table: {0}")]
    Spawn(#[source] std::io::Error),
    /// The table's first match could not be dealt.
    #[error(transparent)]
    Start(#[from] DuelError),
    /// The table itself said no.
    #[error(transparent)]
    Refused(#[from] Refused),
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    #[test]
    fn the_words_are_the_ones_people_saw_before() {
        assert_eq!(TableError::Closed(7).to_string(), "table 7 has closed");
        assert_eq!(
            TableError::OtherGame(7).to_string(),
            "table 7 plays another game"
        );
        assert_eq!(
            TableError::NoAnswer(7).to_string(),
            "table 7 did not answer"
        );
        assert_eq!(
            TableError::TooManySeats { held: 3 }.to_string(),
            "you already have seats at 3 tables (at most 3 a person); \
             go back to one of them, or wait until one ends"
        );
        let refused = TableError::from(Refused::new("the seat is no longer yours"));
        assert_eq!(refused.to_string(), "the seat is no longer yours");
    }

    #[test]
    fn a_thread_that_would_not_start_keeps_its_cause() {
        let cause = std::io::Error::other("no threads left");
        let e = TableError::Spawn(cause);
        assert_eq!(e.to_string(), "cannot start the table: no threads left");
        assert_eq!(
            e.source().map(|s| s.to_string()).as_deref(),
            Some("no threads left")
        );
    }
}
