//! Battle resolution: the placement battle (with Same and Plus) and the combo waves.
//!
//! One generic routine serves both `Game::play`, which changes the board and records every
//! step, and `Game::flips_if`, which only counts flips on a borrowed board. Keeping a single
//! routine is what guarantees that the count an AI sees is the count a move then makes.

use serde::{Deserialize, Serialize};

use super::card::{Direction, Value};
use super::grid::{NO_CELL, Pos};
use super::player::Player;
use super::setup::Setup;

/// Which rule produced a battle step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// The comparison rule (normal, reverse, fallen-ace), in placement and combo battles.
    Battle,
    /// The Same rule: two or more sides equal their neighbours' facing sides.
    Same,
    /// The Plus rule: two or more sides share the sum with their neighbours' facing sides.
    Plus,
}

impl Rule {
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Battle => "battle",
            Rule::Same => "same",
            Rule::Plus => "plus",
        }
    }
}

/// One battle between two cards, as it happened.
///
/// Wave 0 holds the placed card's battles; wave k+1 the battles of cards flipped in wave k.
/// Same and Plus steps are only ever in wave 0 and only name cards they flipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattleStep {
    pub wave: usize,
    pub attacker: Pos,
    pub defender: Pos,
    /// The side of the attacker that faces the defender.
    pub direction: Direction,
    /// The attacker's value on `direction`.
    pub attack: Value,
    /// The defender's value on the opposite side.
    pub defense: Value,
    pub rule: Rule,
    pub flipped: bool,
}

/// A step before cell indices are turned into positions (done only when recording).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawStep {
    pub wave: usize,
    pub attacker: usize,
    pub defender: usize,
    pub direction: Direction,
    pub attack: Value,
    pub defense: Value,
    pub rule: Rule,
    pub flipped: bool,
}

impl RawStep {
    pub(crate) fn to_step(self, setup: &Setup) -> BattleStep {
        BattleStep {
            wave: self.wave,
            attacker: setup.grid.pos(self.attacker),
            defender: setup.grid.pos(self.defender),
            direction: self.direction,
            attack: self.attack,
            defense: self.defense,
            rule: self.rule,
            flipped: self.flipped,
        }
    }
}

/// A card on the grid: which deck card, and who owns it now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Placed {
    pub card: u32,
    pub owner: Player,
}

/// The board as the battle routine sees it: who holds each cell, and the flips made so far
/// in this move, in the order they happened.
pub(crate) trait BattleBoard {
    fn at(&self, cell: usize) -> Option<Placed>;
    /// Gives `cell` to the mover and appends it to the flip order.
    fn flip(&mut self, cell: usize);
    fn flip_count(&self) -> usize;
    fn flipped(&self, k: usize) -> usize;
}

/// The real board, changed in place. Flips are appended to `order` after index `base`, so
/// a search can keep one undo stack for a whole line of play.
pub(crate) struct LiveBoard<'a> {
    pub cells: &'a mut [Option<Placed>],
    pub mover: Player,
    pub order: &'a mut Vec<u32>,
    pub base: usize,
}

impl BattleBoard for LiveBoard<'_> {
    #[inline]
    fn at(&self, cell: usize) -> Option<Placed> {
        self.cells[cell]
    }
    #[inline]
    fn flip(&mut self, cell: usize) {
        if let Some(p) = &mut self.cells[cell] {
            p.owner = self.mover;
        }
        self.order.push(cell as u32);
    }
    #[inline]
    fn flip_count(&self) -> usize {
        self.order.len() - self.base
    }
    #[inline]
    fn flipped(&self, k: usize) -> usize {
        self.order[self.base + k] as usize
    }
}

/// A borrowed board of at most 128 cells with flips kept in a bit mask: what-if battles
/// without copying or allocating.
pub(crate) struct MaskedBoard<'a> {
    pub cells: &'a [Option<Placed>],
    pub mover: Player,
    pub mask: u128,
    pub order: [u8; 128],
    pub len: usize,
}

impl<'a> MaskedBoard<'a> {
    /// Largest board (rows × cols, holes included) this view can handle.
    pub const MAX_CELLS: usize = 128;

    pub fn new(cells: &'a [Option<Placed>], mover: Player) -> Self {
        debug_assert!(cells.len() <= Self::MAX_CELLS);
        MaskedBoard {
            cells,
            mover,
            mask: 0,
            order: [0; 128],
            len: 0,
        }
    }
}

impl BattleBoard for MaskedBoard<'_> {
    #[inline]
    fn at(&self, cell: usize) -> Option<Placed> {
        let mut p = self.cells[cell]?;
        if self.mask & (1u128 << cell) != 0 {
            p.owner = self.mover;
        }
        Some(p)
    }
    #[inline]
    fn flip(&mut self, cell: usize) {
        self.mask |= 1u128 << cell;
        self.order[self.len] = cell as u8;
        self.len += 1;
    }
    #[inline]
    fn flip_count(&self) -> usize {
        self.len
    }
    #[inline]
    fn flipped(&self, k: usize) -> usize {
        self.order[k] as usize
    }
}

/// A neighbour of the placed card, as Same and Plus see it.
#[derive(Clone, Copy)]
struct Facing {
    cell: usize,
    direction: Direction,
    attack: Value,
    defense: Value,
    owner: Player,
}

/// Resolves the battle of `card`, just placed by `mover` at `cell`, and returns how many
/// cards flipped. `on_step` sees every step in log order.
///
/// The placed cell may be empty on `board` (what-if) or already hold the card (live): the
/// routine never battles the mover's own cards, so both give the same result.
pub(crate) fn resolve<B: BattleBoard>(
    setup: &Setup,
    board: &mut B,
    cell: usize,
    card: u32,
    mover: Player,
    mut on_step: impl FnMut(RawStep),
) -> usize {
    let values = setup.values(card);
    let neighbours = setup.grid.neighbours_of(cell);

    if setup.rules.same || setup.rules.plus {
        let mut facing = [None::<Facing>; 4];
        for d in Direction::ALL {
            let n = neighbours[d as usize];
            if n == NO_CELL {
                continue;
            }
            if let Some(p) = board.at(n as usize) {
                facing[d as usize] = Some(Facing {
                    cell: n as usize,
                    direction: d,
                    attack: values[d as usize],
                    defense: setup.values(p.card)[d.opposite() as usize],
                    owner: p.owner,
                });
            }
        }
        if setup.rules.same {
            let equal = |f: &Facing| f.attack == f.defense;
            if facing.iter().flatten().filter(|f| equal(f)).count() >= 2 {
                for f in facing.iter().flatten().filter(|f| equal(f)) {
                    flip_by_rule(board, f, cell, mover, Rule::Same, &mut on_step);
                }
            }
        }
        if setup.rules.plus {
            let sum = |f: &Facing| f.attack.get() + f.defense.get();
            for (i, f) in facing.iter().enumerate() {
                let Some(f) = f else { continue };
                let shared = facing
                    .iter()
                    .enumerate()
                    .any(|(j, g)| j != i && g.is_some_and(|g| sum(&g) == sum(f)));
                if shared {
                    flip_by_rule(board, f, cell, mover, Rule::Plus, &mut on_step);
                }
            }
        }
    }

    battle_from(setup, board, cell, values, mover, 0, &mut on_step);

    let mut start = 0;
    let mut wave = 1;
    while start < board.flip_count() {
        let end = board.flip_count();
        for k in start..end {
            let attacker = board.flipped(k);
            if let Some(p) = board.at(attacker) {
                let values = setup.values(p.card);
                battle_from(setup, board, attacker, values, mover, wave, &mut on_step);
            }
        }
        start = end;
        wave += 1;
    }
    board.flip_count()
}

/// The cards a move flips when neither Same nor Plus is in force, as a bit mask over the cells
/// of a board of at most 128 cells: every opponent card reachable from the placed one
/// through battles won. [`resolve`] flips exactly these (its waves reach the same cards in
/// another order); this is the search's fast path, with no steps to report and no trait.
///
/// `cells[cell]` may be empty (what-if) or hold the placed card (live): either way it is
/// never an opponent card.
#[inline]
pub(crate) fn comparison_flips(
    setup: &Setup,
    cells: &[Option<Placed>],
    cell: usize,
    card: u32,
    mover: Player,
) -> u128 {
    debug_assert!(cells.len() <= MaskedBoard::MAX_CELLS && !setup.rules.same && !setup.rules.plus);
    let mut flipped: u128 = 0;
    let mut stack = [0u8; MaskedBoard::MAX_CELLS];
    let mut top = 0;
    let mut attacker = cell;
    let mut values = setup.values(card);
    loop {
        let neighbours = setup.grid.neighbours_of(attacker);
        for d in 0..4 {
            let n = neighbours[d];
            if n == NO_CELL {
                continue;
            }
            // Cheapest tests first: most neighbours are empty, the mover's, or not beaten.
            let Some(p) = cells[n as usize] else {
                continue;
            };
            if p.owner == mover || !setup.beats(values[d], setup.values(p.card)[d ^ 1]) {
                continue;
            }
            let bit = 1u128 << n;
            if flipped & bit == 0 {
                flipped |= bit;
                stack[top] = n as u8;
                top += 1;
            }
        }
        if top == 0 {
            return flipped;
        }
        top -= 1;
        attacker = stack[top] as usize;
        // A card on the stack was flipped, so its cell holds a card.
        values = cells[attacker].map_or(values, |p| setup.values(p.card));
    }
}

/// Flips one Same/Plus match if it is (still) an opponent card.
fn flip_by_rule<B: BattleBoard>(
    board: &mut B,
    f: &Facing,
    placed: usize,
    mover: Player,
    rule: Rule,
    on_step: &mut impl FnMut(RawStep),
) {
    // An earlier rule in this move may already have taken the card.
    let still_opponent = board.at(f.cell).is_some_and(|p| p.owner != mover);
    if f.owner != mover && still_opponent {
        board.flip(f.cell);
        on_step(RawStep {
            wave: 0,
            attacker: placed,
            defender: f.cell,
            direction: f.direction,
            attack: f.attack,
            defense: f.defense,
            rule,
            flipped: true,
        });
    }
}

/// The comparison battles of one card against each opponent neighbour, in N, S, E, W order.
#[inline]
fn battle_from<B: BattleBoard>(
    setup: &Setup,
    board: &mut B,
    attacker: usize,
    values: [Value; 4],
    mover: Player,
    wave: usize,
    on_step: &mut impl FnMut(RawStep),
) {
    let neighbours = setup.grid.neighbours_of(attacker);
    for d in Direction::ALL {
        let n = neighbours[d as usize];
        if n == NO_CELL {
            continue;
        }
        let Some(p) = board.at(n as usize) else {
            continue;
        };
        if p.owner == mover {
            continue;
        }
        let attack = values[d as usize];
        let defense = setup.values(p.card)[d.opposite() as usize];
        let flipped = setup.beats(attack, defense);
        if flipped {
            board.flip(n as usize);
        }
        on_step(RawStep {
            wave,
            attacker,
            defender: n as usize,
            direction: d,
            attack,
            defense,
            rule: Rule::Battle,
            flipped,
        });
    }
}
