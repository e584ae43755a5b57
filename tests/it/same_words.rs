//! The five games read as one program: the same word for the person at this keyboard, the
//! same away mark, key bars that end alike and keep `q`, replays worded alike, counts in the
//! singular for one, boxes padded alike, the home screen at the size the manual gives, and
//! the game-over box beside the board rather than on it; each read back from a
//! `TestBackend` buffer.

use crate::common::bin::Dir;
use crate::common::duel::DuelScreen;
use crate::common::screen::screen;

use std::path::Path;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::controller::race_table::Phase;
use trios::controller::race_table::triad::{RaceJoined, RaceRole, RaceSeat};
use trios::controller::table::{Joined, Kind, Role, SeatState, SeatView};
use trios::controller::three_trios::Match;
use trios::controller::{DuelConfig, Seat};
use trios::games::Side;
use trios::games::hexpaths::round::Settings;
use trios::games::triad::race::Racer;
use trios::games::{islands, reversi};
use trios::setup::three_trios::MatchConfig;
use trios::tui::hexpaths::HexPathsScreen;
use trios::tui::stones::StonesScreen;
use trios::tui::three_trios::app::ThreeTriosScreen;
use trios::tui::triad::TriadScreen;
use trios::tui::{Event, Theme};

const SMALL: (u16, u16) = (80, 24);
const PEOPLE: [Seat; 2] = [Seat::Human, Seat::Human];

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// The last row of a screen: the key bar of every game.
fn bar(text: &str) -> &str {
    text.lines().last().unwrap_or_default().trim_end()
}

fn reversi(seats: [Seat; 2], position: Option<&str>) -> DuelScreen<reversi::Game> {
    let mut config = DuelConfig::<reversi::Game>::new(seats, 7, 20);
    config.options.position = position.map(String::from);
    DuelScreen::new(config, SMALL)
}

fn islands(seats: [Seat; 2]) -> DuelScreen<islands::Game> {
    DuelScreen::new(DuelConfig::<islands::Game>::new(seats, 3, 20), SMALL)
}

fn three_trios(red: Seat, blue: Seat) -> ThreeTriosScreen {
    let config = MatchConfig {
        clock: None,
        red,
        blue,
        think_ms: 20,
        ..MatchConfig::built_in(11)
    };
    let (events, _inbox) = trios::tui::event::channel();
    let game = Match::start(config, None).expect("starts");
    let new_match =
        Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
    ThreeTriosScreen::new(game, new_match, events, SMALL, Theme::plain())
}

fn seat(name: &str, state: SeatState) -> SeatView {
    SeatView {
        name: name.into(),
        state,
    }
}

/// Item 1: a person's seat is `you` on every screen, two people at one keyboard too; no
/// screen says `human` or `person` for a seat.
#[test]
fn the_person_at_this_keyboard_is_you_on_every_screen() {
    let text = reversi(PEOPLE, None).text();
    assert!(
        text.contains("Dark (you) vs ○ Light (you)")
            || text.contains("Dark (you) vs O Light (you)"),
        "{text}"
    );
    let text = islands([Seat::Human, Seat::Computer("connector".into())]).text();
    assert!(text.contains("White (you)"), "{text}");
    for app in [
        three_trios(Seat::Human, Seat::Computer("maxflip".into())),
        three_trios(Seat::Human, Seat::Human),
    ] {
        let text = screen(&app, SMALL);
        assert!(text.contains("RED you"), "{text}");
        assert!(
            !text.contains("human") && !text.contains("person"),
            "{text}"
        );
    }
    let text = reversi(PEOPLE, None).text();
    assert!(
        !text.contains("person") && !text.contains("human"),
        "{text}"
    );
    // The saved matches list names the seats as the Resume line does.
    let dir = Dir::new();
    let (data, matches) = crate::home_data::data_folder(&dir);
    crate::home_data::unfinished_reversi(&dir, &matches.join("unfinished.json"));
    let mut lobby = crate::home_data::home_at(Some(&data), SMALL);
    crate::home_data::keys(&mut lobby, "G^\r");
    let text = crate::home_data::render(&lobby);
    assert!(text.contains("you vs expert"), "{text}");
    assert!(!text.contains("human"), "{text}");
}

/// Item 2: at a Reversi table, a player who stepped out is `Dark (bob, away)` in the title
/// and in the refusal of a move out of turn: no parentheses inside parentheses.
#[test]
fn an_away_player_beside_a_duel_side_nests_no_parentheses() {
    let (events, _inbox) = trios::tui::event::channel();
    let joined = Joined {
        clock: None,
        lost_on_time: None,
        table: 1,
        kind: Kind::TwoPlayers,
        role: Role::Plays(Side::Second),
        config: DuelConfig::<reversi::Game>::new(PEOPLE, 7, 20),
        moves: Vec::new(),
        seats: [
            seat("bob", SeatState::Away),
            seat("alice", SeatState::Present),
        ],
    };
    let mut app = StonesScreen::at_table(joined, Box::new(|_| {}), events, SMALL, Theme::plain())
        .expect("the table's screen");
    app.update(key(KeyCode::Enter), Instant::now());
    let text = screen(&app, SMALL);
    assert!(text.contains("Dark (bob, away)"), "{text}");
    assert!(text.contains("Wait: Dark (bob, away) is to move"), "{text}");
    assert!(!text.contains("(away))"), "{text}");
    // Alone, beside the scores, the mark keeps its own parentheses.
    assert!(text.contains("bob (away)"), "{text}");
}

/// Item 2: Three Trios names an away seat the same way, in the status bar and in the hand.
#[test]
fn an_away_player_in_three_trios_reads_as_in_the_other_duels() {
    let (events, _inbox) = trios::tui::event::channel();
    let joined = Joined {
        clock: None,
        lost_on_time: None,
        table: 1,
        kind: Kind::TwoPlayers,
        role: Role::Plays(Side::Second),
        config: MatchConfig::built_in(5),
        moves: Vec::new(),
        seats: [
            seat("bob", SeatState::Away),
            seat("alice", SeatState::Present),
        ],
    };
    let mut app =
        ThreeTriosScreen::at_table(joined, Box::new(|_| {}), events, SMALL, Theme::plain())
            .expect("the table's screen");
    let text = screen(&app, SMALL);
    assert!(text.contains("RED (bob, away) to move"), "{text}");
    assert!(text.contains("RED bob (away)"), "{text}");
    // A card picked out of turn is refused in the same words.
    app.update(key(KeyCode::Enter), Instant::now());
    let text = screen(&app, SMALL);
    assert!(text.contains("Wait: RED (bob, away) is to move"), "{text}");
    assert!(!text.contains("(away))"), "{text}");
}

/// Item 2: in a Triad race the away mark follows the name, as beside a duel's seat; the
/// score comes after it.
#[test]
fn an_away_racer_is_marked_as_a_duels_seat_is() {
    let racer = |name: &str| Racer {
        name: name.into(),
        score: 0,
        found: 0,
        wrong: 0,
        locked_until: None,
    };
    let joined = RaceJoined {
        table: 1,
        role: RaceRole::Racer(0),
        phase: Phase::Racing,
        seed: 5,
        taken: Vec::new(),
        version: 0,
        seats: vec![
            RaceSeat {
                racer: racer("alice"),
                state: SeatState::Present,
            },
            RaceSeat {
                racer: racer("bob"),
                state: SeatState::Away,
            },
        ],
        elapsed: Duration::ZERO,
    };
    let app = TriadScreen::at_table(joined, Box::new(|_| {}), SMALL, Theme::plain())
        .expect("the race's screen");
    let text = screen(&app, SMALL);
    assert!(text.contains("bob (away) 0"), "{text}");
    assert!(!text.contains("bob 0 away"), "{text}");
}

/// Item 3: every game's key bar ends `? help · q quit` at 80x24, help before quit.
#[test]
fn every_games_key_bar_ends_with_help_then_quit() {
    let bars = [
        (
            "Reversi",
            reversi([Seat::Human, Seat::Computer("expert".into())], None).text(),
        ),
        (
            "Islands",
            islands([Seat::Human, Seat::Computer("connector".into())]).text(),
        ),
        (
            "Three Trios",
            screen(
                &three_trios(Seat::Human, Seat::Computer("maxflip".into())),
                SMALL,
            ),
        ),
        (
            "Triad",
            screen(&TriadScreen::new(5, None, SMALL, Theme::plain()), SMALL),
        ),
        (
            "Hex paths",
            screen(
                &HexPathsScreen::new(
                    3,
                    Settings::default(),
                    Vec::new(),
                    Vec::new(),
                    SMALL,
                    Theme::plain(),
                ),
                SMALL,
            ),
        ),
    ];
    for (game, text) in &bars {
        assert!(bar(text).ends_with("? help · q quit"), "{game}:\n{text}");
    }
}

/// Item 3: a replay says where it stands in the same words in every duel:
/// `Replay: move 1 of 1`, and the bar ends as everywhere.
#[test]
fn replays_are_worded_alike() {
    let mut duel = reversi(PEOPLE, Some(crate::common::duel::TWO_LINES));
    duel.key(KeyCode::Enter);
    duel.settle();
    duel.key(KeyCode::Char('r'));
    duel.key(KeyCode::Char(' '));
    let text = duel.text();
    assert!(text.contains("Replay: move 1 of 1"), "{text}");
    assert!(bar(&text).ends_with("q quit"), "{text}");

    let mut app = three_trios(Seat::Human, Seat::Human);
    let now = Instant::now();
    app.update(key(KeyCode::Enter), now);
    app.update(key(KeyCode::Enter), now);
    for step in 1..200 {
        let Some(due) = app.next_tick() else { break };
        app.update(Event::Tick(due), due);
        assert!(step < 199, "the move never settled");
    }
    app.update(key(KeyCode::Char('r')), Instant::now());
    app.update(key(KeyCode::Char(' ')), Instant::now());
    let text = screen(&app, SMALL);
    assert!(text.contains("Replay: move 1 of 1"), "{text}");
    assert!(bar(&text).ends_with("? help · q quit"), "{text}");
}

/// Item 4: Islands' bar offers `H hints` at 80x24 as Reversi's does, wherever the cursor is.
#[test]
fn the_islands_bar_offers_hints_as_reversis_does() {
    let text = reversi([Seat::Human, Seat::Computer("expert".into())], None).text();
    assert!(bar(&text).contains("H hints"), "{text}");
    let mut s = islands([Seat::Human, Seat::Computer("connector".into())]);
    let text = s.text();
    assert!(bar(&text).contains("H hints"), "{text}");
    // The cell of a two-digit row makes the bar longest.
    for _ in 0..5 {
        s.key(KeyCode::Right);
        s.key(KeyCode::Down);
    }
    let text = s.text();
    assert!(bar(&text).contains("k11"), "{text}");
    assert!(bar(&text).contains("H hints"), "{text}");
}

/// Item 6: a count of one is singular, `1 move`, in the duels' status row.
#[test]
fn a_count_of_one_is_singular() {
    // Dark's one move is 1 3, beyond Light's disc on 1 2; Light has none.
    let position = concat!(
        "XO------",
        "--------",
        "--------",
        "--------",
        "--------",
        "--------",
        "--------",
        "-------- X"
    );
    let text = reversi(PEOPLE, Some(position)).text();
    assert!(text.contains("1 move "), "{text}");
    assert!(text.contains("0 moves"), "{text}");
    assert!(!text.contains("1 moves"), "{text}");
}

/// Item 7: Triad's boxes keep a column clear inside the border, as the other games' do.
#[test]
fn triads_boxes_are_padded_as_the_other_games_boxes() {
    let mut app = TriadScreen::new(5, None, SMALL, Theme::plain());
    app.update(key(KeyCode::Char('?')), Instant::now());
    let text = screen(&app, SMALL);
    assert!(text.contains("│ keys on the cards"), "{text}");
    assert!(!text.contains("│keys on the cards"), "{text}");
    let mut duel = reversi([Seat::Human, Seat::Computer("expert".into())], None);
    duel.key(KeyCode::Char('?'));
    let text = duel.text();
    assert!(text.contains("│ ↑ k"), "{text}");
}

/// A saved Triad solitaire of one triad, so that the home screen offers to resume it.
fn unfinished_triad(path: &Path) {
    use trios::record::triad::{TriadMove, TriadRecord};
    let game = trios::games::triad::Game::new(5);
    let mut record = TriadRecord::new(5);
    let cards = trios::games::triad::first_triad(game.tableau()).expect("a triad");
    record.moves.push(TriadMove { cards, at_ms: 4000 });
    std::fs::write(path, serde_json::to_string(&record).expect("JSON")).expect("write");
}

/// Item 8: the home screen draws whole at 60x22, the size the manual gives, even with the
/// most action rows a game has (Triad: its own four, Resume, Saved matches, Quit).
#[test]
fn the_home_screen_fits_the_size_the_manual_gives() {
    let (w, h) = trios::tui::lobby::view::home_min_size();
    let manual =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/home-screen.md"))
            .expect("the manual's page");
    assert!(
        manual.contains(&format!("at any size from {w}x{h}")),
        "the manual gives another size than {w}x{h}"
    );
    assert_eq!((w, h), (60, 22));
    let dir = Dir::new();
    let (data, matches) = crate::home_data::data_folder(&dir);
    unfinished_triad(&matches.join("triad.json"));
    let mut lobby = crate::home_data::home_at(Some(&data), (w, h));
    crate::home_data::keys(&mut lobby, ">>>");
    let text = crate::home_data::render(&lobby);
    assert!(!text.to_lowercase().contains("too small"), "{text}");
    for line in [
        "‹ Triad ›",
        "Resume last match",
        "Saved matches",
        "Quit",
        "? help",
    ] {
        assert!(text.contains(line), "{line} missing:\n{text}");
    }
    // Under the first action, the rows of the most actions any game has, then the notice's
    // row, then the keys, inside the box's last border.
    let rows: Vec<&str> = text.lines().collect();
    let first = rows.iter().position(|l| l.contains("Play solitaire"));
    let keys = rows.iter().position(|l| l.contains("? help"));
    let most = usize::from(trios::tui::lobby::view::MOST_ACTION_ROWS);
    assert_eq!(
        first.zip(keys).map(|(a, k)| k - a),
        Some(most + 1),
        "{text}"
    );
    assert!(rows.last().is_some_and(|l| l.starts_with('╰')), "{text}");
}
