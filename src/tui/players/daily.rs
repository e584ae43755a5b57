//! The daily puzzles on screen: a puzzle played as the day's (its result handed on once, when
//! it ends, and the day's leaderboard shown then), and that leaderboard: today's best of
//! each puzzle, the viewer's own place and their best over every day.
//!
//! What the board shows comes from a [`DailySource`] and where a result goes is a callback,
//! both handed in by the front end (a server's store, or the home screen's own).

use crate::tui::view::message::Message;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEventKind};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};

use super::key_line;
use crate::calendar::date;
use crate::games::GameKind;
use crate::store::DailyEntry;
use crate::tui::shell::{Closed, Opening, Screen, Transition};
use crate::tui::{Event, Theme};

/// The most players a day's leaderboard lists for each puzzle.
pub const DAILY_TOP: usize = 20;

/// How a daily puzzle ended for the player: `score` higher is better (Triad's is 0), then
/// `millis` lower is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub score: i64,
    pub millis: i64,
}

/// A game screen that can be played as a daily puzzle: it says how it ended, once it has.
pub trait Puzzle: Screen {
    /// The player's result once the puzzle is over; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;
}

/// Keeps a finished puzzle's result: gives the words to show and whether they are a warning.
pub type Keep = Box<dyn FnMut(Outcome) -> Message>;
/// Opens the day's leaderboard, with a first line to show on it.
pub type ShowBoard = Box<dyn FnMut(Option<Message>) -> Opening>;

/// A puzzle played as the day's: when it ends, its result is kept (once) and the day's
/// leaderboard opens over it; leaving the leaderboard comes back to the finished puzzle.
pub struct DailyPlayScreen {
    puzzle: Box<dyn Puzzle>,
    keep: Keep,
    board: ShowBoard,
    kept: bool,
}

impl DailyPlayScreen {
    /// `puzzle` played as the day's, its result going to `keep`, the board from `board`.
    pub fn new(puzzle: Box<dyn Puzzle>, keep: Keep, board: ShowBoard) -> DailyPlayScreen {
        DailyPlayScreen {
            puzzle,
            keep,
            board,
            kept: false,
        }
    }
}

impl Screen for DailyPlayScreen {
    fn update(&mut self, event: Event, now: Instant) -> Transition {
        let next = self.puzzle.update(event, now);
        if self.kept || !matches!(next, Transition::Stay) {
            return next;
        }
        let Some(outcome) = self.puzzle.outcome() else {
            return next;
        };
        self.kept = true;
        let said = (self.keep)(outcome);
        self.puzzle.say(&said.text);
        Transition::Push((self.board)(Some(said)))
    }

    fn next_tick(&self) -> Option<Instant> {
        self.puzzle.next_tick()
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.puzzle.draw(area, buf);
    }

    fn uncovered(&mut self, closed: Closed, now: Instant) -> Transition {
        self.puzzle.uncovered(closed, now)
    }

    fn close(&mut self) -> Closed {
        self.puzzle.close()
    }

    fn say(&mut self, text: &str) {
        self.puzzle.say(text);
    }
}

/// A game's daily puzzle: how its results read and rank, and how today's is dealt. A game
/// with one says so in its entry; the leaderboards and the keeper list every such game.
#[derive(Debug, Clone, Copy)]
pub struct DailyPuzzle {
    /// Which game.
    pub game: GameKind,
    /// Whether a result is a score, then a time (Hex paths'), or the time alone (Triad's).
    pub scored: bool,
    /// Today's puzzle dealt from `seed`, as a screen of `size` in `theme`.
    pub start: fn(u64, (u16, u16), Theme) -> Box<dyn Puzzle>,
}

/// One puzzle's part of the day's leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleBoard {
    pub game: GameKind,
    /// Whether its results are a score, then a time ([`DailyPuzzle::scored`]).
    pub scored: bool,
    /// The day's best, best first, at most [`DAILY_TOP`].
    pub top: Vec<DailyEntry>,
    /// The viewer's own place and result that day, if they played it.
    pub mine: Option<(usize, DailyEntry)>,
    /// The viewer's best over every day.
    pub best: Option<DailyEntry>,
}

/// The day's leaderboard of every daily puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyBoard {
    /// The UTC day, as days since 1970-01-01.
    pub day: i64,
    pub puzzles: Vec<PuzzleBoard>,
    /// Why the viewer's own results are not kept (a guest, no store), if they are not.
    pub not_kept: Option<String>,
}

/// Where the day's leaderboard comes from; `Err` holds words to show.
pub trait DailySource {
    fn board(&mut self) -> Result<DailyBoard, String>;
}

/// A result in the puzzle's terms: its time (`1:01.0`), after its score when it is
/// `scored` (`14 pts, 1:01.0`).
pub fn result_text(scored: bool, score: i64, millis: i64) -> String {
    let time = time_text(millis);
    if scored {
        format!("{score} pts, {time}")
    } else {
        time
    }
}

/// `1:23.4`: minutes, seconds and tenths.
pub fn time_text(millis: i64) -> String {
    let tenths = millis.max(0) / 100;
    let (m, s, t) = (tenths / 600, tenths / 10 % 60, tenths % 10);
    format!("{m}:{s:02}.{t}")
}

/// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// How a puzzle's results rank, for the heading.
fn ranking(scored: bool) -> &'static str {
    if scored {
        "highest score, then fastest"
    } else {
        "fastest first"
    }
}

/// The day's leaderboard screen.
pub struct DailyScreen {
    source: Box<dyn DailySource>,
    board: Result<DailyBoard, String>,
    message: Option<Message>,
    theme: Theme,
}

impl DailyScreen {
    /// The board read from `source` now, with `message` shown first (how a puzzle just
    /// played was kept).
    pub fn new(
        mut source: Box<dyn DailySource>,
        message: Option<Message>,
        theme: Theme,
    ) -> DailyScreen {
        let board = source.board();
        DailyScreen {
            source,
            board,
            message,
            theme,
        }
    }

    /// The lines of the board (without the border, message and keys).
    pub fn lines(&self) -> Vec<String> {
        self.styled_lines().into_iter().map(|(t, _)| t).collect()
    }

    fn styled_lines(&self) -> Vec<(String, Style)> {
        let theme = self.theme;
        let board = match &self.board {
            Ok(board) => board,
            Err(e) => return vec![(e.clone(), theme.error())],
        };
        let mut lines = Vec::new();
        let mine_account = board
            .puzzles
            .iter()
            .find_map(|p| p.mine.as_ref().map(|(_, e)| e.account));
        for (n, puzzle) in board.puzzles.iter().enumerate() {
            if n > 0 {
                lines.push((String::new(), Style::new()));
            }
            let game = puzzle.game;
            lines.push((
                format!("{} ({})", game.title(), ranking(puzzle.scored)),
                theme.title(),
            ));
            if puzzle.top.is_empty() {
                lines.push(("  Nobody has played it yet today.".into(), Style::new()));
            }
            for (rank, e) in puzzle.top.iter().enumerate() {
                let style = if Some(e.account) == mine_account {
                    theme.title()
                } else {
                    Style::new()
                };
                lines.push((
                    format!(
                        "{:>4}  {:<20} {}",
                        rank + 1,
                        crate::tui::view::fit::fit(&e.handle, 20),
                        result_text(puzzle.scored, e.score, e.millis)
                    ),
                    style,
                ));
            }
            let you = match &puzzle.mine {
                Some((place, e)) => format!(
                    "  You: {} today, {}",
                    ordinal(*place),
                    result_text(puzzle.scored, e.score, e.millis)
                ),
                None => "  You: not played today".to_string(),
            };
            let best = match &puzzle.best {
                Some(e) => format!(
                    "; your best: {} on {}",
                    result_text(puzzle.scored, e.score, e.millis),
                    date(e.day)
                ),
                None => String::new(),
            };
            lines.push((format!("{you}{best}"), theme.title()));
        }
        if let Some(why) = &board.not_kept {
            lines.push((String::new(), Style::new()));
            lines.push((why.clone(), theme.dim()));
        }
        lines
    }
}

impl Screen for DailyScreen {
    fn update(&mut self, event: Event, _now: Instant) -> Transition {
        let Event::Key(key) = event else {
            return Transition::Stay;
        };
        if key.kind == KeyEventKind::Release {
            return Transition::Stay;
        }
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return Transition::Pop,
            KeyCode::Char('r') => {
                self.board = self.source.board();
                self.message = None;
            }
            _ => {}
        }
        Transition::Stay
    }

    fn next_tick(&self) -> Option<Instant> {
        None
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let area = area.centered_horizontally(ratatui::layout::Constraint::Max(super::MAX_WIDTH));
        let theme = self.theme;
        let title = match &self.board {
            Ok(board) => format!("Today's puzzles · {} UTC", date(board.day)),
            Err(_) => "Today's puzzles".to_string(),
        };
        let lines: Vec<Line> = self
            .styled_lines()
            .into_iter()
            .map(|(text, style)| Line::styled(text, style))
            .collect();
        let said = super::message_line(theme, &self.message);
        let keys = key_line(theme, &[("r", "refresh"), ("Esc", "back")]);
        super::draw_panel(theme, &title, lines, said, keys, area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_in_each_puzzles_terms() {
        assert_eq!(time_text(83_456), "1:23.4");
        assert_eq!(time_text(5_000), "0:05.0");
        assert_eq!(result_text(false, 0, 61_000), "1:01.0");
        assert_eq!(result_text(true, 14, 61_000), "14 pts, 1:01.0");
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 103]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"
            ]
        );
    }
}
