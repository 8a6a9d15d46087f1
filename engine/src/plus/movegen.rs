//! Move generation (pseudo-legal, then copy-make and a king-safety test),
//! playing moves, and perft.

use std::hint::black_box;

use super::moves::NO_GATE;
use super::{Extension, Kind, Move, Position, Role};
use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::variant::VariantPosition;

/// For each square, the castling rights kept when a piece moves from or to it.
const CASTLING_KEEP: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[0] = 15 & !2;
    keep[4] = 15 & !3;
    keep[7] = 15 & !1;
    keep[56] = 15 & !8;
    keep[60] = 15 & !12;
    keep[63] = 15 & !4;
    keep
};

/// The promotion roles with the extra piece; without it the first four.
pub(crate) const PROMOTIONS: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Extra,
];

/// A move without gating.
#[inline(always)]
pub(crate) fn mv(from: Square, to: Square, role: Role, kind: Kind) -> Move {
    Move {
        from,
        to,
        role,
        kind,
        gate: NO_GATE,
    }
}

/// Adds a move of `role` from `from` to each square of `targets`.
#[inline(always)]
pub(crate) fn push_all(list: &mut Vec<Move>, from: Square, targets: Bitboard, role: Role) {
    for to in targets {
        list.push(mv(from, to, role, Kind::Normal));
    }
}

impl<R: Extension> Position<R> {
    /// Pseudo-legal moves: orthodox movement and castling (with its
    /// conditions before the move), then the variant's own moves. The
    /// king-safety test comes after.
    pub(crate) fn generate_pseudo(&self, rules: &R, list: &mut Vec<Move>) {
        list.clear();
        self.pawn_moves(rules, list);
        self.piece_moves(list);
        let in_check = self.castling_moves(rules, list);
        rules.special_moves(self, list, in_check);
    }

    /// The side to move's own pieces, the enemy's, and every piece.
    #[inline(always)]
    pub(crate) fn sides(&self) -> (Bitboard, Bitboard, Bitboard) {
        let own = self.by_color[self.turn.index()];
        let enemy = self.by_color[(!self.turn).index()];
        (own, enemy, own | enemy)
    }

    /// The square one step forward from `from` for the side to move, if on
    /// the board.
    #[inline(always)]
    pub(crate) fn step_forward(&self, from: Square) -> Option<Square> {
        let up: i8 = if self.turn.is_white() { 8 } else { -8 };
        let to = from.index() as i8 + up;
        (0..64).contains(&to).then(|| Square::new(to as u8))
    }

    fn pawn_moves(&self, rules: &R, list: &mut Vec<Move>) {
        let us = self.turn;
        let (_, enemy, occ) = self.sides();
        let (up, start_rank, last_rank): (i8, u8, u8) =
            if us.is_white() { (8, 1, 7) } else { (-8, 6, 0) };
        let promos = rules.promotions();
        for from in self.pieces(us, Role::Pawn) {
            let push_to = |to: Square, list: &mut Vec<Move>| {
                if to.rank() == last_rank {
                    for &p in promos {
                        list.push(mv(from, to, Role::Pawn, Kind::Promotion(p)));
                    }
                } else {
                    list.push(mv(from, to, Role::Pawn, Kind::Normal));
                }
            };
            let one = Square::new((from.index() as i8 + up) as u8);
            if !occ.contains(one) {
                push_to(one, list);
                if from.rank() == start_rank {
                    let two = Square::new((one.index() as i8 + up) as u8);
                    if !occ.contains(two) {
                        list.push(mv(from, two, Role::Pawn, Kind::DoublePush));
                    }
                }
            }
            let caps = attacks::pawn_attacks(us, from);
            for to in caps & enemy {
                push_to(to, list);
            }
            if let Some(ep) = self.ep_square {
                if caps.contains(ep) {
                    list.push(mv(from, ep, Role::Pawn, Kind::EnPassant));
                }
            }
        }
    }

    fn piece_moves(&self, list: &mut Vec<Move>) {
        let us = self.turn;
        let (own, _, occ) = self.sides();
        let targets = !own;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in self.pieces(us, role) {
                let reach = match role {
                    Role::Knight => attacks::knight_attacks(from),
                    Role::Bishop => attacks::bishop_attacks(from, occ),
                    Role::Rook => attacks::rook_attacks(from, occ),
                    _ => attacks::queen_attacks(from, occ),
                };
                push_all(list, from, reach & targets, role);
            }
        }
        let king = self.king_square(us);
        push_all(
            list,
            king,
            attacks::king_attacks(king) & targets,
            Role::King,
        );
    }

    /// Castling: king and rook unmoved (rights), the squares between empty,
    /// not in check, the square passed not attacked (before the move).
    /// Returns whether the side to move is in check when it had to find out.
    fn castling_moves(&self, rules: &R, list: &mut Vec<Move>) -> Option<bool> {
        let us = self.turn;
        let rights = self.castling >> (2 * us.index());
        if rights & 3 == 0 {
            return None;
        }
        let (_, _, occ) = self.sides();
        let rank = if us.is_white() { 0 } else { 7 };
        let imitated = rules.imitated_waiting(&self.state);
        let attacked =
            |f: u8| self.attacked_by(rules, Square::from_coords(f, rank), !us, occ, imitated);
        if attacked(4) {
            return Some(true);
        }
        let empty = |files: &[u8]| {
            files
                .iter()
                .all(|&f| !occ.contains(Square::from_coords(f, rank)))
        };
        // `fool.castling-destination=before-and-after`: the landing square
        // too, with the attackers as they stand.
        let landing_safe = |f: u8| !rules.castle_landing_checked() || !attacked(f);
        let king = self.king_square(us);
        if rights & 1 != 0 && empty(&[5, 6]) && !attacked(5) && landing_safe(6) {
            list.push(mv(
                king,
                Square::from_coords(6, rank),
                Role::King,
                Kind::Castle,
            ));
        }
        if rights & 2 != 0 && empty(&[1, 2, 3]) && !attacked(3) && landing_safe(2) {
            list.push(mv(
                king,
                Square::from_coords(2, rank),
                Role::King,
                Kind::Castle,
            ));
        }
        Some(false)
    }

    /// Whether the side to move is in check, `known` if already found out.
    #[inline(always)]
    pub(crate) fn in_check(&self, rules: &R, known: Option<bool>) -> bool {
        known.unwrap_or_else(|| self.king_attacked(rules))
    }

    /// Plays `m`, a pseudo-legal move of this position, in place.
    pub(crate) fn play_unchecked(&mut self, rules: &R, m: Move) {
        let us = self.turn;
        let them = !us;
        let to = Bitboard::from_square(m.to);
        let mut captured: Option<Role> = None;
        self.ep_square = None;
        if m.kind == Kind::Drop {
            let h = &mut self.hand[us.index()][R::hand_role(m.role).index()];
            *h = h.saturating_sub(1);
            self.put(m.to, us, m.role);
        } else {
            if self.by_color[them.index()].contains(m.to) {
                captured = self.role_at(m.to);
                self.by_color[them.index()] ^= to;
                for bb in &mut self.by_role {
                    *bb &= !to;
                }
            }
            let from_to = Bitboard::from_square(m.from) | to;
            self.by_role[m.role.index()] ^= from_to;
            self.by_color[us.index()] ^= from_to;
            if m.kind == Kind::EnPassant {
                captured = Some(Role::Pawn);
            }
            self.play_kind(m);
        }
        if let Some(g) = m.gate() {
            self.put(g, us, Role::Extra);
            let h = &mut self.hand[us.index()][Role::Extra.index()];
            *h = h.saturating_sub(1);
        }
        self.castling &= CASTLING_KEEP[m.from.index()] & CASTLING_KEEP[m.to.index()];
        // Whatever moved or arrived has moved; castling rooks and gated
        // Fools included.
        self.virgin &= !(Bitboard::from_square(m.from) | to);
        if let Some(g) = m.gate() {
            self.virgin &= !Bitboard::from_square(g);
        }
        if m.kind == Kind::Castle {
            let rf = if m.to.file() == 6 { 7 } else { 0 };
            self.virgin &= !Bitboard::from_square(Square::from_coords(rf, m.from.rank()));
        }
        self.halfmoves = if captured.is_some() || (m.role == Role::Pawn && m.kind != Kind::Drop) {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        rules.after_play(self, m, captured);
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
    }

    /// The effects of a move's kind beyond moving the piece: en passant
    /// square, victim, rook, promotion, declaration.
    #[inline(always)]
    fn play_kind(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let to = Bitboard::from_square(m.to);
        match m.kind {
            Kind::DoublePush => {
                let ep = Square::new((m.from.index() as u8 + m.to.index() as u8) / 2);
                if (attacks::pawn_attacks(us, ep) & self.pieces(them, Role::Pawn)).any() {
                    self.ep_square = Some(ep);
                }
            }
            Kind::EnPassant => {
                let victim = Bitboard::from_square(Square::from_coords(m.to.file(), m.from.rank()));
                self.by_role[Role::Pawn.index()] ^= victim;
                self.by_color[them.index()] ^= victim;
            }
            Kind::Castle => {
                let rank = m.from.rank();
                let (rf, rt) = if m.to.file() == 6 { (7, 5) } else { (0, 3) };
                let rook = Bitboard::from_square(Square::from_coords(rf, rank))
                    | Bitboard::from_square(Square::from_coords(rt, rank));
                self.by_role[Role::Rook.index()] ^= rook;
                self.by_color[us.index()] ^= rook;
            }
            Kind::Promotion(role) => {
                self.by_role[Role::Pawn.index()] ^= to;
                self.by_role[role.index()] ^= to;
            }
            Kind::Declare => {
                self.by_role[Role::Knight.index()] ^= to;
                self.by_role[Role::Extra.index()] ^= to;
            }
            Kind::Normal | Kind::Drop => {}
        }
    }

    /// Whether the pseudo-legal `m`, leading to `child`, is legal: the
    /// mover's king is safe after the whole action, and drops that may not
    /// give check do not.
    #[inline(always)]
    pub(crate) fn is_legal(&self, rules: &R, m: Move, child: &Position<R>) -> bool {
        if child.mover_king_attacked(rules) {
            return false;
        }
        if m.kind == Kind::Drop && !rules.drops_may_check() {
            let enemy = child.turn;
            if child.attacked_by(
                rules,
                child.king_square(enemy),
                !enemy,
                child.occupied(),
                None,
            ) {
                return false;
            }
        }
        true
    }

    /// The en passant square if an en passant capture is legal.
    pub fn legal_ep_square(&self, rules: &R) -> Option<Square> {
        let ep = self.ep_square?;
        let us = self.turn;
        let mut capturers = attacks::pawn_attacks(!us, ep) & self.pieces(us, Role::Pawn);
        Iterator::any(&mut capturers, |from| {
            let m = mv(from, ep, Role::Pawn, Kind::EnPassant);
            self.is_legal(rules, m, &self.play(m, rules))
        })
        .then_some(ep)
    }
}

/// Leaves of the legal move tree at `depth` from `pos`, every leaf
/// played; `buffers` holds one move list per ply.
pub(crate) fn walk<R: Extension>(
    pos: &Position<R>,
    rules: &R,
    depth: u32,
    buffers: &mut [Vec<Move>],
) -> u64 {
    let (list, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.generate_pseudo(rules, list);
    let mut n = 0;
    for &m in list.iter() {
        let child = pos.play(m, rules);
        if !pos.is_legal(rules, m, &child) {
            continue;
        }
        n += if depth == 1 {
            black_box(&child);
            1
        } else {
            walk(&child, rules, depth - 1, rest)
        };
    }
    n
}
