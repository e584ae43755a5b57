//! `trios perft`: counts the positions a number of moves deep, to check move generation.

use std::time::Instant;

use super::output::write_out;
use super::solve::reversi_position;
use super::{Error, three_trios::config_from};
use crate::cli::PerftArgs;
use crate::controller::Seat;
use crate::games::GameKind;
use crate::games::reversi;
use crate::games::three_trios::args::ThreeTriosArgs;

/// `trios perft`: Reversi through the platform, Three Trios here (the built-in board and
/// cards dealt in order, or the setup flags' game).
pub fn run(args: &crate::cli::PerftArgs) -> Result<(), Error> {
    if matches!(
        args.game,
        GameKind::Islands | GameKind::Triad | GameKind::HexPaths
    ) {
        return Err(Error::Usage(
            "trios perft counts three-trios and reversi positions".into(),
        ));
    }
    if args.game == GameKind::Reversi {
        return reversi(args);
    }
    if args.reversi.position.is_some() {
        return Err(Error::Usage(
            "--position is a Reversi flag; add --game reversi".into(),
        ));
    }
    let config = config_from(
        &ThreeTriosArgs::built_in(crate::games::three_trios::DealMode::InOrder),
        Some(0),
        Seat::Human,
        Seat::Human,
        1000,
    )?;
    let game = config.new_game()?;
    let started = std::time::Instant::now();
    let count = crate::games::three_trios::perft::perft(&game, args.depth as usize);
    write_out(&format!("{count}\n"))?;
    eprintln!(
        "depth {} in {:.3} s",
        args.depth,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `trios perft --game reversi DEPTH`: the leaf count, and the time on standard error.
fn reversi(args: &PerftArgs) -> Result<(), Error> {
    let game = reversi_position(args.reversi.position.as_deref())?;
    let started = Instant::now();
    let count = reversi::perft::perft_threads(&game, args.depth, args.threads);
    let secs = started.elapsed().as_secs_f64();
    write_out(&format!("{count}\n"))?;
    eprintln!(
        "depth {} in {secs:.3} s ({:.1} M leaves/s, {} thread{})",
        args.depth,
        count as f64 / secs.max(1e-9) / 1e6,
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    Ok(())
}
