//! Moves and fixed-capacity move lists.

use std::fmt;

use super::piece::Role;
use crate::bitboard::Square;

/// What a move does besides moving one piece from one square to another.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// A pawn's two-square advance.
    DoublePush,
    /// A pawn capturing en passant.
    EnPassant,
    /// Castling; `to` is the king's destination (`g1`/`c1`/`g8`/`c8`).
    Castle,
    /// A pawn promoting to the given role (capturing or not).
    Promotion(Role),
}

/// A move of orthodox chess.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination square (the king's, for castling).
    pub to: Square,
    /// The role of the moving piece (a pawn for promotions).
    pub role: Role,
    /// Special effects.
    pub kind: MoveKind,
}

impl Move {
    /// A placeholder used to fill unused list slots.
    const NULL: Move = Move {
        from: Square::new(0),
        to: Square::new(0),
        role: Role::Pawn,
        kind: MoveKind::Normal,
    };

    /// The promotion role, if any.
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }
}

/// UCI long algebraic notation: `e2e4`, `e7e8q`, castling as `e1g1`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// Capacity of a [`MoveList`]: enough for any position FEN validation
/// accepts (at most 15 pieces besides the king, each with at most a queen's
/// 27 moves, plus 8 king steps and 2 castlings), well above the 218 of any
/// reachable chess position.
pub const MAX_MOVES: usize = 416;

/// A list of moves in a fixed-size array (no heap allocation).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Legal chess positions never overflow the list.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// The number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}
