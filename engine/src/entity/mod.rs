//! Entity Chess (`entity-chess.txt`, rulings `spec/rulings/entity.md`).
//!
//! Each side holds one Entity (`E`, Betza `WA`), which enters onto an empty
//! square of the entry zone, never to capture, give or block check. The
//! rules live in [`crate::plus`] (variant [`Variant::Entity`]).

use crate::error::EngineError;
use crate::plus::{PlusGame, Variant};

/// The start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ee] w KQkq - 0 1";

/// A new game with the given rulings (`entity.entry-zone`,
/// `entity.promotion`).
pub fn new_game(rulings: &[(String, String)]) -> Result<PlusGame, EngineError> {
    PlusGame::new(Variant::Entity, rulings)
}
