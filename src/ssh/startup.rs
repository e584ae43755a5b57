//! Connections on their way in: the count of those not yet logged in (in all and by address,
//! as OpenSSH's `MaxStartups` limits them), and the places among the games that logged-in
//! connections hold.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use super::{Admission, lock};

/// Connections not yet logged in. Invariant: `total` is the sum of `by_address`, and no
/// address is listed with a count of 0.
pub(crate) struct Startups {
    limit: usize,
    per_address: usize,
    counts: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

impl Startups {
    /// At most `limit` unfinished logins in all and `per_address` from one address. Each is
    /// at least 1, and `per_address` stays below `limit` when it can, so one address always
    /// leaves a place for others.
    pub(crate) fn new(limit: usize, per_address: usize) -> Startups {
        let limit = limit.max(1);
        Startups {
            limit,
            per_address: per_address.min(limit.saturating_sub(1)).max(1),
            counts: Mutex::new(Counts::default()),
        }
    }

    /// A place for a new connection from `ip` until it logs in; `Err` says which limit is
    /// reached.
    pub(crate) fn enter(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, StartupsFull> {
        let mut counts = lock(&self.counts);
        let from_ip = counts.by_address.get(&ip).copied().unwrap_or(0);
        if from_ip >= self.per_address {
            return Err(StartupsFull::FromAddress {
                pending: from_ip,
                most: self.per_address,
            });
        }
        if counts.total >= self.limit {
            return Err(StartupsFull::All {
                pending: counts.total,
                most: self.limit,
            });
        }
        counts.total += 1;
        *counts.by_address.entry(ip).or_default() += 1;
        Ok(Slot {
            startups: self.clone(),
            ip,
        })
    }

    /// The most connections not yet logged in.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// Connections not yet logged in.
    pub(crate) fn pending(&self) -> usize {
        lock(&self.counts).total
    }

    fn leave(&self, ip: IpAddr) {
        let mut counts = lock(&self.counts);
        counts.total = counts.total.saturating_sub(1);
        if let Some(n) = counts.by_address.get_mut(&ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.by_address.remove(&ip);
            }
        }
    }
}

/// A connection's place among those not yet logged in, given back when dropped (at login, or
/// when the connection closes).
pub(crate) struct Slot {
    startups: Arc<Startups>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.startups.leave(self.ip);
    }
}

/// A logged-in connection that holds a place among the games.
pub(crate) struct Live {
    pub(crate) user: String,
    /// The fingerprint of the key it logged in with, if any.
    pub(crate) key: Option<String>,
    /// Closes the connection when a returning key takes its place.
    pub(crate) handle: russh::server::Handle,
    /// The place itself, given back when dropped.
    pub(crate) admission: Admission,
}

/// Which limit on connections not yet logged in a new connection would pass.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum StartupsFull {
    /// Its address already has `most` connections logging in.
    #[error("{pending} unfinished logins from this address (at most {most})")]
    FromAddress { pending: usize, most: usize },
    /// The server already has `most` connections logging in.
    #[error("{pending} unfinished logins (at most {most})")]
    All { pending: usize, most: usize },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn one_address_is_held_to_its_share_and_places_come_back_when_dropped() {
        let startups = Arc::new(Startups::new(3, 2));
        let a1 = startups.enter(ip(1)).unwrap();
        let _a2 = startups.enter(ip(1)).unwrap();
        let refused = startups.enter(ip(1)).err().unwrap().to_string();
        assert!(refused.contains("from this address"), "{refused}");
        let _b1 = startups.enter(ip(2)).unwrap();
        let refused = startups.enter(ip(3)).err().unwrap().to_string();
        assert!(refused.contains("at most 3"), "{refused}");
        assert_eq!(startups.pending(), 3);
        drop(a1);
        assert_eq!(startups.pending(), 2);
        assert!(startups.enter(ip(3)).is_ok());
    }

    #[test]
    fn the_share_of_one_address_stays_below_the_whole() {
        let startups = Arc::new(Startups::new(2, 10));
        let _a = startups.enter(ip(1)).unwrap();
        assert!(startups.enter(ip(1)).is_err());
        assert!(startups.enter(ip(2)).is_ok());
    }
}
