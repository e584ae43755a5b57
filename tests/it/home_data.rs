//! Helpers for the home screen's tests: a home screen over a data folder, keys typed at it,
//! and data folders whose records the real binary wrote (a watched match made from one by
//! giving both seats to computers).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::common::base;
use crate::common::bin::Dir;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use trios::tui::lobby::{Intent, Lobby};
use trios::tui::{Event, Theme};

/// The home screen over data folder `data` on a screen of `size`.
pub fn home_at(data: Option<&Path>, size: (u16, u16)) -> Lobby {
    Lobby::home(
        Arc::new(trios::registry::lobby_choices(base())),
        data.map(Path::to_path_buf),
        size,
        Theme::plain(),
    )
}

/// Types `typed`: `>` and `<` are the arrows right and left, `\r` is Enter, `^` is Up,
/// `v` is Down and `~` is Esc; anything else is that character.
pub fn keys(lobby: &mut Lobby, typed: &str) -> Option<Intent> {
    let mut last = None;
    for c in typed.chars() {
        let code = match c {
            '\r' => KeyCode::Enter,
            '>' => KeyCode::Right,
            '<' => KeyCode::Left,
            '^' => KeyCode::Up,
            'v' => KeyCode::Down,
            '~' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        last = lobby.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }
    last
}

pub fn render(lobby: &Lobby) -> String {
    crate::common::screen::screen(lobby, lobby.size())
}

/// The line of the screen holding `text`.
pub fn line_with<'a>(screen: &'a str, text: &str) -> &'a str {
    screen
        .lines()
        .find(|line| line.contains(text))
        .unwrap_or_else(|| panic!("no line with {text:?}:\n{screen}"))
}

/// Sets a file's modification time to `when`.
pub fn touch(path: &Path, when: SystemTime) {
    let file = std::fs::File::options()
        .write(true)
        .open(path)
        .expect("record file");
    file.set_modified(when).expect("set the modification time");
}

/// `secs` seconds ago.
pub fn ago(secs: u64) -> SystemTime {
    SystemTime::now() - Duration::from_secs(secs)
}

/// A data folder (in `dir`) with the matches folder made.
pub fn data_folder(dir: &Dir) -> (PathBuf, PathBuf) {
    let data = dir.path().join("data");
    let matches = data.join("matches");
    std::fs::create_dir_all(&matches).expect("matches folder");
    (data, matches)
}

/// An unfinished Reversi match, the person dark against expert, recorded by the binary at
/// `path`: dark's 3 5 and expert's answer.
pub fn unfinished_reversi(dir: &Dir, path: &Path) {
    let path = path.to_str().expect("UTF-8 path");
    let args = [
        "play", "--game", "reversi", "--ui", "text", "--light", "expert", "--seed", "1",
        "--record", path,
    ];
    let run = dir.run(&args, "3 5\n");
    assert_eq!(run.code, Some(0), "{run:?}");
}

/// A finished Reversi match of two computers recorded by the binary at `path`.
pub fn finished_reversi(dir: &Dir, path: &Path) {
    let path = path.to_str().expect("UTF-8 path");
    let args = [
        "play", "--game", "reversi", "--ui", "text", "--dark", "greedy", "--light", "random",
        "--seed", "3", "--record", path,
    ];
    let run = dir.run(&args, "");
    assert!(run.stdout.contains("Game over"), "{run:?}");
}

/// The record at `from` with both seats given to computers, written to `to`: an unfinished
/// match two computers were playing while someone watched.
pub fn watched_copy(from: &Path, to: &Path) {
    let text = std::fs::read_to_string(from).expect("record");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("JSON record");
    json["setup"]["seats"] = serde_json::json!(["positional", "expert"]);
    std::fs::write(to, json.to_string()).expect("write the watched record");
}
