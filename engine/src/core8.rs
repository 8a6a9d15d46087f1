//! The 8x8 board state that orthodox chess ([`crate::chess`]) and the core
//! variants ([`crate::plus`]) share: the placement, the side to move, the
//! castling rights, the en passant square and the clocks; what the orthodox
//! moves do to it; and its FEN fields (LANGUAGE.md §6).
//!
//! The roles up to the King are indexed as in [`crate::chess::Role`]; a
//! position with more roles (the core variants' extra piece) indexes them
//! after the King.

use std::fmt::Write;

use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::chess::Role;
use crate::color::Color;
use crate::error::{bad_fen, EngineError};
use crate::fen;

const PAWN: usize = Role::Pawn.index();
const ROOK: usize = Role::Rook.index();
const KING: usize = Role::King.index();

/// For each square, the castling rights kept when a piece moves from or to it.
const CASTLING_KEEP: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[0] = 15 & !2; // a1: white queenside
    keep[4] = 15 & !3; // e1: white king
    keep[7] = 15 & !1; // h1: white kingside
    keep[56] = 15 & !8; // a8: black queenside
    keep[60] = 15 & !12; // e8: black king
    keep[63] = 15 & !4; // h8: black kingside
    keep
};

/// The 8x8 board state with `ROLES` piece types.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Core8<const ROLES: usize> {
    /// The squares of each role's pieces, either colour.
    pub(crate) by_role: [Bitboard; ROLES],
    /// The squares of each colour's pieces.
    pub(crate) by_color: [Bitboard; 2],
    /// The side to move.
    pub(crate) turn: Color,
    /// Castling rights: bit 0 White king side, 1 White queen side, 2 and 3
    /// Black (`KQkq`).
    pub(crate) castling: u8,
    /// Kept only when a pawn of the side to move attacks it.
    pub(crate) ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub(crate) halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black moves.
    pub(crate) fullmoves: u32,
}

impl<const ROLES: usize> Core8<ROLES> {
    /// An empty board, White to move, no rights, counters `0 1`.
    pub(crate) const fn empty() -> Core8<ROLES> {
        Core8 {
            by_role: [Bitboard::EMPTY; ROLES],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: 0,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Puts a piece of `color` and the role of index `role` on the empty
    /// square `sq`.
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: usize) {
        let bb = Bitboard::from_square(sq);
        self.by_role[role] |= bb;
        self.by_color[color.index()] |= bb;
    }

    /// All occupied squares.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// `color`'s pieces of the role of index `role`.
    #[inline(always)]
    pub(crate) fn pieces(&self, color: Color, role: usize) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role]
    }

    /// The colour and the role index of the piece on `sq`, if any.
    #[inline(always)]
    pub(crate) fn piece_at(&self, sq: Square) -> Option<(Color, usize)> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = (0..ROLES).find(|&r| self.by_role[r].contains(sq))?;
        Some((color, role))
    }

    /// The square of `color`'s king (`a1` if it has none, which valid
    /// positions never have).
    #[inline(always)]
    pub(crate) fn king_square(&self, color: Color) -> Square {
        self.pieces(color, KING).lowest()
    }

    /// Removes the enemy piece on `to`, if any; tells whether there was one.
    #[inline(always)]
    pub(crate) fn capture_on(&mut self, to: Square) -> bool {
        let them = (!self.turn).index();
        let bb = Bitboard::from_square(to);
        let capture = (self.by_color[them] & bb).any();
        if capture {
            self.by_color[them] ^= bb;
            for role in &mut self.by_role {
                *role &= !bb;
            }
        }
        capture
    }

    /// Moves the side to move's piece of role index `role` from `from` to
    /// the empty square `to`.
    #[inline(always)]
    pub(crate) fn shift(&mut self, from: Square, to: Square, role: usize) {
        let from_to = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[role] ^= from_to;
        self.by_color[self.turn.index()] ^= from_to;
    }

    /// After a pawn's double step from `from` to `to`: the square passed is
    /// the en passant square when an enemy pawn attacks it.
    #[inline(always)]
    pub(crate) fn double_push(&mut self, from: Square, to: Square) {
        let us = self.turn;
        let ep = Square::new((from.index() as u8 + to.index() as u8) / 2);
        if (attacks::pawn_attacks(us, ep) & self.pieces(!us, PAWN)).any() {
            self.ep_square = Some(ep);
        }
    }

    /// After an en passant capture from `from` to `to`: the pawn passed is
    /// taken.
    #[inline(always)]
    pub(crate) fn take_en_passant(&mut self, from: Square, to: Square) {
        let victim = Bitboard::from_square(Square::from_coords(to.file(), from.rank()));
        self.by_role[PAWN] ^= victim;
        self.by_color[(!self.turn).index()] ^= victim;
    }

    /// After the king's castling move from `from` to `to`: the rook's move.
    #[inline(always)]
    pub(crate) fn castle_rook(&mut self, from: Square, to: Square) {
        let rank = from.rank();
        let (rook_from, rook_to) = if to.file() == 6 { (7, 5) } else { (0, 3) };
        let rook = Bitboard::from_square(Square::from_coords(rook_from, rank))
            | Bitboard::from_square(Square::from_coords(rook_to, rank));
        self.by_role[ROOK] ^= rook;
        self.by_color[self.turn.index()] ^= rook;
    }

    /// Changes the type of the piece on `sq` from role index `from` to `to`
    /// (a promotion).
    #[inline(always)]
    pub(crate) fn change_role(&mut self, sq: Square, from: usize, to: usize) {
        let bb = Bitboard::from_square(sq);
        self.by_role[from] ^= bb;
        self.by_role[to] ^= bb;
    }

    /// After a move between `from` and `to`: the castling rights it takes
    /// away, and the halfmove clock, reset by a capture or a pawn move
    /// (`resets`).
    #[inline(always)]
    pub(crate) fn count_move(&mut self, from: Square, to: Square, resets: bool) {
        self.castling &= CASTLING_KEEP[from.index()] & CASTLING_KEEP[to.index()];
        self.halfmoves = if resets {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
    }

    /// Ends the move: the move number after Black's move, and the turn.
    #[inline(always)]
    pub(crate) fn pass_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// Reads the FEN fields after the board (side, castling, en passant,
    /// counters) of a position whose pieces are placed. `right` names a
    /// castling right in the error for an unknown letter; `gates` are the
    /// pieces that may stand on the origin of a pawn's double step (gated
    /// there).
    pub(crate) fn read_fields(
        &mut self,
        fields: &[&str],
        right: &str,
        gates: Bitboard,
    ) -> Result<(), EngineError> {
        self.turn = fen::parse_side(fields[1])?;
        self.castling = fen::parse_castling8(
            fields.get(2).copied().unwrap_or("-"),
            right,
            |color, king, sq| {
                let role = if king { KING } else { ROOK };
                self.pieces(color, role).contains(sq)
            },
        )?;
        let us = self.turn;
        self.ep_square = fen::parse_ep8(
            fields.get(3).copied().unwrap_or("-"),
            &fen::EpBoard {
                turn: us,
                our_pawns: self.pieces(us, PAWN),
                their_pawns: self.pieces(!us, PAWN),
                occupied: self.occupied(),
                gated: gates & self.by_color[(!us).index()],
            },
        )?;
        (self.halfmoves, self.fullmoves) = fen::parse_counters(fields)?;
        Ok(())
    }

    /// Appends the FEN fields after the board: side, castling, the en
    /// passant square `ep` (the one a legal capture uses) and the counters.
    pub(crate) fn push_fields(&self, fen: &mut String, ep: Option<Square>) {
        fen.push_str(fen::side_text(self.turn));
        fen::push_castling8(fen, self.castling);
        fen::push_ep8(fen, ep);
        let _ = write!(fen, " {} {}", self.halfmoves, self.fullmoves);
    }

    /// Checks both armies (one king, at most `max_pieces` pieces, `why` says
    /// why, at most eight pawns) and that no pawn stands on the first or
    /// last rank.
    pub(crate) fn check_armies(&self, (max_pieces, why): (u32, &str)) -> Result<(), EngineError> {
        for color in Color::ALL {
            fen::check_army8(
                color,
                self.pieces(color, KING).count(),
                self.by_color[color.index()].count(),
                self.pieces(color, PAWN).count(),
                (max_pieces, why),
            )?;
        }
        if (self.by_role[PAWN] & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
            return Err(bad_fen("pawn on the first or last rank"));
        }
        Ok(())
    }
}
