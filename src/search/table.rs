//! The transposition table: what earlier searches learnt about positions, shared safely
//! between threads without locks.
//!
//! Each slot is two `AtomicU64`s, `check = key ^ data` and `data`. Threads read and write
//! them with relaxed ordering, so a slot may be read half-written by another thread; such a
//! torn read fails the check (`check ^ data != key`) and reads as a miss. A wrong entry can
//! only come from a 64-bit key collision.

use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored value relates to the position's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact (at the stored depth).
    Exact,
    /// The value is at least the stored one (the search failed high).
    Lower,
    /// The value is at most the stored one (the search failed low).
    Upper,
}

/// What the table holds about one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub value: i32,
    /// Remaining plies searched; [`Entry::TO_THE_END`] marks an entry searched to every end.
    pub depth: u8,
    pub bound: Bound,
    /// The best move found, as its [`move_id`](super::Searchable::move_id).
    pub best: Option<u32>,
}

impl Entry {
    /// The depth of an entry whose search reached every end of the game: it holds at any
    /// depth.
    pub const TO_THE_END: u8 = u8::MAX;

    /// The depth to store for a search `depth` plies deep: [`Entry::TO_THE_END`] when it
    /// reached every end, otherwise as deep as fits below it (storing less than was searched
    /// is safe).
    pub fn depth_code(depth: usize, exact: bool) -> u8 {
        if exact {
            Self::TO_THE_END
        } else {
            depth.min(usize::from(Self::TO_THE_END) - 1) as u8
        }
    }

    /// Packs the entry into 64 bits: value (16), depth (8), bound (2), has-move (1), move
    /// (32). `None` if the value does not fit 16 bits.
    fn pack(self) -> Option<u64> {
        let value = i16::try_from(self.value).ok()?;
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let (has, id) = match self.best {
            Some(id) => (1u64, u64::from(id)),
            None => (0, 0),
        };
        Some(
            u64::from(value as u16)
                | u64::from(self.depth) << 16
                | bound << 24
                | has << 26
                | id << 32,
        )
    }

    fn unpack(data: u64) -> Entry {
        let bound = match (data >> 24) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Entry {
            value: i32::from(data as u16 as i16),
            depth: (data >> 16) as u8,
            bound,
            best: ((data >> 26) & 1 == 1).then_some((data >> 32) as u32),
        }
    }
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table of `2^bits` slots, indexed by the low bits of the key, newest entry
/// wins. `&Table` is all a search needs, so threads share one behind an `Arc`.
pub struct Table {
    slots: Box<[Slot]>,
    mask: u64,
}

impl Table {
    /// A table of `2^bits` slots (16 bytes each); `bits` is capped at 30.
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.min(30);
        let slots: Box<[Slot]> = (0..size).map(|_| Slot::default()).collect();
        // Write to every page now. Zeroed memory comes from the system unmapped; a page
        // first read and later written is remapped, and with other threads of the process
        // running every such remap interrupts them all (measured: a two-thread solve ran at
        // half speed per thread).
        for slot in slots.iter().step_by(4096 / std::mem::size_of::<Slot>()) {
            slot.data.store(0, Ordering::Relaxed);
        }
        Table {
            slots,
            mask: size as u64 - 1,
        }
    }

    /// How many slots the table has.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never: it has at least one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        // The mask keeps the index in bounds.
        &self.slots[(key & self.mask) as usize]
    }

    /// What the table holds for `key`, if anything.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        // An empty slot reads (0, 0), which would match key 0: `data != 0` rules it out
        // (at the cost of never finding an exact 0 at depth 0 with no move, never stored).
        (check ^ data == key && data != 0).then(|| Entry::unpack(data))
    }

    /// Stores `entry` for `key`, replacing whatever the slot held.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let Some(data) = entry.pack() else { return };
        let slot = self.slot(key);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        for slot in self.slots.iter_mut() {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("slots", &self.len()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let table = Table::new(4);
        for entry in [
            Entry {
                value: -7,
                depth: 3,
                bound: Bound::Lower,
                best: Some(u32::MAX),
            },
            Entry {
                value: 12_345,
                depth: Entry::TO_THE_END,
                bound: Bound::Upper,
                best: None,
            },
            Entry {
                value: 0,
                depth: 1,
                bound: Bound::Exact,
                best: Some(0),
            },
        ] {
            let key = 0xDEAD_BEEF_0000_0005;
            table.store(key, entry);
            assert_eq!(table.probe(key), Some(entry));
            assert_eq!(table.probe(key ^ 1 << 40), None, "same slot, other key");
        }
        assert_eq!(table.probe(3), None);
    }

    #[test]
    fn values_too_big_to_pack_are_not_stored() {
        let table = Table::new(2);
        let entry = Entry {
            value: 1 << 20,
            depth: 1,
            bound: Bound::Exact,
            best: None,
        };
        table.store(9, entry);
        assert_eq!(table.probe(9), None);
    }
}
