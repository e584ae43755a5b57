//! The home screen's local profile: the matches finished at this computer, kept as unrated
//! games of the local account in the data folder's own store, and read back as a profile
//! (the history, the record against each computer player, Triad bests and daily puzzles).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::controller::Seat;
use crate::games::GameKind;
use crate::record::AnyRecord;
use crate::store::handle::LOCAL_HANDLE;
use crate::store::worker::StoreService;
use crate::store::{AccountId, Finished, GameRow, LICHESS, Participant, Store, StoreError};
use crate::tui::players::{Leaderboard, PlayerSource, Profile, Whose};

use super::{Ended, entry};

/// How long the profile waits for the store.
const WAIT: Duration = Duration::from_secs(2);
/// Games listed in the profile.
const RECENT: usize = 20;
/// Games counted for the record against each computer player: the latest this many.
pub const COUNTED: usize = 10_000;
/// Files changed this long before the last look are looked at again: a record written
/// while the folder was being read is not missed.
const OVERLAP: Duration = Duration::from_secs(5);

/// The local account in its store, and the data folder its matches are autosaved in.
/// Cheap to clone; every clone shares what has been looked at.
#[derive(Clone)]
pub struct LocalProfile {
    pub store: StoreService,
    pub me: AccountId,
    pub data_dir: PathBuf,
    /// When the matches folder was last looked at; `None` before the first look, which
    /// reads every finished record still there.
    looked: Arc<Mutex<Option<SystemTime>>>,
}

impl LocalProfile {
    pub fn new(store: StoreService, me: AccountId, data_dir: PathBuf) -> LocalProfile {
        LocalProfile {
            store,
            me,
            data_dir,
            looked: Arc::new(Mutex::new(None)),
        }
    }

    /// Keeps the matches finished since the last look, on a store thread; the caller goes on.
    pub fn keep_finished(&self) {
        let this = self.clone();
        self.store.spawn_read(move |s| {
            // A record that cannot be kept now is kept at the next look.
            let _ = this.keep_in(s);
        });
    }

    /// Keeps every finished match of the matches folder changed since the last look as an
    /// unrated game of the local account (a game kept before changes nothing); gives how
    /// many were looked at. Looks are one at a time.
    pub fn keep_in(&self, s: &dyn Store) -> Result<usize, StoreError> {
        let mut looked = self.looked.lock().unwrap_or_else(PoisonError::into_inner);
        let started = SystemTime::now();
        let since = looked.map_or(UNIX_EPOCH, |t| t.checked_sub(OVERLAP).unwrap_or(UNIX_EPOCH));
        let found =
            crate::record::kept::finished_since(&self.data_dir, since, super::record_readers)
                .map_err(|e| StoreError::Invalid(e.to_string()))?;
        for (path, modified, record) in &found {
            if let Some(game) = local_game(self.me, path, *modified, record) {
                s.write_result(&game, &LICHESS)?;
            }
        }
        *looked = Some(started);
        Ok(found.len())
    }
}

/// A finished record as a game of the local account `me`: its first person's seat is
/// `me`; `None` for a game without a person (computers watched), a game not between seats
/// (a solitaire), and a server table's record kept in the same folder.
pub fn local_game(
    me: AccountId,
    path: &Path,
    modified: SystemTime,
    record: &AnyRecord,
) -> Option<Finished> {
    // A server's tables share the matches folder when it shares the data folder.
    if crate::autosave::is_table_match(path) {
        return None;
    }
    let name = path.file_name()?.to_string_lossy();
    let Ended { seats, result } = (entry(record.game()).ended)(record)?;
    let first_person = seats.iter().position(|(seat, _)| *seat == Seat::Human)?;
    let players = seats
        .iter()
        .enumerate()
        .map(|(n, (seat, place))| Participant {
            account: (n == first_person).then_some(me),
            name: match seat {
                Seat::Human if n == first_person => LOCAL_HANDLE.to_string(),
                Seat::Human => "friend".to_string(),
                Seat::Computer(spec) => spec.clone(),
            },
            place: *place,
            computer: matches!(seat, Seat::Computer(_)),
        })
        .collect();
    let ended = modified
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    Some(Finished {
        id: format!("local:{name}"),
        game: record.game().name().to_string(),
        group: record.game().name().to_string(),
        rated: false,
        started: ended,
        ended,
        summary: result,
        record: Some(path.display().to_string()),
        players,
    })
}

/// Won, lost and drawn against one computer player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

/// The record of `me` against each computer player over `games`, by game (in menu order)
/// and then by the computer's name: games of one person against one computer only.
pub fn against_computers(games: &[GameRow], me: AccountId) -> Vec<(GameKind, String, Tally)> {
    let mut tallies: BTreeMap<(usize, String), Tally> = BTreeMap::new();
    for game in games {
        let Some(kind) = GameKind::all().find(|k| k.name() == game.game) else {
            continue;
        };
        let [a, b] = game.players.as_slice() else {
            continue;
        };
        let (mine, theirs) = match (a.account == Some(me), b.account == Some(me)) {
            (true, false) => (a, b),
            (false, true) => (b, a),
            _ => continue,
        };
        if !theirs.computer {
            continue;
        }
        let tally = tallies
            .entry((kind.index(), theirs.name.clone()))
            .or_default();
        match mine.place.cmp(&theirs.place) {
            std::cmp::Ordering::Less => tally.won += 1,
            std::cmp::Ordering::Greater => tally.lost += 1,
            std::cmp::Ordering::Equal => tally.drawn += 1,
        }
    }
    tallies
        .into_iter()
        .filter_map(|((at, name), tally)| Some((GameKind::all().nth(at)?, name, tally)))
        .collect()
}

/// `Reversi level 7: 3–2`, with `, 1 drawn` when there were draws.
pub fn tally_line(game: GameKind, computer: &str, tally: Tally) -> String {
    let drawn = if tally.drawn > 0 {
        format!(", {} drawn", tally.drawn)
    } else {
        String::new()
    };
    format!(
        "{} {}: {}–{}{drawn}",
        game.title(),
        computer.replace(':', " "),
        tally.won,
        tally.lost
    )
}

/// The local profile's bests: Triad solitaire's from its file, and each daily puzzle's.
fn bests(s: &dyn Store, me: AccountId, triad: Option<&Path>) -> Result<Vec<String>, StoreError> {
    let mut lines = Vec::new();
    if let Some(path) = triad
        && let Ok(b) = crate::tui::triad::bests::load(path)
        && b.games > 0
    {
        let clock = crate::tui::triad::bests::clock;
        let mut line = format!(
            "Triad alone: {} finished, most triads {}",
            crate::words::count(b.games as usize, "game"),
            b.most_triads
        );
        if let Some(fastest) = b.fastest_secs {
            line.push_str(&format!(", fastest {}", clock(fastest)));
        }
        lines.push(line);
    }
    for puzzle in super::daily::puzzles() {
        let game = puzzle.game;
        if let Some(best) = s.daily_best(me, game.name())? {
            lines.push(format!(
                "{} daily puzzle: best {}",
                game.title(),
                crate::tui::players::daily::result_text(puzzle.scored, best.score, best.millis)
            ));
        }
    }
    Ok(lines)
}

impl PlayerSource for LocalProfile {
    fn leaderboard(&mut self, _group: &str) -> Result<Leaderboard, String> {
        Err("Leaderboards are kept by servers: play on one with ssh (trios serve)".into())
    }

    fn profile(&mut self, _whose: &Whose) -> Result<Profile, String> {
        let this = self.clone();
        let triad = crate::tui::triad::bests::path();
        self.store
            .ask(WAIT, move |s| {
                this.keep_in(s)?;
                let counted = s.games(this.me, COUNTED)?;
                let against = against_computers(&counted, this.me)
                    .into_iter()
                    .map(|(game, computer, tally)| tally_line(game, &computer, tally))
                    .collect();
                Ok(Profile {
                    account: None,
                    handle: "you, at this computer".into(),
                    own: false,
                    local: true,
                    ratings: Vec::new(),
                    games: counted.into_iter().take(RECENT).collect(),
                    keys: Vec::new(),
                    against,
                    bests: bests(s, this.me, triad.as_deref())?,
                })
            })
            .map_err(|e| format!("Cannot read your local profile: {e}"))
    }

    fn link_code(&mut self) -> Result<String, String> {
        Err("Keys are linked on a server".into())
    }

    fn remove_key(&mut self, _fingerprint: &str) -> Result<(), String> {
        Err("Keys are linked on a server".into())
    }

    fn replay(&mut self, record: &str) -> Result<crate::tui::Opening, String> {
        super::replay_record(Path::new(record))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(game: &str, players: [(Option<AccountId>, &str, u32, bool); 2]) -> GameRow {
        GameRow {
            id: String::new(),
            game: game.into(),
            group: game.into(),
            rated: false,
            started: 0,
            ended: 0,
            summary: String::new(),
            record: None,
            players: players
                .into_iter()
                .map(|(account, name, place, computer)| Participant {
                    account,
                    name: name.into(),
                    place,
                    computer,
                })
                .collect(),
            change: None,
        }
    }

    #[test]
    fn the_record_against_each_computer_counts_wins_losses_and_draws_from_places() {
        let me = 7;
        let games = [
            row(
                "reversi",
                [(Some(me), "you", 0, false), (None, "level:7", 1, true)],
            ),
            row(
                "reversi",
                [(None, "level:7", 0, true), (Some(me), "you", 1, false)],
            ),
            row(
                "reversi",
                [(Some(me), "you", 0, false), (None, "level:7", 1, true)],
            ),
            row(
                "reversi",
                [(Some(me), "you", 0, false), (None, "level:7", 0, true)],
            ),
            row(
                "islands",
                [(Some(me), "you", 1, false), (None, "expert", 0, true)],
            ),
            // Two people at one keyboard: not against a computer.
            row(
                "reversi",
                [(Some(me), "you", 0, false), (None, "friend", 1, false)],
            ),
        ];
        let tallies = against_computers(&games, me);
        let lines: Vec<String> = tallies
            .iter()
            .map(|(g, c, t)| tally_line(*g, c, *t))
            .collect();
        assert_eq!(
            lines,
            [
                "Reversi level 7: 2–1, 1 drawn",
                "Islands of Hex expert: 0–1"
            ]
        );
    }
}
