//! The lobby a player reaches after connecting: play the computer (choosing opponent, board
//! and rules), open a table and wait for someone, join or watch any table. Its state changes
//! only through [`Lobby::update`]; `lobby_view` draws it.

use std::sync::Arc;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use crate::controller::table::{Identity, Kind, SeatState, TableId};
use crate::controller::tables::Summary;
use crate::controller::{MatchConfig, Seat, SourceFile};
use crate::games::three_trios::RuleSet;
use crate::tui::Event;
use crate::tui::Theme;

/// The computer opponents offered, strongest first (after the server's own choice).
pub const OPPONENTS: [&str; 6] = [
    "expert",
    "minimax",
    "defensive",
    "maxflip",
    "corners",
    "random",
];

/// Boards built into trios besides the server's own.
const BUILT_IN_BOARDS: [(&str, &str); 4] = [
    (
        "open 3x3",
        include_str!("../../configs/boards/open-3x3.txt"),
    ),
    (
        "open 4x4",
        include_str!("../../configs/boards/open-4x4.txt"),
    ),
    (
        "islands 4x7",
        include_str!("../../configs/boards/islands.txt"),
    ),
    (
        "seed 5x7",
        include_str!("../../configs/boards/seed-5x7.txt"),
    ),
];

/// What a server's lobby offers: boards that can be dealt from its cards, and rule sets.
#[derive(Debug, Clone)]
pub struct Choices {
    /// The server's setup; every table starts from it.
    pub base: MatchConfig,
    /// Computer opponents; the server's own (`--blue`) first.
    pub opponents: Vec<String>,
    /// Label and board file; the server's own board first.
    pub boards: Vec<(String, SourceFile)>,
    pub rules: Vec<RuleSet>,
}

impl Choices {
    /// The server's board and rules first, then each built-in board its cards can fill.
    pub fn new(base: MatchConfig) -> Choices {
        let mut boards = vec![(board_label(&base.board), base.board.clone())];
        for (label, text) in BUILT_IN_BOARDS {
            let board = SourceFile {
                name: format!("{label} (built in)"),
                text: text.to_string(),
            };
            let mut config = base.clone();
            config.board = board.clone();
            if board.text != base.board.text && config.new_game().is_ok() {
                boards.push((label.to_string(), board));
            }
        }
        let rule = |reverse, fallen_ace, same, plus| RuleSet {
            reverse,
            fallen_ace,
            same,
            plus,
        };
        let mut rules = vec![base.rules];
        for set in [
            rule(false, false, false, false),
            rule(false, false, true, false),
            rule(false, false, false, true),
            rule(false, false, true, true),
            rule(true, false, false, false),
            rule(false, true, false, false),
            rule(true, true, false, false),
        ] {
            if !rules.contains(&set) {
                rules.push(set);
            }
        }
        let mut opponents: Vec<String> = Vec::new();
        if let Seat::Computer(name) = &base.blue {
            opponents.push(name.clone());
        }
        for name in OPPONENTS {
            if !opponents.iter().any(|o| o == name) {
                opponents.push(name.to_string());
            }
        }
        Choices {
            base,
            opponents,
            boards,
            rules,
        }
    }
}

/// A board file's short name: its file stem and size, as `default 4x5`.
fn board_label(board: &SourceFile) -> String {
    let stem = std::path::Path::new(&board.name)
        .file_stem()
        .map_or_else(|| board.name.clone(), |s| s.to_string_lossy().into_owned());
    let size = board
        .text
        .lines()
        .next()
        .and_then(|line| {
            let mut parts = line.split_whitespace();
            Some(format!("{}x{}", parts.next()?, parts.next()?))
        })
        .unwrap_or_default();
    format!("{stem} {size}").trim().to_string()
}

/// Rules as the lobby names them: `normal` when no variant is on.
pub fn rules_label(rules: RuleSet) -> String {
    if rules == RuleSet::default() {
        "normal".to_string()
    } else {
        rules.to_string().replace(',', " + ")
    }
}

/// A line of the lobby that can be selected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    PlayComputer,
    OpenTable,
    Opponent,
    Board,
    Rules,
    Table(TableId),
}

/// What the player chose; the session carries it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    Quit,
    /// A new table: against `opponent`, or (`None`) waiting for a person.
    Open {
        opponent: Option<String>,
        config: Box<MatchConfig>,
    },
    /// Sit at a table (an open seat, or one's own seat kept while away).
    Join(TableId),
    Watch(TableId),
}

/// A status line under the menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// One player's lobby screen.
pub struct Lobby {
    pub(crate) me: Identity,
    pub(crate) choices: Arc<Choices>,
    pub(crate) tables: Vec<Summary>,
    pub(crate) selected: usize,
    pub(crate) opponent: usize,
    pub(crate) board: usize,
    pub(crate) rules: usize,
    pub(crate) notice: Option<Notice>,
    pub(crate) size: (u16, u16),
    pub(crate) theme: Theme,
    /// The key help is open (`?`); any key closes it.
    pub(crate) help: bool,
}

impl Lobby {
    pub fn new(me: Identity, choices: Arc<Choices>, size: (u16, u16), theme: Theme) -> Lobby {
        Lobby {
            me,
            choices,
            tables: Vec::new(),
            selected: 0,
            opponent: 0,
            board: 0,
            rules: 0,
            notice: None,
            size,
            theme,
            help: false,
        }
    }

    /// Every selectable line, top to bottom.
    pub fn items(&self) -> Vec<Item> {
        let mut items = vec![
            Item::PlayComputer,
            Item::Opponent,
            Item::Board,
            Item::Rules,
            Item::OpenTable,
        ];
        items.extend(self.tables.iter().map(|t| Item::Table(t.id)));
        items
    }

    pub fn selected_item(&self) -> Item {
        let items = self.items();
        items[self.selected.min(items.len() - 1)]
    }

    /// The tables as last heard; the selection stays on the same line where it can.
    pub fn set_tables(&mut self, tables: Vec<Summary>) {
        let current = self.selected_item();
        self.tables = tables;
        let items = self.items();
        self.selected = items
            .iter()
            .position(|&i| i == current)
            .unwrap_or(self.selected.min(items.len() - 1));
    }

    /// The screen's columns and rows.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    pub fn say(&mut self, text: &str, error: bool) {
        self.notice = Some(Notice {
            text: text.to_string(),
            error,
        });
    }

    pub fn opponent_name(&self) -> &str {
        &self.choices.opponents[self.opponent]
    }

    pub fn board_label(&self) -> &str {
        &self.choices.boards[self.board].0
    }

    pub fn rules_chosen(&self) -> RuleSet {
        self.choices.rules[self.rules]
    }

    /// Applies one event; returns what the player chose, if anything.
    pub fn update(&mut self, event: Event) -> Option<Intent> {
        match event {
            Event::Key(key) => self.on_key(key),
            Event::Mouse(mouse) => {
                if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
                    return None;
                }
                let row = super::lobby_view::item_at(self, mouse.row)?;
                let again = row == self.selected;
                self.selected = row;
                match self.selected_item() {
                    Item::Opponent | Item::Board | Item::Rules => {
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

    fn on_key(&mut self, key: KeyEvent) -> Option<Intent> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        self.notice = None;
        let quit_keys = matches!(key.code, KeyCode::Char('q'))
            || (key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL));
        if self.help && !quit_keys {
            self.help = false;
            return None;
        }
        let len = self.items().len();
        match key.code {
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                return Some(Intent::Quit);
            }
            KeyCode::Char('q') | KeyCode::Esc => return Some(Intent::Quit),
            KeyCode::Up | KeyCode::Char('k') => self.selected = (self.selected + len - 1) % len,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                self.selected = (self.selected + 1) % len
            }
            KeyCode::Home | KeyCode::Char('g') => self.selected = 0,
            KeyCode::End | KeyCode::Char('G') => self.selected = len - 1,
            KeyCode::Left | KeyCode::Char('h') => self.change(-1),
            KeyCode::Right | KeyCode::Char('l') => self.change(1),
            KeyCode::Enter | KeyCode::Char(' ') => return self.activate(false),
            KeyCode::Char('w') => return self.activate(true),
            _ => {}
        }
        None
    }

    /// Steps the selected option (opponent, board, rules) forward or back.
    fn change(&mut self, delta: isize) {
        let step = |value: &mut usize, len: usize| {
            *value = (*value as isize + delta).rem_euclid(len as isize) as usize;
        };
        match self.selected_item() {
            Item::Opponent => step(&mut self.opponent, self.choices.opponents.len()),
            Item::Board => step(&mut self.board, self.choices.boards.len()),
            Item::Rules => step(&mut self.rules, self.choices.rules.len()),
            _ => {}
        }
    }

    /// Enter (or `w`, `watch`) on the selected line.
    fn activate(&mut self, watch: bool) -> Option<Intent> {
        match self.selected_item() {
            Item::PlayComputer => Some(Intent::Open {
                opponent: Some(self.opponent_name().to_string()),
                config: Box::new(self.config()),
            }),
            Item::OpenTable => Some(Intent::Open {
                opponent: None,
                config: Box::new(self.config()),
            }),
            Item::Opponent | Item::Board | Item::Rules => {
                self.change(1);
                None
            }
            Item::Table(id) => {
                let table = self.tables.iter().find(|t| t.id == id)?;
                if watch {
                    return Some(Intent::Watch(id));
                }
                if table.keeps_seat_for(&self.me) || self.has_open_seat(table) {
                    Some(Intent::Join(id))
                } else {
                    Some(Intent::Watch(id))
                }
            }
        }
    }

    /// Whether `table` has a seat this player could take.
    pub fn has_open_seat(&self, table: &Summary) -> bool {
        table.kind == Kind::TwoPlayers
            && table.outcome.is_none()
            && table.seats.iter().any(|s| s.state == SeatState::Open)
    }

    /// The setup the menu shows: the server's, with the chosen board and rules.
    pub fn config(&self) -> MatchConfig {
        let mut config = self.choices.base.clone();
        config.board = self.choices.boards[self.board].1.clone();
        config.rules = self.rules_chosen();
        config
    }
}
