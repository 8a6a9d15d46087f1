//! A set of up to 256 squares.

/// A set of squares of a board of up to 16x16, one bit per square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub [u64; 4]);

impl Bits {
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
    pub fn one(sq: u8) -> Bits {
        let mut b = Bits::default();
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
        self.0 == [0; 4]
    }

    /// The squares in ascending order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let [first, a, b, c] = self.0;
        Squares {
            current: first,
            rest: [a, b, c],
            base: 0,
        }
    }
}

/// The squares of a set in ascending order: the word read now and those
/// after it, shifted down as each is used up (no word is indexed by a
/// variable, so the words stay in registers on the hot path instead of a
/// buffer written and read back).
struct Squares {
    /// The squares not yet taken of the word read now.
    current: u64,
    /// The words after it.
    rest: [u64; 3],
    /// The first square of the word read now.
    base: u32,
}

impl Iterator for Squares {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.current == 0 {
            if self.rest[0] | self.rest[1] | self.rest[2] == 0 {
                return None;
            }
            self.current = self.rest[0];
            self.rest = [self.rest[1], self.rest[2], 0];
            self.base += 64;
        }
        let bit = self.current.trailing_zeros();
        self.current &= self.current - 1;
        Some((self.base + bit) as u8)
    }
}

impl std::ops::BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, o: Bits) -> Bits {
        Bits([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl std::ops::BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, o: Bits) -> Bits {
        Bits([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl std::ops::Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits(self.0.map(|w| !w))
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn set_clear_iterate() {
        let mut b = Bits::default();
        for s in [0, 63, 64, 200, 255] {
            b.set(s);
        }
        b.clear(64);
        assert_eq!(b.iter().collect::<Vec<_>>(), [0, 63, 200, 255]);
        assert!(b.has(255) && !b.has(64));
    }
}
