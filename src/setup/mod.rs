//! What decides a match before its first move, as every layer above keeps it: the seats
//! ([`Seat`]), a two-player game's setup ([`duel::DuelConfig`]) and Three Trios' own
//! ([`three_trios::MatchConfig`]), and what new matches at home or on a server start from
//! ([`Base`]). Records keep them at their head; matches start from them.

mod base;
pub mod clock;
pub mod duel;
mod seat;
pub mod three_trios;

pub use base::{Base, OwnSetup};
pub use seat::Seat;
