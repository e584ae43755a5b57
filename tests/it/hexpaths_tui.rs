//! The Hex paths screen: the hexagon at 80x24 (compact) and 200x60 (outlined hexagons) with
//! its barriers, steps entered by direction keys and by clicks on the marked step ends, a
//! round solved and scored, the shortest move played out when a longer one wins, `r`
//! replaying it, announcements at one keyboard with the lowest demonstrating, and a rival's
//! announcement; read back from a `TestBackend` buffer.

use crate::common;

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use trios::games::hexpaths::round::{Rival, Settings};
use trios::games::hexpaths::{Step, replay};
use trios::tui::hexpaths::{DIRECTION_KEYS, HexPathsScreen, Phase};
use trios::tui::{Event, Theme};

fn screen(app: &HexPathsScreen, size: (u16, u16)) -> String {
    common::screen::screen(app, size)
}

fn press_at(app: &mut HexPathsScreen, code: KeyCode, now: Instant) {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), now);
}

fn press(app: &mut HexPathsScreen, code: KeyCode) {
    press_at(app, code, Instant::now());
}

fn alone(seed: u64, size: (u16, u16)) -> HexPathsScreen {
    HexPathsScreen::new(
        seed,
        Settings::default(),
        Vec::new(),
        Vec::new(),
        size,
        Theme::plain(),
    )
}

/// The key of the step from `from` to `to` of the piece picked, as the screen offers it.
fn key_for(app: &HexPathsScreen, to: u8) -> char {
    let d = app
        .step_ends()
        .iter()
        .position(|&e| e == Some(to))
        .unwrap_or_else(|| panic!("no step ends at {to}: {:?}", app.step_ends()));
    DIRECTION_KEYS[d][0]
}

/// Enters `steps` through the keys: Tab to each step's piece, then its direction.
fn enter(app: &mut HexPathsScreen, steps: &[Step]) {
    for step in steps {
        let piece = app
            .pieces()
            .iter()
            .position(|&c| c == step.from)
            .expect("a piece there");
        while app.picked() != piece {
            press(app, KeyCode::Tab);
        }
        let key = key_for(app, step.to);
        press(app, KeyCode::Char(key));
    }
}

fn status(text: &str) -> String {
    crate::common::screen::bottom(text)
}

#[test]
fn the_hexagon_fits_80x24_compact_and_200x60_as_outlined_hexagons() {
    let app = alone(3, (80, 24));
    let small = screen(&app, (80, 24));
    insta::assert_snapshot!("hexpaths_start_80x24", small);
    let round = app.game().round().expect("a round").clone();
    let title = small.lines().next().expect("a title");
    assert!(
        title.contains(&format!("to the nook ◎ {}", round.objective.goal)),
        "{title}"
    );
    // Seventeen rows of cells, each ending on the rim.
    let rows = small
        .lines()
        .filter(|l| l.trim_end().ends_with('│'))
        .count();
    assert!(rows >= 17, "{small}");
    let large = alone(3, (200, 60));
    let big = screen(&large, (200, 60));
    insta::assert_snapshot!("hexpaths_start_200x60", big);
    // Outlined: barriers heavy, the grid light.
    assert!(
        big.contains('┃') && big.contains('╱') && big.contains(" / \\ "),
        "{big}"
    );
    // Too small says what it needs.
    let tiny = screen(&alone(3, (40, 12)), (40, 12));
    assert!(tiny.contains("need"), "{tiny}");
}

#[test]
fn a_lone_player_solves_a_round_with_keys_and_is_scored() {
    let mut app = alone(3, (80, 24));
    let round = app.game().round().expect("a round").clone();
    let optimal = round.objective.solution.steps.clone();
    // A key with no step that way says so and changes nothing.
    let blocked = (0..6).find(|&d| app.step_ends()[d].is_none());
    if let Some(d) = blocked {
        press(&mut app, KeyCode::Char(DIRECTION_KEYS[d][1]));
        assert!(status(&screen(&app, (80, 24))).contains("no step that way"));
        assert!(app.steps().is_empty());
    }
    enter(&mut app, &optimal);
    assert_eq!(app.steps(), optimal.as_slice());
    assert!(status(&screen(&app, (80, 24))).contains(&format!("At the goal in {}", optimal.len())));
    // Backspace takes a step back, and it can be entered again.
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.steps().len(), optimal.len() - 1);
    enter(&mut app, &optimal[optimal.len() - 1..]);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.phase(), &Phase::Done);
    let shown = screen(&app, (80, 24));
    assert!(status(&shown).contains("the shortest move; +4"), "{shown}");
    assert_eq!(app.game().players()[0].score, 4);
    // The pieces stay where the move left them for the next round.
    let end = replay(app.game().board(), &round.pieces, &optimal).expect("the move");
    assert_eq!(app.game().pieces(), end.as_slice());
    // ← and → step through the move by hand, from the round's start.
    press(&mut app, KeyCode::Left);
    assert_eq!(app.pieces(), round.pieces.as_slice());
    press(&mut app, KeyCode::Right);
    let one = replay(app.game().board(), &round.pieces, &optimal[..1]).expect("a step");
    assert_eq!(app.pieces(), one.as_slice());
    for _ in 0..optimal.len() {
        press(&mut app, KeyCode::Right);
    }
    assert_eq!(app.pieces(), end.as_slice());
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(app.game().round().map(|r| r.number), Some(2));
    assert_eq!(app.pieces(), end.as_slice());
}

#[test]
fn a_move_that_is_not_a_solution_is_refused_without_cost() {
    let mut app = alone(5, (80, 24));
    let round = app.game().round().expect("a round").clone();
    // One step of the goal's piece that does not end on the goal.
    let first = app
        .step_ends()
        .iter()
        .position(|e| e.is_some_and(|c| c != round.objective.goal))
        .expect("a step");
    press(&mut app, KeyCode::Char(DIRECTION_KEYS[first][0]));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.phase(), &Phase::Thinking);
    assert_eq!(app.game().players()[0].score, 0);
    let shown = screen(&app, (80, 24));
    assert!(
        status(&shown).contains("does not end on the nook"),
        "{shown}"
    );
}

#[test]
fn clicks_pick_pieces_and_step_to_the_marked_ends() {
    let mut app = alone(3, (100, 40));
    let round = app.game().round().expect("a round").clone();
    let first = round.objective.solution.steps[0];
    // At 100x40 the outlined hexagons fit, with no panel beside them.
    let text = screen(&app, (100, 40));
    // Click the piece that moves first (its letter), then the end of its step.
    let piece = app
        .pieces()
        .iter()
        .position(|&c| c == first.from)
        .expect("a piece");
    let letter = ['A', 'B', 'C', 'D'][piece];
    let (x, y) = find(&text, &format!(" {letter} "))
        .or_else(|| find(&text, &format!("[{letter}]")))
        .expect("the piece on screen");
    click(&mut app, x + 1, y);
    assert_eq!(app.picked(), piece);
    let key = key_for(&app, first.to);
    let text = screen(&app, (100, 40));
    let (x, y) = find(&text, &format!(" {key} "))
        .or_else(|| find(&text, &format!("{key}◎ ")).map(|(x, y)| (x - 1, y)))
        .expect("the step's end marked with its key");
    click(&mut app, x + 1, y);
    assert_eq!(app.steps(), &[first]);
}

fn find(text: &str, needle: &str) -> Option<(u16, u16)> {
    text.lines().enumerate().find_map(|(y, line)| {
        line.find(needle)
            .map(|i| (line[..i].chars().count() as u16, y as u16))
    })
}

fn click(app: &mut HexPathsScreen, x: u16, y: u16) {
    app.update(
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        }),
        Instant::now(),
    );
}

#[test]
fn at_one_keyboard_players_announce_and_the_lowest_demonstrates() {
    let start = Instant::now();
    let mut app = HexPathsScreen::new(
        4,
        Settings::default(),
        vec!["ann".into(), "bob".into()],
        Vec::new(),
        (80, 24),
        Theme::plain(),
    );
    let round = app.game().round().expect("a round").clone();
    let optimal = round.objective.solution.steps.clone();
    let n = optimal.len();
    // No steps while announcing.
    press_at(&mut app, KeyCode::Char(DIRECTION_KEYS[0][0]), start);
    assert!(app.steps().is_empty());
    for (key, steps) in [('1', n + 3), ('2', n)] {
        press_at(&mut app, KeyCode::Char(key), start);
        for digit in steps.to_string().chars() {
            press_at(&mut app, KeyCode::Char(digit), start);
        }
        press_at(&mut app, KeyCode::Enter, start);
    }
    let shown = screen(&app, (80, 24));
    assert!(
        shown.contains(&format!("ann 0 (says {})", n + 3)),
        "{shown}"
    );
    assert!(shown.contains(&format!("bob 0 (says {n})")), "{shown}");
    // The time runs out: bob, lowest, demonstrates.
    let later = start + Duration::from_secs(61);
    app.update(Event::Tick(later), later);
    assert_eq!(app.phase(), &Phase::Demonstrating { player: 1 });
    enter(&mut app, &optimal);
    press_at(&mut app, KeyCode::Enter, later);
    assert_eq!(app.phase(), &Phase::Done);
    assert_eq!(app.game().players()[1].score, 3);
    assert!(status(&screen(&app, (80, 24))).contains("bob wins the round"));
}

#[test]
fn a_rival_announces_and_shows_its_move_and_the_shortest_plays_out_after_a_longer_win() {
    let start = Instant::now();
    let rival = Rival::new("easy", 9).expect("a level");
    let mut app = HexPathsScreen::new(
        6,
        Settings::default(),
        Vec::new(),
        vec![rival],
        (80, 24),
        Theme::plain(),
    );
    assert!(app.racing());
    let later = start + Duration::from_secs(61);
    app.update(Event::Tick(later), later);
    let round = app.game().round().cloned();
    // If the rival announced, it shows its move step by step, then wins.
    match app.phase().clone() {
        Phase::Demonstrating { player: 1 } => {
            let round = round.expect("the round");
            let steps = round.announcements[0].steps;
            let end = later + Duration::from_secs(1) * (steps as u32 + 1);
            app.update(Event::Tick(end), end);
            assert_eq!(app.phase(), &Phase::Done);
            assert_eq!(
                app.game().outcomes()[0].winner.as_ref().map(|w| w.0),
                Some(1)
            );
        }
        Phase::Done => {
            // Nobody announced: the shortest move plays out.
            assert!(app.game().outcomes()[0].winner.is_none());
        }
        other => panic!("unexpected phase {other:?}"),
    }
    // Whatever won, `r` replays a move from the round's start, step by step.
    press_at(
        &mut app,
        KeyCode::Char('r'),
        later + Duration::from_secs(30),
    );
    let shown = screen(&app, (80, 24));
    assert!(shown.contains("step 0 of "), "{shown}");
}

#[test]
fn a_demonstration_asks_to_be_woken_until_it_is_judged() {
    let start = Instant::now();
    let rival = Rival::new("hard", 2).expect("a level");
    let mut app = HexPathsScreen::new(
        8,
        Settings::default(),
        Vec::new(),
        vec![rival],
        (80, 24),
        Theme::plain(),
    );
    let later = start + Duration::from_secs(61);
    app.update(Event::Tick(later), later);
    if !matches!(app.phase(), Phase::Demonstrating { .. }) {
        return; // the rival found nothing in time: nothing to show
    }
    let steps = app.game().round().expect("the round").announcements[0].steps as u32;
    // Follow the screen's own wake-ups only: the move plays out and is judged as soon as
    // its last step has had its moment, not whenever something else happens.
    let mut judged_at = None;
    for _ in 0..20 {
        let Some(at) = app.next_tick() else { break };
        app.update(Event::Tick(at), at);
        if app.phase() == &Phase::Done {
            judged_at = Some(at);
            break;
        }
    }
    let judged_at = judged_at.expect("the demonstration judged");
    assert!(judged_at <= later + Duration::from_millis(600) * (steps + 1));
}

#[test]
fn after_the_last_round_the_final_table_shows_and_n_deals_a_new_game() {
    let start = Instant::now();
    let settings = Settings {
        rounds: 2,
        ..Settings::default()
    };
    let mut app = HexPathsScreen::new(
        11,
        settings,
        Vec::new(),
        Vec::new(),
        (80, 24),
        Theme::plain(),
    );
    let mut now = start;
    for _ in 0..2 {
        // Nobody solves it: the time runs out, the shortest move shows, Space goes on.
        now += Duration::from_secs(61);
        app.update(Event::Tick(now), now);
        press_at(&mut app, KeyCode::Char(' '), now);
        press_at(&mut app, KeyCode::Char(' '), now);
    }
    assert_eq!(app.phase(), &Phase::Over);
    let shown = screen(&app, (80, 24));
    assert!(
        shown.contains("Game over") && shown.contains("2 rounds played"),
        "{shown}"
    );
    press_at(&mut app, KeyCode::Char('n'), now);
    assert_eq!(app.phase(), &Phase::Thinking);
    assert_eq!(app.game().round().map(|r| r.number), Some(1));
    assert_eq!(app.game().players()[0].score, 0);
}

#[test]
fn a_longer_winning_move_stays_on_the_board_after_the_shortest_is_shown() {
    use trios::games::hexpaths::{Cells, Difficulty};
    // A round where the piece alone can get there, but another piece's help is shorter.
    let settings = Settings {
        difficulty: Some(Difficulty::NeedsAnother),
        ..Settings::default()
    };
    let (mut app, round, alone) = (0..40)
        .find_map(|seed| {
            let app = HexPathsScreen::new(
                seed,
                settings.clone(),
                Vec::new(),
                Vec::new(),
                (80, 24),
                Theme::plain(),
            );
            let round = app.game().round()?.clone();
            let me = round.piece_cell();
            let others: Vec<u8> = round.pieces.iter().copied().filter(|&c| c != me).collect();
            let cells = app
                .game()
                .board()
                .path(me, round.objective.goal, &Cells::of(&others))?;
            let steps: Vec<Step> = cells
                .windows(2)
                .map(|w| Step {
                    from: w[0],
                    to: w[1],
                })
                .collect();
            (steps.len() > round.optimal()).then_some((app, round, steps))
        })
        .expect("a round the piece can do alone, longer");
    enter(&mut app, &alone);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.phase(), &Phase::Done);
    let kept = replay(app.game().board(), &round.pieces, &alone).expect("the move");
    assert_eq!(
        app.game().pieces(),
        kept.as_slice(),
        "the winner's move stays"
    );
    // The shortest move plays out from the round's start…
    assert_eq!(app.pieces(), round.pieces.as_slice());
    let mut now = Instant::now();
    for _ in 0..=round.optimal() + 1 {
        now += Duration::from_millis(700);
        app.update(Event::Tick(now), now);
    }
    // …and then the board shows the pieces where the winning move left them.
    assert_eq!(app.pieces(), kept.as_slice());
    let shown = screen(&app, (80, 24));
    assert!(status(&shown).contains("the pieces stay"), "{shown}");
}

#[test]
fn the_help_at_80x24_is_whole_and_lists_every_key_the_bar_offers() {
    let mut app = alone(3, (80, 24));
    let bar = screen(&app, (80, 24));
    press(&mut app, KeyCode::Char('?'));
    let help = screen(&app, (80, 24));
    // A wrapped help line no longer pushes the last note out of the box.
    assert!(help.contains("◎ is the goal."), "{help}");
    for key in ["Tab", "Backspace", "Enter", "?", "q", "Space", "n"] {
        assert!(help.contains(&format!("│{key} ")), "{key} missing:\n{help}");
    }
    assert!(status(&bar).contains("? help"), "{bar}");
}

#[test]
fn racing_at_80_columns_the_bar_leaves_out_a_whole_entry_rather_than_cut_one() {
    let rival = Rival::new("easy", 9).expect("a level");
    let app = HexPathsScreen::new(
        6,
        Settings::default(),
        Vec::new(),
        vec![rival],
        (80, 24),
        Theme::plain(),
    );
    // The bar of entering a move in a race fits 80 columns whole, q and ? last.
    assert!(app.racing() && app.entering());
    let text = screen(&app, (80, 24));
    let bar = text.lines().last().unwrap_or_default().trim_end();
    assert_eq!(
        bar,
        " Tab piece · w e a d z x step · ⌫ back · Enter announce · ? help · q quit"
    );
    // Narrower, whole entries go, the lowest first, and q and ? stay.
    let narrow = screen(&app, (60, 24));
    let bar = narrow.lines().last().unwrap_or_default().trim_end();
    assert_eq!(bar, " Tab piece · w e a d z x step · ? help · q quit");
}

#[test]
fn the_help_says_q_asks_first_while_a_game_would_be_lost() {
    for size in [(80, 24), (120, 40)] {
        let mut app = alone(3, size);
        press(&mut app, KeyCode::Char('?'));
        let help = screen(&app, size);
        let q = help
            .lines()
            .find(|l| l.contains("│q ") || l.contains("│ q "))
            .unwrap_or_else(|| panic!("no q in the help:\n{help}"));
        assert!(
            q.contains("quit (asks first while a game would be lost)"),
            "{q}\n{help}"
        );
    }
}

/// Once a round is over, the move stepped through by hand (← or →, stopped part way) does not
/// hold the next round back: one Space deals it, as the bar's "Space next round" says.
#[test]
fn after_stepping_through_the_move_one_space_deals_the_next_round() {
    for first in [KeyCode::Left, KeyCode::Right] {
        let mut app = alone(3, (80, 24));
        let round = app.game().round().expect("a round").clone();
        let optimal = round.objective.solution.steps.clone();
        assert!(optimal.len() > 1, "a move of several steps");
        enter(&mut app, &optimal);
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.phase(), &Phase::Done);
        press(&mut app, first);
        assert_ne!(app.pieces(), app.game().pieces(), "the move is part way");
        press(&mut app, KeyCode::Char(' '));
        assert_eq!(app.phase(), &Phase::Thinking, "{first:?}");
        assert_eq!(app.game().round().map(|r| r.number), Some(2), "{first:?}");
        assert_eq!(app.pieces(), app.game().pieces());
    }
}

/// At 80x24 a help sentence too long for the box goes on under the sentences' column, not
/// under the keys: the hint's sentence continues where it began.
#[test]
fn the_help_at_80x24_continues_a_long_sentence_under_the_sentences() {
    let mut app = alone(3, (80, 24));
    press(&mut app, KeyCode::Char('?'));
    let help = screen(&app, (80, 24));
    let lines: Vec<&str> = help.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("│H ") && l.contains("alone: a hint"))
        .unwrap_or_else(|| panic!("the hint's entry:\n{help}"));
    let column = |line: &str, needle: &str| {
        line.find(needle)
            .map(|b| line[..b].chars().count())
            .unwrap_or_else(|| panic!("{needle} in {line}"))
    };
    let sentence = column(lines[at], "alone: a hint");
    let next = lines[at + 1];
    let border = column(next, "│");
    let text: String = next.chars().skip(border + 1).collect();
    let start = sentence - border - 1;
    assert!(
        text.chars().take(start).all(|c| c == ' ') && !text[start..].starts_with(' '),
        "the continued sentence starts at column {sentence}:\n{help}"
    );
}

/// After the last round the bar does not promise another: Space shows the result.
#[test]
fn after_the_last_round_space_offers_the_result_not_a_next_round() {
    let settings = Settings {
        rounds: 1,
        ..Settings::default()
    };
    let mut app = HexPathsScreen::new(
        3,
        settings,
        Vec::new(),
        Vec::new(),
        (80, 24),
        Theme::plain(),
    );
    let round = app.game().round().expect("a round").clone();
    enter(&mut app, &round.objective.solution.steps);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.phase(), &Phase::Done);
    let bar = crate::common::screen::bottom(&screen(&app, (80, 24)));
    assert!(bar.contains("Space the result"), "{bar}");
    assert!(!bar.contains("next round"), "{bar}");
    // In a game of more rounds, the first one's end offers the next.
    let mut app = alone(3, (80, 24));
    let round = app.game().round().expect("a round").clone();
    enter(&mut app, &round.objective.solution.steps);
    press(&mut app, KeyCode::Enter);
    let bar = crate::common::screen::bottom(&screen(&app, (80, 24)));
    assert!(bar.contains("Space next round"), "{bar}");
}
