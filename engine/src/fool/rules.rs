//! The Fool's rulings and its hooks into the core.

use super::Position;
use super::State;
use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::error::{bad_fen, EngineError};
use crate::plus::{
    parse_record, push_all, record_text, setup_role, Attackers, Extension, Kind, Last, Move, Role,
    PROMOTIONS,
};
use crate::rulings::RulingTable;

/// `fool.imitation`: the powers of the Fool of the player who just moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Imitation {
    /// Keeps the powers of the opponent's last-moved piece.
    Keep,
    /// No powers until the opponent moves.
    Reset,
    /// Imitates the last piece moved by either side.
    Either,
}

/// Chess with a Fool under its rulings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// `fool.pawn-capture=diagonal`.
    pub pawn_capture: bool,
    /// `fool.imitation`.
    pub imitation: Imitation,
    /// `fool.castling-imitation=rook`.
    pub castle_as_rook: bool,
    /// `fool.castling-destination=before-and-after`: the king's landing
    /// square must also be unattacked before the castling.
    pub castle_landing_before: bool,
    /// `fool.deadline`: the last full-move number on which the Fool may enter.
    pub deadline: u32,
    /// `fool.initial-position=setup-square`.
    pub setup_square: bool,
}

impl Rules {
    /// The squares a Fool on `from` moving like `power` reaches.
    fn destinations(&self, pos: &Position, from: Square, power: Role) -> Bitboard {
        let us = pos.turn;
        let (own, enemy, occ) = pos.sides();
        let targets = !own;
        match power {
            Role::Pawn => {
                let mut d = Bitboard::EMPTY;
                if let Some(fwd) = pos.step_forward(from) {
                    if !occ.contains(fwd) {
                        d |= Bitboard::from_square(fwd);
                    }
                }
                if self.pawn_capture {
                    d |= attacks::pawn_attacks(us, from) & enemy;
                }
                d
            }
            Role::Knight => attacks::knight_attacks(from) & targets,
            Role::Bishop => attacks::bishop_attacks(from, occ) & targets,
            Role::Rook => attacks::rook_attacks(from, occ) & targets,
            Role::Queen => attacks::queen_attacks(from, occ) & targets,
            Role::King => attacks::king_attacks(from) & targets,
            Role::Extra => Bitboard::EMPTY,
        }
    }

    /// Gating: each move of `list` that vacates a square of an unmoved
    /// piece, captures, or castles (king or rook square) also comes with the
    /// Fool entering on the square left.
    fn gatings(&self, pos: &Position, list: &mut Vec<Move>) {
        let us = pos.turn;
        let (_, enemy, _) = pos.sides();
        let gated = |m: Move, sq: Square| Move {
            gate: sq.index() as u8,
            ..m
        };
        for i in 0..list.len() {
            let m = list[i];
            if m.kind == Kind::Castle {
                let rook_file = if m.to.file() == 6 { 7 } else { 0 };
                list.push(gated(m, m.from));
                list.push(gated(m, Square::from_coords(rook_file, m.from.rank())));
                continue;
            }
            let capture = enemy.contains(m.to) || m.kind == Kind::EnPassant;
            let initial = if self.setup_square {
                m.role != Role::Extra && setup_role(us, m.from) == Some(m.role)
            } else {
                pos.virgin.contains(m.from)
            };
            if capture || initial {
                list.push(gated(m, m.from));
            }
        }
    }

    /// The effective type of the piece `m` moved, as the next Fool imitates
    /// it.
    fn moved_role(&self, m: Move, last: Option<Last>) -> Role {
        match m.kind {
            Kind::Castle if self.castle_as_rook => Role::Rook,
            Kind::Castle => Role::King,
            Kind::Promotion(Role::Extra) => Role::Pawn,
            Kind::Promotion(role) => role,
            _ if m.role == Role::Extra => last.map_or(Role::Extra, |l| l.role),
            _ => m.role,
        }
    }
}

impl Extension for Rules {
    const NAME: &'static str = "fool";
    const LETTER: char = 'F';
    const RULINGS: RulingTable = &[
        ("fool.pawn-capture", &["diagonal", "none"]),
        ("fool.imitation", &["keep", "reset", "either"]),
        ("fool.castling-imitation", &["king", "rook"]),
        ("fool.castling-destination", &["after", "before-and-after"]),
        ("fool.deadline", &["move-20", "ply-20"]),
        ("fool.initial-position", &["unmoved", "setup-square"]),
    ];
    const START_HAND: u8 = 1;
    const HAND: (&'static [Role], u8) = (&[Role::Extra], 1);
    const STATE_KEYS: &'static [&'static str] = &["last", "prev"];
    const GATES: bool = true;

    type State = State;

    fn new(chosen: &[usize]) -> Rules {
        Rules {
            pawn_capture: chosen[0] == 0,
            imitation: [Imitation::Keep, Imitation::Reset, Imitation::Either][chosen[1]],
            castle_as_rook: chosen[2] == 1,
            castle_landing_before: chosen[3] == 1,
            deadline: if chosen[4] == 0 { 20 } else { 10 },
            setup_square: chosen[5] == 1,
        }
    }

    fn promotions(&self) -> &'static [Role] {
        &PROMOTIONS
    }

    #[inline(always)]
    fn extra_attacks(
        &self,
        _sq: Square,
        extra: Bitboard,
        _occupied: Bitboard,
        imitated: Option<Role>,
        a: &mut Attackers,
    ) -> bool {
        match imitated {
            None | Some(Role::Extra) => {}
            Some(Role::Pawn) if self.pawn_capture => a.pawns |= extra,
            Some(Role::Pawn) => {}
            Some(Role::Knight) => a.knights |= extra,
            Some(Role::Bishop) => a.bishops |= extra,
            Some(Role::Rook) => a.rooks |= extra,
            Some(Role::Queen) => {
                a.rooks |= extra;
                a.bishops |= extra;
            }
            Some(Role::King) => a.kings |= extra,
        }
        false
    }

    #[inline(always)]
    fn imitated_waiting(&self, state: &State) -> Option<Role> {
        match self.imitation {
            Imitation::Keep => state.prev.map(|l| l.role),
            Imitation::Reset => None,
            Imitation::Either => state.last.map(|l| l.role),
        }
    }

    #[inline(always)]
    fn imitated_to_move(state: &State) -> Option<Role> {
        state.last.map(|l| l.role)
    }

    #[inline(always)]
    fn castle_landing_checked(&self) -> bool {
        self.castle_landing_before
    }

    fn special_moves(&self, pos: &Position, list: &mut Vec<Move>, _in_check: Option<bool>) {
        let us = pos.turn;
        if let Some(power) = Self::imitated_to_move(&pos.state) {
            for from in pos.pieces(us, Role::Extra) {
                push_all(list, from, self.destinations(pos, from, power), Role::Extra);
            }
        }
        if pos.hand[us.index()][Role::Extra.index()] > 0 && pos.fullmoves <= self.deadline {
            self.gatings(pos, list);
        }
    }

    fn after_play(&self, pos: &mut Position, m: Move, captured: Option<Role>) {
        let us = pos.turn;
        if pos.fullmoves >= self.deadline {
            pos.hand[us.index()][Role::Extra.index()] = 0;
        }
        let last = pos.state.last;
        pos.state = State {
            last: Some(Last {
                role: self.moved_role(m, last),
                capture: captured.is_some(),
            }),
            prev: last,
        };
    }

    fn can_enter(&self, pos: &Position, color: Color) -> bool {
        pos.hand[color.index()][Role::Extra.index()] > 0
    }

    fn read_state(state: &mut State, key: &str, value: &str) -> Result<(), EngineError> {
        let record = Some(parse_record(key, value, Self::LETTER, false)?);
        if key == "last" {
            state.last = record;
        } else {
            state.prev = record;
        }
        Ok(())
    }

    fn check_state(state: &State, text: &str) -> Result<(), EngineError> {
        if state.prev.is_some() && state.last.is_none() {
            return Err(bad_fen(format!(
                "state {{{text}}}: prev= (the move before the last one) without last="
            )));
        }
        Ok(())
    }

    fn state_entries(state: &State) -> Vec<String> {
        let record = |key: &str, l: Option<Last>| {
            l.map(|l| format!("{key}={}", record_text(l, Self::LETTER)))
        };
        [record("last", state.last), record("prev", state.prev)]
            .into_iter()
            .flatten()
            .collect()
    }
}
