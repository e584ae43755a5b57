//! Duels on a clock: at a server's table the table keeps time, a player who lets it run out
//! loses on time (in the news, the record and the result), a move after the flag is refused,
//! a player away keeps losing time, and the computer on a clock never flags; on a screen here
//! both clocks show and tick and the flag ends the match; records keep every move's clocks
//! and replay them.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use trios::controller::Seat;
use trios::controller::duel::{Duel, DuelConfig};
use trios::controller::table::{
    ClockReading, Identity, Joined, Kind, News, Proof, Request, Table, TableId, TableSpec, Want,
};
use trios::controller::tables::Registry;
use trios::games::reversi::Game;
use trios::games::{Side, TwoPlayer, Verdict};
use trios::record::duel::DuelRecord;
use trios::setup::clock::TimeControl;
use trios::tui::Event;
use trios::tui::stones::StonesScreen;

type Config = DuelConfig<Game>;

const WAIT: Duration = Duration::from_secs(10);

fn who(user: &str) -> Identity {
    Identity {
        user: user.into(),
        proof: Proof::Key(format!("SHA256:{user}")),
    }
}

fn spec(kind: Kind, config: Config, data: &std::path::Path) -> TableSpec<Config> {
    TableSpec {
        kind,
        config,
        opener: Some(who("alice")),
        data_dir: Some(data.to_path_buf()),
        grace: Duration::from_secs(60),
        pace: Duration::ZERO,
        rest: Duration::ZERO,
        reseed: |c: &Config| c.seed,
        successor: None,
        casual: false,
    }
}

struct Client {
    joined: Joined<Config>,
    news: Receiver<News<Config>>,
}

fn join(registry: &Registry, table: TableId, client: u64, user: &str) -> Client {
    let (tell, news) = mpsc::channel();
    let joined = registry
        .join::<Table<Config>>(
            table,
            client,
            who(user),
            Want::Seat,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .expect("a seat");
    Client { joined, news }
}

impl Client {
    fn expect(&self, what: &str, wanted: impl Fn(&News<Config>) -> bool) -> News<Config> {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.news.recv_timeout(left) {
                Ok(news) if wanted(&news) => return news,
                Ok(_) => {}
                Err(e) => panic!("no {what}: {e}"),
            }
        }
    }

    /// The next reading of the clocks with `running`'s time running.
    fn clock(&self, running: Option<Side>) -> ClockReading {
        let reading = |n: &News<Config>| match n {
            News::Clock(reading) if reading.running == running => Some(*reading),
            _ => None,
        };
        let news = self.expect("the clocks", |n| reading(n).is_some());
        reading(&news).expect("a reading")
    }
}

/// A control of `secs` seconds each, no increment.
fn seconds(secs: u64) -> TimeControl {
    TimeControl {
        base: Duration::from_secs(secs),
        increment: Duration::ZERO,
    }
}

#[test]
fn a_player_who_lets_the_clock_run_out_loses_on_time_and_the_record_says_so() {
    let data = tempfile::tempdir().expect("folder");
    let registry = Registry::new();
    let mut config = Config::new([Seat::Human, Seat::Human], 3, 20);
    config.clock = Some(control());
    let table = registry
        .open(spec(Kind::TwoPlayers, config, data.path()))
        .expect("a table");
    assert_eq!(registry.list()[0].clock, Some(control()));
    let alice = join(&registry, table, 1, "alice");
    // The clock has not started while alice waits alone.
    assert_eq!(
        alice.joined.clock.map(|c| c.running),
        Some(None),
        "{:?}",
        alice.joined.clock
    );
    let bob = join(&registry, table, 2, "bob");
    // Both seats taken: Dark's time starts.
    let started = alice.clock(Some(Side::First));
    assert_eq!(started.running, Some(Side::First));
    assert_eq!(started.left, [2_000, 2_000]);
    // Dark moves at once: Dark keeps about 2 s and gains the increment; Light's time runs.
    let game = Game::start(&Default::default(), 0).expect("the start");
    let first = game.legal_moves()[0];
    registry.ask::<Table<Config>>(table, 1, Request::Play(first));
    let after = bob.clock(Some(Side::Second));
    assert_eq!(after.running, Some(Side::Second));
    assert!((2_500..=3_000).contains(&after.left[0]), "{:?}", after.left);
    // Bob steps out: his time keeps running, and falls.
    registry.leave(table, 2, true);
    let fell = alice.expect("the flag", |n| matches!(n, News::OnTime(_)));
    assert_eq!(fell, News::OnTime(Side::Second));
    let flagged_at = Instant::now();
    // A move after the flag is too late.
    let bob = join(&registry, table, 3, "bob");
    assert_eq!(bob.joined.lost_on_time, Some(Side::Second));
    let second = {
        let mut g = game;
        g.play(first).expect("the first move");
        g.legal_moves()[0]
    };
    registry.ask::<Table<Config>>(table, 3, Request::Play(second));
    bob.expect(
        "the refusal",
        |n| matches!(n, News::Refused(t) if t.contains("Too late")),
    );
    assert!(flagged_at.elapsed() < WAIT);
    // The record: one move with its clocks, and the result on time.
    let record = crate::common::eventually_some("the finished record", || {
        let matches = data.path().join("matches");
        let path = std::fs::read_dir(matches).ok()?.next()?.ok()?.path();
        let record = DuelRecord::<Game>::load(&path).ok()?;
        record.result.is_some().then_some(record)
    });
    assert_eq!(record.moves.len(), 1);
    let clock = record.moves[0].clock.expect("the move's clocks");
    assert_eq!(clock[1], 2_000);
    let result = record.result.expect("the result");
    assert_eq!(result.lost_on_time, Some(Side::Second));
    assert_eq!(result.verdict, Verdict::Win(Side::First));
    assert_eq!(record.setup.clock, Some(control()));
    // It replays, flag and all, and the viewer shows the clocks as they stood.
    let duel = Duel::replayed(&record, "record").expect("it replays");
    assert_eq!(duel.lost_on_time(), Some(Side::Second));
    assert_eq!(duel.history()[0].clock, Some(clock));
}

/// Two seconds each, a second added a move.
fn control() -> TimeControl {
    TimeControl {
        base: Duration::from_secs(2),
        increment: Duration::from_secs(1),
    }
}

#[test]
fn the_computer_on_a_clock_spends_its_time_and_never_flags() {
    let data = tempfile::tempdir().expect("folder");
    let registry = Registry::new();
    // Two computers of the strongest level, eight seconds each for a whole game.
    let mut config = Config::new(
        [
            Seat::Computer("expert".into()),
            Seat::Computer("expert".into()),
        ],
        5,
        1000,
    );
    config.clock = Some(seconds(8));
    let mut table_spec = spec(Kind::Showcase, config, data.path());
    table_spec.opener = None;
    table_spec.rest = Duration::from_secs(600);
    let table = registry.open(table_spec).expect("a table");
    let (tell, news) = mpsc::channel();
    registry
        .join::<Table<Config>>(
            table,
            1,
            who("carol"),
            Want::Watch,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .expect("a watcher");
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut last = None;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match news.recv_timeout(left) {
            Ok(News::OnTime(side)) => panic!("{side:?} lost on time; last clocks {last:?}"),
            // The clocks stop at the end.
            Ok(News::Clock(reading)) if reading.running.is_none() => {
                last = Some(reading);
                break;
            }
            Ok(News::Clock(reading)) => last = Some(reading),
            Ok(News::Moved { .. }) => {}
            Ok(_) => {}
            Err(e) => panic!("the game did not end in time: {e}; clocks {last:?}"),
        }
    }
    crate::common::eventually("the result listed", || {
        registry.list().first().is_some_and(|t| t.outcome.is_some())
    });
    let last = last.expect("clock readings");
    // Both used their time, and neither ran out.
    assert!(last.left.iter().all(|&ms| ms > 0), "{last:?}");
    assert!(last.left.iter().any(|&ms| ms < 7_000), "{last:?}");
}

#[test]
fn a_screen_here_shows_both_clocks_and_the_flag_ends_the_match() {
    let mut config = Config::new([Seat::Human, Seat::Human], 1, 20);
    config.clock = Some(seconds(15));
    let duel = Duel::start(config, None).expect("a match");
    let (events, _inbox) = trios::tui::event::channel();
    // The clock starts as the screen opens, so no earlier than this.
    let t0 = Instant::now();
    let mut screen = StonesScreen::new(
        duel,
        Box::new(|_| Err("no new games here".into())),
        events,
        (80, 24),
        trios::tui::Theme::plain(),
    );
    screen.update(Event::Tick(t0), t0);
    let text = crate::common::screen::screen(&screen, (80, 24));
    let status = crate::common::screen::bottom(&text);
    assert!(status.contains("▸● 0:15"), "{status}");
    assert!(status.contains("○ 0:15"), "{status}");
    // The title row says the control.
    assert!(
        text.lines().next().is_some_and(|l| l.contains("0.25+0")),
        "{text}"
    );
    // Eleven seconds on: Dark's clock reads in tenths (under 4 s left, however long the
    // screen took to open), Light's has not moved.
    let later = t0 + Duration::from_secs(11);
    screen.update(Event::Tick(later), later);
    let text = crate::common::screen::screen(&screen, (80, 24));
    let status = crate::common::screen::bottom(&text);
    let tenths = status
        .split_whitespace()
        .any(|w| w.len() == 6 && w.starts_with("0:0") && w.as_bytes()[4] == b'.');
    assert!(tenths, "{status}");
    assert!(status.contains("○ 0:15"), "{status}");
    // The screen asks to be woken for the next tenth.
    let tick = screen.next_tick().expect("a tick while the clock runs");
    assert!(tick <= later + Duration::from_millis(100));
    // Past the flag: the match is over, lost on time by the person to move.
    let flag = t0 + Duration::from_secs(20);
    screen.update(Event::Tick(flag), flag);
    assert!(screen.duel().is_over());
    assert_eq!(screen.duel().lost_on_time(), Some(Side::First));
    let text = crate::common::screen::screen(&screen, (80, 24));
    assert!(text.contains("Light wins on time"), "{text}");
    assert!(text.contains("Dark lost on time"), "{text}");
    // No move is taken once the flag fell.
    screen.update(
        Event::Key(ratatui::crossterm::event::KeyEvent::from(
            ratatui::crossterm::event::KeyCode::Enter,
        )),
        flag,
    );
    assert!(screen.history().is_empty());
}

/// A Reversi position from rows of `X` (dark), `O` (light) and `.`, and the side to move.
fn position(rows: &[&str], to_move: char) -> Game {
    format!("{}\n{to_move}", rows.join("\n"))
        .parse()
        .expect("a position")
}

#[test]
fn a_flag_loses_while_the_other_side_can_still_win() {
    use trios::games::flag::flag_verdict;
    // The start: either side can win.
    let game = Game::default();
    assert_eq!(flag_verdict(&game, Side::First), Verdict::Win(Side::Second));
    assert_eq!(flag_verdict(&game, Side::Second), Verdict::Win(Side::First));
}

#[test]
fn a_flag_draws_when_the_other_side_can_no_longer_win() {
    use trios::games::flag::flag_verdict;
    // Dark has 61 discs to light's 1 (g8), two squares left (h7, h8). Worked by hand: light
    // has no move; dark's h8 takes g8, and then nobody can play h7.
    let rows = [
        "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXX.",
        "XXXXXXO.",
    ];
    let game = position(&rows, 'O');
    assert!(!game.is_over());
    // Light flags: dark still wins.
    assert_eq!(flag_verdict(&game, Side::Second), Verdict::Win(Side::First));
    // Dark flags: light cannot win from 1 disc with two squares left: a draw.
    assert_eq!(flag_verdict(&game, Side::First), Verdict::Tie);
}
