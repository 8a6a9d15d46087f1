//! FEN input and output in Fairy-Stockfish's dialect for chess.
//!
//! Input accepts `KQkq` and Shredder/X-FEN castling letters (`HAha`), and
//! optional castling, en passant and counter fields. Output prints the en
//! passant square only when an en passant capture is legal.

use super::piece::Piece;
use super::position::Position;
use crate::bitboard::Bitboard;
use crate::error::{bad_fen, EngineError};
use crate::fen;

/// The FEN of the standard start position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// Parses and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, EngineError> {
        let fields = fen::split_fields(fen, fen)?;
        let mut pos = Position::empty();
        fen::parse_board8(fields[0], Piece::from_char, |sq, piece| pos.put(sq, piece))?;
        pos.core
            .read_fields(&fields, "a chess castling right", Bitboard::EMPTY)?;
        validate(&pos)?;
        Ok(pos)
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        fen::board8_text(&mut fen, |sq| self.piece_at(sq).map(Piece::char));
        self.core.push_fields(&mut fen, self.legal_ep_square());
        fen
    }
}

fn validate(pos: &Position) -> Result<(), EngineError> {
    pos.core.check_armies((16, ""))?;
    let waiting = !pos.turn();
    if pos.is_attacked(pos.king_square(waiting), pos.turn(), pos.occupied()) {
        return Err(bad_fen("the side not to move is in check"));
    }
    Ok(())
}
