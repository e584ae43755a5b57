//! Starting child processes without handing them another test's pseudo-terminal.
//!
//! The tests are threads of one process. `portable_pty` opens a pseudo-terminal and only then
//! marks its two ends close-on-exec; a child that another thread starts in between keeps both
//! ends for its whole life, so that terminal never hangs up or ends while the child runs.
//! So every child is started while holding [`FORKS`] shared, and a pseudo-terminal is
//! opened while holding it alone ([`no_spawns`]).

use std::io;
use std::process::{Child, Command, ExitStatus, Output};
use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Shared by whoever starts a child, held alone while a pseudo-terminal is opened.
static FORKS: RwLock<()> = RwLock::new(());

/// Held while a child starts: no pseudo-terminal is being opened meanwhile. Children started
/// some other way than [`SpawnGuarded`] (in a pseudo-terminal of their own) hold it too.
pub fn spawning() -> RwLockReadGuard<'static, ()> {
    FORKS.read().unwrap_or_else(PoisonError::into_inner)
}

/// Held while a pseudo-terminal is opened: no child starts meanwhile. Never hold it while
/// starting a child.
pub fn no_spawns() -> RwLockWriteGuard<'static, ()> {
    FORKS.write().unwrap_or_else(PoisonError::into_inner)
}

/// [`Command`]'s ways of starting a child, each while no pseudo-terminal is being opened.
pub trait SpawnGuarded {
    /// [`Command::spawn`]; it returns once the child has run its program.
    fn spawn_guarded(&mut self) -> io::Result<Child>;
    /// [`Command::output`]; keeps others from opening a terminal until the child ends.
    fn output_guarded(&mut self) -> io::Result<Output>;
    /// [`Command::status`]; keeps others from opening a terminal until the child ends.
    fn status_guarded(&mut self) -> io::Result<ExitStatus>;
}

impl SpawnGuarded for Command {
    fn spawn_guarded(&mut self) -> io::Result<Child> {
        let _shared = spawning();
        self.spawn()
    }

    fn output_guarded(&mut self) -> io::Result<Output> {
        let _shared = spawning();
        self.output()
    }

    fn status_guarded(&mut self) -> io::Result<ExitStatus> {
        let _shared = spawning();
        self.status()
    }
}
