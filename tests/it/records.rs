//! Match records through the binary and the public API: contents, updates, replay, tampering.

use crate::common;

use std::path::{Path, PathBuf};

use common::bin::{Dir, Session};
use serde_json::{Value, json};
use trios::controller::Seat;
use trios::controller::three_trios::{Match, StartError};
use trios::games::three_trios::source::SourceFile;
use trios::games::three_trios::{DealMode, Move, MoveError, Outcome, Player, RuleSet, text};
use trios::record::RecordError;
use trios::record::three_trios::Record;
use trios::setup::three_trios::MatchConfig;

const ROW3: &str = "1 3\nCCC\n";
const OPEN2: &str = "2 2\nCC\nCC\n";
/// In file order Red is dealt Ant and Bee, Blue Cat and Dog; Eel is never dealt.
const CARDS: &str = "Ant 1 1 1 1\nBee 2 2 9 9\nCat 3 3 5 5\nDog 4 4 4 4\nEel 9 9 9 9\n";
const AI_CARDS: &str = "Ant 1 1 1 1\nBee 5 5 5 5\nCat 1 1 1 1\nDog 2 2 2 2\nEel 9 9 9 9\n";

/// The Red-wins game on ROW3: Ant left, Cat takes it, Bee takes Cat and Cat takes Ant back.
const MOVES: [&str; 3] = ["place 0 0 0", "place 0 0 1", "place 0 0 2"];
const VIEWS: [&str; 4] = [
    "Player: RED\n___\nHand:\nAnt 1 1 1 1\nBee 2 2 9 9\n\n",
    "Player: BLUE\nR__\nHand:\nCat 3 3 5 5\nDog 4 4 4 4\n\n",
    "Player: RED\nBB_\nHand:\nBee 2 2 9 9\n\n",
    "Player: RED\nRRR\nHand:\n\n",
];
const GAME_OVER: &str = "Game over: RED wins 3-1\n";

fn fixtures() -> Dir {
    let dir = Dir::new();
    dir.write("row3.txt", ROW3);
    dir.write("open2.txt", OPEN2);
    dir.write("cards.txt", CARDS);
    dir.write("ai-cards.txt", AI_CARDS);
    std::fs::create_dir(dir.path().join("rec")).expect("record folder");
    dir
}

/// `play` on ROW3 with CARDS in file order, seed 42, recording to `record`.
fn play_args(record: &str) -> Vec<&str> {
    vec![
        "play",
        "--board",
        "row3.txt",
        "--cards",
        "cards.txt",
        "--deal",
        "in-order",
        "--seed",
        "42",
        "--record",
        record,
    ]
}

fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn json_of(dir: &Dir, name: &str) -> Value {
    serde_json::from_str(&dir.read(name)).expect("the record is valid JSON")
}

/// Plays the whole Red-wins game with a record at `rec/game.json`; returns its stdout.
fn recorded_game(dir: &Dir) -> String {
    let run = dir.run(&play_args("rec/game.json"), script(&MOVES));
    run.assert_clean_exit();
    assert_eq!(run.stdout, [VIEWS.concat().as_str(), GAME_OVER].concat());
    run.stdout
}

#[test]
fn a_finished_game_is_recorded_with_setup_moves_and_result() {
    let dir = fixtures();
    recorded_game(&dir);
    assert_eq!(
        dir.list("rec"),
        ["game.json"],
        "no temporary files are left"
    );
    let r = json_of(&dir, "rec/game.json");
    assert_eq!(r["format"], "trios-record");
    assert_eq!(r["version"], 1);
    let setup = &r["setup"];
    assert_eq!(setup["board"]["text"], ROW3, "the board file's contents");
    assert_eq!(setup["cards"]["text"], CARDS, "the card file's contents");
    assert_eq!(setup["board"]["name"], "row3.txt");
    assert_eq!(setup["cards"]["name"], "cards.txt");
    assert_eq!(setup["seed"], 42);
    assert_eq!(setup["deal"], "in-order");
    assert_eq!(
        setup["rules"],
        json!({"reverse": false, "fallen_ace": false, "same": false, "plus": false})
    );
    assert_eq!(setup["red"], "human");
    assert_eq!(setup["blue"], "human");

    let moves = r["moves"].as_array().expect("a list of moves");
    assert_eq!(moves.len(), 3);
    let expected = [
        ("red", 0, 0, "Ant", 0, [2, 2]),
        ("blue", 0, 1, "Cat", 1, [1, 3]),
        ("red", 0, 2, "Bee", 2, [3, 1]),
    ];
    for (m, (player, hand, col, card, flips, score)) in moves.iter().zip(expected) {
        assert_eq!(m["player"], player);
        assert_eq!(
            m["move"],
            json!({"hand": hand, "pos": {"row": 0, "col": col}})
        );
        assert_eq!(m["card"], card);
        assert_eq!(m["score"], json!(score), "{m}");
        let steps = m["steps"].as_array().expect("battle steps");
        let flipped = steps.iter().filter(|s| s["flipped"] == true).count();
        assert_eq!(flipped, flips, "{m}");
    }
    // The last move: Bee beats Cat in wave 0, Cat beats Ant in wave 1.
    let waves: Vec<&Value> = moves[2]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["wave"])
        .collect();
    assert_eq!(waves, [0, 1]);

    assert_eq!(
        r["result"],
        json!({"outcome": {"win": "red"}, "score": [3, 1], "grid": ["RRR"]})
    );
}

#[test]
fn the_record_names_computer_seats_and_variant_rules() {
    let dir = fixtures();
    let run = dir.run(
        &[
            "play",
            "--seed",
            "5",
            "--rules",
            "reverse,fallen-ace,same,plus",
            "--red",
            "maxflip",
            "--blue",
            "corners",
            "--record",
            "rec/ai.json",
        ],
        "",
    );
    run.assert_clean_exit();
    let r = json_of(&dir, "rec/ai.json");
    let setup = &r["setup"];
    assert_eq!(
        setup["rules"],
        json!({"reverse": true, "fallen_ace": true, "same": true, "plus": true})
    );
    assert_eq!(setup["red"], "maxflip");
    assert_eq!(setup["blue"], "corners");
    assert_eq!(setup["deal"], "shuffle");
    assert_eq!(setup["seed"], 5);
    // The built-in files are recorded by content too.
    let board = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/boards/default.txt"),
    )
    .unwrap();
    assert_eq!(setup["board"]["text"], board.as_str());
    assert_eq!(r["moves"].as_array().map(Vec::len), Some(17));
    let result = &r["result"];
    let score: u64 = result["score"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .sum();
    assert_eq!(score, 18);
}

#[test]
fn quitting_half_way_leaves_a_record_of_the_moves_so_far() {
    let dir = fixtures();
    let run = dir.run(
        &play_args("rec/half.json"),
        script(&[MOVES[0], MOVES[1], "quit"]),
    );
    run.assert_clean_exit();
    assert_eq!(run.stdout, VIEWS[..3].concat());
    assert_eq!(
        dir.list("rec"),
        ["half.json"],
        "no temporary files are left"
    );
    let r = json_of(&dir, "rec/half.json");
    let cards: Vec<&Value> = r["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["card"])
        .collect();
    assert_eq!(cards, ["Ant", "Cat"]);
    assert_eq!(r["result"], Value::Null);

    // The unfinished record replays its two moves and says nothing about a winner.
    let replay = dir.run(&["replay", "rec/half.json"], "");
    assert_eq!(replay.code, Some(0), "{}", replay.stderr);
    let views = [
        VIEWS[0],
        "RED plays 0 0 0\n",
        VIEWS[1],
        "BLUE plays 0 0 1\n",
        VIEWS[2],
    ]
    .concat();
    assert!(replay.stdout.starts_with(&views), "{}", replay.stdout);
    assert!(!replay.stdout.contains("Game over"), "{}", replay.stdout);
}

#[test]
fn a_record_with_no_moves_is_written_before_the_first_move() {
    let dir = fixtures();
    let run = dir.run(&play_args("rec/none.json"), "quit\n");
    run.assert_clean_exit();
    let r = json_of(&dir, "rec/none.json");
    assert_eq!(r["moves"], json!([]));
    assert_eq!(r["result"], Value::Null);
}

#[test]
fn the_record_is_rewritten_after_every_move() {
    let dir = fixtures();
    let mut game = Session::start(&dir, &play_args("rec/live.json"));
    let moves_on_disk = |dir: &Dir| {
        let r = json_of(dir, "rec/live.json");
        assert_eq!(
            dir.list("rec"),
            ["live.json"],
            "no temporary files are left"
        );
        (r["moves"].as_array().map(Vec::len), r["result"].clone())
    };
    assert_eq!(game.view(), VIEWS[0]);
    assert_eq!(moves_on_disk(&dir), (Some(0), Value::Null));
    for (i, mv) in MOVES.iter().enumerate() {
        game.send(mv);
        // A view is printed only after the record holds the move.
        assert_eq!(game.view(), VIEWS[i + 1]);
        if i + 1 < MOVES.len() {
            assert_eq!(moves_on_disk(&dir), (Some(i + 1), Value::Null));
        }
    }
    assert_eq!(format!("{}\n", game.line()), GAME_OVER);
    let (moves, result) = moves_on_disk(&dir);
    assert_eq!(moves, Some(3));
    assert_eq!(result["outcome"], json!({"win": "red"}));
    let (code, stderr) = game.finish();
    assert_eq!(code, Some(0));
    assert_eq!(stderr, "");
}

fn ai_args(record: &str) -> Vec<&str> {
    vec![
        "play",
        "--board",
        "open2.txt",
        "--cards",
        "ai-cards.txt",
        "--deal",
        "in-order",
        "--red",
        "maxflip",
        "--blue",
        "maxflip",
        "--record",
        record,
    ]
}

#[test]
fn replaying_a_computer_game_prints_the_same_lines() {
    let dir = fixtures();
    let mut args = ai_args("rec/ai.json");
    args.extend(["--seed", "5"]);
    let original = dir.run(&args, "");
    original.assert_clean_exit();
    assert_eq!(original.stdout.matches(" plays ").count(), 4);
    for args in [
        &["replay", "rec/ai.json"][..],
        &["replay", "rec/ai.json", "--ui", "text"][..],
        &["replay", "--ui", "text", "rec/ai.json"][..],
    ] {
        let replay = dir.run(args, "");
        replay.assert_clean_exit();
        assert_eq!(replay.stdout, original.stdout, "{args:?}");
    }
}

#[test]
fn replaying_a_shuffled_game_uses_the_recorded_seed() {
    let dir = fixtures();
    // No --seed: one is drawn, shown on stderr, and kept in the record.
    let args = [
        "play",
        "--red",
        "random",
        "--blue",
        "maxflip",
        "--record",
        "rec/s.json",
    ];
    let original = dir.run(&args, "");
    assert_eq!(original.code, Some(0));
    let seed = json_of(&dir, "rec/s.json")["setup"]["seed"]
        .as_u64()
        .expect("the record keeps the seed");
    assert_eq!(
        original.stderr,
        format!("seed: {seed} (play this game again with --seed {seed})\n")
    );
    let replay = dir.run(&["replay", "rec/s.json"], "");
    replay.assert_clean_exit();
    assert_eq!(replay.stdout, original.stdout);
}

#[test]
fn replaying_a_human_game_shows_the_same_views_and_announces_each_move() {
    let dir = fixtures();
    let original = recorded_game(&dir);
    let replay = dir.run(&["replay", "rec/game.json"], "");
    replay.assert_clean_exit();
    // The replay announces every move, human or not, the way text mode announces a
    // computer's move; apart from those lines it is the game as it was played.
    let (plays, rest): (Vec<&str>, Vec<&str>) =
        replay.stdout.lines().partition(|l| l.contains(" plays "));
    assert_eq!(
        plays,
        ["RED plays 0 0 0", "BLUE plays 0 0 1", "RED plays 0 0 2"]
    );
    let rest: String = rest.iter().map(|l| format!("{l}\n")).collect();
    assert_eq!(rest, original);
}

#[test]
fn the_replayed_final_state_equals_the_recorded_one() {
    let dir = fixtures();
    let stdout = recorded_game(&dir);
    let path = dir.path().join("rec/game.json");
    let record = Record::load(&path).expect("the record loads");
    assert_eq!(record.format, "trios-record");
    assert_eq!(record.version, 1);
    assert_eq!(record.moves.len(), 3);
    let mut views = vec![];
    let mut played = vec![];
    let game = record
        .replay("game.json", |game, outcome| {
            views.push(text::render(game));
            played.extend(outcome.map(|o| o.mv));
        })
        .expect("the record replays");
    // Each view as text mode prints it, without the empty line that follows it.
    let expected: Vec<&str> = VIEWS.iter().map(|v| &v[..v.len() - 1]).collect();
    assert_eq!(views, expected);
    let recorded: Vec<Move> = record.moves.iter().map(|m| m.mv).collect();
    assert_eq!(played, recorded);
    assert!(stdout.ends_with(&format!("{}\n{GAME_OVER}", text::render(&game))));
    let result = record
        .result
        .as_ref()
        .expect("a finished game has a result");
    assert_eq!(game.outcome(), Some(result.outcome));
    assert_eq!(result.outcome, Outcome::Win(Player::Red));
    assert_eq!(
        result.score,
        [game.score(Player::Red), game.score(Player::Blue)]
    );
    assert_eq!(result.score, [3, 1]);
    assert_eq!(result.grid, ["RRR"]);
    // The same text through from_json gives the same record.
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(Record::from_json("game.json", &text).unwrap(), record);
}

fn config(seed: u64) -> MatchConfig {
    MatchConfig {
        clock: None,
        board: SourceFile {
            name: "row3.txt".into(),
            text: ROW3.into(),
        },
        cards: SourceFile {
            name: "cards.txt".into(),
            text: CARDS.into(),
        },
        deal: DealMode::InOrder,
        seed,
        rules: RuleSet::default(),
        red: Seat::Human,
        blue: Seat::Human,
        think_ms: 1000,
    }
}

#[test]
fn a_match_keeps_its_record_current_after_every_move() {
    let dir = fixtures();
    let path = dir.path().join("rec/api.json");
    let mut game = Match::start(config(3), Some(path.clone())).expect("the match starts");
    let load = |path: &PathBuf| Record::load(path).expect("the record loads after every move");
    let start = load(&path);
    assert_eq!(start.setup, *game.config());
    assert!(start.moves.is_empty() && start.result.is_none());

    let moves = [Move::new(0, 0, 0), Move::new(0, 0, 1), Move::new(0, 0, 2)];
    for (i, mv) in moves.into_iter().enumerate() {
        // A refused move changes neither the game nor the file.
        let refused = game.play(Move::new(5, 0, 0)).unwrap_err();
        assert!(matches!(refused, MoveError::NoSuchCard { index: 5, .. }));
        assert_eq!(load(&path).moves.len(), i);

        game.play(mv).expect("a legal move");
        let record = load(&path);
        assert_eq!(record.moves.len(), i + 1);
        assert_eq!(record.moves.last().unwrap().mv, mv);
        assert_eq!(record.result.is_some(), i == 2);
        assert!(game.take_record_error().is_none());
        assert_eq!(dir.list("rec"), ["api.json"]);
    }
    let record = load(&path);
    assert_eq!(record.moves.len(), game.history().len());
    let replayed = record.replay("api.json", |_, _| {}).expect("it replays");
    assert_eq!(text::render(&replayed), text::render(game.game()));
}

#[test]
fn a_match_refuses_an_unwritable_record_path() {
    let dir = fixtures();
    let path = dir.path().join("no/such/folder/r.json");
    let err = Match::start(config(1), Some(path)).err().expect("refused");
    assert!(
        matches!(err, StartError::Record(RecordError::Write { .. })),
        "{err}"
    );
    assert!(!dir.path().join("no").exists());
}

#[test]
fn an_unwritable_record_path_stops_the_binary_before_any_view() {
    let dir = fixtures();
    for record in ["nodir/game.json", "rec"] {
        let run = dir.run(&play_args(record), script(&MOVES));
        run.assert_refused(record);
        assert_eq!(run.error_lines().len(), 1, "{}", run.stderr);
        assert!(
            run.stderr.starts_with(&format!("error: {record}: ")),
            "{}",
            run.stderr
        );
    }
    assert_eq!(dir.list("rec"), Vec::<String>::new());
}

/// Writes `record` edited by `edit` to `name`.
fn tampered(dir: &Dir, name: &str, record: &Value, edit: impl FnOnce(&mut Value)) {
    let mut copy = record.clone();
    edit(&mut copy);
    dir.write(name, serde_json::to_string_pretty(&copy).unwrap());
}

/// Checks a replay refused with exit 2, no output and one `error: NAME…` line.
fn assert_replay_refused(dir: &Dir, name: &str, needle: &str) -> String {
    let run = dir.run(&["replay", name], "");
    assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
    assert_eq!(run.stdout, "", "{name}: no view of a bad record");
    let errors = run.error_lines();
    assert_eq!(errors.len(), 1, "{name}: {errors:?}");
    assert!(
        errors[0].starts_with(&format!("error: {name}")),
        "{errors:?}"
    );
    assert!(
        errors[0].contains(needle),
        "{name}: {errors:?} should contain {needle:?}"
    );
    errors[0].to_string()
}

#[test]
fn tampered_moves_do_not_replay() {
    let dir = fixtures();
    recorded_game(&dir);
    let good = json_of(&dir, "rec/game.json");
    tampered(&dir, "card.json", &good, |r| {
        r["moves"][1]["card"] = json!("Dog")
    });
    tampered(&dir, "flip.json", &good, |r| {
        r["moves"][1]["steps"][0]["flipped"] = json!(false)
    });
    tampered(&dir, "combo.json", &good, |r| {
        r["moves"][2]["steps"][1]["attack"] = json!(7)
    });
    tampered(&dir, "lost.json", &good, |r| {
        r["moves"][2]["steps"].as_array_mut().unwrap().pop();
    });
    tampered(&dir, "score.json", &good, |r| {
        r["moves"][0]["score"] = json!([1, 3])
    });
    tampered(&dir, "cell.json", &good, |r| {
        r["moves"][0]["move"]["pos"]["row"] = json!(5)
    });
    tampered(&dir, "turn.json", &good, |r| {
        r["moves"][0]["player"] = json!("blue")
    });
    tampered(&dir, "extra.json", &good, |r| {
        let first = r["moves"][0].clone();
        r["moves"].as_array_mut().unwrap().push(first);
    });
    tampered(&dir, "winner.json", &good, |r| {
        r["result"]["outcome"] = json!({"win": "blue"})
    });
    tampered(&dir, "unfinished.json", &good, |r| {
        r["moves"].as_array_mut().unwrap().pop();
    });
    tampered(&dir, "board.json", &good, |r| {
        r["setup"]["board"]["text"] = json!("1 3\nCCc\n")
    });
    for (name, needle) in [
        ("card.json", "move 2"),
        ("flip.json", "move 2"),
        ("combo.json", "move 3"),
        ("lost.json", "move 3"),
        ("score.json", "move 1"),
        ("cell.json", "move 1"),
        ("turn.json", "move 1"),
        ("extra.json", "move 4"),
        ("winner.json", "winner.json"),
        ("unfinished.json", "unfinished.json"),
        ("board.json", "row3.txt:2:3"),
    ] {
        assert_replay_refused(&dir, name, needle);
    }
}

#[test]
fn files_that_are_not_records_are_refused_with_a_place() {
    let dir = fixtures();
    recorded_game(&dir);
    let good = dir.read("rec/game.json");
    dir.write(
        "bad.json",
        "{\n  \"format\": \"trios-record\",\n  \"version\": 1,\n  oops\n}\n",
    );
    dir.write("cut.json", &good[..good.len() / 2]);
    dir.write("garbage.json", b"\xff\xfe not json at all\x00");
    dir.write("empty.json", "");
    dir.write("other.json", "{\"name\": \"Ant\", \"north\": 1}\n");
    dir.write("list.json", "[1, 2, 3]\n");
    tampered(
        &dir,
        "v99.json",
        &serde_json::from_str(&good).unwrap(),
        |r| r["version"] = json!(99),
    );
    tampered(
        &dir,
        "seat.json",
        &serde_json::from_str(&good).unwrap(),
        |r| r["setup"]["blue"] = json!("deepblue"),
    );
    // JSON syntax errors give line and column: "oops" starts at line 4, column 3.
    assert_replay_refused(&dir, "bad.json", "bad.json:4:3: ");
    let cut = assert_replay_refused(&dir, "cut.json", "cut.json:");
    let place: Vec<&str> = cut["error: cut.json:".len()..].splitn(3, ':').collect();
    assert!(
        place.len() == 3 && place[..2].iter().all(|n| n.parse::<usize>().is_ok()),
        "{cut}"
    );
    assert_replay_refused(&dir, "garbage.json", "garbage.json:1:");
    assert_replay_refused(&dir, "empty.json", "empty.json");
    assert_replay_refused(&dir, "other.json", "other.json");
    assert_replay_refused(&dir, "list.json", "list.json");
    assert_replay_refused(&dir, "v99.json", "99");
    assert_replay_refused(&dir, "seat.json", "deepblue");
    assert_replay_refused(&dir, "missing.json", "missing.json");
    assert_replay_refused(&dir, "rec", "rec");
}

#[test]
fn record_errors_through_the_api() {
    let dir = fixtures();
    recorded_game(&dir);
    let good = dir.read("rec/game.json");
    let err = Record::from_json("x.json", "{\n\n  [\n").unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::Corrupt {
                line: 3,
                col: 3,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("x.json:3:3: "), "{err}");
    let v99 = good.replacen("\"version\": 1", "\"version\": 99", 1);
    assert!(matches!(
        Record::from_json("x.json", &v99),
        Err(RecordError::Version { found, .. }) if found == "99"
    ));
    assert!(matches!(
        Record::from_json("x.json", "{\"version\": 1}"),
        Err(RecordError::NotARecord { .. })
    ));
    let card = good.replacen("\"card\": \"Cat\"", "\"card\": \"Dog\"", 1);
    let record = Record::from_json("x.json", &card).expect("still a well-formed record");
    assert!(matches!(
        record.replay("x.json", |_, _| {}),
        Err(RecordError::Diverged { number: 2, .. })
    ));
    assert!(matches!(
        Record::load(&dir.path().join("nope.json")),
        Err(RecordError::Read { .. })
    ));
}

/// A record whose `format` is right but whose `version` is not a whole number is reported
/// as a version problem, not as a foreign file.
#[test]
fn a_bad_version_number_is_reported_as_a_version_problem() {
    let dir = fixtures();
    recorded_game(&dir);
    let good: Value = json_of(&dir, "rec/game.json");
    for (name, version) in [
        ("neg.json", json!(-1)),
        ("text.json", json!("1")),
        ("none.json", Value::Null),
    ] {
        tampered(&dir, name, &good, |r| r["version"] = version);
        let line = assert_replay_refused(&dir, name, name);
        assert!(line.contains("version"), "{line}");
        assert!(!line.contains("no \"format\""), "{line}");
    }
}

/// A card file that is also a valid deck for the built-in board.
fn deck_text() -> String {
    (0..20)
        .map(|i| format!("Card{i} {} {} {} {}\n", 1 + i % 9, 2, 3, 4))
        .collect()
}

#[test]
fn record_never_overwrites_an_input_file_even_with_force() {
    let dir = Dir::new();
    let cards = dir.write("my.txt", deck_text());
    let before = dir.read("my.txt");
    for extra in [&[][..], &["--force"][..]] {
        let mut args = vec![
            "play", "--ui", "text", "--cards", "my.txt", "--record", "my.txt",
        ];
        args.extend_from_slice(extra);
        let run = dir.run(&args, "quit\n");
        run.assert_refused("--cards file");
        assert_eq!(dir.read("my.txt"), before, "the card file was changed");
    }
    assert!(cards.exists());
}

#[test]
fn record_refuses_to_overwrite_other_files_unless_forced() {
    let dir = Dir::new();
    dir.write("notes.txt", "my precious notes\n");
    let record = |seed: &str, file: &str, force: bool| {
        let mut args = vec!["play", "--ui", "text", "--seed", seed, "--record", file];
        if force {
            args.push("--force");
        }
        dir.run(&args, "quit\n")
    };
    let run = record("1", "notes.txt", false);
    run.assert_refused("not a trios match record");
    assert!(run.stderr.contains("--force"), "{}", run.stderr);
    assert_eq!(dir.read("notes.txt"), "my precious notes\n");

    // A record of another match is kept too; the same match may be written again.
    let first = record("1", "game.json", false);
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    record("2", "game.json", false).assert_refused("a different match");
    let again = record("1", "game.json", false);
    assert_eq!(again.code, Some(0), "{}", again.stderr);

    let forced = record("1", "notes.txt", true);
    assert_eq!(forced.code, Some(0), "{}", forced.stderr);
    assert!(Record::load(&dir.path().join("notes.txt")).is_ok());
}

#[test]
fn a_record_in_a_missing_folder_names_the_path_given() {
    let dir = Dir::new();
    let run = dir.run(
        &["play", "--ui", "text", "--record", "nowhere/x.json"],
        "quit\n",
    );
    run.assert_refused("nowhere/x.json");
    assert!(run.stderr.contains("does not exist"), "{}", run.stderr);
    assert!(!run.stderr.contains(".tmp"), "{}", run.stderr);
}
