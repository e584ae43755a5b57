//! What a flag means: the side whose time ran out loses, unless its opponent could no longer
//! win by any play of both sides (with every move left chosen for the opponent's good, it
//! still does not win): then the game is drawn. lichess and the chess federations draw a
//! flag against a side that has no way to win; this is that rule for games of stones and
//! cards, where "no way" is found by a search.

use crate::games::{Side, TwoPlayer, Verdict};

/// Positions the search looks at before it answers that a win may still be there: enough for
/// every ending of the last dozen moves of any of the duels; past it, a win is assumed.
pub const SEARCH_LIMIT: usize = 200_000;

/// The result of a game where `flagged` ran out of time in `game`: the other side wins, or
/// a draw when that side could no longer win.
pub fn flag_verdict<G: TwoPlayer>(game: &G, flagged: Side) -> Verdict {
    let winner = flagged.other();
    let mut left = SEARCH_LIMIT;
    if could_win(game, winner, &mut left) {
        Verdict::Win(winner)
    } else {
        Verdict::Tie
    }
}

/// Whether some play of both sides from `game` ends in a win for `side`: moves that leave
/// `side` furthest ahead are tried first. When the search runs out of `left` positions it
/// answers yes.
pub fn could_win<G: TwoPlayer>(game: &G, side: Side, left: &mut usize) -> bool {
    if game.is_over() {
        return game.verdict() == Some(Verdict::Win(side));
    }
    if *left == 0 {
        return true;
    }
    *left -= 1;
    let ahead = |g: &G| {
        let score = g.score();
        score[side.index()] as i64 - score[side.other().index()] as i64
    };
    let mut next: Vec<(i64, G)> = (game.legal_moves().into_iter())
        .filter_map(|mv| {
            let mut after = game.clone();
            after.apply(mv).ok()?;
            Some((ahead(&after), after))
        })
        .collect();
    next.sort_by_key(|(lead, _)| -lead);
    next.iter().any(|(_, after)| could_win(after, side, left))
}
