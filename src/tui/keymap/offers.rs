//! What each screen offers its person: the key bar's and the help's entries as data, each
//! with the keys it stands for and the states in which it is live.
//!
//! A screen describes its state as a [`State`] and asks [`bar`] and [`help`] for the
//! entries live in it; the key bar (`tui::view::keybar`) and the help boxes are drawn from
//! those lists, so they cannot name a key the keymap does not map. A screen with its own
//! keys (a game's) gives its entries as [`Offers`] from its folder, built with the helpers
//! here, and checks them with the same tests.

use ratatui::crossterm::event::KeyCode;

use super::{Action, Context, KeyMode, KeyTable, ScreenAction, available};

use KeyCode::Char;
use KeyCode::{Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up};

/// What a screen is doing now, as far as its keys care: a set of [`flag`]s and, for the
/// screens keyed by the game table ([`Where::ThreeTrios`], [`Where::Duel`]), the key mode
/// and the context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    flags: u32,
    pub mode: KeyMode,
    pub ctx: Context,
}

impl State {
    /// No flag set, in `mode` and `ctx`.
    pub const fn new(mode: KeyMode, ctx: Context) -> Self {
        State {
            flags: 0,
            mode,
            ctx,
        }
    }

    /// A screen with its own key table: mode and context do not matter there.
    pub const fn screen() -> Self {
        State::new(KeyMode::Play, Context::Local { computer: false })
    }

    /// This state with `flag` set when `on`.
    #[must_use]
    pub const fn with(self, flag: u32, on: bool) -> Self {
        State {
            flags: if on {
                self.flags | flag
            } else {
                self.flags & !flag
            },
            ..self
        }
    }

    /// Whether `flag` is set.
    pub const fn has(self, flag: u32) -> bool {
        self.flags & flag != 0
    }

    fn replaying(self) -> bool {
        self.mode == KeyMode::Replay
    }

    fn at_table(self) -> bool {
        matches!(
            self.ctx,
            Context::TablePlayer { .. } | Context::TableSpectator
        )
    }
}

/// The states a screen's keys depend on. Each screen sets the ones it knows of.
pub mod flag {
    /// The game is over (Three Trios: or only reviewed; saved list: the chosen match cannot
    /// be continued).
    pub const OVER: u32 = 1;
    /// The person watches rather than plays.
    pub const WATCHING: u32 = 1 << 1;
    /// Three Trios: a card is picked and waits for its cell.
    pub const PICKED: u32 = 1 << 2;
    /// Three Trios: the cursor is on the grid (else on the hand).
    pub const GRID: u32 = 1 << 3;
    /// An animation runs that `s` can skip.
    pub const ANIMATING: u32 = 1 << 4;
    /// There is a move to take back.
    pub const TAKE_BACK: u32 = 1 << 5;
    /// A watched match is held.
    pub const PAUSED: u32 = 1 << 6;
    /// The server's table has closed.
    pub const CLOSED: u32 = 1 << 7;
    /// At a server's table.
    pub const TABLE: u32 = 1 << 8;
    /// Waiting for players or an opponent.
    pub const WAITING: u32 = 1 << 9;
    /// Duel replay: a step of a move is shown, and named before the keys.
    pub const STEP_SHOWN: u32 = 1 << 10;
    /// Duel: a person at this screen is to move.
    pub const TO_MOVE: u32 = 1 << 11;
    /// Hex paths: steps are being typed in.
    pub const ENTERING: u32 = 1 << 12;
    /// Hex paths: a race against the clock.
    pub const RACING: u32 = 1 << 13;
    /// Hex paths: the clock runs.
    pub const THINKING: u32 = 1 << 14;
    /// Hex paths: the round is over.
    pub const DONE: u32 = 1 << 15;
    /// Hex paths: an announced move is shown.
    pub const DEMONSTRATING: u32 = 1 << 16;
    /// Lobby: the chosen line is an option.
    pub const OPTION: u32 = 1 << 17;
    /// Lobby: the chosen line is a table.
    pub const TABLE_LINE: u32 = 1 << 18;
    /// Lobby: more than one game to choose from.
    pub const GAMES: u32 = 1 << 19;
    /// Saved list: it holds matches.
    pub const LISTED: u32 = 1 << 20;
    /// Lobby: the server keeps players (profiles and leaderboards).
    pub const PLAYERS: u32 = 1 << 21;
    /// Lobby: the chosen line opens a table for two people.
    pub const OPEN_LINE: u32 = 1 << 23;
    /// The lobby or home screen offers the daily puzzles' leaderboard (`d`).
    pub const DAILY: u32 = 1 << 22;
    /// Lobby: the viewer is a guest, who has no profile of their own.
    pub const GUEST: u32 = 1 << 24;
    /// A duel's board has hints to show (`H`).
    pub const HINTS: u32 = 1 << 25;
    /// Lobby: the game chosen can be paired in the pool (`f`).
    pub const POOL: u32 = 1 << 26;
    /// Hex paths: the round just played was the last (Space shows the end, not a round).
    pub const LAST_ROUND: u32 = 1 << 27;
}

use flag::*;

/// What an entry's keys ask for: an action of the game table, of a screen's own table, or
/// nothing (a note such as `Watching`, or the mouse).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    Game(Action),
    Screen(ScreenAction),
    Note,
}

/// One entry of a key bar or a help box.
///
/// Invariant (tested): in every state where it is live, each of `keys` is mapped by the
/// screen's key lookup, and the first to `act`.
pub struct Offer {
    /// The keys it stands for; empty for a note.
    pub keys: &'static [KeyCode],
    pub act: Act,
    /// How the keys are written: `↑↓`, `Enter`.
    pub label: &'static str,
    /// The bar's word or the help's sentence. `{name}` is filled in by the screen.
    pub text: &'static str,
    /// The states where it is offered.
    pub when: fn(State) -> bool,
    /// Bar only: on a short line the lowest goes first.
    pub priority: u8,
}

pub(crate) const fn o(
    keys: &'static [KeyCode],
    act: Act,
    label: &'static str,
    text: &'static str,
    when: fn(State) -> bool,
    priority: u8,
) -> Offer {
    Offer {
        keys,
        act,
        label,
        text,
        when,
        priority,
    }
}

/// A help entry: shown whenever its screen's help is.
pub(crate) const fn h(
    keys: &'static [KeyCode],
    act: Act,
    label: &'static str,
    text: &'static str,
) -> Offer {
    o(keys, act, label, text, always, 0)
}

/// An entry of a help or a game-over box live only `when`: never cut, so no priority.
pub(crate) const fn at(
    keys: &'static [KeyCode],
    act: Act,
    label: &'static str,
    text: &'static str,
    when: fn(State) -> bool,
) -> Offer {
    o(keys, act, label, text, when, 0)
}

pub(crate) fn always(_: State) -> bool {
    true
}

/// At a server's table.
pub(crate) fn table(s: State) -> bool {
    s.has(TABLE)
}

/// At a server's table as a player, not a spectator.
pub(crate) fn seated(s: State) -> bool {
    s.has(TABLE) && !s.has(WATCHING)
}

/// Not at a server's table.
pub(crate) fn alone(s: State) -> bool {
    !s.has(TABLE)
}

/// Seated at a table against another person: `n` asks for a rematch.
fn two_players(s: State) -> bool {
    s.ctx == Context::TablePlayer { two_players: true }
}

/// A screen's own key bar and help, supplied by the screen's folder (a game's, where the
/// screen is a game's), with the key table its keys are looked up in.
pub struct Offers {
    /// For messages: which screen this is.
    pub name: &'static str,
    /// The key bar's entries, all states.
    pub bar: &'static [Offer],
    /// The help's entries, all states.
    pub help: &'static [Offer],
    /// The table the keys are looked up in.
    pub keys: &'static KeyTable,
    /// The [`flag`]s the screen sets, so tests can ask about each of its states.
    pub flags: &'static [u32],
}

/// The screens, each with its key bar and help.
#[derive(Debug, Clone, Copy)]
pub enum Where {
    /// Three Trios, keyed by the game table.
    ThreeTrios,
    /// Reversi and Islands, keyed by the game table.
    Duel,
    /// The server's lobby.
    Lobby,
    /// The home screen's choices.
    Home,
    /// The home screen's saved matches.
    Saved,
    /// The game-over box of every duel.
    DuelEnd,
    /// A screen with its own key table, bar and help, as its folder gives them.
    Own(&'static Offers),
}

impl PartialEq for Where {
    fn eq(&self, other: &Where) -> bool {
        match (self, other) {
            (Where::Own(a), Where::Own(b)) => std::ptr::eq(*a, *b),
            (Where::Own(_), _) | (_, Where::Own(_)) => false,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl Eq for Where {}

impl std::fmt::Debug for Offers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl Where {
    /// The screens this module words itself; the others are their folders' to list.
    pub const ALL: [Where; 6] = [
        Where::ThreeTrios,
        Where::Duel,
        Where::Lobby,
        Where::Home,
        Where::Saved,
        Where::DuelEnd,
    ];
}

const fn g(a: Action) -> Act {
    Act::Game(a)
}

pub(crate) const fn s(a: ScreenAction) -> Act {
    Act::Screen(a)
}

/// Every bar ends `? help · q quit` (or `q lobby`, `Esc back` where that is the way out): the
/// help key and the quit key sit last and go last, the quit key after everything else.
pub(crate) const KEEP: u8 = 250;
pub(crate) const KEEP_MOST: u8 = 255;
/// A replay's way back to the game, just before `? help · q quit`, and gone just before them.
const LEAVE_REPLAY: u8 = 240;

// The game table's screens (Three Trios, Reversi, Islands) first show a replay, then a
// closed table, as their own branches.
fn replay(s: State) -> bool {
    s.replaying()
}
fn closed(s: State) -> bool {
    !s.replaying() && s.has(CLOSED)
}

// Three Trios: one branch of entries per situation, in the order the bar shows them.
fn tt_over(s: State) -> bool {
    !s.replaying() && !s.has(CLOSED) && s.has(OVER)
}
fn tt_watching(s: State) -> bool {
    !s.replaying() && !s.has(CLOSED) && !s.has(OVER) && s.has(WATCHING)
}
fn tt_picked(s: State) -> bool {
    !s.replaying() && !s.has(CLOSED | OVER | WATCHING) && s.has(PICKED)
}
fn tt_playing(s: State) -> bool {
    !s.replaying() && !s.has(CLOSED | OVER | WATCHING | PICKED)
}

#[rustfmt::skip]
const THREE_TRIOS_BAR: &[Offer] = &[
    o(&[Left, Right], g(Action::Left), "←→", "step", replay, 100),
    o(&[Up, Down], g(Action::Up), "↑↓", "move", replay, 90),
    o(&[Char(' ')], g(Action::Pause), "Space", "play/pause", replay, 80),
    o(&[Esc], g(Action::Cancel), "Esc", "back", |s| replay(s) && s.ctx != Context::Viewer, LEAVE_REPLAY),
    o(&[Esc], g(Action::Cancel), "Esc", "end", |s| replay(s) && s.ctx == Context::Viewer, LEAVE_REPLAY),
    o(&[Char('r')], g(Action::Replay), "r", "replay", closed, 100),
    o(&[Char('n')], g(Action::NewGame), "n", "rematch", |s| tt_over(s) && two_players(s), 100),
    o(&[Char('n')], g(Action::NewGame), "n", "new game", |s| tt_over(s) && !two_players(s), 100),
    o(&[Char('r')], g(Action::Replay), "r", "replay", tt_over, 90),
    o(&[Char('u')], g(Action::TakeBack), "u", "take back", |s| tt_over(s) && s.has(TAKE_BACK), 85),
    o(&[Char(' ')], g(Action::Confirm), "Space", "pause", |s| tt_watching(s) && !s.has(PAUSED), 100),
    o(&[Char(' ')], g(Action::Confirm), "Space", "resume", |s| tt_watching(s) && s.has(PAUSED), 100),
    o(&[Char('.')], g(Action::StepOne), ".", "one move", tt_watching, 90),
    o(&[Char('+'), Char('-')], g(Action::Faster), "+/-", "speed", tt_watching, 80),
    o(&[Char('s')], g(Action::SkipAnimation), "s", "skip", |s| tt_watching(s) && s.has(ANIMATING), 75),
    o(&[Char('r')], g(Action::Replay), "r", "replay", tt_watching, 70),
    o(&[Up, Down, Left, Right], g(Action::Up), "arrows", "cell", |s| tt_picked(s) && s.has(GRID), 100),
    o(&[Enter], g(Action::Confirm), "Enter", "place", |s| tt_picked(s) && s.has(GRID), 90),
    o(&[Down, Up, Char('1')], g(Action::Down), "↑↓ 1-9", "card", |s| tt_picked(s) && !s.has(GRID), 100),
    o(&[Enter], g(Action::Confirm), "Enter", "pick", |s| tt_picked(s) && !s.has(GRID), 90),
    o(&[Tab], g(Action::SwitchFocus), "Tab", "grid", |s| tt_picked(s) && !s.has(GRID), 85),
    o(&[Esc], g(Action::Cancel), "Esc", "cancel", tt_picked, 80),
    o(&[Char('H')], g(Action::ToggleHints), "H", "hints", tt_picked, 70),
    o(&[Down, Up, Char('1')], g(Action::Down), "↑↓ 1-9", "card", |s| tt_playing(s) && !s.has(GRID), 100),
    o(&[Enter], g(Action::Confirm), "Enter", "pick", |s| tt_playing(s) && !s.has(GRID), 90),
    o(&[Tab], g(Action::SwitchFocus), "Tab", "grid", |s| tt_playing(s) && !s.has(GRID), 80),
    o(&[Up, Down, Left, Right], g(Action::Up), "arrows", "cell", |s| tt_playing(s) && s.has(GRID), 100),
    o(&[Tab], g(Action::SwitchFocus), "Tab", "hand", |s| tt_playing(s) && s.has(GRID), 90),
    o(&[Char('1')], g(Action::PickCard(0)), "1-9", "pick", |s| tt_playing(s) && s.has(GRID), 80),
    o(&[Char('s')], g(Action::SkipAnimation), "s", "skip", |s| tt_playing(s) && s.has(ANIMATING), 70),
    o(&[Char('u')], g(Action::TakeBack), "u", "take back", |s| tt_playing(s) && s.has(TAKE_BACK), 60),
    o(&[Char('r')], g(Action::Replay), "r", "replay", tt_playing, 50),
    o(&[Char('?')], g(Action::ToggleHelp), "?", "help", always, KEEP),
    o(&[Char('q')], g(Action::Quit), "q", "quit", |s| !s.at_table(), KEEP_MOST),
    o(&[Char('q')], g(Action::Quit), "q", "lobby", State::at_table, KEEP_MOST),
];

// Reversi and Islands.
fn du_waiting(s: State) -> bool {
    !s.replaying() && !s.has(CLOSED) && s.has(WAITING)
}
fn du_over(s: State) -> bool {
    !s.replaying() && !s.has(CLOSED | WAITING) && s.has(OVER)
}
fn du_on(s: State) -> bool {
    !s.replaying() && !s.has(CLOSED | WAITING | OVER)
}
fn du_on_or_over(s: State) -> bool {
    du_on(s) || du_over(s)
}
fn du_watching(s: State) -> bool {
    du_on(s) && matches!(s.ctx, Context::Watching | Context::TableSpectator)
}
fn du_to_move(s: State) -> bool {
    du_on(s) && !du_watching(s) && s.has(TO_MOVE)
}
fn du_waits(s: State) -> bool {
    du_on(s) && !du_watching(s) && !s.has(TO_MOVE)
}

#[rustfmt::skip]
const DUEL_BAR: &[Offer] = &[
    o(&[], Act::Note, "", "{step}", |s| replay(s) && s.has(STEP_SHOWN), KEEP),
    o(&[Left, Right], g(Action::Left), "←→", "step", replay, 100),
    o(&[Up, Down], g(Action::Up), "↑↓", "move", replay, 90),
    o(&[Char(' ')], g(Action::Pause), "Space", "play/pause", replay, 80),
    o(&[Esc], g(Action::Cancel), "Esc", "back", |s| replay(s) && s.ctx != Context::Viewer, LEAVE_REPLAY),
    o(&[Esc], g(Action::Cancel), "Esc", "end", |s| replay(s) && s.ctx == Context::Viewer, LEAVE_REPLAY),
    o(&[Char('?')], g(Action::ToggleHelp), "?", "help", |s| replay(s) && !s.has(STEP_SHOWN), KEEP),
    o(&[], Act::Note, "", "The table closed: {reason}", closed, KEEP),
    o(&[], Act::Note, "", "Waiting for an opponent to join this table", du_waiting, KEEP),
    o(&[Char('q')], g(Action::Quit), "q", "lobby", |s| closed(s) || du_waiting(s), KEEP_MOST),
    o(&[Char('n')], g(Action::NewGame), "n", "rematch", |s| du_over(s) && two_players(s), 100),
    o(&[Char('n')], g(Action::NewGame), "n", "new game", |s| du_over(s) && !two_players(s), 100),
    o(&[Char('r')], g(Action::Replay), "r", "replay", du_over, 90),
    o(&[Char('u')], g(Action::TakeBack), "u", "take back", |s| du_over(s) && s.has(TAKE_BACK), 85),
    o(&[Char(' ')], g(Action::Confirm), "Space", "pause", |s| du_watching(s) && !s.has(PAUSED), 100),
    o(&[Char(' ')], g(Action::Confirm), "Space", "resume", |s| du_watching(s) && s.has(PAUSED), 100),
    o(&[Char('.')], g(Action::StepOne), ".", "one move", du_watching, 90),
    o(&[Char('+'), Char('-')], g(Action::Faster), "+/-", "speed", |s| du_watching(s) && s.ctx == Context::Watching, 80),
    o(&[Char('r')], g(Action::Replay), "r", "replay", du_watching, 70),
    // The arrows give way before `H`: the cursor shows where they go, while the hints are
    // found only here or in the help (an Islands cell of two digits leaves no room for both
    // at 80 columns).
    o(&[Up, Down, Left, Right], g(Action::Up), "Arrows", "move", du_to_move, 80),
    o(&[Enter], g(Action::Confirm), "Enter or click:", "{place} at {cell}", du_to_move, 90),
    o(&[Char('H')], g(Action::ToggleHints), "H", "{hint}", |s| du_to_move(s) && s.has(HINTS), 85),
    o(&[Char('u')], g(Action::TakeBack), "u", "take back", |s| du_to_move(s) && s.has(TAKE_BACK), 60),
    o(&[Char('r')], g(Action::Replay), "r", "replay", du_waits, 90),
    o(&[Char('u')], g(Action::TakeBack), "u", "take back", |s| du_waits(s) && s.has(TAKE_BACK), 80),
    o(&[Char('?')], g(Action::ToggleHelp), "?", "help", |s| du_over(s) || du_on(s), KEEP),
    o(&[Char('q')], g(Action::Quit), "q", "quit", |s| (replay(s) || du_on_or_over(s)) && !s.at_table(), KEEP_MOST),
    o(&[Char('q')], g(Action::Quit), "q", "lobby", |s| (replay(s) || du_on_or_over(s)) && s.at_table(), KEEP_MOST),
];

// The lobby and the home screen.
fn lb_option(s: State) -> bool {
    s.has(OPTION)
}
fn lb_table(s: State) -> bool {
    !s.has(OPTION) && s.has(TABLE_LINE)
}
fn lb_start(s: State) -> bool {
    !s.has(OPTION) && !s.has(TABLE_LINE)
}

const CHOOSE: Offer = o(
    &[Up, Down],
    s(ScreenAction::Up),
    "↑↓",
    "choose",
    always,
    100,
);
const HELP: Offer = o(
    &[Char('?')],
    s(ScreenAction::ToggleHelp),
    "?",
    "help",
    always,
    KEEP,
);
const QUIT: Offer = o(
    &[Char('q')],
    s(ScreenAction::Quit),
    "q",
    "quit",
    always,
    KEEP_MOST,
);

#[rustfmt::skip]
const LOBBY_BAR: &[Offer] = &[
    CHOOSE,
    o(&[Left, Right], s(ScreenAction::Left), "←→", "change", lb_option, 90),
    o(&[Enter], s(ScreenAction::Confirm), "Enter", "join or watch", lb_table, 90),
    o(&[Char('w')], s(ScreenAction::Watch), "w", "watch", lb_table, 80),
    o(&[Enter], s(ScreenAction::Confirm), "Enter", "start", lb_start, 90),
    o(&[Left, Right], s(ScreenAction::Left), "←→", "game", |s| lb_start(s) && s.has(GAMES), 80),
    o(&[Char('c')], s(ScreenAction::Casual), "c", "casual table", |s| s.has(PLAYERS) && s.has(OPEN_LINE), 70),
    o(&[Char('f')], s(ScreenAction::FindOpponent), "f", "find opponent", |s| s.has(POOL), 35),
    o(&[Char('p')], s(ScreenAction::Profile), "p", "profile", |s| s.has(PLAYERS) && (!s.has(GUEST) || s.has(TABLE_LINE)), 60),
    o(&[Char('b')], s(ScreenAction::Leaderboard), "b", "leaderboard", |s| s.has(PLAYERS), 50),
    o(&[Char('d')], s(ScreenAction::Daily), "d", "daily", |s| s.has(DAILY), 40),
    HELP,
    QUIT,
];

/// The lobby's help; [`crate::tui::lobby::view::LOBBY_KEYS`] is its words.
#[rustfmt::skip]
pub const LOBBY_HELP: [Offer; 13] = [
    h(&[Up, Down, Char('j'), Char('k'), Tab], s(ScreenAction::Up), "↑ ↓  j k  Tab", "choose a line"),
    h(&[Left, Right, Char('h'), Char('l')], s(ScreenAction::Left), "← →  h l", "change the option (on other lines: the game)"),
    h(&[Enter, Char(' ')], s(ScreenAction::Confirm), "Enter  Space", "start, join your seat or a free one, else watch"),
    h(&[Char('w')], s(ScreenAction::Watch), "w", "watch the chosen table"),
    h(&[Char('c')], s(ScreenAction::Casual), "c", "open a casual (unrated) table"),
    h(&[Char('f')], s(ScreenAction::FindOpponent), "f", "find an opponent on the clock chosen"),
    h(&[Char('p')], s(ScreenAction::Profile), "p", "your profile (on a table: its player's)"),
    h(&[Char('b')], s(ScreenAction::Leaderboard), "b", "the leaderboards"),
    h(&[Char('d')], s(ScreenAction::Daily), "d", "today's puzzles: leaderboard and your bests"),
    h(&[Home, End, Char('g'), Char('G')], s(ScreenAction::First), "Home End  g G", "first / last line"),
    h(&[], Act::Note, "mouse", "click a line to choose it, again to open it"),
    h(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "this help (any key closes it)"),
    h(&[Char('q'), Esc], s(ScreenAction::Quit), "q  Esc", "leave the server"),
];

#[rustfmt::skip]
const HOME_BAR: &[Offer] = &[
    CHOOSE,
    o(&[Left, Right], s(ScreenAction::Left), "←→", "change", lb_option, 90),
    o(&[Enter], s(ScreenAction::Confirm), "Enter", "{enter}", |s| !s.has(OPTION), 90),
    o(&[Left, Right], s(ScreenAction::Left), "←→", "game", |s| !s.has(OPTION) && s.has(GAMES), 80),
    o(&[Char('p')], s(ScreenAction::Profile), "p", "profile", |s| s.has(PLAYERS), 60),
    o(&[Char('d')], s(ScreenAction::Daily), "d", "daily", |s| s.has(DAILY), 50),
    HELP,
    QUIT,
];

/// The home screen's help (its saved list's too); [`crate::tui::lobby::view::HOME_KEYS`]
/// is its words. `PageUp PageDown` are the saved list's keys.
#[rustfmt::skip]
pub const HOME_HELP: [Offer; 11] = [
    h(&[Up, Down, Char('j'), Char('k'), Tab], s(ScreenAction::Up), "↑ ↓  j k  Tab", "choose a line"),
    h(&[Left, Right, Char('h'), Char('l')], s(ScreenAction::Left), "← →  h l", "change the option (on other lines: the game)"),
    h(&[Enter, Char(' ')], s(ScreenAction::Confirm), "Enter  Space", "start the line, or resume/replay the match"),
    h(&[Char('r')], s(ScreenAction::Replay), "r", "replay the chosen saved match"),
    h(&[Char('p')], s(ScreenAction::Profile), "p", "your profile: games, records, bests"),
    h(&[Char('d')], s(ScreenAction::Daily), "d", "today's puzzles: leaderboard and bests"),
    h(&[Home, End, Char('g'), Char('G')], s(ScreenAction::First), "Home End  g G", "first / last line"),
    h(&[PageUp, PageDown], s(ScreenAction::PageUp), "PageUp PageDown", "saved matches: a page at a time"),
    h(&[], Act::Note, "mouse", "click a line to choose it, again to open it"),
    h(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "this help (any key closes it)"),
    h(&[Char('q'), Esc], s(ScreenAction::Quit), "q  Esc", "quit trios (saved matches: back)"),
];

#[rustfmt::skip]
const SAVED_BAR: &[Offer] = &[
    o(&[Up, Down], s(ScreenAction::Up), "↑↓", "choose", |s| s.has(LISTED), 100),
    o(&[Enter], s(ScreenAction::Confirm), "Enter", "{enter}", |s| s.has(LISTED), 90),
    o(&[Char('r')], s(ScreenAction::Replay), "r", "replay", |s| s.has(LISTED) && !s.has(OVER), 80),
    HELP,
    o(&[Esc], s(ScreenAction::Cancel), "Esc", "back", always, KEEP_MOST),
];

// The game-over boxes: what to do next. They are never cut, so priorities do not matter.
/// The game-over box shows outside a replay.
fn tt_end(s: State) -> bool {
    !s.replaying()
}

#[rustfmt::skip]
const DUEL_END: &[Offer] = &[
    at(&[Char('n')], g(Action::NewGame), "n", "rematch", |s| tt_end(s) && !s.has(CLOSED) && two_players(s)),
    at(&[Char('n')], g(Action::NewGame), "n", "new game", |s| tt_end(s) && !s.has(CLOSED) && !two_players(s)),
    at(&[Char('r')], g(Action::Replay), "r", "replay", tt_end),
    at(&[Char('q')], g(Action::Quit), "q", "quit", |s| tt_end(s) && !s.at_table()),
    at(&[Char('q')], g(Action::Quit), "q", "lobby", |s| tt_end(s) && s.at_table()),
];

/// The key bar's entries of `place`, all states.
pub fn bar_offers(place: Where) -> &'static [Offer] {
    match place {
        Where::ThreeTrios => THREE_TRIOS_BAR,
        Where::Duel => DUEL_BAR,
        Where::Lobby => LOBBY_BAR,
        Where::Home => HOME_BAR,
        Where::Saved => SAVED_BAR,
        Where::DuelEnd => DUEL_END,
        Where::Own(own) => own.bar,
    }
}

/// The help's entries of `place`, all states. Three Trios and the duels list the game
/// table itself ([`super::offered`]), each in its own words, so they have none here.
pub fn help_offers(place: Where) -> &'static [Offer] {
    match place {
        Where::ThreeTrios | Where::Duel | Where::DuelEnd => &[],
        Where::Own(own) => own.help,
        Where::Lobby => &LOBBY_HELP,
        Where::Home | Where::Saved => &HOME_HELP,
    }
}

/// Whether `offer` is live in `state`: its states say so and, on the game table, its
/// action works in the state's mode and context.
fn live(offer: &Offer, state: State) -> bool {
    (offer.when)(state)
        && match offer.act {
            Act::Game(action) => available(action, state.mode, state.ctx),
            _ => true,
        }
}

/// The key bar's entries live in `state`, in the order the bar shows them.
pub fn bar(place: Where, state: State) -> Vec<&'static Offer> {
    live_in(bar_offers(place), state)
}

/// The help's entries live in `state`, in order.
pub fn help(place: Where, state: State) -> Vec<&'static Offer> {
    live_in(help_offers(place), state)
}

/// The entries of `offers` live in `state`, in order.
fn live_in(offers: &'static [Offer], state: State) -> Vec<&'static Offer> {
    offers.iter().filter(|o| live(o, state)).collect()
}

/// `text` with each `{name}` of `fills` replaced by its value, in one pass (a value is
/// never read again for names); an unknown `{name}` stays as written.
pub fn fill(text: &str, fills: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            fills
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v, close))
        });
        match value {
            Some((v, close)) => {
                out.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::{KeyTable, action_for, offered, screen_action};
    use super::*;
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

    const MODES: [KeyMode; 2] = [KeyMode::Play, KeyMode::Replay];
    const CONTEXTS: [Context; 6] = [
        Context::Local { computer: true },
        Context::Local { computer: false },
        Context::Watching,
        Context::Viewer,
        Context::TablePlayer { two_players: true },
        Context::TablePlayer { two_players: false },
    ];

    /// A person seated at a table against another person.
    const AT_TABLE: State = State::new(KeyMode::Play, Context::TablePlayer { two_players: true });

    /// Whether `place` is keyed by the game table (so by mode and context) rather than by
    /// a screen's own table.
    fn on_game_table(place: Where) -> bool {
        matches!(place, Where::ThreeTrios | Where::Duel | Where::DuelEnd)
    }

    /// The flags each screen sets.
    fn flags(place: Where) -> &'static [u32] {
        match place {
            Where::ThreeTrios => &[
                CLOSED, OVER, WATCHING, PAUSED, ANIMATING, PICKED, GRID, TAKE_BACK,
            ],
            Where::Duel => &[STEP_SHOWN, CLOSED, WAITING, OVER, TO_MOVE],
            Where::Lobby => &[OPTION, TABLE_LINE, GAMES],
            Where::Home => &[OPTION, GAMES, PLAYERS],
            Where::Saved => &[LISTED, OVER],
            Where::DuelEnd => &[CLOSED],
            Where::Own(own) => own.flags,
        }
    }

    /// Every state a screen can be asked about: each set of its flags, and on the game
    /// table each mode and context (the spectator's too).
    fn states(place: Where) -> Vec<State> {
        let bases: Vec<State> = match place {
            _ if on_game_table(place) => MODES
                .iter()
                .flat_map(|&m| {
                    CONTEXTS
                        .iter()
                        .chain([&Context::TableSpectator])
                        .map(move |&c| State::new(m, c))
                })
                .collect(),
            _ => vec![State::screen()],
        };
        let flags = flags(place);
        let mut all = Vec::new();
        for base in bases {
            for set in 0..1u32 << flags.len() {
                let mut state = base;
                for (i, &f) in flags.iter().enumerate() {
                    state = state.with(f, set & (1 << i) != 0);
                }
                all.push(state);
            }
        }
        all
    }

    /// What `code` asks for on `place` in `state`, by the keymap's own lookup.
    fn lookup(place: Where, state: State, code: KeyCode) -> Option<Act> {
        let key = KeyEvent::new(code, KeyModifiers::NONE);
        let on = |screen| screen_action(screen, key).map(Act::Screen);
        match place {
            Where::ThreeTrios | Where::Duel | Where::DuelEnd => {
                action_for(state.mode, state.ctx, key).map(Act::Game)
            }
            Where::Own(own) => on(own.keys),
            Where::Lobby | Where::Home => on(&KeyTable::LOBBY),
            Where::Saved => on(&KeyTable::SAVED_LIST),
        }
    }

    /// Whether `offer`'s keys all do something on `place` in `state`, the first what the
    /// offer says; a note has no keys. Says what is wrong, if anything.
    fn keys_problem(place: Where, state: State, offer: &Offer) -> Option<String> {
        let what = format!("{place:?} {state:?}: \"{} {}\"", offer.label, offer.text);
        if offer.act == Act::Note {
            return (!offer.keys.is_empty()).then(|| format!("{what}: a note with keys"));
        }
        let Some(&first) = offer.keys.first() else {
            return Some(format!("{what}: no key"));
        };
        // The home help speaks for its saved list too.
        let found = |code| {
            lookup(place, state, code)
                .or_else(|| (place == Where::Home).then(|| lookup(Where::Saved, state, code))?)
        };
        if found(first) != Some(offer.act) {
            return Some(format!("{what}: {first:?} asks for {:?}", found(first)));
        }
        offer
            .keys
            .iter()
            .find(|&&k| found(k).is_none())
            .map(|k| format!("{what}: {k:?} does nothing"))
    }

    /// The actions the help of `place` lists in `state`.
    fn help_acts(place: Where, state: State) -> Vec<Act> {
        match place {
            _ if on_game_table(place) => offered(state.mode, state.ctx)
                .into_iter()
                .map(|(a, _, _)| Act::Game(a))
                .collect(),
            _ => help(place, state)
                .iter()
                .flat_map(|o| o.keys.iter().filter_map(move |&k| lookup(place, state, k)))
                .collect(),
        }
    }

    /// Everything wrong with the bar `shown` of `place` in `state`: a key that does
    /// nothing or something else, or an action the help leaves out.
    fn bar_problems(place: Where, state: State, shown: &[&Offer]) -> Vec<String> {
        let listed = help_acts(place, state);
        let mut problems = Vec::new();
        for offer in shown {
            problems.extend(keys_problem(place, state, offer));
            if offer.act != Act::Note && !listed.contains(&offer.act) {
                problems.push(format!(
                    "{place:?} {state:?}: {:?} is in the bar, not in the help",
                    offer.act
                ));
            }
        }
        problems
    }

    /// Everything wrong with the bar and help of `place` in any of its states: a key that
    /// does nothing or something else, or a bar's action the help leaves out. Screens
    /// worded in their own folders ask this of their [`Offers`] in their tests.
    pub(crate) fn problems(place: Where) -> Vec<String> {
        let mut problems = Vec::new();
        for state in states(place) {
            problems.extend(bar_problems(place, state, &bar(place, state)));
            // The saved list shows the home screen's help, which speaks for both.
            let speaks_for = if place == Where::Saved {
                Where::Home
            } else {
                place
            };
            for offer in help(place, state) {
                problems.extend(keys_problem(speaks_for, state, offer));
            }
        }
        problems
    }

    /// Everything wrong with how the bars of `place` end, in any of its states: each ends
    /// with its one way out (`q quit`, `q lobby`, or `Esc` where that leaves), the entry
    /// that goes last, with `? help` just before it when offered. A box's keys (never cut)
    /// are not a bar. Screens worded in their own folders ask this of their [`Offers`].
    pub(crate) fn ending_problems(place: Where) -> Vec<String> {
        if bar_offers(place).iter().all(|o| o.priority == 0) {
            return Vec::new();
        }
        let mut problems = Vec::new();
        for state in states(place) {
            let shown = bar(place, state);
            let words: Vec<String> = shown
                .iter()
                .map(|o| format!("{} {}", o.label, o.text))
                .collect();
            let what = format!("{place:?} {state:?}: {}", words.join(" · "));
            let outs: Vec<usize> = (0..shown.len())
                .filter(|&i| shown[i].priority == KEEP_MOST)
                .collect();
            if outs != [shown.len() - 1] {
                problems.push(format!("{what}: not one way out, last"));
                continue;
            }
            let help = shown
                .iter()
                .position(|o| o.act != Act::Note && o.label == "?");
            if help.is_some_and(|h| h + 2 != shown.len()) {
                problems.push(format!("{what}: ? help is not just before the way out"));
            }
        }
        problems
    }

    #[test]
    fn every_bar_ends_with_help_then_its_way_out() {
        let problems: Vec<String> = Where::ALL.into_iter().flat_map(ending_problems).collect();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn every_key_a_bar_shows_does_what_it_says_and_the_help_lists_it() {
        let problems: Vec<String> = Where::ALL.into_iter().flat_map(problems).collect();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn a_bar_naming_a_key_that_does_nothing_is_caught() {
        let dead = o(
            &[Char('z')],
            s(ScreenAction::Watch),
            "z",
            "watch",
            always,
            1,
        );
        let state = State::screen();
        assert_eq!(bar_problems(Where::Lobby, state, &[&dead]).len(), 1);
        // `w` watches in the lobby, but the home help does not list it.
        let unlisted = o(
            &[Char('w')],
            s(ScreenAction::Watch),
            "w",
            "watch",
            always,
            1,
        );
        let problems = bar_problems(Where::Home, state, &[&unlisted]);
        assert!(problems[0].contains("not in the help"), "{problems:?}");
        // `u` takes nothing back against another person at a table.
        let undo = &THREE_TRIOS_BAR
            .iter()
            .find(|o| o.act == Act::Game(Action::TakeBack))
            .expect("Three Trios offers a take-back");
        assert_eq!(bar_problems(Where::ThreeTrios, AT_TABLE, &[undo]).len(), 2);
    }

    #[test]
    fn take_back_is_offered_only_when_a_move_can_be_taken_back() {
        let local = State::new(KeyMode::Play, Context::Local { computer: true });
        let labels =
            |s: State| -> Vec<&str> { bar(Where::ThreeTrios, s).iter().map(|o| o.label).collect() };
        assert!(!labels(local).contains(&"u"));
        assert!(labels(local.with(TAKE_BACK, true)).contains(&"u"));
        assert!(!labels(AT_TABLE.with(TAKE_BACK, true)).contains(&"u"));
        let watching = State::new(KeyMode::Play, Context::Watching).with(WATCHING, true);
        assert!(labels(watching).contains(&"."));
        assert!(!labels(local).contains(&"."));
    }

    #[test]
    fn fill_replaces_known_names_once() {
        let fills = [("a", "{b}"), ("b", "x")];
        assert_eq!(fill("{a}-{b}-{c}", &fills), "{b}-x-{c}");
        assert_eq!(fill("no names {", &fills), "no names {");
    }
}
