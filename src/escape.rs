//! Text that came from someone else, made safe to print: control characters (and the
//! invisible ones that reorder or hide text) written as escapes, and long input shortened, so
//! a name or a line can neither drive the reader's terminal nor forge a line of a log.

use std::fmt::Write;

/// True for characters that change how text around them shows without being seen:
/// bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width
/// characters and the byte-order mark.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2060}'..='\u{2064}'
            | '\u{061C}'
            | '\u{FEFF}'
    )
}

/// `text` with every control or invisible character written as an escape (`\n`, `\t`, `\\`,
/// `\x1b`, `\u{202e}`), and backslashes doubled, so what is printed shows what was sent and
/// nothing more.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text);
    out
}

/// How much of a person's input a message quotes back.
pub const QUOTED_CHARS: usize = 40;

/// What a person typed or a file held, as a message quotes it: at most [`QUOTED_CHARS`]
/// characters, escaped.
pub fn quoted(text: &str) -> String {
    escape_short(text, QUOTED_CHARS)
}

/// Like [`escape`], but at most `max_chars` characters of `text` are kept; a longer text ends
/// in `…` and says how many bytes it had.
pub fn escape_short(text: &str, max_chars: usize) -> String {
    escape(&shorten(text, max_chars))
}

/// At most `max_chars` characters of `text`; a longer text ends in `…` and says how many
/// bytes it had. Nothing is escaped: for text that is escaped as a whole later.
pub fn shorten(text: &str, max_chars: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max_chars) {
        None => text.into(),
        Some((cut, _)) => {
            let mut out = text[..cut].to_string();
            let _ = write!(out, "… ({} bytes in all)", text.len());
            out.into()
        }
    }
}

fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if c.is_control() || is_invisible(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_sequences_and_newlines_are_written_out() {
        let name = "eve\u{1b}]2;owned\u{7}\u{1b}[2J\nfake log line";
        let shown = escape(name);
        assert_eq!(shown, "eve\\x1b]2;owned\\x07\\x1b[2J\\nfake log line");
        assert!(!shown.chars().any(|c| c.is_control()));
    }

    #[test]
    fn bidi_and_zero_width_characters_are_written_out() {
        assert_eq!(escape("a\u{202e}b\u{200b}c"), "a\\u{202e}b\\u{200b}c");
    }

    #[test]
    fn ordinary_text_is_unchanged_and_backslashes_stay_readable() {
        assert_eq!(escape("Ana 東京 \\o/"), "Ana 東京 \\\\o/");
    }

    #[test]
    fn long_text_is_shortened_with_its_size() {
        let line = "x".repeat(10_000);
        let shown = escape_short(&line, 40);
        assert!(shown.starts_with(&"x".repeat(40)));
        assert!(shown.ends_with("… (10000 bytes in all)"), "{shown}");
        assert_eq!(escape_short("short", 40), "short");
    }
}
