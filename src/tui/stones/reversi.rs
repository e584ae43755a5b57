//! Reversi on the duel screen: discs, legal squares, flip counts and the flips of a move line
//! by line.

use super::board::{Cell, Mark, Shown, StoneGame, plain_cells};
use crate::controller::duel::Turn;
use crate::games::Side;
use crate::games::reversi::{Direction, Game, Move, MoveOutcome, Square, color_of};
use crate::words::count;

fn square(cell: Cell) -> Option<Square> {
    Square::new(cell.0, cell.1)
}

fn cell(sq: Square) -> Cell {
    (sq.row(), sq.col())
}

fn index(sq: Square) -> usize {
    sq.index() as usize
}

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::North => "north",
        Direction::NorthEast => "north-east",
        Direction::East => "east",
        Direction::SouthEast => "south-east",
        Direction::South => "south",
        Direction::SouthWest => "south-west",
        Direction::West => "west",
        Direction::NorthWest => "north-west",
    }
}

fn side_of(color: crate::games::reversi::Color) -> Side {
    if color_of(Side::First) == color {
        Side::First
    } else {
        Side::Second
    }
}

impl StoneGame for Game {
    const PLACE_WORDS: &'static str = "place a disc";
    const HINT_WORDS: &'static str = "how many discs each move would flip";
    const STEP_WORDS: &'static str = "the flips line by line";

    fn dims(&self) -> (usize, usize) {
        (8, 8)
    }

    fn stone(&self, cell: Cell) -> Option<Side> {
        square(cell).and_then(|sq| self.disc(sq)).map(side_of)
    }

    fn place(cell: Cell) -> Move {
        // Cells come from the board's own dimensions, so this is always a square.
        square(cell).map_or(Move::Pass, Move::Place)
    }

    fn cell_of(mv: Move) -> Option<Cell> {
        match mv {
            Move::Place(sq) => Some(cell(sq)),
            Move::Pass => None,
        }
    }

    fn forced_pass(&self) -> Option<Move> {
        (!self.is_over() && self.must_pass()).then_some(Move::Pass)
    }

    fn legal_cells(&self) -> Vec<Cell> {
        if self.is_over() {
            return Vec::new();
        }
        self.legal_squares().map(cell).collect()
    }

    fn hint(&self, cell: Cell) -> Option<u32> {
        let sq = square(cell)?;
        let flips = self.flips_if(sq);
        (flips > 0).then_some(flips)
    }

    fn step_count(played: &MoveOutcome) -> usize {
        played.lines.len()
    }

    fn shown(before: &Game, played: &MoveOutcome, shown: usize) -> Vec<Shown> {
        let mut cells = plain_cells(before);
        let mover = Some(side_of(played.color));
        if let Move::Place(sq) = played.mv {
            cells[index(sq)] = Shown {
                stone: mover,
                mark: Mark::Placed,
            };
        }
        for (n, line) in played.lines.iter().enumerate().take(shown) {
            let mark = if n + 1 == shown {
                Mark::Changing
            } else {
                Mark::Changed
            };
            for &sq in &line.squares {
                cells[index(sq)] = Shown { stone: mover, mark };
            }
        }
        cells
    }

    fn side_title(side: Side) -> &'static str {
        match side {
            Side::First => "Dark",
            Side::Second => "Light",
        }
    }

    fn stone_glyph(side: Side, plain: bool) -> char {
        match (side, plain) {
            (Side::First, false) => '●',
            (Side::Second, false) => '○',
            (Side::First, true) => 'X',
            (Side::Second, true) => 'O',
        }
    }

    fn cell_name(cell: Cell) -> String {
        crate::tui::view::coords::cell(cell.0, cell.1)
    }

    fn log_line(turn: &Turn<Game>) -> String {
        let who = Game::side_title(turn.side);
        match turn.mv {
            Move::Place(sq) => format!(
                "{who} {}, flips {}",
                Game::cell_name(cell(sq)),
                turn.played.flip_count()
            ),
            Move::Pass => format!("{who} passes"),
        }
    }

    fn step_line(played: &MoveOutcome, step: usize) -> String {
        let Some(line) = step.checked_sub(1).and_then(|n| played.lines.get(n)) else {
            return String::new();
        };
        let squares: Vec<String> = line
            .squares
            .iter()
            .map(|&sq| Game::cell_name(cell(sq)))
            .collect();
        format!(
            "{} {}: {}",
            direction_name(line.direction),
            count(line.squares.len(), "flip"),
            squares.join(", ")
        )
    }

    fn partial_score(cells: &[Shown], _after: &Game) -> [usize; 2] {
        let mut score = [0; 2];
        for side in cells.iter().filter_map(|cell| cell.stone) {
            score[side.index()] += 1;
        }
        score
    }

    fn mobility(&self, side: Side) -> usize {
        if self.is_over() {
            return 0;
        }
        if side_of(self.turn()) == side {
            self.legal_squares().count()
        } else {
            let mut other = *self;
            other.make(Move::Pass);
            other.legal_squares().count()
        }
    }
}
