//! Orthodox chess plus one extra piece type, hands and position state: the
//! shared core of Chess with a Fool ([`crate::fool`]), Clown Chess
//! ([`crate::clown`]) and Entity Chess ([`crate::entity`]).
//!
//! Written from the source documents and `spec/rulings/` only. Moves are
//! generated pseudo-legally and each is played on a copy (copy-make); a move
//! is legal when, after the whole action (move, type change, gating, drop),
//! the mover's king is not attacked, with the enemy Fool imitating the piece
//! just moved (LANGUAGE.md §11).

mod fen;
mod game;
mod movegen;
mod moves;
mod rules;

pub use game::PlusGame;
pub use movegen::perft;
pub use moves::{Kind, Move};
pub use rules::{Imitation, NotImmediately, Rules, Variant};

use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;

/// A kind of piece: the six orthodox ones and the variant's extra piece
/// (the Fool `F`, the Clown `C` or the Entity `E`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
    /// The variant's extra piece.
    Extra = 6,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 7] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Extra,
    ];

    /// Index for tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

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

/// What the side to move lost on the opponent's last move (`lost=`): a
/// count per role, four bits each. A move captures one piece; a FEN may
/// name more.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Lost(u32);

impl Lost {
    /// The most pieces of one role a FEN may name.
    pub(crate) const MAX: u32 = 15;

    /// One piece of `role`.
    #[inline(always)]
    pub(crate) fn one(role: Role) -> Lost {
        Lost(1 << (4 * role.index()))
    }

    /// How many pieces of `role` were lost.
    #[inline(always)]
    pub(crate) fn count(self, role: Role) -> u32 {
        (self.0 >> (4 * role.index())) & 15
    }

    /// Whether nothing was lost.
    #[inline(always)]
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// One more piece of `role`; `None` beyond [`Lost::MAX`].
    pub(crate) fn with(self, role: Role) -> Option<Lost> {
        (self.count(role) < Self::MAX).then(|| Lost(self.0 + Lost::one(role).0))
    }
}

/// Player flag bits of [`Position::flags`].
pub(crate) const FLAG_CLOWN: u8 = 1;
pub(crate) const FLAG_REENTERED: u8 = 4;

/// A position of one of the variants: board, side, castling, en passant,
/// counters, hands and the state beyond the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
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
    /// The last move (`last=`).
    pub(crate) last: Option<Last>,
    /// Fool only: the move before the last one, made by the side to move
    /// (`prev=`). Under `fool.imitation=keep` its type gives the powers of
    /// the Fool of the player who just moved.
    pub(crate) prev: Option<Last>,
    /// What the side to move lost on the opponent's last move (`lost=`).
    pub(crate) lost: Lost,
    /// Player flags: `FLAG_CLOWN << colour`, `FLAG_REENTERED << colour`.
    pub(crate) flags: u8,
}

/// Chebyshev distance at most 4 from each square (the Clown's queen of four
/// squares).
static NEAR4: [Bitboard; 64] = {
    let mut t = [Bitboard(0); 64];
    let mut a: i32 = 0;
    while a < 64 {
        let mut b: i32 = 0;
        let mut m = 0u64;
        while b < 64 {
            let df = a % 8 - b % 8;
            let dr = a / 8 - b / 8;
            let d = if df.abs() > dr.abs() {
                df.abs()
            } else {
                dr.abs()
            };
            if d <= 4 {
                m |= 1 << b;
            }
            b += 1;
        }
        t[a as usize] = Bitboard(m);
        a += 1;
    }
    t
};

/// The Entity's `WA`: one square orthogonally or a jump to the second square
/// diagonally.
static WAZIR_ALFIL: [Bitboard; 64] = {
    let steps: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (2, 2),
        (2, -2),
        (-2, 2),
        (-2, -2),
    ];
    let mut t = [Bitboard(0); 64];
    let mut a = 0;
    while a < 64 {
        let mut m = 0u64;
        let mut i = 0;
        while i < 8 {
            let f = (a % 8) as i32 + steps[i].0;
            let r = (a / 8) as i32 + steps[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                m |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        t[a] = Bitboard(m);
        a += 1;
    }
    t
};

/// Squares the Entity's `WA` reaches from `sq`.
#[inline(always)]
pub fn wazir_alfil(sq: Square) -> Bitboard {
    WAZIR_ALFIL[sq.index()]
}

/// The files of the Clown's movements.
pub(crate) const FILES_ROOK: Bitboard = Bitboard(0x8181_8181_8181_8181);
pub(crate) const FILES_KNIGHT: Bitboard = Bitboard(0x4242_4242_4242_4242);
pub(crate) const FILES_BISHOP: Bitboard = Bitboard(0x2424_2424_2424_2424);
pub(crate) const FILE_QUEEN: Bitboard = Bitboard(0x0808_0808_0808_0808);
pub(crate) const FILE_KING: Bitboard = Bitboard(0x1010_1010_1010_1010);

/// Squares a Clown on `sq` attacks: by the file it stands on.
#[inline(always)]
pub fn clown_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    match sq.file() {
        0 | 7 => attacks::rook_attacks(sq, occupied),
        1 | 6 => attacks::knight_attacks(sq),
        2 | 5 => attacks::bishop_attacks(sq, occupied),
        3 => attacks::queen_attacks(sq, occupied) & NEAR4[sq.index()],
        _ => attacks::king_attacks(sq),
    }
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

impl Position {
    /// The start position of the variant.
    pub fn startpos(rules: &Rules) -> Position {
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
        match rules.variant {
            Variant::Fool | Variant::Entity => {
                pos.hand[0][Role::Extra.index()] = 1;
                pos.hand[1][Role::Extra.index()] = 1;
            }
            Variant::Clown => {}
        }
        pos
    }

    pub(crate) fn empty() -> Position {
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
            last: None,
            prev: None,
            lost: Lost::default(),
            flags: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: Role) {
        let bb = Bitboard::from_square(sq);
        self.by_role[role.index()] |= bb;
        self.by_color[color.index()] |= bb;
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The number of `role` pieces `color` has in hand.
    pub fn in_hand(&self, color: Color, role: Role) -> u8 {
        self.hand[color.index()][role.index()]
    }

    /// The last move (`last=`).
    pub fn last(&self) -> Option<Last> {
        self.last
    }

    /// Fool: the move before the last one, made by the side to move
    /// (`prev=`); `None` in the other variants.
    pub fn prev(&self) -> Option<Last> {
        self.prev
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

    #[inline(always)]
    pub(crate) fn has_flag(&self, flag: u8, color: Color) -> bool {
        self.flags & (flag << color.index()) != 0
    }

    /// The powers of the Fool of the side to move: the effective type of the
    /// opponent's last-moved piece.
    #[inline(always)]
    pub(crate) fn fool_power_to_move(&self) -> Option<Role> {
        self.last.map(|l| l.role)
    }

    /// The powers of the Fool of the player who just moved, until the side to
    /// move moves (`fool.imitation`).
    #[inline(always)]
    pub(crate) fn fool_power_waiting(&self, rules: &Rules) -> Option<Role> {
        match rules.imitation {
            Imitation::Keep => self.prev.map(|l| l.role),
            Imitation::Reset => None,
            Imitation::Either => self.last.map(|l| l.role),
        }
    }

    /// Whether a piece of `by` attacks `sq` with `occupied` as blockers;
    /// `by`'s Fools (if any) move like `fool`.
    #[inline(always)]
    pub(crate) fn attacked_by(
        &self,
        rules: &Rules,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        fool: Option<Role>,
    ) -> bool {
        let them = self.by_color[by.index()];
        let queens = self.by_role[Role::Queen.index()];
        let mut rooks = (self.by_role[Role::Rook.index()] | queens) & them;
        let mut bishops = (self.by_role[Role::Bishop.index()] | queens) & them;
        let mut knights = self.by_role[Role::Knight.index()] & them;
        let mut kings = self.by_role[Role::King.index()] & them;
        let mut pawns = self.by_role[Role::Pawn.index()] & them;
        let extra = self.by_role[Role::Extra.index()] & them;
        if extra.any() {
            match rules.variant {
                Variant::Fool => match fool {
                    None => {}
                    Some(Role::Pawn) if rules.fool_pawn_capture => pawns |= extra,
                    Some(Role::Pawn) => {}
                    Some(Role::Knight) => knights |= extra,
                    Some(Role::Bishop) => bishops |= extra,
                    Some(Role::Rook) => rooks |= extra,
                    Some(Role::Queen) => {
                        rooks |= extra;
                        bishops |= extra;
                    }
                    Some(Role::King) => kings |= extra,
                    Some(Role::Extra) => {}
                },
                Variant::Clown => {
                    rooks |= extra & FILES_ROOK;
                    knights |= extra & FILES_KNIGHT;
                    bishops |= extra & FILES_BISHOP;
                    kings |= extra & FILE_KING;
                    let d = extra & FILE_QUEEN & NEAR4[sq.index()];
                    if (attacks::queen_attacks(sq, occupied) & d).any() {
                        return true;
                    }
                }
                Variant::Entity => {
                    if (WAZIR_ALFIL[sq.index()] & extra).any() {
                        return true;
                    }
                }
            }
        }
        (attacks::knight_attacks(sq) & knights).any()
            || (attacks::pawn_attacks(!by, sq) & pawns).any()
            || (attacks::king_attacks(sq) & kings).any()
            || (attacks::rook_attacks(sq, occupied) & rooks).any()
            || (attacks::bishop_attacks(sq, occupied) & bishops).any()
    }

    /// Whether the side to move is in check (the enemy Fool with the powers
    /// it has now, `fool.imitation`).
    pub fn is_check(&self, rules: &Rules) -> bool {
        let us = self.turn;
        self.attacked_by(
            rules,
            self.king_square(us),
            !us,
            self.occupied(),
            self.fool_power_waiting(rules),
        )
    }

    /// Whether the player who just moved has left its king attacked: the
    /// side to move's Fool imitates that move.
    #[inline(always)]
    pub(crate) fn mover_king_attacked(&self, rules: &Rules) -> bool {
        let mover = !self.turn;
        self.attacked_by(
            rules,
            self.king_square(mover),
            self.turn,
            self.occupied(),
            self.fool_power_to_move(),
        )
    }

    /// Whether no side can ever mate: only kings and minor pieces as in
    /// chess, and nothing of the extra piece on the board or still to come.
    pub fn is_insufficient_material(&self, rules: &Rules) -> bool {
        if self.by_role[Role::Extra.index()].any() {
            return false;
        }
        let can_enter = |c: Color| {
            let h = self.hand[c.index()];
            match rules.variant {
                Variant::Clown => {
                    !self.has_flag(FLAG_REENTERED, c)
                        && (h[Role::Knight.index()] > 0 || h[Role::Bishop.index()] > 0)
                }
                _ => h[Role::Extra.index()] > 0,
            }
        };
        if can_enter(Color::White) || can_enter(Color::Black) {
            return false;
        }
        // The roles up to the King are indexed as in chess.
        crate::chess::insufficient(&self.by_role)
    }

    /// The position with what repetition ignores blanked out: counters,
    /// state the FEN does not print, and the en passant square unless a
    /// capture is legal. Two positions have the same key exactly when their
    /// FENs agree but for the clocks.
    pub fn repetition_key(&self, rules: &Rules) -> Position {
        let (last, prev, lost) = match rules.variant {
            Variant::Fool => (self.last, self.prev, Lost::default()),
            Variant::Clown => (self.last, None, self.lost),
            Variant::Entity => (None, None, Lost::default()),
        };
        Position {
            ep_square: self.legal_ep_square(rules),
            halfmoves: 0,
            fullmoves: 1,
            virgin: Bitboard::EMPTY,
            last,
            prev,
            lost,
            ..*self
        }
    }
}
