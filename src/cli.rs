//! The command line: clap types for every subcommand and flag.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::controller::Seat;
use crate::trios::{DealMode, RuleSet};

/// Three Trios in the terminal: a two-player card game on a grid with holes.
///
/// With no subcommand, starts a game against the computer (you are Red).
#[derive(Debug, Parser)]
#[command(name = "trios", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game (both seats human unless --red/--blue name a strategy).
    Play(PlayArgs),
    /// Play back a match record written with --record, checking every move.
    Replay(ReplayArgs),
}

/// Which front end to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Ui {
    /// Line-based: commands on standard input, views on standard output.
    #[default]
    Text,
}

#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// Front end.
    #[arg(long, value_enum, default_value_t = Ui::Text)]
    pub ui: Ui,
    /// Board file (first line `ROWS COLS`, then rows of C and X). Default: the built-in board.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Card file (one card a line: `NAME N S E W`, values 1-9 or A). Default: built-in cards.
    #[arg(long, value_name = "FILE")]
    pub cards: Option<PathBuf>,
    /// How hands are dealt: `shuffle` (seeded) or `in-order` (file order).
    #[arg(long, value_name = "MODE", default_value_t = DealMode::Shuffle)]
    pub deal: DealMode,
    /// Seed for the shuffle and random players; drawn at random when absent.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Variant rules, a comma list of reverse, fallen-ace, same, plus (or none).
    #[arg(long, value_name = "LIST", default_value = "none")]
    pub rules: RuleSet,
    /// Red's seat: `human` or a strategy (random, maxflip, corners).
    #[arg(long, value_name = "SEAT", default_value = "human")]
    pub red: Seat,
    /// Blue's seat: `human` or a strategy (random, maxflip, corners).
    #[arg(long, value_name = "SEAT", default_value = "human")]
    pub blue: Seat,
    /// Keep a match record in FILE (JSON), rewritten after every move. Replaces the autosave.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Continue the most recent unfinished autosaved match instead of starting a new one.
    #[arg(long, conflicts_with_all = RESUME_CONFLICTS)]
    pub resume: bool,
    /// Do not save this match in the data folder (it then cannot be resumed).
    #[arg(long)]
    pub no_autosave: bool,
}

/// Flags that set up a new match, so make no sense with `--resume` (the record holds the
/// setup), plus `--no-autosave` (a resumed match always goes on in its own file).
const RESUME_CONFLICTS: [&str; 9] = [
    "board",
    "cards",
    "deal",
    "seed",
    "rules",
    "red",
    "blue",
    "record",
    "no_autosave",
];

impl PlayArgs {
    /// What plain `trios` plays: the defaults, against the computer.
    pub fn versus_computer() -> PlayArgs {
        PlayArgs {
            ui: Ui::Text,
            board: None,
            cards: None,
            deal: DealMode::Shuffle,
            seed: None,
            rules: RuleSet::default(),
            red: Seat::Human,
            blue: Seat::Computer("maxflip".into()),
            record: None,
            resume: false,
            no_autosave: false,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// The record file.
    pub file: PathBuf,
    /// Front end.
    #[arg(long, value_enum, default_value_t = Ui::Text)]
    pub ui: Ui,
}
