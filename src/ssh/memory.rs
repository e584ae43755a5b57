//! Gives back to the system the memory a crowd of sessions freed when it left.
//!
//! Each session runs on a thread of its own, and the C library's allocator keeps what those
//! threads free in its arenas for reuse: after two thousand sessions left, the server still
//! held nearly all of their memory. Now and then, when sessions have gone since the last
//! look, the free pages of every arena are returned (`malloc_trim`).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::watch;

use super::Shared;

/// How often the open connections are counted.
const LOOK_EVERY: Duration = Duration::from_secs(5);

/// Until the server stops: whenever fewer connections are open than at the last look, the
/// freed memory is given back (on a blocking thread: it walks every arena).
pub(crate) async fn give_back_when_crowds_leave(
    shared: Arc<Shared>,
    mut stopped: watch::Receiver<bool>,
) {
    let mut last = shared.open.load(Ordering::SeqCst);
    loop {
        tokio::select! {
            _ = tokio::time::sleep(LOOK_EVERY) => {}
            _ = stopped.changed() => return,
        }
        let open = shared.open.load(Ordering::SeqCst);
        if open < last {
            let _ = tokio::task::spawn_blocking(trim).await;
        }
        last = open;
    }
}

/// Returns the allocator's free pages to the system, where the C library can.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn trim() {
    unsafe extern "C" {
        /// glibc's `malloc_trim(3)`: releases free memory from the heap and every arena.
        fn malloc_trim(pad: usize) -> i32;
    }
    // SAFETY: malloc_trim takes a plain size, touches only the allocator's own free lists
    // under their locks, and is safe to call from any thread at any time.
    unsafe {
        malloc_trim(0);
    }
}

/// Other allocators return freed memory on their own.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim() {}
