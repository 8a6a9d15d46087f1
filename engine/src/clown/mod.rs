//! Clown Chess (`clown-chess.txt`, rulings `spec/rulings/clown.md`).
//!
//! A Knight may be declared the Clown (`C`) on its first move; the Clown
//! moves by its file (a/h rook, b/g knight, c/f bishop, d queen of four
//! squares, e non-royal king step). Captured Knights and Bishops go to their
//! owner's hand; once per game one re-enters in the entry zone. The core
//! ([`crate::plus`]) plays the board; this module holds the Clown's rules
//! and the state they read: the last move, what was just lost, and who has
//! declared and re-entered.

mod rules;

pub use rules::{NotImmediately, Rules};

use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::plus::{Last, Role};

/// A position of Clown Chess.
pub type Position = crate::plus::Position<Rules>;

/// What Clown Chess's rules read beyond the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct State {
    /// The last move (`last=`): no entry right after a Clown moved.
    pub last: Option<Last>,
    /// What the side to move lost on the opponent's last move (`lost=`).
    pub(crate) lost: Lost,
    /// The players who have a Clown (declared or entered), bit per colour
    /// (`clown=`).
    pub(crate) clown: u8,
    /// The players who have re-entered a piece, bit per colour
    /// (`reentered=`).
    pub(crate) reentered: u8,
}

impl State {
    /// Whether `color` has had its Clown.
    #[inline(always)]
    pub fn has_clown(&self, color: Color) -> bool {
        self.clown & (1 << color.index()) != 0
    }

    /// Whether `color` has re-entered a piece.
    #[inline(always)]
    pub fn has_reentered(&self, color: Color) -> bool {
        self.reentered & (1 << color.index()) != 0
    }
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
