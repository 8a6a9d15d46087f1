//! Entity Chess (`entity-chess.txt`, rulings `spec/rulings/entity.md`).
//!
//! Each side holds one Entity (`E`, Betza `WA`), which enters onto an empty
//! square of the entry zone, never to capture, give or block check. The core
//! ([`crate::plus`]) plays the board; this module holds the Entity's rules.
//! Entity Chess keeps no state beyond the board and the hands.

mod rules;

pub use rules::Rules;

use crate::bitboard::{Bitboard, Square};

/// A position of Entity Chess.
pub type Position = crate::plus::Position<Rules>;

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
