//! The Reversi engine through its public API: perft, the text view, position strings, the
//! brief's sample game, passes and the end, and the endgame solver against brute force and,
//! on two threads, against itself on one.
//!
//! The property tests run 32 cases each; for a deeper check run e.g.
//! `PROPTEST_CASES=2000 cargo test --release --test it -- reversi_engine`.

use proptest::prelude::*;
use trios::games::Searchable;
use trios::games::reversi::endgame::{brute_force, brute_force_moves};
use trios::games::reversi::text::{render, render_plain};
use trios::games::reversi::{
    Color, Direction, Game, Move, MoveError, Outcome, PositionError, SolveOptions, Square, perft,
    perft_threads, solve, solve_on, solve_with, solve_within,
};

fn sq(row: usize, col: usize) -> Square {
    Square::from_one_based(row, col).expect("on the board")
}

// ---------------------------------------------------------------------------------------
// Perft

const START_COUNTS: [u64; 11] = [
    4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800,
];

#[test]
fn perft_matches_the_published_counts_through_depth_9() {
    let start = Game::new();
    for depth in 1..=8u32 {
        assert_eq!(
            perft(&start, depth),
            START_COUNTS[depth as usize - 1],
            "depth {depth}"
        );
    }
    assert_eq!(perft_threads(&start, 9, 2), START_COUNTS[8]);
}

/// A few seconds unoptimised, on two threads.
#[test]
fn perft_depths_10_and_11_on_two_threads() {
    let start = Game::new();
    assert_eq!(perft_threads(&start, 10, 2), START_COUNTS[9]);
    assert_eq!(perft_threads(&start, 11, 2), START_COUNTS[10]);
}

// ---------------------------------------------------------------------------------------
// Text view and position strings

const START_VIEW: &str = "    1 2 3 4 5 6 7 8
  1 . . . . . . . .
  2 . . . . . . . .
  3 . . . . _ . . .
  4 . . . X O _ . .
  5 . . _ O X . . .
  6 . . . _ . . . .
  7 . . . . . . . .
  8 . . . . . . . .
";

#[test]
fn the_start_view_is_the_rules_picture() {
    assert_eq!(render(&Game::new()), START_VIEW);
    assert!(render(&Game::new()).lines().all(|l| !l.ends_with(' ')));
}

#[test]
fn the_brief_sample_game() {
    let mut game = Game::new();
    let outcome = game
        .play(Move::Place(sq(3, 5)))
        .expect("3 5 is legal for X");
    assert_eq!(outcome.color, Color::Dark);
    assert_eq!(outcome.flipped().collect::<Vec<_>>(), [sq(4, 5)]);
    assert_eq!(
        render(&game),
        "    1 2 3 4 5 6 7 8
  1 . . . . . . . .
  2 . . . . . . . .
  3 . . . _ X _ . .
  4 . . . X X . . .
  5 . . . O X _ . .
  6 . . . . . . . .
  7 . . . . . . . .
  8 . . . . . . . .
"
    );
    let outcome = game.play_at(3, 4).expect("3 4 is legal for O");
    assert_eq!(outcome.color, Color::Light);
    assert_eq!(outcome.lines.len(), 1);
    assert_eq!(outcome.lines[0].direction, Direction::South);
    assert_eq!(outcome.lines[0].squares, [sq(4, 4)]);
    assert_eq!(game.turn(), Color::Dark);
    assert_eq!((game.count(Color::Dark), game.count(Color::Light)), (3, 3));
    let expected = format!(
        "{}OX{}OX{}OX{} X",
        "-".repeat(19),
        "-".repeat(6),
        "-".repeat(6),
        "-".repeat(27)
    );
    assert_eq!(game.to_string(), expected);
}

#[test]
fn several_lines_flip_together() {
    // X to play (3,3): O on (2,2) with X on (1,1) (north-west), O on (3,4) with X on (3,5)
    // (east), O on (4,3),(5,3) with X on (6,3) (south).
    let mut rows = [['-'; 8]; 8];
    rows[0][0] = 'X';
    rows[1][1] = 'O';
    rows[2][3] = 'O';
    rows[2][4] = 'X';
    rows[3][2] = 'O';
    rows[4][2] = 'O';
    rows[5][2] = 'X';
    let text: String = rows.iter().flatten().collect::<String>() + " X";
    let mut game: Game = text.parse().expect("valid position");
    assert_eq!(game.flips_if(sq(3, 3)), 4);
    let outcome = game.play_at(3, 3).expect("legal");
    let dirs: Vec<Direction> = outcome.lines.iter().map(|l| l.direction).collect();
    assert_eq!(
        dirs,
        [Direction::East, Direction::South, Direction::NorthWest]
    );
    assert_eq!(outcome.lines[1].squares, [sq(4, 3), sq(5, 3)]);
    assert_eq!(outcome.flip_count(), 4);
}

#[test]
fn positions_parse_with_clear_errors() {
    let start = "---------------------------XO------OX--------------------------- X";
    assert_eq!(start.parse::<Game>().expect("start"), Game::new());
    assert_eq!(Game::new().to_string(), start);

    let mut bad = start.to_string();
    bad.replace_range(16..17, "Z");
    assert_eq!(
        bad.parse::<Game>().unwrap_err().to_string(),
        "character 17 is 'Z'; expected X, O, - or ."
    );
    assert_eq!(
        start[1..].parse::<Game>().unwrap_err().to_string(),
        "64 squares expected, found 63"
    );
    assert_eq!(
        start[..64].parse::<Game>().unwrap_err(),
        PositionError::MissingSide
    );
    assert!(
        start[..64]
            .parse::<Game>()
            .unwrap_err()
            .to_string()
            .contains("missing side to move")
    );
    assert!(format!("{} Q", &start[..64]).parse::<Game>().is_err());
    assert!("".parse::<Game>().is_err());
}

// ---------------------------------------------------------------------------------------
// Passes and the end

#[test]
fn a_forced_pass() {
    // O to move: its only disc, (1,2), cannot flank X's (1,1); X can take (1,3).
    let text = format!("XO{} O", "-".repeat(62));
    let mut game: Game = text.parse().expect("a must-pass position is valid");
    assert!(game.must_pass());
    assert!(!game.is_over());
    assert_eq!(game.legal_moves(), [Move::Pass]);
    assert_eq!(
        game.play(Move::Place(sq(1, 3))).unwrap_err(),
        MoveError::MustPass(Color::Light)
    );
    assert_eq!(game.play_at(1, 3).unwrap_err().to_string(), "O must pass");
    let outcome = game.play(Move::Pass).expect("passing is O's move");
    assert_eq!((outcome.color, outcome.mv), (Color::Light, Move::Pass));
    assert!(outcome.lines.is_empty());
    assert_eq!(game.turn(), Color::Dark);
    game.play_at(1, 3).expect("X takes 1 3");
    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::Dark)));
    assert_eq!(game.play(Move::Pass).unwrap_err(), MoveError::GameOver);
    assert_eq!(
        game.play_at(8, 8).unwrap_err().to_string(),
        "the game is over"
    );
    assert_eq!(render(&game), render_plain(&game));
}

#[test]
fn a_full_board_ends_the_game() {
    // The last empty square, (8,8), is taken by X: the board is full.
    let mut cells: Vec<char> = (0..64)
        .map(|i| if i % 3 == 0 { 'O' } else { 'X' })
        .collect();
    cells[63] = '-';
    cells[62] = 'O';
    cells[61] = 'X';
    let text: String = cells.into_iter().collect::<String>() + " X";
    let mut game: Game = text.parse().expect("valid");
    assert_eq!(game.legal_moves(), [Move::Place(sq(8, 8))]);
    game.play_at(8, 8).expect("legal");
    assert_eq!(game.empties(), 0);
    assert!(game.is_over());
    assert!(game.legal_moves().is_empty());
    let (x, o) = (game.count(Color::Dark), game.count(Color::Light));
    assert_eq!(x + o, 64);
    let expected = match x.cmp(&o) {
        std::cmp::Ordering::Greater => Outcome::Win(Color::Dark),
        std::cmp::Ordering::Less => Outcome::Win(Color::Light),
        std::cmp::Ordering::Equal => Outcome::Tie,
    };
    assert_eq!(game.outcome(), Some(expected));
    assert_eq!(game.margin(), o as i32 - x as i32, "O would move next");
    let view = render_plain(&game);
    assert!(!view.contains('_') && !view.contains('.'));
}

// ---------------------------------------------------------------------------------------
// The endgame solver

#[path = "../ffo/mod.rs"]
mod ffo;
use ffo::FFO;

/// The FFO table is the published suite #40–#59 as transcribed: every position parses with
/// the published number of empties, and every published best move is legal there. A board
/// read in the wrong orientation or a slipped character fails this without any solving.
#[test]
fn every_ffo_entry_parses_with_its_published_empties_and_legal_best_moves() {
    const EMPTIES: [u32; 20] = [
        20, 22, 22, 23, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 34,
    ];
    let numbers: Vec<u32> = FFO.iter().map(|entry| entry.0).collect();
    assert_eq!(numbers, (40..=59).collect::<Vec<u32>>());
    for (&(number, text, value, best), empties) in FFO.iter().zip(EMPTIES) {
        let game: Game = text
            .parse()
            .unwrap_or_else(|e| panic!("FFO #{number}: {e:?}"));
        assert_eq!(game.empties(), empties, "FFO #{number}");
        assert_eq!(
            value % 2,
            0,
            "FFO #{number}: a margin with no empties left is even"
        );
        let legal: Vec<String> = game.legal_squares().map(Square::algebraic).collect();
        assert!(!best.is_empty(), "FFO #{number}");
        for mv in best {
            assert!(
                legal.iter().any(|l| l == mv),
                "FFO #{number}: {mv} is not legal"
            );
        }
    }
}

/// FFO #40 after a few best moves, small enough for an unoptimised build.
/// A budget on two threads: too small a one gives up, a large enough one gives the exact
/// value, and a budget never changes a value it lets through.
#[test]
fn two_threads_give_up_within_a_budget_and_are_exact_within_enough() {
    let game = near_the_end(4, 15);
    let exact = solve(&game);
    let within = |budget| {
        let options = SolveOptions {
            threads: 2,
            node_budget: Some(budget),
            ..SolveOptions::default()
        };
        solve_with(&game, &options)
    };
    assert_eq!(within(1_000), None);
    let enough = within(u64::MAX).expect("no real budget");
    assert_eq!(enough.value, exact.value);
    for budget in [20_000, 100_000, 400_000, 2_000_000] {
        if let Some(s) = within(budget) {
            assert_eq!(s.value, exact.value, "budget {budget}");
        }
    }
}

#[test]
fn a_late_ffo_line_solves_to_the_brute_force_value() {
    let mut game: Game = FFO[0].1.parse().expect("FFO #40");
    // A2 is the published best move; keep playing the solver's choice once it is cheap.
    game.play_at(2, 1).expect("a2 is legal");
    while game.empties() > 10 {
        let mv = game.legal_moves()[0];
        game.play(mv).expect("legal");
    }
    let s = solve(&game);
    assert_eq!(s.value, brute_force(&game));
    // Edax's way of counting adds at least the root's moves, each scored to order them.
    assert!(s.scored >= game.legal_moves().len() as u64);
    assert!(solve_within(&game, 1).is_none());
    assert_eq!(solve_within(&game, u64::MAX), Some(s));
}

/// A position reached by `plies` seeded random moves from the start.
fn random_play(seed: u64, plies: usize) -> Game {
    let mut game = Game::new();
    let mut state = seed | 1;
    for _ in 0..plies {
        let list = game.legal_moves();
        if list.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.play(list[(state % list.len() as u64) as usize])
            .expect("legal");
    }
    game
}

/// A position with few empties: random play from the start until `empties` remain, or, for
/// odd seeds, a random filling (often unreachable, and rich in passes).
fn near_the_end(seed: u64, empties: u32) -> Game {
    if seed.is_multiple_of(2) {
        let mut game = random_play(seed, 0);
        let mut state = seed | 1;
        while game.empties() > empties {
            let list = game.legal_moves();
            if list.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            game.play(list[(state % list.len() as u64) as usize])
                .expect("legal");
        }
        game
    } else {
        let mut state = seed;
        let mut dark = 0u64;
        let mut light = 0u64;
        let mut order: Vec<u32> = (0..64).collect();
        for i in (1..64).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            order.swap(i, (state % (i as u64 + 1)) as usize);
        }
        for &i in &order[empties as usize..] {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if state & 1 == 0 {
                dark |= 1 << i;
            } else {
                light |= 1 << i;
            }
        }
        let turn = if state & 2 == 0 {
            Color::Dark
        } else {
            Color::Light
        };
        Game::from_bitboards(dark, light, turn).expect("disjoint")
    }
}

/// The legal placements by looking along all eight directions from every square.
fn naive_placements(game: &Game) -> Vec<Square> {
    let me = game.turn();
    Square::all()
        .filter(|&s| game.disc(s).is_none())
        .filter(|&s| {
            Direction::ALL.iter().any(|&d| {
                let mut at = s.step(d);
                let mut seen = 0;
                while let Some(t) = at {
                    match game.disc(t) {
                        Some(c) if c != me => seen += 1,
                        Some(_) => return seen > 0,
                        None => return false,
                    }
                    at = t.step(d);
                }
                false
            })
        })
        .collect()
}

/// Cases for the solver-against-brute-force property: 32 by default (seconds in a debug
/// build), or as many as the `PROPTEST_CASES` environment variable asks for.
fn solver_cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(32)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(solver_cases()))]

    /// Two threads split the tree three plies deep from 12 empties on (eldest moves first,
    /// the rest shared out), so positions of 12 to 15 empties, passes included, take every
    /// path of the split: they give one thread's value, and the move they name reaches it.
    #[test]
    fn two_threads_solve_as_one_does(seed in any::<u64>(), empties in 12u32..=15) {
        let game = near_the_end(seed, empties);
        // With one move or none the solve never splits.
        prop_assume!(game.legal_moves().len() >= 2);
        let one = solve(&game);
        let two = solve_on(&game, 2);
        prop_assert_eq!(two.value, one.value, "{}", game);
        match two.best {
            Some(best) => {
                let mut child = game;
                child.make(Move::Place(best));
                prop_assert_eq!(-solve(&child).value, one.value, "{} {}", game, best);
            }
            None => prop_assert!(game.placements() == 0, "{}", game),
        }
    }

    /// The solver's value, and the value of the move it names, equal plain minimax on
    /// random positions (seeded playouts from the start) with up to 10 empties.
    #[test]
    fn solver_matches_brute_force(seed in any::<u64>(), empties in 1u32..=10) {
        let game = near_the_end(seed, empties);
        let s = solve(&game);
        prop_assert_eq!(s.value, brute_force(&game), "{}", game);
        match s.best {
            Some(best) => {
                let values = brute_force_moves(&game);
                prop_assert!(values.contains(&(best, s.value)), "{} {} {:?}", game, best, values);
            }
            None => prop_assert!(game.placements() == 0, "{}", game),
        }
    }

    #[test]
    fn make_unmake_restores_position_and_key(seed in any::<u64>(), plies in 0usize..60) {
        let mut game = random_play(seed, plies);
        let before = game;
        let key = Searchable::key(&game);
        let mut list = Vec::new();
        Searchable::legal_moves(&game, &mut list);
        for mv in list {
            let undo = Searchable::make(&mut game, mv);
            prop_assert_ne!(Searchable::key(&game), key);
            Searchable::unmake(&mut game, mv, undo);
            prop_assert_eq!(game, before);
            prop_assert_eq!(Searchable::key(&game), key);
        }
    }

    #[test]
    fn move_generation_matches_a_direction_scan(seed in any::<u64>(), plies in 0usize..60) {
        for game in [random_play(seed, plies), near_the_end(seed | 1, (seed % 40) as u32)] {
            let fast: Vec<Square> = game.legal_squares().collect();
            prop_assert_eq!(&fast, &naive_placements(&game), "{}", game);
            for s in &fast {
                let lines = game.flip_lines(*s);
                let total: usize = lines.iter().map(|l| l.squares.len()).sum();
                prop_assert_eq!(total as u32, game.flips_if(*s));
            }
        }
    }
}
