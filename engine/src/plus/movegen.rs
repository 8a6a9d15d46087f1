//! Move generation (pseudo-legal, then copy-make and a king-safety test),
//! making moves, and perft.

use std::hint::black_box;

use super::moves::NO_GATE;
use super::{
    clown_attacks, setup_role, wazir_alfil, Kind, Last, Lost, Move, NotImmediately, Position, Role,
    Rules, Variant, FLAG_CLOWN, FLAG_REENTERED,
};
use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;

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

const PROMOTIONS: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Extra,
];

#[inline(always)]
fn mv(from: Square, to: Square, role: Role, kind: Kind) -> Move {
    Move {
        from,
        to,
        role,
        kind,
        gate: NO_GATE,
    }
}

impl Position {
    /// The promotion roles of the variant.
    #[inline(always)]
    fn promotion_roles(rules: &Rules) -> &'static [Role] {
        match rules.variant {
            Variant::Fool => &PROMOTIONS,
            Variant::Entity if rules.entity_promotion => &PROMOTIONS,
            _ => &PROMOTIONS[..4],
        }
    }

    /// Whether the side to move may enter a held piece of `held` (Knight or
    /// Bishop) now (`clown.not-immediately`; the zone, the hand and the other
    /// timing rules are checked by the caller). A lost Clown is held as a
    /// Knight, so it counts as a Knight just lost.
    fn clown_entry_allowed(&self, rules: &Rules, held: Role) -> bool {
        let just_lost = |r: Role| match r {
            Role::Knight => self.lost.count(Role::Knight) + self.lost.count(Role::Extra),
            _ => self.lost.count(r),
        };
        match rules.not_immediately {
            NotImmediately::None => true,
            NotImmediately::Hand => just_lost(Role::Knight) + just_lost(Role::Bishop) == 0,
            NotImmediately::Type => just_lost(held) == 0,
            // Up to the count just lost, the held pieces of that type are the
            // ones just captured; any beyond were held before.
            NotImmediately::Piece => {
                u32::from(self.hand[self.turn.index()][held.index()]) > just_lost(held)
            }
        }
    }

    /// Pseudo-legal moves: movement, castling (with its conditions before
    /// the move), gating, drops. The king-safety test comes after.
    pub(crate) fn generate_pseudo(&self, rules: &Rules, list: &mut Vec<Move>) {
        list.clear();
        let us = self.turn;
        let them = !us;
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let occ = own | enemy;
        let targets = !own;

        // Pawns.
        let (up, start_rank, last_rank): (i8, u8, u8) =
            if us.is_white() { (8, 1, 7) } else { (-8, 6, 0) };
        let promos = Self::promotion_roles(rules);
        for from in self.pieces(us, Role::Pawn) {
            let one = Square::new((from.index() as i8 + up) as u8);
            let push_to = |to: Square, list: &mut Vec<Move>| {
                if to.rank() == last_rank {
                    for &p in promos {
                        list.push(mv(from, to, Role::Pawn, Kind::Promotion(p)));
                    }
                } else {
                    list.push(mv(from, to, Role::Pawn, Kind::Normal));
                }
            };
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

        // Knights (and Clown declarations).
        let may_declare = rules.variant == Variant::Clown && !self.has_flag(FLAG_CLOWN, us);
        for from in self.pieces(us, Role::Knight) {
            let declare = may_declare && self.virgin.contains(from);
            for to in attacks::knight_attacks(from) & targets {
                list.push(mv(from, to, Role::Knight, Kind::Normal));
                if declare && (rules.declare_capture || !enemy.contains(to)) {
                    list.push(mv(from, to, Role::Knight, Kind::Declare));
                }
            }
        }
        for from in self.pieces(us, Role::Bishop) {
            for to in attacks::bishop_attacks(from, occ) & targets {
                list.push(mv(from, to, Role::Bishop, Kind::Normal));
            }
        }
        for from in self.pieces(us, Role::Rook) {
            for to in attacks::rook_attacks(from, occ) & targets {
                list.push(mv(from, to, Role::Rook, Kind::Normal));
            }
        }
        for from in self.pieces(us, Role::Queen) {
            for to in attacks::queen_attacks(from, occ) & targets {
                list.push(mv(from, to, Role::Queen, Kind::Normal));
            }
        }
        let king = self.king_square(us);
        for to in attacks::king_attacks(king) & targets {
            list.push(mv(king, to, Role::King, Kind::Normal));
        }

        // Castling: king and rook unmoved (rights), the squares between empty,
        // not in check, the square passed not attacked (before the move).
        let rights = self.castling >> (2 * us.index());
        let mut in_check: Option<bool> = None;
        if rights & 3 != 0 {
            let rank = if us.is_white() { 0 } else { 7 };
            let fool = self.fool_power_waiting(rules);
            let attacked =
                |f: u8| self.attacked_by(rules, Square::from_coords(f, rank), them, occ, fool);
            let check = attacked(4);
            in_check = Some(check);
            if !check {
                let empty = |files: &[u8]| {
                    files
                        .iter()
                        .all(|&f| !occ.contains(Square::from_coords(f, rank)))
                };
                // `fool.castling-destination=before-and-after`: the landing
                // square too, with the attackers as they stand.
                let landing_safe = |f: u8| !rules.castle_landing_before || !attacked(f);
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
            }
        }

        // The extra piece.
        let extras = self.pieces(us, Role::Extra);
        if extras.any() {
            match rules.variant {
                Variant::Fool => {
                    if let Some(power) = self.fool_power_to_move() {
                        for from in extras {
                            let dests = match power {
                                Role::Pawn => {
                                    let fwd = from.index() as i8 + up;
                                    let mut d = Bitboard::EMPTY;
                                    if (0..64).contains(&fwd)
                                        && !occ.contains(Square::new(fwd as u8))
                                    {
                                        d |= Bitboard::from_square(Square::new(fwd as u8));
                                    }
                                    if rules.fool_pawn_capture {
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
                            };
                            for to in dests {
                                list.push(mv(from, to, Role::Extra, Kind::Normal));
                            }
                        }
                    }
                }
                Variant::Clown => {
                    for from in extras {
                        for to in clown_attacks(from, occ) & targets {
                            list.push(mv(from, to, Role::Extra, Kind::Normal));
                        }
                    }
                }
                Variant::Entity => {
                    for from in extras {
                        for to in wazir_alfil(from) & targets {
                            list.push(mv(from, to, Role::Extra, Kind::Normal));
                        }
                    }
                }
            }
        }

        // Fool gating: onto the square vacated by an unmoved piece, by a
        // capturing piece, or by the king or rook in castling.
        if rules.variant == Variant::Fool
            && self.hand[us.index()][Role::Extra.index()] > 0
            && self.fullmoves <= rules.deadline
        {
            let n = list.len();
            for i in 0..n {
                let m = list[i];
                if m.kind == Kind::Castle {
                    let rook_file = if m.to.file() == 6 { 7 } else { 0 };
                    list.push(Move {
                        gate: m.from.index() as u8,
                        ..m
                    });
                    list.push(Move {
                        gate: Square::from_coords(rook_file, m.from.rank()).index() as u8,
                        ..m
                    });
                    continue;
                }
                let capture = enemy.contains(m.to) || m.kind == Kind::EnPassant;
                let initial = if rules.setup_square {
                    m.role != Role::Extra && setup_role(us, m.from) == Some(m.role)
                } else {
                    self.virgin.contains(m.from)
                };
                if capture || initial {
                    list.push(Move {
                        gate: m.from.index() as u8,
                        ..m
                    });
                }
            }
        }

        // Drops.
        match rules.variant {
            Variant::Fool => {}
            Variant::Entity => {
                if self.hand[us.index()][Role::Extra.index()] > 0
                    && !in_check.unwrap_or_else(|| self.is_check(rules))
                {
                    for to in rules.zone[us.index()] & !occ {
                        list.push(mv(to, to, Role::Extra, Kind::Drop));
                    }
                }
            }
            Variant::Clown => {
                let hand = self.hand[us.index()];
                let can = !self.has_flag(FLAG_REENTERED, us)
                    && (hand[Role::Knight.index()] > 0 || hand[Role::Bishop.index()] > 0)
                    && self.last.is_none_or(|l| l.role != Role::Extra)
                    && !(rules.entry_check_forbidden
                        && in_check.unwrap_or_else(|| self.is_check(rules)));
                if can {
                    let zone = rules.zone[us.index()] & !occ;
                    let mut roles = [None; 3];
                    if hand[Role::Bishop.index()] > 0
                        && self.clown_entry_allowed(rules, Role::Bishop)
                    {
                        roles[0] = Some(Role::Bishop);
                    }
                    if hand[Role::Knight.index()] > 0
                        && self.clown_entry_allowed(rules, Role::Knight)
                    {
                        roles[1] = Some(Role::Knight);
                        if !self.has_flag(FLAG_CLOWN, us) {
                            roles[2] = Some(Role::Extra);
                        }
                    }
                    for role in roles.into_iter().flatten() {
                        for to in zone {
                            list.push(mv(to, to, role, Kind::Drop));
                        }
                    }
                }
            }
        }
    }

    /// Plays `m`, a pseudo-legal move of this position.
    pub(crate) fn play(&mut self, rules: &Rules, m: Move) {
        let us = self.turn;
        let them = !us;
        let to = Bitboard::from_square(m.to);
        let mut captured: Option<Role> = None;
        let old_last = self.last;
        self.ep_square = None;
        if m.kind == Kind::Drop {
            let held = if rules.variant == Variant::Clown && m.role == Role::Extra {
                Role::Knight
            } else {
                m.role
            };
            let h = &mut self.hand[us.index()][held.index()];
            *h = h.saturating_sub(1);
            self.put(m.to, us, m.role);
            if rules.variant == Variant::Clown {
                self.flags |= FLAG_REENTERED << us.index();
                if m.role == Role::Extra {
                    self.flags |= FLAG_CLOWN << us.index();
                }
            }
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
            match m.kind {
                Kind::DoublePush => {
                    let ep = Square::new((m.from.index() as u8 + m.to.index() as u8) / 2);
                    if (attacks::pawn_attacks(us, ep) & self.pieces(them, Role::Pawn)).any() {
                        self.ep_square = Some(ep);
                    }
                }
                Kind::EnPassant => {
                    let victim =
                        Bitboard::from_square(Square::from_coords(m.to.file(), m.from.rank()));
                    self.by_role[Role::Pawn.index()] ^= victim;
                    self.by_color[them.index()] ^= victim;
                    captured = Some(Role::Pawn);
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
                    self.flags |= FLAG_CLOWN << us.index();
                }
                Kind::Normal | Kind::Drop => {}
            }
        }
        if let Some(g) = m.gate() {
            self.put(g, us, Role::Extra);
            let h = &mut self.hand[us.index()][Role::Extra.index()];
            *h = h.saturating_sub(1);
        }
        if rules.variant == Variant::Clown {
            let back = match captured {
                Some(Role::Knight | Role::Extra) => Some(Role::Knight),
                Some(Role::Bishop) => Some(Role::Bishop),
                _ => None,
            };
            if let Some(r) = back {
                let h = &mut self.hand[them.index()][r.index()];
                *h = h.saturating_add(1);
            }
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
        if rules.variant == Variant::Fool && self.fullmoves >= rules.deadline {
            self.hand[us.index()][Role::Extra.index()] = 0;
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        let effective = match m.kind {
            Kind::Castle => {
                if rules.variant == Variant::Fool && rules.castle_as_rook {
                    Role::Rook
                } else {
                    Role::King
                }
            }
            Kind::Promotion(Role::Extra) if rules.variant == Variant::Fool => Role::Pawn,
            Kind::Promotion(role) => role,
            Kind::Declare => {
                if rules.became_clown {
                    Role::Extra
                } else {
                    Role::Knight
                }
            }
            Kind::Drop
                if rules.variant == Variant::Clown
                    && m.role == Role::Extra
                    && !rules.became_clown =>
            {
                Role::Knight
            }
            _ if m.role == Role::Extra && rules.variant == Variant::Fool => {
                old_last.map_or(Role::Extra, |l| l.role)
            }
            _ => m.role,
        };
        // Only the Fool's rules read the move before the last one.
        self.prev = if rules.variant == Variant::Fool {
            old_last
        } else {
            None
        };
        self.last = Some(Last {
            role: effective,
            capture: captured.is_some(),
        });
        self.lost = captured.map_or(Lost::default(), Lost::one);
        self.turn = them;
    }

    /// The position after the pseudo-legal move `m`.
    #[inline(always)]
    pub(crate) fn played(&self, rules: &Rules, m: Move) -> Position {
        let mut child = *self;
        child.play(rules, m);
        child
    }

    /// Whether the pseudo-legal `m`, leading to `child`, is legal: the
    /// mover's king is safe after the whole action, and entries that may not
    /// give check do not.
    #[inline(always)]
    pub(crate) fn is_legal(&self, rules: &Rules, m: Move, child: &Position) -> bool {
        if child.mover_king_attacked(rules) {
            return false;
        }
        if m.kind == Kind::Drop && (rules.variant == Variant::Entity || rules.entry_check_forbidden)
        {
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

    /// The legal moves, in generation order.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut list = Vec::with_capacity(64);
        self.generate_pseudo(rules, &mut list);
        list.retain(|&m| self.is_legal(rules, m, &self.played(rules, m)));
        list
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_moves(&self, rules: &Rules) -> bool {
        let mut list = Vec::with_capacity(64);
        self.generate_pseudo(rules, &mut list);
        list.iter()
            .any(|&m| self.is_legal(rules, m, &self.played(rules, m)))
    }

    /// The en passant square if an en passant capture is legal.
    pub fn legal_ep_square(&self, rules: &Rules) -> Option<Square> {
        let ep = self.ep_square?;
        let us = self.turn;
        let mut capturers = attacks::pawn_attacks(!us, ep) & self.pieces(us, Role::Pawn);
        Iterator::any(&mut capturers, |from| {
            let m = mv(from, ep, Role::Pawn, Kind::EnPassant);
            self.is_legal(rules, m, &self.played(rules, m))
        })
        .then_some(ep)
    }

    /// The position after the legal move `m`.
    pub fn after(&self, rules: &Rules, m: Move) -> Position {
        self.played(rules, m)
    }
}

/// Leaves of the legal move tree at `depth`, every leaf played.
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    walk(pos, rules, depth, &mut buffers)
}

fn walk(pos: &Position, rules: &Rules, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    let (list, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.generate_pseudo(rules, list);
    let mut n = 0;
    for &m in list.iter() {
        let child = pos.played(rules, m);
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
