//! `trios solve`: the exact value and best first move of a position, by the solver of the
//! game's registry entry.

use super::Error;
use crate::cli::SolveArgs;
use crate::registry::{entries, entry};

/// `trios solve`: the game's solver, or which games have one.
pub fn run(args: &SolveArgs) -> Result<(), Error> {
    let chosen = entry(args.game);
    let Some(solve) = chosen.solve else {
        let names: Vec<&str> = entries()
            .iter()
            .filter(|e| e.solve.is_some())
            .map(|e| e.kind().name())
            .collect();
        let hints: Vec<&str> = entries().iter().filter_map(|e| e.solve_hint).collect();
        let hints = match hints.is_empty() {
            true => String::new(),
            false => format!(" ({})", hints.join("; ")),
        };
        return Err(Error::Usage(format!(
            "trios solve solves {} positions{hints}",
            names.join(" and ")
        )));
    };
    if args.position().is_some() && !chosen.takes_position {
        return Err(super::perft::position_elsewhere());
    }
    solve(args)
}
