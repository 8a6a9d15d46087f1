//! The counting rules of the makruk family (§10.1): a weak side counts its
//! moves towards a draw, under the board's honour or the pieces' honour.

/// The largest limit, in moves, a counting rule may give.
pub const MAX_COUNTING_MOVES: u32 = 10_000;

/// Counting rules (§10.1 of the language reference).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    /// Types (bit set) whose presence on the board, for either side, stops
    /// the count (the pawns).
    pub stopped_by: u32,
    /// The board's honour: a side with more than one piece counts.
    pub board_honour: Option<BoardHonour>,
    /// The pieces' honour: a bare side counts, the limit given by the first
    /// row whose pieces the opponent has.
    pub pieces_honour: Vec<PiecesHonour>,
    /// The pieces' honour counts from twice the number of pieces on the
    /// board (`start: pieces`) rather than from zero.
    pub from_pieces: bool,
}

/// The board's honour (§10.1 `board_honour`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardHonour {
    /// The limit in moves.
    pub moves: u32,
    /// A side counts only with at most this many pieces.
    pub at_most: u32,
    /// Whether a piece of a `stopped_by` type on the board stops this count.
    pub stopped: bool,
}

/// A row of the pieces' honour (§10.1 `pieces_honour`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiecesHonour {
    /// The limit in moves.
    pub moves: u32,
    /// (type, least count) the opponent must have, all of them.
    pub opponent_has: Vec<(u8, u32)>,
}
