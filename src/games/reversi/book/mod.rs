//! The opening book: positions of the first moves with the value the engine's own searches
//! gave them, looked up under the eight symmetries, and a seeded choice among the moves
//! close to the best, so a match does not repeat the last one.
//!
//! The book ships inside the binary (`configs/reversi/book.bin`); `cargo run --release
//! --example reversi_book` builds it again (see [`build`]).

pub mod build;
pub mod player;

use std::sync::OnceLock;

use super::game::{Game, Move};
use super::symmetry::canonical;
use super::weights::checksum;
use crate::games::rng::{below, seeded};

/// The first bytes of a book file.
pub const MAGIC: &[u8; 8] = b"TRIOSBK1";
/// Bytes of one entry: the position (mover's discs, opponent's discs), its value and flags.
const ENTRY_BYTES: usize = 18;
/// Bytes before the entries: the magic, the entry count and the checksum.
const HEADER_BYTES: usize = 16;

/// The flag of a position whose every move is in the book, so the book may choose there.
const EXPANDED: u8 = 1;

/// The book built into trios.
static EMBEDDED: &[u8] = include_bytes!("../../../../configs/reversi/book.bin");

/// A book file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("not an opening book: it does not start with TRIOSBK1")]
    Magic,
    #[error("the book is cut short: {expected} bytes expected, {found} found")]
    Length { expected: usize, found: usize },
    #[error("the book is damaged: its checksum does not match")]
    Checksum,
    #[error("the book is damaged: entry {0} is out of order")]
    Order(usize),
}

/// One position of the book, in canonical form (see [`canonical`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// Discs of the side to move.
    pub p: u64,
    /// Discs of the other side.
    pub o: u64,
    /// The final margin the engine expects for the side to move, in discs.
    pub value: i8,
    /// Whether every move of the position leads to a book position.
    pub expanded: bool,
}

/// Positions sorted by `(p, o)`, each once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Book {
    entries: Vec<Entry>,
}

impl Book {
    /// A book of these entries (any order; a position given twice keeps its last entry).
    pub fn new(mut entries: Vec<Entry>) -> Book {
        entries.sort_by_key(|e| (e.p, e.o));
        entries.reverse();
        entries.dedup_by_key(|e| (e.p, e.o));
        entries.reverse();
        Book { entries }
    }

    /// The book built into trios; empty if it could not be read (a test checks it can).
    pub fn embedded() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::parse(EMBEDDED).unwrap_or_default())
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every position, sorted.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry of the position with `p` to move against `o`, under any symmetry.
    pub fn get(&self, p: u64, o: u64) -> Option<Entry> {
        let key = canonical(p, o);
        self.entries
            .binary_search_by_key(&key, |e| (e.p, e.o))
            .ok()
            .map(|i| self.entries[i])
    }

    /// Every legal move of `game` with its value for the side to move, best first (ties in
    /// board order), or `None` when the position is not one the book has expanded.
    pub fn moves(&self, game: &Game) -> Option<Vec<(Move, i32)>> {
        Some(
            self.children(game)?
                .into_iter()
                .map(|(mv, value, _)| (mv, value))
                .collect(),
        )
    }

    /// [`Book::moves`], each with whether the book goes on from the position it leads to.
    fn children(&self, game: &Game) -> Option<Vec<(Move, i32, bool)>> {
        let (p, o) = (game.player_bits(), game.opponent_bits());
        if !self.get(p, o)?.expanded {
            return None;
        }
        let mut valued = Vec::new();
        for mv in game.legal_moves() {
            let mut next = *game;
            next.play(mv).ok()?;
            let child = self.get(next.player_bits(), next.opponent_bits())?;
            // After a pass the same side moves again, so the value keeps its sign.
            let value = if next.turn() == game.turn() {
                i32::from(child.value)
            } else {
                -i32::from(child.value)
            };
            valued.push((mv, value, child.expanded));
        }
        valued.sort_by_key(|&(_, v, _)| -v);
        Some(valued)
    }

    /// A move of the book for `game`: uniformly among those within `tolerance` discs of the
    /// best, drawn from `seed` and the position, so one match is repeatable and another
    /// seed plays another line. Moves to positions the book goes on from come first: a
    /// move whose value rose within reach only when values were backed up may lead to a
    /// position never expanded, where the book would end. `None` out of the book.
    pub fn choose(&self, game: &Game, seed: u64, tolerance: i32) -> Option<Move> {
        let valued = self.children(game)?;
        let best = valued.first()?.1;
        let near: Vec<(Move, bool)> = valued
            .iter()
            .filter(|&&(_, v, _)| v >= best - tolerance.max(0))
            .map(|&(mv, _, goes_on)| (mv, goes_on))
            .collect();
        let any_goes_on = near.iter().any(|&(_, goes_on)| goes_on);
        let near: Vec<Move> = near
            .into_iter()
            .filter(|&(_, goes_on)| goes_on || !any_goes_on)
            .map(|(mv, _)| mv)
            .collect();
        let (p, o) = canonical(game.player_bits(), game.opponent_bits());
        let mut rng = seeded(seed ^ p.rotate_left(17) ^ o.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        near.get(below(&mut rng, near.len() as u64) as usize)
            .copied()
    }

    /// The book as a file: [`MAGIC`], the entry count and an FNV-1a checksum of the
    /// entries (both little-endian u32), then each entry as `p`, `o` (u64 little-endian),
    /// the value (i8) and the flags (u8).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.entries.len() * ENTRY_BYTES);
        for e in &self.entries {
            body.extend_from_slice(&e.p.to_le_bytes());
            body.extend_from_slice(&e.o.to_le_bytes());
            body.push(e.value as u8);
            body.push(if e.expanded { EXPANDED } else { 0 });
        }
        let mut out = Vec::with_capacity(HEADER_BYTES + body.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        out.extend_from_slice(&checksum(&body).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Reads a book written by [`Book::to_bytes`], checking its length, checksum and order.
    pub fn parse(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
            return Err(BookError::Magic);
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let count = word(8) as usize;
        let expected = count
            .checked_mul(ENTRY_BYTES)
            .and_then(|n| n.checked_add(HEADER_BYTES))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(BookError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let body = &bytes[HEADER_BYTES..];
        if checksum(body) != word(12) {
            return Err(BookError::Checksum);
        }
        let mut entries = Vec::with_capacity(count);
        for (i, raw) in body.chunks_exact(ENTRY_BYTES).enumerate() {
            let u64_at = |at: usize| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&raw[at..at + 8]);
                u64::from_le_bytes(b)
            };
            let entry = Entry {
                p: u64_at(0),
                o: u64_at(8),
                value: raw[16] as i8,
                expanded: raw[17] & EXPANDED != 0,
            };
            if entries
                .last()
                .is_some_and(|last: &Entry| (last.p, last.o) >= (entry.p, entry.o))
            {
                return Err(BookError::Order(i));
            }
            entries.push(entry);
        }
        Ok(Book { entries })
    }
}
