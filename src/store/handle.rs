//! Which handles an account may take: shown cleanly on everyone's screen, not a reserved
//! name, not too long. Uniqueness without regard to case is the database's to keep.

use unicode_width::UnicodeWidthStr;

use crate::escape::is_invisible;

/// The most columns a handle takes (as a player's name at the tables).
pub const MAX_HANDLE_WIDTH: usize = 20;
/// The most characters of a handle.
pub const MAX_HANDLE_CHARS: usize = 40;
/// Names no account may take, whatever their case: the guest's, the computer's, and the
/// home screen's own player's ([`LOCAL_HANDLE`]). The server adds its computer players' and
/// levels' names.
pub const ALWAYS_RESERVED: [&str; 3] = ["guest", "computer", LOCAL_HANDLE];

/// The handle of the one account of the home screen's own store: the person at this
/// terminal. Only the account with the pseudo key [`LOCAL_KEY`] has it.
pub const LOCAL_HANDLE: &str = "you";
/// The pseudo key fingerprint of the home screen's account (no SSH fingerprint looks like it:
/// theirs start `SHA256:`).
pub const LOCAL_KEY: &str = "local";

/// Whether a new account with `fingerprint` may take `handle`: [`check`], but the home
/// screen's account takes its reserved handle.
pub fn check_new(handle: &str, fingerprint: &str) -> Result<(), HandleError> {
    if handle == LOCAL_HANDLE && fingerprint == LOCAL_KEY {
        return Ok(());
    }
    check(handle, &[])
}

/// Why a handle was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HandleError {
    #[error("a handle cannot be empty")]
    Empty,
    #[error("a handle is at most {MAX_HANDLE_WIDTH} columns and {MAX_HANDLE_CHARS} characters")]
    TooLong,
    #[error("a handle cannot hold control, invisible or direction-changing characters")]
    Unprintable,
    #[error("a handle cannot start or end with a space")]
    Spaces,
    #[error("{0:?} is reserved; choose another handle")]
    Reserved(String),
}

/// Whether `handle` may be an account's handle, with `reserved` names (compared without
/// regard to case) besides [`ALWAYS_RESERVED`].
pub fn check(handle: &str, reserved: &[String]) -> Result<(), HandleError> {
    if handle.is_empty() {
        return Err(HandleError::Empty);
    }
    if handle.chars().any(|c| c.is_control() || is_invisible(c)) {
        return Err(HandleError::Unprintable);
    }
    if handle.trim() != handle {
        return Err(HandleError::Spaces);
    }
    if handle.width() > MAX_HANDLE_WIDTH || handle.chars().count() > MAX_HANDLE_CHARS {
        return Err(HandleError::TooLong);
    }
    let folded = fold(handle);
    if ALWAYS_RESERVED
        .iter()
        .map(|s| s.to_string())
        .chain(reserved.iter().cloned())
        .any(|r| fold(&r) == folded)
    {
        return Err(HandleError::Reserved(handle.to_string()));
    }
    Ok(())
}

/// The form two handles are compared in: the same for handles that differ only in case.
pub fn fold(handle: &str) -> String {
    handle.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_handles_are_refused_with_the_reason() {
        let none: [String; 0] = [];
        assert_eq!(check("", &none), Err(HandleError::Empty));
        assert_eq!(check(&"x".repeat(1000), &none), Err(HandleError::TooLong));
        assert_eq!(check("ev\u{202e}il", &none), Err(HandleError::Unprintable));
        assert_eq!(check("a\u{200b}b", &none), Err(HandleError::Unprintable));
        assert_eq!(check("a\nb", &none), Err(HandleError::Unprintable));
        assert_eq!(check(" alice", &none), Err(HandleError::Spaces));
        assert!(matches!(
            check("GUEST", &none),
            Err(HandleError::Reserved(_))
        ));
        assert!(matches!(
            check("Computer", &none),
            Err(HandleError::Reserved(_))
        ));
        assert!(matches!(check("You", &none), Err(HandleError::Reserved(_))));
        assert!(matches!(
            check_new("you", "SHA256:abc"),
            Err(HandleError::Reserved(_))
        ));
        assert_eq!(check_new(LOCAL_HANDLE, LOCAL_KEY), Ok(()));
        let levels = vec!["expert".to_string(), "level 7".to_string()];
        assert!(matches!(
            check("Expert", &levels),
            Err(HandleError::Reserved(_))
        ));
        assert!(matches!(
            check("LEVEL 7", &levels),
            Err(HandleError::Reserved(_))
        ));
    }

    #[test]
    fn ordinary_handles_pass() {
        for handle in [
            "alice",
            "Ana María",
            "東京の猫",
            "o'brien-2",
            &"x".repeat(20),
        ] {
            assert_eq!(check(handle, &[]), Ok(()), "{handle}");
        }
        assert_eq!(fold("Alice"), fold("aLICE"));
    }
}
