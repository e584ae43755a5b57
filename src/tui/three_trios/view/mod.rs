//! Drawing: a pure function from app state to screen cells. Nothing here changes state or
//! looks at keys.

mod board;
mod hands;
pub mod layout;
mod log;
pub(crate) mod overlay;
mod status;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::Widget;

use super::app::App;
use crate::games::three_trios::platform::player_of;
use layout::Layout;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = Layout::compute(area, self);
        if let Some(need) = layout.too_small {
            overlay::too_small(self, need, area, buf);
            return;
        }
        board::draw(self, &layout, buf);
        hands::draw(self, &layout, buf);
        log::draw(self, layout.log, buf);
        status::draw(self, layout.status, buf);
        let theme = self.theme;
        // Over the board, which shows the end as the status line says it, so that the
        // battle log stays readable below.
        self.draw_game_over(
            |side| {
                let p = player_of(side);
                Span::styled(p.to_string(), theme.owner_text(p))
            },
            layout.board,
            buf,
        );
        if self.help {
            overlay::help(self, area, buf);
        }
    }
}
