//! A board or card file as a match keeps it: its name and whole text, so a match can be
//! dealt again (and a record replayed) without the original files.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::config::{self, ConfigError};

/// A board or card file: the name it is reported by, and its whole text. Records keep the
/// text so a match can be replayed without the original files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

impl SourceFile {
    /// Reads a board file and checks it parses, so problems surface before play.
    pub fn read_board(path: &Path) -> Result<SourceFile, ConfigError> {
        let bytes = config::read_bytes(path)?;
        let name = path.display().to_string();
        config::parse_grid(&name, &bytes)?;
        Ok(SourceFile::from_checked(name, &bytes))
    }

    /// Reads a card file and checks it parses.
    pub fn read_cards(path: &Path) -> Result<SourceFile, ConfigError> {
        let bytes = config::read_bytes(path)?;
        let name = path.display().to_string();
        config::parse_cards(&name, &bytes)?;
        Ok(SourceFile::from_checked(name, &bytes))
    }

    /// Keeps the text of a file that parsed. Every line the parser reads is valid UTF-8, so a
    /// lossy conversion can only touch ignored lines (after a grid's last row).
    fn from_checked(name: String, bytes: &[u8]) -> SourceFile {
        SourceFile {
            name,
            text: String::from_utf8_lossy(bytes).into_owned(),
        }
    }

    /// The board file at `path`, or the built-in one when there is none.
    pub fn board_or_default(path: Option<&Path>) -> Result<SourceFile, ConfigError> {
        path.map_or_else(|| Ok(SourceFile::default_board()), SourceFile::read_board)
    }

    /// The card file at `path`, or the built-in one when there is none.
    pub fn cards_or_default(path: Option<&Path>) -> Result<SourceFile, ConfigError> {
        path.map_or_else(|| Ok(SourceFile::default_cards()), SourceFile::read_cards)
    }

    /// The board built into trios.
    pub fn default_board() -> SourceFile {
        SourceFile {
            name: config::DEFAULT_BOARD_NAME.into(),
            text: config::DEFAULT_BOARD.into(),
        }
    }

    /// The card file built into trios.
    pub fn default_cards() -> SourceFile {
        SourceFile {
            name: config::DEFAULT_CARDS_NAME.into(),
            text: config::DEFAULT_CARDS.into(),
        }
    }
}
