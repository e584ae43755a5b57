//! The parts of the status line every duel says alike: the pace of a watched match and
//! whether it is held.

use ratatui::text::Span;

use super::{MatchBoard, MatchScreen};
use crate::controller::duel::Turn;
use crate::tui::timeline::Steps;

impl<B: MatchBoard> MatchScreen<B>
where
    Turn<B::Game>: Steps,
{
    /// ` · speed 0.32 s/step`, then ` · PAUSED` while held: the pace of a match watched
    /// live (none in a replay, where the replay's own words say where it is).
    pub fn pace_spans(&self) -> Vec<Span<'static>> {
        if !self.watching() || self.motion.replay.is_some() {
            return Vec::new();
        }
        let mut spans = vec![Span::styled(
            format!(" · {}", self.motion.pace.words()),
            self.theme.dim(),
        )];
        if self.motion.paused {
            spans.push(Span::styled(" · PAUSED", self.theme.key()));
        }
        spans
    }
}
