//! The home screen `trios` opens with, driven by keys and clicks through `Lobby::update` and
//! read back from a `TestBackend` buffer: the Game row and its options, the Intent of every
//! item, and the saved-matches list over records the real binary wrote.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::common::base;
use common::bin::Dir;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::controller::Seat;
use trios::controller::table::{Identity, Proof};
use trios::games::GameKind;
use trios::games::Side;
use trios::games::islands;
use trios::games::reversi::Color;
use trios::games::three_trios::source::SourceFile;
use trios::registry::hexpaths::HexOptions;
use trios::registry::triad::TriadOptions;
use trios::setup::three_trios::MatchConfig;
use trios::tui::lobby::{GameOptions, Intent, Launch, Lobby, Mode};
use trios::tui::{Event, Theme};

/// The home screen over data folder `data` (none: no data folder known).
fn home(data: Option<&Path>) -> Lobby {
    Lobby::home(
        Arc::new(trios::registry::lobby_choices(base())),
        data.map(Path::to_path_buf),
        (80, 24),
        Theme::plain(),
    )
}

fn key(lobby: &mut Lobby, code: KeyCode) -> Option<Intent> {
    lobby.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// Types `typed`: `>` and `<` are the arrows right and left, `\r` is Enter, `^` is Up,
/// `v` is Down and `~` is Esc; anything else is that character.
fn keys(lobby: &mut Lobby, typed: &str) -> Option<Intent> {
    let mut last = None;
    for c in typed.chars() {
        last = key(
            lobby,
            match c {
                '\r' => KeyCode::Enter,
                '>' => KeyCode::Right,
                '<' => KeyCode::Left,
                '^' => KeyCode::Up,
                'v' => KeyCode::Down,
                '~' => KeyCode::Esc,
                c => KeyCode::Char(c),
            },
        );
    }
    last
}

fn render(lobby: &Lobby) -> String {
    crate::common::screen::screen(lobby, lobby.size())
}

/// The line of the screen holding `text`.
fn line_with<'a>(screen: &'a str, text: &str) -> &'a str {
    screen
        .lines()
        .find(|line| line.contains(text))
        .unwrap_or_else(|| panic!("no line with {text:?}:\n{screen}"))
}

fn play(intent: Option<Intent>) -> Launch {
    match intent {
        Some(Intent::Play(launch)) => launch,
        other => panic!("expected a new match, got {other:?}"),
    }
}

fn three_trios_config(launch: &Launch) -> &MatchConfig {
    trios::registry::three_trios::setup_of(&launch.options)
        .unwrap_or_else(|| panic!("expected Three Trios options, got {:?}", launch.options))
}

/// Sets a file's modification time to `secs` seconds after 1970, so lists sort and show
/// dates the same on every run.
fn touch(path: &Path, secs: u64) {
    let file = std::fs::File::options()
        .write(true)
        .open(path)
        .expect("record file");
    file.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(secs))
        .expect("set the modification time");
}

/// A data folder whose matches the real binary recorded: a finished Three Trios match
/// (version 1), a finished Reversi match (version 2), an unfinished Three Trios match, and a
/// file that is not a record. Dates 2024-01-01 to 2024-01-04, 12:00 UTC, in that order.
fn recorded() -> (Dir, PathBuf) {
    let dir = Dir::new();
    let data = dir.path().join("data");
    let matches = data.join("matches");
    std::fs::create_dir_all(&matches).expect("matches folder");
    let board = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/boards/open-3x3.txt");
    let board = board.to_str().expect("UTF-8 path");
    let record = |name: &str| matches.join(name).to_str().expect("UTF-8 path").to_string();

    let three_trios = record("three-trios.json");
    let args = [
        "play",
        "--ui",
        "text",
        "--board",
        board,
        "--seed",
        "4",
        "--red",
        "maxflip",
        "--blue",
        "corners",
        "--record",
        &three_trios,
    ];
    let run = dir.run(&args, "");
    assert!(run.stdout.contains("Game over: RED wins 8-2"), "{run:?}");

    let reversi = record("reversi.json");
    let args = [
        "play", "--game", "reversi", "--ui", "text", "--dark", "greedy", "--light", "random",
        "--seed", "3", "--record", &reversi,
    ];
    let run = dir.run(&args, "");
    assert!(run.stdout.contains("Game over: O wins 21-43"), "{run:?}");

    let unfinished = record("unfinished.json");
    let args = [
        "play",
        "--ui",
        "text",
        "--seed",
        "7",
        "--blue",
        "maxflip",
        "--record",
        &unfinished,
    ];
    let run = dir.run(&args, "place 0 0 0\nquit\n");
    assert_eq!(run.code, Some(0), "{run:?}");

    std::fs::write(matches.join("broken.json"), "{ half a record").expect("write");
    let noon = 1_704_110_400; // 2024-01-01 12:00 UTC
    for (day, name) in ["three-trios", "reversi", "unfinished", "broken"]
        .iter()
        .enumerate()
    {
        touch(
            &matches.join(format!("{name}.json")),
            noon + day as u64 * 86_400,
        );
    }
    (dir, data)
}

#[test]
fn the_home_screen_at_80x24() {
    let (_dir, data) = recorded();
    insta::assert_snapshot!(render(&home(Some(&data))));
}

#[test]
fn the_game_row_cycles_the_games_and_their_option_rows() {
    let mut lobby = home(None);
    let screen = render(&lobby);
    assert!(screen.contains("‹ Three Trios ›"));
    assert!(line_with(&screen, "Board").contains("‹ default 4x5 ›"));
    assert!(line_with(&screen, "Rules").contains("‹ normal ›"));
    assert!(!screen.contains("You play"));

    // Up to the Game row (the first line), one step on.
    keys(&mut lobby, "g>");
    let screen = render(&lobby);
    assert!(screen.contains("‹ Reversi ›"), "{screen}");
    assert!(line_with(&screen, "Opponent").contains("‹ expert ›"));
    assert!(line_with(&screen, "You play").contains("Dark"));
    assert!(
        !screen.contains("Board") && !screen.contains("Rules"),
        "{screen}"
    );
    // Reversi's opponents come from the game, strongest first.
    let mut offered = Vec::new();
    keys(&mut lobby, "v");
    for _ in 0..13 {
        let screen = render(&lobby);
        let line = line_with(&screen, "Opponent");
        let name = line.split('‹').nth(1).and_then(|s| s.split('›').next());
        offered.push(name.unwrap_or_default().trim().to_string());
        keys(&mut lobby, ">");
    }
    let levels = (1..=9).rev().map(|n| format!("level:{n}"));
    let expected: Vec<String> = std::iter::once("expert".to_string())
        .chain(levels)
        .chain(["positional", "greedy", "random"].map(String::from))
        .collect();
    assert_eq!(offered, expected);
    assert_eq!(GameKind::Reversi.opponents(), offered);

    // Left from Reversi wraps back to Three Trios, whose options kept their values.
    keys(&mut lobby, "^<");
    let screen = render(&lobby);
    assert!(screen.contains("‹ Three Trios ›"));
    assert!(line_with(&screen, "Board").contains("‹ default 4x5 ›"));
}

#[test]
fn each_play_item_launches_the_match_it_names() {
    // Play the computer is selected first: Three Trios against the strongest, person Red.
    let mut lobby = home(None);
    let launch = play(keys(&mut lobby, "\r"));
    assert_eq!(
        (launch.game, launch.mode, launch.opponent.as_str()),
        (GameKind::ThreeTrios, Mode::VsComputer, "expert")
    );
    let config = three_trios_config(&launch);
    assert_eq!(config.red, Seat::Human);
    assert_eq!(config.blue, Seat::Computer("expert".into()));
    assert_eq!(config.board, SourceFile::default_board());

    // Another opponent, board and rules, then two players at the keyboard (past the Clock
    // line, left at no clock).
    let mut lobby = home(None);
    keys(&mut lobby, "gv>v>v>");
    let launch = play(keys(&mut lobby, "vvv\r"));
    assert_eq!(launch.options.clock(), None);
    assert_eq!(launch.mode, Mode::TwoPlayers);
    let config = three_trios_config(&launch);
    assert_eq!((&config.red, &config.blue), (&Seat::Human, &Seat::Human));
    assert!(
        config.board.text.starts_with("3 3"),
        "the second board is open 3x3"
    );
    assert!(config.rules.same, "the second rule set is Same");

    // Watching: the chosen computer against the strongest other one.
    let launch = play(keys(&mut lobby, "v\r"));
    assert_eq!(
        (launch.mode, launch.opponent.as_str()),
        (Mode::Watch, "minimax")
    );
    let config = three_trios_config(&launch);
    assert_eq!(config.red, Seat::Computer("expert".into()));
    assert_eq!(config.blue, Seat::Computer("minimax".into()));
    assert_eq!(launch.seats(), [config.red.clone(), config.blue.clone()]);

    // Reversi as Light against greedy: the computer moves first, as dark.
    let mut lobby = home(None);
    keys(&mut lobby, "g>v<<v>");
    assert_eq!(lobby.color(), Color::Light);
    // The Clock line, one step on: 3+2.
    keys(&mut lobby, "v>");
    let launch = play(keys(&mut lobby, "v\r"));
    assert_eq!(launch.game, GameKind::Reversi);
    assert_eq!(
        launch.options,
        GameOptions::new(GameKind::Reversi, ())
            .playing(Side::Second)
            .on_clock(Some(trios::setup::clock::TimeControl::new(3, 2)))
    );
    assert_eq!(
        launch.seats(),
        [Seat::Computer("greedy".into()), Seat::Human]
    );
    let launch = play(keys(&mut lobby, "vv\r"));
    assert_eq!(launch.mode, Mode::Watch);
    assert_eq!(
        launch.seats(),
        [
            Seat::Computer("greedy".into()),
            Seat::Computer("expert".into())
        ]
    );
}

#[test]
fn resume_saved_matches_and_quit_give_their_intents() {
    let (_dir, data) = recorded();
    let mut lobby = home(Some(&data));
    let screen = render(&lobby);
    assert!(
        line_with(&screen, "Resume last match").contains("Three Trios · you vs maxflip · "),
        "{screen}"
    );
    // Play, Two players, Watch, then Resume.
    assert_eq!(
        keys(&mut lobby, "vvv\r"),
        Some(Intent::Resume(data.join("matches/unfinished.json")))
    );
    // Saved matches opens the list, newest first; Enter replays the chosen one.
    assert_eq!(keys(&mut lobby, "v\r"), None);
    assert!(render(&lobby).contains("4 matches"));
    assert_eq!(
        keys(&mut lobby, "vv\r"),
        Some(Intent::Replay(data.join("matches/reversi.json")))
    );
    assert_eq!(
        keys(&mut lobby, "v\r"),
        Some(Intent::Replay(data.join("matches/three-trios.json")))
    );
    // Esc goes back to the menu, where Quit, q and Esc all quit.
    assert_eq!(keys(&mut lobby, "~"), None);
    assert!(render(&lobby).contains("Play the computer"));
    assert_eq!(keys(&mut lobby, "v\r"), Some(Intent::Quit));
    assert_eq!(keys(&mut lobby, "q"), Some(Intent::Quit));
    assert_eq!(keys(&mut lobby, "~"), Some(Intent::Quit));
    assert_eq!(lobby.update(Event::Terminate), Some(Intent::Quit));
}

#[test]
fn resume_shows_only_with_an_unfinished_match() {
    let empty = Dir::new();
    let screen = render(&home(Some(empty.path())));
    assert!(!screen.contains("Resume"), "{screen}");
    assert!(!render(&home(None)).contains("Resume"));

    // Once the match is finished (its file gone here), refresh drops the line.
    let (_dir, data) = recorded();
    let mut lobby = home(Some(&data));
    assert!(render(&lobby).contains("Resume last match"));
    std::fs::remove_file(data.join("matches/unfinished.json")).expect("remove");
    lobby.refresh();
    assert!(!render(&lobby).contains("Resume last match"));
}

#[test]
fn the_saved_list_shows_game_players_date_and_result() {
    let (_dir, data) = recorded();
    let mut lobby = home(Some(&data));
    keys(&mut lobby, "G^\r");
    let screen = render(&lobby);
    insta::assert_snapshot!(screen);
    let three_trios = line_with(&screen, "maxflip vs corners");
    for part in ["Three Trios", "2024-01-01 12:00", "Red wins 8–2"] {
        assert!(three_trios.contains(part), "{part} in {three_trios}");
    }
    let reversi = line_with(&screen, "greedy vs random");
    for part in ["Reversi", "2024-01-02 12:00", "Light wins 21–43"] {
        assert!(reversi.contains(part), "{part} in {reversi}");
    }
    let unfinished = line_with(&screen, "you vs maxflip");
    assert!(unfinished.contains("unfinished, 2 moves"), "{unfinished}");
    let broken = line_with(&screen, "broken.json");
    assert!(broken.contains("cannot be read"), "{broken}");
}

#[test]
fn an_unreadable_file_says_why_and_does_not_replay() {
    let (_dir, data) = recorded();
    let mut lobby = home(Some(&data));
    keys(&mut lobby, "G^\r");
    // The newest file is the broken one: selected first, its reason shown.
    assert!(render(&lobby).contains("broken.json:1:3: not a valid record"));
    assert_eq!(keys(&mut lobby, "\r"), None);
    assert!(render(&lobby).contains("Cannot replay broken.json"));

    // A data folder with no matches folder: an empty list, and the way back.
    let empty = Dir::new();
    let mut lobby = home(Some(empty.path()));
    keys(&mut lobby, "G^\r");
    let screen = render(&lobby);
    assert!(screen.contains("No saved matches yet"), "{screen}");
    assert_eq!(keys(&mut lobby, "\r"), None);
    assert_eq!(keys(&mut lobby, "q"), None);
    assert!(render(&lobby).contains("Play the computer"));

    // No data folder at all: a notice instead of a list.
    let mut lobby = home(None);
    keys(&mut lobby, "G^\r");
    assert!(render(&lobby).contains("No saved matches: no data folder"));
}

#[test]
fn a_click_selects_a_home_line_and_a_second_click_acts() {
    let mut lobby = home(None);
    let screen = render(&lobby);
    let click = |text: &str| {
        let row = screen
            .lines()
            .position(|line| line.contains(text))
            .unwrap_or_else(|| panic!("no {text}")) as u16;
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 20,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    // A click on a game of the list chooses it at once.
    assert_eq!(lobby.update(click("Reversi")), None);
    assert!(render(&lobby).contains("‹ Reversi ›"));
    let quit = click("Quit");
    assert_eq!(lobby.update(quit.clone()), None);
    assert_eq!(lobby.update(quit), Some(Intent::Quit));
}

#[test]
fn a_small_screen_says_how_big_it_must_be_and_help_lists_the_keys() {
    let mut lobby = home(None);
    lobby.update(Event::Resize(40, 12));
    let screen = render(&lobby);
    let lower = screen.to_lowercase();
    assert!(
        lower.contains("too small") && lower.contains("need 60×22"),
        "{screen}"
    );
    lobby.update(Event::Resize(200, 60));
    let screen = render(&lobby);
    // Centred, not spread over the whole screen: at most 80 columns wide.
    let menu = line_with(&screen, "Play the computer");
    let indent = menu.len() - menu.trim_start().len();
    assert!(indent >= 60, "{screen}");
    assert_eq!(key(&mut lobby, KeyCode::Char('?')), None);
    let help = render(&lobby);
    for (keys, what) in trios::tui::lobby::view::HOME_KEYS {
        assert!(help.contains(what), "{keys} missing:\n{help}");
    }
    assert_eq!(
        key(&mut lobby, KeyCode::Enter),
        None,
        "a key closes the help only"
    );
}

#[test]
fn a_server_offers_every_game_on_its_game_row() {
    let me = Identity {
        user: "alice".into(),
        proof: Proof::Address([127, 0, 0, 1].into()),
    };
    let choices = trios::registry::lobby_choices(base());
    assert_eq!(
        choices.games,
        [
            GameKind::ThreeTrios,
            GameKind::Reversi,
            GameKind::Islands,
            GameKind::Triad,
            GameKind::HexPaths
        ]
    );
    let reversi_first = trios::registry::lobby_choices(base()).starting_with(GameKind::Reversi);
    assert_eq!(
        reversi_first.games,
        [
            GameKind::Reversi,
            GameKind::ThreeTrios,
            GameKind::Islands,
            GameKind::Triad,
            GameKind::HexPaths
        ]
    );
    // A screen too short for the home screen's list of games keeps one Game line.
    let short = Lobby::new(
        me.clone(),
        Arc::new(choices.clone()),
        (80, 20),
        Theme::plain(),
    );
    let screen = render(&short);
    assert!(
        line_with(&screen, "Game").contains("‹ Three Trios ›"),
        "{screen}"
    );
    // From 24 rows the games are listed as at home, a line each with what the game is.
    let mut lobby = Lobby::new(me, Arc::new(choices), (80, 24), Theme::plain());
    let screen = render(&lobby);
    for game in GameKind::all() {
        let line = line_with(&screen, game.title());
        assert!(
            line.contains(trios::registry::entry(game).lobby.description),
            "{line}"
        );
    }
    assert!(screen.contains("‹ Three Trios ›"), "{screen}");
    // Play the computer stays selected first and opens a Three Trios table.
    assert!(matches!(keys(&mut lobby, "\r"), Some(Intent::Open { .. })));
    // A duel's Clock line stands between the Game line and Play the computer.
    keys(&mut lobby, "^^>");
    let launch = play(keys(&mut lobby, "vv\r"));
    assert_eq!(
        (launch.game, launch.mode),
        (GameKind::Reversi, Mode::VsComputer)
    );
    assert_eq!(
        launch.options.clock(),
        Some(trios::setup::clock::TimeControl::new(3, 2))
    );
    keys(&mut lobby, "^^>");
    let launch = play(keys(&mut lobby, "vv\r"));
    assert_eq!(
        (launch.game, launch.mode),
        (GameKind::Islands, Mode::VsComputer)
    );
    // Triad: a race table against the chosen rival, or one that waits for people.
    keys(&mut lobby, "^^>");
    let screen = render(&lobby);
    assert!(screen.contains("Race the computer"), "{screen}");
    assert!(screen.contains("Open a race table"), "{screen}");
    let launch = play(keys(&mut lobby, "v\r"));
    assert_eq!(
        (launch.game, launch.mode, launch.options),
        (
            GameKind::Triad,
            Mode::VsComputer,
            GameOptions::new(
                GameKind::Triad,
                TriadOptions {
                    rival: Some("hard".into())
                }
            )
        )
    );
    let launch = play(keys(&mut lobby, "vv\r"));
    assert_eq!(
        (launch.game, launch.mode, launch.options),
        (
            GameKind::Triad,
            Mode::TwoPlayers,
            GameOptions::new(GameKind::Triad, TriadOptions { rival: None })
        )
    );
}

#[test]
fn left_and_right_on_an_action_line_change_the_game() {
    // The first thing on the screen to pick, without walking up to the Game line.
    let mut lobby = home(None);
    let launch = play(keys(&mut lobby, ">\r"));
    assert_eq!(launch.game, GameKind::Reversi);
    assert_eq!(launch.mode, Mode::VsComputer);
    let mut lobby = home(None);
    let launch = play(keys(&mut lobby, ">>\r"));
    assert_eq!(launch.game, GameKind::Islands);
    // Hex paths: alone, racing a computer rival, or people racing at one keyboard.
    let mut lobby = home(None);
    let launch = play(keys(&mut lobby, "<\r"));
    assert_eq!(launch.game, GameKind::HexPaths);
    assert_eq!(
        launch.options,
        GameOptions::new(
            GameKind::HexPaths,
            HexOptions {
                rival: Some("hard".into()),
                people: 1
            }
        )
    );
    let screen = render(&lobby);
    for line in ["Play alone", "Race the computer", "Two players race"] {
        assert!(screen.contains(line), "{line}: {screen}");
    }
    let launch = play(keys(&mut lobby, "^\r"));
    assert_eq!(
        launch.options,
        GameOptions::new(
            GameKind::HexPaths,
            HexOptions {
                rival: None,
                people: 1
            }
        )
    );
    let launch = play(keys(&mut lobby, "vv\r"));
    assert_eq!(
        launch.options,
        GameOptions::new(
            GameKind::HexPaths,
            HexOptions {
                rival: None,
                people: 2
            }
        )
    );
    // Triad: alone, or racing a computer rival of the chosen level.
    let mut lobby = home(None);
    let launch = play(keys(&mut lobby, "<<\r"));
    assert_eq!(launch.game, GameKind::Triad);
    assert_eq!(
        launch.options,
        GameOptions::new(
            GameKind::Triad,
            TriadOptions {
                rival: Some("hard".into())
            }
        )
    );
    let screen = render(&lobby);
    assert!(screen.contains("Play solitaire"), "{screen}");
    assert!(screen.contains("Race the computer"), "{screen}");
    assert!(!screen.contains("Two players"), "{screen}");
    let launch = play(keys(&mut lobby, "^\r"));
    assert_eq!(
        launch.options,
        GameOptions::new(GameKind::Triad, TriadOptions { rival: None })
    );
    let mut lobby = home(None);
    let launch = play(keys(&mut lobby, "<<<<<\r"));
    assert_eq!(
        launch.game,
        GameKind::ThreeTrios,
        "once round the games, back again"
    );
}

#[test]
fn islands_at_home_offers_the_board_side() {
    let mut lobby = home(None);
    // To Islands of Hex, up past the Clock line to its Board line (11x11), one step larger,
    // back down to play.
    keys(&mut lobby, ">>");
    keys(&mut lobby, "^^");
    let screen = render(&lobby);
    assert!(
        line_with(&screen, "Board").contains("‹ 11x11 ›"),
        "{screen}"
    );
    keys(&mut lobby, ">");
    assert!(line_with(&render(&lobby), "Board").contains("‹ 13x13 ›"));
    let launch = play(keys(&mut lobby, "vv\r"));
    assert_eq!(launch.game, GameKind::Islands);
    assert_eq!(
        launch.options,
        GameOptions::new(GameKind::Islands, islands::Options { size: 13 })
    );
}

#[test]
fn triad_and_hex_paths_offer_todays_puzzle_at_home_and_d_its_leaderboard() {
    let mut lobby = home(None);
    let screen = render(&lobby);
    assert!(!screen.contains("Today's puzzle"), "{screen}");
    assert_eq!(keys(&mut lobby, "d"), Some(Intent::DailyBoard));
    // Triad: alone, the race, today's puzzle; Hex paths: alone, the race, two players, today's.
    for (game, lefts, downs) in [
        (GameKind::Triad, "<<", "v"),
        (GameKind::HexPaths, ">", "vv"),
    ] {
        keys(&mut lobby, lefts);
        assert_eq!(lobby.game_kind(), game);
        let screen = render(&lobby);
        line_with(&screen, "Today's puzzle");
        keys(&mut lobby, downs);
        let screen = render(&lobby);
        assert!(
            line_with(&screen, "Today's puzzle").contains('▸'),
            "{screen}"
        );
        assert_eq!(keys(&mut lobby, "\r"), Some(Intent::Daily(game)));
        keys(&mut lobby, &"^".repeat(downs.len()));
    }
}

fn press(lobby: &mut Lobby, code: KeyCode, modifiers: KeyModifiers) -> Option<Intent> {
    lobby.update(Event::Key(KeyEvent::new(code, modifiers)))
}

#[test]
fn with_the_help_open_esc_only_closes_it_but_q_and_ctrl_c_leave() {
    let none = KeyModifiers::NONE;
    let mut l = home(None);
    press(&mut l, KeyCode::Char('?'), none);
    assert!(press(&mut l, KeyCode::Esc, none).is_none());
    assert!(matches!(
        press(&mut l, KeyCode::Esc, none),
        Some(Intent::Quit)
    ));
    press(&mut l, KeyCode::Char('?'), none);
    assert!(matches!(
        press(&mut l, KeyCode::Char('q'), none),
        Some(Intent::Quit)
    ));
    press(&mut l, KeyCode::Char('?'), none);
    assert!(matches!(
        press(&mut l, KeyCode::Char('c'), KeyModifiers::CONTROL),
        Some(Intent::Quit)
    ));
}

#[test]
fn list_keys_move_the_selection_whatever_the_modifiers() {
    let mut l = home(None);
    let items = l.items();
    let (first, last) = (items[0], items[items.len() - 1]);
    press(&mut l, KeyCode::Char('G'), KeyModifiers::SHIFT);
    assert_eq!(l.selected_item(), last);
    press(&mut l, KeyCode::Char('k'), KeyModifiers::CONTROL);
    assert_eq!(l.selected_item(), items[items.len() - 2]);
    press(&mut l, KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(l.selected_item(), last);
    press(&mut l, KeyCode::Home, KeyModifiers::NONE);
    assert_eq!(l.selected_item(), first);
}
