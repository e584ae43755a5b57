//! The text view of a Triad game, exactly as the rules document gives it: `Deck: N`, then one
//! line per tableau position, `I shape,color,count,fill`, then an empty line.

use super::game::{Game, Redeal};

/// The view of `game`.
pub fn render(game: &Game) -> String {
    let mut out = format!("Deck: {}\n", game.deck_left());
    for (i, card) in game.tableau().iter().enumerate() {
        out.push_str(&format!("{i} {card}\n"));
    }
    out.push('\n');
    out
}

/// The line announcing a re-deal: `No triad: 12 cards discarded, 12 dealt`.
pub fn redeal_line(redeal: &Redeal) -> String {
    format!(
        "No triad: {} cards discarded, {} dealt",
        redeal.discarded, redeal.dealt
    )
}

/// The last line of a game: `Game over: 25 triads found`.
pub fn game_over_line(game: &Game) -> String {
    let n = game.found().len();
    format!(
        "Game over: {n} {} found",
        if n == 1 { "triad" } else { "triads" }
    )
}
