//! Hex paths full screen: rounds against the clock on the 217-cell hexagon, alone, several
//! people at one keyboard, or against computer rivals. A piece is picked (Tab, or a click),
//! then a direction (`w e / a d / z x`, or roguelike `y u / h l / b n`, or a click on a
//! step's end, which the screen marks); the path draws as it is entered, Backspace takes a
//! step back. Enter submits a lone player's move, or announces its length in a race; several
//! people announce with their own key (`1`–`4`) and a number. When the time is up the
//! lowest announcement demonstrates; at the end of the round the optimal move plays out, and
//! `r` replays it. State changes only in [`HexPathsScreen::update`]; `view` draws it.

pub mod keys;
mod table;
mod view;

pub use table::{Ask, HexLink};

use crate::tui::Transition;
use crate::words::{YOU, count, subject};
use std::ops::Deref;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseEvent};

use super::Event;
use super::keymap::{self, ScreenAction as Action};
use super::race_screen::{self, Question, RaceBase, RaceBoard, Rivals, Word};
use super::view::theme::Theme;
use crate::controller::race_table::hexpaths::{HexNews, HexRequest};
use crate::controller::table::SeatState;
use crate::games::hexpaths::round::{Demonstration, Game, Rival, Settings};
use crate::games::hexpaths::{Cell, Cells, Dir, Step, next_step};
use crate::record::RecordError;
use crate::record::hexpaths::{self as hex_record, HexRecorder};
use crate::record::race::RaceRecord;
pub use keys::{DIRECTION_KEYS, direction_of};

/// How long each step of a move shown takes.
const SHOW_STEP: Duration = Duration::from_millis(600);
/// How long a note stays.
const NOTE_LIFETIME: Duration = Duration::from_secs(6);

/// `Your move` for the person called `you` (the name a lone player goes by), `ivy's move`
/// for anyone else.
pub(crate) fn whose_move(name: &str) -> String {
    if name == YOU {
        "Your move".to_string()
    } else {
        format!("{name}'s move")
    }
}

/// Where a round stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// At a server's table: players gather; the game has not begun.
    Waiting,
    /// The clock runs: moves are tried, and announced in a race.
    Thinking,
    /// The time is up: player `player` shows the move they announced.
    Demonstrating { player: usize },
    /// The round is over; its moves can be watched again.
    Done,
    /// The last round is over: the final table.
    Over,
}

/// A move being played out on the board.
#[derive(Debug, Clone)]
pub struct Showing {
    /// Whose move, and what it is.
    pub title: String,
    pub steps: Vec<Step>,
    /// Steps shown so far.
    pub shown: usize,
    next_at: Instant,
    /// Stepped by hand (←/→): the move waits for the next key.
    paused: bool,
    /// Once it has played out, the pieces go back to where the game has them (the shortest
    /// move is shown, but the winner's move is the one that stays).
    pub(crate) settled: bool,
}

/// One screen's game of Hex paths.
pub struct HexPathsScreen {
    game: Game,
    /// Who plays at this screen: this many people, then the computer rivals (none at a
    /// table, whose players the table knows).
    people: usize,
    /// Each rival plans its move as a round begins, and announces it when its time comes.
    rivals: Rivals<Rival, Vec<Step>>,
    pub(crate) phase: Phase,
    /// Where the pieces stand on the board shown (the round's start plus the steps entered,
    /// or a move being shown).
    pub(crate) pieces: Vec<Cell>,
    /// The steps entered so far.
    pub(crate) steps: Vec<Step>,
    /// The piece picked (its index among the pieces).
    pub(crate) picked: usize,
    /// The move each person announced with, kept to demonstrate it.
    moves: Vec<Option<Vec<Step>>>,
    /// Players who already demonstrated and failed this round.
    failed: Vec<usize>,
    /// A person typing an announcement: who, and the digits so far.
    pub(crate) typing: Option<(usize, String)>,
    pub(crate) showing: Option<Showing>,
    /// The round's winner, once known.
    pub(crate) winner: Option<(usize, Vec<Step>)>,
    pub(crate) numbers: bool,
    /// The step a hint showed (`H`), marked on the board until a step is entered or taken
    /// back.
    pub(crate) hint: Option<Step>,
    /// The round's clock (or the countdown between rounds at a table), the status line,
    /// help, quitting: what every race screen has.
    pub(crate) shell: RaceBase,
    /// The server's table deciding the game, when it is there.
    table: Option<HexLink>,
    /// The record a lone player's game is saved in, round by round, when it is saved.
    record: Option<HexRecorder>,
    /// Played as the day's puzzle: one game, no other (`n` starts none).
    daily: bool,
    /// The time the rounds took so far (each round's clock when it ended).
    thought: Duration,
}

impl HexPathsScreen {
    /// A game from `seed` for `people` at this keyboard (at least one) and computer `rivals`.
    pub fn new(
        seed: u64,
        settings: Settings,
        people: Vec<String>,
        rivals: Vec<Rival>,
        size: (u16, u16),
        theme: Theme,
    ) -> HexPathsScreen {
        let mut names = if people.is_empty() {
            vec![YOU.to_string()]
        } else {
            people
        };
        let people = names.len();
        names.extend(rivals.iter().map(|r| r.level.to_string()));
        let rivals = Rivals::new(rivals.into_iter().enumerate().map(|(i, r)| (people + i, r)));
        let game = Game::new(seed, settings, names);
        let mut app = HexPathsScreen::build(game, people, rivals, size, theme);
        app.next_round();
        app
    }

    /// A screen on `game` for `people` and `rivals`, before any round.
    fn build(
        game: Game,
        people: usize,
        rivals: Rivals<Rival, Vec<Step>>,
        size: (u16, u16),
        theme: Theme,
    ) -> HexPathsScreen {
        HexPathsScreen {
            pieces: game.pieces().to_vec(),
            moves: vec![None; people + rivals.len()],
            game,
            people,
            rivals,
            phase: Phase::Thinking,
            steps: Vec::new(),
            picked: 0,
            failed: Vec::new(),
            typing: None,
            showing: None,
            winner: None,
            numbers: false,
            hint: None,
            shell: RaceBase::new(size, theme, Some(NOTE_LIFETIME)),
            table: None,
            record: None,
            daily: false,
            thought: Duration::ZERO,
        }
    }

    /// This lone game played as the day's puzzle: the only game (`n` starts no other), and
    /// it says so.
    pub fn as_daily(mut self) -> HexPathsScreen {
        self.daily = true;
        self.say(
            "Today's puzzle: score what you can; ties go to the faster.",
            false,
        );
        self
    }

    /// This lone game saved in the record made for it, or played unsaved with the reason
    /// said when none could be made.
    pub fn autosaved(mut self, recorder: Result<HexRecorder, String>) -> HexPathsScreen {
        match recorder {
            Ok(recorder) => self.record = Some(recorder),
            Err(why) => self.say(&format!("Not saved: {why}"), true),
        }
        self
    }

    /// The lone game saved in `recorder`, continued where it was left: its rounds played
    /// again, the round going on at the time it had.
    pub fn resume(
        recorder: HexRecorder,
        size: (u16, u16),
        theme: Theme,
    ) -> Result<HexPathsScreen, RecordError> {
        let name = recorder.name();
        let game = recorder.record().replay_moves(&name)?;
        let mut app = HexPathsScreen::build(game, 1, Rivals::new(Vec::new()), size, theme);
        app.next_round();
        app.shell.set_clock(recorder.record().clock());
        // A hint taken in the round going on when the game was left still counts.
        if recorder.record().round_hinted {
            let _ = app.game.take_hint();
        }
        app.record = Some(recorder);
        let played = app.game.outcomes().len();
        app.say(
            &format!("Game resumed after {}.", count(played, "round")),
            false,
        );
        Ok(app)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The steps entered so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Where the pieces stand on the board shown.
    pub fn pieces(&self) -> &[Cell] {
        &self.pieces
    }

    /// The piece picked, by its index.
    pub fn picked(&self) -> usize {
        self.picked
    }

    pub fn should_quit(&self) -> bool {
        self.shell.should_quit()
    }

    /// People at this keyboard.
    pub fn people(&self) -> usize {
        self.people
    }

    /// Whether this is a race (several players), not a lone player against the clock.
    pub fn racing(&self) -> bool {
        self.people + self.rivals.len() > 1 || self.table.is_some()
    }

    /// Whether player `i` is a person at this keyboard (at a table: this screen's player).
    pub fn is_person(&self, i: usize) -> bool {
        match &self.table {
            Some(_) => self.table_you() == Some(i),
            None => i < self.people,
        }
    }

    /// Time since the round began.
    fn at(&self) -> Duration {
        self.shell.at()
    }

    /// The time left in the round.
    pub fn time_left(&self) -> Duration {
        match self.phase {
            Phase::Thinking => self.game.settings().round_time.saturating_sub(self.at()),
            _ => Duration::ZERO,
        }
    }

    /// When the screen must be drawn again unasked.
    pub fn next_tick(&self) -> Option<Instant> {
        let mut wake: Vec<Instant> = Vec::new();
        // A move being shown wakes the screen for each step, and once more after the last
        // for a demonstration to be judged.
        if let Some(show) = &self.showing
            && !show.paused
            && (show.shown < show.steps.len()
                || matches!(self.phase, Phase::Demonstrating { .. })
                || !show.settled)
        {
            wake.push(show.next_at);
        }
        // The round's clock, or at a table the countdown to the next round, each second.
        if self.phase == Phase::Thinking || self.next_round_in().is_some() {
            wake.push(self.shell.next_second());
        }
        wake.extend(self.shell.note_due());
        wake.into_iter().min()
    }

    fn say(&mut self, text: &str, error: bool) {
        self.shell.say(text, error);
    }

    /// The pieces as the steps entered leave them.
    fn occupied(&self) -> Cells {
        Cells::of(&self.pieces)
    }

    /// Where a step of the picked piece in each direction ends, on the board shown.
    pub fn step_ends(&self) -> [Option<Cell>; 6] {
        let Some(&from) = self.pieces.get(self.picked) else {
            return [None; 6];
        };
        if !self.entering() {
            return [None; 6];
        }
        self.game.board().steps(from, &self.occupied())
    }

    /// Whether steps can be entered now, and by whom it is clear.
    pub fn entering(&self) -> bool {
        match self.phase {
            // At a table, each screen enters its own player's move.
            Phase::Thinking if self.table.is_some() => self.table_you().is_some(),
            // Several people race by announcing; the board is for the one who demonstrates.
            Phase::Thinking => self.people() == 1,
            Phase::Demonstrating { player } => self.is_person(player) && self.showing.is_none(),
            _ => false,
        }
    }

    /// The step the last hint showed, while it stands.
    pub fn hint(&self) -> Option<Step> {
        self.hint
    }

    /// Draws the next round's objective and sets the clock.
    fn next_round(&mut self) {
        self.hint = None;
        self.steps.clear();
        self.failed.clear();
        self.winner = None;
        self.showing = None;
        self.typing = None;
        self.moves = vec![None; self.people + self.rivals.len()];
        self.shell.restart_clock();
        if self.game.start_round().is_none() {
            self.phase = Phase::Over;
            return;
        }
        self.phase = Phase::Thinking;
        self.pieces = self.game.pieces().to_vec();
        let Some(round) = self.game.round().cloned() else {
            return;
        };
        self.picked = round.objective.piece;
        let game = &self.game;
        self.rivals.forget();
        self.rivals.look(round.number as u64, |rival| {
            rival.plan(game, &round).map(|plan| (plan.at, plan.steps))
        });
    }

    /// Applies one event. A saved game being left keeps the time of its round.
    pub fn update(&mut self, event: Event, now: Instant) -> Transition {
        race_screen::update(self, event, now);
        if self.shell.should_quit()
            && let Some(record) = &mut self.record
        {
            // Closing: the rounds are saved already; only the round's clock could be lost.
            let thinking = self.phase == Phase::Thinking;
            let at = if thinking {
                self.shell.at()
            } else {
                Duration::ZERO
            };
            let hinted = thinking && self.game.round().is_some_and(|r| r.hinted);
            let _ = record.leave_with(at, |r| r.round_hinted = hinted);
        }
        self.shell.transition()
    }

    /// What time brings: rivals announce, the clock runs out, moves play out.
    fn advance(&mut self) {
        self.shell.expire_note();
        // At a table, the table keeps the clock and decides the round.
        if self.phase == Phase::Thinking && self.table.is_none() {
            self.rivals_announce();
            if self.at() >= self.game.settings().round_time {
                self.times_up();
            }
        }
        self.play_out();
    }

    fn rivals_announce(&mut self) {
        let at = self.at();
        for (i, when, steps) in self.rivals.all_due(at) {
            if self.game.announce(i, steps.len(), when).is_ok() {
                let n = steps.len();
                self.moves[i] = Some(steps);
                let name = self.game.players()[i].name.clone();
                self.say(
                    &format!("{} {}.", subject(&name, "announce"), count(n, "step")),
                    false,
                );
            }
        }
    }

    /// The time is up: the lowest announcement demonstrates (or nobody did).
    fn times_up(&mut self) {
        self.typing = None;
        if !self.racing() {
            self.say("Time is up.", true);
            return self.end_round();
        }
        self.next_demonstration();
    }

    /// The next announcement in order demonstrates; when none is left the round ends.
    fn next_demonstration(&mut self) {
        let Some(round) = self.game.round() else {
            return;
        };
        let next = round
            .order()
            .into_iter()
            .find(|a| !self.failed.contains(&a.player));
        let Some(next) = next else {
            if round.announcements.is_empty() {
                self.say("Nobody announced a move.", false);
            }
            return self.end_round();
        };
        let player = next.player;
        let name = self.game.players()[player].name.clone();
        self.pieces = round.pieces.clone();
        self.steps.clear();
        self.phase = Phase::Demonstrating { player };
        match self.moves[player].clone() {
            // A move already entered (a computer's, or the lone person's announced one)
            // plays itself out.
            Some(steps) => {
                let from = round.pieces.clone();
                self.show(
                    format!("{} {}", subject(&name, "show"), count(next.steps, "step")),
                    steps,
                    from,
                );
            }
            None => {
                self.picked = round.objective.piece;
                self.say(
                    &format!(
                        "{name}: show your {} (pick, step, Enter).",
                        count(next.steps, "step")
                    ),
                    false,
                );
            }
        }
    }

    /// Plays `steps` out on the board, one at a time, from the pieces at `from`.
    fn show(&mut self, title: String, steps: Vec<Step>, from: Vec<Cell>) {
        self.pieces = from;
        self.showing = Some(Showing {
            title,
            steps,
            shown: 0,
            next_at: self.shell.now + SHOW_STEP,
            paused: false,
            settled: false,
        });
    }

    /// Steps of a move being shown, as their time comes; a demonstration is judged when it
    /// has played out.
    fn play_out(&mut self) {
        loop {
            let Some(show) = &mut self.showing else {
                return;
            };
            if show.paused || show.shown >= show.steps.len() || self.shell.now < show.next_at {
                break;
            }
            let step = show.steps[show.shown];
            show.shown += 1;
            show.next_at += SHOW_STEP;
            if let Some(i) = self.pieces.iter().position(|&c| c == step.from) {
                self.pieces[i] = step.to;
            }
        }
        let done = self
            .showing
            .as_ref()
            .is_some_and(|s| s.shown >= s.steps.len() && self.shell.now >= s.next_at);
        if done && let Phase::Demonstrating { player } = self.phase {
            let steps = self.showing.take().map(|s| s.steps).unwrap_or_default();
            self.judge(player, steps);
            return;
        }
        // A round's move shown after it ended: the board returns to the pieces as they
        // stand, a step's time after the last step.
        if done
            && matches!(self.phase, Phase::Done | Phase::Over)
            && let Some(show) = &mut self.showing
            && !show.paused
            && !show.settled
        {
            show.settled = true;
            self.pieces = self.game.pieces().to_vec();
        }
    }

    /// Player `player`'s demonstration of `steps` is judged.
    fn judge(&mut self, player: usize, steps: Vec<Step>) {
        let at = self.at().min(self.game.settings().round_time);
        let name = self.game.players()[player].name.clone();
        match self.game.demonstrate(player, &steps, at) {
            Ok(Demonstration::Wins { steps: n, points }) => {
                let optimal = self.game.round().map_or(n, |r| r.optimal());
                let hinted = self.game.round().is_some_and(|r| r.hinted);
                let who = if self.racing() {
                    format!("{} the round", subject(&name, "win"))
                } else if hinted {
                    "Solved with a hint".to_string()
                } else {
                    "Solved".to_string()
                };
                let text = if n <= optimal {
                    format!("{who}: {}, the shortest move; +{points}.", count(n, "step"))
                } else {
                    // Kept short enough for 80 columns.
                    format!(
                        "{who} in {n} (shortest {optimal}, shown; the pieces stay as moved); +{points}."
                    )
                };
                self.say(&text, false);
                self.winner = Some((player, steps));
                self.end_round();
            }
            Ok(Demonstration::Fails { why }) => {
                self.say(&format!("{} fails: {why}; −1.", whose_move(&name)), true);
                self.failed.push(player);
                if self.racing() {
                    self.next_demonstration();
                } else {
                    // Alone, a move that fails is simply not accepted; the clock goes on.
                    self.phase = Phase::Thinking;
                    self.steps.clear();
                    if let Some(round) = self.game.round() {
                        self.pieces = round.pieces.clone();
                    }
                }
            }
            Err(e) => self.say(&e.to_string(), true),
        }
    }

    /// The round is over: the pieces go where the winner (or the optimal move) left them,
    /// and the optimal move plays out when the winner's was longer or nobody won.
    fn end_round(&mut self) {
        self.thought += self.shell.at().min(self.game.settings().round_time);
        let winner = self.winner.clone();
        let optimal = self.game.round().map_or(0, |r| r.optimal());
        let hinted = self.game.round().is_some_and(|r| r.hinted);
        self.game.finish(winner.clone());
        if let Some(record) = &mut self.record {
            let steps = winner.as_ref().map(|(_, steps)| steps.as_slice());
            let at = self.shell.at().min(self.game.settings().round_time);
            if let Err(e) = record.push(steps, at, hinted, &self.game) {
                self.shell.say(&format!("Not saved: {e}"), true);
            }
        }
        self.phase = Phase::Done;
        self.typing = None;
        let needs_showing = winner.as_ref().is_none_or(|(_, w)| w.len() > optimal);
        match self.last_round_move() {
            Some((title, steps, from)) if needs_showing => self.show(title, steps, from),
            _ => self.pieces = self.game.pieces().to_vec(),
        }
    }

    fn on_key(&mut self, key: KeyEvent) {
        // Typing the number of steps announced is text entry: it reads characters.
        if let Some((player, digits)) = &mut self.typing {
            let player = *player;
            match key.code {
                KeyCode::Char(c) if c.is_ascii_digit() && digits.len() < 3 => digits.push(c),
                KeyCode::Backspace => {
                    digits.pop();
                }
                KeyCode::Enter => {
                    let digits = digits.clone();
                    self.typing = None;
                    self.announce_typed(player, &digits);
                }
                KeyCode::Esc => self.typing = None,
                _ => {}
            }
            return;
        }
        // Other keys reach Hex paths as actions from its table (`keys::KEYS`).
        let Some(action) = keymap::screen_action(&keys::KEYS, key) else {
            return;
        };
        // Enter while a move is shown is Space to a table; Enter is no other table key.
        let for_table = match action {
            Action::Confirm if self.phase == Phase::Done => Some(Action::Continue),
            Action::Confirm => None,
            other => Some(other),
        };
        if let Some(asked) = for_table
            && self.on_table_key(asked)
        {
            return;
        }
        match action {
            // A record resumes from the rounds it holds: before the first, nothing is kept.
            Action::Quit
                if self.game_on()
                    && self
                        .record
                        .as_ref()
                        .is_none_or(|r| r.record().moves.is_empty()) =>
            {
                self.shell.ask(Question::Leave, false)
            }
            Action::Quit => self.shell.quit(),
            Action::ToggleHelp => self.shell.open_help(self.table.is_none()),
            Action::ToggleNumbers => self.numbers = !self.numbers,
            Action::Replay => self.replay(),
            Action::Hint => self.give_hint(),
            Action::NewGame if self.phase == Phase::Over && self.daily => {
                self.say("Today's puzzle is one game: q goes back.", false)
            }
            Action::NewGame if self.phase == Phase::Over && self.table.is_none() => self.new_game(),
            Action::TimesUp if self.phase == Phase::Thinking && self.racing() => self.times_up(),
            Action::Continue | Action::Confirm
                if self.phase == Phase::Done && self.showing_done() && self.table.is_none() =>
            {
                self.next_round()
            }
            Action::Continue | Action::Confirm if self.phase == Phase::Done => {
                // Skip to the end of the move being shown.
                if let Some(show) = &mut self.showing {
                    show.next_at = self.shell.now;
                    show.shown = show.steps.len();
                    show.settled = true;
                    self.pieces = self.game.pieces().to_vec();
                }
            }
            Action::Confirm => self.submit(),
            Action::Undo => self.undo(),
            Action::Cancel => self.undo_all(),
            Action::Down => self.cycle_piece(1),
            Action::Up => self.cycle_piece(-1),
            Action::Left | Action::Right if !self.entering() => {
                self.step_shown(action == Action::Right)
            }
            Action::Left => self.step_towards(4),
            Action::Right => self.step_towards(1),
            Action::Announce(player)
                if self.phase == Phase::Thinking && self.people() > 1 && self.is_person(player) =>
            {
                self.typing = Some((player, String::new()))
            }
            Action::Step(d) => self.step_towards(d),
            // `n` is also a direction key: it steps when no new game is due.
            Action::NewGame => {
                if let Some(d) = direction_of('n') {
                    self.step_towards(d);
                }
            }
            _ => {}
        }
    }

    /// Whether a game here is going on with something in it (a round played, a step
    /// entered, a move announced): leaving would throw it away. A table keeps its game.
    fn game_on(&self) -> bool {
        let announced = self
            .game
            .round()
            .is_some_and(|r| !r.announcements.is_empty());
        self.table.is_none()
            && self.phase != Phase::Over
            && (!self.game.outcomes().is_empty() || !self.steps.is_empty() || announced)
    }

    /// Whether the move shown after a round no longer plays out: it is at its end, or it is
    /// being stepped through by hand (←/→), which a Space leaves for the next round.
    fn showing_done(&self) -> bool {
        self.showing
            .as_ref()
            .is_none_or(|s| s.paused || s.shown >= s.steps.len())
    }

    fn announce_typed(&mut self, player: usize, digits: &str) {
        let Ok(steps) = digits.parse::<usize>() else {
            return self.say("Type the number of steps, then Enter.", true);
        };
        let at = self.at();
        let name = self.game.players()[player].name.clone();
        match self.game.announce(player, steps, at) {
            Ok(()) => self.say(
                &format!("{} {}.", subject(&name, "announce"), count(steps, "step")),
                false,
            ),
            Err(e) => self.say(&e.to_string(), true),
        }
    }

    fn cycle_piece(&mut self, by: isize) {
        if !self.entering() {
            return;
        }
        let n = self.pieces.len() as isize;
        self.picked = (self.picked as isize + by).rem_euclid(n) as usize;
    }

    /// One step of the picked piece in direction `d`.
    fn step_towards(&mut self, d: Dir) {
        if !self.entering() {
            if self.phase == Phase::Thinking && self.people() > 1 {
                self.say(
                    "Announce first: your key (1–4), the number of steps, Enter.",
                    false,
                );
            }
            return;
        }
        let Some(&from) = self.pieces.get(self.picked) else {
            return;
        };
        match self.game.board().slide(from, d, &self.occupied()) {
            Some(to) => {
                self.hint = None;
                self.pieces[self.picked] = to;
                self.steps.push(Step { from, to });
                self.shell.note = None;
                if let Some(round) = self.game.round()
                    && self.pieces[round.objective.piece] == round.objective.goal
                {
                    let n = self.steps.len();
                    let what = if self.racing() && self.phase == Phase::Thinking {
                        "Enter announces it"
                    } else {
                        "Enter submits it"
                    };
                    self.say(
                        &format!(
                            "At the goal in {}: {what}, Backspace takes a step back.",
                            count(n, "step")
                        ),
                        false,
                    );
                }
            }
            None => self.say("A barrier or a piece right there: no step that way.", true),
        }
    }

    fn undo(&mut self) {
        if !self.entering() {
            return;
        }
        if let Some(step) = self.steps.pop()
            && let Some(i) = self.pieces.iter().position(|&c| c == step.to)
        {
            self.hint = None;
            self.pieces[i] = step.from;
            self.picked = i;
        }
    }

    fn undo_all(&mut self) {
        while !self.steps.is_empty() && self.entering() {
            self.undo();
        }
    }

    /// `H`: the next step of a shortest move from where the pieces stand, marked on the
    /// board (its piece picked) and said in the status. Alone only; the round is then marked
    /// as hinted and a win in it scores 1 (see `round`'s scoring).
    fn give_hint(&mut self) {
        if self.racing() {
            return self.say(
                "No hints in a race: a hint would help one player alone.",
                false,
            );
        }
        if self.phase != Phase::Thinking || !self.entering() {
            return self.say("A hint is for a round being played.", false);
        }
        let Some(round) = self.game.round() else {
            return;
        };
        let (piece, goal) = (round.objective.piece, round.objective.goal);
        let optimal = round.optimal();
        let hint = next_step(self.game.board(), &self.pieces, piece, goal);
        let (step, left) = match hint {
            Ok(Some(found)) => found,
            Ok(None) => return self.say("At the goal already: Enter submits the move.", false),
            Err(_) => {
                return self.say(
                    "No move from here reaches the goal: Esc takes the steps back.",
                    true,
                );
            }
        };
        let Some(i) = self.pieces.iter().position(|&c| c == step.from) else {
            return;
        };
        if self.game.take_hint().is_err() {
            return;
        }
        self.picked = i;
        self.hint = Some(step);
        let letter = view::PIECE_LETTERS.get(i).copied().unwrap_or('?');
        let d = crate::games::hexpaths::geometry::line_to(step.from, step.to)
            .map_or(0, |(d, _)| usize::from(d));
        let key = DIRECTION_KEYS[d][0];
        let direction = view::DIRECTION_NAMES[d];
        // The steps entered may have made the move longer than the round's shortest.
        let longer = if self.steps.len() + left > optimal {
            format!(" (Esc: {optimal} from the start)")
        } else {
            String::new()
        };
        self.say(
            &format!(
                "Hint: {letter} {direction} to {} ({key}), {} to go{longer}; hinted: a win scores 1.",
                step.to,
                count(left, "step")
            ),
            false,
        );
    }

    /// Enter: a lone player's move is judged; in a race, a lone person announces its length
    /// (and shows it when the time is up); a person demonstrating is judged.
    fn submit(&mut self) {
        if !self.entering() {
            return;
        }
        if self.steps.is_empty() {
            return self.say("Enter a move first: pick a piece, then a direction.", false);
        }
        let steps = self.steps.clone();
        match self.phase {
            Phase::Thinking if self.table.is_some() => self.announce_at_table(),
            Phase::Thinking if self.racing() => {
                let me = 0;
                if let Err(why) = self.game.check(&steps) {
                    return self.say(&format!("Not a solution yet: {why}."), true);
                }
                match self.game.announce(me, steps.len(), self.at()) {
                    Ok(()) => {
                        self.moves[me] = Some(steps.clone());
                        self.say(
                            &format!(
                                "You announce {}; a shorter move may still be found.",
                                count(steps.len(), "step")
                            ),
                            false,
                        );
                    }
                    Err(e) => self.say(&e.to_string(), true),
                }
            }
            Phase::Thinking => {
                // Alone, only a move that gets there is judged: trying costs nothing.
                if let Err(why) = self.game.check(&steps) {
                    return self.say(&format!("Not a solution yet: {why}."), true);
                }
                self.judge(0, steps)
            }
            Phase::Demonstrating { player } => self.judge(player, steps),
            _ => {}
        }
    }

    /// `r`: the last move shown plays out again from the start of its round.
    fn replay(&mut self) {
        if self.phase != Phase::Done && self.phase != Phase::Over {
            return self.say("r replays a round's moves once it is over.", false);
        }
        if let Some((title, steps, from)) = self.last_round_move() {
            self.show(title, steps, from);
        }
    }

    /// The move the last round shows: the winner's when it was as short as can be, else the
    /// shortest; its title, its steps, and where the pieces stood as the round began.
    pub(super) fn last_round_move(&self) -> Option<(String, Vec<Step>, Vec<Cell>)> {
        let outcome = self.game.outcomes().last()?;
        let optimal = outcome.optimal.len();
        let (title, steps) = match &outcome.winner {
            Some((player, steps)) if steps.len() <= optimal => {
                // The one person at this screen reads "Your move".
                let yours = self.is_person(*player) && self.people() <= 1;
                let title = if yours {
                    "Your move".to_string()
                } else {
                    whose_move(&self.game.players().get(*player)?.name)
                };
                (title, steps.clone())
            }
            _ => (
                format!("The shortest move: {}", count(optimal, "step")),
                outcome.optimal.clone(),
            ),
        };
        Some((title, steps, outcome.pieces.clone()))
    }

    /// A new game for the same players and rivals, on a new board.
    fn new_game(&mut self) {
        let names = self.game.players().iter().map(|p| p.name.clone()).collect();
        let seed = rand::random();
        self.game = Game::new(seed, self.game.settings().clone(), names);
        // A saved game's successor is saved too, in a file of its own.
        if self.record.take().is_some() {
            self.record = hex_record::autosave(seed, self.game.settings()).ok();
        }
        self.shell.note = None;
        self.next_round();
        self.say("A new game on a new board.", false);
    }

    /// ←/→ once a round is over: the move shown goes a step forward or back, by hand.
    fn step_shown(&mut self, forward: bool) {
        if !matches!(self.phase, Phase::Done | Phase::Over) {
            return;
        }
        if self.showing.is_none() {
            self.replay();
        }
        let Some(show) = &mut self.showing else {
            return;
        };
        show.paused = true;
        if forward && show.shown < show.steps.len() {
            let step = show.steps[show.shown];
            show.shown += 1;
            if let Some(i) = self.pieces.iter().position(|&c| c == step.from) {
                self.pieces[i] = step.to;
            }
        } else if !forward && show.shown > 0 {
            show.shown -= 1;
            let step = show.steps[show.shown];
            if let Some(i) = self.pieces.iter().position(|&c| c == step.to) {
                self.pieces[i] = step.from;
            }
        }
    }

    /// A left click (the help closed): picks the piece under it, or steps to the end
    /// marked under it.
    fn on_click(&mut self, mouse: MouseEvent) {
        let Some(cell) = view::cell_at(self, mouse.column, mouse.row) else {
            return;
        };
        if let Some(i) = self.pieces.iter().position(|&c| c == cell) {
            if self.entering() {
                self.picked = i;
            }
            return;
        }
        if let Some(d) = self.step_ends().iter().position(|&e| e == Some(cell)) {
            self.step_towards(d as Dir);
        }
    }
}

impl RaceBoard for HexPathsScreen {
    type News = HexNews;
    type Request = HexRequest;
    type Seat = SeatState;
    fn parts(&mut self) -> (&mut RaceBase, Option<&mut HexLink>) {
        (&mut self.shell, self.table.as_mut())
    }
    fn key(&mut self, key: KeyEvent) {
        self.on_key(key);
    }
    fn click(&mut self, mouse: MouseEvent) {
        self.on_click(mouse);
    }
    fn word(news: HexNews) -> Result<Word, HexNews> {
        match news {
            HexNews::Notice(text) => Ok(Word::Notice(text)),
            HexNews::Refused(text) => Ok(Word::Refused(text)),
            HexNews::Closed(text) => Ok(Word::Closed(text)),
            other => Err(other),
        }
    }
    fn news(&mut self, news: HexNews) {
        self.on_hex_news(news);
    }
    fn advance(&mut self) {
        HexPathsScreen::advance(self);
    }
}

/// A lone game played as the day's puzzle ends with its score and the time its rounds took.
impl crate::tui::players::daily::Puzzle for HexPathsScreen {
    fn outcome(&self) -> Option<crate::tui::players::daily::Outcome> {
        if self.phase != Phase::Over || self.table.is_some() {
            return None;
        }
        let me = self.game.players().first()?;
        Some(crate::tui::players::daily::Outcome {
            score: i64::from(me.score),
            millis: i64::try_from(self.thought.as_millis()).unwrap_or(i64::MAX),
        })
    }
}

/// The views read the shell's fields (`size`, `theme`, `note`, `now`, `help`) on the screen.
impl Deref for HexPathsScreen {
    type Target = RaceBase;
    fn deref(&self) -> &RaceBase {
        &self.shell
    }
}

/// The screen in the shell.
impl super::Screen for HexPathsScreen {
    crate::tui::game_screen!(HexPathsScreen);
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;

    /// A lone player's game with a piece picked that can step south-east.
    fn ready_to_step_south_east() -> HexPathsScreen {
        for seed in 0..20 {
            let mut app = HexPathsScreen::new(
                seed,
                Settings::default(),
                Vec::new(),
                Vec::new(),
                (80, 24),
                Theme::plain(),
            );
            let now = Instant::now();
            for _ in 0..app.pieces().len() {
                if app.step_ends()[2].is_some() {
                    return app;
                }
                app.update(Event::Key(KeyEvent::from(KeyCode::Tab)), now);
            }
        }
        panic!("no seed under 20 has a piece that can step south-east");
    }

    #[test]
    fn n_steps_south_east_in_either_case_while_no_new_game_is_due() {
        for (c, modifiers) in [
            ('x', KeyModifiers::NONE),
            ('n', KeyModifiers::NONE),
            ('N', KeyModifiers::SHIFT),
        ] {
            let mut app = ready_to_step_south_east();
            assert!(app.steps().is_empty());
            let key = KeyEvent::new(KeyCode::Char(c), modifiers);
            app.update(Event::Key(key), Instant::now());
            assert_eq!(app.steps().len(), 1, "{c} made no step");
        }
    }
}
