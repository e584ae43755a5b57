//! Three Trios on the shared platform: [`TwoPlayer`] for matches, records, simulations and
//! tables, with the strategies of [`super::ai`] as its computer players.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use super::ai::{self, AiOptions};
use super::config::{self, ConfigError, ConfigErrorKind};
use super::{
    Card, Deal, DealMode, Game, Grid, Move, MoveError, MoveOutcome, Player, RuleSet, SourceFile,
};
use crate::games::{GameKind, OptionsError, Side, Strategy, TwoPlayer, UnknownStrategy};

/// Everything besides seats and seed that decides a game's start: the board and card files
/// (their text, so a game is dealt again without them), the rules and how the deck is dealt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub board: SourceFile,
    pub cards: SourceFile,
    pub deal: DealMode,
    pub rules: RuleSet,
}

impl Default for Options {
    /// The built-in board and cards, shuffled, no variant rule.
    fn default() -> Options {
        Options {
            board: SourceFile::default_board(),
            cards: SourceFile::default_cards(),
            deal: DealMode::default(),
            rules: RuleSet::default(),
        }
    }
}

impl Options {
    /// The deal these options make with `seed` (which a shuffle draws on).
    pub fn deal_with(&self, seed: u64) -> Deal {
        match self.deal {
            DealMode::InOrder => Deal::InOrder,
            DealMode::Shuffle => Deal::Shuffle { seed },
        }
    }

    /// Parses both files and deals a fresh game; an error names the file at fault.
    pub fn new_game(&self, seed: u64) -> Result<Game, ConfigError> {
        let (grid, cards) = self.parsed()?;
        Game::new(grid, cards, self.rules, self.deal_with(seed)).map_err(|e| ConfigError {
            file: self.cards.name.clone(),
            line: None,
            col: None,
            kind: ConfigErrorKind::TooManyCards,
            message: e.to_string(),
        })
    }
}

/// A board and card file and what they parse to.
type Parsed = (SourceFile, SourceFile, Grid, Vec<Card>);

impl Options {
    /// The board and deck these options name, checked to fit. The files parsed last on this
    /// thread are kept (one pair per thread, so memory stays bounded), since simulations, replays
    /// and take-backs deal the same files again and again.
    fn parsed(&self) -> Result<(Grid, Vec<Card>), ConfigError> {
        thread_local! {
            static LAST: RefCell<Option<Parsed>> = const { RefCell::new(None) };
        }
        let hit = LAST.with_borrow(|last| match last {
            Some((board, cards, grid, deck)) if *board == self.board && *cards == self.cards => {
                Some((grid.clone(), deck.clone()))
            }
            _ => None,
        });
        if let Some(parsed) = hit {
            return Ok(parsed);
        }
        let grid = config::parse_grid(&self.board.name, self.board.text.as_bytes())?;
        let cards = config::parse_cards(&self.cards.name, self.cards.text.as_bytes())?;
        config::check_deck_size(&grid, &cards, &self.cards.name)?;
        LAST.set(Some((
            self.board.clone(),
            self.cards.clone(),
            grid.clone(),
            cards.clone(),
        )));
        Ok((grid, cards))
    }
}

/// The colour that plays `side`: Red moves first.
pub fn player_of(side: Side) -> Player {
    match side {
        Side::First => Player::Red,
        Side::Second => Player::Blue,
    }
}

/// The side `player` plays.
pub fn side_of(player: Player) -> Side {
    match player {
        Player::Red => Side::First,
        Player::Blue => Side::Second,
    }
}

/// A colour is the side it plays, so screens shared by every game (the theme's owner
/// colours) take Three Trios' colours as they are.
impl From<Player> for Side {
    fn from(player: Player) -> Side {
        side_of(player)
    }
}

/// One of the strategies of [`ai`], seen as a platform strategy.
struct Plain(Box<dyn ai::Strategy>);

impl Strategy<Game> for Plain {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        self.0.choose(game)
    }

    fn think_for(&mut self, budget: std::time::Duration) {
        self.0.think_for(budget);
    }
}

impl TwoPlayer for Game {
    const KIND: GameKind = GameKind::ThreeTrios;
    type Options = Options;
    type Move = Move;
    type Played = MoveOutcome;
    type Refusal = MoveError;

    fn start(options: &Options, seed: u64) -> Result<Game, OptionsError> {
        Ok(options.new_game(seed)?)
    }

    fn to_move(&self) -> Side {
        side_of(self.turn())
    }

    fn legal_moves(&self) -> Vec<Move> {
        Game::legal_moves(self).collect()
    }

    fn play(&mut self, mv: Move) -> Result<MoveOutcome, MoveError> {
        Game::play(self, mv)
    }

    fn apply(&mut self, mv: Move) -> Result<(), MoveError> {
        Game::apply(self, mv).map(|_| ())
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn score(&self) -> [usize; 2] {
        Player::BOTH.map(|p| Game::score(self, p))
    }

    fn side_name(side: Side) -> &'static str {
        player_of(side).upper()
    }

    fn strategy_names() -> &'static [&'static str] {
        &ai::STRATEGY_NAMES
    }

    /// A name, `minimax:DEPTH` or a chain such as `corners>maxflip`, as seats accept them.
    fn strategy(
        spec: &str,
        seed: u64,
        think_ms: u64,
    ) -> Result<Box<dyn Strategy<Game>>, UnknownStrategy> {
        ai::by_spec(spec, seed, AiOptions { think_ms })
            .map(|s| Box::new(Plain(s)) as Box<dyn Strategy<Game>>)
            .map_err(|_| UnknownStrategy {
                name: spec.to_string(),
                known: ai::STRATEGY_NAMES.to_vec(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_platform_deals_as_the_match_setup_does() {
        let options = Options::default();
        let a = <Game as TwoPlayer>::start(&options, 7).unwrap();
        let b = options.new_game(7).unwrap();
        assert_eq!(TwoPlayer::legal_moves(&a), TwoPlayer::legal_moves(&b));
        let hand = |g: &Game| {
            g.hand(Player::Red)
                .map(|c| c.name().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(hand(&a), hand(&b));
        assert_ne!(
            hand(&a),
            hand(&options.new_game(8).unwrap()),
            "the seed shuffles"
        );
        assert_eq!(<Game as TwoPlayer>::side_name(Side::First), "RED");
        assert!(<Game as TwoPlayer>::strategy("corners>maxflip", 1, 10).is_ok());
        assert!(<Game as TwoPlayer>::strategy("deep-blue", 1, 10).is_err());
    }

    #[test]
    fn files_dealt_again_are_the_files_given_each_time() {
        let default = Options::default();
        let small = Options {
            board: SourceFile {
                name: "3x3.txt".into(),
                text: "3 3\nCCC\nCCC\nCCC\n".into(),
            },
            ..Options::default()
        };
        let cells = |o: &Options| o.new_game(1).map(|g| g.grid().card_cells());
        let big = cells(&default).unwrap();
        assert_ne!(big, 9, "the two boards differ");
        assert_eq!(cells(&small).unwrap(), 9);
        assert_eq!(cells(&default).unwrap(), big);
        let mut broken = small.clone();
        broken.board.text = "3 3\nCC\n".into();
        let error = cells(&broken).unwrap_err().to_string();
        assert!(error.contains("3x3.txt"), "{error}");
        assert_eq!(cells(&small).unwrap(), 9);
        assert!(
            cells(&broken).is_err(),
            "a file that does not parse is never kept"
        );
    }
}
