//! The full-screen app driven by key and mouse sequences, read back from a `TestBackend`
//! buffer; whole screens are insta snapshots (`cargo insta review` after a deliberate change).

use std::path::Path;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::controller::{Match, MatchConfig, Seat, SourceFile};
use trios::trios::{DealMode, Player, Pos, RuleSet};
use trios::tui::app::Focus;
use trios::tui::{App, Event, Theme};

fn config(red: &str, blue: &str, seed: u64) -> MatchConfig {
    MatchConfig {
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::Shuffle,
        seed,
        rules: RuleSet::default(),
        red: red.parse::<Seat>().expect("seat"),
        blue: blue.parse::<Seat>().expect("seat"),
        think_ms: 1000,
    }
}

/// A 2x3 board dealt in order so that Red's third card starts a two-wave combo.
fn combo_config() -> MatchConfig {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui");
    MatchConfig {
        board: SourceFile::read_board(&dir.join("combo-board.txt")).expect("board"),
        cards: SourceFile::read_cards(&dir.join("combo-cards.txt")).expect("cards"),
        deal: DealMode::InOrder,
        seed: 1,
        rules: RuleSet::default(),
        red: Seat::Human,
        blue: Seat::Human,
        think_ms: 1000,
    }
}

struct Harness {
    app: App,
    inbox: Receiver<Event>,
    now: Instant,
    terminal: Terminal<TestBackend>,
}

impl Harness {
    fn new(config: MatchConfig, size: (u16, u16)) -> Harness {
        let (events, inbox) = mpsc::channel();
        let game = Match::start(config, None).expect("starts");
        let new_match = Box::new(|c: &MatchConfig| {
            let mut c = c.clone();
            c.seed += 1;
            Match::start(c, None).map_err(|e| e.to_string())
        });
        let app = App::new(game, new_match, events, size, Theme::plain());
        let terminal = Terminal::new(TestBackend::new(size.0, size.1)).expect("test backend");
        Harness {
            app,
            inbox,
            now: Instant::now(),
            terminal,
        }
    }

    fn key(&mut self, code: KeyCode) {
        self.app.update(
            Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
            self.now,
        );
    }

    fn keys(&mut self, codes: &[KeyCode]) {
        for &c in codes {
            self.key(c);
        }
    }

    fn click(&mut self, x: u16, y: u16) {
        let mouse = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        };
        self.app.update(Event::Mouse(mouse), self.now);
    }

    /// Clicks the middle of a grid cell.
    fn click_cell(&mut self, row: usize, col: usize) {
        let rect = self.app.layout().cell_rect(Pos::new(row, col));
        self.click(rect.x + rect.width / 2, rect.y + rect.height / 2);
    }

    /// Places hand card `hand` at (row, col) with the keyboard, as a person would.
    fn place(&mut self, hand: usize, row: usize, col: usize) {
        self.key(KeyCode::Char(char::from(b'1' + hand as u8)));
        assert_eq!(self.app.focus(), Focus::Grid);
        while self.app.grid_cursor().row != row {
            self.key(KeyCode::Down);
        }
        while self.app.grid_cursor().col != col {
            self.key(KeyCode::Right);
        }
        self.key(KeyCode::Enter);
    }

    /// Lets time pass and delivers computer moves until nothing is pending.
    fn settle(&mut self) {
        for _ in 0..10_000 {
            let wait = if self.app.next_tick().is_some() {
                0
            } else {
                200
            };
            while let Ok(event) = self.inbox.recv_timeout(Duration::from_millis(wait)) {
                self.app.update(event, self.now);
            }
            match self.app.next_tick() {
                Some(due) => {
                    self.now = due.max(self.now);
                    self.app.update(Event::Tick(self.now), self.now);
                }
                None => return,
            }
        }
        panic!("the app never settled");
    }

    /// Advances time by exactly one scheduled tick.
    fn tick(&mut self) {
        if let Some(due) = self.app.next_tick() {
            self.now = due.max(self.now);
            self.app.update(Event::Tick(self.now), self.now);
        }
    }

    fn screen(&mut self) -> String {
        self.terminal
            .draw(|f| f.render_widget(&self.app, f.area()))
            .expect("draw");
        let buf = self.terminal.backend().buffer().clone();
        let mut out = String::new();
        for y in 0..buf.area.height {
            let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    fn resize(&mut self, w: u16, h: u16) {
        self.terminal.backend_mut().resize(w, h);
        self.app.update(Event::Resize(w, h), self.now);
    }
}

fn combo_harness() -> Harness {
    let mut h = Harness::new(combo_config(), (80, 24));
    h.place(0, 1, 2); // Red R0
    h.place(0, 0, 0); // Blue B0
    h.place(0, 0, 2); // Red R1
    h.place(0, 0, 1); // Blue B1
    h.settle();
    h
}

#[test]
fn start_screen() {
    let mut h = Harness::new(config("human", "maxflip", 7), (80, 24));
    insta::assert_snapshot!("start_80x24", h.screen());
}

#[test]
fn large_tiles_with_a_picked_card_and_hints() {
    let mut h = Harness::new(config("human", "maxflip", 7), (120, 40));
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    h.settle();
    h.keys(&[KeyCode::Char('2'), KeyCode::Char('H')]);
    assert_eq!(h.app.picked(), Some(1));
    let screen = h.screen();
    assert!(
        screen.contains("+1") || screen.contains("+2"),
        "some cell flips a card:\n{screen}"
    );
    insta::assert_snapshot!("picked_with_hints_120x40", screen);
}

#[test]
fn keyboard_select_move_place_and_cancel() {
    let mut h = combo_harness();
    assert_eq!(h.app.game().turn(), Player::Red);
    // Enter on the hand picks the card under the cursor and moves to the grid.
    h.key(KeyCode::Enter);
    assert_eq!(h.app.picked(), Some(0));
    assert_eq!(h.app.focus(), Focus::Grid);
    // Esc cancels the pick and goes back to the hand.
    h.key(KeyCode::Esc);
    assert_eq!(h.app.picked(), None);
    assert_eq!(h.app.focus(), Focus::Hand);
    // Down moves the hand cursor; Tab switches to the grid; Enter there needs a pick.
    h.key(KeyCode::Down);
    assert_eq!(h.app.hand_cursor(), 0, "one card left wraps to itself");
    h.key(KeyCode::Tab);
    assert_eq!(h.app.focus(), Focus::Grid);
    h.key(KeyCode::Enter);
    assert!(
        h.app.message().is_some_and(|m| m.error),
        "placing without a pick is refused"
    );
    assert_eq!(h.app.history().len(), 4);
}

#[test]
fn illegal_placement_says_why_and_changes_nothing() {
    let mut h = combo_harness();
    h.key(KeyCode::Char('1'));
    // (0,0) is taken.
    while h.app.grid_cursor() != Pos::new(0, 0) {
        h.key(KeyCode::Left);
        if h.app.grid_cursor().row != 0 {
            h.key(KeyCode::Up);
        }
    }
    h.key(KeyCode::Enter);
    let message = h.app.message().expect("a reason is shown");
    assert!(message.error);
    assert_eq!(message.text, "Cell 0,0 is already taken");
    assert_eq!(h.app.history().len(), 4);
    assert_eq!(
        h.app.picked(),
        Some(0),
        "the pick survives a refused placement"
    );
    assert!(h.screen().contains("Cell 0,0 is already taken"));
    // A hand card that does not exist.
    h.key(KeyCode::Char('9'));
    assert_eq!(
        h.app.message().map(|m| m.text.as_str()),
        Some("There is no card 9 in the hand")
    );
}

#[test]
fn mid_combo_animation_and_battle_log() {
    let mut h = combo_harness();
    h.place(0, 1, 0); // Red R2: takes B0, which takes B1 in the combo
    assert!(h.app.animating());
    h.tick(); // first battle step shown
    insta::assert_snapshot!("mid_combo_step1", h.screen());
    h.tick(); // combo wave 1
    let screen = h.screen();
    assert!(screen.contains("↳ 0,0→0,1 9 vs 1 taken"), "{screen}");
    h.settle();
    assert!(!h.app.animating());
    insta::assert_snapshot!("battle_log_after_combo", h.screen());
}

#[test]
fn replay_steps_back_and_forth_through_steps_and_moves() {
    let mut h = combo_harness();
    h.place(0, 1, 0);
    h.settle();
    h.key(KeyCode::Char('r'));
    let start = h.app.replay().expect("replay open").index;
    h.key(KeyCode::Right);
    h.key(KeyCode::Right);
    assert_eq!(h.app.replay().map(|r| r.index), Some(start + 2));
    assert!(
        h.screen()
            .contains("REPLAY · move 5/5 · step 2/2 · combo wave 1")
    );
    insta::assert_snapshot!("replay_combo", h.screen());
    h.key(KeyCode::Up);
    assert_eq!(
        h.app.replay().map(|r| r.index),
        Some(start),
        "up: back to the move's start"
    );
    h.key(KeyCode::Up);
    assert!(h.screen().contains("REPLAY · move 4/5 · step 0"));
    h.key(KeyCode::Home);
    assert!(h.screen().contains("REPLAY · start"));
    h.key(KeyCode::Esc);
    assert!(h.app.replay().is_none());
}

#[test]
fn help_overlay_lists_every_key_and_any_key_closes_it() {
    let mut h = Harness::new(config("human", "maxflip", 7), (80, 24));
    h.key(KeyCode::Char('?'));
    let screen = h.screen();
    for needle in ["Tab", "Esc", "1-9", "hints", "replay", "new game", "quit"] {
        assert!(screen.contains(needle), "help lacks {needle}:\n{screen}");
    }
    insta::assert_snapshot!("help", screen);
    h.key(KeyCode::Char('x'));
    h.key(KeyCode::Char('?'));
    h.key(KeyCode::Esc);
    assert!(!h.screen().contains("Any key closes"));
}

#[test]
fn a_whole_game_against_the_computer_ends_with_the_result() {
    let mut h = Harness::new(config("human", "maxflip", 11), (80, 24));
    while !h.app.game().is_over() {
        h.key(KeyCode::Enter); // pick the first card
        h.key(KeyCode::Enter); // place it on the first empty cell
        h.settle();
    }
    let screen = h.screen();
    assert!(screen.contains("game over"), "{screen}");
    assert!(screen.contains("n new game · r replay · q quit"));
    insta::assert_snapshot!("game_over", screen);
    h.key(KeyCode::Char('n'));
    assert_eq!(h.app.history().len(), 0);
    assert_eq!(h.app.config().seed, 12, "n deals a new game");
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn too_small_then_recovers_on_resize() {
    let mut h = Harness::new(config("human", "maxflip", 7), (60, 20));
    let screen = h.screen();
    assert!(screen.contains("Terminal too small"));
    insta::assert_snapshot!("too_small", screen);
    // Keys cannot play blind while the game is hidden.
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(h.app.picked(), None);
    assert_eq!(h.app.history().len(), 0);
    h.resize(80, 24);
    assert!(h.screen().contains("Three Trios"));
    // Tiny and zero sizes never panic.
    for (w, hgt) in [(1, 1), (0, 0), (5, 2), (300, 100)] {
        h.resize(w, hgt);
        h.screen();
    }
}

#[test]
fn seed_board_fits_80x24_in_compact_tiles() {
    let mut c = config("human", "corners", 3);
    c.board = SourceFile::read_board(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/boards/seed-5x7.txt"),
    )
    .expect("board");
    let mut h = Harness::new(c, (80, 24));
    let screen = h.screen();
    assert!(!screen.contains("too small"), "{screen}");
    insta::assert_snapshot!("compact_seed_board", screen);
}

#[test]
fn mouse_picks_a_card_and_places_it() {
    let mut h = combo_harness();
    let card = h
        .app
        .layout()
        .hand(Player::Red)
        .card_rect(0)
        .expect("first card shown");
    h.click(card.x + 2, card.y);
    assert_eq!(h.app.picked(), Some(0));
    h.click_cell(1, 0);
    assert_eq!(h.app.history().len(), 5);
    assert_eq!(h.app.history()[4].flip_count(), 2);
}

#[test]
fn watching_two_computers_pauses_and_steps() {
    let mut h = Harness::new(config("maxflip", "corners", 5), (80, 24));
    h.key(KeyCode::Char(' '));
    h.settle();
    let before = h.app.history().len();
    h.settle();
    assert_eq!(h.app.history().len(), before, "paused: no more moves");
    h.key(KeyCode::Char('.'));
    h.settle();
    assert_eq!(
        h.app.history().len(),
        before + 1,
        ". plays exactly one move"
    );
    h.key(KeyCode::Char(' '));
    h.settle();
    assert!(h.app.game().is_over(), "resumed play runs to the end");
}

#[test]
fn a_record_opens_in_the_viewer_and_plays_from_the_start() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/default-reverse-fallen-ace.json");
    let record = trios::record::Record::load(&path).expect("fixture");
    let game = Match::replayed(&record, "fixture").expect("replays");
    let (events, _inbox) = mpsc::channel();
    let new_match =
        Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
    let mut app = App::review(game, new_match, events, (100, 30), Theme::plain());
    assert_eq!(app.replay().map(|r| (r.index, r.auto)), Some((0, true)));
    let now = Instant::now();
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    app.update(key(KeyCode::End), now);
    let last = trios::tui::timeline::last(app.history());
    assert_eq!(app.replay().map(|r| r.index), Some(last));
    // Leaving the viewer shows the final position with the result; no move can be made.
    app.update(key(KeyCode::Esc), now);
    assert!(app.replay().is_none());
    app.update(key(KeyCode::Enter), now);
    assert_eq!(app.history().len(), 17);
    assert_eq!(app.picked(), None);
}

/// Draws an app the way the harness does, for apps built without one.
fn render(app: &App, size: (u16, u16)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).expect("test backend");
    terminal
        .draw(|f| f.render_widget(app, f.area()))
        .expect("draw");
    let buf = terminal.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..buf.area.height {
        let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn viewer() -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/default-reverse-fallen-ace.json");
    let record = trios::record::Record::load(&path).expect("fixture");
    let game = Match::replayed(&record, "fixture").expect("replays");
    let (events, _inbox) = mpsc::channel();
    let new_match =
        Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
    App::review(game, new_match, events, (100, 30), Theme::plain())
}

fn press(app: &mut App, code: KeyCode) {
    app.update(
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
        Instant::now(),
    );
}

/// The score in the status bar: "… · R–B · …".
fn status_score(screen: &str) -> (usize, usize) {
    let status = screen.lines().rev().nth(1).expect("status line");
    let score = status
        .split(" · ")
        .find(|part| part.contains('–'))
        .expect("a score");
    let (red, blue) = score.split_once('–').expect("R–B");
    (red.trim().parse().unwrap(), blue.trim().parse().unwrap())
}

#[test]
fn the_viewer_shows_the_score_and_log_of_the_point_it_shows() {
    let mut app = viewer();
    press(&mut app, KeyCode::Home);
    let start = render(&app, (100, 30));
    assert!(start.contains("REPLAY · start"), "{start}");
    assert_eq!(status_score(&start), (9, 9), "{start}");
    assert!(
        start.contains("no moves yet"),
        "the log at the start:\n{start}"
    );
    assert!(
        !start.contains(" 1 RED"),
        "move 1 shown before it happened:\n{start}"
    );

    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    let second = render(&app, (100, 30));
    assert!(second.contains("REPLAY · move 2/17"), "{second}");
    assert!(second.contains(" 2 BLUE"), "{second}");
    assert!(
        !second.contains(" 3 RED"),
        "move 3 shown at move 2:\n{second}"
    );
    let state = app.shown_state();
    assert_eq!(
        status_score(&second),
        (state.score(Player::Red), state.score(Player::Blue))
    );
    assert_ne!(
        status_score(&second),
        (
            app.game().score(Player::Red),
            app.game().score(Player::Blue)
        ),
        "the final score, not the shown one"
    );
}

#[test]
fn the_viewer_offers_only_what_a_viewer_can_do() {
    let mut app = viewer();
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(
        app.history().len(),
        17,
        "n started a new game in the viewer"
    );
    press(&mut app, KeyCode::Char('?'));
    let help = render(&app, (100, 30));
    assert!(!help.contains("new game"), "{help}");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    let after = render(&app, (100, 30));
    assert!(!after.contains("n new game"), "{after}");
    press(&mut app, KeyCode::Char('?'));
    let help = render(&app, (100, 30));
    for gone in ["pick hand card", "cursor up", "new game", "hints"] {
        assert!(!help.contains(gone), "viewer help offers {gone}:\n{help}");
    }
}

#[test]
fn the_log_wraps_long_lines_and_scrolls_back() {
    let mut h = combo_harness();
    h.place(0, 1, 0);
    h.settle();
    // Tall windows of every width: whatever the log's width, no line loses its end.
    let taken = |screen: &str| {
        let log = &screen[screen.find("battle log").unwrap_or(0)..];
        log.matches("taken").count() + log.matches("holds").count()
    };
    let wide: usize = h.app.history().iter().map(|o| o.steps.len()).sum();
    assert!(wide >= 3);
    for width in (40..=120).step_by(8) {
        h.resize(width, 60);
        let screen = h.screen();
        if screen.contains("too small") {
            continue;
        }
        assert_eq!(taken(&screen), wide, "at width {width}:\n{screen}");
    }
    // A short window shows the newest lines; PageUp goes back, PageDown returns.
    h.resize(80, 24);
    let newest = h.screen();
    h.key(KeyCode::PageUp);
    let back = h.screen();
    assert_ne!(back, newest, "PageUp scrolled nothing");
    assert!(back.contains("newer"), "{back}");
    h.key(KeyCode::PageDown);
    assert_eq!(h.screen(), newest, "PageDown comes back to the newest");
}

#[test]
fn n_mid_game_asks_before_throwing_the_game_away() {
    let mut h = Harness::new(config("human", "maxflip", 7), (80, 24));
    h.key(KeyCode::Enter);
    h.key(KeyCode::Enter);
    h.settle();
    let moves = h.app.history().len();
    assert!(moves > 0);
    h.key(KeyCode::Char('n'));
    assert!(h.screen().contains("Start a new game?"));
    h.key(KeyCode::Char('x'));
    assert_eq!(
        h.app.history().len(),
        moves,
        "a stray key threw the game away"
    );
    h.key(KeyCode::Char('n'));
    h.key(KeyCode::Char('y'));
    assert_eq!(h.app.history().len(), 0, "y deals a new game");
}

#[test]
fn a_wait_message_goes_once_the_computer_has_moved() {
    let mut h = Harness::new(config("human", "maxflip", 7), (80, 24));
    h.key(KeyCode::Enter);
    h.key(KeyCode::Enter);
    // Blue thinks: Red's keys are refused with a reason.
    h.key(KeyCode::Enter);
    let waiting = h.screen();
    assert!(waiting.contains("Wait: BLUE"), "{waiting}");
    h.settle();
    let after = h.screen();
    assert!(!after.contains("Wait: BLUE"), "{after}");
    assert!(after.contains("RED to move"), "{after}");
}

#[test]
fn the_too_small_screen_always_shows_the_size_it_needs_whole() {
    let mut h = Harness::new(config("human", "maxflip", 7), (80, 24));
    h.resize(20, 5);
    let need = h.app.layout().too_small.expect("20x5 is too small");
    let wanted = format!("{}×{}", need.0, need.1);
    for (w, hgt) in [(20, 5), (30, 8), (12, 3), (9, 1), (44, 10)] {
        h.resize(w, hgt);
        let screen = h.screen();
        assert!(
            screen.contains(&wanted),
            "{w}x{hgt} cuts {wanted}:\n{screen}"
        );
    }
}

#[test]
fn the_help_box_shows_every_line_whole_at_65x21() {
    let mut h = Harness::new(config("human", "maxflip", 7), (65, 21));
    h.key(KeyCode::Char('?'));
    let screen = h.screen();
    for line in [
        "cursor up",
        "cursor right",
        "switch between hand",
        "cancel the pick",
        "pick hand card",
        "hints:",
        "replay the last",
        "scroll the battle log",
        "skip to the end",
        "animations off",
        "new game",
        "this help",
        "quit (the match is saved)",
        "computers play)",
        "Any key closes this help.",
    ] {
        assert!(screen.contains(line), "{line:?} cut or missing:\n{screen}");
    }
}

#[test]
fn s_skips_a_battle_and_a_turns_animations_off() {
    let mut h = combo_harness();
    h.place(0, 1, 0);
    assert!(h.app.animating(), "a move's battle plays out");
    h.key(KeyCode::Char('s'));
    assert!(!h.app.animating(), "s shows the end at once");
    assert!(
        h.screen().contains("↳ 0,0→0,1 9 vs 1 taken"),
        "{}",
        h.screen()
    );

    let mut h = Harness::new(config("human", "human", 7), (80, 24));
    h.key(KeyCode::Char('a'));
    assert!(h.screen().contains("Animations off"));
    h.key(KeyCode::Enter);
    h.key(KeyCode::Enter);
    assert_eq!(h.app.history().len(), 1);
    assert!(
        !h.app.animating(),
        "with animations off a move shows at once"
    );
}
