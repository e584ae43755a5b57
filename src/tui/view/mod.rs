//! Widgets every screen draws with: the theme, the key bar, the help box and the boxes over
//! a board (too small, game over). Each game's own drawing lives in its screen's folder.

pub(crate) mod help;
pub(crate) mod keybar;
pub(crate) mod overlay;
pub mod theme;
