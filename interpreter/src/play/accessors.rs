//! What other crates read of the rules and of a position: accessors named
//! after what they return. The fields themselves stay inside the crate, so
//! a position can only be made valid (by FEN or by legal moves) and the
//! rules only by building them.

use super::position::{Position, WHITE};
use super::{HonourCount, Rules};
use crate::color::Color;
use crate::geometry::{Square, SquareSet};
use crate::program::Variant;

impl Rules {
    /// The checked variant the rules were compiled from.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The number of files (columns) of the board.
    pub fn files(&self) -> u8 {
        self.tables.files
    }

    /// The number of ranks (rows) of the board.
    pub fn ranks(&self) -> u8 {
        self.tables.ranks
    }

    /// The number of squares of the board; squares are numbered from 0
    /// (a1) file by file, rank by rank.
    pub fn squares(&self) -> usize {
        self.tables.squares
    }

    /// The number of piece types declared by the rule file.
    pub fn piece_types(&self) -> usize {
        self.tables.types
    }

    /// The start position (the setup under the chosen rulings).
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Whether positions keep hands (pieces held for dropping).
    pub fn tracks_hands(&self) -> bool {
        self.tracks_hands
    }

    /// Whether moves count the checks they give (§19 `check_count`).
    pub fn count_checks(&self) -> bool {
        self.count_checks
    }

    /// Whether a rule can end the game right after a move (§19), so that
    /// a position may be decided before its moves are generated.
    pub fn immediate_end(&self) -> bool {
        self.immediate_end
    }
}

impl<S: SquareSet> Position<S> {
    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        Color::from_index(self.side)
    }

    /// The piece code on `sq` (0 when empty): `1 + 2 × type + colour`, see
    /// [`crate::piece_code`].
    #[inline]
    pub fn piece_at(&self, sq: Square) -> u8 {
        self.board[sq as usize]
    }

    /// The squares occupied by `color`'s pieces.
    #[inline]
    pub fn occupied(&self, color: Color) -> S {
        self.occupied[color.index()]
    }

    /// The squares of `color`'s royal pieces.
    #[inline]
    pub fn royals(&self, color: Color) -> S {
        self.royals[color.index()]
    }

    /// The squares of the frozen pieces (§12.3, §15).
    pub fn frozen(&self) -> S {
        self.freezes.frozen
    }

    /// The squares whose piece has not moved yet.
    pub fn unmoved(&self) -> S {
        self.virgin
    }

    /// The checks `color` has given (kept where checks are counted).
    pub fn checks_given(&self, color: Color) -> u8 {
        self.checks[color.index()]
    }

    /// Plies since the last capture or irreversible move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The count of the counting rules (§10.1) under way, if one runs: its
    /// limit and the plies counted, both in plies (the game is drawn once
    /// the plies exceed the limit).
    pub fn honour_count(&self) -> Option<HonourCount> {
        (self.counting.limit != 0).then_some(self.counting)
    }

    /// The move number: 1 at the start, incremented after Black moves.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
}

impl Rules {
    /// The FEN letter of a piece code: upper case for White; `*` for a
    /// wall (§11.6).
    pub fn piece_letter(&self, piece: u8) -> char {
        if piece == crate::program::WALL {
            return '*';
        }
        let ty = (piece as usize - 1) / 2;
        let letter = self.variant.pieces[ty].letter;
        if (piece as usize - 1) & 1 == WHITE {
            letter
        } else {
            letter.to_ascii_lowercase()
        }
    }

    /// The FEN text of a piece code: its letter, upper case for White, with
    /// `+` before it for a promoted form (`+p`).
    pub fn piece_text(&self, piece: u8) -> String {
        let ty = (piece as usize - 1) / 2;
        let letter = self.piece_letter(piece);
        if piece != crate::program::WALL && self.variant.pieces[ty].promoted {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}
