//! Replaying a saved Triad solitaire on its screen: the table as it stood before each triad
//! taken, that triad marked, stepped through with ← and →; nothing is played or saved.

use std::time::Duration;

use ratatui::crossterm::event::KeyEvent;

use super::{TriadScreen, YOU, keys};
use crate::games::triad::race::{Claim, Race};
use crate::record::RecordError;
use crate::record::triad::TriadRecord;
use crate::tui::keymap::{self, ScreenAction as Action};
use crate::tui::view::theme::Theme;
use crate::words::count;

/// A record being stepped through. Invariant: `shown <= moves.len()`.
#[derive(Debug, Clone)]
pub(crate) struct Replay {
    record: TriadRecord,
    /// Triads taken on the table shown.
    shown: usize,
    /// The clock when the last of them was taken.
    clock: Duration,
}

impl TriadScreen {
    /// The saved game `record` (of the file `name`) to step through, from its deal; refused
    /// when a triad of it does not replay.
    pub fn replay(
        record: TriadRecord,
        name: &str,
        size: (u16, u16),
        theme: Theme,
    ) -> Result<TriadScreen, RecordError> {
        record.replay_moves(name, |_, _| {})?;
        let mut app = TriadScreen::build(record.seed, Vec::new(), None, size, theme);
        app.replay = Some(Replay {
            record,
            shown: 0,
            clock: Duration::ZERO,
        });
        app.show_replay();
        Ok(app)
    }

    /// Whether this screen replays a record.
    pub fn replaying(&self) -> bool {
        self.replay.is_some()
    }

    /// A key while replaying, read from [`keys::REPLAY_KEYS`]: ← → step, Home End jump,
    /// ? help, Esc or q leaves; nothing else.
    pub(super) fn replay_key(&mut self, key: KeyEvent) {
        let Some(replay) = &mut self.replay else {
            return;
        };
        let last = replay.record.moves.len();
        replay.shown = match keymap::screen_action(&keys::REPLAY_KEYS, key) {
            Some(Action::Left) => replay.shown.saturating_sub(1),
            Some(Action::Right) => (replay.shown + 1).min(last),
            Some(Action::First) => 0,
            Some(Action::Last) => last,
            Some(Action::ToggleHelp) => return self.shell.open_help(false),
            Some(Action::Quit) => return self.shell.quit(),
            _ => replay.shown,
        };
        self.show_replay();
    }

    /// Where the replay stands, for the status line, worded as every game's replay is:
    /// "Replay: triad 4 of 9" while a triad is marked, "Replay: the end, 9 triads" past the
    /// last.
    pub(crate) fn replay_place(&self) -> Option<String> {
        let replay = self.replay.as_ref()?;
        let total = replay.record.moves.len();
        Some(if replay.shown < total {
            format!("Replay: triad {} of {total}", replay.shown + 1)
        } else {
            format!("Replay: the end, {}", count(total, "triad"))
        })
    }

    /// The table after the triads shown, the next one marked, and where the replay is.
    fn show_replay(&mut self) {
        let Some(replay) = &self.replay else {
            return;
        };
        let (seed, shown) = (replay.record.seed, replay.shown);
        let moves = replay.record.moves.clone();
        let mut race = Race::new(seed, vec![crate::words::YOU.to_string()]);
        for mv in &moves[..shown] {
            // Checked as the replay opened: every triad is taken.
            let at = Duration::from_millis(mv.at_ms);
            if !matches!(
                race.claim(YOU, mv.cards, race.version(), at),
                Claim::Taken(_)
            ) {
                break;
            }
        }
        self.race = race;
        let at = shown
            .checked_sub(1)
            .map_or(Duration::ZERO, |i| Duration::from_millis(moves[i].at_ms));
        if let Some(replay) = &mut self.replay {
            replay.clock = at;
        }
        self.shell.note = None;
        let next = moves.get(shown);
        self.picked = next.map_or_else(Vec::new, |mv| mv.cards.to_vec());
        let text = match next {
            Some(_) => format!(
                "Replay: triad {} of {} marked · ← → step · Home End · Esc q leave",
                shown + 1,
                moves.len()
            ),
            None => format!(
                "Replay: the end, {} taken · ← back · Home · Esc q leave",
                count(moves.len(), "triad")
            ),
        };
        self.shell.say(&text, false);
    }

    /// The clock of the replay: the time of the last triad shown.
    pub(super) fn replay_clock(&self) -> Option<f64> {
        self.replay.as_ref().map(|r| r.clock.as_secs_f64())
    }
}
