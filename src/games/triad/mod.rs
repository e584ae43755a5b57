//! Triad (the brief `002_…`): the Set-like solitaire of 81 cards, each a shape, a colour, a
//! count and a fill; find three that are, in every property, all the same or all different.

/// The game's name on the command line and in records.
pub const NAME: &str = "triad";
/// The game's name as people read it.
pub const TITLE: &str = "Triad";

/// The computer players a person can face, strongest first, as menus offer them.
pub fn opponents() -> Vec<&'static str> {
    race::LEVELS.iter().map(|(n, _)| *n).collect()
}

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
