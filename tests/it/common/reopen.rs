//! Reopening a record this test has just closed, in a process shared with other tests.
//!
//! A record's lock is an `flock` on its open file. The tests are threads of one process, and
//! a child that another test forks shares every open file, and so that lock, until it execs
//! a moment later. So a record closed here can read as in use for that moment.

use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use trios::controller::three_trios::{Match, StartError};
use trios::record::RecordError;

/// Longest a just-forked child may hold a copy of a record's lock: far past any exec.
pub const FORK_WINDOW: Duration = Duration::from_secs(5);

/// Runs `open` again while it fails with an error `in_use` accepts, until [`FORK_WINDOW`]
/// has passed; any other result, or the last one, is returned as it is.
pub fn reopen<T, E>(
    mut open: impl FnMut() -> Result<T, E>,
    in_use: impl Fn(&E) -> bool,
) -> Result<T, E> {
    let deadline = Instant::now() + FORK_WINDOW;
    loop {
        match open() {
            Err(e) if in_use(&e) && Instant::now() < deadline => {
                thread::sleep(Duration::from_millis(10));
            }
            other => return other,
        }
    }
}

/// [`Match::resume`] of a record this test has closed, through [`reopen`].
pub fn resume_match(path: &Path) -> Result<Match, StartError> {
    reopen(
        || Match::resume(path.to_path_buf()),
        |e| matches!(e, StartError::Record(RecordError::InUse { .. })),
    )
}
