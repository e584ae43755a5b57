//! The shipped board and card files, and one test per kind of file error, through the public API.

use std::path::PathBuf;

use trios::games::three_trios::config::*;
use trios::games::three_trios::{Card, Direction, Grid, Pos};

fn config_path(dir: &str, name: &str) -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "configs", dir, name]
        .iter()
        .collect()
}

fn board(name: &str) -> Grid {
    read_grid(&config_path("boards", name)).unwrap()
}

fn deck(name: &str) -> Vec<Card> {
    read_cards(&config_path("cards", name)).unwrap()
}

/// Every `.txt` file name in one of the config folders, sorted.
fn shipped(dir: &str) -> Vec<String> {
    let folder = PathBuf::from_iter([env!("CARGO_MANIFEST_DIR"), "configs", dir]);
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    names.sort();
    names
}

/// The sizes of the groups of card cells that reach each other by N/S/E/W steps, largest first.
fn component_sizes(grid: &Grid) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    let mut sizes = Vec::new();
    for start in grid.card_positions() {
        if !seen.insert(start) {
            continue;
        }
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(pos) = stack.pop() {
            size += 1;
            for dir in Direction::ALL {
                if let Some(next) = grid.neighbour(pos, dir)
                    && seen.insert(next)
                {
                    stack.push(next);
                }
            }
        }
        sizes.push(size);
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}

fn holes(grid: &Grid) -> usize {
    (0..grid.rows())
        .flat_map(|r| (0..grid.cols()).map(move |c| Pos::new(r, c)))
        .filter(|&p| grid.is_hole(p))
        .count()
}

#[test]
fn every_shipped_file_parses_and_every_board_fits_full_40() {
    let boards = shipped("boards");
    let decks = shipped("cards");
    for expected in [
        "seed-5x7.txt",
        "open-3x3.txt",
        "open-4x4.txt",
        "default.txt",
    ] {
        assert!(
            boards.iter().any(|b| b == expected),
            "missing board {expected}"
        );
    }
    for expected in ["small-10.txt", "full-40.txt", "default.txt"] {
        assert!(
            decks.iter().any(|d| d == expected),
            "missing deck {expected}"
        );
    }
    for name in &decks {
        deck(name);
    }
    let full = deck("full-40.txt");
    assert!(full.len() >= 40);
    for name in &boards {
        let grid = board(name);
        check_deck_size(&grid, &full, "full-40.txt").unwrap();
    }
}

#[test]
fn shipped_boards_have_the_promised_shapes() {
    let seed = board("seed-5x7.txt");
    assert_eq!((seed.rows(), seed.cols(), seed.card_cells()), (5, 7, 15));
    let open3 = board("open-3x3.txt");
    assert_eq!((open3.card_cells(), holes(&open3)), (9, 0));
    let open4 = board("open-4x4.txt");
    assert_eq!((open4.card_cells(), holes(&open4)), (16, 0));
}

#[test]
fn built_in_defaults_match_the_shipped_files() {
    let grid = parse_grid(DEFAULT_BOARD_NAME, DEFAULT_BOARD.as_bytes()).unwrap();
    assert_eq!(grid, board("default.txt"));
    assert_eq!(grid.card_cells() % 2, 1);
    assert!(holes(&grid) > 0);
    let cards = parse_cards(DEFAULT_CARDS_NAME, DEFAULT_CARDS.as_bytes()).unwrap();
    assert_eq!(cards, deck("default.txt"));
    // Some spare cards, so that shuffling changes which cards are dealt at all.
    assert!(cards.len() > grid.card_cells() + 1);
}

#[test]
fn small_10_fits_open_3x3_but_not_the_seed_board() {
    let small = deck("small-10.txt");
    assert_eq!(small.len(), 10);
    check_deck_size(&board("open-3x3.txt"), &small, "small-10.txt").unwrap();
    let err = check_deck_size(&board("seed-5x7.txt"), &small, "small-10.txt").unwrap_err();
    assert_eq!(err.kind, ConfigErrorKind::TooFewCards);
    assert_eq!(
        err.message,
        "board has 15 card cells, so 16 cards are needed; small-10.txt has 10"
    );
    assert_eq!(
        err.to_string(),
        "board has 15 card cells, so 16 cards are needed; small-10.txt has 10"
    );
}

#[test]
fn islands_has_unreachable_groups_of_different_sizes() {
    let sizes = component_sizes(&board("islands.txt"));
    assert!(sizes.len() >= 2, "{sizes:?}");
    let mut distinct = sizes.clone();
    distinct.dedup();
    assert_eq!(distinct, sizes, "group sizes repeat");
}

#[test]
fn connected_holes_has_holes_and_one_group() {
    let grid = board("connected-holes.txt");
    assert!(holes(&grid) > 0);
    assert_eq!(component_sizes(&grid), vec![grid.card_cells()]);
}

fn grid_err(text: &[u8]) -> ConfigError {
    parse_grid("board.txt", text).unwrap_err()
}

fn cards_err(text: &[u8]) -> ConfigError {
    parse_cards("cards.txt", text).unwrap_err()
}

#[test]
fn bad_header() {
    let e = grid_err(b"5 x\nCCCCCCC\n");
    assert_eq!(e.kind, ConfigErrorKind::BadHeader);
    assert_eq!(
        e.to_string(),
        "board.txt:1:1: header \"5 x\" is not two positive integers ROWS COLS"
    );
}

#[test]
fn board_too_large() {
    let e = grid_err(b"2 1001\n");
    assert_eq!(e.kind, ConfigErrorKind::TooLarge);
    assert_eq!(
        e.to_string(),
        "board.txt:1:1: board size 2 x 1001 is too large; ROWS and COLS may be at most 1000"
    );
}

#[test]
fn wrong_row_length() {
    let e = grid_err(b"3 7\nCCCCCCC\nCCCCCC\nCCCCCCC\n");
    assert_eq!(e.kind, ConfigErrorKind::RowLength);
    assert_eq!(
        e.to_string(),
        "board.txt:3:1: row 2 has 6 cells, expected 7"
    );
}

#[test]
fn too_few_rows() {
    let e = grid_err(b"5 3\nCCC\nCXC\nCCC\nCXC\n");
    assert_eq!(e.kind, ConfigErrorKind::RowCount);
    assert_eq!(
        e.to_string(),
        "board.txt:6: expected 5 rows after the header, found 4"
    );
}

#[test]
fn bad_cell_letter() {
    let e = grid_err(b"4 3\nCCC\nCXC\nCCQ\nCCC\n");
    assert_eq!(e.kind, ConfigErrorKind::BadCell);
    assert_eq!(
        e.to_string(),
        "board.txt:4:3: cell 'Q' is not C (card cell) or X (hole)"
    );
}

#[test]
fn no_card_cells() {
    let e = grid_err(b"1 3\nXXX\n");
    assert_eq!(e.kind, ConfigErrorKind::NoCardCells);
    assert_eq!(
        e.to_string(),
        "board.txt: the grid has no card cells; at least one `C` is needed"
    );
}

#[test]
fn wrong_token_count() {
    let e = cards_err(b"Fox 1 2 3 4\n\nOwl 1 2 3\n");
    assert_eq!(e.kind, ConfigErrorKind::TokenCount);
    assert_eq!(
        e.to_string(),
        "cards.txt:3: expected 5 fields NAME NORTH SOUTH EAST WEST, found 4"
    );
}

#[test]
fn bad_value() {
    let e = cards_err(b"Fox 1 2 3 4\n\n\n\n\n\nDragonLord 2 3 B 4\n");
    assert_eq!(e.kind, ConfigErrorKind::BadValue);
    assert_eq!(
        e.to_string(),
        "cards.txt:7:16: attack value \"B\" is not 1-9 or A"
    );
}

#[test]
fn duplicate_name() {
    let mut text = String::from("Fox 1 2 3 4\nDragon 1 2 3 4\n");
    for i in 0..6 {
        text.push_str(&format!("Owl{i} 5 5 5 5\n"));
    }
    text.push_str("Dragon 9 9 9 9\n");
    let e = cards_err(text.as_bytes());
    assert_eq!(e.kind, ConfigErrorKind::DuplicateName);
    assert_eq!(
        e.to_string(),
        "cards.txt:9:1: duplicate card name \"Dragon\" (first on line 2)"
    );
}

#[test]
fn too_few_cards() {
    let cards = parse_cards("cards.txt", b"A 1 1 1 1\nB 2 2 2 2\nC 3 3 3 3\n").unwrap();
    let e = check_deck_size(&board("open-3x3.txt"), &cards, "cards.txt").unwrap_err();
    assert_eq!(e.kind, ConfigErrorKind::TooFewCards);
    assert_eq!(
        e.to_string(),
        "board has 9 card cells, so 10 cards are needed; cards.txt has 3"
    );
}

#[test]
fn empty_files() {
    let e = grid_err(b"");
    assert_eq!(e.kind, ConfigErrorKind::Empty);
    assert_eq!(
        e.to_string(),
        "board.txt: the file is empty; expected a first line \"ROWS COLS\""
    );
    let e = cards_err(b"\n  \n");
    assert_eq!(e.kind, ConfigErrorKind::Empty);
    assert_eq!(
        e.to_string(),
        "cards.txt: the file is empty; expected one card a line \"NAME NORTH SOUTH EAST WEST\""
    );
}

#[test]
fn not_utf8() {
    let e = cards_err(b"Fox 1 2 3 4\nOw\xe9l 1 2 3 4\n");
    assert_eq!(e.kind, ConfigErrorKind::NotUtf8);
    assert_eq!(
        e.to_string(),
        "cards.txt:2:3: invalid UTF-8 at byte 0xE9; expected UTF-8 text"
    );
}

#[test]
fn missing_file() {
    let path = config_path("boards", "no-such-board.txt");
    let e = read_grid(&path).unwrap_err();
    assert_eq!(e.kind, ConfigErrorKind::Io);
    assert_eq!(
        e.to_string(),
        format!(
            "{}: cannot read: No such file or directory (os error 2)",
            path.display()
        )
    );
    let e = read_cards(std::path::Path::new("x.txt/none")).unwrap_err();
    assert_eq!(e.kind, ConfigErrorKind::Io);
    assert!(
        e.to_string().starts_with("x.txt/none: cannot read: "),
        "{e}"
    );
}
