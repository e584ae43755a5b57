//! Reversi's own command-line flags, flattened into `trios play`, `sim`, `solve` and
//! `perft` by the common command line.

use clap::{Args, ValueEnum};

use crate::games::sim_seats::{SeatFlags, SimSeats};

/// `--book on|off`: whether the strong computers open from the opening book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum BookSwitch {
    #[default]
    On,
    Off,
}

/// `trios play --game reversi`: the seats and the start. Checked against the strategies when
/// the match starts.
#[derive(Debug, Clone, Args)]
pub struct ReversiArgs {
    /// Reversi: dark's seat (X, moves first): `human` or a strategy (random, greedy,
    /// positional, level:1 to level:10, expert = level:10; the brief's Human,
    /// RandomComputerPlayer and IntelligentComputerPlayer are accepted too).
    #[arg(long, value_name = "SEAT")]
    pub dark: Option<String>,
    /// Reversi: light's seat (O): `human` or a strategy, as for --dark.
    #[arg(long, value_name = "SEAT")]
    pub light: Option<String>,
    /// Reversi: start from this position (64 characters X, O, - then the side to move).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Reversi: `off` makes the expert think from the first move instead of opening from
    /// its book of opening moves.
    #[arg(long, value_name = "on|off")]
    pub book: Option<BookSwitch>,
    #[command(flatten)]
    pub work: ThinkWork,
}

impl ReversiArgs {
    /// The flags, as a refusal names them when another game is played.
    pub const FLAGS: &'static str = "--dark, --light, --position, --book and --think-work";

    /// Whether any of these flags was given (other games refuse them).
    pub fn any(&self) -> bool {
        self.dark.is_some()
            || self.light.is_some()
            || self.position.is_some()
            || self.book.is_some()
            || self.work.think_work.is_some()
    }
}

/// `--think-work N`: Reversi's computers on a fixed amount of work instead of a clock.
#[derive(Debug, Clone, Copy, Args)]
pub struct ThinkWork {
    /// Reversi: a fixed amount of work a move instead of wall time, for runs that repeat
    /// move for move on any machine: N units of 2,500 positions (about a millisecond each
    /// on the machines trios was measured on; the default of 1000 takes about 0.35 s a move
    /// there) [1-600000].
    #[arg(long, value_name = "N", value_parser = crate::flag_value::within::<u64>(1, 600_000), conflicts_with = "think_ms")]
    pub think_work: Option<u64>,
}

impl ThinkWork {
    /// The budget and whether it is wall time: `--think-ms` on a clock if given, else
    /// `--think-work` (or its default) as work.
    pub fn budget(&self, think_ms: Option<u64>) -> (u64, bool) {
        match (think_ms, self.think_work) {
            (Some(ms), _) => (ms, true),
            (None, work) => (work.unwrap_or(super::levels::DEFAULT_WORK), false),
        }
    }
}

/// `trios sim --game reversi`'s flags for dark and light.
#[derive(Debug, Clone)]
pub struct ReversiSeats;

impl SeatFlags for ReversiSeats {
    const FIRST: &'static str = "dark";
    const FIRST_HELP: &'static str = "Reversi: strategy `a`, playing dark (X, first) and light \
        with --swap. Without --dark, --light and --round-robin: the ladder, level:k against \
        level:k-1";
    const SECOND: &'static str = "light";
    const SECOND_HELP: &'static str =
        "Reversi: strategy `b`, playing light (O) and dark with --swap";
}

/// `trios sim --game reversi`: the two strategies. With neither, the ladder of levels is
/// played: each level against the one below.
#[derive(Debug, Clone, Args)]
pub struct ReversiSimArgs {
    #[command(flatten)]
    pub seats: SimSeats<ReversiSeats>,
    /// Reversi: `off` plays the expert without its opening book.
    #[arg(long, value_name = "on|off")]
    pub book: Option<BookSwitch>,
    #[command(flatten)]
    pub work: ThinkWork,
}

/// `trios solve --game reversi`: the position solved.
#[derive(Debug, Clone, Args)]
pub struct ReversiSolveArgs {
    /// Reversi: the position to solve (64 characters X, O, - then the side to move).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// `trios perft --game reversi`: the position counted from.
#[derive(Debug, Clone, Args)]
pub struct ReversiPerftArgs {
    /// Reversi: count from this position instead of the start.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,
}
