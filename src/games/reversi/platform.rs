//! Reversi on the shared platform: [`TwoPlayer`] for matches, records, text mode and
//! tournaments, with the brief's class names accepted as seats.

use serde::{Deserialize, Serialize};

use super::ai;
use super::book::Book;
use super::book::player::{Booked, book_tolerance};
use super::game::{Game, Move, MoveError, MoveOutcome};
use super::levels::{Budget, Level};
use super::square::Color;
use crate::games::{GameKind, OptionsError, Side, Strategy, TwoPlayer, UnknownStrategy};

/// What decides a Reversi match's start besides its seats: the standard start, or a
/// position given as a position string.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// A position string (64 squares then the side to move); `None` is the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Whether the computers play without the opening book (`--book off`); recorded only
    /// when true, so records without it read as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_book: bool,
    /// Whether the thinking time is wall time (`--think-ms`) rather than work
    /// (`--think-work`, and every record made before the clock); recorded only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timed: bool,
}

/// The strategy the brief's `IntelligentComputerPlayer` names: the simplest one measured to
/// beat `random` in well over 80% of decided games while answering at once.
pub const INTELLIGENT: &str = "positional";

/// Every strategy name, weakest first: the simple players, the levels, and `expert`, which
/// is `level:10` (also accepted) under its own name.
pub const STRATEGY_NAMES: [&str; 13] = [
    "random",
    "greedy",
    "positional",
    "level:1",
    "level:2",
    "level:3",
    "level:4",
    "level:5",
    "level:6",
    "level:7",
    "level:8",
    "level:9",
    "expert",
];

/// What an unknown strategy's message lists as accepted.
const ACCEPTED: [&str; 5] = [
    "random",
    "greedy",
    "positional",
    "level:1 to level:10 (level:10 is expert)",
    "expert",
];

/// A strategy's own name for a seat name: the brief's class names map onto trios's.
pub fn canonical(name: &str) -> String {
    let lower = name.trim().to_ascii_lowercase();
    match lower.as_str() {
        "randomcomputerplayer" => "random".into(),
        "intelligentcomputerplayer" => INTELLIGENT.into(),
        _ => lower,
    }
}

fn side_of(color: Color) -> Side {
    match color {
        Color::Dark => Side::First,
        Color::Light => Side::Second,
    }
}

/// The colour that plays `side`.
pub fn color_of(side: Side) -> Color {
    match side {
        Side::First => Color::Dark,
        Side::Second => Color::Light,
    }
}

/// One of the strategies of [`ai`], seen as a platform strategy.
struct Plain(Box<dyn ai::Strategy>);

impl Strategy<Game> for Plain {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        self.0.choose(game)
    }
}

impl TwoPlayer for Game {
    const KIND: GameKind = GameKind::Reversi;
    type Options = Options;
    type Move = Move;
    type Played = MoveOutcome;
    type Refusal = MoveError;

    fn start(options: &Options, _seed: u64) -> Result<Game, OptionsError> {
        match &options.position {
            None => Ok(Game::new()),
            Some(text) => Ok(text.parse::<Game>()?),
        }
    }

    fn to_move(&self) -> Side {
        side_of(self.turn())
    }

    fn legal_moves(&self) -> Vec<Move> {
        Game::legal_moves(self)
    }

    fn play(&mut self, mv: Move) -> Result<MoveOutcome, MoveError> {
        Game::play(self, mv)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn score(&self) -> [usize; 2] {
        Color::BOTH.map(|c| self.count(c) as usize)
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "X",
            Side::Second => "O",
        }
    }

    fn strategy_names() -> &'static [&'static str] {
        &STRATEGY_NAMES
    }

    fn strategy(
        spec: &str,
        seed: u64,
        think_ms: u64,
    ) -> Result<Box<dyn Strategy<Game>>, UnknownStrategy> {
        strategy_on(spec, seed, Budget::Work(think_ms))
    }

    fn strategy_for(
        spec: &str,
        seed: u64,
        think_ms: u64,
        options: &Options,
    ) -> Result<Box<dyn Strategy<Game>>, UnknownStrategy> {
        let budget = if options.timed {
            Budget::Time(think_ms)
        } else {
            Budget::Work(think_ms)
        };
        let strategy = strategy_on(spec, seed, budget)?;
        Ok(match book_tolerance(&canonical(spec)) {
            Some(tolerance) if !options.no_book => {
                Box::new(Booked::new(strategy, Book::embedded(), seed, tolerance))
            }
            _ => strategy,
        })
    }

    /// `random` under any of its names, and the book players unless the book is off.
    fn strategy_draws_from_seed(spec: &str, options: &Options) -> bool {
        let name = canonical(spec);
        name == "random" || (!options.no_book && book_tolerance(&name).is_some())
    }
}

/// The strategy `spec` names, its searches on `budget` (`expert-classic` counts work only).
fn strategy_on(
    spec: &str,
    seed: u64,
    budget: Budget,
) -> Result<Box<dyn Strategy<Game>>, UnknownStrategy> {
    let name = canonical(spec);
    let unknown = || UnknownStrategy {
        name: spec.to_string(),
        known: ACCEPTED.to_vec(),
    };
    if name == "expert" {
        return Ok(Box::new(Level::expert(budget)));
    }
    if name == super::classic::NAME {
        let (Budget::Work(units) | Budget::Time(units)) = budget;
        return Ok(Box::new(super::classic::Classic::new(units)));
    }
    match super::levels::parse(&name) {
        Ok(Some(level)) => return Ok(Box::new(Level::with_budget(level, budget))),
        Ok(None) => {}
        Err(_) => return Err(unknown()),
    }
    ai::by_spec(&name, seed)
        .map(|s| Box::new(Plain(s)) as Box<dyn Strategy<Game>>)
        .map_err(|_| unknown())
}
