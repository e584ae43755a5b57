//! The full-screen app driven by key sequences and read back from a `TestBackend` buffer.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::controller::{Match, MatchConfig, Seat, SourceFile};
use trios::trios::{DealMode, RuleSet};
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

    /// Lets time pass and delivers computer moves until nothing is pending.
    fn settle(&mut self) {
        for _ in 0..10_000 {
            while let Ok(event) =
                self.inbox
                    .recv_timeout(Duration::from_millis(if self.app.next_tick().is_some() {
                        0
                    } else {
                        50
                    }))
            {
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

    fn screen(&mut self) -> String {
        self.terminal
            .draw(|f| f.render_widget(&self.app, f.area()))
            .expect("draw");
        let buf = self.terminal.backend().buffer().clone();
        let mut out = String::new();
        for y in 0..buf.area.height {
            for x in 0..buf.area.width {
                out.push_str(buf[(x, y)].symbol());
            }
            out.push('\n');
        }
        out
    }
}

#[test]
fn print_screens() {
    let mut h = Harness::new(config("human", "maxflip", 7), (80, 24));
    println!("{}", h.screen());
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    h.settle();
    println!("{}", h.screen());
    let mut h = Harness::new(config("human", "maxflip", 7), (120, 40));
    h.keys(&[KeyCode::Char('2'), KeyCode::Right, KeyCode::Char('H')]);
    println!("{}", h.screen());
}
