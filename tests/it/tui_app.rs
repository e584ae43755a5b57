//! The full-screen app driven by key and mouse sequences, read back from a `TestBackend`
//! buffer; whole screens are insta snapshots (`cargo insta review` after a deliberate change).

use std::path::Path;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use crate::common::trios_table::{Joined, News};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::controller::Seat;
use trios::controller::table::{Kind, Role, SeatState, SeatView};
use trios::controller::three_trios::Match;
use trios::games::Side;
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{DealMode, Move, Player, Pos, RuleSet};
use trios::setup::three_trios::MatchConfig;
use trios::tui::keymap::{self, KeyMode};
use trios::tui::three_trios::app::Focus;
use trios::tui::three_trios::app::ThreeTriosScreen;
use trios::tui::{Event, Theme};

fn config(red: &str, blue: &str, seed: u64) -> MatchConfig {
    MatchConfig {
        clock: None,
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
        clock: None,
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
    app: ThreeTriosScreen,
    inbox: Receiver<Event>,
    now: Instant,
    terminal: Terminal<TestBackend>,
}

impl Harness {
    fn new(config: MatchConfig, size: (u16, u16)) -> Harness {
        let (events, inbox) = trios::tui::event::channel();
        let game = Match::start(config, None).expect("starts");
        let new_match = Box::new(|c: &MatchConfig| {
            let mut c = c.clone();
            c.seed += 1;
            Match::start(c, None).map_err(|e| e.to_string())
        });
        let app = ThreeTriosScreen::new(game, new_match, events, size, Theme::plain());
        Harness::with_app(app, inbox, size)
    }

    fn with_app(app: ThreeTriosScreen, inbox: Receiver<Event>, size: (u16, u16)) -> Harness {
        let terminal = Terminal::new(TestBackend::new(size.0, size.1)).expect("test backend");
        Harness {
            app,
            inbox,
            now: Instant::now(),
            terminal,
        }
    }

    /// The viewer of `trios replay` on the 17-move fixture record.
    fn viewer(size: (u16, u16)) -> Harness {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/default-reverse-fallen-ace.json");
        let record = trios::record::three_trios::Record::load(&path).expect("fixture");
        let game = Match::replayed(&record, "fixture").expect("replays");
        let (events, inbox) = trios::tui::event::channel();
        let new_match =
            Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
        let app = ThreeTriosScreen::review(game, new_match, events, size, Theme::plain());
        Harness::with_app(app, inbox, size)
    }

    /// A screen at table 1 of `kind`, from where `role` stands, with `moves` played.
    fn table(role: Role, kind: Kind, moves: &[Move], size: (u16, u16)) -> Harness {
        let (events, inbox) = trios::tui::event::channel();
        let mut c = config("human", "human", 5);
        c.think_ms = 20;
        let seat = |name: &str| SeatView {
            name: name.into(),
            state: SeatState::Present,
        };
        let joined = Joined {
            clock: None,
            lost_on_time: None,
            table: 1,
            kind,
            role,
            config: c,
            moves: moves.to_vec(),
            seats: [seat("alice"), seat("bob")],
        };
        let app =
            ThreeTriosScreen::at_table(joined, Box::new(|_| {}), events, size, Theme::plain())
                .expect("table screen");
        let mut h = Harness::with_app(app, inbox, size);
        h.settle();
        h
    }

    fn news(&mut self, news: News) {
        self.app
            .update(Event::Table(1, std::sync::Arc::new(news)), self.now);
    }

    /// The two status rows, joined by a space.
    fn status(&mut self) -> String {
        let screen = self.screen();
        let rows: Vec<&str> = screen.lines().collect();
        rows[rows.len() - 2..].join(" ")
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
    assert_eq!(message.text, "Cell a1 is already taken");
    assert_eq!(h.app.history().len(), 4);
    assert_eq!(
        h.app.picked(),
        Some(0),
        "the pick survives a refused placement"
    );
    assert!(h.screen().contains("Cell a1 is already taken"));
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
    assert!(screen.contains("↳ a1→b1 9 vs 1 taken"), "{screen}");
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
            .contains("Replay: move 5 of 5 · step 2 of 2 · combo wave 1")
    );
    insta::assert_snapshot!("replay_combo", h.screen());
    h.key(KeyCode::Up);
    assert_eq!(
        h.app.replay().map(|r| r.index),
        Some(start),
        "up: back to the move's start"
    );
    h.key(KeyCode::Up);
    assert!(h.screen().contains("Replay: move 4 of 5 · step 0"));
    h.key(KeyCode::Home);
    assert!(h.screen().contains("Replay: the start"));
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
    h.key(KeyCode::Down);
    assert!(
        !h.screen().contains("╭ Three Trios keys"),
        "a help that fits closes on any key"
    );
    h.key(KeyCode::Char('?'));
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
    assert!(screen.contains("Game over"), "{screen}");
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
    let mut h = Harness::new(config("human", "maxflip", 7), (50, 14));
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
    let record = trios::record::three_trios::Record::load(&path).expect("fixture");
    let game = Match::replayed(&record, "fixture").expect("replays");
    let (events, _inbox) = trios::tui::event::channel();
    let new_match =
        Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
    let mut app = ThreeTriosScreen::review(game, new_match, events, (100, 30), Theme::plain());
    assert_eq!(app.replay().map(|r| (r.index, r.playing)), Some((0, true)));
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

/// Every move of the deal of `seed` with two human seats, each the first legal move.
fn first_moves(seed: u64) -> Vec<Move> {
    let mut game = config("human", "human", seed).new_game().expect("deal");
    let mut moves = Vec::new();
    loop {
        let Some(mv) = game.legal_moves().next() else {
            break;
        };
        game.play(mv).expect("legal");
        moves.push(mv);
    }
    moves
}

/// The score the status bar shows, as "R–B".
fn status_score(status: &str) -> String {
    let at = status.find('–').expect("a score");
    let red: String = status[..at]
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let blue: String = status[at + '–'.len_utf8()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    format!("{red}–{blue}")
}

#[test]
fn replaying_an_earlier_move_shows_that_moves_score_in_the_status_bar() {
    let mut h = combo_harness();
    h.place(0, 1, 0);
    h.settle();
    h.key(KeyCode::Char('r'));
    h.key(KeyCode::Home);
    h.key(KeyCode::Down); // move 1: Red's R0 on (1,2)
    let mut game = combo_config().new_game().expect("deal");
    game.play(Move::new(0, 1, 2)).expect("legal");
    let status = h.status();
    assert!(status.contains("Replay: move 1 of 5"), "{status}");
    assert_eq!(
        status_score(&status),
        format!("{}–{}", game.score(Player::Red), game.score(Player::Blue)),
        "{status}"
    );
    h.key(KeyCode::Home);
    let start = combo_config().new_game().expect("deal");
    assert_eq!(
        status_score(&h.status()),
        format!("{}–{}", start.score(Player::Red), start.score(Player::Blue))
    );
}

#[test]
fn the_viewers_log_shows_only_what_has_happened_at_the_point_shown() {
    let mut h = Harness::viewer((100, 31));
    let screen = h.screen();
    assert!(screen.contains("Replay: the start"), "{screen}");
    assert!(
        !screen.contains(" 1 RED"),
        "no move yet at the start:\n{screen}"
    );
    assert!(screen.contains("The start: no moves yet."), "{screen}");
    h.key(KeyCode::Down);
    h.key(KeyCode::Down);
    let screen = h.screen();
    assert!(screen.contains("Replay: move 2 of 17 · step 0"), "{screen}");
    assert!(
        screen.contains(" 1 RED") && screen.contains(" 2 BLUE"),
        "{screen}"
    );
    assert!(
        !screen.contains(" 3 RED"),
        "move 3 has not happened:\n{screen}"
    );
    h.key(KeyCode::End);
    let screen = h.screen();
    assert!(screen.contains("17 RED"), "{screen}");
}

#[test]
fn long_log_lines_wrap_and_the_log_scrolls_back() {
    // A narrow window: the log is 18 columns inside.
    let mut h = Harness::new(combo_config(), (56, 24));
    for (row, col) in [(1, 2), (0, 0), (0, 2), (0, 1), (1, 0)] {
        h.place(0, row, col);
    }
    h.settle();
    let screen = h.screen();
    insta::assert_snapshot!("log_wrapped_56x24", screen);
    let rows: Vec<&str> = screen.lines().collect();
    let combo = rows
        .iter()
        .position(|r| r.contains("↳ a1→b1 9 vs"))
        .expect("the combo line starts");
    assert!(
        rows[combo + 1].contains("│      taken"),
        "the rest follows, indented:\n{screen}"
    );
    // Shorter: the log holds fewer rows than it has, and says so.
    h.resize(56, 17);
    let screen = h.screen();
    assert!(
        screen.contains("↑ ") && screen.contains(" more"),
        "{screen}"
    );
    assert!(!screen.contains(" 1 RED"), "{screen}");
    h.key(KeyCode::PageUp);
    h.key(KeyCode::PageUp);
    h.key(KeyCode::PageUp);
    let screen = h.screen();
    assert!(
        screen.contains(" 1 RED c2 R0"),
        "scrolled to the top:\n{screen}"
    );
    assert!(screen.contains("↓ ") && !screen.contains("↑ "), "{screen}");
    // The wheel scrolls too, and back at the bottom the log follows the newest line again.
    for _ in 0..10 {
        let mouse = MouseEvent {
            kind: MouseEventKind::ScrollDown,
            column: 30,
            row: 12,
            modifiers: KeyModifiers::NONE,
        };
        h.app.update(Event::Mouse(mouse), h.now);
    }
    let screen = h.screen();
    assert!(
        !screen.contains(" 1 RED") && screen.contains("taken"),
        "{screen}"
    );
}

#[test]
fn the_record_viewer_offers_only_what_a_viewer_can_do() {
    let mut h = Harness::viewer((100, 30));
    let seed = h.app.config().seed;
    h.key(KeyCode::Char('n'));
    assert_eq!(h.app.history().len(), 17, "n starts no game in the viewer");
    assert_eq!(h.app.config().seed, seed);
    h.key(KeyCode::Char('?'));
    let help = h.screen();
    for absent in ["new game", "place", "pick", "the match is saved"] {
        assert!(
            !help.contains(absent),
            "viewer help offers {absent}:\n{help}"
        );
    }
    assert!(help.contains("one battle step back"), "{help}");
    h.key(KeyCode::Char('x'));
    h.key(KeyCode::Esc); // leave the viewer: the final position
    let screen = h.screen();
    assert!(!screen.contains("new game"), "{screen}");
    assert!(screen.contains("r replay"), "{screen}");
    h.key(KeyCode::Char('?'));
    let help = h.screen();
    assert!(
        !help.contains("new game") && !help.contains("cursor"),
        "{help}"
    );
}

/// The help text of every key offered, as it reads on `h`'s screen (all of it, scrolled).
fn help_text(h: &mut Harness) -> String {
    let mut doc: Vec<String> = Vec::new();
    let mut last = String::new();
    for position in 0..200 {
        let screen = h.screen();
        // A help that fits closes on any key; one that scrolls stops at its end.
        if screen == last || !screen.contains("╭ Three Trios keys") {
            break;
        }
        let rows: Vec<Vec<char>> = screen.lines().map(|r| r.chars().collect()).collect();
        let top = rows
            .iter()
            .position(|r| r.iter().collect::<String>().contains("╭ Three Trios keys"))
            .expect("the help is open");
        let left = rows[top].iter().position(|&c| c == '╭').expect("corner");
        let right = rows[top].iter().rposition(|&c| c == '╮').expect("corner");
        for (i, row) in rows[top + 1..].iter().enumerate() {
            if row.get(left) == Some(&'╰') {
                break;
            }
            let inside: String = row.iter().take(right).skip(left + 1).collect::<String>();
            if doc.len() <= position + i {
                doc.push(inside);
            }
        }
        last = screen;
        h.key(KeyCode::Down);
    }
    doc.join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_help_shows_every_key_whole_at_every_size() {
    // From the smallest screen the default board is shown on (65x21) up.
    let sizes = [
        (65, 21),
        (65, 23),
        (68, 22),
        (72, 21),
        (76, 26),
        (80, 24),
        (100, 21),
    ];
    for (w, hgt) in sizes.into_iter().chain([(120, 40)]) {
        let mut h = Harness::new(config("human", "maxflip", 7), (w, hgt));
        assert!(!h.screen().contains("too small"), "{w}x{hgt}");
        h.key(KeyCode::Char('?'));
        let text = help_text(&mut h);
        for (label, help) in keymap::entries(KeyMode::Play, h.app.context()) {
            let want = format!("{label} {help}");
            assert!(
                text.contains(&want),
                "at {w}x{hgt} the help lacks {want:?}:\n{text}"
            );
        }
        assert!(text.contains("closes this help."), "{w}x{hgt}: {text}");
    }
}

#[test]
fn the_help_at_65x21_is_whole() {
    let mut c = config("human", "maxflip", 7);
    c.board = SourceFile::read_board(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui/combo-board.txt"),
    )
    .expect("board");
    let mut h = Harness::new(c, (65, 21));
    h.key(KeyCode::Char('?'));
    insta::assert_snapshot!("help_65x21", h.screen());
    let text = help_text(&mut h);
    for (label, help) in keymap::entries(KeyMode::Play, h.app.context()) {
        assert!(text.contains(&format!("{label} {help}")), "{text}");
    }
    assert!(
        text.contains("↑↓ scroll; any other key closes this help."),
        "{text}"
    );
    assert!(
        h.screen().contains("╭ Three Trios keys"),
        "scrolling keeps the help open"
    );
}

#[test]
fn keys_offered_at_a_table_are_the_keys_that_work_there() {
    let moves = first_moves(5);
    // A player against a person: q goes to the lobby, n asks for a rematch once over.
    let mut h = Harness::table(Role::Plays(Side::First), Kind::TwoPlayers, &moves, (80, 24));
    assert!(h.app.game().is_over());
    let screen = h.screen();
    assert!(
        screen.contains("n rematch · r replay · q lobby"),
        "{screen}"
    );
    assert!(!screen.contains("quit"), "{screen}");
    h.key(KeyCode::Char('?'));
    let help = help_text(&mut h);
    assert!(help.contains("q back to the lobby"), "{help}");
    assert!(help.contains("n rematch (when the game is over)"), "{help}");
    assert!(
        !help.contains("saved") && !help.contains("take back"),
        "{help}"
    );
    // Against the computer: a new game once over.
    let h2 = &mut Harness::table(Role::Plays(Side::First), Kind::VsComputer, &moves, (80, 24));
    let screen = h2.screen();
    assert!(screen.contains("n new game · r replay ·"), "{screen}");
    assert!(screen.contains("q lobby"), "{screen}");
    // A spectator: nothing to deal, the lobby to go back to.
    let mut h3 = Harness::table(Role::Watches, Kind::TwoPlayers, &moves, (80, 24));
    let screen = h3.screen();
    assert!(screen.contains("r replay · q lobby"), "{screen}");
    assert!(
        !screen.contains("n rematch") && !screen.contains("new game"),
        "{screen}"
    );
    h3.key(KeyCode::Char('?'));
    let help = help_text(&mut h3);
    assert!(
        !help.contains("rematch") && !help.contains("cursor"),
        "{help}"
    );
    assert!(help.contains("pause / resume"), "{help}");
    // Mid-game at a two-player table, n says when it works instead of sending anything.
    let mut h4 = Harness::table(
        Role::Plays(Side::First),
        Kind::TwoPlayers,
        &moves[..2],
        (80, 24),
    );
    assert!(!h4.screen().contains("rematch"));
    h4.key(KeyCode::Char('n'));
    assert_eq!(
        h4.app.message().map(|m| m.text.as_str()),
        Some("A rematch can start once this game is over")
    );
}

#[test]
fn local_help_fits_the_seats() {
    let mut h = Harness::new(config("human", "maxflip", 7), (100, 40));
    h.key(KeyCode::Char('?'));
    let help = help_text(&mut h);
    assert!(help.contains("u take back your last move"), "{help}");
    assert!(!help.contains("one move while paused"), "{help}");
    let mut h = Harness::new(config("human", "human", 7), (100, 40));
    h.key(KeyCode::Char('?'));
    assert!(!help_text(&mut h).contains("take back"));
    let mut h = Harness::new(config("maxflip", "corners", 7), (100, 40));
    h.key(KeyCode::Char(' '));
    h.key(KeyCode::Char('?'));
    let help = help_text(&mut h);
    assert!(help.contains("one move while paused"), "{help}");
    assert!(
        help.contains("pause / resume") && !help.contains("cursor"),
        "{help}"
    );
}

#[test]
fn wait_message_goes_once_the_turn_comes_back() {
    let mut h = Harness::new(config("human", "maxflip", 7), (80, 24));
    h.keys(&[KeyCode::Enter, KeyCode::Enter]); // Red plays
    h.key(KeyCode::Enter); // too early
    assert!(
        h.app
            .message()
            .is_some_and(|m| m.text == "Wait: BLUE (maxflip) is to move"),
        "{:?}",
        h.app.message()
    );
    h.settle();
    assert_eq!(h.app.game().turn(), Player::Red);
    assert_eq!(h.app.message(), None, "Red's turn again: the wait is over");
    assert!(!h.screen().contains("Wait"));
}

#[test]
fn table_notices_fit_pass_and_give_way_to_the_close() {
    let moves = first_moves(5);
    let mut h = Harness::table(
        Role::Plays(Side::First),
        Kind::TwoPlayers,
        &moves[..2],
        (80, 24),
    );
    let notice = "bob (BLUE) lost the connection; the seat is kept 120 s for them to come back";
    h.news(News::Notice(notice.into()));
    // Too long for the status row, it shows on a row of its own above it.
    let screen = h.screen();
    let rows: Vec<&str> = screen.lines().collect();
    let status = rows[rows.len() - 3..].join(" ");
    let words = status.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(notice), "the whole notice shows:\n{status}");
    assert!(words.contains("RED (alice) to move · 9–9"), "{status}");
    // It passes after a while...
    h.settle();
    assert_eq!(h.app.message(), None);
    // ...and a close replaces it at once.
    h.news(News::Notice(notice.into()));
    h.news(News::Closed("bob did not come back".into()));
    let status = h.status();
    assert!(
        status.contains("Table closed: bob did not come back"),
        "{status}"
    );
    assert!(!status.contains("lost the connection"), "{status}");
}

#[test]
fn new_game_during_a_game_asks_first() {
    let mut h = combo_harness();
    h.key(KeyCode::Char('n'));
    assert_eq!(h.app.history().len(), 4, "nothing is thrown away yet");
    let screen = h.screen();
    assert!(
        screen.contains("New game? this one is not saved — y: yes, any other key: no"),
        "{screen}"
    );
    h.key(KeyCode::Char('x'));
    assert_eq!(
        h.app.history().len(),
        4,
        "any other key goes on with the game"
    );
    assert!(!h.screen().contains("New game?"));
    h.key(KeyCode::Char('n'));
    h.key(KeyCode::Char('y'));
    assert_eq!(h.app.history().len(), 0, "y deals again");
    assert_eq!(h.app.config().seed, 2);
}

#[test]
fn a_key_skips_the_animation_and_another_turns_animations_off() {
    let mut h = combo_harness();
    h.place(0, 1, 0);
    assert!(h.app.animating());
    h.key(KeyCode::Char('s'));
    assert!(!h.app.animating(), "s shows the end of the move at once");
    let screen = h.screen();
    assert!(screen.contains("↳ a1→b1 9 vs 1 taken"), "{screen}");
    let mut h = Harness::new(combo_config(), (80, 24));
    h.key(KeyCode::Char('a'));
    assert!(!h.app.animations());
    h.place(0, 1, 2);
    assert!(!h.app.animating(), "no animation with animations off");
    assert_eq!(h.app.next_tick().is_some(), h.app.message().is_some());
    h.key(KeyCode::Char('n'));
    h.key(KeyCode::Char('y'));
    h.place(0, 1, 2);
    assert!(!h.app.animating(), "the setting holds for the next game");
}

#[test]
fn take_back_undoes_the_persons_move_and_the_reply_and_records_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("match.json");
    let (events, inbox) = trios::tui::event::channel();
    let game = Match::start(config("human", "maxflip", 7), Some(path.clone())).expect("starts");
    let new_match =
        Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
    let app = ThreeTriosScreen::new(game, new_match, events, (80, 24), Theme::plain());
    let mut h = Harness::with_app(app, inbox, (80, 24));
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    h.settle();
    h.keys(&[KeyCode::Char('2'), KeyCode::Enter]);
    h.settle();
    assert_eq!(h.app.history().len(), 4);
    let kept = h.app.history()[..2].to_vec();
    h.key(KeyCode::Char('u'));
    assert_eq!(
        h.app.history().len(),
        2,
        "Red's move and Blue's reply are gone"
    );
    assert_eq!(h.app.history(), &kept[..]);
    assert_eq!(h.app.game().turn(), Player::Red);
    let record = trios::record::three_trios::Record::load(&path).expect("record");
    assert_eq!(
        record.moves.len(),
        2,
        "the record's moves are the live line"
    );
    assert_eq!(record.takebacks.len(), 1);
    assert_eq!(record.takebacks[0].after, 2);
    assert_eq!(record.takebacks[0].moves.len(), 2);
    // Taking back while the computer thinks cancels its move.
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    h.key(KeyCode::Char('u'));
    h.settle();
    assert_eq!(h.app.history().len(), 2);
    assert_eq!(h.app.game().turn(), Player::Red);
    // The record resumes on the live line and replays.
    let record = trios::record::three_trios::Record::load(&path).expect("record");
    assert_eq!(record.takebacks.len(), 2);
    drop(h);
    // The match above has just closed the record; see `crate::common::reopen`.
    let resumed = crate::common::reopen::resume_match(&path).expect("resumes");
    assert_eq!(resumed.history(), &kept[..]);
    // Nothing to take back before the person has moved, and not between two people.
    let mut h = combo_harness();
    h.key(KeyCode::Char('u'));
    assert_eq!(h.app.history().len(), 4);
}

#[test]
fn watching_shows_the_pace_and_the_keys_to_change_it() {
    let mut h = Harness::new(config("maxflip", "corners", 5), (80, 24));
    h.key(KeyCode::Char(' '));
    let status = h.status();
    assert!(status.contains("speed 0.32 s/step · PAUSED"), "{status}");
    assert!(status.contains("Space resume"), "{status}");
    assert!(status.contains("+/- speed"), "{status}");
    h.key(KeyCode::Char('+'));
    assert!(h.status().contains("speed 0.20 s/step"));
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
fn a_board_bigger_than_the_window_scrolls_with_the_cursor_at_80x24() {
    let mut h = Harness::new(crate::common::big_board(20), (80, 24));
    let layout = h.app.layout();
    assert!(
        layout.too_small.is_none(),
        "a 20x20 board must be playable at 80x24"
    );
    assert!(layout.partial());
    let screen = h.screen();
    assert!(screen.contains("rows 1–"), "where the view is:\n{screen}");
    // Walk the cursor to the far corner: the view follows and the cell can be played.
    h.key(KeyCode::Enter); // pick the first card
    for _ in 0..19 {
        h.key(KeyCode::Down);
        h.key(KeyCode::Right);
    }
    assert_eq!(h.app.grid_cursor(), Pos::new(19, 19));
    let layout = h.app.layout();
    assert!(
        layout.shows(Pos::new(19, 19)),
        "the cursor's cell is on screen"
    );
    assert!(!layout.shows(Pos::new(0, 0)));
    assert!(h.screen().contains("of 20"), "{}", h.screen());
    // A click lands on the cell drawn under it.
    h.click_cell(19, 18);
    assert_eq!(h.app.history().len(), 1, "{}", h.screen());
    assert_eq!(h.app.history()[0].mv.pos, Pos::new(19, 18));
}

#[test]
fn a_thousand_by_thousand_board_is_shown_in_part() {
    let mut h = Harness::new(crate::common::big_board(1000), (80, 24));
    let layout = h.app.layout();
    assert!(layout.too_small.is_none());
    assert!(layout.view.0 < 20 && layout.view.1 < 20);
    assert!(h.screen().contains("of 1000"));
}

#[test]
fn a_long_hand_keeps_every_cards_values_and_scrolls() {
    // 7x7: 25 cards a hand, more than fit at 80x24.
    let mut h = Harness::new(crate::common::big_board(7), (80, 24));
    let screen = h.screen();
    assert!(screen.contains(" 1 C0"), "{screen}");
    assert!(
        screen.contains('↑') && screen.contains('→'),
        "values lost:\n{screen}"
    );
    assert!(screen.contains('▼'), "no sign of more cards:\n{screen}");
    for _ in 0..20 {
        h.key(KeyCode::Down);
    }
    let screen = h.screen();
    assert!(
        screen.contains("C20"),
        "card 21 not scrolled into view:\n{screen}"
    );
    assert!(screen.contains('▲'), "{screen}");
}

#[test]
fn a_large_window_grows_the_tiles_so_card_names_fit() {
    let mut h = Harness::new(config("human", "human", 1), (200, 60));
    h.key(KeyCode::Enter);
    h.key(KeyCode::Enter);
    h.settle();
    let placed = h.app.history()[0].card.name().to_string();
    let screen = h.screen();
    assert!(
        screen.contains(&format!(" {placed} ")),
        "the card's whole name on its tile:\n{screen}"
    );
    assert_eq!(
        h.app.layout().cell_rect(Pos::new(0, 0)).width,
        15,
        "wide tiles at 200x60"
    );
}

#[test]
fn cards_past_the_ninth_are_picked_by_typing_their_number() {
    // 7x7: 25 cards a hand.
    let mut h = Harness::new(crate::common::big_board(7), (80, 24));
    h.keys(&[KeyCode::Char('1'), KeyCode::Char('2')]);
    assert_eq!(h.app.picked(), Some(11), "1 then 2 picks card 12");
    h.key(KeyCode::Esc);
    h.key(KeyCode::Char('3'));
    assert_eq!(h.app.picked(), Some(2), "3 alone is card 3: no card 30");
    h.key(KeyCode::Esc);
    h.keys(&[KeyCode::Char('2'), KeyCode::Enter]);
    assert_eq!(h.app.picked(), Some(1), "2 then Enter is card 2");
    h.key(KeyCode::Esc);
    h.keys(&[KeyCode::Char('2'), KeyCode::Char('9')]);
    assert_eq!(h.app.picked(), None, "there is no card 29");
    assert!(h.screen().contains("no card 29"));
}

#[test]
fn every_walking_key_stops_a_replay_and_dot_pauses_a_watched_match_after_one_move() {
    let mut h = combo_harness();
    h.place(0, 1, 0);
    h.settle();
    h.key(KeyCode::Char('r'));
    assert_eq!(h.app.replay().map(|r| r.playing), Some(true));
    h.key(KeyCode::Home);
    assert_eq!(
        h.app.replay().map(|r| (r.index, r.playing)),
        Some((0, false)),
        "Home goes to the start and stops there, as every walking key does"
    );
    // Not paused yet: `.` plays one move and pauses after it, as in every duel.
    let mut h = Harness::new(config("maxflip", "corners", 5), (80, 24));
    h.key(KeyCode::Char('.'));
    h.settle();
    assert_eq!(h.app.history().len(), 1, ". plays exactly one move");
    assert!(h.status().contains("PAUSED"), "{}", h.status());
}

#[test]
fn tab_back_to_the_hand_with_a_card_picked_offers_the_hands_keys() {
    let mut h = Harness::new(config("human", "human", 5), (80, 24));
    h.key(KeyCode::Char('1'));
    assert_eq!(h.app.focus(), Focus::Grid);
    let grid = h.status();
    assert!(grid.contains("arrows cell · Enter place"), "{grid}");
    h.key(KeyCode::Tab);
    assert_eq!((h.app.focus(), h.app.picked()), (Focus::Hand, Some(0)));
    let hand = h.status();
    assert!(!hand.contains("Enter place"), "{hand}");
    assert!(!hand.contains("arrows cell"), "{hand}");
    assert!(
        hand.contains("↑↓ 1-9 card · Enter pick · Tab grid"),
        "{hand}"
    );
    assert!(hand.contains("Esc cancel"), "{hand}");
}

/// The rows of the screen's middle column between `from` and `to` (x), top to bottom.
fn column(screen: &str, from: usize, to: usize) -> Vec<String> {
    screen
        .lines()
        .map(|l| l.chars().skip(from).take(to - from).collect())
        .collect()
}

/// As Reversi's and Islands' boxes go over their move log, Three Trios' goes over the battle
/// log: the final board stays in view whole.
#[test]
fn the_game_over_box_leaves_the_board_in_view() {
    let mut h = Harness::new(config("human", "maxflip", 11), (80, 24));
    while !h.app.game().is_over() {
        h.key(KeyCode::Enter);
        h.key(KeyCode::Enter);
        h.settle();
    }
    let screen = h.screen();
    assert!(screen.contains("Game over"), "{screen}");
    let board = h.app.layout().board;
    let rows = column(&screen, board.x as usize, board.right() as usize);
    let board_rows = &rows[board.y as usize..board.bottom() as usize];
    // Every row inside the board's frame is the board's: framed on both sides, no box over it.
    for row in &board_rows[1..] {
        assert!(row.starts_with('│') || row.starts_with('╰'), "{screen}");
        assert!(!row.contains("Game over") && !row.contains('═'), "{screen}");
    }
    let log = h.app.layout().log;
    let over = rows[log.y as usize..log.bottom() as usize]
        .iter()
        .any(|r| r.contains("Game over"));
    assert!(over, "the box sits over the battle log: {screen}");
}

/// The title in a frame's top line that starts at column `x` of `row` (after its corner).
fn frame_title(row: &str, x: usize) -> String {
    row.chars()
        .skip(x + 1)
        .take_while(|c| !matches!(c, '╮' | '┐' | '╗' | '─' | '═'))
        .collect::<String>()
        .trim()
        .to_string()
}

#[test]
fn frame_titles_fit_their_frame_or_end_with_an_ellipsis_at_60x20() {
    let mut h = Harness::new(config("human", "corners>maxflip", 5), (60, 20));
    let screen = h.screen();
    let top = screen.lines().nth(1).expect("the panes' top row");
    let layout = h.app.layout();
    assert!(layout.partial(), "{screen}");
    // The board's frame says the rows and columns in view along its bottom edge.
    let bottom = screen
        .lines()
        .nth(usize::from(layout.board.bottom() - 1))
        .expect("the board's bottom row");
    let board = frame_title(bottom, layout.board.x as usize);
    let whole = board.ends_with("/e")
        || board.ends_with("of a–e")
        || board.ends_with(|c: char| c.is_ascii_lowercase());
    assert!(
        whole || board.ends_with('…'),
        "board title cut: {board:?}\n{screen}"
    );
    let blue = frame_title(top, layout.blue.block.x as usize);
    assert!(blue.ends_with('…'), "seat name cut: {blue:?}\n{screen}");
    assert!(blue.starts_with("BLUE corners"), "{blue:?}");
}

#[test]
fn a_long_message_leaves_the_turn_the_score_and_the_keys_in_place_at_80x24() {
    let mut h = Harness::new(config("human", "human", 5), (80, 24));
    h.key(KeyCode::Char('1'));
    let keys = h.screen().lines().last().expect("rows").to_string();
    h.key(KeyCode::Char('H'));
    let message = h.app.message().expect("a message").text.clone();
    let screen = h.screen();
    let rows: Vec<&str> = screen.lines().collect();
    assert_eq!(rows[rows.len() - 1], keys, "{screen}");
    let status = rows[rows.len() - 2];
    assert!(status.starts_with(" RED to move · 9–9"), "{screen}");
    // The message reads whole, from the status row upwards.
    let said: String = rows[rows.len() - 3..rows.len() - 1]
        .iter()
        .map(|r| r.trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(said.contains(&message), "{said:?}\n{screen}");
}

/// The score on the bottom border of each hand (Red's, then Blue's), as "R–B".
fn hand_scores(screen: &str) -> String {
    let bottom = screen.lines().rev().nth(2).expect("the panels' bottom row");
    let numbers: Vec<String> = bottom
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    format!("{}–{}", numbers[0], numbers[numbers.len() - 1])
}

#[test]
fn the_numbers_follow_each_step_of_a_move_playing_out() {
    let mut h = combo_harness();
    // Before Red's R2 (two flips, one in a combo wave): 3–3, Red to move.
    assert!(
        h.status().starts_with(" RED to move · 3–3"),
        "{}",
        h.status()
    );
    h.place(0, 1, 0);
    assert!(h.app.animating());
    // The card is down, nothing flipped yet: the score has not moved and Red is at it.
    let screen = h.screen();
    assert!(h.status().starts_with(" RED plays · 3–3"), "{screen}");
    assert_eq!(hand_scores(&screen), "3–3", "{screen}");
    assert!(screen.contains("▶ RED"), "{screen}");
    h.tick(); // B0 taken
    let screen = h.screen();
    assert!(h.status().starts_with(" RED plays · 4–2"), "{screen}");
    assert_eq!(hand_scores(&screen), "4–2", "{screen}");
    h.settle(); // the combo takes B1, and the turn passes
    let screen = h.screen();
    assert!(h.status().starts_with(" BLUE to move · 5–1"), "{screen}");
    assert_eq!(hand_scores(&screen), "5–1", "{screen}");
    assert!(screen.contains("▶ BLUE"), "{screen}");
}

#[test]
fn the_replay_shows_the_numbers_of_the_step_shown_forwards_and_back() {
    let mut h = combo_harness();
    h.place(0, 1, 0);
    h.settle();
    h.key(KeyCode::Char('r'));
    h.key(KeyCode::Char(' ')); // stop at move 5, step 0
    let want = [
        ("step 0 of 2", "3–3", "▶ RED"),
        ("step 1 of 2", "4–2", "▶ RED"),
        ("step 2 of 2", "5–1", "▶ BLUE"),
    ];
    for (i, (step, score, turn)) in want.iter().enumerate() {
        if i > 0 {
            h.key(KeyCode::Right);
        }
        let screen = h.screen();
        let status = h.status();
        assert!(
            status.contains(&format!("move 5 of 5 · {step}")),
            "{screen}"
        );
        assert_eq!(status_score(&status), *score, "{screen}");
        assert_eq!(hand_scores(&screen), *score, "{screen}");
        assert!(screen.contains(turn), "{screen}");
    }
    // Back a move: move 4, whose one step holds, shown whole; Red is to move next.
    h.key(KeyCode::Up);
    h.key(KeyCode::Up);
    let screen = h.screen();
    let status = h.status();
    assert!(status.contains("move 4 of 5 · step 0 of 1"), "{screen}");
    assert_eq!(status_score(&status), "3–3", "{screen}");
    assert!(screen.contains("▶ BLUE"), "Blue's move plays out: {screen}");
    assert!(
        !screen.contains("5 RED a2"),
        "the log holds nothing after: {screen}"
    );
    h.key(KeyCode::Right);
    let screen = h.screen();
    assert!(screen.contains("▶ RED"), "{screen}");
    assert_eq!(hand_scores(&screen), "3–3", "{screen}");
}

#[test]
fn a_large_window_shows_the_hands_as_small_cards() {
    let mut h = Harness::new(config("human", "human", 5), (200, 60));
    let layout = h.app.layout();
    assert!(layout.red.tiles_per_row >= 1, "{layout:?}");
    let first = h
        .app
        .game()
        .hand(Player::Red)
        .next()
        .expect("a card")
        .clone();
    let rect = layout.red.card_rect(0).expect("the first card shows");
    let screen = h.screen();
    let rows: Vec<&str> = screen.lines().collect();
    let tile: Vec<String> = (rect.y..rect.bottom())
        .map(|y| {
            rows[y as usize]
                .chars()
                .skip(rect.x as usize)
                .take(rect.width as usize)
                .collect()
        })
        .collect();
    let value = |d| first.value(d).to_string();
    use trios::games::three_trios::Direction;
    // A card as on the board: number and north on the top border, the name, west, the
    // owner's letter and east, then south on the bottom border.
    // (The first card is under the cursor: its border is thick.)
    assert!(
        tile[0].starts_with("┏1") && tile[0].contains(&value(Direction::North)),
        "{tile:?}"
    );
    assert!(tile[1].contains(first.name()), "{tile:?}");
    let middle = &tile[2];
    assert!(
        middle.starts_with(&format!("┃{}", value(Direction::West))),
        "{tile:?}"
    );
    assert!(middle.contains(" R "), "{tile:?}");
    assert!(
        middle.ends_with(&format!("{}┃", value(Direction::East))),
        "{tile:?}"
    );
    assert!(tile[4].contains(&value(Direction::South)), "{tile:?}");
    insta::assert_snapshot!("hand_tiles_200x60", screen);
    // A click on a tile picks its card.
    let second = layout.red.card_rect(1).expect("the second card shows");
    h.click(second.x + 2, second.y + 2);
    assert_eq!(h.app.picked(), Some(1));
    assert!(h.screen().contains("»2"), "{}", h.screen());
}

#[test]
fn names_cut_in_the_hands_end_with_an_ellipsis_at_120x40() {
    let mut c = config("human", "human", 5);
    let text: String = SourceFile::default_cards()
        .text
        .lines()
        .map(|l| format!("TheLongWanderingKnightOf{l}\n"))
        .collect();
    c.cards = SourceFile {
        name: "long-names".into(),
        text,
    };
    let mut h = Harness::new(c, (120, 40));
    let layout = h.app.layout();
    assert_eq!(layout.red.tiles_per_row, 0, "a list at 120x40");
    let screen = h.screen();
    let names: Vec<&str> = screen
        .lines()
        .filter_map(|row| row.split('│').nth(1))
        .filter(|cell| cell.contains("TheLong"))
        .collect();
    assert!(!names.is_empty(), "{screen}");
    for name in names {
        assert!(name.trim_end().ends_with('…'), "{name:?}\n{screen}");
    }
}

#[test]
fn names_cut_on_the_board_tiles_end_with_an_ellipsis_at_120x40() {
    let mut c = config("human", "human", 5);
    let text: String = SourceFile::default_cards()
        .text
        .lines()
        .map(|l| format!("TheLongWanderingKnightOf{l}\n"))
        .collect();
    c.cards = SourceFile {
        name: "long-names".into(),
        text,
    };
    let mut h = Harness::new(c, (120, 40));
    h.place(0, 0, 0);
    h.settle();
    let screen = h.screen();
    // Tiles are 9 columns inside at 120x40: eight letters and the mark of the cut.
    assert!(screen.contains("TheLongW…"), "{screen}");
    for border in ['│', '║'] {
        assert!(
            !screen.contains(&format!("{border}TheLongWa{border}")),
            "a name cut with no mark:\n{screen}"
        );
    }
}
