//! Connect Four on trios' platform: [`TwoPlayer`] for matches, records and tables, its
//! computer players, what a table says of it ([`Hosted`]) and how the stones screen draws
//! it ([`StoneGame`]).

use serde::{Deserialize, Serialize};
use trios::controller::Turn;
use trios::controller::table_game::Hosted;
use trios::games::rng::{GameRng, below, seeded};
use trios::games::{GameKind, OptionsError, Side, Strategy, TwoPlayer, UnknownStrategy};
use trios::tui::stones::board::{Cell, Mark, Shown, StoneGame, plain_cells};
use trios::tui::view::coords;

use crate::rules::{Board, COLUMNS, Drop, ROWS, Refusal};

/// The game's kind: its name on the command line and in records.
pub const KIND: GameKind = GameKind::named("connect-four");

/// Computer players, weakest first.
pub const STRATEGY_NAMES: [&str; 2] = ["random", "expert"];

/// How a game is set up: there is nothing to choose.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {}

/// Any legal move, seeded.
struct Random(GameRng);

impl Strategy<Board> for Random {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Board) -> Option<Drop> {
        let moves = game.moves();
        let at = below(&mut self.0, moves.len() as u64) as usize;
        moves.get(at).copied()
    }
}

/// A full-width alpha-beta search a few moves deep, scoring the lines of four still open.
struct Expert {
    depth: u32,
}

/// A win's score: more than any position's, less the further off it is.
const WIN: i32 = 1_000_000;

impl Expert {
    fn negamax(&self, board: &Board, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if board.winner().is_some() {
            // The side that just moved won.
            return -(WIN - board.stones() as i32);
        }
        let moves = ordered(board);
        if moves.is_empty() {
            return 0;
        }
        if depth == 0 {
            return evaluate(board, board.to_move());
        }
        let mut best = -WIN * 2;
        for mv in moves {
            let mut next = board.clone();
            if next.play(mv).is_err() {
                continue;
            }
            let score = -self.negamax(&next, depth - 1, -beta, -alpha);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The legal moves, centre columns first (they take part in the most lines of four).
fn ordered(board: &Board) -> Vec<Drop> {
    let mut moves = board.moves();
    moves.sort_by_key(|mv| (mv.col as i32 - (COLUMNS / 2) as i32).abs());
    moves
}

/// `side`'s lines of four still open less the opponent's, each by the stones in it.
fn evaluate(board: &Board, side: Side) -> i32 {
    let mut score = 0;
    for row in 0..ROWS as isize {
        for col in 0..COLUMNS as isize {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells: Vec<Option<Side>> = (0..4)
                    .map(|k| (row + k * dr, col + k * dc))
                    .filter(|&(r, c)| {
                        r >= 0 && c >= 0 && (r as usize) < ROWS && (c as usize) < COLUMNS
                    })
                    .map(|(r, c)| board.at(r as usize, c as usize))
                    .collect();
                if cells.len() < 4 {
                    continue;
                }
                let mine = cells.iter().filter(|&&s| s == Some(side)).count() as i32;
                let theirs = cells.iter().filter(|&&s| s == Some(side.other())).count() as i32;
                match (mine, theirs) {
                    (m, 0) => score += m * m,
                    (0, t) => score -= t * t,
                    _ => {}
                }
            }
        }
    }
    score
}

impl Strategy<Board> for Expert {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&mut self, game: &Board) -> Option<Drop> {
        let mut best = None;
        let mut alpha = -WIN * 2;
        for mv in ordered(game) {
            let mut next = game.clone();
            if next.play(mv).is_err() {
                continue;
            }
            let score = -self.negamax(&next, self.depth, -WIN * 2, -alpha);
            if best.is_none() || score > alpha {
                alpha = score;
                best = Some(mv);
            }
        }
        best
    }
}

impl TwoPlayer for Board {
    const KIND: GameKind = KIND;
    type Options = Options;
    type Move = Drop;
    type Played = Drop;
    type Refusal = Refusal;

    fn start(_options: &Options, _seed: u64) -> Result<Board, OptionsError> {
        Ok(Board::default())
    }

    fn to_move(&self) -> Side {
        Board::to_move(self)
    }

    fn legal_moves(&self) -> Vec<Drop> {
        self.moves()
    }

    fn play(&mut self, mv: Drop) -> Result<Drop, Refusal> {
        Board::play(self, mv)
    }

    fn is_over(&self) -> bool {
        Board::is_over(self)
    }

    /// A win is one point.
    fn score(&self) -> [usize; 2] {
        match self.winner() {
            Some(Side::First) => [1, 0],
            Some(Side::Second) => [0, 1],
            None => [0, 0],
        }
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "RED",
            Side::Second => "YELLOW",
        }
    }

    fn strategy_names() -> &'static [&'static str] {
        &STRATEGY_NAMES
    }

    fn strategy(
        spec: &str,
        seed: u64,
        _think_ms: u64,
    ) -> Result<Box<dyn Strategy<Board>>, UnknownStrategy> {
        match spec.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Box::new(Random(seeded(seed)))),
            "expert" => Ok(Box::new(Expert { depth: 6 })),
            _ => Err(UnknownStrategy {
                name: spec.to_string(),
                known: STRATEGY_NAMES.to_vec(),
            }),
        }
    }
}

impl Hosted for Board {
    fn cells(_game: &Board) -> usize {
        ROWS * COLUMNS
    }

    fn seat_title(side: Side) -> &'static str {
        title(side)
    }
}

/// A side as people read it.
pub fn title(side: Side) -> &'static str {
    match side {
        Side::First => "Red",
        Side::Second => "Yellow",
    }
}

impl StoneGame for Board {
    const GOAL: &'static [&'static str] = &["Four in a row wins", "across, down or diagonal"];
    const PLACE_WORDS: &'static str = "drop a stone";
    const HINT_WORDS: &'static str = "none in this game";
    const HINTS: bool = false;
    const STEP_WORDS: &'static str = "the stone dropped";

    fn dims(&self) -> (usize, usize) {
        (ROWS, COLUMNS)
    }

    fn stone(&self, (row, col): Cell) -> Option<Side> {
        self.at(row, col)
    }

    fn place((row, col): Cell) -> Drop {
        Drop { row, col }
    }

    fn cell_of(mv: Drop) -> Option<Cell> {
        Some((mv.row, mv.col))
    }

    fn forced_pass(&self) -> Option<Drop> {
        None
    }

    fn legal_cells(&self) -> Vec<Cell> {
        self.moves().into_iter().map(|d| (d.row, d.col)).collect()
    }

    fn hint(&self, _cell: Cell) -> Option<u32> {
        None
    }

    fn step_count(_played: &Drop) -> usize {
        0
    }

    fn shown(before: &Board, played: &Drop, _shown: usize) -> Vec<Shown> {
        let mut cells = plain_cells(before);
        cells[played.row * COLUMNS + played.col] = Shown {
            stone: Some(before.to_move()),
            mark: Mark::Placed,
        };
        cells
    }

    fn side_title(side: Side) -> &'static str {
        title(side)
    }

    fn stone_glyph(side: Side, plain: bool) -> char {
        match (side, plain) {
            (Side::First, false) => '●',
            (Side::Second, false) => '○',
            (Side::First, true) => 'R',
            (Side::Second, true) => 'Y',
        }
    }

    fn light(side: Side) -> bool {
        side == Side::Second
    }

    fn ending(&self) -> (Vec<Cell>, Option<String>) {
        match (self.four(), self.winner()) {
            (Some(four), Some(side)) => (
                four.to_vec(),
                Some(format!("{} made four in a row", title(side))),
            ),
            _ => (Vec::new(), None),
        }
    }

    fn cell_name((row, col): Cell) -> String {
        coords::cell(row, col)
    }

    fn log_line(turn: &Turn<Board>) -> String {
        format!("{} {}", title(turn.side), turn.mv)
    }

    fn step_line(_played: &Drop, _step: usize) -> String {
        String::new()
    }

    fn mobility(&self, _side: Side) -> usize {
        self.moves().len()
    }
}
