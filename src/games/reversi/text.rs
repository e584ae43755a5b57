//! The text view of the brief: a numbered 8x8 grid of `.`, `X`, `O`, and `_` for the
//! squares the player to move may take.

use super::game::Game;
use super::square::{Color, Square};

/// The board with the legal placements of the player to move shown as `_`: the header
/// `    1 2 3 4 5 6 7 8`, then one line per row such as `  4 . . . X O _ . .`. Every line
/// ends with `\n`; none has trailing spaces.
pub fn render(game: &Game) -> String {
    grid(game, game.placements())
}

/// The board without `_`: the final position, or any board shown without hints.
pub fn render_plain(game: &Game) -> String {
    grid(game, 0)
}

fn grid(game: &Game, marks: u64) -> String {
    let mut out = String::with_capacity(9 * 20);
    out.push_str("    1 2 3 4 5 6 7 8\n");
    for row in 0..8 {
        out.push_str("  ");
        out.push(char::from(b'1' + row as u8));
        for col in 0..8 {
            out.push(' ');
            let Some(sq) = Square::new(row, col) else {
                continue;
            };
            out.push(match game.disc(sq) {
                Some(Color::Dark) => 'X',
                Some(Color::Light) => 'O',
                None if marks & sq.bit() != 0 => '_',
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_matches_the_brief() {
        let expected = "    1 2 3 4 5 6 7 8
  1 . . . . . . . .
  2 . . . . . . . .
  3 . . . . _ . . .
  4 . . . X O _ . .
  5 . . _ O X . . .
  6 . . . _ . . . .
  7 . . . . . . . .
  8 . . . . . . . .
";
        assert_eq!(render(&Game::new()), expected);
        assert_eq!(render_plain(&Game::new()), expected.replace('_', "."));
    }
}
