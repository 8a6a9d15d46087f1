//! Piece kinds of orthodox chess.

use crate::color::Color;
use crate::role::roles;

roles! {
    /// A kind of piece, regardless of colour.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum Role {}
}

impl Role {
    /// The lowercase FEN / UCI letter.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a lowercase FEN / UCI letter.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }
}

/// A piece: a role of a colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which kind.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for White.
    pub fn char(self) -> char {
        if self.color.is_white() {
            self.role.char().to_ascii_uppercase()
        } else {
            self.role.char()
        }
    }

    /// The piece of a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c.to_ascii_lowercase())?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}
