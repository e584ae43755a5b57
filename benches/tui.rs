//! Speed of drawing a whole frame of the full-screen UI: Three Trios mid-game at three
//! sizes, and every other game's board at the largest (where boards are drawn biggest).

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use trios::controller::three_trios::Match;
use trios::controller::{Duel, DuelConfig, Seat};
use trios::games::hexpaths::round::{Rival, Settings};
use trios::games::islands::Game as Islands;
use trios::games::reversi::Game as Reversi;
use trios::setup::three_trios::MatchConfig;
use trios::tui::hexpaths::HexPathsScreen;
use trios::tui::stones::{NewDuel, StonesScreen};
use trios::tui::three_trios::app::ThreeTriosScreen;
use trios::tui::triad::TriadScreen;
use trios::tui::{Event, Theme};

/// A human-vs-human game on the default board after six moves, with a card picked.
fn mid_game(size: (u16, u16)) -> ThreeTriosScreen {
    let config = MatchConfig {
        clock: None,
        think_ms: 1000,
        ..MatchConfig::built_in(3)
    };
    let (events, _inbox) = trios::tui::event::channel();
    let game = Match::start(config, None).expect("starts");
    let new_match =
        Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
    let mut app = ThreeTriosScreen::new(game, new_match, events, size, Theme::colored());
    let now = Instant::now();
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    for _ in 0..6 {
        app.update(key(KeyCode::Enter), now);
        app.update(key(KeyCode::Enter), now);
    }
    app.update(key(KeyCode::Char('1')), now);
    app
}

/// A duel of two people at the start, at `size`.
fn duel<G: trios::tui::stones::StoneGame>(
    config: DuelConfig<G>,
    size: (u16, u16),
) -> StonesScreen<G> {
    let (events, _inbox) = trios::tui::event::channel();
    let duel = Duel::start(config, None).expect("starts");
    let new_duel: NewDuel<G> =
        Box::new(|c| Duel::start(c.clone(), None).map_err(|e| e.to_string()));
    StonesScreen::new(duel, new_duel, events, size, Theme::colored())
}

/// Draws `screen` into a fresh buffer of `size`, as every frame does.
fn draw(screen: impl Widget, size: (u16, u16)) -> Buffer {
    let area = Rect::new(0, 0, size.0, size.1);
    let mut buf = Buffer::empty(area);
    screen.render(area, &mut buf);
    buf
}

fn boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame");
    let size = (200, 60);
    let people = [Seat::Human, Seat::Human];
    let reversi = duel(DuelConfig::<Reversi>::new(people.clone(), 3, 50), size);
    group.bench_function("200x60 reversi", |b| {
        b.iter(|| draw(black_box(&reversi), size))
    });
    let mut config = DuelConfig::<Islands>::new(people, 3, 50);
    config.options.size = 11;
    let islands = duel(config, size);
    group.bench_function("200x60 islands 11x11", |b| {
        b.iter(|| draw(black_box(&islands), size))
    });
    let triad = TriadScreen::new(3, None, size, Theme::colored());
    group.bench_function("200x60 triad", |b| b.iter(|| draw(black_box(&triad), size)));
    let rival = Rival::new("medium", 3).expect("a level");
    let hexpaths = HexPathsScreen::new(
        3,
        Settings::default(),
        Vec::new(),
        vec![rival],
        size,
        Theme::colored(),
    );
    group.bench_function("200x60 hexpaths", |b| {
        b.iter(|| draw(black_box(&hexpaths), size))
    });
    group.finish();
}

fn frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame");
    for (w, h) in [(200u16, 60u16), (120, 40), (80, 24)] {
        let mut app = mid_game((w, h));
        group.bench_function(format!("{w}x{h} mid-game"), |b| {
            b.iter(|| draw(black_box(&app), (w, h)))
        });
        app.update(
            Event::Key(KeyEvent::new(KeyCode::Char('H'), KeyModifiers::NONE)),
            Instant::now(),
        );
        group.bench_function(format!("{w}x{h} mid-game with hints"), |b| {
            b.iter(|| draw(black_box(&app), (w, h)))
        });
    }
    group.finish();
}

criterion_group!(benches, frame, boards);
criterion_main!(benches);
