//! Draws the lobby from its state. At a server: the menu for a new match, the list of
//! tables, a notice and the keys, across the screen. At home: the game and its options, what
//! to do, a notice and the keys in a box in the middle of the screen, or the saved-matches
//! list in its place. Pure: the same lobby always draws the same cells.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::{Item, Lobby, Place};
use crate::controller::Seat;
use crate::controller::race_table::Phase;
use crate::controller::table::{Kind, SeatState};
use crate::controller::tables::Summary;
use crate::games::Verdict;
use crate::tui::Theme;
use crate::tui::keymap::offers::{self, Offer, State, Where, flag};
use crate::tui::view::fit::{fit, fit_line};
use crate::tui::view::keybar::{self, Look};
use crate::tui::view::overlay;
use unicode_width::UnicodeWidthStr;

/// The smallest screen the server's lobby draws on.
pub const MIN_SIZE: (u16, u16) = (44, 14);
/// The smallest screen the home screen draws on: its menu's box but for the blank row
/// between the actions and the notice, which a screen one row short of [`home_size`] does
/// without (the notice and the keys are placed from the bottom): everything else shows.
pub fn home_min_size() -> (u16, u16) {
    let (columns, rows) = home_size();
    (columns, rows - 1)
}
/// The home menu's box at its narrowest, columns and rows; smaller screens get it a blank
/// row shorter, down to [`home_min_size`], then the "too small" message. Wider screens get
/// a wider box, up to `HOME_WIDEST`, and screens with room below the menu get the keys
/// listed there (`home_keys_top`).
pub fn home_size() -> (u16, u16) {
    (60, 2 + home_actions_top() + MOST_ACTION_ROWS + FOOTER)
}
/// The home box's widest: room for every game's whole line (an 80-column screen's width),
/// without spreading the menu over a wide screen.
const HOME_WIDEST: u16 = 80;
/// On a screen with the rows for it, the home box lists the keys from this row on, after a
/// blank, under the actions: what the `?` help says, without asking for it.
fn home_keys_top() -> u16 {
    home_actions_top() + MOST_ACTION_ROWS + 1
}
/// The home box's rows when it lists the keys: a heading and a line for each key.
fn home_tall() -> u16 {
    home_size().1 + 2 + HOME_KEYS.len() as u16
}
/// The saved-matches box at its largest; it shrinks with the screen down to the menu's.
const SAVED_SIZE: (u16, u16) = (78, 24);
/// The saved-matches box at its shortest (with the screen: the smallest home screen's rows).
const SAVED_MIN_ROWS: u16 = 17;
/// Inside the home box: every game a line, then the option rows, then the actions (fixed
/// rows, so they stay put when the game changes its options).
const HOME_GAMES_TOP: u16 = 0;
fn home_options_top() -> u16 {
    HOME_GAMES_TOP + most_games() + 1
}
fn home_actions_top() -> u16 {
    home_options_top() + MOST_OPTION_ROWS + 1
}
/// The most games the home screen lists: every game trios has, so the home box grows a row
/// with each game added to the list.
pub fn most_games() -> u16 {
    u16::try_from(crate::games::GameKind::count()).unwrap_or(u16::MAX)
}
/// The most option rows a game has at home (Three Trios: opponent, board, rules, clock).
pub const MOST_OPTION_ROWS: u16 = 4;
/// The most action rows: a game's own (Hex paths: alone, today's puzzle, the computer, two
/// players) and Resume, Saved, Quit.
pub const MOST_ACTION_ROWS: u16 = 7;
/// A game's title column in the home list, `‹ Islands of Hex ›` and a space.
pub const GAME_NAME_WIDTH: usize = 19;
/// The widest a game's description may be to fit whole beside its title in the home box of
/// an 80-column screen: the box's inside less the marker and the title column.
pub const DESCRIPTION_WIDTH: usize = 80 - 2 - 3 - GAME_NAME_WIDTH;
/// Rows above the menu (title and rule).
const MENU_TOP: u16 = 2;
/// The width of a table's "red vs blue" column (longer names are cut).
const PLAYERS_WIDTH: usize = 26;
/// The most columns a wide screen adds to the players' column.
const MORE_PLAYERS_WIDTH: usize = 150;
/// The game's column in the list of tables, when a server offers several games.
const GAME_WIDTH: usize = 8;

/// Rows below the table list: a blank, the notice, the keys.
const FOOTER: u16 = 3;

/// How many lines of the server's menu come before the tables: every line but the tables
/// and today's puzzle, which comes after them.
fn menu_len(lobby: &Lobby) -> usize {
    (lobby.items().iter())
        .take_while(|item| !matches!(item, Item::Table(_) | Item::Daily))
        .count()
}

/// Rows the server's lobby gives today's puzzle under the tables, when the chosen game has
/// one: a blank, then its line.
fn daily_rows(lobby: &Lobby) -> u16 {
    if lobby.has_daily() { 2 } else { 0 }
}

/// The row of today's puzzle at a server: after the tables shown and a blank row.
fn daily_row(lobby: &Lobby) -> u16 {
    let (_, shown) = table_window(lobby);
    tables_top(lobby) + 1 + shown as u16 + 1
}

/// The server's lobby lists every game as the home screen does (a line each, with what it
/// is) when it offers several and the screen has this many rows; shorter screens keep one
/// `Game ‹ Reversi ›` line.
const GAME_LIST_ROWS: u16 = 24;

/// Whether the server's lobby lists its games a line each.
fn lists_games(lobby: &Lobby) -> bool {
    lobby.choices.games.len() > 1 && lobby.size.1 >= GAME_LIST_ROWS
}

/// Screen rows the server's menu takes: its lines, and the list of games with a blank row
/// after it in place of the game's line when the games are listed.
fn menu_rows(lobby: &Lobby) -> u16 {
    let lines = menu_len(lobby) as u16;
    if lists_games(lobby) {
        lines - 1 + lobby.choices.games.len() as u16 + 1
    } else {
        lines
    }
}

/// The row of the server's "Tables" heading: after the menu and a blank row.
fn tables_top(lobby: &Lobby) -> u16 {
    MENU_TOP + menu_rows(lobby) + 2
}

/// Which item (by index in [`Lobby::items`]) is drawn on each screen row.
fn rows(lobby: &Lobby) -> Vec<(u16, usize)> {
    if is_home(lobby) {
        return home_rows(lobby);
    }
    let items = lobby.items();
    let menu = menu_len(lobby);
    let listed = lists_games(lobby);
    let games = lobby.choices.games.len() as u16;
    let mut rows = Vec::new();
    let mut next = MENU_TOP;
    for (index, &item) in items.iter().take(menu).enumerate() {
        if listed && item == Item::Game {
            rows.push((MENU_TOP + lobby.game as u16, index));
            next += games + 1;
        } else {
            rows.push((next, index));
            next += 1;
        }
    }
    let (first, shown) = table_window(lobby);
    for n in 0..shown {
        rows.push((tables_top(lobby) + 1 + n as u16, menu + first + n));
    }
    if let Some(index) = items.iter().position(|&item| item == Item::Daily) {
        rows.push((daily_row(lobby), index));
    }
    rows
}

/// The first table shown and how many fit, keeping the selected table in view.
/// What the lobby shows of the server's news: the tables in view, how many there are, the
/// selection, who is online and the other servers' tables (as many as can show).
#[derive(PartialEq)]
pub(super) struct NewsShown {
    tables: Vec<Summary>,
    count: usize,
    selected: usize,
    /// Shared by every lobby: the same list is seen as the same at once.
    online: std::sync::Arc<Vec<super::OnlinePlayer>>,
    elsewhere: Vec<super::ElsewhereTable>,
    elsewhere_count: usize,
}

/// The news `lobby` shows now.
pub(super) fn news_shown(lobby: &Lobby) -> NewsShown {
    let (first, shown) = table_window(lobby);
    NewsShown {
        tables: lobby
            .tables
            .iter()
            .skip(first)
            .take(shown)
            .cloned()
            .collect(),
        count: lobby.tables.len(),
        selected: lobby.selected,
        online: lobby.online.clone(),
        elsewhere: lobby
            .elsewhere
            .iter()
            .take(MOST_NEWS_SHOWN)
            .cloned()
            .collect(),
        elsewhere_count: lobby.elsewhere.len(),
    }
}

/// More of the other servers' tables than the lobby shows at its largest (a row each on 200
/// rows): news past these is not drawn.
const MOST_NEWS_SHOWN: usize = 200;

fn table_window(lobby: &Lobby) -> (usize, usize) {
    let room = lobby
        .size
        .1
        .saturating_sub(tables_top(lobby) + 1 + daily_rows(lobby) + footer(lobby))
        as usize;
    let count = lobby.tables.len();
    if count <= room {
        return (0, count);
    }
    let selected_table = lobby.selected.saturating_sub(menu_len(lobby));
    let first = selected_table.saturating_sub(room.saturating_sub(1));
    (first.min(count - room), room)
}

/// The item drawn on screen row `row`, for mouse clicks.
pub fn item_at(lobby: &Lobby, row: u16) -> Option<usize> {
    if too_small(lobby) || lobby.saved.is_some() {
        return None;
    }
    rows(lobby)
        .into_iter()
        .find(|&(r, _)| r == row)
        .map(|(_, i)| i)
}

/// The rows under the tables: a blank, who is online (when anyone is listed), the notice
/// and the keys.
fn footer(lobby: &Lobby) -> u16 {
    FOOTER + u16::from(!lobby.online.is_empty())
}

/// The online line drawn last, and what it was drawn from.
pub(crate) struct OnlineDrawn {
    /// The list itself (held, so its address cannot be another list's).
    list: std::sync::Arc<Vec<super::OnlinePlayer>>,
    group: String,
    width: usize,
    line: String,
}

/// [`online_line`], made again only when the list, the group or the width changed.
fn online_line_kept(lobby: &Lobby, group: &str, width: usize) -> String {
    let mut kept = lobby.online_drawn.borrow_mut();
    if let Some(drawn) = kept.as_ref()
        && std::sync::Arc::ptr_eq(&drawn.list, &lobby.online)
        && drawn.group == group
        && drawn.width == width
    {
        return drawn.line.clone();
    }
    let line = online_line(lobby, group, width);
    *kept = Some(OnlineDrawn {
        list: lobby.online.clone(),
        group: group.to_string(),
        width,
        line: line.clone(),
    });
    line
}

/// `Online (3): alice 1612 · bob 1500? · guest carol`, the best rated in `group` first,
/// cut to `width` with a count of those left out. Only the names that fit are written out.
fn online_line(lobby: &Lobby, group: &str, width: usize) -> String {
    let people = &lobby.online;
    /// A player's rating in `group` as shown, and as a number to sort by.
    fn rating<'a>(p: &'a super::OnlinePlayer, group: &str) -> (Option<f64>, Option<&'a String>) {
        let rating = p.ratings.iter().find(|(g, _)| g == group).map(|(_, r)| r);
        let value = rating.and_then(|r| r.trim_end_matches('?').parse::<f64>().ok());
        (value, rating)
    }
    let mut order: Vec<(Option<f64>, usize)> = (people.iter().enumerate())
        .map(|(i, p)| (rating(p, group).0, i))
        .collect();
    // The best rated first, and among equals the order of the list (a stable sort).
    order.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    let text = |p: &super::OnlinePlayer| {
        let mut text = p.handle.clone();
        match (p.guest, rating(p, group).1) {
            // A guest's name carries the mark already (`guest bob`).
            (true, _) if crate::store::handle::is_guest_name(&text) => {}
            (true, _) => text.push_str(" (guest)"),
            (false, Some(r)) => text.push_str(&format!(" {r}")),
            (false, None) => text.push_str(" –"),
        }
        if let Some(at) = &p.elsewhere {
            text.push_str(&format!(" @{at}"));
        }
        text
    };
    let mut line = format!(" Online ({}): ", people.len());
    let mut used = line.width();
    for (n, &(_, i)) in order.iter().enumerate() {
        let text = text(&people[i]);
        let sep = if n == 0 { "" } else { " · " };
        let rest = people.len() - n;
        let more = format!("{sep}+{rest} more");
        if used + sep.width() + text.width() + more.width() > width && rest > 1
            || used + sep.width() + text.width() > width
        {
            line.push_str(&more);
            break;
        }
        line.push_str(sep);
        line.push_str(&text);
        used += sep.width() + text.width();
    }
    line
}

fn is_home(lobby: &Lobby) -> bool {
    matches!(lobby.place, Place::Home(_))
}

fn too_small(lobby: &Lobby) -> bool {
    let need = if is_home(lobby) {
        home_min_size()
    } else {
        MIN_SIZE
    };
    lobby.size.0 < need.0 || lobby.size.1 < need.1
}

/// The lobby's keys, as the help box lists them (the keymap's lobby help).
pub const LOBBY_KEYS: [(&str, &str); 13] = words(&offers::LOBBY_HELP);

/// The home screen's keys, as its help box lists them (the keymap's home help).
pub const HOME_KEYS: [(&str, &str); 11] = words(&offers::HOME_HELP);

/// The label and sentence of each help entry.
const fn words<const N: usize>(help: &[Offer; N]) -> [(&'static str, &'static str); N] {
    let mut out = [("", ""); N];
    let mut i = 0;
    while i < N {
        out[i] = (help[i].label, help[i].text);
        i += 1;
    }
    out
}

/// The help box over the lobby: every key of its place, wrapped to fit.
fn help_box(lobby: &Lobby, area: Rect, buf: &mut Buffer) {
    let theme = lobby.theme;
    let place = if is_home(lobby) {
        Where::Home
    } else {
        Where::Lobby
    };
    let keys: Vec<(&str, &str)> = offers::help(place, State::screen())
        .iter()
        .map(|o| (o.label, o.text))
        .collect();
    let width = 64.min(area.width);
    let label = keys
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let lines: Vec<Line> = keys
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
    let rect = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(rect, buf);
    let title = if is_home(lobby) {
        " keys "
    } else {
        " lobby keys "
    };
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .block(Block::bordered().title(title).title_style(theme.title()))
        .render(rect, buf);
}

impl Widget for &Lobby {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if is_home(self) {
            self.draw_home(area, buf);
        } else {
            self.draw_server(area, buf);
        }
        if self.help && !too_small(self) {
            help_box(self, area, buf);
        }
    }
}

impl Lobby {
    /// The server's lobby: title, choices, tables, notice and key hints.
    fn draw_server(&self, area: Rect, buf: &mut Buffer) {
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
            Span::styled(" · over SSH", theme.dim()),
        ]);
        line(buf, 0, title);
        // Only an account is signed in; a guest plays under a name that says so
        // (`guest bob`).
        let me = match &self.place {
            Place::Server(me) if me.proof.account().is_some() => {
                format!("signed in as {} ", me.user)
            }
            Place::Server(me) => format!("playing as {} ", me.user),
            Place::Home(_) => String::new(),
        };
        let me_width = u16::try_from(me.width()).unwrap_or(u16::MAX);
        if area.width > me_width.saturating_add(32) {
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
            let chosen = index == selected;
            if items[index] == Item::Game && lists_games(self) {
                let list = Rect::new(area.x, area.y + MENU_TOP, area.width, area.height);
                self.draw_games(list, chosen, buf);
                continue;
            }
            let text = self.describe(items[index]);
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
        line(buf, tables_top(self), Line::styled(heading, theme.title()));
        let bottom = area.height;
        self.draw_elsewhere(area, bottom.saturating_sub(footer(self)), buf);
        if !self.online.is_empty() {
            let text = online_line_kept(self, self.game_kind().name(), usize::from(area.width));
            line(buf, bottom - 3, Line::styled(text, theme.dim()));
        }
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
        let state = State::screen()
            .with(flag::OPTION, items[selected].is_option())
            .with(flag::TABLE_LINE, matches!(items[selected], Item::Table(_)))
            .with(flag::GAMES, self.choices.games.len() > 1)
            .with(flag::PLAYERS, self.players)
            .with(flag::GUEST, self.is_guest())
            .with(flag::OPEN_LINE, items[selected] == Item::OpenTable)
            .with(flag::POOL, self.pools())
            .with(flag::DAILY, self.players);
        let keys = keybar::bar(
            &offers::bar(Where::Lobby, state),
            &[],
            Look::keys(theme, " "),
            usize::from(area.width),
        );
        line(buf, bottom - 1, keys);
    }
}

/// The command that connects to a server at `address` (`host:port`): `ssh -p 2223 host`,
/// or `ssh host` on the usual port.
pub fn ssh_command(address: &str) -> String {
    let (host, port) = match address.rsplit_once(':') {
        Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => (host, port),
        _ => return format!("ssh {address}"),
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if port == "22" {
        format!("ssh {host}")
    } else {
        format!("ssh -p {port} {host}")
    }
}

impl Lobby {
    /// The tables open on other servers, under this server's, in the rows left above
    /// `last`: a heading, then each table and the command that connects to its server.
    fn draw_elsewhere(&self, area: Rect, last: u16, buf: &mut Buffer) {
        if self.elsewhere.is_empty() {
            return;
        }
        let (_, shown) = table_window(self);
        let top = tables_top(self) + 1 + shown as u16 + 1 + daily_rows(self);
        if top + 1 >= last {
            return;
        }
        let width = usize::from(area.width);
        let theme = self.theme;
        let heading = format!(
            " On other servers ({}): connect there to join",
            self.elsewhere.len()
        );
        let put = |row: u16, content: Line, buf: &mut Buffer| {
            content.render(Rect::new(area.x, area.y + row, area.width, 1), buf);
        };
        put(top, Line::styled(fit(&heading, width), theme.title()), buf);
        for (n, table) in self.elsewhere.iter().enumerate() {
            let row = top + 1 + n as u16;
            if row >= last {
                break;
            }
            let text = fit(&format!("   {}", table.line), width.saturating_sub(24));
            let spans = vec![
                Span::raw(text),
                Span::styled(format!("  {}", ssh_command(&table.address)), theme.dim()),
            ];
            put(row, fit_line(Line::from(spans), width), buf);
        }
    }

    /// The words on an item's line.
    fn describe(&self, item: Item) -> Vec<Span<'static>> {
        let theme = self.theme;
        let option = |name: &str, value: String| {
            vec![
                Span::styled(format!("{name:<10}"), theme.dim()),
                Span::raw(format!("‹ {value} ›")),
            ]
        };
        match item {
            Item::PlayComputer if self.choices.game(self.game_kind()).race_progress.is_some() => {
                vec![Span::raw("Race the computer (others may join)")]
            }
            Item::OpenTable if self.choices.game(self.game_kind()).race_progress.is_some() => {
                vec![Span::raw("Open a race table and wait for players")]
            }
            Item::PlayComputer => vec![Span::raw("Play the computer")],
            Item::Daily => vec![
                Span::raw("Today's puzzle"),
                Span::styled(" · the same for everyone, d: leaderboard", theme.dim()),
            ],
            Item::OpenTable => vec![Span::raw("Open a table and wait for an opponent")],
            Item::Table(id) => match self.tables.iter().find(|t| t.id == id) {
                Some(table) => self.describe_table(table),
                None => vec![],
            },
            item => match self.option_value(item) {
                Some((name, value)) => option(name, value),
                None => self.describe_home(item),
            },
        }
    }

    fn describe_table(&self, table: &Summary) -> Vec<Span<'static>> {
        let theme = self.theme;
        let kind = match table.kind {
            Kind::Showcase => "showcase",
            Kind::VsComputer => "vs computer",
            Kind::TwoPlayers => "two players",
            Kind::Race => "race",
        };
        // A server of several games names each table's game first, in a shorter line of
        // players so that the line still fits 80 columns.
        let several = self.choices.games.len() > 1;
        // A wider screen gives the players more room (half of what it has beyond 80
        // columns, up to eight names' worth).
        let more = (usize::from(self.size.0).saturating_sub(80) / 2).min(MORE_PLAYERS_WIDTH);
        let width = more
            + if several {
                PLAYERS_WIDTH - GAME_WIDTH
            } else {
                PLAYERS_WIDTH
            };
        let mut players = match &table.race {
            Some(_) => table
                .seats
                .iter()
                .map(|s| s.label())
                .collect::<Vec<_>>()
                .join(", "),
            None => table
                .seats
                .iter()
                .map(|s| s.label())
                .collect::<Vec<_>>()
                .join(" vs "),
        };
        players = fit(&players, width);
        let status = if self.keeps_seat(table) {
            "your seat is kept: Enter to return".to_string()
        } else if let Some(race) = &table.race {
            match (race.phase, &race.leader) {
                (Phase::Over, Some(leader)) => format!("over: {leader} wins"),
                (Phase::Over, None) => "over: a tie".to_string(),
                (Phase::Waiting, _) => "waiting: Enter to join".to_string(),
                (Phase::Racing, _) => {
                    let progress = match self.choices.game(table.game).race_progress {
                        Some(progress) => progress(table),
                        None => format!("move {}/{}", table.moves, table.cells),
                    };
                    if self.has_open_seat(table) {
                        format!("{progress}: Enter to join")
                    } else {
                        progress
                    }
                }
            }
        } else if let Some(outcome) = table.outcome {
            match outcome {
                Verdict::Win(p) => format!("over: {} wins", table.seats[p.index()].name),
                Verdict::Tie => "over: tie".to_string(),
            }
        } else if self.has_open_seat(table) {
            "waiting: Enter to join".to_string()
        } else {
            format!("move {}/{}", table.moves, table.cells)
        };
        let mut spans = vec![Span::styled(format!("#{:<3}", table.id), theme.dim())];
        if several {
            spans.push(Span::raw(format!(
                "{:<GAME_WIDTH$}",
                self.choices.game(table.game).short_title
            )));
        }
        spans.extend([
            Span::styled(format!("{kind:<12}"), theme.dim()),
            Span::raw(format!("{players:<width$} ")),
            Span::styled(status, theme.title()),
        ]);
        if table.watchers > 0 {
            spans.push(Span::styled(
                format!(" · {} watching", table.watchers),
                theme.dim(),
            ));
        }
        if table
            .seats
            .iter()
            .any(|s| s.state == SeatState::Away && !self.keeps_seat(table))
        {
            spans.push(Span::styled(" · a player is away", theme.dim()));
        }
        if self.choices.game(table.game).table_from_setup && table.board != self.choices.base.board
        {
            let board = table.board.trim_end_matches(" (built in)");
            spans.push(Span::styled(format!(" · {board}"), theme.dim()));
        }
        if !table.rules.is_empty() {
            spans.push(Span::styled(format!(" · {}", table.rules), theme.dim()));
        }
        if let Some(control) = table.clock {
            spans.push(Span::styled(format!(" · {control}"), theme.dim()));
        }
        spans
    }
}

/// `text` wrapped at spaces into at most `rows` lines of `width` columns; the last is cut
/// with `…` when the text runs on.
fn wrap(text: &str, width: usize, rows: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let joined = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if joined.width() <= width || current.is_empty() {
            current = joined;
        } else {
            lines.push(std::mem::replace(&mut current, word.to_string()));
        }
    }
    lines.push(current);
    if lines.len() > rows {
        let rest = lines.split_off(rows - 1).join(" ");
        lines.push(rest);
    }
    lines.into_iter().map(|line| fit(&line, width)).collect()
}

/// Draws a notice on the one or two rows that end at `last` (rows of `inner`).
fn draw_notice(theme: Theme, text: &str, error: bool, inner: Rect, last: u16, buf: &mut Buffer) {
    let style = if error { theme.error() } else { theme.title() };
    let lines = wrap(text, usize::from(inner.width.saturating_sub(2)), 2);
    let first = (last + 1).saturating_sub(lines.len() as u16);
    for (n, text) in lines.into_iter().enumerate() {
        let row = first + n as u16;
        if row < inner.height {
            let rect = Rect::new(inner.x, inner.y + row, inner.width, 1);
            Line::styled(format!(" {text}"), style).render(rect, buf);
        }
    }
}

/// The home menu's box, centred on a screen of `area`: as wide as the screen up to
/// [`HOME_WIDEST`], and taller, listing the keys, where the screen has the rows.
fn home_box(area: Rect) -> Rect {
    let rows = if lists_keys(area) {
        home_tall()
    } else {
        home_size().1
    };
    area.centered(
        Constraint::Length(area.width.min(HOME_WIDEST)),
        Constraint::Length(rows.min(area.height)),
    )
}

/// Whether the home box on a screen of `area` lists the keys under the actions.
fn lists_keys(area: Rect) -> bool {
    area.height >= home_tall()
}

/// The keys under the home menu: a heading, then each key and what it does.
fn draw_home_keys(theme: Theme, inner: Rect, buf: &mut Buffer) {
    let label = HOME_KEYS.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    put_line(
        inner,
        home_keys_top(),
        Line::styled(" Keys", theme.title()),
        buf,
    );
    for (n, (keys, what)) in HOME_KEYS.iter().enumerate() {
        let line = Line::from(vec![
            Span::styled(format!("   {keys:>label$}  "), theme.key()),
            Span::styled(*what, theme.dim()),
        ]);
        put_line(inner, home_keys_top() + 1 + n as u16, line, buf);
    }
}

/// The game (by index into the choices' games) listed on screen row `row` of the home menu.
pub fn game_at(lobby: &Lobby, row: u16) -> Option<usize> {
    if too_small(lobby) || lobby.saved.is_some() {
        return None;
    }
    if !is_home(lobby) {
        let index = usize::from(row.checked_sub(MENU_TOP)?);
        return (lists_games(lobby) && index < lobby.choices.games.len()).then_some(index);
    }
    let inner = home_box(screen(lobby)).inner(ratatui::layout::Margin::new(1, 1));
    let index = usize::from(row.checked_sub(inner.y + HOME_GAMES_TOP)?);
    (index < lobby.choices.games.len()).then_some(index)
}

/// Rows of the saved-matches box besides the list: borders, heading, column titles, two for
/// a notice, and the keys.
const SAVED_CHROME: u16 = 2 + 2 + 2 + 1;

/// The saved-matches box for `count` matches, centred on a screen of `area`: as tall as the
/// list needs, between [`SAVED_MIN_ROWS`] and [`SAVED_SIZE`].
fn saved_box(area: Rect, count: usize) -> Rect {
    let wanted = (count.max(1) as u16)
        .saturating_add(SAVED_CHROME)
        .clamp(SAVED_MIN_ROWS, SAVED_SIZE.1);
    area.centered(
        Constraint::Length(SAVED_SIZE.0.min(area.width)),
        Constraint::Length(wanted.min(area.height)),
    )
}

/// The screen the lobby last heard it has, for mouse positions.
fn screen(lobby: &Lobby) -> Rect {
    Rect::new(0, 0, lobby.size.0, lobby.size.1)
}

/// Which item (by index in [`Lobby::items`]) is drawn on each screen row of the home menu.
fn home_rows(lobby: &Lobby) -> Vec<(u16, usize)> {
    let inner = home_box(screen(lobby)).inner(ratatui::layout::Margin::new(1, 1));
    let (mut option, mut action) = (0, 0);
    let mut rows = Vec::new();
    for (index, item) in lobby.items().into_iter().enumerate() {
        let row = if item == Item::Game {
            HOME_GAMES_TOP + lobby.game as u16
        } else if item.is_option() {
            option += 1;
            home_options_top() + option - 1
        } else {
            action += 1;
            home_actions_top() + action - 1
        };
        rows.push((inner.y + row, index));
    }
    rows
}

/// How many of `count` saved matches the list shows at once on a screen of `size`.
pub fn saved_rows(size: (u16, u16), count: usize) -> u16 {
    let area = Rect::new(0, 0, size.0, size.1);
    saved_box(area, count).height.saturating_sub(SAVED_CHROME)
}

/// The first saved match shown and how many, keeping the selected one in view.
fn saved_window(lobby: &Lobby) -> (usize, usize) {
    let Some(list) = &lobby.saved else {
        return (0, 0);
    };
    let count = list.matches.len();
    let room = usize::from(saved_rows(lobby.size, count)).max(1);
    if count <= room {
        return (0, count);
    }
    let first = (list.selected + 1).saturating_sub(room);
    (first.min(count - room), room)
}

/// The saved match drawn on screen row `row`, for mouse clicks.
pub fn saved_at(lobby: &Lobby, row: u16) -> Option<usize> {
    if too_small(lobby) {
        return None;
    }
    let count = lobby.saved.as_ref().map_or(0, |list| list.matches.len());
    let top = saved_box(screen(lobby), count).y + 1 + 2;
    let (first, shown) = saved_window(lobby);
    let offset = usize::from(row.checked_sub(top)?);
    (offset < shown).then_some(first + offset)
}

impl Lobby {
    /// The name and value of an option line.
    fn option_value(&self, item: Item) -> Option<(&'static str, String)> {
        match item {
            Item::Game => Some(("Game", self.game_kind().title().to_string())),
            Item::Opponent => Some(("Opponent", self.opponent_name())),
            Item::Clock => Some((
                "Clock",
                match self.clock_choice() {
                    Some(control) => control.to_string(),
                    None if self.at_home() => "none".to_string(),
                    None => "none (casual)".to_string(),
                },
            )),
            _ => (self.choices.game(self.game_kind()).option_value)(self, item),
        }
    }

    /// The words on a home action's line.
    fn describe_home(&self, item: Item) -> Vec<Span<'static>> {
        if let Some(words) = (self.choices.game(self.game_kind()).home_words)(item) {
            return vec![Span::raw(words)];
        }
        let text = match item {
            Item::Solitaire => "Play solitaire",
            Item::Daily => "Today's puzzle",
            Item::PlayComputer => "Play the computer",
            Item::TwoPlayers => "Two players at this keyboard",
            Item::Watch => "Watch two computers",
            Item::Resume => {
                let mut spans = vec![Span::raw("Resume last match")];
                if let Some(resumable) = &self.resumable {
                    let mut about = vec![resumable.game.title().to_string()];
                    if !resumable.players.is_empty() {
                        about.push(resumable.players.clone());
                    }
                    about.extend(resumable.progress.clone());
                    about.push(super::age(self.clock, resumable.saved));
                    spans.push(Span::styled(
                        format!(" · {}", about.join(" · ")),
                        self.theme.dim(),
                    ));
                }
                return spans;
            }
            Item::Saved => "Saved matches",
            Item::Quit => "Quit",
            _ => "",
        };
        vec![Span::raw(text)]
    }

    /// Who plays whom when watching two computers, first mover first: `expert vs minimax`.
    fn watched_pair(&self) -> Option<String> {
        match self.launch(super::Mode::Watch).seats() {
            [Seat::Computer(first), Seat::Computer(second)] => Some(format!("{first} vs {second}")),
            _ => None,
        }
    }

    /// The home menu's list of games, a line each: the chosen one between ‹ › (and marked
    /// when its line is selected), then what the game is.
    fn draw_games(&self, inner: Rect, game_selected: bool, buf: &mut Buffer) {
        let theme = self.theme;
        let room = usize::from(inner.width).saturating_sub(3 + GAME_NAME_WIDTH);
        for (index, &game) in self.choices.games.iter().enumerate() {
            let chosen = index == self.game;
            let marker = if chosen && game_selected {
                " ▸ "
            } else {
                "   "
            };
            let title = game.title();
            let (name, style) = match (chosen, game_selected) {
                (true, true) => (format!("‹ {title} ›"), theme.cursor()),
                (true, false) => (format!("‹ {title} ›"), theme.title()),
                (false, _) => (format!("  {title}"), Style::new()),
            };
            let line = Line::from(vec![
                Span::styled(marker, theme.key()),
                Span::styled(format!("{name:<GAME_NAME_WIDTH$}"), style),
                Span::styled(fit(self.choices.game(game).description, room), theme.dim()),
            ]);
            put_line(inner, HOME_GAMES_TOP + index as u16, line, buf);
        }
    }

    /// A line of the home menu: marker, then an option's name and value or an action.
    fn home_line(&self, item: Item, chosen: bool) -> Line<'static> {
        let theme = self.theme;
        let marker = if chosen { " ▸ " } else { "   " };
        let mut spans = vec![Span::styled(marker, theme.key())];
        match self.option_value(item) {
            Some((name, value)) => {
                spans.push(Span::styled(format!("{name:<10}"), theme.dim()));
                spans.push(Span::raw(format!("‹ {value} ›")));
            }
            None => spans.extend(self.describe_home(item)),
        }
        if item == Item::Watch
            && let Some(pair) = self.watched_pair()
        {
            spans.push(Span::styled(format!(" · {pair}"), theme.dim()));
        }
        if chosen {
            for span in spans.iter_mut().skip(1) {
                span.style = theme.cursor();
            }
        }
        Line::from(spans)
    }

    /// The home screen: the menu box, or the saved-matches list, centred.
    fn draw_home(&self, area: Rect, buf: &mut Buffer) {
        if too_small(self) {
            overlay::too_small_for(self.theme, home_min_size(), area, buf);
            return;
        }
        if self.saved.is_some() {
            self.draw_saved(area, buf);
            return;
        }
        let theme = self.theme;
        let inner = framed(home_box(area), " trios ", theme, buf);
        let line = |buf: &mut Buffer, row: u16, content: Line| put_line(inner, row, content, buf);
        let items = self.items();
        let selected = self.selected.min(items.len() - 1);
        self.draw_games(inner, items[selected] == Item::Game, buf);
        if lists_keys(area) {
            draw_home_keys(theme, inner, buf);
        }
        for (row, index) in home_rows(self) {
            if items[index] == Item::Game {
                continue;
            }
            let content = self.home_line(items[index], index == selected);
            line(
                buf,
                row - inner.y,
                fit_line(content, usize::from(inner.width)),
            );
        }
        let bottom = inner.height;
        if let Some(notice) = &self.notice {
            draw_notice(theme, &notice.text, notice.error, inner, bottom - 2, buf);
        }
        let action = match items[selected] {
            Item::Resume => "resume",
            Item::Saved => "open",
            Item::Quit => "quit",
            _ => "start",
        };
        let state = State::screen()
            .with(flag::OPTION, items[selected].is_option())
            .with(flag::GAMES, self.choices.games.len() > 1)
            .with(flag::PLAYERS, self.players)
            .with(flag::DAILY, true);
        let keys = keybar::bar(
            &offers::bar(Where::Home, state),
            &[("enter", action)],
            Look::keys(theme, " "),
            usize::from(inner.width),
        );
        line(buf, bottom - 1, keys);
    }

    /// The saved matches, newest first: game, players, date and result a line, with the
    /// reason a file cannot be read.
    fn draw_saved(&self, area: Rect, buf: &mut Buffer) {
        let Some(list) = &self.saved else {
            return;
        };
        let theme = self.theme;
        let rect = saved_box(area, list.matches.len());
        let inner = framed(rect, " trios · saved matches ", theme, buf);
        let line = |buf: &mut Buffer, row: u16, content: Line| put_line(inner, row, content, buf);
        let (first, shown) = saved_window(self);
        let count = list.matches.len();
        let heading = match count {
            0 => " No saved matches yet".to_string(),
            _ if shown < count => format!(" {}–{} of {count}", first + 1, first + shown),
            1 => " 1 match".to_string(),
            _ => format!(" {count} matches"),
        };
        line(buf, 0, Line::styled(heading, theme.title()));
        // Columns: marker, game, players, date, result (which takes what is left).
        let width = usize::from(inner.width);
        let (game_w, date_w, result_w) = (13, 18, 21);
        let players_w = width
            .saturating_sub(3 + game_w + date_w + result_w)
            .clamp(8, 26);
        let cell = |text: &str, w: usize| format!("{:<w$}", fit(text, w.saturating_sub(1)));
        if count > 0 {
            let header = format!(
                "   {}{}{}{}",
                cell("Game", game_w),
                cell("Players", players_w),
                cell("Saved (UTC)", date_w),
                "Result"
            );
            line(buf, 1, Line::styled(header, theme.dim()));
        } else if let Place::Home(Some(dir)) = &self.place {
            let folder = crate::autosave::matches_dir(dir).display().to_string();
            let text = format!(" Matches are kept in {folder}");
            line(buf, 2, Line::styled(fit(&text, width), theme.dim()));
        }
        for (n, saved) in list.matches.iter().skip(first).take(shown).enumerate() {
            let chosen = first + n == list.selected;
            let marker = if chosen { " ▸ " } else { "   " };
            let style = if chosen { theme.cursor() } else { Style::new() };
            let mut spans = vec![Span::styled(marker, theme.key())];
            match &saved.summary {
                Ok(summary) => {
                    // A title too long for its column gives way to the game's short title,
                    // whole, rather than a cut one (`Islands`, not `Islands of…`).
                    let title = summary.game.title();
                    let title = if title.width() < game_w {
                        title
                    } else {
                        self.choices.game(summary.game).short_title
                    };
                    spans.push(Span::styled(cell(title, game_w), style));
                    spans.push(Span::styled(
                        cell(&summary.players_for_you(), players_w),
                        style,
                    ));
                    spans.push(Span::styled(cell(&saved.date(), date_w), style));
                    spans.push(Span::styled(summary.result.clone(), style));
                }
                Err(_) => {
                    let name = cell(&saved.file_name(), game_w + players_w);
                    spans.push(Span::styled(name, style));
                    spans.push(Span::styled(cell(&saved.date(), date_w), style));
                    spans.push(Span::styled("cannot be read", theme.error()));
                }
            }
            line(buf, 2 + n as u16, Line::from(spans));
        }
        let bottom = inner.height;
        let selected_problem = list
            .matches
            .get(list.selected)
            .and_then(|m| m.summary.as_ref().err());
        let notice = match (&self.notice, selected_problem) {
            (Some(notice), _) => Some((notice.text.clone(), notice.error)),
            (None, Some(why)) => Some((why.to_string(), true)),
            (None, None) => None,
        };
        if let Some((text, error)) = notice {
            draw_notice(theme, &text, error, inner, bottom - 2, buf);
        }
        let continues = list.chosen_continues().is_some();
        let state = State::screen()
            .with(flag::LISTED, count > 0)
            .with(flag::OVER, !continues);
        let enter = if continues { "resume" } else { "replay" };
        let keys = keybar::bar(
            &offers::bar(Where::Saved, state),
            &[("enter", enter)],
            Look::keys(theme, " "),
            usize::from(inner.width),
        );
        line(buf, bottom - 1, keys);
    }
}

/// A home box: a rounded border titled `title` around `rect`; gives the inside.
fn framed(rect: Rect, title: &str, theme: Theme, buf: &mut Buffer) -> Rect {
    Block::bordered()
        .border_set(border::ROUNDED)
        .title(title.to_string())
        .title_style(theme.title())
        .render(rect, buf);
    rect.inner(ratatui::layout::Margin::new(1, 1))
}

/// Draws `content` on line `row` of `inner`, if the box has that line.
fn put_line(inner: Rect, row: u16, content: Line, buf: &mut Buffer) {
    if row < inner.height {
        content.render(Rect::new(inner.x, inner.y + row, inner.width, 1), buf);
    }
}
