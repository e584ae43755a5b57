//! Three Trios's tournaments on the generic [`DuelSpec`]: its options loaded from the board
//! and card files, and the report's setup line, first seat and worker count.

use std::path::Path;

use super::duel::{DuelSpec, SimGame};
use super::{SetupFailure, SimError, StrategyList, parse_name_list};
use crate::games::three_trios::ai::{self, AiOptions};
use crate::games::three_trios::config::ConfigError;
use crate::games::three_trios::{DealMode, Game, Options, RuleSet, SetupError, SourceFile};

/// Threads `expert` searches on per move (the machine's cores, at most four); a simulation
/// with expert in it runs one game per that many threads.
const EXPERT_THREADS: usize = 4;

/// The options every deal of a simulation is dealt from: the board and card files (`None`:
/// the built-in ones), rules and deal mode, checked to deal a game with `seed`, so every later
/// deal succeeds too.
pub fn load(
    board: Option<&Path>,
    cards: Option<&Path>,
    rules: RuleSet,
    deal: DealMode,
    seed: u64,
) -> Result<Options, SimError> {
    let options = Options {
        board: SourceFile::board_or_default(board)?,
        cards: SourceFile::cards_or_default(cards)?,
        deal,
        rules,
    };
    options.new_game(seed)?;
    Ok(options)
}

/// A board or card file that could not be read stops the simulation, said as it is.
impl From<ConfigError> for SimError {
    fn from(e: ConfigError) -> SimError {
        SimError::Setup(SetupFailure(Box::new(e)))
    }
}

/// A deal that could not be made stops the simulation, said as it is.
impl From<SetupError> for SimError {
    fn from(e: SetupError) -> SimError {
        SimError::Setup(SetupFailure(Box::new(e)))
    }
}

/// Checks a strategy spec for the command line and returns its canonical spelling (trimmed,
/// lower case). `human` is refused: nobody sits at a simulation.
pub fn parse_strategy(spec: &str) -> Result<String, StrategySpecError> {
    let name = spec.trim().to_ascii_lowercase();
    if name == "human" {
        return Err(StrategySpecError::Human);
    }
    ai::by_spec(&name, 0, AiOptions::default())?;
    Ok(name)
}

/// Why a strategy spec or list is not one a Three Trios simulation can play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StrategySpecError {
    #[error("a simulation has no human players; choose a strategy: {}", ai::STRATEGY_NAMES.join(", "))]
    Human,
    #[error(transparent)]
    Unknown(#[from] ai::UnknownStrategy),
    /// The list itself is unusable (empty name, twice the same, fewer than two), as
    /// [`parse_name_list`] says.
    #[error(transparent)]
    List(#[from] super::NameListError),
}

/// Parses a comma list of at least two different Three Trios strategy specs.
pub fn parse_strategy_list(list: &str) -> Result<StrategyList, StrategySpecError> {
    let names = parse_name_list(list)?;
    for name in &names.0 {
        parse_strategy(name)?;
    }
    Ok(names)
}

/// Whether a spec (a name, `minimax:N` or a chain) has `expert` in it.
pub fn uses_expert(spec: &str) -> bool {
    spec.split('>').any(|part| {
        let name = part.split(':').next().unwrap_or_default();
        name.trim().eq_ignore_ascii_case("expert")
    })
}

impl SimGame for Game {
    fn setup_parts(spec: &DuelSpec<Game>) -> Vec<String> {
        let options = &spec.options;
        let mut parts = vec![
            format!("board {}", options.board.name),
            format!("cards {}", options.cards.name),
            format!("rules {}", options.rules),
        ];
        if options.deal == DealMode::InOrder {
            parts.push("deal in-order".to_string());
        }
        parts.push(format!("seed {}", spec.seed));
        parts
    }

    fn first_seat() -> &'static str {
        "Red"
    }

    /// `expert` already searches each move on up to four threads, so with expert on either
    /// side a worker is given four of the threads (at least one worker): more would only slow
    /// every move and, once its wall-clock stop cuts in, change its moves.
    fn threads_per_game(spec: &DuelSpec<Game>) -> usize {
        if uses_expert(&spec.a) || uses_expert(&spec.b) {
            EXPERT_THREADS
        } else {
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::three_trios::Player;
    use crate::games::three_trios::platform::player_of;
    use crate::setup::three_trios::MatchConfig;
    use crate::sim::{Tournament, run};

    fn spec(a: &str, b: &str, deals: usize, swap: bool, threads: usize) -> DuelSpec<Game> {
        let mut spec = DuelSpec::new(a, b, 11, 5).expect("known strategies");
        spec.options =
            load(None, None, RuleSet::default(), DealMode::Shuffle, 11).expect("built-in files");
        spec.deals = deals;
        spec.swap = swap;
        spec.threads = threads;
        spec
    }

    #[test]
    fn swapped_deals_exchange_seats_within_a_deal() {
        let s = spec("maxflip", "random", 3, true, 1);
        assert_eq!(s.games(), 6);
        let seats: Vec<(usize, Player)> = (0..6)
            .map(|g| s.play(g).map(|r| (r.deal, player_of(r.a_seat))).unwrap())
            .collect();
        assert_eq!(seats[0], (0, Player::Red));
        assert_eq!(seats[1], (0, Player::Blue));
        assert_eq!(seats[5], (2, Player::Blue));
        let s = spec("maxflip", "random", 3, false, 1);
        assert_eq!(s.games(), 3);
        assert_eq!(
            s.play(2).map(|r| (r.deal, player_of(r.a_seat))).unwrap(),
            (2, Player::Red)
        );
    }

    #[test]
    fn workers_leave_room_for_expert() {
        assert_eq!(spec("maxflip", "random", 100, false, 8).workers(), 8);
        assert_eq!(spec("maxflip", "random", 3, false, 8).workers(), 3);
        assert_eq!(spec("expert", "random", 100, false, 8).workers(), 2);
        assert_eq!(spec("random", "corners>expert", 100, false, 2).workers(), 1);
    }

    #[test]
    fn games_fill_the_board_and_add_up() {
        let s = spec("maxflip", "random", 10, true, 2);
        let records = run(&s, |_, _| {}).unwrap();
        assert_eq!(records.len(), 20);
        let cells = s.options.new_game(0).unwrap().grid().card_cells() as u32;
        for (i, r) in records.iter().enumerate() {
            assert_eq!(r.game, i);
            assert_eq!(r.moves[0] + r.moves[1], cells);
            // Red moves first, so it makes the extra move on an odd board.
            let red = r.moves[if player_of(r.a_seat) == Player::Red {
                0
            } else {
                1
            }];
            assert_eq!(red, cells.div_ceil(2));
            assert_eq!(r.winner.is_none(), r.margin == 0);
        }
    }

    #[test]
    fn progress_ends_at_the_total() {
        let s = spec("random", "random", 7, false, 2);
        let mut last = (0, 0);
        run(&s, |done, total| last = (done, total)).unwrap();
        assert_eq!(last, (7, 7));
    }

    #[test]
    fn a_game_plays_like_trios_play_with_its_seed() {
        // Game 1 is deal 0 with A as Blue: the same as `trios play` with that deal's seed.
        let s = spec("random", "maxflip", 1, true, 1);
        let record = s.play(1).unwrap();
        let config = MatchConfig {
            clock: None,
            board: SourceFile::default_board(),
            cards: SourceFile::default_cards(),
            deal: DealMode::Shuffle,
            seed: s.seed,
            rules: RuleSet::default(),
            red: "maxflip".parse().unwrap(),
            blue: "random".parse().unwrap(),
            think_ms: 5,
        };
        let mut game = config.new_game().unwrap();
        let options = config.ai_options();
        let mut red = config
            .red
            .strategy(config.ai_seed(Player::Red), options)
            .unwrap();
        let mut blue = config
            .blue
            .strategy(config.ai_seed(Player::Blue), options)
            .unwrap();
        while !game.is_over() {
            let player = if game.turn() == Player::Red {
                &mut red
            } else {
                &mut blue
            };
            let mv = player.choose(&game).unwrap();
            game.play(mv).unwrap();
        }
        let margin = game.score(Player::Blue) as i32 - game.score(Player::Red) as i32;
        assert_eq!(record.margin, margin);
    }

    #[test]
    fn strategy_specs_are_checked() {
        assert_eq!(parse_strategy(" MaxFlip "), Ok("maxflip".into()));
        assert_eq!(
            parse_strategy("corners>Random"),
            Ok("corners>random".into())
        );
        assert!(
            parse_strategy("human")
                .unwrap_err()
                .to_string()
                .contains("no human")
        );
        assert!(
            parse_strategy("alphago")
                .unwrap_err()
                .to_string()
                .contains("alphago")
        );
        assert_eq!(
            parse_strategy_list("random, maxflip").unwrap().0,
            ["random", "maxflip"]
        );
        assert!(parse_strategy_list("random").is_err());
        assert!(parse_strategy_list("random,random").is_err());
        assert!(parse_strategy_list("random,,maxflip").is_err());
    }

    #[test]
    fn expert_is_found_in_chains() {
        assert!(uses_expert("expert"));
        assert!(uses_expert("corners>Expert"));
        assert!(!uses_expert("minimax:3"));
        assert!(!uses_expert("expertise"));
    }

    #[test]
    fn a_board_that_cannot_be_read_is_reported_as_the_game_says_it() {
        let missing = Path::new("/nonexistent/trios-board.txt");
        let own = SourceFile::read_board(missing).expect_err("no such file");
        let err = load(
            Some(missing),
            None,
            RuleSet::default(),
            DealMode::InOrder,
            1,
        )
        .expect_err("no such file");
        assert_eq!(err.to_string(), own.to_string());
        use std::error::Error as _;
        assert_eq!(
            err.source().map(|e| e.to_string()),
            own.source().map(|e| e.to_string())
        );
    }
}
