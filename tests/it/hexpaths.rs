//! Hex paths checked against the rules document and the brief: the cell numbering and
//! directions, the brief's worked examples, legal and illegal state strings, and the engine
//! against a plain reference model written here from the rules (walls as pairs of cells,
//! slides walked cell by cell, shortest moves by breadth-first search over every position of
//! every piece).
//!
//! More cases locally: `PROPTEST_CASES=1000 cargo test --release --test hexpaths`.

use std::collections::{HashMap, HashSet, VecDeque};

use proptest::prelude::*;
use trios::games::hexpaths::geometry::{
    NEIGHBOURS, NONE, cell_at_row_col, dir_of_bearing, ring, row_col, row_len,
};
use trios::games::hexpaths::{
    CELLS, Cell, Cells, Difficulty, Nook, State, StateError, Step, Unsolved, draw_objective,
    legitimate_crannies, legitimate_game, legitimate_nooks, legitimate_step, minimal_path,
    new_game, objectives, replay, solve,
};

/// The brief's four-piece game.
const BRIEF: &str = "171178187194205215093D038D064E070C100D043D106A108F072A080A051D112F082B016C118D060D125B122D060106100064";
const BRIEF_CRANNIES: &str = "171178187194205215";
const BRIEF_NOOKS: &str =
    "093D038D064E070C100D043D106A108F072A080A051D112F082B016C118D060D125B122D";

/// The brief's board with other pieces.
fn brief_with(pieces: &str) -> String {
    format!("{BRIEF_CRANNIES}{BRIEF_NOOKS}{pieces}")
}

fn state(text: &str) -> State {
    text.parse().expect("a legal game")
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64)
}

// ---- The reference model, from the rules document alone ----

/// The bearing of a nook letter's middle wall: A 330, then clockwise.
fn letter_bearing(letter: char) -> u16 {
    match letter {
        'A' => 330,
        'B' => 30,
        'C' => 90,
        'D' => 150,
        'E' => 210,
        'F' => 270,
        _ => panic!("not a nook letter"),
    }
}

/// The neighbour of a cell at a bearing (30, 90, …, 330), if on the board.
fn toward(cell: Cell, bearing: u16) -> Option<Cell> {
    let d = dir_of_bearing(bearing).expect("a bearing");
    let n = NEIGHBOURS[cell as usize][d as usize];
    (n != NONE).then_some(n)
}

/// Every barrier as the ordered pairs of cells it separates.
fn reference_barriers(s: &State) -> HashSet<(Cell, Cell)> {
    reference_walls(s.crannies(), s.nooks())
}

/// The barriers of any crannies and nooks (legal or not).
fn reference_walls(crannies: &[Cell], nooks: &[Nook]) -> HashSet<(Cell, Cell)> {
    let mut walls = HashSet::new();
    for &p in crannies {
        let q = if p == 216 { 169 } else { p + 1 };
        walls.insert((p, q));
        walls.insert((q, p));
    }
    for nook in nooks {
        let c = letter_bearing(nook.letter_char());
        for b in [(c + 300) % 360, c, (c + 60) % 360] {
            let n = toward(nook.cell, b).expect("nooks are inside");
            walls.insert((nook.cell, n));
            walls.insert((n, nook.cell));
        }
    }
    walls
}

/// A slide walked cell by cell: on until off the board, a barrier or a piece.
fn reference_slide(
    walls: &HashSet<(Cell, Cell)>,
    from: Cell,
    bearing: u16,
    pieces: &[Cell],
) -> Option<Cell> {
    let mut at = from;
    while let Some(next) = toward(at, bearing) {
        if walls.contains(&(at, next)) || pieces.contains(&next) {
            break;
        }
        at = next;
    }
    (at != from).then_some(at)
}

const BEARINGS: [u16; 6] = [30, 90, 150, 210, 270, 330];

/// The fewest steps of one piece, the others still, by breadth-first search.
fn reference_single(
    walls: &HashSet<(Cell, Cell)>,
    start: Cell,
    goal: Cell,
    others: &[Cell],
) -> Option<usize> {
    let mut dist = HashMap::from([(start, 0usize)]);
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        if at == goal {
            return Some(dist[&at]);
        }
        for b in BEARINGS {
            if let Some(next) = reference_slide(walls, at, b, others)
                && !dist.contains_key(&next)
            {
                dist.insert(next, dist[&at] + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

/// The fewest steps of all pieces that bring `pieces[piece]` to `goal`, by breadth-first
/// search over every position of every piece (pieces kept in order), looking no deeper than
/// `depth`. `None` if nothing that short exists.
fn reference_move(
    walls: &HashSet<(Cell, Cell)>,
    pieces: &[Cell],
    piece: usize,
    goal: Cell,
    depth: usize,
) -> Option<usize> {
    let mut seen = HashSet::from([pieces.to_vec()]);
    let mut layer = vec![pieces.to_vec()];
    for d in 0..=depth {
        if layer.iter().any(|p| p[piece] == goal) {
            return Some(d);
        }
        let mut next = Vec::new();
        for pos in &layer {
            for i in 0..pos.len() {
                for b in BEARINGS {
                    if let Some(to) = reference_slide(walls, pos[i], b, pos) {
                        let mut p = pos.clone();
                        p[i] = to;
                        if seen.insert(p.clone()) {
                            next.push(p);
                        }
                    }
                }
            }
        }
        layer = next;
    }
    None
}

// ---- Numbering and directions ----

#[test]
fn rows_are_numbered_as_the_rules_list_them() {
    let row = |r: usize| -> Vec<Cell> {
        (0..row_len(r))
            .map(|c| cell_at_row_col(r, c).expect("a cell"))
            .collect()
    };
    assert_eq!(row(0), (169..=177).collect::<Vec<Cell>>());
    let mut second = vec![216];
    second.extend(127..=134);
    second.push(178);
    assert_eq!(row(1), second);
    let mut third = vec![215, 168];
    third.extend(91..=97);
    third.extend([135, 179]);
    assert_eq!(row(2), third);
    assert_eq!(
        row(8),
        [
            209, 162, 121, 86, 57, 34, 17, 6, 0, 3, 11, 25, 45, 71, 103, 141, 185
        ]
    );
    let lens: Vec<usize> = (0..17).map(row_len).collect();
    assert_eq!(
        lens,
        [
            9, 10, 11, 12, 13, 14, 15, 16, 17, 16, 15, 14, 13, 12, 11, 10, 9
        ]
    );
    assert_eq!(lens.iter().sum::<usize>(), CELLS);
}

#[test]
fn each_ring_runs_clockwise_from_its_north_west_corner() {
    for k in 1..=8u16 {
        let first = (1 + 3 * k * (k - 1)) as Cell;
        let cells: Vec<Cell> = (first..first + 6 * k as Cell).collect();
        assert!(cells.iter().all(|&c| u16::from(ring(c)) == k));
        // The corner is where the ring meets the row k above the middle, leftmost.
        let (row, _) = row_col(first);
        assert_eq!(row, 8 - k as usize);
        assert_eq!(
            toward(first, 270).map(ring),
            Some(k as u8 + 1).filter(|_| k < 8)
        );
        // East along the top first, then each cell next to the one before, all the way round.
        assert_eq!(toward(first, 90), Some(first + 1));
        for w in cells.windows(2) {
            assert!(
                NEIGHBOURS[w[0] as usize].contains(&w[1]),
                "{} {}",
                w[0],
                w[1]
            );
        }
        assert!(NEIGHBOURS[cells[cells.len() - 1] as usize].contains(&first));
    }
}

#[test]
fn directions_are_compass_bearings() {
    // Around the centre: 1 north-west, 2 north-east, 3 east, then clockwise.
    let around: Vec<Option<Cell>> = BEARINGS.iter().map(|&b| toward(0, b)).collect();
    assert_eq!(
        around,
        [Some(2), Some(3), Some(4), Some(5), Some(6), Some(1)]
    );
    // East along the middle row; south-east and south-west from the top row.
    assert_eq!(toward(3, 90), Some(11));
    assert_eq!(toward(6, 270), Some(17));
    assert_eq!(toward(169, 150), Some(127));
    assert_eq!(toward(169, 210), Some(216));
    assert_eq!(toward(169, 30), None);
    assert_eq!(toward(177, 90), None);
}

// ---- The brief's examples ----

#[test]
fn the_first_steps_from_60_reach_62_212_and_216() {
    // With the piece alone and with all four of the brief's pieces.
    for game in [brief_with("060"), BRIEF.to_string()] {
        let ends: Vec<u16> = (0..CELLS as u16)
            .filter(|&to| legitimate_step(&game, 60, to))
            .collect();
        assert_eq!(ends, [62, 212, 216], "{game}");
    }
    // Not the cells passed on the way west, nor across the nook's walls.
    for to in [89, 124, 165, 59, 61, 0] {
        assert!(!legitimate_step(BRIEF, 60, to));
    }
}

#[test]
fn the_briefs_paths_have_three_six_and_eight_steps() {
    let s = state(&brief_with("060"));
    let walls = reference_barriers(&s);
    for (start, goal, steps) in [(60, 125, 3), (60, 100, 6), (122, 108, 8)] {
        let game = brief_with(&format!("{start:03}"));
        let path = minimal_path(&game, start, goal).expect("a path");
        assert_eq!(path.len(), steps + 1, "{start} to {goal}: {path:?}");
        assert_eq!((path[0], path[steps]), (start, goal));
        // Every step a real slide, and none shorter by the reference.
        for w in path.windows(2) {
            let (a, b) = (w[0] as Cell, w[1] as Cell);
            assert!(
                BEARINGS
                    .iter()
                    .any(|&bear| reference_slide(&walls, a, bear, &[]) == Some(b)),
                "{a} to {b}"
            );
        }
        assert_eq!(
            reference_single(&walls, start as Cell, goal as Cell, &[]),
            Some(steps)
        );
    }
    // With the four pieces on the board 60 still reaches 125 in three.
    assert_eq!(minimal_path(BRIEF, 60, 125).map(|p| p.len()), Some(4));
}

#[test]
fn moving_the_piece_at_100_lets_64_reach_70_in_three() {
    let s = state(BRIEF);
    let board = s.board();
    let all = Cells::of(s.pieces());
    let ne = dir_of_bearing(30).expect("a direction");
    // Left alone, 64 going north-east runs on to the top edge, at 175, the cell the other
    // piece moves to (the brief's text says 176, which is not on that line).
    assert_eq!(board.slide(64, ne, &all), Some(175));
    // The brief's move: 100 to 175, then 64 stops at 132 and goes on to 70.
    let brief_move = [(100, 175), (64, 132), (132, 70)].map(|(from, to)| Step { from, to });
    let end = replay(&board, s.pieces(), &brief_move).expect("three real steps");
    assert_eq!(end, [60, 106, 175, 70]);
    // Three is the shortest, and the piece alone needs more.
    let best = solve(&board, s.pieces(), 3, 70, 1_000_000).expect("a move");
    assert!(best.proven);
    assert_eq!(best.len(), 3);
    let alone = best.single.expect("64 reaches 70 alone too");
    assert!(alone > 3);
    assert_eq!(
        reference_single(&reference_barriers(&s), 64, 70, &[60, 106, 100]),
        Some(alone)
    );
    assert_eq!(
        reference_move(&reference_barriers(&s), s.pieces(), 3, 70, 3),
        Some(3)
    );
    assert!(best.needs_others());
    assert_eq!(Difficulty::of(&best), Difficulty::NeedsAnother);
    let end = replay(&board, s.pieces(), &best.steps).expect("real steps");
    assert_eq!(end[3], 70);
}

// ---- Legal and illegal strings ----

#[test]
fn the_briefs_game_and_its_parts_are_legal() {
    assert!(legitimate_crannies(BRIEF_CRANNIES));
    assert!(legitimate_nooks(BRIEF_NOOKS));
    assert!(legitimate_game(BRIEF));
    for pieces in ["060", "060106", "060106100", "060106100064"] {
        assert!(legitimate_game(&brief_with(pieces)), "{pieces}");
    }
}

#[test]
fn illegal_crannies_are_refused() {
    for bad in [
        "",
        "17117818719420521",   // 17 characters
        "1711781871942052150", // 19
        "171178187194205+15",  // a sign
        "171178187194205 15",  // a space
        "171178187194205２15", // a non-ASCII digit
        "150178187194205215",  // not on the outer ring
        "169176187194205215",  // two on side 0, none on side 1
        "171178187194205208",  // two on side 4, none on side 5
        "171178187194205217",  // no cell 217
    ] {
        assert!(!legitimate_crannies(bad), "{bad:?}");
    }
    // Every single cell of each side works; the boundaries between sides are exact.
    for side in 0..6u16 {
        for k in 0..8 {
            let mut c: Vec<u16> = (0..6).map(|s| 169 + 8 * s).collect();
            c[side as usize] = 169 + 8 * side + k;
            let text: String = c.iter().map(|n| format!("{n:03}")).collect();
            assert!(legitimate_crannies(&text), "{text}");
        }
    }
}

#[test]
fn illegal_nooks_are_refused() {
    let with = |i: usize, nook: &str| -> String {
        let mut t = BRIEF_NOOKS.to_string();
        t.replace_range(4 * i..4 * i + 4, nook);
        t
    };
    assert!(!legitimate_nooks(&with(0, "093X")), "letter X");
    assert!(!legitimate_nooks(&with(0, "093d")), "lowercase letter");
    assert!(!legitimate_nooks(&with(0, "007D")), "a corner of ring 2");
    assert!(!legitimate_nooks(&with(0, "128D")), "ring 7");
    assert!(!legitimate_nooks(&with(0, "003D")), "ring 1");
    assert!(!legitimate_nooks(&with(0, "038A")), "two nooks on 38");
    assert!(
        !legitimate_nooks(&with(1, "092D")),
        "92 is next to the nook at 93"
    );
    assert!(!legitimate_nooks(&BRIEF_NOOKS[..68]), "seventeen nooks");
    assert!(!legitimate_nooks(&format!("{BRIEF_NOOKS}010A")), "nineteen");
    // Each nook letter A–F is fine where the brief has a nook.
    for l in ['A', 'B', 'C', 'D', 'E', 'F'] {
        assert!(legitimate_nooks(&with(0, &format!("093{l}"))), "{l}");
    }
}

#[test]
fn nooks_must_be_three_to_a_triangle_and_never_touch() {
    let s = state(BRIEF);
    let mut nooks = *s.nooks();
    let crannies = *s.crannies();
    // Move one nook to a free legal cell of another triangle that touches no nook.
    let taken: Vec<Cell> = nooks.iter().map(|n| n.cell).collect();
    let triangle_of = |c: Cell| trios::games::hexpaths::triangle(c).expect("a nook cell");
    let first_triangle = triangle_of(nooks[0].cell);
    let elsewhere = trios::games::hexpaths::TRIANGLES
        .iter()
        .flatten()
        .copied()
        .find(|&c| {
            triangle_of(c) != first_triangle
                && !taken.contains(&c)
                && !taken.iter().any(|&t| NEIGHBOURS[c as usize].contains(&t))
        })
        .expect("a free cell");
    nooks[0].cell = elsewhere;
    let err = State::new(crannies, nooks, vec![nooks[1].cell]).expect_err("four in a triangle");
    assert!(
        matches!(err, StateError::Triangle { count: 4, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("holds 4 nooks"), "{err}");
    // Two nooks side by side, three to each triangle still: some nook moved next to
    // another within its own triangle.
    let nooks = *s.nooks();
    let mut touching = 0;
    for (y, moved) in nooks.iter().enumerate() {
        let t = triangle_of(moved.cell);
        for &c in &trios::games::hexpaths::TRIANGLES[t as usize] {
            let next_to: Vec<Cell> = taken
                .iter()
                .copied()
                .filter(|&n| n != moved.cell && NEIGHBOURS[c as usize].contains(&n))
                .collect();
            if taken.contains(&c) || next_to.is_empty() {
                continue;
            }
            let mut changed = nooks;
            changed[y].cell = c;
            let err =
                State::new(crannies, changed, vec![changed[0].cell]).expect_err("touching nooks");
            assert!(matches!(err, StateError::NooksAdjacent { .. }), "{err}");
            assert!(err.to_string().contains("are neighbours"), "{err}");
            touching += 1;
        }
    }
    assert!(touching > 0);
}

#[test]
fn illegal_games_name_what_is_wrong() {
    let cases: [(String, &str); 12] = [
        (brief_with(""), "93, 96, 99 or 102"),
        (brief_with("060106100064072"), "93, 96, 99 or 102"),
        (brief_with("06"), "93, 96, 99 or 102"),
        (
            BRIEF.replacen("093D", "093X", 1),
            "nook 1 (`093X`): letter must be A–F",
        ),
        (BRIEF.replacen("038D", "0x8D", 1), "nook 2 (`0x8D`)"),
        (
            BRIEF.replacen("171", "160", 1),
            "cranny 1 at 160 is not on the outer ring",
        ),
        (brief_with("060200"), "piece 2 at 200 is not on a nook"),
        (
            brief_with("060999"),
            "piece 2 (`999`): there is no cell 999",
        ),
        (
            brief_with("060106060"),
            "piece 1 and piece 3 are both at 60",
        ),
        (brief_with("-60"), "character 91"),
        (format!(" {BRIEF}"), "character 1"),
        (brief_with("+60"), "character 91"),
    ];
    for (text, needle) in cases {
        let err = text.parse::<State>().expect_err("illegal");
        assert!(err.to_string().contains(needle), "{text}: {err}");
        assert!(!legitimate_game(&text));
    }
}

#[test]
fn a_game_whose_nooks_do_not_all_reach_each_other_is_illegal() {
    // Turn the brief's nooks every way until the reference finds one that some nook
    // cannot reach; the game must then be refused, and every other turn accepted.
    let s = state(BRIEF);
    let mut refused = 0;
    for turn in 0..60usize {
        let mut nooks = *s.nooks();
        for (i, n) in nooks.iter_mut().enumerate() {
            n.letter = ((turn * 5 + i * (turn % 7 + 1)) % 6) as u8;
        }
        let probe = State::new(*s.crannies(), nooks, vec![nooks[0].cell]);
        // The reference: every nook reaches every other by lone slides on the empty board.
        let walls = reference_walls(s.crannies(), &nooks);
        let connected = nooks.iter().all(|a| {
            nooks
                .iter()
                .all(|b| reference_single(&walls, a.cell, b.cell, &[]).is_some())
        });
        match probe {
            Ok(_) => assert!(connected, "turn {turn} accepted but not connected"),
            Err(e) => {
                assert!(!connected, "turn {turn} refused but connected: {e}");
                assert!(matches!(e, StateError::Unreachable { .. }), "{e}");
                assert!(e.to_string().contains("cannot get from"), "{e}");
                refused += 1;
            }
        }
    }
    assert!(refused > 0, "no turn of the nooks broke reachability");
}

#[test]
fn the_canonical_string_sorts_crannies_and_nooks_and_keeps_the_pieces() {
    let s = state(BRIEF);
    let mut crannies: Vec<&str> = (0..6).map(|i| &BRIEF_CRANNIES[3 * i..3 * i + 3]).collect();
    crannies.sort();
    let mut nooks: Vec<&str> = (0..18).map(|i| &BRIEF_NOOKS[4 * i..4 * i + 4]).collect();
    nooks.sort();
    let expected = format!("{}{}060106100064", crannies.concat(), nooks.concat());
    assert_eq!(s.to_string(), expected);
    assert_eq!(state(&expected), s);
    assert_eq!(state(&expected).to_string(), expected);
    // Crannies in another order read the same.
    let shuffled = BRIEF.replacen("171178", "178171", 1);
    assert_eq!(state(&shuffled).to_string(), expected);
}

// ---- The engine against the reference ----

/// Games of every piece count from seeds.
fn game_of(seed: u64) -> State {
    new_game(seed, (seed % 4) as usize + 1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn new_games_are_legal_and_fixed_by_their_seed(seed in any::<u64>(), pieces in 1usize..=4) {
        let s = new_game(seed, pieces);
        let text = s.to_string();
        prop_assert!(legitimate_game(&text), "{}", text);
        prop_assert_eq!(s.pieces().len(), pieces);
        prop_assert_eq!(text.len(), 90 + 3 * pieces);
        prop_assert_eq!(state(&text), s.clone());
        prop_assert_eq!(new_game(seed, pieces), s);
    }

    #[test]
    fn slides_match_the_reference(seed in any::<u64>()) {
        let s = game_of(seed);
        let walls = reference_barriers(&s);
        let board = s.board();
        let pieces = s.pieces();
        let occupied = Cells::of(pieces);
        for cell in 0..CELLS as Cell {
            for (d, &b) in BEARINGS.iter().enumerate() {
                let others: Vec<Cell> = pieces.iter().copied().filter(|&p| p != cell).collect();
                prop_assert_eq!(
                    board.slide(cell, d as u8, &occupied),
                    reference_slide(&walls, cell, b, &others),
                    "cell {} bearing {}", cell, b
                );
                let blocked = toward(cell, b).is_none_or(|n| walls.contains(&(cell, n)));
                prop_assert_eq!(board.blocked(cell, d as u8), blocked);
            }
        }
    }

    #[test]
    fn shortest_paths_match_the_reference(seed in any::<u64>(), pick in any::<u64>()) {
        let s = game_of(seed);
        let text = s.to_string();
        let walls = reference_barriers(&s);
        let pieces = s.pieces();
        let start = pieces[(pick % pieces.len() as u64) as usize];
        let goal = (pick / 7 % CELLS as u64) as Cell;
        let others: Vec<Cell> = pieces.iter().copied().filter(|&p| p != start).collect();
        let path = minimal_path(&text, u16::from(start), u16::from(goal));
        let expected = reference_single(&walls, start, goal, &others);
        prop_assert_eq!(path.as_ref().map(|p| p.len() - 1), expected);
        if let Some(path) = path {
            prop_assert_eq!(path[0], u16::from(start));
            prop_assert_eq!(*path.last().expect("cells"), u16::from(goal));
            for w in path.windows(2) {
                let ok = BEARINGS.iter().any(|&b| {
                    reference_slide(&walls, w[0] as Cell, b, &others) == Some(w[1] as Cell)
                });
                prop_assert!(ok, "{} to {}", w[0], w[1]);
            }
        }
    }

    #[test]
    fn every_nook_reaches_every_other_in_a_new_game(seed in any::<u64>()) {
        let s = new_game(seed, 1);
        let walls = reference_barriers(&s);
        for a in s.nooks() {
            for b in s.nooks() {
                prop_assert!(reference_single(&walls, a.cell, b.cell, &[]).is_some());
            }
        }
    }

    #[test]
    fn drawn_objectives_are_solvable_and_of_their_difficulty(
        seed in any::<u64>(),
        pieces in 1usize..=4,
        wanted in prop::sample::select(Difficulty::ALL.to_vec()),
    ) {
        let s = new_game(seed, pieces);
        let board = s.board();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        let drawn = draw_objective(&board, s.pieces(), Some(wanted), &mut rng);
        if pieces == 1 {
            prop_assert!(wanted != Difficulty::NeedsAnother || drawn.is_none());
        }
        if let Some(o) = drawn {
            prop_assert_eq!(o.difficulty, wanted);
            prop_assert!(board.is_nook(o.goal));
            prop_assert!(!s.pieces().contains(&o.goal));
            let end = replay(&board, s.pieces(), &o.solution.steps);
            prop_assert!(end.is_ok(), "{:?}", o.solution.steps);
            prop_assert_eq!(end.map(|e| e[o.piece]), Ok(o.goal));
            let len = o.solution.len();
            let alone = o.solution.single;
            match wanted {
                Difficulty::Easy => prop_assert!((1..=3).contains(&len) && alone == Some(len)),
                Difficulty::Medium => prop_assert!((4..=5).contains(&len) && alone == Some(len)),
                Difficulty::Hard => prop_assert!(len >= 6 && alone == Some(len)),
                Difficulty::NeedsAnother => prop_assert!(alone.is_none_or(|a| a > len)),
            }
        }
    }

    #[test]
    fn the_shortest_move_matches_the_reference(seed in any::<u64>(), pick in any::<u64>()) {
        // Two to four pieces; the objectives where other pieces help are the interesting
        // ones, so one of those is taken when there is one short enough for the reference.
        let s = new_game(seed, (seed % 3) as usize + 2);
        let board = s.board();
        let walls = reference_barriers(&s);
        let pieces = s.pieces();
        let depth_cap = if pieces.len() == 4 { 4 } else { 5 };
        let all = objectives(&board, pieces);
        let helped: Vec<_> = all
            .iter()
            .filter(|o| o.solution.needs_others() && o.solution.len() <= depth_cap)
            .collect();
        let short: Vec<_> = all.iter().filter(|o| o.solution.len() <= depth_cap).collect();
        for list in [helped, short] {
            if list.is_empty() {
                continue;
            }
            let o = list[(pick % list.len() as u64) as usize];
            let len = o.solution.len();
            prop_assert_eq!(
                reference_move(&walls, pieces, o.piece, o.goal, len),
                Some(len),
                "piece {} to {} in {}", pieces[o.piece], o.goal, s
            );
            let end = replay(&board, pieces, &o.solution.steps).expect("real steps");
            prop_assert_eq!(end[o.piece], o.goal);
            prop_assert_eq!(
                o.solution.single,
                reference_single(&walls, pieces[o.piece], o.goal,
                    &pieces.iter().copied().filter(|&p| p != pieces[o.piece]).collect::<Vec<_>>())
            );
        }
    }
}

#[test]
fn the_solver_refuses_nonsense_and_reports_no_move() {
    let s = state(BRIEF);
    let board = s.board();
    assert_eq!(
        solve(&board, s.pieces(), 4, 70, 1000),
        Err(Unsolved::NoSuchPiece(4))
    );
    assert_eq!(
        solve(&board, &[60, 60], 0, 70, 1000),
        Err(Unsolved::BadPieces)
    );
    assert_eq!(solve(&board, &[], 0, 70, 1000), Err(Unsolved::BadPieces));
    // No wall touches the centre, so a lone piece can never stop there.
    assert_eq!(board.walls(0), 0);
    assert_eq!(solve(&board, &[60], 0, 0, 1000), Err(Unsolved::NoMove));
    // With a second piece to stop against, it can.
    let helped = solve(&board, &[60, 64], 0, 0, 100_000).expect("a move");
    let end = replay(&board, &[60, 64], &helped.steps).expect("real steps");
    assert_eq!(end[0], 0);
    assert_eq!(helped.single, None);
    // A tiny budget still answers with the piece's own path, marked unproven.
    let capped = solve(&board, s.pieces(), 3, 70, 1).expect("the lone path");
    assert!(!capped.proven);
    assert_eq!(Some(capped.len()), capped.single);
}

#[test]
fn nooks_have_three_walls_and_stop_a_piece_entering() {
    let s = state(BRIEF);
    let board = s.board();
    for nook in s.nooks() {
        assert_eq!(board.walls(nook.cell).count_ones(), 3);
        assert_eq!(board.walls(nook.cell), nook.walls());
        // Every slide that passes into the nook ends there.
        for from in 0..CELLS as Cell {
            for d in 0..6 {
                let through = trios::games::hexpaths::geometry::RAYS[from as usize][d as usize]
                    .iter()
                    .take_while(|&&c| c != NONE)
                    .position(|&c| c == nook.cell);
                if let (Some(_), Some(end)) = (through, board.slide_empty(from, d)) {
                    let passes = trios::games::hexpaths::geometry::RAYS[from as usize][d as usize]
                        .iter()
                        .take_while(|&&c| c != end)
                        .any(|&c| c == nook.cell);
                    assert!(
                        !passes,
                        "a slide from {from} passes through the nook at {}",
                        nook.cell
                    );
                }
            }
        }
    }
}
