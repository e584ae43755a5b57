//! The state string of a game and its checks: six crannies, eighteen nooks and one to four
//! pieces, read strictly and printed canonically (crannies and nooks ascending, pieces in
//! their own order).
//!
//! Invariant: a [`State`] is always a legal game — its string was checked, or it was drawn
//! legal — so everything that takes one may rely on it.

use std::fmt;
use std::str::FromStr;

use super::barriers::{CRANNY_COUNT, NOOK_COUNT, Nook, check_crannies, check_nooks};
use super::board::Board;
use super::error::{Item, StateError};
use super::geometry::{CELLS, Cell};

/// The most pieces a game has.
pub const MAX_PIECES: usize = 4;

/// Characters of the crannies, the nooks and one piece in a state string.
const CRANNY_CHARS: usize = 3 * CRANNY_COUNT;
const NOOK_CHARS: usize = 4 * NOOK_COUNT;
const PIECE_CHARS: usize = 3;

/// A legal game: its barriers (crannies and nooks ascending) and where its pieces stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    crannies: [Cell; CRANNY_COUNT],
    nooks: [Nook; NOOK_COUNT],
    pieces: Vec<Cell>,
}

impl State {
    /// A state from its parts, checked as a string would be.
    pub fn new(
        crannies: [Cell; CRANNY_COUNT],
        nooks: [Nook; NOOK_COUNT],
        pieces: Vec<Cell>,
    ) -> Result<State, StateError> {
        check_crannies(&crannies)?;
        check_nooks(&nooks)?;
        let board = Board::new(&crannies, &nooks);
        check_reachable(&board, &nooks)?;
        check_pieces(&board, &pieces)?;
        // Kept in canonical order, so equal games compare equal.
        let (mut crannies, mut nooks) = (crannies, nooks);
        crannies.sort_unstable();
        nooks.sort_unstable();
        Ok(State {
            crannies,
            nooks,
            pieces,
        })
    }

    pub fn crannies(&self) -> &[Cell; CRANNY_COUNT] {
        &self.crannies
    }

    pub fn nooks(&self) -> &[Nook; NOOK_COUNT] {
        &self.nooks
    }

    /// The pieces, in the order of the string.
    pub fn pieces(&self) -> &[Cell] {
        &self.pieces
    }

    /// The board of this game's barriers.
    pub fn board(&self) -> Board {
        Board::new(&self.crannies, &self.nooks)
    }
}

/// Every nook reaches every other nook with a lone piece on the empty board: all nooks
/// reach the first, and the first reaches all.
fn check_reachable(board: &Board, nooks: &[Nook; NOOK_COUNT]) -> Result<(), StateError> {
    let first = nooks[0].cell;
    let from_first = board.reachable(first);
    let to_first = board.reaching(first);
    for nook in nooks {
        if !from_first.contains(nook.cell) {
            return Err(StateError::Unreachable {
                from: first,
                to: nook.cell,
            });
        }
        if !to_first.contains(nook.cell) {
            return Err(StateError::Unreachable {
                from: nook.cell,
                to: first,
            });
        }
    }
    Ok(())
}

/// One to four pieces, each on a nook, no two on one nook.
fn check_pieces(board: &Board, pieces: &[Cell]) -> Result<(), StateError> {
    if !(1..=MAX_PIECES).contains(&pieces.len()) {
        return Err(StateError::Length {
            what: "a game",
            expected: GAME_LENGTHS,
            len: CRANNY_CHARS + NOOK_CHARS + PIECE_CHARS * pieces.len(),
        });
    }
    for (i, &p) in pieces.iter().enumerate() {
        if (p as usize) >= CELLS || !board.is_nook(p) {
            return Err(StateError::PieceOffNook {
                item: Item::Piece(i + 1),
                cell: p,
            });
        }
        if let Some(j) = pieces[..i].iter().position(|&q| q == p) {
            return Err(StateError::PieceTwice {
                first: j + 1,
                second: i + 1,
                cell: p,
            });
        }
    }
    Ok(())
}

const GAME_LENGTHS: &str =
    "93, 96, 99 or 102 (six crannies of 3, eighteen nooks of 4, one to four pieces of 3)";

/// Refuses anything but ASCII digits and letters, naming the first other character.
fn check_characters(text: &str) -> Result<(), StateError> {
    match text
        .chars()
        .enumerate()
        .find(|(_, ch)| !ch.is_ascii_alphanumeric())
    {
        Some((i, ch)) => Err(StateError::Character {
            position: i + 1,
            ch,
        }),
        None => Ok(()),
    }
}

/// A cell written as exactly three ASCII digits, 000 to 216.
fn read_cell(text: &[u8], item: Item) -> Result<Cell, StateError> {
    let shown = || String::from_utf8_lossy(text).into_owned();
    if text.len() != 3 || !text.iter().all(u8::is_ascii_digit) {
        return Err(StateError::Digits {
            item,
            text: shown(),
        });
    }
    let value = text.iter().fold(0u16, |n, &b| n * 10 + u16::from(b - b'0'));
    if value as usize >= CELLS {
        return Err(StateError::NoSuchCell {
            item,
            text: shown(),
            cell: value,
        });
    }
    Ok(value as Cell)
}

fn read_crannies(text: &[u8]) -> Result<[Cell; CRANNY_COUNT], StateError> {
    let mut out = [0; CRANNY_COUNT];
    for (i, chunk) in text.chunks(3).enumerate() {
        out[i] = read_cell(chunk, Item::Cranny(i + 1))?;
    }
    Ok(out)
}

fn read_nooks(text: &[u8]) -> Result<[Nook; NOOK_COUNT], StateError> {
    let mut out = [Nook { cell: 0, letter: 0 }; NOOK_COUNT];
    for (i, chunk) in text.chunks(4).enumerate() {
        let item = Item::Nook(i + 1);
        let cell = read_cell(&chunk[..3], item).map_err(|e| match e {
            // Show the whole nook, letter included.
            StateError::Digits { item, .. } => StateError::Digits {
                item,
                text: String::from_utf8_lossy(chunk).into_owned(),
            },
            StateError::NoSuchCell { item, cell, .. } => StateError::NoSuchCell {
                item,
                text: String::from_utf8_lossy(chunk).into_owned(),
                cell,
            },
            other => other,
        })?;
        out[i] = Nook::new(cell, char::from(chunk[3])).ok_or_else(|| StateError::Letter {
            item,
            text: String::from_utf8_lossy(chunk).into_owned(),
        })?;
    }
    Ok(out)
}

/// Six crannies as a string of 18 digits, checked: each on the outer ring, one per side.
pub fn parse_crannies(text: &str) -> Result<[Cell; CRANNY_COUNT], StateError> {
    check_characters(text)?;
    if text.len() != CRANNY_CHARS {
        return Err(StateError::Length {
            what: "six crannies",
            expected: "18",
            len: text.len(),
        });
    }
    let crannies = read_crannies(text.as_bytes())?;
    check_crannies(&crannies)?;
    Ok(crannies)
}

/// Eighteen nooks as a string of 72 characters, checked: legal cells, none twice, none
/// touching, three per triangle.
pub fn parse_nooks(text: &str) -> Result<[Nook; NOOK_COUNT], StateError> {
    check_characters(text)?;
    if text.len() != NOOK_CHARS {
        return Err(StateError::Length {
            what: "eighteen nooks",
            expected: "72",
            len: text.len(),
        });
    }
    let nooks = read_nooks(text.as_bytes())?;
    check_nooks(&nooks)?;
    Ok(nooks)
}

impl FromStr for State {
    type Err = StateError;

    /// Reads a state string exactly as the brief writes it and checks that it is a legal
    /// game.
    fn from_str(text: &str) -> Result<State, StateError> {
        check_characters(text)?;
        let len = text.len();
        let pieces_len = len.wrapping_sub(CRANNY_CHARS + NOOK_CHARS);
        if len < CRANNY_CHARS + NOOK_CHARS + PIECE_CHARS
            || !pieces_len.is_multiple_of(PIECE_CHARS)
            || pieces_len / PIECE_CHARS > MAX_PIECES
        {
            return Err(StateError::Length {
                what: "a game",
                expected: GAME_LENGTHS,
                len,
            });
        }
        let bytes = text.as_bytes();
        let crannies = read_crannies(&bytes[..CRANNY_CHARS])?;
        let nooks = read_nooks(&bytes[CRANNY_CHARS..CRANNY_CHARS + NOOK_CHARS])?;
        let pieces = bytes[CRANNY_CHARS + NOOK_CHARS..]
            .chunks(PIECE_CHARS)
            .enumerate()
            .map(|(i, chunk)| read_cell(chunk, Item::Piece(i + 1)))
            .collect::<Result<Vec<Cell>, StateError>>()?;
        State::new(crannies, nooks, pieces)
    }
}

impl fmt::Display for State {
    /// The canonical string: crannies and nooks ascending, pieces in their order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.crannies {
            write!(f, "{c:03}")?;
        }
        for n in self.nooks {
            write!(f, "{:03}{}", n.cell, n.letter_char())?;
        }
        for p in &self.pieces {
            write!(f, "{p:03}")?;
        }
        Ok(())
    }
}
