//! The setup of a Three Trios match ([`MatchConfig`]): its board and card files, deal,
//! rules, seats, seed and thinking time, from files or the embedded defaults; enough to deal
//! it again, and the head of its record (version 1).

use super::clock::TimeControl;
use serde::{Deserialize, Serialize};

use super::duel::DuelConfig;
use super::{Base, OwnSetup, Seat};
use crate::games::three_trios::ai::AiOptions;
use crate::games::three_trios::config::ConfigError;
use crate::games::three_trios::source::SourceFile;
use crate::games::three_trios::{Deal, DealMode, Game, Options, Player, RuleSet};

/// Everything that decides a match before the first move.
///
/// Invariant: the same config deals the same game on every machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchConfig {
    pub board: SourceFile,
    pub cards: SourceFile,
    pub deal: DealMode,
    /// Drives the shuffle and any random computer player. Always set, so every game can be
    /// reproduced.
    pub seed: u64,
    pub rules: RuleSet,
    pub red: Seat,
    pub blue: Seat,
    /// Thinking time per move for searching computer players, in milliseconds.
    #[serde(default = "default_think_ms")]
    pub think_ms: u64,
    /// The match's time control; without one, no clock (records before clocks have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
}

fn default_think_ms() -> u64 {
    AiOptions::default().think_ms
}

impl MatchConfig {
    /// The embedded board and cards shuffled from `seed`, no variant rules, two people at
    /// the keyboard and the default thinking time: the base a caller changes a field of.
    pub fn built_in(seed: u64) -> MatchConfig {
        MatchConfig {
            clock: None,
            board: SourceFile::default_board(),
            cards: SourceFile::default_cards(),
            deal: DealMode::Shuffle,
            seed,
            rules: RuleSet::default(),
            red: Seat::Human,
            blue: Seat::Human,
            think_ms: default_think_ms(),
        }
    }

    /// The deal this config asks for.
    pub fn deal(&self) -> Deal {
        self.options().deal_with(self.seed)
    }

    /// What decides the start besides seats and seed, as the platform game takes it.
    pub fn options(&self) -> Options {
        Options {
            board: self.board.clone(),
            cards: self.cards.clone(),
            deal: self.deal,
            rules: self.rules,
        }
    }

    /// This setup as the platform's match takes it: the same seats, seed, thinking time and
    /// start.
    pub fn duel_config(&self) -> DuelConfig<Game> {
        DuelConfig {
            seats: [self.red.clone(), self.blue.clone()],
            seed: self.seed,
            think_ms: self.think_ms,
            options: self.options(),
            clock: self.clock,
        }
    }

    pub fn seat(&self, player: Player) -> &Seat {
        match player {
            Player::Red => &self.red,
            Player::Blue => &self.blue,
        }
    }

    /// Whether the seed changes the game: a shuffled deal or a random computer seat. Only
    /// then must a drawn seed be shown for the game to be reproducible.
    pub fn depends_on_seed(&self) -> bool {
        self.deal == DealMode::Shuffle || [&self.red, &self.blue].iter().any(|s| s.is_random())
    }

    /// Options for this match's computer players.
    pub fn ai_options(&self) -> AiOptions {
        AiOptions {
            think_ms: self.think_ms,
        }
    }

    /// The seed for a computer seat: derived from the match seed, different per colour.
    pub fn ai_seed(&self, player: Player) -> u64 {
        MatchConfig::ai_seed_of(self.seed, player)
    }

    /// [`MatchConfig::ai_seed`] for a match seed alone. `trios sim` seeds its players with it,
    /// so each simulated game plays like `trios play` with that game's seed.
    pub fn ai_seed_of(seed: u64, player: Player) -> u64 {
        seed.rotate_left(17)
            .wrapping_add(0xA076_1D64_78BD_642F_u64.wrapping_mul(player as u64 + 1))
    }

    /// Parses both files and deals a fresh game.
    pub fn new_game(&self) -> Result<Game, ConfigError> {
        self.options().new_game(self.seed)
    }
}

impl From<MatchConfig> for Base {
    /// The base of a home screen or server whose Three Trios matches are dealt from
    /// `config`: its seed, think time and board, the whole setup carried for Three Trios.
    fn from(config: MatchConfig) -> Base {
        Base {
            seed: config.seed,
            think_ms: config.think_ms,
            board: config.board.name.clone(),
            own: OwnSetup::new(config),
        }
    }
}

impl MatchConfig {
    /// The Three Trios setup `base` carries, with the base's seed and think time (which win
    /// over the setup's own); the built-in setup when it carries none.
    pub fn of_base(base: &Base) -> MatchConfig {
        let mut config = base
            .own
            .get::<MatchConfig>()
            .cloned()
            .unwrap_or_else(|| MatchConfig::built_in(base.seed));
        (config.seed, config.think_ms) = (base.seed, base.think_ms);
        config
    }
}

impl From<DuelConfig<Game>> for MatchConfig {
    /// The setup layout of a duel of Three Trios (the inverse of [`MatchConfig::duel_config`]).
    fn from(config: DuelConfig<Game>) -> MatchConfig {
        let [red, blue] = config.seats;
        MatchConfig {
            clock: config.clock,
            board: config.options.board,
            cards: config.options.cards,
            deal: config.options.deal,
            seed: config.seed,
            rules: config.options.rules,
            red,
            blue,
            think_ms: config.think_ms,
        }
    }
}

/// A setup is the same in either layout when it deals the same match.
impl PartialEq<DuelConfig<Game>> for MatchConfig {
    fn eq(&self, other: &DuelConfig<Game>) -> bool {
        self.duel_config() == *other
    }
}
