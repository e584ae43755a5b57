//! Quick pairing: players waiting for an opponent in a pool (a game and a time control), paired
//! by rating within a window that widens the longer they wait. Pure: the server hands in who
//! waits and the time, and acts on the pairs it gets back.
//!
//! Invariants: a pair is two entries of the same pool; never two entries of one account, nor
//! a guest with an account holder (guests play guests, casual); each entry is in at most one
//! pair; everyone in a pair leaves the pool.

use std::time::{Duration, Instant};

use crate::games::GameKind;
use crate::setup::clock::TimeControl;
use crate::store::AccountId;

/// The rating difference paired at once.
pub const FIRST_WINDOW: f64 = 100.0;
/// How much the window widens for each second waited: two minutes and a half reach any two
/// ratings there are, so nobody starves beside a player they may play.
pub const WIDENS_BY: f64 = 20.0;

/// Which pool: the game and the time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PoolKey {
    pub game: GameKind,
    pub clock: TimeControl,
}

/// One player waiting in a pool.
#[derive(Debug, Clone, PartialEq)]
pub struct Waiting<T> {
    /// Who, for the server (the session to tell).
    pub who: T,
    pub pool: PoolKey,
    /// The account, or `None` for a guest.
    pub account: Option<AccountId>,
    /// Their rating in the pool's group (1500 when they have none).
    pub rating: f64,
    pub since: Instant,
}

impl<T> Waiting<T> {
    /// The rating difference this player accepts at `now`.
    pub fn window(&self, now: Instant) -> f64 {
        let waited = now.saturating_duration_since(self.since).as_secs_f64();
        FIRST_WINDOW + WIDENS_BY * waited
    }

    /// Whether `self` and `other` may be paired at `now`: the same pool, not one account
    /// twice, guests only with guests, and their ratings within both players' windows.
    pub fn pairs_with(&self, other: &Waiting<T>, now: Instant) -> bool {
        if self.pool != other.pool {
            return false;
        }
        match (self.account, other.account) {
            (Some(a), Some(b)) if a == b => return false,
            (Some(_), None) | (None, Some(_)) => return false,
            _ => {}
        }
        let gap = (self.rating - other.rating).abs();
        gap <= self.window(now).min(other.window(now))
    }
}

/// The pool: everyone waiting, longest first.
#[derive(Debug, Clone)]
pub struct Pool<T> {
    waiting: Vec<Waiting<T>>,
    /// When the pool last looked for pairs.
    looked: Option<Instant>,
}

impl<T> Default for Pool<T> {
    fn default() -> Pool<T> {
        Pool {
            waiting: Vec::new(),
            looked: None,
        }
    }
}

impl<T: PartialEq + Clone> Pool<T> {
    /// `entry` joins its pool (a second join by the same `who` replaces the first).
    pub fn join(&mut self, entry: Waiting<T>) {
        self.leave(&entry.who);
        self.waiting.push(entry);
        self.waiting.sort_by_key(|w| w.since);
    }

    /// `who` leaves the pool (nothing if they were not in it); whether they were.
    pub fn leave(&mut self, who: &T) -> bool {
        let before = self.waiting.len();
        self.waiting.retain(|w| &w.who != who);
        self.waiting.len() != before
    }

    /// How many wait in `pool`.
    pub fn waiting_in(&self, pool: PoolKey) -> usize {
        self.waiting.iter().filter(|w| w.pool == pool).count()
    }

    /// The first entry `found` picks, if any.
    pub fn entry_where(&self, found: impl Fn(&Waiting<T>) -> bool) -> Option<&Waiting<T>> {
        self.waiting.iter().find(|w| found(w))
    }

    /// `who`'s entry, if they wait.
    pub fn entry(&self, who: &T) -> Option<&Waiting<T>> {
        self.waiting.iter().find(|w| &w.who == who)
    }

    /// Pairs whoever can be paired at `now`, longest waiting first, each with the closest
    /// rating among those it may play; the pairs leave the pool.
    pub fn pair(&mut self, now: Instant) -> Vec<(Waiting<T>, Waiting<T>)> {
        self.looked = Some(now);
        let mut pairs = Vec::new();
        let mut at = 0;
        while at < self.waiting.len() {
            let first = &self.waiting[at];
            let partner = (self.waiting.iter().enumerate())
                .filter(|&(i, w)| i != at && first.pairs_with(w, now))
                .min_by(|(_, a), (_, b)| {
                    let gap = |w: &Waiting<T>| (w.rating - first.rating).abs();
                    gap(a).total_cmp(&gap(b))
                })
                .map(|(i, _)| i);
            match partner {
                Some(other) => {
                    let (low, high) = (at.min(other), at.max(other));
                    let b = self.waiting.remove(high);
                    let a = self.waiting.remove(low);
                    // The one who waited longer is the first named.
                    pairs.push(if a.since <= b.since { (a, b) } else { (b, a) });
                }
                None => at += 1,
            }
        }
        pairs
    }

    /// [`Pool::pair`] unless the pool looked less than `every` ago: each player waiting
    /// asks each second, and one look pairs them all.
    pub fn pair_every(&mut self, now: Instant, every: Duration) -> Vec<(Waiting<T>, Waiting<T>)> {
        if (self.looked).is_some_and(|at| now.saturating_duration_since(at) < every) {
            return Vec::new();
        }
        self.pair(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn key() -> PoolKey {
        PoolKey {
            game: GameKind::Reversi,
            clock: TimeControl::new(3, 2),
        }
    }

    fn entry(who: u32, account: Option<i64>, rating: f64, since: Instant) -> Waiting<u32> {
        Waiting {
            who,
            pool: key(),
            account,
            rating,
            since,
        }
    }

    #[test]
    fn close_ratings_pair_at_once_and_far_ones_once_the_window_has_widened() {
        let t0 = Instant::now();
        let mut pool = Pool::default();
        pool.join(entry(1, Some(1), 1500.0, t0));
        pool.join(entry(2, Some(2), 1800.0, t0));
        assert!(pool.pair(t0).is_empty());
        assert_eq!(pool.waiting_in(key()), 2);
        // 300 apart: both windows reach it after 10 s (100 + 20 × 10).
        assert!(pool.pair(t0 + Duration::from_secs(9)).is_empty());
        let pairs = pool.pair(t0 + Duration::from_secs(10));
        assert_eq!(pairs.len(), 1);
        assert_eq!((pairs[0].0.who, pairs[0].1.who), (1, 2));
        assert_eq!(pool.waiting_in(key()), 0);
    }

    #[test]
    fn one_account_never_plays_itself_and_guests_play_guests() {
        let t0 = Instant::now();
        let late = t0 + Duration::from_secs(3600);
        let mut pool = Pool::default();
        pool.join(entry(1, Some(7), 1500.0, t0));
        pool.join(entry(2, Some(7), 1500.0, t0));
        pool.join(entry(3, None, 1500.0, t0));
        assert!(pool.pair(late).is_empty());
        pool.join(entry(4, None, 1500.0, t0));
        let pairs = pool.pair(late);
        assert_eq!(pairs.len(), 1);
        assert_eq!((pairs[0].0.who, pairs[0].1.who), (3, 4));
        // Another pool never pairs with this one.
        let mut other = entry(5, Some(8), 1500.0, t0);
        other.pool.clock = TimeControl::new(1, 1);
        pool.join(other);
        assert!(pool.pair(late).is_empty());
        assert!(pool.leave(&5));
        assert!(!pool.leave(&5));
    }

    #[test]
    fn the_longest_waiting_is_paired_with_the_closest_rating() {
        let t0 = Instant::now();
        let mut pool = Pool::default();
        pool.join(entry(1, Some(1), 1500.0, t0));
        pool.join(entry(2, Some(2), 1580.0, t0 + Duration::from_secs(1)));
        pool.join(entry(3, Some(3), 1520.0, t0 + Duration::from_secs(2)));
        let pairs = pool.pair(t0 + Duration::from_secs(2));
        assert_eq!(pairs.len(), 1);
        assert_eq!((pairs[0].0.who, pairs[0].1.who), (1, 3));
        assert!(pool.entry(&2).is_some());
    }

    proptest! {
        /// Whatever the pool, no pair is one account twice or a guest with an account, no
        /// player is in two pairs, and a pair's ratings lie within both windows.
        #[test]
        fn pairs_keep_the_rules(
            players in proptest::collection::vec((0i64..6, 0.0f64..3000.0, 0u64..120), 0..40),
            at in 0u64..200,
        ) {
            let t0 = Instant::now();
            let mut pool = Pool::default();
            for (n, (account, rating, since)) in players.iter().enumerate() {
                let account = (*account > 0).then_some(*account);
                pool.join(entry(n as u32, account, *rating, t0 + Duration::from_secs(*since)));
            }
            let now = t0 + Duration::from_secs(at);
            let pairs = pool.pair(now);
            let mut seen = std::collections::HashSet::new();
            for (a, b) in &pairs {
                prop_assert!(seen.insert(a.who) && seen.insert(b.who));
                prop_assert!(a.pairs_with(b, now));
                prop_assert!(a.account.is_none() == b.account.is_none());
                prop_assert!(a.account.is_none() || a.account != b.account);
            }
            // Nobody left could still be paired: no one starves beside a partner.
            let left: Vec<_> = (0..players.len() as u32).filter_map(|w| pool.entry(&w)).collect();
            for (i, a) in left.iter().enumerate() {
                for b in &left[i + 1..] {
                    prop_assert!(!a.pairs_with(b, now), "{:?} and {:?} left unpaired", a.who, b.who);
                }
            }
        }

        /// Two players who may play each other, however far apart their ratings, are paired
        /// once the window has widened to their gap, and not before.
        #[test]
        fn nobody_starves_beside_a_compatible_player(a in 0.0f64..3000.0, b in 0.0f64..3000.0) {
            let t0 = Instant::now();
            let gap = (a - b).abs();
            let needed = Duration::from_secs_f64(((gap - FIRST_WINDOW) / WIDENS_BY).max(0.0));
            let mut pool = Pool::default();
            pool.join(entry(1, Some(1), a, t0));
            pool.join(entry(2, Some(2), b, t0));
            if needed > Duration::from_millis(10) {
                prop_assert!(pool.pair(t0 + needed - Duration::from_millis(10)).is_empty());
            }
            prop_assert_eq!(pool.pair(t0 + needed + Duration::from_millis(10)).len(), 1);
        }
    }
}
