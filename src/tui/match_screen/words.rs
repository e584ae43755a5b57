//! What every duel screen says the same way (without a final period, as short remarks on
//! the status line), and the new-game question with its one answer key.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// `r` with no move played yet.
pub const NOTHING_TO_REPLAY: &str = "No move to replay yet";

/// `u` at a table: its moves are the table's.
pub const NO_TAKE_BACK_AT_A_TABLE: &str = "Moves at a table cannot be taken back";

/// `u` before the person here has moved.
pub const NOTHING_TO_TAKE_BACK: &str = "Nothing to take back yet";

/// A table's games are dealt by the table; some tables deal none but their first.
pub const NEW_GAMES_IN_THE_LOBBY: &str = "New games start in the lobby: q goes back to it";

/// What `a` says it did.
pub fn animations(on: bool) -> &'static str {
    if on {
        "Animations on"
    } else {
        "Animations off until you quit: a to turn them on"
    }
}

/// What `u` says it took back: the person's move, and the replies after it if any.
pub fn took_back(count: usize) -> &'static str {
    if count <= 1 {
        "Took back your move"
    } else {
        "Took back your move and the reply"
    }
}

/// `n` at a table before the game is over: a rematch (two people) or a new game.
pub fn new_deal_later(two_players: bool) -> String {
    let what = if two_players {
        "A rematch"
    } else {
        "A new game"
    };
    format!("{what} can start once this game is over")
}

/// The question `n` asks while a game is going on; it says which key answers what.
pub fn new_game_question(saved: bool) -> String {
    question_before_losing("New game?", "this one", saved)
}

/// A y/n question asked before a game is left behind: `question`, whether `game` (how the
/// question names it) stays saved, and which key answers what.
pub fn question_before_losing(question: &str, game: &str, saved: bool) -> String {
    let kept = if saved { "stays saved" } else { "is not saved" };
    format!("{question} {game} {kept} — y: yes, any other key: no")
}

/// The answer to a y/n question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// `y`: go ahead.
    Yes,
    /// Any other key: leave things as they are.
    No,
    /// Ctrl-C or Ctrl-Q: quit rather than answer.
    Quit,
}

/// How `key` answers a y/n question: `y` confirms, anything else cancels.
pub fn answer(key: KeyEvent) -> Answer {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') | KeyCode::Char('q') if ctrl => Answer::Quit,
        KeyCode::Char('y') | KeyCode::Char('Y') if !ctrl => Answer::Yes,
        _ => Answer::No,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_y_confirms_and_the_question_says_so() {
        let key = |code, modifiers| answer(KeyEvent::new(code, modifiers));
        assert_eq!(key(KeyCode::Char('y'), KeyModifiers::NONE), Answer::Yes);
        assert_eq!(key(KeyCode::Char('Y'), KeyModifiers::SHIFT), Answer::Yes);
        assert_eq!(key(KeyCode::Char('n'), KeyModifiers::NONE), Answer::No);
        assert_eq!(key(KeyCode::Enter, KeyModifiers::NONE), Answer::No);
        assert_eq!(key(KeyCode::Char('y'), KeyModifiers::CONTROL), Answer::No);
        assert_eq!(key(KeyCode::Char('c'), KeyModifiers::CONTROL), Answer::Quit);
        assert!(new_game_question(true).contains("y: yes, any other key: no"));
    }
}
