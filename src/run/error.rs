//! Why a command stopped: one typed error for every command, each variant keeping its source.

use std::io;

use crate::autosave::AutosaveError;
use crate::controller::DuelError;
use crate::games::UnknownStrategy;
use crate::record::RecordError;
use crate::sim::SimError;
use crate::ssh::HostKeyError;

/// A command's failure. All but [`Error::Unexpected`] are something the user can act on (a
/// file, a flag, the input, the terminal): the binary prints them as one line,
/// `error: <Display>`, and exits with code 2. [`Error::Reported`] has been said already.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A flag, a combination of flags or an input the command refuses, said whole.
    #[error("{0}")]
    Usage(String),
    /// Already said on standard error (a text mode whose input failed).
    #[error("the error was already reported")]
    Reported,
    /// Standard output failed for another reason than a closed pipe.
    #[error("cannot write output: {0}")]
    Output(#[source] io::Error),
    /// The full-screen UI could not take or drive the terminal.
    #[error("terminal: {0}")]
    Terminal(#[source] io::Error),
    #[error(transparent)]
    Duel(#[from] DuelError),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Autosave(#[from] AutosaveError),
    #[error(transparent)]
    HostKey(#[from] HostKeyError),
    #[error(transparent)]
    Sim(#[from] SimError),
    #[error(transparent)]
    Strategy(#[from] UnknownStrategy),
    /// A flag's value refused, said after the flag's name: `--size: …`.
    #[error("{flag}: {source}")]
    Flag {
        flag: String,
        #[source]
        source: Cause,
    },
    /// A game's own refusal (its setup files, a card, a position), said as the game says it;
    /// each game's registry entry turns its errors into this.
    #[error(transparent)]
    Game(Cause),
    /// The server's runtime could not be built.
    #[error("cannot start the server: {0}")]
    Runtime(#[source] io::Error),
    /// The server could not listen where asked.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: std::net::SocketAddr,
        #[source]
        source: io::Error,
    },
    /// A failure no input should cause (a bug): reported with its source chain.
    #[error(transparent)]
    Unexpected(Cause),
}

/// The error behind a [`Error::Flag`] or an [`Error::Unexpected`], its own chain kept.
pub type Cause = Box<dyn std::error::Error + Send + Sync + 'static>;

impl Error {
    /// A refused value of `flag`, for why `source` says.
    pub fn flag(flag: &str, source: impl Into<Cause>) -> Error {
        Error::Flag {
            flag: flag.to_string(),
            source: source.into(),
        }
    }

    /// A game's own refusal, `source` saying why.
    pub fn game(source: impl Into<Cause>) -> Error {
        Error::Game(source.into())
    }

    /// Whether this is a bug rather than something the user can fix.
    pub fn is_unexpected(&self) -> bool {
        matches!(self, Error::Unexpected(_))
    }
}

impl From<serde_json::Error> for Error {
    /// The answers serialized are plain numbers and names: failing to is a bug.
    fn from(e: serde_json::Error) -> Error {
        Error::Unexpected(Box::new(e))
    }
}

impl From<clap::Error> for Error {
    /// The arguments built for a match chosen on the home screen are always valid.
    fn from(e: clap::Error) -> Error {
        Error::Unexpected(Box::new(e))
    }
}

#[cfg(test)]
mod tests {
    use std::error::Error as _;

    use super::*;

    #[test]
    fn a_wrapped_error_reads_exactly_as_its_source() {
        let inner = AutosaveError::NoDataDir;
        let said = inner.to_string();
        let error = Error::from(inner);
        assert_eq!(error.to_string(), said);
        assert!(!error.is_unexpected());
    }

    #[test]
    fn listening_failure_names_the_address_and_keeps_the_cause() {
        let error = Error::Listen {
            addr: ([127, 0, 0, 1], 2222).into(),
            source: io::Error::from(io::ErrorKind::AddrInUse),
        };
        let cause = io::Error::from(io::ErrorKind::AddrInUse).to_string();
        assert_eq!(
            error.to_string(),
            format!("cannot listen on 127.0.0.1:2222: {cause}")
        );
        assert_eq!(error.source().map(|e| e.to_string()), Some(cause));
    }

    #[test]
    fn a_refused_flag_value_is_named_by_its_flag_and_keeps_the_cause() {
        let error = Error::flag("--size", String::from("a board is 1 to 99 cells a side"));
        assert_eq!(error.to_string(), "--size: a board is 1 to 99 cells a side");
        let cause = error.source().map(|e| e.to_string());
        assert_eq!(cause.as_deref(), Some("a board is 1 to 99 cells a side"));
    }

    #[test]
    fn a_json_failure_is_a_bug_not_a_user_error() {
        let bad = serde_json::from_str::<u8>("x").unwrap_err();
        assert!(Error::from(bad).is_unexpected());
    }

    #[test]
    fn a_terminal_failure_says_its_cause_on_its_one_line() {
        let error = Error::Terminal(io::Error::other("no such device"));
        assert_eq!(error.to_string(), "terminal: no such device");
        assert!(!error.is_unexpected());
        assert_eq!(
            error.source().map(|e| e.to_string()).as_deref(),
            Some("no such device")
        );
    }

    #[test]
    fn a_bug_reaches_the_report_with_its_whole_chain() {
        /// A failure that keeps its cause, as the ones behind a bug do.
        #[derive(Debug, thiserror::Error)]
        #[error("count: {0}")]
        struct Count(#[source] std::num::ParseIntError);

        let refused = Count("x".parse::<u8>().unwrap_err());
        let inner = refused.source().map(|e| e.to_string()).unwrap_or_default();
        assert!(!inner.is_empty(), "the cause says something");
        let report = color_eyre::Report::from(Error::Unexpected(Box::new(refused)));
        let chain: Vec<String> = report.chain().map(ToString::to_string).collect();
        assert_eq!(chain, [format!("count: {inner}"), inner]);
    }
}
