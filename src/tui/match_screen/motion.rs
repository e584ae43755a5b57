//! How a match screen's board moves through time: the last move playing out step by step,
//! the replay walking or playing the timeline, and a watched match's pause between moves
//! (Space, `.`, the pace). One timer drives all of them, so every duel screen keeps the
//! same time.

use std::time::{Duration, Instant};

use super::{Pace, walk};
use crate::tui::keymap::Action;
use crate::tui::timeline::{self, Steps};

/// Where a replay stands: a point of the timeline, and whether it plays on by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playback {
    pub index: usize,
    pub playing: bool,
}

/// The board's motion.
///
/// Invariants: `next_at` is set while an animation or a playing replay has a step to come,
/// or while a watched match holds its next move back (then it is the hold's end); the
/// replay's and the animation's indexes are points of the shown match's timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Motion {
    /// The last move's steps playing out on the live board: the point shown.
    pub animation: Option<usize>,
    /// The replay, when open.
    pub replay: Option<Playback>,
    /// A watched match holds its next move until Space (or `.` for one move).
    pub paused: bool,
    /// The delay between steps (`+`/`-`).
    pub pace: Pace,
    /// Whether moves play out step by step (`a`); off, each move shows its end at once.
    pub animations: bool,
    next_at: Option<Instant>,
    hold_until: Option<Instant>,
    step_once: bool,
    /// Held still since then (the help is open over the board): nothing steps, nothing
    /// comes, until [`Motion::hold_still`] lets it go on where it was.
    still_since: Option<Instant>,
}

impl Motion {
    /// Still, with steps `pace` apart and animations on.
    pub fn new(pace: Pace) -> Motion {
        Motion {
            animation: None,
            replay: None,
            paused: false,
            pace,
            animations: true,
            next_at: None,
            hold_until: None,
            step_once: false,
            still_since: None,
        }
    }

    /// Holds everything still (`still`: the help covers the board) or lets it go on: the
    /// step or hold under way then has as long left as it had when it stopped.
    pub fn hold_still(&mut self, still: bool, now: Instant) {
        match (still, self.still_since) {
            (true, None) => self.still_since = Some(now),
            (false, Some(since)) => {
                self.still_since = None;
                let gone = now.saturating_duration_since(since);
                self.next_at = self.next_at.map(|at| at + gone);
                self.hold_until = self.hold_until.map(|at| at + gone);
            }
            _ => {}
        }
    }

    /// The delay between two steps.
    pub fn delay(&self) -> Duration {
        self.pace.delay()
    }

    /// The point shown of a timeline whose last point is `last`: the replay's, the
    /// animation's, or the end.
    pub fn shown_index(&self, last: usize) -> usize {
        match (self.replay, self.animation) {
            (Some(r), _) => r.index,
            (None, Some(a)) => a,
            (None, None) => last,
        }
    }

    /// When the board next changes by itself, if it does.
    pub fn next_tick(&self) -> Option<Instant> {
        self.next_at.filter(|_| self.still_since.is_none())
    }

    /// Nothing moving and nothing held: a new game, a move taken back.
    pub fn stop(&mut self) {
        self.animation = None;
        self.next_at = None;
        self.hold_until = None;
        self.step_once = false;
    }

    /// A move was played whose steps start at point `start` of the timeline and that has
    /// `steps` of them after its placing: it plays out when animations are on and it has
    /// steps, else it shows at once. Either way the next move that comes by itself (a
    /// computer's, a table's) waits: two steps for computers watched here (`paced`), else
    /// one step for a move without steps, so that each is seen and what is said of it read.
    pub fn played(&mut self, start: usize, steps: usize, now: Instant, paced: bool) {
        self.step_once = false;
        self.hold_until = None;
        if self.animations && steps > 0 {
            self.animation = Some(start);
            self.next_at = Some(now + self.delay());
        } else {
            self.animation = None;
            self.next_at = None;
            if paced {
                self.hold(now, paced);
            } else if self.animations {
                self.rest(now);
            }
        }
    }

    /// Shows the end of the move playing out at once (`s`).
    pub fn skip_animation(&mut self, now: Instant, paced: bool) {
        if self.animation.take().is_some() {
            self.next_at = None;
            self.hold(now, paced);
        }
    }

    /// `a`: animations on or off; off also ends the one playing. Gives whether they are on.
    pub fn toggle_animations(&mut self, now: Instant, paced: bool) -> bool {
        self.animations = !self.animations;
        if !self.animations {
            self.skip_animation(now, paced);
        }
        self.animations
    }

    /// Computers watched here give each move time to be seen: two steps after it has shown
    /// (with a tick at the end, so that the next move comes even if nothing else happens).
    /// A table is paced by its server, so its moves are not held again here.
    fn hold(&mut self, now: Instant, paced: bool) {
        if paced {
            let until = now + self.delay() * 2;
            self.hold_until = Some(until);
            self.next_at = Some(until);
        }
    }

    /// Opens the replay at point `index`, playing.
    pub fn open_replay(&mut self, index: usize, now: Instant) {
        self.animation = None;
        self.replay = Some(Playback {
            index,
            playing: true,
        });
        self.next_at = Some(now + self.delay());
    }

    /// Closes the replay; the live board shows for a step before the next move comes.
    pub fn close_replay(&mut self, now: Instant) {
        self.replay = None;
        self.next_at = None;
        self.hold_until = Some(now + self.delay());
    }

    /// A replay key over `history`: the walking keys go a step, a move, or to either end
    /// and stop the playing; Space and Enter play or stop (from the start when at the end).
    /// Gives whether the key was the replay's; others leave it as it is.
    pub fn replay_key<T: Steps>(&mut self, history: &[T], action: Action, now: Instant) -> bool {
        let Some(mut replay) = self.replay else {
            return false;
        };
        let last = timeline::last(history);
        match action {
            Action::Left
            | Action::Right
            | Action::Up
            | Action::Down
            | Action::First
            | Action::Last => {
                replay.index = walk(history, replay.index, action);
                replay.playing = false;
            }
            Action::Pause | Action::Confirm => {
                if !replay.playing && replay.index >= last {
                    replay.index = 0;
                }
                replay.playing = !replay.playing && last > 0;
            }
            _ => return false,
        }
        self.replay = Some(replay);
        self.next_at = replay.playing.then(|| now + self.delay());
        true
    }

    /// Space while watching: pause or go on. Gives whether it is paused now.
    pub fn toggle_pause(&mut self) -> bool {
        self.paused = !self.paused;
        self.step_once = false;
        self.paused
    }

    /// `.` while watching: the next move comes now, and the match pauses after it.
    pub fn step_one(&mut self) {
        self.paused = true;
        self.step_once = true;
        self.hold_until = None;
    }

    /// Moves time on to `now` over a timeline whose last point is `last`: the replay plays a
    /// step, or the animation does (at its end a watched match holds the next move).
    pub fn tick(&mut self, now: Instant, last: usize, paced: bool) {
        let Some(due) = self.next_tick() else { return };
        if now < due {
            return;
        }
        let delay = self.delay();
        if let Some(replay) = &mut self.replay {
            if replay.playing {
                replay.index = (replay.index + 1).min(last);
                replay.playing = replay.index < last;
            }
            self.next_at = replay.playing.then(|| now + delay);
            return;
        }
        if let Some(index) = self.animation {
            if index + 1 >= last {
                self.animation = None;
                self.next_at = None;
                self.hold(now, paced);
            } else {
                self.animation = Some(index + 1);
                self.next_at = Some(now + delay);
            }
            return;
        }
        self.next_at = None;
    }

    /// Whether the next move may be shown now: no replay open, no move playing out, a
    /// watched match (`watching`) not paused, nothing held still under the help, and no hold
    /// running (then the next tick is set for the hold's end). A `.` step goes through pause
    /// and hold.
    pub fn next_move_waits(&mut self, now: Instant, watching: bool) -> bool {
        if self.replay.is_some() || self.animation.is_some() || self.still_since.is_some() {
            return true;
        }
        if self.step_once {
            return false;
        }
        if watching && self.paused {
            return true;
        }
        match self.hold_until {
            Some(hold) if now < hold => {
                self.next_at = Some(hold);
                true
            }
            _ => false,
        }
    }

    /// Whether the next piece of a table's news may show now: as [`Motion::next_move_waits`]
    /// says, except that a player's own move (`own`) ends the move playing out and shows at
    /// once, as at a local game.
    pub fn table_news_shows(&mut self, now: Instant, watching: bool, own: bool) -> bool {
        if own && self.replay.is_none() {
            self.animation = None;
            self.next_at = None;
        }
        !self.next_move_waits(now, watching)
    }

    /// The board shows for a step before the next move comes (a fresh deal at a table).
    pub fn rest(&mut self, now: Instant) {
        let until = now + self.delay();
        self.hold_until = Some(until);
        self.next_at = Some(until);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::timeline::FakeMove as Move;

    const PACE: Pace = Pace::new(&[100], 0);

    #[test]
    fn a_move_plays_out_then_a_watcher_holds_two_steps() {
        let t = Instant::now();
        let step = Duration::from_millis(100);
        let mut m = Motion::new(PACE);
        // Points: 0 start; 1-3 the move (two steps after its placing).
        m.played(1, 2, t, true);
        assert_eq!(m.shown_index(3), 1);
        assert!(m.next_move_waits(t, true));
        m.tick(t + step, 3, true);
        assert_eq!(m.animation, Some(2));
        m.tick(t + step * 2, 3, true);
        assert_eq!((m.animation, m.next_tick()), (None, Some(t + step * 4)));
        assert!(m.next_move_waits(t + step * 3, true), "held");
        assert_eq!(m.next_tick(), Some(t + step * 4));
        assert!(!m.next_move_waits(t + step * 4, true));
        m.played(4, 0, t, false);
        assert!(
            m.next_move_waits(t, false),
            "a move without steps shows for a step"
        );
        assert!(!m.next_move_waits(t + step, false));
        m.animations = false;
        m.played(5, 0, t, false);
        assert!(
            !m.next_move_waits(t, false),
            "without animations nothing waits"
        );
    }

    #[test]
    fn paused_holds_every_move_but_one_step() {
        let t = Instant::now();
        let mut m = Motion::new(PACE);
        assert!(m.toggle_pause());
        assert!(m.next_move_waits(t, true));
        m.step_one();
        assert!(!m.next_move_waits(t, true));
        m.played(1, 0, t, true);
        assert!(m.paused && m.next_move_waits(t + PACE.delay() * 9, true));
        assert!(!m.toggle_pause());
    }

    #[test]
    fn space_plays_and_stops_a_replay_and_walking_stops_it() {
        let t = Instant::now();
        let history = [Move(1), Move(0)];
        let mut m = Motion::new(PACE);
        m.open_replay(1, t);
        m.tick(t + PACE.delay(), 3, false);
        assert_eq!(
            m.replay,
            Some(Playback {
                index: 2,
                playing: true
            })
        );
        assert!(m.replay_key(&history, Action::Pause, t));
        assert_eq!(m.next_tick(), None);
        assert!(m.replay_key(&history, Action::Last, t));
        assert!(m.replay_key(&history, Action::Pause, t));
        assert_eq!(
            m.replay,
            Some(Playback {
                index: 0,
                playing: true
            }),
            "from the start"
        );
        assert!(m.replay_key(&history, Action::Left, t));
        assert_eq!(m.replay.map(|r| r.playing), Some(false));
        assert!(!m.replay_key(&history, Action::Faster, t));
        m.close_replay(t);
        assert!(
            m.next_move_waits(t, true),
            "the live board shows a step first"
        );
    }

    #[test]
    fn held_still_a_replay_and_a_hold_go_on_where_they_stopped() {
        let t = Instant::now();
        let step = PACE.delay();
        let mut m = Motion::new(PACE);
        m.open_replay(0, t);
        m.hold_still(true, t);
        assert_eq!(m.next_tick(), None, "no tick is asked for while still");
        m.tick(t + step * 5, 3, false);
        assert_eq!(m.replay.map(|r| r.index), Some(0), "nothing stepped");
        let later = t + step * 5;
        m.hold_still(false, later);
        assert_eq!(
            m.next_tick(),
            Some(later + step),
            "a whole step still to come"
        );
        m.tick(later + step, 3, false);
        assert_eq!(m.replay.map(|r| r.index), Some(1));

        let mut m = Motion::new(PACE);
        m.played(1, 0, t, true);
        m.hold_still(true, t);
        assert!(
            m.next_move_waits(t + step * 9, true),
            "no move comes while still"
        );
        m.hold_still(false, t + step * 9);
        assert!(m.next_move_waits(t + step * 10, true), "the hold goes on");
        assert!(!m.next_move_waits(t + step * 11, true));
    }
}
