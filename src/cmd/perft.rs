//! `trios perft`: counts the positions a number of moves deep, to check move generation, by
//! the counter of the game's registry entry.

use super::Error;
use crate::cli::PerftArgs;
use crate::registry::{entries, entry};

/// `trios perft`: the game's position count, or which games have one.
pub fn run(args: &PerftArgs) -> Result<(), Error> {
    let chosen = entry(args.game);
    let Some(perft) = chosen.perft else {
        let names: Vec<&str> = entries()
            .iter()
            .filter(|e| e.perft.is_some())
            .map(|e| e.kind().name())
            .collect();
        return Err(Error::Usage(format!(
            "trios perft counts {} positions",
            names.join(" and ")
        )));
    };
    if args.position().is_some() && !chosen.takes_position {
        return Err(position_elsewhere());
    }
    perft(args)
}

/// `--position` given to a game that has none: which game it is for.
pub fn position_elsewhere() -> Error {
    let owners: Vec<_> = entries().iter().filter(|e| e.takes_position).collect();
    let titles: Vec<&str> = owners.iter().map(|e| e.kind().title()).collect();
    let games: Vec<String> = owners
        .iter()
        .map(|e| format!("--game {}", e.kind().name()))
        .collect();
    Error::Usage(format!(
        "--position is a {} flag; add {}",
        titles.join(" and "),
        games.join(" or ")
    ))
}
