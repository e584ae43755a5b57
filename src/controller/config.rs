//! The full setup of a match, from files or the embedded defaults: enough to deal it again.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::seat::Seat;
use crate::games::three_trios::ai::AiOptions;
use crate::games::three_trios::config::{self, ConfigError, ConfigErrorKind};
use crate::games::three_trios::{Deal, DealMode, Game, Player, RuleSet};

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

/// Everything that decides a match before the first move.
///
/// Invariant: the same config deals the same game on every machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchConfig {
    pub board: SourceFile,
    pub cards: SourceFile,
    pub deal: DealMode,
    /// Drives the shuffle and any random computer player. Always set, so every game can be
    /// reproduced.
    pub seed: u64,
    pub rules: RuleSet,
    pub red: Seat,
    pub blue: Seat,
    /// Thinking time per move for searching computer players, in milliseconds.
    #[serde(default = "default_think_ms")]
    pub think_ms: u64,
}

fn default_think_ms() -> u64 {
    AiOptions::default().think_ms
}

impl MatchConfig {
    /// The deal this config asks for.
    pub fn deal(&self) -> Deal {
        match self.deal {
            DealMode::InOrder => Deal::InOrder,
            DealMode::Shuffle => Deal::Shuffle { seed: self.seed },
        }
    }

    pub fn seat(&self, player: Player) -> &Seat {
        match player {
            Player::Red => &self.red,
            Player::Blue => &self.blue,
        }
    }

    /// Whether the seed changes the game: a shuffled deal or a random computer seat. Only
    /// then must a drawn seed be shown for the game to be reproducible.
    pub fn depends_on_seed(&self) -> bool {
        self.deal == DealMode::Shuffle || [&self.red, &self.blue].iter().any(|s| s.is_random())
    }

    /// Options for this match's computer players.
    pub fn ai_options(&self) -> AiOptions {
        AiOptions {
            think_ms: self.think_ms,
        }
    }

    /// The seed for a computer seat: derived from the match seed, different per colour.
    pub fn ai_seed(&self, player: Player) -> u64 {
        MatchConfig::ai_seed_of(self.seed, player)
    }

    /// [`MatchConfig::ai_seed`] for a match seed alone. `trios sim` seeds its players with it,
    /// so each simulated game plays like `trios play` with that game's seed.
    pub fn ai_seed_of(seed: u64, player: Player) -> u64 {
        seed.rotate_left(17)
            .wrapping_add(0xA076_1D64_78BD_642F_u64.wrapping_mul(player as u64 + 1))
    }

    /// Parses both files and deals a fresh game.
    pub fn new_game(&self) -> Result<Game, ConfigError> {
        let grid = config::parse_grid(&self.board.name, self.board.text.as_bytes())?;
        let cards = config::parse_cards(&self.cards.name, self.cards.text.as_bytes())?;
        config::check_deck_size(&grid, &cards, &self.cards.name)?;
        Game::new(grid, cards, self.rules, self.deal()).map_err(|e| ConfigError {
            file: self.cards.name.clone(),
            line: None,
            col: None,
            kind: ConfigErrorKind::TooManyCards,
            message: e.to_string(),
        })
    }
}
