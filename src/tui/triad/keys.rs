//! Triad's keys: the key table its screen reads, its card keys laid out like the tableau,
//! and the entries of its key bar, help and game-over box.

use ratatui::crossterm::event::KeyCode;

use crate::tui::keymap::offers::flag::*;
use crate::tui::keymap::offers::{
    Act, KEEP, KEEP_MOST, Offer, Offers, State, alone, always, at, h, o, s, seated, table,
};
use crate::tui::keymap::{KeyBind, KeyTable, ScreenAction};

use KeyCode::{Char, Down, End, Enter, Esc, Home, Left, Right, Up};

/// The keys that pick a card, by the tableau's rows: the card at row `r`, column `c` (position
/// `3c + r`) is `CARD_KEYS[r][c]`, a block under the right hand shaped like the tableau.
/// The key table reads them from here (`PickCard(3c + r)`), as the key bar and help do.
pub const CARD_KEYS: [[char; 4]; 3] = [
    ['7', '8', '9', '0'],
    ['u', 'i', 'o', 'p'],
    ['j', 'k', 'l', ';'],
];

/// The key that picks the card at `position`, if it has one.
pub fn key_of(position: usize) -> Option<char> {
    CARD_KEYS.get(position % 3)?.get(position / 3).copied()
}

/// The tableau position a card key picks, if `key` is one.
pub fn position_of(key: char) -> Option<usize> {
    CARD_KEYS
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.iter().position(|&k| k == key).map(|c| 3 * c + r))
}

const fn on(keys: &'static [KeyCode], action: ScreenAction) -> KeyBind {
    KeyBind { keys, action }
}

/// Triad's key table. The card keys ([`CARD_KEYS`]) are read after these: the card at row
/// `r`, column `c` is `PickCard(3c + r)`.
pub const KEYS: KeyTable = KeyTable {
    name: "Triad",
    binds: &[
        on(&[Char('q')], ScreenAction::Quit),
        on(&[Char('?')], ScreenAction::ToggleHelp),
        on(&[Char('n')], ScreenAction::NewGame),
        on(&[Left], ScreenAction::Left),
        on(&[Right], ScreenAction::Right),
        on(&[Up], ScreenAction::Up),
        on(&[Down], ScreenAction::Down),
        on(&[Enter, Char(' ')], ScreenAction::Confirm),
        on(&[Esc], ScreenAction::Cancel),
        on(&[Char('H')], ScreenAction::Hint),
        on(&[Char('c')], ScreenAction::CountTriads),
        on(&[Char('s')], ScreenAction::StartRace),
        on(&[Char('+')], ScreenAction::AddRival),
        on(&[Char('-')], ScreenAction::RemoveRival),
    ],
    board: card_key,
};

/// The action of a card key.
fn card_key(c: char) -> Option<ScreenAction> {
    position_of(c).map(ScreenAction::PickCard)
}

fn tr_spectator(s: State) -> bool {
    s.has(TABLE) && s.has(WATCHING)
}
fn tr_over(s: State) -> bool {
    !tr_spectator(s) && s.has(OVER)
}
fn tr_on(s: State) -> bool {
    !tr_spectator(s) && !s.has(OVER)
}

#[rustfmt::skip]
const TRIAD_BAR: &[Offer] = &[
    o(&[], Act::Note, "", "Watching the race", tr_spectator, KEEP),
    o(&[Char('n')], s(ScreenAction::NewGame), "n", "another race", |s| tr_over(s) && s.has(TABLE), 100),
    o(&[Char('n')], s(ScreenAction::NewGame), "n", "new game", |s| tr_over(s) && !s.has(TABLE), 100),
    o(&[Char('7'), Up, Char(' ')], s(ScreenAction::PickCard(0)), "Card keys or arrows+Space", "pick", tr_on, 100),
    o(&[Char('H')], s(ScreenAction::Hint), "H", "hint", |s| tr_on(s) && !s.has(TABLE), 90),
    o(&[Char('c')], s(ScreenAction::CountTriads), "c", "count", |s| tr_on(s) && !s.has(TABLE), 80),
    o(&[Char('n')], s(ScreenAction::NewGame), "n", "new", |s| tr_on(s) && !s.has(TABLE), 70),
    o(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "help", |s| !tr_over(s), KEEP),
    o(&[Char('q')], s(ScreenAction::Quit), "q", "lobby", table, KEEP_MOST),
    o(&[Char('q')], s(ScreenAction::Quit), "q", "quit", alone, KEEP_MOST),
];

#[rustfmt::skip]
const TRIAD_HELP: &[Offer] = &[
    h(&[Char('7')], s(ScreenAction::PickCard(0)), "keys on the cards", "pick that card: {cards}"),
    h(&[Up, Down, Left, Right], s(ScreenAction::Up), "arrows", "move the cursor"),
    h(&[Char(' '), Enter], s(ScreenAction::Confirm), "Space Enter", "pick or unpick the card under the cursor (or click it)"),
    h(&[], Act::Note, "", "the third card picked is checked"),
    h(&[Esc], s(ScreenAction::Cancel), "Esc", "unpick all"),
    at(&[Char('s')], s(ScreenAction::StartRace), "s", "start the race (before it begins)", table),
    at(&[Char('+'), Char('-')], s(ScreenAction::AddRival), "+ -", "add or remove a computer rival (before it begins)", table),
    at(&[Char('n')], s(ScreenAction::NewGame), "n", "another race, once this one is over", table),
    at(&[Char('H')], s(ScreenAction::Hint), "H", "hint: a card of a triad; again, a second one", alone),
    at(&[Char('c')], s(ScreenAction::CountTriads), "c", "how many triads are on the table", alone),
    at(&[Char('n')], s(ScreenAction::NewGame), "n", "new game (asks first while a game is on)", alone),
    at(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "this help (the clock stops while it is open)", alone),
    at(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "this help (the race at the table goes on under it)", table),
    at(&[Char('q')], s(ScreenAction::Quit), "q", "back to the lobby (your score stays; you can come back)", table),
    at(&[Char('q')], s(ScreenAction::Quit), "q", "quit (a solitaire is kept to resume; a race asks first)", alone),
];

#[rustfmt::skip]
const TRIAD_END: &[Offer] = &[
    at(&[Char('n')], s(ScreenAction::NewGame), "n", "another race", seated),
    at(&[Char('n')], s(ScreenAction::NewGame), "n", "new game", alone),
    at(&[Char('q')], s(ScreenAction::Quit), "q", "lobby", table),
    at(&[Char('q')], s(ScreenAction::Quit), "q", "quit", alone),
];

/// The game or race: its key bar and help.
pub static PLAY: Offers = Offers {
    name: "Triad",
    bar: TRIAD_BAR,
    help: TRIAD_HELP,
    keys: &KEYS,
    flags: &[TABLE, WATCHING, OVER],
};

/// The game-over box, with the game's help.
pub static END: Offers = Offers {
    name: "TriadEnd",
    bar: TRIAD_END,
    help: TRIAD_HELP,
    keys: &KEYS,
    flags: &[TABLE, WATCHING],
};

/// The keys of a saved game being replayed: nothing is picked or played, so no card key
/// and no arrow but ← → does anything.
pub const REPLAY_KEYS: KeyTable = KeyTable {
    name: "TriadReplay",
    binds: &[
        on(&[Char('q'), Esc], ScreenAction::Quit),
        on(&[Char('?')], ScreenAction::ToggleHelp),
        on(&[Left], ScreenAction::Left),
        on(&[Right], ScreenAction::Right),
        on(&[Home], ScreenAction::First),
        on(&[End], ScreenAction::Last),
    ],
    board: no_card,
};

/// No card keys in a replay.
fn no_card(_: char) -> Option<ScreenAction> {
    None
}

#[rustfmt::skip]
const REPLAY_BAR: &[Offer] = &[
    o(&[Left, Right], s(ScreenAction::Left), "←→", "step", always, 100),
    o(&[Home, End], s(ScreenAction::First), "Home End", "deal / end", always, 90),
    o(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "help", always, KEEP),
    o(&[Esc, Char('q')], s(ScreenAction::Quit), "Esc q", "leave", always, KEEP_MOST),
];

#[rustfmt::skip]
const REPLAY_HELP: &[Offer] = &[
    h(&[], Act::Note, "", "a saved game, triad by triad: the next triad taken is marked"),
    h(&[Left, Right], s(ScreenAction::Left), "← →", "a triad back or on"),
    h(&[Home, End], s(ScreenAction::First), "Home End", "the deal, or the end of the game"),
    h(&[Char('?')], s(ScreenAction::ToggleHelp), "?", "this help"),
    h(&[Esc, Char('q')], s(ScreenAction::Quit), "Esc q", "leave the replay (nothing is played or saved)"),
];

/// A saved game replayed: its key bar and help.
pub static REPLAY: Offers = Offers {
    name: "TriadReplay",
    bar: REPLAY_BAR,
    help: REPLAY_HELP,
    keys: &REPLAY_KEYS,
    flags: &[],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keymap::offers::Where;
    use crate::tui::keymap::{bound_twice, screen_action};
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

    fn key(c: char) -> Option<ScreenAction> {
        screen_action(&KEYS, KeyEvent::new(Char(c), KeyModifiers::NONE))
    }

    #[test]
    fn card_keys_follow_the_tableau_block() {
        for (r, row) in CARD_KEYS.iter().enumerate() {
            for (c, &k) in row.iter().enumerate() {
                assert_eq!(key(k), Some(ScreenAction::PickCard(3 * c + r)), "{k}");
                assert_eq!(key_of(3 * c + r), Some(k));
            }
        }
        assert_eq!(key('H'), Some(ScreenAction::Hint));
        assert_eq!(key('x'), None);
        assert!(bound_twice(&KEYS).is_empty());
    }

    #[test]
    fn every_key_the_bar_and_help_show_does_what_they_say() {
        for place in [Where::Own(&PLAY), Where::Own(&END), Where::Own(&REPLAY)] {
            let problems = crate::tui::keymap::offers::tests::problems(place);
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    }

    #[test]
    fn every_bar_ends_with_help_then_its_way_out() {
        for place in [Where::Own(&PLAY), Where::Own(&END), Where::Own(&REPLAY)] {
            let problems = crate::tui::keymap::offers::tests::ending_problems(place);
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    }

    #[test]
    fn at_30_columns_the_bar_leaves_out_entries_whole() {
        crate::tui::view::keybar::tests::fits_in_30_columns(Where::Own(&PLAY), State::screen());
    }
}
