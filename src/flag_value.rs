//! The parsers of flag values that the command line and the games' own flags share: whole
//! numbers within a range and seeds, each refused in the same words whatever the flag.

/// Why a number flag's value was refused, said after the flag's name by clap.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// Not a whole number, or outside the flag's range (the bounds as the help says them).
    #[error("\"{value}\" is not a whole number of at least {low} and at most {high}")]
    OutOfRange {
        value: String,
        low: String,
        high: String,
    },
    /// Not a `u64`.
    #[error("\"{0}\" is not a seed; a seed is a whole number from 0 to {max}", max = u64::MAX)]
    NotASeed(String),
}

/// A numeric flag: a whole number from `low` to `high`, refused in the same words whatever
/// the flag (clap's own range check would say `1..=86400`).
pub fn within<T>(low: T, high: T) -> impl Fn(&str) -> Result<T, NumberError> + Clone + Send + Sync
where
    T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display + Send + Sync + 'static,
{
    move |s: &str| match s.trim().parse::<T>() {
        Ok(n) if low <= n && n <= high => Ok(n),
        _ => Err(NumberError::OutOfRange {
            value: crate::escape::quoted(s),
            low: low.to_string(),
            high: high.to_string(),
        }),
    }
}

/// A seed: any `u64`, with a message that says so (a negative one included).
pub fn seed(s: &str) -> Result<u64, NumberError> {
    s.parse::<u64>()
        .map_err(|_| NumberError::NotASeed(crate::escape::quoted(s)))
}
