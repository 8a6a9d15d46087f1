//! Chess Is a Joke (`joke`): chess on 9x9 with the freezing Joker and En
//! Croissant.
//!
//! Written from `chess-is-a-joke.txt` and `spec/rulings/joke.md` only. The
//! board is a `u128` bitboard ([`crate::big`]); moves are generated
//! pseudo-legally and each is played on a copy (copy-make), the freezes
//! recomputed and the timers advanced; a move is legal when afterwards no
//! unfrozen enemy piece attacks the mover's king (LANGUAGE.md §11).

mod fen;

use std::sync::OnceLock;

use crate::big::{bit, squares, Bits, Board, Geometry, Role};
use crate::color::Color;
use crate::error::EngineError;
use crate::rulings::{self, RulingTable};
use crate::variant::{find_legal, CopyMake, Fen, VariantGame, VariantPosition};

/// The board: 9 files, 9 ranks.
pub fn geometry() -> &'static Geometry {
    static GEO: OnceLock<Geometry> = OnceLock::new();
    GEO.get_or_init(|| Geometry::new(9, 9))
}

// Chess Is a Joke uses the first seven types; its `J` is the Joker.
pub(crate) use crate::big::role::{BISHOP, JESTER as JOKER, KING, KNIGHT, PAWN, QUEEN, ROOK};
/// The letters of the types Chess Is a Joke uses.
pub(crate) const LETTERS: &str = Role::letters(7);

const NONE: u8 = 255;

/// The rulings of `spec/rulings/joke.md`, default first.
pub const RULINGS: RulingTable = &[
    ("joke.linger", &["owner-turn", "none"]),
    ("joke.stay-adjacent", &["retarget", "linger"]),
    ("joke.freeze-trigger", &["recompute", "on-arrival"]),
    ("joke.en-passant", &["keep", "none"]),
    ("joke.castle-frozen-rook", &["forbidden", "allowed"]),
    ("joke.fifty-joker", &["no-reset", "reset"]),
    ("joke.black-setup", &["reflect", "rotate"]),
];

/// The rulings in force.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// `joke.linger=owner-turn`.
    pub linger: bool,
    /// `joke.stay-adjacent=retarget`.
    pub retarget_adjacent: bool,
    /// `joke.en-passant=keep`.
    pub en_passant: bool,
    /// `joke.castle-frozen-rook=allowed`.
    pub castle_frozen_rook: bool,
    /// `joke.fifty-joker=reset`.
    pub joker_capture_resets: bool,
    /// `joke.black-setup=rotate`.
    pub rotate: bool,
}

impl Rules {
    /// Resolves `(id, value)` pairs (LANGUAGE.md §18).
    pub fn new(rulings: &[(String, String)]) -> Result<Rules, EngineError> {
        let c = rulings::resolve("joke", RULINGS, rulings)?;
        if c[2] != 0 {
            return Err(EngineError::UnimplementedRuling(
                "joke.freeze-trigger=on-arrival (registered; the engine implements recompute)",
            ));
        }
        Ok(Rules {
            linger: c[0] == 0,
            retarget_adjacent: c[1] == 0,
            en_passant: c[3] == 0,
            castle_frozen_rook: c[4] == 1,
            joker_capture_resets: c[5] == 1,
            rotate: c[6] == 1,
        })
    }

    /// The start FEN under these rulings.
    pub fn start_fen(&self) -> &'static str {
        if self.rotate {
            "rnjbkqbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKBJNR w KQkq - 0 1"
        } else {
            START_FEN
        }
    }
}

/// The start position (`joke.black-setup=reflect`).
pub const START_FEN: &str = "rnbqkbjnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKBJNR w KQkq - 0 1";

/// What a move does besides moving one piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// A move or capture.
    Normal,
    /// A pawn's two-square first step.
    Double,
    /// En passant.
    EnPassant,
    /// En Croissant: the diagonal step behind the passer.
    Croissant,
    /// Castling (the king's move; the rook follows).
    Castle,
}

/// A move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Origin.
    pub from: u8,
    /// Target.
    pub to: u8,
    /// Special effect.
    pub kind: Kind,
    /// The kind promoted to, or `NONE`.
    pub promo: u8,
}

impl Move {
    fn new(from: usize, to: usize, kind: Kind) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            kind,
            promo: NONE,
        }
    }

    /// Canonical text (LANGUAGE.md §7): `e2e4`, `e8e9j`, castling `e1h1`.
    pub fn text(self) -> String {
        let g = geometry();
        let mut s = g.name(self.from as usize);
        s.push_str(&g.name(self.to as usize));
        if self.promo != NONE {
            s.push(LETTERS.as_bytes()[self.promo as usize].to_ascii_lowercase() as char);
        }
        s
    }
}

/// Castling right bits: White king side, White queen side, Black's.
const WK: u8 = 1;
const WQ: u8 = 2;
const BK: u8 = 4;
const BQ: u8 = 8;

/// A position of Chess Is a Joke with everything that decides its moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board<7>,
    turn: Color,
    castling: u8,
    /// En passant target, `NONE` if none.
    ep: u8,
    /// En Croissant target, `NONE` if none.
    croissant: u8,
    /// Pawns whose first move was a double step.
    double_stepped: Bits,
    /// Lingering freeze timers, two bit planes (values 0 to 3).
    t0: Bits,
    t1: Bits,
    /// Frozen pieces (board freezes and timers), derived.
    frozen: Bits,
    halfmoves: u32,
    fullmoves: u32,
}

impl Position {
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The fifty-move count in plies.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The pieces frozen now (by a Joker or a timer).
    pub fn frozen(&self) -> Bits {
        self.frozen
    }

    /// The enemy pieces a Joker of `color` on `sq` freezes: the
    /// highest-valued adjacent enemies, kings and Jokers left out.
    #[inline]
    fn joker_targets(&self, sq: usize, color: Color) -> Bits {
        let near = geometry().king[sq]
            & self.board.color[(!color).index()]
            & !(self.board.role[KING] | self.board.role[JOKER]);
        if near == 0 {
            return 0;
        }
        for group in [
            self.board.role[QUEEN],
            self.board.role[ROOK],
            self.board.role[BISHOP] | self.board.role[KNIGHT],
        ] {
            if near & group != 0 {
                return near & group;
            }
        }
        near
    }

    /// Every freeze the board implies.
    fn board_freezes(&self) -> Bits {
        let mut f = 0;
        for color in Color::ALL {
            for j in squares(self.board.role[JOKER] & self.board.color[color.index()]) {
                f |= self.joker_targets(j, color);
            }
        }
        f
    }

    fn refresh_frozen(&mut self) {
        self.frozen = self.board_freezes() | self.t0 | self.t1;
    }

    /// Whether an unfrozen piece of `by` attacks `sq`.
    pub fn attacked(&self, sq: usize, by: Color) -> bool {
        let g = geometry();
        let att = self.board.color[by.index()] & !self.frozen;
        if att == 0 {
            return false;
        }
        let occ = self.board.occupied();
        let r = &self.board.role;
        (g.knight[sq] & r[KNIGHT]
            | g.king[sq] & r[KING]
            | g.fwd_diag[(!by).index()][sq] & r[PAWN]
            | g.bishop(sq, occ) & (r[BISHOP] | r[QUEEN])
            | g.rook(sq, occ) & (r[ROOK] | r[QUEEN]))
            & att
            != 0
    }

    /// Whether the side to move is in check (unfrozen attackers only).
    pub fn is_check(&self) -> bool {
        self.attacked(self.board.king(self.turn), !self.turn)
    }

    fn castling_moves(&self, rules: &Rules, k: usize, occ: Bits, out: &mut Vec<Move>) {
        let us = self.turn;
        let (ks, qs, base) = match us {
            Color::White => (WK, WQ, 0),
            Color::Black => (BK, BQ, 72),
        };
        if self.castling & (ks | qs) == 0 || k != base + 4 {
            return;
        }
        let them = !us;
        // (right, rook file, files to be empty, the king's files e.., landing)
        type Side = (u8, usize, [usize; 3], [usize; 4], usize);
        let sides: [Side; 2] = [
            (ks, 8, [5, 6, 7], [4, 5, 6, 7], 7),
            (qs, 0, [1, 2, 3], [4, 3, 2, 1], 1),
        ];
        for (right, rook_file, between, king_path, land) in sides {
            let rook = base + rook_file;
            if self.castling & right == 0
                || self.board.role[ROOK] & self.board.color[us.index()] & bit(rook) == 0
                || (!rules.castle_frozen_rook && self.frozen & bit(rook) != 0)
                || between.iter().any(|&f| occ & bit(base + f) != 0)
                || king_path.iter().any(|&f| self.attacked(base + f, them))
            {
                continue;
            }
            out.push(Move::new(k, base + land, Kind::Castle));
        }
    }

    /// Castling's rook move, and the castling rights a move of `role` from
    /// `from` to `to` takes away.
    fn castle_effects(&mut self, kind: Kind, role: usize, from: usize, to: usize) {
        let g = geometry();
        let us = self.turn;
        if kind == Kind::Castle {
            let base = to - g.file(to);
            let (rook_from, rook_to) = if g.file(to) == 7 {
                (base + 8, base + 6)
            } else {
                (base, base + 2)
            };
            self.board.remove(rook_from);
            self.board.put(rook_to, us, ROOK);
        }
        if role == KING {
            self.castling &= if us == Color::White {
                !(WK | WQ)
            } else {
                !(BK | BQ)
            };
        }
        for (sq, right) in [(8, WK), (0, WQ), (80, BK), (72, BQ)] {
            if from == sq || to == sq {
                self.castling &= !right;
            }
        }
    }

    /// Gives the pieces of `set` without a running timer a timer of 1.
    fn start_timer(&mut self, set: Bits) {
        self.t0 |= set & !self.t1;
    }
}

/// A game of Chess Is a Joke: rulings, position and history.
pub type JokeGame = VariantGame<Position>;

impl VariantPosition for Position {
    type Rules = Rules;
    type Move = Move;

    fn rules(rulings: &[(String, String)]) -> Result<Rules, EngineError> {
        Rules::new(rulings)
    }
    fn startpos(rules: &Rules) -> Result<Position, EngineError> {
        Position::from_fen(rules.start_fen(), rules)
    }
    fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        self.copy_make_legal(rules)
    }
    fn has_legal_moves(&self, rules: &Rules) -> bool {
        self.copy_make_any(rules)
    }

    /// Blanks the move counters, and the en passant and En Croissant
    /// squares unless a move uses them.
    fn repetition_key(&self, rules: &Rules) -> Position {
        let moves = if self.ep != NONE || self.croissant != NONE {
            self.legal_moves(rules)
        } else {
            Vec::new()
        };
        Position {
            ep: if moves.iter().any(|m| m.kind == Kind::EnPassant) {
                self.ep
            } else {
                NONE
            },
            croissant: if moves.iter().any(|m| m.kind == Kind::Croissant) {
                self.croissant
            } else {
                NONE
            },
            halfmoves: 0,
            fullmoves: 1,
            ..*self
        }
    }

    fn move_text(m: Move, _: &Rules) -> String {
        m.text()
    }
    fn parse_move(&self, text: &str, rules: &Rules) -> Result<Move, EngineError> {
        let g = geometry();
        find_legal(self, text, rules, (g.files, g.ranks), LETTERS)
    }
    /// The position after `m` (which must be pseudo-legal), all of it
    /// carried out: capture, move, promotion, flags, counters, timers,
    /// freezes, turn.
    fn play(&self, m: Move, rules: &Rules) -> Position {
        let g = geometry();
        let us = self.turn;
        let them = !us;
        let (from, to) = (m.from as usize, m.to as usize);
        let role = self.board.role_at(from).expect("a piece on the origin");
        let mut p = *self;
        let left_behind = if role == JOKER {
            self.joker_targets(from, us)
        } else {
            0
        };
        let cap_sq = match m.kind {
            Kind::EnPassant => g.forward(them, to),
            _ => to,
        };
        let captured = if self.board.color[them.index()] & bit(cap_sq) != 0 {
            self.board.role_at(cap_sq)
        } else {
            None
        };
        if captured.is_some() {
            p.board.remove(cap_sq);
            let clear = !bit(cap_sq);
            p.double_stepped &= clear;
            p.t0 &= clear;
            p.t1 &= clear;
        }
        p.board.remove(from);
        let new_role = if m.promo != NONE {
            m.promo as usize
        } else {
            role
        };
        p.board.put(to, us, new_role);
        if role == PAWN {
            let flagged = self.double_stepped & bit(from) != 0;
            p.double_stepped &= !bit(from);
            if m.kind == Kind::Double || (flagged && new_role == PAWN) {
                p.double_stepped |= bit(to);
            }
        }
        p.castle_effects(m.kind, role, from, to);
        p.ep = if m.kind == Kind::Double && rules.en_passant {
            g.forward(us, from) as u8
        } else {
            NONE
        };
        p.croissant = if role == PAWN
            && m.kind == Kind::Normal
            && captured.is_none()
            && m.promo == NONE
            && self.double_stepped & bit(from) != 0
        {
            from as u8
        } else {
            NONE
        };
        let resets = role == PAWN
            || match captured {
                Some(JOKER) => rules.joker_capture_resets,
                Some(_) => true,
                None => false,
            };
        p.halfmoves = if resets { 0 } else { self.halfmoves + 1 };
        if us == Color::Black {
            p.fullmoves += 1;
        }
        // The mover's turn has passed: its pieces' timers run down.
        let mine = p.board.color[us.index()];
        let (t0, t1) = (p.t0 & mine, p.t1 & mine);
        p.t0 = (p.t0 & !mine) | (t1 & !t0);
        p.t1 = (p.t1 & !mine) | (t1 & t0);
        if m.kind == Kind::Croissant {
            p.start_timer(bit(g.forward(them, to)));
        }
        if left_behind != 0 && rules.linger {
            let mut lingering = left_behind & !p.board_freezes();
            if rules.retarget_adjacent {
                lingering &= !g.king[to];
            }
            p.start_timer(lingering);
        }
        p.refresh_frozen();
        p.turn = them;
        p
    }
    fn perft(&self, depth: u32, rules: &Rules) -> u64 {
        self.copy_make_perft(depth, rules)
    }
    fn is_check(&self, _: &Rules) -> bool {
        Position::is_check(self)
    }
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    fn halfmoves(&self) -> u32 {
        Position::halfmoves(self)
    }
    /// No pawn, rook or queen, and at most one knight, bishop or Joker in
    /// all, or only bishops on one square colour (`spec/rulings/joke.md`).
    fn is_insufficient_material(&self, _: &Rules) -> bool {
        let r = &self.board.role;
        if r[PAWN] | r[ROOK] | r[QUEEN] != 0 {
            return false;
        }
        let minors = r[KNIGHT] | r[BISHOP] | r[JOKER];
        if minors.count_ones() <= 1 {
            return true;
        }
        if r[KNIGHT] | r[JOKER] != 0 {
            return false;
        }
        // Square colour on 9x9: (file + rank) parity = index parity.
        let even: Bits = squares(geometry().all)
            .filter(|s| s % 2 == 0)
            .fold(0, |b, s| b | bit(s));
        r[BISHOP] & even == 0 || r[BISHOP] & !even == 0
    }
}

impl CopyMake for Position {
    const CAPACITY: usize = 96;

    /// The pseudo-legal moves: every piece's movement, castling, en passant
    /// and En Croissant; frozen pieces have none.
    fn pseudo_moves(&self, rules: &Rules, out: &mut Vec<Move>) {
        let g = geometry();
        let us = self.turn;
        let ui = us.index();
        let (own, enemies, occ) = self.board.sides(us);
        let empty = g.all & !occ;
        let movable = own & !self.frozen;
        let last_rank = g.rank_mask[if us == Color::White { 8 } else { 0 }];
        let push = |out: &mut Vec<Move>, from: usize, to: usize| {
            if bit(to) & last_rank != 0 {
                for promo in [QUEEN, ROOK, BISHOP, KNIGHT, JOKER] {
                    out.push(Move {
                        promo: promo as u8,
                        ..Move::new(from, to, Kind::Normal)
                    });
                }
            } else {
                out.push(Move::new(from, to, Kind::Normal));
            }
        };
        for sq in squares(movable & self.board.role[PAWN]) {
            let one = g.fwd[ui][sq];
            if one & empty != 0 {
                let to = one.trailing_zeros() as usize;
                push(out, sq, to);
                if g.relative_rank(us, sq) == 1 && g.fwd[ui][to] & empty != 0 {
                    out.push(Move::new(sq, g.forward(us, to), Kind::Double));
                }
            }
            for to in squares(g.fwd_diag[ui][sq] & enemies) {
                push(out, sq, to);
            }
            if self.ep != NONE && g.fwd_diag[ui][sq] & bit(self.ep as usize) != 0 {
                out.push(Move::new(sq, self.ep as usize, Kind::EnPassant));
            }
            if self.croissant != NONE
                && self.double_stepped & bit(sq) != 0
                && g.fwd_diag[ui][sq] & bit(self.croissant as usize) != 0
            {
                out.push(Move::new(sq, self.croissant as usize, Kind::Croissant));
            }
        }
        for sq in squares(movable & self.board.role[KNIGHT]) {
            for to in squares(g.knight[sq] & !own) {
                out.push(Move::new(sq, to, Kind::Normal));
            }
        }
        for sq in squares(movable & (self.board.role[BISHOP] | self.board.role[QUEEN])) {
            for to in squares(g.bishop(sq, occ) & !own) {
                out.push(Move::new(sq, to, Kind::Normal));
            }
        }
        for sq in squares(movable & (self.board.role[ROOK] | self.board.role[QUEEN])) {
            for to in squares(g.rook(sq, occ) & !own) {
                out.push(Move::new(sq, to, Kind::Normal));
            }
        }
        for sq in squares(movable & self.board.role[JOKER]) {
            for to in squares(g.knight[sq] & empty) {
                out.push(Move::new(sq, to, Kind::Normal));
            }
        }
        let k = self.board.king(us);
        for to in squares(g.king[k] & !own) {
            out.push(Move::new(k, to, Kind::Normal));
        }
        self.castling_moves(rules, k, occ, out);
    }

    /// The player who moved is not left in check.
    #[inline]
    fn is_legal_move(&self, _: Move, child: &Position, _: &Rules) -> bool {
        !child.attacked(child.board.king(self.turn), child.turn)
    }
}
