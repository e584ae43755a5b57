//! Triad's own command line: the `trios triad` card tools.

use clap::Subcommand;

/// `trios triad …`.
#[derive(Debug, Clone, Subcommand)]
pub enum TriadTool {
    /// Print `triad` or `not a triad` for three cards.
    Check {
        #[arg(value_name = "CARD", num_args = 3, required = true)]
        cards: Vec<String>,
    },
    /// Print every triad among the cards as `I J K` (0-based positions, ascending), then
    /// `N triads`.
    Find {
        #[arg(value_name = "CARD")]
        cards: Vec<String>,
    },
}
