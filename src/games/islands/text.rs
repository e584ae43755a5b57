//! The text view of Islands of Hex, exactly as the rules document gives it: the player, the
//! leaning board, and the island counts.

use super::game::Game;

/// `Player: WHITE` (the player to move; after the end, the last player who moved), the rows
/// each indented one space more than the row below it, then `Islands: WHITE 2 BLACK 6` and an
/// empty line. No trailing spaces.
pub fn render(game: &Game) -> String {
    let board = game.board();
    let size = board.size();
    let player = if game.is_over() {
        game.last_mover().unwrap_or(game.turn())
    } else {
        game.turn()
    };
    let mut out = format!("Player: {}\n", player.name());
    for row in 0..size {
        out.push_str(&" ".repeat(size - 1 - row));
        for col in 0..size {
            if col > 0 {
                out.push(' ');
            }
            out.push(board.stone(row, col).map_or('.', |s| s.letter()));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "Islands: WHITE {} BLACK {}\n\n",
        board.white_score(),
        board.black_score()
    ));
    out
}
