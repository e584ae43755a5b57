//! The held-out fixture: positions at 20 to 24 empties from games seeded apart from the
//! training games (their own stream and opening range), each solved exactly. Lines read
//! `<position> <value>`, the position in the OBF form and the value the mover's exact margin.

use super::selfplay::{Config, play_game};
use crate::games::reversi::{Color, Game, endgame};

/// Empty-square counts in the fixture.
pub const EMPTIES: std::ops::RangeInclusive<u32> = 20..=24;

/// A fixture line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved {
    pub game: Game,
    pub value: i32,
}

/// Collects up to `wanted[e - 20]` positions with `e` empties for each of 20..=24, one per
/// game and count, from games `0..max_games` of `cfg` (its stream must not be the training
/// one), solving each; `progress` hears each solved position.
pub fn generate<E: Fn(u64, u64) -> i32>(
    cfg: &Config,
    eval: &E,
    wanted: [usize; 5],
    max_games: u64,
    mut progress: impl FnMut(&Solved),
) -> Vec<Solved> {
    let mut found: Vec<Solved> = Vec::new();
    let count = |f: &[Solved], e: u32| f.iter().filter(|s| s.game.empties() == e).count();
    for index in 0..max_games {
        let want = |e: u32| wanted[(e - 20) as usize];
        if EMPTIES.clone().all(|e| count(&found, e) >= want(e)) {
            break;
        }
        let played = play_game(cfg, index, eval);
        for e in EMPTIES {
            if count(&found, e) >= want(e) {
                continue;
            }
            let hit = played.positions[played.random_plies.min(played.positions.len())..]
                .iter()
                .find(|(p, o, _)| 64 - (p | o).count_ones() == e);
            if let Some(&(p, o, dark)) = hit {
                let (d, l, turn) = if dark {
                    (p, o, Color::Dark)
                } else {
                    (o, p, Color::Light)
                };
                if let Some(game) = Game::from_bitboards(d, l, turn) {
                    let s = Solved {
                        game,
                        value: endgame::solve(&game).value,
                    };
                    progress(&s);
                    found.push(s);
                }
            }
        }
    }
    found.sort_by_key(|s| std::cmp::Reverse(s.game.empties()));
    found
}

/// The fixture text.
pub fn format(solved: &[Solved]) -> String {
    solved
        .iter()
        .map(|s| format!("{} {}\n", s.game, s.value))
        .collect()
}

/// Parses fixture text; blank lines and `#` comments are skipped. Errors name the line.
pub fn parse(text: &str) -> Result<Vec<Solved>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((pos, value)) = line.rsplit_once(char::is_whitespace) else {
            return Err(format!("line {}: expected `<position> <value>`", n + 1));
        };
        let game: Game = pos
            .trim()
            .parse()
            .map_err(|e| format!("line {}: bad position: {e}", n + 1))?;
        let value: i32 = value
            .parse()
            .map_err(|e| format!("line {}: bad value {value:?}: {e}", n + 1))?;
        if !(-64..=64).contains(&value) {
            return Err(format!("line {}: value {value} outside -64..=64", n + 1));
        }
        out.push(Solved { game, value });
    }
    Ok(out)
}
