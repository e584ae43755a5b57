//! A game of Reversi: the position, its legal moves, playing and taking back a move, and the
//! result.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::bitboard::{final_value, flips, moves};
use super::square::{Color, Direction, Square};

/// A move: a disc placed on a square, or a pass when the mover has no placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Move {
    Place(Square),
    Pass,
}

/// `ROW COL` (1-based) or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => write!(f, "{sq}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Why a move was refused. A refused move changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("{row} {col} is off the board; rows and columns run from 1 to 8")]
    OffBoard { row: usize, col: usize },
    #[error("{0} is taken")]
    Taken(Square),
    #[error("{0} flips nothing")]
    FlipsNothing(Square),
    #[error("{0} must pass")]
    MustPass(Color),
    #[error("{0} has a legal move and cannot pass")]
    CannotPass(Color),
}

/// The discs one line of a move flipped, ordered from the placed disc outward.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlipLine {
    pub direction: Direction,
    pub squares: Vec<Square>,
}

/// What one accepted move did: the data behind the move log, the flip animation and the
/// replay, so nothing downstream recomputes a move.
///
/// `lines` holds the lines that flipped, in [`Direction::ALL`] order (clockwise from
/// north); it is empty for a pass.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOutcome {
    pub color: Color,
    pub mv: Move,
    pub lines: Vec<FlipLine>,
}

impl MoveOutcome {
    /// Every flipped disc, line by line.
    pub fn flipped(&self) -> impl Iterator<Item = Square> + '_ {
        self.lines.iter().flat_map(|l| l.squares.iter().copied())
    }

    /// How many discs changed colour.
    pub fn flip_count(&self) -> usize {
        self.lines.iter().map(|l| l.squares.len()).sum()
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win(Color),
    Tie,
}

/// What [`Game::make`] keeps to take the move back: the position before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    player: u64,
    opponent: u64,
}

/// A Reversi position: the discs and the side to move.
///
/// Invariants: `player` holds the discs of the side to move, `opponent` the other side's,
/// and they never overlap. Positions need not be reachable from the start (problem sets
/// and tests set them up directly); every method is defined on any such pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    player: u64,
    opponent: u64,
    turn: Color,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// Dark on (4,4) and (5,5), light on (4,5) and (5,4), in the 1-based notation.
const START_DARK: u64 = (1 << 27) | (1 << 36);
const START_LIGHT: u64 = (1 << 28) | (1 << 35);

impl Game {
    /// The start position, dark to move.
    pub const fn new() -> Game {
        Game {
            player: START_DARK,
            opponent: START_LIGHT,
            turn: Color::Dark,
        }
    }

    /// A position from the two colours' bitboards (bit `8 * row + col`, 0-based) and the side
    /// to move, or `None` if a square holds both colours.
    pub const fn from_bitboards(dark: u64, light: u64, turn: Color) -> Option<Game> {
        if dark & light != 0 {
            return None;
        }
        Some(match turn {
            Color::Dark => Game {
                player: dark,
                opponent: light,
                turn,
            },
            Color::Light => Game {
                player: light,
                opponent: dark,
                turn,
            },
        })
    }

    /// The side to move (once the game is over, the side that would have moved next).
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// Discs of the side to move.
    #[inline]
    pub const fn player_bits(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    #[inline]
    pub const fn opponent_bits(&self) -> u64 {
        self.opponent
    }

    /// The discs of `color` as a bitboard.
    pub const fn bits(&self, color: Color) -> u64 {
        if color as u8 == self.turn as u8 {
            self.player
        } else {
            self.opponent
        }
    }

    /// What stands on `sq`.
    pub const fn disc(&self, sq: Square) -> Option<Color> {
        if self.player & sq.bit() != 0 {
            Some(self.turn)
        } else if self.opponent & sq.bit() != 0 {
            Some(self.turn.other())
        } else {
            None
        }
    }

    /// How many discs `color` has.
    pub const fn count(&self, color: Color) -> u32 {
        self.bits(color).count_ones()
    }

    /// Empty squares.
    pub const fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }

    /// The squares the side to move may place on, as a bitboard.
    #[inline]
    pub fn placements(&self) -> u64 {
        moves(self.player, self.opponent)
    }

    /// The squares the side to move may place on, row-major.
    pub fn legal_squares(&self) -> impl Iterator<Item = Square> + use<> {
        Bits(self.placements()).map(Square::first_of)
    }

    /// Whether the side to move has no placement but the opponent has: its only move is a
    /// pass.
    pub fn must_pass(&self) -> bool {
        self.placements() == 0 && moves(self.opponent, self.player) != 0
    }

    /// Whether neither side can place a disc (a full board is one case).
    pub fn is_over(&self) -> bool {
        self.placements() == 0 && moves(self.opponent, self.player) == 0
    }

    /// The legal moves: the placements in row-major order, or `[Pass]`, or nothing once
    /// the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// [`legal_moves`](Self::legal_moves) appended to `out`, without allocating when `out`
    /// has room.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let mask = self.placements();
        if mask != 0 {
            out.extend(Bits(mask).map(|b| Move::Place(Square::first_of(b))));
        } else if moves(self.opponent, self.player) != 0 {
            out.push(Move::Pass);
        }
    }

    /// Whether `mv` is legal here; `Err` says why not.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        let mask = self.placements();
        match mv {
            Move::Place(sq) => {
                if mask & sq.bit() != 0 {
                    return Ok(());
                }
                if self.is_over() {
                    Err(MoveError::GameOver)
                } else if (self.player | self.opponent) & sq.bit() != 0 {
                    Err(MoveError::Taken(sq))
                } else if mask == 0 {
                    Err(MoveError::MustPass(self.turn))
                } else {
                    Err(MoveError::FlipsNothing(sq))
                }
            }
            Move::Pass => {
                if mask != 0 {
                    Err(MoveError::CannotPass(self.turn))
                } else if moves(self.opponent, self.player) == 0 {
                    Err(MoveError::GameOver)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Plays `mv` and reports what it did; a refused move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, MoveError> {
        self.check(mv)?;
        let color = self.turn;
        let lines = match mv {
            Move::Place(sq) => self.flip_lines(sq),
            Move::Pass => Vec::new(),
        };
        self.make(mv);
        Ok(MoveOutcome { color, mv, lines })
    }

    /// Plays the square the text interface calls `row col` (1-based).
    pub fn play_at(&mut self, row: usize, col: usize) -> Result<MoveOutcome, MoveError> {
        let sq = Square::from_one_based(row, col).ok_or(MoveError::OffBoard { row, col })?;
        self.play(Move::Place(sq))
    }

    /// The lines a disc on `sq` would flip, in [`Direction::ALL`] order, each from `sq`
    /// outward. Empty if `sq` is taken or flips nothing.
    pub fn flip_lines(&self, sq: Square) -> Vec<FlipLine> {
        if (self.player | self.opponent) & sq.bit() != 0 {
            return Vec::new();
        }
        let mut lines = Vec::new();
        for direction in Direction::ALL {
            let mut squares = Vec::new();
            let mut at = sq.step(direction);
            while let Some(s) = at {
                if self.opponent & s.bit() == 0 {
                    break;
                }
                squares.push(s);
                at = s.step(direction);
            }
            let closed = at.is_some_and(|s| self.player & s.bit() != 0);
            if closed && !squares.is_empty() {
                lines.push(FlipLine { direction, squares });
            }
        }
        lines
    }

    /// How many discs a placement on `sq` would flip (0 if it is not legal); for hints.
    pub fn flips_if(&self, sq: Square) -> u32 {
        if (self.player | self.opponent) & sq.bit() != 0 {
            return 0;
        }
        flips(self.player, self.opponent, sq.index()).count_ones()
    }

    /// The fast path: plays a legal move with no checks. Take it back with
    /// [`unmake`](Self::unmake).
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            player: self.player,
            opponent: self.opponent,
        };
        if let Move::Place(sq) = mv {
            let flipped = flips(self.player, self.opponent, sq.index());
            debug_assert!(flipped != 0, "{sq} is not a legal move");
            self.player ^= flipped | sq.bit();
            self.opponent ^= flipped;
        }
        std::mem::swap(&mut self.player, &mut self.opponent);
        self.turn = self.turn.other();
        undo
    }

    /// Takes back the move `make` played; restores the position exactly.
    #[inline]
    pub fn unmake(&mut self, _mv: Move, undo: Undo) {
        self.player = undo.player;
        self.opponent = undo.opponent;
        self.turn = self.turn.other();
    }

    /// The result once the game is over, `None` before.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let (dark, light) = (self.count(Color::Dark), self.count(Color::Light));
        Some(match dark.cmp(&light) {
            std::cmp::Ordering::Greater => Outcome::Win(Color::Dark),
            std::cmp::Ordering::Less => Outcome::Win(Color::Light),
            std::cmp::Ordering::Equal => Outcome::Tie,
        })
    }

    /// The winner once the game is over; `None` before, or after a tie.
    pub fn winner(&self) -> Option<Color> {
        match self.outcome() {
            Some(Outcome::Win(c)) => Some(c),
            _ => None,
        }
    }

    /// Mover's discs minus the opponent's, as things stand.
    pub const fn disc_margin(&self) -> i32 {
        self.player.count_ones() as i32 - self.opponent.count_ones() as i32
    }

    /// Mover's discs minus the opponent's with the empty squares given to whoever leads:
    /// the tournament value of a finished game.
    pub const fn final_margin(&self) -> i32 {
        final_value(self.player, self.opponent)
    }
}

/// The set bits of a bitboard, lowest first, each as a one-bit board.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.0 == 0 {
            return None;
        }
        let low = self.0 & self.0.wrapping_neg();
        self.0 ^= low;
        Some(low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(row: usize, col: usize) -> Square {
        Square::from_one_based(row, col).unwrap()
    }

    #[test]
    fn the_start_offers_four_moves_to_dark() {
        let game = Game::new();
        assert_eq!(game.turn(), Color::Dark);
        let squares: Vec<String> = game.legal_squares().map(|s| s.to_string()).collect();
        assert_eq!(squares, ["3 5", "4 6", "5 3", "6 4"]);
        assert_eq!(game.disc(sq(4, 4)), Some(Color::Dark));
        assert_eq!(game.disc(sq(4, 5)), Some(Color::Light));
        assert_eq!(game.empties(), 60);
    }

    #[test]
    fn refusals_say_why_and_change_nothing() {
        let mut game = Game::new();
        let before = game;
        assert_eq!(
            game.play(Move::Place(sq(4, 4))).unwrap_err().to_string(),
            "4 4 is taken"
        );
        assert_eq!(
            game.play(Move::Place(sq(1, 1))).unwrap_err().to_string(),
            "1 1 flips nothing"
        );
        assert_eq!(
            game.play(Move::Pass).unwrap_err().to_string(),
            "X has a legal move and cannot pass"
        );
        assert_eq!(
            game.play_at(0, 3).unwrap_err().to_string(),
            "0 3 is off the board; rows and columns run from 1 to 8"
        );
        assert_eq!(game, before);
    }

    #[test]
    fn a_move_reports_its_lines_from_the_disc_outward() {
        let mut game = Game::new();
        let outcome = game.play_at(3, 5).unwrap();
        assert_eq!(outcome.color, Color::Dark);
        assert_eq!(outcome.mv, Move::Place(sq(3, 5)));
        assert_eq!(
            outcome.lines,
            vec![FlipLine {
                direction: Direction::South,
                squares: vec![sq(4, 5)]
            }]
        );
        assert_eq!(game.turn(), Color::Light);
        assert_eq!(game.count(Color::Dark), 4);
        assert_eq!(game.count(Color::Light), 1);
    }

    #[test]
    fn make_and_unmake_restore_the_position() {
        let mut game = Game::new();
        let before = game;
        let mv = Move::Place(sq(5, 3));
        let undo = game.make(mv);
        assert_ne!(game, before);
        game.unmake(mv, undo);
        assert_eq!(game, before);
    }

    #[test]
    fn tournament_value_gives_empties_to_the_winner() {
        assert_eq!(final_value(0b111, 0b1), 2 + 60);
        assert_eq!(final_value(0b1, 0b111), -62);
        assert_eq!(final_value(0b11, 0b1100), 0);
    }
}
