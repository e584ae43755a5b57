//! trios: Three Trios, a two-player card game on a grid with holes, for the terminal.
//!
//! The rules live in [`trios`], pure and deterministic; the front ends (text mode, and later the
//! full-screen TUI and the SSH server) drive them through the same API.

pub mod autosave;
pub mod cli;
pub mod controller;
pub mod record;
pub mod shot;
pub mod sim;
pub mod ssh;
pub mod textui;
pub mod trios;
pub mod tui;
