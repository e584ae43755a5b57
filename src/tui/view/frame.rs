//! The frame every game screen is drawn in, by this one code path for all five games: the
//! title row (the game's name, its words, the help hint), the board between, the status
//! rows (the clocks' place, the state, a note to the player, the key bar), and the boxes
//! over it all (game over, help, too small). A game gives its board as a drawing and the
//! rest as data ([`GameFrame`]); where each thing goes and how it gives way when the
//! terminal is narrow is decided here, so every game reads the same.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Widget};

use super::fit;
use super::help;
use super::keybar::{self, Item, Look};
use super::message::Message;
use super::overlay;
use super::theme::Theme;
use super::wrap::wrap;

/// A part of a status row: shown whole or not at all, so that a number cut short never
/// reads as another one.
pub type Piece = Vec<Span<'static>>;

/// The rows the title takes, at the top.
pub const TITLE_ROWS: u16 = 1;
/// The rows the status takes, at the bottom: the state, then the note and the keys.
pub const STATUS_ROWS: u16 = 2;
/// The least room the key bar keeps beside a note: `? help` and a key or two.
const KEYS_BESIDE_NOTE: usize = 16;
/// Rows a long note may take above the status rows; beyond them it ends in `…`.
const NOTE_ROWS_ABOVE: usize = 3;
/// The least the title's words keep beside the help hint: narrower, the hint goes.
const TITLE_BESIDE_HINT: usize = 40;
/// The game-over box's least width, so that a short result does not make a cramped box.
const END_MIN_WIDTH: u16 = 34;

/// The help box: the screen's keys (label and sentence) and notes under them.
pub struct Help {
    pub title: String,
    pub entries: Vec<(&'static str, String)>,
    pub notes: Vec<Line<'static>>,
    /// The first row shown, for a screen whose help scrolls with the arrows; `None` for a
    /// screen whose every key closes it.
    pub top: Option<usize>,
}

/// What a game screen gives the frame besides its board.
pub struct GameFrame<'a> {
    pub theme: Theme,
    /// The game's title, first on the title row.
    pub name: &'a str,
    /// The words after the name on the title row (the seats, the goal, the table), in at
    /// most the given columns.
    pub title: &'a dyn Fn(usize) -> Vec<Span<'static>>,
    /// The keys hinted at the right of the title row, the fullest first (`z zoom · ? help`,
    /// then `? help`): the first that leaves the title its room shows.
    pub hints: Vec<String>,
    /// The clocks' place: first on the status row and never left out (a race's time).
    pub clock: Piece,
    /// The status row's wordings, the fullest first: the first whose pieces all fit shows;
    /// else the last, as far as its pieces fit whole.
    pub status: Vec<Vec<Piece>>,
    /// Something said to the player, beside the keys (or above the status when long).
    pub note: Option<Message>,
    /// The key bar: the keys that work now, the least important left out first when narrow.
    pub keys: Vec<Item>,
    /// Once the game is over and its end in view: the lines of the game-over box.
    pub end: Option<Vec<Line<'static>>>,
    /// The help box, while open.
    pub help: Option<Help>,
}

/// The rows of `area` a game's board and panels may use: between the title and the status.
pub fn board_area(area: Rect) -> Rect {
    let top = TITLE_ROWS.min(area.height);
    let height = area.height.saturating_sub(TITLE_ROWS + STATUS_ROWS);
    Rect::new(area.x, area.y + top, area.width, height)
}

impl GameFrame<'_> {
    /// Draws the screen in `area`: the too-small box alone when `need` says the area is too
    /// small, else the title, the board (`board` draws it in the area it is given and gives
    /// back where the game-over box goes), the status, and the boxes over them.
    pub fn draw(
        &self,
        need: Option<(u16, u16)>,
        area: Rect,
        buf: &mut Buffer,
        board: impl FnOnce(Rect, &mut Buffer) -> Rect,
    ) {
        if let Some(need) = need {
            overlay::too_small_for(self.theme, need, area, buf);
            return;
        }
        self.title_row(Rect::new(area.x, area.y, area.width, TITLE_ROWS), buf);
        let end_area = board(board_area(area), buf);
        let status = Rect::new(
            area.x,
            area.bottom().saturating_sub(STATUS_ROWS),
            area.width,
            STATUS_ROWS.min(area.height),
        );
        self.status_rows(status, buf);
        if let Some(lines) = &self.end {
            end_box(lines.clone(), self.theme, end_area, buf);
        }
        if let Some(help) = &self.help {
            help_box(help, self.theme, area, buf);
        }
    }

    /// ` Reversi X Dark (you) vs O Light (expert)` and `? help` at the right.
    fn title_row(&self, area: Rect, buf: &mut Buffer) {
        let width = usize::from(area.width);
        let name = Span::styled(format!(" {} ", self.name), self.theme.title());
        let hint = self
            .hints
            .iter()
            .map(|h| format!("{h} "))
            .find(|h| width.saturating_sub(fit::width(h) + 1) >= TITLE_BESIDE_HINT);
        let room_beside = |hint: Option<&String>| {
            let hint_width = hint.map_or(0, |h| fit::width(h));
            width.saturating_sub(hint_width + usize::from(hint.is_some()))
        };
        let used = name.width();
        let mut room = room_beside(hint.as_ref());
        let mut words = (self.title)(room.saturating_sub(used));
        // Words that have nothing to say beside the hint may say it in the whole row.
        let mut hint = hint;
        if words.is_empty() && hint.is_some() {
            let all = (self.title)(room_beside(None).saturating_sub(used));
            if !all.is_empty() {
                (hint, room, words) = (None, room_beside(None), all);
            }
        }
        let mut spans = vec![name];
        spans.extend(words);
        Paragraph::new(fit::fit_line(Line::from(spans), room)).render(area, buf);
        if let Some(hint) = hint {
            let span = Span::styled(hint, self.theme.dim());
            let x = area.right().saturating_sub(span.width() as u16);
            buf.set_span(x, area.y, &span, span.width() as u16);
        }
    }

    /// The state row, then the note and the keys.
    fn status_rows(&self, area: Rect, buf: &mut Buffer) {
        let room = usize::from(area.width);
        let first = self.state_line(room);
        let look = Look::keys(self.theme, " ");
        let bar = |room: usize| keybar::line(&keybar::fit(self.keys.clone(), room - 1), look);
        let Some(note) = &self.note else {
            Paragraph::new(vec![first, bar(room.max(1))]).render(area, buf);
            return;
        };
        let style = if note.error {
            self.theme.error()
        } else {
            self.theme.key()
        };
        let text = format!(" {}", note.text);
        // The dot parts the note from the keys; a note alone (a question) stands alone.
        let sep = if self.keys.is_empty() { "" } else { " ·" };
        let keys_room = room.saturating_sub(fit::width(&text) + fit::width(sep));
        if keys_room >= KEYS_BESIDE_NOTE.min(room) || self.keys.is_empty() && keys_room > 0 {
            // The note, then the keys in the room it leaves.
            let mut line = Line::from(vec![
                Span::styled(text, style),
                Span::styled(sep, self.theme.dim()),
            ]);
            line.spans.extend(bar(keys_room.max(1)).spans);
            Paragraph::new(vec![first, line]).render(area, buf);
            return;
        }
        // Too long beside the keys: the note takes rows of its own just above the status (a
        // few at most, then `…`), and the state and the keys keep their rows.
        let mut rows = wrap(&Line::styled(text, style), room, 1);
        let above = rows
            .len()
            .min(usize::from(area.y.saturating_sub(TITLE_ROWS)))
            .min(NOTE_ROWS_ABOVE);
        if rows.len() > above {
            rows.truncate(above);
            if let Some(last) = rows.last_mut() {
                let words: String = last.spans.iter().map(|s| s.content.as_ref()).collect();
                *last = Line::styled(fit::fit(&format!("{}…", words.trim_end()), room), style);
            }
        }
        let rect = Rect::new(area.x, area.y - above as u16, area.width, above as u16);
        Clear.render(rect, buf);
        Paragraph::new(rows).render(rect, buf);
        Paragraph::new(vec![first, bar(room.max(1))]).render(area, buf);
    }

    /// The clocks, then the first wording of the state that fits whole; else the last, as
    /// far as its pieces fit.
    fn state_line(&self, room: usize) -> Line<'static> {
        let clock = pieces_width(std::slice::from_ref(&self.clock));
        let left = room.saturating_sub(clock);
        let chosen = self
            .status
            .iter()
            .find(|pieces| pieces_width(pieces) <= left);
        let mut spans = self.clock.clone();
        match chosen {
            Some(pieces) => spans.extend(pieces.iter().flatten().cloned()),
            None => {
                let last = self.status.last().map(Vec::as_slice).unwrap_or_default();
                spans.extend(whole(last, left));
            }
        }
        Line::from(spans)
    }
}

/// The columns `pieces` take side by side.
pub fn pieces_width(pieces: &[Piece]) -> usize {
    pieces.iter().flatten().map(Span::width).sum()
}

/// `pieces` in order as far as each fits whole in `room` columns. The first that does not
/// fit ends the row: cut with `…` when it holds words only and a few columns are left
/// (a number cut short would read as another), else left out with all that follow it.
pub fn whole(pieces: &[Piece], room: usize) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    let mut used = 0;
    for piece in pieces {
        let w = pieces_width(std::slice::from_ref(piece));
        if used + w <= room {
            spans.extend(piece.iter().cloned());
            used += w;
            continue;
        }
        let text: String = piece.iter().map(|s| s.content.as_ref()).collect();
        if !text.chars().any(|c| c.is_ascii_digit()) && used + 2 <= room {
            let cut = fit::fit_line(Line::from(piece.clone()), room - used);
            spans.extend(cut.spans);
        }
        break;
    }
    spans
}

/// The game-over box, in the middle of `area` (cut to fit): `lines` (the result first,
/// the keys for what next last), each wrapped at its spaces rather than cut. The box keeps
/// a column clear inside each side unless that would wrap a line.
fn end_box(lines: Vec<Line<'static>>, theme: Theme, area: Rect, buf: &mut Buffer) {
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let padded = widest + 4 <= area.width;
    let width = (widest + 2 + 2 * u16::from(padded))
        .max(END_MIN_WIDTH)
        .min(area.width);
    let inner = overlay::inner_width(width, padded);
    let rows: Vec<Line<'static>> = (lines.iter())
        .flat_map(|line| {
            let alignment = line.alignment;
            wrap(line, inner, 0).into_iter().map(move |mut row| {
                row.alignment = alignment;
                row
            })
        })
        .collect();
    let height = (rows.len() as u16 + 2).min(area.height);
    let rect = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(rect, buf);
    Paragraph::new(rows)
        .block(
            Block::bordered()
                .border_set(border::DOUBLE)
                .padding(Padding::horizontal(u16::from(padded)))
                .title(" Game over ")
                .title_style(theme.title()),
        )
        .render(rect, buf);
}

/// The help box over the whole screen; when taller than the screen and the screen scrolls
/// it, the rows from `top` with a mark at each end that has more.
fn help_box(help: &Help, theme: Theme, area: Rect, buf: &mut Buffer) {
    let laid = HelpLayout::of(help, theme, area);
    let visible = usize::from(area.height.saturating_sub(2));
    let Some(top) = help.top.filter(|_| laid.rows.len() > visible) else {
        overlay::boxed_in(
            &help.title,
            laid.lines,
            laid.width,
            laid.padded,
            theme,
            area,
            buf,
        );
        return;
    };
    let top = top.min(laid.rows.len() - visible);
    let below = laid.rows.len() - top - visible;
    let mut block = Block::bordered()
        .border_set(border::ROUNDED)
        .padding(Padding::horizontal(u16::from(laid.padded)))
        .title(help.title.clone())
        .title_style(theme.title());
    if top > 0 {
        block = block.title(Line::styled(" ↑ more ", theme.dim()).right_aligned());
    }
    if below > 0 {
        block =
            block.title_bottom(Line::styled(" ↓ more: ↑↓ scroll ", theme.dim()).right_aligned());
    }
    let rect = area.centered(
        Constraint::Length(laid.width),
        Constraint::Length(area.height),
    );
    Clear.render(rect, buf);
    let shown: Vec<Line> = laid.rows.into_iter().skip(top).take(visible).collect();
    Paragraph::new(shown).block(block).render(rect, buf);
}

/// The help box laid out in an area: its width, whether it keeps its padding, its lines,
/// and the rows they take in the box.
struct HelpLayout {
    width: u16,
    padded: bool,
    lines: Vec<Line<'static>>,
    rows: Vec<Line<'static>>,
}

impl HelpLayout {
    /// The help's entries, its notes, then how it closes: any key, or the arrows scroll when
    /// it is taller than `area` and the screen scrolls it.
    fn of(help: &Help, theme: Theme, area: Rect) -> HelpLayout {
        let with = |closing: &'static str| {
            let mut notes = help.notes.clone();
            notes.push(Line::styled(closing, theme.dim()));
            let (width, padded, lines) = help::layout(&help.entries, notes, theme, area);
            let inner = overlay::inner_width(width, padded);
            let rows = lines.iter().flat_map(|l| wrap(l, inner, 0)).collect();
            HelpLayout {
                width,
                padded,
                lines,
                rows,
            }
        };
        let laid = with("Any key closes this help.");
        if help.top.is_some() && laid.rows.len() + 2 > usize::from(area.height) {
            with("↑↓ scroll; any other key closes this help.")
        } else {
            laid
        }
    }
}

/// How far the help can scroll in `area`: its rows beyond what the box shows.
pub fn help_scroll_limit(help: &Help, theme: Theme, area: Rect) -> usize {
    (HelpLayout::of(help, theme, area).rows.len())
        .saturating_sub(usize::from(area.height.saturating_sub(2)))
}
