//! Geometry shared by the phases that handle squares: a square's index
//! and sets of squares. `compile` builds its tables with them and `play`
//! moves pieces with them; neither imports the other for them.
//!
//! Squares are numbered `rank * files + file` from a1 = 0.

mod bits;

pub use bits::Bits;

/// A square index, `rank * files + file`.
pub type Square = u8;
