//! A trios binary in a pseudo-terminal, its screen parsed as it draws: the home screen as a
//! person at a terminal meets it.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// How long the screen may take to show what the test waits for.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// A program with no arguments on an 80x24 terminal, its screen parsed as it draws.
pub struct Terminal {
    /// The terminal's near end, open while trios runs.
    _master: Box<dyn MasterPty + Send>,
    screen: Arc<Mutex<vt100::Parser>>,
    keyboard: Box<dyn Write + Send>,
    pub child: Box<dyn Child + Send + Sync>,
}

impl Terminal {
    /// `program` (a trios binary) started in data folder `data`.
    pub fn start(program: impl AsRef<std::ffi::OsStr>, data: &Path) -> Terminal {
        let size = PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        };
        // No child may start while the new terminal's ends are still inherited.
        let no_spawns = crate::common::fork::no_spawns();
        let pair = native_pty_system()
            .openpty(size)
            .expect("a pseudo-terminal");
        drop(no_spawns);
        let mut cmd = CommandBuilder::new(program);
        cmd.cwd(data);
        cmd.env("TRIOS_DATA_DIR", data);
        cmd.env("TERM", "xterm-256color");
        let spawning = crate::common::fork::spawning();
        let child = pair.slave.spawn_command(cmd).expect("trios starts");
        drop(spawning);
        drop(pair.slave);
        let rows = NonZeroU16::new(24).expect("rows");
        let cols = NonZeroU16::new(80).expect("columns");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let feed = Arc::clone(&screen);
        thread::spawn(move || {
            let mut buf = [0u8; 16 * 1024];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                feed.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .process(&buf[..n]);
            }
        });
        let keyboard = pair.master.take_writer().expect("pty writer");
        Terminal {
            _master: pair.master,
            screen,
            keyboard,
            child,
        }
    }

    pub fn contents(&self) -> String {
        let parser = self.screen.lock().unwrap_or_else(|e| e.into_inner());
        parser.screen().contents()
    }

    /// Waits until the screen shows `text`; fails with the screen after [`TIMEOUT`].
    pub fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + TIMEOUT;
        while !self.contents().contains(text) {
            assert!(
                Instant::now() < deadline,
                "no {text:?} on the screen:\n{}",
                self.contents()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn send(&mut self, bytes: &[u8]) {
        self.keyboard.write_all(bytes).expect("type");
        self.keyboard.flush().expect("flush");
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
