//! The contract every two-player game keeps, written once against `TwoPlayer` and run for
//! Three Trios, Reversi and Islands with a few option sets each: the same options and seed
//! give the same game, a refused move changes nothing, there is no legal move exactly when the
//! game is over (and a due pass is the only move), a record round-trips and replays to the
//! same position, and score and verdict agree. Each property returns the first breach it
//! finds, so the tests at the end can show it catches a game that breaks it.

use proptest::prelude::*;
use trios::controller::Seat;
use trios::controller::duel::{DuelConfig, Turn};
use trios::games::three_trios::{DealMode, RuleSet, SourceFile};
use trios::games::{
    OptionsError, Side, Strategy as GameStrategy, TwoPlayer, UnknownStrategy, Verdict, islands,
    reversi,
};
use trios::record::duel::DuelRecord;

/// The plies a playout may take: more than any game below lasts (Reversi's 60 and passes).
const MAX_PLIES: usize = 200;

/// A game under test: its options, and its pass move if it has one.
struct Subject<G: TwoPlayer> {
    options: G::Options,
    pass: Option<G::Move>,
}

/// All the contract sees of a position.
type Print<G> = (
    Side,
    Vec<<G as TwoPlayer>::Move>,
    [usize; 2],
    bool,
    Option<Verdict>,
);

fn print<G: TwoPlayer>(game: &G) -> Print<G> {
    (
        game.to_move(),
        game.legal_moves(),
        game.score(),
        game.is_over(),
        game.verdict(),
    )
}

/// A game played from its start, move `i` being legal move `picks[i % len]`, to the end.
struct Playout<G: TwoPlayer> {
    /// The position before each move, then the final one.
    positions: Vec<G>,
    turns: Vec<Turn<G>>,
}

fn playout<G: TwoPlayer>(
    options: &G::Options,
    seed: u64,
    picks: &[usize],
) -> Result<Playout<G>, String> {
    let mut game = G::start(options, seed).map_err(|e| e.to_string())?;
    let mut positions = vec![game.clone()];
    let mut turns = Vec::new();
    for ply in 0..MAX_PLIES {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[picks[ply % picks.len().max(1)] % moves.len()];
        let side = game.to_move();
        let played = game
            .play(mv)
            .map_err(|e| format!("ply {ply}: legal move {mv} refused: {e}"))?;
        turns.push(Turn {
            side,
            mv,
            played,
            clock: None,
        });
        positions.push(game.clone());
    }
    Ok(Playout { positions, turns })
}

/// The same options, seed and moves give the same positions and the same happenings.
fn same_start<G: TwoPlayer>(
    subject: &Subject<G>,
    seed: u64,
    picks: &[usize],
) -> Result<(), String> {
    let a = playout::<G>(&subject.options, seed, picks)?;
    let b = playout::<G>(&subject.options, seed, picks)?;
    if a.positions.len() != b.positions.len() {
        return Err("two playouts of the same moves differ in length".into());
    }
    for (n, (x, y)) in a.positions.iter().zip(&b.positions).enumerate() {
        if print(x) != print(y) {
            return Err(format!("position {n} differs between two equal playouts"));
        }
    }
    for (n, (x, y)) in a.turns.iter().zip(&b.turns).enumerate() {
        if format!("{:?}", x.played) != format!("{:?}", y.played) {
            return Err(format!(
                "move {} did different things in two playouts",
                n + 1
            ));
        }
    }
    Ok(())
}

/// Moves already played (never legal again in these games) and every move once the game
/// is over are refused, and leave the position as it was.
fn refusals_change_nothing<G: TwoPlayer>(
    subject: &Subject<G>,
    seed: u64,
    picks: &[usize],
) -> Result<(), String> {
    let run = playout::<G>(&subject.options, seed, picks)?;
    for (n, position) in run.positions.iter().enumerate() {
        let legal = position.legal_moves();
        let tried = run.turns[..n].iter().rev().take(4).map(|t| t.mv);
        let tried: Vec<G::Move> = if position.is_over() {
            run.turns.iter().map(|t| t.mv).collect()
        } else {
            tried.filter(|mv| !legal.contains(mv)).collect()
        };
        for mv in tried {
            let mut game = position.clone();
            if game.play(mv).is_ok() {
                return Err(format!("position {n}: {mv}, not legal, was accepted"));
            }
            if print(&game) != print(position) {
                return Err(format!("position {n}: refusing {mv} changed the game"));
            }
        }
    }
    Ok(())
}

/// No legal move exactly when the game is over; a pass, when due, is the only move; the
/// verdict exists exactly at the end.
fn moves_end_with_the_game<G: TwoPlayer>(
    subject: &Subject<G>,
    seed: u64,
    picks: &[usize],
) -> Result<(), String> {
    let run = playout::<G>(&subject.options, seed, picks)?;
    for (n, game) in run.positions.iter().enumerate() {
        let moves = game.legal_moves();
        if moves.is_empty() != game.is_over() {
            return Err(format!(
                "position {n}: {} legal moves but is_over is {}",
                moves.len(),
                game.is_over()
            ));
        }
        if game.verdict().is_some() != game.is_over() {
            return Err(format!("position {n}: a verdict exactly at the end"));
        }
        if let Some(pass) = subject.pass
            && moves.contains(&pass)
            && moves.len() != 1
        {
            return Err(format!("position {n}: a pass offered beside other moves"));
        }
    }
    match run.positions.last() {
        Some(last) if last.is_over() => Ok(()),
        _ => Err(format!("not over after {MAX_PLIES} plies")),
    }
}

/// A record of the playout, written and read back, holds the same moves and result, and
/// replaying it reaches the same position.
fn records_round_trip<G: TwoPlayer>(
    subject: &Subject<G>,
    seed: u64,
    picks: &[usize],
) -> Result<(), String> {
    let run = playout::<G>(&subject.options, seed, picks)?;
    let mut config = DuelConfig::<G>::new([Seat::Human, Seat::Human], seed, 10);
    config.options = subject.options.clone();
    let mut record = DuelRecord::new(config);
    for (turn, after) in run.turns.iter().zip(&run.positions[1..]) {
        record.push(turn, after);
    }
    let json = serde_json::to_string_pretty(&record).map_err(|e| e.to_string())?;
    let read = DuelRecord::<G>::from_json("r.json", &json).map_err(|e| e.to_string())?;
    let moves = |r: &DuelRecord<G>| -> Vec<(Side, G::Move, [usize; 2])> {
        r.moves.iter().map(|m| (m.side, m.mv, m.score)).collect()
    };
    if moves(&read) != moves(&record) || read.result != record.result {
        return Err("the record read back differs from the one written".into());
    }
    if read.setup != record.setup {
        return Err("the setup read back differs from the one written".into());
    }
    let mut steps = 0;
    let replayed = read
        .replay("r.json", |_, turn| steps += usize::from(turn.is_some()))
        .map_err(|e| e.to_string())?;
    let last = run.positions.last().ok_or("no position")?;
    if print(&replayed) != print(last) || steps != run.turns.len() {
        return Err("the replayed record ends elsewhere than the game played".into());
    }
    Ok(())
}

/// Scores and verdict agree all along: no verdict before the end, and at the end the higher
/// score wins and equal scores tie; the sides alternate unless a side passes.
fn score_and_verdict_agree<G: TwoPlayer>(
    subject: &Subject<G>,
    seed: u64,
    picks: &[usize],
) -> Result<(), String> {
    let run = playout::<G>(&subject.options, seed, picks)?;
    for (n, game) in run.positions.iter().enumerate() {
        let [a, b] = game.score();
        let expected = game.is_over().then(|| match a.cmp(&b) {
            std::cmp::Ordering::Greater => Verdict::Win(Side::First),
            std::cmp::Ordering::Less => Verdict::Win(Side::Second),
            std::cmp::Ordering::Equal => Verdict::Tie,
        });
        if game.verdict() != expected {
            return Err(format!(
                "position {n}: scores {a}-{b} but verdict {:?}",
                game.verdict()
            ));
        }
    }
    for (n, turn) in run.turns.iter().enumerate() {
        if turn.side != run.positions[n].to_move() {
            return Err(format!("move {}: recorded for the wrong side", n + 1));
        }
    }
    Ok(())
}

/// Every property, first breach first.
fn keeps_the_contract<G: TwoPlayer>(
    subject: &Subject<G>,
    seed: u64,
    picks: &[usize],
) -> Result<(), String> {
    same_start(subject, seed, picks)?;
    refusals_change_nothing(subject, seed, picks)?;
    moves_end_with_the_game(subject, seed, picks)?;
    records_round_trip(subject, seed, picks)?;
    score_and_verdict_agree(subject, seed, picks)
}

fn source(name: &str, text: &str) -> SourceFile {
    SourceFile {
        name: name.into(),
        text: text.into(),
    }
}

fn three_trios(which: usize) -> Subject<trios::games::three_trios::Game> {
    let mut options = trios::games::three_trios::Options::default();
    match which {
        0 => {}
        1 => {
            options.board = source(
                "open-3x3.txt",
                include_str!("../../configs/boards/open-3x3.txt"),
            );
            options.cards = source(
                "small-10.txt",
                include_str!("../../configs/cards/small-10.txt"),
            );
            options.deal = DealMode::InOrder;
            options.rules = RuleSet {
                same: true,
                plus: true,
                ..RuleSet::default()
            };
        }
        _ => {
            options.board = source(
                "seed-5x7.txt",
                include_str!("../../configs/boards/seed-5x7.txt"),
            );
            options.rules = RuleSet {
                reverse: true,
                fallen_ace: true,
                ..RuleSet::default()
            };
        }
    }
    Subject {
        options,
        pass: None,
    }
}

fn reversi(which: usize) -> Subject<reversi::Game> {
    let position = match which {
        0 => None,
        // Three rows to fill, where passes come often.
        _ => Some(format!(
            "{}{}{} X",
            "XOXOXOXO".repeat(3),
            "OOXXOOXX".repeat(2),
            "-".repeat(24)
        )),
    };
    Subject {
        options: reversi::Options {
            position,
            ..Default::default()
        },
        pass: Some(reversi::Move::Pass),
    }
}

fn islands(which: usize) -> Subject<islands::Game> {
    Subject {
        options: islands::Options {
            size: [1, 3, 5][which],
        },
        pass: None,
    }
}

fn picks() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(any::<usize>(), 1..24)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn three_trios_keeps_the_contract(which in 0..3usize, seed in any::<u64>(), picks in picks()) {
        keeps_the_contract(&three_trios(which), seed, &picks).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn reversi_keeps_the_contract(which in 0..2usize, seed in any::<u64>(), picks in picks()) {
        keeps_the_contract(&reversi(which), seed, &picks).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn islands_keeps_the_contract(which in 0..3usize, seed in any::<u64>(), picks in picks()) {
        keeps_the_contract(&islands(which), seed, &picks).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn the_same_options_and_seed_deal_the_same_three_trios_game_and_the_seed_matters() {
    let options = three_trios(0).options;
    let hands = |seed| {
        let game = <trios::games::three_trios::Game as TwoPlayer>::start(&options, seed).unwrap();
        game.hand(trios::games::three_trios::Player::Red)
            .map(|c| c.name().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(hands(4), hands(4));
    assert_ne!(hands(4), hands(5), "a shuffled deal draws on the seed");
}

/// How [`Broken`] breaks the contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    /// Each start differs from the last.
    Unrepeatable,
    /// A refused move starts the game over.
    RefusalResets,
    /// The last empty cell is not offered though the game goes on.
    HidesLastMove,
    /// The score drifts between calls, so a record does not replay.
    DriftingScore,
    /// The first mover is said to win whatever the scores.
    FirstAlwaysWins,
}

/// Islands with one fault, chosen by `FAULT` (the index into [`FAULTS`]).
#[derive(Clone)]
struct Broken<const FAULT: usize>(islands::Game);

const FAULTS: [Fault; 5] = [
    Fault::Unrepeatable,
    Fault::RefusalResets,
    Fault::HidesLastMove,
    Fault::DriftingScore,
    Fault::FirstAlwaysWins,
];

static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn tick() -> usize {
    CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The items every test double of Islands shares: Islands' side names, and no strategies
/// (asking for one is refused by name).
macro_rules! islands_names_and_no_strategies {
    () => {
        fn side_name(side: Side) -> &'static str {
            <islands::Game as TwoPlayer>::side_name(side)
        }
        fn strategy_names() -> &'static [&'static str] {
            &[]
        }
        fn strategy(
            name: &str,
            _: u64,
            _: u64,
        ) -> Result<Box<dyn GameStrategy<Self>>, UnknownStrategy> {
            Err(UnknownStrategy {
                name: name.into(),
                known: Vec::new(),
            })
        }
    };
}

impl<const FAULT: usize> TwoPlayer for Broken<FAULT> {
    const KIND: trios::games::GameKind = trios::games::GameKind::Islands;
    type Options = islands::Options;
    type Move = islands::Place;
    type Played = islands::Placed;
    type Refusal = islands::MoveError;

    fn start(options: &islands::Options, seed: u64) -> Result<Self, OptionsError> {
        let mut game = <islands::Game as TwoPlayer>::start(options, seed)?;
        if FAULTS[FAULT] == Fault::Unrepeatable && tick() % 2 == 1 {
            let first = TwoPlayer::legal_moves(&game)[0];
            TwoPlayer::play(&mut game, first).map_err(|e| OptionsError::Other(e.to_string()))?;
        }
        Ok(Broken(game))
    }
    fn to_move(&self) -> Side {
        TwoPlayer::to_move(&self.0)
    }
    fn legal_moves(&self) -> Vec<islands::Place> {
        let mut moves = TwoPlayer::legal_moves(&self.0);
        if FAULTS[FAULT] == Fault::HidesLastMove && moves.len() == 1 {
            moves.clear();
        }
        moves
    }
    fn play(&mut self, mv: islands::Place) -> Result<islands::Placed, islands::MoveError> {
        let played = TwoPlayer::play(&mut self.0, mv);
        if FAULTS[FAULT] == Fault::RefusalResets
            && played.is_err()
            && let Ok(fresh) = <islands::Game as TwoPlayer>::start(&islands::Options { size: 3 }, 0)
        {
            self.0 = fresh;
        }
        played
    }
    fn is_over(&self) -> bool {
        TwoPlayer::is_over(&self.0)
    }
    fn score(&self) -> [usize; 2] {
        let [a, b] = TwoPlayer::score(&self.0);
        if FAULTS[FAULT] == Fault::DriftingScore {
            return [a + tick() % 3, b];
        }
        [a, b]
    }
    fn verdict(&self) -> Option<Verdict> {
        if FAULTS[FAULT] == Fault::FirstAlwaysWins {
            return Some(Verdict::Win(Side::First));
        }
        TwoPlayer::verdict(&self.0)
    }
    islands_names_and_no_strategies!();
}

/// An Islands move whose record keeps only its row: written and read back, it is another
/// move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RowOnly(islands::Place);

impl std::fmt::Display for RowOnly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl serde::Serialize for RowOnly {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0.row as u64)
    }
}

impl<'de> serde::Deserialize<'de> for RowOnly {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RowOnly, D::Error> {
        let row = <usize as serde::Deserialize>::deserialize(d)?;
        Ok(RowOnly(islands::Place { row, col: 0 }))
    }
}

/// Islands whose moves do not survive a record.
#[derive(Clone)]
struct Forgetful(islands::Game);

impl TwoPlayer for Forgetful {
    const KIND: trios::games::GameKind = trios::games::GameKind::Islands;
    type Options = islands::Options;
    type Move = RowOnly;
    type Played = islands::Placed;
    type Refusal = islands::MoveError;

    fn start(options: &islands::Options, seed: u64) -> Result<Self, OptionsError> {
        <islands::Game as TwoPlayer>::start(options, seed).map(Forgetful)
    }
    fn to_move(&self) -> Side {
        TwoPlayer::to_move(&self.0)
    }
    fn legal_moves(&self) -> Vec<RowOnly> {
        TwoPlayer::legal_moves(&self.0)
            .into_iter()
            .map(RowOnly)
            .collect()
    }
    fn play(&mut self, mv: RowOnly) -> Result<islands::Placed, islands::MoveError> {
        TwoPlayer::play(&mut self.0, mv.0)
    }
    fn is_over(&self) -> bool {
        TwoPlayer::is_over(&self.0)
    }
    fn score(&self) -> [usize; 2] {
        TwoPlayer::score(&self.0)
    }
    islands_names_and_no_strategies!();
}

type Property<G> = fn(&Subject<G>, u64, &[usize]) -> Result<(), String>;

/// Whether `property` finds a breach in game `G` on some of a few small playouts.
fn caught<G: TwoPlayer<Options = islands::Options>>(property: Property<G>) -> bool {
    let subject = Subject::<G> {
        options: islands::Options { size: 3 },
        pass: None,
    };
    (0..8u64).any(|seed| property(&subject, seed, &[seed as usize, 7, 3]).is_err())
}

#[test]
fn each_property_catches_the_game_that_breaks_it_and_passes_a_sound_one() {
    assert!(caught::<Broken<0>>(same_start));
    assert!(caught::<Broken<1>>(refusals_change_nothing));
    assert!(caught::<Broken<2>>(moves_end_with_the_game));
    assert!(caught::<Broken<3>>(records_round_trip));
    assert!(caught::<Broken<4>>(score_and_verdict_agree));
    // The whole contract catches each fault, and a sound game passes every property.
    assert!(caught::<Broken<0>>(keeps_the_contract));
    assert!(caught::<Broken<1>>(keeps_the_contract));
    assert!(caught::<Broken<2>>(keeps_the_contract));
    assert!(caught::<Broken<3>>(keeps_the_contract));
    assert!(caught::<Broken<4>>(keeps_the_contract));
    assert!(!caught::<islands::Game>(keeps_the_contract));
    // A record that does not keep its moves: caught by the round trip alone.
    assert!(caught::<Forgetful>(records_round_trip));
    assert!(!caught::<Forgetful>(same_start));
    assert!(!caught::<Forgetful>(moves_end_with_the_game));
}

/// A pass offered beside other moves is caught: Reversi's pass rule seen through a subject
/// that calls an ordinary move its pass.
#[test]
fn a_pass_beside_other_moves_is_caught() {
    let start = reversi::Game::new();
    let first = TwoPlayer::legal_moves(&start)[0];
    let subject = Subject::<reversi::Game> {
        options: reversi::Options::default(),
        pass: Some(first),
    };
    assert!(moves_end_with_the_game(&subject, 0, &[0]).is_err());
    assert!(moves_end_with_the_game(&reversi(0), 0, &[0]).is_ok());
}
