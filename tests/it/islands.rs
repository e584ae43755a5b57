//! Islands of Hex through its library, as the brief's `GameModel` tests use it: placing,
//! island counts on joins in every direction, the end of the game, errors; and the
//! incremental counts against a flood fill from scratch after random games.
//!
//! More cases locally: `PROPTEST_CASES=5000 cargo test --release --test islands`.

use proptest::prelude::*;
use trios::games::islands::{Board, NEIGHBOURS, PlayError, Stone};

const W: Stone = Stone::White;
const B: Stone = Stone::Black;

fn play(board: &mut Board, cells: &[(i64, i64)], stone: Stone) -> Vec<bool> {
    cells
        .iter()
        .map(|&(r, c)| {
            board
                .make_play(r, c, stone)
                .expect("an empty cell on the board")
        })
        .collect()
}

#[test]
fn a_fresh_board_is_empty_and_knows_its_edges() {
    let board = Board::new(5);
    for r in 0..5 {
        for c in 0..5 {
            assert_eq!(board.can_play(r, c), Ok(true));
        }
    }
    for (r, c) in [(-1, 0), (0, -1), (5, 0), (0, 5), (5, 5), (-1, -1)] {
        assert!(
            matches!(board.can_play(r, c), Err(PlayError::OffBoard { .. })),
            "{r} {c}"
        );
    }
    assert_eq!((board.white_score(), board.black_score()), (0, 0));
    assert!(!board.is_over());
}

#[test]
fn a_fresh_2500_board() {
    let board = Board::new(2500);
    for (r, c) in [(0, 0), (0, 2499), (2499, 0), (2499, 2499), (1250, 1250)] {
        assert_eq!(board.can_play(r, c), Ok(true));
    }
    assert!(board.can_play(2500, 0).is_err());
    assert_eq!((board.white_score(), board.black_score()), (0, 0));
    assert!(!board.is_over());
    // About seven bytes a cell.
    assert!(
        board.heap_bytes() <= 8 * 2500 * 2500,
        "{}",
        board.heap_bytes()
    );
}

#[test]
fn a_stone_joins_its_six_neighbours_and_nothing_else() {
    for (dr, dc) in NEIGHBOURS {
        let mut board = Board::new(5);
        play(&mut board, &[(2, 2)], W);
        assert_eq!(board.white_score(), 1);
        play(&mut board, &[(2 + dr, 2 + dc)], W);
        assert_eq!(board.white_score(), 1, "({dr}, {dc}) joins");
    }
    // The other two cells around a square's corner are not hex neighbours.
    for (dr, dc) in [(-1, 1), (1, -1), (2, 0), (0, 2)] {
        let mut board = Board::new(5);
        play(&mut board, &[(2, 2), (2 + dr, 2 + dc)], B);
        assert_eq!(board.black_score(), 2, "({dr}, {dc}) is apart");
    }
}

#[test]
fn a_stone_between_islands_merges_them_all() {
    let mut board = Board::new(5);
    // (1, 1) is straight up from (2, 1): one island, and (3, 3) another.
    play(&mut board, &[(2, 1), (1, 1), (3, 3)], W);
    assert_eq!(board.white_score(), 2);
    let mut board = Board::new(5);
    play(&mut board, &[(2, 1), (0, 2), (3, 3)], W);
    assert_eq!(board.white_score(), 3);
    play(&mut board, &[(1, 2)], W);
    assert_eq!(board.white_score(), 3, "(1,2) joins (0,2) above it only");
    play(&mut board, &[(2, 2)], W);
    assert_eq!(
        board.white_score(),
        1,
        "(2,2) joins left, up and down-right"
    );
    // Black stones in between do not join white ones, and count on their own.
    play(&mut board, &[(4, 0), (4, 4), (0, 0)], B);
    assert_eq!((board.white_score(), board.black_score()), (1, 3));
}

#[test]
fn white_ends_the_game_top_to_bottom_and_black_left_to_right_only() {
    // White down a column: over on the last stone.
    let mut board = Board::new(3);
    assert_eq!(
        play(&mut board, &[(0, 1), (1, 1), (2, 1)], W),
        [false, false, true]
    );
    assert_eq!(board.chain_maker(), Some(W));
    // White across a row does not end it; black across a row does.
    let mut board = Board::new(3);
    assert_eq!(play(&mut board, &[(1, 0), (1, 1), (1, 2)], W), [false; 3]);
    assert_eq!(
        play(&mut board, &[(0, 0), (0, 1), (0, 2)], B),
        [false, false, true]
    );
    assert_eq!(board.chain_maker(), Some(B));
    // Black down a column does not end it.
    let mut board = Board::new(3);
    assert_eq!(play(&mut board, &[(0, 0), (1, 0), (2, 0)], B), [false; 3]);
    assert!(!board.is_over());
    // Down the leaning diagonal is a chain; up the other one is not.
    let mut board = Board::new(3);
    assert_eq!(
        play(&mut board, &[(0, 0), (1, 1), (2, 2)], W),
        [false, false, true]
    );
    let mut board = Board::new(3);
    assert_eq!(play(&mut board, &[(0, 2), (1, 1), (2, 0)], W), [false; 3]);
    assert_eq!(board.white_score(), 3);
}

#[test]
fn after_the_end_stones_still_go_on_empty_cells_and_the_game_stays_over() {
    let mut board = Board::new(2);
    assert_eq!(play(&mut board, &[(0, 0), (1, 0)], W), [false, true]);
    assert_eq!(board.make_play(0, 1, B), Ok(true));
    assert_eq!(board.black_score(), 1);
    assert_eq!(
        board.make_play(0, 1, W),
        Err(PlayError::Taken { row: 0, col: 1 })
    );
    assert!(board.make_play(2, 0, W).is_err());
    assert_eq!(board.chain_maker(), Some(W), "the first chain ended it");
}

#[test]
fn a_one_cell_board_ends_on_the_first_stone() {
    let mut board = Board::new(1);
    assert_eq!(board.make_play(0, 0, B), Ok(true));
    assert_eq!(board.black_score(), 1);
}

#[test]
fn bad_sizes_are_refused() {
    assert!(Board::try_new(0).is_err());
    assert!(Board::try_new(5001).is_err());
    assert!(Board::try_new(5000).is_ok());
}

/// The efficiency test's pattern on a small board: the inside filled, white on even columns,
/// black on odd ones, then white joins top and bottom.
#[test]
fn the_stripes_of_the_efficiency_test_count_one_island_a_column() {
    let n = 40i64;
    let mut board = Board::new(n as usize);
    for r in 1..n - 1 {
        for c in 1..n - 1 {
            let stone = if c % 2 == 0 { W } else { B };
            assert_eq!(board.make_play(r, c, stone), Ok(false));
        }
    }
    let evens = (1..n - 1).filter(|c| c % 2 == 0).count();
    let odds = (1..n - 1).filter(|c| c % 2 == 1).count();
    assert_eq!((board.white_score(), board.black_score()), (evens, odds));
    assert_eq!(board.make_play(0, 2, W), Ok(false));
    assert_eq!(board.make_play(n - 1, 2, W), Ok(true));
    assert_eq!(board.white_score(), evens);
}

/// Islands and chains of `cells` (row-major, size x size) counted from scratch.
fn flood(size: usize, cells: &[Option<Stone>]) -> ([usize; 2], [bool; 2]) {
    let mut seen = vec![false; cells.len()];
    let mut islands = [0, 0];
    let mut chain = [false, false];
    for start in 0..cells.len() {
        let Some(stone) = cells[start] else { continue };
        if seen[start] {
            continue;
        }
        let k = if stone == W { 0 } else { 1 };
        islands[k] += 1;
        let (mut a, mut b) = (false, false);
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(at) = stack.pop() {
            let (r, c) = ((at / size) as i64, (at % size) as i64);
            let edge = if stone == W { (r, r) } else { (c, c) };
            a |= edge.0 == 0;
            b |= edge.1 == size as i64 - 1;
            for (dr, dc) in NEIGHBOURS {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= size as i64 || nc >= size as i64 {
                    continue;
                }
                let next = nr as usize * size + nc as usize;
                if !seen[next] && cells[next] == Some(stone) {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        chain[k] |= a && b;
    }
    (islands, chain)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn incremental_counts_equal_a_flood_fill(
        size in 1usize..10,
        moves in proptest::collection::vec((0usize..100, any::<bool>()), 0..120),
    ) {
        let mut board = Board::new(size);
        let mut cells: Vec<Option<Stone>> = vec![None; size * size];
        let mut first_chain: Option<Stone> = None;
        for (pick, white) in moves {
            let empty: Vec<usize> = (0..cells.len()).filter(|&i| cells[i].is_none()).collect();
            let Some(&at) = empty.get(pick % empty.len().max(1)) else { break };
            let stone = if white { W } else { B };
            let over = board
                .make_play((at / size) as i64, (at % size) as i64, stone)
                .expect("an empty cell");
            cells[at] = Some(stone);
            let (islands, chain) = flood(size, &cells);
            if first_chain.is_none() && (chain[0] || chain[1]) {
                first_chain = Some(if chain[0] { W } else { B });
            }
            prop_assert_eq!([board.white_score(), board.black_score()], islands);
            prop_assert_eq!(over, first_chain.is_some());
            prop_assert_eq!(board.chain_maker(), first_chain);
        }
    }
}

mod connector {
    use trios::games::Strategy;
    use trios::games::islands::ai::Connector;
    use trios::games::islands::{Game, Place};

    fn game(size: usize, moves: &[(usize, usize)]) -> Game {
        let mut game = Game::new(size).expect("a board");
        for &(row, col) in moves {
            game.play(Place { row, col }).expect("a legal move");
        }
        game
    }

    #[test]
    fn closes_its_chain_when_that_wins() {
        // On a 3x3 white has (0,0)-(1,0), one stone from the bottom, and (0,2) on its own: two
        // islands; black's (1,2), (2,2), (2,1) are one.
        let g = game(3, &[(0, 0), (1, 2), (1, 0), (2, 2), (0, 2), (2, 1)]);
        let mv = Connector.choose(&g).expect("a move");
        assert_eq!(mv, Place { row: 2, col: 0 }, "closing wins 2-1");
    }

    #[test]
    fn blocks_a_close_that_would_win_for_the_other() {
        // Black to move on a 4x4: white's column (0,1), (1,1), (2,1) is one stone from the
        // bottom, and white's (0,3) is a second island against black's two.
        let g = game(4, &[(0, 1), (3, 3), (1, 1), (0, 0), (2, 1), (3, 0), (0, 3)]);
        let mv = Connector.choose(&g).expect("a move");
        let mut after = g.clone();
        after.play(mv).expect("legal");
        // Whatever white plays next, it cannot both close its chain and lead.
        for place in after.empty_cells() {
            let mut next = after.clone();
            next.play(place).expect("legal");
            let board = next.board();
            assert!(
                !(board.is_over() && board.white_score() > board.black_score()),
                "white wins by closing at {place} after black's {mv}"
            );
        }
    }
}

mod expert {
    use trios::games::Strategy;
    use trios::games::islands::expert::Expert;
    use trios::games::islands::{Game, Place};

    /// Stones placed in playouts a move: a few thousand playouts on the small boards here.
    const BUDGET: u64 = 60_000;

    fn game(size: usize, moves: &[(usize, usize)]) -> Game {
        let mut game = Game::new(size).expect("a board");
        for &(row, col) in moves {
            game.play(Place { row, col }).expect("a legal move");
        }
        game
    }

    #[test]
    fn closes_its_chain_when_that_wins() {
        let g = game(3, &[(0, 0), (1, 2), (1, 0), (2, 2), (0, 2), (2, 1)]);
        let mv = Expert::with_budget(BUDGET, 1).choose(&g).expect("a move");
        assert_eq!(mv, Place { row: 2, col: 0 }, "closing wins 2-1");
    }

    #[test]
    fn does_not_close_its_chain_when_that_loses() {
        // White to move on a 4x4: (0,0)-(1,0)-(2,0) is one stone from the bottom, but it is
        // white's only island against black's two; closing at (3,0) loses 1-2.
        let g = game(4, &[(0, 0), (0, 2), (1, 0), (2, 2), (2, 0), (3, 3)]);
        for seed in 1..=3 {
            let mv = Expert::with_budget(BUDGET, seed)
                .choose(&g)
                .expect("a move");
            let mut after = g.clone();
            after.play(mv).expect("legal");
            let board = after.board();
            assert!(
                !(board.is_over() && board.white_score() <= board.black_score()),
                "seed {seed}: {mv} ends the game without winning it"
            );
        }
    }

    #[test]
    fn blocks_a_close_that_would_win_for_the_other() {
        let g = game(4, &[(0, 1), (3, 3), (1, 1), (0, 0), (2, 1), (3, 0), (0, 3)]);
        let mv = Expert::with_budget(BUDGET, 5).choose(&g).expect("a move");
        let mut after = g.clone();
        after.play(mv).expect("legal");
        for place in after.empty_cells() {
            let mut next = after.clone();
            next.play(place).expect("legal");
            let board = next.board();
            assert!(
                !(board.is_over() && board.white_score() > board.black_score()),
                "white wins by closing at {place} after black's {mv}"
            );
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_game() {
        let play_out = |seed: u64| {
            let mut g = Game::new(5).expect("a board");
            let mut players = [
                Expert::with_budget(20_000, seed),
                Expert::with_budget(20_000, seed + 1),
            ];
            let mut moves = Vec::new();
            while !g.is_over() {
                let turn = g.board().stones() % 2;
                let mv = players[turn].choose(&g).expect("a move");
                g.play(mv).expect("legal");
                moves.push(mv);
            }
            moves
        };
        assert_eq!(play_out(11), play_out(11));
    }
}
