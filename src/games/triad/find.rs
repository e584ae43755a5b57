//! Finding triads among cards by the pair method: any two cards determine the only third
//! card that completes them, so a table of n cards is searched in n(n−1)/2 lookups rather
//! than n(n−1)(n−2)/6 checks — for twelve cards, 66 pairs against 220 triples.

use super::card::{CARDS, Card};

/// `THIRD[a][b]`: the card completing `a` and `b` (built at compile time).
static THIRD: [[u8; CARDS]; CARDS] = {
    let mut table = [[0u8; CARDS]; CARDS];
    let mut a = 0;
    while a < CARDS {
        let mut b = 0;
        while b < CARDS {
            let (Some(x), Some(y)) = (Card::from_index(a), Card::from_index(b)) else {
                panic!("every index below CARDS is a card");
            };
            table[a][b] = x.third(y).index() as u8;
            b += 1;
        }
        a += 1;
    }
    table
};

/// No card at this position.
const ABSENT: u8 = u8::MAX;

/// Where each card lies among `cards` (the first place, for a card given twice).
fn places(cards: &[Card]) -> [u8; CARDS] {
    let mut at = [ABSENT; CARDS];
    for (i, card) in cards.iter().enumerate().take(usize::from(ABSENT)).rev() {
        at[card.index()] = i as u8;
    }
    at
}

/// Calls `found(i, j, k)` for every triad among `cards`, as positions `i < j < k`, in
/// lexicographic order; stops early when `found` returns false.
fn each_triad(cards: &[Card], mut found: impl FnMut(usize, usize, usize) -> bool) {
    let at = places(cards);
    let n = cards.len().min(usize::from(ABSENT));
    for i in 0..n {
        let row = &THIRD[cards[i].index()];
        for j in i + 1..n {
            let k = at[usize::from(row[cards[j].index()])];
            // Each triad is met once per pair; take it at its first two cards only.
            if k != ABSENT && usize::from(k) > j && !found(i, j, usize::from(k)) {
                return;
            }
        }
    }
}

/// The first card given twice, as the positions `(first, again)` of its first two places;
/// `None` when all differ. The deck holds each card once, so a triad is three different cards.
pub fn first_repeat(cards: &[Card]) -> Option<(usize, usize)> {
    let mut seen: [Option<usize>; CARDS] = [None; CARDS];
    for (i, card) in cards.iter().enumerate() {
        match &mut seen[card.index()] {
            Some(first) => return Some((*first, i)),
            slot => *slot = Some(i),
        }
    }
    None
}

/// Every triad among `cards` as positions `[i, j, k]`, `i < j < k`, in lexicographic
/// order. (A card given twice counts at its first position.)
pub fn triads(cards: &[Card]) -> Vec<[usize; 3]> {
    let mut out = Vec::new();
    each_triad(cards, |i, j, k| {
        out.push([i, j, k]);
        true
    });
    // Already in order: pairs are met in order, and a pair has one third card at most.
    out
}

/// How many triads lie among `cards` (distinct cards, as on a tableau). Needs no
/// positions: each triad shows up once for each of its three pairs.
pub fn count_triads(cards: &[Card]) -> usize {
    let mut present = [0u8; CARDS];
    for card in cards {
        present[card.index()] = 1;
    }
    let mut pairs = 0u32;
    for (i, a) in cards.iter().enumerate() {
        let row = &THIRD[a.index()];
        for b in &cards[i + 1..] {
            pairs += u32::from(present[usize::from(row[b.index()])]);
        }
    }
    pairs as usize / 3
}

/// The triad with the smallest positions in lexicographic order, if any (what `hint`
/// gives).
pub fn first_triad(cards: &[Card]) -> Option<[usize; 3]> {
    // For the first (i, j) with a triad, the smallest k among triads starting i, j is the
    // only one: a pair has exactly one third card.
    let mut first = None;
    each_triad(cards, |i, j, k| {
        first = Some([i, j, k]);
        false
    });
    first
}

/// Whether `cards` hold a triad.
pub fn has_triad(cards: &[Card]) -> bool {
    first_triad(cards).is_some()
}
