//! The saved matches the home screen lists: every record in the data folder's matches
//! folder, newest first, each summed up as game, players, date and result. A file that does
//! not read as a record is listed with the reason, never skipped in silence.

use crate::words::{YOU, count};
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::autosave;
use crate::controller::Seat;
use crate::games::GameKind;
use crate::record::AnyRecord;

use super::Choices;

/// One file of the matches folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedMatch {
    pub path: PathBuf,
    /// When the file last changed, in seconds since 1970-01-01 UTC; `None` when unknown.
    pub modified: Option<u64>,
    /// What the record holds, or why it cannot be read.
    pub summary: Result<Summary, Unlisted>,
}

/// Why a file of the matches folder is listed without a summary.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unlisted {
    /// It does not read as a record; the reason names the file without its folder (the list
    /// shows the folder once).
    #[error("{0}")]
    Unreadable(String),
    /// Its game's entry has no line for it.
    #[error("a {game} record that {game} cannot sum up")]
    NoSummary { game: GameKind },
}

/// Why the matches folder cannot be listed.
#[derive(Debug, thiserror::Error)]
#[error("{}: cannot list the saved matches: {source}", .folder.display())]
pub struct ListError {
    pub folder: PathBuf,
    pub source: std::io::Error,
}

/// A record summed up for a list line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub game: GameKind,
    /// The seats, first mover first: `human vs expert`.
    pub players: String,
    /// `Red wins 6–4`, `Dark wins 40–24`, `tie 5–5`, or `unfinished, 7 moves` (in the
    /// game's own word: `unfinished, 1 triad`).
    pub result: String,
    pub finished: bool,
    /// Whether its game's unfinished matches can be continued from the home screen.
    pub resumes: bool,
}

impl Summary {
    /// The record's line, as its game's entry sums it up.
    pub fn of(record: &AnyRecord, choices: &Choices) -> Result<Summary, Unlisted> {
        let unfinished = || {
            let moves = record.moves();
            format!("unfinished, {}", count(moves, record.unit()))
        };
        let game = record.game();
        let entry = choices.game(game);
        let Some((players, result)) = (entry.saved_line)(record, &unfinished) else {
            return Err(Unlisted::NoSummary { game });
        };
        Ok(Summary {
            game,
            players,
            result,
            finished: record.finished(),
            resumes: entry.resumes,
        })
    }
}

impl Summary {
    /// The names of the seats on the players line (`human vs expert`, or a race's
    /// `human, hard`), as [`crate::controller::Seat`] writes them.
    fn seat_names(&self) -> impl Iterator<Item = &str> {
        (self.players.split(" vs "))
            .flat_map(|side| side.split(", "))
            .map(str::trim)
    }

    /// How many seats a person took.
    pub fn people(&self) -> usize {
        self.seat_names()
            .filter(|name| Seat::named(name).is_human())
            .count()
    }

    /// The players as the person who played reads them: `you vs expert`; two people at one
    /// keyboard are `two players`; with no person, the line as it is.
    pub fn players_for_you(&self) -> String {
        let seats = self.seat_names().count();
        match self.people() {
            1 => (self.seat_names())
                .map(|name| match Seat::named(name).is_human() {
                    true => YOU,
                    false => name,
                })
                .collect::<Vec<_>>()
                .join(if self.players.contains(" vs ") {
                    " vs "
                } else {
                    ", "
                }),
            people if people == seats => format!("{} players", count_word(people)),
            _ => self.players.clone(),
        }
    }
}

/// `two`, `three`, … for the small counts of players at one keyboard.
fn count_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        n => n.to_string(),
    }
}

/// Whether a person sat in the recorded match: a solitaire is always one person's. A record
/// its game cannot sum up is taken to have one: a person's match is never hidden for want of
/// words.
pub fn has_person(record: &AnyRecord, choices: &Choices) -> bool {
    record.solitaire() || Summary::of(record, choices).map_or(true, |summary| summary.people() > 0)
}

impl SavedMatch {
    /// Reads the record at `path` and sums it up.
    pub fn read(path: PathBuf, choices: &Choices) -> SavedMatch {
        let modified = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map(|d| d.as_secs());
        // The list shows the folder once; a reason names the file alone.
        let summary = match AnyRecord::load(&path, choices.readers) {
            Ok(record) => Summary::of(&record, choices),
            Err(e) => {
                let full = path.display().to_string();
                Err(Unlisted::Unreadable(e.to_string().replacen(
                    &full,
                    &file_name(&path),
                    1,
                )))
            }
        };
        SavedMatch {
            path,
            modified,
            summary,
        }
    }

    /// The file's name without its folder.
    pub fn file_name(&self) -> String {
        file_name(&self.path)
    }

    /// The date it was last saved, `2024-02-29 12:34` (UTC), or `?` when unknown.
    pub fn date(&self) -> String {
        self.modified.map_or_else(|| "?".to_string(), date)
    }
}

/// The name of the file at `path`, without its folder.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `YYYY-MM-DD HH:MM` in UTC for `secs` seconds after 1970-01-01 00:00 UTC.
pub fn date(secs: u64) -> String {
    let stamp = autosave::utc_timestamp(secs);
    let digit = |range: std::ops::Range<usize>| stamp.get(range).unwrap_or("");
    format!(
        "{}-{}-{} {}:{}",
        digit(0..4),
        digit(4..6),
        digit(6..8),
        digit(9..11),
        digit(11..13)
    )
}

/// Every `*.json` file of the matches folder of data folder `dir`, newest first (then by
/// name), or why the folder cannot be listed. A missing folder holds no matches.
pub fn list(dir: &Path, choices: &Choices) -> Result<Vec<SavedMatch>, ListError> {
    let folder = autosave::matches_dir(dir);
    let entries = match std::fs::read_dir(&folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(ListError { folder, source }),
    };
    let mut saved: Vec<SavedMatch> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json") && path.is_file())
        .map(|path| SavedMatch::read(path, choices))
        .collect();
    saved.sort_by(|a, b| (b.modified, &b.path).cmp(&(a.modified, &a.path)));
    Ok(saved)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(players: &str) -> Summary {
        Summary {
            game: GameKind::Reversi,
            players: players.into(),
            result: String::new(),
            finished: false,
            resumes: true,
        }
    }

    #[test]
    fn the_players_line_speaks_to_the_person_who_played() {
        let you = summary("human vs expert");
        assert_eq!(
            (you.people(), you.players_for_you().as_str()),
            (1, "you vs expert")
        );
        let second = summary("greedy vs human");
        assert_eq!(second.players_for_you(), "greedy vs you");
        let friends = summary("human vs human");
        assert_eq!(
            (friends.people(), friends.players_for_you().as_str()),
            (2, "two players")
        );
        let watched = summary("positional vs expert");
        assert_eq!(
            (watched.people(), watched.players_for_you().as_str()),
            (0, "positional vs expert")
        );
        let race = summary("human, hard");
        assert_eq!(race.players_for_you(), "you, hard");
    }

    #[test]
    fn dates_are_utc_minutes() {
        assert_eq!(date(0), "1970-01-01 00:00");
        assert_eq!(date(1_709_210_096), "2024-02-29 12:34");
    }

    #[test]
    fn files_that_are_not_records_are_listed_with_the_reason() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let folder = autosave::matches_dir(dir.path());
        std::fs::create_dir_all(&folder).expect("matches folder");
        std::fs::write(folder.join("broken.json"), "{ not json").expect("write");
        std::fs::write(folder.join("notes.txt"), "not listed").expect("write");
        let saved = list(dir.path(), &Choices::no_games()).expect("listable");
        assert_eq!(saved.len(), 1);
        assert_eq!(saved[0].file_name(), "broken.json");
        let why = saved[0]
            .summary
            .as_ref()
            .expect_err("unreadable")
            .to_string();
        assert!(why.contains("not a valid record"), "{why}");
        assert!(
            list(&dir.path().join("nowhere"), &Choices::no_games())
                .expect("empty")
                .is_empty()
        );
    }
}
