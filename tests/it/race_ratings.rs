//! A rated Triad race at a table that keeps results: three players with accounts race to the
//! end, the store rates every pair from the final standings (ahead 1, tie ½, behind 0) as
//! one period, and each player hears their change.

use crate::common::eventually;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use trios::controller::race_table::triad::{RaceNews, RaceRequest, RaceSpec, TriadTable};
use trios::controller::rated::Ratings;
use trios::controller::table::{Identity, Proof, TableId, Want};
use trios::controller::tables::Registry;
use trios::games::triad::first_triad;
use trios::games::triad::race::Race;
use trios::store::glicko2::{self, Outcome};
use trios::store::sqlite::SqliteStore;
use trios::store::worker::{StoreService, now};
use trios::store::{AccountId, LICHESS, Store};

const WAIT: Duration = Duration::from_secs(10);

/// A player at the race: their news and their copy of the race.
struct Racer {
    client: u64,
    news: Receiver<RaceNews>,
    race: Race,
    heard: Vec<String>,
}

impl Racer {
    fn join(registry: &Registry, table: TableId, client: u64, who: Identity) -> Racer {
        let (tell, news) = mpsc::channel();
        let joined = registry
            .join::<TriadTable>(
                table,
                client,
                who,
                Want::Seat,
                Box::new(move |n| tell.send(n).is_ok()),
            )
            .expect("a seat");
        let race = Race::following(
            joined.seed,
            joined.seats.iter().map(|s| s.racer.clone()).collect(),
            &joined.taken,
            joined.version,
        )
        .expect("the race replays");
        Racer {
            client,
            news,
            race,
            heard: Vec::new(),
        }
    }

    /// Takes news until `done` says so, keeping the copy of the race up to date.
    fn until(&mut self, what: &str, done: impl Fn(&RaceNews) -> bool) {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let news = self
                .news
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("client {} never heard {what}", self.client));
            match &news {
                RaceNews::Started {
                    seed,
                    version,
                    seats,
                } => {
                    let racers = seats.iter().map(|s| s.racer.clone()).collect();
                    self.race = Race::following(*seed, racers, &[], *version).expect("a race");
                }
                RaceNews::Taken {
                    positions, seats, ..
                } => {
                    self.race.apply(*positions).expect("the copy takes it");
                    self.race
                        .set_racers(seats.iter().map(|s| s.racer.clone()).collect());
                }
                RaceNews::Notice(text) => self.heard.push(text.clone()),
                _ => {}
            }
            if done(&news) {
                return;
            }
        }
    }
}

fn player(id: AccountId, name: &str, ip: [u8; 4]) -> Identity {
    Identity {
        user: name.into(),
        proof: Proof::Account {
            id,
            from: IpAddr::from(ip),
        },
    }
}

#[test]
fn a_race_of_three_accounts_is_rated_pair_by_pair_from_its_standings() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trios.db");
    let store = SqliteStore::open(&db).unwrap();
    let ids: Vec<AccountId> = ["ann", "ben", "cat"]
        .iter()
        .map(|n| {
            store
                .create_account(n, &format!("SHA256:{n}"), now())
                .unwrap()
                .id
        })
        .collect();
    let service = StoreService::start(Box::new(store), None, LICHESS).unwrap();
    let registry = Registry::new();
    registry.keep_results(Ratings {
        service,
        rated_same_address: false,
    });
    let who = [
        player(ids[0], "ann", [10, 0, 0, 1]),
        player(ids[1], "ben", [10, 0, 0, 2]),
        player(ids[2], "cat", [10, 0, 0, 3]),
    ];
    let table = registry
        .open(RaceSpec {
            opener: who[0].clone(),
            rivals: Vec::new(),
            seed: 11,
            fixed_seed: true,
        })
        .unwrap();
    let mut racers: Vec<Racer> = who
        .iter()
        .enumerate()
        .map(|(n, w)| Racer::join(&registry, table, n as u64 + 1, w.clone()))
        .collect();
    registry.ask::<TriadTable>(table, 1, RaceRequest::Start);
    for racer in &mut racers {
        racer.until("the start", |n| matches!(n, RaceNews::Started { .. }));
    }
    // Ann claims two triads in three, Ben the rest, Cat none.
    let mut turn = 0;
    while !racers[0].race.is_over() {
        let by = if turn % 3 == 2 { 1 } else { 0 };
        turn += 1;
        let Some(positions) = first_triad(racers[by].race.game().tableau()) else {
            break;
        };
        let version = racers[by].race.version();
        registry.ask::<TriadTable>(
            table,
            racers[by].client,
            RaceRequest::Claim { positions, version },
        );
        for racer in &mut racers {
            racer.until("a triad taken", |n| matches!(n, RaceNews::Taken { .. }));
        }
    }
    let standings = racers[0].race.standings();
    let score: HashMap<String, i32> = standings
        .iter()
        .map(|s| (s.name.clone(), s.score))
        .collect();
    assert!(
        score["ann"] > score["ben"] && score["ben"] > score["cat"],
        "{score:?}"
    );

    // Every pair is one game of the period, for each of the three.
    let versus = |me: usize, them: usize| Outcome {
        opponent: LICHESS.initial,
        score: match score[&who[me].user].cmp(&score[&who[them].user]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        },
    };
    let reader = SqliteStore::open(&db).unwrap();
    eventually("the race is stored", || {
        reader.games(ids[0], 5).unwrap().len() == 1
    });
    for (me, &id) in ids.iter().enumerate() {
        let others: Vec<Outcome> = (0..3).filter(|&o| o != me).map(|o| versus(me, o)).collect();
        let expected = glicko2::update(LICHESS.initial, &others, &LICHESS);
        let stored = &reader.ratings(id).unwrap()[0];
        assert_eq!(stored.group, "triad");
        assert!((stored.rating - expected.rating).abs() < 1e-9, "{stored:?}");
        assert!((stored.deviation - expected.deviation).abs() < 1e-9);
        assert_eq!(stored.games, 1);
    }
    // Each hears the changes: `ann: Triad 1500? → …`.
    racers[0].until(
        "the rating changes",
        |n| matches!(n, RaceNews::Notice(t) if t.contains("Triad 1500? → ")),
    );
    let line = racers[0].heard.last().cloned().unwrap_or_default();
    for name in ["ann", "ben", "cat"] {
        assert!(line.contains(&format!("{name}: Triad 1500? → ")), "{line}");
    }
}
