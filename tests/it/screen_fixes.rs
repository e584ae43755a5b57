//! Screens that must not mislead: numbers shown whole or not at all, each player told what
//! a rematch offer means for them, and the sizes a server offers for Islands of Hex.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use crate::common::screen::screen;
use crate::common::trios_table::{Joined, News, Request, Table, TableSpec};
use trios::controller::Seat;
use trios::controller::table::{Identity, Kind, Proof, Role, SeatState, SeatView, TableId, Want};
use trios::controller::tables::Registry;
use trios::controller::three_trios::Match;
use trios::setup::three_trios::MatchConfig;
use trios::tui::Theme;
use trios::tui::three_trios::app::ThreeTriosScreen;

/// A seed of nineteen digits: cut short, it would read as another seed.
const LONG_SEED: u64 = 7_752_325_288_458_725_944;

fn config(seed: u64) -> MatchConfig {
    MatchConfig {
        clock: None,
        think_ms: 20,
        ..MatchConfig::built_in(seed)
    }
}

/// The rows of the status bar (the last two), joined by a line break.
fn status_rows(text: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    rows[rows.len().saturating_sub(2)..].join("\n")
}

/// Every number after `label` in `text` is `whole`: a cut one would read as another.
fn shown_whole(text: &str, label: &str, whole: &str) -> bool {
    text.match_indices(label).all(|(at, _)| {
        let digits: String = text[at + label.len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits == whole
    })
}

#[test]
fn the_three_trios_status_bar_shows_the_seed_whole_or_not_at_all() {
    let mut seen_whole = 0;
    let mut dropped = 0;
    for height in [24, 60] {
        for width in 40..=200 {
            let (events, _inbox) = trios::tui::event::channel();
            let game = Match::start(config(LONG_SEED), None).expect("deals");
            let new_match = Box::new(|c: &MatchConfig| {
                Match::start(c.clone(), None).map_err(|e| e.to_string())
            });
            let app =
                ThreeTriosScreen::new(game, new_match, events, (width, height), Theme::plain());
            let text = screen(&app, (width, height));
            if text.contains("too small") {
                continue;
            }
            let status = status_rows(&text);
            assert!(
                shown_whole(&status, "seed ", &LONG_SEED.to_string()),
                "a cut seed at {width}x{height}:\n{status}"
            );
            if status.contains("seed ") {
                seen_whole += 1;
            } else {
                dropped += 1;
            }
            // Whose turn it is and the score always keep their place.
            assert!(status.contains("RED to move · 9–9"), "{status}");
        }
    }
    assert!(seen_whole > 0 && dropped > 0, "{seen_whole} {dropped}");
}

#[test]
fn a_table_screen_shows_its_number_and_seed_whole_or_not_at_all() {
    const TABLE: TableId = 987_654_321;
    for width in 40..=200 {
        let size = (width, 24);
        let (events, _inbox) = trios::tui::event::channel();
        let seat = |name: &str| SeatView {
            name: name.into(),
            state: SeatState::Present,
        };
        let joined = Joined {
            clock: None,
            lost_on_time: None,
            table: TABLE,
            kind: Kind::TwoPlayers,
            role: Role::Watches,
            config: config(LONG_SEED),
            moves: Vec::new(),
            seats: [seat("alice"), seat("bob")],
        };
        let app =
            ThreeTriosScreen::at_table(joined, Box::new(|_| {}), events, size, Theme::plain())
                .expect("table screen");
        let text = screen(&app, size);
        if text.contains("too small") {
            continue;
        }
        let status = status_rows(&text);
        assert!(
            shown_whole(&status, "seed ", &LONG_SEED.to_string()),
            "{width}:\n{status}"
        );
        assert!(
            shown_whole(&status, "table ", &TABLE.to_string()),
            "{width}:\n{status}"
        );
    }
}

const WAIT: Duration = Duration::from_secs(10);

/// One screen at a table, by what it hears.
struct Client {
    news: Receiver<News>,
}

impl Client {
    fn join(registry: &Registry, table: TableId, client: u64, user: &str, want: Want) -> Client {
        let (tell, news) = mpsc::channel();
        let who = Identity {
            user: user.into(),
            proof: Proof::Address([10, 0, 0, client as u8].into()),
        };
        registry
            .join::<Table>(
                table,
                client,
                who,
                want,
                Box::new(move |n| tell.send(n).is_ok()),
            )
            .expect("joins");
        Client { news }
    }

    /// The next notice this screen hears, skipping other news.
    fn notice(&self) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.news.recv_timeout(left) {
                Ok(News::Notice(text)) => return text,
                Ok(_) => {}
                Err(e) => panic!("no notice: {e}"),
            }
        }
    }

    /// Waits for news that `wanted` accepts, skipping the rest.
    fn expect(&self, what: &str, wanted: impl Fn(&News) -> bool) {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.news.recv_timeout(left) {
                Ok(news) if wanted(&news) => return,
                Ok(_) => {}
                Err(e) => panic!("no {what}: {e}"),
            }
        }
    }
}

#[test]
fn a_rematch_offer_tells_the_asker_to_wait_and_the_other_player_how_to_accept() {
    let registry = Registry::new();
    let alice = Identity {
        user: "alice".into(),
        proof: Proof::Address([10, 0, 0, 1].into()),
    };
    let spec = TableSpec {
        kind: Kind::TwoPlayers,
        config: config(7),
        opener: Some(alice),
        data_dir: None,
        grace: Duration::from_secs(60),
        pace: Duration::ZERO,
        rest: Duration::ZERO,
        reseed: |c: &MatchConfig| c.seed,
        successor: None,
        casual: false,
    };
    let table = registry.open(spec).expect("opens");
    let red = Client::join(&registry, table, 1, "alice", Want::Seat);
    let blue = Client::join(&registry, table, 2, "bob", Want::Seat);
    let watcher = Client::join(&registry, table, 3, "carol", Want::Watch);
    let mut game = config(7).new_game().expect("deals");
    while !game.is_over() {
        let mv = game.legal_moves().next().expect("a move");
        let client = if game.turn() == trios::games::three_trios::Player::Red {
            1
        } else {
            2
        };
        registry.ask::<Table>(table, client, Request::Play(mv));
        red.expect("the move", |n| matches!(n, News::Moved { .. }));
        game.play(mv).expect("plays");
    }
    // Drop the notices of the game itself.
    for client in [&red, &blue, &watcher] {
        while client.news.try_recv().is_ok() {}
    }

    registry.ask::<Table>(table, 1, Request::NewDeal);
    assert_eq!(red.notice(), "Rematch asked: waiting for bob");
    assert_eq!(blue.notice(), "alice (RED) wants a rematch: n to accept");
    assert_eq!(watcher.notice(), "alice (RED) wants a rematch");

    // Bob accepts: everyone hears it and gets the new deal.
    registry.ask::<Table>(table, 2, Request::NewDeal);
    for client in [&red, &blue, &watcher] {
        assert_eq!(client.notice(), "Rematch! A new deal");
        client.expect("the new deal", |n| matches!(n, News::NewDeal(_)));
    }
}

#[test]
fn a_board_shown_in_part_names_its_rows_and_columns_whole_or_not_at_all() {
    let setup = crate::common::big_board(100);
    let mut named = 0;
    for width in 40..=120 {
        let (events, _inbox) = trios::tui::event::channel();
        let game = Match::start(setup.clone(), None).expect("deals");
        let new_match =
            Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
        let app = ThreeTriosScreen::new(game, new_match, events, (width, 24), Theme::plain());
        let text = screen(&app, (width, 24));
        // The board frame's bottom edge names the rows and columns in view.
        let edge = text
            .lines()
            .find(|l| l.contains("rows "))
            .unwrap_or_default();
        assert!(!edge.contains('…'), "a cut title at {width}:\n{edge}");
        if edge.contains("rows ") {
            named += 1;
            assert!(
                edge.contains("rows 1–") && edge.contains("cols a–"),
                "{edge}"
            );
        }
    }
    assert!(named > 0);
}

/// The players named in `row` (its ` · `-separated parts that `player` recognises) and how
/// many it says are left out (`3 more`); panics on a part that is neither, such as a name
/// whose score was cut off.
fn players_in(row: &str, parts: &[&str], player: impl Fn(&str) -> bool) -> (usize, usize) {
    let (mut named, mut more) = (0, 0);
    for part in parts {
        let part = part.trim();
        if let Some(n) = part
            .strip_suffix(" more")
            .and_then(|n| n.parse::<usize>().ok())
        {
            more = n;
        } else {
            assert!(player(part), "{part:?} in\n{row}");
            named += 1;
        }
    }
    (named, more)
}

#[test]
fn a_triad_race_shows_each_score_whole_and_counts_the_players_left_out() {
    use trios::games::triad::race::Rival;
    use trios::tui::triad::TriadScreen;
    let levels = ["easy", "medium", "hard"];
    for width in 61..=200 {
        let rivals = (0..7)
            .map(|i| Rival::new(levels[i % 3], i as u64).expect("a level"))
            .collect();
        let size = (width, 24);
        let app = TriadScreen::race(5, rivals, size, Theme::plain());
        let text = screen(&app, size);
        let rows: Vec<&str> = text.lines().collect();
        let status = rows[rows.len() - 2];
        let (_, players) = status
            .split_once("picked 0/3")
            .unwrap_or_else(|| panic!("{status}"));
        let parts: Vec<&str> = players.split(" · ").skip(1).collect();
        let racer = |part: &str| {
            ["you", "easy", "medium", "hard"]
                .iter()
                .any(|name| part == format!("{name} 0"))
        };
        let (named, more) = players_in(status, &parts, racer);
        assert_eq!(named + more, 8, "{width}: {status}");
    }
}

#[test]
fn hex_paths_show_each_players_score_whole_and_count_those_left_out() {
    use trios::games::hexpaths::round::{Rival, Settings};
    use trios::tui::hexpaths::HexPathsScreen;
    for width in 69..=200 {
        let size = (width, 24);
        let people = vec![
            "alice_the_long_name1".to_string(),
            "bob_the_long_name_22".to_string(),
        ];
        let rivals = (1..=4)
            .map(|seed| Rival::new("easy", seed).expect("a level"))
            .collect();
        let app = HexPathsScreen::new(6, Settings::default(), people, rivals, size, Theme::plain());
        let text = screen(&app, size);
        if text.contains("Players") {
            // The side panel lists them instead.
            continue;
        }
        let row = (text.lines())
            .find(|row| row.starts_with(" 1 alice"))
            .unwrap_or_else(|| panic!("{text}"));
        let parts: Vec<&str> = row.split(" · ").collect();
        let player = |part: &str| {
            [
                "1 alice_the_long_name1 0",
                "2 bob_the_long_name_22 0",
                "easy 0",
            ]
            .contains(&part)
        };
        let (named, more) = players_in(row, &parts, player);
        assert_eq!(named + more, 6, "{width}: {row}");
    }
}

#[test]
fn every_islands_board_side_offered_counts_in_its_rating_group() {
    use trios::controller::DuelConfig;
    use trios::controller::table_game::TableGame;
    use trios::registry::islands::ISLAND_SIDES;
    for side in ISLAND_SIDES {
        let mut config =
            DuelConfig::<trios::games::islands::Game>::new([Seat::Human, Seat::Human], 1, 20);
        config.options.size = side;
        let group = match side {
            0..=9 => "islands-small",
            10..=13 => "islands",
            _ => "islands-large",
        };
        assert_eq!(config.rating_group(), group, "{side}x{side}");
    }
}

/// Two players with accounts open a 5x5 Islands of Hex table from a server's lobby and play
/// it out: the game is rated in the small boards' group, as the game-over box and the
/// store say.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_islands_table_opened_at_a_server_is_rated_in_the_small_group() {
    use crate::common::ssh::{self, MY_MOVE, arrive, bounded, key, start};
    use trios::games::GameKind;
    use trios::store::Store;
    use trios::store::journal::Journal;
    use trios::store::sqlite::SqliteStore;
    use trios::store::worker::StoreService;
    bounded(Duration::from_secs(120), async {
        let data = tempfile::tempdir().expect("a folder");
        let db = data.path().join("trios.db");
        let mut config = ssh::server_config();
        config.game.think_ms = 20;
        config.lobby_game = GameKind::Islands;
        config.showcases.clear();
        config.data_dir = Some(data.path().to_path_buf());
        let store = SqliteStore::open(&db).expect("a store");
        let journal = Some(Journal::in_dir(data.path()));
        let service = StoreService::start(Box::new(store), journal, trios::store::LICHESS)
            .expect("the store's threads");
        config.store = Some(service);
        let server = start(config).await;
        let addr = server.local_addr();
        let (_a, mut alice) = arrive(addr, [127, 0, 0, 2], "alice", &key()).await;
        let (_b, mut bob) = arrive(addr, [127, 0, 0, 3], "bob", &key()).await;
        for (view, name) in [(&mut alice, "alice"), (&mut bob, "bob")] {
            ssh::sign_up(view, name).await;
        }
        // Alice: down to the Board row, three sides smaller (11, 9, 7, 5), down to "Open a
        // table".
        alice.send(b"jj\x1b[D\x1b[D\x1b[D").await;
        alice
            .wait_for("the 5x5 board", |g| g.shows("Board     ‹ 5x5 ›"))
            .await;
        alice.send(b"j\r").await;
        alice
            .wait_for("the open table", |g| g.shows("Waiting for an opponent"))
            .await;
        let table = &server.tables()[0];
        assert_eq!((table.cells, table.rules.as_str()), (25, "5x5"));
        bob.wait_for("the open table", |g| g.shows("5x5")).await;
        // Bob: past the Board row and "Open a table" to the table.
        bob.send(b"jjjj\r").await;
        alice
            .wait_for("the table's notice", |g| g.shows("Both seats taken"))
            .await;
        for view in [&alice, &bob] {
            view.send(b"a??").await;
        }
        alice.wait_for("the first move", |g| g.shows(MY_MOVE)).await;
        ssh::play_out(&server, [&mut alice, &mut bob], ["White", "Black"]).await;
        for view in [&mut alice, &mut bob] {
            view.wait_for("the rating change", |g| {
                g.shows("Islands of Hex (small) 1500? →")
            })
            .await;
        }
        let store = SqliteStore::open(&db).expect("the store");
        let account = store
            .account_by_handle("alice")
            .expect("reads")
            .expect("alice");
        let games = store.games(account.id, 5).expect("reads");
        assert_eq!(games.len(), 1, "{games:?}");
        assert_eq!(games[0].group, "islands-small");
        assert!(games[0].rated, "{games:?}");
        server.shutdown().await;
    })
    .await;
}
