//! The generic Motley interpreter: reads a rule file and plays the variant
//! it describes. Load → check → compile → play, one module each.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod diagnostic;
pub mod load;
pub mod check;
pub mod compile;
pub mod play;
mod game;

pub use game::{build, Game, LoadError};
