//! `trios players`: the server's players from the command line — leaderboards, profiles and
//! histories, as a table or as JSON for scripts, and renaming and banning.
//!
//! No command here makes a database: a missing SQLite file (or an empty Postgres database) is
//! said, not made. A file that is not a usable trios database (empty, truncated, damaged,
//! another program's, a newer trios's) is refused, saying which, and left as it was.

use std::borrow::Cow;
use std::path::Path;

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use super::Error;
use crate::autosave;
use crate::calendar::date_time;
use crate::cli::{PlayersArgs, PlayersTool};
use crate::escape::{QUOTED_CHARS, escape, is_invisible, quoted, shorten};
use crate::run::output::write_out;
use crate::store::open::{self, Database, SQLITE_FILE};
use crate::store::worker::now;
use crate::store::{
    Account, AccountId, ESTABLISHED_DAYS, ESTABLISHED_DEVIATION, ESTABLISHED_GAMES, GameRow,
    LICHESS, Rating, Standing, Store, StoreError, Timestamp, handle,
};

/// Runs `trios players …`.
pub fn run(args: &PlayersArgs) -> Result<(), Error> {
    if let PlayersTool::Backup { dest } = &args.tool {
        return backup(args.database.as_deref(), dest);
    }
    let store = open_existing(args.database.as_deref())?;
    let store = store.as_ref();
    let now = now();
    let text = match &args.tool {
        PlayersTool::Top { game, json, limit } => top(store, game, *json, *limit, now)?,
        PlayersTool::Show { name, json } => show(store, name, *json, now)?,
        PlayersTool::Games { name, json, limit } => games(store, name, *json, *limit)?,
        PlayersTool::Rename { old, new } => rename(store, old, new)?,
        PlayersTool::Ban { name, undo } => ban(store, name, !*undo)?,
        PlayersTool::Backup { .. } => String::new(),
    };
    write_out(&text)
}

/// The store `url` names (else the SQLite file in the data folder), opened only if it is
/// there already and is a trios database this trios can use.
fn open_existing(url: Option<&str>) -> Result<Box<dyn Store>, Error> {
    let database = name_database(url)?;
    open::open_existing(&database).map_err(refused)
}

/// The database `url` names, else the SQLite file in the data folder, which must be there.
fn name_database(url: Option<&str>) -> Result<Database, Error> {
    let url = url.filter(|u| !u.is_empty());
    let data = autosave::data_dir();
    // Looked for before naming the database, which would create the data folder.
    if url.is_none()
        && let Some(dir) = &data
    {
        missing(&dir.join(SQLITE_FILE))?;
    }
    Database::from_url_or_dir(url, data.as_deref()).map_err(refused)
}

/// `trios players backup DEST`: SQLite's online backup of the players database to a new
/// file, while servers keep using it.
fn backup(url: Option<&str>, dest: &Path) -> Result<(), Error> {
    let path = match name_database(url)? {
        Database::Sqlite(path) => path,
        Database::Postgres(_) => {
            return Err(Error::Usage(
                "backup copies a SQLite database; back up Postgres with pg_dump (pg_dump URL > \
                 FILE)"
                    .into(),
            ));
        }
    };
    if dest.exists() {
        return Err(Error::Usage(format!(
            "{} exists; give a new file to back up to",
            dest.display()
        )));
    }
    let store = crate::store::sqlite::SqliteStore::open_existing(&path).map_err(refused)?;
    store.backup_to(dest).map_err(|e| failed(&store, e))?;
    write_out(&format!(
        "backed up {} to {}\n",
        path.display(),
        dest.display()
    ))
}

/// Refuses a SQLite file that is not there: no command here creates it.
fn missing(path: &Path) -> Result<(), Error> {
    match path.try_exists() {
        Ok(false) => Err(refused(StoreError::Missing(path.display().to_string()))),
        _ => Ok(()),
    }
}

/// A store's refusal, in its own words.
fn refused(e: StoreError) -> Error {
    Error::Usage(e.to_string())
}

/// A call's failure, naming the database where the query that met the damage could not.
fn failed(store: &dyn Store, e: StoreError) -> Error {
    refused(e.at(&store.place()))
}

/// The account called `name` (any case), or the error that says there is none.
fn account(store: &dyn Store, name: &str) -> Result<Account, Error> {
    store
        .account_by_handle(name)
        .map_err(|e| failed(store, e))?
        .ok_or_else(|| refused(StoreError::NoSuchPlayer(shorten(name, QUOTED_CHARS).into())))
}

/// The rating group `--game` names: a group, or a game meaning its main group (which has the
/// game's name).
fn group(name: &str) -> Result<&'static str, Error> {
    let groups = crate::registry::rating_groups();
    match groups.iter().find(|(_, g)| *g == name) {
        Some((_, g)) => Ok(g),
        None => {
            let all: Vec<&str> = groups.iter().map(|(_, g)| *g).collect();
            Err(Error::Usage(format!(
                "--game: no rating group is called \"{}\"; the groups are {}",
                quoted(name),
                all.join(", ")
            )))
        }
    }
}

/// A leaderboard as JSON prints it.
#[derive(Serialize)]
struct Top<'a> {
    group: &'a str,
    players: Vec<TopLine<'a>>,
}

/// One leaderboard line as JSON prints it.
#[derive(Serialize)]
struct TopLine<'a> {
    rank: usize,
    handle: &'a str,
    rating: f64,
    deviation: f64,
    games: i64,
}

/// `trios players top`.
fn top(
    store: &dyn Store,
    game: &str,
    json: bool,
    limit: usize,
    now: Timestamp,
) -> Result<String, Error> {
    let group = group(game)?;
    let standings: Vec<Standing> = store
        .top(group, now, limit, &LICHESS)
        .map_err(|e| failed(store, e))?;
    if json {
        let players: Vec<TopLine> = standings
            .iter()
            .map(|s| TopLine {
                rank: s.rank,
                handle: &s.handle,
                rating: s.rating,
                deviation: s.deviation,
                games: s.games,
            })
            .collect();
        let value = Top { group, players };
        return Ok(format!("{}\n", serde_json::to_string(&value)?));
    }
    if standings.is_empty() {
        return Ok(format!(
            "No established players in {group} yet (a player needs {ESTABLISHED_GAMES} rated \
             games, RD under {ESTABLISHED_DEVIATION} and a game in the last \
             {ESTABLISHED_DAYS} days).\n"
        ));
    }
    let mut table = Table::new(&["rank", "handle", "rating", "RD", "games"], "><>>>");
    for s in &standings {
        table.row(vec![
            s.rank.to_string(),
            clean(&s.handle).into_owned(),
            format!("{}", s.rating.round() as i64),
            format!("{}", s.deviation.round() as i64),
            s.games.to_string(),
        ]);
    }
    Ok(table.render())
}

/// One group of a profile as JSON prints it.
#[derive(Serialize)]
struct ProfileLine<'a> {
    group: &'a str,
    rating: f64,
    deviation: f64,
    volatility: f64,
    provisional: bool,
    games: i64,
    wins: i64,
    losses: i64,
    draws: i64,
    rank: Option<usize>,
    last_played: Timestamp,
}

/// A profile as JSON prints it.
#[derive(Serialize)]
struct Profile<'a> {
    handle: &'a str,
    created: Timestamp,
    banned: bool,
    keys: usize,
    ratings: Vec<ProfileLine<'a>>,
}

/// `trios players show`.
fn show(store: &dyn Store, name: &str, json: bool, now: Timestamp) -> Result<String, Error> {
    let account = account(store, name)?;
    let keys = store.keys(account.id).map_err(|e| failed(store, e))?.len();
    let ratings = store.ratings(account.id).map_err(|e| failed(store, e))?;
    let mut lines = Vec::with_capacity(ratings.len());
    for r in &ratings {
        let current = r.as_of(now, &LICHESS);
        let rank = store
            .rank(account.id, &r.group, now, &LICHESS)
            .map_err(|e| failed(store, e))?;
        lines.push(ProfileLine {
            group: &r.group,
            rating: current.rating,
            deviation: current.deviation,
            volatility: current.volatility,
            provisional: current.provisional(&LICHESS),
            games: r.games,
            wins: r.wins,
            losses: r.losses,
            draws: r.draws,
            rank,
            last_played: r.last_played,
        });
    }
    let profile = Profile {
        handle: &account.handle,
        created: account.created,
        banned: account.banned,
        keys,
        ratings: lines,
    };
    if json {
        return Ok(format!("{}\n", serde_json::to_string(&profile)?));
    }
    let mut out = format!(
        "{}\n  created     {}\n  banned      {}\n  keys        {} linked\n\n",
        clean(profile.handle),
        date_time(profile.created),
        if profile.banned {
            "yes: their keys are refused at login"
        } else {
            "no"
        },
        profile.keys
    );
    if profile.ratings.is_empty() {
        out.push_str("No rated games yet.\n");
        return Ok(out);
    }
    let mut table = Table::new(
        &[
            "group",
            "rating",
            "RD",
            "volatility",
            "games",
            "won",
            "lost",
            "drawn",
            "rank",
            "last played",
        ],
        "<>>>>>>>><",
    );
    for line in &profile.ratings {
        let shown = Rating {
            rating: line.rating,
            deviation: line.deviation,
            volatility: line.volatility,
        }
        .shown(&LICHESS);
        table.row(vec![
            clean(line.group).into_owned(),
            shown,
            format!("{}", line.deviation.round() as i64),
            format!("{:.5}", line.volatility),
            line.games.to_string(),
            line.wins.to_string(),
            line.losses.to_string(),
            line.draws.to_string(),
            line.rank.map_or_else(|| "–".into(), |n| format!("#{n}")),
            date_time(line.last_played),
        ]);
    }
    out.push_str(&table.render());
    Ok(out)
}

/// A rating as JSON prints it.
#[derive(Serialize)]
struct RatingJson {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

impl From<&Rating> for RatingJson {
    fn from(r: &Rating) -> RatingJson {
        RatingJson {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// A rating change as JSON prints it.
#[derive(Serialize)]
struct Change {
    before: RatingJson,
    after: RatingJson,
}

/// One seat of a game as JSON prints it.
#[derive(Serialize)]
struct Seat<'a> {
    name: &'a str,
    account: Option<AccountId>,
    place: u32,
    computer: bool,
}

/// A history as JSON prints it.
#[derive(Serialize)]
struct History<'a> {
    handle: &'a str,
    games: Vec<HistoryLine<'a>>,
}

/// One game of a history as JSON prints it.
#[derive(Serialize)]
struct HistoryLine<'a> {
    id: &'a str,
    game: &'a str,
    group: &'a str,
    rated: bool,
    started: Timestamp,
    ended: Timestamp,
    summary: &'a str,
    record: Option<&'a str>,
    players: Vec<Seat<'a>>,
    change: Option<Change>,
}

/// `trios players games`.
fn games(store: &dyn Store, name: &str, json: bool, limit: usize) -> Result<String, Error> {
    let account = account(store, name)?;
    let rows: Vec<GameRow> = store
        .games(account.id, limit)
        .map_err(|e| failed(store, e))?;
    // Guests as guests, in games recorded before their names carried the mark too.
    let names: Vec<Vec<String>> = rows.iter().map(|g| g.shown_names()).collect();
    if json {
        let games: Vec<HistoryLine> = (rows.iter().zip(&names))
            .map(|(g, names)| HistoryLine {
                id: &g.id,
                game: &g.game,
                group: &g.group,
                rated: g.rated,
                started: g.started,
                ended: g.ended,
                summary: &g.summary,
                record: g.record.as_deref(),
                players: (g.players.iter().zip(names))
                    .map(|(p, name)| Seat {
                        name,
                        account: p.account,
                        place: p.place,
                        computer: p.computer,
                    })
                    .collect(),
                change: g.change.as_ref().map(|c| Change {
                    before: (&c.before).into(),
                    after: (&c.after).into(),
                }),
            })
            .collect();
        let value = History {
            handle: &account.handle,
            games,
        };
        return Ok(format!("{}\n", serde_json::to_string(&value)?));
    }
    if rows.is_empty() {
        return Ok(format!(
            "{} has played no games yet.\n",
            clean(&account.handle)
        ));
    }
    let mut table = Table::new(
        &[
            "ended", "game", "group", "rated", "players", "result", "rating", "record",
        ],
        "<<<<<<<<",
    );
    for (g, names) in rows.iter().zip(&names) {
        let players: Vec<Cow<str>> = names.iter().map(|name| clean(name)).collect();
        let change = match &g.change {
            Some(c) => change_text(&c.before, &c.after),
            None => "–".into(),
        };
        table.row(vec![
            date_time(g.ended),
            clean(&g.game).into_owned(),
            clean(&g.group).into_owned(),
            if g.rated { "rated" } else { "casual" }.into(),
            players.join(" vs "),
            clean(&g.summary).into_owned(),
            change,
            g.record
                .as_deref()
                .map_or_else(|| "–".into(), |r| clean(r).into_owned()),
        ]);
    }
    Ok(table.render())
}

/// A rating change as players read it: `1500? → 1741? (+241)`, the sign always shown.
fn change_text(before: &Rating, after: &Rating) -> String {
    let delta = (after.rating.round() - before.rating.round()) as i64;
    format!(
        "{} → {} ({delta:+})",
        before.shown(&LICHESS),
        after.shown(&LICHESS)
    )
}

/// `trios players rename`.
fn rename(store: &dyn Store, old: &str, new: &str) -> Result<String, Error> {
    let account = account(store, old)?;
    handle::check(new, &crate::ssh::account::reserved_names())
        .map_err(|e| Error::Usage(e.to_string()))?;
    let renamed = store
        .rename(&account.handle, new)
        .map_err(|e| failed(store, e))?;
    Ok(format!(
        "renamed {} to {}\n",
        clean(&account.handle),
        clean(&renamed.handle)
    ))
}

/// `trios players ban` (`banned` false: `--undo`).
fn ban(store: &dyn Store, name: &str, banned: bool) -> Result<String, Error> {
    let account = account(store, name)?;
    let account = store
        .set_banned(&account.handle, banned)
        .map_err(|e| failed(store, e))?;
    let handle = clean(&account.handle);
    Ok(if banned {
        format!("banned {handle}: their keys are refused at login\n")
    } else {
        format!("unbanned {handle}\n")
    })
}

/// Text from the database as a terminal may show it: as it is, unless it holds a control or
/// invisible character, which is then escaped.
fn clean(text: &str) -> Cow<'_, str> {
    if text.chars().any(|c| c.is_control() || is_invisible(c)) {
        escape(text).into()
    } else {
        text.into()
    }
}

/// How a column is aligned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Align {
    Left,
    Right,
}

/// A plain text table: a header line and rows, columns two spaces apart and as wide as
/// their widest cell.
struct Table {
    header: Vec<String>,
    columns: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these headers, aligned as `aligns` says (`<` left, `>` right, one a
    /// column).
    fn new(header: &[&str], aligns: &str) -> Table {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            columns: aligns
                .chars()
                .map(|c| if c == '>' { Align::Right } else { Align::Left })
                .collect(),
            rows: Vec::new(),
        }
    }

    fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn render(&self) -> String {
        let all = || std::iter::once(&self.header).chain(&self.rows);
        let widths: Vec<usize> = (0..self.header.len())
            .map(|i| {
                all()
                    .map(|r| r.get(i).map_or(0, |c| c.width()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        for row in all() {
            let mut line = String::new();
            for (i, cell) in row.iter().enumerate() {
                let pad = " ".repeat(widths.get(i).copied().unwrap_or(0) - cell.width());
                if i > 0 {
                    line.push_str("  ");
                }
                match self.columns.get(i) {
                    Some(Align::Right) => {
                        line.push_str(&pad);
                        line.push_str(cell);
                    }
                    _ => {
                        line.push_str(cell);
                        line.push_str(&pad);
                    }
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_always_shows_its_sign() {
        let at = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.09,
        };
        assert_eq!(
            change_text(&at(1500.0, 500.0), &at(1741.2, 300.0)),
            "1500? → 1741? (+241)"
        );
        assert_eq!(
            change_text(&at(1700.0, 60.0), &at(1690.4, 60.0)),
            "1700 → 1690 (-10)"
        );
        assert_eq!(
            change_text(&at(1700.0, 60.0), &at(1700.2, 60.0)),
            "1700 → 1700 (+0)"
        );
    }

    #[test]
    fn only_text_that_could_drive_a_terminal_is_escaped() {
        assert_eq!(clean("Ana María"), "Ana María");
        assert_eq!(clean("a\\b"), "a\\b");
        assert_eq!(clean("a\x1b[2Jb"), escape("a\x1b[2Jb"));
    }

    #[test]
    fn a_table_aligns_wide_characters_by_their_columns() {
        let mut table = Table::new(&["n", "name"], "><");
        table.row(vec!["1".into(), "東京".into()]);
        table.row(vec!["10".into(), "bob".into()]);
        assert_eq!(table.render(), " n  name\n 1  東京\n10  bob\n");
    }

    #[test]
    fn groups_and_games_are_known_by_name() {
        assert_eq!(group("reversi").ok(), Some("reversi"));
        assert_eq!(group("islands-small").ok(), Some("islands-small"));
        let refused = group("chess")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(refused.contains("\"chess\""), "{refused}");
        assert!(refused.contains("three-trios"), "{refused}");
    }
}
