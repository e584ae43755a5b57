//! The watcher's pace (`+`/`-`): the delay between animation and replay steps, chosen from a
//! screen's own list, and how the status line names it.

use std::time::Duration;

/// The one speed scale of every duel screen (`+`/`-`): the delay between animation and
/// replay steps, slowest first, 320 ms to start with. Computers watched here wait twice the
/// delay between moves.
pub const PACE: Pace = Pace::new(&[1200, 800, 500, 320, 200, 110, 40], 3);

/// A speed from a list of step delays.
///
/// Invariant: `delays` is not empty, slowest first, and `speed` is an index into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    delays: &'static [u64],
    speed: usize,
}

impl Pace {
    /// A pace over `delays` (milliseconds, slowest first, at least one) at speed `default`
    /// (an index into it, clamped).
    pub const fn new(delays: &'static [u64], default: usize) -> Pace {
        let top = delays.len().saturating_sub(1);
        let speed = if default < top { default } else { top };
        Pace { delays, speed }
    }

    /// The delay between two steps.
    pub fn delay(&self) -> Duration {
        Duration::from_millis(self.delays.get(self.speed).copied().unwrap_or(250))
    }

    /// The pace in the words the status line shows it in: `speed 0.32 s/step`.
    pub fn words(&self) -> String {
        format!("speed {:.2} s/step", self.delay().as_secs_f64())
    }

    /// One speed faster (shorter steps) or slower, kept in the list; gives what the status
    /// line says of it, in the words of [`Pace::words`], and whether an end is reached:
    /// `Speed 0.04 s/step, the fastest`.
    pub fn change(&mut self, faster: bool) -> String {
        let top = self.delays.len().saturating_sub(1);
        self.speed = if faster {
            (self.speed + 1).min(top)
        } else {
            self.speed.saturating_sub(1)
        };
        let end = match self.speed {
            s if s == top => ", the fastest",
            0 => ", the slowest",
            _ => "",
        };
        let words = self.words();
        format!("S{}{end}", &words[1..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_count_from_the_slowest_and_stop_at_either_end() {
        let mut pace = Pace::new(&[800, 400, 100], 1);
        assert_eq!(pace.delay(), Duration::from_millis(400));
        assert_eq!(pace.words(), "speed 0.40 s/step");
        assert_eq!(pace.change(true), "Speed 0.10 s/step, the fastest");
        assert_eq!(pace.change(true), "Speed 0.10 s/step, the fastest");
        assert_eq!(pace.delay(), Duration::from_millis(100));
        assert_eq!(pace.change(false), "Speed 0.40 s/step");
        assert_eq!(pace.change(false), "Speed 0.80 s/step, the slowest");
        assert_eq!(pace.change(false), "Speed 0.80 s/step, the slowest");
        assert_eq!(pace.delay(), Duration::from_millis(800));
        assert_eq!(Pace::new(&[50], 9).delay(), Duration::from_millis(50));
    }
}
