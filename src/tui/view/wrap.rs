//! Breaking a styled line into rows of a width, at spaces where it can: the wrapping of
//! every duel's status line, game-over box and log.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Breaks `line` into rows of at most `width` columns, at spaces where it can; every row
/// after the first starts with `indent` spaces.
pub(crate) fn wrap(line: &Line<'static>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let indent = indent.min(width / 2);
    let chars: Vec<(char, Style, usize)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| {
                let mut buf = [0u8; 4];
                (c, style, Span::raw(&*c.encode_utf8(&mut buf)).width())
            })
        })
        .collect();
    let mut rows: Vec<Vec<(char, Style)>> = Vec::new();
    let mut row: Vec<(char, Style)> = Vec::new();
    let mut used = 0;
    let mut i = 0;
    while i < chars.len() {
        // The next word: its letters, then the spaces after it.
        let start = i;
        while i < chars.len() && chars[i].0 != ' ' {
            i += 1;
        }
        let letters_end = i;
        while i < chars.len() && chars[i].0 == ' ' {
            i += 1;
        }
        let word_width: usize = chars[start..letters_end].iter().map(|c| c.2).sum();
        let fresh = rows.is_empty() && row.is_empty() || !rows.is_empty() && used == indent;
        if used + word_width > width && !fresh {
            rows.push(std::mem::take(&mut row));
            row.extend(std::iter::repeat_n((' ', Style::new()), indent));
            used = indent;
        }
        for &(c, style, w) in &chars[start..i] {
            if used + w > width {
                if c == ' ' {
                    continue;
                }
                // A word longer than a whole row is cut across rows.
                rows.push(std::mem::take(&mut row));
                row.extend(std::iter::repeat_n((' ', Style::new()), indent));
                used = indent;
            }
            row.push((c, style));
            used += w;
        }
    }
    rows.push(row);
    rows.into_iter()
        .map(|mut row| {
            while row.len() > 1 && row.last().is_some_and(|c| c.0 == ' ') {
                row.pop();
            }
            to_line(row)
        })
        .collect()
}

/// Joins styled characters back into spans.
fn to_line(row: Vec<(char, Style)>) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut current = None;
    for (c, style) in row {
        if current != Some(style) {
            if let Some(style) = current {
                spans.push(Span::styled(std::mem::take(&mut text), style));
            }
            current = Some(style);
        }
        text.push(c);
    }
    if let Some(style) = current {
        spans.push(Span::styled(text, style));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn wraps_at_spaces_and_indents_what_follows() {
        let line = Line::raw("    ↳ 2,1←2,0 7 vs 3 taken");
        assert_eq!(
            text(&wrap(&line, 16, 8)),
            ["    ↳ 2,1←2,0 7", "        vs 3", "        taken"]
        );
        assert_eq!(
            text(&wrap(&Line::raw("abcdefgh"), 3, 1)),
            ["abc", " de", " fg", " h"]
        );
        assert_eq!(text(&wrap(&Line::raw("short"), 40, 4)), ["short"]);
    }
}
