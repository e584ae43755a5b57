//! The proleptic Gregorian calendar in UTC, for the dates trios writes: record names, the
//! daily puzzles' days, the players command's times. Pure arithmetic, so any timestamp (one
//! read from a damaged file or database too) takes the same few steps.

/// Seconds in a day.
const DAY: i64 = 86_400;

/// `day` (days since 1970-01-01) as its date: `2024-03-01`.
pub fn date(day: i64) -> String {
    let (year, month, day) = civil_from_days(day);
    format!("{year:04}-{month:02}-{day:02}")
}

/// `secs` after the epoch as a UTC date and time: `2025-03-01 14:05 UTC`.
pub fn date_time(secs: i64) -> String {
    let (days, rest) = (secs.div_euclid(DAY), secs.rem_euclid(DAY));
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The Gregorian date (year, month 1–12, day 1–31) `days` days after 1970-01-01 (before it
/// when negative): Howard Hinnant's `civil_from_days`, by 400-year eras.
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11], from March
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendar_s() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        // 2000 was a leap year, 1900 and 2100 are not.
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
        assert_eq!(civil_from_days(-25_508), (1900, 3, 1));
        assert_eq!(date_time(1_700_000_000), "2023-11-14 22:13 UTC");
        assert_eq!(date_time(-1), "1969-12-31 23:59 UTC");
        // Every day follows the one before it.
        let mut last = civil_from_days(-800_000);
        for days in -799_999..800_000 {
            let next = civil_from_days(days);
            let follows = (next.0 == last.0 && next.1 == last.1 && next.2 == last.2 + 1)
                || (next.0 == last.0 && next.1 == last.1 + 1 && next.2 == 1)
                || (next.0 == last.0 + 1 && next.1 == 1 && next.2 == 1 && last.1 == 12);
            assert!(follows, "{last:?} then {next:?}");
            last = next;
        }
    }

    #[test]
    fn a_day_reads_as_its_date() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(19_783), "2024-03-01");
        assert_eq!(date(19_782), "2024-02-29");
    }
}
