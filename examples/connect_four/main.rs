//! Connect Four, a game kept outside trios' crate: its rules, its computer players, how the
//! stones screen draws it, its text mode and its entry live in this folder, and this program
//! is trios with it installed beside the five games built in:
//!
//! `cargo run --example connect_four` opens the home screen with Connect Four listed;
//! `cargo run --example connect_four -- play --game connect-four --ui text` plays it in
//! text; `… serve` hosts it at a server's tables.

mod entry;
mod platform;
mod rules;
mod text;

fn main() -> color_eyre::Result<std::process::ExitCode> {
    trios::cmd::main(&[&entry::ENTRY])
}
