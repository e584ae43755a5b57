//! Quick pairing at a server: the lobby's `f` puts a player in the pool of the game and clock
//! chosen ([`crate::controller::pool`]); every lobby waiting there looks for pairs each
//! second, and the two paired are told ([`Pairing`]): the one who waited longer opens a table
//! for two on the clock, the other sits at it. A table for two on a clock is rated as any.

use std::time::{Duration, Instant};

use super::Shared;
use crate::controller::pool::{PoolKey, Waiting};
use crate::tui::Event;
use crate::tui::event::{Pairing, Sender};

/// How often the pool looks for pairs as the windows widen.
const LOOK_EVERY: Duration = Duration::from_millis(900);

/// After this long alone in a pool, the lobby offers the computer meanwhile.
pub const ALONE_FOR: Duration = Duration::from_secs(30);

/// A player in the pool: their connection and where to tell them.
#[derive(Clone)]
pub struct PoolSeat {
    pub client: u64,
    pub events: Sender<Event>,
}

/// One connection is one seat in the pool.
impl PartialEq for PoolSeat {
    fn eq(&self, other: &PoolSeat) -> bool {
        self.client == other.client
    }
}

impl std::fmt::Debug for PoolSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {}", self.client)
    }
}

impl Shared {
    /// Puts `entry` in its pool.
    pub(crate) fn join_pool(&self, entry: Waiting<PoolSeat>) {
        super::lock(&self.pool).join(entry);
    }

    /// Takes `client` out of the pool; whether they were in it.
    pub(crate) fn leave_pool(&self, client: u64) -> bool {
        let seat = |s: &Waiting<PoolSeat>| s.who.client == client;
        let mut pool = super::lock(&self.pool);
        match pool.entry_where(seat).map(|w| w.who.clone()) {
            Some(who) => pool.leave(&who),
            None => false,
        }
    }

    /// How many wait in `key`'s pool.
    pub(crate) fn waiting_in(&self, key: PoolKey) -> usize {
        super::lock(&self.pool).waiting_in(key)
    }

    /// Pairs whoever can be paired at `now` (someone just joined) and tells both of each
    /// pair.
    pub(crate) fn pair_pool(&self, now: Instant) {
        let pairs = super::lock(&self.pool).pair(now);
        self.tell_pairs(pairs);
    }

    /// A waiting lobby's second: the pool looks for pairs, once a second however many wait.
    pub(crate) fn look_pool(&self, now: Instant) {
        let pairs = super::lock(&self.pool).pair_every(now, LOOK_EVERY);
        self.tell_pairs(pairs);
    }

    /// Tells both of each pair; a pair one of whose players is gone puts the other back in
    /// the pool.
    fn tell_pairs(&self, pairs: Vec<(Waiting<PoolSeat>, Waiting<PoolSeat>)>) {
        for (first, second) in pairs {
            let open = Pairing::Open {
                partner: second.who.events.clone(),
            };
            if first.who.events.send(Event::Paired(open)).is_err() {
                self.join_pool(second);
            }
        }
    }
}
