//! Text cut to a number of display columns, with `…` where it was cut: frame titles, seat
//! and card names that would otherwise run into a border, a hint or lose their end unseen.

use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `text` takes on screen (wide characters two, combining ones none).
pub fn width(text: &str) -> usize {
    text.width()
}

/// `text` as it fits in `width` columns (a wide character takes two): whole when it fits,
/// else cut with `…` as its last column. Never wider than `width`.
pub fn fit(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut kept = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width - 1 {
            break;
        }
        kept.push(c);
        used += w;
    }
    kept.push('…');
    kept
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
