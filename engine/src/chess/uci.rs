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
        let malformed = || EngineError::malformed_move(text);
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(malformed());
        }
        let from = Square::parse(&text[0..2]).ok_or_else(malformed)?;
        let to = Square::parse(&text[2..4]).ok_or_else(malformed)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => match Role::from_char(c) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(role),
                _ => return Err(malformed()),
            },
        };
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion() == promotion)
            .ok_or_else(|| EngineError::illegal_move(text))
    }
}
