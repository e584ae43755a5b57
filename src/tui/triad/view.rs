//! Drawing Triad: a title line, the tableau as cards in the brief's columns, a two-line
//! status bar, and the help and end-of-game boxes. A card shows its count of symbols, each
//! symbol's shape and fill in one glyph (outline, half filled, solid), its colour, and the
//! key that picks it. The colours are the Okabe–Ito orange, reddish purple and bluish green,
//! chosen to stay apart under every common colour blindness (in the 256-colour palette);
//! they also differ in lightness, and without colour the card names its colour and fill in
//! letters.

use crate::words::{count, points, subject};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Widget};

use super::bests::clock;
use super::{TriadScreen, key_of};
use crate::controller::race_table::triad::MAX_RACERS;
use crate::controller::table::SeatState;
use crate::games::triad::{Card, TABLEAU};
use crate::tui::Theme;
use crate::tui::keymap::{self, State, Where, flag};
use crate::tui::view::frame::{GameFrame, Help, Piece, pieces_width};
use crate::tui::view::keybar::{self, Look};
use crate::tui::view::{fit, help, overlay};

/// Rows taken by the title line and the status bar.
const CHROME_ROWS: u16 = 3;
/// The smallest card drawn, and the largest.
const CARD_MIN: (u16, u16) = (14, 5);
const CARD_MAX: (u16, u16) = (26, 9);

/// The glyph of one symbol: by shape (triangle, oval, diamond), then fill (none, light,
/// dark).
const GLYPHS: [[char; 3]; 3] = [['△', '◭', '▲'], ['○', '◐', '●'], ['◇', '◈', '◆']];

/// Large symbols, four rows of six columns, by shape; `f` marks the inside, drawn by fill.
const ART: [[&str; 4]; 3] = [
    ["  ╱╲  ", " ╱ff╲ ", "╱ffff╲", "▔▔▔▔▔▔"],
    ["╭────╮", "│ffff│", "│ffff│", "╰────╯"],
    ["  ╱╲  ", " ╱ff╲ ", " ╲ff╱ ", "  ╲╱  "],
];
/// The inside of a large symbol by fill: none, light, dark.
const ART_FILL: [char; 3] = [' ', '░', '█'];
/// Room large symbols need inside a card: three side by side, and a line for the words.
const ART_ROOM: (u16, u16) = (22, 6);

/// The three colours, in card order: orange, purple, green.
const COLORS: [Color; 3] = [Color::Indexed(214), Color::Indexed(175), Color::Indexed(36)];

/// Where the cards go.
struct Layout {
    /// Each card's rectangle by position.
    cards: Vec<Rect>,
    too_small: Option<(u16, u16)>,
}

fn layout(app: &TriadScreen) -> Layout {
    let (w, h) = app.size;
    // Before a race at a table begins, the cards stay face down.
    let n = if app.waiting() {
        0
    } else {
        app.game().tableau().len()
    };
    let columns = TABLEAU.div_ceil(3) as u16;
    let room_h = h.saturating_sub(CHROME_ROWS);
    // One column of space between cards, one row between rows.
    let card_w = (w.saturating_sub(columns + 1) / columns).min(CARD_MAX.0);
    let card_h = (room_h.saturating_sub(2) / 3).min(CARD_MAX.1);
    if card_w < CARD_MIN.0 || card_h < CARD_MIN.1 {
        let need = (
            columns * (CARD_MIN.0 + 1) + 1,
            3 * CARD_MIN.1 + 2 + CHROME_ROWS,
        );
        return Layout {
            cards: Vec::new(),
            too_small: Some(need),
        };
    }
    let used_w = columns * card_w + (columns - 1);
    let used_h = 3 * card_h + 2;
    let left = (w - used_w) / 2;
    let top = 1 + (room_h - used_h) / 2;
    let cards = (0..n)
        .map(|p| {
            let (row, col) = ((p % 3) as u16, (p / 3) as u16);
            Rect::new(
                left + col * (card_w + 1),
                top + row * (card_h + 1),
                card_w,
                card_h,
            )
        })
        .collect();
    Layout {
        cards,
        too_small: None,
    }
}

/// The position of the card under a screen cell, if any.
pub(super) fn card_at(app: &TriadScreen, x: u16, y: u16) -> Option<usize> {
    layout(app)
        .cards
        .iter()
        .position(|r| r.contains(ratatui::layout::Position { x, y }))
}

impl Widget for &TriadScreen {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = layout(self);
        let title = |room: usize| title_words(self, room);
        let clock = Span::styled(format!(" {}", clock(self.elapsed())), self.theme.title());
        let frame = GameFrame {
            theme: self.theme,
            name: "Triad",
            title: &title,
            hints: vec!["? help".to_string()],
            status: vec![status_pieces(self, area.width, clock.width())],
            clock: vec![clock],
            note: self.note.clone(),
            keys: key_items(self),
            end: end_lines(self),
            help: self.help.then(|| help(self)),
        };
        frame.draw(layout.too_small, area, buf, |_, buf| {
            let hinted = self.hinted();
            for (p, rect) in layout.cards.iter().enumerate() {
                let mut rect = *rect;
                if let Some((shaking, until)) = self.shaking
                    && shaking.contains(&p)
                {
                    // Side to side, a column each way, every step of the shake.
                    let step = (until.saturating_duration_since(self.now).as_millis() / 60) % 2;
                    rect.x = if step == 0 {
                        rect.x.saturating_sub(1)
                    } else {
                        (rect.x + 1).min(area.width.saturating_sub(rect.width))
                    };
                }
                let card = self.game().tableau()[p];
                let state = CardState {
                    taken: self.taken.is_some_and(|(t, _)| t.contains(&p)),
                    picked: self.picked.contains(&p),
                    cursor: self.cursor == p && self.finished.is_none(),
                    hinted: hinted.contains(&p),
                    wrong: self.shaking.is_some_and(|(s, _)| s.contains(&p)),
                };
                draw_card(self, card, p, state, rect, buf);
            }
            if self.waiting() {
                waiting_box(self, area, buf);
            }
            area
        });
    }
}

/// The letters a card without colour shows when it has no room for words: its colour's
/// first letter in capitals, then its fill's (`Ol`: orange, light).
fn letters(hue: usize, fill: usize) -> String {
    let [_, colors, _, fills] = crate::games::triad::PROPERTIES.map(|(_, v)| v);
    format!("{}{}", code(colors[hue], true), code(fills[fill], false))
}

/// The letter of one colour (a capital) or fill (a small letter).
fn code(word: &str, color: bool) -> char {
    let first = word.chars().next().unwrap_or(' ');
    if color {
        first.to_ascii_uppercase()
    } else {
        first
    }
}

/// What the letters on cards without colour mean, in the longest wording at most `width`
/// columns long: `letters: O orange · P purple · G green, then n none · l light · d dark`.
fn legend(width: usize) -> Option<String> {
    let [_, colors, _, fills] = crate::games::triad::PROPERTIES.map(|(_, v)| v);
    let colors = colors.map(|w| format!("{} {w}", code(w, true)));
    let fills = fills.map(|w| format!("{} {w}", code(w, false)));
    [
        format!(
            "letters: {}, then {}",
            colors.join(" · "),
            fills.join(" · ")
        ),
        format!("{} · {}", colors.join(" "), fills.join(" ")),
    ]
    .into_iter()
    .find(|text| text.chars().count() <= width)
}

/// Whether the cards show letter codes: without colour, on cards too low for words.
fn shows_letters(app: &TriadScreen) -> bool {
    !app.theme.color && layout(app).cards.first().is_some_and(|r| r.height < 6)
}

/// The title's words after the game's name, in at most `room` columns: at a table the live
/// scores (the table's number first when there is room); a card key without colour when
/// the cards show letters; else the aim.
fn title_words(app: &TriadScreen, room: usize) -> Vec<Span<'static>> {
    let theme = app.theme;
    let aim = "find three cards that are, in every property, all the same or all different";
    if let Some(link) = app.table() {
        let scores = app.table_scores();
        let label = Span::styled(format!("race #{} · ", link.id), theme.dim());
        let all = scores.join(" · ");
        let mut spans = Vec::new();
        if label.width() + fit::width(&all) <= room {
            spans.push(label);
        }
        let used = spans.iter().map(Span::width).sum::<usize>();
        spans.extend(scores_fitting(&scores, true, room - used, theme));
        return spans;
    }
    if shows_letters(app) {
        // The cards' letters need their key more than the aim does.
        return legend(room)
            .map(|t| vec![Span::styled(t, theme.dim())])
            .unwrap_or_default();
    }
    let words = if room >= aim.len() + 12 {
        aim
    } else {
        "each property all the same or all different"
    };
    vec![Span::styled(words, theme.dim())]
}

#[derive(Debug, Clone, Copy)]
struct CardState {
    /// Just dealt in place of a triad a rival took.
    taken: bool,
    picked: bool,
    cursor: bool,
    hinted: bool,
    wrong: bool,
}

/// A card: its border says its state (picked, under the cursor, hinted, wrongly picked),
/// its key sits in the top-left corner, its symbols in the middle, and its colour and fill
/// in words at the bottom (in letters on small cards without colour).
fn draw_card(
    app: &TriadScreen,
    card: Card,
    position: usize,
    state: CardState,
    rect: Rect,
    buf: &mut Buffer,
) {
    let theme = app.theme;
    let color = theme.color;
    let [shape, hue, _, fill] = card.values().map(usize::from);
    let ink = if color {
        Style::new().fg(COLORS[hue]).add_modifier(Modifier::BOLD)
    } else {
        Style::new()
    };
    let (set, border_style) = if state.wrong {
        (
            border::DOUBLE,
            pick(color, Style::new().fg(Color::LightRed), Modifier::BOLD),
        )
    } else if state.picked {
        (
            border::DOUBLE,
            pick(color, Style::new().fg(Color::LightYellow), Modifier::BOLD),
        )
    } else if state.hinted {
        (
            border::THICK,
            pick(color, Style::new().fg(Color::LightCyan), Modifier::BOLD),
        )
    } else if state.cursor {
        (
            border::THICK,
            pick(color, Style::new().fg(Color::White), Modifier::BOLD),
        )
    } else {
        (
            border::ROUNDED,
            pick(color, Style::new().fg(Color::DarkGray), Modifier::DIM),
        )
    };
    Clear.render(rect, buf);
    let mut block = Block::bordered().border_set(set).border_style(border_style);
    if let Some(key) = key_of(position) {
        block = block.title(Span::styled(format!(" {key} "), theme.key()));
    }
    if state.taken {
        block = block.title_bottom(Span::styled(" new ", theme.key()));
    } else if state.picked {
        block = block.title_bottom(Span::styled(" picked ", border_style));
    } else if state.hinted {
        block = block.title_bottom(Span::styled(" hint ", border_style));
    }
    let inner = block.inner(rect);
    block.render(rect, buf);
    let count = usize::from(card.count());
    let words_line = inner.height >= 4;
    let centered = |text: &str| {
        let w = text.chars().count() as u16;
        inner.x + inner.width.saturating_sub(w) / 2
    };
    if inner.width >= ART_ROOM.0 && inner.height >= ART_ROOM.1 {
        // Large symbols, side by side, above the words.
        let top = inner.y + (inner.height - 1 - ART.len() as u16) / 2;
        for (dy, row) in ART[shape].iter().enumerate() {
            let piece = row.replace('f', &ART_FILL[fill].to_string());
            let line = vec![piece.as_str(); count].join("  ");
            buf.set_string(centered(&line), top + dy as u16, &line, ink);
        }
    } else {
        // One glyph a symbol, spaced to the card's width.
        let glyph = GLYPHS[shape][fill].to_string();
        let gap = if inner.width >= 16 { "   " } else { " " };
        let symbols = vec![glyph.as_str(); count].join(gap);
        let middle = inner.y + (inner.height.saturating_sub(u16::from(words_line))) / 2;
        buf.set_string(centered(&symbols), middle, &symbols, ink);
    }
    // Colour and fill in words (or letters where the card is narrow without colour).
    let [_, colors, _, fills] = crate::games::triad::PROPERTIES.map(|(_, v)| v);
    let words = format!("{} {}", colors[hue], fills[fill]);
    if words_line {
        buf.set_string(
            centered(&words),
            inner.bottom() - 1,
            &words,
            if color {
                ink.remove_modifier(Modifier::BOLD)
            } else {
                theme.dim()
            },
        );
    } else if !color {
        let letters = letters(hue, fill);
        buf.set_string(
            inner.right().saturating_sub(2),
            inner.y,
            &letters,
            theme.dim(),
        );
    }
}

fn pick(color: bool, colored: Style, plain: Modifier) -> Style {
    if color {
        colored.add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(plain)
    }
}

/// The state of the game as far as its keys care.
fn key_state(app: &TriadScreen) -> State {
    State::screen()
        .with(flag::TABLE, app.table().is_some())
        .with(flag::WATCHING, app.table().is_some_and(|t| t.you.is_none()))
        .with(flag::OVER, app.finished.is_some())
}

/// The keys of the screen as it is: a replay's, or the game's.
fn keys_here(app: &TriadScreen) -> Where {
    if app.replaying() {
        Where::Own(&super::keys::REPLAY)
    } else {
        Where::Own(&super::keys::PLAY)
    }
}

/// The players' `scores` (`alice 3`), ` · ` between them (and before the first unless
/// `first`), as many as fit whole in `room` columns; then, when some do not, how many are
/// left out (` · 3 more`), so that no score shows cut short and no player goes unsaid.
fn scores_fitting(scores: &[String], first: bool, room: usize, theme: Theme) -> Vec<Span<'static>> {
    let sep = |n: usize| if n == 0 && first { "" } else { " · " };
    let texts: Vec<String> = (scores.iter().enumerate())
        .map(|(n, score)| format!("{}{score}", sep(n)))
        .collect();
    let all: usize = texts.iter().map(|t| Span::raw(t.as_str()).width()).sum();
    if all <= room {
        return texts
            .into_iter()
            .map(|t| Span::styled(t, theme.key()))
            .collect();
    }
    let more = |shown: usize| {
        let left = scores.len() - shown;
        match shown {
            0 if first => count(left, "player"),
            _ => format!("{}{left} more", sep(shown)),
        }
    };
    let (mut used, mut shown) = (0, 0);
    while let Some(text) = texts.get(shown) {
        let width = Span::raw(text.as_str()).width();
        if used + width + Span::raw(more(shown + 1)).width() > room {
            break;
        }
        used += width;
        shown += 1;
    }
    let mut spans: Vec<Span<'static>> = (texts.into_iter().take(shown))
        .map(|t| Span::styled(t, theme.key()))
        .collect();
    let more = more(shown);
    if used + Span::raw(more.as_str()).width() <= room {
        spans.push(Span::styled(more, theme.dim()));
    }
    spans
}

/// The status row after the time (`clock` columns of a row `width` wide): the deck, the
/// triads taken, the picks, and in a race here as many scores as the row has room for.
fn status_pieces(app: &TriadScreen, width: u16, clock: usize) -> Vec<Piece> {
    let theme = app.theme;
    let game = app.game();
    // A replay marks the next triad taken rather than picks: where it stands instead.
    let last = match app.replay_place() {
        Some(place) => place,
        None => format!("picked {}/3", app.picked.len()),
    };
    let mut pieces = vec![
        vec![Span::styled(
            format!(" · deck {}", game.deck_left()),
            theme.dim(),
        )],
        vec![Span::styled(
            format!(
                " · {} {}",
                // In a race the count is every player's: taken, not found by you.
                if app.racing() { "taken" } else { "found" },
                game.found().len(),
            ),
            theme.dim(),
        )],
        vec![Span::styled(format!(" · {last}"), theme.dim())],
    ];
    if app.racing() && app.table().is_none() {
        // The scores, the person's first, as many as the row has room for.
        let scores: Vec<String> = (app.race_state().racers().iter())
            .map(|r| format!("{} {}", r.name, r.score))
            .collect();
        let used = clock + pieces_width(&pieces);
        let room = usize::from(width).saturating_sub(used);
        pieces.push(scores_fitting(&scores, false, room, theme));
    }
    pieces
}

/// The keys that matter now, from the keymap's entries for this state.
fn key_items(app: &TriadScreen) -> Vec<keybar::Item> {
    // A question's note says the one key that answers it; no other key stands beside it.
    if app.shell.question().is_some() {
        return Vec::new();
    }
    let offers = keymap::offers::bar(keys_here(app), key_state(app));
    keybar::items(&offers, &[])
}

/// What to do once the game is over, from the keymap's entries for the end.
fn end_keys(app: &TriadScreen) -> Line<'static> {
    let offers = keymap::offers::bar(Where::Own(&super::keys::END), key_state(app));
    keybar::line(&keybar::items(&offers, &[]), Look::all(app.theme.key(), ""))
}

/// The game-over box's lines: time, triads, time a triad, and the bests (new ones marked);
/// in a race, the standings.
fn end_lines(app: &TriadScreen) -> Option<Vec<Line<'static>>> {
    let f = app.finished?;
    let theme = app.theme;
    let bests = app.bests();
    let per = if f.triads > 0 {
        format!("{:.1} s", f.secs / f64::from(f.triads))
    } else {
        "–".to_string()
    };
    let mark = |new: bool| if new { "  new best!" } else { "" };
    if app.racing() {
        let standings = app.race_state().standings();
        let winner = match app.race_state().winner() {
            Some(first) => format!("{} the race.", subject(&first.name, "win")),
            None if standings.is_empty() => String::new(),
            None => "A tie at the top.".to_string(),
        };
        let mut lines = vec![
            Line::styled("The deck is out and no triad is left.", theme.title()),
            Line::styled(winner, theme.key()),
            Line::raw(""),
            Line::raw(format!("Time  {}", clock(f.secs))),
            Line::raw(""),
        ];
        for (place, r) in standings.iter().enumerate() {
            lines.push(Line::raw(format!(
                "{}. {:<8} {:>10}  ({} found, {} wrong)",
                place + 1,
                r.name,
                points(r.score),
                r.found,
                r.wrong
            )));
        }
        lines.push(Line::raw(""));
        lines.push(end_keys(app));
        return Some(lines);
    }
    let mut lines = vec![
        Line::styled("The deck is out and no triad is left.", theme.title()),
        Line::raw(""),
        Line::raw(format!(
            "Time            {}{}",
            clock(f.secs),
            mark(f.new_fastest)
        )),
        Line::raw(format!("Triads found    {}{}", f.triads, mark(f.new_most))),
        Line::raw(format!("Time a triad    {per}{}", mark(f.new_per_triad))),
        Line::raw(""),
        Line::styled(
            format!("Your bests over {}", count(bests.games as usize, "game")),
            theme.dim(),
        ),
    ];
    if let Some(s) = bests.fastest_secs {
        lines.push(Line::styled(
            format!("  fastest game   {}", clock(s)),
            theme.dim(),
        ));
    }
    if let Some(s) = bests.best_secs_per_triad {
        lines.push(Line::styled(
            format!("  a triad        {s:.1} s"),
            theme.dim(),
        ));
    }
    lines.push(Line::styled(
        format!("  most triads    {}", bests.most_triads),
        theme.dim(),
    ));
    lines.push(Line::raw(""));
    lines.push(end_keys(app));
    Some(lines)
}

/// Before a race at a table: who is in it, and how to begin.
fn waiting_box(app: &TriadScreen, area: Rect, buf: &mut Buffer) {
    let Some(link) = app.table() else { return };
    let theme = app.theme;
    let mut lines = vec![
        Line::styled("The cards are dealt when the race begins.", theme.title()),
        Line::raw(""),
    ];
    for (i, seat) in link.seats.iter().enumerate() {
        let mut text = format!("{}. {}", i + 1, seat.view().label());
        if seat.state == SeatState::Computer {
            text.push_str("  (computer)");
        }
        if Some(i) == link.you {
            text.push_str("  ← you");
        }
        lines.push(Line::raw(text));
    }
    lines.push(Line::raw(""));
    if link.you.is_some() {
        lines.push(Line::styled(
            format!("s start · + add a computer rival · - remove one (2–{MAX_RACERS} players)"),
            theme.key(),
        ));
        lines.push(Line::styled(
            "First valid triad scores; a wrong one costs a point and 3 s.",
            theme.dim(),
        ));
    } else {
        lines.push(Line::styled(
            "Watching: the race has not begun.",
            theme.dim(),
        ));
    }
    overlay::boxed(" Waiting for players ", lines, theme, area, buf);
}

/// The help box: the keys of the screen as it is, and the cards' symbols.
fn help(app: &TriadScreen) -> Help {
    let theme = app.theme;
    let rows: Vec<String> = super::CARD_KEYS
        .iter()
        .map(|row| {
            row.iter()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let cards = rows.join(" / ");
    let mut notes = vec![
        Line::styled(
            "Symbols: triangle △ ◭ ▲, oval ○ ◐ ●, diamond ◇ ◈ ◆ (none, light, dark).",
            theme.dim(),
        ),
        Line::styled(
            "When no triad is on the table and the deck has cards, the table is dealt anew.",
            theme.dim(),
        ),
    ];
    if !theme.color {
        let text = legend(usize::MAX).unwrap_or_default();
        notes.push(Line::styled(
            format!("Without colour, small cards show {text}."),
            theme.dim(),
        ));
    }
    let offers = keymap::offers::help(keys_here(app), key_state(app));
    Help {
        title: if app.replaying() {
            " Triad replay keys ".to_string()
        } else {
            " Triad keys ".to_string()
        },
        entries: help::entries(&offers, &[("cards", &cards)]),
        notes,
        top: None,
    }
}
