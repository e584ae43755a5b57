//! One match screen for every duel: the match and its positions, the computer seats, the
//! table, the board's motion (animation, replay, pause, pace), the status note, the help,
//! and quitting. A game brings only its board (`B`): the cursor and how keys and clicks
//! move it, what a move is, and how the board is drawn.

use crate::tui::Transition;
use crate::tui::event::Sender;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use std::time::Instant;

use super::words::{self, Answer};
use super::{
    Computer, DuelLink, Heard, Incoming, Lifetime, Motion, Note, Playback, REMARK_LIFETIME, mirror,
    states_of,
};
use crate::controller::Seat;
use crate::controller::duel::{Duel, DuelConfig, Setup, Turn};
use crate::controller::table::{News, Role, TableId};
use crate::controller::table_game::TableGame;
use crate::games::Side;
use crate::games::TwoPlayer;
use crate::tui::event::Event;
use crate::tui::keymap::{self, Action, Context, KeyMode};
use crate::tui::timeline::{self, Point, Steps};
use crate::tui::view::theme::Theme;

/// What a game brings to the match screen: its position type, the setup a table deals,
/// and (as the value itself) its board's own state: cursor, scroll, the key being typed.
pub trait MatchBoard: Sized {
    /// A position of the game.
    type Game: TwoPlayer;
    /// The setup a shared table deals the game from.
    type Setup: TableGame<Move = <Self::Game as TwoPlayer>::Move>
        + Setup<Game = Self::Game>
        + From<DuelConfig<Self::Game>>;

    /// Plays `mv` (a computer's, or one a table announced) for the side to move, shown the
    /// game's way: its animation, its cursor, what it says.
    fn show_move(screen: &mut MatchScreen<Self>, mv: <Self::Game as TwoPlayer>::Move, now: Instant);

    /// A fresh match is on the screen (a table's new deal): the board starts over.
    fn start_over(screen: &mut MatchScreen<Self>, now: Instant);

    /// Deals a new match here from this one's setup (`n`, answered if a game was on).
    fn new_game(screen: &mut MatchScreen<Self>, now: Instant);

    /// Moves were taken back (`u`): the board follows the position now shown.
    fn taken_back(screen: &mut MatchScreen<Self>, now: Instant);

    /// A key pressed (not a release, not the answer to a question): the game's keys.
    fn key(screen: &mut MatchScreen<Self>, key: KeyEvent, now: Instant);

    /// A mouse event over the screen.
    fn mouse(screen: &mut MatchScreen<Self>, mouse: MouseEvent, now: Instant);

    /// The table news in `event`, if it carries this game's.
    fn news(event: Event) -> Option<(TableId, News<Self::Setup>)>;

    /// Whether the board is hidden behind the "too small" screen (then only quitting works).
    fn hidden(screen: &MatchScreen<Self>) -> bool;

    /// After each event, once the match has moved on: what the board keeps up to date.
    fn settle(_screen: &mut MatchScreen<Self>, _now: Instant) {}

    /// Whether `mv` is a pass forced on the player (played for them, not chosen): take
    /// back goes past it to the last move a person chose.
    fn is_pass(_mv: <Self::Game as TwoPlayer>::Move) -> bool {
        false
    }
}

/// The screen of one match of a two-player game.
///
/// Invariants: `states.len() == duel.history().len() + 1` and `states[i]` is the position
/// before move `i` (the last entry is the live one); every computer request in flight
/// carries the computer's current ticket; `table` is set exactly when the match is played
/// at a shared table (then there is no computer here).
pub struct MatchScreen<B: MatchBoard> {
    pub(crate) duel: Duel<B::Game>,
    pub(crate) states: Vec<B::Game>,
    pub(crate) events: Sender<Event>,
    /// The computer seats here (none at a table, which plays its own).
    pub(crate) computer: Computer<B::Game>,
    /// Set when the match is played at a shared table rather than here.
    pub(crate) table: Option<DuelLink<B::Setup>>,
    /// The last move playing out, the replay, the watcher's pause and pace.
    pub(crate) motion: Motion,
    /// What the status line says, if anything.
    pub(crate) note: Option<Note>,
    /// Opened from a record: there is no live play, only the replay.
    pub(crate) viewer: bool,
    pub(crate) hints: bool,
    pub(crate) help: bool,
    /// The help's first shown row, when it is taller than the screen.
    pub(crate) help_top: usize,
    /// `n` asked whether to deal a new game while one is on; the next key answers.
    pub(crate) confirm_new: bool,
    pub(crate) size: (u16, u16),
    pub(crate) theme: Theme,
    /// The time of the event being applied (notes take their deadline from it).
    pub(crate) clock: Instant,
    pub(crate) quit: bool,
    /// Ctrl-Z was pressed: the terminal loop should suspend the process.
    pub(crate) suspend: bool,
    /// The game's own board state.
    pub(crate) board: B,
}

impl<B: MatchBoard> MatchScreen<B>
where
    Turn<B::Game>: Steps,
{
    /// A screen of `duel` drawn `size` large in `theme`, with `board` for its board; computer
    /// answers come back through `events`. Nothing moves yet.
    pub(crate) fn with_board(
        duel: Duel<B::Game>,
        board: B,
        events: Sender<Event>,
        size: (u16, u16),
        theme: Theme,
    ) -> MatchScreen<B> {
        MatchScreen {
            states: states_of(&duel),
            duel,
            events,
            computer: Computer::none(),
            table: None,
            motion: Motion::new(super::PACE),
            note: None,
            viewer: false,
            hints: false,
            help: false,
            help_top: 0,
            confirm_new: false,
            size,
            theme,
            clock: Instant::now(),
            quit: false,
            suspend: false,
            board,
        }
    }

    /// The current position of the match.
    pub fn game(&self) -> &B::Game {
        self.duel.game()
    }

    /// Every move so far and what it did, oldest first.
    pub fn history(&self) -> &[Turn<B::Game>] {
        self.duel.history()
    }

    /// The match as it stands (for saving and for what the screen says at the end).
    pub fn duel(&self) -> &Duel<B::Game> {
        &self.duel
    }

    /// The match, for the front end to report on once the screen ends.
    pub fn into_duel(self) -> Duel<B::Game> {
        self.duel
    }

    /// Whether the screen asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether moves play out step by step.
    pub fn animations(&self) -> bool {
        self.motion.animations
    }

    /// Moves play out step by step (the default) or show their end at once
    /// (`--no-animation`).
    pub fn set_animations(&mut self, on: bool) {
        self.motion.animations = on;
    }

    /// The replay's position, when open.
    pub fn replay(&self) -> Option<Playback> {
        self.motion.replay
    }

    /// Whether the last move is playing out on the live board.
    pub fn animating(&self) -> bool {
        self.motion.animation.is_some()
    }

    /// Whether a watched match is paused.
    pub fn paused(&self) -> bool {
        self.motion.paused
    }

    /// The status line's note, if any.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// Which key table applies now: the replay's or the game's.
    pub fn key_mode(&self) -> KeyMode {
        if self.motion.replay.is_some() {
            KeyMode::Replay
        } else {
            KeyMode::Play
        }
    }

    /// When the screen next needs an [`Event::Tick`], if at all: a step of the board's
    /// motion, the end of a watcher's pause, a note fading. `None`: nothing is moving, the
    /// loop may sleep until input arrives.
    pub fn next_tick(&self) -> Option<Instant> {
        let fades = self.note.as_ref().and_then(Note::due);
        let ticks = self.clock_tick(self.clock);
        [self.motion.next_tick(), fades, ticks]
            .into_iter()
            .flatten()
            .min()
    }

    /// The point of the match the board shows: the replay's, the animation's, or the end.
    pub fn shown_point(&self) -> Point {
        let history = self.history();
        timeline::point(history, self.motion.shown_index(timeline::last(history)))
    }

    /// The position at the point shown: before the first move at the start, else after the
    /// whole move being shown (its score and counts).
    pub fn shown_game(&self) -> &B::Game {
        let index = match self.shown_point() {
            Point::Start => 0,
            Point::Move { mv, .. } => mv + 1,
        };
        self.states
            .get(index)
            .or(self.states.last())
            .unwrap_or(self.duel.game())
    }

    /// Drops the note once it is no longer true: a move was played or taken back since it
    /// was said, or its time is up.
    pub(crate) fn expire_note(&mut self) {
        let moves = self.history().len();
        if self
            .note
            .as_ref()
            .is_some_and(|n| n.expired(moves, self.clock))
        {
            self.note = None;
        }
    }

    /// Whether a person plays `side` here.
    pub fn is_person(&self, side: Side) -> bool {
        *self.duel.config().seat(side) == Seat::Human
    }

    /// Where this screen is used, which decides the keys that work and how help reads.
    pub fn context(&self) -> Context {
        let humans = Side::BOTH.iter().filter(|&&s| self.is_person(s)).count();
        let table = self.table.as_ref().map(|t| (t.role(), t.kind));
        super::context(self.viewer, table, humans)
    }

    /// The match is watched, not played: computers in both seats here, or a spectator's
    /// table. Space pauses it and `.` plays one move.
    pub fn watching(&self) -> bool {
        matches!(self.context(), Context::Watching | Context::TableSpectator)
    }

    /// Computers play both seats here: each move is held a while once shown. (A table is
    /// paced by its server.)
    pub(crate) fn paced(&self) -> bool {
        self.context() == Context::Watching
    }

    /// Whether this table still waits for a second player.
    pub fn waiting_for_opponent(&self) -> bool {
        self.table
            .as_ref()
            .is_some_and(DuelLink::waiting_for_opponent)
    }

    /// A passing remark: goes after a while, or when a move is played.
    pub(crate) fn say(&mut self, text: &str) {
        let lifetime = Lifetime::Until(self.history().len(), self.clock + REMARK_LIFETIME);
        self.note = Some(Note::new(text, false, lifetime));
    }

    /// A refusal or a problem: stays until the next key, or until a move is played.
    pub(crate) fn warn(&mut self, text: &str) {
        let lifetime = Lifetime::Turn(self.history().len());
        self.note = Some(Note::new(text, true, lifetime));
    }

    /// `+`/`-`: shorter or longer steps, said in the status line's words
    /// (`Speed 0.20 s/step`).
    pub(crate) fn change_speed(&mut self, faster: bool) {
        let text = self.motion.pace.change(faster);
        self.say(&text);
    }

    /// What the table said.
    pub(crate) fn heard(&mut self, news: News<B::Setup>) {
        let shown = self.history().len();
        let Some(table) = &mut self.table else { return };
        match table.receive(news, shown) {
            Heard::Nothing => {}
            Heard::Notice(text) => self.say(&text),
            Heard::Refused(text) => self.warn(&text),
            // The status line says the table is closed for as long as the table is shown,
            // in place of whatever was said before.
            Heard::Closed => self.note = None,
        }
    }

    /// The keys every duel treats alike, whatever its board: the replay's (walking, play
    /// and pause, back to the game), the watcher's (Space pauses, Enter too, `.` plays one
    /// move), the pace, and the animation's (`s` skips it, `a` turns them off or on). Gives
    /// whether `action` was one of them.
    pub(crate) fn motion_key(&mut self, action: Action, now: Instant) -> bool {
        if self.motion.replay.is_some() {
            if self.motion.replay_key(self.duel.history(), action, now) {
                return true;
            }
            match action {
                Action::Cancel | Action::Replay => self.motion.close_replay(now),
                Action::Faster | Action::Slower => self.change_speed(action == Action::Faster),
                _ => return false,
            }
            return true;
        }
        let watching = self.watching();
        match action {
            Action::Faster | Action::Slower => self.change_speed(action == Action::Faster),
            // The status line says the match is paused, and the keys to go on.
            Action::Pause | Action::Confirm if watching => {
                self.motion.toggle_pause();
            }
            Action::StepOne if watching => self.motion.step_one(),
            Action::SkipAnimation => self.motion.skip_animation(now, self.paced()),
            Action::ToggleAnimations => {
                let on = self.motion.toggle_animations(now, self.paced());
                self.say(words::animations(on));
            }
            Action::Replay => self.open_replay(now),
            _ => return false,
        }
        true
    }

    /// `r`: replays the last move, playing.
    fn open_replay(&mut self, now: Instant) {
        let history = self.history();
        if history.is_empty() {
            return self.warn(words::NOTHING_TO_REPLAY);
        }
        let start = timeline::move_start(history, history.len() - 1);
        self.motion.open_replay(start, now);
    }

    /// A computer's answer to the screen's latest question (older ones are dropped).
    pub(crate) fn chosen(&mut self, ticket: u64, index: Option<usize>) {
        let Some(answer) = self.computer.answer(ticket, index, self.duel.game()) else {
            return;
        };
        if answer.is_none() {
            self.warn("The computer found no move");
        }
        self.computer.queue(answer);
    }

    /// Keeps the match going: at a table, shows the news that may show now; here, asks a
    /// computer seat for its move when it is to move, and plays the answer once it may show
    /// (the last move shown, and a watcher's pause over).
    pub(crate) fn drive(&mut self, now: Instant) {
        if self.table.is_some() {
            return self.show_incoming(now);
        }
        // Bounded: a round that plays a move is followed by one that asks for the next.
        loop {
            if self.viewer || self.duel.is_over() || self.motion.replay.is_some() {
                return;
            }
            self.start_clock(now);
            let game = self.duel.game();
            if self.is_person(game.to_move()) {
                return;
            }
            let Some(mv) = self.computer.queued() else {
                if !self.computer.thinking() {
                    let budget = self.computer_budget(now);
                    self.computer.ask(self.duel.game(), budget);
                }
                return;
            };
            if self.motion.next_move_waits(now, self.watching()) {
                return;
            }
            self.computer.queue(None);
            B::show_move(self, mv, now);
        }
    }

    /// At a table: shows what was announced, in order, as far as it may show now.
    fn show_incoming(&mut self, now: Instant) {
        // Bounded: each round takes one piece of news off the queue.
        while self.show_next(now) {}
    }

    /// Shows the next piece of a table's news if it may show now; gives whether it did.
    fn show_next(&mut self, now: Instant) -> bool {
        let to_move = self.duel.game().to_move();
        let own = self.table.as_ref().is_some_and(|t| {
            t.role() == Role::Plays(to_move)
                && matches!(t.incoming.front(), Some(Incoming::Move(_)))
        });
        if !self.motion.table_news_shows(now, self.watching(), own) {
            return false;
        }
        let Some(next) = self.table.as_mut().and_then(|t| t.incoming.pop_front()) else {
            return false;
        };
        match next {
            Incoming::Move(mv) => B::show_move(self, mv, now),
            Incoming::OnTime(side) => self.show_flag(side, now),
            Incoming::Deal(config) => match mirror(&*config, &[]) {
                Ok(duel) => {
                    self.states = states_of(&duel);
                    self.duel = duel;
                    if let Some(table) = &mut self.table {
                        table.sent = false;
                    }
                    self.computer.queue(None);
                    self.motion.stop();
                    self.motion.replay = None;
                    self.confirm_new = false;
                    B::start_over(self, now);
                    self.say("New deal");
                    // The fresh board shows for a step before any move waiting behind it.
                    self.motion.rest(now);
                }
                Err(e) => self.warn(&format!("Cannot show the new deal: {e}")),
            },
        }
        true
    }

    /// `n`: at a table, the table's to deal; here, at once when no game is going on, and
    /// after a y/n question otherwise. A record's replay deals nothing.
    pub(crate) fn ask_new_game(&mut self, now: Instant) {
        if self.viewer {
            return;
        }
        let over = self.duel.is_over();
        if let Some(table) = &mut self.table {
            if let Err(why) = table.ask_new_deal(over) {
                self.warn(&why);
            }
            return;
        }
        if over || self.history().is_empty() {
            return B::new_game(self, now);
        }
        self.confirm_new = true;
        let question = words::new_game_question(self.duel.record_path().is_some());
        self.note = Some(Note::new(&question, false, Lifetime::Answer));
    }

    /// A key while the new-game question is open answers it: `y` deals, Ctrl-C quits,
    /// anything else goes on. Gives whether the question was open.
    pub(crate) fn answer_key(&mut self, key: KeyEvent, now: Instant) -> bool {
        if !self.confirm_new {
            return false;
        }
        self.confirm_new = false;
        self.note = None;
        match words::answer(key) {
            Answer::Quit => self.quit = true,
            Answer::Yes => B::new_game(self, now),
            Answer::No => {}
        }
        true
    }

    /// After the match played a move: the new position joins the points replay and
    /// animation draw from (keeping one position per move, plus the start).
    pub(crate) fn played(&mut self) {
        self.states.push(self.duel.game().clone());
    }

    /// The last move a person here chose (not a pass forced on them): where `u` takes the
    /// match back to.
    fn last_chosen_by_a_person(&self) -> Option<usize> {
        self.history()
            .iter()
            .rposition(|t| self.is_person(t.side) && !B::is_pass(t.mv))
    }

    /// Whether `u` would take a move back now: a match played here (not at a table, not a
    /// record viewed) in which a person has chosen a move.
    pub fn can_take_back(&self) -> bool {
        self.table.is_none()
            && !self.viewer
            && self.duel.config().clock.is_none()
            && self.last_chosen_by_a_person().is_some()
    }

    /// `u`: takes back the last move of a person here and every move after it.
    pub(crate) fn take_back(&mut self, now: Instant) {
        if self.table.is_some() {
            return self.warn(words::NO_TAKE_BACK_AT_A_TABLE);
        }
        if self.duel.config().clock.is_some() {
            return self.warn("No takebacks on the clock");
        }
        let history = self.history();
        let Some(mine) = self.last_chosen_by_a_person() else {
            return self.warn(words::NOTHING_TO_TAKE_BACK);
        };
        let count = history.len() - mine;
        if let Err(e) = self.duel.take_back(count) {
            return self.warn(&format!("Cannot take back: {e}"));
        }
        // A computer move being thought about or waiting to show is for a position gone.
        self.computer.forget();
        self.states.truncate(self.history().len() + 1);
        self.motion.stop();
        B::taken_back(self, now);
        if let Some(e) = self.duel.take_record_error() {
            return self.warn(&e.to_string());
        }
        self.say(words::took_back(count));
    }

    /// Applies one event: every change of the screen goes through here. Time moves on to
    /// `now`, then the match (a computer's move, a table's news), then the note's life. Says
    /// what the shell is to do next: stay, or pop the screen once it quits, or suspend.
    pub fn update(&mut self, event: Event, now: Instant) -> Transition {
        self.apply(event, now);
        Transition::after(self.quit, &mut self.suspend)
    }

    fn apply(&mut self, event: Event, now: Instant) {
        self.clock = now.max(self.clock);
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Release => {}
            Event::Key(key) => {
                if !self.answer_key(key, now) {
                    B::key(self, key, now);
                }
            }
            Event::Mouse(mouse) => {
                if !self.mouse_on_help(mouse) {
                    B::mouse(self, mouse, now);
                }
            }
            Event::Resize(w, h) => self.size = (w, h),
            Event::Chosen { ticket, index } => self.chosen(ticket, index),
            Event::Terminate | Event::Shutdown => self.quit = true,
            other => {
                // News from a table this screen has left is not for it.
                if let Some((id, news)) = B::news(other)
                    && self.table.as_ref().is_some_and(|t| t.link.id == id)
                {
                    self.heard(news);
                }
            }
        }
        // The help covers the board: what plays by itself waits for it to close, except at
        // a table, whose game goes on for everyone.
        self.motion
            .hold_still(self.help && self.table.is_none(), now);
        let last = timeline::last(self.history());
        self.motion.tick(now, last, self.paced());
        self.check_flag(now);
        self.drive(now);
        B::settle(self, now);
        self.expire_note();
    }

    /// The keys that act alike whatever the board: with the help open, arrows and page keys
    /// scroll it when it is taller than the screen (`help_limit` rows can be scrolled), `q`
    /// and Ctrl-C quit, any other key closes it; Ctrl-Z suspends a local terminal. Gives
    /// whether the key was taken (`action` is what the keymap makes of it).
    pub(crate) fn screen_key(
        &mut self,
        key: KeyEvent,
        action: Option<Action>,
        help_limit: usize,
    ) -> bool {
        if self.help {
            self.help_key(key, action, help_limit);
            return true;
        }
        match action {
            Some(Action::Suspend) => {}
            // With the game hidden behind the "too small" screen, only quitting makes sense.
            Some(action) if action != Action::Quit && B::hidden(self) => return true,
            _ => return false,
        }
        // Only a local terminal can be handed back to its shell.
        if self.table.is_some() {
            self.say("Ctrl-Z does nothing over SSH: q goes back to the lobby");
        } else {
            self.suspend = true;
        }
        true
    }

    fn help_key(&mut self, key: KeyEvent, action: Option<Action>, limit: usize) {
        let page = usize::from(self.size.1.saturating_sub(4)).max(1);
        let top = self.help_top;
        let scrolls = limit > 0;
        self.help_top = match key.code {
            KeyCode::Up | KeyCode::Char('k') if scrolls => top.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') if scrolls => top + 1,
            KeyCode::PageUp if scrolls => top.saturating_sub(page),
            KeyCode::PageDown if scrolls => top + page,
            KeyCode::Home if scrolls => 0,
            KeyCode::End if scrolls => usize::MAX,
            _ if action == Some(Action::Quit) => {
                self.quit = true;
                return;
            }
            _ => {
                self.help = false;
                return;
            }
        };
        self.help_top = self.help_top.min(limit);
    }

    /// With the help open the mouse acts on it alone: a click closes it, the rest does
    /// nothing. Gives whether the help was open.
    fn mouse_on_help(&mut self, mouse: MouseEvent) -> bool {
        if !self.help {
            return false;
        }
        if matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
            self.help = false;
        }
        true
    }

    /// A key that does something elsewhere but not here: says why, where it is not obvious
    /// (a match watched, a record, a spectator's seat).
    pub(crate) fn key_not_offered(&mut self, key: KeyEvent) {
        let anywhere = keymap::action_for(self.key_mode(), Context::Local { computer: false }, key);
        if anywhere.is_none() || B::hidden(self) {
            return;
        }
        match self.context() {
            Context::TableSpectator => self.warn("You are watching: only the players move"),
            Context::Viewer => self.warn("A recorded match, to view only: ? lists the keys"),
            Context::Watching => self.warn("Computers play both seats: ? lists the keys"),
            Context::Local { .. } | Context::TablePlayer { .. } => {}
        }
    }
}
