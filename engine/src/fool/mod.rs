//! Chess with a Fool (`chess-with-a-fool.txt`, rulings `spec/rulings/fool.md`).
//!
//! The Fool (`F`) starts in hand, enters by gating onto the square a move
//! vacated (unmoved piece, capture, castling's king or rook square) until the
//! player's 20th move, and moves like the opponent's last-moved piece. The
//! rules live in [`crate::plus`] (variant [`Variant::Fool`]).

use crate::error::EngineError;
use crate::plus::{PlusGame, Variant};

/// The start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 1";

/// A new game with the given rulings (`fool.pawn-capture`, `fool.imitation`,
/// `fool.castling-imitation`, `fool.castling-destination`, `fool.deadline`,
/// `fool.initial-position`).
pub fn new_game(rulings: &[(String, String)]) -> Result<PlusGame, EngineError> {
    PlusGame::new(Variant::Fool, rulings)
}
