//! Perft: counting the leaves of the legal-move tree, every leaf played
//! or the last ply counted in bulk.

use super::pins::Verdict;
use super::position::{Move, Position, Undo};
use super::Rules;
use crate::geometry::{Bits, SquareSet};

/// The deepest perft any entry point runs (the command line, `bench`, case
/// files): far beyond what finishes (chess perft 15 is out of reach), and
/// small enough that the count's recursion and its move lists, one per ply,
/// stay small. Deeper requests are refused, never started.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// How perft counts the last ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Leaves {
    /// Every leaf move is made and unmade: the cost of visiting each leaf.
    #[default]
    Played,
    /// The last ply is counted as the number of legal moves: a move whose
    /// legality the pins decide is not made (as Fairy-Stockfish counts).
    Bulk,
}

impl Rules {
    /// The number of legal move sequences of length `depth` from `pos`.
    /// Every leaf move is made. `depth` should be at most
    /// [`MAX_PERFT_DEPTH`]: the count keeps a move list per ply.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        self.perft_counting(pos, depth, Leaves::Played)
    }

    /// [`Rules::perft`], the last ply counted as `leaves` says; the count
    /// is the same either way. Counted on a copy of `pos` whose sets of
    /// squares are as wide as the board needs.
    pub fn perft_counting(&self, pos: &Position, depth: u32, leaves: Leaves) -> u64 {
        match self.tables.squares {
            0..=64 => self.perft_sized::<u64>(pos, depth, leaves),
            65..=128 => self.perft_sized::<Bits<2>>(pos, depth, leaves),
            _ => self.perft_sized::<Bits>(pos, depth, leaves),
        }
    }

    /// [`Rules::perft_counting`] with sets of squares of width `S`.
    fn perft_sized<S: SquareSet>(&self, pos: &Position, depth: u32, leaves: Leaves) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut work = pos.resized::<S>();
        // Per ply: its move list and its undo record, made once (an undo
        // record is large: cleared per node, it costs more than it saves).
        let mut buffers: Vec<(Vec<Move>, Undo<S>)> = (0..depth)
            .map(|_| (Vec::with_capacity(128), Undo::default()))
            .collect();
        if self.bare_moves {
            self.perft_rec::<S, true>(&mut work, depth, leaves, &mut buffers)
        } else {
            self.perft_rec::<S, false>(&mut work, depth, leaves, &mut buffers)
        }
    }

    /// The count of [`Rules::perft_sized`]; `BARE`: the rules have
    /// [`Rules::bare_moves`], and their moves are made with the tests for
    /// hands and records compiled out. Moves are made without the board's
    /// hash and fifty-move clock, which counting never reads.
    fn perft_rec<S: SquareSet, const BARE: bool>(
        &self,
        pos: &mut Position<S>,
        depth: u32,
        leaves: Leaves,
        buffers: &mut [(Vec<Move>, Undo<S>)],
    ) -> u64 {
        let Some(((moves, undo), rest)) = buffers.split_first_mut() else {
            return 1;
        };
        if self.immediate_end && self.ended(pos).is_some() {
            return 0;
        }
        moves.clear();
        if !self.legal_by_safety(pos) {
            return self.perft_listed::<S, BARE>(pos, depth, leaves, (moves, undo), rest);
        }
        self.pseudo_legal(pos, moves);
        let pins = if self.legality_by_pins {
            self.pins(pos)
        } else {
            None
        };
        let bulk = depth == 1 && leaves == Leaves::Bulk;
        let (mut nodes, mut any_legal) = (0, false);
        let complex = pins.as_ref().is_some_and(|pins| pins.complex != 0);
        for &m in moves.iter() {
            let verdict = pins
                .as_ref()
                .map_or(Verdict::Test, |pins| self.verdict(pos, pins, &m));
            match verdict {
                Verdict::Illegal => continue,
                Verdict::Legal if bulk && !complex => {
                    any_legal = true;
                    nodes += 1;
                    continue;
                }
                _ => {}
            }
            pos.make_with::<false, BARE>(self, m, undo);
            let legal = if verdict == Verdict::Legal {
                !complex
                    || pins
                        .as_ref()
                        .is_none_or(|pins| self.safe_from_complex(pos, pins))
            } else {
                !self.left_in_check(pos)
            };
            if legal {
                any_legal = true;
                nodes += if depth == 1 {
                    1
                } else {
                    self.perft_rec::<S, BARE>(pos, depth - 1, leaves, rest)
                };
            }
            pos.unmake_with::<false, BARE>(self, m, undo);
        }
        if !any_legal && self.must_pass(pos) {
            let m = super::movegen::NULL_MOVE;
            pos.make_with::<false, BARE>(self, m, undo);
            nodes = if depth == 1 {
                1
            } else {
                self.perft_rec::<S, BARE>(pos, depth - 1, leaves, rest)
            };
            pos.unmake_with::<false, BARE>(self, m, undo);
        }
        nodes
    }

    /// Perft over the legal-move list, for rules under which a move's
    /// legality is more than its mover's safety (§11.1, §11.2, §11.5). Apart from
    /// the fast count so that rules that do not use them cost nothing.
    #[inline(never)]
    fn perft_listed<S: SquareSet, const BARE: bool>(
        &self,
        pos: &mut Position<S>,
        depth: u32,
        leaves: Leaves,
        (moves, undo): (&mut Vec<Move>, &mut Undo<S>),
        rest: &mut [(Vec<Move>, Undo<S>)],
    ) -> u64 {
        self.legal_moves_ignoring_end(pos, moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &m in moves.iter() {
            pos.make_with::<false, BARE>(self, m, undo);
            nodes += self.perft_rec::<S, BARE>(pos, depth - 1, leaves, rest);
            pos.unmake_with::<false, BARE>(self, m, undo);
        }
        nodes
    }

    /// Perft split by root move: each legal move's canonical text and count,
    /// sorted by text. The counts sum to [`Rules::perft`]: none at a
    /// position where the game is over. The last ply is counted as `leaves`
    /// says. `threads` workers share the subtrees: with more than one, and
    /// depth 3 or more, those of the replies to each root move, so that a
    /// root move with a large subtree does not leave the other workers
    /// idle. `progress` is told how many root moves are counted so far, of
    /// how many.
    pub fn divide(
        &self,
        pos: &Position,
        depth: u32,
        leaves: Leaves,
        threads: usize,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(String, u64)> {
        use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
        let mut roots = Vec::new();
        if !(self.immediate_end && self.ended(pos).is_some()) {
            self.legal(pos, &mut roots);
        }
        let tasks = self.subtrees(pos, &roots, depth, threads > 1);
        let total = roots.len();
        let counts: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
        let open: Vec<AtomicUsize> = (0..total).map(|_| AtomicUsize::new(0)).collect();
        for task in &tasks {
            open[task.root].fetch_add(1, Relaxed);
        }
        // Root moves without a subtree to count are counted already.
        let done = AtomicUsize::new(open.iter().filter(|n| n.load(Relaxed) == 0).count());
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads.clamp(1, tasks.len().max(1)) {
                scope.spawn(|| {
                    while let Some(task) = tasks.get(next.fetch_add(1, Relaxed)) {
                        let n = self.perft_counting(&task.pos, task.depth, leaves);
                        counts[task.root].fetch_add(n, Relaxed);
                        if open[task.root].fetch_sub(1, Relaxed) == 1 {
                            progress(done.fetch_add(1, Relaxed) + 1, total);
                        }
                    }
                });
            }
        });
        let mut results: Vec<(String, u64)> = roots
            .iter()
            .zip(counts)
            .map(|(m, n)| (self.uci(m), n.into_inner()))
            .collect();
        results.sort();
        results
    }

    /// The subtrees perft at `depth` from `pos` sums, its legal moves being
    /// `roots`: the position after each root move, or, when `deeper` and
    /// depth is 3 or more, after each legal reply to each root move (none
    /// where the game is over).
    fn subtrees(&self, pos: &Position, roots: &[Move], depth: u32, deeper: bool) -> Vec<Subtree> {
        let mut tasks = Vec::new();
        let mut replies = Vec::new();
        for (root, &m) in roots.iter().enumerate() {
            let mut child = pos.clone();
            child.make(self, m);
            if !deeper || depth < 3 {
                tasks.push(Subtree {
                    root,
                    pos: child,
                    depth: depth.saturating_sub(1),
                });
                continue;
            }
            replies.clear();
            self.legal(&child, &mut replies);
            for &reply in &replies {
                let mut grandchild = child.clone();
                grandchild.make(self, reply);
                tasks.push(Subtree {
                    root,
                    pos: grandchild,
                    depth: depth - 2,
                });
            }
        }
        tasks
    }
}

/// A subtree of a divided perft: the root move it counts for, its
/// position, and the depth left to count.
struct Subtree {
    root: usize,
    pos: Position,
    depth: u32,
}
