//! The trait every race implements (Triad, Hex paths): several players on one shared state,
//! changed only by happenings applied in order, so a table can decide a race once and every
//! copy of it — a player's screen, a spectator's, a late joiner's — reaches the same state by
//! applying the same list.
//!
//! Pure: no I/O and no clock reads. Time is passed in on the race clock, which starts when
//! the race starts and, in a race of rounds, again when each round starts.

use std::fmt;
use std::time::Duration;

use super::GameKind;

/// Where a race stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Players gather; nothing is dealt to play yet.
    Waiting,
    Racing,
    /// Nothing more can be claimed; the standings are final.
    Over,
}

/// One player as the standings list them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// Their place among the players (the order they joined in).
    pub place: usize,
    pub name: String,
    pub score: i32,
}

/// A race: the state all players share and the rules that change it.
///
/// Invariants, checked for every race by the contract suite (`tests/it/race_contract.rs`):
/// - the same seed and settings give the same race;
/// - every change comes as happenings: applying the happenings a call returned, in order, to
///   [`view(None)`](Race::view) of the state before the call gives `view(None)` of the state
///   after it (so a late joiner, sent the whole list, reaches the state everyone sees);
/// - a refused call (`Err`) changes nothing;
/// - [`view(Some(p))`](Race::view) holds player `p`'s secret and nobody else's;
/// - once [`phase`](Race::phase) is [`Phase::Over`], every claim is refused and time brings
///   nothing.
pub trait Race: Clone + PartialEq + fmt::Debug + Send + 'static {
    /// Which game this is, for the lobby and the logs.
    const KIND: GameKind;
    /// The most players at one race, people and computers together.
    const MAX_PLAYERS: usize;
    /// Everything besides the seed that decides the race (rounds, their length).
    type Settings: Clone + fmt::Debug + Default + Send + 'static;
    /// One thing that changed the shared state.
    type Happening: Clone + fmt::Debug + PartialEq + Send + 'static;
    /// What a player may claim (a triad, a move found).
    type Claim: Clone + fmt::Debug + Send + 'static;
    /// Why a claim or a request was refused.
    type Refusal: Clone + fmt::Debug + fmt::Display + PartialEq + Send + 'static;
    /// What one player knows and the others may not see yet (a move not yet shown).
    type Secret: Clone + fmt::Debug + PartialEq + Send + 'static;
    /// A computer player and whatever it keeps between looks.
    type Rival: Send + 'static;
    /// Why a happening decided elsewhere does not fit the race as it stands (a copy out
    /// of step with the table that decided it).
    type Unfit: std::error::Error + Send + Sync + 'static;

    /// A race dealt from `seed`, waiting for players.
    fn new(seed: u64, settings: &Self::Settings) -> Self;
    /// The deal.
    fn seed(&self) -> u64;
    fn settings(&self) -> &Self::Settings;
    /// Applies a happening decided elsewhere; the reason if it does not fit this state.
    fn apply(&mut self, happening: &Self::Happening) -> Result<(), Self::Unfit>;

    /// Seats a player named `name` at the end; returns their place and what happened.
    fn join(&mut self, name: String) -> Result<(usize, Vec<Self::Happening>), Self::Refusal>;
    /// The player at `place` leaves before the race begins (the places after move up).
    fn leave(&mut self, place: usize) -> Result<Vec<Self::Happening>, Self::Refusal>;
    /// Begins the race (its first round).
    fn start(&mut self) -> Result<Vec<Self::Happening>, Self::Refusal>;
    /// Player `player` claims `claim` at `at`: it becomes happenings (a wrong claim too, when
    /// the rules make it cost something), or is refused with the reason and changes nothing.
    fn claim(
        &mut self,
        player: usize,
        claim: Self::Claim,
        at: Duration,
    ) -> Result<Vec<Self::Happening>, Self::Refusal>;

    /// When time next changes the race by itself (a round's time up), on the race clock.
    fn deadline(&self) -> Option<Duration>;
    /// The time of the current round is up at `at` (its deadline came, or every player said
    /// they are done): what that brings. Nothing when no round is on.
    fn time_up(&mut self, at: Duration) -> Vec<Self::Happening>;
    /// What time brings by `at`: the round's end once its deadline has come.
    fn advance(&mut self, at: Duration) -> Vec<Self::Happening> {
        match self.deadline() {
            Some(due) if at >= due => self.time_up(due),
            _ => Vec::new(),
        }
    }
    /// Whether a round is being played (claims are taken).
    fn in_round(&self) -> bool;
    /// Begins the next round once the last is over; refused when none is due.
    fn next_round(&mut self) -> Result<Vec<Self::Happening>, Self::Refusal>;
    /// A new race for the same players on a deal from `seed`, waiting to begin, and the
    /// players' joins: those and what [`start`](Race::start) then brings lead to the begun
    /// race from [`new`](Race::new)`(seed, settings)`. (A race may carry something over
    /// that only its start tells, such as Triad's count of tableaus, so stale claims stay
    /// stale.)
    fn again(&self, seed: u64) -> (Self, Vec<Self::Happening>);

    fn phase(&self) -> Phase;
    fn is_over(&self) -> bool {
        self.phase() == Phase::Over
    }
    /// The players in their places.
    fn players(&self) -> Vec<Standing>;
    /// The players best first; ties keep an order the game decides.
    fn standings(&self) -> Vec<Standing>;
    /// The player with the best score, unless it is shared (or nobody plays).
    fn winner(&self) -> Option<Standing> {
        let standings = self.standings();
        match standings.as_slice() {
            [first, second, ..] if first.score == second.score => None,
            [first, ..] => Some(first.clone()),
            [] => None,
        }
    }

    /// Player `player`'s secret now, if they hold one.
    fn secret(&self, player: usize) -> Option<Self::Secret>;
    /// The race as `viewer` may see it (`None`: a spectator): every secret but the viewer's
    /// removed.
    fn view(&self, viewer: Option<usize>) -> Self;

    /// A computer rival of level `level`, drawing from `seed`; the reason if no such level.
    fn rival(level: &str, seed: u64) -> Result<Self::Rival, super::UnknownRival>;
    /// The level a rival was made with.
    fn rival_level(rival: &Self::Rival) -> &'static str;
    /// Changes whenever rivals must look at the race anew (a triad taken, a round begun).
    fn moment(&self) -> u64;
    /// The rival looks at the race at `at`: when it will claim, if it sees anything.
    fn look(&self, rival: &mut Self::Rival, at: Duration) -> Option<Duration>;
    /// What the rival claims, now that its time has come.
    fn rival_claim(&self, rival: &mut Self::Rival) -> Option<Self::Claim>;
}
