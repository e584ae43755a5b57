//! Triad full screen, solitaire or a race against computer rivals: the tableau laid out as
//! the brief does (`0 3 6 9` / `1 4 7 10` / `2 5 8 11`), cards picked with the cursor, a key
//! each or the mouse, the third pick submitting; hints, the count of triads, re-deals
//! announced, a clock, scores in a race, and personal bests at the end of a solitaire. State
//! changes only in [`TriadScreen::update`]; `view` draws it.

pub mod bests;
pub mod keys;
mod replay;
mod table;
mod view;

pub use table::{Ask, TriadLink};

use crate::tui::Transition;
use crate::words::count;
use std::ops::Deref;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyEvent, MouseEvent};

use crate::tui::keymap::{self, ScreenAction as Action};

use super::Event;
use super::race_screen::{self, Question, RaceBase, RaceBoard, Rivals, Word};
use super::view::theme::Theme;
use crate::controller::race_table::Phase;
use crate::controller::race_table::triad::{RaceNews, RaceRequest, RaceSeat};
use crate::games::triad::race::{Claim, Race, Rival};
use crate::games::triad::{Game, count_triads, first_triad};
use crate::record::RecordError;
use crate::record::race::RaceRecord;
use crate::record::triad::{self as triad_record, TriadRecorder};
use bests::{Bests, Finished};
pub use keys::{CARD_KEYS, key_of, position_of};

/// How long a wrong pick shakes.
pub(crate) const SHAKE: Duration = Duration::from_millis(480);
/// One step of the shake.
const SHAKE_STEP: Duration = Duration::from_millis(60);

/// The player at this screen in a race played here: the first.
const YOU: usize = 0;

/// One screen's game of Triad.
pub struct TriadScreen {
    race: Race,
    /// Computer rivals here: each looks at every new table, and claims when it will have
    /// seen a triad.
    rivals: Rivals<Rival, ()>,
    /// Cards a rival just took, marked for a moment.
    pub(crate) taken: Option<([usize; 3], Instant)>,
    /// Positions picked so far (at most two between submissions).
    pub(crate) picked: Vec<usize>,
    pub(crate) cursor: usize,
    /// How many cards of the hinted triad are shown (0 to 2).
    pub(crate) hint: usize,
    /// The clock, the status line, help, quitting: what every race screen has.
    pub(crate) shell: RaceBase,
    /// Set when the game ends: how it went and which bests it beat.
    pub(crate) finished: Option<Finished>,
    /// Positions shaking after a wrong pick, until the instant given.
    pub(crate) shaking: Option<([usize; 3], Instant)>,
    bests: Bests,
    bests_path: Option<PathBuf>,
    /// The server's table deciding the race, when the race is there.
    table: Option<TriadLink>,
    /// Where the race at the table stands.
    table_phase: Phase,
    /// Locked out at the table after a wrong claim, until then.
    pub(crate) locked_until: Option<Instant>,
    /// The record this solitaire is saved in, triad by triad, when it is saved.
    record: Option<TriadRecorder>,
    /// A saved game being stepped through, when this screen replays one.
    replay: Option<replay::Replay>,
    /// Played as the day's puzzle: one deal, no other (`n` deals none).
    daily: bool,
}

impl TriadScreen {
    /// A screen playing a solitaire from `seed`, with the bests kept at `bests_path`.
    pub fn new(
        seed: u64,
        bests_path: Option<PathBuf>,
        size: (u16, u16),
        theme: Theme,
    ) -> TriadScreen {
        TriadScreen::build(seed, Vec::new(), bests_path, size, theme)
    }

    /// A screen racing `rivals` on a game from `seed` (no bests are kept for races).
    pub fn race(seed: u64, rivals: Vec<Rival>, size: (u16, u16), theme: Theme) -> TriadScreen {
        TriadScreen::build(seed, rivals, None, size, theme)
    }

    fn build(
        seed: u64,
        rivals: Vec<Rival>,
        bests_path: Option<PathBuf>,
        size: (u16, u16),
        theme: Theme,
    ) -> TriadScreen {
        let mut names = vec![crate::words::YOU.to_string()];
        names.extend(rivals.iter().map(|r| r.level.to_string()));
        let rivals = Rivals::new(rivals.into_iter().enumerate().map(|(i, r)| (i + 1, r)));
        let mut app = TriadScreen {
            race: Race::new(seed, names),
            rivals,
            taken: None,
            picked: Vec::new(),
            cursor: 0,
            hint: 0,
            shell: RaceBase::new(size, theme, None),
            finished: None,
            shaking: None,
            bests: Bests::default(),
            bests_path,
            table: None,
            table_phase: Phase::Racing,
            locked_until: None,
            record: None,
            replay: None,
            daily: false,
        };
        if let Some(path) = &app.bests_path {
            match bests::load(path) {
                Ok(b) => app.bests = b,
                Err(e) => app.say(&format!("{e}; starting fresh bests"), true),
            }
        }
        app.announce_redeals(app.game().opening_redeals().len());
        app.schedule_rivals();
        app
    }

    /// The solitaire saved in `recorder`, continued where it was left: its triads taken
    /// again, the clock at the time played.
    pub fn resume(
        recorder: TriadRecorder,
        bests_path: Option<PathBuf>,
        size: (u16, u16),
        theme: Theme,
    ) -> Result<TriadScreen, RecordError> {
        let record = recorder.record().clone();
        let name = recorder.name();
        let mut app = TriadScreen::build(record.seed, Vec::new(), bests_path, size, theme);
        for (i, mv) in record.moves.iter().enumerate() {
            let at = Duration::from_millis(mv.at_ms);
            if let Claim::Taken(_) = app.race.claim(YOU, mv.cards, app.race.version(), at) {
                continue;
            }
            return Err(RecordError::Diverged {
                path: name,
                number: i + 1,
                reason: "those cards are not a triad on the table the moves before leave".into(),
            });
        }
        if app.race.is_over() {
            return Err(RecordError::Diverged {
                path: name,
                number: record.moves.len(),
                reason: "the game is over; trios replay shows it".into(),
            });
        }
        app.shell.set_clock(record.clock());
        app.record = Some(recorder);
        let found = app.race.racers()[YOU].found as usize;
        app.say(
            &format!("Game resumed: {} found.", count(found, "triad")),
            false,
        );
        Ok(app)
    }

    /// This solitaire saved in the record made for it, or, when none could be made, played
    /// unsaved with the reason said.
    pub fn autosaved(mut self, recorder: Result<TriadRecorder, String>) -> TriadScreen {
        match recorder {
            Ok(recorder) => self.record = Some(recorder),
            Err(why) => self.say(&format!("Not saved: {why}"), true),
        }
        self
    }

    /// This solitaire played as the day's puzzle: its deal is the only one (`n` deals no
    /// other), and it says so.
    pub fn as_daily(mut self) -> TriadScreen {
        self.daily = true;
        self.say("Today's puzzle: clear the deal as fast as you can.", false);
        self
    }

    /// The file this game is saved in, if it is.
    pub fn record_path(&self) -> Option<&std::path::Path> {
        self.record.as_ref().and_then(|r| r.path())
    }

    pub fn game(&self) -> &Game {
        self.race.game()
    }

    /// The race (of one, in a solitaire).
    pub fn race_state(&self) -> &Race {
        &self.race
    }

    /// Whether this is a race (against rivals here, or at a table), not a solitaire.
    pub fn racing(&self) -> bool {
        !self.rivals.is_empty() || self.table.is_some()
    }

    /// This screen's player's place in the race; `None` when watching a table.
    pub fn me(&self) -> Option<usize> {
        match &self.table {
            Some(link) => link.you,
            None => Some(YOU),
        }
    }

    pub fn bests(&self) -> &Bests {
        &self.bests
    }

    /// The positions picked so far, in the order picked.
    pub fn picked(&self) -> &[usize] {
        &self.picked
    }

    /// The position under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether a wrong pick is shaking.
    pub fn is_shaking(&self) -> bool {
        self.shaking.is_some()
    }

    pub fn should_quit(&self) -> bool {
        self.shell.should_quit()
    }

    /// Seconds played: to the end once the game is over.
    pub fn elapsed(&self) -> f64 {
        if let Some(at) = self.replay_clock() {
            return at;
        }
        match self.finished {
            Some(f) => f.secs,
            None if self.waiting() => 0.0,
            None => self.shell.at().as_secs_f64(),
        }
    }

    /// When the screen must be drawn again unasked: the next shake step, or the next second
    /// of the clock.
    pub fn next_tick(&self) -> Option<Instant> {
        if let Some((_, until)) = self.shaking {
            return Some((self.shell.now + SHAKE_STEP).min(until));
        }
        if self.finished.is_some() || self.waiting() || self.shell.paused() || self.replaying() {
            return None;
        }
        let second = self.shell.next_second();
        let rival = self.rivals.next_due();
        let taken = self.taken.map(|(_, until)| until);
        [Some(second), rival.map(|d| self.shell.clock_at(d)), taken]
            .into_iter()
            .flatten()
            .min()
    }

    /// Time since the game began.
    fn at(&self) -> Duration {
        self.shell.at()
    }

    /// Each rival looks at the table anew when it changed: it will have seen a triad after
    /// its delay.
    fn schedule_rivals(&mut self) {
        let at = self.at();
        let game = self.race.game();
        self.rivals.look(self.race.version(), |rival| {
            rival.delay(game).map(|d| (at + d, ()))
        });
    }

    /// Rivals whose time has come claim their triad, one at a time in order of their times.
    fn run_rivals(&mut self) {
        loop {
            self.schedule_rivals();
            let at = self.at();
            let version = self.race.version();
            let Some((seat, ())) = self.rivals.first_due(at) else {
                return;
            };
            let Some(triad) = seat.rival.choose(self.race.game()) else {
                continue;
            };
            let (player, due_at) = (seat.player, at);
            if let Claim::Taken(found) = self.race.claim(player, triad, version, due_at) {
                let name = self.race.racers()[player].name.clone();
                self.taken = Some((triad, self.shell.now + Duration::from_millis(1500)));
                self.table_changed();
                self.say(&format!("{name} took a triad."), false);
                self.announce_redeals(found.redeals.len());
                if self.race.is_over() {
                    self.finish();
                    return;
                }
            }
        }
    }

    /// The table changed under the person: their picks and hints no longer apply.
    fn table_changed(&mut self) {
        self.picked.clear();
        self.hint = 0;
        self.cursor = self
            .cursor
            .min(self.game().tableau().len().saturating_sub(1));
    }

    /// The cards of the hinted triad now shown.
    pub fn hinted(&self) -> Vec<usize> {
        match first_triad(self.game().tableau()) {
            Some(t) => t[..self.hint.min(2)].to_vec(),
            None => Vec::new(),
        }
    }

    fn say(&mut self, text: &str, error: bool) {
        self.shell.say(text, error);
    }

    fn announce_redeals(&mut self, count: usize) {
        if count > 0 {
            let times = if count == 1 {
                String::new()
            } else {
                format!(" ({count} times)")
            };
            self.say(
                &format!("No triad on the table: it was discarded and dealt anew{times}."),
                false,
            );
        }
    }

    /// Applies one event. A saved game being left keeps its time played.
    pub fn update(&mut self, event: Event, now: Instant) -> Transition {
        race_screen::update(self, event, now);
        if self.shell.should_quit()
            && let Some(record) = &mut self.record
        {
            // Closing: the triads are saved already; only the last seconds could be lost.
            let _ = record.leave(self.shell.at());
        }
        self.shell.transition()
    }

    /// What time brings: shakes and marks fade, rivals claim.
    fn advance(&mut self) {
        if self
            .shaking
            .is_some_and(|(_, until)| self.shell.now >= until)
        {
            self.shaking = None;
        }
        if self.taken.is_some_and(|(_, until)| self.shell.now >= until) {
            self.taken = None;
        }
        if self.finished.is_none() {
            self.run_rivals();
        }
    }

    fn on_key(&mut self, key: KeyEvent) {
        if self.replaying() {
            return self.replay_key(key);
        }
        // Keys reach Triad as actions from its table (`keys::KEYS`); a key outside it still ends in
        // the "game is over" line below once the game is over, as every key did.
        let action = keymap::screen_action(&keys::KEYS, key);
        if let Some(action) = action
            && self.on_table_key(action)
        {
            return;
        }
        let columns = self.game().tableau().len().div_ceil(3);
        match action {
            Some(Action::Quit) if self.would_lose() => self.shell.ask(Question::Leave, false),
            Some(Action::Quit) => self.shell.quit(),
            Some(Action::ToggleHelp) => self.shell.open_help(self.table.is_none()),
            Some(Action::NewGame) if self.daily => {
                self.say("Today's puzzle is one deal: q goes back.", false)
            }
            Some(Action::NewGame) => self.ask_new_game(),
            _ if self.finished.is_some() => {
                let text = match &self.table {
                    Some(link) if link.you.is_none() => {
                        "The race is over: q goes back to the lobby."
                    }
                    Some(_) => "The race is over: n deals another, q goes back to the lobby.",
                    None if self.daily => "Today's puzzle is done: q goes back.",
                    None => "The game is over: n deals a new one, q quits.",
                };
                self.say(text, false)
            }
            Some(Action::Left) => self.move_cursor(-3, columns),
            Some(Action::Right) => self.move_cursor(3, columns),
            Some(Action::Up) => self.move_cursor(-1, columns),
            Some(Action::Down) => self.move_cursor(1, columns),
            Some(Action::Confirm) => self.toggle(self.cursor),
            Some(Action::Cancel) => {
                self.picked.clear();
                self.shell.note = None;
            }
            Some(Action::Hint) => self.give_hint(),
            Some(Action::CountTriads) => {
                let n = count_triads(self.game().tableau());
                self.say(&format!("{} on the table.", count(n, "triad")), false);
            }
            Some(Action::PickCard(p)) if p < self.game().tableau().len() => {
                self.cursor = p;
                self.toggle(p);
            }
            Some(Action::PickCard(_)) => self.say("That place on the table is empty now.", false),
            _ => {}
        }
    }

    /// Moves the cursor by `step` positions (±1 a row, ±3 a column), staying on the table.
    fn move_cursor(&mut self, step: isize, columns: usize) {
        let n = self.game().tableau().len();
        if n == 0 {
            return;
        }
        let (row, col) = ((self.cursor % 3) as isize, (self.cursor / 3) as isize);
        let (row, col) = match step {
            -1 => ((row - 1).max(0), col),
            1 => ((row + 1).min(2), col),
            -3 => (row, (col - 1).max(0)),
            _ => (row, (col + 1).min(columns as isize - 1)),
        };
        let p = (3 * col + row) as usize;
        self.cursor = p.min(n - 1);
        self.shell.note = None;
    }

    /// Picks or unpicks the card at `position`; the third pick submits.
    fn toggle(&mut self, position: usize) {
        if !self.may_pick() {
            return;
        }
        self.shell.note = None;
        if let Some(at) = self.picked.iter().position(|&p| p == position) {
            self.picked.remove(at);
            return;
        }
        self.picked.push(position);
        if let [a, b, c] = self.picked[..] {
            self.picked.clear();
            self.submit([a, b, c]);
        }
    }

    fn submit(&mut self, positions: [usize; 3]) {
        if self.table.is_some() {
            return self.claim_at_table(positions);
        }
        let at = self.at();
        match self.race.claim(YOU, positions, self.race.version(), at) {
            Claim::Taken(found) => {
                self.table_changed();
                let n = self.race.racers()[YOU].found;
                self.say(&triad_taken(n, self.racing()), false);
                self.announce_redeals(found.redeals.len());
                if let Some(record) = &mut self.record
                    && let Err(e) = record.push(positions, at, self.race.game())
                {
                    self.shell.say(&format!("Not saved: {e}"), true);
                }
                if self.race.is_over() {
                    self.finish();
                }
            }
            Claim::Wrong { reason, .. } => {
                self.shaking = Some((positions, self.shell.now + SHAKE));
                let cost = if self.racing() {
                    " One point lost; locked out for 3 s."
                } else {
                    ""
                };
                self.say(&format!("Not a triad: {reason}.{cost}"), true);
            }
            Claim::Locked { left } => {
                let secs = left.as_secs_f64().ceil();
                self.say(&format!("Locked out for {secs:.0} s more."), true);
            }
            Claim::Stale => self.say("The table changed: pick again.", false),
            Claim::Refused(e) => self.say(&e.to_string(), true),
            Claim::Over => self.say("The game is over.", false),
        }
    }

    fn give_hint(&mut self) {
        if first_triad(self.game().tableau()).is_none() {
            return;
        }
        self.hint = (self.hint + 1).min(2);
        let text = if self.hint == 1 {
            "Hint: the marked card is in a triad (H again for a second card)."
        } else {
            "Hint: the two marked cards are in a triad; find the third."
        };
        self.say(text, false);
    }

    /// The game is over: the clock stops and, in a solitaire, the bests are kept.
    fn finish(&mut self) {
        let secs = self.at().as_secs_f64();
        let triads = self
            .me()
            .and_then(|me| self.race.racers().get(me))
            .map_or(0, |r| r.found);
        if self.racing() {
            self.finished = Some(Finished {
                secs,
                triads,
                new_fastest: false,
                new_per_triad: false,
                new_most: false,
            });
            return;
        }
        let finished = self.bests.record(secs, triads);
        self.finished = Some(finished);
        if let Some(path) = &self.bests_path
            && let Err(e) = bests::save(path, &self.bests)
        {
            self.say(&format!("bests not saved: {e}"), true);
        }
    }

    /// Whether a game here is going on with something in it (a triad taken): leaving or
    /// dealing anew would throw it away. A table keeps its race; a game over is kept in the
    /// bests.
    fn game_on(&self) -> bool {
        self.table.is_none() && self.finished.is_none() && !self.game().found().is_empty()
    }

    /// Whether leaving would throw a game away: one going on that is not saved.
    fn would_lose(&self) -> bool {
        self.game_on() && self.record.is_none()
    }

    /// `n`: a new game, after a y/n question while one is going on.
    fn ask_new_game(&mut self) {
        if self.table.is_some() {
            return;
        }
        if self.game_on() {
            return self.shell.ask(Question::NewGame, self.record.is_some());
        }
        self.new_game();
    }

    fn new_game(&mut self) {
        if self.table.is_some() {
            return;
        }
        let left_at = self.shell.at();
        let names = self.race.racers().iter().map(|r| r.name.clone()).collect();
        let seed = rand::random();
        self.race = Race::new(seed, names);
        self.rivals.forget();
        self.taken = None;
        self.picked.clear();
        self.cursor = 0;
        self.hint = 0;
        self.shell.restart_clock();
        self.finished = None;
        self.shaking = None;
        self.say("New game.", false);
        // A saved game's successor is saved too, in a file of its own.
        if let Some(mut old) = self.record.take() {
            let _ = old.leave(left_at);
            match triad_record::autosave(seed) {
                Ok(record) => self.record = Some(record),
                Err(e) => self.say(&format!("New game, not saved: {e}"), true),
            }
        }
        self.announce_redeals(self.game().opening_redeals().len());
        self.schedule_rivals();
    }

    /// A left click (the help closed): picks the card under it.
    fn on_click(&mut self, mouse: MouseEvent) {
        if self.finished.is_some() || self.replaying() {
            return;
        }
        if let Some(p) = view::card_at(self, mouse.column, mouse.row) {
            self.cursor = p;
            self.toggle(p);
        }
    }
}

impl RaceBoard for TriadScreen {
    type News = RaceNews;
    type Request = RaceRequest;
    type Seat = RaceSeat;
    fn parts(&mut self) -> (&mut RaceBase, Option<&mut TriadLink>) {
        (&mut self.shell, self.table.as_mut())
    }
    fn key(&mut self, key: KeyEvent) {
        self.on_key(key);
    }
    fn click(&mut self, mouse: MouseEvent) {
        self.on_click(mouse);
    }
    fn word(news: RaceNews) -> Result<Word, RaceNews> {
        match news {
            RaceNews::Notice(text) => Ok(Word::Notice(text)),
            RaceNews::Refused(text) => Ok(Word::Refused(text)),
            RaceNews::Closed(text) => Ok(Word::Closed(text)),
            other => Err(other),
        }
    }
    fn news(&mut self, news: RaceNews) {
        self.on_race_news(news);
    }
    fn advance(&mut self) {
        TriadScreen::advance(self);
    }
    fn confirmed(&mut self, question: Question) {
        if question == Question::NewGame {
            self.new_game();
        }
    }
}

/// A solitaire played as the day's puzzle ends with its time.
impl crate::tui::players::daily::Puzzle for TriadScreen {
    fn outcome(&self) -> Option<crate::tui::players::daily::Outcome> {
        let finished = self.finished.as_ref()?;
        Some(crate::tui::players::daily::Outcome {
            score: 0,
            millis: (finished.secs * 1000.0).round() as i64,
        })
    }
}

/// The views read the shell's fields (`size`, `theme`, `note`, `now`, `help`) on the screen.
impl Deref for TriadScreen {
    type Target = RaceBase;
    fn deref(&self) -> &RaceBase {
        &self.shell
    }
}

/// The screen in the shell.
impl super::Screen for TriadScreen {
    crate::tui::game_screen!(TriadScreen);
}

/// What a player hears on taking a triad, `n` being their own count: alone it is the
/// game's count too; in a race the status line counts every player's triads, so this
/// says whose these are.
pub(crate) fn triad_taken(n: u32, racing: bool) -> String {
    if racing {
        format!("A triad! You have {}.", count(n as usize, "triad"))
    } else {
        format!("A triad! {n} found.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyCode;

    fn press(app: &mut TriadScreen, code: KeyCode) {
        app.update(Event::Key(KeyEvent::from(code)), Instant::now());
    }

    #[test]
    fn card_keys_pick_by_place_and_esc_lets_go() {
        let mut app = TriadScreen::new(3, None, (80, 24), Theme::plain());
        press(&mut app, KeyCode::Char('k'));
        assert_eq!(app.cursor, 5);
        assert_eq!(app.picked.len(), 1);
        press(&mut app, KeyCode::Esc);
        assert!(app.picked.is_empty());
    }

    #[test]
    fn once_the_game_is_over_any_other_key_says_so() {
        let mut app = TriadScreen::new(3, None, (80, 24), Theme::plain());
        app.finished = Some(Finished {
            secs: 1.0,
            triads: 1,
            new_fastest: false,
            new_per_triad: false,
            new_most: false,
        });
        press(&mut app, KeyCode::F(5));
        let note = app.shell.note.as_ref().map(|n| n.text.as_str());
        assert_eq!(note, Some("The game is over: n deals a new one, q quits."));
    }
}
