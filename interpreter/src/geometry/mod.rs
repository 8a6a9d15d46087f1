//! Geometry shared by the phases that handle squares: a square's index,
//! its name (`e4`, `a10`) and sets of squares. `compile` builds its tables
//! with them, `play` moves pieces with them and `notation` writes and
//! reads them; none imports another for them.
//!
//! Squares are numbered `rank * files + file` from a1 = 0.

mod bits;

pub use bits::{Bits, SquareSet};

/// A square index, `rank * files + file`.
pub type Square = u8;

/// Square name such as `e4` or `a10`.
pub fn square_name(files: u8, sq: Square) -> String {
    let (f, r) = (sq % files, sq / files);
    format!("{}{}", (b'a' + f) as char, r + 1)
}

/// Parses a square name on a board of the given size.
pub fn parse_square(files: u8, ranks: u8, text: &str) -> Option<Square> {
    let mut chars = text.chars();
    let f = chars.next().filter(char::is_ascii_lowercase)? as u8 - b'a';
    let rest = chars.as_str();
    if rest.starts_with('0') || rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let r: u32 = rest.parse().ok()?;
    (f < files && r >= 1 && r <= ranks as u32).then(|| ((r as u8 - 1) * files + f) as Square)
}
