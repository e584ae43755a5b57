//! The game-over box of every duel: who won and by what score, then the keys offered next
//! (`n`, `r`, `q`, as the keymap offers them here), in a double-bordered box.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::{Board, MatchScreen};
use crate::controller::duel::Turn;
use crate::games::{TwoPlayer, Verdict};
use crate::tui::keymap::{self, State, Where, flag};
use crate::tui::timeline::Steps;
use crate::tui::view::keybar::{self, Look};
use crate::tui::view::wrap::wrap;

/// The box's least width, so that a short result does not make a cramped box.
const MIN_WIDTH: u16 = 34;

impl<B: Board> MatchScreen<B>
where
    Turn<B::Game>: Steps,
{
    /// Whether the end of a finished match is on screen (no replay, nothing playing out,
    /// no help over it): then the game-over box shows.
    pub fn showing_end(&self) -> bool {
        self.motion.replay.is_none()
            && self.motion.animation.is_none()
            && self.game().is_over()
            && !self.help
    }

    /// `Dark wins 40–24` or `Tie 5–5`: the result, the winner named the board's way
    /// (`name`), the score first mover's first. `None` while the match is on.
    pub fn result_line(
        &self,
        name: impl Fn(crate::games::Side) -> Span<'static>,
    ) -> Option<Line<'static>> {
        let verdict = self.game().verdict()?;
        let [a, b] = self.game().score();
        let theme = self.theme;
        Some(match verdict {
            Verdict::Win(side) => Line::from(vec![
                name(side),
                Span::styled(format!(" wins {a}–{b}"), theme.title()),
            ]),
            Verdict::Tie => Line::styled(format!("Tie {a}–{b}"), theme.title()),
        })
    }

    /// Draws the game-over box in the middle of `area` (cut to fit) when the end is shown:
    /// the result line (see [`result_line`](Self::result_line)) and the keys for what
    /// next. The keys wrap onto a second row in a narrow box rather than lose one.
    pub fn draw_game_over(
        &self,
        name: impl Fn(crate::games::Side) -> Span<'static>,
        area: Rect,
        buf: &mut Buffer,
    ) {
        if !self.showing_end() {
            return;
        }
        let Some(headline) = self.result_line(name) else {
            return;
        };
        let theme = self.theme;
        let closed = self.table.as_ref().is_some_and(|t| t.closed.is_some());
        let state = State::new(self.key_mode(), self.context()).with(flag::CLOSED, closed);
        let offers = keymap::offers::bar(Where::DuelEnd, state);
        let look = Look {
            sep: Style::new(),
            ..Look::keys(theme, "")
        };
        let keys = keybar::line(&keybar::items(&offers, &[]), look);
        let widest_rated = self
            .table
            .as_ref()
            .and_then(|t| t.rated.iter().map(|l| l.chars().count()).max())
            .unwrap_or(0) as u16;
        let width = (keys.width() as u16 + 4)
            .max(widest_rated + 4)
            .max(MIN_WIDTH)
            .min(area.width);
        let mut lines = vec![headline.centered()];
        // Rating changes, under the result: `Reversi 1500? → 1741? (+241)`.
        let rated = self
            .table
            .as_ref()
            .map(|t| t.rated.as_slice())
            .unwrap_or(&[]);
        // A narrow box breaks a change at its spaces rather than cut its numbers off.
        for line in rated {
            let line = Line::styled(line.clone(), theme.title());
            lines.extend(
                wrap(&line, usize::from(width.saturating_sub(2)), 0)
                    .into_iter()
                    .map(Line::centered),
            );
        }
        lines.extend(
            wrap(&keys, usize::from(width.saturating_sub(2)), 0)
                .into_iter()
                .map(Line::centered),
        );
        let rect = area.centered(
            Constraint::Length(width),
            Constraint::Length((lines.len() as u16 + 2).min(area.height)),
        );
        Clear.render(rect, buf);
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .border_set(border::DOUBLE)
                    .title(" game over ")
                    .title_style(theme.title()),
            )
            .render(rect, buf);
    }
}
