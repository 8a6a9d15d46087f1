//! Orthodox chess plus one extra piece type and hands: the core that Chess
//! with a Fool ([`crate::fool`]), Clown Chess ([`crate::clown`]) and Entity
//! Chess ([`crate::entity`]) extend. Each variant is a rules type
//! implementing [`Extension`]: its rulings, the extra piece's movement, its
//! entries (gating, drops) and its own state beyond the board, which
//! [`Position`] wraps.
//!
//! Written from the source documents and `spec/rulings/` only. Moves are
//! generated pseudo-legally and each is played on a copy (copy-make); a move
//! is legal when, after the whole action (move, type change, gating, drop),
//! the mover's king is not attacked, with the enemy Fool imitating the piece
//! just moved (LANGUAGE.md §11).

mod extension;
mod fen;
mod movegen;
mod moves;
mod variant;

pub use extension::{Attackers, Extension};
pub(crate) use fen::{flag_text, parse_flags, parse_record, record_text};
pub(crate) use movegen::{mv, push_all, PROMOTIONS};
pub use moves::{Kind, Move};

use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::role::roles;

roles! {
    /// A kind of piece: the six orthodox ones and the variant's extra piece
    /// (the Fool `F`, the Clown `C` or the Entity `E`).
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    pub enum Role {
        /// The variant's extra piece.
        Extra,
    }
}

impl Role {
    /// The upper-case letter, `extra` for [`Role::Extra`].
    pub fn upper(self, extra: char) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Extra => extra,
        }
    }

    /// The role of an upper-case letter.
    pub fn from_upper(c: char, extra: char) -> Option<Role> {
        Some(match c {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            c if c == extra => Role::Extra,
            _ => return None,
        })
    }
}

/// The last move as the rules read it: the effective type of the piece
/// moved and whether the move captured (`last=` of the FEN state field).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Last {
    /// Effective type.
    pub role: Role,
    /// Whether it captured.
    pub capture: bool,
}

/// A position of a variant built on the core: the chess board with the
/// extra piece, side, castling, en passant, counters and hands, wrapped
/// around the variant's own state `R::State` (the FEN's state field).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position<R: Extension> {
    pub(crate) by_role: [Bitboard; 7],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) turn: Color,
    /// Castling rights: bit 0 white king side, 1 white queen side, 2 and 3
    /// black.
    pub(crate) castling: u8,
    /// Kept only when a pawn of the side to move attacks it.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Pieces in hand, per colour and role.
    pub(crate) hand: [[u8; 7]; 2],
    /// Pieces that have not moved (LANGUAGE.md §6.3); not in the FEN.
    pub(crate) virgin: Bitboard,
    /// The variant's state beyond the board.
    pub(crate) state: R::State,
}

/// The first two ranks, the first four, and the a, b, g and h files (for
/// entry zones).
pub(crate) const RANKS_12: u64 = 0x0000_0000_0000_FFFF;
pub(crate) const RANKS_1234: u64 = 0x0000_0000_FFFF_FFFF;
pub(crate) const FILES_ABGH: u64 = 0xC3C3_C3C3_C3C3_C3C3;

/// An entry zone given for White, with Black's mirrored.
pub(crate) fn zones(white: u64) -> [Bitboard; 2] {
    [Bitboard(white), Bitboard(white.swap_bytes())]
}

/// The back rank of the start position.
const BACK: [Role; 8] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::Queen,
    Role::King,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

/// The role the start position has on `sq` for `color`, if any.
pub(crate) fn setup_role(color: Color, sq: Square) -> Option<Role> {
    let rank = if color.is_white() {
        sq.rank()
    } else {
        7 - sq.rank()
    };
    match rank {
        0 => Some(BACK[sq.file() as usize]),
        1 => Some(Role::Pawn),
        _ => None,
    }
}

impl<R: Extension> Position<R> {
    /// The start position of the variant.
    pub fn startpos() -> Position<R> {
        let mut pos = Position::empty();
        for file in 0..8u8 {
            pos.put(
                Square::from_coords(file, 0),
                Color::White,
                BACK[file as usize],
            );
            pos.put(Square::from_coords(file, 1), Color::White, Role::Pawn);
            pos.put(Square::from_coords(file, 6), Color::Black, Role::Pawn);
            pos.put(
                Square::from_coords(file, 7),
                Color::Black,
                BACK[file as usize],
            );
        }
        pos.castling = 15;
        pos.virgin = pos.occupied();
        pos.hand[0][Role::Extra.index()] = R::START_HAND;
        pos.hand[1][Role::Extra.index()] = R::START_HAND;
        pos
    }

    pub(crate) fn empty() -> Position<R> {
        Position {
            by_role: [Bitboard::EMPTY; 7],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: 0,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            hand: [[0; 7]; 2],
            virgin: Bitboard::EMPTY,
            state: R::State::default(),
        }
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: Role) {
        let bb = Bitboard::from_square(sq);
        self.by_role[role.index()] |= bb;
        self.by_color[color.index()] |= bb;
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The number of `role` pieces `color` has in hand.
    pub fn in_hand(&self, color: Color, role: Role) -> u8 {
        self.hand[color.index()][role.index()]
    }

    /// The variant's state beyond the board.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// `color`'s pieces of `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Role)> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = self.role_at(sq)?;
        Some((color, role))
    }

    #[inline(always)]
    pub(crate) fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    #[inline(always)]
    pub(crate) fn king_square(&self, color: Color) -> Square {
        self.pieces(color, Role::King).lowest()
    }

    /// Whether a piece of `by` attacks `sq` with `occupied` as blockers;
    /// `by`'s extra pieces imitate `imitated` where the variant says so
    /// (the Fool).
    #[inline(always)]
    pub(crate) fn attacked_by(
        &self,
        rules: &R,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        imitated: Option<Role>,
    ) -> bool {
        let them = self.by_color[by.index()];
        let queens = self.by_role[Role::Queen.index()];
        let mut sets = Attackers {
            rooks: (self.by_role[Role::Rook.index()] | queens) & them,
            bishops: (self.by_role[Role::Bishop.index()] | queens) & them,
            knights: self.by_role[Role::Knight.index()] & them,
            kings: self.by_role[Role::King.index()] & them,
            pawns: self.by_role[Role::Pawn.index()] & them,
        };
        let extra = self.by_role[Role::Extra.index()] & them;
        if extra.any() && rules.extra_attacks(sq, extra, occupied, imitated, &mut sets) {
            return true;
        }
        (attacks::knight_attacks(sq) & sets.knights).any()
            || (attacks::pawn_attacks(!by, sq) & sets.pawns).any()
            || (attacks::king_attacks(sq) & sets.kings).any()
            || (attacks::rook_attacks(sq, occupied) & sets.rooks).any()
            || (attacks::bishop_attacks(sq, occupied) & sets.bishops).any()
    }

    /// Whether the side to move is attacked on its king square, the enemy
    /// extra pieces with the powers they have now.
    #[inline(always)]
    pub(crate) fn king_attacked(&self, rules: &R) -> bool {
        let us = self.turn;
        self.attacked_by(
            rules,
            self.king_square(us),
            !us,
            self.occupied(),
            rules.imitated_waiting(&self.state),
        )
    }

    /// Whether the player who just moved has left its king attacked: the
    /// side to move's extra pieces imitate that move.
    #[inline(always)]
    pub(crate) fn mover_king_attacked(&self, rules: &R) -> bool {
        let mover = !self.turn;
        self.attacked_by(
            rules,
            self.king_square(mover),
            self.turn,
            self.occupied(),
            R::imitated_to_move(&self.state),
        )
    }
}
