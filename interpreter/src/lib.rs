//! The generic Motley interpreter: reads a rule file and plays the variant
//! it describes. Load → check → compile → play, one module each.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod check;
mod color;
pub mod compile;
pub mod diagnostic;
mod game;
pub mod load;
pub mod play;

pub use color::Color;
pub use compile::code as piece_code;
pub use game::{build, build_named, build_path, Game, LoadError, Played};
pub use play::MAX_PERFT_DEPTH;
