//! Triad race tables without any terminal: the table decides the order of claims, a wrong
//! claim costs a point and three seconds, everyone (spectators too) hears the same race and
//! can follow it on a copy, computer rivals claim at the table, and the lobby lists the
//! players.

use crate::common;

use common::{eventually, keyed};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use trios::controller::race_table::triad::{
    MAX_RACERS, RaceJoined, RaceNews, RaceRequest, RaceRole, RaceSpec, TriadTable,
};
use trios::controller::race_table::{Phase, RaceTable};
use trios::controller::table::{Kind, SeatState, TableId, Want};
use trios::controller::tables::Registry;
use trios::games::triad::race::Race;
use trios::games::triad::{Game, first_triad, is_triad};

const WAIT: Duration = Duration::from_secs(10);
const SEED: u64 = 7;

fn open(registry: &std::sync::Arc<Registry>, rivals: &[&str]) -> TableId {
    registry
        .open(RaceSpec {
            opener: keyed("alice"),
            rivals: rivals.iter().map(|r| r.to_string()).collect(),
            seed: SEED,
            fixed_seed: true,
        })
        .expect("open a race table")
}

/// One screen at a race: what it was told on joining, everything it hears after, and the
/// copy of the race it keeps from that news.
struct Client {
    id: u64,
    joined: RaceJoined,
    news: Receiver<RaceNews>,
    race: Race,
}

fn join(registry: &Registry, table: TableId, client: u64, user: &str, want: Want) -> Client {
    try_join(registry, table, client, user, want).expect("join the race")
}

fn try_join(
    registry: &Registry,
    table: TableId,
    client: u64,
    user: &str,
    want: Want,
) -> Result<Client, String> {
    let (tell, news) = mpsc::channel();
    let joined = registry
        .join::<TriadTable>(
            table,
            client,
            keyed(user),
            want,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .map_err(|e| e.to_string())?;
    let race = Race::following(
        joined.seed,
        joined.seats.iter().map(|s| s.racer.clone()).collect(),
        &joined.taken,
        joined.version,
    )
    .expect("the joined race replays");
    Ok(Client {
        id: client,
        joined,
        news,
        race,
    })
}

impl Client {
    /// Waits for news that `pick` accepts, keeping the copy of the race up to date on the way.
    fn expect<T>(&mut self, what: &str, pick: impl Fn(&RaceNews) -> Option<T>) -> T {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let news = self
                .news
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("client {} never heard {what}", self.id));
            self.follow(&news);
            if let Some(found) = pick(&news) {
                return found;
            }
        }
    }

    fn follow(&mut self, news: &RaceNews) {
        match news {
            RaceNews::Started {
                seed,
                version,
                seats,
            } => {
                let racers = seats.iter().map(|s| s.racer.clone()).collect();
                self.race = Race::following(*seed, racers, &[], *version).expect("a fresh race");
            }
            RaceNews::Taken {
                positions, seats, ..
            } => {
                self.race
                    .apply(*positions)
                    .expect("the copy takes the triad");
                self.race
                    .set_racers(seats.iter().map(|s| s.racer.clone()).collect());
            }
            RaceNews::Wrong { seats, .. } | RaceNews::Seats { seats, .. } => self
                .race
                .set_racers(seats.iter().map(|s| s.racer.clone()).collect()),
            _ => {}
        }
    }

    fn started(&mut self) {
        self.expect("the start", |n| {
            matches!(n, RaceNews::Started { .. }).then_some(())
        });
    }
}

fn ask(registry: &Registry, table: TableId, client: &Client, request: RaceRequest) {
    registry.ask::<TriadTable>(table, client.id, request);
}

/// A claim of the first triad on `client`'s copy of the table.
fn claim_first(client: &Client) -> RaceRequest {
    let positions = first_triad(client.race.game().tableau()).expect("a triad on the table");
    RaceRequest::Claim {
        positions,
        version: client.race.version(),
    }
}

/// Three cards on the table that are not a triad.
fn not_a_triad(race: &Race) -> [usize; 3] {
    let table = race.game().tableau();
    for a in 0..table.len() {
        for b in a + 1..table.len() {
            for c in b + 1..table.len() {
                if !is_triad(table[a], table[b], table[c]) {
                    return [a, b, c];
                }
            }
        }
    }
    panic!("every three cards on the table are a triad")
}

#[test]
fn the_first_valid_claim_takes_the_triad_and_the_later_one_is_too_late() {
    let registry = Registry::new();
    let table = open(&registry, &[]);
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    let mut bob = join(&registry, table, 2, "bob", Want::Seat);
    assert_eq!(alice.joined.role, RaceRole::Racer(0));
    assert_eq!(bob.joined.role, RaceRole::Racer(1));
    assert_eq!(alice.joined.phase, Phase::Waiting);
    ask(&registry, table, &alice, RaceRequest::Start);
    alice.started();
    bob.started();
    // The tableau both see is the seeded deal.
    assert_eq!(alice.race.game().tableau(), Game::new(SEED).tableau());
    assert_eq!(bob.race.game().tableau(), alice.race.game().tableau());

    // Both claim the same triad against the same table: the first to arrive takes it.
    let claim = claim_first(&alice);
    ask(&registry, table, &bob, claim);
    ask(&registry, table, &alice, claim);
    let (by, positions) = alice.expect("the triad taken", |n| match n {
        RaceNews::Taken { by, positions, .. } => Some((*by, *positions)),
        _ => None,
    });
    assert_eq!(by, 1, "bob's claim arrived first");
    let RaceRequest::Claim {
        positions: asked, ..
    } = claim
    else {
        unreachable!()
    };
    assert_eq!(positions, asked);
    let too_late = alice.expect("alice's claim refused", |n| match n {
        RaceNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(too_late.contains("Too late"), "{too_late}");
    bob.expect("bob's own triad", |n| {
        matches!(n, RaceNews::Taken { by: 1, .. }).then_some(())
    });
    for client in [&alice, &bob] {
        let scores: Vec<i32> = client.race.racers().iter().map(|r| r.score).collect();
        assert_eq!(scores, [0, 1]);
    }
    // Both copies moved on the same way.
    assert_eq!(alice.race.game().tableau(), bob.race.game().tableau());
    assert_eq!(alice.race.version(), 1);
}

#[test]
fn a_wrong_claim_costs_a_point_and_three_seconds_and_everyone_hears_it() {
    let registry = Registry::new();
    let table = open(&registry, &[]);
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    let mut bob = join(&registry, table, 2, "bob", Want::Seat);
    let mut carol = join(&registry, table, 3, "carol", Want::Watch);
    assert_eq!(carol.joined.role, RaceRole::Watches);
    ask(&registry, table, &bob, RaceRequest::Start);
    for c in [&mut alice, &mut bob, &mut carol] {
        c.started();
    }
    let wrong = not_a_triad(&alice.race);
    ask(
        &registry,
        table,
        &alice,
        RaceRequest::Claim {
            positions: wrong,
            version: alice.race.version(),
        },
    );
    let heard = carol.expect("the wrong claim", |n| match n {
        RaceNews::Wrong {
            by,
            positions,
            reason,
            ..
        } => Some((*by, *positions, reason.clone())),
        _ => None,
    });
    assert_eq!((heard.0, heard.1), (0, wrong));
    assert!(!heard.2.is_empty(), "the reason is given");
    assert_eq!(carol.race.racers()[0].score, -1);
    assert_eq!(carol.race.racers()[0].wrong, 1);

    // Locked out: even a real triad is refused for now, and the table does not change.
    ask(&registry, table, &alice, claim_first(&alice));
    let why = alice.expect("the lockout", |n| match n {
        RaceNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.starts_with("Locked out for"), "{why}");
    // Bob is not locked out.
    ask(&registry, table, &bob, claim_first(&bob));
    bob.expect("bob's triad", |n| {
        matches!(n, RaceNews::Taken { by: 1, .. }).then_some(())
    });
    // Spectators cannot claim.
    ask(&registry, table, &carol, claim_first(&carol));
    let why = carol.expect("the spectator refused", |n| match n {
        RaceNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.contains("Only the players"), "{why}");
}

#[test]
fn a_computer_rival_at_the_table_takes_triads_and_the_race_runs_to_its_end() {
    let registry = Registry::new();
    let table = open(&registry, &["hard"]);
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    let names: Vec<&str> = alice
        .joined
        .seats
        .iter()
        .map(|s| s.racer.name.as_str())
        .collect();
    assert_eq!(names, ["alice", "hard"]);
    assert_eq!(alice.joined.seats[1].state, SeatState::Computer);
    ask(&registry, table, &alice, RaceRequest::Start);
    alice.started();
    // The rival sees a triad within its level's delay (at most 1.4 x 6 s).
    let by = alice.expect("the rival's triad", |n| match n {
        RaceNews::Taken { by, .. } => Some(*by),
        _ => None,
    });
    assert_eq!(by, 1);
    // Alice claims every triad from here on, faster than the rival; the race ends.
    while !alice.race.is_over() {
        ask(&registry, table, &alice, claim_first(&alice));
        alice.expect("a triad taken", |n| {
            matches!(n, RaceNews::Taken { .. } | RaceNews::Refused(_)).then_some(())
        });
    }
    let best = alice.race.standings()[0].name.clone();
    eventually("the lobby hears the race is over", || {
        registry.list().iter().any(|t| {
            t.id == table
                && t.kind == Kind::Race
                && t.race
                    .as_ref()
                    .is_some_and(|r| r.phase == Phase::Over && r.leader.as_ref() == Some(&best))
        })
    });
    // Another race: dealt at once for the same players, scores back to nothing.
    ask(&registry, table, &alice, RaceRequest::Again);
    alice.started();
    assert!(alice.race.racers().iter().all(|r| r.score == 0));
    assert_eq!(alice.race.racers().len(), 2);
    assert_eq!(
        alice.race.game().seed(),
        SEED,
        "a fixed-seed table deals the same race"
    );
}

#[test]
fn the_lobby_lists_every_player_and_a_race_holds_at_most_eight() {
    let registry = Registry::new();
    let table = open(&registry, &["easy"]);
    let alice = join(&registry, table, 1, "alice", Want::Seat);
    let mut clients = vec![alice];
    for (i, name) in ["bob", "carol", "dave", "erin", "frank", "grace"]
        .iter()
        .enumerate()
    {
        clients.push(join(&registry, table, 2 + i as u64, name, Want::Seat));
    }
    eventually("the lobby lists eight players", || {
        registry
            .list()
            .iter()
            .any(|t| t.id == table && t.seats.len() == MAX_RACERS)
    });
    let listed = registry.list();
    let summary = listed.iter().find(|t| t.id == table).expect("listed");
    let names: Vec<&str> = summary.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "alice", "easy", "bob", "carol", "dave", "erin", "frank", "grace"
        ]
    );
    let full = try_join(&registry, table, 99, "heidi", Want::Seat);
    assert!(
        full.as_ref().is_err_and(|e| e.contains("8 players")),
        "a ninth player is refused"
    );
    // A watcher is still welcome.
    let _heidi = join(&registry, table, 100, "heidi", Want::Watch);
    // A computer rival cannot be added to a full table either.
    ask(&registry, table, &clients[0], RaceRequest::AddRival);
    let why = clients[0].expect("the refusal", |n| match n {
        RaceNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.contains("at most 8"), "{why}");
}

#[test]
fn places_move_up_when_someone_leaves_before_the_start_and_everyone_leaving_closes_it() {
    let registry = Registry::new();
    let table = open(&registry, &[]);
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    let bob = join(&registry, table, 2, "bob", Want::Seat);
    let mut carol = join(&registry, table, 3, "carol", Want::Seat);
    assert_eq!(carol.joined.role, RaceRole::Racer(2));
    registry.leave(table, bob.id, false);
    let you = carol.expect("the new list", |n| match n {
        RaceNews::Seats { seats, you } if seats.len() == 2 => Some(*you),
        _ => None,
    });
    assert_eq!(you, Some(1), "carol moves up to bob's place");
    // A race needs two: alice alone could not have started it; with carol she can.
    ask(&registry, table, &alice, RaceRequest::Start);
    alice.started();
    // Leaving mid-race keeps the score and the place, marked away.
    registry.leave(table, carol.id, true);
    let seats = alice.expect("carol away", |n| match n {
        RaceNews::Seats { seats, .. } => Some(seats.clone()),
        _ => None,
    });
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[1].state, SeatState::Away);
    eventually("the lobby keeps carol's place", || {
        registry
            .list()
            .iter()
            .any(|t| t.id == table && t.away.contains(&keyed("carol")))
    });
    // She comes back to her own place.
    let carol = join(&registry, table, 4, "carol", Want::Seat);
    assert_eq!(carol.joined.role, RaceRole::Racer(1));
    registry.leave(table, alice.id, false);
    registry.leave(table, carol.id, false);
    eventually("the table closes once every player left", || {
        registry.list().iter().all(|t| t.id != table)
    });
}

#[test]
fn a_race_cannot_start_alone() {
    let registry = Registry::new();
    let table = open(&registry, &[]);
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    ask(&registry, table, &alice, RaceRequest::Start);
    let why = alice.expect("the refusal", |n| match n {
        RaceNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.contains("two players"), "{why}");
    // A computer rival makes two.
    ask(&registry, table, &alice, RaceRequest::AddRival);
    alice.expect("the rival seated", |n| match n {
        RaceNews::Seats { seats, .. } if seats.len() == 2 => Some(()),
        _ => None,
    });
    ask(&registry, table, &alice, RaceRequest::Start);
    alice.started();
}

#[test]
fn one_registry_path_serves_every_race_and_a_table_answers_only_in_its_own_game() {
    use trios::games::hexpaths::platform::HexRace;
    use trios::games::triad::platform::TriadRace;

    let registry = Registry::new();
    let table = open(&registry, &["easy"]);
    // A Hex paths join at a Triad table is turned away, and the table is none the worse.
    let (tell, _news) = mpsc::channel();
    let wrong = registry.join::<RaceTable<HexRace>>(
        table,
        9,
        keyed("bob"),
        Want::Watch,
        Box::new(move |n| tell.send(n).is_ok()),
    );
    let why = wrong.expect_err("a Triad table refuses a Hex paths join");
    assert!(why.to_string().contains("plays another game"), "{why}");
    // The generic path reaches the Triad table as the Triad one does.
    let (tell, news) = mpsc::channel();
    let joined = registry
        .join::<RaceTable<TriadRace>>(
            table,
            1,
            keyed("alice"),
            Want::Seat,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .expect("alice sits down");
    assert_eq!(joined.role, RaceRole::Racer(0));
    assert_eq!(joined.seats.len(), 2, "alice and the rival");
    registry.ask::<RaceTable<TriadRace>>(table, 1, RaceRequest::Start);
    let deadline = Instant::now() + WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match news.recv_timeout(left).expect("the race starts") {
            RaceNews::Started { seed, .. } => {
                assert_eq!(seed, SEED);
                break;
            }
            _ => continue,
        }
    }
}

/// A join of race `table` as `who`, whatever proves it is them.
fn join_as(
    registry: &Registry,
    table: TableId,
    client: u64,
    who: trios::controller::table::Identity,
) -> Result<(RaceJoined, Receiver<RaceNews>), String> {
    let (tell, news) = mpsc::channel();
    registry
        .join::<TriadTable>(
            table,
            client,
            who,
            Want::Seat,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .map(|joined| (joined, news))
        .map_err(|e| e.to_string())
}

#[test]
fn a_place_moves_to_a_new_session_only_for_the_same_key_and_the_lobby_counts_watchers() {
    use trios::controller::table::{Identity, Proof};
    let registry = Registry::new();
    let table = open(&registry, &["easy"]);
    let mut first = join(&registry, table, 1, "alice", Want::Seat);
    // The same key from another session takes the place over; the old session is told.
    let again = join(&registry, table, 2, "alice", Want::Seat);
    assert_eq!(again.joined.role, RaceRole::Racer(0));
    let why = first.expect("the dismissal", |n| match n {
        RaceNews::Closed(why) => Some(why.clone()),
        _ => None,
    });
    assert_eq!(why, "you joined this race again from another session");
    // Someone proved only by their address cannot: the first session may still be theirs.
    let dave = Identity {
        user: "dave".into(),
        proof: Proof::Address([10, 0, 0, 9].into()),
    };
    let (joined, _dave_news) = join_as(&registry, table, 3, dave.clone()).expect("dave sits");
    assert_eq!(joined.role, RaceRole::Racer(2));
    let refused = join_as(&registry, table, 4, dave.clone()).map(|_| ());
    assert_eq!(
        refused,
        Err("you already race at this table in another session".to_string())
    );
    // The lobby: two people present, one screen watching.
    let _carol = join(&registry, table, 5, "carol", Want::Watch);
    eventually("the lobby lists the watcher and the players", || {
        registry.list().iter().any(|t| {
            t.id == table
                && t.watchers == 1
                && t.present.contains(&keyed("alice"))
                && t.present.contains(&dave)
                && t.away.is_empty()
        })
    });
}

#[test]
fn race_tables_and_duel_tables_count_together_against_the_seats_a_person_may_hold() {
    use crate::common::trios_table::{News, Table, TableSpec};
    use trios::controller::Seat;
    use trios::controller::table::Kind;
    use trios::controller::tables::SEATS_PER_PERSON;
    use trios::setup::three_trios::MatchConfig;
    let registry = Registry::new();
    // Ivy's first table is a duel against the computer, watched by sam.
    let mut config: MatchConfig = common::base();
    config.red = Seat::Human;
    config.blue = Seat::Computer("maxflip".into());
    let duel = registry
        .open(TableSpec {
            kind: Kind::VsComputer,
            config,
            opener: Some(keyed("ivy")),
            data_dir: None,
            grace: Duration::from_secs(60),
            pace: Duration::ZERO,
            rest: Duration::ZERO,
            reseed: |c: &MatchConfig| c.seed,
            successor: None,
            casual: false,
        })
        .expect("open a duel");
    let (tell, ivy_news) = mpsc::channel::<News>();
    registry
        .join::<Table>(
            duel,
            1,
            keyed("ivy"),
            Want::Seat,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .expect("ivy sits at her duel");
    // Then as many race tables as she may hold: the duel, left alone, makes room.
    let mut races = Vec::new();
    for n in 0..SEATS_PER_PERSON as u64 {
        let table = registry
            .open(RaceSpec {
                opener: keyed("ivy"),
                rivals: vec!["easy".into()],
                seed: SEED,
                fixed_seed: true,
            })
            .expect("open a race");
        races.push(join(&registry, table, 10 + n, "ivy", Want::Seat));
        eventually("ivy listed at her race", || {
            registry
                .list()
                .iter()
                .any(|t| t.id == table && t.present.contains(&keyed("ivy")))
        });
    }
    let deadline = Instant::now() + WAIT;
    let why = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match ivy_news.recv_timeout(left) {
            Ok(News::Closed(why)) => break why,
            Ok(_) => {}
            Err(_) => panic!("the duel never closed"),
        }
    };
    assert_eq!(
        why,
        format!("ivy opened a newer table (at most {SEATS_PER_PERSON} a person)")
    );
    // A race left alone makes room for a newer table the same way.
    let refused = registry
        .open(RaceSpec {
            opener: keyed("ivy"),
            rivals: vec!["easy".into()],
            seed: SEED,
            fixed_seed: true,
        })
        .map(|_| ());
    assert!(refused.is_ok(), "{refused:?}");
    let first_race = &mut races[0];
    let why = first_race.expect("the oldest race closes", |n| match n {
        RaceNews::Closed(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.contains("ivy opened a newer table"), "{why}");
}
