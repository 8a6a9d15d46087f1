//! The typed view of a move for other crates: [`Move::action`] and
//! [`Move::gating`] say what a move does, built on demand from the compact
//! form the move generator and make/unmake use (whose fields mean
//! different things per kind, so they stay inside the crate).

use super::{Move, MoveKind};
use crate::geometry::Square;
use crate::program::WALL;

/// What a move does. Squares are indexes from a1 along the ranks
/// ([`crate::square_name`]); pieces are piece codes ([`crate::piece_code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moves from `from` to `to`, capturing what stands there, if
    /// anything, and becomes `promotion` when it promotes.
    Normal {
        /// The moving piece's square.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The piece it becomes, if it promotes.
        promotion: Option<u8>,
    },
    /// An en passant capture: the piece moves from `from` to `to` and
    /// captures the piece on `captured`.
    EnPassant {
        /// The capturing piece's square.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The square of the piece it captures.
        captured: Square,
        /// The piece it becomes, if it promotes.
        promotion: Option<u8>,
    },
    /// Castling: the king and the rook move together.
    Castle {
        /// The king's square.
        king_from: Square,
        /// Where the king ends.
        king_to: Square,
        /// The rook's square.
        rook_from: Square,
        /// Where the rook ends.
        rook_to: Square,
    },
    /// A piece from the hand is placed on an empty square.
    Drop {
        /// The piece placed.
        piece: u8,
        /// Where.
        to: Square,
    },
    /// The piece on `from` captures the piece on `target` without moving
    /// (the rifle capture `cab`, §4.5).
    Shot {
        /// The shooting piece's square.
        from: Square,
        /// The square emptied.
        target: Square,
    },
    /// A later move of a turn declined, or a pass: `0000`.
    Pass,
    /// A reply (§12.3): the piece on `from` moves onto `to`, the square an
    /// opening move opened.
    Reply {
        /// The replying piece's square.
        from: Square,
        /// Where it ends.
        to: Square,
    },
}

impl Action {
    /// The square of the piece that moves or shoots (the king's for
    /// castling); `None` for a drop and a pass.
    pub fn from(&self) -> Option<Square> {
        match *self {
            Action::Normal { from, .. }
            | Action::EnPassant { from, .. }
            | Action::Shot { from, .. }
            | Action::Reply { from, .. } => Some(from),
            Action::Castle { king_from, .. } => Some(king_from),
            Action::Drop { .. } | Action::Pass => None,
        }
    }
}

/// What a move places beside what it does: a piece gated from the hand
/// (§14.3), or a wall (§11.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gating {
    /// A piece from the hand appears on `square`.
    Piece {
        /// The piece gated.
        piece: u8,
        /// Where it appears.
        square: Square,
    },
    /// A wall is placed on `square`.
    Wall {
        /// Where.
        square: Square,
    },
}

impl Move {
    /// What the move does.
    #[inline]
    pub fn action(&self) -> Action {
        let promotion = (self.promotion != 0).then_some(self.promotion);
        match self.kind {
            MoveKind::Normal | MoveKind::Passing => Action::Normal {
                from: self.from,
                to: self.to,
                promotion,
            },
            MoveKind::EnPassant => Action::EnPassant {
                from: self.from,
                to: self.to,
                captured: self.aux,
                promotion,
            },
            MoveKind::Castle => Action::Castle {
                king_from: self.from,
                king_to: self.to,
                rook_from: self.aux,
                rook_to: self.extra,
            },
            MoveKind::Drop => Action::Drop {
                piece: self.promotion,
                to: self.to,
            },
            MoveKind::Shoot => Action::Shot {
                from: self.from,
                target: self.to,
            },
            MoveKind::Null => Action::Pass,
            MoveKind::Reply => Action::Reply {
                from: self.from,
                to: self.to,
            },
        }
    }

    /// The piece or wall the move places, if any.
    #[inline]
    pub fn gating(&self) -> Option<Gating> {
        match self.gate {
            0 => None,
            WALL => Some(Gating::Wall {
                square: self.gate_at,
            }),
            piece => Some(Gating::Piece {
                piece,
                square: self.gate_at,
            }),
        }
    }
}
