//! The players database at scale: what SQLite's `quick_check` adds to opening it (every
//! command that opens the database runs it), and what the look-alike rule costs a new
//! account (every existing handle read and compared), at 100,000 players and a million games.
//!
//! ```sh
//! cargo run --release --example store_scale -- build /tmp/big.db 100000 1000000
//! cargo run --release --example store_scale -- open /tmp/big.db
//! cargo run --release --example store_scale -- signup /tmp/big.db
//! cargo run --release --example store_scale -- signup postgres://…   # 100,000 accounts made there
//! ```
//!
//! `build` makes a trios database through the store, then fills it in one transaction with
//! PLAYERS accounts (a key and a Reversi rating each) and GAMES rated duels between them
//! (both seats, with their rating changes), as the server would have written them. `open`
//! times opening it five times (the first may read from disk; the rest from the page cache),
//! and `PRAGMA quick_check` alone. `signup` times making accounts with new handles, each one
//! scanning every handle, and then one refused for looking like a taken one.

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::params;
use trios::store::postgres::PostgresStore;
use trios::store::sqlite::SqliteStore;
use trios::store::{Store, StoreError};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let outcome = match (arg(0), arg(1)) {
        (Some("build"), Some(path)) => {
            let players = arg(2).and_then(|n| n.parse().ok()).unwrap_or(100_000);
            let games = arg(3).and_then(|n| n.parse().ok()).unwrap_or(1_000_000);
            build(Path::new(path), players, games)
        }
        (Some("open"), Some(path)) => open(Path::new(path)),
        (Some("signup"), Some(place)) => signup(place),
        _ => Err(
            "usage: store_scale build PATH [PLAYERS] [GAMES] | open PATH | signup PATH|URL".into(),
        ),
    };
    if let Err(e) = outcome {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn build(path: &Path, players: i64, games: i64) -> Result<(), String> {
    if path.exists() {
        return Err(format!("{} exists; give a new file", path.display()));
    }
    let started = Instant::now();
    drop(SqliteStore::open(path).map_err(|e| e.to_string())?);
    let mut conn = rusqlite::Connection::open(path).map_err(|e| e.to_string())?;
    let tx = conn.transaction().map_err(|e| e.to_string())?;
    {
        let mut account = tx
            .prepare(
                "INSERT INTO accounts (id, handle, handle_folded, created) VALUES (?1, ?2, ?2, 0)",
            )
            .map_err(|e| e.to_string())?;
        let mut key = tx
            .prepare("INSERT INTO keys (fingerprint, account, added) VALUES (?1, ?2, 0)")
            .map_err(|e| e.to_string())?;
        let mut rating = tx
            .prepare(
                "INSERT INTO ratings (account, grp, rating, deviation, volatility, games, wins, \
                 losses, draws, last_played) VALUES (?1, 'reversi', ?2, 60, 0.06, ?3, ?4, ?5, 0, ?6)",
            )
            .map_err(|e| e.to_string())?;
        let per_player = 2 * games / players.max(1);
        for id in 1..=players {
            account
                .execute(params![id, format!("player{id}")])
                .map_err(|e| e.to_string())?;
            key.execute(params![format!("SHA256:key{id}"), id])
                .map_err(|e| e.to_string())?;
            let value = 800.0 + (id as f64 * 7919.0) % 1600.0;
            rating
                .execute(params![
                    id,
                    value,
                    per_player,
                    per_player / 2,
                    per_player - per_player / 2,
                    games * 60
                ])
                .map_err(|e| e.to_string())?;
        }
        let mut game = tx
            .prepare(
                "INSERT INTO games (id, game, grp, rated, started, ended, summary, record) \
                 VALUES (?1, 'reversi', 'reversi', 1, ?2, ?3, ?4, ?5)",
            )
            .map_err(|e| e.to_string())?;
        let mut seat = tx
            .prepare(
                "INSERT INTO game_players (game_id, seat, account, name, place, computer, \
                 before_rating, before_deviation, before_volatility, after_rating, \
                 after_deviation, after_volatility) \
                 VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6, 60, 0.06, ?7, 60, 0.06)",
            )
            .map_err(|e| e.to_string())?;
        for n in 0..games {
            let id = format!(
                "{n:08x}-{:08x}",
                n.wrapping_mul(2_654_435_761) & 0xffff_ffff
            );
            let ended = 1_000_000 + n * 60;
            let (a, b) = (1 + n % players, 1 + (n * 7 + 1) % players);
            game.execute(params![
                id,
                ended - 600,
                ended,
                format!("player{a} wins 40–24"),
                format!("matches/20260101-000000-{n}.json")
            ])
            .map_err(|e| e.to_string())?;
            for (s, who, place, delta) in [(0, a, 0, 8.5), (1, b, 1, -8.5)] {
                seat.execute(params![
                    id,
                    s,
                    who,
                    format!("player{who}"),
                    place,
                    1500.0,
                    1500.0 + delta
                ])
                .map_err(|e| e.to_string())?;
            }
            if n % 100_000 == 99_999 {
                eprintln!("{} games…", n + 1);
            }
        }
    }
    tx.commit().map_err(|e| e.to_string())?;
    drop(conn);
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    println!(
        "built {}: {players} players, {games} games, {:.0} MB in {:.1} s",
        path.display(),
        size as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn open(path: &Path) -> Result<(), String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    println!("{}: {:.0} MB", path.display(), size as f64 / 1e6);
    for run in 1..=5 {
        let started = Instant::now();
        let store = SqliteStore::open_existing(path).map_err(|e| e.to_string())?;
        let opened = started.elapsed();
        let one = store
            .account_by_handle("player5")
            .map_err(|e| e.to_string())?;
        println!("open {run} (with quick_check): {}", ms(opened));
        if one.is_none() {
            return Err("player5 is not there".into());
        }
    }
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(|e| e.to_string())?;
    for run in 1..=3 {
        let started = Instant::now();
        let said: String = conn
            .query_row("PRAGMA quick_check(3)", [], |row| row.get(0))
            .map_err(|e| e.to_string())?;
        println!(
            "quick_check alone {run}: {} ({said})",
            ms(started.elapsed())
        );
    }
    let started = Instant::now();
    let said: String = conn
        .query_row("PRAGMA integrity_check(3)", [], |row| row.get(0))
        .map_err(|e| e.to_string())?;
    println!(
        "integrity_check, for comparison: {} ({said})",
        ms(started.elapsed())
    );
    Ok(())
}

fn signup(place: &str) -> Result<(), String> {
    let store: Box<dyn Store> =
        if place.starts_with("postgres://") || place.starts_with("postgresql://") {
            let store = PostgresStore::connect(place).map_err(|e| e.to_string())?;
            let have = store
                .account_by_handle("bench99999")
                .map_err(|e| e.to_string())?;
            if have.is_none() {
                eprintln!("making 100,000 accounts…");
                store
                    .seed_ratings_for_bench("reversi", 100_000, 1_000_000)
                    .map_err(|e| e.to_string())?;
            }
            Box::new(store)
        } else {
            Box::new(SqliteStore::open_existing(Path::new(place)).map_err(|e| e.to_string())?)
        };
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros())
        .unwrap_or(0);
    let mut times = Vec::new();
    for n in 0..20 {
        let handle = format!("new{}x{n}", stamp % 1_000_000_000);
        let started = Instant::now();
        store
            .create_account(&handle, &format!("SHA256:{handle}"), 0)
            .map_err(|e| e.to_string())?;
        times.push(started.elapsed());
    }
    times.sort();
    println!(
        "a new account among the handles of {place}: median {}, slowest {}",
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1])
    );
    let taken = store
        .account_by_handle("player5")
        .map_err(|e| e.to_string())?
        .or(store
            .account_by_handle("bench5")
            .map_err(|e| e.to_string())?)
        .ok_or("no player5 or bench5 to imitate")?;
    let alike = taken.handle.replacen('e', "\u{435}", 1);
    let started = Instant::now();
    match store.create_account(&alike, "SHA256:alike", 0) {
        Err(StoreError::LooksTaken { .. }) => {
            println!(
                "{alike:?} refused as {:?} in {}",
                taken.handle,
                ms(started.elapsed())
            )
        }
        other => return Err(format!("{alike:?} was not refused: {other:?}")),
    }
    Ok(())
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}
