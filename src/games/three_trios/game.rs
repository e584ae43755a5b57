//! A game of Three Trios: the state, legal moves, playing a move, and the score.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::battle::{self, BattleStep, LiveBoard, MaskedBoard, Placed};
use super::card::Card;
use super::deal::Deal;
use super::grid::{Grid, Pos};
use super::player::Player;
use super::rules::RuleSet;
use super::setup::Setup;

/// A move: play the card at `hand` (0-based index into the mover's hand) onto `pos`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub hand: usize,
    pub pos: Pos,
}

impl Move {
    pub const fn new(hand: usize, row: usize, col: usize) -> Move {
        Move {
            hand,
            pos: Pos::new(row, col),
        }
    }
}

impl fmt::Display for Move {
    /// The text-mode spelling without the verb: `H R C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.hand, self.pos.row, self.pos.col)
    }
}

/// Why a move was refused. A refused move changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("{player} has no card {index}: the hand holds cards 0 to {}", .hand_len.saturating_sub(1))]
    NoSuchCard {
        player: Player,
        index: usize,
        hand_len: usize,
    },
    #[error("cell {pos} is off the grid, which is {rows}x{cols}")]
    OffGrid { pos: Pos, rows: usize, cols: usize },
    #[error("cell {0} is a hole")]
    Hole(Pos),
    #[error("cell {0} is already taken")]
    Occupied(Pos),
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("board has {cells} card cells, so {needed} cards are needed; the deck has {have}")]
    TooFewCards {
        cells: usize,
        needed: usize,
        have: usize,
    },
    #[error("a hand needs {needed} cards but has {have}")]
    WrongHandSize { needed: usize, have: usize },
    #[error("a deck may hold at most {max} cards; this one has {have}")]
    TooManyCards { max: usize, have: usize },
    #[error("cell {0} is not a card cell")]
    NotACardCell(Pos),
    #[error("cell {0} is given two cards")]
    CellTwice(Pos),
    #[error("card name \"{0}\" appears twice")]
    DuplicateName(String),
}

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell<'a> {
    Hole,
    Empty,
    Card { card: &'a Card, owner: Player },
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win(Player),
    Tie,
}

/// Everything one accepted move did, in order: the data behind the battle log, the combo
/// animation and the replay. Nothing downstream recomputes a battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveOutcome {
    pub player: Player,
    pub mv: Move,
    pub card: Card,
    pub steps: Vec<BattleStep>,
}

impl MoveOutcome {
    /// Cards that changed owner, in the order they flipped.
    pub fn flipped(&self) -> impl Iterator<Item = Pos> + '_ {
        self.steps.iter().filter(|s| s.flipped).map(|s| s.defender)
    }

    /// How many cards changed owner.
    pub fn flip_count(&self) -> usize {
        self.steps.iter().filter(|s| s.flipped).count()
    }
}

/// A game of Three Trios in progress or finished.
///
/// Invariants, kept by every method:
/// - a hole never holds a card; each card cell holds at most one card;
/// - cards on the grid + cards in both hands is constant, the number dealt;
/// - ownership changes only by flips, and only to the player who moved;
/// - the game is over exactly when no card cell is empty, after `grid.card_cells()` moves;
/// - `turn` is the player to move, or after the game ended the last player who moved.
#[derive(Debug, Clone)]
pub struct Game {
    setup: Arc<Setup>,
    cells: Vec<Option<Placed>>,
    hands: [Vec<u32>; 2],
    turn: Player,
    empty: usize,
}

impl Game {
    /// The most cards a deck may hold: enough for the largest grid, and no more.
    pub const MAX_DECK: usize = Grid::MAX_SIDE * Grid::MAX_SIDE + 1;

    /// Deals `deck` onto `grid` and starts a game with Red to move.
    ///
    /// Each player gets `(N + 1) / 2` cards for N card cells; the deck needs at least N + 1.
    pub fn new(
        grid: Grid,
        deck: Vec<Card>,
        rules: RuleSet,
        deal: Deal,
    ) -> Result<Game, SetupError> {
        let cells = grid.card_cells();
        let needed = cells + 1;
        if deck.len() < needed {
            return Err(SetupError::TooFewCards {
                cells,
                needed,
                have: deck.len(),
            });
        }
        if deck.len() > Self::MAX_DECK {
            return Err(SetupError::TooManyCards {
                max: Self::MAX_DECK,
                have: deck.len(),
            });
        }
        let per_hand = Self::hand_size(&grid);
        let order: Vec<u32> = deal
            .order(deck.len())
            .into_iter()
            .map(|i| i as u32)
            .collect();
        let red = order[..per_hand].to_vec();
        let blue = order[per_hand..2 * per_hand].to_vec();
        Game::from_ids(grid, deck, rules, red, blue)
    }

    /// Starts a game from two given hands, Red to move. Each hand must hold `(N + 1) / 2`
    /// cards for a grid of N card cells. For puzzles, tests and tools.
    pub fn with_hands(
        grid: Grid,
        red: Vec<Card>,
        blue: Vec<Card>,
        rules: RuleSet,
    ) -> Result<Game, SetupError> {
        let per_hand = Self::hand_size(&grid);
        for hand in [&red, &blue] {
            if hand.len() != per_hand {
                return Err(SetupError::WrongHandSize {
                    needed: per_hand,
                    have: hand.len(),
                });
            }
        }
        if red.len() + blue.len() > Self::MAX_DECK {
            return Err(SetupError::TooManyCards {
                max: Self::MAX_DECK,
                have: red.len() + blue.len(),
            });
        }
        let split = red.len() as u32;
        let total = (red.len() + blue.len()) as u32;
        let deck = red.into_iter().chain(blue).collect();
        Game::from_ids(
            grid,
            deck,
            rules,
            (0..split).collect(),
            (split..total).collect(),
        )
    }

    /// Sets up a position directly: cards already on the grid, both hands, and who moves.
    /// For puzzles, tests and analysis tools.
    ///
    /// Each placed card must sit on its own card cell, and the hands must be able to fill the
    /// rest of the grid: the mover needs at least half the empty cells rounded up, the other
    /// player half rounded down.
    pub fn from_position(
        grid: Grid,
        rules: RuleSet,
        placed: Vec<(Pos, Card, Player)>,
        red: Vec<Card>,
        blue: Vec<Card>,
        turn: Player,
    ) -> Result<Game, SetupError> {
        let total = placed.len() + red.len() + blue.len();
        if total > Self::MAX_DECK {
            return Err(SetupError::TooManyCards {
                max: Self::MAX_DECK,
                have: total,
            });
        }
        let mut cells = vec![None; grid.cell_count()];
        let mut deck = Vec::with_capacity(total);
        for (pos, card, owner) in placed {
            if !grid.is_card_cell(pos) {
                return Err(SetupError::NotACardCell(pos));
            }
            let slot = &mut cells[grid.index(pos)];
            if slot.is_some() {
                return Err(SetupError::CellTwice(pos));
            }
            *slot = Some(Placed {
                card: deck.len() as u32,
                owner,
            });
            deck.push(card);
        }
        let empty = grid.card_cells() - deck.len();
        let (mover, waiting) = match turn {
            Player::Red => (red.len(), blue.len()),
            Player::Blue => (blue.len(), red.len()),
        };
        for (needed, have) in [(empty.div_ceil(2), mover), (empty / 2, waiting)] {
            if have < needed {
                return Err(SetupError::WrongHandSize { needed, have });
            }
        }
        let first_red = deck.len() as u32;
        let first_blue = first_red + red.len() as u32;
        deck.extend(red);
        deck.extend(blue);
        let red_ids = (first_red..first_blue).collect();
        let blue_ids = (first_blue..deck.len() as u32).collect();
        let mut game = Game::from_ids(grid, deck, rules, red_ids, blue_ids)?;
        game.cells = cells;
        game.empty = empty;
        game.turn = turn;
        Ok(game)
    }

    /// How many cards each player is dealt on `grid`: `(N + 1) / 2`.
    pub fn hand_size(grid: &Grid) -> usize {
        grid.card_cells().div_ceil(2)
    }

    fn from_ids(
        grid: Grid,
        deck: Vec<Card>,
        rules: RuleSet,
        red: Vec<u32>,
        blue: Vec<u32>,
    ) -> Result<Game, SetupError> {
        let mut seen = std::collections::HashSet::new();
        for card in &deck {
            if !seen.insert(card.name()) {
                return Err(SetupError::DuplicateName(card.name().to_string()));
            }
        }
        let empty = grid.card_cells();
        let cells = vec![None; grid.cell_count()];
        Ok(Game {
            setup: Arc::new(Setup::new(grid, deck, rules)),
            cells,
            hands: [red, blue],
            turn: Player::Red,
            empty,
        })
    }

    pub fn grid(&self) -> &Grid {
        &self.setup.grid
    }

    pub fn rules(&self) -> RuleSet {
        self.setup.rules
    }

    /// Every card of the deck the game was dealt from, dealt or not, in file order.
    pub fn deck(&self) -> &[Card] {
        &self.setup.deck
    }

    /// The player to move; once the game is over, the last player who moved.
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Whether every card cell is filled.
    pub fn is_over(&self) -> bool {
        self.empty == 0
    }

    /// How many card cells are still empty: the number of moves left.
    pub fn empty_cells(&self) -> usize {
        self.empty
    }

    /// What `pos` holds; off-grid positions read as holes.
    pub fn cell(&self, pos: Pos) -> Cell<'_> {
        if !self.grid().is_card_cell(pos) {
            return Cell::Hole;
        }
        match self.cells[self.grid().index(pos)] {
            None => Cell::Empty,
            Some(p) => Cell::Card {
                card: &self.setup.deck[p.card as usize],
                owner: p.owner,
            },
        }
    }

    /// The owner of the card at `pos`, if there is one.
    pub fn owner(&self, pos: Pos) -> Option<Player> {
        match self.cell(pos) {
            Cell::Card { owner, .. } => Some(owner),
            _ => None,
        }
    }

    /// A player's hand in order; index `i` is hand index `i` of a [`Move`].
    pub fn hand(&self, player: Player) -> impl ExactSizeIterator<Item = &Card> + '_ {
        self.hands[player as usize]
            .iter()
            .map(|&id| &self.setup.deck[id as usize])
    }

    /// The hand of the player to move.
    pub fn player_hand(&self) -> impl ExactSizeIterator<Item = &Card> + '_ {
        self.hand(self.turn)
    }

    /// Cards a player owns on the grid plus cards left in their hand.
    pub fn score(&self, player: Player) -> usize {
        let on_grid = self
            .cells
            .iter()
            .flatten()
            .filter(|p| p.owner == player)
            .count();
        on_grid + self.hands[player as usize].len()
    }

    /// The winner, or a tie; `None` while the game is on.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let (red, blue) = (self.score(Player::Red), self.score(Player::Blue));
        Some(match red.cmp(&blue) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::Red),
            std::cmp::Ordering::Less => Outcome::Win(Player::Blue),
            std::cmp::Ordering::Equal => Outcome::Tie,
        })
    }

    /// The empty card cells, row by row, left to right.
    pub fn empty_positions(&self) -> impl Iterator<Item = Pos> + '_ {
        let grid = self.grid();
        grid.card_indices()
            .iter()
            .filter(|&&i| self.cells[i as usize].is_none())
            .map(|&i| grid.pos(i as usize))
    }

    /// How many legal moves there are: empty cells times cards in the mover's hand.
    pub fn legal_move_count(&self) -> usize {
        self.empty * self.hands[self.turn as usize].len()
    }

    /// Every legal move for the player to move: cells row by row, left to right, and within a
    /// cell hand indices in order. Empty once the game is over.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let hand_len = if self.is_over() {
            0
        } else {
            self.hands[self.turn as usize].len()
        };
        self.empty_positions()
            .flat_map(move |pos| (0..hand_len).map(move |hand| Move { hand, pos }))
    }

    /// Checks a move for the player to move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        self.validate(mv).map(|_| ())
    }

    /// Returns the cell index of a legal move, or why it is refused.
    fn validate(&self, mv: Move) -> Result<usize, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let hand_len = self.hands[self.turn as usize].len();
        if mv.hand >= hand_len {
            return Err(MoveError::NoSuchCard {
                player: self.turn,
                index: mv.hand,
                hand_len,
            });
        }
        let grid = self.grid();
        if !grid.contains(mv.pos) {
            return Err(MoveError::OffGrid {
                pos: mv.pos,
                rows: grid.rows(),
                cols: grid.cols(),
            });
        }
        if grid.is_hole(mv.pos) {
            return Err(MoveError::Hole(mv.pos));
        }
        let cell = grid.index(mv.pos);
        if self.cells[cell].is_some() {
            return Err(MoveError::Occupied(mv.pos));
        }
        Ok(cell)
    }

    /// How many cards `mv` would flip (combos included), without changing the game.
    ///
    /// Always equal to what [`Game::play`] then flips. Allocation-free on grids of up to 128
    /// cells, which is what makes it cheap enough for AI search.
    pub fn flips_if(&self, mv: Move) -> Result<usize, MoveError> {
        let cell = self.validate(mv)?;
        let card = self.hands[self.turn as usize][mv.hand];
        if self.cells.len() <= MaskedBoard::MAX_CELLS {
            let mut board = MaskedBoard::new(&self.cells, self.turn);
            Ok(battle::resolve(
                &self.setup,
                &mut board,
                cell,
                card,
                self.turn,
                |_| {},
            ))
        } else {
            let mut copy = self.clone();
            copy.apply(mv)
        }
    }

    /// How many cards placing deck card `card` on the empty card cell `cell` would flip for
    /// the player to move: [`Game::flips_if`] without the checks, for search.
    pub(crate) fn flips_unchecked(&self, cell: usize, card: u32) -> usize {
        debug_assert!(self.cells[cell].is_none());
        if self.fast_battles() {
            battle::comparison_flips(&self.setup, &self.cells, cell, card, self.turn).count_ones()
                as usize
        } else if self.cells.len() <= MaskedBoard::MAX_CELLS {
            let mut board = MaskedBoard::new(&self.cells, self.turn);
            battle::resolve(&self.setup, &mut board, cell, card, self.turn, |_| {})
        } else {
            let mut copy = self.clone();
            let hand = copy.hands[self.turn as usize]
                .iter()
                .position(|&c| c == card)
                .unwrap_or_default();
            copy.apply(Move {
                hand,
                pos: self.grid().pos(cell),
            })
            .unwrap_or(0)
        }
    }

    /// Plays `mv` for the player to move and reports every battle step.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, MoveError> {
        let mut steps = Vec::new();
        let player = self.turn;
        let card = self.place(mv, |setup, raw| steps.push(raw.to_step(setup)))?;
        Ok(MoveOutcome {
            player,
            mv,
            card: self.setup.deck[card as usize].clone(),
            steps,
        })
    }

    /// Plays `mv` like [`Game::play`] but returns only the number of flips: the fast path for
    /// search and simulation.
    pub fn apply(&mut self, mv: Move) -> Result<usize, MoveError> {
        let before = self.turn;
        let mut flips = 0;
        self.place(mv, |_, raw| flips += usize::from(raw.flipped))?;
        debug_assert!(self.is_over() || self.turn != before);
        Ok(flips)
    }

    /// Places the card, resolves the battle and passes the turn. Returns the deck id placed.
    fn place(
        &mut self,
        mv: Move,
        mut on_step: impl FnMut(&Setup, battle::RawStep),
    ) -> Result<u32, MoveError> {
        let cell = self.validate(mv)?;
        let mover = self.turn;
        let card = self.hands[mover as usize].remove(mv.hand);
        self.cells[cell] = Some(Placed { card, owner: mover });
        self.empty -= 1;
        let setup = Arc::clone(&self.setup);
        let mut order = Vec::new();
        let mut board = LiveBoard {
            cells: &mut self.cells,
            mover,
            order: &mut order,
            base: 0,
        };
        battle::resolve(&setup, &mut board, cell, card, mover, |raw| {
            on_step(&setup, raw)
        });
        if self.empty > 0 {
            self.turn = mover.other();
        }
        Ok(card)
    }

    /// Plays a legal move for search: like [`Game::apply`] but without checks, with the
    /// flipped cells pushed onto `flips` so [`Game::unmake`] can take the move back.
    pub(crate) fn make(&mut self, mv: Move, flips: &mut Vec<u32>) -> Undo {
        let cell = self.grid().index(mv.pos);
        let mover = self.turn;
        let card = self.hands[mover as usize].remove(mv.hand);
        self.cells[cell] = Some(Placed { card, owner: mover });
        self.empty -= 1;
        let base = flips.len();
        if self.fast_battles() {
            let mut mask = battle::comparison_flips(&self.setup, &self.cells, cell, card, mover);
            while mask != 0 {
                let c = mask.trailing_zeros();
                mask &= mask - 1;
                if let Some(p) = &mut self.cells[c as usize] {
                    p.owner = mover;
                }
                flips.push(c);
            }
        } else {
            let mut board = LiveBoard {
                cells: &mut self.cells,
                mover,
                order: flips,
                base,
            };
            battle::resolve(&self.setup, &mut board, cell, card, mover, |_| {});
        }
        if self.empty > 0 {
            self.turn = mover.other();
        }
        Undo {
            hand: mv.hand,
            cell,
            card,
            mover,
            base,
        }
    }

    /// Takes back the last move made with [`Game::make`]; `flips` must be as `make` left it.
    pub(crate) fn unmake(&mut self, undo: Undo, flips: &mut Vec<u32>) {
        let opponent = undo.mover.other();
        for &c in &flips[undo.base..] {
            if let Some(p) = &mut self.cells[c as usize] {
                p.owner = opponent;
            }
        }
        flips.truncate(undo.base);
        self.cells[undo.cell] = None;
        self.empty += 1;
        self.hands[undo.mover as usize].insert(undo.hand, undo.card);
        self.turn = undo.mover;
    }

    /// Whether battles may take the search's fast path: a board of at most 128 cells and
    /// neither Same nor Plus.
    #[inline]
    fn fast_battles(&self) -> bool {
        let rules = self.setup.rules;
        self.cells.len() <= MaskedBoard::MAX_CELLS && !rules.same && !rules.plus
    }

    /// Deck ids of a player's hand, in hand order (for search keys).
    pub(crate) fn hand_ids(&self, player: Player) -> &[u32] {
        &self.hands[player as usize]
    }

    /// The placed card and owner of every cell, row-major (for search keys).
    pub(crate) fn placed(&self) -> &[Option<Placed>] {
        &self.cells
    }
}

/// What [`Game::unmake`] needs to take a move back.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Undo {
    hand: usize,
    cell: usize,
    card: u32,
    mover: Player,
    base: usize,
}
