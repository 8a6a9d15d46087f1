//! Perft: counting the leaves of the legal-move tree, every leaf played
//! or the last ply counted in bulk.

use super::pins::Verdict;
use super::position::{Move, Position, Undo};
use super::Rules;

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
    /// is the same either way.
    pub fn perft_counting(&self, pos: &Position, depth: u32, leaves: Leaves) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut work = pos.clone();
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
        self.perft_rec(&mut work, depth, leaves, &mut buffers)
    }

    fn perft_rec(
        &self,
        pos: &mut Position,
        depth: u32,
        leaves: Leaves,
        buffers: &mut [Vec<Move>],
    ) -> u64 {
        let Some((moves, rest)) = buffers.split_first_mut() else {
            return 1;
        };
        if self.immediate_end && self.ended(pos).is_some() {
            return 0;
        }
        moves.clear();
        if !self.legal_by_safety(pos) {
            return self.perft_listed(pos, depth, leaves, moves, rest);
        }
        self.pseudo_legal(pos, moves);
        let pins = if self.legality_by_pins {
            self.pins(pos)
        } else {
            None
        };
        let bulk = depth == 1 && leaves == Leaves::Bulk;
        let (mut nodes, mut any_legal) = (0, false);
        let mut undo = Undo::default();
        for &m in moves.iter() {
            let verdict = pins
                .as_ref()
                .map_or(Verdict::Test, |pins| self.verdict(pos, pins, &m));
            match verdict {
                Verdict::Illegal => continue,
                Verdict::Legal if bulk => {
                    any_legal = true;
                    nodes += 1;
                    continue;
                }
                _ => {}
            }
            pos.make_into(self, m, &mut undo);
            if verdict == Verdict::Legal || !self.left_in_check(pos) {
                any_legal = true;
                nodes += if depth == 1 {
                    1
                } else {
                    self.perft_rec(pos, depth - 1, leaves, rest)
                };
            }
            pos.unmake(self, m, &undo);
        }
        if !any_legal && self.must_pass(pos) {
            let m = super::movegen::NULL_MOVE;
            pos.make_into(self, m, &mut undo);
            nodes = if depth == 1 {
                1
            } else {
                self.perft_rec(pos, depth - 1, leaves, rest)
            };
            pos.unmake(self, m, &undo);
        }
        nodes
    }

    /// Perft over the legal-move list, for rules under which a move's
    /// legality is more than its mover's safety (§11.1, §11.2, §11.5). Apart from
    /// the fast count so that rules that do not use them cost nothing.
    #[inline(never)]
    fn perft_listed(
        &self,
        pos: &mut Position,
        depth: u32,
        leaves: Leaves,
        moves: &mut Vec<Move>,
        rest: &mut [Vec<Move>],
    ) -> u64 {
        self.legal_moves_ignoring_end(pos, moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        let mut undo = Undo::default();
        for &m in moves.iter() {
            pos.make_into(self, m, &mut undo);
            nodes += self.perft_rec(pos, depth - 1, leaves, rest);
            pos.unmake(self, m, &undo);
        }
        nodes
    }

    /// Perft split by root move: each legal move's canonical text and count,
    /// sorted by text; `threads` workers share the root moves. The counts
    /// sum to [`Rules::perft`]: none at a position where the game is over.
    /// The last ply is counted as `leaves` says.
    pub fn divide(
        &self,
        pos: &Position,
        depth: u32,
        leaves: Leaves,
        threads: usize,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(String, u64)> {
        let mut roots = Vec::new();
        if !(self.immediate_end && self.ended(pos).is_some()) {
            self.legal(pos, &mut roots);
        }
        let total = roots.len();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let next = std::sync::atomic::AtomicUsize::new(0);
        let mut results: Vec<(String, u64)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads.clamp(1, total.max(1)))
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            let Some(&m) = roots.get(i) else { break };
                            let mut child = pos.clone();
                            child.make(self, m);
                            mine.push((
                                self.uci(&m),
                                self.perft_counting(&child, depth.saturating_sub(1), leaves),
                            ));
                            progress(
                                done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1,
                                total,
                            );
                        }
                        mine
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_default())
                .collect()
        });
        results.sort();
        results
    }
}
