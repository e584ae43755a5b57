//! Key bindings as data: one table from keys to actions, per mode; and per screen what its
//! key bar and help offer ([`offers`]). Both are drawn from here. A screen with its own
//! keys (a game's) gives them as a [`KeyTable`] from its folder, so this module names no game.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub mod offers;

pub use offers::{Act, Offer, State, Where, flag};

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
    /// Show the running battle animation's end at once.
    SkipAnimation,
    /// Turn battle animations off or on (kept while the program runs).
    ToggleAnimations,
    /// Take back the person's last move and the computer's reply.
    TakeBack,
    /// Ctrl-Z: give the terminal back to the shell until `fg`.
    Suspend,
    /// Scroll the battle log back or on by a page.
    LogUp,
    LogDown,
}

/// Where the keys are used: decides which bindings work here and how the help reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// A game played at this screen; `computer`: one seat is a computer.
    Local { computer: bool },
    /// Two computers playing each other at this screen.
    Watching,
    /// A recorded match opened with `trios replay`: only viewing.
    Viewer,
    /// A player at a server's table; `two_players`: against another person.
    TablePlayer { two_players: bool },
    /// Watching at a server's table.
    TableSpectator,
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
        "pick a card / place it",
    ),
    bind(&[Esc], "Esc", Action::Cancel, "cancel the pick"),
    bind(
        &[],
        "1-9",
        Action::PickCard(0),
        "pick that hand card (from 10 on, type both digits)",
    ),
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
        &[Char('s')],
        "s",
        Action::SkipAnimation,
        "skip the battle animation",
    ),
    bind(
        &[Char('a')],
        "a",
        Action::ToggleAnimations,
        "animations off / on (until you quit)",
    ),
    bind(
        &[Char('u')],
        "u",
        Action::TakeBack,
        "take back your last move and the reply",
    ),
    bind(
        &[PageUp, PageDown],
        "PgUp PgDn",
        Action::LogUp,
        "scroll the battle log (or the mouse wheel)",
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
        Action::LogUp,
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

/// Whether `action` does something in `mode` and `ctx`; keys that do nothing there are
/// neither bound nor shown.
pub fn available(action: Action, mode: KeyMode, ctx: Context) -> bool {
    use Context::*;
    let plays = matches!(ctx, Local { .. } | TablePlayer { .. });
    let watches = matches!(ctx, Watching | TableSpectator);
    match (mode, action) {
        (_, Action::Quit | Action::ToggleHelp | Action::LogUp | Action::LogDown) => true,
        (KeyMode::Replay, Action::NewGame) => !matches!(ctx, Viewer | TableSpectator),
        (KeyMode::Replay, _) => true,
        (KeyMode::Play, Action::Replay) => true,
        (KeyMode::Play, Action::NewGame) => !matches!(ctx, Viewer | TableSpectator),
        (KeyMode::Play, Action::Confirm) => plays || watches,
        (KeyMode::Play, Action::StepOne | Action::Pause) => watches,
        (KeyMode::Play, Action::Faster | Action::Slower) => ctx != Viewer,
        (KeyMode::Play, Action::SkipAnimation | Action::ToggleAnimations) => ctx != Viewer,
        (KeyMode::Play, Action::TakeBack) => ctx == Local { computer: true },
        (KeyMode::Play, Action::First | Action::Last) => false,
        (KeyMode::Play, _) => plays,
    }
}

/// How the help describes `binding` in `mode` and `ctx`, or `None` when it is not offered.
pub fn describe(binding: &Binding, mode: KeyMode, ctx: Context) -> Option<&'static str> {
    use Context::*;
    if binding.label.is_empty() || !available(binding.action, mode, ctx) {
        return None;
    }
    let watches = matches!(ctx, Watching | TableSpectator);
    Some(match (binding.action, ctx) {
        (Action::Quit, TablePlayer { .. } | TableSpectator) => "back to the lobby",
        (Action::Quit, Viewer) => "quit",
        (Action::NewGame, TablePlayer { two_players: true }) => "rematch (when the game is over)",
        (Action::NewGame, TablePlayer { two_players: false }) => "new game (when the game is over)",
        (Action::NewGame, Local { .. }) => "new game (asks first while a game is on)",
        (Action::Confirm, _) if watches => "pause / resume",
        (Action::Faster, _) if watches => "faster / slower",
        (Action::Faster, _) if mode == KeyMode::Play => "battle animation faster / slower",
        (Action::Cancel, Viewer) if mode == KeyMode::Replay => {
            "leave the viewer: the final position"
        }
        (Action::Replay, Viewer) => "step through the match again",
        _ => binding.help,
    })
}

/// Every key offered in `mode` and `ctx`, as the help lists them: label and description.
pub fn entries(mode: KeyMode, ctx: Context) -> Vec<(&'static str, &'static str)> {
    offered(mode, ctx)
        .into_iter()
        .map(|(_, label, help)| (label, help))
        .collect()
}

/// Every key offered in `mode` and `ctx` with its action, so a game's screen can word the
/// help its own way: action, label and description.
pub fn offered(mode: KeyMode, ctx: Context) -> Vec<(Action, &'static str, &'static str)> {
    table(mode)
        .iter()
        .filter_map(|b| describe(b, mode, ctx).map(|help| (b.action, b.label, help)))
        .collect()
}

/// The action a key asks for in `mode` and `ctx`, if any. Ctrl-C always quits.
pub fn action_for(mode: KeyMode, ctx: Context, key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            Char('c') | Char('q') => Some(Action::Quit),
            Char('z') => Some(Action::Suspend),
            _ => None,
        };
    }
    let action = match key.code {
        Char(d @ '1'..='9') if mode == KeyMode::Play => {
            Some(Action::PickCard(d as usize - '1' as usize))
        }
        // One binding scrolls both ways; the key says which.
        PageDown => Some(Action::LogDown),
        code => table(mode)
            .iter()
            .find(|b| b.keys.contains(&code))
            .map(|b| b.action),
    }?;
    available(action, mode, ctx).then_some(action)
}

/// What a key asks for on a screen with its own plain table ([`KeyTable`]). Apart from the
/// game's [`Action`] so each screen matches only what its keys can ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScreenAction {
    Quit,
    ToggleHelp,
    Up,
    Down,
    Left,
    Right,
    /// First and last line of a list.
    First,
    Last,
    Confirm,
    Cancel,
    NewGame,
    /// Triad: pick the card at tableau position N (0-based, `3 * column + row`).
    PickCard(usize),
    /// Ctrl-C on a screen with its own key table: leave at once, whatever is open.
    Interrupt,
    /// Lists: a page up or down.
    PageUp,
    PageDown,
    /// Lobby: watch the selected table instead of joining it.
    Watch,
    /// Triad: point at a triad on the table.
    Hint,
    /// Triad: say how many triads the table holds.
    CountTriads,
    /// Triad race at a server, while waiting: start, or add or remove a computer rival.
    StartRace,
    AddRival,
    RemoveRival,
    /// Hex paths: show or hide the step numbers.
    ToggleNumbers,
    /// Hex paths: show the last move again.
    Replay,
    /// Hex paths race: say the time is up (done thinking).
    TimesUp,
    /// Hex paths, `Space`: on to the next round, or to the end of the move being shown.
    Continue,
    /// Hex paths: take back the last step entered.
    Undo,
    /// Hex paths: player N (0-based) at this keyboard types the steps they announce.
    Announce(usize),
    /// Hex paths: one step in direction N (the screen's direction keys say which).
    Step(u8),
    /// Lobby at a server that keeps players: one's own profile.
    Profile,
    /// Lobby at a server that keeps players: the leaderboards.
    Leaderboard,
    /// Lobby at a server that keeps players, on "Open a table": open it casual (unrated).
    Casual,
    /// Lobby and home: the day's leaderboard of the daily puzzles.
    /// Lobby: find an opponent in the pool for the game and clock chosen.
    FindOpponent,
    Daily,
}

/// One binding of a screen that words its own key bar and help: keys and the action.
pub struct KeyBind {
    pub keys: &'static [KeyCode],
    pub action: ScreenAction,
}

const fn on(keys: &'static [KeyCode], action: ScreenAction) -> KeyBind {
    KeyBind { keys, action }
}

/// A screen whose keys are a plain table and that draws its own key bar and help. The
/// shared screens (the lobby, the saved list) are here; a game's screen supplies its own
/// from its folder, so the keymap names no game.
pub struct KeyTable {
    /// For messages: which screen this is.
    pub name: &'static str,
    /// Its bindings; no key twice.
    pub binds: &'static [KeyBind],
    /// The keys laid out like the board, read after `binds` from the one table the screen
    /// draws them from: the action a character key asks for, if it is one of them.
    pub board: fn(char) -> Option<ScreenAction>,
}

impl std::fmt::Debug for KeyTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// No keys laid out like a board.
const fn no_board(_: char) -> Option<ScreenAction> {
    None
}

impl KeyTable {
    /// The lobby or home screen's list of choices.
    pub const LOBBY: KeyTable = KeyTable {
        name: "Lobby",
        binds: LOBBY,
        board: no_board,
    };
    /// The lobby's list of saved matches.
    pub const SAVED_LIST: KeyTable = KeyTable {
        name: "SavedList",
        binds: SAVED_LIST,
        board: no_board,
    };
}

/// The lobby's choices. `Esc` is `Cancel` (it leaves, like `q`, but only closes the help).
pub const LOBBY: &[KeyBind] = &[
    on(&[Char('?')], ScreenAction::ToggleHelp),
    on(&[Char('q')], ScreenAction::Quit),
    on(&[Esc], ScreenAction::Cancel),
    on(&[Up, Char('k')], ScreenAction::Up),
    on(&[Down, Char('j'), Tab], ScreenAction::Down),
    on(&[Home, Char('g')], ScreenAction::First),
    on(&[End, Char('G')], ScreenAction::Last),
    on(&[Left, Char('h')], ScreenAction::Left),
    on(&[Right, Char('l')], ScreenAction::Right),
    on(&[Enter, Char(' ')], ScreenAction::Confirm),
    on(&[Char('w')], ScreenAction::Watch),
    on(&[Char('p')], ScreenAction::Profile),
    on(&[Char('b')], ScreenAction::Leaderboard),
    on(&[Char('d')], ScreenAction::Daily),
    on(&[Char('c')], ScreenAction::Casual),
    on(&[Char('f')], ScreenAction::FindOpponent),
];

/// The saved-matches list. `q` is `Quit` (it also leaves with the help open); the other
/// ways back are `Cancel`.
pub const SAVED_LIST: &[KeyBind] = &[
    on(&[Char('?')], ScreenAction::ToggleHelp),
    on(&[Char('q')], ScreenAction::Quit),
    on(&[Esc, Left, KeyCode::Backspace], ScreenAction::Cancel),
    on(&[Up, Char('k')], ScreenAction::Up),
    on(&[Down, Char('j'), Tab], ScreenAction::Down),
    on(&[PageUp], ScreenAction::PageUp),
    on(&[PageDown], ScreenAction::PageDown),
    on(&[Home, Char('g')], ScreenAction::First),
    on(&[End, Char('G')], ScreenAction::Last),
    on(&[Enter, Char(' '), Right], ScreenAction::Confirm),
    on(&[Char('r')], ScreenAction::Replay),
];

/// The action a key asks for on `screen`, if any: its table first, then its board keys.
/// Ctrl-C is `Interrupt`; other modifiers do not change a key's meaning on these screens.
pub fn screen_action(screen: &KeyTable, key: KeyEvent) -> Option<ScreenAction> {
    if key.code == Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
        return Some(ScreenAction::Interrupt);
    }
    let bound = screen
        .binds
        .iter()
        .find(|b| b.keys.contains(&key.code))
        .map(|b| b.action);
    bound.or_else(|| match key.code {
        Char(c) => (screen.board)(c),
        _ => None,
    })
}

/// The keys bound twice on `screen`, for its tests: none, in every screen.
#[cfg(test)]
pub(crate) fn bound_twice(screen: &KeyTable) -> Vec<KeyCode> {
    let mut seen = Vec::new();
    let mut twice = Vec::new();
    for b in screen.binds {
        for k in b.keys {
            if seen.contains(k) {
                twice.push(*k);
            }
            seen.push(*k);
        }
    }
    twice
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    const LOCAL: Context = Context::Local { computer: true };

    #[test]
    fn vim_keys_move_and_shift_h_toggles_hints() {
        assert_eq!(
            action_for(KeyMode::Play, LOCAL, key(Char('h'))),
            Some(Action::Left)
        );
        assert_eq!(
            action_for(KeyMode::Play, LOCAL, key(Char('H'))),
            Some(Action::ToggleHints)
        );
        assert_eq!(
            action_for(KeyMode::Play, LOCAL, key(Char('3'))),
            Some(Action::PickCard(2))
        );
        assert_eq!(
            action_for(KeyMode::Replay, LOCAL, key(Esc)),
            Some(Action::Cancel)
        );
        let ctrl_c = KeyEvent::new(Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            action_for(KeyMode::Replay, LOCAL, ctrl_c),
            Some(Action::Quit)
        );
        assert_eq!(action_for(KeyMode::Play, LOCAL, key(Char('z'))), None);
    }

    #[test]
    fn screens_map_their_keys_and_ctrl_c_interrupts() {
        let lobby = |code| screen_action(&KeyTable::LOBBY, key(code));
        assert_eq!(lobby(Char('G')), Some(ScreenAction::Last));
        assert_eq!(lobby(Tab), Some(ScreenAction::Down));
        assert_eq!(lobby(Esc), Some(ScreenAction::Cancel));
        assert_eq!(lobby(Char('z')), None);
        let saved = |code| screen_action(&KeyTable::SAVED_LIST, key(code));
        assert_eq!(saved(KeyCode::Backspace), Some(ScreenAction::Cancel));
        assert_eq!(saved(Right), Some(ScreenAction::Confirm));
        assert_eq!(saved(PageDown), Some(ScreenAction::PageDown));
        let ctrl_c = KeyEvent::new(Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            screen_action(&KeyTable::SAVED_LIST, ctrl_c),
            Some(ScreenAction::Interrupt)
        );
        let ctrl_k = KeyEvent::new(Char('k'), KeyModifiers::CONTROL);
        assert_eq!(
            screen_action(&KeyTable::LOBBY, ctrl_k),
            Some(ScreenAction::Up)
        );
    }

    #[test]
    fn no_key_is_bound_twice_on_a_screen() {
        for screen in [&KeyTable::LOBBY, &KeyTable::SAVED_LIST] {
            assert!(bound_twice(screen).is_empty(), "{screen:?}");
        }
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
