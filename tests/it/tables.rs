//! Shared tables without any terminal: who may move, what everyone hears, seats kept for
//! players who leave, and the showcase that plays by itself.

use crate::common::eventually;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use crate::common::trios_table::{Joined, News, Request, Table, TableSpec};
use trios::controller::Seat;
use trios::controller::table::{Identity, Kind, Proof, Role, SeatState, TableId, Want};
use trios::controller::tables::Registry;
use trios::games::Side;
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{DealMode, Move, Player, RuleSet};
use trios::setup::three_trios::MatchConfig;

const WAIT: Duration = Duration::from_secs(10);

fn config(red: Seat, blue: Seat) -> MatchConfig {
    MatchConfig {
        clock: None,
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::Shuffle,
        seed: 7,
        rules: RuleSet::default(),
        red,
        blue,
        think_ms: 20,
    }
}

fn same_seed(config: &MatchConfig) -> u64 {
    config.seed
}

fn spec(kind: Kind, config: MatchConfig, opener: Option<Identity>) -> TableSpec {
    TableSpec {
        kind,
        config,
        opener,
        data_dir: None,
        grace: Duration::from_secs(60),
        pace: Duration::ZERO,
        rest: Duration::ZERO,
        reseed: same_seed,
        successor: None,
        casual: false,
    }
}

/// A person by name, proved by `key` when given, else by a made-up address.
fn who(user: &str, key: Option<&str>) -> Identity {
    Identity {
        user: user.into(),
        proof: match key {
            Some(key) => Proof::Key(key.into()),
            None => Proof::Address([10, 0, 0, 1].into()),
        },
    }
}

/// One client at a table: what it was told on joining and everything it hears after.
#[derive(Debug)]
struct Client {
    joined: Joined,
    news: Receiver<News>,
}

fn join(
    registry: &Registry,
    table: TableId,
    client: u64,
    identity: Identity,
    want: Want,
) -> Result<Client, String> {
    let (tell, news) = mpsc::channel();
    let joined = registry
        .join::<Table>(
            table,
            client,
            identity,
            want,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .map_err(|e| e.to_string())?;
    Ok(Client { joined, news })
}

impl Client {
    /// Waits for news that `wanted` accepts, skipping the rest; panics after [`WAIT`].
    fn expect(&self, what: &str, wanted: impl Fn(&News) -> bool) -> News {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.news.recv_timeout(left) {
                Ok(news) if wanted(&news) => return news,
                Ok(_) => {}
                Err(e) => panic!("no {what}: {e}"),
            }
        }
    }

    fn expect_notice(&self, text: &str) {
        self.expect(text, |n| matches!(n, News::Notice(t) if t.contains(text)));
    }

    /// A refusal of this client's own request.
    fn expect_refused(&self, text: &str) {
        self.expect(text, |n| matches!(n, News::Refused(t) if t.contains(text)));
    }
}

/// The first legal move of the game a client would see after `moves`.
fn first_legal(joined: &Joined, moves: &[Move]) -> Move {
    let mut game = joined.config.new_game().unwrap();
    for &mv in moves {
        game.play(mv).unwrap();
    }
    game.legal_moves().next().unwrap()
}

#[test]
fn only_the_seated_player_moves_and_everyone_hears_each_move_in_order() {
    let registry = Registry::new();
    let alice = who("alice", None);
    let table = registry
        .open(spec(
            Kind::TwoPlayers,
            config(Seat::Human, Seat::Human),
            Some(alice.clone()),
        ))
        .unwrap();
    let red = join(&registry, table, 1, alice, Want::Seat).unwrap();
    assert_eq!(red.joined.role, Role::Plays(Side::First));
    assert_eq!(red.joined.seats[1].state, SeatState::Open);
    // Nobody moves while a seat is open.
    registry.ask::<Table>(table, 1, Request::Play(first_legal(&red.joined, &[])));
    red.expect_refused("Waiting for an opponent");

    let blue = join(&registry, table, 2, who("bob", None), Want::Seat).unwrap();
    assert_eq!(blue.joined.role, Role::Plays(Side::Second));
    red.expect_notice("bob sits at BLUE");
    let watcher = join(&registry, table, 3, who("carol", None), Want::Seat);
    assert!(watcher.unwrap_err().contains("both seats are taken"));
    let watcher = join(&registry, table, 3, who("carol", None), Want::Watch).unwrap();
    assert_eq!(watcher.joined.role, Role::Watches);

    let mv = first_legal(&red.joined, &[]);
    registry.ask::<Table>(table, 3, Request::Play(mv));
    watcher.expect_refused("Only the players can move");
    registry.ask::<Table>(table, 2, Request::Play(mv));
    blue.expect_refused("not your turn");
    registry.ask::<Table>(table, 1, Request::Play(mv));
    for client in [&red, &blue, &watcher] {
        let news = client.expect("the move", |n| matches!(n, News::Moved { .. }));
        assert_eq!(news, News::Moved { index: 0, mv });
    }
    eventually("the list shows the move and the watcher", || {
        let list = registry.list();
        list[0].moves == 1 && list[0].watchers == 1
    });

    // A latecomer replays the moves so far from what joining tells it.
    let late = join(&registry, table, 4, who("dan", None), Want::Watch).unwrap();
    assert_eq!(late.joined.moves, vec![mv]);
}

#[test]
fn a_seat_is_kept_for_its_player_alone_until_the_grace_runs_out() {
    let registry = Registry::new();
    let alice = who("alice", Some("SHA256:alice"));
    let mut table_spec = spec(
        Kind::TwoPlayers,
        config(Seat::Human, Seat::Human),
        Some(alice.clone()),
    );
    table_spec.grace = Duration::from_millis(1500);
    let table = registry.open(table_spec).unwrap();
    let red = join(&registry, table, 1, alice.clone(), Want::Seat).unwrap();
    let blue = join(&registry, table, 2, who("bob", None), Want::Seat).unwrap();
    let mv = first_legal(&red.joined, &[]);
    registry.ask::<Table>(table, 1, Request::Play(mv));
    blue.expect("the move", |n| matches!(n, News::Moved { .. }));

    registry.leave(table, 1, true);
    blue.expect_notice("alice (RED) lost the connection");
    blue.expect(
        "alice away",
        |n| matches!(n, News::Seats(s) if s[0].state == SeatState::Away),
    );
    eventually("the seat is kept", || {
        registry.seat_kept_for(&alice) == Some(table)
    });
    // The same name with another key (or none) is someone else.
    let impostor = who("alice", Some("SHA256:mallory"));
    assert_eq!(registry.seat_kept_for(&impostor), None);
    assert!(join(&registry, table, 3, impostor, Want::Seat).is_err());

    // The right player is back where they were.
    let back = join(&registry, table, 4, alice.clone(), Want::Seat).unwrap();
    assert_eq!(back.joined.role, Role::Plays(Side::First));
    assert_eq!(back.joined.moves, vec![mv]);
    blue.expect_notice("alice is back at RED");
    eventually("the seat is taken again", || {
        registry.list()[0].away.is_empty()
    });

    // A second session proved by the same key takes the seat over (the first may be a
    // connection that died without a word); one proved only by its address cannot.
    let again = join(&registry, table, 5, alice.clone(), Want::Seat).unwrap();
    assert_eq!(again.joined.role, Role::Plays(Side::First));
    back.expect(
        "the old session told",
        |n| matches!(n, News::Closed(why) if why.contains("another session")),
    );
    let bob_again = join(&registry, table, 6, who("bob", None), Want::Seat);
    assert!(bob_again.unwrap_err().contains("another session"));

    // Gone for longer than the grace: the table closes and says why.
    registry.leave(table, 5, true);
    let closed = blue.expect("the close", |n| matches!(n, News::Closed(_)));
    assert!(
        matches!(&closed, News::Closed(why) if why.contains("did not come back")),
        "{closed:?}"
    );
    eventually("the closed table leaves the list", || {
        registry.list().is_empty()
    });
}

#[test]
fn a_game_against_the_computer_is_answered_and_dealt_again_on_request() {
    let registry = Registry::new();
    let alice = who("alice", None);
    let table = registry
        .open(spec(
            Kind::VsComputer,
            config(Seat::Human, Seat::Computer("maxflip".into())),
            Some(alice.clone()),
        ))
        .unwrap();
    let red = join(&registry, table, 1, alice, Want::Seat).unwrap();
    let mut moves = Vec::new();
    // Red plays its first legal move each turn; the computer answers each.
    while moves.len() < 17 {
        let mv = first_legal(&red.joined, &moves);
        registry.ask::<Table>(table, 1, Request::Play(mv));
        for _ in 0..2.min(17 - moves.len()) {
            match red.expect("a move", |n| matches!(n, News::Moved { .. })) {
                News::Moved { index, mv } => {
                    assert_eq!(index, moves.len());
                    moves.push(mv);
                }
                _ => unreachable!(),
            }
        }
    }
    eventually("the list shows the result", || {
        registry.list()[0].outcome.is_some()
    });
    registry.ask::<Table>(table, 1, Request::NewDeal);
    red.expect("a new deal", |n| matches!(n, News::NewDeal(_)));
    eventually("the list shows the new deal", || {
        registry.list()[0].moves == 0
    });
}

#[test]
fn the_showcase_plays_by_itself_and_deals_again_with_colours_swapped() {
    let registry = Registry::new();
    let table = registry
        .open(spec(
            Kind::Showcase,
            config(
                Seat::Computer("maxflip".into()),
                Seat::Computer("random".into()),
            ),
            None,
        ))
        .unwrap();
    let watcher = join(&registry, table, 1, who("zoe", None), Want::Watch).unwrap();
    assert_eq!(watcher.joined.seats[0].name, "maxflip");
    let mut last = 0;
    loop {
        match watcher.expect("a move or a new deal", |n| {
            matches!(n, News::Moved { .. } | News::NewDeal(_))
        }) {
            News::Moved { index, .. } => last = index,
            News::NewDeal(config) => {
                assert_eq!(last, 16, "the whole game was played first");
                assert_eq!(config.red, Seat::Computer("random".into()));
                break;
            }
            _ => unreachable!(),
        }
    }
    // Nobody at the showcase can move, and it stays open with nobody watching.
    registry.ask::<Table>(table, 1, Request::Play(Move::new(0, 0, 0)));
    watcher.expect_refused("Only the players can move");
    registry.leave(table, 1, false);
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(registry.list().len(), 1);
}

#[test]
fn leaving_a_game_nobody_began_closes_it_and_keeps_no_record() {
    let data = tempfile::tempdir().unwrap();
    let registry = Registry::new();
    let alice = who("alice", None);
    let mut table_spec = spec(
        Kind::VsComputer,
        config(Seat::Human, Seat::Computer("maxflip".into())),
        Some(alice.clone()),
    );
    table_spec.data_dir = Some(data.path().to_path_buf());
    let table = registry.open(table_spec).unwrap();
    let _red = join(&registry, table, 1, alice.clone(), Want::Seat).unwrap();
    let matches = data.path().join("matches");
    assert_eq!(std::fs::read_dir(&matches).unwrap().count(), 1);
    registry.leave(table, 1, false);
    eventually("the unstarted table and its record are gone", || {
        registry.list().is_empty() && std::fs::read_dir(&matches).unwrap().count() == 0
    });
    assert_eq!(registry.seat_kept_for(&alice), None);
}

#[test]
fn two_players_who_both_ask_get_a_rematch_dealt_and_recorded_anew() {
    let registry = Registry::new();
    let alice = who("alice", None);
    let table = registry
        .open(spec(
            Kind::TwoPlayers,
            config(Seat::Human, Seat::Human),
            Some(alice.clone()),
        ))
        .unwrap();
    let red = join(&registry, table, 1, alice, Want::Seat).unwrap();
    let blue = join(&registry, table, 2, who("bob", None), Want::Seat).unwrap();
    // Play the whole game, each in turn.
    let mut moves = Vec::new();
    let mut game = red.joined.config.new_game().unwrap();
    while !game.is_over() {
        let mv = game.legal_moves().next().unwrap();
        let client = if game.turn() == Player::Red { 1 } else { 2 };
        registry.ask::<Table>(table, client, Request::Play(mv));
        red.expect("the move", |n| matches!(n, News::Moved { .. }));
        game.play(mv).unwrap();
        moves.push(mv);
    }
    registry.ask::<Table>(table, 1, Request::NewDeal);
    blue.expect_notice("alice (RED) wants a rematch: n to accept");
    registry.ask::<Table>(table, 2, Request::NewDeal);
    for client in [&red, &blue] {
        client.expect("the new deal", |n| matches!(n, News::NewDeal(_)));
    }
    // Mid-game there is nothing to accept.
    registry.ask::<Table>(table, 1, Request::NewDeal);
    red.expect_refused("once this game is over");
}

/// Waits until the list shows `who` seated at `table`, at most [`WAIT`]. A table's thread
/// lists a join once it has taken it in, and making room counts seats from that list: opening
/// the next table before then would find one seat too few, however loaded the machine.
fn listed_at(registry: &Registry, table: TableId, who: &Identity) {
    let deadline = Instant::now() + WAIT;
    while !registry
        .list()
        .iter()
        .any(|t| t.id == table && t.present.contains(who))
    {
        assert!(
            Instant::now() < deadline,
            "{} not listed at table {table}",
            who.user
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_table_closed_to_make_room_tells_those_at_it_why() {
    let registry = Registry::new();
    let ivy = who("ivy", Some("SHA256:ivy"));
    let open = || {
        registry
            .open(spec(
                Kind::VsComputer,
                config(Seat::Human, Seat::Computer("maxflip".into())),
                Some(ivy.clone()),
            ))
            .unwrap()
    };
    let first = open();
    let _ivy_first = join(&registry, first, 1, ivy.clone(), Want::Seat).unwrap();
    listed_at(&registry, first, &ivy);
    let watcher = join(&registry, first, 2, who("sam", None), Want::Watch).unwrap();
    let mut seated = Vec::new();
    for client in 3..3 + trios::controller::tables::SEATS_PER_PERSON as u64 {
        let table = open();
        seated.push(join(&registry, table, client, ivy.clone(), Want::Seat).unwrap());
        listed_at(&registry, table, &ivy);
    }
    // The oldest table made room for the newest, and whoever watched it is told why (not
    // that the server is stopping).
    let closed = watcher.expect("the close", |n| matches!(n, News::Closed(_)));
    assert!(
        matches!(&closed, News::Closed(why) if why.contains("ivy opened a newer table")),
        "{closed:?}"
    );
}
