//! The start array drawn at random (§6.4 `shuffle`), resolved to piece types.

use crate::diagnostic::Span;

/// A shuffled start (§6.4): the pieces the setup has on White's shuffled
/// rank are placed anew on it, Black's rank mirroring White's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    /// White's shuffled rank, from 0; Black's is `ranks - 1 - rank`.
    pub rank: u8,
    /// Groups of types (bit sets): the pieces of a group stand half on
    /// light and half on dark squares.
    pub opposite_colours: Vec<u32>,
    /// Types whose pieces stand in this order from the a-file (`[R, K,
    /// R]`: the king between the rooks).
    pub order: Vec<u8>,
    /// Where the `shuffle` mapping is written: problems found with the
    /// setup's rank are placed here, or at the group or `order` they
    /// concern.
    pub span: Span,
    /// Where each `opposite_colours` group is written.
    pub group_spans: Vec<Span>,
    /// Where `order` is written (the mapping's place without one).
    pub order_span: Span,
}
