//! `trios play`: checks the flags against the game chosen and starts (or resumes) its match,
//! through the game's registry entry.

use super::{Error, front_end, resume};
use crate::cli::PlayArgs;
use crate::registry::{entries, entry, flags_of_another, other_flags};

/// `trios play` (and `trios` with flags): the flags checked, then the match played.
pub fn run(args: PlayArgs) -> Result<(), Error> {
    let played = play(&args);
    // Done with the match: old finished autosaves go (none were made with --no-autosave).
    if played.is_ok() && !args.no_autosave {
        super::prune_autosaves();
    }
    played
}

/// The match the flags ask for, new or resumed, played by its game's entry.
fn play(args: &PlayArgs) -> Result<(), Error> {
    let chosen = entry(args.game);
    if !chosen.takes_rivals && !args.rivals.is_empty() {
        let racers: Vec<_> = entries().iter().filter(|e| e.takes_rivals).collect();
        let titles: Vec<&str> = racers.iter().map(|e| e.kind().title()).collect();
        let games: Vec<String> = racers
            .iter()
            .map(|e| format!("--game {}", e.kind().name()))
            .collect();
        return Err(Error::Usage(format!(
            "--rivals is a {} flag; add {}",
            titles.join(" and "),
            games.join(" or ")
        )));
    }
    if args.clock.is_some() && chosen.takes_rivals {
        return Err(Error::Usage(format!(
            "--clock is for the duels; {} races run on their own time",
            args.game.title()
        )));
    }
    if args.clock.is_some() && front_end(args.ui)? == crate::cli::Ui::Text {
        return Err(Error::Usage(
            "--clock needs the full screen: the text mode keeps no time".into(),
        ));
    }
    if let Some((flags, other)) = flags_of_another(args, args.game, true) {
        return Err(other_flags(flags, other));
    }
    if !args.resume {
        return (chosen.play)(args);
    }
    // (`--resume` with `--game` is refused by the parser.) The latest unfinished match of
    // any game, continued by its own game.
    let ui = front_end(args.ui)?;
    let path = resume::latest_unfinished()?;
    match entry(crate::record::game_of_file(&path)?).resume {
        Some(resume) => resume(path, args, ui),
        None => Err(Error::Usage(resume::TRIAD_NOT_SAVED.into())),
    }
}
