//! Personal bests at Triad solitaire, kept in the data folder as `triad-bests.json`: the
//! fastest whole game, the fastest time a triad, the most triads in a game, and how many
//! games were finished.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The file name in the data folder.
pub const FILE: &str = "triad-bests.json";

/// What the player has done best so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Bests {
    pub games: u32,
    pub fastest_secs: Option<f64>,
    pub best_secs_per_triad: Option<f64>,
    pub most_triads: u32,
}

/// One finished game, and which bests it beat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Finished {
    pub secs: f64,
    pub triads: u32,
    pub new_fastest: bool,
    pub new_per_triad: bool,
    pub new_most: bool,
}

impl Bests {
    /// Counts a finished game of `triads` found in `secs`, keeping what it beat.
    pub fn record(&mut self, secs: f64, triads: u32) -> Finished {
        self.games += 1;
        let per = (triads > 0).then(|| secs / f64::from(triads));
        let new_fastest = self.fastest_secs.is_none_or(|best| secs < best);
        let new_per_triad = per.is_some_and(|p| self.best_secs_per_triad.is_none_or(|b| p < b));
        let new_most = triads > self.most_triads;
        if new_fastest {
            self.fastest_secs = Some(secs);
        }
        if new_per_triad {
            self.best_secs_per_triad = per;
        }
        self.most_triads = self.most_triads.max(triads);
        Finished {
            secs,
            triads,
            new_fastest,
            new_per_triad,
            new_most,
        }
    }
}

/// Where the bests live: the data folder, when there is one.
pub fn path() -> Option<PathBuf> {
    crate::autosave::data_dir().map(|dir| dir.join(FILE))
}

/// The bests in `path`: none yet when the file does not exist; why not when it cannot be
/// read (the game goes on with fresh bests, and says so).
pub fn load(path: &Path) -> Result<Bests, BestsError> {
    use crate::input_file::{CONFIG_LIMIT, read_limited_text};
    match read_limited_text(path, CONFIG_LIMIT) {
        Ok(text) => serde_json::from_str(&text).map_err(|source| BestsError::NotBests {
            path: path.to_path_buf(),
            source,
        }),
        Err(e) if e.io_kind() == Some(std::io::ErrorKind::NotFound) => Ok(Bests::default()),
        Err(e) => Err(BestsError::Read(e)),
    }
}

/// Why the bests could not be read or kept; each names the file and keeps its cause.
#[derive(Debug, thiserror::Error)]
pub enum BestsError {
    /// The file is there but could not be read (not a regular file, too big, unreadable).
    #[error(transparent)]
    Read(crate::input_file::InputFileError),
    /// The file holds something else than bests.
    #[error("{}: not a bests file ({source})", path.display())]
    NotBests {
        path: PathBuf,
        source: serde_json::Error,
    },
    /// The file or its folder could not be written.
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The bests could not be written as JSON (plain numbers: a bug if ever).
    #[error(transparent)]
    Encode(serde_json::Error),
}

/// Writes the bests to `path` (its folder made if needed), through a temporary file so a
/// failure never leaves half a file.
pub fn save(path: &Path, bests: &Bests) -> Result<(), BestsError> {
    let fail = |source: std::io::Error| BestsError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let text = serde_json::to_string_pretty(bests).map_err(BestsError::Encode)?;
    let temporary = path.with_extension("json.tmp");
    std::fs::write(&temporary, text + "\n").map_err(fail)?;
    std::fs::rename(&temporary, path).map_err(fail)
}

/// `1:05` for 65 seconds; hours when a game runs that long.
pub fn clock(secs: f64) -> String {
    let total = secs.max(0.0) as u64;
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
