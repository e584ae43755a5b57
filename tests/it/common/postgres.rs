//! A Postgres server of a test's own: made with `initdb` in a temporary folder, started on a
//! free loopback port, stopped and started again at will, and removed at the end. Runs as
//! the `postgres` user when the tests run as root (initdb refuses root).
//!
//! Where the server binaries are missing, a test that needs one fails on CI (`CI=true`) and
//! elsewhere says how to run it and returns.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use super::fork::SpawnGuarded;

/// A throwaway Postgres server.
pub struct Throwaway {
    bin: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
    as_root: bool,
    /// `postgres://postgres@127.0.0.1:PORT/postgres`
    pub url: String,
}

/// The newest installed Postgres's binaries, if any.
fn binaries() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| Some(e.ok()?.path().join("bin")))
        .filter(|bin| bin.join("initdb").is_file())
        .collect();
    found.sort_by_key(|p| {
        p.parent()
            .and_then(|v| v.file_name()?.to_str()?.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found.pop()
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output_guarded()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

impl Throwaway {
    /// A new server, started; `None` (with a line saying how to run the test) where Postgres
    /// is not installed, unless on CI, where that fails the test.
    pub fn start() -> Option<Throwaway> {
        let Some(bin) = binaries() else {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "this test needs PostgreSQL's server binaries under /usr/lib/postgresql \
                 (apt-get install -y postgresql)"
            );
            eprintln!(
                "skipping: PostgreSQL is not installed (apt-get install -y postgresql, then \
                 run the test again)"
            );
            return None;
        };
        let dir = tempfile::tempdir().unwrap();
        let as_root = is_root();
        if as_root {
            let chown = Command::new("chown")
                .arg("postgres")
                .arg(dir.path())
                .status_guarded()
                .unwrap();
            assert!(chown.success(), "chown postgres {}", dir.path().display());
        }
        let mut server = Throwaway {
            bin,
            dir,
            port: 0,
            as_root,
            url: String::new(),
        };
        let data = server.dir.path().join("data");
        let initdb = server
            .run("initdb")
            .arg("-D")
            .arg(&data)
            .args(["-A", "trust", "-U", "postgres"])
            .stdout(Stdio::null())
            .status_guarded()
            .unwrap();
        assert!(initdb.success(), "initdb failed");
        server.port = free_port();
        server.url = format!("postgres://postgres@127.0.0.1:{}/postgres", server.port);
        server.start_again();
        Some(server)
    }

    /// A command of the server's binaries, as the postgres user when we are root.
    fn run(&self, tool: &str) -> Command {
        let path = self.bin.join(tool);
        if self.as_root {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", "postgres", "--"]).arg(path);
            cmd
        } else {
            Command::new(path)
        }
    }

    /// Starts the server (again), waiting until it takes connections.
    pub fn start_again(&self) {
        let data = self.dir.path().join("data");
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1",
            self.port,
            self.dir.path().display()
        );
        let started = self
            .run("pg_ctl")
            .arg("-D")
            .arg(&data)
            .arg("-l")
            .arg(self.dir.path().join("log"))
            .args(["-w", "-o", &options, "start"])
            .stdout(Stdio::null())
            .status_guarded()
            .unwrap();
        assert!(started.success(), "pg_ctl start failed");
    }

    /// Stops the server at once (connections are cut).
    pub fn stop(&self) {
        let data = self.dir.path().join("data");
        let _ = self
            .run("pg_ctl")
            .arg("-D")
            .arg(&data)
            .args(["-m", "immediate", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status_guarded();
    }
}

impl Drop for Throwaway {
    fn drop(&mut self) {
        self.stop();
    }
}
