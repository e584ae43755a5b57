//! Writes the README's screenshots from the real renderer: each screen is the app drawn
//! into a buffer, turned into SVG (and PNG when `rsvg-convert` is installed).
//!
//! Run: `cargo run --example screenshots` (writes `screenshots/*.svg` and `*.png`).

use std::path::Path;
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::sync::Arc;

use trios::controller::table::{Identity, Kind, Proof, SeatState, SeatView};
use trios::controller::tables::Summary;
use trios::controller::three_trios::Match;
use trios::controller::{Duel, DuelConfig, Seat};
use trios::games::reversi::Game as Reversi;
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{DealMode, RuleSet};
use trios::setup::three_trios::MatchConfig;
use trios::shot::{Palette, buffer_to_svg};
use trios::ssh::lobby::Lobby;
use trios::tui::stones::{NewDuel, StonesScreen};
use trios::tui::three_trios::app::ThreeTriosScreen;
use trios::tui::timeline::{self, Point};
use trios::tui::{Event, Theme};

struct Screen {
    app: ThreeTriosScreen,
    inbox: Receiver<Event>,
    now: Instant,
}

impl Screen {
    fn new(red: Seat, blue: Seat, seed: u64, size: (u16, u16)) -> Screen {
        let config = MatchConfig {
            clock: None,
            board: SourceFile::default_board(),
            cards: SourceFile::default_cards(),
            deal: DealMode::Shuffle,
            seed,
            rules: RuleSet::default(),
            red,
            blue,
            think_ms: 200,
        };
        let (events, inbox) = trios::tui::event::channel();
        let game = Match::start(config, None).expect("the built-in setup starts");
        let new_match =
            Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
        Screen {
            app: ThreeTriosScreen::new(game, new_match, events, size, Theme::colored()),
            inbox,
            now: Instant::now(),
        }
    }

    fn key(&mut self, code: KeyCode) {
        self.app.update(
            Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
            self.now,
        );
    }

    /// One scheduled step of time, with any computer move that arrives meanwhile.
    fn step(&mut self) {
        while let Ok(event) = self.inbox.recv_timeout(Duration::from_millis(20)) {
            self.app.update(event, self.now);
        }
        if let Some(due) = self.app.next_tick() {
            self.now = due.max(self.now);
            self.app.update(Event::Tick(self.now), self.now);
        }
    }

    fn settle(&mut self) {
        for _ in 0..2000 {
            self.step();
            if self.app.next_tick().is_none() && !self.app.animating() && !self.app.thinking() {
                return;
            }
        }
    }

    fn save(&self, name: &str) {
        let (w, h) = self.app.layout().area.as_size().into();
        save(name, &self.app, (w, h));
    }
}

/// Draws `screen` at `size` and writes it as `screenshots/<name>.svg` (and `.png`).
fn save(name: &str, screen: impl Widget, (w, h): (u16, u16)) {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    screen.render(area, &mut buf);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("screenshots folder");
    let svg = dir.join(format!("{name}.svg"));
    std::fs::write(&svg, buffer_to_svg(&buf, &Palette::default())).expect("write svg");
    let png = dir.join(format!("{name}.png"));
    match Command::new("rsvg-convert")
        .arg(&svg)
        .arg("-o")
        .arg(&png)
        .status()
    {
        Ok(s) if s.success() => println!("wrote {} and {}", svg.display(), png.display()),
        _ => println!(
            "wrote {} (install rsvg-convert, Debian package librsvg2-bin, for PNG)",
            svg.display()
        ),
    }
}

fn main() {
    let computer = || Seat::Computer("expert".into());

    // The start of a game at the minimum size, against the computer.
    let start = Screen::new(Seat::Human, computer(), 7, (80, 24));
    start.save("start");

    // Mid-game with large tiles: a few moves in, a card picked and hints on.
    let mut mid = Screen::new(Seat::Human, computer(), 7, (112, 34));
    for _ in 0..4 {
        mid.key(KeyCode::Enter);
        mid.key(KeyCode::Enter);
        mid.settle();
    }
    mid.key(KeyCode::Char('2'));
    mid.key(KeyCode::Char('H'));
    mid.save("mid-game");

    // A combo in the replay viewer: watch two computers until a move combos, then step to
    // the first combo step of that move.
    let mut watch = Screen::new(
        Seat::Computer("maxflip".into()),
        Seat::Computer("corners".into()),
        21,
        (112, 34),
    );
    let combo_move = loop {
        watch.settle();
        let history = watch.app.history();
        if let Some(mv) = history
            .iter()
            .position(|o| o.steps.iter().any(|s| s.wave > 0 && s.flipped))
        {
            break mv;
        }
        if watch.app.game().is_over() {
            panic!("no combo in this match; pick another seed");
        }
    };
    watch.key(KeyCode::Char(' '));
    watch.key(KeyCode::Char('r'));
    watch.key(KeyCode::Home);
    loop {
        watch.key(KeyCode::Right);
        let history = watch.app.history();
        let index = watch.app.replay().map(|r| r.index).unwrap_or(0);
        if let Point::Move { mv, shown } = timeline::point(history, index)
            && mv == combo_move
            && shown > 0
            && history[mv].steps[shown - 1].wave > 0
        {
            break;
        }
        if index >= timeline::last(history) {
            break;
        }
    }
    watch.save("combo-replay");

    // The help overlay.
    let mut help = Screen::new(Seat::Human, computer(), 7, (112, 34));
    help.key(KeyCode::Char('?'));
    help.save("help");

    reversi_shots();
    hexpaths_shots();
    for size in [(80, 24), (200, 60)] {
        gallery(size);
    }

    // The SSH lobby at 80x24, with the showcase, an open table, a game under way and a seat
    // kept for this player.
    save("lobby", &lobby(), (80, 24));
}

/// A Reversi screen and its computer answers, stepped through time by hand.
struct ReversiScreen {
    app: StonesScreen<Reversi>,
    inbox: Receiver<Event>,
    now: Instant,
}

impl ReversiScreen {
    fn new(dark: &str, light: &str, size: (u16, u16)) -> ReversiScreen {
        let config = DuelConfig::<Reversi>::new([Seat::named(dark), Seat::named(light)], 5, 50);
        let duel = Duel::start(config, None).expect("the start position");
        let (events, inbox) = trios::tui::event::channel();
        let new_duel: NewDuel<Reversi> =
            Box::new(|c| Duel::start(c.clone(), None).map_err(|e| e.to_string()));
        ReversiScreen {
            app: StonesScreen::new(duel, new_duel, events, size, Theme::colored()),
            inbox,
            now: Instant::now(),
        }
    }

    fn key(&mut self, code: KeyCode) {
        self.app.update(
            Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
            self.now,
        );
    }

    /// Every animation step and computer answer until a person is to move (or the end).
    fn settle(&mut self) {
        for _ in 0..2000 {
            while let Ok(event) = self.inbox.recv_timeout(Duration::from_millis(20)) {
                self.app.update(event, self.now);
            }
            match self.app.next_tick() {
                Some(due) => {
                    self.now = due.max(self.now);
                    self.app.update(Event::Tick(self.now), self.now);
                }
                None if !self.app.thinking() => return,
                None => {}
            }
        }
    }
}

/// Reversi against the expert at 80x24 with hints on; and two computers' game in the replay,
/// a move's flips shown line by line on large discs.
fn reversi_shots() {
    let mut game = ReversiScreen::new("human", "expert", (80, 24));
    for _ in 0..7 {
        game.key(KeyCode::Enter);
        game.settle();
    }
    game.key(KeyCode::Char('H'));
    save("reversi", &game.app, (80, 24));

    let mut watch = ReversiScreen::new("positional", "greedy", (120, 40));
    while watch.app.history().len() < 30 && !watch.app.game().is_over() {
        watch.settle();
    }
    watch.key(KeyCode::Char(' '));
    watch.settle();
    // The latest move that flipped along more than one line, at its second line.
    let history = watch.app.history();
    let mv = (0..history.len())
        .rev()
        .find(|&n| history[n].played.lines.len() > 1)
        .unwrap_or(history.len() - 1);
    watch.key(KeyCode::Char('r'));
    while watch.app.replay().map(|r| r.index).unwrap_or(0)
        > timeline::move_start(watch.app.history(), mv)
    {
        watch.key(KeyCode::Left);
    }
    watch.key(KeyCode::Right);
    watch.key(KeyCode::Right);
    save("reversi-replay", &watch.app, (120, 40));
}

/// Triad: a card of a triad picked.
fn triad_shot(name: &str, size: (u16, u16)) {
    use trios::tui::triad::{TriadScreen, key_of};
    let mut app = TriadScreen::new(5, None, size, Theme::colored());
    let table = app.game().tableau().to_vec();
    let [i, _, _] = trios::games::triad::first_triad(&table).expect("a triad");
    let now = std::time::Instant::now();
    let key = |c: char| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    app.update(key(key_of(i).expect("a key")), now);
    save(name, &app, size);
}

/// Every game and the home screen at `size`, a few moves in, as `<game>-<w>x<h>`: the
/// README's gallery of the smallest window trios is made for and a large one.
fn gallery(size: (u16, u16)) {
    let name = |game: &str| format!("{game}-{}x{}", size.0, size.1);

    let mut trios = Screen::new(Seat::Human, Seat::Computer("expert".into()), 7, size);
    for _ in 0..3 {
        trios.key(KeyCode::Enter);
        trios.key(KeyCode::Enter);
        trios.settle();
    }
    trios.key(KeyCode::Char('2'));
    save(&name("three-trios"), &trios.app, size);

    let mut reversi = ReversiScreen::new("human", "expert", size);
    for _ in 0..7 {
        reversi.key(KeyCode::Enter);
        reversi.settle();
    }
    save(&name("reversi"), &reversi.app, size);

    islands_shot(&name("islands"), size);

    triad_shot(&name("triad"), size);

    {
        use trios::games::hexpaths::round::{Rival, Settings};
        use trios::tui::hexpaths::HexPathsScreen;
        let rival = Rival::new("medium", 3).expect("a level");
        let app = HexPathsScreen::new(
            3,
            Settings::default(),
            Vec::new(),
            vec![rival],
            size,
            Theme::colored(),
        );
        save(&name("hexpaths"), &app, size);
    }

    let home = Lobby::home(
        Arc::new(trios::registry::lobby_choices(MatchConfig::built_in(1))),
        None,
        size,
        Theme::colored(),
    );
    save(&name("home"), &home, size);
}

/// Hex paths at 80x24 (compact) and 120x40 (outlined hexagons and the side panel): the
/// first step of the round's shortest move entered, the next steps' ends marked.
fn hexpaths_shots() {
    use trios::games::hexpaths::round::{Rival, Settings};
    use trios::tui::hexpaths::{DIRECTION_KEYS, HexPathsScreen};
    for (name, size) in [("hexpaths", (80, 24)), ("hexpaths-large", (120, 40))] {
        let rival = Rival::new("medium", 3).expect("a level");
        let mut app = HexPathsScreen::new(
            3,
            Settings::default(),
            Vec::new(),
            vec![rival],
            size,
            Theme::colored(),
        );
        let round = app.game().round().expect("a round").clone();
        let first = round.objective.solution.steps[0];
        let d = app
            .step_ends()
            .iter()
            .position(|&e| e == Some(first.to))
            .expect("the first step");
        let now = std::time::Instant::now();
        let key = Event::Key(KeyEvent::new(
            KeyCode::Char(DIRECTION_KEYS[d][0]),
            KeyModifiers::NONE,
        ));
        app.update(key, now);
        save(name, &app, size);
    }
}

/// Islands of Hex: a person against the connector a few moves in.
fn islands_shot(name: &str, size: (u16, u16)) {
    use trios::games::islands::{Game as Islands, Place};
    let mut config = DuelConfig::<Islands>::new([Seat::Human, Seat::named("connector")], 5, 50);
    config.options.size = 11;
    let mut duel = Duel::start(config, None).expect("an 11x11 board");
    // A few moves by hand for the person, the connector's replies from its own choice.
    for (row, col) in [(5, 5), (3, 6), (7, 4), (4, 2), (8, 8)] {
        duel.play(Place { row, col }).expect("an empty cell");
        if let Some(reply) = duel.computer_choice() {
            duel.play(reply).expect("the connector's move is legal");
        }
    }
    let (events, _inbox) = trios::tui::event::channel();
    let new_duel: NewDuel<Islands> =
        Box::new(|c| Duel::start(c.clone(), None).map_err(|e| e.to_string()));
    let app = StonesScreen::new(duel, new_duel, events, size, Theme::colored());
    save(name, &app, size);
}

fn lobby() -> Lobby {
    let seat = |name: &str, state| SeatView {
        name: name.into(),
        state,
    };
    let me = Identity {
        user: "alice".into(),
        proof: Proof::Address([127, 0, 0, 1].into()),
    };
    let table = |id, kind, seats: [SeatView; 2], moves, watchers| Summary {
        id,
        game: trios::games::GameKind::ThreeTrios,
        kind,
        seats: seats.to_vec(),
        moves,
        cells: 17,
        outcome: None,
        watchers,
        board: SourceFile::default_board().name,
        rules: String::new(),
        away: Vec::new(),
        present: Vec::new(),
        race: None,
        clock: None,
    };
    let mut kept = table(
        4,
        Kind::VsComputer,
        [
            seat("alice", SeatState::Away),
            seat("expert", SeatState::Computer),
        ],
        6,
        0,
    );
    kept.away = vec![me.clone()];
    let tables = vec![
        table(
            1,
            Kind::Showcase,
            [
                seat("expert", SeatState::Computer),
                seat("minimax", SeatState::Computer),
            ],
            9,
            3,
        ),
        table(
            2,
            Kind::TwoPlayers,
            [seat("bob", SeatState::Present), seat("", SeatState::Open)],
            0,
            0,
        ),
        table(
            3,
            Kind::TwoPlayers,
            [
                seat("carol", SeatState::Present),
                seat("dan", SeatState::Present),
            ],
            5,
            1,
        ),
        kept,
    ];
    let config = MatchConfig {
        clock: None,
        board: SourceFile::default_board(),
        cards: SourceFile::default_cards(),
        deal: DealMode::Shuffle,
        seed: 1,
        rules: RuleSet::default(),
        red: Seat::Human,
        blue: Seat::Computer("expert".into()),
        think_ms: 1000,
    };
    let mut lobby = Lobby::new(
        me,
        Arc::new(trios::registry::lobby_choices(config)),
        (80, 24),
        Theme::colored(),
    );
    lobby.set_tables(tables);
    lobby
}
