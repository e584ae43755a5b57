//! The key bar every screen draws: its live key entries ([`crate::tui::keymap::offers`])
//! on one line, `key word · key word`, fitted to the width by leaving out whole entries,
//! the least important first, never by cutting one.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::theme::Theme;
use crate::tui::keymap::offers::{Offer, fill};

/// How a bar looks: the styles of keys, words and separators, and what goes before it.
#[derive(Debug, Clone, Copy)]
pub struct Look {
    pub key: Style,
    pub word: Style,
    pub sep: Style,
    /// Drawn before the first entry (and counted in the width).
    pub lead: &'static str,
}

impl Look {
    /// Keys stand out from plain words (Three Trios, the lobby, the home screen).
    pub fn keys(theme: Theme, lead: &'static str) -> Look {
        Look {
            key: theme.key(),
            word: Style::new(),
            sep: theme.dim(),
            lead,
        }
    }

    /// Everything in one style.
    pub fn all(style: Style, lead: &'static str) -> Look {
        Look {
            key: style,
            word: style,
            sep: style,
            lead,
        }
    }
}

/// One entry as the bar shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub label: &'static str,
    pub word: String,
    pub priority: u8,
}

impl Item {
    fn width(&self) -> usize {
        let gap = usize::from(!self.label.is_empty() && !self.word.is_empty());
        self.label.width() + gap + self.word.width()
    }
}

const SEP: &str = " · ";

/// The bar's items from its live offers, each `{name}` in a word filled from `fills`.
pub fn items(offers: &[&Offer], fills: &[(&str, &str)]) -> Vec<Item> {
    offers
        .iter()
        .map(|o| Item {
            label: o.label,
            word: fill(o.text, fills),
            priority: o.priority,
        })
        .collect()
}

/// The columns `items` take, separators included (not the lead).
pub fn width(items: &[Item]) -> usize {
    items.iter().map(Item::width).sum::<usize>() + SEP.width() * items.len().saturating_sub(1)
}

/// `items` as many as fit in `room` columns: while too wide, the one of lowest priority
/// goes (of equals, the later). The order of those kept is unchanged.
pub fn fit(mut items: Vec<Item>, room: usize) -> Vec<Item> {
    while !items.is_empty() && width(&items) > room {
        let mut drop = 0;
        for (i, item) in items.iter().enumerate() {
            if item.priority <= items[drop].priority {
                drop = i;
            }
        }
        items.remove(drop);
    }
    items
}

/// `items` drawn as one line in `look`.
pub fn line(items: &[Item], look: Look) -> Line<'static> {
    let mut spans = Vec::new();
    if !look.lead.is_empty() {
        spans.push(Span::styled(look.lead, look.word));
    }
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(SEP, look.sep));
        }
        if item.label.is_empty() {
            spans.push(Span::styled(item.word.clone(), look.word));
            continue;
        }
        spans.push(Span::styled(item.label, look.key));
        if !item.word.is_empty() {
            spans.push(Span::styled(format!(" {}", item.word), look.word));
        }
    }
    Line::from(spans)
}

/// The bar of `offers` in `room` columns (lead included), in `look`.
pub fn bar(offers: &[&Offer], fills: &[(&str, &str)], look: Look, room: usize) -> Line<'static> {
    let room = room.saturating_sub(look.lead.width());
    line(&fit(items(offers, fills), room), look)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::tui::keymap::offers::{State, Where, bar as live_bar, flag};

    fn item(label: &'static str, word: &str, priority: u8) -> Item {
        Item {
            label,
            word: word.to_string(),
            priority,
        }
    }

    #[test]
    fn fitting_drops_the_lowest_priority_first_and_keeps_the_order() {
        let all = vec![
            item("a", "one", 100),
            item("b", "two", 90),
            item("?", "help", 250),
            item("q", "quit", 255),
        ];
        assert_eq!(width(&all), 5 + 5 + 6 + 6 + 9);
        assert_eq!(fit(all.clone(), 31), all);
        let kept = fit(all.clone(), 30);
        assert_eq!(kept, vec![all[0].clone(), all[2].clone(), all[3].clone()]);
        assert_eq!(fit(all.clone(), 5), vec![]);
        assert_eq!(fit(all, 6), vec![item("q", "quit", 255)]);
    }

    /// At 30 columns every bar keeps whole entries only: each entry drawn is one of the
    /// state's, unbroken, and the help and quit keys are the last to go.
    #[test]
    fn at_30_columns_bars_leave_out_entries_whole() {
        let playing = State::new(
            crate::tui::keymap::KeyMode::Play,
            crate::tui::keymap::Context::Local { computer: true },
        )
        .with(flag::TAKE_BACK, true)
        .with(flag::ANIMATING, true);
        let cases = [
            (Where::ThreeTrios, playing),
            (Where::Lobby, State::screen().with(flag::GAMES, true)),
        ];
        for (place, state) in cases {
            fits_in_30_columns(place, state);
        }
    }

    /// Checks that the bar of `place` in `state` keeps whole entries only at 30 columns, the
    /// help and quit keys last to go; screens worded in their own folders ask it of theirs.
    pub(crate) fn fits_in_30_columns(place: Where, state: State) {
        let theme = Theme::plain();
        let offers = live_bar(place, state);
        let text = line_text(&bar(&offers, &[], Look::keys(theme, ""), 30));
        assert!(text.width() <= 30, "{place:?}: {text:?}");
        assert!(!text.is_empty(), "{place:?}: nothing fits");
        let whole: Vec<String> = items(&offers, &[])
            .iter()
            .map(|i| line_text(&line(std::slice::from_ref(i), Look::keys(theme, ""))))
            .collect();
        for part in text.split(SEP) {
            assert!(whole.iter().any(|w| w == part), "{place:?}: {part:?} cut");
        }
        assert!(text.contains("? help"), "{place:?}: {text:?}");
    }

    fn line_text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }
}
