//! Chess clocks for the duels: a time control (`3+2`, Fischer: three minutes each, two seconds
//! added after every move) and the clock that keeps it, pure arithmetic on instants handed in
//! (the table's thread or the screen passes its own `now`).
//!
//! Invariant: a side's time only runs while it is to move; a move made with time left adds the
//! increment; time never goes below zero, and once it reaches zero it stays there (the flag).

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::games::Side;

/// The most base time a control may give: three hours.
pub const MOST_BASE: Duration = Duration::from_secs(3 * 3600);
/// The most increment a control may add a move: three minutes.
pub const MOST_INCREMENT: Duration = Duration::from_secs(180);
/// What a computer's budget leaves for its answer to reach the clock.
pub const ANSWER_MARGIN: Duration = Duration::from_millis(20);
/// Under this much time left, a clock shows tenths of a second.
pub const TENTHS_UNDER: Duration = Duration::from_secs(10);

/// A Fischer time control: each side's time at the start, and what each move adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// `minutes+seconds`, as written in menus and records.
    pub const fn new(minutes: u64, increment_secs: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment_secs),
        }
    }

    /// Below this much time left, a side's clock warns: a tenth of the base time, between 10 s
    /// and 30 s.
    pub fn low(&self) -> Duration {
        (self.base / 10).clamp(Duration::from_secs(10), Duration::from_secs(30))
    }
}

/// `3+2`; a base that is not whole minutes in decimal minutes when they read back exactly
/// (`0.5+0`), else in seconds (`2s+1`).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let millis = self.base.as_millis();
        let increment = self.increment.as_secs();
        if millis.is_multiple_of(60_000) {
            return write!(f, "{}+{increment}", millis / 60_000);
        }
        let minutes = format!("{:.3}", self.base.as_secs_f64() / 60.0);
        let minutes = minutes.trim_end_matches('0').trim_end_matches('.');
        if base_of(minutes, 60.0) == Some(self.base) {
            return write!(f, "{minutes}+{increment}");
        }
        let seconds = format!("{:.3}", self.base.as_secs_f64());
        let seconds = seconds.trim_end_matches('0').trim_end_matches('.');
        write!(f, "{seconds}s+{increment}")
    }
}

/// A base time of `text` units of `unit` seconds, in whole milliseconds.
fn base_of(text: &str, unit: f64) -> Option<Duration> {
    let plain = !text.is_empty() && text.chars().all(|c| c.is_ascii_digit() || c == '.');
    let value: f64 = text.parse().ok().filter(|_| plain)?;
    let base = Duration::try_from_secs_f64(value * unit).ok()?;
    Some(Duration::from_millis(base.as_millis() as u64))
}

/// Why a time control could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    #[error(
        "a time control is minutes+seconds, such as 3+2 (three minutes each, two seconds \
         added a move), not \"{0}\""
    )]
    Form(String),
    #[error("a time control's base is more than 0 and at most 180 minutes, not \"{0}\"")]
    Base(String),
    #[error("a time control adds at most 180 seconds a move, not \"{0}\"")]
    Increment(String),
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `3+2`, `0.5+0`, `10+5`: minutes (a decimal allowed) and whole seconds; or the base in
    /// seconds, `30s+0`.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let shown = crate::escape::shorten(text.trim(), 20).to_string();
        let form = || TimeControlError::Form(shown.clone());
        let (base, seconds) = text.trim().split_once('+').ok_or_else(form)?;
        if seconds.is_empty() || !seconds.chars().all(|c| c.is_ascii_digit()) {
            return Err(form());
        }
        let base = match base.strip_suffix('s') {
            Some(secs) => base_of(secs, 1.0),
            None => base_of(base, 60.0),
        }
        .ok_or_else(form)?;
        if base.is_zero() || base > MOST_BASE {
            return Err(TimeControlError::Base(shown.clone()));
        }
        let increment = (seconds.parse::<u64>().ok())
            .map(Duration::from_secs)
            .filter(|i| *i <= MOST_INCREMENT)
            .ok_or_else(|| TimeControlError::Increment(shown.clone()))?;
        Ok(TimeControl { base, increment })
    }
}

impl serde::Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TimeControl, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A side whose time ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flagged(pub Side);

/// Both sides' time and whose is running.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Each side's time left when its clock last stopped (by [`Side::index`]).
    left: [Duration; 2],
    /// The side whose time is running, and since when.
    running: Option<(Side, Instant)>,
}

impl Clock {
    /// Both sides at the control's base, stopped.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base; 2],
            running: None,
        }
    }

    /// A clock at the times `left` (as a record kept them), stopped.
    pub fn at(control: TimeControl, left: [Duration; 2]) -> Clock {
        Clock {
            control,
            left,
            running: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Starts `side`'s time at `now` (stopping the other's without charging it).
    pub fn start(&mut self, side: Side, now: Instant) {
        self.running = Some((side, now));
    }

    /// Stops the running time, charging it up to `now`.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take() {
            let spent = now.saturating_duration_since(since);
            self.left[side.index()] = self.left[side.index()].saturating_sub(spent);
        }
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// `side`'s time left at `now`.
    pub fn left(&self, side: Side, now: Instant) -> Duration {
        let kept = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => {
                kept.saturating_sub(now.saturating_duration_since(since))
            }
            _ => kept,
        }
    }

    /// Both sides' time left at `now`, first mover's first.
    pub fn both(&self, now: Instant) -> [Duration; 2] {
        Side::BOTH.map(|side| self.left(side, now))
    }

    /// The running side's flag, if its time is out at `now`.
    pub fn flagged(&self, now: Instant) -> Option<Flagged> {
        let (side, _) = self.running?;
        self.left(side, now).is_zero().then_some(Flagged(side))
    }

    /// When the running side's time runs out, unless it moves first.
    pub fn flag_at(&self) -> Option<Instant> {
        let (side, since) = self.running?;
        since.checked_add(self.left[side.index()])
    }

    /// The running side moved at `now`: its time stops, gains the increment, and the other
    /// side's starts. A move after the flag fell is refused with the flag (nothing changes).
    pub fn punch(&mut self, now: Instant) -> Result<(), Flagged> {
        let Some((side, _)) = self.running else {
            return Ok(());
        };
        if let Some(flag) = self.flagged(now) {
            return Err(flag);
        }
        self.stop(now);
        let left = &mut self.left[side.index()];
        *left = left.saturating_add(self.control.increment);
        self.running = Some((side.other(), now));
        Ok(())
    }

    /// The thinking time a computer on this clock gives its next move, with `moves_left` of
    /// its own moves still to come at most: an even share of its time (planning for at least
    /// ten more moves) plus most of the increment, never more than half its time left, and
    /// never more than `most`.
    pub fn budget(&self, side: Side, now: Instant, moves_left: usize, most: Duration) -> Duration {
        let left = self.left(side, now);
        let share = left / (moves_left.clamp(10, 60) as u32);
        let increment = self.control.increment * 4 / 5;
        (share + increment).min(left / 2).min(most)
    }
    /// What a computer asked at `now` may think: its [`Clock::budget`] less the margin for
    /// its answer to reach the clock ([`ANSWER_MARGIN`]).
    pub fn computer_budget(
        &self,
        side: Side,
        now: Instant,
        moves_left: usize,
        most: Duration,
    ) -> Duration {
        self.budget(side, now, moves_left, most)
            .saturating_sub(ANSWER_MARGIN)
    }
}

/// A clock's reading as players see it: `2:59`, `1:02:03` past an hour, and under
/// [`TENTHS_UNDER`] seconds with tenths, `0:09.4`. Times are shown rounded down, so `0:00.0`
/// is the flag.
pub fn clock_text(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let secs = tenths / 10;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if left < TENTHS_UNDER {
        format!("0:{s:02}.{}", tenths % 10)
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// When a clock's reading next changes: every tenth under [`TENTHS_UNDER`], else every whole
/// second (the moment its shown second turns).
pub fn next_change(left: Duration) -> Duration {
    let step = if left <= TENTHS_UNDER {
        Duration::from_millis(100)
    } else {
        Duration::from_secs(1)
    };
    let into = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
    if into.is_zero() { step } else { into }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn controls_read_and_write_as_menus_show_them() {
        for text in [
            "3+2", "1+0", "10+5", "0.5+0", "2+10", "180+180", "0.1+1", "2s+1", "0.75+0",
        ] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(control.to_string(), text);
        }
        let control: TimeControl = "3+2".parse().unwrap();
        assert_eq!(control.base, Duration::from_secs(180));
        assert_eq!(control.increment, Duration::from_secs(2));
        assert_eq!(" 5+3 ".parse::<TimeControl>(), Ok(TimeControl::new(5, 3)));
        // Every whole-second base reads back as written.
        for secs in 1..=600 {
            let control = TimeControl {
                base: Duration::from_secs(secs),
                increment: Duration::from_secs(1),
            };
            assert_eq!(control.to_string().parse(), Ok(control), "{control}");
        }
        for bad in [
            "", "3", "3+", "+2", "a+b", "3+2.5", "0+5", "181+0", "3+181", "-1+2", "3 + 2",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        let json = serde_json::to_string(&TimeControl::new(3, 2)).unwrap();
        assert_eq!(json, "\"3+2\"");
        assert!(serde_json::from_str::<TimeControl>("\"3+x\"").is_err());
    }

    #[test]
    fn a_move_stops_its_time_adds_the_increment_and_starts_the_other() {
        let t0 = Instant::now();
        let mut clock = Clock::new(TimeControl::new(1, 2));
        clock.start(Side::First, t0);
        assert_eq!(clock.left(Side::First, t0 + ms(10_500)), ms(49_500));
        assert_eq!(clock.left(Side::Second, t0 + ms(10_500)), ms(60_000));
        clock.punch(t0 + ms(10_500)).unwrap();
        // 60 - 10.5 + 2.
        assert_eq!(clock.left(Side::First, t0 + ms(20_000)), ms(51_500));
        assert_eq!(clock.running(), Some(Side::Second));
        assert_eq!(clock.left(Side::Second, t0 + ms(20_000)), ms(50_500));
        clock.punch(t0 + ms(20_000)).unwrap();
        assert_eq!(clock.both(t0 + ms(20_000)), [ms(51_500), ms(52_500)]);
        assert_eq!(clock.flag_at(), Some(t0 + ms(20_000 + 51_500)));
    }

    #[test]
    fn the_flag_falls_at_zero_and_a_late_move_does_not_save_it() {
        let t0 = Instant::now();
        let mut clock = Clock::new("0.1+5".parse().unwrap());
        clock.start(Side::First, t0);
        assert_eq!(clock.flagged(t0 + ms(5_999)), None);
        assert_eq!(clock.flagged(t0 + ms(6_000)), Some(Flagged(Side::First)));
        let before = clock.clone();
        assert_eq!(clock.punch(t0 + ms(6_001)), Err(Flagged(Side::First)));
        assert_eq!(clock, before);
        assert_eq!(clock.left(Side::First, t0 + ms(9_000)), Duration::ZERO);
    }

    #[test]
    fn a_stopped_clock_keeps_its_times_and_an_away_player_is_not_paused() {
        let t0 = Instant::now();
        let mut clock = Clock::new(TimeControl::new(1, 0));
        clock.start(Side::Second, t0);
        // Nothing pauses a running side: its time goes on whoever is at the table.
        assert_eq!(clock.left(Side::Second, t0 + ms(30_000)), ms(30_000));
        clock.stop(t0 + ms(30_000));
        assert_eq!(clock.left(Side::Second, t0 + ms(90_000)), ms(30_000));
        assert_eq!(clock.running(), None);
        assert_eq!(clock.flag_at(), None);
    }

    #[test]
    fn clocks_read_in_minutes_and_in_tenths_near_the_end() {
        assert_eq!(clock_text(ms(180_000)), "3:00");
        assert_eq!(clock_text(ms(179_999)), "2:59");
        assert_eq!(clock_text(ms(3_723_000)), "1:02:03");
        assert_eq!(clock_text(ms(10_000)), "0:10");
        assert_eq!(clock_text(ms(9_999)), "0:09.9");
        assert_eq!(clock_text(ms(9_400)), "0:09.4");
        assert_eq!(clock_text(ms(99)), "0:00.0");
        assert_eq!(clock_text(Duration::ZERO), "0:00.0");
        assert_eq!(next_change(ms(12_300)), ms(300));
        assert_eq!(next_change(ms(12_000)), ms(1_000));
        assert_eq!(next_change(ms(9_450)), ms(50));
    }

    #[test]
    fn a_computer_spends_a_share_of_its_time_and_never_half_of_it() {
        let t0 = Instant::now();
        let mut clock = Clock::new(TimeControl::new(3, 2));
        clock.start(Side::First, t0);
        let most = Duration::from_secs(60);
        // 180 s over 30 moves, plus 1.6 s.
        assert_eq!(clock.budget(Side::First, t0, 30, most), ms(7_600));
        // Near the end: never more than half what is left.
        assert_eq!(
            clock.budget(Side::First, t0 + ms(178_000), 5, most),
            ms(1_000)
        );
        assert_eq!(clock.budget(Side::First, t0, 30, ms(500)), ms(500));
    }

    proptest::proptest! {
        /// Whatever the moves' times, a side's time is its base, less what it spent, plus an
        /// increment for each move made in time, and never below zero.
        #[test]
        fn time_left_is_base_less_spent_plus_increments(
            spends in proptest::collection::vec(0u64..20_000, 1..40),
        ) {
            let control = TimeControl::new(1, 3);
            let t0 = Instant::now();
            let mut clock = Clock::new(control);
            clock.start(Side::First, t0);
            let mut now = t0;
            let mut expected = [control.base; 2];
            let mut side = Side::First;
            for spend in spends {
                now += ms(spend);
                let left = expected[side.index()];
                if ms(spend) >= left {
                    proptest::prop_assert_eq!(clock.punch(now), Err(Flagged(side)));
                    break;
                }
                proptest::prop_assert_eq!(clock.punch(now), Ok(()));
                expected[side.index()] = left - ms(spend) + control.increment;
                side = side.other();
                proptest::prop_assert_eq!(clock.both(now), expected);
            }
        }
    }
}
