//! The Reversi screen driven by keys, clicks and computer answers, read back from a
//! `TestBackend` buffer; whole screens are insta snapshots.

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::controller::{Duel, DuelConfig, Seat};
use trios::games::reversi::{Game, Move, Options, Square};
use trios::games::{Side, TwoPlayer};
use trios::tui::match_screen::Computer;
use trios::tui::stones::{Mark, NewDuel, StonesScreen};
use trios::tui::{Event, Theme};

use crate::common::duel::TWO_LINES;

/// Dark cannot move (its only discs touch Light's only on the edge); Light can.
const DARK_MUST_PASS: &str = concat!(
    "XOOOOOOO",
    "-X------",
    "--------",
    "--------",
    "--------",
    "--------",
    "--------",
    "-------- X"
);

struct Harness {
    app: StonesScreen<Game>,
    inbox: Receiver<Event>,
    terminal: Terminal<TestBackend>,
    now: Instant,
}

fn seat(name: &str) -> Seat {
    Seat::named(name)
}

impl Harness {
    fn new(dark: &str, light: &str, position: Option<&str>, size: (u16, u16)) -> Harness {
        let mut config = DuelConfig::<Game>::new([seat(dark), seat(light)], 7, 20);
        config.options.position = position.map(String::from);
        let duel = Duel::start(config, None).expect("a valid match");
        let (events, inbox) = trios::tui::event::channel();
        let new_duel: NewDuel<Game> =
            Box::new(|config| Duel::start(config.clone(), None).map_err(|e| e.to_string()));
        let app = StonesScreen::new(duel, new_duel, events, size, Theme::plain());
        let terminal = Terminal::new(TestBackend::new(size.0, size.1)).expect("terminal");
        Harness {
            app,
            inbox,
            terminal,
            now: Instant::now(),
        }
    }

    fn viewer(duel: Duel<Game>) -> Harness {
        let (events, inbox) = trios::tui::event::channel();
        let app = StonesScreen::viewer(duel, events, (80, 24), Theme::plain());
        let terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
        Harness {
            app,
            inbox,
            terminal,
            now: Instant::now(),
        }
    }

    fn key(&mut self, code: KeyCode) {
        self.app.update(
            Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
            self.now,
        );
    }

    fn click(&mut self, column: u16, row: u16) {
        self.app.update(
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row,
                modifiers: KeyModifiers::NONE,
            }),
            self.now,
        );
    }

    /// Advances time to the next scheduled tick, if any; false when nothing is due.
    fn tick(&mut self) -> bool {
        match self.app.next_tick() {
            Some(due) => {
                self.now = due.max(self.now);
                self.app.update(Event::Tick(self.now), self.now);
                true
            }
            None => false,
        }
    }

    /// Runs every animation step and paced move that is due without waiting for a computer.
    fn settle(&mut self) {
        for _ in 0..200 {
            if !self.tick() {
                return;
            }
        }
    }

    /// Waits for the computer's answer and hands it to the app.
    fn computer(&mut self) {
        let event = self
            .inbox
            .recv_timeout(Duration::from_secs(20))
            .expect("the computer answers");
        assert!(matches!(event, Event::Chosen { .. }), "got {event:?}");
        self.app.update(event, self.now);
        self.settle();
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

    /// Where a text first appears on screen: (column, row).
    fn find(&mut self, text: &str) -> Option<(u16, u16)> {
        let screen = self.screen();
        screen.lines().enumerate().find_map(|(row, line)| {
            line.find(text)
                .map(|byte| (line[..byte].chars().count() as u16, row as u16))
        })
    }

    fn resize(&mut self, w: u16, h: u16) {
        self.terminal.backend_mut().resize(w, h);
        self.app.update(Event::Resize(w, h), self.now);
    }
}

fn sq(row: usize, col: usize) -> Square {
    Square::from_one_based(row, col).expect("on the board")
}

#[test]
fn the_start_at_80x24_has_coordinates_on_every_side_and_marks_legal_moves() {
    let mut h = Harness::new("human", "expert", None, (80, 24));
    let screen = h.screen();
    insta::assert_snapshot!("reversi_start_80x24", screen);
    for n in 1..=8 {
        assert!(screen.contains(&format!(" {n} │")), "row {n} on the left");
        assert!(screen.contains(&format!("│ {n}")), "row {n} on the right");
    }
    assert_eq!(
        screen.matches("a   b   c   d   e   f   g   h").count(),
        2,
        "columns above and below"
    );
    let dots: usize = screen
        .lines()
        .filter(|l| l.contains('│'))
        .map(|l| l.matches('·').count())
        .sum();
    assert_eq!(dots, 4, "the four opening moves");
    assert!(screen.contains("X Dark 2 · 4 moves"), "{screen}");
    assert!(screen.contains("O Light 2 · 4 moves"), "{screen}");
}

#[test]
fn enter_places_a_disc_and_the_computer_answers_in_the_log() {
    let mut h = Harness::new("human", "random", None, (80, 24));
    h.key(KeyCode::Enter);
    assert_eq!(
        h.app.history().len(),
        1,
        "the cursor starts on a legal move"
    );
    h.settle();
    h.computer();
    assert_eq!(h.app.history().len(), 2);
    let screen = h.screen();
    assert!(screen.contains("1. Dark e3, flips 1"), "{screen}");
    assert!(screen.contains("2. Light "), "{screen}");
    assert!(screen.contains("Dark to move"), "{screen}");
}

#[test]
fn an_illegal_cell_is_refused_with_the_reason_and_nothing_changes() {
    let mut h = Harness::new("human", "human", None, (80, 24));
    // From the start cursor (3 5) up two rows to 1 5: empty, flips nothing.
    h.key(KeyCode::Up);
    h.key(KeyCode::Up);
    h.key(KeyCode::Enter);
    assert!(h.app.history().is_empty());
    let screen = h.screen();
    assert!(screen.contains("1 5 flips nothing"), "{screen}");
}

#[test]
fn flips_animate_line_by_line_and_replay_steps_through_them() {
    let mut h = Harness::new("human", "human", Some(TWO_LINES), (80, 24));
    h.key(KeyCode::Enter);
    assert_eq!(
        h.app.history()[0].mv,
        Move::Place(sq(3, 3)),
        "the only legal move"
    );
    assert!(h.app.animating());
    let mark = |h: &Harness, row: usize, col: usize| h.app.shown_cells()[row * 8 + col];
    // Placed, nothing flipped yet.
    assert_eq!(mark(&h, 2, 2).mark, Mark::Placed);
    assert_eq!(mark(&h, 2, 3).stone, Some(Side::Second));
    h.tick();
    assert_eq!(mark(&h, 2, 3).mark, Mark::Changing, "the east line first");
    assert_eq!(mark(&h, 2, 3).stone, Some(Side::First));
    assert_eq!(mark(&h, 3, 2).stone, Some(Side::Second), "south not yet");
    h.tick();
    assert_eq!(mark(&h, 2, 3).mark, Mark::Changed);
    assert_eq!(mark(&h, 3, 2).mark, Mark::Changing);
    h.settle();
    assert!(!h.app.animating());
    let end = h.screen();
    assert!(end.contains("Game over: Dark wins 5–0"), "{end}");
    insta::assert_snapshot!("reversi_game_over", end);

    h.key(KeyCode::Char('r'));
    assert!(h.screen().contains("Replay: move 1 of 1"));
    h.key(KeyCode::Right);
    assert!(h.screen().contains("east 1 flip: d3"), "{}", h.screen());
    h.key(KeyCode::Right);
    assert!(h.screen().contains("south 1 flip: c4"), "{}", h.screen());
    h.key(KeyCode::Home);
    assert!(h.screen().contains("Replay: the start of 1 move"));
    h.key(KeyCode::Esc);
    assert!(h.app.replay().is_none());
}

/// A narrow status row drops the move counts, then the side names, before whose turn it
/// is: the score and the state stay on screen at 44 columns (the result at the end: see
/// the game-over test below).
#[test]
fn a_narrow_status_row_keeps_whose_turn_and_the_score() {
    let mut h = Harness::new("human", "human", None, (44, 16));
    let screen = h.screen();
    let rows: Vec<&str> = screen.lines().collect();
    let status = rows[rows.len() - 2];
    assert!(status.contains("Dark to move"), "{screen}");
    assert!(
        status.contains("Dark 2") && status.contains("Light 2"),
        "{screen}"
    );
    let mut wide = Harness::new("human", "human", None, (80, 24));
    let wide = wide.screen();
    assert!(wide.contains("X Dark 2 · 4 moves"), "{wide}");
}

/// The game-over box is the one every duel draws: the result and the keys for what next,
/// over the move log; at a small size, without the panel, it goes over the board and the
/// status bar keeps the score and the keys.
#[test]
fn the_end_shows_the_shared_game_over_box_at_any_size() {
    for size in [(80, 24), (44, 16)] {
        let mut h = Harness::new("human", "human", Some(TWO_LINES), size);
        h.key(KeyCode::Enter);
        h.settle();
        let screen = h.screen();
        assert!(screen.contains("Game over"), "{size:?}\n{screen}");
        assert!(screen.contains("Dark wins 5–0"), "{size:?}\n{screen}");
        let rows: Vec<&str> = screen.lines().collect();
        let last = rows.len() - 1;
        assert!(rows[last].contains("n new game"), "{size:?}\n{screen}");
        assert!(
            rows[last - 1].contains("Game over: Dark wins 5–0"),
            "{size:?}\n{screen}"
        );
        if size == (44, 16) {
            insta::assert_snapshot!("reversi_game_over_small", screen);
        }
        // A replay hides the box; its end shows it again.
        h.key(KeyCode::Char('r'));
        assert!(!h.screen().contains("Game over"), "{}", h.screen());
    }
}

#[test]
fn shift_h_shows_how_many_discs_each_move_flips() {
    let mut h = Harness::new("human", "human", Some(TWO_LINES), (80, 24));
    assert!(
        h.screen().contains("┃ · ┃"),
        "the only move, under the cursor"
    );
    h.key(KeyCode::Char('H'));
    let screen = h.screen();
    assert!(
        screen.contains("┃ 2 ┃"),
        "the cursor's cell shows 2:\n{screen}"
    );
}

#[test]
fn a_person_without_a_move_passes_and_it_is_announced() {
    let mut h = Harness::new("human", "human", Some(DARK_MUST_PASS), (80, 24));
    assert_eq!(h.app.history().len(), 1);
    assert_eq!(h.app.history()[0].mv, Move::Pass);
    let screen = h.screen();
    assert!(
        screen.contains("Dark has no legal move and passes"),
        "{screen}"
    );
    assert!(screen.contains("1. Dark passes"), "{screen}");
    assert!(screen.contains("Light to move"), "{screen}");
}

#[test]
fn take_back_goes_past_a_forced_pass_to_a_move_the_person_chose() {
    // Dark (the person) can only pass; the computer replies.
    let mut h = Harness::new("human", "random", Some(DARK_MUST_PASS), (80, 24));
    h.settle();
    h.computer();
    assert_eq!(h.app.history().len(), 2, "{}", h.screen());
    assert_eq!(h.app.history()[0].mv, Move::Pass);
    // The pass was not chosen: there is nothing of the person's to take back, so the
    // match stays as it is (before, the pass and the reply went, only to be replayed).
    h.key(KeyCode::Char('u'));
    h.settle();
    assert_eq!(h.app.history().len(), 2, "{}", h.screen());
    assert!(
        h.screen().contains("Nothing to take back yet"),
        "{}",
        h.screen()
    );
}

#[test]
fn a_click_on_a_legal_cell_plays_there() {
    let mut h = Harness::new("human", "human", None, (80, 24));
    // The legal moves are the dots: click the top-most.
    let (col, row) = h.find("·").expect("a legal move on screen");
    h.click(col, row);
    assert_eq!(h.app.history().len(), 1, "{}", h.screen());
    let Move::Place(placed) = h.app.history()[0].mv else {
        panic!("a placement");
    };
    assert_eq!(placed, sq(3, 5), "the top-most legal move is 3 5");
    // A click off the board does nothing.
    h.click(0, 0);
    assert_eq!(h.app.history().len(), 1);
}

#[test]
fn take_back_undoes_the_persons_move_and_the_reply() {
    let mut h = Harness::new("human", "random", None, (80, 24));
    h.key(KeyCode::Enter);
    h.settle();
    h.computer();
    assert_eq!(h.app.history().len(), 2);
    h.key(KeyCode::Char('u'));
    assert!(h.app.history().is_empty(), "both moves taken back");
    assert!(h.screen().contains("Took back your move and the reply"));
    assert_eq!(h.app.game(), &Game::new());
}

#[test]
fn two_computers_play_a_whole_game_while_watched() {
    let mut h = Harness::new("greedy", "random", None, (100, 30));
    for _ in 0..200 {
        if h.app.game().is_over() {
            break;
        }
        h.computer();
    }
    assert!(h.app.game().is_over(), "the game ends");
    let screen = h.screen();
    assert!(screen.contains("Game over: "), "{screen}");
    let [dark, light] = {
        let g = h.app.game();
        [
            g.count(trios::games::reversi::Color::Dark),
            g.count(trios::games::reversi::Color::Light),
        ]
    };
    let shown = format!("{dark}–{light}");
    assert!(
        screen.contains(&shown),
        "the final count {shown}:\n{screen}"
    );
}

#[test]
fn space_pauses_two_computers_and_dot_plays_one_move() {
    let mut h = Harness::new("greedy", "greedy", None, (80, 24));
    h.key(KeyCode::Char(' '));
    // The pace and the hold, in the words of every duel.
    assert!(
        h.screen().contains("speed 0.32 s/step · PAUSED"),
        "{}",
        h.screen()
    );
    let event = h
        .inbox
        .recv_timeout(Duration::from_secs(20))
        .expect("an answer");
    h.app.update(event, h.now);
    h.settle();
    assert!(h.app.history().is_empty(), "paused: the answer waits");
    h.key(KeyCode::Char('.'));
    h.settle();
    assert_eq!(h.app.history().len(), 1, "one move");
}

#[test]
fn the_help_is_drawn_from_the_keymap_in_reversi_words() {
    let mut h = Harness::new("human", "expert", None, (80, 24));
    h.key(KeyCode::Char('?'));
    let screen = h.screen();
    insta::assert_snapshot!("reversi_help_80x24", screen);
    assert!(
        screen.contains("place a disc (or click a cell)"),
        "{screen}"
    );
    assert!(screen.contains("how many discs each move would flip"));
    assert!(!screen.contains("hand"), "no Three Trios words:\n{screen}");
    h.key(KeyCode::Char('x'));
    assert!(
        !h.screen().contains("Reversi keys"),
        "any key closes the help"
    );
}

#[test]
fn the_board_grows_with_the_window_and_says_when_it_cannot_fit() {
    let mut h = Harness::new("human", "expert", None, (80, 24));
    h.resize(200, 60);
    let large = h.screen();
    insta::assert_snapshot!("reversi_start_200x60", large);
    assert!(large.contains("╭───────╮"), "discs drawn large:\n{large}");
    h.resize(44, 16);
    let small = h.screen();
    assert!(small.contains("X O"), "compact cells:\n{small}");
    h.resize(20, 6);
    let tiny = h.screen();
    assert!(
        tiny.to_lowercase().contains("small") || tiny.contains("need"),
        "{tiny}"
    );
    assert!(!tiny.contains("Dark"));
}

#[test]
fn the_viewer_opens_at_the_start_and_steps_to_the_end() {
    let mut h = Harness::new("human", "human", Some(TWO_LINES), (80, 24));
    h.key(KeyCode::Enter);
    h.settle();
    let record_like = h.app.into_duel();
    let mut v = Harness::viewer(record_like);
    assert!(v.screen().contains("Replay: the start of 1 move"));
    v.key(KeyCode::End);
    assert!(v.screen().contains("south 1 flip: c4"), "{}", v.screen());
    v.key(KeyCode::Char('n'));
    assert!(v.app.replay().is_some(), "a viewer deals nothing");
}

#[test]
fn a_replay_plays_by_itself_space_pauses_and_resumes_it_and_the_speed_keeps_it() {
    let mut h = Harness::new("human", "human", None, (80, 24));
    h.key(KeyCode::Enter);
    h.settle();
    h.key(KeyCode::Char('r'));
    let playing = |h: &Harness| h.app.replay().map(|r| r.playing);
    assert_eq!(playing(&h), Some(true), "r plays the last move again");
    h.key(KeyCode::Char('+'));
    assert_eq!(playing(&h), Some(true), "the speed does not stop it");
    h.key(KeyCode::Char(' '));
    assert_eq!(playing(&h), Some(false), "Space pauses");
    h.key(KeyCode::Char(' '));
    assert_eq!(playing(&h), Some(true), "Space resumes");
    h.settle();
    let last = trios::tui::timeline::last(h.app.history());
    assert_eq!(
        h.app.replay().map(|r| (r.index, r.playing)),
        Some((last, false))
    );
}

#[test]
fn new_game_during_a_game_asks_y_or_n_and_any_other_key_goes_on() {
    let mut h = Harness::new("human", "human", None, (80, 24));
    h.key(KeyCode::Enter);
    h.settle();
    h.key(KeyCode::Char('n'));
    assert!(
        h.screen().contains("New game?") && h.screen().contains("y: yes, any other key: no"),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Char('n'));
    assert_eq!(h.app.history().len(), 1, "n does not answer yes");
    assert!(!h.screen().contains("New game?"));
    h.key(KeyCode::Char('n'));
    h.key(KeyCode::Char('y'));
    assert!(h.app.history().is_empty(), "y deals again");
}

#[test]
fn esc_leaves_a_records_replay_for_its_end_and_space_pauses_without_a_remark() {
    let mut h = Harness::new("human", "human", Some(TWO_LINES), (80, 24));
    h.key(KeyCode::Enter);
    h.settle();
    let mut v = Harness::viewer(h.app.into_duel());
    v.key(KeyCode::Esc);
    assert!(
        v.app.replay().is_none(),
        "Esc closes the replay, as in Three Trios"
    );
    assert_eq!(v.app.shown_game(), v.app.game(), "the end is shown");
    let mut w = Harness::new("greedy", "greedy", None, (80, 24));
    w.key(KeyCode::Char(' '));
    assert!(w.app.paused());
    assert!(w.app.note().is_none(), "the status line says paused");
}

#[test]
fn q_quits_from_the_help_as_in_every_duel() {
    let mut h = Harness::new("human", "expert", None, (80, 24));
    h.key(KeyCode::Char('?'));
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit(), "q quits with the help open");
}

#[test]
fn a_key_that_does_nothing_while_watching_says_why() {
    let mut h = Harness::new("greedy", "greedy", None, (80, 24));
    h.key(KeyCode::Left);
    assert!(
        h.screen()
            .contains("Computers play both seats: ? lists the keys"),
        "{}",
        h.screen()
    );
    // Hidden behind the "too small" screen, the board takes no key but q.
    h.resize(20, 6);
    h.key(KeyCode::Char('?'));
    h.resize(80, 24);
    assert!(!h.screen().contains("Reversi keys"), "{}", h.screen());
}

#[test]
fn the_speed_scale_is_the_one_of_every_duel() {
    let mut h = Harness::new("greedy", "greedy", None, (80, 24));
    h.key(KeyCode::Char('+'));
    assert!(h.screen().contains("Speed 0.20 s/step"), "{}", h.screen());
}

#[test]
fn the_help_holds_a_replay_still_and_it_goes_on_once_closed() {
    let mut h = Harness::new("human", "human", Some(TWO_LINES), (80, 24));
    h.key(KeyCode::Enter);
    h.settle();
    let mut v = Harness::viewer(h.app.into_duel());
    let index = |v: &Harness| v.app.replay().map(|r| (r.index, r.playing));
    let start = index(&v);
    assert_eq!(start.map(|(_, playing)| playing), Some(true), "{start:?}");
    v.key(KeyCode::Char('?'));
    assert!(v.screen().contains("Reversi keys"), "{}", v.screen());
    assert!(!v.tick(), "nothing is due while the help is open");
    v.now += Duration::from_secs(30);
    v.app.update(Event::Tick(v.now), v.now);
    assert_eq!(index(&v), start, "the replay stood still under the help");
    v.key(KeyCode::Esc);
    assert!(!v.screen().contains("Reversi keys"));
    v.settle();
    let last = trios::tui::timeline::last(v.app.history());
    assert_eq!(index(&v), Some((last, false)), "it played on to the end");
}

#[test]
fn the_key_bar_shows_quit_take_back_and_resume_where_they_work() {
    let mut h = Harness::new("human", "greedy", None, (100, 24));
    let bar = |h: &mut Harness| h.screen().lines().last().unwrap_or_default().to_string();
    let first = bar(&mut h);
    assert!(first.contains("q quit"), "{first}");
    assert!(
        !first.contains("u take back"),
        "nothing to take back yet: {first}"
    );
    h.key(KeyCode::Enter);
    h.computer();
    let after = bar(&mut h);
    assert!(
        after.contains("u take back") && after.contains("q quit"),
        "{after}"
    );

    let mut w = Harness::new("greedy", "greedy", None, (100, 24));
    assert!(bar(&mut w).contains("Space pause"), "{}", bar(&mut w));
    w.key(KeyCode::Char(' '));
    let paused = bar(&mut w);
    assert!(paused.contains("Space resume"), "{paused}");
    assert!(!paused.contains("take back"), "computers' moves: {paused}");
}

/// Enter once the game is over says so, and the keys for what next are the key bar's alone.
#[test]
fn enter_after_the_end_says_the_game_is_over_without_repeating_the_keys() {
    let mut h = Harness::new("human", "human", Some(TWO_LINES), (80, 24));
    h.key(KeyCode::Enter);
    h.settle();
    h.key(KeyCode::Enter);
    let screen = h.screen();
    let bar = screen.lines().last().unwrap_or_default().to_string();
    assert!(bar.contains("The game is over"), "{screen}");
    for keys in ["n new game", "r replay", "q quit"] {
        assert_eq!(bar.matches(keys).count(), 1, "{keys}: {bar}");
    }
    assert!(!bar.contains("for a new game"), "{bar}");
    assert!(!bar.contains("to replay"), "{bar}");
}

/// The ticket of the next answer the computer thread sends.
fn answered(answers: &Receiver<Event>) -> u64 {
    match answers.recv_timeout(Duration::from_secs(20)) {
        Ok(Event::Chosen { ticket, .. }) => ticket,
        other => panic!("expected an answer, got {other:?}"),
    }
}

/// A screen's computer seats take only the answer to the request they sent last: an older
/// one, one already taken, or one for a position forgotten since is dropped.
#[test]
fn only_the_answer_to_the_latest_request_is_taken() {
    let game = <Game as TwoPlayer>::start(&Options::default(), 0).expect("the usual start");
    let (events, answers) = trios::tui::event::channel();
    let mut computer = Computer::<Game>::none();
    assert!(!computer.ask(&game, None), "no thread, nothing asked");
    assert_eq!(computer.answer(0, Some(0), &game), None, "nothing awaited");

    // Seats with no strategy: the thread answers each request at once, naming no move.
    computer.start([None, None], &events);
    assert!(computer.ask(&game, None));
    let asked = answered(&answers);
    assert!(computer.thinking());
    assert_eq!(computer.answer(asked - 1, Some(0), &game), None, "stale");
    let first = game.legal_moves()[0];
    assert_eq!(computer.answer(asked, Some(0), &game), Some(Some(first)));
    assert!(!computer.thinking());
    assert_eq!(
        computer.answer(asked, Some(0), &game),
        None,
        "answered once"
    );

    assert!(computer.ask(&game, None));
    let again = answered(&answers);
    assert!(again > asked, "a new request, a new ticket");
    computer.queue(Some(first));
    computer.forget();
    assert_eq!(computer.answer(again, Some(0), &game), None, "forgotten");
    assert_eq!(computer.queued(), None);
}
