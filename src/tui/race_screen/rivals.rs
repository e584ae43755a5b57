//! Computer rivals racing at one screen (no table): each looks at the race when it changes,
//! makes its plan and when it will act, and acts once its time on the clock has come.

use std::time::Duration;

/// A computer rival at this screen. Invariant: `due` is set only by a look at `moment`.
pub(crate) struct RivalSeat<Rival, Plan> {
    pub(crate) rival: Rival,
    /// Its place among the race's players.
    pub(crate) player: usize,
    /// The moment of the race it last looked at.
    moment: Option<u64>,
    /// When (on the clock) it acts, and what it will do.
    due: Option<(Duration, Plan)>,
}

/// The computer rivals at a screen, in their order among the players.
pub(crate) struct Rivals<Rival, Plan> {
    seats: Vec<RivalSeat<Rival, Plan>>,
}

impl<Rival, Plan> Rivals<Rival, Plan> {
    /// `rivals` playing at the places given.
    pub(crate) fn new(rivals: impl IntoIterator<Item = (usize, Rival)>) -> Self {
        let seats = rivals
            .into_iter()
            .map(|(player, rival)| RivalSeat {
                rival,
                player,
                moment: None,
                due: None,
            })
            .collect();
        Rivals { seats }
    }

    pub(crate) fn len(&self) -> usize {
        self.seats.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.seats.is_empty()
    }

    /// Each rival that has not yet looked at the race's `moment` looks now: `look` says
    /// when it will act and with what plan, if it sees anything.
    pub(crate) fn look(
        &mut self,
        moment: u64,
        mut look: impl FnMut(&mut Rival) -> Option<(Duration, Plan)>,
    ) {
        for seat in &mut self.seats {
            if seat.moment != Some(moment) {
                seat.moment = Some(moment);
                seat.due = look(&mut seat.rival);
            }
        }
    }

    /// Every rival forgets what it saw (a new game, a new round): each looks anew.
    pub(crate) fn forget(&mut self) {
        for seat in &mut self.seats {
            seat.moment = None;
            seat.due = None;
        }
    }

    /// When the next rival acts, on the clock.
    pub(crate) fn next_due(&self) -> Option<Duration> {
        self.seats
            .iter()
            .filter_map(|s| s.due.as_ref())
            .map(|d| d.0)
            .min()
    }

    /// The rival due first by `at` (the earlier place on a tie), with its plan, now taken.
    pub(crate) fn first_due(
        &mut self,
        at: Duration,
    ) -> Option<(&mut RivalSeat<Rival, Plan>, Plan)> {
        let i = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.due.as_ref().map(|d| (i, d.0)))
            .filter(|&(_, due)| due <= at)
            .min_by_key(|&(_, due)| due)
            .map(|(i, _)| i)?;
        let seat = self.seats.get_mut(i)?;
        let (_, plan) = seat.due.take()?;
        Some((seat, plan))
    }

    /// Every rival due by `at`, in their order among the players: its place, when it was
    /// due and its plan, now taken.
    pub(crate) fn all_due(&mut self, at: Duration) -> Vec<(usize, Duration, Plan)> {
        let mut due = Vec::new();
        for seat in &mut self.seats {
            if seat.due.as_ref().is_some_and(|d| d.0 <= at)
                && let Some((when, plan)) = seat.due.take()
            {
                due.push((seat.player, when, plan));
            }
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn rivals_look_once_per_moment_and_act_in_order_of_their_times() {
        let mut rivals = Rivals::new([(1, 3u64), (2, 2u64), (3, 2u64)]);
        let mut looks = 0;
        for _ in 0..2 {
            rivals.look(7, |delay| {
                looks += 1;
                Some((secs(*delay), *delay * 10))
            });
        }
        assert_eq!(looks, 3);
        assert_eq!(rivals.next_due(), Some(secs(2)));
        assert!(rivals.first_due(secs(1)).is_none());
        let (seat, plan) = rivals
            .first_due(secs(5))
            .map(|(s, p)| (s.player, p))
            .unwrap();
        assert_eq!((seat, plan), (2, 20));
        let (seat, _) = rivals
            .first_due(secs(5))
            .map(|(s, p)| (s.player, p))
            .unwrap();
        assert_eq!(seat, 3);
        assert_eq!(rivals.all_due(secs(5)), vec![(1, secs(3), 30)]);
        assert_eq!(rivals.next_due(), None);
        rivals.forget();
        rivals.look(7, |delay| Some((secs(*delay), 0)));
        assert_eq!(rivals.all_due(secs(9)).len(), 3);
    }
}
