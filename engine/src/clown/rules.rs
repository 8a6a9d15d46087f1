//! Clown Chess's rulings and its hooks into the core.

use super::Position;
use super::{
    clown_attacks, Lost, State, FILES_BISHOP, FILES_KNIGHT, FILES_ROOK, FILE_KING, FILE_QUEEN,
    NEAR4,
};
use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::error::{bad_fen, EngineError};
use crate::plus::{
    flag_text, mv, parse_flags, parse_record, push_all, record_text, zones, Attackers, Extension,
    Kind, Last, Move, Role, FILES_ABGH, RANKS_12, RANKS_1234,
};
use crate::rulings::RulingTable;

/// `clown.not-immediately`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NotImmediately {
    /// The piece lost on the opponent's last move may not enter; a held piece
    /// of the same type lost earlier may.
    Piece,
    /// No entry of a type lost on the opponent's last move.
    Type,
    /// No entry at all after a Knight, Bishop or Clown was lost.
    Hand,
    /// No restriction.
    None,
}

/// Clown Chess under its rulings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The entry zone for White and Black (`clown.entry-zone`).
    pub zone: [Bitboard; 2],
    /// `clown.not-immediately`.
    pub not_immediately: NotImmediately,
    /// `clown.after-clown=became-clown`.
    pub became_clown: bool,
    /// `clown.entry-check=forbidden`.
    pub entry_check_forbidden: bool,
    /// `clown.declare-capture=allowed`.
    pub declare_capture: bool,
}

impl Rules {
    /// Whether the side to move may enter a held piece of `held` (Knight or
    /// Bishop) now (`clown.not-immediately`; the zone, the hand and the other
    /// timing rules are checked by the caller). A lost Clown is held as a
    /// Knight, so it counts as a Knight just lost.
    fn entry_allowed(&self, pos: &Position, held: Role) -> bool {
        let lost = pos.state.lost;
        let just_lost = |r: Role| match r {
            Role::Knight => lost.count(Role::Knight) + lost.count(Role::Extra),
            _ => lost.count(r),
        };
        match self.not_immediately {
            NotImmediately::None => true,
            NotImmediately::Hand => just_lost(Role::Knight) + just_lost(Role::Bishop) == 0,
            NotImmediately::Type => just_lost(held) == 0,
            // Up to the count just lost, the held pieces of that type are the
            // ones just captured; any beyond were held before.
            NotImmediately::Piece => {
                u32::from(pos.hand[pos.turn.index()][held.index()]) > just_lost(held)
            }
        }
    }

    /// A Knight may be declared the Clown on its first move, once per game.
    fn declarations(&self, pos: &Position, list: &mut Vec<Move>) {
        let us = pos.turn;
        if pos.state.has_clown(us) {
            return;
        }
        let (own, enemy, _) = pos.sides();
        for from in pos.pieces(us, Role::Knight) & pos.virgin {
            for to in attacks::knight_attacks(from) & !own {
                if self.declare_capture || !enemy.contains(to) {
                    list.push(mv(from, to, Role::Knight, Kind::Declare));
                }
            }
        }
    }

    /// Re-entry of a held Knight or Bishop (or a Knight as the Clown) on an
    /// empty square of the zone, once per game.
    fn drops(&self, pos: &Position, list: &mut Vec<Move>, in_check: Option<bool>) {
        let us = pos.turn;
        let hand = pos.hand[us.index()];
        let can = !pos.state.has_reentered(us)
            && (hand[Role::Knight.index()] > 0 || hand[Role::Bishop.index()] > 0)
            && pos.state.last.is_none_or(|l| l.role != Role::Extra)
            && !(self.entry_check_forbidden && pos.in_check(self, in_check));
        if !can {
            return;
        }
        let zone = self.zone[us.index()] & !pos.occupied();
        let mut roles = [None; 3];
        if hand[Role::Bishop.index()] > 0 && self.entry_allowed(pos, Role::Bishop) {
            roles[0] = Some(Role::Bishop);
        }
        if hand[Role::Knight.index()] > 0 && self.entry_allowed(pos, Role::Knight) {
            roles[1] = Some(Role::Knight);
            if !pos.state.has_clown(us) {
                roles[2] = Some(Role::Extra);
            }
        }
        for role in roles.into_iter().flatten() {
            for to in zone {
                list.push(mv(to, to, role, Kind::Drop));
            }
        }
    }

    /// The effective type of the piece `m` moved (`last=`).
    fn moved_role(&self, m: Move) -> Role {
        match m.kind {
            Kind::Castle => Role::King,
            Kind::Promotion(role) => role,
            Kind::Declare if self.became_clown => Role::Extra,
            Kind::Declare => Role::Knight,
            Kind::Drop if m.role == Role::Extra && !self.became_clown => Role::Knight,
            _ => m.role,
        }
    }
}

impl Extension for Rules {
    const NAME: &'static str = "clown";
    const LETTER: char = 'C';
    const RULINGS: RulingTable = &[
        (
            "clown.entry-zone",
            &["half-edges", "first-ranks", "all-edges"],
        ),
        ("clown.not-immediately", &["piece", "type", "hand", "none"]),
        ("clown.after-clown", &["moved-clown", "became-clown"]),
        ("clown.entry-check", &["allowed", "forbidden"]),
        ("clown.declare-capture", &["allowed", "forbidden"]),
    ];
    const START_HAND: u8 = 0;
    const HAND: (&'static [Role], u8) = (&[Role::Knight, Role::Bishop], 10);
    const STATE_KEYS: &'static [&'static str] = &["clown", "last", "lost", "reentered"];

    type State = State;

    fn new(chosen: &[usize]) -> Rules {
        Rules {
            zone: zones(match chosen[0] {
                0 => RANKS_12 | (RANKS_1234 & FILES_ABGH),
                1 => RANKS_12,
                _ => RANKS_12 | FILES_ABGH,
            }),
            not_immediately: [
                NotImmediately::Piece,
                NotImmediately::Type,
                NotImmediately::Hand,
                NotImmediately::None,
            ][chosen[1]],
            became_clown: chosen[2] == 1,
            entry_check_forbidden: chosen[3] == 1,
            declare_capture: chosen[4] == 0,
        }
    }

    #[inline(always)]
    fn extra_attacks(
        &self,
        sq: Square,
        extra: Bitboard,
        occupied: Bitboard,
        _imitated: Option<Role>,
        a: &mut Attackers,
    ) -> bool {
        a.rooks |= extra & FILES_ROOK;
        a.knights |= extra & FILES_KNIGHT;
        a.bishops |= extra & FILES_BISHOP;
        a.kings |= extra & FILE_KING;
        let queens = extra & FILE_QUEEN & NEAR4[sq.index()];
        (attacks::queen_attacks(sq, occupied) & queens).any()
    }

    fn special_moves(&self, pos: &Position, list: &mut Vec<Move>, in_check: Option<bool>) {
        let (own, _, occ) = pos.sides();
        for from in pos.pieces(pos.turn, Role::Extra) {
            push_all(list, from, clown_attacks(from, occ) & !own, Role::Extra);
        }
        self.declarations(pos, list);
        self.drops(pos, list, in_check);
    }

    /// A Clown enters from the Knights held.
    #[inline(always)]
    fn hand_role(role: Role) -> Role {
        if role == Role::Extra {
            Role::Knight
        } else {
            role
        }
    }

    #[inline(always)]
    fn drops_may_check(&self) -> bool {
        !self.entry_check_forbidden
    }

    fn after_play(&self, pos: &mut Position, m: Move, captured: Option<Role>) {
        let us = pos.turn;
        let bit = 1 << us.index();
        if m.kind == Kind::Drop {
            pos.state.reentered |= bit;
        }
        if m.kind == Kind::Declare || (m.kind == Kind::Drop && m.role == Role::Extra) {
            pos.state.clown |= bit;
        }
        let back = match captured {
            Some(Role::Knight | Role::Extra) => Some(Role::Knight),
            Some(Role::Bishop) => Some(Role::Bishop),
            _ => None,
        };
        if let Some(r) = back {
            let h = &mut pos.hand[(!us).index()][r.index()];
            *h = h.saturating_add(1);
        }
        pos.state.last = Some(Last {
            role: self.moved_role(m),
            capture: captured.is_some(),
        });
        pos.state.lost = captured.map_or(Lost::default(), Lost::one);
    }

    fn can_enter(&self, pos: &Position, color: Color) -> bool {
        let h = pos.hand[color.index()];
        !pos.state.has_reentered(color)
            && (h[Role::Knight.index()] > 0 || h[Role::Bishop.index()] > 0)
    }

    fn read_state(state: &mut State, key: &str, value: &str) -> Result<(), EngineError> {
        match key {
            "last" => state.last = Some(parse_record(key, value, Self::LETTER, true)?),
            "lost" => {
                for c in value.chars() {
                    let role = Role::from_upper(c, Self::LETTER)
                        .filter(|&r| r != Role::King)
                        .ok_or_else(|| {
                            bad_fen(format!(
                                "state lost={value}: {c:?} is not a type that can be lost"
                            ))
                        })?;
                    state.lost = state.lost.with(role).ok_or_else(|| {
                        bad_fen(format!("state lost={value}: more than {} {c:?}", Lost::MAX))
                    })?;
                }
            }
            "clown" => state.clown |= parse_flags(key, value)?,
            _ => state.reentered |= parse_flags(key, value)?,
        }
        Ok(())
    }

    fn state_entries(state: &State) -> Vec<String> {
        let mut entries = Vec::new();
        if let Some(v) = flag_text(state.clown) {
            entries.push(format!("clown={v}"));
        }
        if let Some(last) = state.last {
            entries.push(format!("last={}", record_text(last, Self::LETTER)));
        }
        if !state.lost.is_empty() {
            let letters: String = Role::ALL
                .into_iter()
                .flat_map(|r| {
                    std::iter::repeat_n(r.upper(Self::LETTER), state.lost.count(r) as usize)
                })
                .collect();
            entries.push(format!("lost={letters}"));
        }
        if let Some(v) = flag_text(state.reentered) {
            entries.push(format!("reentered={v}"));
        }
        entries
    }
}
