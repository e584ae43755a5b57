//! The daily puzzles' keeper: where a player's results go and the day's leaderboard comes
//! from (a server's store, or the home screen's own in the data folder), for an account.

use crate::tui::view::message::Message;
use std::time::Duration;

use super::daily::{
    DAILY_TOP, DailyBoard, DailyPuzzle, DailyScreen, DailySource, Outcome, PuzzleBoard, ordinal,
    result_text,
};
use crate::store::worker::{StoreService, now};
use crate::store::{AccountId, DailyEntry, StoreError};
use crate::tui::Opening;

/// How long a daily screen waits for the store.
const WAIT: Duration = Duration::from_secs(2);

/// Where daily results go and the leaderboard comes from: a store, the account results are
/// kept for, or why they are not kept (a guest, no store). Cheap to clone.
#[derive(Clone)]
pub struct DailyStore {
    pub store: Option<StoreService>,
    pub me: Option<AccountId>,
    /// Why the player's results are not kept, said when a puzzle ends; `None` when they are.
    pub not_kept: Option<String>,
    /// Every game's daily puzzle, in the order the leaderboard lists them.
    pub puzzles: &'static [DailyPuzzle],
}

fn words(e: StoreError) -> String {
    format!("Cannot read the daily puzzles: {e}")
}

impl DailySource for DailyStore {
    fn board(&mut self) -> Result<DailyBoard, String> {
        let Some(store) = self.store.clone() else {
            return Err(self
                .not_kept
                .clone()
                .unwrap_or_else(|| "No store keeps the daily puzzles here".into()));
        };
        let (me, not_kept, all) = (self.me, self.not_kept.clone(), self.puzzles);
        store
            .ask(WAIT, move |s| {
                let day = crate::store::plan::day_of(now());
                let mut puzzles = Vec::new();
                for puzzle in all {
                    let game = puzzle.game;
                    let name = game.name();
                    let (mine, best) = match me {
                        Some(me) => (s.daily_place(day, name, me)?, s.daily_best(me, name)?),
                        None => (None, None),
                    };
                    puzzles.push(PuzzleBoard {
                        game,
                        scored: puzzle.scored,
                        top: s.daily_top(day, name, DAILY_TOP)?,
                        mine,
                        best,
                    });
                }
                Ok(DailyBoard {
                    day,
                    puzzles,
                    not_kept,
                })
            })
            .map_err(words)
    }
}

impl DailyStore {
    /// Keeps `outcome` of `puzzle` of `day` and says how it placed, or why it was not kept
    /// (then as a warning).
    pub fn keep(&self, puzzle: &DailyPuzzle, day: i64, outcome: Outcome) -> Message {
        let (game, scored) = (puzzle.game, puzzle.scored);
        let result = result_text(scored, outcome.score, outcome.millis);
        let (Some(store), Some(me)) = (&self.store, self.me) else {
            let why = self.not_kept.as_deref().unwrap_or("no store keeps it here");
            return Message::error(format!("{result}: not kept ({why})"));
        };
        let name = game.name().to_string();
        let kept = store.ask(WAIT, move |s| {
            s.put_daily(&DailyEntry {
                day,
                game: name.clone(),
                account: me,
                handle: String::new(),
                score: outcome.score,
                millis: outcome.millis,
            })?;
            s.daily_place(day, &name, me)
        });
        match kept {
            Ok(Some((place, best)))
                if (best.score, best.millis) == (outcome.score, outcome.millis) =>
            {
                Message::info(format!("{result}: {} today", ordinal(place)))
            }
            Ok(Some((place, best))) => Message::info(format!(
                "{result}; your best today stays {}: {} today",
                result_text(scored, best.score, best.millis),
                ordinal(place)
            )),
            Ok(None) => Message::info(format!("{result}: kept")),
            Err(e) => Message::error(format!("{result}: not kept ({e})")),
        }
    }
}

/// The day's leaderboard as a screen, with `said` (how a puzzle just played was kept) on it.
pub fn board(keeper: DailyStore, said: Option<Message>) -> Opening {
    Box::new(move |_events, _size, theme| Box::new(DailyScreen::new(Box::new(keeper), said, theme)))
}
