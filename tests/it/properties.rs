//! Property tests over random boards, decks, rules and games: the game's invariants hold
//! after every move, `flips_if` predicts `play`, and records replay to the same end.

use proptest::prelude::*;
use trios::controller::Seat;
use trios::controller::three_trios::Match;
use trios::games::three_trios::config::{parse_cards, parse_grid};
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{Cell, DealMode, Game, Player, Pos, RuleSet, text};
use trios::record::three_trios::Record;
use trios::setup::three_trios::MatchConfig;

/// A random board file (up to 5x6, at least one card cell) and a card file with enough cards.
fn setup_files() -> impl Strategy<Value = (String, String)> {
    (1usize..=5, 1usize..=6)
        .prop_flat_map(|(rows, cols)| {
            (
                Just((rows, cols)),
                proptest::collection::vec(prop::bool::weighted(0.75), rows * cols),
                0usize..4,
                proptest::collection::vec(proptest::collection::vec(1u8..=10, 4), 32),
            )
        })
        .prop_map(|((rows, cols), mut cells, extra, values)| {
            if !cells.iter().any(|&c| c) {
                cells[0] = true;
            }
            let mut board = format!("{rows} {cols}\n");
            for r in 0..rows {
                for c in 0..cols {
                    board.push(if cells[r * cols + c] { 'C' } else { 'X' });
                }
                board.push('\n');
            }
            let needed = cells.iter().filter(|&&c| c).count() + 1 + extra;
            let spell = |v: u8| {
                if v == 10 {
                    "A".to_string()
                } else {
                    v.to_string()
                }
            };
            let cards: String = values
                .iter()
                .take(needed)
                .enumerate()
                .map(|(i, v)| {
                    format!(
                        "Card{i} {} {} {} {}\n",
                        spell(v[0]),
                        spell(v[1]),
                        spell(v[2]),
                        spell(v[3])
                    )
                })
                .collect();
            (board, cards)
        })
}

fn rules() -> impl Strategy<Value = RuleSet> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(reverse, fallen_ace, same, plus)| RuleSet {
            reverse,
            fallen_ace,
            same,
            plus,
        },
    )
}

fn new_game(board: &str, cards: &str, rules: RuleSet, seed: u64) -> Game {
    let grid = parse_grid("board.txt", board.as_bytes()).expect("generated board parses");
    let deck = parse_cards("cards.txt", cards.as_bytes()).expect("generated cards parse");
    Game::new(
        grid,
        deck,
        rules,
        trios::games::three_trios::Deal::Shuffle { seed },
    )
    .expect("enough cards")
}

fn owners(game: &Game) -> Vec<Option<Player>> {
    let g = game.grid();
    (0..g.rows())
        .flat_map(|r| (0..g.cols()).map(move |c| Pos::new(r, c)))
        .map(|p| game.owner(p))
        .collect()
}

fn cards_in_play(game: &Game) -> usize {
    owners(game).iter().flatten().count()
        + game.hand(Player::Red).len()
        + game.hand(Player::Blue).len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_game_keeps_the_invariants(
        (board, cards) in setup_files(),
        rules in rules(),
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 30),
    ) {
        let mut game = new_game(&board, &cards, rules, seed);
        let cells = game.grid().card_cells();
        let dealt = cards_in_play(&game);
        prop_assert_eq!(dealt, 2 * Game::hand_size(game.grid()));
        let mut moves = 0;
        while !game.is_over() {
            let legal: Vec<_> = game.legal_moves().collect();
            prop_assert_eq!(legal.len(), game.empty_cells() * game.player_hand().len());
            let mv = picks[moves % picks.len()].get(&legal).to_owned();
            let mover = game.turn();
            let predicted = game.flips_if(mv).expect("legal move");
            let before = owners(&game);
            let outcome = game.play(mv).expect("legal move");
            let after = owners(&game);
            moves += 1;

            prop_assert_eq!(predicted, outcome.flip_count(), "flips_if must equal play");
            // Ownership only changes by flips to the mover, and exactly the logged flips.
            let mut changed = Vec::new();
            for (i, (b, a)) in before.iter().zip(&after).enumerate() {
                if b.is_some() && b != a {
                    prop_assert_eq!(*b, Some(mover.other()));
                    prop_assert_eq!(*a, Some(mover));
                    changed.push(game.grid().card_positions().find(|p| p.row * game.grid().cols() + p.col == i).expect("card cell"));
                }
            }
            let mut logged: Vec<Pos> = outcome.flipped().collect();
            logged.sort();
            prop_assert_eq!(logged, changed);
            prop_assert_eq!(after[mv.pos.row * game.grid().cols() + mv.pos.col], Some(mover));
            prop_assert_eq!(cards_in_play(&game), dealt);
            // Waves never skip: each step's wave is at most one more than the last.
            let mut wave = 0;
            for s in &outcome.steps {
                prop_assert!(s.wave == wave || s.wave == wave + 1);
                wave = s.wave;
            }
            for pos in (0..game.grid().rows()).flat_map(|r| (0..game.grid().cols()).map(move |c| Pos::new(r, c))) {
                if game.grid().is_hole(pos) {
                    prop_assert_eq!(game.cell(pos), Cell::Hole);
                }
            }
            if !game.is_over() {
                prop_assert_eq!(game.turn(), mover.other());
            }
        }
        prop_assert_eq!(moves, cells);
        prop_assert_eq!(game.score(Player::Red) + game.score(Player::Blue), dealt);
        prop_assert!(game.outcome().is_some());
        prop_assert_eq!(game.legal_moves().count(), 0);
    }

    #[test]
    fn records_replay_to_the_same_final_state(
        (board, cards) in setup_files(),
        rules in rules(),
        seed in any::<u64>(),
    ) {
        let config = MatchConfig {
            clock: None,
            board: SourceFile { name: "board.txt".into(), text: board },
            cards: SourceFile { name: "cards.txt".into(), text: cards },
            deal: DealMode::Shuffle,
            seed,
            rules,
            red: "random".parse::<Seat>().expect("known"),
            blue: "maxflip".parse::<Seat>().expect("known"),
            think_ms: 1000,
        };
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("game.json");
        let mut m = Match::start(config, Some(path.clone())).expect("starts");
        while let Some(mv) = m.computer_choice() {
            m.play(mv).expect("computer moves are legal");
        }
        let live_view = text::render(m.game());
        let record = Record::load(&path).expect("record loads");
        prop_assert_eq!(record.moves.len(), m.history().len());
        let mut visits = 0;
        let replayed = record.replay("game.json", |_, _| visits += 1).expect("replays");
        prop_assert_eq!(visits, record.moves.len() + 1);
        prop_assert_eq!(text::render(&replayed), live_view);
    }
}
