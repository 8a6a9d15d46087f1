//! Sets of squares: [`SquareSet`], of a width that fits the board, and
//! [`Bits`], a set of 64-bit words: four (the widest, up to 256 squares)
//! unless told.

/// A set of squares of a board of up to `64 × W` squares (16x16 for the
/// four words of `Bits`), one bit per square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize = 4>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    #[inline]
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// Whether `sq` is in the set.
    #[inline]
    pub fn has(&self, sq: u8) -> bool {
        self.0[(sq >> 6) as usize] >> (sq & 63) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn set(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] |= 1 << (sq & 63);
    }

    /// The set of `sq` alone.
    #[inline]
    pub fn one(sq: u8) -> Self {
        let mut b = Self::default();
        b.set(sq);
        b
    }

    /// Removes `sq`.
    #[inline]
    pub fn clear(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] &= !(1 << (sq & 63));
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; W]
    }

    /// The squares in ascending order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut rest = [0; W];
        rest[..W - 1].copy_from_slice(&self.0[1..]);
        Squares {
            current: self.0[0],
            rest,
            base: 0,
        }
    }
}

/// The squares of a set in ascending order: the word read now and those
/// after it, shifted down as each is used up (no word is indexed by a
/// variable, so the words stay in registers on the hot path instead of a
/// buffer written and read back).
struct Squares<const W: usize> {
    /// The squares not yet taken of the word read now.
    current: u64,
    /// The words after it, then zeros.
    rest: [u64; W],
    /// The first square of the word read now.
    base: u32,
}

impl<const W: usize> Iterator for Squares<W> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.current == 0 {
            if self.rest == [0; W] {
                return None;
            }
            self.current = self.rest[0];
            self.rest = std::array::from_fn(|k| if k + 1 < W { self.rest[k + 1] } else { 0 });
            self.base += 64;
        }
        let bit = self.current.trailing_zeros();
        self.current &= self.current - 1;
        Some((self.base + bit) as u8)
    }
}

impl<const W: usize> std::ops::BitAnd for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitand(self, o: Self) -> Self {
        Bits(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }
}

impl<const W: usize> std::ops::BitOr for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitor(self, o: Self) -> Self {
        Bits(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
}

impl<const W: usize> std::ops::Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Bits(self.0.map(|w| !w))
    }
}

/// A set of squares: one bit per square, of a width that fits the board.
/// Play is generic over it, so that a board of up to 64 squares keeps its
/// sets in a `u64`, one of up to 128 in a `Bits<2>`, and only a larger one
/// in a `Bits` of four words (`Rules::perft` chooses by the board's
/// size). The compiled tables hold [`Bits`], narrowed with
/// [`SquareSet::from_bits`].
pub trait SquareSet:
    Copy
    + Default
    + Eq
    + std::hash::Hash
    + std::fmt::Debug
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// Whether `sq` is in the set.
    fn has(&self, sq: u8) -> bool;

    /// Adds `sq`.
    fn set(&mut self, sq: u8);

    /// Removes `sq`.
    fn clear(&mut self, sq: u8);

    /// The squares in ascending order.
    fn iter(self) -> impl Iterator<Item = u8>;

    /// The set of the squares of `bits`, all of which fit this width.
    fn from_bits(bits: Bits) -> Self;

    /// The set as a [`Bits`].
    fn to_bits(self) -> Bits;

    /// The set of `sq` alone.
    #[inline]
    fn one(sq: u8) -> Self {
        let mut b = Self::default();
        b.set(sq);
        b
    }

    /// Whether the set is empty.
    #[inline]
    fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

impl SquareSet for u64 {
    #[inline]
    fn has(&self, sq: u8) -> bool {
        *self >> sq & 1 != 0
    }

    #[inline]
    fn set(&mut self, sq: u8) {
        *self |= 1 << sq;
    }

    #[inline]
    fn clear(&mut self, sq: u8) {
        *self &= !(1 << sq);
    }

    #[inline]
    fn iter(self) -> impl Iterator<Item = u8> {
        let mut rest = self;
        std::iter::from_fn(move || {
            let bit = rest.trailing_zeros();
            rest &= rest.wrapping_sub(1);
            (bit < 64).then_some(bit as u8)
        })
    }

    #[inline]
    fn from_bits(bits: Bits) -> u64 {
        bits.0[0]
    }

    #[inline]
    fn to_bits(self) -> Bits {
        Bits([self, 0, 0, 0])
    }
}

impl<const W: usize> SquareSet for Bits<W> {
    #[inline]
    fn has(&self, sq: u8) -> bool {
        Bits::has(self, sq)
    }

    #[inline]
    fn set(&mut self, sq: u8) {
        Bits::set(self, sq);
    }

    #[inline]
    fn clear(&mut self, sq: u8) {
        Bits::clear(self, sq);
    }

    #[inline]
    fn iter(self) -> impl Iterator<Item = u8> {
        Bits::iter(self)
    }

    #[inline]
    fn from_bits(bits: Bits) -> Self {
        Bits(std::array::from_fn(|k| bits.0[k]))
    }

    #[inline]
    fn to_bits(self) -> Bits {
        Bits(std::array::from_fn(|k| if k < W { self.0[k] } else { 0 }))
    }

    #[inline]
    fn is_empty(&self) -> bool {
        Bits::is_empty(self)
    }
}

#[cfg(test)]
mod tests {
    use super::{Bits, SquareSet};

    #[test]
    fn set_clear_iterate() {
        let mut b: Bits = Bits::default();
        for s in [0, 63, 64, 200, 255] {
            b.set(s);
        }
        b.clear(64);
        assert_eq!(b.iter().collect::<Vec<_>>(), [0, 63, 200, 255]);
        assert!(b.has(255) && !b.has(64));
    }

    #[test]
    fn widths_agree() {
        let squares = [0, 5, 63, 64, 100, 127];
        let wide = squares
            .iter()
            .fold(Bits::default(), |b, &s| b | Bits::one(s));
        let mid = Bits::<2>::from_bits(wide);
        assert_eq!(mid.iter().collect::<Vec<_>>(), squares);
        assert_eq!(mid.to_bits(), wide);
        let narrow = u64::from_bits(Bits::one(63) | Bits::one(2));
        assert_eq!(SquareSet::iter(narrow).collect::<Vec<_>>(), [2, 63]);
        assert_eq!(narrow.to_bits(), Bits::one(2) | Bits::one(63));
    }
}
