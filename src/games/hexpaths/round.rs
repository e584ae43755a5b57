//! A game of Hex paths in rounds, as RULES.md decides what the brief leaves open. Each round
//! draws an objective (a piece and a free nook it can reach) of the round's difficulty; the
//! players announce how many steps their move takes, at any time before the time is up, each
//! announcement lower than their last; then the lowest announcement (the earliest among
//! equals) demonstrates its move, and if that fails, the next, and so on. The pieces stay
//! where the winning move left them, or where the optimal move leaves them when nobody wins.
//! Pure: time is passed in as the time since the round began.
//!
//! Scoring: a move of the optimal length scores 3, a longer one 1; a failed demonstration
//! costs 1. A lone player scores the same, plus 1 for a move found in the first half of the
//! time. A round in which the lone player took a hint (a step of a shortest move, shown)
//! scores 1 whatever the move: the points are for finding the move, and a hint finds it.

use std::time::Duration;

use rand_chacha::ChaCha8Rng;

use super::board::Board;
use super::geometry::Cell;
use super::random::{Difficulty, Objective, draw_objective, new_game};
use super::solve::{Step, replay};
use super::state::State;
use crate::games::rng::{below, seeded};

/// Rounds in a game unless told otherwise.
pub const ROUNDS: usize = 10;
/// Seconds a round lasts unless told otherwise.
pub const ROUND_SECS: u64 = 60;

/// How a game is set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Pieces on the board, one to four.
    pub pieces: usize,
    pub rounds: usize,
    pub round_time: Duration,
    /// Every round's difficulty; `None` rises through the game (easy, medium, hard, and with
    /// several pieces every third round needs another piece moved).
    pub difficulty: Option<Difficulty>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            pieces: 4,
            rounds: ROUNDS,
            round_time: Duration::from_secs(ROUND_SECS),
            difficulty: None,
        }
    }
}

/// A player and how the game is going for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub score: i32,
    /// Rounds won with a move of the optimal length, and with any move.
    pub optimal: u32,
    pub won: u32,
}

/// A step count a player says their move takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Announcement {
    pub player: usize,
    pub steps: usize,
    /// When, since the round began.
    pub at: Duration,
}

/// The round being played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// From 1.
    pub number: usize,
    pub objective: Objective,
    /// Where the pieces stood when the round began.
    pub pieces: Vec<Cell>,
    pub announcements: Vec<Announcement>,
    /// Whether a hint was taken this round (see [`Game::take_hint`]).
    pub hinted: bool,
}

impl Round {
    /// The cell of the piece to bring to the goal, as the round began.
    pub fn piece_cell(&self) -> Cell {
        self.pieces[self.objective.piece]
    }

    /// The optimal length.
    pub fn optimal(&self) -> usize {
        self.objective.solution.len()
    }

    /// Who demonstrates, in order: the lowest announcement first, the earliest among equals.
    pub fn order(&self) -> Vec<Announcement> {
        let mut order = self.announcements.clone();
        order.sort_by_key(|a| (a.steps, a.at));
        order
    }

    /// A player's announcement, if they made one.
    pub fn announced(&self, player: usize) -> Option<usize> {
        self.announcements
            .iter()
            .find(|a| a.player == player)
            .map(|a| a.steps)
    }
}

/// Why the game refused an announcement, a move or a happening as it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    /// No player sits at this place (counted from 0; the words count from 1).
    #[error("there is no player {}", .0 + 1)]
    NoPlayer(usize),
    #[error("no hints in a race: a hint would help one player alone")]
    HintInRace,
    #[error("no round is on")]
    NoRound,
    #[error("the time is up")]
    TimeUp,
    #[error("a move takes at least one step")]
    NothingAnnounced,
    /// An announcement must be lower than the player's last one.
    #[error("{name} already announced {last}; a new announcement must be lower")]
    NotLower { name: String, last: usize },
    #[error("the move has no steps")]
    NoSteps,
    /// Step `number` (counted from 1) is not a move the board allows.
    #[error("step {number} ({from} to {to}) is not a step")]
    NotAStep { number: usize, from: Cell, to: Cell },
    /// The round's piece is not on its goal when the move ends.
    #[error("the piece from {from} does not end on the nook at {goal}")]
    MissesGoal { from: Cell, goal: Cell },
    /// The move is longer than the player announced.
    #[error("the move takes {steps} steps, more than the {limit} announced")]
    OverAnnounced { steps: usize, limit: usize },
    #[error("a player leaves only before the first round")]
    LateLeave,
    #[error("no round left to start")]
    NoRoundLeft,
    #[error("no round to end")]
    NoRoundToEnd,
}

/// How a demonstration went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Demonstration {
    /// The move brings the piece to the goal in `steps` (no more than announced).
    Wins { steps: usize, points: i32 },
    /// It does not; the reason, and the point it cost.
    Fails { why: String },
}

/// How a round ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub round: usize,
    /// The winner and their move, if anyone won.
    pub winner: Option<(usize, Vec<Step>)>,
    /// The optimal move, to show.
    pub optimal: Vec<Step>,
    /// Where the pieces stood when the round began (where both moves start).
    pub pieces: Vec<Cell>,
}

/// A game of Hex paths.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    settings: Settings,
    /// The game as dealt: its barriers, and the pieces as they began.
    state: State,
    board: Board,
    /// Where the pieces stand now (after the first round, not always on nooks).
    pieces: Vec<Cell>,
    players: Vec<Player>,
    round: Option<Round>,
    outcomes: Vec<Outcome>,
    rng: ChaCha8Rng,
}

impl Game {
    /// A new game from `seed` for `names` (at least one player).
    pub fn new(seed: u64, settings: Settings, names: Vec<String>) -> Game {
        let state = new_game(seed, settings.pieces);
        Game::on(state, seed, settings, names)
    }

    /// A game on the board and pieces of `state`, objectives drawn from `seed`.
    pub fn on(state: State, seed: u64, settings: Settings, names: Vec<String>) -> Game {
        let board = state.board();
        Game {
            settings,
            board,
            pieces: state.pieces().to_vec(),
            state,
            players: names
                .into_iter()
                .map(|name| Player {
                    name,
                    score: 0,
                    optimal: 0,
                    won: 0,
                })
                .collect(),
            round: None,
            outcomes: Vec::new(),
            rng: seeded(seed ^ 0x6865_7870_6174_6873),
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The game as dealt.
    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Where the pieces stand between rounds (and as the current round began).
    pub fn pieces(&self) -> &[Cell] {
        &self.pieces
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    /// Every round played, in order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// Rounds finished.
    pub fn played(&self) -> usize {
        self.outcomes.len()
    }

    pub fn is_over(&self) -> bool {
        self.round.is_none() && self.played() >= self.settings.rounds
    }

    /// The difficulty of round `number` (from 1).
    pub fn difficulty_of(&self, number: usize) -> Difficulty {
        if let Some(d) = self.settings.difficulty {
            return d;
        }
        if self.settings.pieces > 1 && number.is_multiple_of(3) {
            return Difficulty::NeedsAnother;
        }
        match (number - 1) * 3 / self.settings.rounds.max(1) {
            0 => Difficulty::Easy,
            1 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }

    /// Begins the next round: draws its objective (of its difficulty when the pieces allow
    /// one, else any). `None` when the game is over or a round is on.
    pub fn start_round(&mut self) -> Option<&Round> {
        if self.round.is_some() || self.played() >= self.settings.rounds {
            return None;
        }
        let number = self.played() + 1;
        let wanted = self.difficulty_of(number);
        let pieces = self.pieces().to_vec();
        let objective = draw_objective(&self.board, &pieces, Some(wanted), &mut self.rng)
            .or_else(|| draw_objective(&self.board, &pieces, None, &mut self.rng))?;
        self.round = Some(Round {
            number,
            objective,
            pieces,
            announcements: Vec::new(),
            hinted: false,
        });
        self.round.as_ref()
    }

    /// Player `player` says their move takes `steps`, at `at` into the round. An
    /// announcement must beat the player's last one.
    pub fn announce(
        &mut self,
        player: usize,
        steps: usize,
        at: Duration,
    ) -> Result<(), RoundError> {
        if player >= self.players.len() {
            return Err(RoundError::NoPlayer(player));
        }
        let Some(round) = &mut self.round else {
            return Err(RoundError::NoRound);
        };
        if at > self.settings.round_time {
            return Err(RoundError::TimeUp);
        }
        if steps == 0 {
            return Err(RoundError::NothingAnnounced);
        }
        match round.announcements.iter_mut().find(|a| a.player == player) {
            Some(last) if steps >= last.steps => Err(RoundError::NotLower {
                name: self.players[player].name.clone(),
                last: last.steps,
            }),
            Some(last) => {
                *last = Announcement { player, steps, at };
                Ok(())
            }
            None => {
                round.announcements.push(Announcement { player, steps, at });
                Ok(())
            }
        }
    }

    /// Checks a move for the current round: every step a real one from the round's starting
    /// pieces, the piece at its goal at the end. Returns the pieces where the move leaves
    /// them.
    pub fn check(&self, steps: &[Step]) -> Result<Vec<Cell>, RoundError> {
        let Some(round) = &self.round else {
            return Err(RoundError::NoRound);
        };
        if steps.is_empty() {
            return Err(RoundError::NoSteps);
        }
        let end = replay(&self.board, &round.pieces, steps).map_err(|n| RoundError::NotAStep {
            number: n + 1,
            from: steps[n].from,
            to: steps[n].to,
        })?;
        if end[round.objective.piece] != round.objective.goal {
            return Err(RoundError::MissesGoal {
                from: round.piece_cell(),
                goal: round.objective.goal,
            });
        }
        Ok(end)
    }

    /// Player `player` demonstrates `steps` (having announced `limit`, if they did). A move
    /// that works and keeps within the announcement wins the round (see [`Game::finish`]);
    /// otherwise it costs a point.
    pub fn demonstrate(
        &mut self,
        player: usize,
        steps: &[Step],
        at: Duration,
    ) -> Result<Demonstration, RoundError> {
        let round = self.round.as_ref().ok_or(RoundError::NoRound)?;
        if player >= self.players.len() {
            return Err(RoundError::NoPlayer(player));
        }
        let limit = round.announced(player);
        let optimal = round.optimal();
        let verdict = match self.check(steps) {
            Ok(_) if limit.is_some_and(|l| steps.len() > l) => Err(RoundError::OverAnnounced {
                steps: steps.len(),
                limit: limit.unwrap_or_default(),
            }),
            Ok(_) => Ok(()),
            Err(why) => Err(why),
        };
        let solo = self.players.len() == 1;
        let fast = at * 2 <= self.settings.round_time;
        let hinted = round.hinted;
        let who = &mut self.players[player];
        Ok(match verdict {
            Ok(()) => {
                let mut points = if steps.len() <= optimal { 3 } else { 1 };
                if solo && fast {
                    points += 1;
                }
                // A hinted move was not found alone: it scores as a longer one, no bonus.
                if hinted {
                    points = 1;
                }
                who.score += points;
                who.won += 1;
                if steps.len() <= optimal && !hinted {
                    who.optimal += 1;
                }
                Demonstration::Wins {
                    steps: steps.len(),
                    points,
                }
            }
            Err(why) => {
                who.score -= 1;
                Demonstration::Fails {
                    why: why.to_string(),
                }
            }
        })
    }

    /// The lone player takes a hint: the round is marked, and a win in it scores 1. Only a
    /// lone player's round can be hinted: in a race a hint would help one player alone.
    pub fn take_hint(&mut self) -> Result<(), RoundError> {
        if self.players.len() != 1 {
            return Err(RoundError::HintInRace);
        }
        let round = self.round.as_mut().ok_or(RoundError::NoRound)?;
        round.hinted = true;
        Ok(())
    }

    /// Ends the round: the pieces move as the winner's move left them (`winner`: the player
    /// and the move that won), or as the optimal move leaves them when nobody won.
    pub fn finish(&mut self, winner: Option<(usize, Vec<Step>)>) -> Option<&Outcome> {
        let round = self.round.take()?;
        let optimal = round.objective.solution.steps.clone();
        let moved = winner
            .as_ref()
            .and_then(|(_, steps)| replay(&self.board, &round.pieces, steps).ok())
            .or_else(|| replay(&self.board, &round.pieces, &optimal).ok())
            .unwrap_or_else(|| round.pieces.clone());
        self.pieces = moved;
        self.outcomes.push(Outcome {
            round: round.number,
            winner,
            optimal,
            pieces: round.pieces,
        });
        self.outcomes.last()
    }

    /// A player joins the game with no points; returns their place.
    pub fn add_player(&mut self, name: String) -> usize {
        self.players.push(Player {
            name,
            score: 0,
            optimal: 0,
            won: 0,
        });
        self.players.len() - 1
    }

    /// Applies one thing that happened at a table deciding the game elsewhere; a game told
    /// the same happenings in the same order is the same game.
    pub fn apply(&mut self, happening: &Happening) -> Result<(), RoundError> {
        match happening {
            Happening::Joined(name) => {
                self.add_player(name.clone());
            }
            Happening::Left(player) => {
                if self.round.is_some() || self.played() > 0 || *player >= self.players.len() {
                    return Err(RoundError::LateLeave);
                }
                self.players.remove(*player);
            }
            Happening::RoundStarted => {
                self.start_round().ok_or(RoundError::NoRoundLeft)?;
            }
            Happening::Announced { player, steps, at } => self.announce(*player, *steps, *at)?,
            Happening::Demonstrated { player, steps, at } => {
                self.demonstrate(*player, steps, *at)?;
            }
            Happening::RoundEnded { winner } => {
                self.finish(winner.clone())
                    .ok_or(RoundError::NoRoundToEnd)?;
            }
        }
        Ok(())
    }

    /// The player with the best score, unless it is shared (or nobody plays).
    pub fn winner(&self) -> Option<&Player> {
        match self.standings().as_slice() {
            [first, second, ..] if first.score == second.score => None,
            [first, ..] => Some(first),
            [] => None,
        }
    }

    /// Players by score, best first (then by rounds won optimally).
    pub fn standings(&self) -> Vec<&Player> {
        let mut order: Vec<&Player> = self.players.iter().collect();
        order.sort_by_key(|p| (std::cmp::Reverse(p.score), std::cmp::Reverse(p.optimal)));
        order
    }
}

/// What happens in a game, in order (see [`Game::apply`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happening {
    /// A player joins, named so.
    Joined(String),
    /// Before the first round, the player at this place leaves (those after move up).
    Left(usize),
    /// The next round begins (its objective is drawn as every copy of the game draws it).
    RoundStarted,
    /// A player says their move takes `steps`, at `at` into the round.
    Announced {
        player: usize,
        steps: usize,
        at: Duration,
    },
    /// A player shows their move (it wins or fails, by the rules).
    Demonstrated {
        player: usize,
        steps: Vec<Step>,
        at: Duration,
    },
    /// The round is over: won by this player with this move, or by nobody.
    RoundEnded { winner: Option<(usize, Vec<Step>)> },
}

/// Computer rivals, strongest first, with the time they take on average to announce.
pub const LEVELS: [(&str, Duration); 3] = [
    ("hard", Duration::from_secs(10)),
    ("medium", Duration::from_secs(20)),
    ("easy", Duration::from_secs(35)),
];

/// A computer rival: after a delay set by its level it announces a move it knows: the
/// optimal one (always when hard, often when medium), else the piece's own shortest path.
#[derive(Debug, Clone)]
pub struct Rival {
    pub level: &'static str,
    mean: Duration,
    rng: ChaCha8Rng,
}

/// What a rival will announce, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub at: Duration,
    pub steps: Vec<Step>,
}

impl Rival {
    /// A rival of level `name` (one of [`LEVELS`]) drawing from `seed`.
    pub fn new(name: &str, seed: u64) -> Result<Rival, crate::games::UnknownRival> {
        let (level, mean) = crate::games::rival_level(&LEVELS, name)?;
        Ok(Rival {
            level,
            mean,
            rng: seeded(seed),
        })
    }

    /// What the rival announces in `round` of `game`, and when: longer objectives take it
    /// longer; `None` when it finds nothing in time.
    pub fn plan(&mut self, game: &Game, round: &Round) -> Option<Plan> {
        let optimal = round.objective.solution.steps.clone();
        let single = game
            .board()
            .path(
                round.piece_cell(),
                round.objective.goal,
                &super::board::Cells::of(
                    &round
                        .pieces
                        .iter()
                        .copied()
                        .filter(|&c| c != round.piece_cell())
                        .collect::<Vec<_>>(),
                ),
            )
            .map(|cells| {
                cells
                    .windows(2)
                    .map(|w| Step {
                        from: w[0],
                        to: w[1],
                    })
                    .collect::<Vec<_>>()
            });
        let sees_optimal = match self.level {
            "hard" => true,
            "medium" => below(&mut self.rng, 10) < 6,
            _ => below(&mut self.rng, 10) < 2,
        };
        let steps = if sees_optimal {
            optimal
        } else {
            single.unwrap_or(optimal)
        };
        let jitter = 0.6 + 0.8 * (below(&mut self.rng, 1001) as f64 / 1000.0);
        let length = 0.5 + steps.len() as f64 / 6.0;
        let at = self.mean.mul_f64(jitter * length);
        (at < game.settings().round_time).then_some(Plan { at, steps })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_the_players_saw_them() {
        let game = Game::new(1, Settings::default(), vec!["ann".into()]);
        assert_eq!(game.check(&[]), Err(RoundError::NoRound));
        assert_eq!(
            RoundError::NoPlayer(2).to_string(),
            "there is no player 3",
            "places count from 1 in words"
        );
        assert_eq!(
            RoundError::NotLower {
                name: "ann".into(),
                last: 7
            }
            .to_string(),
            "ann already announced 7; a new announcement must be lower"
        );
        assert_eq!(
            RoundError::OverAnnounced { steps: 6, limit: 5 }.to_string(),
            "the move takes 6 steps, more than the 5 announced"
        );
    }
}
