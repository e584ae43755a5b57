//! Bytes typed into an SSH channel, parsed by termwiz into keys, mouse clicks and pastes, and
//! turned into the crossterm events the app understands.

use ratatui::crossterm::event::{
    KeyCode as CtKey, KeyEvent as CtKeyEvent, KeyModifiers, MouseButton, MouseEvent as CtMouse,
    MouseEventKind,
};
use termwiz::input::{
    InputEvent, InputParser, KeyCode, KeyEvent, Modifiers, MouseButtons, MouseEvent,
};

use crate::tui::Event;

/// Turns a client's bytes into app events. One per connection: it remembers an escape sequence
/// cut in two by the network and which mouse button is held.
pub struct InputDecoder {
    parser: InputParser,
    held: Option<MouseButton>,
}

impl Default for InputDecoder {
    fn default() -> Self {
        InputDecoder::new()
    }
}

impl InputDecoder {
    pub fn new() -> InputDecoder {
        InputDecoder {
            parser: InputParser::new(),
            held: None,
        }
    }

    /// The events in bytes that just arrived. An unfinished sequence (half an escape code, or
    /// an Esc that may start one) waits for the next bytes or for [`InputDecoder::flush`].
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let parsed = self.parser.parse_as_vec(bytes, true);
        self.convert(parsed)
    }

    /// Settles whatever is waiting, as typed: called when no more bytes followed shortly, so a
    /// lone Esc is the Esc key.
    pub fn flush(&mut self) -> Vec<Event> {
        let parsed = self.parser.parse_as_vec(&[], false);
        self.convert(parsed)
    }

    fn convert(&mut self, parsed: Vec<InputEvent>) -> Vec<Event> {
        let mut events = Vec::new();
        for event in parsed {
            match event {
                InputEvent::Key(key) => events.extend(key_event(&key).map(Event::Key)),
                InputEvent::Mouse(mouse) => {
                    events.extend(self.mouse_event(&mouse).map(Event::Mouse))
                }
                // The app has no paste action: a paste is the keys it holds, typed.
                InputEvent::Paste(text) => events.extend(text.chars().filter_map(|c| {
                    let key = match c {
                        '\r' | '\n' => KeyCode::Enter,
                        '\t' => KeyCode::Tab,
                        c if c.is_control() => return None,
                        c => KeyCode::Char(c),
                    };
                    key_event(&KeyEvent {
                        key,
                        modifiers: Modifiers::NONE,
                    })
                    .map(Event::Key)
                })),
                InputEvent::Resized { cols, rows } => events.push(Event::Resize(
                    u16::try_from(cols).unwrap_or(u16::MAX),
                    u16::try_from(rows).unwrap_or(u16::MAX),
                )),
                InputEvent::PixelMouse(_) | InputEvent::Wake => {}
            }
        }
        events
    }

    /// termwiz reports which buttons are down after each report; the app wants presses,
    /// releases and drags, so the last state is kept to tell them apart.
    fn mouse_event(&mut self, mouse: &MouseEvent) -> Option<CtMouse> {
        let buttons = &mouse.mouse_buttons;
        let kind = if buttons.contains(MouseButtons::VERT_WHEEL) {
            if buttons.contains(MouseButtons::WHEEL_POSITIVE) {
                MouseEventKind::ScrollUp
            } else {
                MouseEventKind::ScrollDown
            }
        } else if buttons.contains(MouseButtons::HORZ_WHEEL) {
            if buttons.contains(MouseButtons::WHEEL_POSITIVE) {
                MouseEventKind::ScrollLeft
            } else {
                MouseEventKind::ScrollRight
            }
        } else {
            let pressed = if buttons.contains(MouseButtons::LEFT) {
                Some(MouseButton::Left)
            } else if buttons.contains(MouseButtons::RIGHT) {
                Some(MouseButton::Right)
            } else if buttons.contains(MouseButtons::MIDDLE) {
                Some(MouseButton::Middle)
            } else {
                None
            };
            let kind = match (pressed, self.held) {
                (Some(button), Some(held)) if button == held => MouseEventKind::Drag(button),
                (Some(button), _) => MouseEventKind::Down(button),
                (None, Some(held)) => MouseEventKind::Up(held),
                (None, None) => MouseEventKind::Moved,
            };
            self.held = pressed;
            kind
        };
        Some(CtMouse {
            kind,
            // SGR reports count from 1; the app counts from 0.
            column: mouse.x.saturating_sub(1),
            row: mouse.y.saturating_sub(1),
            modifiers: modifiers(mouse.modifiers),
        })
    }
}

fn modifiers(m: Modifiers) -> KeyModifiers {
    let mut out = KeyModifiers::NONE;
    if m.intersects(Modifiers::SHIFT | Modifiers::LEFT_SHIFT | Modifiers::RIGHT_SHIFT) {
        out |= KeyModifiers::SHIFT;
    }
    if m.intersects(Modifiers::CTRL | Modifiers::LEFT_CTRL | Modifiers::RIGHT_CTRL) {
        out |= KeyModifiers::CONTROL;
    }
    if m.intersects(Modifiers::ALT | Modifiers::LEFT_ALT | Modifiers::RIGHT_ALT) {
        out |= KeyModifiers::ALT;
    }
    if m.contains(Modifiers::SUPER) {
        out |= KeyModifiers::SUPER;
    }
    out
}

/// A termwiz key as a crossterm key press; `None` for keys the app cannot use (lone modifier
/// keys, media keys).
pub fn key_event(key: &KeyEvent) -> Option<CtKeyEvent> {
    let mut mods = modifiers(key.modifiers);
    let code = match key.key {
        KeyCode::Char(c) => {
            // A typed capital already says Shift; crossterm reports it the same way.
            if c.is_uppercase() {
                mods |= KeyModifiers::SHIFT;
            }
            CtKey::Char(c)
        }
        KeyCode::Backspace => CtKey::Backspace,
        KeyCode::Tab if mods.contains(KeyModifiers::SHIFT) => CtKey::BackTab,
        KeyCode::Tab => CtKey::Tab,
        KeyCode::Enter => CtKey::Enter,
        KeyCode::Escape => CtKey::Esc,
        KeyCode::PageUp | KeyCode::KeyPadPageUp => CtKey::PageUp,
        KeyCode::PageDown | KeyCode::KeyPadPageDown => CtKey::PageDown,
        KeyCode::End | KeyCode::KeyPadEnd => CtKey::End,
        KeyCode::Home | KeyCode::KeyPadHome => CtKey::Home,
        KeyCode::LeftArrow | KeyCode::ApplicationLeftArrow => CtKey::Left,
        KeyCode::RightArrow | KeyCode::ApplicationRightArrow => CtKey::Right,
        KeyCode::UpArrow | KeyCode::ApplicationUpArrow => CtKey::Up,
        KeyCode::DownArrow | KeyCode::ApplicationDownArrow => CtKey::Down,
        KeyCode::Insert => CtKey::Insert,
        KeyCode::Delete => CtKey::Delete,
        KeyCode::Function(n) => CtKey::F(n),
        KeyCode::Numpad0 => CtKey::Char('0'),
        KeyCode::Numpad1 => CtKey::Char('1'),
        KeyCode::Numpad2 => CtKey::Char('2'),
        KeyCode::Numpad3 => CtKey::Char('3'),
        KeyCode::Numpad4 => CtKey::Char('4'),
        KeyCode::Numpad5 => CtKey::Char('5'),
        KeyCode::Numpad6 => CtKey::Char('6'),
        KeyCode::Numpad7 => CtKey::Char('7'),
        KeyCode::Numpad8 => CtKey::Char('8'),
        KeyCode::Numpad9 => CtKey::Char('9'),
        KeyCode::Add => CtKey::Char('+'),
        KeyCode::Subtract => CtKey::Char('-'),
        KeyCode::Multiply => CtKey::Char('*'),
        KeyCode::Divide => CtKey::Char('/'),
        KeyCode::Decimal => CtKey::Char('.'),
        _ => return None,
    };
    Some(CtKeyEvent::new(code, mods))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(events: &[Event]) -> Vec<(CtKey, KeyModifiers)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Key(k) => Some((k.code, k.modifiers)),
                _ => None,
            })
            .collect()
    }

    fn decode(bytes: &[u8]) -> Vec<Event> {
        let mut decoder = InputDecoder::new();
        let mut events = decoder.feed(bytes);
        events.extend(decoder.flush());
        events
    }

    #[test]
    fn arrows_normal_and_application_mode() {
        let events = decode(b"\x1b[A\x1b[B\x1bOC\x1bOD");
        let codes: Vec<_> = keys(&events).into_iter().map(|(c, _)| c).collect();
        assert_eq!(codes, [CtKey::Up, CtKey::Down, CtKey::Right, CtKey::Left]);
    }

    #[test]
    fn ctrl_c_enter_and_letters() {
        let events = decode(b"\x03\rq?H");
        assert_eq!(
            keys(&events),
            [
                (CtKey::Char('c'), KeyModifiers::CONTROL),
                (CtKey::Enter, KeyModifiers::NONE),
                (CtKey::Char('q'), KeyModifiers::NONE),
                (CtKey::Char('?'), KeyModifiers::NONE),
                (CtKey::Char('H'), KeyModifiers::SHIFT),
            ]
        );
    }

    #[test]
    fn esc_alone_waits_for_the_flush() {
        let mut decoder = InputDecoder::new();
        assert!(decoder.feed(b"\x1b").is_empty(), "Esc may start a sequence");
        assert_eq!(keys(&decoder.flush()), [(CtKey::Esc, KeyModifiers::NONE)]);
        assert!(decoder.flush().is_empty());
    }

    #[test]
    fn a_key_split_across_two_packets() {
        let mut decoder = InputDecoder::new();
        assert!(decoder.feed(b"\x1b[").is_empty());
        assert_eq!(keys(&decoder.feed(b"A")), [(CtKey::Up, KeyModifiers::NONE)]);
        // A function key cut in the middle of its parameters.
        assert!(decoder.feed(b"\x1b[1").is_empty());
        assert_eq!(
            keys(&decoder.feed(b"5~")),
            [(CtKey::F(5), KeyModifiers::NONE)]
        );
    }

    #[test]
    fn function_keys_and_shift_tab() {
        let events = decode(b"\x1bOP\x1b[24~\x1b[Z");
        let codes: Vec<_> = keys(&events).into_iter().map(|(c, _)| c).collect();
        assert_eq!(codes, [CtKey::F(1), CtKey::F(12), CtKey::BackTab]);
    }

    #[test]
    fn sgr_mouse_click_and_release() {
        let events = decode(b"\x1b[<0;10;5M\x1b[<0;10;5m");
        let mice: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Mouse(m) => Some((m.kind, m.column, m.row)),
                _ => None,
            })
            .collect();
        assert_eq!(
            mice,
            [
                (MouseEventKind::Down(MouseButton::Left), 9, 4),
                (MouseEventKind::Up(MouseButton::Left), 9, 4),
            ]
        );
    }

    #[test]
    fn sgr_wheel() {
        let events = decode(b"\x1b[<64;1;1M\x1b[<65;1;1M");
        let kinds: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Mouse(m) => Some(m.kind),
                _ => None,
            })
            .collect();
        assert_eq!(
            kinds,
            [MouseEventKind::ScrollUp, MouseEventKind::ScrollDown]
        );
    }

    #[test]
    fn bracketed_paste_is_typed() {
        let events = decode(b"\x1b[200~ab\x1b[201~");
        let codes: Vec<_> = keys(&events).into_iter().map(|(c, _)| c).collect();
        assert_eq!(codes, [CtKey::Char('a'), CtKey::Char('b')]);
    }

    #[test]
    fn utf8_split_across_packets() {
        let mut decoder = InputDecoder::new();
        let bytes = "é".as_bytes();
        let mut events = decoder.feed(&bytes[..1]);
        events.extend(decoder.feed(&bytes[1..]));
        events.extend(decoder.flush());
        assert_eq!(keys(&events), [(CtKey::Char('é'), KeyModifiers::NONE)]);
    }
}
