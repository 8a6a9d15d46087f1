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
        Squares {
            words: self.0,
            index: 0,
        }
    }
}

/// The squares of a set in ascending order: the words read one after the
/// other, the lowest bit taken first (a plain loop, cheaper on the hot
/// path than a flattened iterator of words).
struct Squares {
    /// The squares not yet taken.
    words: [u64; 4],
    /// The word read now.
    index: usize,
}

impl Iterator for Squares {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.index < 4 {
            let word = self.words[self.index];
            if word != 0 {
                self.words[self.index] = word & (word - 1);
                return Some((self.index as u32 * 64 + word.trailing_zeros()) as u8);
            }
            self.index += 1;
        }
        None
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
