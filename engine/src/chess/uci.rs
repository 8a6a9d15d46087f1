//! Reading moves in UCI long algebraic notation.

use super::moves::Move;
use super::piece::Role;
use super::position::Position;
use crate::bitboard::Square;
use crate::error::EngineError;

impl Position {
    /// The legal move written `text` in UCI notation (`e2e4`, `e7e8q`,
    /// castling as the king's move `e1g1`).
    pub fn parse_uci(&self, text: &str) -> Result<Move, EngineError> {
        if !crate::movetext::well_formed(text, 8, 8, "PNBRQK") {
            return Err(EngineError::MalformedMove(text.to_string()));
        }
        let illegal = || EngineError::IllegalMove(text.to_string());
        // Well-formed: a null move, a drop or gating are moves chess never
        // has; so is a promotion to a king or a pawn.
        if !(4..=5).contains(&text.len()) || text.contains(['/', '@']) || text == "0000" {
            return Err(illegal());
        }
        let from = Square::parse(&text[0..2]).ok_or_else(illegal)?;
        let to = Square::parse(&text[2..4]).ok_or_else(illegal)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => Some(Role::from_char(c).ok_or_else(illegal)?),
        };
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion() == promotion)
            .ok_or_else(|| EngineError::IllegalMove(text.to_string()))
    }
}
