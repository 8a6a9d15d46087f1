//! Motley's hand-written fast engines, cross-checked against the generic
//! rules interpreter.
//!
//! * [`Game`] is the string-level API (FEN, UCI moves, perft, outcome) the
//!   conformance harness wraps.
//! * [`chess`] is the typed orthodox chess engine underneath: [`chess::Position`],
//!   [`chess::Move`], [`chess::MoveList`], [`chess::perft`].
//! * [`bitboard`] and [`attacks`] hold the 8x8 board code shared by 8x8
//!   variants.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod attacks;
pub mod big;
pub mod bitboard;
pub mod chess;
pub mod clown;
mod color;
pub mod entity;
mod error;
mod fen;
pub mod fool;
mod game;
pub mod jester;
pub mod joke;
mod movetext;
pub mod plus;
pub mod variant;

pub use color::Color;
pub use error::EngineError;
pub use game::{Game, Outcome};
