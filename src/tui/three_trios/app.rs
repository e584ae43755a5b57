//! The app's state and its one way to change: `update(event)`. Drawing lives in `view`.

use crate::tui::event::Sender;
use std::time::Instant;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};

pub(crate) mod text;

use super::view::layout::{Hit, Layout};
use crate::controller::Seat;
use crate::controller::table::{self, Role, TableId};
use crate::controller::three_trios::Match;
use crate::games::three_trios::platform::side_of;
use crate::games::three_trios::{Game, Move, MoveError, Player, Pos};
use crate::setup::three_trios::MatchConfig;
use crate::tui::event::Event;
use crate::tui::keymap::{self, Action};
use crate::tui::match_screen::{
    DuelLink, MatchBoard, MatchScreen, MirrorError, Note, mirror, states_of,
};
use crate::tui::timeline::{self, Point};
use crate::tui::view::theme::Theme;
use crate::tui::view::{coords, seat};
use crate::words::YOU;

/// Starts another match from a config (a fresh deal for `n`). Given by the front end, which
/// knows about seeds and where records go.
pub type NewMatch = Box<dyn FnMut(&MatchConfig) -> Result<Match, String> + Send>;

/// Where the keyboard cursor is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Hand,
    Grid,
}

/// A status-bar message. Any key replaces it; besides, it goes when its `lifetime` ends.
pub type Message = Note;

pub use crate::tui::match_screen::{Lifetime, Playback};

/// A Three Trios table's news, what joining it gives, and what its players ask of it.
type News = table::News<MatchConfig>;
type Joined = table::Joined<MatchConfig>;
type Request = table::Request<MatchConfig>;
/// How the app asks its Three Trios table.
pub type ToTable = crate::tui::match_screen::ToTable<MatchConfig>;

/// Three Trios's board on the match screen: the setup, where the keyboard cursor is in the
/// hand and on the grid, the card picked, and the card number being typed.
///
/// Invariant: `hand_cursor` is within the hand shown.
pub struct TriosBoard {
    /// The match's setup in Three Trios's own layout (what `n` deals again and the status
    /// line shows); always the setup of the match shown.
    config: MatchConfig,
    new_match: NewMatch,
    pub(crate) focus: Focus,
    pub(crate) hand_cursor: usize,
    pub(crate) grid_cursor: Pos,
    pub(crate) picked: Option<usize>,
    /// The first digits of a card number being typed (hands of ten or more cards).
    typed: Option<usize>,
    /// The battle log's first shown row when scrolled back; `None` follows the newest line.
    pub(crate) log_top: Option<usize>,
}

impl MatchBoard for TriosBoard {
    type Game = Game;
    type Setup = MatchConfig;

    fn show_move(screen: &mut ThreeTriosScreen, mv: Move, now: Instant) {
        screen.place(mv, now);
    }

    fn start_over(screen: &mut ThreeTriosScreen, _now: Instant) {
        screen.board.config = MatchConfig::from(screen.duel.config().clone());
        screen.reset();
    }

    fn new_game(screen: &mut ThreeTriosScreen, now: Instant) {
        screen.new_game(now);
    }

    fn hidden(screen: &ThreeTriosScreen) -> bool {
        screen.layout().too_small.is_some()
    }

    fn key(screen: &mut ThreeTriosScreen, key: KeyEvent, now: Instant) {
        screen.on_key(key, now);
    }

    fn mouse(screen: &mut ThreeTriosScreen, mouse: MouseEvent, now: Instant) {
        screen.on_mouse(mouse, now);
    }

    fn news(event: Event) -> Option<(TableId, News)> {
        match event {
            Event::Table(id, news) => news.downcast_ref::<News>().map(|news| (id, news.clone())),
            _ => None,
        }
    }

    fn taken_back(screen: &mut ThreeTriosScreen, _now: Instant) {
        let cell = screen.first_empty_cell().unwrap_or(Pos::new(0, 0));
        let board = &mut screen.board;
        board.picked = None;
        board.focus = Focus::Hand;
        board.hand_cursor = 0;
        board.log_top = None;
        board.grid_cursor = cell;
    }
}

/// The full-screen UI for one match of Three Trios.
pub type ThreeTriosScreen = MatchScreen<TriosBoard>;

impl MatchScreen<TriosBoard> {
    /// An app playing `game`. `events` is where computer moves will arrive; `size` is the
    /// screen's columns and rows.
    pub fn new(
        game: Match,
        new_match: NewMatch,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
    ) -> ThreeTriosScreen {
        let board = TriosBoard {
            config: MatchConfig::from(game.config().clone()),
            new_match,
            focus: Focus::Hand,
            hand_cursor: 0,
            grid_cursor: Pos::new(0, 0),
            picked: None,
            typed: None,
            log_top: None,
        };
        let mut app = MatchScreen::with_board(game, board, events, size, theme);
        app.reset();
        app.drive(Instant::now());
        app
    }

    /// An app that only views a finished or recorded match, starting its replay at the top.
    pub fn review(
        game: Match,
        new_match: NewMatch,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
    ) -> ThreeTriosScreen {
        let mut app = ThreeTriosScreen::new(game, new_match, events, size, theme);
        app.viewer = true;
        app.computer.stop();
        app.motion.open_replay(0, Instant::now());
        app
    }

    /// An app showing a shared table from where `joined` stands: the moves so far are
    /// replayed here, later ones arrive as [`Event::Table`] news, and this player's moves go
    /// to the table through `send`.
    pub fn at_table(
        joined: Joined,
        send: ToTable,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
    ) -> Result<ThreeTriosScreen, MirrorError<MoveError>> {
        let game = mirror(&joined.config, &joined.moves)?;
        let new_match: NewMatch =
            Box::new(|_: &MatchConfig| Err("a table deals its own games".to_string()));
        let mut app = ThreeTriosScreen::new(game, new_match, events, size, theme);
        app.table = Some(DuelLink::new(&joined, send));
        Ok(app)
    }

    /// Who sits in `player`'s seat, as the hands name them: `you` (a person at this
    /// keyboard), `expert`, `alice (away)`.
    pub fn seat_label(&self, player: Player) -> String {
        match &self.table {
            Some(table) => table.link.seats[player as usize].label(),
            None => self.local_seat(player),
        }
    }

    /// Who sits in `player`'s seat inside its side's parentheses, as the status bar and
    /// its messages name them: the `alice, away` of `Red (alice, away)`.
    pub fn seat_beside(&self, player: Player) -> String {
        match &self.table {
            Some(table) => seat::view_beside(&table.link.seats[player as usize]),
            None => self.local_seat(player),
        }
    }

    /// A seat of a match played here: its computer's name, or `you` for a person.
    fn local_seat(&self, player: Player) -> String {
        match self.config().seat(player) {
            Seat::Computer(name) => name.clone(),
            Seat::Human => YOU.to_string(),
        }
    }

    /// The match being shown, for the front end to report on after the app ends.
    pub fn into_match(self) -> Match {
        self.duel
    }

    /// Where the keyboard cursor is: the hand or the grid.
    pub fn focus(&self) -> Focus {
        self.board.focus
    }

    /// The grid cell under the cursor.
    pub fn grid_cursor(&self) -> Pos {
        self.board.grid_cursor
    }

    /// The hand card under the cursor.
    pub fn hand_cursor(&self) -> usize {
        self.board.hand_cursor
    }

    /// The hand card picked to be placed.
    pub fn picked(&self) -> Option<usize> {
        self.board.picked
    }

    /// The status-bar message, if any.
    pub fn message(&self) -> Option<&Message> {
        self.note.as_ref()
    }

    /// Whether a computer seat is choosing its move.
    pub fn thinking(&self) -> bool {
        self.computer.thinking()
    }

    pub fn config(&self) -> &MatchConfig {
        &self.board.config
    }

    /// Whether a person plays `player`.
    pub fn is_human(&self, player: Player) -> bool {
        self.config().seat(player).is_human()
    }

    /// Whether whoever uses this screen may move for `player`: a person's seat here, or
    /// at a table their own seat once both seats are taken and the last news is shown.
    fn may_move(&self, player: Player) -> bool {
        match &self.table {
            None => self.is_human(player),
            Some(table) => {
                table.role() == Role::Plays(side_of(player))
                    && table.link.closed.is_none()
                    && !table.sent
                    && table.incoming.is_empty()
                    && !self.waiting_for_opponent()
            }
        }
    }

    /// Whether a person may act now: their turn, the game on, no viewer open.
    pub fn human_to_move(&self) -> bool {
        !self.viewer
            && !self.duel.is_over()
            && self.may_move(self.game().turn())
            && self.motion.replay.is_none()
    }

    /// The side whose move is playing out at the point shown (its battle not over yet):
    /// an animation's or a replay's step before the move's last.
    pub fn shown_battle(&self) -> Option<Player> {
        let Point::Move { mv, shown } = self.shown_point() else {
            return None;
        };
        let played = &self.history().get(mv)?.played;
        (shown < played.steps.len()).then_some(played.player)
    }

    /// Whose turn it is on the board shown: the side whose move is playing out, else the
    /// side to move after it; `None` once the game is over there.
    pub fn shown_turn(&self) -> Option<Player> {
        if let Some(mover) = self.shown_battle() {
            return Some(mover);
        }
        let game = self.shown_game();
        let ended_here = self.motion.replay.is_none() && self.duel.is_over();
        (!game.is_over() && !ended_here).then(|| game.turn())
    }

    /// `player`'s score on the board shown: the flips of the move playing out count as
    /// they land, so the score matches the cells drawn at every step.
    pub fn shown_score(&self, player: Player) -> usize {
        let after = self.shown_game().score(player);
        let Point::Move { mv, shown } = self.shown_point() else {
            return after;
        };
        let Some(turn) = self.history().get(mv) else {
            return after;
        };
        let played = &turn.played;
        // Each flip moves one card from the other side to the mover.
        let to_come = played
            .steps
            .iter()
            .skip(shown)
            .filter(|s| s.flipped)
            .count();
        if player == played.player {
            after.saturating_sub(to_come)
        } else {
            after + to_come
        }
    }

    /// The screen layout for the current size (the same one drawing uses).
    pub fn layout(&self) -> Layout {
        Layout::compute(Rect::new(0, 0, self.size.0, self.size.1), self)
    }

    fn on_key(&mut self, key: KeyEvent, now: Instant) {
        if self.typed_card(key) {
            return;
        }
        let action = keymap::action_for(self.key_mode(), self.context(), key);
        if self.screen_key(key, action, super::view::help_scroll_limit(self)) {
            return;
        }
        let Some(action) = action else {
            return self.key_not_offered(key);
        };
        self.act(action, now);
    }

    fn act(&mut self, action: Action, now: Instant) {
        self.note = None;
        match action {
            Action::LogUp => return self.scroll_log(-(self.log_page() as isize)),
            Action::LogDown => return self.scroll_log(self.log_page() as isize),
            Action::ToggleHelp => {
                self.help = true;
                self.help_top = 0;
                return;
            }
            _ => {}
        }
        if self.motion_key(action, now) {
            return;
        }
        if self.motion.replay.is_some() {
            return self.act_in_replay(action, now);
        }
        match action {
            Action::Quit => self.quit = true,
            Action::TakeBack => self.take_back(now),
            Action::ToggleHints => {
                self.hints = !self.hints;
                self.say(if self.hints {
                    "Hints on: empty cells show how many cards the picked card would flip"
                } else {
                    "Hints off"
                });
            }
            Action::NewGame => self.ask_new_game(now),
            _ if self.viewer || self.game().is_over() => {}
            Action::SwitchFocus => {
                self.board.focus = match self.board.focus {
                    Focus::Hand => Focus::Grid,
                    Focus::Grid => Focus::Hand,
                }
            }
            Action::Up | Action::Down | Action::Left | Action::Right => self.move_cursor(action),
            Action::PickCard(i) => self.pick(i),
            Action::Confirm => self.confirm(now),
            Action::Cancel => {
                self.board.picked = None;
                self.board.focus = Focus::Hand;
            }
            _ => {}
        }
    }

    /// Rows the log shows at once (a page for PageUp and PageDown).
    fn log_page(&self) -> usize {
        usize::from(self.layout().log.height.saturating_sub(2)).max(1)
    }

    /// Scrolls the battle log by `rows` (back when negative); reaching the newest line
    /// follows it again.
    pub(crate) fn scroll_log(&mut self, rows: isize) {
        let width = self.layout().log.width.saturating_sub(2);
        let total = text::log_rows(self, width).len();
        let page = self.log_page();
        let bottom = total.saturating_sub(page);
        let top = self.board.log_top.unwrap_or(bottom) as isize + rows;
        let top = top.clamp(0, bottom as isize) as usize;
        self.board.log_top = (top < bottom).then_some(top);
    }

    fn act_in_replay(&mut self, action: Action, now: Instant) {
        match action {
            Action::Quit => self.quit = true,
            Action::NewGame => self.ask_new_game(now),
            _ => {}
        }
    }

    fn new_game(&mut self, now: Instant) {
        let config = self.config().clone();
        match (self.board.new_match)(&config) {
            Ok(game) => {
                self.load(game);
                self.say("New game");
                self.drive(now);
            }
            Err(e) => self.warn(&format!("Cannot start a new game: {e}")),
        }
    }

    /// Shows `game` from a clean slate: cursors home, no pick, viewer closed, its computer
    /// seats on a fresh worker.
    fn load(&mut self, game: Match) {
        self.board.config = MatchConfig::from(game.config().clone());
        self.duel = game;
        if let Some(table) = &mut self.table {
            table.sent = false;
        }
        self.reset();
    }

    /// Everything about the shown match back to its start state (the match itself stays).
    fn reset(&mut self) {
        self.states = states_of(&self.duel);
        self.viewer = false;
        self.confirm_new = false;
        self.board.log_top = None;
        self.motion.replay = None;
        self.motion.stop();
        self.board.picked = None;
        self.computer.queue(None);
        self.board.focus = Focus::Hand;
        self.board.hand_cursor = 0;
        self.board.grid_cursor = self.first_empty_cell().unwrap_or(Pos::new(0, 0));
        self.start_worker();
    }

    fn start_worker(&mut self) {
        let strategies = self.duel.take_strategies();
        if strategies.iter().any(Option::is_some) {
            self.computer.start(strategies, &self.events);
        } else {
            self.computer.forget();
            self.computer.stop();
        }
    }

    fn hand_len(&self) -> usize {
        self.game().player_hand().len()
    }

    fn move_cursor(&mut self, action: Action) {
        match self.board.focus {
            Focus::Hand => {
                let len = self.hand_len();
                if len == 0 {
                    return;
                }
                match action {
                    Action::Up => self.board.hand_cursor = (self.board.hand_cursor + len - 1) % len,
                    Action::Down => self.board.hand_cursor = (self.board.hand_cursor + 1) % len,
                    // Sideways from the hand steps onto the grid.
                    Action::Left | Action::Right => self.board.focus = Focus::Grid,
                    _ => {}
                }
            }
            Focus::Grid => {
                let grid = self.game().grid();
                let (rows, cols) = (grid.rows(), grid.cols());
                let Pos { row, col } = self.board.grid_cursor;
                self.board.grid_cursor = match action {
                    Action::Up => Pos::new((row + rows - 1) % rows, col),
                    Action::Down => Pos::new((row + 1) % rows, col),
                    Action::Left => Pos::new(row, (col + cols - 1) % cols),
                    Action::Right => Pos::new(row, (col + 1) % cols),
                    _ => self.board.grid_cursor,
                };
            }
        }
    }

    /// Card numbers past 9: with ten or more cards in hand, digits type the card's number
    /// and pick it as soon as no longer number could follow (`1` `2` is card 12; `3` alone
    /// is card 3 in a hand of 25); Enter picks what was typed, Esc forgets it. Gives whether
    /// the key was taken.
    fn typed_card(&mut self, key: KeyEvent) -> bool {
        let len = self.hand_len();
        if len < 10 || !self.human_to_move() || key.modifiers.contains(KeyModifiers::CONTROL) {
            self.board.typed = None;
            return false;
        }
        let digit = match key.code {
            KeyCode::Char(c) => c.to_digit(10).map(|d| d as usize),
            _ => None,
        };
        match (digit, self.board.typed) {
            (Some(d), typed) => {
                let number = typed.unwrap_or(0) * 10 + d;
                if number == 0 || number > len {
                    self.board.typed = None;
                    self.warn(&format!("There is no card {number}: the hand has {len}"));
                } else if number * 10 > len {
                    self.board.typed = None;
                    self.note = None;
                    self.pick(number - 1);
                } else {
                    self.board.typed = Some(number);
                    self.say(&format!("Card {number}… (another digit, or Enter)"));
                }
                true
            }
            (None, Some(number)) if key.code == KeyCode::Enter => {
                self.board.typed = None;
                self.note = None;
                self.pick(number - 1);
                true
            }
            (None, Some(_)) if key.code == KeyCode::Esc => {
                self.board.typed = None;
                self.note = None;
                true
            }
            _ => {
                self.board.typed = None;
                false
            }
        }
    }

    fn pick(&mut self, index: usize) {
        if !self.human_to_move() {
            return self.not_your_turn();
        }
        if index >= self.hand_len() {
            return self.warn(&format!("There is no card {} in the hand", index + 1));
        }
        self.board.hand_cursor = index;
        self.board.picked = Some(index);
        self.board.focus = Focus::Grid;
        if !self.game().grid().is_card_cell(self.board.grid_cursor)
            || self.game().owner(self.board.grid_cursor).is_some()
        {
            self.board.grid_cursor = self.first_empty_cell().unwrap_or(self.board.grid_cursor);
        }
    }

    fn confirm(&mut self, now: Instant) {
        if !self.human_to_move() {
            return self.not_your_turn();
        }
        match (self.board.focus, self.board.picked) {
            (Focus::Hand, _) => self.pick(self.board.hand_cursor),
            (Focus::Grid, None) => self.warn("Pick a card first: Tab to the hand, or press 1-9"),
            (Focus::Grid, Some(hand)) => self.play_move(
                Move {
                    hand,
                    pos: self.board.grid_cursor,
                },
                now,
            ),
        }
    }

    /// A person's move: played here, or checked here and sent to the table, which announces
    /// it back once played.
    fn play_move(&mut self, mv: Move, now: Instant) {
        if self.table.is_none() {
            return self.place(mv, now);
        }
        if let Err(e) = self.game().check(mv) {
            return self.warn(&refusal(&e));
        }
        if let Some(table) = &mut self.table {
            table.request(Request::Play(mv));
        }
        self.board.picked = None;
        self.board.focus = Focus::Hand;
    }

    fn not_your_turn(&mut self) {
        if let Some(table) = &self.table {
            let text = if table.role() == Role::Watches {
                "You are watching: only the players move"
            } else if table.link.closed.is_some() {
                // The status bar already says the table is closed.
                return;
            } else if self.game().is_over() {
                "The game is over: r to replay, q for the lobby"
            } else if self.waiting_for_opponent() {
                "Waiting for an opponent to join this table"
            } else if table.sent || !table.incoming.is_empty() {
                return;
            } else {
                let who = self.game().turn();
                let name = self.seat_beside(who);
                return self.warn(&format!("Wait: {who} ({name}) is to move"));
            };
            return self.warn(text);
        }
        if self.game().is_over() {
            self.warn("The game is over: n for a new game, r to replay");
        } else if !self.is_human(self.game().turn()) {
            let who = self.game().turn();
            self.warn(&format!(
                "Wait: {who} ({}) is to move",
                self.seat_beside(who)
            ));
        }
    }

    /// Plays a move (a person's or a computer's) and starts its battle animation.
    fn place(&mut self, mv: Move, now: Instant) {
        if self.duel.is_over() {
            return;
        }
        match self.duel.play_at(mv, now) {
            Ok(_) => {
                self.played();
                self.board.picked = None;
                self.board.focus = Focus::Hand;
                let len = self.hand_len();
                self.board.hand_cursor = self.board.hand_cursor.min(len.saturating_sub(1));
                if let Some(pos) = self.first_empty_cell()
                    && self.game().owner(self.board.grid_cursor).is_some()
                {
                    self.board.grid_cursor = pos;
                }
                let history = self.history();
                let start = timeline::move_start(history, history.len() - 1);
                let steps = history.last().map_or(0, |t| t.played.steps.len());
                self.motion.played(start, steps, now, self.paced());
                if let Some(e) = self.duel.take_record_error() {
                    self.warn(&e.to_string());
                }
            }
            Err(e) => self.warn(&refusal(&e)),
        }
    }

    fn on_mouse(&mut self, mouse: MouseEvent, now: Instant) {
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {}
            MouseEventKind::ScrollUp => return self.scroll_log(-3),
            MouseEventKind::ScrollDown => return self.scroll_log(3),
            _ => return,
        }
        self.note = None;
        match self.layout().hit(Position::new(mouse.column, mouse.row)) {
            Some(Hit::HandCard(player, index)) => {
                if index >= self.game().hand(player).len() {
                    return;
                }
                if player == self.game().turn() {
                    self.pick(index);
                } else if self.human_to_move() {
                    self.warn(&format!("That is {player}'s hand"));
                }
            }
            Some(Hit::Cell(pos)) => {
                self.board.focus = Focus::Grid;
                self.board.grid_cursor = pos;
                if self.board.picked.is_some() {
                    self.confirm(now);
                }
            }
            None => {}
        }
    }

    fn first_empty_cell(&self) -> Option<Pos> {
        self.game().empty_positions().next()
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Why a move was refused, its cell named as the board's labels name it (`c2`).
fn refusal(e: &MoveError) -> String {
    let cell = |pos: Pos| coords::cell(pos.row, pos.col);
    match e {
        MoveError::Hole(pos) => format!("Cell {} is a hole", cell(*pos)),
        MoveError::Occupied(pos) => format!("Cell {} is already taken", cell(*pos)),
        other => capitalise(&other.to_string()),
    }
}
