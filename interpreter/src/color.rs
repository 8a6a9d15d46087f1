//! The two sides, as the public interface names them. (Inside the
//! interpreter a colour is still an index, 0 White and 1 Black, which
//! [`Color::index`] and [`Color::from_index`] convert.)

use std::fmt;

/// A side of the game; White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The side's index: 0 White, 1 Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side of an index: 0 White, anything else Black.
    #[inline]
    pub const fn from_index(index: usize) -> Color {
        if index == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The side in words: `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        self.opposite()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Color;

    #[test]
    fn index_round_trips_and_sides_alternate() {
        for color in Color::ALL {
            assert_eq!(Color::from_index(color.index()), color);
            assert_eq!(!!color, color);
        }
        assert_eq!(Color::White.index(), 0);
        assert_eq!(Color::Black.index(), 1);
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(Color::Black.to_string(), "black");
    }
}
