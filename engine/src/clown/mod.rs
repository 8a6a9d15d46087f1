//! Clown Chess (`clown-chess.txt`, rulings `spec/rulings/clown.md`).
//!
//! A Knight may be declared the Clown (`C`) on its first move; the Clown
//! moves by its file (a/h rook, b/g knight, c/f bishop, d queen of four
//! squares, e non-royal king step). Captured Knights and Bishops go to their
//! owner's hand; once per game one re-enters in the entry zone. The rules
//! live in [`crate::plus`] (variant [`Variant::Clown`]).

use crate::error::EngineError;
use crate::plus::{PlusGame, Variant};

/// The start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

/// A new game with the given rulings (`clown.entry-zone`,
/// `clown.not-immediately`, `clown.after-clown`, `clown.entry-check`,
/// `clown.declare-capture`).
pub fn new_game(rulings: &[(String, String)]) -> Result<PlusGame, EngineError> {
    PlusGame::new(Variant::Clown, rulings)
}
