//! Hex paths as a [`Race`]: the game in rounds, whose happenings
//! are [`Happening`]s, and the moves players announced, kept secret until the time is up and
//! they are demonstrated, lowest announcement first, until one works.

use std::collections::BTreeMap;
use std::time::Duration;

use super::round::{Demonstration, Game, Happening, Plan, Rival, RoundError, Settings};
use super::solve::Step;
use crate::games::GameKind;
use crate::games::race::{Phase, Race, Standing};

/// The most players at one table, people and computers together.
pub const MAX_PLAYERS: usize = 6;

/// A game of Hex paths as tables and screens share it, with the moves announced this round.
///
/// Invariant: `moves` holds a move only for a player who announced its length this round.
#[derive(Debug, Clone, PartialEq)]
pub struct HexRace {
    game: Game,
    seed: u64,
    /// Each player's move announced this round: their secret until demonstrated.
    moves: BTreeMap<usize, Vec<Step>>,
}

/// Why a Hex paths claim or request came to nothing; the texts are the ones players read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexRefusal {
    #[error("No round is on")]
    NoRound,
    #[error("Not a solution: {0}")]
    NotASolution(RoundError),
    /// The game refused the announcement, for this reason.
    #[error("{0}")]
    Announcement(RoundError),
    #[error("The game is on")]
    Begun,
    #[error("The game is over")]
    Over,
    #[error("The next round comes once this one is over")]
    RoundOn,
    #[error("A table has at most {MAX_PLAYERS} players")]
    Full,
    #[error("There is no player {0}")]
    NoSuchPlayer(usize),
    #[error("{0}")]
    NoObjective(String),
}

/// A computer rival and the move it means to announce this round.
#[derive(Debug, Clone)]
pub struct HexRival {
    rival: Rival,
    plan: Option<Plan>,
}

impl HexRace {
    /// The game as everyone sees it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn happen(&mut self, happening: Happening) -> Result<Happening, RoundError> {
        self.game.apply(&happening)?;
        Ok(happening)
    }
}

impl Race for HexRace {
    const KIND: GameKind = GameKind::HexPaths;
    const MAX_PLAYERS: usize = MAX_PLAYERS;
    type Settings = Settings;
    type Happening = Happening;
    type Claim = Vec<Step>;
    type Refusal = HexRefusal;
    type Secret = Vec<Step>;
    type Rival = HexRival;
    type Unfit = RoundError;

    fn new(seed: u64, settings: &Settings) -> HexRace {
        HexRace {
            game: Game::new(seed, settings.clone(), Vec::new()),
            seed,
            moves: BTreeMap::new(),
        }
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn settings(&self) -> &Settings {
        self.game.settings()
    }

    fn apply(&mut self, happening: &Happening) -> Result<(), RoundError> {
        self.game.apply(happening)?;
        match happening {
            Happening::RoundStarted | Happening::RoundEnded { .. } => self.moves.clear(),
            Happening::Demonstrated { player, .. } => {
                self.moves.remove(player);
            }
            _ => {}
        }
        Ok(())
    }

    fn join(&mut self, name: String) -> Result<(usize, Vec<Happening>), HexRefusal> {
        if self.game.is_over() {
            return Err(HexRefusal::Over);
        }
        if self.game.players().len() >= MAX_PLAYERS {
            return Err(HexRefusal::Full);
        }
        let place = self.game.add_player(name.clone());
        Ok((place, vec![Happening::Joined(name)]))
    }

    fn leave(&mut self, place: usize) -> Result<Vec<Happening>, HexRefusal> {
        if self.phase() != Phase::Waiting {
            return Err(HexRefusal::Begun);
        }
        if place >= self.game.players().len() {
            return Err(HexRefusal::NoSuchPlayer(place));
        }
        let left = self
            .happen(Happening::Left(place))
            .map_err(HexRefusal::Announcement)?;
        Ok(vec![left])
    }

    fn start(&mut self) -> Result<Vec<Happening>, HexRefusal> {
        if self.phase() != Phase::Waiting {
            return Err(HexRefusal::Begun);
        }
        let started = self
            .happen(Happening::RoundStarted)
            .map_err(|_| HexRefusal::NoObjective(NO_OBJECTIVE.into()))?;
        Ok(vec![started])
    }

    fn claim(
        &mut self,
        player: usize,
        steps: Vec<Step>,
        at: Duration,
    ) -> Result<Vec<Happening>, HexRefusal> {
        if self.game.round().is_none() {
            return Err(HexRefusal::NoRound);
        }
        self.game.check(&steps).map_err(HexRefusal::NotASolution)?;
        let n = steps.len();
        self.game
            .announce(player, n, at)
            .map_err(HexRefusal::Announcement)?;
        self.moves.insert(player, steps);
        Ok(vec![Happening::Announced {
            player,
            steps: n,
            at,
        }])
    }

    fn deadline(&self) -> Option<Duration> {
        self.game.round().map(|_| self.game.settings().round_time)
    }

    /// Demonstrations, lowest announcement first (the earliest among equals), until one
    /// works; then the round ends.
    fn time_up(&mut self, at: Duration) -> Vec<Happening> {
        let Some(round) = self.game.round() else {
            return Vec::new();
        };
        let mut happenings = Vec::new();
        let mut winner = None;
        for a in round.order() {
            let Some(steps) = self.moves.remove(&a.player) else {
                continue;
            };
            let verdict = self.game.demonstrate(a.player, &steps, at);
            happenings.push(Happening::Demonstrated {
                player: a.player,
                steps: steps.clone(),
                at,
            });
            if let Ok(Demonstration::Wins { .. }) = verdict {
                winner = Some((a.player, steps));
                break;
            }
        }
        self.moves.clear();
        if let Ok(ended) = self.happen(Happening::RoundEnded { winner }) {
            happenings.push(ended);
        }
        happenings
    }

    fn in_round(&self) -> bool {
        self.game.round().is_some()
    }

    fn next_round(&mut self) -> Result<Vec<Happening>, HexRefusal> {
        match self.phase() {
            Phase::Waiting => return Err(HexRefusal::NoRound),
            Phase::Over => return Err(HexRefusal::Over),
            Phase::Racing if self.in_round() => return Err(HexRefusal::RoundOn),
            Phase::Racing => {}
        }
        let started = self
            .happen(Happening::RoundStarted)
            .map_err(|_| HexRefusal::NoObjective(NO_OBJECTIVE.into()))?;
        Ok(vec![started])
    }

    fn again(&self, seed: u64) -> (HexRace, Vec<Happening>) {
        let mut next = HexRace::new(seed, self.game.settings());
        let mut happenings = Vec::new();
        for p in self.game.players() {
            if let Ok(joined) = next.happen(Happening::Joined(p.name.clone())) {
                happenings.push(joined);
            }
        }
        (next, happenings)
    }

    fn phase(&self) -> Phase {
        if self.game.round().is_none() && self.game.played() == 0 {
            Phase::Waiting
        } else if self.game.is_over() {
            Phase::Over
        } else {
            Phase::Racing
        }
    }

    fn players(&self) -> Vec<Standing> {
        self.game
            .players()
            .iter()
            .enumerate()
            .map(|(place, p)| Standing {
                place,
                name: p.name.clone(),
                score: p.score,
            })
            .collect()
    }

    /// By score, then by rounds won optimally, then by place: as [`Game::standings`].
    fn standings(&self) -> Vec<Standing> {
        let players = self.game.players();
        let mut order: Vec<usize> = (0..players.len()).collect();
        order.sort_by_key(|&i| {
            (
                std::cmp::Reverse(players[i].score),
                std::cmp::Reverse(players[i].optimal),
            )
        });
        let all = self.players();
        order.into_iter().map(|i| all[i].clone()).collect()
    }

    fn secret(&self, player: usize) -> Option<Vec<Step>> {
        self.moves.get(&player).cloned()
    }

    fn view(&self, viewer: Option<usize>) -> HexRace {
        let mut view = self.clone();
        view.moves.retain(|&p, _| Some(p) == viewer);
        view
    }

    fn rival(level: &str, seed: u64) -> Result<HexRival, crate::games::UnknownRival> {
        Ok(HexRival {
            rival: Rival::new(level, seed)?,
            plan: None,
        })
    }

    fn rival_level(rival: &HexRival) -> &'static str {
        rival.rival.level
    }

    /// Two a round: rivals plan when a round begins and drop their plans when it ends.
    fn moment(&self) -> u64 {
        2 * self.game.played() as u64 + u64::from(self.in_round())
    }

    fn look(&self, rival: &mut HexRival, _at: Duration) -> Option<Duration> {
        rival.plan = self
            .game
            .round()
            .and_then(|round| rival.rival.plan(&self.game, round));
        rival.plan.as_ref().map(|plan| plan.at)
    }

    fn rival_claim(&self, rival: &mut HexRival) -> Option<Vec<Step>> {
        rival.plan.take().map(|plan| plan.steps)
    }
}

/// Why a round could not begin: the board allows no objective.
const NO_OBJECTIVE: &str = "no objective could be drawn for the next round";
