//! `trios triad …` and `trios hexpaths …`: questions about cards, games and moves, answered
//! on stdout.

use super::Error;
use super::output::write_out;
use crate::games::hexpaths::args::HexpathsTool;
use crate::games::triad::args::TriadTool;
use crate::games::{hexpaths, triad};

/// `trios triad check|find`: reads the cards, then prints the answer.
pub fn triad(tool: &TriadTool) -> Result<(), Error> {
    let read = |texts: &[String]| -> Result<Vec<triad::Card>, Error> {
        let cards = texts
            .iter()
            .map(|t| t.parse().map_err(Error::Card))
            .collect::<Result<Vec<triad::Card>, Error>>()?;
        // The deck holds every card once: a card given twice is a typing slip.
        if let Some((first, again)) = triad::first_repeat(&cards) {
            return Err(Error::Usage(format!(
                "cards {} and {} are the same card ({}); the deck holds each card once, so \
                 give different cards",
                first + 1,
                again + 1,
                cards[first]
            )));
        }
        Ok(cards)
    };
    let out = match tool {
        TriadTool::Check { cards } => match read(cards)?.as_slice() {
            &[a, b, c] if triad::is_triad(a, b, c) => "triad\n".to_string(),
            [_, _, _] => "not a triad\n".to_string(),
            _ => return Err(Error::Usage("check takes three cards".into())),
        },
        TriadTool::Find { cards } => {
            let found = triad::triads(&read(cards)?);
            let mut out: String = found
                .iter()
                .map(|[i, j, k]| format!("{i} {j} {k}\n"))
                .collect();
            let n = found.len();
            out.push_str(&format!(
                "{n} {}\n",
                if n == 1 { "triad" } else { "triads" }
            ));
            out
        }
    };
    write_out(&out)
}

/// `trios hexpaths …`: answers a question about crannies, nooks, a game, a step, a path or
/// a move, or draws a game. `Ok(false)` is a "no" (`illegal: …`, `no path`): exit 1.
pub fn hexpaths(tool: &HexpathsTool) -> Result<bool, Error> {
    use hexpaths::State;
    let verdict = |r: Result<(), String>| -> Result<bool, Error> {
        match r {
            Ok(()) => write_out("legal\n").map(|()| true),
            Err(reason) => write_out(&format!("illegal: {reason}\n")).map(|()| false),
        }
    };
    let game = |text: &str| -> Result<State, Error> { text.parse().map_err(Error::IllegalGame) };
    // The index of the piece at `cell`.
    let piece_at = |state: &State, cell: u16| -> Result<usize, Error> {
        state
            .pieces()
            .iter()
            .position(|&p| u16::from(p) == cell)
            .ok_or_else(|| Error::Usage(format!("no piece is at {cell}")))
    };
    match tool {
        HexpathsTool::Crannies { text } => verdict(
            hexpaths::parse_crannies(text)
                .map(drop)
                .map_err(|e| e.to_string()),
        ),
        HexpathsTool::Nooks { text } => verdict(
            hexpaths::parse_nooks(text)
                .map(drop)
                .map_err(|e| e.to_string()),
        ),
        HexpathsTool::Game { text } => {
            verdict(text.parse::<State>().map(drop).map_err(|e| e.to_string()))
        }
        HexpathsTool::Step {
            game: text,
            from,
            to,
        } => {
            game(text)?;
            verdict(match hexpaths::why_not_step(text, *from, *to) {
                None => Ok(()),
                Some(reason) => Err(reason),
            })
        }
        HexpathsTool::Path {
            game: text,
            start,
            goal,
        } => {
            let state = game(text)?;
            piece_at(&state, *start)?;
            match hexpaths::minimal_path(text, *start, *goal) {
                Some(path) => {
                    let cells: Vec<String> = path.iter().map(u16::to_string).collect();
                    write_out(&format!("{}\n", cells.join(" "))).map(|()| true)
                }
                None => write_out("no path\n").map(|()| false),
            }
        }
        HexpathsTool::Solve {
            game: text,
            piece,
            goal,
        } => {
            let state = game(text)?;
            let index = piece_at(&state, *piece)?;
            let board = state.board();
            let pieces = state.pieces();
            let goal = *goal as hexpaths::Cell;
            match hexpaths::solve(&board, pieces, index, goal, hexpaths::DEFAULT_BUDGET) {
                Ok(solution) => {
                    let mut out: String = solution
                        .steps
                        .iter()
                        .map(|s| format!("{}>{}\n", s.from, s.to))
                        .collect();
                    let n = solution.len();
                    out.push_str(&format!("{n} {}\n", if n == 1 { "step" } else { "steps" }));
                    if !solution.proven {
                        eprintln!(
                            "note: the search stopped after {} positions; a shorter move may exist",
                            solution.expanded
                        );
                    }
                    write_out(&out).map(|()| true)
                }
                Err(hexpaths::Unsolved::NoMove) => write_out("no move\n").map(|()| false),
                Err(e) => Err(Error::Unsolved(e)),
            }
        }
        HexpathsTool::New { seed, pieces } => {
            let seed = match seed {
                Some(s) => *s,
                None => {
                    let s = rand::random();
                    eprintln!("seed: {s} (draw this game again with --seed {s})");
                    s
                }
            };
            let state = hexpaths::new_game(seed, usize::from(*pieces));
            write_out(&format!("{state}\n")).map(|()| true)
        }
        HexpathsTool::Show { game: text } => {
            let state = game(text)?;
            write_out(&format!("{state}\n")).map(|()| true)
        }
    }
}
