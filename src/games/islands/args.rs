//! Islands of Hex's own command-line flags, flattened into `trios play` and `trios sim` by
//! the common command line, and the parser of a board side.

use clap::Args;

use super::MAX_SIZE;
use crate::games::sim_seats::{SeatFlags, SimSeats};

/// `trios play --game islands`: the seats and the board. Checked against the strategies
/// when the match starts.
#[derive(Debug, Clone, Args)]
pub struct IslandsArgs {
    /// Islands of Hex: white's seat (moves first, joins top to bottom): `human` or `random`.
    #[arg(long, value_name = "SEAT")]
    pub white: Option<String>,
    /// Islands of Hex: black's seat (joins left to right): `human` or `random`.
    #[arg(long, value_name = "SEAT")]
    pub black: Option<String>,
    /// Islands of Hex: the board's side [1-5000] (default 11).
    #[arg(long, value_name = "N", value_parser = board_side)]
    pub size: Option<usize>,
}

impl IslandsArgs {
    /// The flags, as a refusal names them when another game is played.
    pub const FLAGS: &'static str = "--white, --black and --size";

    /// Whether any of these flags was given (other games refuse them).
    pub fn any(&self) -> bool {
        self.white.is_some() || self.black.is_some() || self.size.is_some()
    }
}

/// `trios sim --game islands`'s flags for white and black.
#[derive(Debug, Clone)]
pub struct IslandsSeats;

impl SeatFlags for IslandsSeats {
    const FIRST: &'static str = "white";
    const FIRST_HELP: &'static str =
        "Islands of Hex: strategy `a`, playing white (first) and black with --swap";
    const SECOND: &'static str = "black";
    const SECOND_HELP: &'static str =
        "Islands of Hex: strategy `b`, playing black and white with --swap";
}

/// `trios sim --game islands`: the two strategies and the board.
#[derive(Debug, Clone, Args)]
pub struct IslandsSimArgs {
    #[command(flatten)]
    pub seats: SimSeats<IslandsSeats>,
    /// Islands of Hex: the board's side [1-5000] (default 11).
    #[arg(long, value_name = "N", value_parser = board_side)]
    pub size: Option<usize>,
}

/// A board side: 1 to [`MAX_SIZE`].
pub fn board_side(s: &str) -> Result<usize, super::BoardSizeError> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(super::BoardSizeError(crate::escape::quoted(s))),
    }
}
