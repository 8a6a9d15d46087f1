//! The two sides.

use std::ops::Not;

/// A side: White moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `0` for White, `1` for Black, for indexing tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour whose pieces are written in uppercase in FEN.
    #[inline(always)]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}
