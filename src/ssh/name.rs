//! The name a player is shown by, made from the user name their SSH client sent: nothing in
//! it can move, hide or reorder text on other players' screens, and it fits the lobby.
//!
//! A player without an account is shown as a guest everywhere (`guest bob`): no handle may
//! be `guest` or begin with `guest `, so a guest can never be taken for an account holder,
//! whatever user name their client sends.

use unicode_width::UnicodeWidthChar;

use crate::escape::is_invisible;
use crate::store::handle::{GUEST_PREFIX, GUEST_WORD};

/// The most columns a name takes on screen; a longer name is cut (by display width, so a
/// name of wide characters keeps the lobby's columns too).
pub const MAX_NAME_WIDTH: usize = 20;
/// The most characters kept, counting those of no width (combining marks).
pub const MAX_NAME_CHARS: usize = 40;
/// The name of a player whose user name has nothing printable in it.
pub const NAMELESS: &str = GUEST_WORD;

/// `user` without control characters, bidirectional overrides or zero-width characters,
/// without surrounding spaces, cut to [`MAX_NAME_WIDTH`] columns and [`MAX_NAME_CHARS`]
/// characters; [`NAMELESS`] if nothing is left.
pub fn player_name(user: &str) -> String {
    clean_name(user, MAX_NAME_WIDTH)
}

/// The name a player without an account is shown by: `guest ` and their user name, cleaned
/// as [`player_name`] and cut so that the whole stays within [`MAX_NAME_WIDTH`] columns;
/// just [`NAMELESS`] when the user name has nothing printable in it (or is itself a guest's
/// name: the mark is never doubled).
pub fn guest_name(user: &str) -> String {
    let mut user = user.trim();
    while let Some(rest) = strip_guest_mark(user) {
        user = rest;
    }
    let name = clean_name(user, MAX_NAME_WIDTH - GUEST_PREFIX.len());
    if name == NAMELESS || name.to_lowercase() == NAMELESS {
        NAMELESS.to_string()
    } else {
        format!("{GUEST_PREFIX}{name}")
    }
}

/// `name` without a leading `guest ` (in any case), if it has one.
fn strip_guest_mark(name: &str) -> Option<&str> {
    let head = name.get(..GUEST_PREFIX.len())?;
    head.eq_ignore_ascii_case(GUEST_PREFIX)
        .then(|| name[GUEST_PREFIX.len()..].trim_start())
}

/// `user` cleaned as [`player_name`] says, cut to `max_width` columns.
fn clean_name(user: &str, max_width: usize) -> String {
    let mut name = String::new();
    let (mut width, mut chars) = (0, 0);
    for c in user
        .trim()
        .chars()
        .filter(|&c| !c.is_control() && !is_invisible(c))
    {
        let w = c.width().unwrap_or(0);
        if width + w > max_width || chars == MAX_NAME_CHARS {
            break;
        }
        name.push(c);
        width += w;
        chars += 1;
    }
    let name = name.trim();
    if name.is_empty() {
        NAMELESS.to_string()
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::handle::is_guest_name;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn control_and_invisible_characters_are_left_out() {
        assert_eq!(
            player_name("ev\u{1b}]2;x\u{7}e\u{202e}\u{2066}\u{200b}\u{feff}\n"),
            "ev]2;xe"
        );
    }

    #[test]
    fn an_empty_name_becomes_guest() {
        assert_eq!(player_name(""), NAMELESS);
        assert_eq!(player_name(" \u{202e}\u{200b}\t "), NAMELESS);
    }

    #[test]
    fn names_are_cut_by_display_width() {
        let long = player_name(&"x".repeat(1000));
        assert_eq!(long, "x".repeat(MAX_NAME_WIDTH));
        let wide = player_name(&"東京".repeat(100));
        assert_eq!(wide.width(), MAX_NAME_WIDTH);
        assert_eq!(wide.chars().count(), MAX_NAME_WIDTH / 2);
        // A wide character that would pass the limit is left out whole.
        let odd = player_name(&format!("a{}", "東".repeat(20)));
        assert_eq!(odd.width(), MAX_NAME_WIDTH - 1);
        // Marks of no width still count as characters.
        let marks = player_name(&format!("e{}", "\u{301}".repeat(1000)));
        assert_eq!(marks.chars().count(), MAX_NAME_CHARS);
    }

    #[test]
    fn a_guest_always_carries_the_mark_within_the_width() {
        assert_eq!(guest_name("bob"), "guest bob");
        assert_eq!(guest_name("Bob"), "guest Bob");
        assert_eq!(guest_name(""), NAMELESS);
        assert_eq!(guest_name("guest"), NAMELESS);
        assert_eq!(guest_name("GUEST"), NAMELESS);
        // A user name that already looks like a guest's is not marked twice.
        assert_eq!(guest_name("guest bob"), "guest bob");
        assert_eq!(guest_name("Guest  guest bob"), "guest bob");
        let long = guest_name(&"x".repeat(100));
        assert_eq!(long.width(), MAX_NAME_WIDTH);
        assert!(long.starts_with(GUEST_PREFIX));
        let wide = guest_name(&"東".repeat(100));
        assert!(wide.width() <= MAX_NAME_WIDTH && wide.starts_with(GUEST_PREFIX));
        for name in ["bob", "", "guest", &"x".repeat(50)] {
            assert!(is_guest_name(&guest_name(name)), "{name:?}");
        }
        assert!(!is_guest_name("bob"));
    }

    #[test]
    fn ordinary_names_are_unchanged() {
        for name in ["alice", "Ana María", "東京の猫", "o'brien-2"] {
            assert_eq!(player_name(name), name);
        }
    }
}
