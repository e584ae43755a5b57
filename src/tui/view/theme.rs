//! Colours and text styles for every role on screen, in the 16 standard colours only (so it
//! reads the same over SSH, in tmux and in a 16-colour terminal), or none at all with
//! `NO_COLOR`. Owners are always told apart by letter and border too, never by colour alone.

use ratatui::style::{Color, Modifier, Style};

use crate::games::Side;

/// Whether to use colour. Styles come from methods so every widget agrees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to a non-empty value (see no-color.org).
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    pub const fn plain() -> Theme {
        Theme { color: false }
    }

    pub const fn colored() -> Theme {
        Theme { color: true }
    }

    fn pick(&self, colored: Style, plain: Style) -> Style {
        if self.color { colored } else { plain }
    }

    /// A card or piece owned by `side`: red for the first mover, blue for the other.
    pub fn card(&self, side: impl Into<Side>) -> Style {
        let bg = match side.into() {
            Side::First => Color::Red,
            Side::Second => Color::Blue,
        };
        self.pick(Style::new().fg(Color::White).bg(bg), Style::new())
    }

    /// The owner's colour as text (hand titles, scores): light red for the first mover,
    /// light blue for the other.
    pub fn owner_text(&self, side: impl Into<Side>) -> Style {
        let fg = match side.into() {
            Side::First => Color::LightRed,
            Side::Second => Color::LightBlue,
        };
        self.pick(
            Style::new().fg(fg).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    pub fn empty_cell(&self) -> Style {
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    pub fn hole(&self) -> Style {
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    /// The keyboard cursor on a cell or hand card.
    pub fn cursor(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
        )
    }

    /// The card picked to be placed.
    pub fn picked(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// The attacker in the battle step being shown.
    pub fn attacker(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// The defender in the battle step being shown.
    pub fn defender(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Black)
                .bg(Color::Magenta)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        )
    }

    /// A flip count shown as a hint on an empty cell.
    pub fn hint(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    pub fn title(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    pub fn dim(&self) -> Style {
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    pub fn error(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    pub fn key(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// The battle-log line of the step being shown.
    pub fn current_line(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::REVERSED),
        )
    }
}
