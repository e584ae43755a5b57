//! The clocks on every duel's screen: both sides' time, the mover's marked and ticking (each
//! second, each tenth under ten seconds), a warning when low; the time as it stood at the
//! move shown in a replay; and, for a match played here, the flag that ends it.

use std::time::{Duration, Instant};

use ratatui::style::{Modifier, Style};
use ratatui::text::Span;

use super::{Incoming, MatchBoard, MatchScreen};
use crate::controller::duel::Turn;
use crate::controller::table::ClockReading;
use crate::controller::table_game::TableGame;
use crate::games::{Side, TwoPlayer};
use crate::setup::clock::{clock_text, next_change};
use crate::tui::timeline::{Point, Steps};

/// Both sides' time at one moment, and whose is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Times {
    pub left: [Duration; 2],
    pub running: Option<Side>,
}

impl<B: MatchBoard> MatchScreen<B>
where
    Turn<B::Game>: Steps,
{
    /// The clocks at `now` as this screen shows them, on a match with a clock: in a replay
    /// (or a record) as they stood after the move shown; at a table as it last read them,
    /// the running side's counted down since; here, the match's own.
    pub fn times(&self, now: Instant) -> Option<Times> {
        let control = self.duel.config().clock?;
        if self.viewer || self.motion.replay.is_some() {
            let shown = match self.shown_point() {
                Point::Start => None,
                Point::Move { mv, .. } => self.history().get(mv).and_then(|t| t.clock),
            };
            let left = shown.map_or([control.base; 2], |l| l.map(Duration::from_millis));
            return Some(Times {
                left,
                running: None,
            });
        }
        if let Some(table) = &self.table {
            let (reading, at) = table.clock?;
            return Some(read_at(reading, at, now, self.duel.is_over()));
        }
        let clock = self.duel.clock()?;
        Some(Times {
            left: clock.both(now),
            running: clock.running(),
        })
    }

    /// The clocks' piece of the status row: each side's mark and time, the mover's in bold
    /// with `▸`, a side low on time in the warning colour. Empty without a clock.
    pub fn clock_spans(
        &self,
        now: Instant,
        mark: impl Fn(Side) -> Span<'static>,
    ) -> Vec<Span<'static>> {
        // A closed table's words need the row more than its stopped clocks.
        if self.table.as_ref().is_some_and(|t| t.link.closed.is_some()) {
            return Vec::new();
        }
        let Some(times) = self.times(now) else {
            return Vec::new();
        };
        let low = self.duel.config().clock.map_or(Duration::ZERO, |c| c.low());
        let theme = self.theme;
        let mut spans = Vec::new();
        for side in Side::BOTH {
            let left = times.left[side.index()];
            let running = times.running == Some(side);
            let mut style = Style::new();
            if left < low {
                style = theme.error();
            }
            if running {
                style = style.add_modifier(Modifier::BOLD);
            }
            if side == Side::Second {
                spans.push(Span::raw(" "));
            }
            spans.push(Span::raw(if running { "▸" } else { " " }));
            spans.push(mark(side));
            spans.push(Span::styled(format!(" {}", clock_text(left)), style));
        }
        spans
    }

    /// When the shown clocks next change (a running side's second or tenth turning).
    pub fn clock_tick(&self, now: Instant) -> Option<Instant> {
        let times = self.times(now)?;
        let side = times.running?;
        let left = times.left[side.index()];
        // At zero the table's word of the flag is awaited; a screen here ends the match.
        let step = if left.is_zero() {
            Duration::from_millis(100)
        } else {
            next_change(left)
        };
        Some(now + step)
    }

    /// Starts the clock of a match played here once its first move is asked (a table keeps
    /// its own).
    pub(crate) fn start_clock(&mut self, now: Instant) {
        if self.table.is_none() && !self.viewer {
            self.duel.start_clock(now);
        }
    }

    /// On a clock, what the computer to move here may think: its share of its time (its own
    /// moves still to come are at most half the moves left), never more than its thinking
    /// time, less a margin for the screen to take the answer.
    pub(crate) fn computer_budget(&self, now: Instant) -> Option<Duration> {
        let clock = self.duel.clock()?;
        let moves_left = self.duel.game().legal_moves().len().max(20) / 2 + 1;
        let most = Duration::from_millis(self.duel.config().think_ms);
        Some(clock.computer_budget(self.duel.game().to_move(), now, moves_left, most))
    }

    /// A match played here whose mover's time is out at `now` ends on the clock: the
    /// computer stops.
    pub(crate) fn check_flag(&mut self, now: Instant) {
        if self.table.is_some() || self.viewer {
            return;
        }
        // The status row and the game-over box say who lost on time.
        if self.duel.flag_fell(now).is_some() {
            self.computer.forget();
            self.motion.stop();
        }
    }

    /// Who played `side`, as a flag is announced: the seat's name at a table (`alice`),
    /// `You` for the one person here, else the side (`Dark`, with two people here) or its
    /// computer (`expert`).
    pub fn side_words(&self, side: Side) -> String {
        let title = <B::Setup as TableGame>::side_title(side);
        match &self.table {
            Some(table) => match table.link.seats.get(side.index()) {
                Some(seat) if !seat.name.is_empty() => seat.name.clone(),
                _ => title,
            },
            None if self.is_person(side) => {
                let people = Side::BOTH.iter().filter(|&&s| self.is_person(s)).count();
                if people == 2 {
                    title
                } else {
                    "You".to_string()
                }
            }
            None => self.duel.config().seat(side).to_string(),
        }
    }

    /// A table's flag reached the screen (after the moves before it): the match ends so.
    pub(crate) fn show_flag(&mut self, flagged: Side, now: Instant) {
        self.duel.lose_on_time(flagged, now);
        self.motion.stop();
    }

    /// Whether the table's queue holds a flag not shown yet.
    pub(crate) fn flag_waits(&self) -> bool {
        (self.table.as_ref())
            .is_some_and(|t| t.incoming.iter().any(|i| matches!(i, Incoming::OnTime(_))))
    }
}

/// A table's `reading` taken at `at`, counted down to `now` for the running side (not once
/// the match is over).
pub fn read_at(reading: ClockReading, at: Instant, now: Instant, over: bool) -> Times {
    let mut left = reading.left.map(Duration::from_millis);
    let running = reading.running.filter(|_| !over);
    if let Some(side) = running {
        let spent = now.saturating_duration_since(at);
        left[side.index()] = left[side.index()].saturating_sub(spent);
    }
    Times { left, running }
}
