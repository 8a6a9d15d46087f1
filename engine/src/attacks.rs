//! Precomputed attack tables for 8x8 boards: leapers, pawns, and sliders by
//! plain ("fancy") magic bitboards.
//!
//! Every table is computed by `const` evaluation at compile time, so lookups
//! cost no initialisation check. The magic factors below were found offline
//! by a random search; the table builder checks them (a bad factor is a
//! compile error).

use crate::bitboard::{Bitboard, Square};
use crate::color::Color;

/// Magic factors for rook attacks, one per square.
const ROOK_MAGICS: [u64; 64] = [
    0x2080002080400010,
    0x00C0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0C00283004008201,
    0x0180010000407A80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08A20004C8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000C009402002,
    0x00B0002004002800,
    0x100A808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800C00,
    0xA012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008C43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000D04282006A00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108A004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020B000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];

/// Magic factors for bishop attacks, one per square.
const BISHOP_MAGICS: [u64; 64] = [
    0x0848020822040013,
    0x8010A40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801B8200420,
    0x200A008084012000,
    0x0040102001042084,
    0x840A505042428020,
    0x0000700102202920,
    0x44101C0C10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308C042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002A00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104A041918013446,
    0x008A000082008238,
    0x04A0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xCC01112048100480,
    0x0020402806500440,
    0x00048E0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810E04104200,
    0x901210110400088A,
    0xA003080212081050,
    0x00C1004048401004,
    0x900000A014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008A02026250,
    0x8004088250900040,
    0x1C00430088A04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080A04222020,
    0x8088802110022000,
    0x1081A10416114400,
    0x0205010A24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580C026028810840,
    0x802020441020A110,
    0x12C0022401020018,
];

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// A knight's eight (file, rank) steps.
pub(crate) const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// A king's eight (file, rank) steps: one square along each rook and
/// bishop direction.
pub(crate) const KING_STEPS: [(i8, i8); 8] = {
    let mut steps = [(0, 0); 8];
    let mut d = 0;
    while d < 4 {
        steps[d] = ROOK_DIRS[d];
        steps[d + 4] = BISHOP_DIRS[d];
        d += 1;
    }
    steps
};

/// The bit of the square `(file, rank)`, or 0 when it is off the board.
const fn bit_at(file: i8, rank: i8) -> u64 {
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        1 << (rank * 8 + file)
    } else {
        0
    }
}

/// Squares a slider on `sq` reaches along `dirs`, stopping at (and including)
/// the first occupied square of each ray.
const fn slide(sq: usize, occupied: u64, dirs: &[(i8, i8); 4]) -> u64 {
    rays(sq, occupied, dirs, false)
}

/// The squares whose occupancy matters to a slider on `sq`: its empty-board
/// rays without their last square.
const fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    rays(sq, 0, dirs, true)
}

/// The rays from `sq` along `dirs`, each ending at its first occupied
/// square, or (with `inner`) before the board's edge.
const fn rays(sq: usize, occupied: u64, dirs: &[(i8, i8); 4], inner: bool) -> u64 {
    let mut squares = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut file = (sq % 8) as i8 + df;
        let mut rank = (sq / 8) as i8 + dr;
        let mut bit = bit_at(file, rank);
        while bit != 0 {
            let next = bit_at(file + df, rank + dr);
            if inner && next == 0 {
                break;
            }
            squares |= bit;
            if occupied & bit != 0 {
                break;
            }
            file += df;
            rank += dr;
            bit = next;
        }
        d += 1;
    }
    squares
}

/// Attacks of a leaper with the given steps from every square.
const fn leaper_table(steps: &[(i8, i8); 8]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            table[sq].0 |= bit_at((sq % 8) as i8 + steps[i].0, (sq / 8) as i8 + steps[i].1);
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Pawn capture squares for each colour and square.
const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        table[0][sq].0 = bit_at(file - 1, rank + 1) | bit_at(file + 1, rank + 1);
        table[1][sq].0 = bit_at(file - 1, rank - 1) | bit_at(file + 1, rank - 1);
        sq += 1;
    }
    table
}

/// Per-square lookup data of one slider kind.
#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: u32,
}

/// Masks, factors and table offsets of one slider kind, starting at `start`
/// in the shared table; also returns the offset just past its last entry.
const fn magics(factors: &[u64; 64], dirs: &[(i8, i8); 4], start: usize) -> ([Magic; 64], usize) {
    let mut out = [Magic {
        mask: 0,
        factor: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        out[sq] = Magic {
            mask,
            factor: factors[sq],
            shift: 64 - bits,
            offset: offset as u32,
        };
        offset += 1 << bits;
        sq += 1;
    }
    (out, offset)
}

const ROOK: ([Magic; 64], usize) = magics(&ROOK_MAGICS, &ROOK_DIRS, 0);
const BISHOP: ([Magic; 64], usize) = magics(&BISHOP_MAGICS, &BISHOP_DIRS, ROOK.1);
const SLIDER_TABLE_SIZE: usize = BISHOP.1;

/// Fills the shared slider table for one slider kind.
const fn fill_slider(
    table: &mut [u64; SLIDER_TABLE_SIZE],
    magics: &[Magic; 64],
    dirs: &[(i8, i8); 4],
) {
    let mut sq = 0;
    while sq < 64 {
        let m = magics[sq];
        let mut subset: u64 = 0;
        loop {
            let attacks = slide(sq, subset, dirs);
            let index = m.offset as usize + (subset.wrapping_mul(m.factor) >> m.shift) as usize;
            assert!(
                table[index] == 0 || table[index] == attacks,
                "bad magic factor"
            );
            table[index] = attacks;
            subset = subset.wrapping_sub(m.mask) & m.mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
}

const fn slider_table() -> [u64; SLIDER_TABLE_SIZE] {
    let mut table = [0; SLIDER_TABLE_SIZE];
    fill_slider(&mut table, &ROOK.0, &ROOK_DIRS);
    fill_slider(&mut table, &BISHOP.0, &BISHOP_DIRS);
    table
}

/// Squares strictly between two squares on a common line, and the whole
/// edge-to-edge line through both (empty when they share no line).
const fn line_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let b_bit = 1u64 << b;
            let (dirs, empty_attacks) = if slide(a, 0, &ROOK_DIRS) & b_bit != 0 {
                (&ROOK_DIRS, slide(a, 0, &ROOK_DIRS))
            } else {
                (&BISHOP_DIRS, slide(a, 0, &BISHOP_DIRS))
            };
            if empty_attacks & b_bit != 0 {
                between[a][b].0 = slide(a, b_bit, dirs) & slide(b, 1 << a, dirs);
                line[a][b].0 = (empty_attacks & slide(b, 0, dirs)) | (1 << a) | b_bit;
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

// Filling the table takes the compiler a few seconds, not forever.
#[allow(long_running_const_eval)]
static SLIDER_TABLE: [u64; SLIDER_TABLE_SIZE] = slider_table();
static KNIGHT: [Bitboard; 64] = leaper_table(&KNIGHT_STEPS);
static KING: [Bitboard; 64] = leaper_table(&KING_STEPS);
static PAWN: [[Bitboard; 64]; 2] = pawn_table();
static LINES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = line_tables();

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks (its capture squares).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

#[inline(always)]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    Bitboard(
        SLIDER_TABLE[m.offset as usize
            + ((occupied.0 & m.mask).wrapping_mul(m.factor) >> m.shift) as usize],
    )
}

/// Squares a rook on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK.0[sq.index()], occupied)
}

/// Squares a bishop on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP.0[sq.index()], occupied)
}

/// Squares a queen on `sq` attacks given the occupied squares.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; empty otherwise.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a.index()][b.index()]
}

/// The whole rank, file or diagonal through `a` and `b` (both included), or
/// empty when they share none.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_match_slow_rays() {
        let occupancies = [
            0u64,
            0x0000_1234_8000_0420,
            0xFFFF_0000_0000_FFFF,
            0x0042_0081_1800_2400,
        ];
        for sq in 0..64u8 {
            for &occ in &occupancies {
                let s = Square::new(sq);
                assert_eq!(
                    rook_attacks(s, Bitboard(occ)).0,
                    slide(sq as usize, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(s, Bitboard(occ)).0,
                    slide(sq as usize, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn lines_and_betweens() {
        let (a1, h8, c3, b1) = (
            Square::new(0),
            Square::new(63),
            Square::new(18),
            Square::new(1),
        );
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(c3, h8).count(), 8);
        assert!(line(a1, Square::from_coords(1, 2)).is_empty());
        assert!(between(a1, b1).is_empty());
        assert_eq!(line(a1, b1), Bitboard::rank(0));
    }
}
