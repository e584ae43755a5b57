//! Board and card files: parsing with errors that name file, line and column.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use super::card::{Card, Value};
use super::grid::{Grid, GridError};
use crate::escape::escape_short;
use crate::input_file::{CONFIG_LIMIT, InputFileError, read_limited};

use ConfigErrorKind as Kind;

/// File name used in messages about the built-in board.
pub const DEFAULT_BOARD_NAME: &str = "configs/boards/default.txt";
/// The built-in board, used when no board file is given.
pub const DEFAULT_BOARD: &str = include_str!("../../../configs/boards/default.txt");
/// File name used in messages about the built-in deck.
pub const DEFAULT_CARDS_NAME: &str = "configs/cards/default.txt";
/// The built-in deck, used when no card file is given.
pub const DEFAULT_CARDS: &str = include_str!("../../../configs/cards/default.txt");

/// The most cards a card file may hold: enough for the largest grid, so any board that
/// parses can also be dealt.
const MAX_CARDS: usize = super::game::Game::MAX_DECK;

/// Which kind of problem a file has (tests match on this).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigErrorKind {
    Io,
    NotUtf8,
    Empty,
    BadHeader,
    TooLarge,
    RowCount,
    RowLength,
    BadCell,
    NoCardCells,
    TokenCount,
    BadValue,
    DuplicateName,
    TooManyCards,
    TooFewCards,
}

/// A problem in a board or card file.
///
/// Displays as `FILE:LINE:COL: message`; LINE and COL are 1-based and left out when unknown
/// (COL is also left out when there is no LINE).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ConfigError {
    pub file: String,
    pub line: Option<usize>,
    pub col: Option<usize>,
    pub kind: ConfigErrorKind,
    pub message: String,
}

impl ConfigError {
    /// An error about the file as a whole; `at` adds a place.
    fn new(file: &str, kind: Kind, message: impl Into<String>) -> ConfigError {
        ConfigError {
            file: file.to_owned(),
            line: None,
            col: None,
            kind,
            message: message.into(),
        }
    }

    /// The same error, placed at a 1-based line and, where it helps, column.
    fn at(self, line: usize, col: Option<usize>) -> ConfigError {
        ConfigError {
            line: Some(line),
            col,
            ..self
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // This message already names the card file (in the wording RULES.md fixes).
        if self.kind == ConfigErrorKind::TooFewCards {
            return f.write_str(&self.message);
        }
        f.write_str(&self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.col {
                write!(f, ":{col}")?;
            }
        }
        write!(f, ": {}", self.message)
    }
}

/// Parses a board file: a `ROWS COLS` header, then ROWS rows of COLS cells `C` or `X`.
///
/// Tolerates `\r\n`, trailing spaces and tabs, a missing final newline and a UTF-8 byte-order
/// mark; lines after the last row are ignored (not even checked for UTF-8).
pub fn parse_grid(file: &str, bytes: &[u8]) -> Result<Grid, ConfigError> {
    let bytes = strip_bom(bytes);
    if bytes.iter().all(u8::is_ascii_whitespace) {
        let message = "the file is empty; expected a first line \"ROWS COLS\"";
        return Err(ConfigError::new(file, Kind::Empty, message));
    }
    let mut lines = numbered_lines(bytes);
    // The file is not blank, so there is a first line; an empty header is still reported well.
    let (header_no, header_raw) = lines.next().unwrap_or((1, &[][..]));
    let (rows, cols) = parse_header(file, header_no, decode(file, header_no, header_raw)?)?;

    let mut cells = Vec::with_capacity(rows * cols);
    for row in 1..=rows {
        let missing = |line_no| {
            let message = format!("expected {rows} rows after the header, found {}", row - 1);
            ConfigError::new(file, Kind::RowCount, message).at(line_no, None)
        };
        let Some((line_no, raw)) = lines.next() else {
            return Err(missing(header_no + row));
        };
        let text = decode(file, line_no, raw)?;
        // A blank line where a row belongs means the grid ended early, not an empty row.
        if text.trim().is_empty() {
            return Err(missing(line_no));
        }
        parse_row(file, line_no, row, cols, text, &mut cells)?;
    }
    Grid::new(rows, cols, cells).map_err(|e| grid_error(file, e))
}

/// Parses the header line into `(rows, cols)`, both in `1..=Grid::MAX_SIDE`.
fn parse_header(file: &str, line_no: usize, text: &str) -> Result<(usize, usize), ConfigError> {
    let at = |kind, message: String| ConfigError::new(file, kind, message).at(line_no, Some(1));
    let bad = || {
        // A file whose lines end in a lone CR is one long line here: quote only its first.
        let (first, rest) = text.split_once('\r').unwrap_or((text, ""));
        let hint = if rest.trim().is_empty() {
            ""
        } else {
            "; the lines end in CR alone: save the file with LF or CR LF line endings"
        };
        let message = format!(
            "header {} is not two positive integers ROWS COLS{hint}",
            quote(first.trim())
        );
        at(Kind::BadHeader, message)
    };
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let [rows, cols] = tokens[..] else {
        return Err(bad());
    };
    // Only plain digits count: `usize::from_str` would also take `+5`.
    let is_positive =
        |t: &str| t.bytes().all(|b| b.is_ascii_digit()) && t.bytes().any(|b| b != b'0');
    if !is_positive(rows) || !is_positive(cols) {
        return Err(bad());
    }
    // Digits that overflow `usize` are simply too large, so parse failure means TooLarge too.
    let side = |t: &str| t.parse::<usize>().ok().filter(|&n| n <= Grid::MAX_SIDE);
    match (side(rows), side(cols)) {
        (Some(r), Some(c)) => Ok((r, c)),
        _ => Err(at(
            Kind::TooLarge,
            format!(
                "board size {} x {} is too large; ROWS and COLS may be at most {}",
                escape_short(rows, 20),
                escape_short(cols, 20),
                Grid::MAX_SIDE
            ),
        )),
    }
}

/// Checks one grid row (1-based `row`) and appends its cells, `true` for a card cell.
fn parse_row(
    file: &str,
    line_no: usize,
    row: usize,
    cols: usize,
    text: &str,
    cells: &mut Vec<bool>,
) -> Result<(), ConfigError> {
    let mut count = 0;
    for (i, ch) in text.chars().enumerate() {
        let is_card_cell = match ch {
            'C' => true,
            'X' => false,
            _ => {
                let hint = if matches!(ch, 'c' | 'x') {
                    "; lowercase letters are not accepted"
                } else {
                    ""
                };
                let message = format!("cell {ch:?} is not C (card cell) or X (hole){hint}");
                return Err(ConfigError::new(file, Kind::BadCell, message).at(line_no, Some(i + 1)));
            }
        };
        // Stop collecting past the expected width; the length check below reports it.
        if i < cols {
            cells.push(is_card_cell);
        }
        count += 1;
    }
    if count != cols {
        let message = format!("row {row} has {count} cells, expected {cols}");
        return Err(ConfigError::new(file, Kind::RowLength, message).at(line_no, Some(1)));
    }
    Ok(())
}

/// Turns a `Grid::new` refusal into a file error; after the checks above only
/// `NoCardCells` can actually happen.
fn grid_error(file: &str, err: GridError) -> ConfigError {
    let kind = match err {
        GridError::NoCardCells => Kind::NoCardCells,
        GridError::TooLarge { .. } => Kind::TooLarge,
        GridError::Empty => Kind::BadHeader,
        GridError::CellCount { .. } => Kind::RowLength,
    };
    ConfigError::new(file, kind, err.to_string())
}

/// Parses a card file: one card a line, `NAME NORTH SOUTH EAST WEST`.
///
/// Tokens are separated by any whitespace; blank lines are ignored. Values are `1`-`9` or
/// `A`/`a`; names are unique (case-sensitive). The result holds 1..=`MAX_CARDS` cards in file
/// order.
pub fn parse_cards(file: &str, bytes: &[u8]) -> Result<Vec<Card>, ConfigError> {
    let mut cards = Vec::new();
    // Each name with the line it first appeared on, for duplicate messages.
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (line_no, raw) in numbered_lines(strip_bom(bytes)) {
        let tokens = tokens(decode(file, line_no, raw)?);
        if tokens.is_empty() {
            continue;
        }
        if cards.len() == MAX_CARDS {
            let message = format!("too many cards; a file may hold at most {MAX_CARDS}");
            return Err(ConfigError::new(file, Kind::TooManyCards, message).at(line_no, None));
        }
        cards.push(parse_card(file, line_no, &tokens, &mut seen)?);
    }
    if cards.is_empty() {
        let message = "the file is empty; expected one card a line \"NAME NORTH SOUTH EAST WEST\"";
        return Err(ConfigError::new(file, Kind::Empty, message));
    }
    Ok(cards)
}

/// Builds one card from the tokens of a non-blank line and records its name in `seen`.
fn parse_card<'a>(
    file: &str,
    line_no: usize,
    tokens: &[(usize, &'a str)],
    seen: &mut HashMap<&'a str, usize>,
) -> Result<Card, ConfigError> {
    let &[(name_col, name), n, s, e, w] = tokens else {
        let message = format!(
            "expected 5 fields NAME NORTH SOUTH EAST WEST, found {}",
            tokens.len()
        );
        return Err(ConfigError::new(file, Kind::TokenCount, message).at(line_no, None));
    };
    if let Some(first) = seen.get(name) {
        let message = format!(
            "duplicate card name {} (first on line {first})",
            quote(name)
        );
        return Err(
            ConfigError::new(file, Kind::DuplicateName, message).at(line_no, Some(name_col))
        );
    }
    let value = |(col, token): (usize, &str)| {
        Value::parse(token).ok_or_else(|| {
            let message = format!("attack value {} is not 1-9 or A", quote(token));
            ConfigError::new(file, Kind::BadValue, message).at(line_no, Some(col))
        })
    };
    let card = Card::new(name, value(n)?, value(s)?, value(e)?, value(w)?);
    seen.insert(name, line_no);
    Ok(card)
}

/// Reads and parses a board file; errors name the file as `path.display()`.
pub fn read_grid(path: &Path) -> Result<Grid, ConfigError> {
    let name = path.display().to_string();
    parse_grid(&name, &read_bytes(path)?)
}

/// Reads and parses a card file; errors name the file as `path.display()`.
pub fn read_cards(path: &Path) -> Result<Vec<Card>, ConfigError> {
    let name = path.display().to_string();
    parse_cards(&name, &read_bytes(path)?)
}

/// The whole file as bytes, or an `Io` error naming it as `path.display()`: only a regular
/// file of at most [`CONFIG_LIMIT`] bytes is read, so a device, a FIFO or a folder is refused
/// at once instead of filling memory or blocking.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, ConfigError> {
    let name = path.display().to_string();
    read_limited(path, CONFIG_LIMIT).map_err(|e| {
        let message = match e {
            InputFileError::NotRegular { kind, .. } => {
                format!("not a regular file but {kind}; give the path of a board or card file")
            }
            InputFileError::TooLarge { limit, .. } => format!(
                "the file is larger than {limit}; a board or card file is at most that size \
                 (a 1000 x 1000 board or a million cards take far less)"
            ),
            InputFileError::Io { source, .. } => format!("cannot read: {source}"),
        };
        ConfigError::new(&name, Kind::Io, message)
    })
}

/// Checks that the deck can be dealt on `grid`: it needs one card per card cell plus one,
/// so that both players get `(N + 1) / 2` cards.
pub fn check_deck_size(grid: &Grid, cards: &[Card], cards_file: &str) -> Result<(), ConfigError> {
    let cells = grid.card_cells();
    let needed = cells + 1;
    if cards.len() >= needed {
        return Ok(());
    }
    let message = format!(
        "board has {cells} card cells, so {needed} cards are needed; {cards_file} has {}",
        cards.len()
    );
    Err(ConfigError::new(cards_file, Kind::TooFewCards, message))
}

/// Text from the file as a message quotes it: in double quotes, at most 40 characters,
/// control characters escaped.
fn quote(text: &str) -> String {
    format!("\"{}\"", crate::escape::quoted(text))
}

/// Drops a leading UTF-8 byte-order mark, which some editors write and nobody sees.
fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// The lines of `bytes` with 1-based numbers, without their `\n`. A final `\n` ends the last
/// line rather than starting an empty one, so both file endings number lines alike.
fn numbered_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    body.split(|&b| b == b'\n')
        .zip(1..)
        .map(|(line, no)| (no, line))
}

/// Decodes one line as UTF-8 and drops a trailing `\r` and trailing spaces and tabs.
fn decode<'a>(file: &str, line_no: usize, raw: &'a [u8]) -> Result<&'a str, ConfigError> {
    match std::str::from_utf8(raw) {
        Ok(text) => Ok(text.trim_end_matches([' ', '\t', '\r'])),
        Err(e) => {
            let good = raw.get(..e.valid_up_to()).unwrap_or_default();
            let col = String::from_utf8_lossy(good).chars().count() + 1;
            let byte = raw.get(e.valid_up_to()).copied().unwrap_or_default();
            let message = format!("invalid UTF-8 at byte 0x{byte:02X}; expected UTF-8 text");
            Err(ConfigError::new(file, Kind::NotUtf8, message).at(line_no, Some(col)))
        }
    }
}

/// The whitespace-separated tokens of `line`, each with its 1-based column in characters.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    // Byte offset and column where the current token began, if inside one.
    let mut start: Option<(usize, usize)> = None;
    for (col, (at, ch)) in (1..).zip(line.char_indices()) {
        match (ch.is_whitespace(), start) {
            (true, Some((begin, begin_col))) => {
                tokens.push((begin_col, &line[begin..at]));
                start = None;
            }
            (false, None) => start = Some((at, col)),
            _ => {}
        }
    }
    if let Some((begin, begin_col)) = start {
        tokens.push((begin_col, &line[begin..]));
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::three_trios::card::Direction;
    use crate::games::three_trios::grid::Pos;
    use proptest::prelude::*;

    fn grid(text: &str) -> Grid {
        parse_grid("board.txt", text.as_bytes()).unwrap()
    }

    fn grid_err(bytes: &[u8]) -> ConfigError {
        parse_grid("board.txt", bytes).unwrap_err()
    }

    fn cards_err(bytes: &[u8]) -> ConfigError {
        parse_cards("cards.txt", bytes).unwrap_err()
    }

    #[test]
    fn grid_tolerates_crlf_trailing_blanks_and_no_final_newline() {
        let plain = grid("2 3\nCXC\nCCC\n");
        assert_eq!(plain.card_cells(), 5);
        assert!(plain.is_hole(Pos::new(0, 1)));
        for text in [
            "2 3\r\nCXC\r\nCCC\r\n",
            "2 3 \t\nCXC  \nCCC\t\n",
            "2 3\nCXC\nCCC",
            "2 3\r\nCXC \r\nCCC \t",
            "  2   3\nCXC\nCCC\n",
            "\u{feff}2 3\nCXC\nCCC\n",
        ] {
            assert_eq!(grid(text), plain, "{text:?}");
        }
    }

    #[test]
    fn grid_ignores_lines_after_the_last_row() {
        let plain = grid("2 3\nCXC\nCCC\n");
        assert_eq!(grid("2 3\nCXC\nCCC\n\nnotes: QQQ\nCC\n"), plain);
        let mut bytes = b"2 3\nCXC\nCCC\n".to_vec();
        bytes.extend_from_slice(b"\xff\xfe junk\n");
        assert_eq!(parse_grid("board.txt", &bytes), Ok(plain));
    }

    #[test]
    fn grid_errors_name_line_and_column() {
        let e = grid_err(b"5 x\n");
        assert_eq!(e.kind, ConfigErrorKind::BadHeader);
        assert_eq!(
            e.to_string(),
            "board.txt:1:1: header \"5 x\" is not two positive integers ROWS COLS"
        );
        for header in ["0 3", "+2 3", "2", "2 3 4", "-1 3", ""] {
            let e = grid_err(format!("{header}\nCCC\nCCC\n").as_bytes());
            assert_eq!(e.kind, ConfigErrorKind::BadHeader, "{header:?}");
        }
        for header in ["1001 1", "1 99999999999999999999999999"] {
            let e = grid_err(format!("{header}\nC\n").as_bytes());
            assert_eq!(e.kind, ConfigErrorKind::TooLarge, "{header:?}");
        }
        let e = grid_err(b"2 3\nCcC\nCCC\n");
        assert_eq!(e.kind, ConfigErrorKind::BadCell);
        assert_eq!(
            e.to_string(),
            "board.txt:2:2: cell 'c' is not C (card cell) or X (hole); \
             lowercase letters are not accepted"
        );
        let e = grid_err(b"3 3\nCCC\nCCC\n\n");
        assert_eq!(e.kind, ConfigErrorKind::RowCount);
        assert_eq!(
            e.to_string(),
            "board.txt:4: expected 3 rows after the header, found 2"
        );
        let e = grid_err(b"2 2\nXX\nXX\n");
        assert_eq!(e.kind, ConfigErrorKind::NoCardCells);
        let e = grid_err(b"2 2\nCC\nC\xffC\n");
        assert_eq!(e.kind, ConfigErrorKind::NotUtf8);
        assert_eq!(
            e.to_string(),
            "board.txt:3:2: invalid UTF-8 at byte 0xFF; expected UTF-8 text"
        );
        assert_eq!(grid_err(b" \r\n\t\n").kind, ConfigErrorKind::Empty);
    }

    #[test]
    fn a_board_with_lone_cr_line_endings_quotes_only_its_first_line() {
        let mut text = "2 3".to_string();
        for _ in 0..2000 {
            text.push_str("\rCXC");
        }
        let e = grid_err(text.as_bytes());
        assert_eq!(e.kind, ConfigErrorKind::BadHeader);
        assert_eq!(
            e.to_string(),
            "board.txt:1:1: header \"2 3\" is not two positive integers ROWS COLS; the lines \
             end in CR alone: save the file with LF or CR LF line endings"
        );
    }

    #[test]
    fn quoted_file_text_is_short_and_escaped() {
        let long = "x".repeat(5000);
        let e = grid_err(format!("{long} 3\nCCC\n").as_bytes());
        assert!(e.to_string().len() < 200, "{e}");
        let e = cards_err(format!("F\x1b[31m 1 2 3 {long}\n").as_bytes());
        assert_eq!(e.kind, ConfigErrorKind::BadValue);
        assert!(e.to_string().len() < 200, "{e}");
        let e = cards_err(b"F\x1b[31m 1 2 3 4\nF\x1b[31m 1 2 3 4\n");
        assert!(e.to_string().contains("\"F\\x1b[31m\""), "{e}");
        let digits = "9".repeat(5000);
        let e = grid_err(format!("{digits} 1\nC\n").as_bytes());
        assert_eq!(e.kind, ConfigErrorKind::TooLarge);
        assert!(e.to_string().len() < 200, "{e}");
    }

    #[test]
    fn a_device_or_folder_is_refused_before_it_is_read() {
        let e = read_bytes(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(e.kind, ConfigErrorKind::Io);
        assert_eq!(
            e.to_string(),
            "/dev/zero: not a regular file but a device; give the path of a board or card file"
        );
        let dir = tempfile::tempdir().unwrap();
        let e = read_grid(dir.path()).unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
    }

    #[test]
    fn cards_tolerate_blank_lines_any_whitespace_and_lowercase_ace() {
        let text = "\r\nEmberFox 7 4 a 2\r\n   \n\tFrostOwl\t3  8 6\t5 \nOwl A 1 9 9";
        let cards = parse_cards("cards.txt", text.as_bytes()).unwrap();
        let names: Vec<&str> = cards.iter().map(Card::name).collect();
        assert_eq!(names, ["EmberFox", "FrostOwl", "Owl"]);
        assert_eq!(cards[0].value(Direction::East), Value::MAX);
        assert_eq!(cards[0].to_string(), "EmberFox 7 4 A 2");
        assert_eq!(cards[1].to_string(), "FrostOwl 3 8 6 5");
    }

    #[test]
    fn card_errors_name_line_and_column() {
        let e = cards_err(b"Fox 1 2 3 4\n\nOwl 1 2 3\n");
        assert_eq!(e.kind, ConfigErrorKind::TokenCount);
        assert_eq!(
            e.to_string(),
            "cards.txt:3: expected 5 fields NAME NORTH SOUTH EAST WEST, found 4"
        );
        let e = cards_err("Fox 1 2 3 4\nÉlan  1 2 B 4\n".as_bytes());
        assert_eq!(e.kind, ConfigErrorKind::BadValue);
        assert_eq!(
            e.to_string(),
            "cards.txt:2:11: attack value \"B\" is not 1-9 or A"
        );
        let e = cards_err(b"Fox 1 2 3 4\nfox 1 2 3 4\n  Fox 1 2 3 4\n");
        assert_eq!(e.kind, ConfigErrorKind::DuplicateName);
        assert_eq!(
            e.to_string(),
            "cards.txt:3:3: duplicate card name \"Fox\" (first on line 1)"
        );
        assert_eq!(cards_err(b"\n \t\r\n").kind, ConfigErrorKind::Empty);
        for value in ["0", "10", "AA", "b"] {
            let text = format!("Fox 1 2 3 {value}\n");
            assert_eq!(cards_err(text.as_bytes()).kind, ConfigErrorKind::BadValue);
        }
    }

    #[test]
    fn card_count_is_capped_after_the_largest_deck_a_board_can_need() {
        // The first MAX_CARDS lines parse (the error comes only on the line after them).
        let deck: String = (0..=MAX_CARDS).map(|i| format!("c{i} 1 2 3 4\n")).collect();
        let e = cards_err(deck.as_bytes());
        assert_eq!(e.kind, ConfigErrorKind::TooManyCards);
        assert_eq!(e.line, Some(MAX_CARDS + 1));
    }

    #[test]
    fn built_in_files_parse_and_fit_together() {
        let grid = parse_grid(DEFAULT_BOARD_NAME, DEFAULT_BOARD.as_bytes()).unwrap();
        let cards = parse_cards(DEFAULT_CARDS_NAME, DEFAULT_CARDS.as_bytes()).unwrap();
        assert_eq!(
            grid.card_cells() % 2,
            1,
            "an odd board leaves Blue one card in hand"
        );
        check_deck_size(&grid, &cards, DEFAULT_CARDS_NAME).unwrap();
    }

    /// Checks what every accepted grid promises, whatever the input was.
    fn assert_grid_sound(grid: &Grid) {
        let (rows, cols) = (grid.rows(), grid.cols());
        let cells = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| Pos::new(r, c)))
            .filter(|&p| grid.is_card_cell(p) != grid.is_hole(p))
            .count();
        assert_eq!(cells, rows * cols);
        assert!(grid.card_cells() >= 1);
        assert_eq!(grid.card_positions().count(), grid.card_cells());
    }

    /// Text close to a valid board: a header, then rows of mostly legal cells.
    fn almost_grid() -> impl Strategy<Value = String> {
        "[0-4]{1,2}[ \t]{1,2}[0-4][ \t]{0,2}\r?\n([CX]{0,5}[CXcxQ \t\r]?\r?\n){0,6}[^\n]{0,4}"
    }

    /// Text close to a valid card file: five-ish tokens of names and values.
    fn almost_cards() -> impl Strategy<Value = String> {
        "(([A-Ca-c]{1,2}[ \t]+){0,2}([1-9Aa0B][ \t]+){3,5}[1-9AaX]?[ \t\r]*\n?){0,8}"
    }

    /// A valid board as `(rows, cols, cells)` with at least one card cell.
    fn valid_board() -> impl Strategy<Value = (usize, usize, Vec<bool>)> {
        (1..6usize, 1..6usize).prop_flat_map(|(rows, cols)| {
            let cells = proptest::collection::vec(any::<bool>(), rows * cols);
            (Just(rows), Just(cols), cells).prop_map(|(rows, cols, mut cells)| {
                cells[0] |= !cells.contains(&true);
                (rows, cols, cells)
            })
        })
    }

    proptest! {
        #[test]
        fn valid_board_text_round_trips(
            (rows, cols, cells) in valid_board(),
            eol in prop_oneof![Just("\n"), Just("\r\n")],
            pad in prop_oneof![Just(""), Just(" "), Just("\t "), Just(" \r")],
            final_eol in any::<bool>(),
        ) {
            let mut text = format!("{rows} {cols}{pad}");
            for row in cells.chunks(cols) {
                let line: String = row.iter().map(|&c| if c { 'C' } else { 'X' }).collect();
                text.push_str(&format!("{eol}{line}{pad}"));
            }
            if final_eol {
                text.push_str(eol);
            }
            let expected = Grid::new(rows, cols, cells).unwrap();
            prop_assert_eq!(parse_grid("board.txt", text.as_bytes()), Ok(expected));
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            if let Ok(grid) = parse_grid("board.txt", &bytes) {
                assert_grid_sound(&grid);
            }
            if let Ok(cards) = parse_cards("cards.txt", &bytes) {
                prop_assert!(!cards.is_empty());
            }
        }

        #[test]
        fn almost_valid_text_never_panics(board in almost_grid(), deck in almost_cards()) {
            for text in [&board, &deck] {
                if let Ok(grid) = parse_grid("board.txt", text.as_bytes()) {
                    assert_grid_sound(&grid);
                }
                if let Ok(cards) = parse_cards("cards.txt", text.as_bytes()) {
                    prop_assert!(!cards.is_empty());
                    let mut names: Vec<&str> = cards.iter().map(Card::name).collect();
                    names.sort_unstable();
                    names.dedup();
                    prop_assert_eq!(names.len(), cards.len());
                }
            }
        }
    }
}
