//! The setup of a match of a two-player game on the platform ([`DuelConfig`]): its seats,
//! seed, thinking time and the game's own options, kept at the head of its record; and
//! [`Turn`], one accepted move and what it did, as records and matches keep it.

use serde::{Deserialize, Serialize};

use super::Seat;
use super::clock::TimeControl;
use crate::games::{Side, Strategy, TwoPlayer, UnknownStrategy};

/// The computer players of the two seats, first mover's first; `None` for a person.
pub type Computers<G> = [Option<Box<dyn Strategy<G>>>; 2];

/// Everything that decides a match before the first move.
///
/// Invariant: the same config starts the same game, and seeds the computer seats the same
/// way, on every machine.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct DuelConfig<G: TwoPlayer> {
    /// The first mover's seat, then the other's.
    #[serde(with = "seat_pair")]
    pub seats: [Seat; 2],
    /// Drives any random computer player (and any random start). Always set.
    pub seed: u64,
    /// Thinking time per move for searching computer players, in milliseconds.
    pub think_ms: u64,
    /// The game's own options (a start position, a board size).
    #[serde(default)]
    pub options: G::Options,
    /// The match's time control; without one, no clock (records before clocks have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
}

impl<G: TwoPlayer> DuelConfig<G> {
    /// A config with default options.
    pub fn new(seats: [Seat; 2], seed: u64, think_ms: u64) -> DuelConfig<G> {
        DuelConfig {
            seats,
            seed,
            think_ms,
            options: G::Options::default(),
            clock: None,
        }
    }

    pub fn seat(&self, side: Side) -> &Seat {
        &self.seats[side.index()]
    }

    /// The seed of a computer seat: derived from the match seed, different per side (the same
    /// derivation as Three Trios, so `trios sim` game i plays like `--seed SEED+i`).
    pub fn ai_seed(&self, side: Side) -> u64 {
        ai_seed_of(self.seed, side)
    }

    /// Checks that every computer seat names a strategy of this game.
    pub fn check_seats(&self) -> Result<(), UnknownStrategy> {
        for seat in &self.seats {
            if let Seat::Computer(name) = seat {
                G::strategy(name, 0, self.think_ms)?;
            }
        }
        Ok(())
    }

    /// The strategies of the computer seats, seeded per side; `None` for people.
    pub fn strategies(&self) -> Result<Computers<G>, UnknownStrategy> {
        let build = |side: Side| match self.seat(side) {
            Seat::Human => Ok(None),
            Seat::Computer(name) => {
                G::strategy_for(name, self.ai_seed(side), self.think_ms, &self.options).map(Some)
            }
        };
        Ok([build(Side::First)?, build(Side::Second)?])
    }
}

impl<G: TwoPlayer> PartialEq for DuelConfig<G> {
    fn eq(&self, other: &DuelConfig<G>) -> bool {
        self.seats == other.seats
            && self.seed == other.seed
            && self.think_ms == other.think_ms
            && self.options == other.options
            && self.clock == other.clock
    }
}

/// [`DuelConfig::ai_seed`] for a match seed alone.
pub fn ai_seed_of(seed: u64, side: Side) -> u64 {
    seed.rotate_left(17)
        .wrapping_add(0xA076_1D64_78BD_642F_u64.wrapping_mul(side.index() as u64 + 1))
}

/// Seats as plain strings in records. They are checked against the game's strategies when a
/// match starts from them, so the message can name the game's own players.
mod seat_pair {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::setup::Seat;

    pub fn serialize<S: Serializer>(seats: &[Seat; 2], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(seats.iter().map(|seat| seat.to_string()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Seat; 2], D::Error> {
        let [a, b] = <[String; 2]>::deserialize(d)?;
        Ok([Seat::named(&a), Seat::named(&b)])
    }
}

/// One accepted move and what it did.
///
/// A turn reads as what it did (`turn.card`, `turn.flip_count()` for Three Trios): the
/// played record is the move's whole story as the log, the animation and replay show it; the
/// side and move beside it are what every game keeps.
#[derive(Debug, Clone)]
pub struct Turn<G: TwoPlayer> {
    pub side: Side,
    pub mv: G::Move,
    pub played: G::Played,
    /// Both sides' time left after the move, in milliseconds (first mover's first), where
    /// the match is on a clock.
    pub clock: Option<[u64; 2]>,
}

impl<G: TwoPlayer> std::ops::Deref for Turn<G> {
    type Target = G::Played;
    fn deref(&self) -> &G::Played {
        &self.played
    }
}

impl<G: TwoPlayer> PartialEq for Turn<G>
where
    G::Played: PartialEq,
{
    fn eq(&self, other: &Turn<G>) -> bool {
        self.side == other.side && self.mv == other.mv && self.played == other.played
    }
}
