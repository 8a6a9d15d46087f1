//! What a variant adds to the core: the [`Extension`] trait.

use std::fmt;
use std::hash::Hash;

use super::movegen::PROMOTIONS;
use super::{Move, Position, Role};
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::error::EngineError;
use crate::rulings::RulingTable;

/// The enemy pieces that may attack a square, by the way they move; an
/// extra piece joins the sets of the movements it has.
#[derive(Clone, Copy, Debug)]
pub struct Attackers {
    /// Rook movers (rooks, queens).
    pub rooks: Bitboard,
    /// Bishop movers (bishops, queens).
    pub bishops: Bitboard,
    /// Knight movers.
    pub knights: Bitboard,
    /// King movers.
    pub kings: Bitboard,
    /// Pawn capturers.
    pub pawns: Bitboard,
}

/// A variant built on the core: its rulings (the implementing value), its
/// extra piece, hands and state. The core calls these hooks from move
/// generation, playing a move, FEN and the outcome.
pub trait Extension: Copy + Eq + Hash + fmt::Debug {
    /// The variant's name (the rule file's `name`).
    const NAME: &'static str;
    /// The letter of the extra piece.
    const LETTER: char;
    /// The variant's rulings (`spec/rulings/`), each with its options, the
    /// default first.
    const RULINGS: RulingTable;
    /// Extra pieces each side holds at the start.
    const START_HAND: u8;
    /// The roles a FEN's holdings may name, and the most of each.
    const HAND: (&'static [Role], u8);
    /// The keys of the FEN's state field.
    const STATE_KEYS: &'static [&'static str];
    /// Whether a Fool may stand on the origin of a pawn's double step (it
    /// was gated there), for reading the en passant square.
    const GATES: bool = false;

    /// The variant's state beyond the board (the FEN's state field).
    type State: Copy + Eq + Hash + fmt::Debug + Default;

    /// The rules the chosen options (indices into [`Extension::RULINGS`])
    /// give.
    fn new(chosen: &[usize]) -> Self;

    /// The roles a pawn promotes to: the orthodox four unless the variant
    /// says otherwise.
    fn promotions(&self) -> &'static [Role] {
        &PROMOTIONS[..4]
    }

    /// Adds the enemy extra pieces `extra` to `attackers` by their
    /// movements (`imitated`: the role a Fool imitates), or tells that one
    /// attacks `sq` directly.
    fn extra_attacks(
        &self,
        sq: Square,
        extra: Bitboard,
        occupied: Bitboard,
        imitated: Option<Role>,
        attackers: &mut Attackers,
    ) -> bool;

    /// The role the extra pieces of the side to move's opponent imitate
    /// until the side to move moves.
    #[inline(always)]
    fn imitated_waiting(&self, _state: &Self::State) -> Option<Role> {
        None
    }

    /// The role the extra pieces of the side to move imitate.
    #[inline(always)]
    fn imitated_to_move(_state: &Self::State) -> Option<Role> {
        None
    }

    /// Whether castling also needs the king's landing square unattacked
    /// before the move.
    #[inline(always)]
    fn castle_landing_checked(&self) -> bool {
        false
    }

    /// Adds the variant's own pseudo-legal moves to the orthodox ones in
    /// `list`: the extra pieces' movement, declarations, gating, drops.
    /// `in_check`: whether the side to move is in check, if known.
    fn special_moves(&self, pos: &Position<Self>, list: &mut Vec<Move>, in_check: Option<bool>);

    /// The role taken from the hand to drop `role`.
    #[inline(always)]
    fn hand_role(role: Role) -> Role {
        role
    }

    /// Whether a drop may give check.
    #[inline(always)]
    fn drops_may_check(&self) -> bool {
        true
    }

    /// Updates hands and state after `m` (captured: the role taken). Called
    /// with the board updated, before the move number and side change.
    fn after_play(&self, pos: &mut Position<Self>, m: Move, captured: Option<Role>);

    /// Whether `color` may still bring an extra piece or a held piece in.
    fn can_enter(&self, pos: &Position<Self>, color: Color) -> bool;

    /// Reads the state entry `key=value` of a FEN (`key` is one of
    /// [`Extension::STATE_KEYS`]).
    fn read_state(state: &mut Self::State, key: &str, value: &str) -> Result<(), EngineError>;

    /// Checks the state read from the FEN's state field `text`.
    fn check_state(_state: &Self::State, _text: &str) -> Result<(), EngineError> {
        Ok(())
    }

    /// The entries of the FEN's state field, in order.
    fn state_entries(state: &Self::State) -> Vec<String>;
}
