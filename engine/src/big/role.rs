//! The piece types of the larger boards, shared by Chess Is a Joke and
//! Jester Chess.

use crate::role::roles;

roles! {
    /// A piece type on the larger boards: the orthodox six, the `J` piece and
    /// Jester Chess's own. Each variant uses a prefix of this list and gives
    /// each type its movement; the index of a type is its place here (and in
    /// [`Role::LETTERS`]).
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    pub enum Role {
        /// The `J` piece: Jester Chess's Jester, Chess Is a Joke's Joker.
        Jester,
        /// Steward (`S`).
        Steward,
        /// Murray Lion (`L`).
        Lion,
        /// Archer (`A`).
        Archer,
        /// Marching Knight (`M`, promoted Knight).
        Marcher,
        /// Regal Lion (`G`, promoted Murray Lion).
        Regal,
        /// Archbishop (`X`, promoted Bishop: B + W).
        Archbishop,
        /// Archrook (`Y`, promoted Rook: R + F).
        Archrook,
    }
}

impl Role {
    /// The upper-case letters of the types, in order.
    pub const LETTERS: &'static str = "PNBRQKJSLAMGXY";

    /// The letters of the first `n` types: those of a variant using them.
    pub const fn letters(n: usize) -> &'static str {
        Role::LETTERS.split_at(n).0
    }

    /// The upper-case letter.
    pub fn letter(self) -> char {
        char::from(Role::LETTERS.as_bytes()[self.index()])
    }
}

// The types' indices, for the per-type tables of the positions.
pub(crate) const PAWN: usize = Role::Pawn.index();
pub(crate) const KNIGHT: usize = Role::Knight.index();
pub(crate) const BISHOP: usize = Role::Bishop.index();
pub(crate) const ROOK: usize = Role::Rook.index();
pub(crate) const QUEEN: usize = Role::Queen.index();
pub(crate) const KING: usize = Role::King.index();
pub(crate) const JESTER: usize = Role::Jester.index();
pub(crate) const STEWARD: usize = Role::Steward.index();
pub(crate) const LION: usize = Role::Lion.index();
pub(crate) const ARCHER: usize = Role::Archer.index();
pub(crate) const MARCHER: usize = Role::Marcher.index();
pub(crate) const REGAL: usize = Role::Regal.index();
pub(crate) const ARCHBISHOP: usize = Role::Archbishop.index();
pub(crate) const ARCHROOK: usize = Role::Archrook.index();

#[cfg(test)]
mod tests {
    use super::Role;

    #[test]
    fn letters_follow_the_order() {
        assert_eq!(Role::Jester.letter(), 'J');
        assert_eq!(Role::Archrook.letter(), 'Y');
        assert_eq!(Role::letters(7), "PNBRQKJ");
    }
}
