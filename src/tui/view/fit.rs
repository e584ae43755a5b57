//! Text cut to a number of display columns, with `…` where it was cut: frame titles, seat
//! and card names that would otherwise run into a border, a hint or lose their end unseen.
//!
//! One rule for every line that can be too long: widths are display columns (a wide
//! character two, a combining one none); a cut always ends in `…`; it falls between words
//! where that keeps at least half the room; and a number is never cut: the whole number
//! goes rather than part of it (`seed 775232528845` would read as another seed).

use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `text` takes on screen (wide characters two, combining ones none).
pub fn width(text: &str) -> usize {
    text.width()
}

/// `text` as it fits in `width` columns (a wide character takes two): whole when it fits,
/// else cut by the module's rule with `…` as its last column. Never wider than `width`.
pub fn fit(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let room = width - 1;
    let mut end = 0;
    let mut used = 0;
    for (at, c) in text.char_indices() {
        let w = c.width().unwrap_or(0);
        if used + w > room {
            break;
        }
        used += w;
        end = at + c.len_utf8();
    }
    let (kept, rest) = text.split_at(end);
    let mut kept = kept;
    // A number cut in two reads as another number: the whole number goes.
    if rest.starts_with(|c: char| c.is_ascii_digit()) {
        kept = kept.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',');
    }
    // Between words, when that keeps at least half the room.
    if !rest.starts_with(' ')
        && !kept.ends_with(' ')
        && let Some(space) = kept.rfind(' ')
        && kept[..space].trim_end().width() * 2 >= room
    {
        kept = &kept[..space];
    }
    format!("{}…", kept.trim_end())
}

/// `line` cut to `width` columns as [`fit`] cuts text, ending in `…` where it was cut; the
/// styles of what is kept stay (the `…` takes the style of the span it ends).
pub fn fit_line(line: Line<'static>, width: usize) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let mut left = width;
    let mut kept = Vec::new();
    for span in line.spans {
        let w = span.content.width();
        if w < left {
            left -= w;
            kept.push(span);
            continue;
        }
        // The cut falls in this span; more follows, so it ends in `…` even if it fits whole.
        kept.push(Span::styled(
            fit(&format!("{}…", span.content), left),
            span.style,
        ));
        break;
    }
    Line::from(kept)
}

/// The first of `choices` (longest wording first) that fits `width` columns whole, else the
/// last one cut to fit.
pub fn first_fitting(choices: &[String], width: usize) -> String {
    choices
        .iter()
        .find(|c| c.width() <= width)
        .cloned()
        .unwrap_or_else(|| fit(choices.last().map_or("", String::as_str), width))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_by_display_columns_and_marks_the_cut() {
        assert_eq!(fit("GlimmerMoth", 20), "GlimmerMoth");
        assert_eq!(fit("GlimmerMoth", 6), "Glimm…");
        assert_eq!(fit("日本語", 4), "日…");
        assert_eq!(fit("abc", 0), "");
        assert_eq!(fit("abc", 1), "…");
        // Between words where that keeps half the room; within a long word otherwise.
        assert_eq!(fit("a player is away now", 16), "a player is…");
        assert_eq!(fit("a player is away now", 8), "a playe…");
        assert_eq!(fit("unbreakable words", 8), "unbreak…");
        // A number goes whole or not at all.
        assert_eq!(fit("seed 7752325288458725944", 17), "seed…");
        assert_eq!(fit("move 12/60", 9), "move…");
        assert_eq!(fit("12345", 3), "…");
        for (text, width) in [("seed 7752325288458725944", 17), ("日本語 text 42", 7)] {
            assert!(fit(text, width).width() <= width);
        }
        assert_eq!(width("日本語"), 6);
        let line = Line::from(vec![Span::raw("ab"), Span::raw("cd"), Span::raw("ef")]);
        assert_eq!(fit_line(line.clone(), 6), line);
        assert_eq!(fit_line(line.clone(), 5).to_string(), "abcd…");
        assert_eq!(fit_line(line.clone(), 4).to_string(), "abc…");
        assert_eq!(fit_line(line, 2).to_string(), "a…");
        let choices = ["a long one".to_string(), "short".to_string()];
        assert_eq!(first_fitting(&choices, 6), "short");
        assert_eq!(first_fitting(&choices, 3), "sh…");
    }
}
