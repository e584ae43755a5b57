//! `trios play`: checks the flags against the game chosen and starts (or resumes) its match,
//! through the game's registry entry.

use super::{Error, front_end, resume};
use crate::cli::PlayArgs;
use crate::front::{ENTRIES, entry};

/// `trios play` (and `trios` with flags): the flags checked, then the match played.
pub fn run(args: PlayArgs) -> Result<(), Error> {
    let chosen = entry(args.game);
    if !chosen.takes_rivals && !args.rivals.is_empty() {
        let racers: Vec<_> = ENTRIES.iter().filter(|e| e.takes_rivals).collect();
        let titles: Vec<&str> = racers.iter().map(|e| e.kind.title()).collect();
        let games: Vec<String> = racers
            .iter()
            .map(|e| format!("--game {}", e.kind.name()))
            .collect();
        return Err(Error::Usage(format!(
            "--rivals is a {} flag; add {}",
            titles.join(" and "),
            games.join(" or ")
        )));
    }
    for other in ENTRIES
        .iter()
        .filter(|e| e.kind != args.game && e.flags_refused_first)
    {
        if let Some(flags) = (other.flags_given)(&args) {
            return Err(other_flags(flags, other.kind));
        }
    }
    if !args.resume {
        return (chosen.play)(&args);
    }
    // (`--resume` with `--game` is refused by the parser.) The latest unfinished match of
    // any game, continued by its own game.
    let ui = front_end(args.ui)?;
    let path = resume::latest_unfinished()?;
    match entry(crate::record::game_of_file(&path)?).resume {
        Some(resume) => resume(path, &args, ui),
        None => Err(Error::Usage(resume::TRIAD_NOT_SAVED.into())),
    }
}

/// Refuses the flags of any game but the one chosen, saying which game they are for.
pub fn refuse_flags_of_others(args: &PlayArgs) -> Result<(), Error> {
    for other in ENTRIES.iter().filter(|e| e.kind != args.game) {
        if let Some(flags) = (other.flags_given)(args) {
            return Err(other_flags(flags, other.kind));
        }
    }
    Ok(())
}

/// The usage error for `flags` of game `kind` given to another game.
fn other_flags(flags: &str, kind: crate::games::GameKind) -> Error {
    Error::Usage(format!(
        "{flags} are {} flags; add --game {}",
        kind.title(),
        kind.name()
    ))
}
