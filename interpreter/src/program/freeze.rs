//! Freezing (§15) and replies (§12.3): rules whose movement is compiled as
//! virtual types (the squares a freezer watches, an opening and a reply move).

use super::Condition;

/// Most turns a freeze may linger.
pub const MAX_LINGER: u8 = 3;

/// Most freezing rules a variant may have.
pub const MAX_FREEZE_RULES: usize = 4;

/// One freezing rule, resolved.
#[derive(Clone, Debug)]
pub struct FreezeRule {
    /// Types (bit set) that freeze.
    pub by: u32,
    /// Index in [`super::Variant::virtual_pieces`] of the movement whose
    /// targets are the squares a freezer watches.
    pub reach: u8,
    /// Types (bit set) never frozen.
    pub immune: u32,
    /// Only the watched pieces of the highest value are frozen (ties: all of them).
    pub highest: bool,
    /// Turns of its owner a piece stays frozen after its freezer moved away.
    pub linger: u8,
    /// A piece the moved freezer still watches from its new square lingers too
    /// (otherwise it is released at once, if the freezer does not choose it).
    pub still_near_lingers: bool,
    /// The pieces a captured freezer had frozen linger (otherwise released at once).
    pub captured_lingers: bool,
    /// A frozen rook may castle.
    pub rook_castles: bool,
    /// A freezer chooses its targets only when it arrives, and changes them
    /// only for a higher piece arriving (otherwise after every move).
    pub on_arrival: bool,
}

/// One reply rule, resolved.
#[derive(Clone, Debug)]
pub struct ReplyRule {
    /// The state key of the opened square.
    pub key: String,
    /// Types (bit set) whose move may open a square.
    pub openers: u32,
    /// Virtual type index of the opening movement.
    pub opening: u8,
    /// Condition on the opening piece, before its move.
    pub opening_when: Condition,
    /// Types (bit set) that may reply.
    pub repliers: u32,
    /// Virtual type index of the reply movement.
    pub reply: u8,
    /// Condition on the replying piece.
    pub reply_when: Condition,
    /// Turns of its owner the opening piece is frozen by the reply.
    pub freeze: u8,
}
