//! The lobby a player reaches after connecting: the shared lobby widget
//! ([`crate::tui::lobby`]) in its server place.

pub use crate::tui::lobby::{Choices, Intent, Item, Lobby};
