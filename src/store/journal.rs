//! Results that could not be written yet, kept in a file in the data folder until the
//! database takes them.
//!
//! One JSON line a result, appended and synced before the players hear it is kept. A result
//! applied twice is rated once (results are keyed by the game's id), so a crash between
//! applying a line and forgetting it loses nothing and counts nothing twice.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use super::Finished;

/// The journal's file name in the data folder.
pub const JOURNAL_FILE: &str = "results-journal.jsonl";
/// The longest line read back; a longer one is damage, skipped with a warning.
const MAX_LINE: usize = 64 * 1024;

/// The journal file.
#[derive(Debug, Clone)]
pub struct Journal {
    path: PathBuf,
}

impl Journal {
    /// The journal in the data folder `dir` (the file is made on the first append).
    pub fn in_dir(dir: &Path) -> Journal {
        Journal {
            path: dir.join(JOURNAL_FILE),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds `result` at the end and syncs it to disk.
    pub fn append(&self, result: &Finished) -> io::Result<()> {
        let mut line = serde_json::to_vec(result).map_err(io::Error::other)?;
        line.push(b'\n');
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)?;
        file.write_all(&line)?;
        file.sync_all()
    }

    /// Every result waiting, oldest first. Lines that cannot be read back (a torn last line
    /// after a crash, damage) are skipped with a warning: they were never acknowledged as
    /// kept, or cannot be.
    pub fn pending(&self) -> io::Result<Vec<Finished>> {
        let file = match File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut out = Vec::new();
        let mut reader = BufReader::new(file);
        let mut line = Vec::new();
        let mut number = 0;
        loop {
            line.clear();
            let read = (&mut reader)
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut line)?;
            if read == 0 {
                break;
            }
            number += 1;
            if line.len() > MAX_LINE {
                tracing::warn!(line = number, "journal line too long; skipped");
                // Skip the rest of the long line.
                let mut rest = Vec::new();
                reader.read_until(b'\n', &mut rest)?;
                continue;
            }
            match serde_json::from_slice::<Finished>(&line) {
                Ok(result) => out.push(result),
                Err(e) => tracing::warn!(line = number, "journal line unreadable ({e}); skipped"),
            }
        }
        Ok(out)
    }

    /// Keeps only `left` (the results still waiting), replacing the file at once; no file
    /// when nothing is left.
    pub fn keep_only(&self, left: &[Finished]) -> io::Result<()> {
        if left.is_empty() {
            return match fs::remove_file(&self.path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            };
        }
        let dir = self.path.parent().unwrap_or(Path::new("."));
        let mut temp = tempfile::NamedTempFile::new_in(dir)?;
        for result in left {
            serde_json::to_writer(&mut temp, result).map_err(io::Error::other)?;
            temp.write_all(b"\n")?;
        }
        temp.as_file().sync_all()?;
        temp.persist(&self.path).map_err(|e| e.error)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Participant;

    fn result(id: &str) -> Finished {
        Finished {
            id: id.into(),
            game: "reversi".into(),
            group: "reversi".into(),
            rated: true,
            started: 1,
            ended: 2,
            summary: "Black wins 40–24".into(),
            record: None,
            players: vec![Participant {
                account: Some(1),
                name: "ann".into(),
                place: 0,
                computer: false,
            }],
        }
    }

    #[test]
    fn results_come_back_in_order_and_a_torn_line_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let journal = Journal::in_dir(dir.path());
        assert!(journal.pending().unwrap().is_empty());
        journal.append(&result("a")).unwrap();
        journal.append(&result("b")).unwrap();
        // A crash in the middle of a third line.
        let mut file = OpenOptions::new()
            .append(true)
            .open(journal.path())
            .unwrap();
        file.write_all(b"{\"id\":\"c\",\"ga").unwrap();
        let ids: Vec<String> = journal
            .pending()
            .unwrap()
            .into_iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(ids, ["a", "b"]);
        journal.keep_only(&[result("b")]).unwrap();
        let ids: Vec<String> = journal
            .pending()
            .unwrap()
            .into_iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(ids, ["b"]);
        journal.keep_only(&[]).unwrap();
        assert!(!journal.path().exists());
    }
}
