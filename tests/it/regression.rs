//! Stored matches replayed move by move: any change in how battles resolve shows up here as
//! the exact move and step that came out differently.

use std::path::Path;

use trios::games::three_trios::{Outcome, Player, Rule};
use trios::record::three_trios::Record;

fn replay(name: &str) -> (Record, trios::games::three_trios::Game) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let record = Record::load(&path).expect("fixture loads");
    let game = record
        .replay(name, |_, _| {})
        .expect("fixture replays exactly");
    (record, game)
}

#[test]
fn same_plus_and_fallen_ace_on_the_seed_board_replay_exactly() {
    let (record, game) = replay("seed-5x7-same-plus-fallen-ace.json");
    let steps: Vec<_> = record.moves.iter().flat_map(|m| &m.steps).collect();
    // The fixture must keep exercising what it is here for.
    assert!(steps.iter().any(|s| s.rule == Rule::Same && s.flipped));
    assert!(steps.iter().any(|s| s.rule == Rule::Plus && s.flipped));
    assert!(steps.iter().any(|s| s.wave >= 3));
    assert_eq!(record.moves.len(), 15);
    assert_eq!((game.score(Player::Red), game.score(Player::Blue)), (9, 7));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Red)));
}

#[test]
fn reverse_fallen_ace_on_the_default_board_replays_to_a_tie() {
    let (record, game) = replay("default-reverse-fallen-ace.json");
    assert!(record.setup.rules.reverse && record.setup.rules.fallen_ace);
    assert!(
        record
            .moves
            .iter()
            .flat_map(|m| &m.steps)
            .any(|s| s.wave >= 3)
    );
    assert_eq!(record.moves.len(), 17);
    assert_eq!(game.outcome(), Some(Outcome::Tie));
    assert_eq!(game.score(Player::Red) + game.score(Player::Blue), 18);
}
