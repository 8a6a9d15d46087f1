//! Boards of up to 128 squares (up to 16 files or ranks) on a `u128`
//! bitboard: precomputed leaper tables and rays, classical ray scanning for
//! sliders, square names and the FEN pieces shared by the larger-board
//! variants (Chess Is a Joke on 9x9, Jester Chess on 10x11).
//!
//! Squares are numbered `rank_index * files + file_index` from `a1 = 0`
//! (LANGUAGE.md §2).

mod board;
pub(crate) mod role;

pub(crate) use board::Board;
pub use role::Role;

use crate::attacks::{KING_STEPS, KNIGHT_STEPS};
use crate::color::Color;
use crate::error::{bad_fen, EngineError};
use crate::fen::FenParts;

/// A set of squares.
pub type Bits = u128;

/// Iterates the squares of a set, lowest first.
#[inline(always)]
pub fn squares(mut b: Bits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let s = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(s)
        }
    })
}

/// The set holding one square.
#[inline(always)]
pub const fn bit(sq: usize) -> Bits {
    1u128 << sq
}

/// Direction indices into `Geometry::rays`: N, NE, E, SE, S, SW, W, NW.
pub const N: usize = 0;
/// North-east.
pub const NE: usize = 1;
/// East.
pub const E: usize = 2;
/// South-east.
pub const SE: usize = 3;
/// South.
pub const S: usize = 4;
/// South-west.
pub const SW: usize = 5;
/// West.
pub const W: usize = 6;
/// North-west.
pub const NW: usize = 7;

const DELTAS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The tables of one board shape.
pub struct Geometry {
    /// Number of files.
    pub(crate) files: usize,
    /// Number of ranks.
    pub(crate) ranks: usize,
    /// Number of squares.
    pub(crate) size: usize,
    /// Every square of the board.
    pub(crate) all: Bits,
    /// The squares of each rank, rank index 0 first.
    pub(crate) rank_mask: Vec<Bits>,
    /// Rays from each square in each direction, the square itself excluded.
    pub(crate) rays: [Vec<Bits>; 8],
    /// King steps (W + F).
    pub(crate) king: Vec<Bits>,
    /// Wazir steps (one square orthogonally).
    pub(crate) wazir: Vec<Bits>,
    /// Ferz steps (one square diagonally).
    pub(crate) ferz: Vec<Bits>,
    /// Knight leaps.
    pub(crate) knight: Vec<Bits>,
    /// Dabbaba leaps (two squares orthogonally).
    pub(crate) dabbaba: Vec<Bits>,
    /// Alfil leaps (two squares diagonally).
    pub(crate) alfil: Vec<Bits>,
    /// One step forward, per colour.
    pub(crate) fwd: [Vec<Bits>; 2],
    /// The two forward-diagonal squares, per colour.
    pub(crate) fwd_diag: [Vec<Bits>; 2],
    /// One step backward, orthogonally and diagonally (three squares), per colour.
    pub(crate) back3: [Vec<Bits>; 2],
}

impl Geometry {
    /// Builds the tables of a `files` x `ranks` board.
    pub fn new(files: usize, ranks: usize) -> Geometry {
        assert!(files * ranks <= 128 && files >= 2 && ranks >= 2);
        let size = files * ranks;
        let on = |f: i32, r: i32| f >= 0 && r >= 0 && (f as usize) < files && (r as usize) < ranks;
        let table = |offsets: &[(i8, i8)]| -> Vec<Bits> {
            (0..size)
                .map(|sq| {
                    let (f, r) = ((sq % files) as i32, (sq / files) as i32);
                    offsets
                        .iter()
                        .map(|&(df, dr)| (i32::from(df), i32::from(dr)))
                        .filter(|&(df, dr)| on(f + df, r + dr))
                        .fold(0, |b, (df, dr)| {
                            b | bit((r + dr) as usize * files + (f + df) as usize)
                        })
                })
                .collect()
        };
        let ray = |(df, dr): (i32, i32)| -> Vec<Bits> {
            (0..size)
                .map(|sq| {
                    let (mut f, mut r) = ((sq % files) as i32, (sq / files) as i32);
                    let mut b = 0;
                    loop {
                        f += df;
                        r += dr;
                        if !on(f, r) {
                            break b;
                        }
                        b |= bit(r as usize * files + f as usize);
                    }
                })
                .collect()
        };
        Geometry {
            files,
            ranks,
            size,
            all: if size == 128 { !0 } else { (1u128 << size) - 1 },
            rank_mask: (0..ranks)
                .map(|r| ((1u128 << files) - 1) << (r * files))
                .collect(),
            rays: DELTAS.map(ray),
            king: table(&KING_STEPS),
            wazir: table(&[(0, 1), (1, 0), (0, -1), (-1, 0)]),
            ferz: table(&[(1, 1), (1, -1), (-1, -1), (-1, 1)]),
            knight: table(&KNIGHT_STEPS),
            dabbaba: table(&[(0, 2), (2, 0), (0, -2), (-2, 0)]),
            alfil: table(&[(2, 2), (2, -2), (-2, -2), (-2, 2)]),
            fwd: [table(&[(0, 1)]), table(&[(0, -1)])],
            fwd_diag: [table(&[(-1, 1), (1, 1)]), table(&[(-1, -1), (1, -1)])],
            back3: [
                table(&[(-1, -1), (0, -1), (1, -1)]),
                table(&[(-1, 1), (0, 1), (1, 1)]),
            ],
        }
    }

    /// The squares a slider on `sq` reaches in direction `d`, up to and
    /// including the first occupied square.
    #[inline(always)]
    pub fn ray_attacks(&self, d: usize, sq: usize, occ: Bits) -> Bits {
        let ray = self.rays[d][sq];
        let blockers = ray & occ;
        if blockers == 0 {
            return ray;
        }
        // N, NE, E and NW increase the square index.
        let first = if matches!(d, N | NE | E | NW) {
            blockers.trailing_zeros() as usize
        } else {
            127 - blockers.leading_zeros() as usize
        };
        ray ^ self.rays[d][first]
    }

    /// The squares a slider on `sq` reaches along the four directions `dirs`.
    #[inline(always)]
    fn lines(&self, dirs: [usize; 4], sq: usize, occ: Bits) -> Bits {
        dirs.into_iter()
            .fold(0, |b, d| b | self.ray_attacks(d, sq, occ))
    }

    /// Rook lines from `sq`.
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: Bits) -> Bits {
        self.lines([N, E, S, W], sq, occ)
    }

    /// Bishop lines from `sq`.
    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: Bits) -> Bits {
        self.lines([NE, SE, SW, NW], sq, occ)
    }

    /// File index of a square.
    #[inline(always)]
    pub fn file(&self, sq: usize) -> usize {
        sq % self.files
    }

    /// Rank index of a square.
    #[inline(always)]
    pub fn rank(&self, sq: usize) -> usize {
        sq / self.files
    }

    /// Rank index counted from `color`'s side (0 = its first rank).
    #[inline(always)]
    pub fn relative_rank(&self, color: Color, sq: usize) -> usize {
        match color {
            Color::White => sq / self.files,
            Color::Black => self.ranks - 1 - sq / self.files,
        }
    }

    /// The square one step forward for `color` (the caller knows it exists).
    #[inline(always)]
    pub fn forward(&self, color: Color, sq: usize) -> usize {
        match color {
            Color::White => sq + self.files,
            Color::Black => sq - self.files,
        }
    }

    /// The name of a square: `a1`, `j11`.
    pub fn name(&self, sq: usize) -> String {
        format!(
            "{}{}",
            char::from(b'a' + (sq % self.files) as u8),
            sq / self.files + 1
        )
    }

    /// Reads a square name.
    pub fn parse_square(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let file = chars.next()?;
        let rank: &str = chars.as_str();
        if !file.is_ascii_lowercase() || rank.is_empty() || rank.starts_with('0') {
            return None;
        }
        let f = (file as u8 - b'a') as usize;
        let r: usize = rank.parse().ok()?;
        (f < self.files && r >= 1 && r <= self.ranks).then(|| (r - 1) * self.files + f)
    }

    /// Splits move text `e2e4`, `a9a10q` into origin, target and the
    /// lower-case letter after them.
    pub fn parse_move(&self, text: &str) -> Option<(usize, usize, Option<char>)> {
        let b = text.as_bytes();
        let mut i = 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let from = self.parse_square(&text[..i])?;
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if i >= b.len() {
            return None;
        }
        let to = self.parse_square(&text[i..j])?;
        let rest = &text[j..];
        match rest.len() {
            0 => Some((from, to, None)),
            1 => Some((from, to, rest.chars().next())),
            _ => None,
        }
    }

    /// Reads the board and side-to-move fields of a FEN whose piece types
    /// have the letters `letters`; the other fields and the state pairs are
    /// left in the [`FenParts`] for the variant.
    pub(crate) fn read_head<'a, const KINDS: usize>(
        &self,
        fen: &'a str,
        letters: &str,
    ) -> Result<(Board<KINDS>, Color, FenParts<'a>), EngineError> {
        let parts = crate::fen::split_fen(fen)?;
        let board = Board::with(self.parse_board(parts.fields[0], letters)?);
        let turn = crate::fen::parse_side(parts.fields[1])?;
        Ok((board, turn, parts))
    }

    /// Reads the board field of a FEN: (square, colour, index of the letter
    /// in `letters`) for every piece, and checks that each side has one king
    /// (the letter `K`).
    fn parse_board(
        &self,
        text: &str,
        letters: &str,
    ) -> Result<Vec<(usize, Color, usize)>, EngineError> {
        let board = self.read_letters(text, letters)?;
        let pieces: Vec<(usize, Color, usize)> = board
            .iter()
            .enumerate()
            .filter_map(|(sq, c)| {
                let c = (*c)?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let role = letters
                    .find(c.to_ascii_uppercase())
                    .expect("letter checked");
                Some((sq, color, role))
            })
            .collect();
        for color in Color::ALL {
            let kings = board
                .iter()
                .filter(|&&c| c == Some(if color.is_white() { 'K' } else { 'k' }))
                .count();
            if kings != 1 {
                return Err(bad_fen(format!(
                    "board: {} has {kings} kings, expected 1",
                    if color.is_white() { "White" } else { "Black" }
                )));
            }
        }
        Ok(pieces)
    }

    /// Reads the board field of a FEN into one entry per square: the piece
    /// letter as written (upper case White), or `None`.
    fn read_letters(&self, text: &str, letters: &str) -> Result<Vec<Option<char>>, EngineError> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != self.ranks {
            return Err(bad_fen(format!(
                "board {text:?} has {} ranks, expected {}",
                rows.len(),
                self.ranks
            )));
        }
        let mut board = vec![None; self.size];
        for (i, row) in rows.iter().enumerate() {
            let rank = self.ranks - 1 - i;
            let mut file = 0;
            let mut run = 0usize;
            let flush = |run: &mut usize, file: &mut usize| {
                *file = file.saturating_add(*run);
                *run = 0;
            };
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if run == 0 && d == 0 {
                        return Err(bad_fen(format!(
                            "rank {} {row:?}: empty run starting with 0",
                            rank + 1
                        )));
                    }
                    run = run.saturating_mul(10).saturating_add(d as usize);
                    continue;
                }
                flush(&mut run, &mut file);
                if !letters.contains(c.to_ascii_uppercase()) || !c.is_ascii_alphabetic() {
                    return Err(bad_fen(format!(
                        "rank {} {row:?}: unknown piece letter {c:?} (known: {letters})",
                        rank + 1
                    )));
                }
                if file >= self.files {
                    return Err(bad_fen(format!(
                        "rank {} {row:?} is longer than {} files",
                        rank + 1,
                        self.files
                    )));
                }
                board[rank * self.files + file] = Some(c);
                file += 1;
            }
            flush(&mut run, &mut file);
            if file != self.files {
                return Err(bad_fen(format!(
                    "rank {} {row:?} has {file} files, expected {}",
                    rank + 1,
                    self.files
                )));
            }
        }
        Ok(board)
    }

    /// The board and side-to-move fields of a FEN of `board`, whose piece
    /// types have the letters `letters`.
    pub(crate) fn fen_head<const KINDS: usize>(
        &self,
        letters: &str,
        turn: Color,
        board: &Board<KINDS>,
    ) -> String {
        let mut s = self.board_text(|sq| {
            let (color, role) = board.piece_at(sq)?;
            let c = letters.as_bytes()[role] as char;
            Some(if color.is_white() {
                c
            } else {
                c.to_ascii_lowercase()
            })
        });
        s.push_str(crate::fen::side_text(turn).trim_end());
        s
    }

    /// Writes the board field of a FEN from a per-square letter.
    fn board_text(&self, piece: impl Fn(usize) -> Option<char>) -> String {
        let mut s = String::with_capacity(self.size + self.ranks);
        for rank in (0..self.ranks).rev() {
            let mut empty = 0;
            for file in 0..self.files {
                match piece(rank * self.files + file) {
                    Some(c) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_and_leapers_on_10x11() {
        let g = Geometry::new(10, 11);
        let e5 = g.parse_square("e5").unwrap();
        assert_eq!(g.name(e5), "e5");
        assert_eq!(g.knight[e5].count_ones(), 8);
        assert_eq!(g.king[0].count_ones(), 3);
        assert_eq!(g.rook(e5, 0).count_ones(), 9 + 10);
        let j11 = g.parse_square("j11").unwrap();
        assert_eq!(j11, 109);
        assert_eq!(g.bishop(0, 0).count_ones(), 9);
        let blocker = bit(g.parse_square("e7").unwrap());
        assert_eq!(g.ray_attacks(N, e5, blocker).count_ones(), 2);
        assert_eq!(
            g.ray_attacks(S, e5, bit(g.parse_square("e2").unwrap()))
                .count_ones(),
            3
        );
        assert_eq!(g.parse_move("a9a10q"), Some((80, 90, Some('q'))));
        assert_eq!(g.parse_move("a9a12"), None);
        assert_eq!(
            g.board_text(|s| (s == 0).then_some('K')),
            "10/10/10/10/10/10/10/10/10/10/K9"
        );
    }
}
