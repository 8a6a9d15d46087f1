//! Orthodox chess on a 64-bit bitboard: position, legal move generation,
//! FEN, UCI moves and perft.

mod fen;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod uci;
mod variant;

pub use fen::STARTING_FEN;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use perft::{perft, perft_bulk};
pub use piece::{Piece, Role};
pub(crate) use position::insufficient;
pub use position::{CastlingRights, Position};
