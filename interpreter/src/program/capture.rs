//! What a capture does beyond removing the captured piece: explosions
//! (§11.5).

/// Most squares around a capture an explosion may reach.
pub const MAX_BLAST_SQUARES: usize = 24;

/// Explosions (§11.5 of the language reference): a capture removes the
/// pieces on the squares around the capture square and the capturer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explosion {
    /// Leaps `(dx, dy)` from the capture square to the squares around it,
    /// for White (Black mirrors the ranks).
    pub around: Vec<(i8, i8)>,
    /// Types (bit set) that survive on the squares around.
    pub spared: u32,
    /// Types (bit set) no explosion removes, the capturer included.
    pub immune: u32,
}
