//! Triad as a race: several players share one tableau and claim triads; the first valid
//! claim takes it, a wrong claim costs a point and locks that player out for a while. Pure:
//! time is passed in as the time since the race began, and whoever calls decides the order
//! of claims (a server takes them as they arrive). A solitaire is a race of one.
//!
//! Computer rivals answer after a delay that depends on their level and on how many triads
//! the table shows, drawn from their own seeded stream.

use std::time::Duration;

use super::find::{count_triads, triads};
use super::game::{Found, Game, PickError};
use crate::games::rng::{GameRng, below, seeded};

/// How long a wrong claim locks its player out.
pub const LOCKOUT: Duration = Duration::from_secs(3);

/// Computer rivals, strongest first, with the time they take on average to see a triad on
/// a table that holds one (less when it holds more).
pub const LEVELS: [(&str, Duration); 3] = [
    ("hard", Duration::from_secs(6)),
    ("medium", Duration::from_secs(12)),
    ("easy", Duration::from_secs(24)),
];

/// One player of a race and how it is going.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Racer {
    pub name: String,
    /// Triads taken, less one for every wrong claim.
    pub score: i32,
    pub found: u32,
    pub wrong: u32,
    /// Locked out until this time (since the start), after a wrong claim.
    pub locked_until: Option<Duration>,
}

/// What a claim did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The triad is the claimer's.
    Taken(Found),
    /// Not a triad: a point lost and locked out until `until`.
    Wrong { reason: String, until: Duration },
    /// The claimer is locked out for `left` more.
    Locked { left: Duration },
    /// The table changed since the claimer looked (someone was faster): nothing happens.
    Stale,
    /// Positions off the table or repeated: nothing happens.
    Refused(PickError),
    /// The game is over.
    Over,
}

/// A race at one table.
///
/// Invariant: `version` goes up exactly when the tableau changes (a triad taken).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Race {
    game: Game,
    racers: Vec<Racer>,
    version: u64,
}

impl Race {
    /// A race for `names` (the first is usually the person at this screen) on a game dealt
    /// from `seed`.
    pub fn new(seed: u64, names: Vec<String>) -> Race {
        Race {
            game: Game::new(seed),
            racers: names
                .into_iter()
                .map(|name| Racer {
                    name,
                    score: 0,
                    found: 0,
                    wrong: 0,
                    locked_until: None,
                })
                .collect(),
            version: 0,
        }
    }

    /// A copy of a race decided elsewhere (by a server's table): the game from `seed` with
    /// the triads `taken` so far, the players as reported, and the table's `version`, so
    /// claims made from the copy name the table as the race sees it.
    pub fn following(
        seed: u64,
        racers: Vec<Racer>,
        taken: &[[usize; 3]],
        version: u64,
    ) -> Result<Race, PickError> {
        let mut race = Race::new(seed, Vec::new());
        for &positions in taken {
            race.game.pick(positions)?;
        }
        race.racers = racers;
        race.version = version;
        Ok(race)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn racers(&self) -> &[Racer] {
        &self.racers
    }

    /// Which tableau claims are made against; it changes whenever a triad is taken.
    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Player `who` claims the cards at `positions` as seen at table `version`, at time `at`.
    pub fn claim(
        &mut self,
        who: usize,
        positions: [usize; 3],
        version: u64,
        at: Duration,
    ) -> Claim {
        if self.game.is_over() {
            return Claim::Over;
        }
        let Some(racer) = self.racers.get(who) else {
            return Claim::Stale;
        };
        if let Some(until) = racer.locked_until.filter(|&u| u > at) {
            return Claim::Locked { left: until - at };
        }
        if version != self.version {
            return Claim::Stale;
        }
        match self.take(who, positions) {
            Ok(found) => Claim::Taken(found),
            Err(PickError::NotTriad(reason)) => {
                let until = self.penalize(who, at);
                Claim::Wrong { reason, until }
            }
            Err(PickError::Over) => Claim::Over,
            Err(e) => Claim::Refused(e),
        }
    }

    /// Player `who` takes the triad at `positions`: the tableau moves on and the triad counts
    /// for them. Refused (nothing changes) when the cards are no triad.
    pub fn take(&mut self, who: usize, positions: [usize; 3]) -> Result<Found, PickError> {
        let found = self.apply(positions)?;
        if let Some(racer) = self.racers.get_mut(who) {
            racer.score += 1;
            racer.found += 1;
        }
        Ok(found)
    }

    /// Player `who` claimed cards that are no triad at `at`: a point lost and locked out
    /// until the time returned.
    pub fn penalize(&mut self, who: usize, at: Duration) -> Duration {
        let until = at + LOCKOUT;
        if let Some(racer) = self.racers.get_mut(who) {
            racer.score -= 1;
            racer.wrong += 1;
            racer.locked_until = Some(until);
        }
        until
    }

    /// Claims from now on name the table at `version` (a race dealt again goes on counting).
    pub fn set_version(&mut self, version: u64) {
        self.version = version;
    }

    /// A player joins the race with no points; returns their place among the players.
    pub fn join(&mut self, name: String) -> usize {
        self.racers.push(Racer {
            name,
            score: 0,
            found: 0,
            wrong: 0,
            locked_until: None,
        });
        self.racers.len() - 1
    }

    /// The player at `who` leaves a race that has not begun (nothing of theirs to keep).
    pub fn remove(&mut self, who: usize) {
        if who < self.racers.len() {
            self.racers.remove(who);
        }
    }

    /// The triad at `positions` was taken in a race decided elsewhere (a screen following a
    /// server's table): the tableau moves on exactly as it did there.
    pub fn apply(&mut self, positions: [usize; 3]) -> Result<Found, PickError> {
        let found = self.game.pick(positions)?;
        self.version += 1;
        Ok(found)
    }

    /// The players and their scores as the table deciding the race reports them.
    pub fn set_racers(&mut self, racers: Vec<Racer>) {
        self.racers = racers;
    }

    /// A new race for the same players on a game dealt from `seed`, every score back to
    /// nothing. The version goes on counting, so no claim against the old table counts.
    pub fn again(&mut self, seed: u64) {
        let names = self.racers.drain(..).map(|r| r.name).collect();
        let version = self.version + 1;
        *self = Race::new(seed, names);
        self.version = version;
    }

    /// The player with the best score, unless it is shared (or nobody plays).
    pub fn winner(&self) -> Option<&Racer> {
        match self.standings().as_slice() {
            [first, second, ..] if first.score == second.score => None,
            [first, ..] => Some(first),
            [] => None,
        }
    }

    /// Players by score, best first (then by fewer wrong claims, then by order of joining).
    pub fn standings(&self) -> Vec<&Racer> {
        let mut order: Vec<&Racer> = self.racers.iter().collect();
        order.sort_by_key(|r| (std::cmp::Reverse(r.score), r.wrong));
        order
    }
}

/// A computer rival: sees a triad after a delay set by its level, then claims it.
#[derive(Debug, Clone)]
pub struct Rival {
    pub level: &'static str,
    mean: Duration,
    rng: GameRng,
}

impl Rival {
    /// A rival of level `name` (one of [`LEVELS`]) drawing its delays from `seed`.
    pub fn new(name: &str, seed: u64) -> Result<Rival, crate::games::UnknownRival> {
        let (level, mean) = crate::games::rival_level(&LEVELS, name)?;
        Ok(Rival {
            level,
            mean,
            rng: seeded(seed),
        })
    }

    /// How long the rival takes to see a triad on `game`'s table, drawn afresh: its level's
    /// mean, anywhere from 60% to 140% of it, shorter when the table holds more triads;
    /// `None` when there is none to see.
    pub fn delay(&mut self, game: &Game) -> Option<Duration> {
        let n = count_triads(game.tableau());
        if n == 0 {
            return None;
        }
        let jitter = 0.6 + 0.8 * (below(&mut self.rng, 1001) as f64 / 1000.0);
        let easier = 3.0 / (2.0 + n as f64);
        Some(self.mean.mul_f64(jitter * easier))
    }

    /// The triad the rival claims: one of those on the table, at random.
    pub fn choose(&mut self, game: &Game) -> Option<[usize; 3]> {
        let all = triads(game.tableau());
        if all.is_empty() {
            return None;
        }
        Some(all[below(&mut self.rng, all.len() as u64) as usize])
    }
}
