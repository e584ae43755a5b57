//! trios: the grid games of the briefs for the terminal — Three Trios, a two-player card game
//! on a grid with holes, and its siblings.
//!
//! The rules live in [`games`], pure and deterministic; the front ends (text mode, the
//! full-screen TUI and the SSH server) drive them through the same API.

pub mod autosave;
pub mod calendar;
pub mod cli;
pub mod cmd;
pub mod controller;
pub mod escape;
pub mod flag_value;
pub mod games;
pub mod input_file;
pub mod record;
pub mod registry;
pub mod run;
pub mod search;
pub mod setup;
pub mod shot;
pub mod sim;
pub mod ssh;
pub mod store;
pub mod textui;
pub mod tui;
pub mod words;
