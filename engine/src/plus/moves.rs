//! Moves of the core and their canonical text (LANGUAGE.md §7).

use super::Role;
use crate::bitboard::Square;

/// What a move does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// A plain move or capture.
    Normal,
    /// A pawn's two-square advance.
    DoublePush,
    /// A pawn capturing en passant.
    EnPassant,
    /// Castling; `to` is the king's destination.
    Castle,
    /// A pawn promoting (capturing or not).
    Promotion(Role),
    /// A Knight declared a Clown on its first move (`b1c3c`).
    Declare,
    /// A piece placed from the hand (`to` only): entry, re-entry.
    Drop,
}

/// No gating.
pub(crate) const NO_GATE: u8 = 64;

/// A move of one of the core's variants.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Origin (the target for drops).
    pub from: Square,
    /// Destination.
    pub to: Square,
    /// The moving piece's role; for drops the role placed (a Knight
    /// entering as the Clown: [`Role::Extra`]).
    pub role: Role,
    /// Special effects.
    pub kind: Kind,
    /// Square a Fool enters on with this move (`/Fe1`), or 64.
    pub(crate) gate: u8,
}

impl Move {
    /// The square a Fool enters on with this move.
    pub fn gate(self) -> Option<Square> {
        (self.gate < 64).then(|| Square::new(self.gate))
    }

    /// The canonical text; `extra` is the letter of the extra piece.
    pub fn text(self, extra: char) -> String {
        let mut s = String::with_capacity(10);
        match self.kind {
            Kind::Drop => {
                s.push(self.role.upper(extra));
                s.push('@');
                s.push_str(&self.to.to_string());
            }
            _ => {
                s.push_str(&self.from.to_string());
                s.push_str(&self.to.to_string());
                match self.kind {
                    Kind::Promotion(role) => s.push(role.upper(extra).to_ascii_lowercase()),
                    Kind::Declare => s.push(extra.to_ascii_lowercase()),
                    _ => {}
                }
            }
        }
        if let Some(g) = self.gate() {
            s.push('/');
            s.push(extra);
            s.push_str(&g.to_string());
        }
        s
    }
}
