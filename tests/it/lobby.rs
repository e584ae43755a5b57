//! The SSH lobby screen driven by keys and clicks, read back from a `TestBackend` buffer.

use std::sync::Arc;

use crate::common::base;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::controller::table::{Identity, Kind, Proof, SeatState, SeatView};
use trios::controller::tables::Summary;
use trios::games::three_trios::source::SourceFile;
use trios::games::{Side, Verdict};
use trios::ssh::lobby::{Intent, Lobby};
use trios::tui::{Event, Theme};

fn me() -> Identity {
    Identity {
        user: "alice".into(),
        proof: Proof::Address([127, 0, 0, 1].into()),
    }
}

fn seat(name: &str, state: SeatState) -> SeatView {
    SeatView {
        name: name.into(),
        state,
    }
}

fn summary(id: u64, kind: Kind, seats: [SeatView; 2], moves: usize) -> Summary {
    Summary {
        id,
        game: trios::games::GameKind::ThreeTrios,
        kind,
        seats: seats.to_vec(),
        moves,
        cells: 17,
        outcome: None,
        watchers: 0,
        board: SourceFile::default_board().name,
        rules: String::new(),
        away: Vec::new(),
        present: Vec::new(),
        race: None,
        clock: None,
    }
}

/// The showcase, an open table, a full one, and one keeping alice's seat.
fn tables() -> Vec<Summary> {
    let mut showcase = summary(
        1,
        Kind::Showcase,
        [
            seat("expert", SeatState::Computer),
            seat("minimax", SeatState::Computer),
        ],
        7,
    );
    showcase.watchers = 2;
    let open = summary(
        2,
        Kind::TwoPlayers,
        [seat("bob", SeatState::Present), seat("", SeatState::Open)],
        0,
    );
    let mut full = summary(
        3,
        Kind::TwoPlayers,
        [
            seat("carol", SeatState::Present),
            seat("dan", SeatState::Present),
        ],
        17,
    );
    full.outcome = Some(Verdict::Win(Side::Second));
    let mut kept = summary(
        4,
        Kind::VsComputer,
        [
            seat("alice", SeatState::Away),
            seat("expert", SeatState::Computer),
        ],
        4,
    );
    kept.away = vec![me()];
    vec![showcase, open, full, kept]
}

fn lobby(size: (u16, u16)) -> Lobby {
    let mut lobby = Lobby::new(
        me(),
        Arc::new(trios::registry::lobby_choices(base())),
        size,
        Theme::plain(),
    );
    lobby.set_tables(tables());
    lobby
}

fn key(lobby: &mut Lobby, code: KeyCode) -> Option<Intent> {
    lobby.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn keys(lobby: &mut Lobby, typed: &str) -> Option<Intent> {
    let mut last = None;
    for c in typed.chars() {
        last = key(
            lobby,
            match c {
                '\r' => KeyCode::Enter,
                '>' => KeyCode::Right,
                '<' => KeyCode::Left,
                c => KeyCode::Char(c),
            },
        );
    }
    last
}

fn render(lobby: &Lobby) -> String {
    crate::common::screen::screen(lobby, lobby.size())
}

#[test]
fn the_lobby_at_80x24() {
    insta::assert_snapshot!(render(&lobby((80, 24))));
}

#[test]
fn enter_plays_the_servers_computer_with_the_chosen_board_and_rules() {
    let mut lobby = lobby((80, 24));
    // Down to the rules, one step on, back up to the first line.
    let intent = keys(&mut lobby, "jjj>kkk\r").unwrap();
    let Intent::Open { opponent, options } = intent else {
        panic!("{intent:?}")
    };
    let config = trios::registry::three_trios::setup_of(&options).expect("Three Trios options");
    assert_eq!(opponent.as_deref(), Some("expert"));
    assert!(config.rules.same, "the second rule set offered is Same");
    assert_eq!(config.board, SourceFile::default_board());

    // Another opponent and board, then a table for two people.
    let mut lobby = self::lobby((80, 24));
    keys(&mut lobby, "j>j>");
    assert!(render(&lobby).contains("‹ minimax ›"));
    assert!(render(&lobby).contains("‹ open 3x3 ›"));
    let intent = keys(&mut lobby, "jj\r").unwrap();
    let Intent::Open { opponent, options } = intent else {
        panic!("{intent:?}")
    };
    let config = trios::registry::three_trios::setup_of(&options).expect("Three Trios options");
    assert_eq!(opponent, None);
    assert!(config.board.text.starts_with("3 3"));
}

#[test]
fn enter_on_a_table_joins_an_open_or_kept_seat_and_watches_the_rest() {
    let mut lobby = lobby((80, 24));
    // Five menu lines, then the tables in order.
    assert_eq!(keys(&mut lobby, "jjjjj\r"), Some(Intent::Watch(1)));
    assert_eq!(keys(&mut lobby, "j\r"), Some(Intent::Join(2)));
    assert_eq!(keys(&mut lobby, "w"), Some(Intent::Watch(2)));
    assert_eq!(keys(&mut lobby, "j\r"), Some(Intent::Watch(3)));
    assert_eq!(keys(&mut lobby, "j\r"), Some(Intent::Join(4)));
    // The list wraps around to the top: the Game line, the Clock line, then playing the
    // computer.
    assert_eq!(keys(&mut lobby, "jj"), None);
    assert_eq!(
        keys(&mut lobby, "j\r").map(|i| matches!(i, Intent::Open { .. })),
        Some(true)
    );
    assert_eq!(key(&mut lobby, KeyCode::Char('q')), Some(Intent::Quit));
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(lobby.update(Event::Key(ctrl_c)), Some(Intent::Quit));
}

#[test]
fn a_click_selects_a_line_and_a_second_click_acts() {
    let mut lobby = lobby((80, 24));
    let screen = render(&lobby);
    let row = screen.lines().position(|line| line.contains("#2")).unwrap() as u16;
    let click = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 10,
        row,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(lobby.update(click.clone()), None);
    assert!(
        render(&lobby)
            .lines()
            .nth(row as usize)
            .unwrap()
            .contains("▸")
    );
    assert_eq!(lobby.update(click), Some(Intent::Join(2)));
}

#[test]
fn the_selection_follows_its_table_when_the_list_changes() {
    let mut lobby = lobby((80, 24));
    keys(&mut lobby, "jjjjjjj"); // table 3
    let mut fewer = tables();
    fewer.remove(0);
    lobby.set_tables(fewer);
    assert_eq!(keys(&mut lobby, "\r"), Some(Intent::Watch(3)));
    // A table that vanished leaves the cursor on a line that still exists.
    lobby.set_tables(Vec::new());
    assert!(render(&lobby).contains("Tables: none open"));
    assert!(keys(&mut lobby, "\r").is_some());
}

#[test]
fn a_long_list_scrolls_and_a_tiny_screen_says_so() {
    let mut many = Vec::new();
    for id in 1..=30 {
        many.push(summary(
            id,
            Kind::VsComputer,
            [
                seat("p", SeatState::Present),
                seat("expert", SeatState::Computer),
            ],
            1,
        ));
    }
    let mut lobby = lobby((80, 24));
    lobby.set_tables(many);
    assert!(render(&lobby).contains("Tables (1–"));
    keys(&mut lobby, "G");
    let screen = render(&lobby);
    assert!(screen.contains("#30"), "{screen}");
    assert!(screen.contains("of 30)"), "{screen}");

    let small = self::lobby((30, 8));
    assert!(render(&small).contains("too small"));
}

#[test]
fn question_mark_shows_the_lobby_keys_and_any_key_closes_them() {
    let mut lobby = lobby((80, 24));
    assert!(render(&lobby).contains("? help"));
    assert_eq!(key(&mut lobby, KeyCode::Char('?')), None);
    let help = render(&lobby);
    for (keys, what) in trios::ssh::lobby_view::LOBBY_KEYS {
        assert!(help.contains(what), "{keys} missing:\n{help}");
    }
    // Closing the help does nothing else: Enter does not start a game.
    assert_eq!(key(&mut lobby, KeyCode::Enter), None);
    assert!(!render(&lobby).contains("lobby keys"));
}

#[test]
fn the_game_line_offers_reversi_tables_against_a_computer_or_for_two() {
    let mut lobby = lobby((80, 24));
    // Left or right on "Play the computer" picks the game; Reversi has no board or rules.
    keys(&mut lobby, ">");
    let screen = render(&lobby);
    assert!(screen.contains("‹ Reversi ›"), "{screen}");
    assert!(!screen.contains("Board"), "{screen}");
    let Some(Intent::Play(launch)) = keys(&mut lobby, "\r") else {
        panic!("a Reversi table against the computer");
    };
    assert_eq!(launch.game, trios::games::GameKind::Reversi);
    assert_eq!(launch.opponent, "expert");
    // Down past the opponent to "Open a table": a table for two.
    let Some(Intent::Play(launch)) = keys(&mut lobby, "jj\r") else {
        panic!("a Reversi table for two");
    };
    assert_eq!(launch.mode, trios::tui::lobby::Mode::TwoPlayers);
}

#[test]
fn the_table_list_names_each_game_and_tells_a_race_by_its_own_progress() {
    use trios::controller::race_table::Phase;
    use trios::controller::tables::RaceStatus;
    use trios::games::GameKind;
    let two = |a: &str, b: &str| [seat(a, SeatState::Present), seat(b, SeatState::Present)];
    let mut reversi = summary(1, Kind::TwoPlayers, two("bob", "carol"), 10);
    reversi.game = GameKind::Reversi;
    let race = |id, game, moves, cells| {
        let mut table = summary(id, Kind::TwoPlayers, two("dan", "erin"), moves);
        (table.game, table.cells) = (game, cells);
        table.race = Some(RaceStatus {
            phase: Phase::Racing,
            leader: None,
        });
        table
    };
    let triad = race(2, GameKind::Triad, 3, 81);
    let hex = race(3, GameKind::HexPaths, 1, 5);
    let mut other_board = summary(4, Kind::TwoPlayers, two("fay", "gus"), 2);
    other_board.board = "plains".into();
    let mut lobby = Lobby::new(
        me(),
        Arc::new(trios::registry::lobby_choices(base())),
        (100, 30),
        Theme::plain(),
    );
    lobby.set_tables(vec![reversi, triad, hex, other_board]);
    let screen = render(&lobby);
    for line in [
        "#1  Reversi two players",
        "#2  Triad   two players",
        "3 triads taken",
        "#3  Hex     two players",
        "round 2/5",
        "#4  Trios   two players",
        " · plains",
    ] {
        assert!(screen.contains(line), "{line:?} in\n{screen}");
    }
}

#[test]
fn triad_and_hex_paths_offer_todays_puzzle_after_the_tables_and_d_its_leaderboard() {
    use trios::games::GameKind;
    use trios::tui::lobby::Item;
    let mut lobby = lobby((80, 24));
    assert!(
        !lobby.items().contains(&Item::Daily),
        "Three Trios has none"
    );
    assert!(!render(&lobby).contains("Today's puzzle"));
    // Without a store that keeps players, `d` does nothing.
    assert_eq!(keys(&mut lobby, "d"), None);
    lobby.set_players(true);
    assert_eq!(keys(&mut lobby, "d"), Some(Intent::DailyBoard));
    for (game, rights) in [(GameKind::Triad, ">>>"), (GameKind::HexPaths, ">")] {
        keys(&mut lobby, rights);
        assert_eq!(lobby.game_kind(), game);
        let items = lobby.items();
        assert_eq!(items.last(), Some(&Item::Daily), "{items:?}");
        assert!(
            matches!(items[items.len() - 2], Item::Table(_)),
            "{items:?}"
        );
        let screen = render(&lobby);
        assert!(screen.contains("Today's puzzle"), "{screen}");
        // The last line.
        assert_eq!(keys(&mut lobby, "G\r"), Some(Intent::Daily(game)));
        keys(&mut lobby, "j");
    }
}

/// Thirty tables: more than an 80x24 lobby shows at once.
fn many_tables() -> Vec<Summary> {
    (1..=30)
        .map(|id| {
            summary(
                id,
                Kind::TwoPlayers,
                [
                    seat(&format!("p{id}"), SeatState::Present),
                    seat("", SeatState::Open),
                ],
                0,
            )
        })
        .collect()
}

#[test]
fn news_redraws_the_lobby_only_when_what_it_shows_changes() {
    let mut lobby = lobby((80, 24));
    assert!(lobby.take_news(many_tables(), Vec::new(), Vec::new()));
    let shown = render(&lobby);
    assert!(shown.contains("p1 ") && !shown.contains("p30 "), "{shown}");

    // The same news again, and a move at a table scrolled out of view: nothing to draw, and
    // indeed the screen is the same.
    assert!(!lobby.take_news(many_tables(), Vec::new(), Vec::new()));
    let mut off_screen = many_tables();
    off_screen[29].moves = 5;
    assert!(!lobby.take_news(off_screen.clone(), Vec::new(), Vec::new()));
    assert_eq!(render(&lobby), shown);

    // A watcher at a table in view, and somebody coming online: redrawn.
    let mut in_view = off_screen.clone();
    in_view[0].watchers = 2;
    assert!(lobby.take_news(in_view.clone(), Vec::new(), Vec::new()));
    assert_ne!(render(&lobby), shown);
    let online = vec![trios::tui::lobby::OnlinePlayer {
        handle: "zed".into(),
        guest: true,
        ratings: Vec::new(),
        elsewhere: None,
    }];
    assert!(lobby.take_news(in_view, online, Vec::new()));
    assert!(render(&lobby).contains("zed"));
}

#[test]
fn a_crowd_online_shows_the_best_rated_first_and_counts_the_rest() {
    let mut lobby = lobby((80, 24));
    let player = |n: usize| trios::tui::lobby::OnlinePlayer {
        handle: format!("u{n}"),
        guest: false,
        ratings: vec![("three-trios".into(), format!("{}", 1000 + n))],
        elsewhere: None,
    };
    let crowd: Vec<_> = (0..500).map(player).collect();
    lobby.take_news(tables(), crowd, Vec::new());
    let shown = render(&lobby);
    let line = shown
        .lines()
        .find(|l| l.contains("Online (500): "))
        .unwrap_or_else(|| panic!("{shown}"));
    // The highest ratings lead, in order, and what does not fit is counted.
    assert!(
        line.contains("Online (500): u499 1499 · u498 1498 · u497 1497"),
        "{line}"
    );
    let left: usize = line
        .rsplit("· +")
        .next()
        .and_then(|rest| rest.trim().strip_suffix(" more"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    let named = line.matches(" · ").count();
    assert_eq!(named + left, 500, "{line}");
    assert!(line.chars().count() <= 80, "{line}");
}

/// The rows of `screen` holding `text`, top first.
fn rows_with(screen: &str, text: &str) -> Vec<usize> {
    (screen.lines().enumerate())
        .filter(|(_, line)| line.contains(text))
        .map(|(row, _)| row)
        .collect()
}

#[test]
fn every_game_lists_its_tables_under_the_heading_and_todays_puzzle_after_them() {
    use trios::games::GameKind;
    use trios::tui::lobby::Item;
    for size in [(80, 24), (200, 60)] {
        for (tables, count) in [(tables(), 4), (many_tables(), 30)] {
            for game in GameKind::all() {
                let mut lobby = lobby(size);
                lobby.set_tables(tables.clone());
                while lobby.game_kind() != game {
                    keys(&mut lobby, ">");
                }
                let screen = render(&lobby);
                let heading = rows_with(&screen, " Tables");
                assert_eq!(heading.len(), 1, "{size:?} {game:?}:\n{screen}");
                let listed: Vec<usize> = (screen.lines().enumerate())
                    .filter(|(_, line)| line.trim_start().starts_with('#'))
                    .map(|(row, _)| row)
                    .collect();
                assert!(!listed.is_empty(), "{size:?} {game:?}:\n{screen}");
                assert!(
                    listed.iter().all(|&row| row > heading[0]),
                    "tables above their heading, {size:?} {game:?}:\n{screen}"
                );
                // The lines under the heading follow on from it without a gap.
                assert_eq!(listed[0], heading[0] + 1, "{size:?} {game:?}:\n{screen}");
                let daily = rows_with(&screen, "Today's puzzle");
                if !lobby.items().contains(&Item::Daily) {
                    assert!(daily.is_empty(), "{size:?} {game:?}:\n{screen}");
                    continue;
                }
                // However many tables there are, the puzzle's line shows after the last one.
                assert_eq!(daily.len(), 1, "{size:?} {game:?} {count}:\n{screen}");
                let last = listed.iter().max().copied().unwrap_or(0);
                assert!(daily[0] > last, "{size:?} {game:?}:\n{screen}");
                // A click on that line chooses the puzzle, a second plays it.
                let click = Event::Mouse(MouseEvent {
                    kind: MouseEventKind::Down(MouseButton::Left),
                    column: 10,
                    row: daily[0] as u16,
                    modifiers: KeyModifiers::NONE,
                });
                assert_eq!(lobby.update(click.clone()), None);
                assert_eq!(lobby.selected_item(), Item::Daily, "{size:?} {game:?}");
                assert_eq!(lobby.update(click), Some(Intent::Daily(game)));
                assert_eq!(rows_with(&render(&lobby), "Today's puzzle"), daily);
            }
        }
    }
}

/// The Islands of Hex board sides `lobby` offers, stepping its Board row once round.
fn island_sides(lobby: &mut Lobby) -> Vec<usize> {
    use trios::games::{GameKind, islands};
    use trios::tui::lobby::{Item, Mode};
    while lobby.game_kind() != GameKind::Islands {
        keys(lobby, ">");
    }
    for _ in 0..lobby.items().len() {
        if lobby.selected_item() == Item::Size {
            break;
        }
        keys(lobby, "j");
    }
    assert_eq!(lobby.selected_item(), Item::Size, "{:?}", lobby.items());
    let side = |lobby: &Lobby| {
        let options = lobby.launch(Mode::VsComputer).options;
        match options.own::<islands::Options>() {
            Some(own) => own.size,
            None => panic!("{options:?}"),
        }
    };
    let first = side(lobby);
    let mut sides = vec![first];
    loop {
        keys(lobby, ">");
        let next = side(lobby);
        if next == first {
            return sides;
        }
        sides.push(next);
    }
}

#[test]
fn a_server_offers_every_islands_board_size_the_home_screen_offers() {
    use trios::games::{GameKind, islands};
    use trios::tui::lobby::{GameOptions, Item, Mode};
    let choices = Arc::new(trios::registry::lobby_choices(base()));
    let mut home = Lobby::home(choices.clone(), None, (80, 24), Theme::plain());
    let mut server = lobby((80, 24));
    let offered = island_sides(&mut server);
    assert_eq!(offered, island_sides(&mut home));
    // The small, the usual and the large rating groups can all be played for.
    for side in [5, 11, 19] {
        assert!(offered.contains(&side), "{offered:?}");
    }

    // Down to 5x5; the computer is played (or a table opened) on it.
    while server
        .launch(Mode::VsComputer)
        .options
        .own::<islands::Options>()
        != Some(&islands::Options { size: 5 })
    {
        keys(&mut server, "<");
    }
    assert!(
        render(&server).contains("Board     ‹ 5x5 ›"),
        "{}",
        render(&server)
    );
    keys(&mut server, "kk");
    assert_eq!(server.selected_item(), Item::PlayComputer);
    let Some(Intent::Play(launch)) = keys(&mut server, "\r") else {
        panic!("a table against the computer");
    };
    assert_eq!(launch.game, GameKind::Islands);
    assert_eq!(
        launch.options,
        GameOptions::new(GameKind::Islands, islands::Options { size: 5 })
            .on_clock(Some(trios::setup::clock::TimeControl::new(5, 5)))
    );
    keys(&mut server, "jjj");
    assert_eq!(server.selected_item(), Item::OpenTable);
    let Some(Intent::Play(launch)) = keys(&mut server, "\r") else {
        panic!("a table for two");
    };
    assert_eq!(launch.mode, Mode::TwoPlayers);
    assert_eq!(
        launch.options,
        GameOptions::new(GameKind::Islands, islands::Options { size: 5 })
            .on_clock(Some(trios::setup::clock::TimeControl::new(5, 5)))
    );
}

/// A wide screen gives the players' column its room: names cut at 80 columns show whole at
/// 200, and a cut always ends in `…`.
#[test]
fn a_wide_lobby_shows_long_names_whole_and_a_narrow_one_marks_the_cut() {
    let long = [
        seat("bartholomew-longname", SeatState::Present),
        seat("maximiliana-longname", SeatState::Present),
    ];
    let table = summary(9, Kind::TwoPlayers, long, 3);
    for (size, whole) in [((200, 60), true), ((80, 24), false)] {
        let mut lobby = lobby(size);
        lobby.set_tables(vec![table.clone()]);
        let shown = render(&lobby);
        let row = shown.lines().find(|l| l.contains("#9")).unwrap();
        let both = "bartholomew-longname vs maximiliana-longname";
        assert_eq!(row.contains(both), whole, "{size:?}: {row}");
        if !whole {
            assert!(row.contains('…'), "{row}");
        }
    }
}
