//! FEN input and output in Fairy-Stockfish's dialect for chess.
//!
//! Input accepts `KQkq` and Shredder/X-FEN castling letters (`HAha`), and
//! optional castling, en passant and counter fields. Output prints the en
//! passant square only when an en passant capture is legal.

use std::fmt::Write;

use super::piece::{Piece, Role};
use super::position::{CastlingRights, Position};
use crate::bitboard::Bitboard;
use crate::color::Color;
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
        let rest = fen::parse_fields8(
            &fields,
            (&pos.by_role, pos.by_color),
            Bitboard::EMPTY,
            "a chess castling right",
        )?;
        pos.turn = rest.turn;
        pos.castling = CastlingRights::from_bits(rest.castling);
        pos.ep_square = rest.ep_square;
        (pos.halfmoves, pos.fullmoves) = (rest.halfmoves, rest.fullmoves);
        validate(&pos)?;
        Ok(pos)
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        fen::board8_text(&mut fen, |sq| self.piece_at(sq).map(Piece::char));
        fen.push_str(fen::side_text(self.turn));
        fen::push_castling8(&mut fen, self.castling.bits());
        fen::push_ep8(&mut fen, self.legal_ep_square());
        let _ = write!(fen, " {} {}", self.halfmoves, self.fullmoves);
        fen
    }
}

fn validate(pos: &Position) -> Result<(), EngineError> {
    for color in Color::ALL {
        fen::check_army8(
            color,
            pos.pieces(color, Role::King).count(),
            pos.by_color(color).count(),
            pos.pieces(color, Role::Pawn).count(),
            (16, ""),
        )?;
    }
    if (pos.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
        return Err(bad_fen("pawn on the first or last rank"));
    }
    let waiting = !pos.turn;
    if pos.is_attacked(pos.king_square(waiting), pos.turn, pos.occupied()) {
        return Err(bad_fen("the side not to move is in check"));
    }
    Ok(())
}
