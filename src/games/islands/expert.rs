//! `expert` for Islands of Hex: Monte Carlo tree search with the fast board in the playouts.
//!
//! A playout fills the board at random until a chain ends the game, and scores it by the
//! rule: more islands wins. So the search weighs both goals at once — a stone that closes a
//! chain while behind loses in every playout through it, a stone that leaves the other a
//! winning close loses one ply later. The final islands depend only on where the stones lie,
//! not on their order, which is what all-moves-as-first (RAVE) statistics assume; they share
//! what one playout learns among all the moves it made.
//!
//! Every core grows its own tree from its own seeded stream and the trees vote by visits
//! (root parallelism). The budget is counted in stones placed, not in time, so a seed gives
//! the same move on any machine fast enough (with the same number of cores); a wall-clock
//! stop at 90% of the thinking time protects slower ones.

use std::time::{Duration, Instant};

use super::ai::Connector;
use super::board::{Board, Stone};
use super::game::{Game, Place};
use crate::games::Strategy;
use crate::games::rng::{GameRng, below, seeded};

/// Stones placed in playouts per millisecond of thinking time, on each core: about half of
/// what one core of the machines trios was measured on does, so the budget, not the clock,
/// decides.
pub const PLACES_PER_MS: u64 = 6_000;

/// Playouts each root move needs on average for the search to beat `connector`'s race (on
/// 11x11 to 19x19, at 20 to 100 ms a move, 16 and more win, 7 lose). With fewer in the
/// budget — large boards, short thinking times — `expert` plays as `connector`.
pub const MIN_PLAYOUTS_PER_MOVE: u64 = 12;

/// A node grows its children once it has been visited this often.
const EXPAND_AT: u32 = 2;

/// The most nodes one tree may hold (about 40 MB); past it, leaves stop growing.
const NODE_CAP: usize = 1 << 20;

/// Weight of the exploration term.
const EXPLORE: f32 = 0.25;

/// How many visits make the all-moves-as-first value and the direct one weigh the same.
const RAVE_EQUIV: f32 = 400.0;

/// `expert`: repeatable for a seed and a thinking time.
pub struct Expert {
    think_ms: u64,
    seed: u64,
    /// Stones each core may place in playouts a move; `None`: [`PLACES_PER_MS`] times the
    /// thinking time.
    budget: Option<u64>,
}

impl Expert {
    pub fn new(think_ms: u64, seed: u64) -> Expert {
        Expert {
            think_ms: think_ms.max(1),
            seed,
            budget: None,
        }
    }

    /// An expert with a budget of stones placed a move and no clock: the same move for the
    /// same seed however busy the machine is (for tests and measurements).
    pub fn with_budget(places: u64, seed: u64) -> Expert {
        Expert {
            think_ms: u64::MAX / 2,
            seed,
            budget: Some(places),
        }
    }
}

impl Strategy<Game> for Expert {
    fn name(&self) -> &str {
        "expert"
    }

    /// On a clock: `budget` of wall time (a fixed budget of stones gives way to it).
    fn think_for(&mut self, budget: Duration) {
        self.think_ms = (budget.as_millis() as u64).max(1);
        self.budget = None;
    }

    fn choose(&mut self, game: &Game) -> Option<Place> {
        if game.is_over() {
            return None;
        }
        let now = Instant::now();
        let deadline = now
            .checked_add(Duration::from_millis(self.think_ms / 10 * 9))
            .unwrap_or(now + Duration::from_secs(86_400));
        let board = game.board();
        let n = board.size();
        let budget = self
            .budget
            .unwrap_or_else(|| PLACES_PER_MS.saturating_mul(self.think_ms));
        if !worth_searching(n * n - board.stones(), budget) {
            // Too big to search in the time: connector's race, cut short at the deadline.
            let deadline = self.budget.is_none().then_some(deadline);
            return Connector::choose_by(game, deadline);
        }
        let me = game.turn();
        let empties: Vec<u32> = (0..(n * n) as u32)
            .filter(|&at| board.is_empty_at(at as usize))
            .collect();
        let place = |at: u32| Place {
            row: at as usize / n,
            col: at as usize % n,
        };
        match empties.as_slice() {
            [] => return None,
            [only] => return Some(place(*only)),
            _ => {}
        }
        if let Some(at) = winning_close(board, me, &empties) {
            return Some(place(at));
        }
        let threads = crate::games::cores();
        let base = self.seed ^ (board.stones() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let votes: Vec<Vec<(u32, u32, f32)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads as u64)
                .map(|t| {
                    let empties = &empties;
                    scope.spawn(move || {
                        let rng = seeded(base.wrapping_add(t.wrapping_mul(0xD1B5_4A32_D192_ED03)));
                        Tree::new(board, me, empties, rng).grow(budget, deadline)
                    })
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let mut total: Vec<(u32, u64, f64)> = empties.iter().map(|&at| (at, 0, 0.0)).collect();
        for tree in votes {
            for (slot, (at, visits, wins)) in total.iter_mut().zip(tree) {
                debug_assert_eq!(slot.0, at);
                slot.1 += u64::from(visits);
                slot.2 += f64::from(wins);
            }
        }
        total
            .iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)).then(b.0.cmp(&a.0)))
            .map(|&(at, _, _)| place(at))
    }
}

/// Whether a budget of `budget` stones buys enough playouts for each of `empties` root
/// moves; a playout from a position places about 60% of its empty cells.
fn worth_searching(empties: usize, budget: u64) -> bool {
    let empties = empties as u64;
    let per_playout = (empties * 6 / 10).max(1);
    budget / per_playout >= MIN_PLAYOUTS_PER_MOVE.saturating_mul(empties)
}

/// A cell whose stone completes `me`'s chain with more islands than the other has, if any:
/// that wins on the spot. A few steps a cell, the board untouched.
fn winning_close(board: &Board, me: Stone, empties: &[u32]) -> Option<u32> {
    empties.iter().copied().find(|&at| {
        let (islands, closes) = board.would_place(at as usize, me);
        closes && islands > board.islands(me.other())
    })
}

/// One node of a search tree: the move into it and what the playouts through it gave the
/// player who made that move.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// The cell played to reach this node.
    cell: u32,
    /// Index of the first child; 0 while the node has none (no child is the root).
    first: u32,
    children: u32,
    visits: u32,
    wins: f32,
    /// All-moves-as-first: playouts below the parent in which the same player played `cell`.
    amaf_visits: u32,
    amaf_wins: f32,
}

impl Node {
    fn leaf(cell: u32) -> Node {
        Node {
            cell,
            first: 0,
            children: 0,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
        }
    }
}

/// One core's search tree and its scratch space.
struct Tree<'a> {
    root: &'a Board,
    me: Stone,
    nodes: Vec<Node>,
    rng: GameRng,
    board: Board,
    /// Who placed each cell in the current playout (0 nobody, else the stone's code) and at
    /// which ply after the root.
    played_by: Vec<u8>,
    played_at: Vec<u32>,
    /// Cells placed in the current playout, to clear `played_by` after it.
    placed: Vec<u32>,
    path: Vec<u32>,
    open: Vec<u32>,
}

fn code(stone: Stone) -> u8 {
    match stone {
        Stone::White => 1,
        Stone::Black => 2,
    }
}

impl<'a> Tree<'a> {
    fn new(root: &'a Board, me: Stone, empties: &[u32], rng: GameRng) -> Tree<'a> {
        let cells = root.size() * root.size();
        let mut nodes = Vec::with_capacity(1 + empties.len());
        nodes.push(Node::leaf(u32::MAX));
        nodes.extend(empties.iter().map(|&at| Node::leaf(at)));
        nodes[0].first = 1;
        nodes[0].children = empties.len() as u32;
        Tree {
            root,
            me,
            nodes,
            rng,
            board: root.clone(),
            played_by: vec![0; cells],
            played_at: vec![0; cells],
            placed: Vec::with_capacity(cells),
            path: Vec::new(),
            open: Vec::with_capacity(cells),
        }
    }

    /// Runs playouts until `budget` stones are placed or the deadline passes, and gives each
    /// root move (in the order of the root's empty cells) its visits and wins.
    fn grow(mut self, budget: u64, deadline: Instant) -> Vec<(u32, u32, f32)> {
        let mut spent = 0u64;
        let mut rounds = 0u32;
        while spent < budget {
            rounds += 1;
            if rounds.is_multiple_of(64) && Instant::now() >= deadline {
                break;
            }
            spent += self.playout().max(1);
        }
        let root = self.nodes[0];
        (root.first..root.first + root.children)
            .map(|i| {
                let child = self.nodes[i as usize];
                (child.cell, child.visits, child.wins)
            })
            .collect()
    }

    /// One descent, expansion, random fill and update; returns the stones it placed.
    fn playout(&mut self) -> u64 {
        self.board.copy_from(self.root);
        for &at in &self.placed {
            self.played_by[at as usize] = 0;
        }
        self.placed.clear();
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        let mut turn = self.me;
        let mut over = false;
        while !over {
            if self.nodes[node].children == 0
                && (self.nodes[node].visits < EXPAND_AT || !self.expand(node))
            {
                break;
            }
            let child = self.select(node);
            let cell = self.nodes[child].cell;
            over = self.place(cell, turn);
            self.path.push(child as u32);
            node = child;
            turn = turn.other();
        }
        if !over {
            self.open.clear();
            let cells = (self.board.size() * self.board.size()) as u32;
            self.open
                .extend((0..cells).filter(|&at| self.board.is_empty_at(at as usize)));
            while !over && !self.open.is_empty() {
                let pick = below(&mut self.rng, self.open.len() as u64) as usize;
                let cell = self.open.swap_remove(pick);
                over = self.place(cell, turn);
                turn = turn.other();
            }
        }
        let white = self.board.islands(Stone::White);
        let black = self.board.islands(Stone::Black);
        let white_result = match white.cmp(&black) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
        self.update(white_result);
        self.placed.len() as u64
    }

    /// Places `turn`'s stone on `cell` and notes it for the all-moves-as-first update.
    fn place(&mut self, cell: u32, turn: Stone) -> bool {
        self.played_by[cell as usize] = code(turn);
        self.played_at[cell as usize] = self.placed.len() as u32;
        self.placed.push(cell);
        self.board.place_at(cell as usize, turn)
    }

    /// Gives `node` a child for every empty cell of the board as it stands; false when the
    /// tree is full.
    fn expand(&mut self, node: usize) -> bool {
        if self.nodes.len() >= NODE_CAP {
            return false;
        }
        let first = self.nodes.len() as u32;
        let cells = (self.board.size() * self.board.size()) as u32;
        for at in 0..cells {
            if self.board.is_empty_at(at as usize) {
                self.nodes.push(Node::leaf(at));
            }
        }
        let children = self.nodes.len() as u32 - first;
        self.nodes[node].first = first;
        self.nodes[node].children = children;
        children > 0
    }

    /// The child with the best blend of its own value, its all-moves-as-first value and an
    /// exploration bonus; unvisited children first, lowest cell first among equals.
    fn select(&self, node: usize) -> usize {
        let parent = self.nodes[node];
        let log_parent = ((parent.visits + 1) as f32).ln();
        let mut best = (f32::NEG_INFINITY, parent.first as usize);
        for i in parent.first..parent.first + parent.children {
            let child = &self.nodes[i as usize];
            let value = if child.visits == 0 && child.amaf_visits == 0 {
                10.0
            } else {
                let n = child.visits as f32;
                let na = child.amaf_visits as f32;
                let q = if child.visits > 0 {
                    child.wins / n
                } else {
                    0.5
                };
                let qa = if child.amaf_visits > 0 {
                    child.amaf_wins / na
                } else {
                    0.5
                };
                let beta = (RAVE_EQUIV / (3.0 * n + RAVE_EQUIV)).sqrt();
                (1.0 - beta) * q + beta * qa + EXPLORE * (log_parent / (n + 1.0)).sqrt()
            };
            if value > best.0 {
                best = (value, i as usize);
            }
        }
        best.1
    }

    /// Adds the playout's result to every node on the path, and to the all-moves-as-first
    /// values of their children that the same player played later in the playout.
    fn update(&mut self, white_result: f32) {
        let result_for = |stone: Stone| match stone {
            Stone::White => white_result,
            Stone::Black => 1.0 - white_result,
        };
        let mut turn = self.me;
        for (ply, &index) in self.path.iter().enumerate() {
            let node = self.nodes[index as usize];
            // The player who moved into this node is the one before `turn`.
            let mover_result = result_for(turn.other());
            let slot = &mut self.nodes[index as usize];
            slot.visits += 1;
            slot.wins += mover_result;
            let own = code(turn);
            let value = result_for(turn);
            for i in node.first..node.first + node.children {
                let child = &mut self.nodes[i as usize];
                let at = child.cell as usize;
                if self.played_by[at] == own && self.played_at[at] as usize >= ply {
                    child.amaf_visits += 1;
                    child.amaf_wins += value;
                }
            }
            turn = turn.other();
        }
    }
}
