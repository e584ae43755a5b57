//! Running the real `trios` binary from integration tests: fixture files in a temporary
//! folder, arguments, standard input, and a deadline so a hang fails instead of blocking.

use super::fork::SpawnGuarded;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long one run of the binary may take before the test gives up on it.
pub const DEADLINE: Duration = Duration::from_secs(10);

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// The exit code; `None` if it was killed (by a signal or at the deadline).
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// Whether it was still running at the deadline and had to be killed.
    pub timed_out: bool,
}

impl Run {
    /// The lines written to standard error.
    pub fn error_lines(&self) -> Vec<&str> {
        self.stderr.lines().collect()
    }

    /// Checks the run exited 0 with nothing on standard error.
    pub fn assert_clean_exit(&self) {
        assert_eq!(self.code, Some(0), "exit code; stderr:\n{}", self.stderr);
        assert_eq!(self.stderr, "", "stderr of a clean run");
    }

    /// Checks a refused start: exit 2, no view, one `error: ` line that contains `needle`.
    pub fn assert_refused(&self, needle: &str) {
        assert_eq!(self.code, Some(2), "exit code; stderr:\n{}", self.stderr);
        assert_eq!(self.stdout, "", "nothing may be printed on stdout");
        let first = self.stderr.lines().next().unwrap_or_default();
        assert!(first.starts_with("error: "), "stderr: {:?}", self.stderr);
        assert!(
            self.stderr.contains(needle),
            "stderr should mention {needle:?}: {:?}",
            self.stderr
        );
    }
}

/// Fails the test if `stderr` shows a panic or a backtrace, whatever else the test checks.
pub fn assert_no_panic(stderr: &str) {
    let lower = stderr.to_lowercase();
    for sign in ["panicked", "backtrace"] {
        assert!(!lower.contains(sign), "stderr shows a panic: {stderr}");
    }
}

/// A temporary folder holding fixture files; the binary runs with it as working directory,
/// so file names in messages are the short names given here.
pub struct Dir {
    dir: tempfile::TempDir,
}

impl Default for Dir {
    fn default() -> Dir {
        Dir::new()
    }
}

impl Dir {
    pub fn new() -> Dir {
        Dir {
            dir: tempfile::tempdir().expect("temporary folder"),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `text` to `name` (folders are created as needed) and returns the full path.
    pub fn write(&self, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("fixture folder");
        }
        std::fs::write(&path, text).expect("fixture file");
        path
    }

    /// The text of a file in the folder.
    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path().join(name)).expect("readable file")
    }

    /// The names of the entries of a sub-folder (`""` for the folder itself), sorted.
    pub fn list(&self, sub: &str) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.path().join(sub))
            .expect("listable folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// Runs `trios ARGS` here with `input` on standard input; fails on a hang or a panic.
    pub fn run(&self, args: &[&str], input: impl AsRef<[u8]>) -> Run {
        self.run_command(command(self.path(), args), args, input)
    }

    /// [`Dir::run`] with `data` as the data folder (`TRIOS_DATA_DIR`), so runs can share
    /// their autosaves.
    pub fn run_with_data(&self, data: &Path, args: &[&str], input: impl AsRef<[u8]>) -> Run {
        let mut cmd = command(self.path(), args);
        cmd.env(DATA_DIR_ENV, data);
        self.run_command(cmd, args, input)
    }

    fn run_command(&self, cmd: Command, args: &[&str], input: impl AsRef<[u8]>) -> Run {
        let run = run_command(cmd, Stdio::piped(), Some(input.as_ref().to_vec()), DEADLINE);
        assert!(!run.timed_out, "trios {args:?} did not finish in time");
        run
    }
}

/// The variable that tells trios where to keep autosaves and other data.
pub const DATA_DIR_ENV: &str = "TRIOS_DATA_DIR";

/// The command for the binary under test, in `dir`, with a predictable environment. Its data
/// folder is a new, not yet created folder inside `dir`, so autosaves stay out of the user's
/// home, apart from every other run, and are deleted with `dir`.
pub fn command(dir: &Path, args: &[&str]) -> Command {
    command_of(env!("CARGO_BIN_EXE_trios"), dir, args)
}

/// [`command`] for another program built on trios (an example with games of its own).
pub fn command_of(program: impl AsRef<std::ffi::OsStr>, dir: &Path, args: &[&str]) -> Command {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let data = dir
        .join(".trios-data")
        .join(RUNS.fetch_add(1, Ordering::Relaxed).to_string());
    let mut cmd = Command::new(program);
    cmd.args(args)
        .current_dir(dir)
        .env(DATA_DIR_ENV, data)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    cmd
}

/// `trios serve` of Reversi on a free loopback port, without the showcase, its computer
/// quick (20 ms a move), its data in `data`, run from `dir`; its log on a pipe.
pub fn serve_reversi(dir: &Path, data: &Path) -> Command {
    let mut cmd = command(
        dir,
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--no-showcase",
            "--game",
            "reversi",
            "--think-ms",
            "20",
        ],
    );
    cmd.env(DATA_DIR_ENV, data)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    cmd
}

/// Runs the binary with `stdin` as standard input (writing `input` to it when piped),
/// collects both outputs and kills it at the [`DEADLINE`]. Checks for panics.
pub fn run_with(dir: &Path, args: &[&str], stdin: Stdio, input: Option<Vec<u8>>) -> Run {
    run_with_deadline(dir, args, stdin, input, DEADLINE)
}

/// [`run_with`] with another deadline.
pub fn run_with_deadline(
    dir: &Path,
    args: &[&str],
    stdin: Stdio,
    input: Option<Vec<u8>>,
    deadline: Duration,
) -> Run {
    run_command(command(dir, args), stdin, input, deadline)
}

/// Runs a prepared command as [`run_with_deadline`] does.
pub fn run_command(
    mut cmd: Command,
    stdin: Stdio,
    input: Option<Vec<u8>>,
    deadline: Duration,
) -> Run {
    let mut child = cmd
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn_guarded()
        .expect("the trios binary starts");
    if let (Some(mut pipe), Some(bytes)) = (child.stdin.take(), input) {
        // The game may stop reading early (quit, game over): a closed pipe is fine.
        thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        });
    }
    let stdout = collect(child.stdout.take());
    let stderr = collect(child.stderr.take());
    let (code, timed_out) = wait(&mut child, deadline);
    let run = Run {
        code,
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
        timed_out,
    };
    assert_no_panic(&run.stderr);
    run
}

fn collect(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Waits for the child until the deadline; returns its exit code and whether it was killed.
fn wait(child: &mut Child, deadline: Duration) -> (Option<i32>, bool) {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for trios") {
            return (status.code(), false);
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let status = child.wait().expect("wait for killed trios");
            return (status.code(), true);
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// A game played line by line: send a command, read what it printed, look at files between.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
}

impl Session {
    pub fn start(dir: &Dir, args: &[&str]) -> Session {
        Session::spawn(command(dir.path(), args))
    }

    /// [`Session::start`] with `data` as the data folder (`TRIOS_DATA_DIR`).
    pub fn start_with_data(dir: &Dir, data: &Path, args: &[&str]) -> Session {
        let mut cmd = command(dir.path(), args);
        cmd.env(DATA_DIR_ENV, data);
        Session::spawn(cmd)
    }

    fn spawn(mut cmd: Command) -> Session {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn_guarded()
            .expect("the trios binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (send, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Some(collect(child.stderr.take()));
        Session {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
        }
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) {
        let pipe = self.stdin.as_mut().expect("stdin still open");
        writeln!(pipe, "{line}").expect("trios reads its input");
        pipe.flush().expect("flush input");
    }

    /// The next line of output, without its newline; fails after the deadline.
    pub fn line(&mut self) -> String {
        self.lines
            .recv_timeout(DEADLINE)
            .expect("trios printed a line in time")
    }

    /// The next view: lines up to and including the empty line after it, each with `\n`.
    pub fn view(&mut self) -> String {
        let mut view = String::new();
        loop {
            let line = self.line();
            view.push_str(&line);
            view.push('\n');
            if line.is_empty() {
                return view;
            }
        }
    }

    /// Closes standard input and waits for the exit code and standard error.
    pub fn finish(mut self) -> (Option<i32>, String) {
        drop(self.stdin.take());
        let (code, timed_out) = wait(&mut self.child, DEADLINE);
        assert!(!timed_out, "trios did not exit after its input closed");
        let stderr = self
            .stderr
            .take()
            .map(|h| h.join().expect("stderr reader"))
            .unwrap_or_default();
        assert_no_panic(&stderr);
        (code, stderr)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // Only reached with the child still running when a test failed half-way.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads a starting server's standard error on a thread of its own, handing `each` every
/// line, and gives the address it says it serves on (waiting up to 20 s for it).
pub fn serving_address(
    stderr: std::process::ChildStderr,
    mut each: impl FnMut(String) + Send + 'static,
) -> std::net::SocketAddr {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(rest) = line.strip_prefix("trios is serving on ") {
                let addr = rest.split(':').take(2).collect::<Vec<_>>().join(":");
                let _ = tx.send(addr);
            }
            each(line);
        }
    });
    rx.recv_timeout(std::time::Duration::from_secs(20))
        .expect("the server says where it serves")
        .parse()
        .expect("an address")
}
