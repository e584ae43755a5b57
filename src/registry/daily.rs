//! The daily puzzles in the front end: today's puzzle of a game that has one (its entry's
//! [`DailyPuzzle`]) opened from a lobby or the home screen, its result kept in a store (a
//! server's, or the home screen's own in the data folder) for an account, and the day's
//! leaderboard read back.

use std::sync::OnceLock;

use crate::games::GameKind;
use crate::store::daily;
use crate::store::worker::now;
use crate::tui::Opening;
use crate::tui::players::daily::DailyPlayScreen;
pub use crate::tui::players::daily::DailyPuzzle;
pub use crate::tui::players::daily_store::{DailyStore, board};

/// Every game's daily puzzle, in menu order (the order the leaderboard lists them).
pub fn puzzles() -> &'static [DailyPuzzle] {
    static PUZZLES: OnceLock<Vec<DailyPuzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| (super::entries().iter()).filter_map(|e| e.daily).collect())
}

/// Today's puzzle of `game` as a screen: the day's deal, its result kept with `keeper` when
/// it ends and the day's leaderboard shown then. `None` for a game without a daily puzzle.
pub fn today(game: GameKind, keeper: DailyStore) -> Option<Opening> {
    let puzzle = super::entry(game).daily.filter(|p| p.game == game)?;
    let (day, seed) = daily::today(now(), game.name());
    Some(Box::new(move |_events, size, theme| {
        let screen = (puzzle.start)(seed, size, theme);
        let kept = keeper.clone();
        let keep = Box::new(move |outcome| kept.keep(&puzzle, day, outcome));
        let board = Box::new(move |said| board(keeper.clone(), said));
        Box::new(DailyPlayScreen::new(screen, keep, board))
    }))
}
