//! The integration tests, built and linked as one binary: one module per area, sharing
//! the helpers in `common`. Run one area with `cargo test --test it <module>::`.

mod common;

mod ai;
mod budgets;
mod config_files;
mod contract;
mod hex_tables;
mod hexpaths;
mod hexpaths_cli;
mod hexpaths_rounds;
mod hexpaths_tui;
mod home;
mod hostile_cli;
mod islands;
mod islands_cli;
mod islands_tui;
mod lobby;
mod parser_properties;
mod properties;
mod race_tables;
mod record_safety;
mod records;
mod regression;
mod resume;
mod reversi_cli;
mod reversi_engine;
mod reversi_tables;
mod reversi_tui;
mod rules;
mod search;
mod sim;
mod solve;
mod solver;
mod ssh;
mod ssh_duels;
mod ssh_hostile_connections;
mod ssh_hostile_input;
mod table_view;
mod tables;
mod text_mode;
mod triad;
mod triad_cli;
mod triad_tui;
mod tui_app;
mod tui_pty;
