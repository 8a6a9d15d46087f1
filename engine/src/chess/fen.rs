//! FEN input and output in Fairy-Stockfish's dialect for chess.
//!
//! Input accepts `KQkq` and Shredder/X-FEN castling letters (`HAha`), and
//! optional castling, en passant and counter fields. Output prints the en
//! passant square only when an en passant capture is legal.

use std::fmt::Write;

use super::piece::{Piece, Role};
use super::position::{CastlingRights, Position};
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::error::EngineError;

/// The FEN of the standard start position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// Parses and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, EngineError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(EngineError::invalid_fen(format!(
                "expected 2 to 6 fields, got {} in {fen:?}",
                fields.len()
            )));
        }
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(EngineError::invalid_fen(format!(
                    "bad side to move {other:?}"
                )))
            }
        };
        pos.castling = parse_castling(&pos, fields.get(2).copied().unwrap_or("-"))?;
        pos.ep_square = parse_ep(&pos, fields.get(3).copied().unwrap_or("-"))?;
        pos.halfmoves = parse_counter(fields.get(4).copied().unwrap_or("0"), "halfmove clock")?;
        pos.fullmoves =
            parse_counter(fields.get(5).copied().unwrap_or("1"), "fullmove number")?.max(1);
        validate(&pos)?;
        Ok(pos)
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.turn.is_white() { " w " } else { " b " });
        let rights = self.castling;
        if rights.is_empty() {
            fen.push('-');
        }
        for (color, kingside, letter) in [
            (Color::White, true, 'K'),
            (Color::White, false, 'Q'),
            (Color::Black, true, 'k'),
            (Color::Black, false, 'q'),
        ] {
            if rights.has(color, kingside) {
                fen.push(letter);
            }
        }
        match self.legal_ep_square() {
            Some(sq) => {
                let _ = write!(fen, " {sq}");
            }
            None => fen.push_str(" -"),
        }
        let _ = write!(fen, " {} {}", self.halfmoves, self.fullmoves);
        fen
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), EngineError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(EngineError::invalid_fen(format!(
            "board {board:?} has {} ranks, expected 8",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u32;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                // A run of empty squares is one number, however many digits.
                let mut run = c.to_digit(10).expect("digit");
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    chars.next();
                    run = run.saturating_mul(10).saturating_add(d);
                }
                if c == '0' {
                    return Err(EngineError::invalid_fen(format!(
                        "rank {text:?}: a run of empty squares starts with 0"
                    )));
                }
                file = file.saturating_add(run);
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    pos.put(Square::from_coords(file as u8, rank), piece);
                }
                file += 1;
            } else {
                return Err(EngineError::invalid_fen(format!(
                    "bad character {c:?} in rank {text:?}"
                )));
            }
            if file > 8 {
                return Err(EngineError::invalid_fen(format!(
                    "rank {text:?} has more than 8 files"
                )));
            }
        }
        if file != 8 {
            return Err(EngineError::invalid_fen(format!(
                "rank {text:?} has {file} files, expected 8"
            )));
        }
    }
    Ok(())
}

fn parse_castling(pos: &Position, field: &str) -> Result<CastlingRights, EngineError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kingside = match c.to_ascii_lowercase() {
            'k' | 'h' => true,
            'q' | 'a' => false,
            _ => {
                return Err(EngineError::invalid_fen(format!(
                    "bad castling field {field:?}: {c:?} is not a chess castling right"
                )))
            }
        };
        let rank = if color.is_white() { 0 } else { 7 };
        let king_home = pos
            .pieces(color, Role::King)
            .contains(Square::from_coords(4, rank));
        let rook_home = pos
            .pieces(color, Role::Rook)
            .contains(Square::from_coords(if kingside { 7 } else { 0 }, rank));
        if !king_home || !rook_home {
            return Err(EngineError::invalid_fen(format!(
                "castling right {c:?} in {field:?} needs the king and rook on their home squares"
            )));
        }
        rights = rights.with(color, kingside);
    }
    Ok(rights)
}

/// Reads the en passant field; keeps the square only when a pawn of the side
/// to move attacks it.
fn parse_ep(pos: &Position, field: &str) -> Result<Option<Square>, EngineError> {
    if field == "-" {
        return Ok(None);
    }
    let bad =
        |why: &str| EngineError::invalid_fen(format!("bad en passant square {field:?}: {why}"));
    let sq = Square::parse(field).ok_or_else(|| bad("not a square"))?;
    let us = pos.turn;
    let (ep_rank, pawn_rank, origin_rank) = if us.is_white() { (5, 4, 6) } else { (2, 3, 1) };
    if sq.rank() != ep_rank {
        return Err(bad("wrong rank for the side to move"));
    }
    let pawn = Square::from_coords(sq.file(), pawn_rank);
    let origin = Square::from_coords(sq.file(), origin_rank);
    let occupied = pos.occupied();
    if !pos.pieces(!us, Role::Pawn).contains(pawn)
        || occupied.contains(sq)
        || occupied.contains(origin)
    {
        return Err(bad("no pawn can just have moved two squares past it"));
    }
    let capturers = crate::attacks::pawn_attacks(!us, sq) & pos.pieces(us, Role::Pawn);
    Ok(capturers.any().then_some(sq))
}

fn parse_counter(field: &str, name: &str) -> Result<u32, EngineError> {
    field
        .parse()
        .map_err(|_| EngineError::invalid_fen(format!("bad {name} {field:?}")))
}

fn validate(pos: &Position) -> Result<(), EngineError> {
    for color in Color::ALL {
        let name = if color.is_white() { "white" } else { "black" };
        let kings = pos.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(EngineError::invalid_fen(format!(
                "{name} has {kings} kings, expected 1"
            )));
        }
        let pieces = pos.by_color(color).count();
        if pieces > 16 {
            return Err(EngineError::invalid_fen(format!(
                "{name} has {pieces} pieces, at most 16 allowed"
            )));
        }
        let pawns = pos.pieces(color, Role::Pawn).count();
        if pawns > 8 {
            return Err(EngineError::invalid_fen(format!(
                "{name} has {pawns} pawns, at most 8 allowed"
            )));
        }
    }
    if (pos.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
        return Err(EngineError::invalid_fen("pawn on the first or last rank"));
    }
    let waiting = !pos.turn;
    if pos.is_attacked(pos.king_square(waiting), pos.turn, pos.occupied()) {
        return Err(EngineError::invalid_fen("the side not to move is in check"));
    }
    Ok(())
}
