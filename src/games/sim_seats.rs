//! The pair of strategy flags a two-player game adds to `trios sim`, one shape for every
//! game: each flag needs the other, and neither goes with a round robin or Three Trios'
//! `--red` and `--blue`.

use std::fmt::Debug;
use std::marker::PhantomData;

use clap::Args;

/// The flags' names and help for one game: the first mover's, then the second's.
pub trait SeatFlags: Debug + Clone + Send + Sync + 'static {
    /// The first mover's flag, without its dashes (`dark`).
    const FIRST: &'static str;
    const FIRST_HELP: &'static str;
    /// The second mover's flag (`light`).
    const SECOND: &'static str;
    const SECOND_HELP: &'static str;
}

/// The flags a game's strategies are played against each other in a simulation by.
#[derive(Debug, Clone, Args)]
// Flattened once per game into one command, so no group named after the struct.
#[group(skip)]
pub struct SimSeats<F: SeatFlags> {
    /// Strategy `a`: the first mover, and the second with `--swap`.
    #[arg(
        id = F::FIRST,
        long = F::FIRST,
        value_name = "STRATEGY",
        help = F::FIRST_HELP,
        requires = F::SECOND,
        conflicts_with_all = ["round_robin", "red", "blue"]
    )]
    pub first: Option<String>,
    /// Strategy `b`: the second mover, and the first with `--swap`.
    #[arg(
        id = F::SECOND,
        long = F::SECOND,
        value_name = "STRATEGY",
        help = F::SECOND_HELP,
        requires = F::FIRST,
        conflicts_with_all = ["round_robin", "red", "blue"]
    )]
    pub second: Option<String>,
    #[arg(skip)]
    flags: PhantomData<F>,
}

impl<F: SeatFlags> SimSeats<F> {
    /// Both strategies, first mover first, as given.
    pub fn both(&self) -> [Option<&String>; 2] {
        [self.first.as_ref(), self.second.as_ref()]
    }
}
