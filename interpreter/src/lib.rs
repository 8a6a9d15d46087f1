//! The generic Motley interpreter: reads a rule file and plays the variant
//! it describes. Load → check → compile → play, one module each.
//!
//! A [`Game`] is the way in: read a rule file, list the legal moves, play
//! moves in SAN or canonical text, read the outcome.
//!
//! ```
//! use motley_interpreter::{Color, Game, Reason};
//!
//! let source = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/chess.yaml"));
//! let mut game = Game::from_source(source)?;
//! assert_eq!(game.legal_moves().len(), 20);
//! assert!(game.legal_moves().contains(&"g1f3".to_string()));
//! for san in ["f3", "e5", "g4"] {
//!     game.play(san)?;
//! }
//! assert_eq!(game.position().side_to_move(), Color::Black);
//! assert_eq!(game.play("Qh4#")?, "Qh4#");
//! let outcome = game.outcome().expect("the game is over");
//! assert_eq!(outcome.winner, Some(Color::Black));
//! assert_eq!(outcome.reason, Reason::Checkmate);
//! assert_eq!(outcome.to_string(), "0-1 by checkmate");
//! assert!(game.legal_moves().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Rules`] and [`Position`] are read through accessors; the syntax tree
//! ([`load`]), the checker ([`check`]), the checked form it produces
//! ([`program`]) and the diagnostics
//! ([`diagnostic`]) are public for tools that print or generate rule files.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod check;
mod color;
pub(crate) mod compile;
pub mod diagnostic;
mod game;
mod geometry;
pub mod load;
mod notation;
pub(crate) mod play;
pub mod program;

pub use color::Color;
pub use game::{build, build_named, build_path, Built, Game, LoadError, Played};
pub use geometry::{Bits, SquareSet};
pub use play::{
    parse_square, square_name, Action, Gating, HonourCount, Leaves, Move, Outcome, PlayError,
    Position, Reason, Rules, Start, Undo, View, CHESS960_ARRAYS, MAX_PERFT_DEPTH, NULL_MOVE,
};

/// The piece code of a piece type (its index under `pieces:`) for a side:
/// `1 + 2 × type + side index`; 0 is an empty square
/// ([`Position::piece_at`]).
pub fn piece_code(piece_type: usize, color: Color) -> u8 {
    program::code(piece_type, color.index())
}
