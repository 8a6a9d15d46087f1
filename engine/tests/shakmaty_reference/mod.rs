//! The shakmaty crate as the reference for orthodox chess: positions read
//! from FEN and their legal moves in UCI text.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

/// The shakmaty position of a legal chess FEN.
pub fn position(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .expect("shakmaty parses")
        .into_position(CastlingMode::Standard)
        .expect("shakmaty accepts")
}

/// shakmaty's legal moves of `pos` in UCI text, sorted.
pub fn legal_moves(pos: &Chess) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    moves.sort();
    moves
}
