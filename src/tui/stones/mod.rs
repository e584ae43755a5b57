//! The full-screen app for the platform's two-player board games (Reversi first): a match
//! against the computer, between two people at one keyboard, or between two computers
//! watched live, and a viewer for recorded matches. State changes only in
//! [`StonesScreen::update`]; `view` draws it.

pub mod board;
mod frame;
mod islands;
mod reversi;
mod table;

pub use table::ToDuelTable;
mod view;

use crate::tui::event::Sender;
use std::time::Instant;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::Event;
use super::keymap::{self, Action, Context, KeyMode};
pub use super::match_screen::Note;
pub use super::match_screen::Playback as Replay;
use super::match_screen::{Computer, MatchBoard, MatchScreen, states_of};
use super::timeline::{self, Point};
use super::view::seat;
use super::view::theme::Theme;
use crate::controller::Seat;
use crate::controller::duel::{Duel, DuelConfig};
use crate::controller::table::{News, Request, Role, SeatState, TableId};
use crate::games::Side;
use crate::words::YOU;
pub use board::{Cell, Mark, Shown, StoneGame};

/// The first of `shown` lines (rows or columns) of `total` to show so that `at` is in view,
/// moving as little as possible from `first`.
fn follow(first: usize, at: usize, shown: usize, total: usize) -> usize {
    let margin = if shown >= 9 { 2 } else { 0 };
    let last_first = total.saturating_sub(shown);
    let mut first = first.min(last_first);
    if at < first + margin {
        first = at.saturating_sub(margin);
    } else if at + margin >= first + shown {
        first = (at + margin + 1).saturating_sub(shown);
    }
    first.min(last_first)
}

/// Lines of the move log a step of the mouse wheel scrolls, as in Three Trios.
const WHEEL_LINES: usize = 3;

/// Deals a new match from the finished one's setup (`n`), or says why it cannot.
pub type NewDuel<G> = Box<dyn FnMut(&DuelConfig<G>) -> Result<Duel<G>, String>>;

/// A board of cells with stones on the match screen: the cursor, how a large board is
/// scrolled and zoomed, how far the log is scrolled back, and how `n` deals.
pub struct Stones<G: StoneGame> {
    pub(crate) cursor: Cell,
    /// The top-left cell shown when a leaning board is too large for the window; it
    /// follows the cursor (or the last move, when no person is to move).
    pub(crate) scroll: Cell,
    /// A leaning board drawn a character a cell (`z`).
    pub(crate) zoomed_out: bool,
    /// Moves the log is scrolled back by.
    pub(crate) log_back: usize,
    new_duel: NewDuel<G>,
}

impl<G: StoneGame> MatchBoard for Stones<G> {
    type Game = G;
    type Setup = DuelConfig<G>;

    fn is_pass(mv: G::Move) -> bool {
        G::cell_of(mv).is_none()
    }

    fn show_move(screen: &mut StonesScreen<G>, mv: G::Move, now: Instant) {
        screen.play(mv, now);
    }

    fn start_over(screen: &mut StonesScreen<G>, now: Instant) {
        screen.board.log_back = 0;
        screen.after_move(now);
    }

    fn new_game(screen: &mut StonesScreen<G>, now: Instant) {
        screen.deal_new_game(now);
    }

    fn hidden(screen: &StonesScreen<G>) -> bool {
        view::layout(screen).too_small.is_some()
    }

    fn key(screen: &mut StonesScreen<G>, key: KeyEvent, now: Instant) {
        screen.on_key(key, now);
    }

    fn mouse(screen: &mut StonesScreen<G>, mouse: MouseEvent, now: Instant) {
        screen.on_mouse(mouse, now);
    }

    fn news(event: Event) -> Option<(TableId, News<DuelConfig<G>>)> {
        match event {
            Event::Table(id, news) => news
                .downcast_ref::<News<DuelConfig<G>>>()
                .map(|news| (id, news.clone())),
            _ => None,
        }
    }

    fn settle(screen: &mut StonesScreen<G>, _now: Instant) {
        if screen.table.is_some() {
            screen.send_forced_pass();
        }
        screen.keep_in_view();
    }

    fn taken_back(screen: &mut StonesScreen<G>, now: Instant) {
        screen.after_move(now);
    }
}

/// One screen's match of a board game.
pub type StonesScreen<G> = MatchScreen<Stones<G>>;

impl<G: StoneGame> MatchScreen<Stones<G>> {
    /// A screen playing `duel`; computer seats think on a thread of their own and answer
    /// through `events`.
    pub fn new(
        duel: Duel<G>,
        new_duel: NewDuel<G>,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
    ) -> StonesScreen<G> {
        let mut app = StonesScreen::build(duel, new_duel, events, size, theme, false);
        app.after_move(Instant::now());
        app.drive(Instant::now());
        app
    }

    /// A screen showing a recorded match: it opens at the start and only views.
    pub fn viewer(
        duel: Duel<G>,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
    ) -> StonesScreen<G> {
        let refuse: NewDuel<G> = Box::new(|_| Err("a recorded match only plays back".into()));
        let mut app = StonesScreen::build(duel, refuse, events, size, theme, true);
        app.motion.open_replay(0, Instant::now());
        app
    }

    fn build(
        mut duel: Duel<G>,
        new_duel: NewDuel<G>,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
        viewer: bool,
    ) -> StonesScreen<G> {
        let computers = duel.config().seats.iter().any(|s| *s != Seat::Human);
        let mut computer = Computer::none();
        if !viewer && computers {
            computer.start(duel.take_strategies(), &events);
        }
        let (rows, cols) = duel.game().dims();
        let board = Stones {
            cursor: (rows.saturating_sub(1) / 2, cols.saturating_sub(1) / 2),
            scroll: (0, 0),
            zoomed_out: false,
            log_back: 0,
            new_duel,
        };
        let mut app = MatchScreen::with_board(duel, board, events, size, theme);
        app.computer = computer;
        app.viewer = viewer;
        app.cursor_to_a_legal_cell();
        app.keep_in_view();
        app
    }

    /// Every cell as the screen shows it now, row-major.
    pub fn shown_cells(&self) -> Vec<Shown> {
        self.frame().cells
    }

    /// Whether a computer is choosing the next move: here, or at the table this screen shows
    /// (a computer seat to move and its move not yet announced).
    pub fn thinking(&self) -> bool {
        match &self.table {
            None => self.computer.thinking(),
            Some(table) => {
                !self.game().is_over()
                    && table.link.closed.is_none()
                    && table.incoming.is_empty()
                    && self.motion.animation.is_none()
                    && table.link.seats[self.game().to_move().index()].state == SeatState::Computer
            }
        }
    }

    /// The seat's name alone: `you` (a person at this keyboard), `expert`, `alice (away)`.
    pub fn seat_label(&self, side: Side) -> String {
        match &self.table {
            Some(table) => table.link.seats[side.index()].label(),
            None => self.local_seat(side),
        }
    }

    /// The seat's name inside its side's parentheses: the `alice, away` of
    /// `Dark (alice, away)`; otherwise as [`seat_label`](Self::seat_label) writes it.
    pub fn seat_beside(&self, side: Side) -> String {
        match &self.table {
            Some(table) => seat::view_beside(&table.link.seats[side.index()]),
            None => self.local_seat(side),
        }
    }

    /// A seat of a match played here: its computer's name, or `you` for a person.
    fn local_seat(&self, side: Side) -> String {
        match self.duel.config().seat(side) {
            Seat::Computer(name) => name.clone(),
            Seat::Human => YOU.to_string(),
        }
    }

    pub fn is_human(&self, side: Side) -> bool {
        *self.duel.config().seat(side) == Seat::Human
    }

    /// Whether a person may place a stone now.
    pub fn human_to_move(&self) -> bool {
        let mine = match &self.table {
            Some(table) => {
                table.role() == Role::Plays(self.game().to_move())
                    && table.link.closed.is_none()
                    && !self.table_busy()
                    && !self.waiting_for_opponent()
            }
            None => self.is_human(self.game().to_move()),
        };
        !self.viewer
            && self.motion.replay.is_none()
            && self.motion.animation.is_none()
            && !self.duel.is_over()
            && mine
    }

    /// The cell the view of a scrolled board follows: the cursor while a person is to move,
    /// else the move being shown or the last one played.
    fn focus(&self) -> Cell {
        let history = self.history();
        let shown_move = match (self.motion.replay, self.shown_point()) {
            (Some(_), Point::Move { mv, .. }) => history.get(mv),
            (Some(_), Point::Start) => None,
            (None, _) if self.human_to_move() => None,
            (None, _) => history.last(),
        };
        shown_move
            .and_then(|turn| G::cell_of(turn.mv))
            .unwrap_or(self.board.cursor)
    }

    /// Scrolls a board too large for the window so that the focus stays in view, a couple of
    /// cells from the edge of the view when it is large enough.
    fn keep_in_view(&mut self) {
        if !G::LEAN {
            return;
        }
        let layout = view::layout(self);
        if layout.too_small.is_some() {
            return;
        }
        let (rows, cols) = self.game().dims();
        let (r, c) = self.focus();
        self.board.scroll = (
            follow(self.board.scroll.0, r, layout.shown.0, rows),
            follow(self.board.scroll.1, c, layout.shown.1, cols),
        );
    }

    /// Plays a move for the side to move, shows it, and asks the next computer if any.
    fn play(&mut self, mv: G::Move, now: Instant) {
        if self.duel.is_over() {
            return;
        }
        match self.duel.play_at(mv, now) {
            Ok(turn) => {
                let steps = G::step_count(&turn.played);
                let side = turn.side;
                self.played();
                if let Some(e) = self.duel.take_record_error() {
                    self.warn(&format!("not saved: {e}"));
                } else if G::cell_of(mv).is_none() {
                    let who = G::side_title(side);
                    self.say(&format!("{who} has no legal move and passes"));
                }
                self.board.log_back = 0;
                let history = self.history();
                let start = timeline::move_start(history, history.len() - 1);
                self.motion.played(start, steps, now, self.paced());
                self.after_move(now);
            }
            Err(refusal) => self.warn(&refusal.to_string()),
        }
    }

    /// After a move (or at the start): a forced pass for a person is played for them, a
    /// computer is asked, and the cursor goes where a move can be made.
    fn after_move(&mut self, now: Instant) {
        let game = self.game();
        if game.is_over() {
            return;
        }
        let side = game.to_move();
        if self.table.is_some() {
            self.send_forced_pass();
            self.cursor_to_a_legal_cell();
            return;
        }
        if self.is_human(side) {
            if let Some(pass) = game.forced_pass() {
                self.play(pass, now);
                return;
            }
            self.cursor_to_a_legal_cell();
        }
    }

    /// Keeps the cursor where it is if that cell is legal; otherwise the nearest legal cell.
    fn cursor_to_a_legal_cell(&mut self) {
        let legal = self.game().legal_cells();
        if legal.is_empty() || legal.contains(&self.board.cursor) {
            return;
        }
        let (r, c) = self.board.cursor;
        let distance = |&(lr, lc): &Cell| lr.abs_diff(r).pow(2) + lc.abs_diff(c).pow(2);
        if let Some(&best) = legal.iter().min_by_key(|cell| distance(cell)) {
            self.board.cursor = best;
        }
    }

    fn on_key(&mut self, key: KeyEvent, now: Instant) {
        let action = keymap::action_for(self.key_mode(), self.context(), key);
        if self.screen_key(key, action, view::help_scroll_limit(self)) {
            return;
        }
        if G::LEAN && self.hex_key(key) {
            return;
        }
        let Some(action) = action else {
            return self.key_not_offered(key);
        };
        if !matches!(action, Action::LogUp | Action::LogDown) {
            self.note = None;
        }
        if self.motion_key(action, now) {
            return;
        }
        match self.key_mode() {
            KeyMode::Play => self.play_action(action, now),
            KeyMode::Replay => self.replay_action(action, now),
        }
    }

    /// The keys only a leaning board of hexagons has: Home and End step the cursor up-left
    /// and down-right (the arrows take the other four directions), `z` zooms out and in.
    fn hex_key(&mut self, key: KeyEvent) -> bool {
        if !key.modifiers.difference(KeyModifiers::SHIFT).is_empty() {
            return false;
        }
        let (rows, cols) = self.game().dims();
        let (r, c) = self.board.cursor;
        match key.code {
            KeyCode::Home if self.key_mode() == KeyMode::Play => {
                self.board.cursor = (r.saturating_sub(1), c.saturating_sub(1));
            }
            KeyCode::End if self.key_mode() == KeyMode::Play => {
                self.board.cursor = ((r + 1).min(rows - 1), (c + 1).min(cols - 1));
            }
            KeyCode::Char('z') => {
                self.board.zoomed_out = !self.board.zoomed_out;
                let text = if self.board.zoomed_out {
                    "Zoomed out: a character a cell, rows square; z zooms back in"
                } else {
                    "Zoomed in"
                };
                self.say(text);
                return true;
            }
            _ => return false,
        }
        self.note = None;
        true
    }

    /// Opens the help at its top.
    fn open_help(&mut self) {
        self.help = true;
        self.help_top = 0;
    }

    /// A key of play: the board's own, then those a replay offers too.
    fn play_action(&mut self, action: Action, now: Instant) {
        match action {
            Action::Up | Action::Down | Action::Left | Action::Right => self.move_cursor(action),
            Action::Confirm => self.place_at_cursor(now),
            Action::ToggleHints if !G::HINTS => {}
            Action::ToggleHints => self.hints = !self.hints,
            Action::TakeBack => self.take_back(now),
            _ => self.replay_action(action, now),
        }
    }

    /// The keys a replay offers, which play offers as well: help, the log, a new game, quit.
    fn replay_action(&mut self, action: Action, now: Instant) {
        match action {
            Action::ToggleHelp => self.open_help(),
            Action::LogUp => {
                self.board.log_back = (self.board.log_back + 5).min(self.history().len())
            }
            Action::LogDown => self.board.log_back = self.board.log_back.saturating_sub(5),
            Action::NewGame => self.ask_new_game(now),
            Action::Quit => self.quit = true,
            _ => {}
        }
    }

    fn move_cursor(&mut self, action: Action) {
        let (rows, cols) = self.game().dims();
        let (r, c) = self.board.cursor;
        self.board.cursor = match action {
            Action::Up => (r.saturating_sub(1), c),
            Action::Down => ((r + 1).min(rows.saturating_sub(1)), c),
            Action::Left => (r, c.saturating_sub(1)),
            Action::Right => (r, (c + 1).min(cols.saturating_sub(1))),
            _ => (r, c),
        };
    }

    fn place_at_cursor(&mut self, now: Instant) {
        if self.game().is_over() {
            self.say("The game is over.");
            return;
        }
        // A move playing out ends at once for the next one, as in Three Trios.
        if self.motion.animation.is_some() && self.motion.replay.is_none() {
            self.motion.skip_animation(now, self.paced());
        }
        if !self.human_to_move() {
            return self.not_your_turn();
        }
        let mv = G::place(self.board.cursor);
        if let Some(table) = &mut self.table {
            // Checked here for a quick answer; the table decides and announces it.
            if let Err(refusal) = self.duel.game().clone().play(mv) {
                self.warn(&refusal.to_string());
                return;
            }
            table.request(Request::Play(mv));
            return;
        }
        self.play(mv, now);
    }

    /// Why a move cannot be made now, worded as in Three Trios: `Wait: Light (expert) is to
    /// move`, or the table still waits for a player. Nothing while this screen's own move is
    /// on its way to the table, or once the table has closed (the status bar says so).
    fn not_your_turn(&mut self) {
        if self.waiting_for_opponent() {
            return self.warn("Waiting for an opponent to join this table");
        }
        if self.table_busy() || self.table_closed().is_some() {
            return;
        }
        let side = self.game().to_move();
        let text = format!(
            "Wait: {} ({}) is to move",
            G::side_title(side),
            self.seat_beside(side)
        );
        self.warn(&text);
    }

    /// Deals a new match from this one's setup (`n` answered, or no game going on).
    fn deal_new_game(&mut self, now: Instant) {
        match (self.board.new_duel)(self.duel.config()) {
            Ok(mut duel) => {
                self.states = states_of(&duel);
                self.computer.start(duel.take_strategies(), &self.events);
                self.duel = duel;
                self.motion.stop();
                self.motion.replay = None;
                self.motion.paused = false;
                self.board.log_back = 0;
                self.say("New game");
                self.after_move(now);
            }
            Err(e) => self.warn(&e),
        }
    }

    fn on_mouse(&mut self, mouse: MouseEvent, now: Instant) {
        match mouse.kind {
            MouseEventKind::ScrollUp => {
                self.board.log_back = (self.board.log_back + WHEEL_LINES).min(self.history().len());
            }
            MouseEventKind::ScrollDown => {
                self.board.log_back = self.board.log_back.saturating_sub(WHEEL_LINES)
            }
            MouseEventKind::Down(MouseButton::Left) => {
                if let Some(cell) = view::cell_at(self, mouse.column, mouse.row) {
                    self.board.cursor = cell;
                    self.note = None;
                    if self.motion.replay.is_none()
                        && !matches!(self.context(), Context::Watching | Context::TableSpectator)
                    {
                        self.place_at_cursor(now);
                    }
                }
            }
            _ => {}
        }
    }
}
