//! Legal move generation with check and pin masks (no make-and-test).

use super::moves::{Move, MoveKind, MoveList};
use super::piece::Role;
use super::position::Position;
use crate::attacks;
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;

/// Roles a pawn may promote to, in the order moves are generated.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate_legal(&mut moves);
        moves
    }

    /// Appends all legal moves to `moves`.
    #[inline]
    pub fn generate_legal(&self, moves: &mut MoveList) {
        match self.turn {
            Color::White => self.generate::<true>(moves),
            Color::Black => self.generate::<false>(moves),
        }
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    #[inline(always)]
    fn generate<const WHITE: bool>(&self, moves: &mut MoveList) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let own = self.by_color(us);
        let opp = self.by_color(them);
        let occupied = own | opp;
        let king = self.king_square(us);
        let checkers = self.attackers_to(king, occupied) & opp;

        // King steps: the king itself must not shield the square it steps to.
        let without_king = occupied ^ Bitboard::from_square(king);
        for to in attacks::king_attacks(king) & !own {
            if !self.is_attacked(to, them, without_king) {
                moves.push(Move {
                    from: king,
                    to,
                    role: Role::King,
                    kind: MoveKind::Normal,
                });
            }
        }
        if checkers.more_than_one() {
            return;
        }

        let target = match checkers.first() {
            Some(checker) => attacks::between(king, checker) | checkers,
            None => {
                self.generate_castles(us, king, occupied, moves);
                !own
            }
        };

        let queens = self.by_role(Role::Queen);
        let rook_likes = (self.by_role(Role::Rook) | queens) & opp;
        let bishop_likes = (self.by_role(Role::Bishop) | queens) & opp;
        let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & rook_likes)
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & bishop_likes);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & own;
            }
        }

        for from in self.pieces(us, Role::Knight) & !pinned {
            push_all(
                moves,
                from,
                attacks::knight_attacks(from) & target,
                Role::Knight,
            );
        }
        for role in [Role::Bishop, Role::Rook, Role::Queen] {
            for from in self.pieces(us, role) {
                let mut to = match role {
                    Role::Bishop => attacks::bishop_attacks(from, occupied),
                    Role::Rook => attacks::rook_attacks(from, occupied),
                    _ => attacks::queen_attacks(from, occupied),
                } & target;
                if pinned.contains(from) {
                    to &= attacks::line(king, from);
                }
                push_all(moves, from, to, role);
            }
        }

        let pawns = self.pieces(us, Role::Pawn);
        self.generate_pawns::<WHITE>(pawns & !pinned, target, occupied, opp, moves);
        for from in pawns & pinned {
            let along_pin = target & attacks::line(king, from);
            self.generate_pawns::<WHITE>(
                Bitboard::from_square(from),
                along_pin,
                occupied,
                opp,
                moves,
            );
        }

        if let Some(ep) = self.ep_square {
            self.generate_en_passant(us, king, ep, occupied, moves);
        }
    }

    /// Pushes, double pushes, captures and promotions of `pawns` landing on
    /// `target` (en passant aside).
    #[inline(always)]
    fn generate_pawns<const WHITE: bool>(
        &self,
        pawns: Bitboard,
        target: Bitboard,
        occupied: Bitboard,
        opp: Bitboard,
        moves: &mut MoveList,
    ) {
        let forward = |b: Bitboard| if WHITE { b.north() } else { b.south() };
        let (third_rank, last_rank) = if WHITE {
            (Bitboard::rank(2), Bitboard::rank(7))
        } else {
            (Bitboard::rank(5), Bitboard::rank(0))
        };
        let not_a = !Bitboard::file(0);
        let not_h = !Bitboard::file(7);
        let empty = !occupied;

        let single = forward(pawns) & empty;
        let double = forward(single & third_rank) & empty & target;
        let single = single & target;
        // Captures towards the a-file and towards the h-file.
        let captures = |from: Bitboard, white_shift: u32, black_shift: u32| {
            Bitboard(if WHITE {
                from.0 << white_shift
            } else {
                from.0 >> black_shift
            }) & opp
                & target
        };
        let west = captures(pawns & not_a, 7, 9);
        let east = captures(pawns & not_h, 9, 7);

        let push_back: i8 = if WHITE { -8 } else { 8 };
        let west_back: i8 = if WHITE { -7 } else { 9 };
        let east_back: i8 = if WHITE { -9 } else { 7 };

        for (set, back) in [(single, push_back), (west, west_back), (east, east_back)] {
            for to in set & !last_rank {
                let from = Square::new((to.index() as i8 + back) as u8);
                moves.push(Move {
                    from,
                    to,
                    role: Role::Pawn,
                    kind: MoveKind::Normal,
                });
            }
            for to in set & last_rank {
                let from = Square::new((to.index() as i8 + back) as u8);
                for role in PROMOTIONS {
                    moves.push(Move {
                        from,
                        to,
                        role: Role::Pawn,
                        kind: MoveKind::Promotion(role),
                    });
                }
            }
        }
        for to in double {
            let from = Square::new((to.index() as i8 + 2 * push_back) as u8);
            moves.push(Move {
                from,
                to,
                role: Role::Pawn,
                kind: MoveKind::DoublePush,
            });
        }
    }

    /// En passant captures onto `ep`, each checked by playing it out on the
    /// occupancy (they can uncover checks along the rank).
    #[cold]
    fn generate_en_passant(
        &self,
        us: Color,
        king: Square,
        ep: Square,
        occupied: Bitboard,
        moves: &mut MoveList,
    ) {
        let them = !us;
        let captured = Square::from_coords(ep.file(), if us == Color::White { 4 } else { 3 });
        for from in attacks::pawn_attacks(them, ep) & self.pieces(us, Role::Pawn) {
            let after = (occupied ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
                | Bitboard::from_square(ep);
            let attackers = self.attackers_to(king, after)
                & self.by_color(them)
                & !Bitboard::from_square(captured);
            if attackers.is_empty() {
                moves.push(Move {
                    from,
                    to: ep,
                    role: Role::Pawn,
                    kind: MoveKind::EnPassant,
                });
            }
        }
    }

    /// Castling moves, when not in check.
    #[inline(always)]
    fn generate_castles(&self, us: Color, king: Square, occupied: Bitboard, moves: &mut MoveList) {
        let rights = self.castling;
        if !rights.has(us, true) && !rights.has(us, false) {
            return;
        }
        let rank = king.rank();
        let them = !us;
        let sq = |file: u8| Square::from_coords(file, rank);
        let free = |files: &[u8]| files.iter().all(|&f| !occupied.contains(sq(f)));
        let safe = |files: &[u8]| {
            files
                .iter()
                .all(|&f| !self.is_attacked(sq(f), them, occupied))
        };
        if rights.has(us, true) && free(&[5, 6]) && safe(&[5, 6]) {
            moves.push(Move {
                from: king,
                to: sq(6),
                role: Role::King,
                kind: MoveKind::Castle,
            });
        }
        if rights.has(us, false) && free(&[1, 2, 3]) && safe(&[2, 3]) {
            moves.push(Move {
                from: king,
                to: sq(2),
                role: Role::King,
                kind: MoveKind::Castle,
            });
        }
    }
}

/// Pushes a normal move of `role` from `from` to each square of `targets`.
#[inline(always)]
fn push_all(moves: &mut MoveList, from: Square, targets: Bitboard, role: Role) {
    for to in targets {
        moves.push(Move {
            from,
            to,
            role,
            kind: MoveKind::Normal,
        });
    }
}
