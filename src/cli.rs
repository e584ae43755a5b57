//! The command line: clap types for every subcommand and flag.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::controller::Seat;
use crate::trios::{DealMode, RuleSet};

/// Three Trios in the terminal: a two-player card game on a grid with holes.
///
/// With no subcommand, plays like `trios play`: full screen against the computer (you are
/// Red) in a terminal, or the text mode when input or output is not a terminal.
#[derive(Debug, Parser)]
#[command(name = "trios", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game: full screen in a terminal (Blue is the computer unless --blue says
    /// otherwise), the line-based text mode otherwise (both seats human by default).
    Play(PlayArgs),
    /// Play back a match record written with --record, checking every move.
    Replay(ReplayArgs),
    /// Solve the opening exactly: Red's score minus Blue's under perfect play, and a best
    /// first move.
    Solve(SolveArgs),
}

/// Which front end to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Ui {
    /// Full screen when standard input and output are a terminal, text mode otherwise.
    #[default]
    Auto,
    /// Full screen: keyboard and mouse, animated battles, replay.
    Tui,
    /// Line-based: commands on standard input, views on standard output.
    Text,
}

impl Ui {
    /// Settles `Auto` by looking at whether both ends are a terminal.
    pub fn resolve(self, interactive: bool) -> Ui {
        match self {
            Ui::Auto if interactive => Ui::Tui,
            Ui::Auto => Ui::Text,
            ui => ui,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// Front end.
    #[arg(long, value_enum, default_value_t = Ui::Auto)]
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
    /// Red's seat: `human` or a strategy (random, maxflip, corners, defensive, minimax:N,
    /// expert, or a chain like corners>maxflip).
    #[arg(long, value_name = "SEAT", default_value = "human")]
    pub red: Seat,
    /// Blue's seat: `human` or a strategy, as for --red.
    /// Default: the strongest computer player full screen, `human` in text mode.
    #[arg(long, value_name = "SEAT")]
    pub blue: Option<Seat>,
    /// Thinking time per move for the `expert` player, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub think_ms: u64,
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

/// The computer player a person faces by default.
pub const STRONGEST: &str = crate::trios::ai::STRONGEST;

impl PlayArgs {
    /// What plain `trios` plays: every flag at its default.
    pub fn defaults() -> PlayArgs {
        PlayArgs {
            ui: Ui::Auto,
            board: None,
            cards: None,
            deal: DealMode::Shuffle,
            seed: None,
            rules: RuleSet::default(),
            red: Seat::Human,
            blue: None,
            think_ms: 1000,
            record: None,
            resume: false,
            no_autosave: false,
        }
    }

    /// Blue's seat: as given, else the strongest computer full screen and a person in text
    /// mode (where scripts expect two human seats).
    pub fn blue_seat(&self, ui: Ui) -> Seat {
        match (&self.blue, ui) {
            (Some(seat), _) => seat.clone(),
            (None, Ui::Text) => Seat::Human,
            (None, _) => Seat::Computer(STRONGEST.into()),
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// The record file.
    pub file: PathBuf,
    /// Front end.
    #[arg(long, value_enum, default_value_t = Ui::Auto)]
    pub ui: Ui,
}

/// The setup flags shared by commands that deal a game without playing it interactively.
#[derive(Debug, Clone, Args)]
pub struct SetupArgs {
    /// Board file. Default: the built-in board.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Card file. Default: the built-in cards.
    #[arg(long, value_name = "FILE")]
    pub cards: Option<PathBuf>,
    /// How hands are dealt: `shuffle` (seeded) or `in-order` (file order).
    #[arg(long, value_name = "MODE", default_value_t = DealMode::Shuffle)]
    pub deal: DealMode,
    /// Seed for the shuffle; drawn at random (and printed) when absent.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Variant rules, a comma list of reverse, fallen-ace, same, plus (or none).
    #[arg(long, value_name = "LIST", default_value = "none")]
    pub rules: RuleSet,
}

#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Print one JSON object: {"value", "best": {"hand", "row", "col"}, "nodes", "millis"}.
    #[arg(long)]
    pub json: bool,
    /// Also rank every first move by its exact value (one per distinct card).
    #[arg(long)]
    pub rank: bool,
}
