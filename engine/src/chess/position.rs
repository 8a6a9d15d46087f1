//! The chess position: piece bitboards plus side to move, castling rights,
//! en passant square and move counters; making moves by copy-make.

use super::moves::{Move, MoveKind};
use super::piece::{Piece, Role};
use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;

/// Castling rights as four bits, one per side and wing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No castling right.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights (`KQkq`).
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The bit of the right of `color` on the king side (`kingside`) or queen side.
    #[inline(always)]
    const fn bit(color: Color, kingside: bool) -> u8 {
        1 << (2 * color.index() + if kingside { 0 } else { 1 })
    }

    /// Whether `color` may still castle on the given wing.
    #[inline(always)]
    pub const fn has(self, color: Color, kingside: bool) -> bool {
        self.0 & Self::bit(color, kingside) != 0
    }

    /// These rights plus the right of `color` on the given wing.
    #[inline]
    pub const fn with(self, color: Color, kingside: bool) -> CastlingRights {
        CastlingRights(self.0 | Self::bit(color, kingside))
    }

    /// Whether no right is left.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights as bits, `KQkq` bits 0 to 3 (as FEN reads and writes them).
    pub(crate) const fn bits(self) -> u8 {
        self.0
    }

    /// The rights of [`CastlingRights::bits`].
    pub(crate) const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 15)
    }
}

/// For each square, the rights kept when a piece moves from or to it.
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

/// An orthodox chess position.
///
/// The en passant square is kept only when a pawn of the side to move
/// attacks it (the capture may still be illegal); see
/// [`Position::legal_ep_square`] for the square FEN and repetition use.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(super) by_role: [Bitboard; 6],
    pub(super) by_color: [Bitboard; 2],
    pub(super) turn: Color,
    pub(super) castling: CastlingRights,
    pub(super) ep_square: Option<Square>,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_fen(super::STARTING_FEN).expect("the start FEN is valid")
    }

    /// An empty board, White to move, no rights, counters `0 1`.
    pub(super) fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Puts `piece` on the empty square `sq`.
    pub(super) fn put(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role.index()] |= bb;
        self.by_color[piece.color.index()] |= bb;
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// Half-moves since the last capture or pawn move.
    #[inline(always)]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and incremented after Black moves.
    #[inline(always)]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// All squares occupied by pieces of `color`.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// All squares occupied by pieces of `role`, either colour.
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// All squares occupied by `color`'s pieces of `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))?;
        Some(Piece { color, role })
    }

    /// The square of `color`'s king (`a1` if it has none, which valid
    /// positions never have).
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, Role::King).lowest()
    }

    /// Pieces of either colour attacking `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let rooks = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bishops = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        (attacks::rook_attacks(sq, occupied) & rooks)
            | (attacks::bishop_attacks(sq, occupied) & bishops)
            | (attacks::knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (attacks::king_attacks(sq) & self.by_role[Role::King.index()])
            | (attacks::pawn_attacks(Color::White, sq) & self.pieces(Color::Black, Role::Pawn))
            | (attacks::pawn_attacks(Color::Black, sq) & self.pieces(Color::White, Role::Pawn))
    }

    /// Whether a piece of `by` attacks `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.by_color[by.index()];
        let queens = self.by_role[Role::Queen.index()];
        ((attacks::knight_attacks(sq) & self.by_role[Role::Knight.index()] & them).any())
            || ((attacks::pawn_attacks(!by, sq) & self.by_role[Role::Pawn.index()] & them).any())
            || ((attacks::king_attacks(sq) & self.by_role[Role::King.index()] & them).any())
            || ((attacks::rook_attacks(sq, occupied)
                & (self.by_role[Role::Rook.index()] | queens)
                & them)
                .any())
            || ((attacks::bishop_attacks(sq, occupied)
                & (self.by_role[Role::Bishop.index()] | queens)
                & them)
                .any())
    }

    /// Pieces of the side not to move giving check.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        let king = self.king_square(self.turn);
        self.attackers_to(king, self.occupied()) & self.by_color[(!self.turn).index()]
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The en passant square if an en passant capture is legal, else `None`.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let moves = self.legal_moves();
        moves
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant)
            .then_some(ep)
    }

    /// Plays `m`, which must be legal in this position.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let from = Bitboard::from_square(m.from);
        let to = Bitboard::from_square(m.to);
        let capture = (self.by_color[them.index()] & to).any();
        if capture {
            self.by_color[them.index()] ^= to;
            for bb in &mut self.by_role {
                *bb &= !to;
            }
        }
        let from_to = from | to;
        self.by_role[m.role.index()] ^= from_to;
        self.by_color[us.index()] ^= from_to;
        self.ep_square = None;
        match m.kind {
            MoveKind::Normal => {}
            MoveKind::DoublePush => {
                let ep = Square::new((m.from.index() as u8 + m.to.index() as u8) / 2);
                if (attacks::pawn_attacks(us, ep) & self.pieces(them, Role::Pawn)).any() {
                    self.ep_square = Some(ep);
                }
            }
            MoveKind::EnPassant => {
                let captured =
                    Bitboard::from_square(Square::from_coords(m.to.file(), m.from.rank()));
                self.by_role[Role::Pawn.index()] ^= captured;
                self.by_color[them.index()] ^= captured;
            }
            MoveKind::Castle => {
                let rank = m.from.rank();
                let (rook_from, rook_to) = if m.to.file() == 6 { (7, 5) } else { (0, 3) };
                let rook = Bitboard::from_square(Square::from_coords(rook_from, rank))
                    | Bitboard::from_square(Square::from_coords(rook_to, rank));
                self.by_role[Role::Rook.index()] ^= rook;
                self.by_color[us.index()] ^= rook;
            }
            MoveKind::Promotion(role) => {
                self.by_role[Role::Pawn.index()] ^= to;
                self.by_role[role.index()] ^= to;
            }
        }
        self.castling.0 &= CASTLING_KEEP[m.from.index()] & CASTLING_KEEP[m.to.index()];
        self.halfmoves = if capture || m.role == Role::Pawn {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
    }

    /// The position after the legal move `m`.
    #[inline(always)]
    pub fn play(&self, m: Move) -> Position {
        let mut child = *self;
        child.play_unchecked(m);
        child
    }

    /// Whether neither side can ever checkmate: only kings and bishops all on
    /// squares of one colour, or king and knight against a bare king.
    pub fn is_insufficient_material(&self) -> bool {
        insufficient(&self.by_role)
    }
}

/// Whether kings with the pieces of `by_role` (indexed like [`Role`]; any
/// further roles are left out) cannot mate on 8x8: no pawn, rook or queen,
/// and the bishops all on squares of one colour, or one knight and no bishop.
pub(crate) fn insufficient(by_role: &[Bitboard]) -> bool {
    let r = |role: Role| by_role[role.index()];
    if (r(Role::Pawn) | r(Role::Rook) | r(Role::Queen)).any() {
        return false;
    }
    let (knights, bishops) = (r(Role::Knight), r(Role::Bishop));
    if knights.any() {
        return knights.count() == 1 && bishops.is_empty();
    }
    (bishops & Bitboard::LIGHT).is_empty() || (bishops & Bitboard::DARK).is_empty()
}

impl Position {
    /// The position with what threefold repetition ignores blanked out: the
    /// move counters, and the en passant square unless a capture is legal.
    /// Two positions repeat exactly when their keys are equal.
    pub fn repetition_key(&self) -> Position {
        Position {
            ep_square: self.legal_ep_square(),
            halfmoves: 0,
            fullmoves: 1,
            ..*self
        }
    }
}
