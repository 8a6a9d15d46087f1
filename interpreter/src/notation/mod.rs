//! Notation: FEN in Fairy-Stockfish's dialect (reading into a validated
//! position, printing back), canonical move text and SAN. It reads play's
//! `Rules` and `Position` and the compiled program; play does not name
//! it (what a FEN shows beyond the board, such as the en passant targets
//! it lists, play decides: `play/shown.rs`).

mod fen;
mod moves;

use crate::play::{PlayError, Position, Rules};
use crate::program::Program;

impl Rules {
    /// Reads a FEN of this variant.
    pub fn position(&self, fen: &str) -> Result<Position, PlayError> {
        self.parse_fen(fen, Some(self.start()))
    }
}

/// The playable rules of a compiled program: its setup is read as the
/// start position, which must be valid.
pub(crate) fn rules(program: Program) -> Result<Rules, PlayError> {
    let rules = Rules::unstarted(program);
    let start = rules.parse_fen(&rules.variant.setup, None)?;
    Ok(rules.with_start(start))
}
