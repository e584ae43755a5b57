//! Drawing: a pure function from app state to screen cells. Nothing here changes state or
//! looks at keys.

mod board;
mod hands;
pub mod layout;
mod log;
mod status;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::app::ThreeTriosScreen;
use crate::games::three_trios::platform::player_of;
use crate::tui::keymap;
use crate::tui::match_screen::Note;
use crate::tui::view::frame::{GameFrame, Help};
use layout::Layout;

/// The rows the game-over box takes at least: its borders, the result and the keys.
const END_BOX_ROWS: u16 = 4;

impl Widget for &ThreeTriosScreen {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = Layout::compute(area, self);
        let title = |room: usize| status::title_words(self, room);
        let theme = self.theme;
        let frame = GameFrame {
            theme,
            name: "Three Trios",
            title: &title,
            hints: vec![match self.duel().config().clock {
                Some(control) => format!("{control} · ? help"),
                None => "? help".to_string(),
            }],
            // Each side's initial in its colour, so both clocks leave the row its room.
            clock: self.clock_spans(self.clock, |side| {
                let p = player_of(side);
                let initial = p.to_string().chars().next().unwrap_or(' ');
                Span::styled(initial.to_string(), theme.owner_text(p))
            }),
            status: status::wordings(self),
            note: self.note.as_ref().map(Note::message),
            keys: status::key_items(self),
            end: self.game_over_lines(|side| {
                let p = player_of(side);
                Span::styled(p.to_string(), theme.owner_text(p))
            }),
            help: self.help.then(|| help(self)),
        };
        frame.draw(layout.too_small, area, buf, |_, buf| {
            board::draw(self, &layout, buf);
            hands::draw(self, &layout, buf);
            log::draw(self, layout.log, buf);
            // Over the battle log, as the other duels put it over their move log, so that
            // the final board stays in view; over the board when there is no log to cover.
            if layout.log.height >= END_BOX_ROWS {
                layout.log
            } else {
                layout.board
            }
        });
    }
}

/// The help box: every key of the current mode and context, from the keymap itself, and a
/// word on the mouse.
pub(crate) fn help(app: &ThreeTriosScreen) -> Help {
    let entries = keymap::entries(app.key_mode(), app.context())
        .into_iter()
        .map(|(label, text)| (label, text.to_string()))
        .collect();
    let plays = matches!(
        app.context(),
        keymap::Context::Local { .. } | keymap::Context::TablePlayer { .. }
    );
    let mut notes = Vec::new();
    if plays && app.motion.replay.is_none() {
        notes.push(Line::styled(
            "Mouse: click a card in your hand, then a cell.",
            app.theme.dim(),
        ));
    }
    Help {
        title: " Three Trios keys ".to_string(),
        entries,
        notes,
        top: Some(app.help_top),
    }
}

/// How far the help can scroll on this screen: its rows beyond what the box shows.
pub(crate) fn help_scroll_limit(app: &ThreeTriosScreen) -> usize {
    let area = Rect::new(0, 0, app.size.0, app.size.1);
    crate::tui::view::frame::help_scroll_limit(&help(app), app.theme, area)
}
