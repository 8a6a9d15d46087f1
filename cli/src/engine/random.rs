//! A random mover: a uniformly drawn legal move, from a fixed seed (a
//! baseline opponent for `motley match`).

/// A seeded SplitMix64 generator.
pub struct Random(u64);

impl Random {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    /// One of `moves`, or `None` when there is none.
    pub fn pick<'a>(&mut self, moves: &'a [String]) -> Option<&'a String> {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (!moves.is_empty()).then(|| &moves[(z % moves.len() as u64) as usize])
    }
}
