//! The players screen: a leaderboard per rating group and a player's profile (ratings with
//! their rank and a sparkline, won/lost/drawn, the last games with their rating change, and
//! on one's own profile the linked keys and a code to link another).
//!
//! The screen shows and navigates; what it shows comes from a [`PlayerSource`] handed in by
//! the front end (the SSH session asks the store).

pub mod daily;
pub mod daily_store;

use std::time::Instant;
use unicode_width::UnicodeWidthStr;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::shell::{Screen, Transition};
use super::{Event, Theme};
use crate::controller::rated::group_title;
use crate::games::GameKind;
use crate::store::{AccountId, GameRow, LICHESS, LinkedKey, Rating, Standing};
use crate::tui::view::fit::fit_line;
use crate::tui::view::message::Message;

/// Whose profile to open: an account by its id (every link between screens), a handle as
/// someone typed it (`/`), or a guest, who has no profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Whose {
    Account(AccountId),
    Typed(String),
    Guest,
}

/// What the screen says when a guest's profile is asked for.
pub const GUESTS_HAVE_NO_PROFILE: &str =
    "Guests have no profile: connect with an SSH key to have one";

/// How often one's own profile is read again while it is shown, so a key linked or a rename
/// made from elsewhere shows without reopening it.
const OWN_REFRESH: std::time::Duration = std::time::Duration::from_secs(3);

/// A leaderboard as the screen shows it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Leaderboard {
    pub rows: Vec<Standing>,
    /// The viewer's own place and rating, when they are established but not in the rows.
    pub mine: Option<Standing>,
}

/// One rating of a profile.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileRating {
    pub group: String,
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    pub rank: Option<usize>,
    /// The rating after each recent rated game, oldest first.
    pub history: Vec<f64>,
}

/// A profile as the screen shows it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Profile {
    /// The account shown (`None` for the home screen's profile).
    pub account: Option<AccountId>,
    pub handle: String,
    /// The viewer's own: keys are shown and can be linked or removed.
    pub own: bool,
    pub ratings: Vec<ProfileRating>,
    pub games: Vec<GameRow>,
    pub keys: Vec<LinkedKey>,
    /// The home screen's profile of the person at this computer: unrated games only, no
    /// leaderboards and no keys.
    pub local: bool,
    /// The record against each computer player (`Reversi level 7: 3–2`).
    pub against: Vec<String>,
    /// Personal bests, a line each.
    pub bests: Vec<String>,
}

/// Where the screen's data comes from; every answer is `Err` with words to show when it
/// cannot be had.
pub trait PlayerSource {
    fn leaderboard(&mut self, group: &str) -> Result<Leaderboard, String>;
    fn profile(&mut self, whose: &Whose) -> Result<Profile, String>;
    /// A new one-time code to link another key to the viewer's account.
    fn link_code(&mut self) -> Result<String, String>;
    fn remove_key(&mut self, fingerprint: &str) -> Result<(), String>;
    /// The replay screen of the game recorded at `record`.
    fn replay(&mut self, record: &str) -> Result<super::Opening, String>;
}

/// What the screen shows now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum View {
    Board,
    Profile,
}

/// The players screen.
pub struct PlayersScreen {
    source: Box<dyn PlayerSource>,
    /// Every rating group with its game, in the order the leaderboard steps through them
    /// (the registry's, so a game's groups are named once, beside its rules). Never empty
    /// while a leaderboard shows.
    groups: Vec<(GameKind, &'static str)>,
    theme: Theme,
    view: View,
    group: usize,
    board: Leaderboard,
    profile: Profile,
    /// The viewer (their own profile).
    me: Whose,
    /// The selected row: a leaderboard line, or a profile's game or key (games first).
    selected: usize,
    message: Option<Message>,
    /// The handle being typed after `/` (find a player), while it is.
    finding: Option<String>,
    /// Whether `Esc` on the profile goes back to the leaderboard it was opened from.
    back_to_board: bool,
    /// When one's own profile is read again.
    refresh_at: Option<Instant>,
}

/// The longest handle `/` takes: longer than any handle an account may have.
const MOST_TYPED: usize = 40;

impl PlayersScreen {
    /// Opens on the leaderboard of `game`'s main group among `groups`, or on `me`'s
    /// profile.
    pub fn new(
        source: Box<dyn PlayerSource>,
        me: Whose,
        groups: Vec<(GameKind, &'static str)>,
        game: GameKind,
        profile_first: bool,
        theme: Theme,
    ) -> PlayersScreen {
        let group = groups.iter().position(|(g, _)| *g == game).unwrap_or(0);
        let mut screen = PlayersScreen {
            source,
            groups,
            theme,
            view: View::Board,
            group,
            board: Leaderboard::default(),
            profile: Profile::default(),
            me: me.clone(),
            selected: 0,
            message: None,
            finding: None,
            back_to_board: false,
            refresh_at: None,
        };
        if profile_first {
            screen.show_profile(me);
        } else {
            screen.load_board();
        }
        screen
    }

    fn load_board(&mut self) {
        self.view = View::Board;
        self.selected = 0;
        let Some(&(_, group)) = self.groups.get(self.group) else {
            self.message = Some(Message::error("There are no leaderboards here"));
            return;
        };
        match self.source.leaderboard(group) {
            Ok(board) => {
                self.board = board;
                self.message = None;
            }
            Err(e) => {
                self.board = Leaderboard::default();
                self.message = Some(Message::error(e));
            }
        }
    }

    /// Shows `whose` profile, or says there is none; `Esc` leaves the screen from it.
    pub fn open_profile(&mut self, whose: Whose) {
        self.show_profile(whose);
        self.back_to_board = false;
    }

    /// A key while a handle is being typed after `/`.
    fn find_key(&mut self, code: KeyCode) {
        let Some(typed) = &mut self.finding else {
            return;
        };
        match code {
            KeyCode::Esc => self.finding = None,
            KeyCode::Enter => {
                let handle = typed.trim().to_string();
                self.finding = None;
                if !handle.is_empty() {
                    self.open_from_here(Whose::Typed(handle));
                }
            }
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Char(c) if !c.is_control() && typed.chars().count() < MOST_TYPED => {
                typed.push(c)
            }
            _ => {}
        }
    }

    /// Opens `whose` profile from the view shown now: from the leaderboard, `Esc` comes
    /// back to it.
    fn open_from_here(&mut self, whose: Whose) {
        let from_board = self.view == View::Board;
        if self.show_profile(whose) && from_board {
            self.back_to_board = true;
        }
    }

    /// Shows `whose` profile, or says why not; whether it is shown.
    fn show_profile(&mut self, whose: Whose) -> bool {
        if whose == Whose::Guest {
            self.message = Some(Message::error(GUESTS_HAVE_NO_PROFILE));
            return false;
        }
        match self.source.profile(&whose) {
            Ok(profile) => {
                self.profile = profile;
                self.view = View::Profile;
                self.selected = 0;
                self.message = None;
                self.refresh_at = self.profile.own.then(|| Instant::now() + OWN_REFRESH);
                true
            }
            Err(e) => {
                self.message = Some(Message::error(e));
                false
            }
        }
    }

    /// Reads the profile shown again (by its account), keeping the selection and the
    /// message; a failed read keeps what is shown.
    fn refresh_profile(&mut self) {
        let Some(id) = self.profile.account else {
            return;
        };
        if let Ok(profile) = self.source.profile(&Whose::Account(id)) {
            self.profile = profile;
            self.selected = self.selected.min(self.rows().saturating_sub(1));
        }
    }

    fn rows(&self) -> usize {
        match self.view {
            View::Board => self.board.rows.len(),
            View::Profile => self.profile.games.len() + self.profile.keys.len(),
        }
    }
}

impl Screen for PlayersScreen {
    fn update(&mut self, event: Event, now: Instant) -> Transition {
        if self.view == View::Profile && self.refresh_at.is_some_and(|at| now >= at) {
            self.refresh_profile();
            self.refresh_at = self.profile.own.then(|| now + OWN_REFRESH);
        }
        let Event::Key(key) = event else {
            return Transition::Stay;
        };
        if key.kind == KeyEventKind::Release {
            return Transition::Stay;
        }
        if self.finding.is_some() {
            self.find_key(key.code);
            return Transition::Stay;
        }
        match (self.view, key.code) {
            (_, KeyCode::Char('/')) if !self.profile.local || self.view == View::Board => {
                self.finding = Some(String::new());
                self.message = None;
            }
            (View::Profile, KeyCode::Esc) if self.back_to_board => {
                self.back_to_board = false;
                self.view = View::Board;
                self.selected = 0;
                self.message = None;
            }
            (_, KeyCode::Esc | KeyCode::Char('q')) => return Transition::Pop,
            (_, KeyCode::Up) => self.selected = self.selected.saturating_sub(1),
            (_, KeyCode::Down) => {
                self.selected = (self.selected + 1).min(self.rows().saturating_sub(1))
            }
            (View::Board, KeyCode::Left) if !self.groups.is_empty() => {
                self.group = (self.group + self.groups.len() - 1) % self.groups.len();
                self.load_board();
            }
            (View::Board, KeyCode::Right) if !self.groups.is_empty() => {
                self.group = (self.group + 1) % self.groups.len();
                self.load_board();
            }
            (View::Board, KeyCode::Enter) => {
                if let Some(row) = self.board.rows.get(self.selected) {
                    self.open_from_here(Whose::Account(row.account));
                }
            }
            (View::Board, KeyCode::Char('p')) => self.open_from_here(self.me.clone()),
            (View::Profile, KeyCode::Char('b') | KeyCode::Tab) if !self.profile.local => {
                self.back_to_board = false;
                self.load_board()
            }
            (View::Profile, KeyCode::Enter) => {
                let Some(game) = self.profile.games.get(self.selected) else {
                    return Transition::Stay;
                };
                let Some(record) = game.record.clone() else {
                    self.message = Some(Message::error("This game has no record to replay"));
                    return Transition::Stay;
                };
                match self.source.replay(&record) {
                    Ok(opening) => return Transition::Push(opening),
                    Err(e) => self.message = Some(Message::error(e)),
                }
            }
            (View::Board, KeyCode::Tab) => self.open_from_here(self.me.clone()),
            (View::Profile, KeyCode::Char('l')) if self.profile.own => {
                self.message = Some(match self.source.link_code() {
                    Ok(code) => Message::info(format!(
                        "Link another key: connect with it and type {code} (valid 10 minutes)"
                    )),
                    Err(e) => Message::error(e),
                });
            }
            (View::Profile, KeyCode::Char('x')) if self.profile.own => {
                let at = self.selected.checked_sub(self.profile.games.len());
                if let Some(key) = at.and_then(|n| self.profile.keys.get(n)).cloned() {
                    match self.source.remove_key(&key.fingerprint) {
                        Ok(()) => {
                            self.refresh_profile();
                            self.message = Some(Message::info("Key removed"));
                        }
                        Err(e) => self.message = Some(Message::error(e)),
                    }
                }
            }
            _ => {}
        }
        Transition::Stay
    }

    fn next_tick(&self) -> Option<Instant> {
        self.refresh_at.filter(|_| self.view == View::Profile)
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        // A wide terminal shows the lists in a column of readable width, in the middle.
        let area = area.centered_horizontally(ratatui::layout::Constraint::Max(MAX_WIDTH));
        let theme = self.theme;
        let (title, lines, keys) = match self.view {
            View::Board => self.board_lines(area.width),
            View::Profile => self.profile_lines(area.width),
        };
        let said = match &self.finding {
            Some(typed) => Line::from(vec![
                Span::styled("Find a player: ", theme.title()),
                Span::raw(format!("{typed}▏")),
                Span::styled("  Enter open · Esc cancel", theme.dim()),
            ]),
            None => message_line(theme, &self.message),
        };
        draw_panel(theme, &title, lines, said, keys, area, buf);
    }
}

/// A message as the bottom line shows it: an error in the error style.
fn message_line(theme: Theme, message: &Option<Message>) -> Line<'static> {
    match message {
        Some(Message { text, error: true }) => Line::styled(text.clone(), theme.error()),
        Some(Message { text, .. }) => Line::from(text.clone()),
        None => Line::default(),
    }
}

/// The players screens' frame in `area`: `lines` under `title`, cut or padded so that
/// `said` (a message) and `keys` stay at the bottom whatever the height.
fn draw_panel(
    theme: Theme,
    title: &str,
    mut lines: Vec<Line<'static>>,
    said: Line<'static>,
    keys: Line<'static>,
    area: Rect,
    buf: &mut Buffer,
) {
    let room = area.height.saturating_sub(4) as usize;
    lines.truncate(room);
    lines.resize(room, Line::default());
    lines.push(said);
    // Inside the border and its padding: every line is cut by the one rule, and the keys
    // lose whole entries (the last, the way back, stays) rather than end mid-entry.
    let inner = usize::from(area.width.saturating_sub(4));
    let mut lines: Vec<Line<'static>> = lines.into_iter().map(|l| fit_line(l, inner)).collect();
    lines.push(fit_keys(keys, inner));
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .padding(ratatui::widgets::Padding::horizontal(1))
                .title(format!(" {title} "))
                .title_style(theme.title()),
        )
        .render(area, buf);
}

/// The widest the screen draws: wider lines are hard to follow.
const MAX_WIDTH: u16 = 104;

/// The leaderboard's keys.
const BOARD_KEYS: [(&str, &str); 6] = [
    ("←→", "game"),
    ("↑↓", "player"),
    ("Enter", "profile"),
    ("p", "my profile"),
    ("/", "find a player"),
    ("Esc", "back"),
];

/// The separator between a key line's entries.
const KEY_SEPARATOR: &str = " · ";

/// A key line cut to `width` columns by whole entries: those before the last go first, from
/// the end, so the last (the way back) always shows.
fn fit_keys(keys: Line<'static>, width: usize) -> Line<'static> {
    let mut spans = keys.spans;
    while Line::from(spans.clone()).width() > width && spans.len() > 3 {
        // An entry is a key and its word; entries after the first have a separator first.
        let at = spans.len().saturating_sub(6);
        spans.drain(at..at + 3);
    }
    fit_line(Line::from(spans), width)
}

/// A key and its word, for the key line.
fn key_line(theme: Theme, entries: &[(&str, &str)]) -> Line<'static> {
    let mut spans = Vec::new();
    for (n, (key, word)) in entries.iter().enumerate() {
        if n > 0 {
            spans.push(Span::styled(KEY_SEPARATOR, theme.dim()));
        }
        spans.push(Span::styled(key.to_string(), theme.key()));
        spans.push(Span::raw(format!(" {word}")));
    }
    Line::from(spans)
}

/// Ratings as a line of block characters, lowest to highest.
pub fn sparkline(history: &[f64], width: usize) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let shown = &history[history.len().saturating_sub(width)..];
    let (lo, hi) = shown
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    shown
        .iter()
        .map(|&r| {
            let at = if hi > lo { (r - lo) / (hi - lo) } else { 0.5 };
            BARS[((at * 7.0).round() as usize).min(7)]
        })
        .collect()
}

/// `+241`, `-12`, `±0`.
fn signed(delta: i64) -> String {
    if delta == 0 {
        "±0".into()
    } else {
        format!("{delta:+}")
    }
}

impl PlayersScreen {
    fn board_lines(&self, width: u16) -> (String, Vec<Line<'static>>, Line<'static>) {
        let theme = self.theme;
        let (game, group) =
            (self.groups.get(self.group).copied()).unwrap_or((GameKind::default(), ""));
        let title = format!("Leaderboard ‹ {} ›", group_title(game, group));
        let mut lines = vec![Line::styled(
            format!(
                "{:>4}  {:<20} {:>7} {:>5} {:>6}",
                "#", "player", "rating", "RD", "games"
            ),
            theme.dim(),
        )];
        if self.board.rows.is_empty() {
            lines.push(Line::from(
                "No established players yet: a place needs 10 rated games, RD under 75",
            ));
            lines.push(Line::from("and a game in the last 30 days."));
        }
        for (n, row) in self.board.rows.iter().enumerate() {
            let text = standing_text(row);
            let style = if n == self.selected {
                theme.current_line()
            } else if self.me == Whose::Account(row.account) {
                theme.title()
            } else {
                ratatui::style::Style::new()
            };
            lines.push(Line::styled(text, style));
        }
        if let Some(mine) = &self.board.mine {
            lines.push(Line::styled("   …", theme.dim()));
            lines.push(Line::styled(standing_text(mine), theme.title()));
        }
        let _ = width;
        let keys = key_line(theme, &BOARD_KEYS);
        (title, lines, keys)
    }

    /// A server profile's ratings: each group's rating, rank, won/lost/drawn and sparkline.
    fn rating_lines(&self, width: u16) -> Vec<Line<'static>> {
        let theme = self.theme;
        let profile = &self.profile;
        let spark = usize::from(width.saturating_sub(60)).clamp(8, 60);
        let mut lines = vec![Line::styled("Ratings", theme.title())];
        if profile.ratings.is_empty() {
            lines.push(Line::from("  No rated games yet."));
        } else {
            lines.push(Line::styled(
                format!(
                    "  {:<24} {:>6} {:>5}  {:<11} history",
                    "game", "rating", "rank", "won/lost/drawn"
                ),
                theme.dim(),
            ));
        }
        for r in &profile.ratings {
            let game = (self.groups.iter())
                .find(|(_, g)| *g == r.group)
                .map(|(k, _)| *k)
                .unwrap_or_default();
            let rank = r
                .rank
                .map(|n| format!("#{n}"))
                .unwrap_or_else(|| "–".into());
            lines.push(Line::from(format!(
                "  {:<24} {:>6} {:>5}  {:<14} {}",
                group_title(game, &r.group),
                r.rating.shown(&LICHESS),
                rank,
                format!("{}/{}/{}", r.wins, r.losses, r.draws),
                sparkline(&r.history, spark)
            )));
        }
        lines
    }

    /// The local profile's record against each computer player and its bests.
    fn local_lines(&self) -> Vec<Line<'static>> {
        let theme = self.theme;
        let profile = &self.profile;
        let mut lines = vec![Line::styled("Against the computer", theme.title())];
        if profile.against.is_empty() {
            lines.push(Line::from("  No games against the computer finished yet."));
        }
        lines.extend(profile.against.iter().map(|l| Line::from(format!("  {l}"))));
        if !profile.bests.is_empty() {
            lines.push(Line::default());
            lines.push(Line::styled("Bests", theme.title()));
            lines.extend(profile.bests.iter().map(|l| Line::from(format!("  {l}"))));
        }
        lines
    }

    fn profile_lines(&self, width: u16) -> (String, Vec<Line<'static>>, Line<'static>) {
        let theme = self.theme;
        let profile = &self.profile;
        let title = if profile.local {
            "Your profile on this computer".to_string()
        } else {
            format!("Profile of {}", profile.handle)
        };
        let mut lines = if profile.local {
            self.local_lines()
        } else {
            self.rating_lines(width)
        };
        lines.push(Line::default());
        lines.push(Line::styled("Last games", theme.title()));
        if profile.games.is_empty() {
            lines.push(Line::from("  None yet."));
        }
        for (n, game) in profile.games.iter().enumerate() {
            let change = match &game.change {
                Some(c) => format!(
                    "{} ({})",
                    c.after.shown(&LICHESS),
                    signed((c.after.rating.round() - c.before.rating.round()) as i64)
                ),
                None => "casual".into(),
            };
            let players = game.shown_names();
            let title = GameKind::all()
                .find(|k| k.name() == game.game)
                .map_or(game.game.as_str(), |k| k.title());
            // The game's column holds the longest title whole on a screen with room for
            // it (11 columns at least); the names and the result share what the title and
            // the change leave.
            let titles = GameKind::all()
                .map(|k| k.title().width())
                .max()
                .unwrap_or(11);
            let tcol = titles.clamp(11, (usize::from(width) / 6).max(11));
            let room = usize::from(width).saturating_sub(4 + 2 + tcol + 3 + 15);
            let (names, result) = ((room / 2).clamp(10, 28), (room - room / 2).clamp(10, 28));
            let text = format!(
                "  {:<tcol$} {:<names$} {:<result$} {}",
                crate::tui::view::fit::fit(title, tcol),
                crate::tui::view::fit::fit(&players.join(" vs "), names),
                crate::tui::view::fit::fit(&game.summary, result),
                change
            );
            let style = if n == self.selected {
                theme.current_line()
            } else {
                ratatui::style::Style::new()
            };
            lines.push(Line::styled(text, style));
        }
        let mut keys = if profile.local {
            vec![("Enter", "replay"), ("Esc", "back")]
        } else {
            vec![
                ("Enter", "replay"),
                ("b", "leaderboard"),
                ("/", "find"),
                ("Esc", "back"),
            ]
        };
        if profile.own {
            lines.push(Line::default());
            lines.push(Line::styled("Linked keys", theme.title()));
            for (n, key) in profile.keys.iter().enumerate() {
                let style = if n + profile.games.len() == self.selected {
                    theme.current_line()
                } else {
                    ratatui::style::Style::new()
                };
                lines.push(Line::styled(format!("  {}", key.fingerprint), style));
            }
            // Enter replays the chosen game; on a key's line, x removes it instead.
            let on_key = self.selected >= profile.games.len() && !profile.keys.is_empty();
            keys = vec![
                if on_key {
                    ("x", "remove key")
                } else {
                    ("Enter", "replay")
                },
                ("l", "link another key"),
                ("b", "leaderboard"),
                ("/", "find"),
                ("Esc", "back"),
            ];
        }
        (title, lines, key_line(theme, &keys))
    }
}

/// A leaderboard line: rank, handle, rating, RD, games.
fn standing_text(row: &Standing) -> String {
    format!(
        "{:>4}  {:<20} {:>7} {:>5} {:>6}",
        row.rank,
        crate::tui::view::fit::fit(&row.handle, 20),
        row.rating.round() as i64,
        row.deviation.round() as i64,
        row.games
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_line_too_long_loses_whole_entries_and_keeps_the_way_back() {
        let entries = BOARD_KEYS;
        let line = key_line(Theme::plain(), &entries);
        assert_eq!(fit_keys(line.clone(), 200).to_string(), line.to_string());
        for width in 9..60 {
            let kept = fit_keys(line.clone(), width).to_string();
            assert!(kept.ends_with("Esc back"), "{width}: {kept}");
            assert!(
                crate::tui::view::fit::width(&kept) <= width,
                "{width}: {kept}"
            );
            // Whole entries: every word before a separator is an entry's.
            for part in kept.split(KEY_SEPARATOR) {
                assert!(
                    entries.iter().any(|(k, w)| format!("{k} {w}") == part),
                    "{kept}"
                );
            }
        }
    }

    #[test]
    fn a_sparkline_spans_the_lowest_to_the_highest_rating() {
        assert_eq!(sparkline(&[1500.0, 1600.0, 1550.0], 10), "▁█▅");
        assert_eq!(sparkline(&[1500.0, 1500.0], 10), "▅▅");
        assert_eq!(sparkline(&[1.0, 2.0, 3.0, 4.0], 2), "▁█");
        assert_eq!(sparkline(&[], 5), "");
    }
}
