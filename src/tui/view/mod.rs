//! Widgets every screen draws with: the theme, the key bar, the help box, the boxes over
//! a board (too small) and line wrapping. The duels' shared parts (game over) are drawn by
//! `tui::match_screen`; each game's own drawing lives in its screen's folder.

pub mod coords;
pub(crate) mod fit;
pub(crate) mod frame;
pub(crate) mod help;
pub(crate) mod keybar;
pub mod message;
pub(crate) mod overlay;
pub(crate) mod seat;
pub mod theme;
pub(crate) mod wrap;
