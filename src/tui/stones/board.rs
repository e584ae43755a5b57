//! What the duel screen needs to know of a game played by placing stones on a grid of cells:
//! what stands where, which cell a move takes, the steps of a move (for animation and replay)
//! and how to name things. Each game implements [`StoneGame`] in a file of its own.

use crate::controller::duel::Turn;
use crate::games::{Side, TwoPlayer};
use crate::tui::timeline::Steps;

/// A cell on the board, 0-based (row, column).
pub type Cell = (usize, usize);

/// What a cell shows at some point of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    pub stone: Option<Side>,
    pub mark: Mark,
}

/// A cell's part in the move being shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    None,
    /// The stone the move placed.
    Placed,
    /// Changed by the move in a step already shown.
    Changed,
    /// Changing in the step being shown.
    Changing,
}

/// A two-player game on a grid of cells, as the duel screen draws and plays it.
pub trait StoneGame: TwoPlayer + crate::controller::table_game::Hosted + std::fmt::Debug {
    /// Rows and columns of the board.
    fn dims(&self) -> (usize, usize);
    /// The stone on a cell, if any.
    fn stone(&self, cell: Cell) -> Option<Side>;
    /// The move that places a stone on `cell` for the player to move (it may be refused).
    fn place(cell: Cell) -> Self::Move;
    /// The cell a move places on; `None` for a move that places nothing (a pass).
    fn cell_of(mv: Self::Move) -> Option<Cell>;
    /// Whether the player to move can only pass, and the pass to play then.
    fn forced_pass(&self) -> Option<Self::Move>;
    /// The cells the player to move may place on.
    fn legal_cells(&self) -> Vec<Cell>;
    /// A number to show on a legal cell when hints are on (Reversi: the discs it flips).
    fn hint(&self, cell: Cell) -> Option<u32>;
    /// How many steps a move shows after the placing (Reversi: its flipped lines).
    fn step_count(played: &Self::Played) -> usize;
    /// Every cell at the point `shown` steps into a move played from `before`, marked.
    fn shown(before: &Self, played: &Self::Played, shown: usize) -> Vec<Shown>;
    /// The side's colour name: `Dark`, `Light`.
    fn side_title(side: Side) -> &'static str;
    /// The side's stone as one character: `●`/`○`, or a letter without colour.
    fn stone_glyph(side: Side, plain: bool) -> char;
    /// A cell's name for people (Reversi: `4 3`, row then column, 1-based).
    fn cell_name(cell: Cell) -> String;
    /// One line of the move log: `Dark 4 3, flips 2`, `Light passes`.
    fn log_line(turn: &Turn<Self>) -> String;
    /// What step `step` (1-based) of a move did, for the status line in replay.
    fn step_line(played: &Self::Played, step: usize) -> String;
    /// How many moves a side has now (for the status bar), if the game counts them.
    fn mobility(&self, side: Side) -> usize;
    /// Each side's score on a board showing `cells` part way through a move whose whole
    /// result is `after`. By default the score of `after` (a game whose steps leave the score
    /// alone); Reversi counts the discs drawn, so the score climbs as the flips land.
    fn partial_score(cells: &[Shown], after: &Self) -> [usize; 2] {
        let _ = cells;
        after.score()
    }
    /// Whether the board is drawn leaning, each row half a cell left of the row above (a
    /// board of hexagons); such boards use compact cells only.
    const LEAN: bool = false;
    /// What `H` shows, in a word for the prompt; every game so far says `hints`, as the
    /// other games' bars do.
    const HINT_NAME: &'static str = "hints";
    /// Whether the board has hints to show (`H`); a game without says so, and `H` is not
    /// offered.
    const HINTS: bool = true;
    /// On a board of edges to join: the side that joins top and bottom, then the side that
    /// joins left and right (their edges are marked on the board).
    const EDGES: Option<[Side; 2]> = None;
    /// What each side is after, short lines for the side panel (none when the counts say
    /// it all).
    const GOAL: &'static [&'static str] = &[];
    /// Once the game is over: the cells to highlight (Islands: the chain that ended it) and
    /// a line saying how it ended.
    fn ending(&self) -> (Vec<Cell>, Option<String>) {
        (Vec::new(), None)
    }
    /// Whether a side's stones are drawn light (white) on the board; the other side's are
    /// dark. Reversi: the second side, Light.
    fn light(side: Side) -> bool {
        side == Side::Second
    }
    /// With `H` on, when the game numbers groups rather than hinting at moves (Islands: the
    /// islands of the side to move): for every cell, row-major, 0 or the 1-based number of
    /// the group on it.
    fn groups(&self, _side: Side) -> Option<Vec<u32>> {
        None
    }
    /// The verb of a move for the help and prompts: `place a disc`.
    const PLACE_WORDS: &'static str;
    /// What hints show, for the help: `how many discs each move would flip`.
    const HINT_WORDS: &'static str;
    /// What a step is, for the help: `flips`.
    const STEP_WORDS: &'static str;
}

/// The timeline counts a turn's steps through its game.
impl<G: StoneGame> Steps for Turn<G> {
    fn steps(&self) -> usize {
        G::step_count(&self.played)
    }
}

/// Every cell of `game` unmarked, row-major.
pub fn plain_cells<G: StoneGame>(game: &G) -> Vec<Shown> {
    let (rows, cols) = game.dims();
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            cells.push(Shown {
                stone: game.stone((r, c)),
                mark: Mark::None,
            });
        }
    }
    cells
}
