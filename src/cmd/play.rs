//! `trios play`: checks the flags against the game chosen and starts (or resumes) its match.

use super::three_trios::{play_full_screen, play_text, resume, start_new};
use super::{Error, duel, front_end, race};
use crate::cli::{PlayArgs, Ui};
use crate::cmd::resume as resuming;
use crate::games::GameKind;
use crate::games::hexpaths::args::HexpathsArgs;
use crate::games::islands::args::IslandsArgs;
use crate::games::reversi::args::ReversiArgs;

/// `trios play` (and `trios` with flags): the flags checked, then the match played.
pub fn run(args: PlayArgs) -> Result<(), Error> {
    if !matches!(args.game, GameKind::Triad | GameKind::HexPaths) && !args.rivals.is_empty() {
        return Err(Error::Usage(
            "--rivals is a Triad and Hex paths flag; add --game triad or --game hexpaths".into(),
        ));
    }
    if args.game != GameKind::HexPaths && args.hexpaths.any() {
        return Err(Error::Usage(format!(
            "{} are Hex paths flags; add --game hexpaths",
            HexpathsArgs::FLAGS
        )));
    }
    if args.game == GameKind::HexPaths {
        // (`--resume` with `--game` is refused by the parser.) The flags are checked before
        // the terminal is.
        let setup = race::hexpaths_setup(&args)?;
        let ui = front_end(args.ui)?;
        return race::play_hexpaths(setup, ui == Ui::Tui);
    }
    let ui = front_end(args.ui)?;
    // The latest unfinished match of any game, found once; other games than Three Trios are
    // resumed by `resume`.
    let resumed = if args.resume {
        let path = resuming::latest_unfinished()?;
        match resuming::platform_or_three_trios(path, || Ok(ui == Ui::Tui))? {
            Some(path) => Some(path),
            None => return Ok(()),
        }
    } else {
        None
    };
    if args.game == GameKind::Reversi && !args.resume {
        return duel::play_reversi(&args, ui == Ui::Tui);
    }
    if args.game == GameKind::Islands && !args.resume {
        return duel::play_islands(&args, ui == Ui::Tui);
    }
    if args.game == GameKind::Triad && !args.resume {
        return race::play_triad(&args, ui == Ui::Tui);
    }

    if args.games.reversi.any() {
        return Err(Error::Usage(format!(
            "{} are Reversi flags; add --game reversi",
            ReversiArgs::FLAGS
        )));
    }
    if args.games.islands.any() {
        return Err(Error::Usage(format!(
            "{} are Islands of Hex flags; add --game islands",
            IslandsArgs::FLAGS
        )));
    }
    // A resumed match goes on in its autosave file; a new one is autosaved unless the player
    // chose a record file or none.
    let autosaving = args.resume || (args.record.is_none() && !args.no_autosave);
    let game = if let Some(path) = resumed {
        resume(path)?
    } else {
        start_new(&args, ui)?
    };
    if ui == Ui::Tui {
        let last = play_full_screen(
            game,
            crate::tui::Start::Play,
            args.no_autosave,
            !args.no_animation,
        )?;
        // The seed goes to stderr once the screen is back, so the game can be played again.
        let config = last.config();
        if !args.resume && Some(config.seed) != args.seeding.seed && config.depends_on_seed() {
            eprintln!("{}", super::seed_note(config.seed));
        }
        return Ok(());
    }
    if args.seeding.seed.is_none() && !args.resume && game.config().depends_on_seed() {
        eprintln!("{}", super::seed_note(game.config().seed));
    }
    play_text(game, autosaving, args.describe)
}
