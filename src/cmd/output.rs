//! Standard output for the commands: a closed pipe (`trios … | head`) is a normal way to stop
//! reading, not an error. Written once here for every command.

use std::io::{self, Write};

use super::Error;
use crate::textui;

/// Gives `None` for a closed output pipe, the value otherwise; any other failure is an error.
pub fn finish<T>(result: io::Result<T>) -> Result<Option<T>, Error> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(None),
        Err(e) => Err(Error::Output(e)),
    }
}

/// Writes `text` to standard output.
pub fn write_out(text: &str) -> Result<(), Error> {
    finish(io::stdout().lock().write_all(text.as_bytes())).map(drop)
}

/// How a text mode ended, as the binary reports it: input that failed was said already.
pub fn text_ended(ended: io::Result<textui::Ended>) -> Result<(), Error> {
    match finish(ended)? {
        Some(textui::Ended::InputFailed) => Err(Error::Reported),
        _ => Ok(()),
    }
}
