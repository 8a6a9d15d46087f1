//! Zobrist hashing: a position's identity as one number. The pieces on the
//! board are hashed incrementally by [`Position::put`] and
//! [`Position::take`]; [`Rules::key`] adds the rest of the state that
//! tells positions apart for repetition, exactly what the FEN shows
//! without its clocks ([`Rules::repetition_key`]).

use super::position::{Position, BLACK, WHITE};
use super::Rules;
use crate::geometry::{Square, SquareSet};
use crate::program::{code, MAX_PIECE_TYPES};

/// Number of piece codes: 0 (empty) and two colours per type.
const CODES: usize = 1 + 2 * MAX_PIECE_TYPES;

/// SplitMix64: a fixed, well-mixed sequence of keys, the same on every run.
const fn split_mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One key per (piece code, square), computed at compile time.
static PIECE_KEYS: [[u64; 256]; CODES] = {
    let mut keys = [[0; 256]; CODES];
    let mut c = 0;
    while c < CODES {
        let mut sq = 0;
        while sq < 256 {
            keys[c][sq] =
                split_mix(((c as u64) << 8 | sq as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
            sq += 1;
        }
        c += 1;
    }
    keys
};

/// The key of piece `code` standing on `sq`.
#[inline]
pub(crate) fn piece(code: u8, sq: Square) -> u64 {
    PIECE_KEYS[code as usize][sq as usize]
}

/// A key for one more part of the state: `value` under the label `part`.
#[inline]
fn part(part: u64, value: u64) -> u64 {
    split_mix(split_mix(part ^ 0x5bd1_e995) ^ value)
}

/// The key of a set of squares under the label `label`.
fn squares<S: SquareSet>(label: u64, bits: S) -> u64 {
    if bits.is_empty() {
        return 0;
    }
    bits.to_bits()
        .0
        .iter()
        .enumerate()
        .fold(0, |h, (i, &w)| h ^ part(label << 2 | i as u64, w))
}

impl Rules {
    /// The position's Zobrist key for repetition: two positions have the
    /// same key when their FENs without clocks are the same (barring hash
    /// collisions): board, side, turn state, hands, promoted marks, the
    /// castling and gating rights, a legal en passant capture, check
    /// counts, the move records, freezes, flags and an open reply.
    pub fn key<S: SquareSet>(&self, pos: &Position<S>) -> u64 {
        let mut h = pos.hash ^ part(1, pos.side as u64 | (pos.sub as u64) << 8);
        if self.tracks_hands {
            for (colour, hand) in pos.hands.iter().enumerate() {
                for (ty, &n) in hand.iter().enumerate().filter(|(_, &n)| n != 0) {
                    h ^= part(2, (colour * MAX_PIECE_TYPES + ty) as u64 | (n as u64) << 16);
                }
            }
        }
        if self.marks_promoted {
            h ^= squares(
                3,
                pos.promoted & (pos.occupied[WHITE] | pos.occupied[BLACK]),
            );
        }
        h ^= squares(4, self.rights(pos));
        if self.en_passant_shown(pos) {
            h ^= squares(5, pos.ep)
                ^ part(6, pos.ep_victim as u64 | (pos.ep2_victim as u64) << 8)
                ^ squares(45, pos.ep2);
        }
        if self.count_checks {
            h ^= part(
                7,
                pos.checks[WHITE] as u64 | (pos.checks[BLACK] as u64) << 8,
            );
        }
        if self.records_moves || self.variant.record_lost {
            h ^= part(
                8,
                pos.last as u64 | (pos.prev as u64) << 8 | (pos.lost as u64) << 16,
            );
        }
        if self.variant.record_last_squares {
            let last = pos.last_squares;
            h ^= part(
                45,
                u64::from(last.kind) | u64::from(last.from) << 8 | u64::from(last.to) << 16,
            );
        }
        if pos.counting.limit != 0 {
            h ^= part(44, u64::from(pos.counting.limit));
        }
        if pos.flags != [0, 0] {
            h ^= part(9, pos.flags[WHITE] as u64 | (pos.flags[BLACK] as u64) << 32);
        }
        if self.keeps_piece_state {
            for (k, &plane) in pos.piece_state.planes().iter().enumerate() {
                h ^= squares(46 + k as u64, plane);
            }
        }
        if pos.counters != [[0; crate::program::MAX_COUNTERS]; 2] {
            let [w, b] = pos.counters.map(u64::from_le_bytes);
            h ^= part(60, w) ^ part(61, b);
        }
        if self.special_moves {
            for (k, &timer) in pos.freezes.timers.iter().enumerate() {
                h ^= squares(10 + k as u64, timer);
            }
            h ^= squares(40, pos.freezes.held) ^ squares(41, pos.stepped);
            if !pos.opened.square.is_empty() && self.reply_open(pos) {
                h ^= squares(42, pos.opened.square) ^ part(43, pos.opened.rule as u64);
            }
        }
        h
    }

    /// The unmoved pieces whose being unmoved the FEN tells: castling
    /// kings and rooks while the king is unmoved, first-rank pieces where
    /// and while gating lists them, and every piece where captures may be
    /// initial.
    fn rights<S: SquareSet>(&self, pos: &Position<S>) -> S {
        let unmoved = pos.virgin & (pos.occupied[WHITE] | pos.occupied[BLACK]);
        if self.initial_captures {
            return unmoved;
        }
        let gating = self.variant.gating.iter().any(|g| g.castling_field);
        if self.castling.is_none() && !gating {
            return S::default();
        }
        let files = self.tables.files as Square;
        let mut rights = S::default();
        for colour in [WHITE, BLACK] {
            let back = if colour == WHITE {
                0
            } else {
                self.tables.ranks - 1
            };
            let rank = (0..files).map(|f| back * files + f);
            let own = |sq: Square| pos.occupied[colour].has(sq) && unmoved.has(sq);
            if self.tells_gating_rights(pos, colour) {
                rank.clone()
                    .filter(|&sq| own(sq))
                    .for_each(|sq| rights.set(sq));
            }
            if let Some(castling) = &self.castling {
                let king = code(castling.king as usize, colour);
                let is = |sq: Square, c: u8| pos.board[sq as usize] == c && own(sq);
                let is_rook =
                    |sq: Square| castling.is_rook(pos.board[sq as usize], colour) && own(sq);
                if rank.clone().any(|sq| is(sq, king)) && rank.clone().any(is_rook) {
                    rank.filter(|&sq| is(sq, king) || is_rook(sq))
                        .for_each(|sq| rights.set(sq));
                }
            }
        }
        rights
    }
}
