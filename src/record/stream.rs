//! The text of a replay written as it is made: each view goes out when the replay reaches it,
//! so a replay holds one view at a time however long the match or large the board.

use std::io::{self, Write};

/// Text written to `out` piece by piece. The first write error is kept and ends the output
/// (a closed pipe, `trios replay FILE | head`, stops the writing, not the checks).
pub struct ReplayOut<W: Write> {
    out: io::BufWriter<W>,
    error: Option<io::Error>,
}

impl<W: Write> ReplayOut<W> {
    pub fn new(out: W) -> ReplayOut<W> {
        ReplayOut {
            out: io::BufWriter::new(out),
            error: None,
        }
    }

    /// Whether output still goes somewhere: when it does not, views need not be made.
    pub fn is_open(&self) -> bool {
        self.error.is_none()
    }

    /// Writes `text` as it is.
    pub fn text(&mut self, text: &str) {
        if self.error.is_none()
            && let Err(e) = self.out.write_all(text.as_bytes())
        {
            self.error = Some(e);
        }
    }

    /// Writes `text` and a line break.
    pub fn line(&mut self, text: &str) {
        self.text(text);
        self.text("\n");
    }

    /// Flushes what is left; the first error met, if any.
    pub fn finish(mut self) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()
    }
}
