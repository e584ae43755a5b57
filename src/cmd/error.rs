//! Why a command stopped: one typed error for every command, each variant keeping its source.

use std::io;

use crate::autosave::AutosaveError;
use crate::controller::{DuelError, StartError};
use crate::games::UnknownStrategy;
use crate::games::three_trios::config::ConfigError;
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
    Config(#[from] ConfigError),
    #[error(transparent)]
    Start(#[from] StartError),
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
    Unexpected(Box<dyn std::error::Error + Send + Sync + 'static>),
}

impl Error {
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
