//! The y/n questions a race screen asks before a game would be lost: leaving it, or dealing
//! a new one over it. Worded as the duels word theirs, with the same one answer key.

pub(crate) use crate::tui::match_screen::words::{
    Answer, answer, new_game_question, question_before_losing,
};

/// What a race screen asks before it throws a game away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// `q` while a game is on.
    Leave,
    /// `n` while a game is on.
    NewGame,
}

/// The question `q` asks while a game is on; `saved`: whether the game stays saved.
pub fn leave_question(saved: bool) -> String {
    question_before_losing("Leave this game?", "it", saved)
}

impl Question {
    /// The words of the question on the status line.
    pub fn text(self, saved: bool) -> String {
        match self {
            Question::Leave => leave_question(saved),
            Question::NewGame => new_game_question(saved),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_questions_say_which_key_answers_and_whether_the_game_is_kept() {
        for q in [Question::Leave, Question::NewGame] {
            assert!(q.text(false).ends_with("— y: yes, any other key: no"));
            assert!(q.text(false).contains("not saved"));
            assert!(q.text(true).contains("stays saved"));
        }
        assert!(leave_question(false).starts_with("Leave this game?"));
    }
}
