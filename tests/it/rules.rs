//! The rules of Three Trios through the public API: battles, combos, variants, turns, end.

use crate::common;

use common::*;
use trios::games::three_trios::{
    BattleStep, Cell, Deal, Direction, Game, Move, MoveError, Outcome, Player, Rule, RuleSet,
    SetupError, text,
};

fn rules(s: &str) -> RuleSet {
    s.parse().expect("valid rules")
}

/// A 3x3 open board with `placed` cards on it, Red to move holding `red_hand`.
fn position3(
    rules_: &str,
    placed: Vec<(
        trios::games::three_trios::Pos,
        trios::games::three_trios::Card,
        Player,
    )>,
    red_hand: Vec<trios::games::three_trios::Card>,
) -> Game {
    let empty = 9 - placed.len();
    let mut red = red_hand;
    red.extend(fillers(
        "RedFill",
        empty.div_ceil(2).saturating_sub(red.len()),
    ));
    let blue = fillers("BlueFill", empty / 2);
    Game::from_position(
        grid(&["CCC", "CCC", "CCC"]),
        rules(rules_),
        placed,
        red,
        blue,
        RED,
    )
    .expect("valid position")
}

fn owners(game: &Game) -> String {
    let g = game.grid();
    let mut s = String::new();
    for r in 0..g.rows() {
        for c in 0..g.cols() {
            s.push(match game.cell(at(r, c)) {
                Cell::Hole => ' ',
                Cell::Empty => '_',
                Cell::Card { owner, .. } => owner.letter(),
            });
        }
        s.push('/');
    }
    s
}

/// (wave, attacker, defender, rule, flipped) for each step.
type StepSummary = (usize, (usize, usize), (usize, usize), Rule, bool);

fn step_summary(steps: &[BattleStep]) -> Vec<StepSummary> {
    steps
        .iter()
        .map(|s| {
            (
                s.wave,
                (s.attacker.row, s.attacker.col),
                (s.defender.row, s.defender.col),
                s.rule,
                s.flipped,
            )
        })
        .collect()
}

#[test]
fn placed_card_flips_weaker_opponent_and_ignores_own_cards() {
    // The brief's first example: Red's east 9 beats Blue's west 3; the Red card west is ignored.
    let mut game = position3(
        "",
        vec![
            (at(1, 0), card("Ally", "1 1 1 1"), RED),
            (at(1, 2), card("Foe", "9 9 9 3"), BLUE),
        ],
        vec![card("Hero", "1 1 9 1")],
    );
    let outcome = game.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(owners(&game), "___/RRR/___/");
    assert_eq!(outcome.steps.len(), 1);
    let s = outcome.steps[0];
    assert_eq!(
        (s.direction, s.attack.get(), s.defense.get()),
        (Direction::East, 9, 3)
    );
    assert!(s.flipped);
    assert_eq!(outcome.flip_count(), 1);
    assert_eq!(game.turn(), BLUE);
}

#[test]
fn equal_values_do_not_flip_and_battle_goes_on() {
    // The brief's combo example: east is a tie (no flip), west flips, then the west card
    // flips the card north of it in the combo.
    let mut game = position3(
        "",
        vec![
            (at(0, 0), card("North", "5 2 5 5"), BLUE),
            (at(1, 0), card("West", "6 1 1 1"), BLUE),
            (at(1, 2), card("East", "9 9 9 4"), BLUE),
        ],
        vec![card("Hero", "1 1 4 7")],
    );
    let outcome = game.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(owners(&game), "R__/RRB/___/");
    assert_eq!(
        step_summary(&outcome.steps),
        vec![
            (0, (1, 1), (1, 2), Rule::Battle, false),
            (0, (1, 1), (1, 0), Rule::Battle, true),
            (1, (1, 0), (0, 0), Rule::Battle, true),
        ]
    );
}

#[test]
fn combo_stops_when_flipped_card_loses() {
    // The brief's third example: the flipped top-left card loses to a stronger top-middle card.
    let mut game = position3(
        "",
        vec![
            (at(0, 0), card("TopLeft", "1 3 2 1"), BLUE),
            (at(0, 1), card("Strong", "9 9 9 9"), BLUE),
        ],
        vec![card("Hero", "5 1 1 1")],
    );
    let outcome = game.play(Move::new(0, 1, 0)).unwrap();
    assert_eq!(owners(&game), "RB_/R__/___/");
    assert_eq!(
        step_summary(&outcome.steps),
        vec![
            (0, (1, 0), (0, 0), Rule::Battle, true),
            (1, (0, 0), (0, 1), Rule::Battle, false),
        ]
    );
}

#[test]
fn combo_runs_in_waves_several_deep() {
    // A chain along a 1x6 row: each flipped card beats the next one east.
    let g = grid(&["CCCCCC"]);
    let placed = vec![
        (at(0, 1), card("B1", "1 1 8 2"), BLUE),
        (at(0, 2), card("B2", "1 1 8 7"), BLUE),
        (at(0, 3), card("B3", "1 1 8 7"), BLUE),
        (at(0, 4), card("B4", "1 1 1 7"), BLUE),
    ];
    let mut game = Game::from_position(
        g,
        RuleSet::default(),
        placed,
        vec![card("Hero", "1 1 3 1")],
        vec![card("Spare", "1 1 1 1")],
        RED,
    )
    .unwrap();
    let outcome = game.play(Move::new(0, 0, 0)).unwrap();
    assert_eq!(owners(&game), "RRRRR_/");
    let waves: Vec<usize> = outcome.steps.iter().map(|s| s.wave).collect();
    assert_eq!(waves, vec![0, 1, 2, 3]);
    assert!(outcome.steps.iter().all(|s| s.flipped));
    assert_eq!(outcome.flip_count(), 4);
}

#[test]
fn wave_order_is_flip_order_then_north_south_east_west() {
    // Placed at the centre, the card flips north and south in wave 0; in wave 1 the north card
    // battles first (it flipped first), each trying its neighbours N, S, E, W.
    let mut game = position3(
        "",
        vec![
            (at(0, 1), card("N", "1 1 9 9"), BLUE),
            (at(2, 1), card("S", "1 1 9 9"), BLUE),
            (at(0, 0), card("NW", "1 1 1 1"), BLUE),
            (at(0, 2), card("NE", "1 1 1 1"), BLUE),
            (at(2, 0), card("SW", "1 1 1 1"), BLUE),
        ],
        vec![card("Hero", "9 9 1 1")],
    );
    let outcome = game.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(
        step_summary(&outcome.steps),
        vec![
            (0, (1, 1), (0, 1), Rule::Battle, true),
            (0, (1, 1), (2, 1), Rule::Battle, true),
            (1, (0, 1), (0, 2), Rule::Battle, true),
            (1, (0, 1), (0, 0), Rule::Battle, true),
            (1, (2, 1), (2, 0), Rule::Battle, true),
        ]
    );
}

#[test]
fn holes_interrupt_adjacency() {
    let g = grid(&["CXC", "CCC"]);
    let mut game = Game::from_position(
        g,
        RuleSet::default(),
        vec![(at(0, 2), card("AcrossHole", "1 1 1 1"), BLUE)],
        vec![card("Hero", "9 9 9 9"), card("R2", "1 1 1 1")],
        vec![card("B2", "1 1 1 1"), card("B3", "1 1 1 1")],
        RED,
    )
    .unwrap();
    let outcome = game.play(Move::new(0, 0, 0)).unwrap();
    assert!(outcome.steps.is_empty());
    assert_eq!(game.owner(at(0, 2)), Some(BLUE));
    assert_eq!(
        game.play(Move::new(0, 0, 1)),
        Err(MoveError::Hole(at(0, 1)))
    );
}

#[test]
fn reverse_flips_lower_values() {
    let placed = vec![
        (at(1, 0), card("High", "1 1 9 1")),
        (at(1, 2), card("Low", "1 1 1 2")),
    ];
    let hero = || card("Hero", "5 5 5 5");
    let mut normal = position3(
        "",
        placed.iter().cloned().map(|(p, c)| (p, c, BLUE)).collect(),
        vec![hero()],
    );
    normal.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(owners(&normal), "___/BRR/___/");
    let mut reverse = position3(
        "reverse",
        placed.into_iter().map(|(p, c)| (p, c, BLUE)).collect(),
        vec![hero()],
    );
    reverse.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(owners(&reverse), "___/RRB/___/");
}

#[test]
fn fallen_ace_lets_one_beat_ace_in_combo_too() {
    // Wave 0: the placed 1 beats the ace to the east (fallen ace); wave 1: that card's east
    // side 1 beats the next ace.
    let g = grid(&["CCCC"]);
    let make = |r: &str| {
        Game::from_position(
            g.clone(),
            rules(r),
            vec![
                (at(0, 1), card("AceWest", "5 5 1 A"), BLUE),
                (at(0, 2), card("AceAgain", "5 5 5 A"), BLUE),
            ],
            vec![card("One", "5 5 1 5")],
            vec![card("Spare", "5 5 5 5")],
            RED,
        )
        .unwrap()
    };
    let mut plain = make("");
    assert_eq!(plain.play(Move::new(0, 0, 0)).unwrap().flip_count(), 0);
    let mut fallen = make("fallen-ace");
    assert_eq!(fallen.play(Move::new(0, 0, 0)).unwrap().flip_count(), 2);
    assert_eq!(owners(&fallen), "RRR_/");
    // Reverse with fallen ace: 1 no longer beats A.
    let mut both = make("reverse,fallen-ace");
    assert_eq!(both.play(Move::new(0, 0, 0)).unwrap().flip_count(), 0);
}

#[test]
fn same_needs_two_matches_and_counts_own_cards() {
    let placed = |west_owner| {
        vec![
            (at(1, 0), card("W", "1 1 4 1"), west_owner),
            (at(0, 1), card("N", "1 6 1 1"), BLUE),
        ]
    };
    // Hero west 4 = W's east 4, hero north 6 = N's south 6; both comparisons are ties.
    let hero = || card("Hero", "6 1 1 4");
    let mut same = position3("same", placed(RED), vec![hero()]);
    let outcome = same.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(owners(&same), "_R_/RR_/___/");
    assert_eq!(
        step_summary(&outcome.steps),
        vec![(0, (1, 1), (0, 1), Rule::Same, true)]
    );

    let mut without = position3("", placed(RED), vec![hero()]);
    assert_eq!(without.play(Move::new(0, 1, 1)).unwrap().flip_count(), 0);

    // Only one match: nothing.
    let mut one = position3(
        "same",
        vec![(at(0, 1), card("N", "1 6 1 1"), BLUE)],
        vec![hero()],
    );
    assert_eq!(one.play(Move::new(0, 1, 1)).unwrap().flip_count(), 0);
}

#[test]
fn plus_flips_shared_sums_and_then_combos() {
    // North: 3 + 7 = 10, West: 6 + 4 = 10 -> both flip (two Blue cards). The flipped north card
    // then combos east with its own comparison.
    let mut game = position3(
        "plus",
        vec![
            (at(0, 1), card("N", "1 7 9 1"), BLUE),
            (at(1, 0), card("W", "1 1 4 1"), BLUE),
            (at(0, 2), card("NE", "1 1 1 2"), BLUE),
        ],
        vec![card("Hero", "3 1 1 6")],
    );
    let outcome = game.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(owners(&game), "_RR/RR_/___/");
    assert_eq!(
        step_summary(&outcome.steps),
        vec![
            (0, (1, 1), (0, 1), Rule::Plus, true),
            (0, (1, 1), (1, 0), Rule::Plus, true),
            (1, (0, 1), (0, 2), Rule::Battle, true),
        ]
    );
}

#[test]
fn same_and_plus_use_raw_values_under_reverse() {
    let mut game = position3(
        "same,plus,reverse",
        vec![
            (at(0, 1), card("N", "1 6 1 1"), BLUE),
            (at(1, 2), card("E", "1 1 1 2"), BLUE),
            (at(1, 0), card("W", "1 1 4 1"), BLUE),
        ],
        vec![card("Hero", "6 1 8 4")],
    );
    // Same: N (6=6) and W (4=4). Plus: N 12, W 8, E 10 -> none shared. Reverse battle then
    // sees only E: 8 vs 2 is not lower, so E stays.
    let outcome = game.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(owners(&game), "_R_/RRB/___/");
    let rules_used: Vec<Rule> = outcome.steps.iter().map(|s| s.rule).collect();
    assert_eq!(rules_used, vec![Rule::Same, Rule::Same, Rule::Battle]);
}

#[test]
fn same_and_plus_together_flip_each_card_once() {
    // N and W match by Same (5=5, 5=5) and also share the sum 10 for Plus.
    let mut game = position3(
        "same,plus",
        vec![
            (at(0, 1), card("N", "1 5 1 1"), BLUE),
            (at(1, 0), card("W", "1 1 5 1"), BLUE),
        ],
        vec![card("Hero", "5 1 1 5")],
    );
    let outcome = game.play(Move::new(0, 1, 1)).unwrap();
    assert_eq!(outcome.flip_count(), 2);
    let rules_used: Vec<Rule> = outcome.steps.iter().map(|s| s.rule).collect();
    assert_eq!(rules_used, vec![Rule::Same, Rule::Same]);
}

#[test]
fn illegal_moves_are_refused_with_reason_and_change_nothing() {
    let mut game = position3("", vec![(at(0, 0), card("Taken", "1 1 1 1"), BLUE)], vec![]);
    let before = text::render(&game);
    assert_eq!(
        game.play(Move::new(0, 0, 0)),
        Err(MoveError::Occupied(at(0, 0)))
    );
    assert!(matches!(
        game.play(Move::new(9, 1, 1)),
        Err(MoveError::NoSuchCard { index: 9, .. })
    ));
    assert!(matches!(
        game.play(Move::new(0, 3, 0)),
        Err(MoveError::OffGrid { .. })
    ));
    assert_eq!(
        game.flips_if(Move::new(0, 0, 0)),
        Err(MoveError::Occupied(at(0, 0)))
    );
    assert_eq!(text::render(&game), before);
    assert_eq!(game.turn(), RED);
    let msg = MoveError::NoSuchCard {
        player: RED,
        index: 9,
        hand_len: 4,
    }
    .to_string();
    assert_eq!(msg, "RED has no card 9: the hand holds cards 0 to 3");
}

#[test]
fn hand_keeps_order_after_a_card_is_played() {
    let deck: Vec<_> = (0..10).map(|i| card(&format!("C{i}"), "5 5 5 5")).collect();
    let mut game = Game::new(
        grid(&["CCC", "CCC", "CCC"]),
        deck,
        RuleSet::default(),
        Deal::InOrder,
    )
    .unwrap();
    let names = |g: &Game, p| g.hand(p).map(|c| c.name().to_string()).collect::<Vec<_>>();
    assert_eq!(names(&game, RED), ["C0", "C1", "C2", "C3", "C4"]);
    assert_eq!(names(&game, BLUE), ["C5", "C6", "C7", "C8", "C9"]);
    game.play(Move::new(2, 0, 0)).unwrap();
    assert_eq!(names(&game, RED), ["C0", "C1", "C3", "C4"]);
}

#[test]
fn game_ends_when_grid_is_full_and_counts_hands() {
    // 3 cells: each player gets 2; Red places 2, Blue 1 and keeps 1.
    let g = grid(&["CCC"]);
    let red = vec![card("R0", "1 1 1 1"), card("R1", "1 1 1 1")];
    let blue = vec![card("B0", "9 9 9 9"), card("B1", "1 1 1 1")];
    let mut game = Game::with_hands(g, red, blue, RuleSet::default()).unwrap();
    game.play(Move::new(0, 0, 0)).unwrap();
    game.play(Move::new(0, 0, 1)).unwrap(); // Blue's 9 flips Red's card
    assert_eq!(game.outcome(), None);
    game.play(Move::new(0, 0, 2)).unwrap();
    assert!(game.is_over());
    assert_eq!(
        game.turn(),
        RED,
        "after the end the view shows the last mover"
    );
    assert_eq!((game.score(RED), game.score(BLUE)), (1, 3));
    assert_eq!(game.outcome(), Some(Outcome::Win(BLUE)));
    assert_eq!(game.play(Move::new(0, 0, 0)), Err(MoveError::GameOver));
    assert_eq!(game.legal_moves().count(), 0);
}

#[test]
fn tie_when_scores_are_equal() {
    let g = grid(&["CC"]);
    let ones = |p: &str| vec![card(&format!("{p}0"), "1 1 1 1")];
    let mut game = Game::with_hands(g, ones("R"), ones("B"), RuleSet::default()).unwrap();
    game.play(Move::new(0, 0, 0)).unwrap();
    game.play(Move::new(0, 0, 1)).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Tie));
}

#[test]
fn disconnected_board_plays_to_the_end() {
    let g = grid(&["CCXC", "XXXC", "CXXX"]);
    let deck: Vec<_> = (0..6).map(|i| card(&format!("C{i}"), "3 4 5 6")).collect();
    let mut game = Game::new(g, deck, RuleSet::default(), Deal::Shuffle { seed: 3 }).unwrap();
    let mut moves = 0;
    loop {
        let Some(mv) = game.legal_moves().next() else {
            break;
        };
        game.play(mv).unwrap();
        moves += 1;
    }
    assert_eq!(moves, 5);
    assert_eq!(game.score(RED) + game.score(BLUE), 6);
}

#[test]
fn dealing_needs_n_plus_one_cards() {
    let deck: Vec<_> = (0..9).map(|i| card(&format!("C{i}"), "1 1 1 1")).collect();
    let err = Game::new(
        grid(&["CCC", "CCC", "CCC"]),
        deck,
        RuleSet::default(),
        Deal::InOrder,
    )
    .unwrap_err();
    assert_eq!(
        err,
        SetupError::TooFewCards {
            cells: 9,
            needed: 10,
            have: 9
        }
    );
}

#[test]
fn legal_moves_run_top_to_bottom_left_to_right_then_hand() {
    let game = position3("", vec![(at(0, 0), card("X", "1 1 1 1"), BLUE)], vec![]);
    let first: Vec<Move> = game.legal_moves().take(5).collect();
    assert_eq!(
        first,
        vec![
            Move::new(0, 0, 1),
            Move::new(1, 0, 1),
            Move::new(2, 0, 1),
            Move::new(3, 0, 1),
            Move::new(0, 0, 2)
        ]
    );
}

#[test]
fn textual_view_matches_the_brief_exactly() {
    // The board behind the brief's picture (its rows 2-5 differ from the 5x7 example file).
    let g = grid(&["CCXXXXC", "CCXXXXC", "CXCXXXC", "CXXXCXC", "CXXXXCC"]);
    let placed = vec![
        (at(0, 0), card("P1", "1 1 1 1"), BLUE),
        (at(0, 1), card("P2", "1 1 1 1"), BLUE),
        (at(1, 1), card("P3", "1 1 1 1"), BLUE),
        (at(2, 2), card("P4", "1 1 1 1"), RED),
        (at(4, 6), card("P5", "1 1 1 1"), RED),
    ];
    let blue = vec![
        card("CorruptKing", "7 3 9 A"),
        card("AngryDragon", "2 8 9 9"),
        card("WindBird", "7 2 5 3"),
        card("HeroKnight", "A 2 4 4"),
        card("WorldDragon", "8 3 5 7"),
        card("SkyWhale", "4 5 9 9"),
    ];
    let red = fillers("R", 5);
    let game = Game::from_position(g, RuleSet::default(), placed, red, blue, BLUE).unwrap();
    let expected = "Player: BLUE\n\
BB    _\n\
_B    _\n\
_ R   _\n\
_   _ _\n\
_    _R\n\
Hand:\n\
CorruptKing 7 3 9 A\n\
AngryDragon 2 8 9 9\n\
WindBird 7 2 5 3\n\
HeroKnight A 2 4 4\n\
WorldDragon 8 3 5 7\n\
SkyWhale 4 5 9 9\n";
    assert_eq!(text::render(&game), expected);
}
