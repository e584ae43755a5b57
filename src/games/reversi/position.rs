//! Position strings, the FFO/OBF form: 64 squares row by row from (1,1) to (8,8), `X` dark,
//! `O` light, `-` or `.` empty, then whitespace and `X` or `O` for the side to move.

use std::fmt;
use std::str::FromStr;

use super::game::Game;
use super::square::Color;

/// Why text could not be read as a position. Character numbers count from 1 in the text as
/// given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("empty position; expected 64 squares (X, O, - or .) then the side to move, X or O")]
    Empty,
    #[error("character {index} is '{}'; expected X, O, - or .", crate::escape::escape(&found.to_string()))]
    BadSquare { index: usize, found: char },
    #[error("64 squares expected, found {0}")]
    SquareCount(usize),
    #[error("missing side to move: X or O after the 64 squares")]
    MissingSide,
    #[error("side to move is \"{0}\"; expected X or O")]
    BadSide(String),
}

/// Reads a position. The squares may be split by whitespace (one row a line, say); the last
/// word is the side to move. A position whose side to move must pass, or that is over, is
/// valid.
impl FromStr for Game {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Game, PositionError> {
        let words: Vec<(usize, &str)> = words_with_offsets(s);
        let Some(&(_, last)) = words.last() else {
            return Err(PositionError::Empty);
        };
        let (board_words, side) = if words.len() == 1 {
            (&words[..], None)
        } else {
            (&words[..words.len() - 1], Some(last))
        };

        let mut dark = 0u64;
        let mut light = 0u64;
        let mut count = 0usize;
        for &(offset, word) in board_words {
            for (i, ch) in word.chars().enumerate() {
                let bit = if count < 64 { 1u64 << count } else { 0 };
                match ch {
                    'X' => dark |= bit,
                    'O' => light |= bit,
                    '-' | '.' => {}
                    _ => {
                        return Err(PositionError::BadSquare {
                            index: offset + i + 1,
                            found: ch,
                        });
                    }
                }
                count += 1;
            }
        }
        if count != 64 {
            return Err(PositionError::SquareCount(count));
        }
        let turn = match side {
            None => return Err(PositionError::MissingSide),
            Some("X") => Color::Dark,
            Some("O") => Color::Light,
            Some(other) => {
                return Err(PositionError::BadSide(crate::escape::escape_short(
                    other, 20,
                )));
            }
        };
        // Each square set at most one bit above, so the colours cannot overlap.
        Game::from_bitboards(dark, light, turn).ok_or(PositionError::SquareCount(count))
    }
}

/// The words of `s` with the character offset (0-based) at which each starts.
fn words_with_offsets(s: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (char offset, byte offset)
    for (chars, (byte, ch)) in s.char_indices().enumerate() {
        if ch.is_whitespace() {
            if let Some((c, b)) = start.take() {
                words.push((c, &s[b..byte]));
            }
        } else if start.is_none() {
            start = Some((chars, byte));
        }
    }
    if let Some((c, b)) = start {
        words.push((c, &s[b..]));
    }
    words
}

/// The canonical form: 64 characters (`X`, `O`, `-`), a space, the side to move.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dark = self.bits(Color::Dark);
        let light = self.bits(Color::Light);
        let mut text = String::with_capacity(66);
        for i in 0..64 {
            text.push(if dark >> i & 1 != 0 {
                'X'
            } else if light >> i & 1 != 0 {
                'O'
            } else {
                '-'
            });
        }
        text.push(' ');
        text.push(self.turn().letter());
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------XO------OX--------------------------- X";

    #[test]
    fn the_start_reads_and_prints_back() {
        let game: Game = START.parse().unwrap();
        assert_eq!(game, Game::new());
        assert_eq!(game.to_string(), START);
        let dotted = START.replace('-', ".");
        assert_eq!(dotted.parse::<Game>().unwrap(), Game::new());
    }

    #[test]
    fn rows_may_be_split_by_whitespace() {
        let rows: Vec<&str> = START.as_bytes()[..64]
            .chunks(8)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect();
        let text = format!("{}\nX\n", rows.join("\n"));
        assert_eq!(text.parse::<Game>().unwrap(), Game::new());
    }

    #[test]
    fn errors_say_what_and_where() {
        let mut bad = START.to_string();
        bad.replace_range(16..17, "Z");
        assert_eq!(
            bad.parse::<Game>().unwrap_err().to_string(),
            "character 17 is 'Z'; expected X, O, - or ."
        );
        assert_eq!(
            START[1..].parse::<Game>().unwrap_err(),
            PositionError::SquareCount(63)
        );
        assert_eq!(
            START[1..].parse::<Game>().unwrap_err().to_string(),
            "64 squares expected, found 63"
        );
        assert_eq!(
            START[..64].parse::<Game>().unwrap_err(),
            PositionError::MissingSide
        );
        assert_eq!(
            format!("{} x", &START[..64]).parse::<Game>().unwrap_err(),
            PositionError::BadSide("x".into())
        );
        assert_eq!("  ".parse::<Game>().unwrap_err(), PositionError::Empty);
        assert_eq!(
            format!("{}- X", &START[..64]).parse::<Game>().unwrap_err(),
            PositionError::SquareCount(65)
        );
    }
}
