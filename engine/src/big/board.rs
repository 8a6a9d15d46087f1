//! The placement of the pieces on a larger board: one bit set per colour
//! and one per piece type, shared by Chess Is a Joke and Jester Chess.

use super::role::KING;
use super::{bit, Bits};
use crate::color::Color;

/// The pieces on the board, for `KINDS` piece types (a prefix of
/// [`super::Role`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board<const KINDS: usize> {
    /// The squares of each colour's pieces.
    pub(crate) color: [Bits; 2],
    /// The squares of each type's pieces.
    pub(crate) role: [Bits; KINDS],
}

impl<const KINDS: usize> Default for Board<KINDS> {
    fn default() -> Board<KINDS> {
        Board {
            color: [0; 2],
            role: [0; KINDS],
        }
    }
}

impl<const KINDS: usize> Board<KINDS> {
    /// The board with the pieces `(square, colour, type)`.
    pub(crate) fn with(pieces: impl IntoIterator<Item = (usize, Color, usize)>) -> Board<KINDS> {
        let mut board = Board::default();
        for (sq, color, role) in pieces {
            board.put(sq, color, role);
        }
        board
    }

    /// The occupied squares.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bits {
        self.color[0] | self.color[1]
    }

    /// The squares of `us`'s pieces, of the other side's, and all occupied.
    #[inline(always)]
    pub(crate) fn sides(&self, us: Color) -> (Bits, Bits, Bits) {
        let own = self.color[us.index()];
        let enemies = self.color[(!us).index()];
        (own, enemies, own | enemies)
    }

    /// The type of the piece on `sq`, if any.
    pub(crate) fn role_at(&self, sq: usize) -> Option<usize> {
        let b = bit(sq);
        (0..KINDS).find(|&r| self.role[r] & b != 0)
    }

    /// The colour and type of the piece on `sq`, if any.
    pub(crate) fn piece_at(&self, sq: usize) -> Option<(Color, usize)> {
        let color = if self.color[0] & bit(sq) != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some((color, self.role_at(sq)?))
    }

    /// Puts a piece on the empty square `sq`.
    pub(crate) fn put(&mut self, sq: usize, color: Color, role: usize) {
        self.color[color.index()] |= bit(sq);
        self.role[role] |= bit(sq);
    }

    /// Empties `sq`.
    pub(crate) fn remove(&mut self, sq: usize) {
        let m = !bit(sq);
        self.color[0] &= m;
        self.color[1] &= m;
        for r in &mut self.role {
            *r &= m;
        }
    }

    /// The square of the king of `color`.
    pub(crate) fn king(&self, color: Color) -> usize {
        (self.role[KING] & self.color[color.index()]).trailing_zeros() as usize
    }
}
