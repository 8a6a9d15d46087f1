//! Motley's hand-written fast engines, cross-checked against the generic
//! rules interpreter.
//!
//! * [`Game`] is the string-level API (FEN, UCI moves, perft, outcome) the
//!   conformance harness wraps: one case per variant, each a
//!   [`variant::VariantGame`] over the variant's typed position.
//! * [`variant::VariantPosition`] is the one trait every variant's typed
//!   position implements (`legal_moves`, `play`, `is_check`, `fen`,
//!   `perft`, ...).
//! * [`plus`] is the core that Chess with a Fool ([`fool`]), Clown Chess
//!   ([`clown`]) and Entity Chess ([`entity`]) extend; [`big`] holds the
//!   larger boards of Chess Is a Joke ([`joke`]) and Jester Chess
//!   ([`jester`]).
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
mod role;
mod rulings;
pub mod variant;

pub use color::Color;
pub use error::EngineError;
pub use game::{Game, Outcome, Reason};
