//! The game-over box of every duel: who won and by what score, then the keys offered next
//! (`n`, `r`, `q`, as the keymap offers them here); the game frame draws it.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{MatchBoard, MatchScreen};
use crate::controller::duel::Turn;
use crate::games::{TwoPlayer, Verdict};
use crate::tui::keymap::{self, State, Where, flag};
use crate::tui::timeline::Steps;
use crate::tui::view::keybar::{self, Look};

impl<B: MatchBoard> MatchScreen<B>
where
    Turn<B::Game>: Steps,
{
    /// Whether the end of a finished match is on screen (no replay, nothing playing out,
    /// no help over it): then the game-over box shows.
    pub fn showing_end(&self) -> bool {
        self.motion.replay.is_none()
            && self.motion.animation.is_none()
            && self.duel.is_over()
            && !self.help
            && !self.flag_waits()
    }

    /// `Dark wins 40–24` or `Tie 5–5`: the result, the winner named the board's way
    /// (`name`), the score first mover's first. `None` while the match is on.
    pub fn result_line(
        &self,
        name: impl Fn(crate::games::Side) -> Span<'static>,
    ) -> Option<Line<'static>> {
        let verdict = self.duel.verdict()?;
        let [a, b] = self.game().score();
        let theme = self.theme;
        // On the clock the board's score is not the result.
        if self.duel.lost_on_time().is_some() {
            return Some(match verdict {
                Verdict::Win(side) => Line::from(vec![
                    name(side),
                    Span::styled(" wins on time", theme.title()),
                ]),
                Verdict::Tie => Line::styled("Drawn on time", theme.title()),
            });
        }
        Some(match verdict {
            Verdict::Win(side) => Line::from(vec![
                name(side),
                Span::styled(format!(" wins {a}–{b}"), theme.title()),
            ]),
            Verdict::Tie => Line::styled(format!("Tie {a}–{b}"), theme.title()),
        })
    }

    /// The game-over box's lines once the end of a finished match is shown: the result line
    /// (see [`result_line`](Self::result_line)), any rating changes, and the keys for what
    /// next. The frame draws the box; the keys wrap onto a second row in a narrow one
    /// rather than lose one.
    pub fn game_over_lines(
        &self,
        name: impl Fn(crate::games::Side) -> Span<'static>,
    ) -> Option<Vec<Line<'static>>> {
        if !self.showing_end() {
            return None;
        }
        let headline = self.result_line(name)?;
        let theme = self.theme;
        let closed = self.table.as_ref().is_some_and(|t| t.link.closed.is_some());
        let state = State::new(self.key_mode(), self.context()).with(flag::CLOSED, closed);
        let offers = keymap::offers::bar(Where::DuelEnd, state);
        let look = Look {
            sep: Style::new(),
            ..Look::keys(theme, "")
        };
        let keys = keybar::line(&keybar::items(&offers, &[]), look);
        let mut lines = vec![headline.centered()];
        // How it ended on the clock: `alice lost on time`.
        if let Some(flagged) = self.duel.lost_on_time() {
            let mut words = format!("{} lost on time", self.side_words(flagged));
            if self.duel.verdict() == Some(Verdict::Tie) {
                words.push_str(": the other side could no longer win");
            }
            lines.push(Line::styled(words, theme.title()).centered());
        }
        // Rating changes, under the result: `Reversi 1500? → 1741? (+241)`.
        let rated = self
            .table
            .as_ref()
            .map(|t| t.rated.as_slice())
            .unwrap_or(&[]);
        lines.extend(
            rated
                .iter()
                .map(|line| Line::styled(line.clone(), theme.title()).centered()),
        );
        lines.push(keys.centered());
        Some(lines)
    }
}
