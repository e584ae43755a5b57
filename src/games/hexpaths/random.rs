//! New games and objectives drawn from a seed: the same seed gives the same game on every
//! machine (ChaCha8 and integer draws written out, as every game here does).

use rand::Rng;

use super::barriers::{
    CRANNY_COUNT, NOOK_COUNT, NOOKS_PER_TRIANGLE, Nook, TRIANGLES, cranny_range,
};
use super::board::{Board, Cells};
use super::geometry::{Cell, NEIGHBOURS, NONE};
use super::solve::{DEFAULT_BUDGET, Solution, solve};
use super::state::{MAX_PIECES, State};
use crate::games::rng::{GameRng, below, seeded};

/// How hard an objective is, by the length of its shortest move. The bands were set from
/// the lengths objectives actually have: over the 3864 objectives of the seeded four-piece
/// games the bench draws, shortest moves of 1 to 9 steps came 164, 268, 612, 1090, 1102,
/// 518, 100, 9 and 1 times, which these bands split as easy 26%, medium 48%, hard 12% and
/// needs-another 14%.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// One to three steps, the piece alone.
    Easy,
    /// Four or five steps, the piece alone.
    Medium,
    /// Six steps or more, the piece alone.
    Hard,
    /// Shorter when another piece moves too (or only possible that way).
    NeedsAnother,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::NeedsAnother,
    ];

    /// The name menus and the command line use.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::NeedsAnother => "needs-another",
        }
    }

    /// The difficulty of an objective whose shortest move is `solution`.
    pub fn of(solution: &Solution) -> Difficulty {
        if solution.needs_others() {
            return Difficulty::NeedsAnother;
        }
        match solution.len() {
            0..=3 => Difficulty::Easy,
            4..=5 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }
}

impl std::str::FromStr for Difficulty {
    type Err = DifficultyError;

    fn from_str(s: &str) -> Result<Difficulty, DifficultyError> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| DifficultyError(s.to_string()))
    }
}

/// A difficulty's name that names none.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty \"{0}\"; expected easy, medium, hard or needs-another")]
pub struct DifficultyError(pub String);

/// A new legal game from `seed` with `pieces` pieces (clamped to one to four), each on a
/// different nook.
pub fn new_game(seed: u64, pieces: usize) -> State {
    let mut rng = seeded(seed);
    let pieces = pieces.clamp(1, MAX_PIECES);
    let crannies: [Cell; CRANNY_COUNT] = std::array::from_fn(|side| {
        let (first, _) = cranny_range(side as u8);
        first + below(&mut rng, 8) as Cell
    });
    loop {
        let nooks = draw_nooks(&mut rng);
        let mut cells: Vec<Cell> = nooks.iter().map(|n| n.cell).collect();
        let mut chosen = Vec::with_capacity(pieces);
        for _ in 0..pieces {
            let i = below(&mut rng, cells.len() as u64) as usize;
            chosen.push(cells.swap_remove(i));
        }
        // About one draw in eight leaves some nook unreachable; draw again.
        if let Ok(state) = State::new(crannies, nooks, chosen) {
            return state;
        }
    }
}

/// Eighteen nooks, three to a triangle, none touching another, letters at random.
fn draw_nooks(rng: &mut GameRng) -> [Nook; NOOK_COUNT] {
    'again: loop {
        let mut taken = Cells::EMPTY;
        let mut near = Cells::EMPTY;
        let mut out = [Nook { cell: 0, letter: 0 }; NOOK_COUNT];
        for (t, triangle) in TRIANGLES.iter().enumerate() {
            for k in 0..NOOKS_PER_TRIANGLE {
                let free: Vec<Cell> = triangle
                    .iter()
                    .copied()
                    .filter(|&c| !taken.contains(c) && !near.contains(c))
                    .collect();
                if free.is_empty() {
                    continue 'again;
                }
                let cell = free[below(rng, free.len() as u64) as usize];
                taken.insert(cell);
                for &n in &NEIGHBOURS[cell as usize] {
                    if n != NONE {
                        near.insert(n);
                    }
                }
                out[t * NOOKS_PER_TRIANGLE + k] = Nook {
                    cell,
                    letter: below(rng, 6) as u8,
                };
            }
        }
        return out;
    }
}

/// An objective: bring piece number `piece` to the nook at `goal`, at best in `solution`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Objective {
    pub piece: usize,
    pub goal: Cell,
    pub solution: Solution,
    pub difficulty: Difficulty,
}

/// Every objective with these pieces, solved: each piece to each nook no piece stands on,
/// where a move exists and is proven shortest within the search budget.
pub fn objectives(board: &Board, pieces: &[Cell]) -> Vec<Objective> {
    let mut out = Vec::new();
    for piece in 0..pieces.len() {
        for goal in board.nooks().iter() {
            if let Some(o) = objective(board, pieces, piece, goal) {
                out.push(o);
            }
        }
    }
    out
}

/// The objective of bringing `pieces[piece]` to `goal`, if the goal is a free nook and a
/// move is proven shortest within the budget.
pub fn objective(board: &Board, pieces: &[Cell], piece: usize, goal: Cell) -> Option<Objective> {
    if !board.is_nook(goal) || pieces.contains(&goal) {
        return None;
    }
    let solution = solve(board, pieces, piece, goal, DEFAULT_BUDGET).ok()?;
    (solution.proven && !solution.is_empty()).then(|| Objective {
        piece,
        goal,
        difficulty: Difficulty::of(&solution),
        solution,
    })
}

/// Draws an objective of `difficulty` (any when `None`): the pairs of a piece and a free
/// nook are tried in random order and the first that fits is taken. `None` when no pair
/// fits (with one piece, nothing needs another piece).
pub fn draw_objective(
    board: &Board,
    pieces: &[Cell],
    difficulty: Option<Difficulty>,
    rng: &mut impl Rng,
) -> Option<Objective> {
    let mut pairs: Vec<(usize, Cell)> = (0..pieces.len())
        .flat_map(|p| {
            board
                .nooks()
                .iter()
                .map(move |g| (p, g))
                .collect::<Vec<_>>()
        })
        .filter(|&(_, g)| !pieces.contains(&g))
        .collect();
    while !pairs.is_empty() {
        let (piece, goal) = pairs.swap_remove(below(rng, pairs.len() as u64) as usize);
        if let Some(o) = objective(board, pieces, piece, goal)
            && difficulty.is_none_or(|d| d == o.difficulty)
        {
            return Some(o);
        }
    }
    None
}
