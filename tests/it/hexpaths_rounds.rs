//! Hex paths rounds: objectives drawn by difficulty and always solvable, announcements that
//! must go down, demonstrations in order of the announcements, the scores, the pieces left
//! where the winning move (or the optimal one) put them, and computer rivals' plans.

use std::time::Duration;

use trios::games::hexpaths::round::{Demonstration, Game, LEVELS, Rival, Settings};
use trios::games::hexpaths::{Difficulty, Step, replay};

fn names(n: usize) -> Vec<String> {
    ["ann", "bob", "cy", "di"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

#[test]
fn every_round_draws_a_solvable_objective_of_its_difficulty_and_the_game_ends() {
    for seed in 0..6 {
        let mut game = Game::new(seed, Settings::default(), names(1));
        while !game.is_over() {
            let number = game.played() + 1;
            let wanted = game.difficulty_of(number);
            let round = game.start_round().expect("a round").clone();
            assert_eq!(round.number, number);
            let o = &round.objective;
            assert_ne!(round.piece_cell(), o.goal, "the goal is another nook");
            assert!(game.board().is_nook(o.goal));
            assert!(!round.pieces.contains(&o.goal), "the goal nook is free");
            // The optimal move really is a move that brings the piece there.
            let end = replay(game.board(), &round.pieces, &o.solution.steps).expect("a move");
            assert_eq!(end[o.piece], o.goal);
            assert!(o.solution.proven);
            // A needs-another objective really is shorter with help.
            if o.difficulty == wanted && wanted == Difficulty::NeedsAnother {
                assert!(o.solution.single.is_none_or(|s| s > o.solution.len()));
            }
            game.finish(None);
            // Nobody won: the pieces stand where the optimal move left them.
            assert_eq!(game.pieces(), end.as_slice());
        }
        assert_eq!(game.played(), 10);
        assert!(game.start_round().is_none());
    }
}

#[test]
fn difficulty_rises_through_the_game_and_every_third_round_needs_another_piece() {
    let game = Game::new(1, Settings::default(), names(1));
    let plan: Vec<Difficulty> = (1..=10).map(|n| game.difficulty_of(n)).collect();
    use Difficulty::*;
    assert_eq!(
        plan,
        [
            Easy,
            Easy,
            NeedsAnother,
            Easy,
            Medium,
            NeedsAnother,
            Medium,
            Hard,
            NeedsAnother,
            Hard
        ]
    );
    // One piece cannot need another.
    let alone = Game::new(
        1,
        Settings {
            pieces: 1,
            ..Settings::default()
        },
        names(1),
    );
    assert!((1..=10).all(|n| alone.difficulty_of(n) != NeedsAnother));
}

#[test]
fn most_drawn_objectives_have_the_difficulty_asked_for() {
    let mut asked = 0;
    let mut got = 0;
    for seed in 0..10 {
        let mut game = Game::new(seed, Settings::default(), names(1));
        while let Some(round) = game.start_round().cloned() {
            asked += 1;
            if round.objective.difficulty == game.difficulty_of(round.number) {
                got += 1;
            }
            game.finish(None);
        }
    }
    assert!(
        got * 10 >= asked * 9,
        "{got} of {asked} rounds at their difficulty"
    );
}

#[test]
fn announcements_must_go_down_and_the_lowest_demonstrates_first() {
    let mut game = Game::new(3, Settings::default(), names(3));
    game.start_round().expect("a round");
    assert!(
        game.announce(0, 0, secs(1)).is_err(),
        "no move has no steps"
    );
    game.announce(0, 7, secs(2)).expect("ann says 7");
    game.announce(1, 5, secs(3)).expect("bob says 5");
    let again = game.announce(0, 7, secs(4));
    assert!(again.is_err_and(|e| e.to_string().contains("lower")));
    game.announce(0, 5, secs(5)).expect("ann lowers to 5");
    game.announce(2, 9, secs(6)).expect("cy says 9");
    assert!(game.announce(2, 4, secs(61)).is_err(), "the time is up");
    assert!(game.announce(5, 4, secs(7)).is_err(), "no such player");
    let order: Vec<(usize, usize)> = game
        .round()
        .expect("the round")
        .order()
        .iter()
        .map(|a| (a.player, a.steps))
        .collect();
    // Bob said 5 before ann did.
    assert_eq!(order, [(1, 5), (0, 5), (2, 9)]);
}

#[test]
fn a_failed_demonstration_costs_a_point_and_the_winner_moves_the_pieces() {
    let mut game = Game::new(4, Settings::default(), names(2));
    let round = game.start_round().expect("a round").clone();
    let optimal = round.objective.solution.steps.clone();
    let n = optimal.len();
    game.announce(0, n, secs(5)).expect("ann");
    game.announce(1, n + 2, secs(6)).expect("bob");
    // Ann demonstrates a move that stops short of the goal: a point lost.
    let short = &optimal[..n - 1];
    let failed = game.demonstrate(0, short, secs(60)).expect("a verdict");
    assert!(matches!(failed, Demonstration::Fails { .. }), "{failed:?}");
    assert_eq!(game.players()[0].score, -1);
    // A step that is not one is named.
    let bogus = [Step {
        from: round.piece_cell(),
        to: round.piece_cell(),
    }];
    match game.demonstrate(0, &bogus, secs(60)).expect("a verdict") {
        Demonstration::Fails { why } => assert!(why.contains("step 1"), "{why}"),
        other => panic!("{other:?}"),
    }
    // Bob shows the optimal move: 3 points (two players: no speed bonus).
    let won = game.demonstrate(1, &optimal, secs(60)).expect("a verdict");
    assert_eq!(
        won,
        Demonstration::Wins {
            steps: n,
            points: 3
        }
    );
    let end = replay(game.board(), &round.pieces, &optimal).expect("the move");
    game.finish(Some((1, optimal.clone())));
    assert_eq!(game.pieces(), end.as_slice());
    assert_eq!(game.players()[1].optimal, 1);
    assert_eq!(game.standings()[0].name, "bob");
    assert_eq!(game.outcomes().len(), 1);
}

#[test]
fn a_move_longer_than_announced_fails_and_a_lone_quick_player_earns_a_bonus() {
    let mut game = Game::new(5, Settings::default(), names(1));
    let round = game.start_round().expect("a round").clone();
    let optimal = round.objective.solution.steps.clone();
    let n = optimal.len();
    if n > 1 {
        game.announce(0, n - 1, secs(3)).expect("too bold");
        let over = game.demonstrate(0, &optimal, secs(10)).expect("a verdict");
        assert!(matches!(over, Demonstration::Fails { why } if why.contains("announced")));
    }
    // Alone, in the first half of the time, with no announcement: 3 + 1.
    let mut game = Game::new(5, Settings::default(), names(1));
    game.start_round().expect("a round");
    let won = game.demonstrate(0, &optimal, secs(10)).expect("a verdict");
    assert_eq!(
        won,
        Demonstration::Wins {
            steps: n,
            points: 4
        }
    );
}

#[test]
fn rivals_announce_real_moves_and_stronger_ones_sooner_and_shorter() {
    let mut totals = Vec::new();
    for (level, _) in LEVELS {
        let mut time = Duration::ZERO;
        let mut steps = 0;
        let mut plans = 0;
        for seed in 0..8 {
            let mut game = Game::new(seed, Settings::default(), names(1));
            let mut rival = Rival::new(level, seed).expect("a level");
            while let Some(round) = game.start_round().cloned() {
                if let Some(plan) = rival.plan(&game, &round) {
                    let end = replay(game.board(), &round.pieces, &plan.steps).expect("real");
                    assert_eq!(end[round.objective.piece], round.objective.goal);
                    assert!(plan.steps.len() >= round.optimal());
                    assert!(plan.at < game.settings().round_time);
                    time += plan.at;
                    steps += plan.steps.len() - round.optimal();
                    plans += 1;
                }
                game.finish(None);
            }
        }
        totals.push((level, time / plans.max(1), steps, plans));
    }
    assert!(
        totals[0].1 < totals[1].1 && totals[1].1 < totals[2].1,
        "{totals:?}"
    );
    assert_eq!(totals[0].2, 0, "hard always finds the optimal move");
    assert!(totals[2].2 >= totals[0].2, "{totals:?}");
    assert!(Rival::new("godlike", 1).is_err());
}
