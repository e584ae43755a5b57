//! Key bindings as data: one table from keys to actions, per mode; and per screen what its
//! key bar and help offer ([`offers`]). Both are drawn from here.

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

/// What a key asks for on a screen with its own plain table ([`Screen`]). Apart from the
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
    /// Hex paths: one step in direction N (see `tui::hexpaths::DIRECTION_KEYS`).
    Step(u8),
}

/// One binding of a screen that words its own key bar and help: keys and the action.
pub struct KeyBind {
    pub keys: &'static [KeyCode],
    pub action: ScreenAction,
}

const fn on(keys: &'static [KeyCode], action: ScreenAction) -> KeyBind {
    KeyBind { keys, action }
}

/// The screens whose keys are a plain table here; each draws its own key bar and help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The lobby or home screen's list of choices.
    Lobby,
    /// The lobby's list of saved matches.
    SavedList,
    /// A Triad game or race.
    Triad,
    /// A Hex paths game or race, outside the typing of an announced number.
    HexPaths,
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
];

/// Triad. The card keys (`tui::triad::CARD_KEYS`, a block shaped like the tableau) are
/// read from that block by [`screen_action`]: the card at row `r`, column `c` is
/// `PickCard(3c + r)`.
pub const TRIAD: &[KeyBind] = &[
    on(&[Char('q')], ScreenAction::Quit),
    on(&[Char('?')], ScreenAction::ToggleHelp),
    on(&[Char('n')], ScreenAction::NewGame),
    on(&[Left], ScreenAction::Left),
    on(&[Right], ScreenAction::Right),
    on(&[Up], ScreenAction::Up),
    on(&[Down], ScreenAction::Down),
    on(&[Enter, Char(' ')], ScreenAction::Confirm),
    on(&[Esc], ScreenAction::Cancel),
    on(&[Char('h')], ScreenAction::Hint),
    on(&[Char('c')], ScreenAction::CountTriads),
    on(&[Char('s')], ScreenAction::StartRace),
    on(&[Char('+')], ScreenAction::AddRival),
    on(&[Char('-')], ScreenAction::RemoveRival),
];

/// Hex paths. The direction keys (`tui::hexpaths::DIRECTION_KEYS`, either case) are read
/// from that table by [`screen_action`] after these; `n` is `NewGame` here, and the screen
/// still steps south-east with it when no new game is due.
pub const HEXPATHS: &[KeyBind] = &[
    on(&[Char('q')], ScreenAction::Quit),
    on(&[Char('?')], ScreenAction::ToggleHelp),
    on(&[Char('#')], ScreenAction::ToggleNumbers),
    on(&[Char('r')], ScreenAction::Replay),
    on(&[Char('n')], ScreenAction::NewGame),
    on(&[Char('g')], ScreenAction::TimesUp),
    on(&[Char('s')], ScreenAction::StartRace),
    on(&[Char('+')], ScreenAction::AddRival),
    on(&[Char(' ')], ScreenAction::Continue),
    on(&[Enter], ScreenAction::Confirm),
    on(&[KeyCode::Backspace], ScreenAction::Undo),
    on(&[Esc], ScreenAction::Cancel),
    on(&[Tab, Down], ScreenAction::Down),
    on(&[BackTab, Up], ScreenAction::Up),
    on(&[Left], ScreenAction::Left),
    on(&[Right], ScreenAction::Right),
    on(&[Char('1')], ScreenAction::Announce(0)),
    on(&[Char('2')], ScreenAction::Announce(1)),
    on(&[Char('3')], ScreenAction::Announce(2)),
    on(&[Char('4')], ScreenAction::Announce(3)),
];

/// The table of a screen.
pub fn screen_table(screen: Screen) -> &'static [KeyBind] {
    match screen {
        Screen::Lobby => LOBBY,
        Screen::SavedList => SAVED_LIST,
        Screen::Triad => TRIAD,
        Screen::HexPaths => HEXPATHS,
    }
}

/// The action a key asks for on `screen`, if any. Ctrl-C is `Interrupt`; other modifiers
/// do not change a key's meaning on these screens.
pub fn screen_action(screen: Screen, key: KeyEvent) -> Option<ScreenAction> {
    if key.code == Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
        return Some(ScreenAction::Interrupt);
    }
    let bound = screen_table(screen)
        .iter()
        .find(|b| b.keys.contains(&key.code))
        .map(|b| b.action);
    // The keys laid out like the board come from the one table the screen draws them from.
    bound.or_else(|| match (screen, key.code) {
        (Screen::Triad, Char(c)) => crate::tui::triad::position_of(c).map(ScreenAction::PickCard),
        (Screen::HexPaths, Char(c)) => {
            crate::tui::hexpaths::direction_of(c).map(ScreenAction::Step)
        }
        _ => None,
    })
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
        let lobby = |code| screen_action(Screen::Lobby, key(code));
        assert_eq!(lobby(Char('G')), Some(ScreenAction::Last));
        assert_eq!(lobby(Tab), Some(ScreenAction::Down));
        assert_eq!(lobby(Esc), Some(ScreenAction::Cancel));
        assert_eq!(lobby(Char('z')), None);
        let saved = |code| screen_action(Screen::SavedList, key(code));
        assert_eq!(saved(KeyCode::Backspace), Some(ScreenAction::Cancel));
        assert_eq!(saved(Right), Some(ScreenAction::Confirm));
        assert_eq!(saved(PageDown), Some(ScreenAction::PageDown));
        let ctrl_c = KeyEvent::new(Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            screen_action(Screen::SavedList, ctrl_c),
            Some(ScreenAction::Interrupt)
        );
        let ctrl_k = KeyEvent::new(Char('k'), KeyModifiers::CONTROL);
        assert_eq!(screen_action(Screen::Lobby, ctrl_k), Some(ScreenAction::Up));
    }

    #[test]
    fn triad_card_keys_follow_the_tableau_block() {
        let triad = |c| screen_action(Screen::Triad, key(Char(c)));
        for (r, row) in crate::tui::triad::CARD_KEYS.iter().enumerate() {
            for (c, &k) in row.iter().enumerate() {
                assert_eq!(triad(k), Some(ScreenAction::PickCard(3 * c + r)), "{k}");
            }
        }
        assert_eq!(triad('h'), Some(ScreenAction::Hint));
        assert_eq!(triad('x'), None);
    }

    #[test]
    fn hexpaths_direction_keys_step_as_the_direction_table_says() {
        for c in (0u8..128).map(char::from) {
            let action = screen_action(Screen::HexPaths, key(Char(c)));
            match crate::tui::hexpaths::direction_of(c) {
                Some(_) if c == 'n' => assert_eq!(action, Some(ScreenAction::NewGame)),
                Some(d) => assert_eq!(action, Some(ScreenAction::Step(d)), "{c}"),
                None => assert!(!matches!(action, Some(ScreenAction::Step(_))), "{c}"),
            }
        }
    }

    #[test]
    fn no_key_is_bound_twice_on_a_screen() {
        for screen in [
            Screen::Lobby,
            Screen::SavedList,
            Screen::Triad,
            Screen::HexPaths,
        ] {
            let mut seen = Vec::new();
            for b in screen_table(screen) {
                for k in b.keys {
                    assert!(!seen.contains(k), "{k:?} bound twice on {screen:?}");
                    seen.push(*k);
                }
            }
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
