//! The setup new matches start from at home or on a server ([`Base`]): what every game reads
//! (the seed, the think time) and a game's own setup carried whole for its entry
//! ([`OwnSetup`]), so the layers that only hand it on name no game.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// What every new match at home or on a server starts from, as the flags gave it.
///
/// The seed and think time here win over any the own setup holds: a game that reads its own
/// setup takes them from the base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    /// The seed a server deals every game from when its seed is fixed (`--seed`).
    pub seed: u64,
    /// Thinking time per move for searching computer players, in milliseconds.
    pub think_ms: u64,
    /// The name of the board the own setup deals on; a table on another says so.
    pub board: String,
    /// A game's own setup (Three Trios': board, cards, rules and the usual opponent), read
    /// only by that game's entry.
    pub own: OwnSetup,
}

/// A value of one game's own setup type, carried whole by layers that never read it: only
/// the game's entry, which made it, takes it back out ([`OwnSetup::get`]).
///
/// Two are equal when they hold the same type and equal values.
#[derive(Clone)]
pub struct OwnSetup {
    value: Arc<dyn Any + Send + Sync>,
    eq: fn(&dyn Any, &dyn Any) -> bool,
    debug: fn(&dyn Any, &mut fmt::Formatter<'_>) -> fmt::Result,
}

impl OwnSetup {
    /// Carries `value`.
    pub fn new<T: Any + Send + Sync + Eq + fmt::Debug>(value: T) -> OwnSetup {
        OwnSetup {
            value: Arc::new(value),
            eq: |a, b| match (a.downcast_ref::<T>(), b.downcast_ref::<T>()) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            },
            debug: |value, f| match value.downcast_ref::<T>() {
                Some(value) => value.fmt(f),
                None => f.write_str("?"),
            },
        }
    }

    /// A setup that holds nothing a game reads (for a lobby that offers no game of its own
    /// setup).
    pub fn none() -> OwnSetup {
        OwnSetup::new(())
    }

    /// The value carried, when it is a `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.value.downcast_ref::<T>()
    }
}

impl PartialEq for OwnSetup {
    fn eq(&self, other: &OwnSetup) -> bool {
        (self.eq)(&*self.value, &*other.value)
    }
}

impl Eq for OwnSetup {}

impl fmt::Debug for OwnSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.debug)(&*self.value, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_own_setup_gives_back_only_its_own_type_and_compares_by_value() {
        let a = OwnSetup::new(String::from("board"));
        assert_eq!(a.get::<String>().map(String::as_str), Some("board"));
        assert_eq!(a.get::<u64>(), None);
        assert_eq!(a, OwnSetup::new(String::from("board")));
        assert_ne!(a, OwnSetup::new(String::from("other")));
        assert_ne!(a, OwnSetup::new(7u64), "another type is never equal");
        assert_eq!(format!("{a:?}"), "\"board\"");
    }
}
