//! The lobby: where a match is chosen, in one of two places. At a server ([`Place::Server`])
//! a player plays the computer, opens a table and waits for someone, or joins or watches a
//! table; at home ([`Place::Home`], `trios` in one's own terminal) a person plays the
//! computer or a friend at the same keyboard, watches two computers, resumes the last match
//! or replays a saved one. Both choose the game and its options first. State changes only
//! through [`Lobby::update`]; [`view`] draws it.

pub mod games;
pub mod saved;
pub mod view;

use crate::tui::view::message::Message;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use ratatui::crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEventKind};

use crate::autosave;
use crate::controller::Seat;
use crate::controller::race_table::Phase;
use crate::controller::table::{Identity, Kind, SeatState, TableId};
use crate::controller::tables::Summary;
use crate::games::{GameKind, Side};
use crate::setup::clock::TimeControl;
use crate::tui::Event;
use crate::tui::Theme;
use crate::tui::keymap::{self, KeyTable, ScreenAction as Action};
pub use games::{Choices, GameOptions, LobbyGame, NO_GAME, Offered};
use saved::SavedMatch;

/// Where the lobby is shown, which decides what it offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// A server's lobby, for the player signed in as this identity.
    Server(Identity),
    /// `trios` in one's own terminal; saved matches live in this data folder (`None` when
    /// no data folder is known).
    Home(Option<PathBuf>),
}

/// A line of the lobby that can be selected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// Which game the options and actions below are for.
    Game,
    Opponent,
    Board,
    Rules,
    /// Reversi: the colour the person plays.
    Color,
    /// Islands of Hex: the board's side.
    Size,
    /// A duel's time control (or none).
    Clock,
    /// Triad: a game alone.
    Solitaire,
    /// Triad and Hex paths: the day's puzzle, the same deal for everyone that UTC day.
    Daily,
    PlayComputer,
    OpenTable,
    Table(TableId),
    TwoPlayers,
    Watch,
    Resume,
    Saved,
    Quit,
}

impl Item {
    /// Whether ←/→ change this line's value.
    pub fn is_option(self) -> bool {
        matches!(
            self,
            Item::Game
                | Item::Opponent
                | Item::Board
                | Item::Rules
                | Item::Color
                | Item::Size
                | Item::Clock
        )
    }
}

/// How a match started from the home screen is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The person against the chosen computer.
    VsComputer,
    /// Two people taking turns at one keyboard.
    TwoPlayers,
    /// Two computers: the chosen one against the strongest other one.
    Watch,
}

/// A new match chosen at home (or, for games other than Three Trios, at a server).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    pub game: GameKind,
    pub mode: Mode,
    /// The computer opponent chosen (unused with two people).
    pub opponent: String,
    pub options: GameOptions,
}

impl Launch {
    /// The side the person plays: Three Trios's person is Red, who moves first.
    pub fn person_side(&self) -> Side {
        self.options.person_side()
    }

    /// The computer that takes the person's seat when watching: the strongest one of the
    /// game other than the opponent, so the two differ.
    pub fn partner(&self) -> String {
        partner_of(self.game, &self.opponent)
    }

    /// Both seats, first mover first.
    pub fn seats(&self) -> [Seat; 2] {
        seats_of(self.game, self.mode, &self.opponent, self.person_side())
    }
}

/// The computer of `game` that takes the person's seat when watching `opponent`.
fn partner_of(game: GameKind, opponent: &str) -> String {
    let names = game.opponents();
    names
        .iter()
        .find(|&&name| name != opponent)
        .or(names.first())
        .map_or_else(|| opponent.to_string(), |name| name.to_string())
}

/// Both seats of a match of `game` played as `mode` against `opponent`, the person on side
/// `person`; first mover first.
fn seats_of(game: GameKind, mode: Mode, opponent: &str, person: Side) -> [Seat; 2] {
    let computer = Seat::Computer(opponent.to_string());
    let person_seat = match mode {
        Mode::VsComputer => Seat::Human,
        Mode::TwoPlayers => return [Seat::Human, Seat::Human],
        Mode::Watch => Seat::Computer(partner_of(game, opponent)),
    };
    match person {
        Side::First => [person_seat, computer],
        Side::Second => [computer, person_seat],
    }
}

/// What the player chose; the caller carries it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    Quit,
    /// At a server, a new table opened from the lobby's setup (a game whose entry says
    /// `table_from_setup`: Three Trios), with the game's options: against `opponent`, or
    /// (`None`) waiting for a person.
    Open {
        opponent: Option<String>,
        options: GameOptions,
    },
    /// Sit at a table (an open seat, or one's own seat kept while away).
    Join(TableId),
    Watch(TableId),
    /// A new match as chosen.
    Play(Launch),
    /// Continue the unfinished match recorded in this file.
    Resume(PathBuf),
    /// View the match recorded in this file.
    Replay(PathBuf),
    /// At a server that keeps players: the table `Open a table` opens, played casual (not
    /// rated).
    Casual(Box<Intent>),
    /// At a server: wait in the pool for an opponent, for these options (their clock).
    FindOpponent(GameOptions),
    /// At a server that keeps players: one's profile, or (`false`) the leaderboards.
    /// At home (the local store open): the local profile.
    Players {
        profile: bool,
        /// Whose profile, when not one's own: a person at the chosen table.
        of: Option<crate::tui::players::Whose>,
    },
    /// Play today's puzzle of this game.
    Daily(GameKind),
    /// The day's leaderboard of the daily puzzles.
    DailyBoard,
}

/// The unfinished match "Resume last match" continues: the newest one a person played in
/// (a match two computers played while someone watched never takes its place).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resumable {
    pub path: PathBuf,
    pub game: GameKind,
    pub moves: usize,
    /// The players as the person reads them: `you vs expert`.
    pub players: String,
    /// How far a solitaire got, in its game's word (`1 triad`, `3 rounds`); `None` for a
    /// match its players name.
    pub progress: Option<String>,
    /// When its file last changed, in seconds since 1970-01-01 UTC.
    pub saved: u64,
}

/// The saved-matches list, open over the home menu.
#[derive(Debug, Clone)]
pub struct SavedList {
    pub matches: Vec<SavedMatch>,
    pub selected: usize,
}

impl SavedList {
    /// The file of the chosen match when Enter continues it: it reads, is unfinished, and
    /// its game can be continued from the home screen.
    pub fn chosen_continues(&self) -> Option<&std::path::Path> {
        let chosen = self.matches.get(self.selected)?;
        let summary = chosen.summary.as_ref().ok()?;
        let continues = !summary.finished && summary.resumes;
        continues.then_some(chosen.path.as_path())
    }
}

/// `time` in whole seconds since 1970-01-01 UTC (0 before it).
fn seconds(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// How long before `now` a match was saved at `then` (both in seconds since 1970):
/// `just now`, `5 min ago`, `2 h ago`, `3 days ago`, and past a week its date, `2024-01-03`.
pub fn age(now: u64, then: u64) -> String {
    const MINUTE: u64 = 60;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    match now.saturating_sub(then) {
        secs if secs < MINUTE => "just now".into(),
        secs if secs < HOUR => format!("{} min ago", secs / MINUTE),
        secs if secs < DAY => format!("{} h ago", secs / HOUR),
        secs if secs < 2 * DAY => "1 day ago".into(),
        secs if secs < 7 * DAY => format!("{} days ago", secs / DAY),
        _ => saved::date(then).chars().take(10).collect(),
    }
}

/// One player's lobby screen.
pub struct Lobby {
    pub(crate) place: Place,
    pub(crate) choices: Arc<Choices>,
    pub(crate) tables: Vec<Summary>,
    pub(crate) selected: usize,
    /// The chosen game, by index into the choices' games.
    pub(crate) game: usize,
    /// The chosen opponent of each game offered, by index into its list.
    pub(crate) opponent: Vec<usize>,
    /// The time control picked for each game, by index into its [`Lobby::clock_choices`].
    pub(crate) time_control: Vec<usize>,
    pub(crate) board: usize,
    pub(crate) rules: usize,
    /// The value picked in each game's own option rows (see [`games::OwnRow`]), by
    /// index; every game's rows start at their first pick.
    pub(crate) picks: Vec<(GameKind, Item, usize)>,
    /// Home: the match "Resume last match" continues, if there is one.
    pub(crate) resumable: Option<Resumable>,
    /// Home: the time the data folder was last read, in seconds since 1970-01-01 UTC; how
    /// old the match to resume is counts from it, so drawing stays pure.
    pub(crate) clock: u64,
    /// Home: the saved-matches list, while it is open.
    pub(crate) saved: Option<SavedList>,
    /// The status line under the menu.
    pub(crate) notice: Option<Message>,
    pub(crate) size: (u16, u16),
    pub(crate) theme: Theme,
    /// The key help is open (`?`); any key closes it.
    pub(crate) help: bool,
    /// A server that keeps players: `p` and `b` open profiles and leaderboards; at home,
    /// the local store is open: `p` opens the local profile.
    pub(crate) players: bool,
    /// Who is connected, to this server or another sharing its database.
    pub(crate) online: Arc<Vec<OnlinePlayer>>,
    /// The tables open on the other servers sharing this one's database.
    pub(crate) elsewhere: Vec<ElsewhereTable>,
    /// The online line as last drawn: made again only when the list, the game or the width
    /// changed, so a crowd's line costs once a change, not once a frame.
    pub(crate) online_drawn: std::cell::RefCell<Option<view::OnlineDrawn>>,
}

/// A person connected to the server (or to another sharing its database), as the lobby
/// lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlinePlayer {
    pub handle: String,
    /// A guest has no account and no rating.
    pub guest: bool,
    /// Their ratings as shown (`1612?`), by rating group.
    pub ratings: Vec<(String, String)>,
    /// Where to connect to play them, when they are on another server.
    pub elsewhere: Option<String>,
}

/// A table open on another server sharing this one's database: the lobby lists it with
/// where to connect to join it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElsewhereTable {
    /// The table as that server describes it.
    pub line: String,
    /// That server's `host:port`.
    pub address: String,
}

impl Lobby {
    /// A server's lobby for the player signed in as `me`.
    pub fn new(me: Identity, choices: Arc<Choices>, size: (u16, u16), theme: Theme) -> Lobby {
        Lobby::at(Place::Server(me), choices, size, theme)
    }

    /// Who is online now, best rated in the chosen game first when the lobby shows them.
    pub fn set_online(&mut self, online: impl Into<Arc<Vec<OnlinePlayer>>>) {
        self.online = online.into();
    }

    /// The tables open on the other servers sharing this one's database.
    pub fn set_tables_elsewhere(&mut self, tables: Vec<ElsewhereTable>) {
        self.elsewhere = tables;
    }

    /// Takes the server's news (its tables, who is online, the other servers' tables) and
    /// says whether anything the screen shows changed: a table scrolled out of view changes
    /// nothing.
    pub fn take_news(
        &mut self,
        tables: Vec<Summary>,
        online: impl Into<Arc<Vec<OnlinePlayer>>>,
        elsewhere: Vec<ElsewhereTable>,
    ) -> bool {
        let before = view::news_shown(self);
        self.set_tables(tables);
        self.set_online(online);
        self.set_tables_elsewhere(elsewhere);
        view::news_shown(self) != before
    }

    /// Offers profiles and leaderboards (`p`, `b`): the server keeps players (at home: `p`,
    /// the local profile, kept in the data folder's store).
    pub fn set_players(&mut self, players: bool) {
        self.players = players;
    }

    /// The home screen, with the saved matches of data folder `data_dir`.
    pub fn home(
        choices: Arc<Choices>,
        data_dir: Option<PathBuf>,
        size: (u16, u16),
        theme: Theme,
    ) -> Lobby {
        let mut lobby = Lobby::at(Place::Home(data_dir), choices, size, theme);
        lobby.refresh();
        lobby
    }

    fn at(place: Place, choices: Arc<Choices>, size: (u16, u16), theme: Theme) -> Lobby {
        let games = choices.games.len();
        let picks = (choices.entries.iter())
            .flat_map(|e| e.own_rows.iter().map(|row| (e.kind, row.item, row.first)))
            .collect();
        let mut lobby = Lobby {
            place,
            choices,
            tables: Vec::new(),
            selected: 0,
            game: 0,
            opponent: vec![0; games],
            time_control: vec![0; games],
            board: 0,
            rules: 0,
            picks,
            resumable: None,
            clock: 0,
            saved: None,
            notice: None,
            size,
            theme,
            help: false,
            players: false,
            online: Arc::default(),
            online_drawn: std::cell::RefCell::new(None),
            elsewhere: Vec::new(),
        };
        lobby.selected = lobby.position(Item::PlayComputer).unwrap_or(0);
        lobby
    }

    pub fn place(&self) -> &Place {
        &self.place
    }

    fn at_home(&self) -> bool {
        matches!(self.place, Place::Home(_))
    }

    /// The game the options and actions are for.
    pub fn game_kind(&self) -> GameKind {
        self.choices
            .games
            .get(self.game)
            .copied()
            .unwrap_or_default()
    }

    /// The option lines of the chosen game.
    fn option_items(&self) -> &'static [Item] {
        let rows = &self.choices.game(self.game_kind()).lobby_options;
        if self.at_home() {
            rows.home
        } else {
            rows.server
        }
    }

    /// Every selectable line, top to bottom.
    pub fn items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        if self.choices.games.len() > 1 {
            items.push(Item::Game);
        }
        if self.at_home() {
            items.extend(self.option_items());
            items.extend(self.choices.game(self.game_kind()).home_actions);
            if self.resumable.is_some() {
                items.push(Item::Resume);
            }
            items.extend([Item::Saved, Item::Quit]);
        } else {
            // The time control, like the game, says what is played: both stand above the
            // ways to play it, and the opponent below them.
            let options = self.option_items();
            items.extend(options.iter().filter(|&&i| i == Item::Clock));
            items.push(Item::PlayComputer);
            items.extend(options.iter().filter(|&&i| i != Item::Clock));
            items.push(Item::OpenTable);
            items.extend(self.tables.iter().map(|t| Item::Table(t.id)));
            // The one solo line, after the tables so theirs stay where they were.
            if self.has_daily() {
                items.push(Item::Daily);
            }
        }
        items
    }

    /// Whether the chosen game has a daily puzzle (its home actions offer it).
    pub fn has_daily(&self) -> bool {
        self.choices
            .game(self.game_kind())
            .home_actions
            .contains(&Item::Daily)
    }

    fn position(&self, item: Item) -> Option<usize> {
        self.items().iter().position(|&i| i == item)
    }

    pub fn selected_item(&self) -> Item {
        let items = self.items();
        items[self.selected.min(items.len() - 1)]
    }

    /// Puts the selection back on `item`, or as near its old place as the lines allow.
    fn keep_selection(&mut self, item: Item) {
        let items = self.items();
        self.selected = items
            .iter()
            .position(|&i| i == item)
            .unwrap_or(self.selected.min(items.len() - 1));
    }

    /// The tables as last heard; the selection stays on the same line where it can.
    pub fn set_tables(&mut self, tables: Vec<Summary>) {
        let current = self.selected_item();
        self.tables = tables;
        self.keep_selection(current);
    }

    /// Home: reads the data folder again (after a match), so "Resume last match" and the
    /// saved-matches list show what is there now.
    pub fn refresh(&mut self) {
        let Place::Home(Some(dir)) = &self.place else {
            return;
        };
        let current = self.selected_item();
        self.clock = seconds(SystemTime::now());
        let found = crate::record::kept::latest_unfinished_where(
            dir,
            self.choices.readers,
            &mut |_| {},
            &|record| saved::has_person(record, &self.choices),
        );
        self.resumable = found.ok().flatten().map(|found| {
            let record = &found.record;
            Resumable {
                game: record.game(),
                moves: record.moves(),
                progress: record
                    .solitaire()
                    .then(|| crate::words::count(record.moves(), record.unit())),
                players: saved::Summary::of(record, &self.choices)
                    .map(|summary| summary.players_for_you())
                    .unwrap_or_default(),
                saved: seconds(found.modified),
                path: found.path,
            }
        });
        if let Some(list) = &self.saved {
            // The list is sorted newest first, so the match just played moves: the
            // highlight follows its file, and stays on the same row only when it is gone.
            let chosen = list.matches.get(list.selected).map(|m| m.path.clone());
            let row = list.selected;
            let matches = saved::list(dir, &self.choices).unwrap_or_default();
            let selected = chosen
                .and_then(|path| matches.iter().position(|m| m.path == path))
                .unwrap_or(row.min(matches.len().saturating_sub(1)));
            self.saved = Some(SavedList { selected, matches });
        }
        self.keep_selection(current);
    }

    /// The screen's columns and rows.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// The viewer's account is now called `handle` (a server's lobby only).
    pub fn rename_me(&mut self, handle: &str) {
        if let Place::Server(me) = &mut self.place {
            me.user = handle.to_string();
        }
    }

    pub fn say(&mut self, text: &str, error: bool) {
        self.notice = Some(Message::new(text, error));
    }

    /// The chosen computer opponent of the chosen game.
    pub fn opponent_name(&self) -> String {
        let names = self.choices.opponents_of(self.game_kind());
        let index = self.opponent.get(self.game).copied().unwrap_or(0);
        names.get(index).cloned().unwrap_or_default()
    }

    /// The label of the board picked in the Board row.
    pub fn board_label(&self) -> &str {
        self.choices
            .offered
            .boards
            .get(self.board)
            .map_or("", String::as_str)
    }

    /// The label of the rule set picked in the Rules row.
    pub fn rules_label(&self) -> &str {
        self.choices
            .offered
            .rules
            .get(self.rules)
            .map_or("", String::as_str)
    }

    /// The seats of a match of the chosen game against the chosen opponent played as
    /// `mode`, the person on side `person`; first mover first.
    pub fn seats(&self, mode: Mode, person: Side) -> [Seat; 2] {
        seats_of(self.game_kind(), mode, &self.opponent_name(), person)
    }

    /// The value picked in `game`'s own option row `item`, by index (0 when it has none).
    pub fn pick(&self, game: GameKind, item: Item) -> usize {
        (self.picks.iter())
            .find(|(g, i, _)| (*g, *i) == (game, item))
            .map_or(0, |pick| pick.2)
    }

    /// The match "Resume last match" continues, as last read from the data folder.
    pub fn resumable(&self) -> Option<&Resumable> {
        self.resumable.as_ref()
    }

    /// The saved-matches list, while it is open.
    pub fn saved(&self) -> Option<&SavedList> {
        self.saved.as_ref()
    }

    /// Applies one event; returns what the player chose, if anything.
    pub fn update(&mut self, event: Event) -> Option<Intent> {
        match event {
            Event::Key(key) => self.on_key(key),
            Event::Mouse(mouse) => {
                if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
                    return None;
                }
                if self.saved.is_some() {
                    let row = view::saved_at(self, mouse.row)?;
                    let list = self.saved.as_mut()?;
                    let again = row == list.selected;
                    list.selected = row;
                    return if again { self.open_selected() } else { None };
                }
                // A click on a game of the home list chooses it.
                if let Some(game) = view::game_at(self, mouse.row) {
                    self.game = game;
                    self.keep_selection(Item::Game);
                    return None;
                }
                let row = view::item_at(self, mouse.row)?;
                let again = row == self.selected;
                self.selected = row;
                match self.selected_item() {
                    item if item.is_option() => {
                        self.change(1);
                        None
                    }
                    // A click selects; a second click on the same line acts.
                    _ if again => self.activate(false),
                    _ => None,
                }
            }
            Event::Resize(w, h) => {
                self.size = (w, h);
                None
            }
            Event::Terminate | Event::Shutdown => Some(Intent::Quit),
            _ => None,
        }
    }

    /// Keys reach the lobby as actions from its keymap table (`keymap::LOBBY`, or
    /// `keymap::SAVED_LIST` while the saved matches are open).
    fn on_key(&mut self, key: KeyEvent) -> Option<Intent> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        self.notice = None;
        let screen = if self.saved.is_some() {
            &KeyTable::SAVED_LIST
        } else {
            &KeyTable::LOBBY
        };
        let action = keymap::screen_action(screen, key);
        // `q` and Ctrl-C act even with the help open; any other key only closes it.
        let quit_keys = matches!(action, Some(Action::Quit | Action::Interrupt));
        if self.help && !quit_keys {
            self.help = false;
            return None;
        }
        let action = action?;
        if action == Action::Interrupt {
            return Some(Intent::Quit);
        }
        if self.saved.is_some() {
            return self.on_saved_action(action);
        }
        let len = self.items().len();
        match action {
            Action::ToggleHelp => self.help = true,
            Action::Quit | Action::Cancel => return Some(Intent::Quit),
            Action::Up => self.selected = (self.selected + len - 1) % len,
            Action::Down => self.selected = (self.selected + 1) % len,
            Action::First => self.selected = 0,
            Action::Last => self.selected = len - 1,
            Action::Left => self.change(-1),
            Action::Right => self.change(1),
            Action::Confirm => return self.activate(false),
            Action::Watch if !self.at_home() => return self.activate(true),
            Action::Profile if self.players => {
                return Some(Intent::Players {
                    profile: true,
                    of: self.person_at_chosen_table(),
                });
            }
            Action::Casual if self.players && self.selected_item() == Item::OpenTable => {
                return self
                    .activate(false)
                    .map(|open| Intent::Casual(Box::new(open)));
            }
            Action::Leaderboard if self.players && !self.at_home() => {
                return Some(Intent::Players {
                    profile: false,
                    of: None,
                });
            }
            Action::Daily if self.players || self.at_home() => return Some(Intent::DailyBoard),
            Action::FindOpponent if self.pools() => {
                let game = self.game_kind();
                return Some(Intent::FindOpponent(
                    self.options_of(game, Mode::TwoPlayers),
                ));
            }
            _ => {}
        }
        None
    }

    /// Actions while the saved-matches list is open.
    fn on_saved_action(&mut self, action: Action) -> Option<Intent> {
        let list = self.saved.as_mut()?;
        let last = list.matches.len().saturating_sub(1);
        let page = usize::from(view::saved_rows(self.size, list.matches.len())).max(1);
        match action {
            Action::ToggleHelp => self.help = true,
            Action::Quit | Action::Cancel => {
                self.saved = None;
                self.help = false;
            }
            Action::Up => list.selected = list.selected.saturating_sub(1),
            Action::Down => list.selected = (list.selected + 1).min(last),
            Action::PageUp => list.selected = list.selected.saturating_sub(page),
            Action::PageDown => list.selected = (list.selected + page).min(last),
            Action::First => list.selected = 0,
            Action::Last => list.selected = last,
            Action::Confirm => return self.open_selected(),
            Action::Replay => return self.replay_selected(),
            _ => {}
        }
        None
    }

    /// Enter on a saved match: continue it when it is unfinished and its game can be
    /// continued, else replay it.
    fn open_selected(&mut self) -> Option<Intent> {
        match self.saved.as_ref()?.chosen_continues() {
            Some(path) => Some(Intent::Resume(path.to_path_buf())),
            None => self.replay_selected(),
        }
    }

    /// `r` on a saved match (Enter on a finished one): replay it, or say why it cannot be.
    fn replay_selected(&mut self) -> Option<Intent> {
        let list = self.saved.as_ref()?;
        let chosen = list.matches.get(list.selected)?;
        match &chosen.summary {
            Ok(_) => Some(Intent::Replay(chosen.path.clone())),
            Err(why) => {
                let text = format!("Cannot replay {why}");
                self.say(&text, true);
                None
            }
        }
    }

    /// Steps the selected option (game, opponent, board, rules, colour) forward or back.
    fn change(&mut self, delta: isize) {
        let step = |value: &mut usize, len: usize| {
            *value = (*value as isize + delta).rem_euclid(len.max(1) as isize) as usize;
        };
        let before = self.selected_item();
        match before {
            Item::Game => step(&mut self.game, self.choices.games.len()),
            Item::Opponent => {
                let len = self.choices.opponents_of(self.game_kind()).len();
                if let Some(index) = self.opponent.get_mut(self.game) {
                    step(index, len);
                }
            }
            Item::Board => step(&mut self.board, self.choices.offered.boards.len()),
            Item::Clock => {
                let len = self.clock_choices(self.game_kind()).len();
                if let Some(index) = self.time_control.get_mut(self.game) {
                    step(index, len);
                }
            }
            Item::Rules => step(&mut self.rules, self.choices.offered.rules.len()),
            item if self.choices.game(self.game_kind()).own_row(item).is_some() => {
                let game = self.game_kind();
                let values = self
                    .choices
                    .game(game)
                    .own_row(item)
                    .map_or(1, |row| row.values);
                let picked = self
                    .picks
                    .iter_mut()
                    .find(|(g, i, _)| (*g, *i) == (game, item));
                if let Some((_, _, index)) = picked {
                    step(index, values);
                }
            }
            // ←/→ on any other line picks the game: the first choice a person makes.
            Item::Table(_) => {}
            _ if self.choices.games.len() > 1 => step(&mut self.game, self.choices.games.len()),
            _ => {}
        }
        // Games have different option lines: stay on the same line, not the same row. An
        // action the new game lacks gives way to its first action, never to an option row,
        // so the next ←/→ still changes the game as the key bar says.
        if let Some(at) = self.position(before) {
            self.selected = at;
        } else if !before.is_option()
            && let Some(at) = self.items().iter().position(|&i| !i.is_option())
        {
            self.selected = at;
        }
    }

    /// Enter (or `w`, `watch`) on the selected line.
    fn activate(&mut self, watch: bool) -> Option<Intent> {
        let item = self.selected_item();
        match item {
            item if item.is_option() => {
                self.change(1);
                None
            }
            Item::Solitaire => {
                let mut launch = self.launch(Mode::VsComputer);
                if let Some(alone) = self.choices.game(launch.game).alone {
                    launch.options = alone();
                }
                Some(Intent::Play(launch))
            }
            Item::Daily => Some(Intent::Daily(self.game_kind())),
            Item::PlayComputer if self.at_home() => {
                Some(Intent::Play(self.launch(Mode::VsComputer)))
            }
            Item::TwoPlayers => Some(Intent::Play(self.launch(Mode::TwoPlayers))),
            Item::Watch => Some(Intent::Play(self.launch(Mode::Watch))),
            Item::PlayComputer | Item::OpenTable => {
                let against = item == Item::PlayComputer;
                let mode = if against {
                    Mode::VsComputer
                } else {
                    Mode::TwoPlayers
                };
                let entry = self.choices.game(self.game_kind());
                if !entry.table_from_setup {
                    return Some(Intent::Play(self.launch(mode)));
                }
                let _ = entry;
                Some(Intent::Open {
                    opponent: against.then(|| self.opponent_name()),
                    options: self.options_of(self.game_kind(), mode),
                })
            }
            Item::Resume => self
                .resumable
                .as_ref()
                .map(|r| Intent::Resume(r.path.clone())),
            Item::Saved => {
                self.open_saved();
                None
            }
            Item::Quit => Some(Intent::Quit),
            Item::Table(id) => {
                let table = self.tables.iter().find(|t| t.id == id)?;
                if watch {
                    return Some(Intent::Watch(id));
                }
                if self.keeps_seat(table) || self.has_open_seat(table) {
                    Some(Intent::Join(id))
                } else {
                    Some(Intent::Watch(id))
                }
            }
            _ => None,
        }
    }

    /// Opens the saved-matches list, read afresh from the data folder.
    fn open_saved(&mut self) {
        let Place::Home(dir) = &self.place else {
            return;
        };
        let Some(dir) = dir else {
            let why = autosave::AutosaveError::NoDataDir.to_string();
            self.say(&format!("No saved matches: {why}"), true);
            return;
        };
        match saved::list(dir, &self.choices) {
            Ok(matches) => {
                self.saved = Some(SavedList {
                    matches,
                    selected: 0,
                })
            }
            Err(why) => self.say(&why.to_string(), true),
        }
    }

    /// Whether `table` keeps a seat for this player while they are away.
    /// On a table's line, the first person seated there other than oneself (whose profile
    /// `p` opens); `None` elsewhere, or when only oneself and computers sit there.
    /// Whether the viewer is a server's guest (no account).
    pub(crate) fn is_guest(&self) -> bool {
        matches!(&self.place, Place::Server(me) if me.proof.account().is_none())
    }

    fn person_at_chosen_table(&self) -> Option<crate::tui::players::Whose> {
        use crate::tui::players::Whose;
        let Item::Table(id) = self.selected_item() else {
            return None;
        };
        let Place::Server(me) = &self.place else {
            return None;
        };
        let table = self.tables.iter().find(|t| t.id == id)?;
        // By who they are, never by the name shown: a guest's name proves nothing.
        let person = (table.present.iter().chain(&table.away)).find(|who| *who != me)?;
        Some(person.proof.account().map_or(Whose::Guest, Whose::Account))
    }

    pub(crate) fn keeps_seat(&self, table: &Summary) -> bool {
        match &self.place {
            Place::Server(me) => table.keeps_seat_for(me),
            Place::Home(_) => false,
        }
    }

    /// Whether `table` has a seat this player could take.
    pub fn has_open_seat(&self, table: &Summary) -> bool {
        if let Some(race) = &table.race {
            return race.phase != Phase::Over
                && table.seats.len() < self.choices.game(table.game).most_players;
        }
        table.kind == Kind::TwoPlayers
            && table.outcome.is_none()
            && table.seats.iter().any(|s| s.state == SeatState::Open)
    }

    /// The new match the menu describes, played as `mode`.
    pub fn launch(&self, mode: Mode) -> Launch {
        let game = self.game_kind();
        Launch {
            game,
            mode,
            opponent: self.opponent_name(),
            options: self.options_of(game, mode),
        }
    }

    /// `game`'s options as the menu picks them, on the clock picked.
    fn options_of(&self, game: GameKind, mode: Mode) -> GameOptions {
        (self.choices.game(game).options)(self, mode).on_clock(self.clock_choice())
    }

    /// The time controls the Clock line steps through for `game`: no clock first at home,
    /// last at a server (whose rated games are on a clock); none for a game without clocks.
    pub fn clock_choices(&self, game: GameKind) -> Vec<Option<TimeControl>> {
        let offered = self.choices.game(game).clocks.iter().copied().map(Some);
        if offered.len() == 0 {
            return Vec::new();
        }
        match self.place {
            Place::Home(_) => std::iter::once(None).chain(offered).collect(),
            Place::Server(_) => offered.chain(std::iter::once(None)).collect(),
        }
    }

    /// Whether the game chosen can be paired in a server's pool: a duel on a clock.
    pub fn pools(&self) -> bool {
        !self.at_home() && self.clock_choice().is_some()
    }

    /// The time control picked for the game chosen (`None`: no clock).
    pub fn clock_choice(&self) -> Option<TimeControl> {
        let at = self.time_control.get(self.game).copied().unwrap_or(0);
        self.clock_choices(self.game_kind())
            .get(at)
            .copied()
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_count_down_to_minutes_and_past_a_week_give_the_date() {
        let now = 1_709_210_096; // 2024-02-29 12:34:56 UTC
        assert_eq!(age(now, now), "just now");
        assert_eq!(age(now, now + 30), "just now", "a clock set back");
        assert_eq!(age(now, now - 59), "just now");
        assert_eq!(age(now, now - 60), "1 min ago");
        assert_eq!(age(now, now - 3599), "59 min ago");
        assert_eq!(age(now, now - 2 * 3600 - 1800), "2 h ago");
        assert_eq!(age(now, now - 86_400), "1 day ago");
        assert_eq!(age(now, now - 6 * 86_400), "6 days ago");
        assert_eq!(age(now, now - 7 * 86_400), "2024-02-22");
    }
}
