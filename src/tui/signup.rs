//! The first screen of a key the server does not know: choose a handle (the SSH user name is
//! offered), or link the key to an account with a one-time code, or play as a guest.
//!
//! The screen only edits and shows; what a choice does (create the account, redeem the code)
//! is the caller's, handed in as a function that says yes or why not.

use crate::tui::view::message::Message;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Rect};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Widget, Wrap};

use super::shell::{Screen, Transition};
use super::{Event, Theme};

/// The most characters the field takes (a handle is checked to 40; a code is 8).
const MAX_FIELD: usize = 64;

/// What the player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignUpChoice {
    /// Make an account with this handle.
    Handle(String),
    /// Link the key to the account that showed this code.
    Code(String),
    /// Play without an account this time.
    Guest,
}

/// Carries a choice out: `Ok` ends the screen, `Err` is shown and the player tries again.
pub type Decide = Box<dyn FnMut(&SignUpChoice) -> Result<(), String>>;

/// Which field is being edited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Handle,
    Code,
}

/// The sign-up screen.
pub struct SignUpScreen {
    field: Field,
    handle: String,
    code: String,
    message: Option<Message>,
    decide: Decide,
    theme: Theme,
    /// The choice that was carried out, once one was.
    pub chosen: Option<SignUpChoice>,
}

impl SignUpScreen {
    /// The screen with `offered` in the handle field.
    pub fn new(offered: &str, decide: Decide, theme: Theme) -> SignUpScreen {
        SignUpScreen {
            field: Field::Handle,
            handle: offered.chars().take(MAX_FIELD).collect(),
            code: String::new(),
            message: None,
            decide,
            theme,
            chosen: None,
        }
    }

    fn text(&mut self) -> &mut String {
        match self.field {
            Field::Handle => &mut self.handle,
            Field::Code => &mut self.code,
        }
    }

    fn carry_out(&mut self, choice: SignUpChoice) -> Transition {
        match (self.decide)(&choice) {
            Ok(()) => {
                self.chosen = Some(choice);
                Transition::Quit
            }
            Err(why) => {
                self.message = Some(Message::error(why));
                Transition::Stay
            }
        }
    }

    fn type_text(&mut self, text: &str) {
        let field = self.text();
        for c in text.chars().filter(|c| !c.is_control()) {
            if field.chars().count() >= MAX_FIELD {
                break;
            }
            field.push(c);
        }
    }
}

impl Screen for SignUpScreen {
    fn update(&mut self, event: Event, _now: Instant) -> Transition {
        let Event::Key(key) = event else {
            return Transition::Stay;
        };
        if key.kind == KeyEventKind::Release {
            return Transition::Stay;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c') if ctrl => return Transition::Quit,
            KeyCode::Char('u') if ctrl => self.text().clear(),
            KeyCode::Enter => {
                let choice = match self.field {
                    Field::Handle => SignUpChoice::Handle(self.handle.trim().to_string()),
                    Field::Code => SignUpChoice::Code(self.code.trim().to_string()),
                };
                return self.carry_out(choice);
            }
            KeyCode::Tab | KeyCode::BackTab => {
                self.field = match self.field {
                    Field::Handle => Field::Code,
                    Field::Code => Field::Handle,
                };
                self.message = None;
            }
            KeyCode::Esc => return self.carry_out(SignUpChoice::Guest),
            KeyCode::Backspace => {
                self.text().pop();
            }
            KeyCode::Char(c) if !ctrl => self.type_text(&c.to_string()),
            _ => {}
        }
        Transition::Stay
    }

    fn next_tick(&self) -> Option<Instant> {
        None
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let field = |label: &str, value: &str, on: bool| {
            let style = if on { theme.cursor() } else { theme.dim() };
            let cursor = if on { "▏" } else { "" };
            Line::from(vec![
                Span::styled(format!("{label:>8} "), theme.title()),
                Span::styled(format!(" {value}{cursor} "), style),
            ])
        };
        let mut lines = vec![
            Line::from("This key is new here. Choose the handle others will know you by:"),
            Line::default(),
            field("Handle", &self.handle, self.field == Field::Handle),
            Line::default(),
            Line::from("Or link this key to your account: on your profile, \"link another key\""),
            Line::from("shows a code; type it here."),
            Line::default(),
            field("Code", &self.code, self.field == Field::Code),
            Line::default(),
        ];
        match &self.message {
            Some(Message { text, error: true }) => {
                lines.push(Line::styled(text.clone(), theme.error()))
            }
            Some(Message { text, .. }) => lines.push(Line::from(text.clone())),
            None => lines.push(Line::default()),
        }
        lines.push(Line::default());
        lines.push(Line::from(vec![
            Span::styled("Enter", theme.key()),
            Span::raw(" accept · "),
            Span::styled("Tab", theme.key()),
            Span::raw(" handle/code · "),
            Span::styled("Esc", theme.key()),
            Span::raw(" play as a guest"),
        ]));
        let width = area.width.min(80);
        let height = (lines.len() as u16 + 4).min(area.height);
        let rect = area.centered(Constraint::Length(width), Constraint::Length(height));
        Clear.render(area, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(
                Block::bordered()
                    .border_set(border::DOUBLE)
                    .padding(Padding::new(2, 2, 1, 1))
                    .title(" welcome to trios ")
                    .title_style(theme.title()),
            )
            .render(rect, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyEvent;
    use std::cell::RefCell;
    use std::rc::Rc;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn enter_accepts_the_offered_handle_and_edits_are_kept() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let log = seen.clone();
        let mut screen = SignUpScreen::new(
            "alice",
            Box::new(move |choice| {
                log.borrow_mut().push(choice.clone());
                match choice {
                    SignUpChoice::Handle(h) if h == "alice" => Err("taken".into()),
                    _ => Ok(()),
                }
            }),
            Theme::plain(),
        );
        let now = Instant::now();
        assert!(matches!(
            screen.update(key(KeyCode::Enter), now),
            Transition::Stay
        ));
        screen.update(key(KeyCode::Char('2')), now);
        assert!(matches!(
            screen.update(key(KeyCode::Enter), now),
            Transition::Quit
        ));
        assert_eq!(screen.chosen, Some(SignUpChoice::Handle("alice2".into())));
        assert_eq!(
            *seen.borrow(),
            [
                SignUpChoice::Handle("alice".into()),
                SignUpChoice::Handle("alice2".into())
            ]
        );
    }

    #[test]
    fn tab_switches_to_the_code_and_escape_plays_as_a_guest() {
        let mut screen = SignUpScreen::new("bob", Box::new(|_| Ok(())), Theme::plain());
        let now = Instant::now();
        screen.update(key(KeyCode::Tab), now);
        for c in "ab12cd34".chars() {
            screen.update(key(KeyCode::Char(c)), now);
        }
        screen.update(key(KeyCode::Enter), now);
        assert_eq!(screen.chosen, Some(SignUpChoice::Code("ab12cd34".into())));
        let mut guest = SignUpScreen::new("bob", Box::new(|_| Ok(())), Theme::plain());
        guest.update(key(KeyCode::Esc), now);
        assert_eq!(guest.chosen, Some(SignUpChoice::Guest));
    }
}
