//! Walls (§11.6): squares that block everything, placed by the mover
//! after its move, left behind by it, or made by a capturer turning into
//! one.

/// Where the mover places a wall after each move (§11.6 `walls.place`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallPlace {
    /// On any empty square of the zone, as the move leaves the board.
    Anywhere,
    /// On the square the moving piece left.
    Vacated,
}

/// The wall rules of a variant (§11.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walls {
    /// Where each move places a wall, if moves place walls.
    pub place: Option<WallPlace>,
    /// Per colour of the mover, per square: whether a wall may be placed there.
    pub zone: [Vec<bool>; 2],
    /// One wall stands at a time: placing one removes the one before (a duck).
    pub single: bool,
    /// Types (bit set) that turn into a wall when they capture.
    pub capturers: u32,
}
