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
use ratatui::widgets::Widget;

use super::app::App;
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
        let showing_end = self.motion.replay.is_none() && self.motion.animation.is_none();
        if showing_end && self.game().is_over() && !self.help {
            overlay::game_over(self, layout.log, buf);
        }
        if self.help {
            overlay::help(self, area, buf);
        }
    }
}
