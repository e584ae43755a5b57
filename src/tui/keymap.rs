//! Key bindings as data: one table from keys to actions, per mode. Help is drawn from it.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Everything a person can ask the app to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Switch the cursor between the hand and the grid.
    SwitchFocus,
    /// Pick the card under the cursor, or place the picked card on the cell under the cursor.
    Confirm,
    Cancel,
    /// Pick hand card N (0-based) directly.
    PickCard(usize),
    ToggleHints,
    ToggleHelp,
    NewGame,
    Quit,
    /// Step through the last move's battle (and earlier moves).
    Replay,
    /// Watching computers play: pause or resume.
    Pause,
    /// Watching computers play: one move while paused.
    StepOne,
    Faster,
    Slower,
    /// Replay: first and last position.
    First,
    Last,
    /// Scroll the battle log back (older lines) or forth.
    LogBack,
    LogForth,
    /// Show the end of the battle being animated at once.
    SkipAnimation,
    /// Turn battle animations off (moves show at once) or back on.
    ToggleAnimations,
    /// Ctrl-Z: give the terminal back to the shell until `fg`.
    Suspend,
}

/// Which table applies: the live game, or the replay viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyMode {
    Play,
    Replay,
}

/// One binding: the keys, the action, and how the help overlay describes it.
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub label: &'static str,
    pub action: Action,
    pub help: &'static str,
}

const fn bind(
    keys: &'static [KeyCode],
    label: &'static str,
    action: Action,
    help: &'static str,
) -> Binding {
    Binding {
        keys,
        label,
        action,
        help,
    }
}

use KeyCode::{BackTab, Char, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up};

/// The live game. `h` is left (vim keys), so hints sit on `H`.
pub const PLAY: &[Binding] = &[
    bind(&[Up, Char('k')], "↑ k", Action::Up, "cursor up"),
    bind(&[Down, Char('j')], "↓ j", Action::Down, "cursor down"),
    bind(&[Left, Char('h')], "← h", Action::Left, "cursor left"),
    bind(&[Right, Char('l')], "→ l", Action::Right, "cursor right"),
    bind(
        &[Tab, BackTab],
        "Tab",
        Action::SwitchFocus,
        "switch between hand and grid",
    ),
    bind(
        &[Enter, Char(' ')],
        "Enter Space",
        Action::Confirm,
        "pick a card / place it (Space pauses when computers play)",
    ),
    bind(&[Esc], "Esc", Action::Cancel, "cancel the pick"),
    bind(&[], "1-9", Action::PickCard(0), "pick hand card 1-9"),
    bind(
        &[Char('H')],
        "H",
        Action::ToggleHints,
        "hints: how many cards each cell would flip",
    ),
    bind(
        &[Char('r')],
        "r",
        Action::Replay,
        "replay the last move's battle step by step",
    ),
    bind(
        &[Char('.')],
        ".",
        Action::StepOne,
        "computers: one move while paused",
    ),
    bind(
        &[Char('+'), Char('=')],
        "+ -",
        Action::Faster,
        "computers: faster / slower",
    ),
    bind(&[Char('-'), Char('_')], "", Action::Slower, ""),
    bind(
        &[PageUp, PageDown],
        "PgUp PgDn",
        Action::LogBack,
        "scroll the battle log (or the mouse wheel)",
    ),
    bind(
        &[Char('s')],
        "s",
        Action::SkipAnimation,
        "skip to the end of the battle shown",
    ),
    bind(
        &[Char('a')],
        "a",
        Action::ToggleAnimations,
        "battle animations off / on",
    ),
    bind(&[Char('n')], "n", Action::NewGame, "new game"),
    bind(&[Char('?')], "?", Action::ToggleHelp, "this help"),
    bind(&[Char('q')], "q", Action::Quit, "quit (the match is saved)"),
];

/// The replay viewer.
pub const REPLAY: &[Binding] = &[
    bind(
        &[Left, Char('h')],
        "← h",
        Action::Left,
        "one battle step back",
    ),
    bind(
        &[Right, Char('l')],
        "→ l",
        Action::Right,
        "one battle step on",
    ),
    bind(&[Up, Char('k')], "↑ k", Action::Up, "previous move"),
    bind(&[Down, Char('j')], "↓ j", Action::Down, "next move"),
    bind(&[Home], "Home", Action::First, "start of the match"),
    bind(&[End], "End", Action::Last, "end of the match"),
    bind(&[Char(' ')], "Space", Action::Pause, "play / pause"),
    bind(
        &[Char('+'), Char('=')],
        "+ -",
        Action::Faster,
        "faster / slower",
    ),
    bind(&[Char('-'), Char('_')], "", Action::Slower, ""),
    bind(&[Esc, Char('r')], "Esc", Action::Cancel, "back to the game"),
    bind(
        &[PageUp, PageDown],
        "PgUp PgDn",
        Action::LogBack,
        "scroll the battle log (or the mouse wheel)",
    ),
    bind(&[Char('n')], "n", Action::NewGame, "new game"),
    bind(&[Char('?')], "?", Action::ToggleHelp, "this help"),
    bind(&[Char('q')], "q", Action::Quit, "quit"),
];

/// The table for a mode.
pub fn table(mode: KeyMode) -> &'static [Binding] {
    match mode {
        KeyMode::Play => PLAY,
        KeyMode::Replay => REPLAY,
    }
}

/// The action a key asks for in `mode`, if any. Ctrl-C always quits.
pub fn action_for(mode: KeyMode, key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            Char('c') | Char('q') => Some(Action::Quit),
            Char('z') => Some(Action::Suspend),
            _ => None,
        };
    }
    if mode == KeyMode::Play
        && let Char(d @ '1'..='9') = key.code
    {
        return Some(Action::PickCard(d as usize - '1' as usize));
    }
    if key.code == PageDown {
        return Some(Action::LogForth);
    }
    table(mode)
        .iter()
        .find(|b| b.keys.contains(&key.code))
        .map(|b| b.action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn vim_keys_move_and_shift_h_toggles_hints() {
        assert_eq!(
            action_for(KeyMode::Play, key(Char('h'))),
            Some(Action::Left)
        );
        assert_eq!(
            action_for(KeyMode::Play, key(Char('H'))),
            Some(Action::ToggleHints)
        );
        assert_eq!(
            action_for(KeyMode::Play, key(Char('3'))),
            Some(Action::PickCard(2))
        );
        assert_eq!(action_for(KeyMode::Replay, key(Esc)), Some(Action::Cancel));
        let ctrl_c = KeyEvent::new(Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action_for(KeyMode::Replay, ctrl_c), Some(Action::Quit));
        assert_eq!(action_for(KeyMode::Play, key(Char('z'))), None);
    }

    #[test]
    fn no_key_is_bound_twice_in_a_mode() {
        for mode in [KeyMode::Play, KeyMode::Replay] {
            let mut seen = Vec::new();
            for b in table(mode) {
                for k in b.keys {
                    assert!(!seen.contains(k), "{k:?} bound twice");
                    seen.push(*k);
                }
            }
        }
    }
}
