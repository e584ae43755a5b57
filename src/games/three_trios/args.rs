//! Three Trios' own command-line flags: the board, cards, deal and rules of a new game,
//! flattened into `trios play`, `solve`, `sim` and `serve` by the common command line.

use std::path::PathBuf;

use clap::Args;

use super::{DealMode, RuleSet};

/// The setup of a Three Trios game, read before it is dealt.
#[derive(Debug, Clone, Args)]
pub struct ThreeTriosArgs {
    /// Board file (first line `ROWS COLS`, then rows of C and X). Default: the built-in board.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Card file (one card a line: `NAME N S E W`, values 1-9 or A). Default: built-in cards.
    #[arg(long, value_name = "FILE")]
    pub cards: Option<PathBuf>,
    /// How hands are dealt: `shuffle` (seeded) or `in-order` (file order).
    #[arg(long, value_name = "MODE", default_value_t = DealMode::Shuffle)]
    pub deal: DealMode,
    /// Variant rules, a comma list of reverse, fallen-ace, same, plus (or none).
    #[arg(long, value_name = "LIST", default_value = "none")]
    pub rules: RuleSet,
}

impl ThreeTriosArgs {
    /// The built-in board and cards under the standard rules, dealt as `deal` says.
    pub fn built_in(deal: DealMode) -> ThreeTriosArgs {
        ThreeTriosArgs {
            board: None,
            cards: None,
            deal,
            rules: RuleSet::default(),
        }
    }
}
