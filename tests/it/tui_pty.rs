//! The real `trios` binary run full screen in a pseudo-terminal: keystrokes in, the parsed screen
//! out. Only a real terminal shows raw mode, the alternate screen, mouse reporting, resizes,
//! signals and how the terminal is left afterwards; the in-process `TestBackend` tests in
//! `tui_app.rs` cannot see any of that.

use crate::common::fork::SpawnGuarded;
use std::fmt;
use std::io::{ErrorKind, Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};
use trios::games::three_trios::Outcome;
use trios::record::three_trios::Record;

/// How long the screen may take to show what a test waits for. Generous: CI is slow.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long trios may take to exit once asked to.
const EXIT_TIMEOUT: Duration = Duration::from_secs(5);

/// A short game: 9 cells, so Red places 5 cards and Blue 4.
fn small_game() -> Vec<String> {
    let board = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/boards/open-3x3.txt");
    [
        "play",
        "--board",
        board.to_str().expect("UTF-8 path"),
        "--seed",
        "4",
        "--blue",
        "maxflip",
    ]
    .map(String::from)
    .to_vec()
}

/// Everything the pseudo-terminal has shown so far, fed by the reader thread.
struct Seen {
    parser: vt100::Parser,
    raw: Vec<u8>,
    /// When the last output was parsed.
    updated: Instant,
    /// The terminal's other end is closed: nothing more will come.
    eof: bool,
}

struct Output {
    seen: Mutex<Seen>,
    changed: Condvar,
}

impl Output {
    fn lock(&self) -> MutexGuard<'_, Seen> {
        lock(&self.seen)
    }
}

/// A copy of the screen's text at one moment.
struct Screen {
    rows: Vec<String>,
    /// When the output that produced this screen was parsed.
    shown_at: Instant,
}

impl Screen {
    fn of(seen: &Seen) -> Screen {
        let screen = seen.parser.screen();
        let (_, cols) = screen.size();
        Screen {
            rows: screen.rows(0, cols.get()).collect(),
            shown_at: seen.updated,
        }
    }

    fn contains(&self, text: &str) -> bool {
        self.rows.iter().any(|row| row.contains(text))
    }

    /// The status bar's first line: whose turn, score, message.
    fn status(&self) -> &str {
        self.rows.iter().rev().nth(1).map_or("", String::as_str)
    }

    /// What the bottom of the screen says: the status rows and any rows a long note takes
    /// above them, trimmed and joined by spaces.
    fn said(&self) -> String {
        let from = self.rows.len().saturating_sub(5);
        let rows: Vec<&str> = self.rows[from..].iter().map(|r| r.trim()).collect();
        rows.join(" ")
    }

    /// The status bar's second line: the keys that matter now.
    fn keys(&self) -> &str {
        self.rows.last().map_or("", String::as_str)
    }

    /// Red has the move and may act: not a computer thinking, not over.
    fn red_to_move(&self) -> bool {
        self.status().starts_with(" RED to move")
    }

    fn game_over(&self) -> bool {
        self.status().starts_with(" Game over:")
    }

    /// A frame is drawn top to bottom, and output may arrive in pieces: the key hints line,
    /// last on the screen, ends with `q quit` once a whole frame is in.
    fn frame_complete(&self) -> bool {
        self.keys().trim_end().ends_with("q quit")
    }
}

impl fmt::Display for Screen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .rows
            .iter()
            .map(|r| r.chars().count())
            .max()
            .unwrap_or(0);
        writeln!(f, "+{}+", "-".repeat(width))?;
        for row in &self.rows {
            writeln!(f, "|{row:<width$}|")?;
        }
        write!(f, "+{}+", "-".repeat(width))
    }
}

/// `trios` running in a pseudo-terminal of its own, with a fresh data folder.
struct Pty {
    output: Arc<Output>,
    master: Box<dyn MasterPty + Send>,
    /// The keyboard, shared with the reader thread for the terminal's answers. Dropped only
    /// after the child is gone: dropping it types a newline and end-of-file.
    keyboard: Keyboard,
    child: Box<dyn Child + Send + Sync>,
    /// The terminal's line settings before trios started, to compare with after it ends.
    cooked: String,
    data: tempfile::TempDir,
}

type Keyboard = Arc<Mutex<Option<Box<dyn Write + Send>>>>;

/// Whether the terminal answers a cursor position request (`ESC [ 6 n`) as real terminals do.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Answers {
    CursorPosition,
    Nothing,
}

impl Pty {
    /// Starts `trios ARGS` on a `cols`x`rows` terminal that answers like a real one.
    fn start(cols: u16, rows: u16, args: &[String]) -> Pty {
        Pty::start_answering(cols, rows, args, Answers::CursorPosition)
    }

    fn start_answering(cols: u16, rows: u16, args: &[String], answers: Answers) -> Pty {
        Pty::start_program(env!("CARGO_BIN_EXE_trios"), cols, rows, args, answers)
    }

    /// Starts `trios ARGS` with the data folder of an earlier run (its own stays empty).
    fn start_in(cols: u16, rows: u16, args: &[String], data: &Path) -> Pty {
        let program = env!("CARGO_BIN_EXE_trios");
        Pty::start_with(
            program,
            cols,
            rows,
            args,
            Answers::CursorPosition,
            Some(data),
        )
    }

    /// Starts `program ARGS` (trios, or a client of it) in a terminal of its own.
    fn start_program(
        program: &str,
        cols: u16,
        rows: u16,
        args: &[String],
        answers: Answers,
    ) -> Pty {
        Pty::start_with(program, cols, rows, args, answers, None)
    }

    /// As [`Pty::start_program`], with `TRIOS_DATA_DIR` at `data` when given.
    fn start_with(
        program: &str,
        cols: u16,
        rows: u16,
        args: &[String],
        answers: Answers,
        data_dir: Option<&Path>,
    ) -> Pty {
        // No child may start while the new terminal's ends are still inherited.
        let no_spawns = crate::common::fork::no_spawns();
        let pair = native_pty_system()
            .openpty(pty_size(cols, rows))
            .unwrap_or_else(|e| panic!("cannot open a pseudo-terminal here: {e:#}"));
        drop(no_spawns);
        let cooked = line_settings(&*pair.master);
        let data = tempfile::tempdir().expect("temporary data folder");
        let mut cmd = CommandBuilder::new(program);
        cmd.args(args);
        cmd.cwd(data.path());
        cmd.env("TRIOS_DATA_DIR", data_dir.unwrap_or(data.path()));
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("RUST_BACKTRACE");
        cmd.env_remove("RUST_LIB_BACKTRACE");
        // Started like every other child: never while another test opens a terminal, whose
        // ends it would otherwise inherit and keep open.
        let spawning = crate::common::fork::spawning();
        let child = pair
            .slave
            .spawn_command(cmd)
            .unwrap_or_else(|e| panic!("cannot start trios in the pseudo-terminal: {e:#}"));
        drop(spawning);
        // Only the child may hold the terminal's far end, so its exit reads as end of output.
        drop(pair.slave);
        let reader = pair.master.try_clone_reader().expect("pty reader");
        let keyboard: Keyboard = Arc::new(Mutex::new(Some(
            pair.master.take_writer().expect("pty writer"),
        )));
        let output = Arc::new(Output {
            seen: Mutex::new(Seen {
                parser: vt100::Parser::new(nonzero(rows), nonzero(cols), 0),
                raw: Vec::new(),
                updated: Instant::now(),
                eof: false,
            }),
            changed: Condvar::new(),
        });
        let feed = Arc::clone(&output);
        let answer = (answers == Answers::CursorPosition).then(|| Arc::clone(&keyboard));
        thread::spawn(move || read_into(reader, &feed, answer));
        Pty {
            output,
            master: pair.master,
            keyboard,
            child,
            cooked,
            data,
        }
    }

    /// Types `bytes`; returns the moment just before they were written.
    fn send(&mut self, bytes: &[u8]) -> Instant {
        let mut keyboard = lock(&self.keyboard);
        let writer = keyboard.as_mut().expect("pty writer");
        let at = Instant::now();
        writer.write_all(bytes).expect("write to the pty");
        writer.flush().expect("flush the pty");
        at
    }

    /// The screen now.
    fn screen(&self) -> Screen {
        Screen::of(&self.output.lock())
    }

    /// Waits until the parsed screen satisfies `ready`, and returns that screen. Fails with the
    /// last screen after [`TIMEOUT`], or at once when the terminal has closed.
    fn wait_for(&self, what: &str, ready: impl Fn(&Screen) -> bool) -> Screen {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = self.output.lock();
        loop {
            let screen = Screen::of(&seen);
            if ready(&screen) {
                return screen;
            }
            let now = Instant::now();
            if now >= deadline || seen.eof {
                let why = if seen.eof {
                    "trios closed the terminal"
                } else {
                    "timed out"
                };
                drop(seen);
                panic!("{why} waiting for {what}; last screen:\n{screen}");
            }
            seen = self
                .output
                .changed
                .wait_timeout(seen, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Resizes the terminal, as a person dragging the window would.
    fn resize(&mut self, cols: u16, rows: u16) {
        self.output
            .lock()
            .parser
            .set_size(nonzero(rows), nonzero(cols));
        self.master
            .resize(pty_size(cols, rows))
            .expect("resize the pty");
    }

    fn pid(&self) -> u32 {
        self.child.process_id().expect("trios has a process id")
    }

    /// Waits for trios to exit and for the last of its output; fails after `within`.
    fn wait_exit(&mut self, within: Duration) -> ExitStatus {
        let deadline = Instant::now() + within;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait for trios") {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "trios did not exit within {within:?}; screen:\n{}",
                self.screen()
            );
            thread::sleep(Duration::from_millis(10));
        };
        let mut seen = self.output.lock();
        while !seen.eof {
            let now = Instant::now();
            assert!(
                now < deadline + TIMEOUT,
                "the pty never reached end of output"
            );
            seen = self
                .output
                .changed
                .wait_timeout(seen, deadline + TIMEOUT - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        status
    }

    /// The terminal's raw mode flags as the child sees them now (`ICANON`, `ECHO`, ...).
    fn local_flags(&self) -> Vec<String> {
        let termios = self.master.get_termios().expect("pty settings");
        format!("{:?}", termios.local_flags)
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect()
    }

    /// Everything trios wrote, escape sequences included.
    fn raw(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().raw).into_owned()
    }

    fn matches_dir(&self) -> PathBuf {
        self.data.path().join("matches")
    }

    /// The files in the data folder's matches folder.
    fn match_files(&self) -> Vec<PathBuf> {
        std::fs::read_dir(self.matches_dir())
            .expect("the matches folder exists")
            .map(|e| e.expect("folder entry").path())
            .collect()
    }

    /// `q`, an exit with status 0, and the terminal as it was.
    fn quit_restored(&mut self) {
        self.send(b"q");
        assert!(self.wait_exit(EXIT_TIMEOUT).success());
        self.assert_terminal_restored();
    }

    /// The single match record in the data folder.
    fn only_record(&self) -> (PathBuf, Record) {
        let files = self.match_files();
        assert_eq!(files.len(), 1, "one autosave record: {files:?}");
        let record = Record::load(&files[0]).expect("the autosave is a valid record");
        (files[0].clone(), record)
    }

    /// What trios left undone in the terminal after it ended: raw mode, the alternate screen,
    /// mouse reporting or the hidden cursor, judged both from the bytes it wrote and from the
    /// terminal's state. Empty when all is put back.
    fn restore_problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let raw = self.raw();
        for (on, off, what) in [
            ("\x1b[?1049h", "\x1b[?1049l", "alternate screen"),
            ("\x1b[?1000h", "\x1b[?1000l", "mouse reporting"),
            ("\x1b[?1003h", "\x1b[?1003l", "mouse motion reporting"),
            ("\x1b[?1006h", "\x1b[?1006l", "SGR mouse encoding"),
            ("\x1b[?25l", "\x1b[?25h", "hidden cursor"),
        ] {
            let entered = raw.rfind(on);
            if entered.is_none() {
                problems.push(format!("{what} was never turned on ({on:?})"));
            } else if raw.rfind(off) < entered {
                problems.push(format!(
                    "{what} not turned off ({off:?}) after its last use"
                ));
            }
        }
        {
            let seen = self.output.lock();
            let screen = seen.parser.screen();
            if screen.alternate_screen() {
                problems.push("still on the alternate screen".into());
            }
            if screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None {
                problems.push("mouse reporting still on".into());
            }
            if screen.hide_cursor() {
                problems.push("cursor still hidden".into());
            }
        }
        if line_settings(&*self.master) != self.cooked {
            problems.push(format!(
                "line settings not put back (raw mode?): local flags now {:?}",
                self.local_flags()
            ));
        }
        problems
    }

    /// Checks the terminal is as trios found it, and that nothing panicked.
    fn assert_terminal_restored(&self) {
        let problems = self.restore_problems();
        assert!(problems.is_empty(), "terminal not restored: {problems:#?}");
        let raw = self.raw().to_lowercase();
        assert!(
            !raw.contains("panicked") && !raw.contains("backtrace"),
            "trios panicked:\n{}",
            self.raw()
        );
    }

    /// Checks trios is in raw mode now: keys arrive one by one, unechoed, Ctrl-C as a key.
    fn assert_raw_mode(&self) {
        let flags = self.local_flags();
        for flag in ["ICANON", "ECHO", "ISIG"] {
            assert!(
                !flags.iter().any(|f| f == flag),
                "{flag} still set while full screen: {flags:?}"
            );
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        // Only reached with trios still running when a test failed half-way.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        drop(lock(&self.keyboard).take());
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The request a program sends to learn where the cursor is.
const CURSOR_POSITION_REQUEST: &[u8] = b"\x1b[6n";

/// Parses everything the terminal shows until its far end closes; answers cursor position
/// requests on `answer` when given, as a terminal emulator does.
fn read_into(mut reader: Box<dyn Read + Send>, output: &Output, answer: Option<Keyboard>) {
    let mut buf = [0u8; 16 * 1024];
    loop {
        let n = match reader.read(&mut buf) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => 0,
        };
        let mut seen = output.lock();
        let mut reply = None;
        if n == 0 {
            seen.eof = true;
        } else {
            // A request may straddle two reads: look from a little before this one.
            let from = seen
                .raw
                .len()
                .saturating_sub(CURSOR_POSITION_REQUEST.len() - 1);
            seen.parser.process(&buf[..n]);
            seen.raw.extend_from_slice(&buf[..n]);
            seen.updated = Instant::now();
            let asked = seen.raw[from..]
                .windows(CURSOR_POSITION_REQUEST.len())
                .filter(|w| *w == CURSOR_POSITION_REQUEST)
                .count();
            if asked > 0 {
                let (row, col) = seen.parser.screen().cursor_position();
                reply = Some(format!("\x1b[{};{}R", row + 1, col + 1).repeat(asked));
            }
        }
        drop(seen);
        output.changed.notify_all();
        if let (Some(reply), Some(keyboard)) = (reply, &answer)
            && let Some(writer) = lock(keyboard).as_mut()
        {
            let _ = writer.write_all(reply.as_bytes());
            let _ = writer.flush();
        }
        if n == 0 {
            return;
        }
    }
}

fn pty_size(cols: u16, rows: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

fn nonzero(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("a terminal size is not zero")
}

/// The terminal's whole line discipline settings, as text to compare.
fn line_settings(master: &dyn MasterPty) -> String {
    format!("{:?}", master.get_termios().expect("pty settings"))
}

/// Sends `signal` (a name such as `TERM`) to process `pid` with the system's `kill`.
fn signal(pid: u32, signal: &str) {
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(pid.to_string())
        .status_guarded()
        .expect("run kill");
    assert!(status.success(), "kill -{signal} {pid} failed");
}

/// The score `R–B` from a status line such as `Game over: BLUE wins · 1–9 · rules ...`.
fn score(status: &str) -> [usize; 2] {
    let part = status
        .split(" · ")
        .nth(1)
        .unwrap_or_else(|| panic!("no score in the status line {status:?}"));
    let (red, blue) = part
        .split_once('–')
        .unwrap_or_else(|| panic!("no score in the status line {status:?}"));
    let parse = |s: &str| {
        s.trim()
            .parse()
            .unwrap_or_else(|_| panic!("bad score in {status:?}"))
    };
    [parse(red), parse(blue)]
}

/// Nearest-rank percentile of sorted samples.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Where `text` first appears on the screen, above the status bar: (column, row).
fn find(screen: &Screen, text: &str) -> Option<(u16, u16)> {
    let above_status = screen.rows.len().saturating_sub(2);
    screen.rows[..above_status]
        .iter()
        .enumerate()
        .find_map(|(row, line)| {
            let byte = line.find(text)?;
            let col = line[..byte].chars().count();
            Some((col as u16, row as u16))
        })
}

/// A left click as the terminal reports it with SGR mouse encoding (1-based coordinates).
fn click(pty: &mut Pty, (col, row): (u16, u16)) {
    let (x, y) = (col + 1, row + 1);
    pty.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
}

/// The first frame, whole: RED to move, and the key hints at the bottom drawn to their end.
fn start_screen(pty: &Pty) -> Screen {
    pty.wait_for("the start screen (RED to move)", |s| {
        s.red_to_move() && s.frame_complete()
    })
}

#[test]
fn plays_a_whole_game_by_keystrokes_and_exits_cleanly() {
    let mut pty = Pty::start(80, 24, &small_game());
    let first = start_screen(&pty);
    assert!(first.contains("battle log"), "start screen:\n{first}");
    pty.assert_raw_mode();
    // Fastest battle animations, to keep the test short; the status bar confirms each press.
    pty.send(b"++++");
    pty.wait_for("top speed", |s| {
        s.said().contains("Speed 0.04 s/step, the fastest")
    });

    let mut red_moves = 0;
    loop {
        let screen = pty.wait_for("RED's turn or the end of the game", |s| {
            s.red_to_move() || s.game_over()
        });
        if screen.game_over() {
            break;
        }
        // `1` picks the first card and puts the cursor on the first empty cell (it is always
        // there: it only moves off a cell when that cell is taken); Enter places it there.
        pty.send(b"1");
        pty.wait_for("the first card picked", |s| {
            s.keys().contains("Enter place")
        });
        pty.send(b"\r");
        pty.wait_for("RED's move to be taken", |s| !s.red_to_move());
        red_moves += 1;
        assert!(red_moves <= 5, "Red moved more than its 5 cards allow");
    }
    assert_eq!(red_moves, 5, "Red places all 5 cards on the 9-cell board");

    let end = pty.wait_for("the result box", |s| {
        s.contains(" Game over ") && (s.contains(" wins ") || s.contains("Tie "))
    });
    let [red, blue] = score(end.status());
    assert_eq!(red + blue, 10, "every card counts once:\n{end}");
    let headline = if red == blue {
        format!("Tie {red}–{blue}")
    } else {
        let winner = if red > blue { "RED" } else { "BLUE" };
        format!("{winner} wins {red}–{blue}")
    };
    assert!(end.contains(&headline), "want {headline:?} in:\n{end}");

    pty.send(b"q");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "q exits 0, got {status:?}");
    pty.assert_terminal_restored();

    let (_, record) = pty.only_record();
    assert_eq!(record.moves.len(), 9, "all nine moves recorded");
    let result = record
        .result
        .expect("the finished game's record has a result");
    assert_eq!(result.score, [red, blue], "record and screen agree");
    let outcome = match result.outcome {
        Outcome::Win(p) => format!("{p} wins {red}–{blue}"),
        Outcome::Tie => format!("Tie {red}–{blue}"),
    };
    assert_eq!(outcome, headline, "record and screen agree on the winner");
}

/// The home screen, drawn whole (the key hints end its box).
fn home_screen(pty: &Pty, what: &str) -> Screen {
    pty.wait_for(what, |s| {
        s.contains("Play the computer") && s.contains("Saved matches") && s.contains("q quit")
    })
}

#[test]
fn bare_trios_opens_the_home_screen_and_q_quits() {
    let mut pty = Pty::start(80, 24, &[]);
    let home = home_screen(&pty, "the home screen");
    assert!(home.contains("‹ Three Trios ›"), "home screen:\n{home}");
    pty.assert_raw_mode();
    pty.send(b"q");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "q exits 0, got {status:?}");
    pty.assert_terminal_restored();
}

#[test]
fn a_match_from_the_home_screen_comes_back_to_it() {
    let mut pty = Pty::start(80, 24, &[]);
    home_screen(&pty, "the home screen");
    // Play the computer is chosen first; the match gets every key typed there.
    pty.send(b"\r");
    start_screen(&pty);
    pty.assert_raw_mode();
    pty.send(b"1");
    pty.wait_for("the first card picked", |s| {
        s.keys().contains("Enter place")
    });
    pty.send(b"\r");
    pty.wait_for("RED's move to be taken", |s| !s.red_to_move());
    pty.send(b"q");
    let back = home_screen(&pty, "the home screen after the match");
    assert!(
        back.contains("Resume last match") && back.contains("Match saved"),
        "the unfinished match can be resumed:\n{back}"
    );
    let (_, record) = pty.only_record();
    assert!(record.result.is_none() && !record.moves.is_empty());
    // Resume goes back into that match, and q from there comes home again.
    pty.send(b"jjj\r");
    pty.wait_for("the resumed match", |s| s.contains("battle log"));
    pty.send(b"q");
    home_screen(&pty, "the home screen after resuming");
    pty.send(b"q");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "q at home exits 0, got {status:?}");
    pty.assert_terminal_restored();
}

/// Asks trios to stop with `name` after one move, and checks the terminal is restored and
/// the unfinished match is kept and announced.
fn stops_cleanly_on(name: &str) {
    let mut pty = Pty::start(80, 24, &small_game());
    start_screen(&pty);
    pty.send(b"1");
    pty.wait_for("the first card picked", |s| {
        s.keys().contains("Enter place")
    });
    pty.send(b"\r");
    pty.wait_for("RED's move to be taken", |s| !s.red_to_move());

    signal(pty.pid(), name);
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert_eq!(
        status.signal(),
        None,
        "SIG{name} must be handled, not kill trios"
    );
    assert!(status.success(), "SIG{name} exits 0, got {status:?}");
    pty.assert_terminal_restored();

    let (path, record) = pty.only_record();
    assert!(record.result.is_none(), "the match is unfinished");
    assert!(!record.moves.is_empty(), "Red's move is saved");
    // After leaving the alternate screen the player is told where the match is.
    let after = pty.output.lock().parser.screen().contents();
    assert!(
        after.contains("trios play --resume continues it")
            && after.contains(&path.display().to_string()),
        "no resume hint for {} on the normal screen:\n{after}",
        path.display()
    );
}

#[test]
fn sigterm_restores_the_terminal() {
    stops_cleanly_on("TERM");
}

#[test]
fn sighup_restores_the_terminal() {
    stops_cleanly_on("HUP");
}

#[test]
fn resize_redraws_without_garbage() {
    let mut pty = Pty::start(80, 24, &small_game());
    start_screen(&pty);

    // The 3x3 board needs 55x19 with compact tiles (the title row, the board with its row
    // numbers, the log, the status).
    pty.resize(48, 16);
    let small = pty.wait_for("the too-small notice", |s| {
        s.contains("Terminal too small") && s.contains("now 48×16")
    });
    assert!(small.contains("need 55×19"), "{small}");
    assert!(
        !small.contains("battle log") && !small.contains("RED"),
        "the old frame shows through:\n{small}"
    );

    pty.resize(100, 30);
    let big = pty.wait_for("the game at 100x30", |s| {
        s.red_to_move() && s.frame_complete() && !s.contains("Terminal too small")
    });
    assert!(big.contains("battle log"), "the game is back:\n{big}");
    // Nothing left over from the earlier sizes: the same as a game started at 100x30.
    let fresh = Pty::start(100, 30, &small_game());
    let expected = start_screen(&fresh);
    assert_eq!(
        big.rows, expected.rows,
        "after resizing:\n{big}\nstarted at 100x30:\n{expected}"
    );

    // The notice says q quits, even while too small.
    pty.resize(48, 16);
    pty.wait_for("the too-small notice again", |s| s.contains("now 48×16"));
    pty.send(b"q");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "q exits 0, got {status:?}");
    pty.assert_terminal_restored();
}

#[test]
fn ctrl_c_quits() {
    let mut pty = Pty::start(80, 24, &small_game());
    start_screen(&pty);
    pty.assert_raw_mode();
    // In raw mode Ctrl-C arrives as a key, not as SIGINT from the terminal.
    pty.send(b"\x03");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "Ctrl-C exits 0, got {status:?}");
    pty.assert_terminal_restored();
}

#[test]
fn keystroke_to_frame_latency() {
    const PRESSES: usize = 30;
    let mut pty = Pty::start(80, 24, &small_game());
    start_screen(&pty);
    let mut samples = Vec::with_capacity(PRESSES);
    for i in 0..PRESSES {
        // `H` toggles hints; the status bar says which way.
        let want = if i % 2 == 0 { "Hints on" } else { "Hints off" };
        let sent = pty.send(b"H");
        // A message too long for the status line takes a row of its own above it.
        let screen = pty.wait_for(want, |s| s.contains(want));
        samples.push(screen.shown_at.saturating_duration_since(sent));
    }
    samples.sort();
    let (p50, p99) = (percentile(&samples, 0.50), percentile(&samples, 0.99));
    eprintln!(
        "keystroke to frame over {PRESSES} presses: p50 {p50:.1?}, p99 {p99:.1?}, min {:.1?}",
        samples[0]
    );
    // A loose bound for slow machines: it catches a frame that waits for a timer, not jitter.
    assert!(p99 < Duration::from_millis(250), "p99 {p99:?} over 250 ms");
    pty.send(b"q");
    assert!(pty.wait_exit(EXIT_TIMEOUT).success());
}

/// The checks above can fail: a trios killed outright leaves every mode on, and they say so.
#[test]
fn restore_checks_catch_a_terminal_left_in_full_screen() {
    let mut pty = Pty::start(80, 24, &small_game());
    start_screen(&pty);
    signal(pty.pid(), "KILL");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.signal().is_some(), "killed by a signal: {status:?}");
    let problems = pty.restore_problems().join("\n");
    for left in [
        "alternate screen not turned off",
        "mouse reporting not turned off",
        "hidden cursor not turned off",
        "still on the alternate screen",
        "mouse reporting still on",
        "cursor still hidden",
        "line settings not put back",
    ] {
        assert!(problems.contains(left), "missed {left:?} in:\n{problems}");
    }
}

/// trios never asks the terminal where its cursor is (`ESC [ 6 n`): a remote or minimal
/// terminal may not answer, and ratatui's `Terminal::clear` would wait 2 s for it at start.
#[test]
fn starts_without_waiting_for_a_cursor_report() {
    let started = Instant::now();
    let mut pty = Pty::start_answering(80, 24, &small_game(), Answers::Nothing);
    start_screen(&pty);
    let first_frame = started.elapsed();
    pty.send(b"q");
    assert!(pty.wait_exit(EXIT_TIMEOUT).success());
    let raw = pty.raw();
    assert!(
        !raw.contains("\x1b[6n"),
        "trios asked for the cursor position (ESC [ 6 n) on a terminal that does not answer; \
         its first frame came after {first_frame:.1?}"
    );
}

#[test]
fn a_mouse_click_picks_a_card_and_another_places_it() {
    let mut pty = Pty::start(80, 24, &small_game());
    let screen = start_screen(&pty);
    // Red's hand is the left panel; its first card reads `1 NAME`.
    let (col, row) = find(&screen, "│ 1 ").expect("Red's first card");
    let card = (col + 2, row);
    let name: String = screen.rows[row as usize]
        .chars()
        .skip(col as usize + 4)
        .take_while(|c| c.is_alphanumeric())
        .collect();
    assert!(!name.is_empty(), "no card name in:\n{screen}");
    // Empty cells show a dot in their middle; the first one is the top-left cell.
    let cell = find(&screen, "·").expect("an empty cell");

    click(&mut pty, card);
    pty.wait_for("the clicked card picked", |s| {
        s.keys().contains("Enter place")
    });
    click(&mut pty, cell);
    let placed = format!("1 RED a1 {name}");
    pty.wait_for(&placed, |s| s.contains(&placed));

    pty.quit_restored();
}

/// `trios serve` on a free loopback port, stopped when dropped.
struct Server {
    child: std::process::Child,
    port: u16,
    _data: tempfile::TempDir,
    /// Everything the server wrote on standard error (its log).
    log: Arc<Mutex<String>>,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    /// A server with these flags added.
    fn start_with(extra: &[&str]) -> Server {
        let data = tempfile::tempdir().expect("temporary data folder");
        let mut child = Command::new(env!("CARGO_BIN_EXE_trios"))
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--no-showcase",
                "--opponent",
            ])
            .arg("maxflip")
            .args(extra)
            .env("TRIOS_DATA_DIR", data.path())
            .stderr(std::process::Stdio::piped())
            .spawn_guarded()
            .expect("start trios serve");
        // The server names its port on standard error once it listens.
        let stderr = child.stderr.take().expect("piped stderr");
        let (port_tx, port_rx) = std::sync::mpsc::channel();
        let log = Arc::new(Mutex::new(String::new()));
        let kept = log.clone();
        thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if let Ok(mut log) = kept.lock() {
                    log.push_str(&line);
                    log.push('\n');
                }
                if let Some(rest) = line.strip_prefix("trios is serving on 127.0.0.1:")
                    && let Some(port) = rest.split(':').next().and_then(|p| p.parse().ok())
                {
                    let _ = port_tx.send(port);
                }
            }
        });
        let port = port_rx
            .recv_timeout(TIMEOUT)
            .expect("the server says where it listens");
        Server {
            child,
            port,
            _data: data,
            log,
        }
    }

    /// The server's data folder.
    fn data(&self) -> &Path {
        self._data.path()
    }

    /// What the server logged so far.
    fn log(&self) -> String {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// OpenSSH's client as a person would run it, trusting the new host key.
    fn ssh_args(&self, user: &str, extra: &[&str]) -> Vec<String> {
        let mut args: Vec<String> = [
            "-F",
            "/dev/null",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-p",
        ]
        .map(String::from)
        .to_vec();
        args.push(self.port.to_string());
        args.extend(extra.iter().map(|s| s.to_string()));
        args.push(format!("{user}@127.0.0.1"));
        args
    }
}

impl Server {
    /// OpenSSH's client at 80x24 signed in as `user` without a key.
    fn client(&self, ssh: &str, user: &str) -> Pty {
        self.client_sized(ssh, user, (80, 24))
    }

    /// OpenSSH's client of `size` signed in as `user` without a key.
    fn client_sized(&self, ssh: &str, user: &str, (cols, rows): (u16, u16)) -> Pty {
        let args = self.ssh_args(user, &["-o", "PubkeyAuthentication=no"]);
        Pty::start_program(ssh, cols, rows, &args, Answers::CursorPosition)
    }

    /// OpenSSH's client at 80x24 signed in as `user` with the private key in `key`.
    fn keyed_client(&self, ssh: &str, user: &str, key: &Path) -> Pty {
        let key = key.to_string_lossy();
        let args = self.ssh_args(user, &["-o", "IdentitiesOnly=yes", "-i", &key]);
        Pty::start_program(ssh, 80, 24, &args, Answers::CursorPosition)
    }
}

/// `list` as owned strings, for a command line.
fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

/// OpenSSH's client signed in as `user`, waited for until the lobby shows `label` as its game.
fn at_lobby(server: &Server, ssh: &str, user: &str, label: &str) -> Pty {
    let pty = server.client(ssh, user);
    let shown = format!("‹ {label} ›");
    pty.wait_for(&format!("the lobby on {label}"), |s| s.contains(&shown));
    pty
}

/// OpenSSH's client signed in as `user`, waited for until the list shows a table for which
/// `listed` holds (`what`), then joining it: the fourth line, below three menu lines.
fn join_listed(
    server: &Server,
    ssh: &str,
    user: &str,
    what: &str,
    listed: impl Fn(&Screen) -> bool,
) -> Pty {
    let mut pty = server.client(ssh, user);
    pty.wait_for(what, listed);
    pty.send(b"jjj\r");
    pty
}

/// `q` back to the lobby (which then shows `lobby`), `q` again, and the client exits 0.
fn leave_server(who: &str, pty: &mut Pty, lobby: &str) {
    pty.send(b"q");
    pty.wait_for("the lobby again", |s| s.contains(lobby));
    pty.send(b"q");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(
        status.success(),
        "{who}'s ssh exits 0 after q, got {status:?}"
    );
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where OpenSSH's `ssh` is, if this machine has it.
fn openssh() -> Option<String> {
    let out = Command::new("sh")
        .args(["-c", "command -v ssh"])
        .output_guarded()
        .ok()?;
    let path = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !path.is_empty()).then_some(path)
}

/// Set to `1` to let the OpenSSH client tests pass as skipped on a machine without `ssh`.
const ALLOW_SKIP_ENV: &str = "TRIOS_ALLOW_SKIP";

/// What an OpenSSH client test does when `ssh` may be missing: run with the client found,
/// skip (`Ok(None)`) only when `allow_skip` is exactly `1`, and otherwise fail with how to
/// install the client, so that CI never passes these tests without running them.
fn ssh_or_skip(found: Option<String>, allow_skip: Option<&str>) -> Result<Option<String>, String> {
    match found {
        Some(ssh) => Ok(Some(ssh)),
        None if allow_skip == Some("1") => Ok(None),
        None => Err(format!(
            "no `ssh` on PATH: the OpenSSH client tests need one. Install it \
             (Debian/Ubuntu: `apt-get install openssh-client`; Fedora: `dnf install \
             openssh-clients`), or set {ALLOW_SKIP_ENV}=1 to skip these tests on this machine"
        )),
    }
}

/// OpenSSH's `ssh` for a test; `None` (said loudly) only when skipping is allowed.
fn openssh_for_test() -> Option<String> {
    let allow = std::env::var(ALLOW_SKIP_ENV).ok();
    match ssh_or_skip(openssh(), allow.as_deref()) {
        Ok(Some(ssh)) => Some(ssh),
        Ok(None) => {
            eprintln!(
                "SKIPPED ({ALLOW_SKIP_ENV}=1): no `ssh` on PATH; the OpenSSH client test needs one"
            );
            None
        }
        Err(why) => panic!("{why}"),
    }
}

/// A missing client fails the test unless skipping is asked for with exactly `1`.
#[test]
fn a_missing_ssh_client_fails_unless_skipping_is_allowed() {
    let found = Some("/usr/bin/ssh".to_string());
    assert_eq!(ssh_or_skip(found.clone(), None), Ok(found.clone()));
    assert_eq!(ssh_or_skip(found.clone(), Some("1")), Ok(found));
    assert_eq!(ssh_or_skip(None, Some("1")), Ok(None));
    for refused in [None, Some("0"), Some(""), Some("yes")] {
        let why = ssh_or_skip(None, refused).expect_err("a missing client fails");
        assert!(why.contains("openssh-client"), "says how to install: {why}");
        assert!(
            why.contains("TRIOS_ALLOW_SKIP=1"),
            "says how to skip: {why}"
        );
    }
}

#[test]
fn the_openssh_client_reaches_the_lobby_plays_and_leaves_its_terminal_as_it_was() {
    let Some(ssh) = openssh_for_test() else {
        return;
    };
    let server = Server::start();
    // With no key offered, OpenSSH gets in by keyboard-interactive without a prompt.
    let args = server.ssh_args("olga", &["-o", "PubkeyAuthentication=no"]);
    let mut pty = Pty::start_program(&ssh, 80, 24, &args, Answers::CursorPosition);
    pty.wait_for("the lobby", |s| s.contains("Play the computer"));
    pty.send(b"\r");
    pty.wait_for("the game", |s| s.contains("RED (guest olga) to move"));
    pty.send(b"1");
    pty.wait_for("the first card picked", |s| {
        s.keys().contains("Enter place")
    });
    pty.send(b"\r");
    pty.wait_for("the move in the battle log", |s| s.contains("1 RED "));
    pty.resize(100, 30);
    pty.wait_for("a redraw at 100x30", |s| {
        s.rows.len() == 30 && s.rows[28].contains("to move")
    });
    pty.send(b"q");
    pty.wait_for("the lobby again", |s| s.contains("Back in the lobby"));
    pty.send(b"q");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "ssh exits 0 after q, got {status:?}");
    let problems: Vec<String> = pty
        .restore_problems()
        .into_iter()
        .filter(|p| !p.contains("never turned on"))
        .collect();
    assert!(problems.is_empty(), "terminal not restored: {problems:#?}");

    // A command instead of the game is refused in words, with exit status 1.
    let mut args = server.ssh_args("olga", &["-o", "PubkeyAuthentication=no"]);
    args.push("ls".into());
    let mut pty = Pty::start_program(&ssh, 80, 24, &args, Answers::Nothing);
    pty.wait_for("the refusal", |s| s.contains("only interactive sessions"));
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert_eq!(status.exit_code(), 1, "a refused command exits 1");
}

/// Two people with OpenSSH's client play Reversi at one table: alice opens it, bob joins
/// from the list, and each sees the other's move.
#[test]
fn two_openssh_clients_play_reversi_at_one_table() {
    let Some(ssh) = openssh_for_test() else {
        return;
    };
    let server = Server::start_with(&["--game", "reversi"]);
    let mut alice = at_lobby(&server, &ssh, "alice", "Reversi");
    // Game, Play the computer, Opponent, then Open a table.
    alice.send(b"jj\r");
    alice.wait_for("the open table", |s| s.contains("Waiting for an opponent"));

    let mut bob = join_listed(&server, &ssh, "bob", "alice's table in the list", |s| {
        s.contains("waiting: Enter to join")
    });
    bob.wait_for("bob seated at light", |s| s.contains("Light (guest bob)"));
    alice.wait_for("both seats taken", |s| s.contains("Light (guest bob)"));

    alice.send(b"\r");
    bob.wait_for("alice's move", |s| s.contains("1. Dark e3, flips 1"));
    bob.wait_for("bob's turn", |s| s.contains("place a disc"));
    bob.send(b"\r");
    alice.wait_for("bob's move", |s| s.contains("2. Light "));

    for (who, pty) in [("alice", &mut alice), ("bob", &mut bob)] {
        leave_server(who, pty, "Open a table");
    }
}

/// How long trios may take to end once its terminal hung up. It notices at once; the rest
/// is room for a two-core machine running the whole suite.
const HANG_UP_WAIT: Duration = Duration::from_secs(30);

/// The processes (pid and command line) with a descriptor open on the device `tty`.
fn holders_of(tty: &Path) -> String {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let pid = entry.file_name().to_string_lossy().into_owned();
        if !pid.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let fds = std::fs::read_dir(entry.path().join("fd"))
            .into_iter()
            .flatten();
        if fds
            .flatten()
            .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|to| to == tty))
        {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            found.push(format!("{pid} {}", cmdline.trim()));
        }
    }
    found.join("; ")
}

/// A window closed under a wrapper that ignores SIGHUP: trios gets no signal, only a terminal
/// that has hung up. It must notice, end within moments instead of spinning on the dead
/// input, and say nothing about the cursor it can no longer show.
#[test]
fn a_hung_up_terminal_ends_the_app_even_without_sighup() {
    // No child of another test may start while this terminal's ends are open here: one that
    // inherited a copy (the reader and writer are copies too) would keep the terminal from
    // hanging up for as long as it runs.
    let no_spawns = crate::common::fork::no_spawns();
    let pair = native_pty_system()
        .openpty(pty_size(80, 24))
        .expect("a pseudo-terminal");
    let data = tempfile::tempdir().expect("temporary data folder");
    let mut cmd = CommandBuilder::new("bash");
    cmd.args([
        "-c",
        "trap true HUP; \"$0\" play --blue maxflip --seed 3 2>stderr.txt; echo \"rc=$?\" >done.txt",
        env!("CARGO_BIN_EXE_trios"),
    ]);
    cmd.cwd(data.path());
    cmd.env("TRIOS_DATA_DIR", data.path());
    cmd.env("TERM", "xterm-256color");
    let mut child = pair.slave.spawn_command(cmd).expect("start bash");
    drop(pair.slave);
    let tty = pair.master.tty_name();
    let writer = pair.master.take_writer().expect("pty writer");
    // Read until a whole first frame is on the screen, then let go of the terminal.
    let mut reader = pair.master.try_clone_reader().expect("pty reader");
    let shown = thread::spawn(move || {
        let mut parser = vt100::Parser::new(nonzero(24), nonzero(80), 0);
        let mut buf = [0u8; 4096];
        while !parser.screen().contents().contains("q quit") {
            match reader.read(&mut buf) {
                Ok(0) | Err(_) => return false,
                Ok(n) => parser.process(&buf[..n]),
            }
        }
        true
    });
    assert!(
        shown.join().expect("reader thread"),
        "trios never drew a frame"
    );
    drop(writer);
    drop(pair.master);
    drop(no_spawns);

    let done = data.path().join("done.txt");
    let deadline = Instant::now() + HANG_UP_WAIT;
    while !done.exists() && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(50));
    }
    let finished = done.exists();
    // Who still holds the terminal open, if trios did not end: the clue to why.
    let holders = if finished {
        String::new()
    } else {
        tty.map(|t| holders_of(&t)).unwrap_or_default()
    };
    if !finished {
        let _ = child.kill();
        let _ = Command::new("pkill")
            .args(["-f", data.path().to_str().unwrap_or("")])
            .status_guarded();
    }
    let _ = child.wait();
    assert!(
        finished,
        "trios still runs after its terminal hung up; holding it: {holders}"
    );
    let stderr = std::fs::read_to_string(data.path().join("stderr.txt")).unwrap_or_default();
    assert!(
        !stderr.contains("Failed to show the cursor"),
        "noise on a closed window: {stderr}"
    );
}

/// Reversi full screen in a real terminal: a disc placed with Enter, the computer's answer in
/// the log, `q` leaves the match saved and resumable, and `--resume` brings it back on screen.
#[test]
fn reversi_plays_full_screen_and_resumes() {
    let args: Vec<String> = words(&[
        "play", "--game", "reversi", "--light", "random", "--seed", "3",
    ]);
    let mut pty = Pty::start(80, 24, &args);
    pty.wait_for("the Reversi board", |s| {
        s.contains("Dark to move") && s.contains("a   b   c   d   e   f   g   h")
    });
    pty.assert_raw_mode();
    pty.send(b"\r");
    pty.wait_for("the computer's answer", |s| {
        s.contains("1. Dark e3, flips 1") && s.contains("2. Light ") && s.contains("Dark to move")
    });
    pty.send(b"q");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "q exits 0, got {status:?}");
    pty.assert_terminal_restored();
    let files = pty.match_files();
    assert_eq!(files.len(), 1, "one autosave: {files:?}");
    let record = trios::record::AnyRecord::load(&files[0], trios::registry::record_readers)
        .expect("a valid record");
    assert_eq!(record.game(), trios::games::GameKind::Reversi);
    assert_eq!(record.moves(), 2);
    assert!(!record.finished());
    assert!(
        pty.raw().contains("trios play --resume continues it"),
        "the saved match is announced"
    );

    // Resume it in the same data folder: the two moves are back in the log.
    let resume = ["play", "--resume"].map(String::from).to_vec();
    let mut again = Pty::start_in(80, 24, &resume, pty.data.path());
    again.wait_for("the resumed match", |s| {
        s.contains("2. Light ") && s.contains("Dark to move")
    });
    again.quit_restored();
}

/// The expert opens from the book by the match's seed: once the screen is left, a drawn
/// seed is told so the match can be played again, and a seed given with `--seed` is not.
#[test]
fn reversi_full_screen_tells_a_drawn_seed_once_the_screen_is_left() {
    for (extra, told) in [(&[][..], true), (&["--seed", "3"][..], false)] {
        let mut args = vec!["play", "--game", "reversi", "--light", "expert"];
        args.extend_from_slice(extra);
        let mut pty = Pty::start(80, 24, &words(&args));
        pty.wait_for("the Reversi board", |s| s.contains("Dark to move"));
        pty.send(b"q");
        let status = pty.wait_exit(EXIT_TIMEOUT);
        assert!(status.success(), "q exits 0, got {status:?}");
        pty.assert_terminal_restored();
        assert_eq!(
            pty.raw().contains("play this game again with --seed"),
            told,
            "{args:?}"
        );
    }
}

/// Islands of Hex full screen in a real terminal: a stone placed with Enter, the computer's
/// answer, `q` leaves the match saved; `trios replay` opens the saved match in the viewer;
/// a board too large for the screen is refused before the screen opens.
#[test]
fn islands_plays_full_screen_and_its_record_replays_on_screen() {
    let args: Vec<String> = words(&[
        "play", "--game", "islands", "--black", "random", "--seed", "3",
    ]);
    let mut pty = Pty::start(80, 24, &args);
    pty.wait_for("the Islands board", |s| {
        s.contains("White to move") && s.contains("a b c d e f g h i j k")
    });
    pty.send(b"\r");
    pty.wait_for("the computer's answer", |s| {
        s.contains("1. White f6, islands 1–0") && s.contains("2. Black ")
    });
    pty.quit_restored();
    let files = pty.match_files();
    assert_eq!(files.len(), 1, "one autosave: {files:?}");

    // The home screen offers the unfinished match and resumes it on the board.
    let mut home = Pty::start_in(80, 24, &[], pty.data.path());
    home.wait_for("the home screen", |s| {
        s.contains("Resume last match · Islands of Hex · you vs random")
    });
    // One step at a time, each seen on the screen: a loaded machine may draw late.
    let marked = |s: &Screen| {
        s.to_string()
            .lines()
            .find(|l| l.contains('▸'))
            .map(String::from)
    };
    for _ in 0..8 {
        let screen = home.screen();
        if screen.contains("▸ Resume last match") {
            break;
        }
        let was = marked(&screen);
        home.send(b"\x1b[B");
        home.wait_for("the cursor one row down", |s| marked(s) != was);
    }
    home.send(b"\r");
    home.wait_for("the resumed board", |s| {
        s.contains("2. Black ") && s.contains("White to move")
    });
    home.send(b"q");
    home.wait_for("home again", |s| s.contains("Resume last match"));
    home.quit_restored();

    let replay = vec!["replay".to_string(), files[0].display().to_string()];
    let mut viewer = Pty::start_in(80, 24, &replay, pty.data.path());
    viewer.wait_for("the viewer at the start", |s| {
        s.contains("Replay: the start of 2 moves")
    });
    viewer.send(b"\x1b[C");
    viewer.wait_for("the first move", |s| s.contains("Replay: move 1 of 2"));
    viewer.quit_restored();

    let huge = ["play", "--game", "islands", "--size", "65"].map(String::from);
    let mut refused = Pty::start_in(80, 24, &huge, pty.data.path());
    let status = refused.wait_exit(EXIT_TIMEOUT);
    assert_eq!(status.exit_code(), 2, "{}", refused.raw());
    assert!(
        refused.raw().contains("too large for the full screen"),
        "{}",
        refused.raw()
    );
}

/// Triad full screen in a real terminal: a triad picked by its card keys is taken, `q`
/// leaves at once with the terminal as it was (the game is saved, so nothing is lost), the
/// record in the data folder holds the triad, and `--resume` brings the game back.
#[test]
fn triad_plays_full_screen() {
    let args: Vec<String> = words(&["play", "--game", "triad", "--seed", "5"]);
    let mut pty = Pty::start(80, 24, &args);
    pty.wait_for("the tableau", |s| s.contains("deck 69 · found 0"));
    let game = trios::games::triad::Game::new(5);
    let triad = trios::games::triad::first_triad(game.tableau()).expect("a triad");
    let keys: String = triad
        .iter()
        .map(|&p| trios::tui::triad::key_of(p).expect("a key"))
        .collect();
    pty.send(keys.as_bytes());
    pty.wait_for("the triad taken", |s| {
        s.contains("deck 66 · found 1") && s.contains("A triad! 1 found.")
    });
    pty.quit_restored();
    let files = pty.match_files();
    assert_eq!(files.len(), 1, "one autosave: {files:?}");
    let record = trios::record::AnyRecord::load(&files[0], trios::registry::record_readers)
        .expect("a valid record");
    assert_eq!(record.game(), trios::games::GameKind::Triad);
    assert_eq!(record.moves(), 1);
    assert!(!record.finished());

    // Resumed in the same data folder: the triad taken is still taken.
    let resume = ["play", "--resume"].map(String::from).to_vec();
    let mut again = Pty::start_in(80, 24, &resume, pty.data.path());
    again.wait_for("the resumed game", |s| {
        s.contains("deck 66 · found 1") && s.contains("Game resumed: 1 triad found.")
    });
    // Ctrl-C leaves too, the terminal restored and the game kept with its time.
    let before =
        <trios::record::triad::TriadRecord as trios::record::race::RaceRecord>::load(&files[0])
            .expect("the record");
    std::thread::sleep(std::time::Duration::from_millis(300));
    again.send(b"\x03");
    assert!(again.wait_exit(EXIT_TIMEOUT).success());
    again.assert_terminal_restored();
    let after =
        <trios::record::triad::TriadRecord as trios::record::race::RaceRecord>::load(&files[0])
            .expect("the record");
    assert_eq!(after.moves, before.moves);
    assert!(after.clock_ms > before.clock_ms, "{after:?}");
}

/// A count of steps as a sentence says it: `1 step`, `3 steps`.
fn steps(n: usize) -> String {
    match n {
        1 => "1 step".to_string(),
        n => format!("{n} steps"),
    }
}

/// Hex paths full screen in a real terminal: the first round's shortest move typed on the
/// direction keys is accepted and scored, Space deals the next round, `q` leaves at once with
/// the terminal as it was (the game is saved), and `--resume` brings it back at round 2.
#[test]
fn hexpaths_plays_full_screen() {
    let args: Vec<String> = words(&["play", "--game", "hexpaths", "--seed", "3"]);
    let mut pty = Pty::start(80, 24, &args);
    pty.wait_for("round 1", |s| s.contains("round 1/10"));
    let (keys, n) = hexpaths_round_one_keys(3);
    pty.send(keys.as_bytes());
    pty.wait_for("at the goal", |s| {
        s.contains(&format!("At the goal in {}", steps(n)))
    });
    pty.send(b"\r");
    pty.wait_for("the round scored", |s| {
        s.contains("the shortest move; +4") && s.contains("you 4")
    });
    pty.send(b" ");
    pty.wait_for("round 2", |s| s.contains("round 2/10"));
    pty.quit_restored();
    let files = pty.match_files();
    assert_eq!(files.len(), 1, "one autosave: {files:?}");
    let record = trios::record::AnyRecord::load(&files[0], trios::registry::record_readers)
        .expect("a valid record");
    assert_eq!(record.game(), trios::games::GameKind::HexPaths);
    assert_eq!(record.moves(), 1);

    // Resumed in the same data folder: round 1 stays played, round 2 is on.
    let resume = ["play", "--resume"].map(String::from).to_vec();
    let mut again = Pty::start_in(80, 24, &resume, pty.data.path());
    again.wait_for("the resumed game", |s| {
        s.contains("round 2/10") && s.contains("Game resumed after 1 round.")
    });
    again.quit_restored();
}

/// Hex paths' hint in a real terminal: Shift-H marks the next step of a shortest move and
/// says it in the status, and the round then scores 1 when solved.
#[test]
fn hexpaths_hint_full_screen() {
    let args: Vec<String> = words(&["play", "--game", "hexpaths", "--seed", "3"]);
    let mut pty = Pty::start(80, 24, &args);
    pty.wait_for("round 1", |s| {
        s.contains("round 1/10") && s.contains("H hint")
    });
    let (keys, n) = hexpaths_round_one_keys(3);
    pty.send(b"H");
    pty.wait_for("the hint", |s| s.contains("Hint: ") && s.contains("hinted"));
    pty.send(keys.as_bytes());
    pty.wait_for("at the goal", |s| {
        s.contains(&format!("At the goal in {}", steps(n)))
    });
    pty.send(b"\r");
    pty.wait_for("the hinted round scored", |s| {
        s.contains("Solved with a hint") && s.contains("you 1")
    });
    pty.quit_restored();
}

/// The keys of the shortest move of round 1 of a Hex paths game from `seed`: Tab to each
/// step's piece, then its direction.
fn hexpaths_round_one_keys(seed: u64) -> (String, usize) {
    use trios::games::hexpaths::Cells;
    use trios::games::hexpaths::round::{Game, Settings};
    let mut game = Game::new(seed, Settings::default(), vec!["you".into()]);
    let round = game.start_round().expect("a round").clone();
    let mut pieces = round.pieces.clone();
    let mut picked = round.objective.piece;
    let mut keys = String::new();
    for step in &round.objective.solution.steps {
        let piece = pieces
            .iter()
            .position(|&c| c == step.from)
            .expect("a piece");
        while picked != piece {
            keys.push('\t');
            picked = (picked + 1) % pieces.len();
        }
        let d = game
            .board()
            .step_direction(step.from, step.to, &Cells::of(&pieces))
            .expect("a step");
        keys.push(trios::tui::hexpaths::DIRECTION_KEYS[d as usize][0]);
        pieces[piece] = step.to;
    }
    (keys, round.optimal())
}

/// Two people with OpenSSH's client race a round of Hex paths at one table: alice opens it,
/// bob joins from the list, alice starts; bob announces the shortest move first, alice the
/// same length after him; both say they are done (`g`), so the time is up and bob's move,
/// announced first, wins.
#[test]
fn two_openssh_clients_race_hexpaths_at_one_table() {
    let Some(ssh) = openssh_for_test() else {
        return;
    };
    let seed = 7;
    let server = Server::start_with(&["--game", "hexpaths", "--seed", &seed.to_string()]);
    let mut alice = at_lobby(&server, &ssh, "alice", "Hex paths");
    // Race the computer, Opponent, then Open a race table.
    alice.send(b"jj\r");
    alice.wait_for("the waiting table", |s| s.contains("waiting for players"));
    let mut bob = join_listed(&server, &ssh, "bob", "alice's table in the list", |s| {
        s.contains("waiting: Enter to join")
    });
    bob.wait_for("bob at the table", |s| s.contains("you (guest bob) 0"));
    alice.wait_for("bob in alice's list", |s| s.contains("guest bob 0"));
    alice.send(b"s");
    for pty in [&mut alice, &mut bob] {
        pty.wait_for("round 1", |s| s.contains("round 1/10"));
    }
    let (keys, n) = hexpaths_round_one_keys(seed);
    bob.send(keys.as_bytes());
    bob.wait_for("bob at the goal", |s| {
        s.contains(&format!("At the goal in {}", steps(n)))
    });
    bob.send(b"\r");
    alice.wait_for("bob's announcement", |s| {
        s.contains(&format!("guest bob announces {}", steps(n)))
    });
    alice.send(keys.as_bytes());
    alice.wait_for("alice at the goal", |s| {
        s.contains(&format!("At the goal in {}", steps(n)))
    });
    alice.send(b"\r");
    alice.wait_for("alice's announcement", |s| s.contains("You announce"));
    alice.send(b"g");
    bob.wait_for("alice done", |s| {
        s.contains("guest alice is done; waiting for guest bob")
    });
    bob.send(b"g");
    for pty in [&mut alice, &mut bob] {
        pty.wait_for("bob's win", |s| s.contains("guest bob wins the round"));
    }
    bob.wait_for("bob's score", |s| s.contains("you (guest bob) 3"));
    for (who, pty) in [("bob", &mut bob), ("alice", &mut alice)] {
        leave_server(who, pty, "Back in the lobby");
    }
}

/// Two people with OpenSSH's client race a computer rival at one Triad table: alice opens
/// it against `hard`, bob joins from the list, alice starts the race; alice takes a triad
/// and bob claims a wrong one, and each sees the other's claim and the live scores.
#[test]
fn two_openssh_clients_and_a_computer_race_at_one_triad_table() {
    use trios::games::triad::{Game, first_triad, is_triad};
    use trios::tui::triad::key_of;
    let Some(ssh) = openssh_for_test() else {
        return;
    };
    // A fixed seed: the test knows the first tableau.
    let seed = 11;
    let server = Server::start_with(&["--game", "triad", "--seed", &seed.to_string()]);
    let mut alice = at_lobby(&server, &ssh, "alice", "Triad");
    // Race the computer (the rival level shown: hard).
    alice.send(b"\r");
    alice.wait_for("the waiting table", |s| {
        s.contains("Waiting for players") && s.contains("2. hard  (computer)")
    });

    // Race the computer, Opponent, Open a race table, then alice's table.
    let mut bob = join_listed(&server, &ssh, "bob", "alice's race in the list", |s| {
        s.contains("guest alice, hard") && s.contains("waiting: Enter to join")
    });
    bob.wait_for("bob in the race", |s| s.contains("3. guest bob  ← you"));
    alice.wait_for("bob in alice's list", |s| s.contains("3. guest bob"));

    alice.send(b"s");
    let game = Game::new(seed);
    let tableau = game.tableau();
    let triad = first_triad(tableau).expect("the first deal holds a triad");
    for pty in [&mut alice, &mut bob] {
        pty.wait_for("the race on", |s| s.contains("guest alice starts the race"));
    }
    let keys: String = triad.iter().map(|&p| key_of(p).expect("a key")).collect();
    alice.send(keys.as_bytes());
    bob.wait_for("alice's triad and the scores", |s| {
        s.contains("guest alice took a triad") && s.contains("you 0 · guest alice 1 · hard")
    });
    alice.wait_for("alice's own triad", |s| {
        s.contains("A triad! You have 1 triad.")
    });

    // Bob picks three cards of the new table that are not a triad.
    let mut copy = game.clone();
    copy.pick(triad).expect("the triad is taken");
    let table = copy.tableau();
    let wrong = (0..table.len())
        .flat_map(|a| {
            (a + 1..table.len()).flat_map(move |b| (b + 1..table.len()).map(move |c| [a, b, c]))
        })
        .find(|&[a, b, c]| !is_triad(table[a], table[b], table[c]))
        .expect("three cards that are not a triad");
    let keys: String = wrong.iter().map(|&p| key_of(p).expect("a key")).collect();
    bob.send(keys.as_bytes());
    bob.wait_for("bob's wrong claim", |s| {
        s.contains("Not a triad") && s.contains("you -1 locked")
    });
    alice.wait_for("bob's wrong claim heard", |s| {
        s.contains("guest bob claimed a wrong triad") && s.contains("guest bob -1")
    });

    for (who, pty) in [("bob", &mut bob), ("alice", &mut alice)] {
        leave_server(who, pty, "Back in the lobby");
    }
}

/// How often trios switched the terminal to the alternate screen and back so far.
fn alternate_screen_switches(pty: &Pty) -> (usize, usize) {
    let raw = pty.raw();
    (
        raw.matches("\x1b[?1049h").count(),
        raw.matches("\x1b[?1049l").count(),
    )
}

#[test]
fn home_and_its_matches_share_one_alternate_screen() {
    let mut pty = Pty::start(80, 24, &[]);
    home_screen(&pty, "the home screen");
    // Reversi against the computer: the Game row one step on, then Play the computer.
    pty.send(b"g\x1b[C");
    pty.wait_for("Reversi on the Game row", |s| s.contains("‹ Reversi ›"));
    // Down past Opponent, You play and Clock to Play the computer.
    pty.send(b"\x1b[B\x1b[B\x1b[B\x1b[B\r");
    pty.wait_for("the Reversi board", |s| {
        s.contains("Dark to move") && !s.contains("Play the computer")
    });
    pty.send(b"q");
    home_screen(&pty, "the home screen after Reversi");
    // Then Triad alone: two more steps on the Game row, then Play solitaire.
    pty.send(b"g\x1b[C\x1b[C");
    pty.wait_for("Triad on the Game row", |s| s.contains("‹ Triad ›"));
    pty.send(b"\x1b[B\x1b[B\r");
    pty.wait_for("the Triad cards", |s| s.contains("found 0"));
    pty.send(b"q");
    pty.wait_for("the home screen after Triad", |s| {
        s.contains("Play solitaire") && s.contains("Saved matches") && s.contains("q quit")
    });
    assert_eq!(
        alternate_screen_switches(&pty),
        (1, 0),
        "the alternate screen was entered once and never left before quitting"
    );
    pty.send(b"q");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "q at home exits 0, got {status:?}");
    pty.assert_terminal_restored();
    assert_eq!(
        alternate_screen_switches(&pty),
        (1, 1),
        "the alternate screen is left once, on quitting"
    );
    let raw = pty.raw();
    assert!(
        raw.find("\x1b[?1049h") < raw.find("\x1b[?1049l"),
        "entered before it is left"
    );
}

#[test]
fn sigterm_during_a_match_from_home_ends_trios_with_the_resume_hint() {
    let mut pty = Pty::start(80, 24, &[]);
    home_screen(&pty, "the home screen");
    pty.send(b"\r");
    start_screen(&pty);
    pty.send(b"1");
    pty.wait_for("the first card picked", |s| {
        s.keys().contains("Enter place")
    });
    pty.send(b"\r");
    pty.wait_for("RED's move to be taken", |s| !s.red_to_move());

    signal(pty.pid(), "TERM");
    let status = pty.wait_exit(EXIT_TIMEOUT);
    assert!(status.success(), "SIGTERM exits 0, got {status:?}");
    pty.assert_terminal_restored();
    assert_eq!(alternate_screen_switches(&pty), (1, 1));
    let (path, _) = pty.only_record();
    let after = pty.output.lock().parser.screen().contents();
    assert!(
        after.contains("trios play --resume continues it")
            && after.contains(&path.display().to_string()),
        "no resume hint for {} on the normal screen:\n{after}",
        path.display()
    );
}

/// A new private key in OpenSSH's format, in a file only its owner may read (as `ssh`
/// demands), in `dir`.
fn key_file(dir: &Path, name: &str) -> PathBuf {
    use russh::keys::{Algorithm, PrivateKey};
    use std::os::unix::fs::PermissionsExt;
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("a new key");
    let text = key
        .to_openssh(russh::keys::ssh_key::LineEnding::LF)
        .expect("the key in OpenSSH's format");
    let path = dir.join(name);
    std::fs::write(&path, text.as_bytes()).expect("the key file");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("0600");
    path
}

/// Two keyed players and guests asking for their handles, in every form, over OpenSSH's own
/// client at 80x24 and 200x60: every guest is shown as a guest (the header, the lobby's
/// table line, the table's title), `p` on a guest's table opens no account's profile, and
/// the log names the guest as a guest.
#[test]
fn guests_over_openssh_are_guests_whatever_handle_they_ask_for() {
    let Some(ssh) = openssh_for_test() else {
        return;
    };
    let server = Server::start_with(&["--game", "reversi"]);
    let keys = tempfile::tempdir().expect("a folder for keys");
    let mut keyed = Vec::new();
    for name in ["alice", "bob"] {
        let key = key_file(keys.path(), name);
        let mut pty = server.keyed_client(&ssh, name, &key);
        pty.wait_for("the sign-up", |s| s.contains("Choose the handle"));
        pty.send(b"\r");
        let welcome = format!("Welcome, {name}");
        pty.wait_for("the welcome", |s| s.contains(&welcome));
        keyed.push(pty);
    }
    // The operator bans bob while the server runs.
    let db = server.data().join("trios.db");
    let banned = Command::new(env!("CARGO_BIN_EXE_trios"))
        .args(["players", "ban", "bob", "--database"])
        .arg(&db)
        .output_guarded()
        .expect("trios players ban");
    assert!(banned.status.success(), "{banned:?}");

    // Same case, other case, banned, and a Cyrillic look-alike, at both sizes.
    for (asked, size) in [
        ("alice", (80, 24)),
        ("ALICE", (200, 60)),
        ("bob", (80, 24)),
        ("\u{430}lice", (200, 60)),
    ] {
        let mut pty = server.client_sized(&ssh, asked, size);
        let header = format!("playing as guest {asked}");
        let top = pty.wait_for("the guest's lobby", |s| s.contains(&header));
        assert!(!top.contains("signed in as"), "{asked}: {top}");
        pty.send(b"q");
        let status = pty.wait_exit(EXIT_TIMEOUT);
        assert!(
            status.success(),
            "{asked}: ssh exits 0 after q, got {status:?}"
        );
    }

    // A guest calling themselves alice opens a table: alice's lobby lists a guest there,
    // and p on that line opens no profile.
    let mut impostor = server.client(&ssh, "alice");
    impostor.wait_for("the lobby", |s| s.contains("playing as guest alice"));
    impostor.send(b"jj\r");
    impostor.wait_for("the open table", |s| s.contains("Waiting for an opponent"));
    let alice = &mut keyed[0];
    alice.wait_for("the guest's table", |s| s.contains("guest alice vs"));
    alice.send(b"jjjp");
    alice.wait_for("no profile", |s| s.contains("Guests have no profile"));
    alice.send(b"\r");
    for pty in [&mut impostor, &mut keyed[0]] {
        pty.wait_for("both seated", |s| {
            s.contains("Dark (guest alice)") && s.contains("Light (alice)")
        });
    }

    let log = server.log();
    assert!(log.contains("signed in as a guest"), "{log}");
    assert!(log.contains("guest=guest alice"), "{log}");
    assert!(log.contains("guest=guest bob"), "{log}");
    for line in log.lines().filter(|l| l.contains("signed in")) {
        let as_account = line.contains("handle=alice") || line.contains("handle=bob");
        assert!(
            !as_account || !line.contains("guest"),
            "a guest logged under a handle: {line}"
        );
    }
}
