//! How the server's lobby is drawn: the shared lobby view ([`crate::tui::lobby::view`]).

pub use crate::tui::lobby::view::{LOBBY_KEYS, MIN_SIZE, item_at};
