//! Reversi's opening book: the shipped file reads and is consistent, its moves are legal and
//! vary with the seed, a damaged file is refused with its reason, and `--book off` plays
//! the expert without it.

use crate::common::bin::{Dir, assert_no_panic};
use trios::games::reversi::book::{Book, BookError, Entry};
use trios::games::reversi::{Color, Game, Move};

/// The position of an entry with its mover as dark.
fn game_of(entry: &Entry) -> Game {
    Game::from_bitboards(entry.p, entry.o, Color::Dark).expect("a book position is a position")
}

#[test]
fn the_shipped_book_opens_at_the_start_and_every_expanded_position_knows_all_its_moves() {
    let book = Book::embedded();
    assert!(book.len() > 1000, "only {} positions", book.len());
    let start = Game::new();
    let moves = book.moves(&start).expect("the start is in the book");
    assert_eq!(moves.len(), 4);
    let expanded: Vec<&Entry> = book.entries().iter().filter(|e| e.expanded).collect();
    assert!(expanded.len() > 100, "only {} expanded", expanded.len());
    for entry in expanded {
        let game = game_of(entry);
        let valued = book
            .moves(&game)
            .expect("an expanded position has every move");
        assert_eq!(valued.len(), game.legal_moves().len());
        // Negamax: an expanded position is worth its best move.
        assert_eq!(i32::from(entry.value), valued[0].1, "{game}");
    }
}

#[test]
fn book_moves_are_legal_repeat_for_a_seed_and_vary_between_seeds() {
    let book = Book::embedded();
    let mut lines = std::collections::BTreeSet::new();
    for seed in 0..40u64 {
        let mut game = Game::new();
        let mut line = Vec::new();
        while let Some(mv) = book.choose(&game, seed, 1) {
            assert!(game.legal_moves().contains(&mv), "{mv} in {game}");
            game.play(mv).expect("legal");
            line.push(mv.to_string());
        }
        assert!(line.len() >= 4, "seed {seed} left the book after {line:?}");
        let mut again = Game::new();
        for mv in &line {
            assert_eq!(
                book.choose(&again, seed, 1).map(|m| m.to_string()).as_ref(),
                Some(mv)
            );
            again
                .play(book.choose(&again, seed, 1).unwrap_or(Move::Pass))
                .expect("legal");
        }
        lines.insert(line);
    }
    assert!(
        lines.len() >= 10,
        "40 seeds made only {} lines",
        lines.len()
    );
}

#[test]
fn a_damaged_book_is_refused_with_its_reason() {
    let book = Book::embedded();
    let bytes = book.to_bytes();
    assert_eq!(Book::parse(&bytes).as_ref(), Ok(book));
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    assert_eq!(Book::parse(&flipped), Err(BookError::Checksum));
    assert!(matches!(
        Book::parse(&bytes[..bytes.len() - 5]),
        Err(BookError::Length { .. })
    ));
    assert_eq!(
        Book::parse(b"NOTABOOK and more bytes"),
        Err(BookError::Magic)
    );
    assert_eq!(Book::parse(b""), Err(BookError::Magic));
}

/// A text-mode Reversi match between computers, 5 units of work a move (so it repeats move
/// for move), unrecorded, with these flags; its standard output once it ends, and its
/// standard error.
fn text_match(extra: &[&str]) -> (String, String) {
    let dir = Dir::new();
    let mut args = vec![
        "play",
        "--game",
        "reversi",
        "--ui",
        "text",
        "--think-work",
        "5",
        "--no-autosave",
    ];
    args.extend_from_slice(extra);
    let run = dir.run(&args, "");
    assert_no_panic(&run.stderr);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    (run.stdout, run.stderr)
}

/// The first `n` moves the expert plays against itself in text mode with these flags.
fn expert_opening(seed: u64, extra: &[&str], n: usize) -> Vec<String> {
    let seed = seed.to_string();
    let mut args = vec!["--dark", "expert", "--light", "expert", "--seed", &seed];
    args.extend_from_slice(extra);
    let (stdout, _) = text_match(&args);
    stdout
        .lines()
        .filter(|l| l.contains(" plays "))
        .take(n)
        .map(str::to_string)
        .collect()
}

#[test]
fn the_expert_opens_from_the_book_by_seed_and_without_it_when_told() {
    let booked: std::collections::BTreeSet<_> =
        (1..=6).map(|seed| expert_opening(seed, &[], 6)).collect();
    assert!(booked.len() >= 2, "six seeds, one opening: {booked:?}");
    let plain: std::collections::BTreeSet<_> = (1..=3)
        .map(|seed| expert_opening(seed, &["--book", "off"], 6))
        .collect();
    assert_eq!(
        plain.len(),
        1,
        "without the book the expert is deterministic: {plain:?}"
    );
}

#[test]
fn a_wrong_book_switch_is_refused_by_name() {
    let dir = Dir::new();
    let run = dir.run(
        &[
            "play", "--game", "reversi", "--ui", "text", "--book", "maybe",
        ],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--book"), "{}", run.stderr);
    assert!(
        run.stderr.contains("on") && run.stderr.contains("off"),
        "{}",
        run.stderr
    );
    let run = dir.run(&["play", "--game", "islands", "--book", "off"], "");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("--book"), "{}", run.stderr);
}

/// Whether a text-mode match with these flags and no `--seed` tells the seed it drew.
fn tells_the_seed(extra: &[&str]) -> bool {
    let (_, stderr) = text_match(extra);
    stderr.contains("play this game again with --seed")
}

#[test]
fn a_book_player_shows_the_seed_it_drew_its_lines_from() {
    // A book player's opening follows the seed: without the seed the game cannot be played
    // again, so the drawn seed is told, as for a random player.
    assert!(tells_the_seed(&["--dark", "expert", "--light", "greedy"]));
    assert!(tells_the_seed(&["--dark", "greedy", "--light", "level:8"]));
    // Below level 8, or with the book off, the seed changes nothing and is not told.
    assert!(!tells_the_seed(&["--dark", "level:7", "--light", "greedy"]));
    assert!(!tells_the_seed(&[
        "--dark", "expert", "--light", "greedy", "--book", "off"
    ]));
    assert!(tells_the_seed(&["--dark", "random", "--light", "greedy"]));
}
