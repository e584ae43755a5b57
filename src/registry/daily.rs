//! The daily puzzles in the front end: today's Triad deal and Hex paths game opened from a
//! lobby or the home screen, their results kept in a store (a server's, or the home
//! screen's own in the data folder) for an account, and the day's leaderboard read back.

use crate::games::GameKind;
use crate::store::daily;
use crate::store::worker::now;
use crate::tui::Opening;
use crate::tui::hexpaths::HexPathsScreen;
use crate::tui::players::daily::{DailyPlayScreen, Puzzle};
pub use crate::tui::players::daily_store::{DailyStore, PUZZLES, board};
use crate::tui::triad::TriadScreen;

/// Today's puzzle of `game` as a screen: the day's deal (Triad solitaire, or Hex paths
/// alone with the default settings), its result kept with `keeper` when it ends and the
/// day's leaderboard shown then. `None` for a game without a daily puzzle.
pub fn today(game: GameKind, keeper: DailyStore) -> Option<Opening> {
    if !PUZZLES.contains(&game) {
        return None;
    }
    let (day, seed) = daily::today(now(), game.name());
    Some(Box::new(move |_events, size, theme| {
        let puzzle: Box<dyn Puzzle> = match game {
            GameKind::Triad => Box::new(TriadScreen::new(seed, None, size, theme).as_daily()),
            _ => Box::new(
                HexPathsScreen::new(
                    seed,
                    Default::default(),
                    Vec::new(),
                    Vec::new(),
                    size,
                    theme,
                )
                .as_daily(),
            ),
        };
        let kept = keeper.clone();
        let keep = Box::new(move |outcome| kept.keep(game, day, outcome));
        let board = Box::new(move |said| board(keeper.clone(), said));
        Box::new(DailyPlayScreen::new(puzzle, keep, board))
    }))
}
