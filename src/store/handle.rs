//! Which handles an account may take: shown cleanly on everyone's screen, not a reserved
//! name, not a guest's name, not too long. Uniqueness without regard to case is the
//! database's to keep ([`fold`], stored as `handle_folded`); handles that only look alike
//! ([`skeleton`]) are told apart by the store when an account is made or renamed.

use unicode_normalization::UnicodeNormalization;
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

/// The word every guest's name begins with on the screens: `guest NAME`, the guest's SSH user
/// name after a space. No handle is this word, or begins with it and a space.
pub const GUEST_WORD: &str = "guest";
/// What a guest's name begins with: [`GUEST_WORD`] and a space.
pub const GUEST_PREFIX: &str = "guest ";

/// Whether `name` is a guest's as the screens show it: the word alone (a guest whose user
/// name had nothing printable) or the word, a space and a name.
pub fn is_guest_name(name: &str) -> bool {
    name == GUEST_WORD || name.starts_with(GUEST_PREFIX)
}

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
    #[error(
        "{0:?} reads as a guest's name (guests are shown as \"guest NAME\"), so no handle \
         begins with \"guest \"; choose another handle"
    )]
    Guest(String),
}

/// Whether `handle` may be an account's handle, with `reserved` names besides
/// [`ALWAYS_RESERVED`]. Reserved names, and the guests' `guest NAME`, are compared by their
/// [`skeleton`]: `GUEST bob`, `Guest bob` and `guеst bob` (with a Cyrillic `е`) are all a
/// guest's name.
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
    let shape = skeleton(handle);
    if ALWAYS_RESERVED
        .iter()
        .map(|s| s.to_string())
        .chain(reserved.iter().cloned())
        .any(|r| skeleton(&r) == shape)
    {
        return Err(HandleError::Reserved(handle.to_string()));
    }
    if shape.starts_with(&skeleton(GUEST_PREFIX)) {
        return Err(HandleError::Guest(handle.to_string()));
    }
    Ok(())
}

/// The form two handles are compared in: the same for handles that differ only in case.
/// This is what the database keeps unique (`handle_folded`).
pub fn fold(handle: &str) -> String {
    handle.to_lowercase()
}

/// The form two handles that look alike share: compatibility-normalised (NFKC: a full-width
/// `ｂｏｂ` is `bob`), lower case, then Unicode's confusable skeleton (UTS #39: a Cyrillic `о`
/// reads as a Latin `o`). No account is made, or renamed, with the skeleton of another's
/// handle (accounts made before this rule keep theirs).
pub fn skeleton(handle: &str) -> String {
    let folded = handle.nfkc().collect::<String>().to_lowercase();
    unicode_security::skeleton(&folded).collect()
}

/// Whether `other` has the [`skeleton`] `shape`. Compared character by character, stopping
/// at the first that differs (most handles differ in their first), and without normalising
/// an ASCII handle (NFKC leaves ASCII as it is): the store compares a new handle with every
/// account's.
pub fn looks_like(shape: &str, other: &str) -> bool {
    if other.is_ascii() {
        let lower = other.to_ascii_lowercase();
        unicode_security::skeleton(&lower).eq(shape.chars())
    } else {
        skeleton(other) == shape
    }
}

/// The first of `others` (id and handle) that looks like a handle whose [`skeleton`] is
/// `shape`, other than account `except`'s own.
pub fn look_alike<E>(
    shape: &str,
    except: Option<i64>,
    others: impl IntoIterator<Item = Result<(i64, String), E>>,
) -> Result<Option<String>, E> {
    for other in others {
        let (id, handle) = other?;
        if Some(id) != except && looks_like(shape, &handle) {
            return Ok(Some(handle));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guest_prefix_is_the_word_and_a_space() {
        assert_eq!(GUEST_PREFIX, format!("{GUEST_WORD} "));
        assert!(is_guest_name("guest") && is_guest_name("guest bob"));
        assert!(!is_guest_name("guestbook") && !is_guest_name("bob"));
    }

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
        // "guest" inside a word, or later in a handle, is no guest's name.
        for handle in ["guestbook", "guests", "the guest", "Guestavo"] {
            assert_eq!(check(handle, &[]), Ok(()), "{handle}");
        }
    }

    #[test]
    fn a_guests_name_is_no_handle_in_any_case_or_look() {
        for handle in [
            "guest bob",
            "Guest bob",
            "GUEST bob",
            "gu\u{435}st bob",
            "\u{ff47}\u{ff55}\u{ff45}\u{ff53}\u{ff54} bob",
            "guest\u{a0}bob",
            "guest  x",
        ] {
            assert_eq!(
                check(handle, &[]),
                Err(HandleError::Guest(handle.to_string())),
                "{handle}"
            );
        }
        let said = HandleError::Guest("Guest bob".into()).to_string();
        assert!(said.contains("\"guest NAME\""), "{said}");
        // The word alone, as it looks or in another case, is the guest's reserved name.
        for handle in ["guest", "Guest", "gu\u{435}st"] {
            assert!(
                matches!(check(handle, &[]), Err(HandleError::Reserved(_))),
                "{handle}"
            );
        }
    }

    #[test]
    fn look_alikes_share_a_skeleton_and_others_do_not() {
        let bob = skeleton("bob");
        // Cyrillic о, full-width letters, another case.
        for alike in ["b\u{43e}b", "\u{ff42}\u{ff4f}\u{ff42}", "BOB", "B\u{41e}B"] {
            assert_eq!(skeleton(alike), bob, "{alike}");
        }
        for other in ["bobby", "rob", "b0b", "bo b"] {
            assert_ne!(skeleton(other), bob, "{other}");
            assert!(!looks_like(&bob, other), "{other}");
        }
        for alike in ["BOB", "b\u{43e}b", "\u{ff42}\u{ff4f}\u{ff42}"] {
            assert!(looks_like(&bob, alike), "{alike}");
        }
        // An ASCII handle's skeleton is still its look: "rn" reads as "m".
        assert!(looks_like(&skeleton("mary"), "rnary"));
        // Reserved names are compared by their look too: a Cyrillic о in "computer".
        assert!(matches!(
            check("c\u{43e}mputer", &[]),
            Err(HandleError::Reserved(_))
        ));
        let levels = vec!["expert".to_string()];
        assert!(matches!(
            check("\u{ff45}xpert", &levels),
            Err(HandleError::Reserved(_))
        ));
    }
}
