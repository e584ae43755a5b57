//! Hex paths race tables without any terminal: the table keeps the clock and the secret
//! moves, announces lengths, demonstrates lowest first when everyone has announced, and every
//! copy of the game — a late joiner's too — stays the table's game by applying its
//! happenings.

use crate::common;

use common::keyed;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use trios::controller::race_table::Phase;
use trios::controller::race_table::hexpaths::{HexJoined, HexNews, HexRequest, HexSpec, HexTable};
use trios::controller::table::{Kind, SeatState, TableId, Want};
use trios::controller::tables::Registry;
use trios::games::hexpaths::round::{Game, Happening, Settings};

const WAIT: Duration = Duration::from_secs(10);
const SEED: u64 = 21;

fn open(registry: &std::sync::Arc<Registry>, rivals: &[&str]) -> TableId {
    registry
        .open(HexSpec {
            opener: keyed("alice"),
            rivals: rivals.iter().map(|r| r.to_string()).collect(),
            seed: SEED,
            settings: Settings::default(),
            fixed_seed: true,
        })
        .expect("open a table")
}

/// One screen at a table: what it heard, and its copy of the game.
struct Client {
    id: u64,
    joined: HexJoined,
    news: Receiver<HexNews>,
    game: Game,
}

fn join(registry: &Registry, table: TableId, client: u64, user: &str, want: Want) -> Client {
    let (tell, news) = mpsc::channel();
    let joined = registry
        .join::<HexTable>(
            table,
            client,
            keyed(user),
            want,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .expect("join the table");
    let mut game = Game::new(joined.seed, joined.settings.clone(), Vec::new());
    for happening in &joined.happenings {
        game.apply(happening).expect("the happenings so far apply");
    }
    Client {
        id: client,
        joined,
        news,
        game,
    }
}

impl Client {
    /// Waits for news that `pick` accepts, applying every happening on the way.
    fn expect<T>(&mut self, what: &str, pick: impl Fn(&HexNews) -> Option<T>) -> T {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let news = self
                .news
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("client {} never heard {what}", self.id));
            match &news {
                HexNews::Happened(h) => self.game.apply(h).expect("a happening applies"),
                HexNews::NewGame { seed, happenings } => {
                    self.game = Game::new(*seed, self.joined.settings.clone(), Vec::new());
                    for h in happenings {
                        self.game.apply(h).expect("the new game's players apply");
                    }
                }
                _ => {}
            }
            if let Some(found) = pick(&news) {
                return found;
            }
        }
    }

    fn happened(&mut self, what: &str, test: impl Fn(&Happening) -> bool) {
        self.expect(what, |n| match n {
            HexNews::Happened(h) if test(h) => Some(()),
            _ => None,
        });
    }
}

#[test]
fn the_table_announces_lengths_and_demonstrates_lowest_first_once_everyone_has_announced() {
    let registry = Registry::new();
    let table = open(&registry, &[]);
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    let mut bob = join(&registry, table, 2, "bob", Want::Seat);
    assert_eq!((alice.joined.you, bob.joined.you), (Some(0), Some(1)));
    assert_eq!(alice.joined.phase, Phase::Waiting);
    registry.ask::<HexTable>(table, alice.id, HexRequest::Start);
    for c in [&mut alice, &mut bob] {
        c.happened("round 1", |h| matches!(h, Happening::RoundStarted));
    }
    // Both copies drew the table's objective: the one a fresh game from the seed draws.
    let mut fresh = Game::new(SEED, Settings::default(), vec!["a".into(), "b".into()]);
    let expected = fresh.start_round().expect("a round").objective.clone();
    let round = alice.game.round().expect("a round").clone();
    assert_eq!(round.objective, expected);
    let optimal = round.objective.solution.steps.clone();

    // A move that does not reach the goal is refused and not announced.
    registry.ask::<HexTable>(
        table,
        bob.id,
        HexRequest::Announce(optimal[..optimal.len() - 1].to_vec()),
    );
    let why = bob.expect("the refusal", |n| match n {
        HexNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.starts_with("Not a solution"), "{why}");
    // Bob announces the shortest move; only its length is told.
    registry.ask::<HexTable>(table, bob.id, HexRequest::Announce(optimal.clone()));
    let n = optimal.len();
    alice.happened(
        "bob's announcement",
        |h| matches!(h, Happening::Announced { player: 1, steps, .. } if *steps == n),
    );
    // Alice announces the same length later. The round goes on until the time is up, or
    // until every player says they are done: bob, first to say it, shows his move and wins.
    registry.ask::<HexTable>(table, alice.id, HexRequest::Announce(optimal.clone()));
    registry.ask::<HexTable>(table, alice.id, HexRequest::Done);
    let waiting = bob.expect("alice done", |n| match n {
        HexNews::Notice(text) if text.contains("is done") => Some(text.clone()),
        _ => None,
    });
    assert!(waiting.contains("waiting for bob"), "{waiting}");
    assert!(alice.game.round().is_some(), "the round is still on");
    registry.ask::<HexTable>(table, bob.id, HexRequest::Done);
    let winner = alice.expect("the round's end", |n| match n {
        HexNews::Happened(Happening::RoundEnded { winner }) => Some(winner.clone()),
        _ => None,
    });
    assert_eq!(winner, Some((1, optimal.clone())));
    bob.happened("the round's end", |h| {
        matches!(h, Happening::RoundEnded { .. })
    });
    assert_eq!(alice.game.players()[1].score, 3);
    assert_eq!(bob.game.players()[1].score, 3);
    assert_eq!(alice.game.pieces(), bob.game.pieces());

    // A late watcher replays everything and has the same game.
    let carol = join(&registry, table, 3, "carol", Want::Watch);
    assert_eq!(carol.joined.you, None);
    assert_eq!(carol.game.pieces(), alice.game.pieces());
    assert_eq!(carol.game.players(), alice.game.players());
    // The next round, when a player asks.
    registry.ask::<HexTable>(table, bob.id, HexRequest::Next);
    alice.happened("round 2", |h| matches!(h, Happening::RoundStarted));
    assert_eq!(alice.game.round().map(|r| r.number), Some(2));
}

#[test]
fn a_computer_rival_announces_and_its_move_is_shown_when_the_time_is_up() {
    let registry = Registry::new();
    let table = registry
        .open(HexSpec {
            opener: keyed("alice"),
            rivals: vec!["hard".into()],
            seed: SEED,
            settings: Settings {
                round_time: Duration::from_secs(5),
                ..Settings::default()
            },
            fixed_seed: true,
        })
        .expect("open a table");
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    assert_eq!(
        alice.joined.seats,
        [SeatState::Present, SeatState::Computer]
    );
    registry.ask::<HexTable>(table, alice.id, HexRequest::Start);
    alice.happened("round 1", |h| matches!(h, Happening::RoundStarted));
    // Within the five seconds the rival announces or not; either way the round ends by the
    // clock and the copy agrees with the table.
    let winner = alice.expect("the round's end", |n| match n {
        HexNews::Happened(Happening::RoundEnded { winner }) => Some(winner.clone()),
        _ => None,
    });
    let outcome = alice.game.outcomes()[0].clone();
    assert_eq!(outcome.winner, winner);
    if let Some((player, _)) = winner {
        assert_eq!(player, 1, "only the rival announced");
    }
    // The lobby hears of it once the table has published.
    let deadline = Instant::now() + WAIT;
    while !registry
        .list()
        .iter()
        .any(|t| t.id == table && t.kind == Kind::Race && t.moves == 1 && t.seats.len() == 2)
    {
        assert!(
            Instant::now() < deadline,
            "the lobby never listed one round played"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_game_cannot_start_alone_and_spectators_cannot_play() {
    let registry = Registry::new();
    let table = open(&registry, &[]);
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    registry.ask::<HexTable>(table, alice.id, HexRequest::Start);
    let why = alice.expect("the refusal", |n| match n {
        HexNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.contains("two players"), "{why}");
    let mut carol = join(&registry, table, 2, "carol", Want::Watch);
    registry.ask::<HexTable>(table, carol.id, HexRequest::Start);
    let why = carol.expect("the refusal", |n| match n {
        HexNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.contains("Only the players"), "{why}");
    // A rival makes two.
    registry.ask::<HexTable>(table, alice.id, HexRequest::AddRival);
    alice.happened("the rival seated", |h| matches!(h, Happening::Joined(_)));
    registry.ask::<HexTable>(table, alice.id, HexRequest::Start);
    alice.happened("round 1", |h| matches!(h, Happening::RoundStarted));
    // Everyone leaving closes the table.
    registry.leave(table, alice.id, false);
    let deadline = Instant::now() + WAIT;
    while registry.list().iter().any(|t| t.id == table) {
        assert!(Instant::now() < deadline, "the table never closed");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn once_the_game_is_over_a_player_deals_another_for_the_same_players() {
    let registry = Registry::new();
    let table = registry
        .open(HexSpec {
            opener: keyed("alice"),
            rivals: Vec::new(),
            seed: SEED,
            settings: Settings {
                rounds: 1,
                ..Settings::default()
            },
            fixed_seed: false,
        })
        .expect("open a table");
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    let mut bob = join(&registry, table, 2, "bob", Want::Seat);
    registry.ask::<HexTable>(table, alice.id, HexRequest::Again);
    let why = alice.expect("the refusal", |n| match n {
        HexNews::Refused(why) => Some(why.clone()),
        _ => None,
    });
    assert!(why.contains("once this one is over"), "{why}");
    registry.ask::<HexTable>(table, alice.id, HexRequest::Start);
    alice.happened("round 1", |h| matches!(h, Happening::RoundStarted));
    let optimal = alice
        .game
        .round()
        .expect("a round")
        .objective
        .solution
        .steps
        .clone();
    registry.ask::<HexTable>(table, alice.id, HexRequest::Announce(optimal.clone()));
    registry.ask::<HexTable>(table, bob.id, HexRequest::Announce(optimal));
    registry.ask::<HexTable>(table, alice.id, HexRequest::Done);
    registry.ask::<HexTable>(table, bob.id, HexRequest::Done);
    alice.happened("the end", |h| matches!(h, Happening::RoundEnded { .. }));
    assert!(alice.game.is_over());
    registry.ask::<HexTable>(table, bob.id, HexRequest::Again);
    for c in [&mut alice, &mut bob] {
        c.happened("the new game's round", |h| {
            matches!(h, Happening::RoundStarted)
        });
        assert_eq!(c.game.played(), 0);
        let names: Vec<&str> = c.game.players().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["alice", "bob"]);
        assert!(c.game.players().iter().all(|p| p.score == 0));
    }
    // A late watcher sees the new game, not the old one.
    let carol = join(&registry, table, 3, "carol", Want::Watch);
    assert_eq!(carol.game.round(), alice.game.round());
}

#[test]
fn leaving_before_the_game_begins_gives_the_place_up() {
    let registry = Registry::new();
    let table = open(&registry, &[]);
    let mut alice = join(&registry, table, 1, "alice", Want::Seat);
    let bob = join(&registry, table, 2, "bob", Want::Seat);
    let mut carol = join(&registry, table, 3, "carol", Want::Seat);
    assert_eq!(carol.joined.you, Some(2));
    registry.leave(table, bob.id, false);
    let you = carol.expect("the new list", |n| match n {
        HexNews::Seats { seats, you } if seats.len() == 2 => Some(*you),
        _ => None,
    });
    assert_eq!(you, Some(1), "carol moves up to bob's place");
    let names: Vec<&str> = carol
        .game
        .players()
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["alice", "carol"]);
    // Bob has no seat kept for him, once the lobby has heard.
    common::eventually("bob's place given up in the lobby", || {
        registry.seat_kept_for(&keyed("bob")).is_none()
    });
    registry.ask::<HexTable>(table, alice.id, HexRequest::Start);
    alice.happened("round 1", |h| matches!(h, Happening::RoundStarted));
}

#[test]
fn a_place_moves_to_a_new_session_only_for_the_same_key_and_the_lobby_counts_watchers() {
    use trios::controller::table::{Identity, Proof};
    let registry = Registry::new();
    let table = open(&registry, &["easy"]);
    let mut first = join(&registry, table, 1, "alice", Want::Seat);
    // The same key from another session takes the place over; the old session is told.
    let again = join(&registry, table, 2, "alice", Want::Seat);
    assert_eq!(again.joined.you, Some(0));
    let why = first.expect("the dismissal", |n| match n {
        HexNews::Closed(why) => Some(why.clone()),
        _ => None,
    });
    assert_eq!(why, "you joined this table again from another session");
    // Someone proved only by their address cannot: the first session may still be theirs.
    let dave = Identity {
        user: "dave".into(),
        proof: Proof::Address([10, 0, 0, 9].into()),
    };
    let sit = |client: u64| {
        let (tell, news) = mpsc::channel::<HexNews>();
        registry
            .join::<HexTable>(
                table,
                client,
                dave.clone(),
                Want::Seat,
                Box::new(move |n| tell.send(n).is_ok()),
            )
            .map(|joined| (joined.you, news))
            .map_err(|e| e.to_string())
    };
    let (you, _dave_news) = sit(3).expect("dave sits");
    assert_eq!(you, Some(2));
    assert_eq!(
        sit(4).map(|(you, _)| you),
        Err("you already play at this table in another session".to_string())
    );
    // The lobby: two people present, one screen watching.
    let _carol = join(&registry, table, 5, "carol", Want::Watch);
    let deadline = Instant::now() + WAIT;
    while !registry.list().iter().any(|t| {
        t.id == table
            && t.watchers == 1
            && t.present.contains(&keyed("alice"))
            && t.present.contains(&dave)
            && t.away.is_empty()
    }) {
        assert!(Instant::now() < deadline, "{:?}", registry.list());
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A spectator's screen says it is watching while the players look for a move; only a
/// player is told how to announce one.
#[test]
fn a_spectator_is_not_told_to_announce() {
    use trios::tui::hexpaths::HexPathsScreen;
    use trios::tui::{Event, Theme};
    let registry = Registry::new();
    let table = open(&registry, &["hard"]);
    let alice = join(&registry, table, 1, "alice", Want::Seat);
    let (tell, news) = mpsc::channel();
    let joined = registry
        .join::<HexTable>(
            table,
            2,
            keyed("carol"),
            Want::Watch,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .expect("carol watches");
    let asks = registry.clone();
    let mut carol = HexPathsScreen::at_table(
        joined,
        Box::new(move |request| asks.ask::<HexTable>(table, 2, request)),
        (80, 24),
        Theme::plain(),
    )
    .expect("carol's screen");
    registry.ask::<HexTable>(table, alice.id, HexRequest::Start);
    let deadline = Instant::now() + WAIT;
    while !matches!(carol.phase(), trios::tui::hexpaths::Phase::Thinking) {
        let left = deadline.saturating_duration_since(Instant::now());
        let heard = news.recv_timeout(left).expect("the round starts");
        carol.update(
            Event::Table(table, std::sync::Arc::new(heard)),
            Instant::now(),
        );
    }
    let text = common::screen::screen(&carol, (80, 24));
    assert!(text.contains("watching: the players look"), "{text}");
    assert!(!text.contains("announce: your key"), "{text}");
}

/// At a table `q` leaves for the lobby without a question, and the help says so rather than
/// the lone player's "asks first".
#[test]
fn the_help_at_a_table_says_q_goes_back_to_the_lobby() {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use trios::tui::hexpaths::HexPathsScreen;
    use trios::tui::{Event, Theme};
    let registry = Registry::new();
    let table = open(&registry, &[]);
    let joined = registry
        .join::<HexTable>(table, 2, keyed("bob"), Want::Seat, Box::new(|_| true))
        .expect("bob sits");
    let asks = registry.clone();
    let mut bob = HexPathsScreen::at_table(
        joined,
        Box::new(move |request| asks.ask::<HexTable>(table, 2, request)),
        (80, 24),
        Theme::plain(),
    )
    .expect("bob's screen");
    let help = KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE);
    bob.update(Event::Key(help), Instant::now());
    let text = common::screen::screen(&bob, (80, 24));
    let q = text
        .lines()
        .find(|l| l.contains("│q ") || l.contains("│ q "))
        .unwrap_or_else(|| panic!("no q in the help:\n{text}"));
    assert!(q.contains("back to the lobby"), "{q}\n{text}");
    assert!(!q.contains("asks first"), "{q}\n{text}");
}

/// A player racing at a table at 80x24 is offered `q`, which takes them back to the lobby at
/// any moment: the bar ends `? help · q lobby` as every bar ends with help then quit, and a
/// lesser entry goes first when the row is short.
#[test]
fn racing_at_a_table_the_bar_keeps_q_last() {
    use trios::tui::hexpaths::HexPathsScreen;
    use trios::tui::{Event, Theme};
    let registry = Registry::new();
    let table = open(&registry, &["hard"]);
    let (tell, news) = mpsc::channel();
    let joined = registry
        .join::<HexTable>(
            table,
            1,
            keyed("alice"),
            Want::Seat,
            Box::new(move |n| tell.send(n).is_ok()),
        )
        .expect("alice sits");
    let asks = registry.clone();
    let mut alice = HexPathsScreen::at_table(
        joined,
        Box::new(move |request| asks.ask::<HexTable>(table, 1, request)),
        (80, 24),
        Theme::plain(),
    )
    .expect("alice's screen");
    registry.ask::<HexTable>(table, 1, HexRequest::Start);
    let deadline = Instant::now() + WAIT;
    while !matches!(alice.phase(), trios::tui::hexpaths::Phase::Thinking) {
        let left = deadline.saturating_duration_since(Instant::now());
        let heard = news.recv_timeout(left).expect("the round starts");
        alice.update(
            Event::Table(table, std::sync::Arc::new(heard)),
            Instant::now(),
        );
    }
    // The round's first word stays its while, then the bar has the row again.
    for _ in 0..20 {
        let text = common::screen::screen(&alice, (80, 24));
        if !text.contains("go!") {
            break;
        }
        let Some(due) = alice.next_tick() else { break };
        alice.update(Event::Tick(due), due);
    }
    for width in [80, 60] {
        let text = common::screen::screen(&alice, (width, 24));
        let bar = text.lines().last().unwrap_or_default().trim_end();
        assert!(bar.ends_with("? help · q lobby"), "{width}: {bar}\n{text}");
    }
}
