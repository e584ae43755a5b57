//! Hex paths' keys: the key table its screen reads, its direction keys shaped like the
//! hexagon's sides, and the entries of its key bar, help and final table.

use ratatui::crossterm::event::KeyCode;

use crate::tui::keymap::offers::flag::*;
use crate::tui::keymap::offers::{
    Act, KEEP, KEEP_MOST, Offer, Offers, State, alone, always, at, h, o, s, seated, table,
};
use crate::tui::keymap::{KeyBind, KeyTable, ScreenAction};

use KeyCode::{BackTab, Backspace, Char, Down, Enter, Esc, Left, Right, Tab, Up};

use crate::games::hexpaths::Dir;

/// The direction keys, by direction (north-east, east, south-east, south-west, west,
/// north-west): two layouts people know, both shaped like the hexagon's sides.
pub const DIRECTION_KEYS: [[char; 2]; 6] = [
    ['e', 'u'],
    ['d', 'l'],
    ['x', 'n'],
    ['z', 'b'],
    ['a', 'h'],
    ['w', 'y'],
];

/// The direction a key steps in.
pub fn direction_of(key: char) -> Option<Dir> {
    DIRECTION_KEYS
        .iter()
        .position(|keys| keys.contains(&key.to_ascii_lowercase()))
        .map(|d| d as Dir)
}

const fn on(keys: &'static [KeyCode], action: ScreenAction) -> KeyBind {
    KeyBind { keys, action }
}

/// Hex paths' key table. The direction keys ([`DIRECTION_KEYS`], either case) are read after
/// these; `n` is `NewGame` here, and the screen still steps south-east with it when no new
/// game is due; `H` is the hint, as in the other games (`h` still steps west).
pub const KEYS: KeyTable = KeyTable {
    name: "HexPaths",
    binds: &[
        on(&[Char('q')], ScreenAction::Quit),
        on(&[Char('?')], ScreenAction::ToggleHelp),
        on(&[Char('#')], ScreenAction::ToggleNumbers),
        on(&[Char('r')], ScreenAction::Replay),
        on(&[Char('H')], ScreenAction::Hint),
        on(&[Char('n')], ScreenAction::NewGame),
        on(&[Char('g')], ScreenAction::TimesUp),
        on(&[Char('s')], ScreenAction::StartRace),
        on(&[Char('+')], ScreenAction::AddRival),
        on(&[Char(' ')], ScreenAction::Continue),
        on(&[Enter], ScreenAction::Confirm),
        on(&[Backspace], ScreenAction::Undo),
        on(&[Esc], ScreenAction::Cancel),
        on(&[Tab, Down], ScreenAction::Down),
        on(&[BackTab, Up], ScreenAction::Up),
        on(&[Left], ScreenAction::Left),
        on(&[Right], ScreenAction::Right),
        on(&[Char('1')], ScreenAction::Announce(0)),
        on(&[Char('2')], ScreenAction::Announce(1)),
        on(&[Char('3')], ScreenAction::Announce(2)),
        on(&[Char('4')], ScreenAction::Announce(3)),
    ],
    board: direction_key,
};

/// The action of a direction key.
fn direction_key(c: char) -> Option<ScreenAction> {
    direction_of(c).map(ScreenAction::Step)
}

// At a table the bar has its own wording, except while a player's move is shown.
fn hx_table(s: State) -> bool {
    s.has(TABLE) && (s.has(WATCHING) || !s.has(DEMONSTRATING))
}
fn hx_table_watch(s: State) -> bool {
    hx_table(s) && s.has(WATCHING)
}
fn hx_table_in(s: State, phase: u32) -> bool {
    hx_table(s) && !s.has(WATCHING) && s.has(phase)
}
fn hx_alone(s: State) -> bool {
    !hx_table(s)
}
fn hx_alone_in(s: State, phase: u32) -> bool {
    hx_alone(s) && s.has(phase)
}
fn hx_entering(s: State) -> bool {
    hx_alone(s) && s.has(ENTERING) && (s.has(THINKING) || s.has(DEMONSTRATING))
}
/// A lone player entering a move: the hint is offered.
fn hx_hinting(s: State) -> bool {
    hx_entering(s) && s.has(THINKING) && !s.has(RACING)
}
fn hx_announcing(s: State) -> bool {
    hx_alone_in(s, THINKING) && !s.has(ENTERING)
}

fn hx_help(s: State) -> bool {
    if hx_table(s) {
        !s.has(OVER) || s.has(WATCHING)
    } else {
        !s.has(WAITING) && !s.has(OVER)
    }
}

const STEP_KEYS: &[KeyCode] = &[
    Char('w'),
    Char('e'),
    Char('a'),
    Char('d'),
    Char('z'),
    Char('x'),
];

#[rustfmt::skip]
const HEXPATHS_BAR: &[Offer] = &[
    // At a table.
    o(&[], Act::Note, "", "Watching", hx_table_watch, KEEP),
    o(&[Char('r')], s(ScreenAction::Replay), "r", "replay", hx_table_watch, 100),
    o(&[Char('#')], s(ScreenAction::ToggleNumbers), "#", "numbers", hx_table_watch, 90),
    o(&[Char('s')], s(ScreenAction::StartRace), "s", "start", |s| hx_table_in(s, WAITING), 100),
    o(&[Char('+')], s(ScreenAction::AddRival), "+", "add a computer rival", |s| hx_table_in(s, WAITING), 90),
    o(&[Char(' ')], s(ScreenAction::Continue), "Space", "next round now", |s| hx_table_in(s, DONE) && !s.has(LAST_ROUND), 100),
    o(&[Char(' ')], s(ScreenAction::Continue), "Space", "the result now", |s| hx_table_in(s, DONE) && s.has(LAST_ROUND), 100),
    o(&[Char('r')], s(ScreenAction::Replay), "r", "replay", |s| hx_table_in(s, DONE), 90),
    o(&[Char('n')], s(ScreenAction::NewGame), "n", "another game", |s| hx_table_in(s, OVER), 100),
    o(&[Char('r')], s(ScreenAction::Replay), "r", "replay the last round", |s| hx_table_in(s, OVER), 90),
    o(&[Tab], s(ScreenAction::Down), "Tab", "piece", |s| hx_table_in(s, THINKING), 100),
    o(STEP_KEYS, s(ScreenAction::Step(5)), "w e a d z x", "step", |s| hx_table_in(s, THINKING), 95),
    o(&[Backspace], s(ScreenAction::Undo), "⌫", "back", |s| hx_table_in(s, THINKING), 80),
    o(&[Enter], s(ScreenAction::Confirm), "Enter", "announce", |s| hx_table_in(s, THINKING), 90),
    o(&[Char('g')], s(ScreenAction::TimesUp), "g", "done", |s| hx_table_in(s, THINKING), 70),
    // Alone, or while a move is shown.
    o(&[], Act::Note, "", "Waiting for players", |s| hx_alone_in(s, WAITING), KEEP),
    o(&[Char(' ')], s(ScreenAction::Continue), "Space", "next round", |s| hx_alone_in(s, DONE) && !s.has(LAST_ROUND), 100),
    o(&[Char(' ')], s(ScreenAction::Continue), "Space", "the result", |s| hx_alone_in(s, DONE) && s.has(LAST_ROUND), 100),
    o(&[Char('r')], s(ScreenAction::Replay), "r", "replay", |s| hx_alone_in(s, DONE), 90),
    o(&[Left, Right], s(ScreenAction::Left), "←→", "step it", |s| hx_alone_in(s, DONE), 80),
    o(&[Char('#')], s(ScreenAction::ToggleNumbers), "#", "numbers", |s| hx_alone_in(s, DONE), 70),
    o(&[Char('n')], s(ScreenAction::NewGame), "n", "new game", |s| hx_alone_in(s, OVER), 100),
    o(&[Char('r')], s(ScreenAction::Replay), "r", "replay the last round", |s| hx_alone_in(s, OVER), 90),
    o(&[Tab], s(ScreenAction::Down), "Tab", "piece", hx_entering, 100),
    // The other direction keys (y u h l b n) are in the help: the bar keeps room for Enter
    // and q at 80 columns.
    o(STEP_KEYS, s(ScreenAction::Step(5)), "w e a d z x", "step", hx_entering, 95),
    o(&[Char('H')], s(ScreenAction::Hint), "H", "hint", hx_hinting, 85),
    o(&[Backspace], s(ScreenAction::Undo), "⌫", "back", hx_entering, 80),
    o(&[Enter], s(ScreenAction::Confirm), "Enter", "announce", |s| hx_entering(s) && s.has(THINKING) && s.has(RACING), 90),
    o(&[Enter], s(ScreenAction::Confirm), "Enter", "submit", |s| hx_entering(s) && !(s.has(THINKING) && s.has(RACING)), 90),
    o(&[Char('1')], s(ScreenAction::Announce(0)), "1–4", "announce", hx_announcing, 100),
    o(&[Char('g')], s(ScreenAction::TimesUp), "g", "time's up now", hx_announcing, 90),
    o(&[Char('#')], s(ScreenAction::ToggleNumbers), "#", "numbers", hx_announcing, 80),
    o(&[], Act::Note, "", "Watch the move", |s| hx_alone_in(s, DEMONSTRATING) && !s.has(ENTERING), KEEP),
    // q works at any moment: alone it quits (asking first while a game would be lost), at
    // a table it goes back to the lobby, racing or not. So the bar always ends with it,
    // after ? help, and the two are the last to go.
    o(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "help", hx_help, KEEP),
    o(&[Char('q')], s(ScreenAction::Quit), "q", "lobby", table, KEEP_MOST),
    o(&[Char('q')], s(ScreenAction::Quit), "q", "quit", alone, KEEP_MOST),
];

#[rustfmt::skip]
const HEXPATHS_HELP: &[Offer] = &[
    h(&[Tab, Down, Up], s(ScreenAction::Down), "Tab ↑↓", "pick the next piece (or click a piece)"),
    h(&[Char('w'), Char('e')], s(ScreenAction::Step(5)), "w e", "step north-west ({nw}) or north-east ({ne})"),
    h(&[Char('a'), Char('d'), Left, Right], s(ScreenAction::Step(4)), "a d ← →", "step west ({w}) or east ({e})"),
    h(&[Char('z'), Char('x')], s(ScreenAction::Step(3)), "z x", "step south-west ({sw}) or south-east ({se})"),
    h(&[], Act::Note, "", "a step slides to a barrier or a piece; its end is marked (click it)"),
    h(&[Char('H')], s(ScreenAction::Hint), "H", "alone: a hint, the next step of a shortest move (a win then scores 1)"),
    h(&[Backspace, Esc], s(ScreenAction::Undo), "Backspace", "take a step back (Esc: all of them)"),
    h(&[Enter], s(ScreenAction::Confirm), "Enter", "submit the move (in a race: announce its length)"),
    h(&[Char('1'), Char('2'), Char('3'), Char('4')], s(ScreenAction::Announce(0)), "1–4", "several people: announce a number of steps, then Enter"),
    h(&[Char('g')], s(ScreenAction::TimesUp), "g", "in a race: the time is up now (at a table: once every player says so)"),
    h(&[Char('r')], s(ScreenAction::Replay), "r", "replay the round's move, step by step"),
    h(&[Left, Right], s(ScreenAction::Left), "← →", "once a round is over: the move a step back or on, by hand"),
    h(&[Char(' ')], s(ScreenAction::Continue), "Space", "once a round is over: on to the next one"),
    h(&[Char('#')], s(ScreenAction::ToggleNumbers), "#", "cell numbers on or off"),
    at(&[Char('s')], s(ScreenAction::StartRace), "s", "start the race (before it begins)", table),
    at(&[Char('+')], s(ScreenAction::AddRival), "+", "add a computer rival (before it begins)", table),
    h(&[Char('n')], s(ScreenAction::NewGame), "n", "once the game is over: a new one"),
    at(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "this help (the clock stops while it is open)", alone),
    at(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "this help (the game at the table goes on under it)", table),
    // Alone `q` asks first until the game's first round is saved; at a table it leaves.
    at(&[Char('q')], s(ScreenAction::Quit), "q", "back to the lobby", table),
    at(&[Char('q')], s(ScreenAction::Quit), "q", "quit (asks first while a game would be lost)", alone),
];

#[rustfmt::skip]
const HEXPATHS_END: &[Offer] = &[
    at(&[Char('n')], s(ScreenAction::NewGame), "n", "another game", seated),
    at(&[Char('n')], s(ScreenAction::NewGame), "n", "new game", alone),
    at(&[Char('r')], s(ScreenAction::Replay), "r", "replay the last round", always),
    at(&[Char('q')], s(ScreenAction::Quit), "q", "lobby", table),
    at(&[Char('q')], s(ScreenAction::Quit), "q", "quit", alone),
];

/// A round, alone or at a table: its key bar and help.
pub static PLAY: Offers = Offers {
    name: "HexPaths",
    bar: HEXPATHS_BAR,
    help: HEXPATHS_HELP,
    keys: &KEYS,
    flags: &[
        WAITING,
        THINKING,
        DEMONSTRATING,
        DONE,
        OVER,
        TABLE,
        WATCHING,
        ENTERING,
        RACING,
    ],
};

/// The final table, with the game's help.
pub static END: Offers = Offers {
    name: "HexPathsEnd",
    bar: HEXPATHS_END,
    help: HEXPATHS_HELP,
    keys: &KEYS,
    flags: &[TABLE, WATCHING],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keymap::offers::Where;
    use crate::tui::keymap::{bound_twice, screen_action};
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

    #[test]
    fn direction_keys_step_as_the_direction_table_says() {
        for c in (0u8..128).map(char::from) {
            let action = screen_action(&KEYS, KeyEvent::new(Char(c), KeyModifiers::NONE));
            match direction_of(c) {
                Some(_) if c == 'n' => assert_eq!(action, Some(ScreenAction::NewGame)),
                Some(_) if c == 'H' => assert_eq!(action, Some(ScreenAction::Hint)),
                Some(d) => assert_eq!(action, Some(ScreenAction::Step(d)), "{c}"),
                None => assert!(!matches!(action, Some(ScreenAction::Step(_))), "{c}"),
            }
        }
        assert!(bound_twice(&KEYS).is_empty());
    }

    #[test]
    fn every_key_the_bar_and_help_show_does_what_they_say() {
        for place in [Where::Own(&PLAY), Where::Own(&END)] {
            let problems = crate::tui::keymap::offers::tests::problems(place);
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    }

    #[test]
    fn every_bar_ends_with_help_then_its_way_out() {
        for place in [Where::Own(&PLAY), Where::Own(&END)] {
            let problems = crate::tui::keymap::offers::tests::ending_problems(place);
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    }

    #[test]
    fn at_30_columns_the_bar_leaves_out_entries_whole() {
        crate::tui::view::keybar::tests::fits_in_30_columns(
            Where::Own(&PLAY),
            State::screen().with(THINKING, true).with(ENTERING, true),
        );
    }
}
