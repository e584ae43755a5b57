//! The full-screen app showing a shared table: it shows the table's news in order (moves,
//! then a new deal or the close), sends only its own player's moves, and sends each once.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::trios_table::{Joined, News, Request};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::controller::table::{Kind, Role, SeatState, SeatView};
use trios::games::Side;
use trios::games::three_trios::Move;
use trios::setup::three_trios::MatchConfig;
use trios::tui::three_trios::app::ThreeTriosScreen;
use trios::tui::{Event, Theme};

fn config(seed: u64) -> MatchConfig {
    MatchConfig {
        clock: None,
        think_ms: 20,
        ..MatchConfig::built_in(seed)
    }
}

fn seat(name: &str) -> SeatView {
    SeatView {
        name: name.into(),
        state: SeatState::Present,
    }
}

/// A screen at table 1 with `role`, and every request it sends.
struct Screen {
    app: ThreeTriosScreen,
    sent: Arc<Mutex<Vec<Request>>>,
    now: Instant,
}

impl Screen {
    fn new(role: Role, kind: Kind) -> Screen {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let log = sent.clone();
        let (events, _inbox) = trios::tui::event::channel();
        let joined = Joined {
            clock: None,
            lost_on_time: None,
            table: 1,
            kind,
            role,
            config: config(5),
            moves: Vec::new(),
            seats: [seat("alice"), seat("bob")],
        };
        let app = ThreeTriosScreen::at_table(
            joined,
            Box::new(move |r| log.lock().unwrap().push(r)),
            events,
            (100, 30),
            Theme::plain(),
        )
        .unwrap();
        Screen {
            app,
            sent,
            now: Instant::now(),
        }
    }

    fn news(&mut self, news: News) {
        self.app
            .update(Event::Table(1, std::sync::Arc::new(news)), self.now);
    }

    fn key(&mut self, code: KeyCode) {
        let key = KeyEvent::new(code, KeyModifiers::NONE);
        self.app.update(Event::Key(key), self.now);
    }

    /// Lets time run until nothing is left to show.
    fn settle(&mut self) {
        for _ in 0..10_000 {
            let Some(due) = self.app.next_tick() else {
                return;
            };
            self.now = due.max(self.now) + Duration::from_millis(1);
            self.app.update(Event::Tick(self.now), self.now);
        }
        panic!("the screen never settled");
    }

    fn sent(&self) -> Vec<Request> {
        self.sent.lock().unwrap().clone()
    }
}

/// The first `n` moves of the deal of `seed`, each the first legal move.
fn moves(seed: u64, n: usize) -> Vec<Move> {
    let mut game = config(seed).new_game().unwrap();
    (0..n)
        .map(|_| {
            let mv = game.legal_moves().next().unwrap();
            game.play(mv).unwrap();
            mv
        })
        .collect()
}

#[test]
fn a_closed_table_still_shows_the_moves_it_announced_before_closing() {
    let mut screen = Screen::new(Role::Watches, Kind::TwoPlayers);
    for (index, mv) in moves(5, 3).into_iter().enumerate() {
        screen.news(News::Moved { index, mv });
    }
    screen.news(News::Closed("bob did not come back".into()));
    screen.settle();
    assert_eq!(screen.app.history().len(), 3);
    // A repeat of an old move changes nothing.
    screen.news(News::Moved {
        index: 1,
        mv: moves(5, 2)[1],
    });
    screen.settle();
    assert_eq!(screen.app.history().len(), 3);
}

#[test]
fn a_new_deal_waits_behind_the_moves_before_it_and_a_second_skips_a_game() {
    let mut screen = Screen::new(Role::Watches, Kind::Showcase);
    // Paused: the news piles up.
    screen.key(KeyCode::Char(' '));
    for (index, mv) in moves(5, 2).into_iter().enumerate() {
        screen.news(News::Moved { index, mv });
    }
    screen.news(News::NewDeal(Box::new(config(6))));
    screen.news(News::Moved {
        index: 0,
        mv: moves(6, 1)[0],
    });
    // Another whole deal arrives before the screen got anywhere: the game of seed 6 is
    // skipped, the moves of seed 5 are still shown first.
    screen.news(News::NewDeal(Box::new(config(7))));
    for (index, mv) in moves(7, 2).into_iter().enumerate() {
        screen.news(News::Moved { index, mv });
    }
    screen.key(KeyCode::Char('.'));
    screen.settle();
    screen.key(KeyCode::Char('.'));
    screen.settle();
    assert_eq!(screen.app.config().seed, 5);
    assert_eq!(screen.app.history().len(), 2);
    // The next step is the latest deal, not the skipped one.
    screen.key(KeyCode::Char('.'));
    screen.settle();
    assert_eq!(screen.app.config().seed, 7);
    assert_eq!(screen.app.history().len(), 0);
    screen.key(KeyCode::Char(' '));
    screen.settle();
    assert_eq!(screen.app.config().seed, 7);
    assert_eq!(screen.app.history().len(), 2);
}

#[test]
fn a_spectator_sends_nothing() {
    let mut screen = Screen::new(Role::Watches, Kind::TwoPlayers);
    screen.key(KeyCode::Char('1'));
    assert!(
        screen
            .app
            .message()
            .unwrap()
            .text
            .contains("You are watching")
    );
    screen.key(KeyCode::Tab);
    screen.key(KeyCode::Char('n'));
    assert!(screen.sent().is_empty());
}

#[test]
fn a_player_sends_a_move_once_until_the_table_answers() {
    let mut screen = Screen::new(Role::Plays(Side::First), Kind::TwoPlayers);
    screen.key(KeyCode::Char('1'));
    screen.key(KeyCode::Enter);
    let first = moves(5, 1)[0];
    assert_eq!(screen.sent(), vec![Request::Play(first)]);
    // Nothing more goes out while the move is on its way, whatever else the table says.
    screen.news(News::Notice("carol is watching".into()));
    screen.key(KeyCode::Char('1'));
    screen.key(KeyCode::Enter);
    assert_eq!(screen.sent().len(), 1);
    // Turned down: the player may try again.
    screen.news(News::Refused("Refused: that cell is taken".into()));
    screen.key(KeyCode::Char('1'));
    screen.key(KeyCode::Enter);
    assert_eq!(screen.sent().len(), 2);
    // Played: shown, and it is Blue's turn, so nothing goes out.
    screen.news(News::Moved {
        index: 0,
        mv: first,
    });
    screen.settle();
    assert_eq!(screen.app.history().len(), 1);
    screen.key(KeyCode::Char('1'));
    screen.key(KeyCode::Enter);
    assert_eq!(screen.sent().len(), 2);
    assert!(
        screen
            .app
            .message()
            .unwrap()
            .text
            .contains("Wait: BLUE (bob)")
    );
}

#[test]
fn a_players_own_move_shows_at_once_even_while_the_last_battle_plays() {
    let mut screen = Screen::new(Role::Plays(Side::First), Kind::TwoPlayers);
    let played = moves(5, 3);
    screen.news(News::Moved {
        index: 0,
        mv: played[0],
    });
    screen.settle();
    // Blue's move arrives and its battle starts playing out.
    screen.news(News::Moved {
        index: 1,
        mv: played[1],
    });
    assert_eq!(screen.app.history().len(), 2);
    assert!(screen.app.animating());
    // Red may answer at once, and sees the answer at once.
    screen.key(KeyCode::Char('1'));
    screen.key(KeyCode::Enter);
    assert_eq!(screen.sent().len(), 1);
    let Request::Play(answer) = screen.sent()[0] else {
        panic!("a move was sent");
    };
    screen.news(News::Moved {
        index: 2,
        mv: answer,
    });
    assert_eq!(screen.app.history().len(), 3);
}
