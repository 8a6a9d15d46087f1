//! Chess with a Fool (`chess-with-a-fool.txt`, rulings `spec/rulings/fool.md`).
//!
//! The Fool (`F`) starts in hand, enters by gating onto the square a move
//! vacated (unmoved piece, capture, castling's king or rook square) until the
//! player's 20th move, and moves like the opponent's last-moved piece. The
//! core ([`crate::plus`]) plays the board; this module holds the Fool's
//! rules and the state it reads: the last two moves.

mod rules;

pub use rules::{Imitation, Rules};

use crate::plus::Last;

/// A position of Chess with a Fool.
pub type Position = crate::plus::Position<Rules>;

/// What the Fool's rules read beyond the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct State {
    /// The last move (`last=`): its effective type gives the powers of the
    /// Fool of the side to move.
    pub last: Option<Last>,
    /// The move before the last one, made by the side to move (`prev=`).
    /// Under `fool.imitation=keep` its type gives the powers of the Fool of
    /// the player who just moved.
    pub prev: Option<Last>,
}
