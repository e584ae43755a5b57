//! Triad (the brief `002_…`): the Set-like solitaire of 81 cards, each a shape, a colour, a
//! count and a fill; find three that are, in every property, all the same or all different.

pub mod args;
mod card;
mod find;
mod game;
pub mod platform;
pub mod race;
pub mod sim;
pub mod text;

pub use card::{CARDS, Card, CardError, PROPERTIES, is_triad, why_not_triad};
pub use find::{count_triads, first_repeat, first_triad, has_triad, triads};
pub use game::{Found, Game, PickError, Redeal, TABLEAU, shuffled_deck};
