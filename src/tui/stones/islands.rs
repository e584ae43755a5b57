//! Islands of Hex on the duel screen: stones on a leaning board of hexagons, drawn compact,
//! white as a ring and black as a disc (W and B without colour).

use super::board::{Cell, Mark, Shown, StoneGame, plain_cells};
use crate::controller::duel::Turn;
use crate::games::Side;
use crate::games::islands::{Game, Place, Placed, Stone, stone_of};

/// The cells of `stone`'s island that joins its two edges (the first such, row-major).
fn chain(game: &Game, stone: Stone) -> Vec<Cell> {
    let board = game.board();
    let n = board.size();
    let label = board.island_labels(stone);
    // Which edges each island touches: bit 0 its first edge, bit 1 its last.
    let mut edges = vec![0u8; n * n + 1];
    for (at, &l) in label.iter().enumerate() {
        let line = if stone == Stone::White {
            at / n
        } else {
            at % n
        };
        edges[l as usize] |= u8::from(line == 0) | (u8::from(line + 1 == n) << 1);
    }
    let Some(joined) = (1..edges.len()).find(|&l| edges[l] == 3) else {
        return Vec::new();
    };
    (0..n * n)
        .filter(|&at| label[at] as usize == joined)
        .map(|at| (at / n, at % n))
        .collect()
}

fn side_of(stone: Stone) -> Side {
    if stone_of(Side::First) == stone {
        Side::First
    } else {
        Side::Second
    }
}

impl StoneGame for Game {
    const LEAN: bool = true;
    const EDGES: Option<[Side; 2]> = Some([Side::First, Side::Second]);
    const GOAL: &'static [&'static str] = &[
        "White joins top–bottom",
        "Black joins left–right",
        "More islands wins",
    ];
    const PLACE_WORDS: &'static str = "place a stone";
    const HINT_WORDS: &'static str = "number the islands of the side to move";
    const STEP_WORDS: &'static str = "the stone placed";

    fn dims(&self) -> (usize, usize) {
        let n = self.board().size();
        (n, n)
    }

    fn stone(&self, (row, col): Cell) -> Option<Side> {
        self.board().stone(row, col).map(side_of)
    }

    fn place((row, col): Cell) -> Place {
        Place { row, col }
    }

    fn cell_of(mv: Place) -> Option<Cell> {
        Some((mv.row, mv.col))
    }

    fn forced_pass(&self) -> Option<Place> {
        None
    }

    fn legal_cells(&self) -> Vec<Cell> {
        self.empty_cells()
            .into_iter()
            .map(|p| (p.row, p.col))
            .collect()
    }

    fn hint(&self, _cell: Cell) -> Option<u32> {
        None
    }

    fn step_count(_played: &Placed) -> usize {
        0
    }

    fn shown(before: &Game, played: &Placed, _shown: usize) -> Vec<Shown> {
        let mut cells = plain_cells(before);
        let n = before.board().size();
        cells[played.place.row * n + played.place.col] = Shown {
            stone: Some(side_of(played.stone)),
            mark: Mark::Placed,
        };
        cells
    }

    fn side_title(side: Side) -> &'static str {
        match stone_of(side) {
            Stone::White => "White",
            Stone::Black => "Black",
        }
    }

    fn stone_glyph(side: Side, plain: bool) -> char {
        match (stone_of(side), plain) {
            (Stone::White, false) => '○',
            (Stone::Black, false) => '●',
            (Stone::White, true) => 'W',
            (Stone::Black, true) => 'B',
        }
    }

    fn light(side: Side) -> bool {
        stone_of(side) == Stone::White
    }

    fn groups(&self, side: Side) -> Option<Vec<u32>> {
        Some(self.board().island_labels(stone_of(side)))
    }

    fn ending(&self) -> (Vec<Cell>, Option<String>) {
        let Some(stone) = self.board().chain_maker() else {
            return (Vec::new(), None);
        };
        let line = match stone {
            Stone::White => "White joined top and bottom",
            Stone::Black => "Black joined left and right",
        };
        (chain(self, stone), Some(line.to_string()))
    }

    fn cell_name((row, col): Cell) -> String {
        crate::tui::view::coords::cell(row, col)
    }

    fn log_line(turn: &Turn<Game>) -> String {
        let [white, black] = turn.played.islands;
        format!(
            "{} {}, islands {white}–{black}",
            Game::side_title(turn.side),
            Game::cell_name((turn.mv.row, turn.mv.col))
        )
    }

    fn step_line(_played: &Placed, _step: usize) -> String {
        String::new()
    }

    fn mobility(&self, _side: Side) -> usize {
        // Every empty cell is a move, until the game is over.
        let board = self.board();
        if board.is_over() {
            0
        } else {
            board.size().pow(2) - board.stones()
        }
    }
}
