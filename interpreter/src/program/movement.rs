//! Single-direction movements, as `check` expands Betza components.

/// How a movement travels along its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Travel {
    /// One leap to the target, jumping over anything.
    Leap,
    /// One leap whose intermediate squares must be empty (`n`).
    Lame,
    /// Repeated leaps while the squares are empty, up to a range (0 = unlimited).
    Slide(u32),
    /// Slides to a screen, hops it, then slides on (`p`).
    Hop(u32),
    /// Slides to a screen and lands right behind it (`g`).
    Grasshop(u32),
    /// Captures the piece on the target without moving (`cabX`).
    Shoot,
    /// A multi-leg move whose legs before the last end on the squares of
    /// its route; the last leg leaps or rides from the route's end by the
    /// movement's step (§4.5).
    Bent(Route),
}

/// The legs before the last of a multi-leg move: where each ends, relative
/// to the origin, and what it needs there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// Where the legs before the last end, from the origin, for White.
    pub points: [(i8, i8); MAX_LEGS - 1],
    /// How many of `points` are used.
    pub count: u8,
    /// Two bits per point: [`NEED_EMPTY`] and/or [`NEED_OCCUPIED`].
    pub needs: u8,
    /// The last leg rides rather than leaps.
    pub slide: bool,
}

/// The most legs a multi-leg move may have.
pub const MAX_LEGS: usize = 5;
/// A route point may be empty (`m`, `y`).
pub const NEED_EMPTY: u8 = 1;
/// A route point may hold a piece, which is passed over (`p`, `g`).
pub const NEED_OCCUPIED: u8 = 2;

/// One direction of one Betza component, for White (Black mirrors the ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    /// File step.
    pub dx: i8,
    /// Rank step, positive towards Black.
    pub dy: i8,
    /// How the piece travels.
    pub travel: Travel,
    /// May end on an empty square.
    pub moves: bool,
    /// May capture an enemy piece on the target.
    pub captures: bool,
    /// May capture en passant on the target.
    pub en_passant: bool,
    /// Only as the piece's first move.
    pub initial: bool,
    /// Index of the square condition it needs (see `PieceType::conditions`), if any.
    pub condition: Option<usize>,
}
