//! Triad as a [`Race`]: the shared tableau, the triads taken and the
//! wrong claims as happenings, and the race in one round (Triad has no secrets and no
//! deadline; a wrong claim's lockout is checked against the time a claim is made).

use std::convert::Infallible;
use std::time::Duration;

use super::game::PickError;
use super::race::{self, Claim, Rival};
use crate::games::GameKind;
use crate::games::race::{Phase, Race, Standing};

/// The most players at one race, people and computers together.
pub const MAX_RACERS: usize = 8;

/// A Triad race as tables and screens share it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriadRace {
    race: race::Race,
    started: bool,
}

/// What changes a Triad race, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TriadHappening {
    /// A player joins, named so.
    Joined(String),
    /// Before the race begins, the player at this place leaves (those after move up).
    Left(usize),
    /// The race begins; claims name the table at `version` from now on.
    Started { version: u64 },
    /// Player `by` took the triad at `positions`.
    Taken { by: usize, positions: [usize; 3] },
    /// Player `by` claimed cards that are no triad at `at`, for `reason`: a point lost and
    /// locked out.
    Wrong {
        by: usize,
        positions: [usize; 3],
        reason: String,
        at: Duration,
    },
}

/// A claim: three positions, as seen at table `version`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TriadClaim {
    pub positions: [usize; 3],
    pub version: u64,
}

/// Why a Triad claim or request came to nothing; the texts are the ones players read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TriadRefusal {
    #[error("The race has not begun")]
    NotBegun,
    #[error("The race is on")]
    Begun,
    #[error("The race is over")]
    Over,
    #[error("Locked out for {:.0} s more", .0.as_secs_f64().ceil())]
    Locked(Duration),
    #[error("Too late: the table changed; pick again")]
    Stale,
    #[error("{0}")]
    Pick(PickError),
    #[error("A race has at most {MAX_RACERS} players")]
    Full,
    #[error("There is no player {0}")]
    NoSuchPlayer(usize),
    #[error("A race of Triad has one round")]
    OneRound,
}

impl TriadRace {
    /// The race itself: the game, the players' scores, the table's version.
    pub fn race(&self) -> &race::Race {
        &self.race
    }
}

/// Why a happening does not fit a Triad race as it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TriadUnfit {
    #[error("a player leaves only before the race begins")]
    LateLeave,
    #[error("the race has begun already")]
    Begun,
    /// The player (by place) is not racing, or the race has not begun.
    #[error("player {0} cannot take a triad now")]
    CannotTake(usize),
    /// The player (by place) is not racing, or the race has not begun.
    #[error("player {0} cannot claim now")]
    CannotClaim(usize),
    /// The triad taken is not one on the table.
    #[error(transparent)]
    Take(#[from] PickError),
}

impl Race for TriadRace {
    const KIND: GameKind = GameKind::Triad;
    const MAX_PLAYERS: usize = MAX_RACERS;
    type Settings = ();
    type Happening = TriadHappening;
    type Claim = TriadClaim;
    type Refusal = TriadRefusal;
    type Secret = Infallible;
    type Rival = Rival;
    type Unfit = TriadUnfit;

    fn new(seed: u64, _settings: &()) -> TriadRace {
        TriadRace {
            race: race::Race::new(seed, Vec::new()),
            started: false,
        }
    }

    fn seed(&self) -> u64 {
        self.race.game().seed()
    }

    fn settings(&self) -> &() {
        &()
    }

    fn apply(&mut self, happening: &TriadHappening) -> Result<(), TriadUnfit> {
        match happening {
            TriadHappening::Joined(name) => {
                self.race.join(name.clone());
            }
            TriadHappening::Left(place) => {
                if self.started || *place >= self.race.racers().len() {
                    return Err(TriadUnfit::LateLeave);
                }
                self.race.remove(*place);
            }
            TriadHappening::Started { version } => {
                if self.started {
                    return Err(TriadUnfit::Begun);
                }
                self.started = true;
                self.race.set_version(*version);
            }
            TriadHappening::Taken { by, positions } => {
                if !self.started || *by >= self.race.racers().len() {
                    return Err(TriadUnfit::CannotTake(*by));
                }
                self.race.take(*by, *positions)?;
            }
            TriadHappening::Wrong { by, at, .. } => {
                if !self.started || *by >= self.race.racers().len() {
                    return Err(TriadUnfit::CannotClaim(*by));
                }
                self.race.penalize(*by, *at);
            }
        }
        Ok(())
    }

    fn join(&mut self, name: String) -> Result<(usize, Vec<TriadHappening>), TriadRefusal> {
        if self.phase() == Phase::Over {
            return Err(TriadRefusal::Over);
        }
        if self.race.racers().len() >= MAX_RACERS {
            return Err(TriadRefusal::Full);
        }
        let place = self.race.join(name.clone());
        Ok((place, vec![TriadHappening::Joined(name)]))
    }

    fn leave(&mut self, place: usize) -> Result<Vec<TriadHappening>, TriadRefusal> {
        if self.started {
            return Err(TriadRefusal::Begun);
        }
        if place >= self.race.racers().len() {
            return Err(TriadRefusal::NoSuchPlayer(place));
        }
        self.race.remove(place);
        Ok(vec![TriadHappening::Left(place)])
    }

    fn start(&mut self) -> Result<Vec<TriadHappening>, TriadRefusal> {
        if self.started {
            return Err(TriadRefusal::Begun);
        }
        self.started = true;
        Ok(vec![TriadHappening::Started {
            version: self.race.version(),
        }])
    }

    fn claim(
        &mut self,
        player: usize,
        claim: TriadClaim,
        at: Duration,
    ) -> Result<Vec<TriadHappening>, TriadRefusal> {
        if !self.started {
            return Err(TriadRefusal::NotBegun);
        }
        if player >= self.race.racers().len() {
            return Err(TriadRefusal::NoSuchPlayer(player));
        }
        let TriadClaim { positions, version } = claim;
        match self.race.claim(player, positions, version, at) {
            Claim::Taken(_) => Ok(vec![TriadHappening::Taken {
                by: player,
                positions,
            }]),
            Claim::Wrong { reason, .. } => Ok(vec![TriadHappening::Wrong {
                by: player,
                positions,
                reason,
                at,
            }]),
            Claim::Locked { left } => Err(TriadRefusal::Locked(left)),
            Claim::Stale => Err(TriadRefusal::Stale),
            Claim::Refused(e) => Err(TriadRefusal::Pick(e)),
            Claim::Over => Err(TriadRefusal::Over),
        }
    }

    fn deadline(&self) -> Option<Duration> {
        None
    }

    fn time_up(&mut self, _at: Duration) -> Vec<TriadHappening> {
        Vec::new()
    }

    fn in_round(&self) -> bool {
        self.phase() == Phase::Racing
    }

    fn next_round(&mut self) -> Result<Vec<TriadHappening>, TriadRefusal> {
        Err(TriadRefusal::OneRound)
    }

    fn again(&self, seed: u64) -> (TriadRace, Vec<TriadHappening>) {
        let mut next = self.race.clone();
        next.again(seed);
        let happenings = next
            .racers()
            .iter()
            .map(|r| TriadHappening::Joined(r.name.clone()))
            .collect();
        (
            TriadRace {
                race: next,
                started: false,
            },
            happenings,
        )
    }

    fn phase(&self) -> Phase {
        if !self.started {
            Phase::Waiting
        } else if self.race.is_over() {
            Phase::Over
        } else {
            Phase::Racing
        }
    }

    fn players(&self) -> Vec<Standing> {
        self.race
            .racers()
            .iter()
            .enumerate()
            .map(|(place, r)| Standing {
                place,
                name: r.name.clone(),
                score: r.score,
            })
            .collect()
    }

    /// By score, then by fewer wrong claims, then by place: as [`race::Race::standings`].
    fn standings(&self) -> Vec<Standing> {
        let racers = self.race.racers();
        let mut order: Vec<usize> = (0..racers.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(racers[i].score), racers[i].wrong));
        let players = self.players();
        order.into_iter().map(|i| players[i].clone()).collect()
    }

    fn secret(&self, _player: usize) -> Option<Infallible> {
        None
    }

    fn view(&self, _viewer: Option<usize>) -> TriadRace {
        self.clone()
    }

    fn rival(level: &str, seed: u64) -> Result<Rival, crate::games::UnknownRival> {
        Rival::new(level, seed)
    }

    fn rival_level(rival: &Rival) -> &'static str {
        rival.level
    }

    fn moment(&self) -> u64 {
        self.race.version()
    }

    fn look(&self, rival: &mut Rival, at: Duration) -> Option<Duration> {
        if self.phase() != Phase::Racing {
            return None;
        }
        rival.delay(self.race.game()).map(|d| at + d)
    }

    fn rival_claim(&self, rival: &mut Rival) -> Option<TriadClaim> {
        rival.choose(self.race.game()).map(|positions| TriadClaim {
            positions,
            version: self.race.version(),
        })
    }
}
