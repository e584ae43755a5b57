//! Gives back to the system the memory a crowd of sessions freed when it left.
//!
//! The C library's allocator keeps what is freed in its arenas for reuse: after two thousand
//! sessions left, the server once held nearly all of their memory. So large blocks (a
//! screen's cell buffers) get mappings of their own, which freeing returns at once; and for a
//! while after sessions have gone, the crowd's records are forgotten as they age and the free
//! pages of every arena are returned (`malloc_trim`).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::watch;

use super::Shared;

/// How often the open connections are counted.
const LOOK_EVERY: Duration = Duration::from_secs(5);

/// After connections close, memory is given back at every look for this long: the crowd's
/// connection times age out of the rate window meanwhile.
const GIVE_BACK_FOR: Duration = Duration::from_secs(90);

/// Until the server stops: for a while after fewer connections are open than at the last
/// look, the crowd's records are forgotten as they age and the freed memory is given back
/// (on a blocking thread: it walks every arena).
pub(crate) async fn give_back_when_crowds_leave(
    shared: Arc<Shared>,
    mut stopped: watch::Receiver<bool>,
) {
    let mut last = shared.open.load(Ordering::SeqCst);
    let mut until = None;
    loop {
        tokio::select! {
            _ = tokio::time::sleep(LOOK_EVERY) => {}
            _ = stopped.changed() => return,
        }
        let now = std::time::Instant::now();
        let open = shared.open.load(Ordering::SeqCst);
        if open < last {
            until = Some(now + GIVE_BACK_FOR);
        }
        last = open;
        if until.is_some_and(|until| now < until) {
            shared.forget_the_crowd(now);
            let _ = tokio::task::spawn_blocking(trim).await;
        } else {
            until = None;
        }
    }
}

/// Has the C library's allocator map each block of [`OWN_MAPPING`] or more on its own, so
/// that freeing it gives its memory straight back (a screen's two cell buffers are about
/// 90 KB each at 80x24; kept among small blocks in the heap, they pin its pages long after
/// their session left).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(crate) fn map_large_blocks_alone() {
    unsafe extern "C" {
        /// glibc's `mallopt(3)`.
        fn mallopt(param: i32, value: i32) -> i32;
    }
    /// glibc's `M_MMAP_THRESHOLD`.
    const M_MMAP_THRESHOLD: i32 = -3;
    // SAFETY: mallopt takes two plain integers and only changes the allocator's settings
    // under its own lock; a refusal leaves them as they were.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, OWN_MAPPING);
    }
}

/// Other allocators place blocks their own way.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(crate) fn map_large_blocks_alone() {}

/// Blocks at least this large get a mapping of their own.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const OWN_MAPPING: i32 = 32 * 1024;

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
