//! A screen drawn into a test backend and read back as text, a line a row, trailing spaces
//! trimmed.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::widgets::Widget;

/// `widget` drawn at `w` x `h`, as text.
pub fn screen(widget: impl Widget, (w, h): (u16, u16)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    terminal
        .draw(|f| f.render_widget(widget, f.area()))
        .expect("draw");
    let buf = terminal.backend().buffer().clone();
    (0..h)
        .map(|y| {
            let line: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
            line.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the bottom of a game screen says, as one line: the status rows and the rows a long
/// note takes above them, each trimmed, joined by spaces (a note wraps at its spaces, so
/// its words read whole here).
pub fn bottom(text: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    rows[rows.len().saturating_sub(5)..]
        .iter()
        .map(|r| r.trim())
        .collect::<Vec<_>>()
        .join(" ")
}
