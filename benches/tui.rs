//! Speed of drawing a whole frame of the full-screen UI.

use std::hint::black_box;
use std::sync::mpsc;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use trios::controller::{Match, MatchConfig};
use trios::tui::{App, Event, Theme};

/// A human-vs-human game on the default board after six moves, with a card picked.
fn mid_game(size: (u16, u16)) -> App {
    let config = MatchConfig {
        think_ms: 1000,
        ..MatchConfig::built_in(3)
    };
    let (events, _inbox) = mpsc::channel();
    let game = Match::start(config, None).expect("starts");
    let new_match =
        Box::new(|c: &MatchConfig| Match::start(c.clone(), None).map_err(|e| e.to_string()));
    let mut app = App::new(game, new_match, events, size, Theme::colored());
    let now = Instant::now();
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    for _ in 0..6 {
        app.update(key(KeyCode::Enter), now);
        app.update(key(KeyCode::Enter), now);
    }
    app.update(key(KeyCode::Char('1')), now);
    app
}

fn frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame");
    for (w, h) in [(120u16, 40u16), (80, 24)] {
        let mut app = mid_game((w, h));
        let area = Rect::new(0, 0, w, h);
        group.bench_function(format!("{w}x{h} mid-game"), |b| {
            b.iter(|| {
                let mut buf = Buffer::empty(area);
                black_box(&app).render(area, &mut buf);
                buf
            })
        });
        app.update(
            Event::Key(KeyEvent::new(KeyCode::Char('H'), KeyModifiers::NONE)),
            Instant::now(),
        );
        group.bench_function(format!("{w}x{h} mid-game with hints"), |b| {
            b.iter(|| {
                let mut buf = Buffer::empty(area);
                black_box(&app).render(area, &mut buf);
                buf
            })
        });
    }
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
