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

/// The rows the game-over box takes at least: its borders, the result and the keys.
const END_BOX_ROWS: u16 = 4;

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
        // Over the battle log, as the other duels put it over their move log, so that the
        // final board stays in view; over the board when there is no log to cover.
        let end_area = if layout.log.height >= END_BOX_ROWS {
            layout.log
        } else {
            layout.board
        };
        self.draw_game_over(
            |side| {
                let p = player_of(side);
                Span::styled(p.to_string(), theme.owner_text(p))
            },
            end_area,
            buf,
        );
        if self.help {
            overlay::help(self, area, buf);
        }
    }
}
