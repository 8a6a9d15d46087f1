//! The generic Motley interpreter: reads a rule file and plays the variant
//! it describes. Load → check → compile → play, one module each.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod check;
pub mod compile;
pub mod diagnostic;
mod game;
pub mod load;
pub mod play;

pub use game::{build, build_named, build_path, Game, LoadError, Played};
pub use play::MAX_PERFT_DEPTH;
