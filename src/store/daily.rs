//! The daily puzzles' seeds: each UTC day gives every game one seed, the same for everyone on
//! every machine and every run, so a day's Triad deal and Hex paths game are shared.
//!
//! The seed of `game` on day `day` (days since 1970-01-01 UTC, as [`super::plan::day_of`]
//! counts them) is the 64-bit FNV-1a hash of the text `trios-daily:{game}:{day}` in UTF-8:
//! start from 0xcbf29ce484222325, and for each byte XOR it in, then multiply by
//! 0x100000001b3 (wrapping). The formula is part of what the daily puzzles are: changing it
//! changes every day's deal.

use super::Timestamp;
use super::plan::day_of;

/// The FNV-1a offset basis (64 bits).
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// The FNV-1a prime (64 bits).
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The seed of `game`'s puzzle on UTC day `day`.
pub fn seed(day: i64, game: &str) -> u64 {
    format!("trios-daily:{game}:{day}")
        .bytes()
        .fold(FNV_OFFSET, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(FNV_PRIME)
        })
}

/// The UTC day of `now` and the seed of `game`'s puzzle that day.
pub fn today(now: Timestamp, game: &str) -> (i64, u64) {
    let day = day_of(now);
    (day, seed(day, game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_days_seed_is_stable_and_differs_between_days_and_games() {
        assert_eq!(seed(19_783, "triad"), seed(19_783, "triad"));
        assert_ne!(seed(19_783, "triad"), seed(19_784, "triad"));
        assert_ne!(seed(19_783, "triad"), seed(19_783, "hexpaths"));
        let days: std::collections::HashSet<u64> =
            (19_000..19_400).map(|d| seed(d, "hexpaths")).collect();
        assert_eq!(days.len(), 400);
    }

    #[test]
    fn the_seed_is_fnv_1a_of_the_documented_text() {
        // FNV-1a 64 of "trios-daily:triad:19783" (2024-03-01), worked out apart from this code.
        assert_eq!(seed(19_783, "triad"), 0xfa3f_a177_c02d_daba);
        // The empty text hashes to the offset basis.
        let empty = "".bytes().fold(FNV_OFFSET, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(FNV_PRIME)
        });
        assert_eq!(empty, FNV_OFFSET);
    }

    #[test]
    fn days_are_dates_in_utc() {
        assert_eq!(today(19_783 * 86_400 + 86_399, "triad").0, 19_783);
    }
}
