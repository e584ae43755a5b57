//! Text cut to a number of terminal columns, by display width (wide and combining
//! characters counted as drawn), ending in `…` when cut.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `text` takes on screen.
pub(super) fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// `text` as it is if it fits in `room` columns, else as much of it as fits followed by `…`
/// (nothing at all when `room` is 0).
pub(super) fn ellipsis(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    let Some(room) = room.checked_sub(1) else {
        return String::new();
    };
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > room {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_by_display_width_and_marks_the_cut() {
        assert_eq!(ellipsis("expert", 6), "expert");
        assert_eq!(ellipsis("expert", 5), "expe…");
        assert_eq!(ellipsis("漢字漢字", 5), "漢字…");
        assert_eq!(ellipsis("abc", 1), "…");
        assert_eq!(ellipsis("abc", 0), "");
    }
}
