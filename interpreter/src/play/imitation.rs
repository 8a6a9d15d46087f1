//! Imitators (§12.2 of the language reference): what the last moves were,
//! and which movement an imitator has now.

use super::position::{Move, MoveKind, Position, CAPTURED};
use super::Rules;
use crate::geometry::{Square, SquareSet};
use crate::program::code;

impl Rules {
    /// The movement code an imitator `piece` on `from` moves and attacks
    /// with in `pos`, and whether it may capture; `None` when it has
    /// nothing to imitate.
    #[inline]
    pub(crate) fn imitated<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        from: Square,
    ) -> Option<(u8, bool)> {
        let (ty, colour) = ((piece as usize - 1) / 2, (piece as usize - 1) & 1);
        let imitation = self.variant.pieces[ty].imitation.as_ref()?;
        if imitation.of_captured {
            let target = pos.piece_state.captured(from).or(imitation.initially)?;
            let virtual_type = imitation.as_type.get(target).copied().flatten()? as usize;
            return Some((code(self.tables.types + virtual_type, colour), true));
        }
        let record = if colour != pos.last_mover() || imitation.of_any {
            pos.last
        } else if imitation.idle_keep {
            pos.prev
        } else {
            0
        };
        let target = (record & !CAPTURED).checked_sub(1)? as usize;
        let virtual_type = imitation.as_type.get(target).copied().flatten()? as usize;
        let captures = !imitation.if_captured || record & CAPTURED != 0;
        Some((code(self.tables.types + virtual_type, colour), captures))
    }

    /// The record of move `m` for [`Position::last`], before it is made:
    /// 1 + the effective type of the piece it moves (an imitator counts as
    /// the type it imitated, a promoted piece as its new type unless that is
    /// an imitator, castling as the king or the rook); the caller adds
    /// [`CAPTURED`].
    #[inline]
    pub(crate) fn effective_type<S: SquareSet>(&self, pos: &Position<S>, m: Move) -> u8 {
        // Most moves: a piece that imitates nothing moves without promoting.
        if m.promotion == 0 && !matches!(m.kind, MoveKind::Drop | MoveKind::Castle) {
            let moved = pos.board[m.from as usize];
            if self.imitator_codes >> moved & 1 == 0 {
                return (moved - 1) / 2 + 1;
            }
        }
        self.effective_type_of_any(pos, m)
    }

    /// [`Rules::effective_type`] for any move: drops, promotions,
    /// castling and imitators' moves.
    #[inline(never)]
    fn effective_type_of_any<S: SquareSet>(&self, pos: &Position<S>, m: Move) -> u8 {
        if m.kind == MoveKind::Drop {
            let placed = (m.promotion as usize - 1) / 2;
            return if self.variant.drops[m.extra as usize].records_held {
                m.aux + 1
            } else {
                placed as u8 + 1
            };
        }
        let moved = pos.board[m.from as usize];
        let mut ty = (moved as usize - 1) / 2;
        let imitation = (self.imitator_codes >> moved & 1 != 0)
            .then(|| self.variant.pieces[ty].imitation.as_ref())
            .flatten();
        if let Some(imitation) = imitation {
            return match self.imitated(pos, moved, m.from) {
                Some((movement, _)) => {
                    let virtual_type = (movement as usize - 1) / 2 - self.tables.types;
                    imitation
                        .as_type
                        .iter()
                        .position(|v| *v == Some(virtual_type as u8))
                        .map_or(0, |t| t as u8 + 1)
                }
                None => 0,
            };
        }
        if m.promotion != 0 {
            let promoted = (m.promotion as usize - 1) / 2;
            let before =
                m.extra != 0 && self.variant.promotions[m.extra as usize - 1].records_before;
            if self.variant.pieces[promoted].imitation.is_none() && !before {
                ty = promoted;
            }
        }
        if m.kind == MoveKind::Castle && self.castles_as_rook {
            ty = (pos.board[m.aux as usize] as usize - 1) / 2;
        }
        ty as u8 + 1
    }
}
