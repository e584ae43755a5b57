//! Reversi at the server's tables, without any terminal: two people play through the
//! registry, everyone at the table hears each move, refusals go only to the one who asked, a
//! dropped player's seat waits for them, the match is recorded as a v2 Reversi record, and a
//! showcase hands over to another game's.

use crate::common::eventually;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use trios::controller::Seat;
use trios::controller::duel::DuelConfig;
use trios::controller::table::{
    Identity, Joined, Kind, News, Proof, Request, Role, SeatState, Table, TableId, TableSpec, Want,
};
use trios::controller::tables::Registry;
use trios::games::reversi::{Game, Move};
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{DealMode, RuleSet};
use trios::games::{GameKind, Side, TwoPlayer};
use trios::record::duel::DuelRecord;
use trios::setup::three_trios::MatchConfig;

type Config = DuelConfig<Game>;

const WAIT: Duration = Duration::from_secs(10);

fn same_seed(config: &Config) -> u64 {
    config.seed
}

fn spec(kind: Kind, config: Config, opener: Option<Identity>) -> TableSpec<Config> {
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

fn who(user: &str) -> Identity {
    Identity {
        user: user.into(),
        proof: Proof::Key(format!("SHA256:{user}")),
    }
}

#[derive(Debug)]
struct Client {
    joined: Joined<Config>,
    news: Receiver<News<Config>>,
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
        .join::<Table<Config>>(
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
    fn expect(&self, what: &str, wanted: impl Fn(&News<Config>) -> bool) -> News<Config> {
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

    fn expect_move(&self, index: usize) -> Move {
        match self.expect(
            "a move",
            |n| matches!(n, News::Moved { index: i, .. } if *i == index),
        ) {
            News::Moved { mv, .. } => mv,
            _ => unreachable!(),
        }
    }

    fn expect_notice(&self, text: &str) {
        self.expect(text, |n| matches!(n, News::Notice(t) if t.contains(text)));
    }

    fn expect_refused(&self, text: &str) {
        self.expect(text, |n| matches!(n, News::Refused(t) if t.contains(text)));
    }

    /// Nothing refused reached this client (it made no request).
    fn heard_no_refusal(&self) {
        while let Ok(news) = self.news.try_recv() {
            assert!(!matches!(news, News::Refused(_)), "{news:?}");
        }
    }
}

#[test]
fn two_people_play_reversi_at_a_table_to_a_recorded_end() {
    let data = tempfile::tempdir().unwrap();
    let registry = Registry::new();
    let mut table_spec = spec(
        Kind::TwoPlayers,
        Config::new([Seat::Human, Seat::Human], 3, 20),
        Some(who("alice")),
    );
    table_spec.data_dir = Some(data.path().to_path_buf());
    table_spec.grace = Duration::from_secs(30);
    let table = registry.open(table_spec).unwrap();
    assert_eq!(registry.game_of(table), Some(GameKind::Reversi));
    let listed = registry.list();
    assert_eq!(listed[0].game, GameKind::Reversi);
    assert_eq!(listed[0].board, "Reversi");

    // A Three Trios screen cannot sit at a Reversi table.
    let (tell, _news) = mpsc::channel();
    let wrong = registry.join::<crate::common::trios_table::Table>(
        table,
        9,
        who("zed"),
        Want::Watch,
        Box::new(move |n| tell.send(n).is_ok()),
    );
    assert!(wrong.unwrap_err().to_string().contains("another game"));

    let alice = join(&registry, table, 1, who("alice"), Want::Seat).unwrap();
    assert_eq!(alice.joined.role, Role::Plays(Side::First));
    let bob = join(&registry, table, 2, who("bob"), Want::Seat).unwrap();
    assert_eq!(bob.joined.role, Role::Plays(Side::Second));
    alice.expect_notice("bob sits at Light");
    alice.expect_notice("Both seats taken: Dark moves first");
    let carol = join(&registry, table, 3, who("carol"), Want::Seat);
    assert!(carol.unwrap_err().contains("both seats are taken"));
    let carol = join(&registry, table, 3, who("carol"), Want::Watch).unwrap();
    assert_eq!(carol.joined.role, Role::Watches);

    // Bob may not move on Dark's turn, and only Bob hears so.
    let mut game = Game::start(&Default::default(), 0).unwrap();
    let first = game.legal_moves()[0];
    registry.ask::<Table<Config>>(table, 2, Request::Play(first));
    bob.expect_refused("not your turn");
    // An illegal move (a pass with moves to make) is refused to its sender alone.
    registry.ask::<Table<Config>>(table, 1, Request::Play(Move::Pass));
    alice.expect_refused("Refused");
    bob.heard_no_refusal();
    carol.heard_no_refusal();

    // The game, each side playing its first legal move in turn; all three hear every move.
    let mut index = 0;
    while !game.is_over() {
        let side = game.to_move();
        let mv = game.legal_moves()[0];
        registry.ask::<Table<Config>>(table, 1 + side.index() as u64, Request::Play(mv));
        for client in [&alice, &bob, &carol] {
            assert_eq!(client.expect_move(index), mv);
        }
        game.play(mv).unwrap();
        index += 1;
        if index == 10 {
            // Bob's connection drops: his seat waits for him, and he takes it back.
            registry.leave(table, 2, true);
            alice.expect_notice("bob (Light) lost the connection; the seat is kept 30 s");
            eventually("the seat kept for bob", || {
                registry.list()[0].seats[1].state == SeatState::Away
            });
            assert_eq!(registry.seat_kept_for(&who("bob")), Some(table));
            let back = join(&registry, table, 4, who("bob"), Want::Seat).unwrap();
            assert_eq!(back.joined.role, Role::Plays(Side::Second));
            assert_eq!(back.joined.moves.len(), 10);
            alice.expect_notice("bob is back at Light");
            // From here Bob plays from his new session.
            return finish(
                &registry,
                table,
                game,
                index,
                [&alice, &back, &carol],
                &data,
            );
        }
    }
    unreachable!("the drop comes before the end");
}

/// Plays on from move `index` until the end, then checks the record.
fn finish(
    registry: &Registry,
    table: TableId,
    mut game: Game,
    mut index: usize,
    clients: [&Client; 3],
    data: &tempfile::TempDir,
) {
    let sessions = [1, 4];
    while !game.is_over() {
        let side = game.to_move();
        let mv = game.legal_moves()[0];
        registry.ask::<Table<Config>>(table, sessions[side.index()], Request::Play(mv));
        for client in clients {
            assert_eq!(client.expect_move(index), mv);
        }
        game.play(mv).unwrap();
        index += 1;
    }
    eventually("the lobby sees the end", || {
        registry.list()[0].outcome.is_some() && registry.list()[0].moves == index
    });
    let files: Vec<_> = std::fs::read_dir(data.path().join("matches"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let record = DuelRecord::<Game>::load(&files[0]).unwrap();
    assert_eq!(record.version, 2);
    assert_eq!(record.game, GameKind::Reversi);
    assert_eq!(record.moves.len(), index);
    assert!(record.result.is_some());
    assert_eq!(record.result.unwrap().score, game.score());

    // Both ask for a rematch: a new deal for everyone, recorded anew.
    registry.ask::<Table<Config>>(table, 1, Request::NewDeal);
    clients[1].expect_notice("alice (Dark) wants a rematch: n to accept");
    registry.ask::<Table<Config>>(table, 4, Request::NewDeal);
    for client in clients {
        client.expect_notice("Rematch! A new deal");
        client.expect("the new deal", |n| matches!(n, News::NewDeal(_)));
    }
    let first = Game::start(&Default::default(), 0).unwrap().legal_moves()[0];
    registry.ask::<Table<Config>>(table, 1, Request::Play(first));
    for client in clients {
        assert_eq!(client.expect_move(0), first);
    }
    eventually("a second record", || {
        std::fs::read_dir(data.path().join("matches"))
            .unwrap()
            .count()
            == 2
    });
}

#[test]
fn a_reversi_showcase_hands_over_to_a_three_trios_one() {
    let registry = Registry::new();
    let config = Config::new(
        [
            Seat::Computer("greedy".into()),
            Seat::Computer("random".into()),
        ],
        5,
        20,
    );
    let next = Box::new(|registry: &std::sync::Arc<Registry>| {
        let trios = MatchConfig {
            clock: None,
            board: SourceFile::default_board(),
            cards: SourceFile::default_cards(),
            deal: DealMode::Shuffle,
            seed: 1,
            rules: RuleSet::default(),
            red: Seat::Computer("maxflip".into()),
            blue: Seat::Computer("corners".into()),
            think_ms: 20,
        };
        let spec = TableSpec {
            kind: Kind::Showcase,
            config: trios,
            opener: None,
            data_dir: None,
            grace: Duration::from_secs(60),
            pace: Duration::ZERO,
            rest: Duration::from_secs(60),
            reseed: |c: &MatchConfig| c.seed,
            successor: None,
            casual: false,
        };
        registry.open(spec).ok()
    });
    // The finished game stays on show for a second before the table hands over and goes, so
    // the watcher below has joined by then: with no rest the two computers could finish and
    // hand over first under load, and a join sent to a table already gone is not answered.
    let table = registry
        .open(TableSpec {
            successor: Some(next),
            casual: false,
            rest: Duration::from_secs(1),
            ..spec(Kind::Showcase, config, None)
        })
        .unwrap();
    let watcher = join(&registry, table, 1, who("wes"), Want::Watch).unwrap();
    assert_eq!(watcher.joined.role, Role::Watches);
    let closed = watcher.expect("the hand-over", |n| matches!(n, News::Closed(_)));
    let News::Closed(reason) = closed else {
        unreachable!()
    };
    assert!(reason.contains("the showcase goes on at table"), "{reason}");
    eventually("the Three Trios showcase alone", || {
        let list = registry.list();
        list.len() == 1 && list[0].game == GameKind::ThreeTrios && list[0].kind == Kind::Showcase
    });
}

#[test]
fn a_reversi_table_says_reversi_words() {
    use trios::controller::table_game::TableGame;
    let reversi = DuelConfig::<Game>::new([Seat::Human, Seat::Human], 1, 1);
    assert_eq!(DuelConfig::<Game>::side_name(Side::First), "Dark");
    assert_eq!(TableGame::board(&reversi), "Reversi");
    assert_eq!(TableGame::rules(&reversi), "");
}
