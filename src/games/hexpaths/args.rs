//! Hex paths' own command line: the flags of `trios play --game hexpaths`, flattened in by
//! the common command line, and the `trios hexpaths` tools.

use clap::{Args, Subcommand};

/// `trios play --game hexpaths`: how the game is played (the rivals, shared with Triad,
/// are a common flag).
#[derive(Debug, Clone, Args)]
pub struct HexpathsArgs {
    /// Hex paths: the people racing at this keyboard (comma-separated names, up to four;
    /// default one).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub players: Vec<String>,
    /// Hex paths: rounds in the game [1-100].
    #[arg(long, value_name = "N", value_parser = crate::flag_value::within::<u32>(1, 100))]
    pub rounds: Option<u32>,
    /// Hex paths: seconds a round lasts [5-3600].
    #[arg(long, value_name = "SECS", value_parser = crate::flag_value::within::<u64>(5, 3600))]
    pub round_secs: Option<u64>,
    /// Hex paths: pieces on the board [1-4].
    #[arg(long, value_name = "N", value_parser = crate::flag_value::within::<u8>(1, 4))]
    pub pieces: Option<u8>,
    /// Hex paths: every round's difficulty (easy, medium, hard, needs-another); by default
    /// it rises through the game.
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<String>,
}

impl HexpathsArgs {
    /// The flags, as a refusal names them when another game is played.
    pub const FLAGS: &'static str = "--players, --rounds, --round-secs, --pieces and --difficulty";

    /// Whether any of these flags was given (other games refuse them).
    pub fn any(&self) -> bool {
        !self.players.is_empty()
            || self.rounds.is_some()
            || self.round_secs.is_some()
            || self.pieces.is_some()
            || self.difficulty.is_some()
    }
}

/// `trios hexpaths …`. The answers `legal` and a path exit 0; `illegal: REASON` and
/// `no path` exit 1; a game string that is not legal where a game is needed, or a number
/// that is not a cell, is `error: …` and exit 2.
#[derive(Debug, Clone, Subcommand)]
pub enum HexpathsTool {
    /// Whether six crannies (18 digits) are legal.
    Crannies {
        #[arg(value_name = "STRING")]
        text: String,
    },
    /// Whether eighteen nooks (72 characters, `NNNL` each) are legal.
    Nooks {
        #[arg(value_name = "STRING")]
        text: String,
    },
    /// Whether a state string is a legal game.
    Game {
        #[arg(value_name = "STRING")]
        text: String,
    },
    /// Whether one step of the piece at FROM ends at TO.
    Step {
        game: String,
        #[arg(value_parser = cell, allow_negative_numbers = true)]
        from: u16,
        #[arg(value_parser = cell, allow_negative_numbers = true)]
        to: u16,
    },
    /// A shortest path of the piece at START to GOAL, the other pieces standing still: the
    /// cells, START first, space-separated.
    Path {
        game: String,
        #[arg(value_parser = cell, allow_negative_numbers = true)]
        start: u16,
        #[arg(value_parser = cell, allow_negative_numbers = true)]
        goal: u16,
    },
    /// A shortest move bringing the piece at PIECE to GOAL, other pieces moving too where
    /// that is shorter: one step a line as `FROM>TO`, then `N steps`.
    Solve {
        game: String,
        #[arg(value_parser = cell, allow_negative_numbers = true)]
        piece: u16,
        #[arg(value_parser = cell, allow_negative_numbers = true)]
        goal: u16,
    },
    /// Print a random legal state string.
    New {
        /// Seed of the draw [0-18446744073709551615]; drawn at random (and printed on
        /// standard error) when absent.
        #[arg(long, value_name = "N", value_parser = crate::flag_value::seed, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Pieces on the board [1-4].
        #[arg(long, value_name = "N", default_value_t = 4,
              value_parser = crate::flag_value::within::<u8>(1, 4))]
        pieces: u8,
    },
    /// Print the canonical state string: crannies and nooks ascending, pieces in order.
    Show { game: String },
}

/// A cell number of Hex paths: 0 to 216, in decimal.
pub fn cell(s: &str) -> Result<u16, CellError> {
    match s.parse::<u16>() {
        Ok(n) if usize::from(n) < super::CELLS => Ok(n),
        _ => Err(CellError(crate::escape::quoted(s))),
    }
}

/// Text that is not a cell's number (kept quoted as given, control characters escaped).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a cell; cells are numbered 0 to 216")]
pub struct CellError(pub String);
