//! When a search stops (work budget, depth, deadline, a shared stop flag) and what it reports.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// When a search must stop.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Deepest iteration, in plies; `None` searches to the end of the game.
    pub max_depth: Option<usize>,
    /// Work this searcher may do in all, counted as positions visited plus moves evaluated
    /// (a steadier measure of time than positions alone, whose cost varies tenfold over a
    /// game); `None` is unlimited. Deterministic.
    pub work: Option<u64>,
    /// Wall-clock stop, a safety net for slow machines (results then depend on timing).
    pub deadline: Option<Instant>,
}

/// What a long search has done so far, for a progress display on another thread.
#[derive(Debug, Default)]
pub struct Progress {
    /// Positions visited, updated every few thousand.
    pub nodes: AtomicU64,
    /// Root moves fully searched.
    pub roots_done: AtomicU64,
}

/// A searcher's counters and its stop rule. Invariant: once `stopped` is set it stays set
/// until [`Meter::start`], and every search routine unwinds without using the values it
/// was computing.
#[derive(Debug, Default)]
pub(crate) struct Meter {
    pub nodes: u64,
    /// Nodes plus moves evaluated: what the budget counts.
    pub work: u64,
    pub stopped: bool,
    limits: Limits,
    /// Set by another thread to stop this search (a parallel solve that is done).
    pub halt: Option<Arc<AtomicBool>>,
    pub progress: Option<Arc<Progress>>,
    /// Nodes already added to `progress`.
    reported: u64,
    /// Moves listed but not weighed, which the work leaves out: with the work, what decides
    /// when the clock is read, so that nodes listing huge numbers of moves cannot run past
    /// the deadline. Not part of the budget, which stays deterministic.
    pub effort: u64,
    /// Effort done when the clock (and the halt flag) was last read.
    checked: u64,
}

/// Work between two readings of the clock and the halt flag: on a big board one node may
/// weigh tens of thousands of moves, so this counts work rather than nodes.
const CHECK_EVERY: u64 = 16_384;
/// Nodes between two progress reports.
const REPORT_EVERY: u64 = 4096;

impl Meter {
    /// Arms the limits for a new search; counters keep running.
    pub fn start(&mut self, limits: Limits) {
        self.limits = limits;
        self.stopped = false;
    }

    /// Whether the search must stop now; cheap enough to call at every node.
    #[inline]
    pub fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.limits.work
            && self.work >= limit
        {
            self.stopped = true;
            return true;
        }
        if self.work + self.effort >= self.checked + CHECK_EVERY {
            self.check();
        }
        self.stopped
    }

    #[cold]
    fn check(&mut self) {
        self.checked = self.work + self.effort;
        if let Some(deadline) = self.limits.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
        }
        if let Some(halt) = &self.halt
            && halt.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        if self.nodes >= self.reported + REPORT_EVERY {
            self.flush();
        }
    }

    /// Adds the nodes not yet reported to the progress counters.
    pub fn flush(&mut self) {
        if let Some(progress) = &self.progress {
            progress
                .nodes
                .fetch_add(self.nodes - self.reported, Ordering::Relaxed);
        }
        self.reported = self.nodes;
    }

    /// Counts a root move fully searched.
    pub fn root_done(&self) {
        if let Some(progress) = &self.progress {
            progress.roots_done.fetch_add(1, Ordering::Relaxed);
        }
    }
}
