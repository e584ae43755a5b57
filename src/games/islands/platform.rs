//! Islands of Hex on the shared platform: [`TwoPlayer`] for matches, records, text mode and
//! tournaments, and its computer players.

use serde::{Deserialize, Serialize};

use super::board::Stone;
use super::game::{Game, MoveError, Place, Placed};
use crate::games::rng::{GameRng, below, seeded};
use crate::games::{GameKind, OptionsError, Side, Strategy, TwoPlayer, UnknownStrategy};

/// The board side when none is given.
pub const DEFAULT_SIZE: usize = 11;

/// How a game is set up: the board's side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub size: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options { size: DEFAULT_SIZE }
    }
}

/// Computer players, weakest first.
pub const STRATEGY_NAMES: [&str; 3] = ["random", "connector", "expert"];

/// The colour of a seat: white moves first.
pub fn stone_of(side: Side) -> Stone {
    match side {
        Side::First => Stone::White,
        Side::Second => Stone::Black,
    }
}

fn side_of(stone: Stone) -> Side {
    match stone {
        Stone::White => Side::First,
        Stone::Black => Side::Second,
    }
}

/// The brief's non-intelligent computer player: any empty cell, seeded. On a mostly empty
/// board it draws cells until one is empty, so a huge board costs no list of moves.
pub struct Random {
    rng: GameRng,
}

impl Strategy<Game> for Random {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game) -> Option<Place> {
        if game.is_over() {
            return None;
        }
        let board = game.board();
        let size = board.size();
        let cells = (size * size) as u64;
        let empty = cells - board.stones() as u64;
        if empty == 0 {
            return None;
        }
        if empty * 4 >= cells {
            for _ in 0..64 {
                let at = below(&mut self.rng, cells) as usize;
                let (row, col) = (at / size, at % size);
                if board.stone(row, col).is_none() {
                    return Some(Place { row, col });
                }
            }
        }
        let pick = below(&mut self.rng, empty) as usize;
        game.empty_cells().get(pick).copied()
    }
}

impl TwoPlayer for Game {
    const KIND: GameKind = GameKind::Islands;
    const SIZES: Option<std::ops::RangeInclusive<u64>> = Some(1..=super::MAX_SIZE as u64);
    type Options = Options;
    type Move = Place;
    type Played = Placed;
    type Refusal = MoveError;

    fn start(options: &Options, _seed: u64) -> Result<Game, OptionsError> {
        Ok(Game::new(options.size)?)
    }

    fn to_move(&self) -> Side {
        side_of(self.turn())
    }

    fn legal_moves(&self) -> Vec<Place> {
        self.empty_cells()
    }

    fn play(&mut self, mv: Place) -> Result<Placed, MoveError> {
        Game::play(self, mv)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn score(&self) -> [usize; 2] {
        [self.board().white_score(), self.board().black_score()]
    }

    fn side_name(side: Side) -> &'static str {
        stone_of(side).name()
    }

    fn strategy_names() -> &'static [&'static str] {
        &STRATEGY_NAMES
    }

    fn strategy(
        spec: &str,
        seed: u64,
        think_ms: u64,
    ) -> Result<Box<dyn Strategy<Game>>, UnknownStrategy> {
        match spec.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Box::new(Random { rng: seeded(seed) })),
            "connector" => Ok(Box::new(super::ai::Connector)),
            "expert" => Ok(Box::new(super::expert::Expert::new(think_ms, seed))),
            _ => Err(UnknownStrategy {
                name: spec.to_string(),
                known: STRATEGY_NAMES.to_vec(),
            }),
        }
    }

    /// `random`, and the expert, whose trees grow from its seeded stream.
    fn strategy_draws_from_seed(spec: &str, _options: &Options) -> bool {
        let name = spec.trim().to_ascii_lowercase();
        name == "random" || name == "expert"
    }
}
