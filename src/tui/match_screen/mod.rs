//! The one match screen of the duels ([`MatchScreen`]) and what it is made of: the
//! match's positions before each move, its computer seats' thread, where the screen is
//! used (and so which keys work), the board's motion (animation, replay, pause, pace), the
//! status line's notes and words, a shared table's news queue, and the parts every duel
//! draws alike (the game-over box, the watch pace). Each game brings only its board (from
//! its folder under `tui/`, or `tui/stones/` for Reversi and Islands): its cursor, its move
//! input and its drawing.

mod clocks;
mod computer;
mod game_over;
mod keys;
mod motion;
mod note;
mod pace;
mod positions;
mod screen;
mod status;
mod table;
pub mod words;

pub use clocks::{Times, read_at};
pub use computer::Computer;
pub use motion::{Motion, Playback};
pub use note::{Lifetime, Note, REMARK_LIFETIME};
pub use pace::{PACE, Pace};
pub use positions::{MirrorError, mirror, start_worker, states_of};
pub use screen::{MatchBoard, MatchScreen};
pub use table::{DuelLink, Heard, Incoming, ToTable};

use crate::controller::table::{Kind, Role};
use crate::tui::keymap::{Action, Context};
use crate::tui::timeline::{self, Steps};

/// Where a replay's walking key takes it from point `index` of `history`: a step back or on
/// (Left, Right), a whole move back or on (Up, Down), the start or the end (First, Last).
/// Any other action leaves the index as it is.
pub fn walk<T: Steps>(history: &[T], index: usize, action: Action) -> usize {
    let last = timeline::last(history);
    match action {
        Action::Left => index.saturating_sub(1),
        Action::Right => (index + 1).min(last),
        Action::Up => timeline::move_boundary(history, index, false),
        Action::Down => timeline::move_boundary(history, index, true),
        Action::First => 0,
        Action::Last => last,
        _ => index,
    }
}

/// Where a match screen is used, which decides the keys that work and how help reads: a
/// recorded match's viewer, a shared table (played at or watched), or a local match with
/// `humans` (0 to 2) people at the keyboard.
pub fn context(viewer: bool, table: Option<(Role, Kind)>, humans: usize) -> Context {
    if viewer {
        return Context::Viewer;
    }
    match (table, humans) {
        (Some((Role::Plays(_), kind)), _) => Context::TablePlayer {
            two_players: kind == Kind::TwoPlayers,
        },
        (Some((Role::Watches, _)), _) => Context::TableSpectator,
        (None, 0) => Context::Watching,
        (None, 1) => Context::Local { computer: true },
        (None, _) => Context::Local { computer: false },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Side;
    use crate::tui::timeline::FakeMove as Move;

    #[test]
    fn walking_keys_stay_within_the_match() {
        // Points: 0 start; 1-2 move 0 (one step); 3 move 1.
        let history = [Move(1), Move(0)];
        let at = |index, action| walk(&history, index, action);
        assert_eq!(at(0, Action::Left), 0);
        assert_eq!(at(2, Action::Left), 1);
        assert_eq!(at(3, Action::Right), 3);
        assert_eq!(at(0, Action::Down), 1);
        assert_eq!(at(2, Action::Up), 1);
        assert_eq!(at(2, Action::First), 0);
        assert_eq!(at(0, Action::Last), 3);
        assert_eq!(at(2, Action::Pause), 2);
    }

    #[test]
    fn the_viewer_comes_first_then_the_table_then_the_people_here() {
        let plays = Some((Role::Plays(Side::First), Kind::TwoPlayers));
        assert_eq!(context(true, plays, 2), Context::Viewer);
        assert_eq!(
            context(false, plays, 0),
            Context::TablePlayer { two_players: true }
        );
        let watches = Some((Role::Watches, Kind::Showcase));
        assert_eq!(context(false, watches, 2), Context::TableSpectator);
        assert_eq!(context(false, None, 0), Context::Watching);
        assert_eq!(context(false, None, 1), Context::Local { computer: true });
        assert_eq!(context(false, None, 2), Context::Local { computer: false });
    }
}
