//! Jester Chess (`jester`): 10 files x 11 ranks, the imitating Jester, the
//! Steward, Murray Lion and Archer, automatic promotion on the 9th rank, and
//! two moves per turn until a player's first capture.
//!
//! Written from `jester-chess.txt` and `spec/rulings/jester.md` only. The
//! board is a `u128` bitboard ([`crate::big`]); moves are generated
//! pseudo-legally and each is played on a copy; a move is legal when
//! afterwards no enemy piece attacks the mover's king, the enemy Jesters
//! moving like the piece just moved (LANGUAGE.md §11, §12.2, §16).

mod fen;

use std::sync::OnceLock;

use crate::big::{bit, squares, Bits, Board, Geometry, Role, N, NE, NW, S, SE, SW};
use crate::color::Color;
use crate::error::EngineError;
use crate::rulings::{self, RulingTable};
use crate::variant::{find_legal, CopyMake, Fen, VariantGame, VariantPosition};

/// The board: 10 files, 11 ranks.
pub fn geometry() -> &'static Geometry {
    static GEO: OnceLock<Geometry> = OnceLock::new();
    GEO.get_or_init(|| Geometry::new(10, 11))
}

// Jester Chess uses every type.
pub(crate) use crate::big::role::{
    ARCHBISHOP, ARCHER, ARCHROOK, BISHOP, JESTER, KING, KNIGHT, LION, MARCHER, PAWN, QUEEN, REGAL,
    ROOK, STEWARD,
};
/// The letters of the types Jester Chess uses.
pub(crate) const LETTERS: &str = Role::LETTERS;
const KINDS: usize = LETTERS.len();

const NONE: u8 = 255;
const CAPTURED: u8 = 0x80;

/// The provisional start position (`spec/rulings/jester.md`).
pub const START_FEN: &str =
    "rnlbqkblnr/a1j1ss1j1a/pppppppppp/10/10/10/10/10/PPPPPPPPPP/A1J1SS1J1A/RNLBQKBLNR w - - 0 1";

/// The squares where the start position has a Steward, per colour (e2, f2;
/// e10, f10): a Steward read there from a FEN is unmoved (LANGUAGE.md §6.3).
const STEWARD_HOMES: [Bits; 2] = [(1 << 14) | (1 << 15), (1 << 94) | (1 << 95)];

/// The rulings of `spec/rulings/jester.md`, default first.
pub const RULINGS: RulingTable = &[
    ("jester.same-piece", &["allowed", "forbidden"]),
    ("jester.second-move", &["optional", "required"]),
    ("jester.check-ends-turn", &["no", "yes"]),
    ("jester.jester-move", &["single-turn", "never"]),
    ("jester.steward-mimic", &["no-double", "forward"]),
    ("jester.archer-path", &["slide", "leap"]),
];

/// The rulings in force.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// `jester.same-piece=forbidden`.
    pub same_piece_forbidden: bool,
    /// `jester.second-move=optional`.
    pub second_optional: bool,
    /// `jester.check-ends-turn=yes`.
    pub check_ends_turn: bool,
    /// `jester.jester-move=never`.
    pub jester_never: bool,
    /// `jester.steward-mimic=forward`.
    pub steward_mimic_forward: bool,
    /// `jester.archer-path=leap`.
    pub archer_leaps: bool,
}

impl Rules {
    /// Resolves `(id, value)` pairs (LANGUAGE.md §18).
    pub fn new(rulings: &[(String, String)]) -> Result<Rules, EngineError> {
        let c = rulings::resolve("jester", RULINGS, rulings)?;
        Ok(Rules {
            same_piece_forbidden: c[0] == 1,
            second_optional: c[1] == 0,
            check_ends_turn: c[2] == 1,
            jester_never: c[3] == 1,
            steward_mimic_forward: c[4] == 1,
            archer_leaps: c[5] == 1,
        })
    }
}

/// What a move does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// A move or capture (promotions included).
    Normal,
    /// An Archer's shot: the piece on `to` is captured, the shooter stays.
    Shot,
    /// Declining the second move of a turn (`0000`).
    Pass,
}

/// A move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Origin.
    pub from: u8,
    /// Target (the square shot for a shot).
    pub to: u8,
    /// Kind.
    pub kind: Kind,
    /// The kind promoted to, or `NONE`.
    pub promo: u8,
}

impl Move {
    const PASS: Move = Move {
        from: 0,
        to: 0,
        kind: Kind::Pass,
        promo: NONE,
    };

    /// Canonical text: `e3e4`, `e8e9s`, a shot `d3d4`, `0000`.
    pub fn text(self) -> String {
        if self.kind == Kind::Pass {
            return "0000".to_string();
        }
        let g = geometry();
        let mut s = g.name(self.from as usize);
        s.push_str(&g.name(self.to as usize));
        if self.promo != NONE {
            s.push(LETTERS.as_bytes()[self.promo as usize].to_ascii_lowercase() as char);
        }
        s
    }
}

/// The type a piece of `role` promotes to on its 9th rank, if any.
fn promotion(role: usize) -> Option<usize> {
    match role {
        PAWN => Some(STEWARD),
        KNIGHT => Some(MARCHER),
        LION => Some(REGAL),
        BISHOP => Some(ARCHBISHOP),
        ROOK => Some(ARCHROOK),
        _ => None,
    }
}

/// A position of Jester Chess with everything that decides its moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board<KINDS>,
    turn: Color,
    /// 1 or 2: the move within the turn.
    sub: u8,
    /// Bit 0 White, bit 1 Black: has captured (privilege lost).
    captured: u8,
    /// The latest move: effective type, `CAPTURED` bit; `NONE` before any.
    last: u8,
    /// Who made the latest move.
    last_by: Color,
    /// The latest move of the other player than `last_by` (`prev=`): the
    /// powers of `last_by`'s Jesters.
    prev: u8,
    /// Under `jester.same-piece=forbidden`, the square of the piece that made
    /// the first move of the turn (not in the FEN).
    first: u8,
    /// Stewards that have not moved.
    virgin: Bits,
    halfmoves: u32,
    fullmoves: u32,
}

impl Position {
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The move within the turn: 1 or 2.
    pub fn sub(&self) -> u8 {
        self.sub
    }

    /// The fifty-move count.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    fn privileged(&self, color: Color) -> bool {
        self.captured & (1 << color.index()) == 0
    }

    /// The powers of `color`'s Jesters: the latest move of its opponent.
    #[inline(always)]
    fn powers(&self, color: Color) -> u8 {
        if self.last_by == color {
            self.prev
        } else {
            self.last
        }
    }

    /// The squares from which a piece moving as `kind`, of colour `by`,
    /// would capture on `sq`.
    #[inline]
    fn attackers_as(&self, kind: usize, sq: usize, by: Color, occ: Bits, rules: &Rules) -> Bits {
        let g = geometry();
        let back = (!by).index();
        match kind {
            PAWN => g.fwd_diag[back][sq],
            STEWARD => g.ferz[sq],
            KNIGHT => g.knight[sq],
            BISHOP => g.bishop(sq, occ),
            ROOK => g.rook(sq, occ),
            QUEEN => g.bishop(sq, occ) | g.rook(sq, occ),
            KING => g.king[sq],
            LION | REGAL => g.king[sq] | g.dabbaba[sq] | g.alfil[sq],
            ARCHER => g.fwd[back][sq] | g.fwd_diag[back][sq],
            MARCHER => g.knight[sq] | g.wazir[sq],
            ARCHBISHOP => g.bishop(sq, occ) | g.wazir[sq],
            ARCHROOK => g.rook(sq, occ) | g.ferz[sq],
            _ => {
                let _ = rules;
                0
            }
        }
    }

    /// Whether a piece of `by` attacks `sq`, `by`'s Jesters having the
    /// powers `powers`.
    pub fn attacked(&self, sq: usize, by: Color, powers: u8, rules: &Rules) -> bool {
        let g = geometry();
        let b = self.board.color[by.index()];
        let occ = self.board.occupied();
        let r = &self.board.role;
        let back = (!by).index();
        let leapers = g.knight[sq] & (r[KNIGHT] | r[MARCHER])
            | g.king[sq] & (r[KING] | r[REGAL] | r[LION])
            | g.wazir[sq] & (r[MARCHER] | r[ARCHBISHOP])
            | g.ferz[sq] & (r[STEWARD] | r[ARCHROOK])
            | (g.dabbaba[sq] | g.alfil[sq]) & (r[LION] | r[REGAL])
            | g.fwd_diag[back][sq] & (r[PAWN] | r[ARCHER])
            | g.fwd[back][sq] & r[ARCHER];
        if leapers & b != 0 {
            return true;
        }
        if g.bishop(sq, occ) & (r[BISHOP] | r[QUEEN] | r[ARCHBISHOP]) & b != 0
            || g.rook(sq, occ) & (r[ROOK] | r[QUEEN] | r[ARCHROOK]) & b != 0
        {
            return true;
        }
        let jesters = r[JESTER] & b;
        if jesters != 0 && powers != NONE && powers & CAPTURED != 0 {
            let kind = (powers & !CAPTURED) as usize;
            let from = if kind == STEWARD && rules.steward_mimic_forward {
                g.fwd_diag[back][sq]
            } else {
                self.attackers_as(kind, sq, by, occ, rules)
            };
            return from & jesters != 0;
        }
        false
    }

    /// Adds the moves of the piece on `from` moving as `kind`. `captures`:
    /// capturing moves allowed; `jester`: the Jester's limits (no two-square
    /// advance, no promotion).
    #[allow(clippy::too_many_arguments)]
    fn piece_moves(
        &self,
        from: usize,
        kind: usize,
        captures: bool,
        jester: bool,
        rules: &Rules,
        out: &mut Vec<Move>,
    ) {
        let g = geometry();
        let us = self.turn;
        let ui = us.index();
        let (_, enemies, occ) = self.board.sides(us);
        let empty = g.all & !occ;
        let caps = if captures { enemies } else { 0 };
        let (quiet, capture): (Bits, Bits) = match kind {
            PAWN => {
                let mut q = g.fwd[ui][from] & empty;
                if !jester && q != 0 && g.relative_rank(us, from) == 2 {
                    q |= g.fwd[ui][q.trailing_zeros() as usize] & empty;
                }
                (q, g.fwd_diag[ui][from] & caps)
            }
            STEWARD => {
                if jester && rules.steward_mimic_forward {
                    (g.fwd[ui][from] & empty, g.fwd_diag[ui][from] & caps)
                } else {
                    let mut q = g.wazir[from] & empty;
                    let one = g.fwd[ui][from] & empty;
                    if !jester && one != 0 && self.virgin & bit(from) != 0 {
                        q |= g.fwd[ui][one.trailing_zeros() as usize] & empty;
                    }
                    (q, g.ferz[from] & caps)
                }
            }
            LION => (
                (g.dabbaba[from] | g.alfil[from]) & empty,
                (g.dabbaba[from] | g.alfil[from] | g.king[from]) & caps,
            ),
            ARCHER => {
                let near = g.king[from] | g.dabbaba[from] | g.alfil[from];
                let dirs = if us == Color::White {
                    [N, NE, NW]
                } else {
                    [S, SE, SW]
                };
                let mut q = g.back3[ui][from] & empty;
                for d in dirs {
                    q |= if rules.archer_leaps {
                        g.rays[d][from] & near & empty
                    } else {
                        g.ray_attacks(d, from, occ) & near & empty
                    };
                }
                for to in squares((g.fwd[ui][from] | g.fwd_diag[ui][from]) & caps) {
                    out.push(Move {
                        from: from as u8,
                        to: to as u8,
                        kind: Kind::Shot,
                        promo: NONE,
                    });
                }
                (q, 0)
            }
            _ => {
                let t = match kind {
                    KNIGHT => g.knight[from],
                    BISHOP => g.bishop(from, occ),
                    ROOK => g.rook(from, occ),
                    QUEEN => g.bishop(from, occ) | g.rook(from, occ),
                    KING => g.king[from],
                    MARCHER => g.knight[from] | g.wazir[from],
                    REGAL => g.king[from] | g.dabbaba[from] | g.alfil[from],
                    ARCHBISHOP => g.bishop(from, occ) | g.wazir[from],
                    ARCHROOK => g.rook(from, occ) | g.ferz[from],
                    _ => 0,
                };
                (t & empty, t & caps)
            }
        };
        let promo = if jester { None } else { promotion(kind) };
        for to in squares(quiet | capture) {
            let p = match promo {
                Some(p) if g.relative_rank(us, to) >= 8 => p as u8,
                _ => NONE,
            };
            out.push(Move {
                from: from as u8,
                to: to as u8,
                kind: Kind::Normal,
                promo: p,
            });
        }
    }

    fn end_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        self.sub = 1;
        self.first = NONE;
    }

    /// After a move by `mover`: its king is not attacked.
    #[inline]
    fn safe_for(&self, mover: Color, rules: &Rules) -> bool {
        let them = !mover;
        !self.attacked(self.board.king(mover), them, self.powers(them), rules)
    }
}

/// A game of Jester Chess: rulings, position and history.
pub type JesterGame = VariantGame<Position>;

impl VariantPosition for Position {
    type Rules = Rules;
    type Move = Move;

    fn rules(rulings: &[(String, String)]) -> Result<Rules, EngineError> {
        Rules::new(rulings)
    }
    fn startpos(rules: &Rules) -> Result<Position, EngineError> {
        Position::from_fen(START_FEN, rules)
    }
    /// The legal moves, in generation order (`0000` last).
    fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        self.copy_make_legal(rules)
    }
    fn has_legal_moves(&self, rules: &Rules) -> bool {
        self.copy_make_any(rules)
    }

    fn move_text(m: Move, _: &Rules) -> String {
        m.text()
    }
    fn parse_move(&self, text: &str, rules: &Rules) -> Result<Move, EngineError> {
        let g = geometry();
        find_legal(self, text, rules, (g.files, g.ranks), LETTERS)
    }
    /// The position after `m`, the turn structure carried out.
    fn play(&self, m: Move, rules: &Rules) -> Position {
        let us = self.turn;
        let them = !us;
        let mut p = *self;
        if m.kind == Kind::Pass {
            p.end_turn();
            return p;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let role = self.board.role_at(from).expect("a piece on the origin");
        let victim = if self.board.color[them.index()] & bit(to) != 0 {
            self.board.role_at(to)
        } else {
            None
        };
        if victim.is_some() {
            p.board.remove(to);
            p.virgin &= !bit(to);
        }
        let new_role = if m.promo != NONE {
            m.promo as usize
        } else {
            role
        };
        if m.kind != Kind::Shot {
            p.board.remove(from);
            p.virgin &= !bit(from);
            p.board.put(to, us, new_role);
        }
        let captured = victim.is_some();
        let effective = if role == JESTER {
            self.powers(us) & !CAPTURED
        } else {
            new_role as u8
        };
        let record = effective | if captured { CAPTURED } else { 0 };
        if p.last_by != us {
            p.prev = p.last;
            p.last_by = us;
        }
        p.last = record;
        p.halfmoves = if captured || role == PAWN {
            0
        } else {
            self.halfmoves + 1
        };
        let privileged = self.privileged(us);
        if captured {
            p.captured |= 1 << us.index();
        }
        let ends = !privileged
            || self.sub == 2
            || captured
            || role == JESTER
            || (rules.check_ends_turn && p.attacked(p.board.king(them), us, p.powers(us), rules));
        if ends {
            p.end_turn();
        } else {
            p.sub = 2;
            p.first = if rules.same_piece_forbidden {
                to as u8
            } else {
                NONE
            };
        }
        p
    }
    /// Every move, `0000` included, is one ply.
    fn perft(&self, depth: u32, rules: &Rules) -> u64 {
        self.copy_make_perft(depth, rules)
    }
    /// Whether the side to move's king is attacked (the enemy Jesters with
    /// the powers they have now, `prev=` after reading a FEN).
    fn is_check(&self, rules: &Rules) -> bool {
        let them = !self.turn;
        self.attacked(self.board.king(self.turn), them, self.powers(them), rules)
    }
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    fn halfmoves(&self) -> u32 {
        Position::halfmoves(self)
    }
    /// The position with what repetition ignores blanked out: the counters
    /// and the state the FEN does not show.
    fn repetition_key(&self, _: &Rules) -> Position {
        Position {
            halfmoves: 0,
            fullmoves: 1,
            first: NONE,
            ..*self
        }
    }

    /// Only the two kings are left.
    fn is_insufficient_material(&self, _: &Rules) -> bool {
        self.board.occupied() == self.board.role[KING]
    }
}

impl CopyMake for Position {
    const CAPACITY: usize = 128;

    /// The pseudo-legal moves of the side to move, without `0000`.
    fn pseudo_moves(&self, rules: &Rules, out: &mut Vec<Move>) {
        let us = self.turn;
        let second = self.sub == 2;
        let mut own = self.board.color[us.index()] & !self.board.role[JESTER];
        if second && self.first != NONE {
            own &= !bit(self.first as usize);
        }
        for from in squares(own) {
            let kind = self.board.role_at(from).expect("a piece");
            self.piece_moves(from, kind, !second, false, rules, out);
        }
        let jesters = self.board.color[us.index()] & self.board.role[JESTER];
        let powers = self.powers(us);
        if jesters != 0 && !second && powers != NONE && !(rules.jester_never && self.privileged(us))
        {
            let kind = (powers & !CAPTURED) as usize;
            for from in squares(jesters) {
                self.piece_moves(from, kind, powers & CAPTURED != 0, true, rules, out);
            }
        }
    }

    /// The mover's king is not attacked afterwards.
    #[inline]
    fn is_legal_move(&self, _: Move, child: &Position, rules: &Rules) -> bool {
        child.safe_for(self.turn, rules)
    }

    /// `0000`, on the second move of a turn when it is optional or nothing
    /// else is legal.
    #[inline]
    fn pass(&self, rules: &Rules, any_legal: bool) -> Option<Move> {
        (self.sub == 2 && (rules.second_optional || !any_legal)).then_some(Move::PASS)
    }
}
