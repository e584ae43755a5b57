//! Bytes typed into a terminal (an SSH channel, or this one read raw), parsed by termwiz into keys,
//! mouse clicks and pastes, and turned into the crossterm events the app understands.

use ratatui::crossterm::event::{
    KeyCode as CtKey, KeyEvent as CtKeyEvent, KeyModifiers, MouseButton, MouseEvent as CtMouse,
    MouseEventKind,
};
use termwiz::input::{
    InputEvent, InputParser, KeyCode, KeyEvent, Modifiers, MouseButtons, MouseEvent,
};

use super::Event;

/// The most of one bracketed paste that is kept (and typed); the rest is dropped, so a paste
/// that never ends, or a huge one, costs at most this much memory and this many keys.
pub const PASTE_LIMIT: usize = 4096;
/// What starts and ends a bracketed paste.
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";
/// An escape sequence cut off at the end of a packet is held for the next one only up to this
/// long; a longer one is no key and goes to termwiz as it is.
const SEQUENCE_LIMIT: usize = 32;
/// Idle termwiz parsers kept for the next bytes to parse: as many as parse at once, which
/// is one for each thread that reads connections.
const IDLE_KEPT: usize = 8;

/// termwiz's parsers, shared by every connection. Each holds a table of every key's escape
/// sequence, about half a megabyte, so a parser of its own would be most of a connection's
/// memory. One is taken for each parse and given back empty: it is only ever given finished
/// sequences (an unfinished one is held by its connection), whole UTF-8 characters and no
/// paste, and told no more bytes follow.
static IDLE_PARSERS: std::sync::Mutex<Vec<InputParser>> = std::sync::Mutex::new(Vec::new());

/// Turns a client's bytes into app events. One per connection: it remembers an escape sequence
/// cut in two by the network and which mouse button is held.
///
/// Bracketed pastes are taken out here, before termwiz sees them (termwiz would keep an
/// unterminated paste whole, and panics on a paste that is not UTF-8); bytes that are not
/// UTF-8 are dropped (termwiz would wait forever behind them). Invariant: what is held between
/// calls is at most [`PASTE_LIMIT`] plus a few bytes of unfinished sequence (see
/// [`InputDecoder::buffered`]).
pub struct InputDecoder {
    held: Option<MouseButton>,
    /// How many bytes of [`PASTE_START`] (outside a paste) or [`PASTE_END`] (inside one) the
    /// last bytes matched; they are held until the marker is complete or broken.
    marker: usize,
    /// The open paste's bytes so far, at most [`PASTE_LIMIT`].
    paste: Option<Vec<u8>>,
    /// The start of a character the packet cut in two (at most 3 bytes).
    partial: Vec<u8>,
    /// An escape sequence the last packet cut off (at most [`SEQUENCE_LIMIT`] bytes).
    pending: Vec<u8>,
    /// Some input was dropped since [`InputDecoder::take_dropped`] was last asked.
    dropped: bool,
}

impl Default for InputDecoder {
    fn default() -> Self {
        InputDecoder::new()
    }
}

impl InputDecoder {
    pub fn new() -> InputDecoder {
        InputDecoder {
            held: None,
            marker: 0,
            paste: None,
            partial: Vec::new(),
            pending: Vec::new(),
            dropped: false,
        }
    }

    /// The events in bytes that just arrived. An unfinished sequence (half an escape code, or
    /// an Esc that may start one) waits for the next bytes or for [`InputDecoder::flush`]; an
    /// open paste waits for its end.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        // Bytes outside a paste, given to termwiz at the end or when a paste starts.
        let mut plain = Vec::new();
        let mut rest = bytes;
        while !rest.is_empty() {
            let pasting = self.paste.is_some();
            if self.marker == 0 {
                // Up to the next Esc nothing can start or end a paste.
                let n = rest.iter().position(|&b| b == 0x1b).unwrap_or(rest.len());
                match &mut self.paste {
                    Some(paste) => self.dropped |= push_capped(paste, &rest[..n]),
                    None => plain.extend_from_slice(&rest[..n]),
                }
                rest = &rest[n..];
                if rest.is_empty() {
                    break;
                }
            }
            let byte = rest[0];
            rest = &rest[1..];
            let marker = if pasting { PASTE_END } else { PASTE_START };
            if byte == marker[self.marker] {
                self.marker += 1;
                if self.marker < marker.len() {
                    continue;
                }
                self.marker = 0;
                if pasting {
                    let pasted = self.paste.take().unwrap_or_default();
                    events.extend(paste_keys(&pasted));
                } else {
                    self.parse(&plain, &mut events);
                    plain.clear();
                    // What came before the paste is settled first, in order.
                    self.partial.clear();
                    self.settle(&mut events);
                    self.paste = Some(Vec::new());
                }
                continue;
            }
            // The marker broke off: the bytes held were ordinary ones.
            let broken = &marker[..self.marker];
            self.marker = usize::from(byte == 0x1b);
            match &mut self.paste {
                Some(paste) => {
                    self.dropped |= push_capped(paste, broken);
                    if self.marker == 0 {
                        self.dropped |= push_capped(paste, &[byte]);
                    }
                }
                None => {
                    plain.extend_from_slice(broken);
                    if self.marker == 0 {
                        plain.push(byte);
                    }
                }
            }
        }
        self.parse(&plain, &mut events);
        events
    }

    /// Settles whatever is waiting, as typed: called when no more bytes followed shortly, so a
    /// lone Esc is the Esc key. An open paste keeps waiting for its end.
    pub fn flush(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if self.paste.is_some() {
            return events;
        }
        let held = &PASTE_START[..self.marker];
        self.marker = 0;
        self.parse(held, &mut events);
        self.settle(&mut events);
        events
    }

    /// Lets go of the idle parsers (a crowd has left; the next bytes make one afresh).
    pub fn forget_idle_parsers() {
        let idle = std::mem::take(&mut *IDLE_PARSERS.lock().unwrap_or_else(|e| e.into_inner()));
        drop(idle);
    }

    /// Whether input was dropped (a paste beyond [`PASTE_LIMIT`]) since this was last asked.
    pub fn take_dropped(&mut self) -> bool {
        std::mem::take(&mut self.dropped)
    }

    /// How many bytes are held for later: the open paste, a held marker or cut character, and
    /// what termwiz was given without making an event of it yet (an upper bound of its buffer).
    pub fn buffered(&self) -> usize {
        self.paste.as_ref().map_or(0, Vec::len)
            + self.marker
            + self.partial.len()
            + self.pending.len()
    }

    /// Gives termwiz the UTF-8 in `bytes` (after a character and a sequence the last packet
    /// cut), but an escape sequence cut off at their end, and converts what it makes of them.
    fn parse(&mut self, bytes: &[u8], events: &mut Vec<Event>) {
        let text = self.valid_utf8(bytes);
        let mut input = std::mem::take(&mut self.pending);
        input.extend_from_slice(&text);
        let cut = unfinished_from(&input);
        self.pending = input.split_off(cut);
        self.run_parser(&input, events);
    }

    /// Has termwiz settle the sequence held (an ambiguous one counts as typed: a lone Esc is
    /// the Esc key).
    fn settle(&mut self, events: &mut Vec<Event>) {
        let held = std::mem::take(&mut self.pending);
        self.run_parser(&held, events);
    }

    /// Parses `input` on a shared parser, telling it no more follows.
    fn run_parser(&mut self, input: &[u8], events: &mut Vec<Event>) {
        if input.is_empty() {
            return;
        }
        let idle = || IDLE_PARSERS.lock().unwrap_or_else(|e| e.into_inner());
        let taken = idle().pop();
        let mut parser = taken.unwrap_or_default();
        let parsed = parser.parse_as_vec(input, false);
        // Nothing is left behind for the next connection, whatever termwiz made of this.
        let leftover = parser.parse_as_vec(&[], false);
        if leftover.is_empty() {
            let mut idle = idle();
            if idle.len() < IDLE_KEPT {
                idle.push(parser);
            }
        }
        events.extend(self.convert(parsed));
    }

    /// `bytes`, after the character the last packet cut, without what is not UTF-8; a
    /// character cut at the end is kept for the next packet.
    fn valid_utf8(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut input = std::mem::take(&mut self.partial);
        input.extend_from_slice(bytes);
        let mut out = Vec::with_capacity(input.len());
        let mut rest = input.as_slice();
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    out.extend_from_slice(text.as_bytes());
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    out.extend_from_slice(good);
                    match e.error_len() {
                        Some(len) => rest = &bad[len..],
                        None => {
                            self.partial = bad.to_vec();
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    fn convert(&mut self, parsed: Vec<InputEvent>) -> Vec<Event> {
        let mut events = Vec::new();
        for event in parsed {
            match event {
                InputEvent::Key(key) => events.extend(key_event(&key).map(Event::Key)),
                InputEvent::Mouse(mouse) => {
                    events.extend(self.mouse_event(&mouse).map(Event::Mouse))
                }
                // Pastes are taken out before termwiz (see `feed`); typed if one comes anyway.
                InputEvent::Paste(text) => events.extend(paste_keys(text.as_bytes())),
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

/// Adds `bytes` to an open paste up to [`PASTE_LIMIT`]; true if some were dropped.
fn push_capped(paste: &mut Vec<u8>, bytes: &[u8]) -> bool {
    let room = PASTE_LIMIT.saturating_sub(paste.len());
    paste.extend_from_slice(&bytes[..bytes.len().min(room)]);
    bytes.len() > room
}

/// A paste as the keys it holds, typed: the app has no paste action. What is not UTF-8 and
/// control characters other than line ends and tabs are left out.
fn paste_keys(pasted: &[u8]) -> Vec<Event> {
    String::from_utf8_lossy(pasted)
        .chars()
        .filter_map(|c| {
            let key = match c {
                '\r' | '\n' => KeyCode::Enter,
                '\t' => KeyCode::Tab,
                c if c.is_control() || c == char::REPLACEMENT_CHARACTER => return None,
                c => KeyCode::Char(c),
            };
            key_event(&KeyEvent {
                key,
                modifiers: Modifiers::NONE,
            })
            .map(Event::Key)
        })
        .collect()
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

/// Where an escape sequence that `input` ends in before it is finished starts (the length of
/// `input` when it ends in none): a lone Esc, which may start a sequence or be Alt; a CSI
/// (`Esc [`) without its final byte; an SS3 (`Esc O`) without its key. Escapes just before it
/// go with it (Esc Esc [ A is Alt with Up).
fn unfinished_from(input: &[u8]) -> usize {
    let Some(start) = input.iter().rposition(|&b| b == 0x1b) else {
        return input.len();
    };
    let tail = &input[start..];
    let unfinished = match tail.get(1) {
        None => true,
        Some(b'[') => !tail[2..].iter().any(|b| (0x40..=0x7e).contains(b)),
        Some(b'O') => tail.len() < 3,
        Some(_) => false,
    };
    if !unfinished || tail.len() > SEQUENCE_LIMIT {
        return input.len();
    }
    let escapes = input[..start]
        .iter()
        .rev()
        .take_while(|&&b| b == 0x1b)
        .count();
    start - escapes.min(2)
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
    fn a_shared_parser_carries_nothing_from_one_connection_to_the_next() {
        // One connection's sequence is cut in two, another types between the halves: each
        // gets exactly its own keys, though they share termwiz's parsers.
        for (cut, rest, expected) in [
            (&b"\x1b["[..], &b"B"[..], CtKey::Down),
            (b"\x1b", b"[A", CtKey::Up),
            (b"\x1b[1;", b"5C", CtKey::Right),
            (b"\x1bO", b"D", CtKey::Left),
        ] {
            let mut cutter = InputDecoder::new();
            assert!(cutter.feed(cut).is_empty(), "{cut:?}");
            let mut other = InputDecoder::new();
            let typed = other.feed(b"A");
            assert_eq!(
                keys(&typed),
                [(CtKey::Char('A'), KeyModifiers::SHIFT)],
                "{cut:?}"
            );
            let events = cutter.feed(rest);
            let codes: Vec<_> = keys(&events).into_iter().map(|(c, _)| c).collect();
            assert_eq!(codes, [expected], "{cut:?}");
            assert!(
                cutter.flush().is_empty() && other.flush().is_empty(),
                "{cut:?}"
            );
        }
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

    #[test]
    fn a_paste_split_anywhere_is_typed_once() {
        let bytes = b"q\x1b[200~ab\x1b[201~\x1b[A";
        for cut in 0..bytes.len() {
            let mut decoder = InputDecoder::new();
            let mut events = decoder.feed(&bytes[..cut]);
            events.extend(decoder.feed(&bytes[cut..]));
            events.extend(decoder.flush());
            let codes: Vec<_> = keys(&events).into_iter().map(|(c, _)| c).collect();
            assert_eq!(
                codes,
                [
                    CtKey::Char('q'),
                    CtKey::Char('a'),
                    CtKey::Char('b'),
                    CtKey::Up
                ],
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn an_unterminated_paste_keeps_only_its_first_part() {
        let mut decoder = InputDecoder::new();
        assert!(decoder.feed(b"\x1b[200~").is_empty());
        let block = [b'x'; 64 * 1024];
        for _ in 0..64 {
            assert!(decoder.feed(&block).is_empty(), "a paste waits for its end");
            assert!(decoder.flush().is_empty());
            assert!(decoder.buffered() <= PASTE_LIMIT, "{}", decoder.buffered());
        }
        assert!(decoder.take_dropped(), "the excess is reported");
        assert!(!decoder.take_dropped(), "once");
        let typed = decoder.feed(b"\x1b[201~z");
        assert_eq!(typed.len(), PASTE_LIMIT + 1);
        assert_eq!(
            keys(&typed[PASTE_LIMIT..]),
            [(CtKey::Char('z'), KeyModifiers::NONE)]
        );
        assert_eq!(decoder.buffered(), 0);
    }

    #[test]
    fn invalid_utf8_in_a_paste_or_outside_is_left_out() {
        let events = decode(b"\x1b[200~a\xff\xff\xff\xff\xff\xff\xff\xff\xff\xffb\x1b[201~");
        let codes: Vec<_> = keys(&events).into_iter().map(|(c, _)| c).collect();
        assert_eq!(codes, [CtKey::Char('a'), CtKey::Char('b')]);
        // Outside a paste an invalid byte used to hold up everything after it.
        let events = decode(b"\xffa\xc3(b\x1b[A");
        let codes: Vec<_> = keys(&events).into_iter().map(|(c, _)| c).collect();
        assert_eq!(
            codes,
            [
                CtKey::Char('a'),
                CtKey::Char('('),
                CtKey::Char('b'),
                CtKey::Up
            ]
        );
    }

    mod arbitrary_bytes {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(128))]

            /// Whatever arrives, cut however, nothing panics and what is held stays bounded.
            #[test]
            fn never_panic_and_hold_little(
                data in proptest::collection::vec(
                    prop_oneof![
                        any::<u8>(),
                        Just(0x1b),
                        Just(b'['),
                        Just(b'2'),
                        Just(b'0'),
                        Just(b'~'),
                    ],
                    0..4000,
                ),
                cuts in proptest::collection::vec(1usize..300, 1..40),
                flushes in proptest::collection::vec(any::<bool>(), 1..40),
            ) {
                let mut decoder = InputDecoder::new();
                let mut rest = data.as_slice();
                let mut i = 0;
                while !rest.is_empty() {
                    let n = cuts[i % cuts.len()].min(rest.len());
                    decoder.feed(&rest[..n]);
                    rest = &rest[n..];
                    if flushes[i % flushes.len()] {
                        decoder.flush();
                    }
                    prop_assert!(decoder.buffered() <= PASTE_LIMIT + SEQUENCE_LIMIT + 2 + PASTE_START.len() + 3);
                    i += 1;
                }
                decoder.feed(PASTE_END);
                decoder.flush();
                // Only a character cut at the very end can still wait.
                prop_assert!(decoder.buffered() <= 3, "{}", decoder.buffered());
            }
        }
    }
}
