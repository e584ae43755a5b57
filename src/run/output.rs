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

#[cfg(test)]
mod tests {
    use std::error::Error as _;

    use super::*;

    #[test]
    fn a_closed_pipe_is_a_normal_end() {
        let closed = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(matches!(finish::<()>(Err(closed)), Ok(None)));
        assert!(matches!(finish(Ok(7)), Ok(Some(7))));
    }

    #[test]
    fn another_write_failure_says_so_and_keeps_its_cause() {
        let full = io::Error::other("no space left");
        let error = finish::<()>(Err(full)).unwrap_err();
        assert_eq!(error.to_string(), "cannot write output: no space left");
        let cause = error.source().map(|e| e.to_string());
        assert_eq!(cause.as_deref(), Some("no space left"));
        assert!(!error.is_unexpected());
    }

    #[test]
    fn input_that_failed_was_reported_by_the_text_mode() {
        assert!(matches!(
            text_ended(Ok(textui::Ended::InputFailed)),
            Err(Error::Reported)
        ));
        assert!(text_ended(Ok(textui::Ended::Normally)).is_ok());
        let closed = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(text_ended(Err(closed)).is_ok());
    }
}
