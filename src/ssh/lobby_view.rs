//! Draws the lobby from its state: the menu for a new match, the list of tables, a notice
//! and the keys. Pure: the same lobby always draws the same cells.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::lobby::{Item, Lobby, rules_label};
use crate::controller::table::{Kind, SeatState};
use crate::controller::tables::Summary;
use crate::games::three_trios::{Outcome, RuleSet};

/// The smallest screen the lobby draws on.
pub const MIN_SIZE: (u16, u16) = (44, 14);
/// Rows above the menu (title and rule) and where the table list starts.
const MENU_TOP: u16 = 2;
const TABLES_TOP: u16 = MENU_TOP + 7;
/// The width of a table's "red vs blue" column (longer names are cut).
const PLAYERS_WIDTH: usize = 26;
/// Rows below the table list: a blank, the notice, the keys.
const FOOTER: u16 = 3;

/// Which item (by index in [`Lobby::items`]) is drawn on each screen row.
fn rows(lobby: &Lobby) -> Vec<(u16, usize)> {
    let mut rows: Vec<(u16, usize)> = (0..5).map(|i| (MENU_TOP + i as u16, i)).collect();
    let (first, shown) = table_window(lobby);
    for n in 0..shown {
        rows.push((TABLES_TOP + 1 + n as u16, 5 + first + n));
    }
    rows
}

/// The first table shown and how many fit, keeping the selected table in view.
fn table_window(lobby: &Lobby) -> (usize, usize) {
    let room = lobby.size.1.saturating_sub(TABLES_TOP + 1 + FOOTER) as usize;
    let count = lobby.tables.len();
    if count <= room {
        return (0, count);
    }
    let selected_table = lobby.selected.saturating_sub(5);
    let first = selected_table.saturating_sub(room.saturating_sub(1));
    (first.min(count - room), room)
}

/// The item drawn on screen row `row`, for mouse clicks.
pub fn item_at(lobby: &Lobby, row: u16) -> Option<usize> {
    if too_small(lobby) {
        return None;
    }
    rows(lobby)
        .into_iter()
        .find(|&(r, _)| r == row)
        .map(|(_, i)| i)
}

fn too_small(lobby: &Lobby) -> bool {
    lobby.size.0 < MIN_SIZE.0 || lobby.size.1 < MIN_SIZE.1
}

/// The lobby's keys, as the help box lists them.
pub const LOBBY_KEYS: [(&str, &str); 8] = [
    ("↑ ↓  j k  Tab", "choose a line"),
    ("← →  h l", "change the option on the line"),
    (
        "Enter  Space",
        "start, join your seat or a free one, else watch",
    ),
    ("w", "watch the chosen table"),
    ("Home End  g G", "first / last line"),
    ("mouse", "click a line to choose it, again to open it"),
    ("?", "this help (any key closes it)"),
    ("q  Esc", "leave the server"),
];

/// The help box over the lobby: every key, wrapped to fit.
fn help_box(lobby: &Lobby, area: Rect, buf: &mut Buffer) {
    let theme = lobby.theme;
    let width = 64.min(area.width);
    let label = LOBBY_KEYS
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let lines: Vec<Line> = LOBBY_KEYS
        .iter()
        .map(|(keys, what)| {
            Line::from(vec![
                Span::styled(format!("{keys:>label$}  "), theme.key()),
                Span::raw(*what),
            ])
        })
        .collect();
    let inner = (width.saturating_sub(2) as usize).max(1);
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
    let height = (rows as u16 + 2).min(area.height);
    let rect = area.centered(
        ratatui::layout::Constraint::Length(width),
        ratatui::layout::Constraint::Length(height),
    );
    ratatui::widgets::Clear.render(rect, buf);
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .block(
            ratatui::widgets::Block::bordered()
                .title(" lobby keys ")
                .title_style(theme.title()),
        )
        .render(rect, buf);
}

impl Widget for &Lobby {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.draw_into(area, buf);
        if self.help && !too_small(self) {
            help_box(self, area, buf);
        }
    }
}

impl Lobby {
    /// The lobby itself: title, choices, tables, notice and key hints.
    fn draw_into(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        if too_small(self) {
            let text = format!(
                "Terminal too small: {}x{}, need {}x{}",
                area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
            );
            Paragraph::new(text).render(area, buf);
            return;
        }
        let line = |buf: &mut Buffer, row: u16, content: Line| {
            if row < area.height {
                content.render(Rect::new(area.x, area.y + row, area.width, 1), buf);
            }
        };
        let title = Line::from(vec![
            Span::styled(" trios", theme.title()),
            Span::styled(" · Three Trios over SSH", theme.dim()),
        ]);
        line(buf, 0, title);
        let me = format!("signed in as {} ", self.me.user);
        let me_width = me.chars().count() as u16;
        if area.width > me_width + 32 {
            Span::styled(me, theme.dim()).render(
                Rect::new(area.x + area.width - me_width, area.y, me_width, 1),
                buf,
            );
        }
        line(
            buf,
            1,
            Line::styled("─".repeat(area.width as usize), theme.dim()),
        );
        let items = self.items();
        let selected = self.selected.min(items.len() - 1);
        for (row, index) in rows(self) {
            let text = self.describe(items[index]);
            let chosen = index == selected;
            let marker = if chosen { " ▸ " } else { "   " };
            let style = if chosen { theme.cursor() } else { Style::new() };
            let mut spans = vec![Span::styled(marker, theme.key())];
            spans.extend(text.into_iter().map(|s| {
                if chosen {
                    Span::styled(s.content, style)
                } else {
                    s
                }
            }));
            line(buf, row, Line::from(spans));
        }
        let heading = if self.tables.is_empty() {
            " Tables: none open".to_string()
        } else {
            let (first, shown) = table_window(self);
            if shown < self.tables.len() {
                format!(
                    " Tables ({}–{} of {})",
                    first + 1,
                    first + shown,
                    self.tables.len()
                )
            } else {
                " Tables".to_string()
            }
        };
        line(buf, TABLES_TOP, Line::styled(heading, theme.title()));
        let bottom = area.height;
        if let Some(notice) = &self.notice {
            let style = if notice.error {
                theme.error()
            } else {
                theme.title()
            };
            line(
                buf,
                bottom - 2,
                Line::styled(format!(" {}", notice.text), style),
            );
        }
        let keys: &[(&str, &str)] = match items[selected] {
            Item::Opponent | Item::Board | Item::Rules => &[
                ("↑↓", "choose"),
                ("←→", "change"),
                ("?", "help"),
                ("q", "quit"),
            ],
            Item::Table(_) => &[
                ("↑↓", "choose"),
                ("Enter", "join or watch"),
                ("w", "watch"),
                ("?", "help"),
                ("q", "quit"),
            ],
            _ => &[
                ("↑↓", "choose"),
                ("Enter", "start"),
                ("?", "help"),
                ("q", "quit"),
            ],
        };
        let mut spans = vec![Span::raw(" ")];
        for (i, (key, what)) in keys.iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" · ", theme.dim()));
            }
            spans.push(Span::styled(*key, theme.key()));
            spans.push(Span::raw(format!(" {what}")));
        }
        line(buf, bottom - 1, Line::from(spans));
    }
}

impl Lobby {
    /// The words on an item's line.
    fn describe(&self, item: Item) -> Vec<Span<'static>> {
        let theme = self.theme;
        let option = |name: &str, value: String| {
            vec![
                Span::styled(format!("    {name:<9}"), theme.dim()),
                Span::raw(format!("‹ {value} ›")),
            ]
        };
        match item {
            Item::PlayComputer => vec![Span::raw("Play against the computer")],
            Item::Opponent => option("Opponent", self.opponent_name().to_string()),
            Item::Board => option("Board", self.board_label().to_string()),
            Item::Rules => option("Rules", rules_label(self.rules_chosen())),
            Item::OpenTable => vec![Span::raw("Open a table and wait for an opponent")],
            Item::Table(id) => match self.tables.iter().find(|t| t.id == id) {
                Some(table) => self.describe_table(table),
                None => vec![],
            },
        }
    }

    fn describe_table(&self, table: &Summary) -> Vec<Span<'static>> {
        let theme = self.theme;
        let kind = match table.kind {
            Kind::Showcase => "showcase",
            Kind::VsComputer => "vs computer",
            Kind::TwoPlayers => "two players",
        };
        let mut players = format!("{} vs {}", table.seats[0].label(), table.seats[1].label());
        if players.chars().count() > PLAYERS_WIDTH {
            players = players.chars().take(PLAYERS_WIDTH - 1).collect::<String>() + "…";
        }
        let status = if table.keeps_seat_for(&self.me) {
            "your seat is kept: Enter to return".to_string()
        } else if let Some(outcome) = table.outcome {
            match outcome {
                Outcome::Win(p) => format!("over: {} wins", table.seats[p as usize].name),
                Outcome::Tie => "over: tie".to_string(),
            }
        } else if self.has_open_seat(table) {
            "waiting: Enter to join".to_string()
        } else {
            format!("move {}/{}", table.moves, table.cells)
        };
        let mut spans = vec![
            Span::styled(format!("#{:<3}", table.id), theme.dim()),
            Span::styled(format!("{kind:<12}"), theme.dim()),
            Span::raw(format!("{players:<PLAYERS_WIDTH$} ")),
            Span::styled(status, theme.title()),
        ];
        if table.watchers > 0 {
            spans.push(Span::styled(
                format!(" · {} watching", table.watchers),
                theme.dim(),
            ));
        }
        if table
            .seats
            .iter()
            .any(|s| s.state == SeatState::Away && !table.keeps_seat_for(&self.me))
        {
            spans.push(Span::styled(" · a player is away", theme.dim()));
        }
        if table.board != self.choices.base.board.name {
            let board = table.board.trim_end_matches(" (built in)");
            spans.push(Span::styled(format!(" · {board}"), theme.dim()));
        }
        if table.rules != RuleSet::default() {
            spans.push(Span::styled(
                format!(" · {}", rules_label(table.rules)),
                theme.dim(),
            ));
        }
        spans
    }
}
