//! Entity Chess's rulings and its hooks into the core.

use super::Position;
use super::WAZIR_ALFIL;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::error::EngineError;
use crate::plus::{
    mv, push_all, zones, Attackers, Extension, Kind, Move, Role, FILES_ABGH, PROMOTIONS, RANKS_12,
    RANKS_1234,
};
use crate::rulings::RulingTable;

/// Entity Chess under its rulings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The entry zone for White and Black (`entity.entry-zone`).
    pub zone: [Bitboard; 2],
    /// `entity.promotion=yes`.
    pub promotion: bool,
}

impl Extension for Rules {
    const NAME: &'static str = "entity";
    const LETTER: char = 'E';
    const RULINGS: RulingTable = &[
        ("entity.entry-zone", &["reach", "half"]),
        ("entity.promotion", &["no", "yes"]),
    ];
    const START_HAND: u8 = 1;
    const HAND: (&'static [Role], u8) = (&[Role::Extra], 1);
    const STATE_KEYS: &'static [&'static str] = &[];

    type State = ();

    fn new(chosen: &[usize]) -> Rules {
        Rules {
            zone: zones(match chosen[0] {
                0 => RANKS_12 | (RANKS_1234 & FILES_ABGH),
                _ => RANKS_1234,
            }),
            promotion: chosen[1] == 1,
        }
    }

    fn promotions(&self) -> &'static [Role] {
        if self.promotion {
            &PROMOTIONS
        } else {
            &PROMOTIONS[..4]
        }
    }

    #[inline(always)]
    fn extra_attacks(
        &self,
        sq: Square,
        extra: Bitboard,
        _occupied: Bitboard,
        _imitated: Option<Role>,
        _attackers: &mut Attackers,
    ) -> bool {
        (WAZIR_ALFIL[sq.index()] & extra).any()
    }

    /// The Entity's `WA` moves, and its entry on an empty square of the zone
    /// while not in check.
    fn special_moves(&self, pos: &Position, list: &mut Vec<Move>, in_check: Option<bool>) {
        let us = pos.turn;
        let (own, _, occ) = pos.sides();
        for from in pos.pieces(us, Role::Extra) {
            push_all(list, from, WAZIR_ALFIL[from.index()] & !own, Role::Extra);
        }
        if pos.hand[us.index()][Role::Extra.index()] > 0 && !pos.in_check(self, in_check) {
            for to in self.zone[us.index()] & !occ {
                list.push(mv(to, to, Role::Extra, Kind::Drop));
            }
        }
    }

    /// The Entity never enters giving check.
    #[inline(always)]
    fn drops_may_check(&self) -> bool {
        false
    }

    fn after_play(&self, _: &mut Position, _: Move, _: Option<Role>) {}

    fn can_enter(&self, pos: &Position, color: Color) -> bool {
        pos.hand[color.index()][Role::Extra.index()] > 0
    }

    /// Entity Chess has no state keys, so there is nothing to read.
    fn read_state(_: &mut (), _: &str, _: &str) -> Result<(), EngineError> {
        Ok(())
    }

    fn state_entries(_: &()) -> Vec<String> {
        Vec::new()
    }
}
