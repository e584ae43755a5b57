//! The platform's games over SSH end to end: a server started in-process, real SSH clients
//! (russh's) reading the screen through a terminal emulator. Two people play Reversi, or
//! Islands of Hex, at one table while a third watches; the showcase takes turns between the
//! games.

use crate::common::ssh::{self, MY_MOVE, bounded, eventually, login_any, open_game, start};

use std::time::Duration;

use tokio::time::Instant;
use trios::controller::table::Kind;
use trios::games::GameKind;
use trios::games::islands::Game as Islands;
use trios::games::reversi::Game as Reversi;
use trios::record::duel::DuelRecord;
use trios::ssh::ServeConfig;

/// Every test ends within this, pass or fail.
const TEST_LIMIT: Duration = Duration::from_secs(90);
/// How often [`eventually`] looks.
const POLL: Duration = Duration::from_millis(10);

/// The shared server, with a quicker computer player and a lobby that starts on Reversi.
fn server_config() -> ServeConfig {
    let mut config = ssh::server_config();
    config.game.think_ms = 20;
    config.lobby_game = GameKind::Reversi;
    config
}

/// Two clients play a whole game of `game` at one table while a third watches: the first
/// opens the table from a lobby that starts on `game`, the second joins it, the third
/// watches it. `sides` names the two sides as the screens do. Gives the moves played, the
/// record files the server wrote, and the folder that holds them.
async fn two_play_a_table_while_a_third_watches(
    game: GameKind,
    sides: [&str; 2],
) -> (usize, Vec<std::path::PathBuf>, tempfile::TempDir) {
    let data = tempfile::tempdir().unwrap();
    let mut config = server_config();
    config.showcases.clear();
    config.lobby_game = game;
    config.data_dir = Some(data.path().to_path_buf());
    let server = start(config).await;
    let addr = server.local_addr();
    let (alice, bob, carol) = (
        login_any(addr, "alice").await,
        login_any(addr, "bob").await,
        login_any(addr, "carol").await,
    );
    let mut first = open_game(&alice, 80, 24).await;
    let mut second = open_game(&bob, 80, 24).await;
    let mut watcher = open_game(&carol, 80, 24).await;

    // Alice opens a table of the lobby's game (Game, Play the computer, Opponent, Islands'
    // Board, Open a table, then the tables).
    let board = if game == GameKind::Islands { "j" } else { "" };
    first.wait_lobby().await;
    first.send(format!("jj{board}\r").as_bytes()).await;
    first
        .wait_for("the open table", |s| s.shows("Waiting for an opponent"))
        .await;
    assert_eq!(server.tables()[0].game, game);

    second.wait_lobby().await;
    second
        .wait_for("the open table", |s| s.shows("waiting: Enter to join"))
        .await;
    second.send(format!("jjj{board}\r").as_bytes()).await;
    second.wait_for("bob's seat", |s| s.shows("bob")).await;
    first
        .wait_for("the table's notice", |s| s.shows("Both seats taken"))
        .await;
    let opener = format!("{} (alice) vs", sides[0]);
    assert!(first.shows(&opener), "{}", first.contents());
    // Both turn the animations off (`a`) to play quickly; `?` twice clears the notes, and
    // the prompt offers the first side its move.
    for view in [&first, &second] {
        view.send(b"a??").await;
    }
    first.wait_for("the first move", |s| s.shows(MY_MOVE)).await;

    watcher.wait_lobby().await;
    watcher
        .wait_for("the table in the list", |s| s.shows("alice vs bob"))
        .await;
    watcher.send(format!("jjj{board}\r").as_bytes()).await;
    watcher
        .wait_for("the spectator's view", |s| {
            s.shows("alice") && s.shows(sides[0]) && s.shows("watching")
        })
        .await;
    eventually("one watcher", POLL, || server.tables()[0].watchers == 1).await;
    watcher.send(b"a").await;

    // The second side may not move on the first's turn.
    second.send(b"\r").await;
    second
        .wait_for("the refusal", |s| {
            s.shows("Wait: ") && s.shows(" is to move")
        })
        .await;
    assert_eq!(server.tables()[0].moves, 0);

    ssh::play_out(&server, [&mut first, &mut second], sides).await;
    for view in [&mut first, &mut second, &mut watcher] {
        view.wait_for("the end on every screen", |s| s.shows("Game over"))
            .await;
    }
    let moves = server.tables()[0].moves;

    // q goes back to the lobby.
    first.send(b"q").await;
    first.wait_lobby().await;
    server.shutdown().await;
    let files = std::fs::read_dir(data.path().join("matches"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    (moves, files, data)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_reversi_at_one_table_while_a_third_watches() {
    bounded(TEST_LIMIT, async {
        let (moves, files, _data) =
            two_play_a_table_while_a_third_watches(GameKind::Reversi, ["Dark", "Light"]).await;
        assert!(moves >= 9, "a whole game: {moves} moves");
        // The match was recorded as it went: a v2 Reversi record of every move.
        assert_eq!(files.len(), 1, "{files:?}");
        let record = DuelRecord::<Reversi>::load(&files[0]).unwrap();
        assert_eq!(record.moves.len(), moves);
        assert!(record.result.is_some());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_islands_at_one_table_while_a_third_watches() {
    bounded(TEST_LIMIT, async {
        let (moves, files, _data) =
            two_play_a_table_while_a_third_watches(GameKind::Islands, ["White", "Black"]).await;
        // No chain joins two sides of an 11x11 board in fewer than 21 stones (11 of one colour).
        assert!(moves >= 21, "a whole game: {moves} moves");
        assert_eq!(files.len(), 1, "{files:?}");
        let record = DuelRecord::<Islands>::load(&files[0]).unwrap();
        assert_eq!(record.moves.len(), moves);
        assert!(record.result.is_some());
        // Replayed from the record, the game ends where the table's did.
        let mut game = Islands::new(11).unwrap();
        for mv in &record.moves {
            game.play(mv.mv).unwrap();
        }
        assert!(game.is_over());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_showcase_takes_turns_between_the_games_and_its_watcher_follows() {
    bounded(TEST_LIMIT, async {
        let mut config = server_config();
        config.set_showcase(GameKind::ThreeTrios, ["maxflip".into(), "corners".into()]);
        config.set_showcase(GameKind::Reversi, ["greedy".into(), "random".into()]);
        config.set_showcase(GameKind::Islands, ["connector".into(), "random".into()]);
        // Unpaced games, each shown a while once over: the watcher has time to sit down.
        config.showcase_pace = Duration::ZERO;
        config.showcase_rest = Duration::from_secs(3);
        let server = start(config).await;
        let first = server.tables();
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].kind, Kind::Showcase);
        assert_eq!(first[0].game, GameKind::ThreeTrios);

        let conn = login_any(server.local_addr(), "wes").await;
        let mut screen = open_game(&conn, 80, 24).await;
        screen.wait_lobby().await;
        screen
            .wait_for("the showcase", |s| s.shows("maxflip vs corners"))
            .await;
        screen.send(b"jjj\r").await;
        screen
            .wait_for("the Three Trios showcase", |s| s.shows("BLUE"))
            .await;

        // After the Three Trios game, Reversi; then Islands of Hex; then Three Trios again.
        let mut seen = vec![GameKind::ThreeTrios];
        let deadline = Instant::now() + Duration::from_secs(60);
        while seen.len() < 4 {
            assert!(Instant::now() < deadline, "showcases seen: {seen:?}");
            if let [table] = server.tables().as_slice()
                && seen.last() != Some(&table.game)
            {
                assert_eq!(table.kind, Kind::Showcase);
                seen.push(table.game);
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(
            seen,
            [
                GameKind::ThreeTrios,
                GameKind::Reversi,
                GameKind::Islands,
                GameKind::ThreeTrios
            ]
        );
        // The watcher was taken along to Reversi's showcase.
        screen
            .wait_for("the Reversi showcase", |s| {
                s.shows("Reversi ● Dark (greedy) vs ○ Light (random)")
            })
            .await;
        server.shutdown().await;
    })
    .await;
}

#[test]
fn the_showcase_defaults_to_every_game_with_computers_to_watch() {
    let mut config = ssh::server_config();
    let pair = |a: &str, b: &str| [a.to_string(), b.to_string()];
    assert_eq!(
        config.showcases,
        vec![
            (GameKind::ThreeTrios, pair("expert", "minimax")),
            (GameKind::Reversi, pair("expert", "positional")),
            (GameKind::Islands, pair("expert", "connector")),
        ]
    );
    // A game's computers change in its place; a game not listed yet goes last.
    config.set_showcase(GameKind::Reversi, pair("greedy", "random"));
    config.showcases.remove(0);
    config.set_showcase(GameKind::ThreeTrios, pair("maxflip", "corners"));
    let games: Vec<GameKind> = config.showcases.iter().map(|(g, _)| *g).collect();
    assert_eq!(
        games,
        [GameKind::Reversi, GameKind::Islands, GameKind::ThreeTrios]
    );
    assert_eq!(config.showcases[0].1, pair("greedy", "random"));
}
