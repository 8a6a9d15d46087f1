//! What a position shows beyond its board: the en passant targets, the
//! reply (§12.3) and the gating rights that FEN writes and the repetition
//! key ([`Rules::key`]) counts. Play decides them; notation prints them.

use super::position::{MoveKind, Position};
use super::Rules;
use crate::geometry::SquareSet;
use crate::program::CapturedTo;

impl Rules {
    /// Whether the castling field lists the unmoved first-rank pieces (Seirawan).
    pub(crate) fn unmoved_in_castling_field(&self) -> bool {
        self.variant.gating.iter().any(|g| g.castling_field)
    }

    /// Whether the castling field tells `colour`'s gating rights (its
    /// unmoved first-rank pieces other than castling ones): while the side
    /// holds a piece, or may come to hold one because captured pieces go
    /// to a hand (S-house); never again once a hand that cannot refill is
    /// empty (Seirawan chess, LANGUAGE.md §14.3). The FEN and the
    /// repetition key ([`Rules::key`]) both follow it.
    pub(crate) fn tells_gating_rights<S: SquareSet>(
        &self,
        pos: &Position<S>,
        colour: usize,
    ) -> bool {
        self.unmoved_in_castling_field()
            && (pos.hands[colour].iter().any(|&n| n > 0)
                || self.variant.captured_to != CapturedTo::Nowhere)
    }

    /// Whether the side to move has a legal reply (§12.3).
    pub(crate) fn reply_open<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        let mut moves = Vec::new();
        self.legal(pos, &mut moves);
        moves.iter().any(|m| m.kind == MoveKind::Reply)
    }

    /// Whether the en passant targets belong in FEN and the position's
    /// key: the side to move can capture en passant, or, under the
    /// `next-turn` window (§16), it made them earlier in its turn.
    pub(crate) fn en_passant_shown<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        if pos.ep.is_empty() {
            return false;
        }
        let code = pos.board[pos.ep_victim as usize];
        let own = pos.sub > 0 && code != 0 && (code as usize - 1) & 1 == pos.side;
        let next_turn = || {
            self.variant
                .turn
                .as_ref()
                .is_some_and(|t| t.en_passant_next_turn)
        };
        (own && next_turn()) || self.has_legal_en_passant(pos)
    }

    /// Whether the side to move has a legal en passant capture.
    pub(crate) fn has_legal_en_passant<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        if pos.ep.is_empty() {
            return false;
        }
        let mut moves = Vec::new();
        self.legal(pos, &mut moves);
        moves.iter().any(|m| m.kind == MoveKind::EnPassant)
    }
}
