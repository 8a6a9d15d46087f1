//! The counting rules of the makruk family (§10.1): who counts, from where
//! and to what limit, updated after every move.

use super::position::{MoveKind, Position};
use super::Rules;
use crate::geometry::SquareSet;
use crate::program::{Counting, MAX_PIECE_TYPES};

/// A count under way (§10.1): the limit and the plies counted, both in
/// plies; a limit of 0 means no count runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HonourCount {
    /// The limit in plies (twice the rule's moves); 0: no count.
    pub limit: u32,
    /// Plies counted so far; the game is drawn once it exceeds the limit.
    pub ply: u32,
}

/// The pieces on the board, as the counting rules read them.
struct Tally {
    /// Pieces per colour, royal ones included.
    total: [u32; 2],
    /// Pieces per colour and type.
    by_type: [[u32; MAX_PIECE_TYPES]; 2],
    /// Some piece of a `stopped_by` type stands on the board.
    stopped: bool,
}

impl Tally {
    fn of<S: SquareSet>(pos: &Position<S>, counting: &Counting) -> Tally {
        let mut tally = Tally {
            total: [0; 2],
            by_type: [[0; MAX_PIECE_TYPES]; 2],
            stopped: false,
        };
        for colour in 0..2 {
            for sq in pos.occupied[colour].iter() {
                let ty = (pos.board[sq as usize] as usize - 1) / 2;
                tally.total[colour] += 1;
                tally.by_type[colour][ty] += 1;
                tally.stopped |= counting.stopped_by >> ty & 1 != 0;
            }
        }
        tally
    }

    /// The limit in moves for `side` to count to, 0 when it may not count.
    fn limit(&self, counting: &Counting, side: usize) -> u32 {
        let other = side ^ 1;
        if self.total[other] <= 1 {
            return 0;
        }
        if self.total[side] > 1 {
            return counting.board_honour.map_or(0, |b| {
                if self.total[side] <= b.at_most && !(b.stopped && self.stopped) {
                    b.moves
                } else {
                    0
                }
            });
        }
        if self.stopped {
            return 0;
        }
        counting
            .pieces_honour
            .iter()
            .find(|row| {
                row.opponent_has
                    .iter()
                    .all(|&(ty, n)| self.by_type[other][ty as usize] >= n)
            })
            .map_or(0, |row| row.moves)
    }

    fn pieces(&self) -> u32 {
        self.total[0] + self.total[1]
    }
}

impl Rules {
    /// Whether a piece of a `stopped_by` type stands on the board (the
    /// scan ends at the first one).
    fn stopped<S: SquareSet>(pos: &Position<S>, counting: &Counting) -> bool {
        (pos.occupied[0] | pos.occupied[1])
            .iter()
            .any(|sq| counting.stopped_by >> ((pos.board[sq as usize] as usize - 1) / 2) & 1 != 0)
    }

    /// After a move by `mover` that captured `captured` (a piece code, 0
    /// for none): counts the ply, and starts a count, or starts it anew, as
    /// §10.1 says.
    #[inline(never)]
    pub(crate) fn count_honour<S: SquareSet>(
        &self,
        pos: &mut Position<S>,
        counting: &Counting,
        mover: usize,
        kind: MoveKind,
        promoted: bool,
        captured: u8,
    ) {
        let changed = captured != 0 || (promoted && kind != MoveKind::Drop);
        if pos.counting.limit != 0 {
            pos.counting.ply = pos.counting.ply.saturating_add(1);
            // A running count changes only with the material.
            if !changed {
                return;
            }
        } else if counting.board_honour.is_none_or(|b| b.stopped) && Self::stopped(pos, counting) {
            // While a stopping piece stands on the board, no count starts.
            return;
        }
        let tally = Tally::of(pos, counting);
        let captured_type = (captured as usize).wrapping_sub(1) / 2;
        let stopper_taken = captured != 0 && counting.stopped_by >> captured_type & 1 != 0;
        // A bare side that takes the last stopping piece counts at once.
        if counting.from_pieces && stopper_taken && tally.total[mover] == 1 && !tally.stopped {
            let moves = tally.limit(counting, mover);
            if moves != 0 {
                pos.counting.limit = 2 * moves;
                pos.counting.ply = 2 * tally.pieces() - 1;
            }
        }
        let to_move = mover ^ 1;
        if pos.counting.limit == 0 || (changed && tally.total[to_move] == 1) {
            let moves = tally.limit(counting, to_move);
            if moves != 0 {
                pos.counting.limit = 2 * moves;
                pos.counting.ply = if counting.from_pieces && tally.total[to_move] == 1 {
                    2 * tally.pieces()
                } else {
                    0
                };
            }
        }
    }
}
