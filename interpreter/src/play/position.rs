//! The position: board, side to move, state beyond the board; making and
//! unmaking moves.

use super::piece_state::PieceState;
use super::Rules;
use crate::geometry::{Bits, Square, SquareSet};
use crate::program::{code, CapturedTo, Sets, MAX_COUNTERS, MAX_PIECE_TYPES, WALL};

/// Copies what a move of a file with [`Rules::plain_moves`] changes beyond
/// the pieces, the hands and the promoted marks between a position and its
/// undo record (`from => to`).
macro_rules! copy_plain {
    ($from:expr => $to:expr) => {{
        let (from, to) = (&$from, &mut $to);
        to.ep = from.ep;
        to.ep_victim = from.ep_victim;
        to.virgin = from.virgin;
        to.halfmove = from.halfmove;
        to.side = from.side;
        to.fullmove = from.fullmove;
    }};
}

/// Copies the state a move may change beyond the pieces, the hands and
/// the walls between a position and its undo record (`from => to`): one
/// list for saving and restoring. Per-piece state, counts and special-move
/// state only where the rules keep them.
macro_rules! copy_kept {
    ($from:expr => $to:expr, $rules:expr) => {{
        copy_plain!($from => $to);
        let (from, to, rules) = (&$from, &mut $to, $rules);
        to.ep2 = from.ep2;
        to.ep2_victim = from.ep2_victim;
        to.checks = from.checks;
        to.promoted = from.promoted;
        to.last = from.last;
        to.prev = from.prev;
        to.last_squares = from.last_squares;
        to.dropped_by = from.dropped_by;
        to.flags = from.flags;
        to.counters = from.counters;
        to.lost = from.lost;
        to.sub = from.sub;
        to.turn_pieces = from.turn_pieces;
        to.passes = from.passes;
        if rules.counts_honour {
            to.counting = from.counting;
        }
        if rules.keeps_piece_state {
            to.piece_state = from.piece_state;
        }
        if rules.special_moves {
            to.freezes = from.freezes;
            to.stepped = from.stepped;
            to.opened = from.opened;
        }
    }};
}

/// White's index.
pub const WHITE: usize = 0;
/// Black's index.
pub const BLACK: usize = 1;

/// What a move does beyond moving one piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum MoveKind {
    /// A piece moves, capturing what stands on the target, if anything.
    #[default]
    Normal,
    /// A non-capturing move that makes the squares it passes en passant targets.
    Passing,
    /// An en passant capture of the piece on `aux`.
    EnPassant,
    /// Castling with the rook on `aux`, which ends on `extra`.
    Castle,
    /// A capture on `to` without moving.
    Shoot,
    /// A piece from the hand (its code in `promotion`) is placed on `to`.
    Drop,
    /// A later move of a turn declined (`0000`): the turn passes (§16).
    Null,
    /// A reply (§12.3) onto the square an opening move opened; the opening
    /// piece is frozen.
    Reply,
}

/// A move of the interpreter, valid for the position it was generated in.
/// (The default, a1 to a1, is never legal: a placeholder in tables.) Its
/// compact fields stay inside the crate; [`Move::action`] and
/// [`Move::gating`] say what it does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub(crate) from: Square,
    /// Target square.
    pub(crate) to: Square,
    /// What kind of move it is.
    pub(crate) kind: MoveKind,
    /// Piece code after promotion (a drop: the piece dropped), or 0.
    pub(crate) promotion: u8,
    /// En passant: the captured piece's square. Castling: the rook's
    /// origin. A drop: the type held.
    pub(crate) aux: Square,
    /// Castling: the rook's target. A promotion: its rule's index + 1. A
    /// drop: its rule's index.
    pub(crate) extra: Square,
    /// Piece code gated from the hand with this move, or 0.
    pub(crate) gate: u8,
    /// Where the gated piece appears.
    pub(crate) gate_at: Square,
}

/// What [`Position::make`] needs to undo a move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Undo<S: SquareSet = Bits> {
    moved: u8,
    /// The board's hash before a plain move ([`Rules::plain_moves`]),
    /// put back by [`Position::unmake_plain`] instead of undoing its steps.
    hash: u64,
    captured: u8,
    ep: S,
    ep_victim: Square,
    ep2: S,
    ep2_victim: Square,
    virgin: S,
    halfmove: u32,
    checks: [u8; 2],
    promoted: S,
    last: u8,
    prev: u8,
    last_squares: LastSquares,
    dropped_by: u8,
    flags: [u32; 2],
    lost: u32,
    /// Kept only when the rules have special moves (§12.3, §15).
    freezes: Freezes<S>,
    /// What the move changes beyond the board, read before it is made,
    /// when the rules have special moves (§12.3, §15).
    before: super::freeze::BeforeMove<S>,
    stepped: S,
    opened: Opened<S>,
    /// Kept only when the rules keep per-piece state (§13).
    piece_state: PieceState<S>,
    counters: [[u8; MAX_COUNTERS]; 2],
    /// Hand that received the captured piece: (colour, type), or (255, _).
    gained: (u8, u8),
    side: usize,
    fullmove: u32,
    sub: u8,
    turn_pieces: S,
    /// Squares an explosion emptied (§11.5), and the codes it removed there,
    /// in square order.
    blast: S,
    blasted: [u8; crate::program::MAX_BLAST_SQUARES + 1],
    /// Colours (bit per colour) that lost a royal piece to the move: captured
    /// or exploded; kept only for captures where captures explode.
    royals_lost: u8,
    passes: u8,
    counting: super::HonourCount,
    /// The wall squares before the move (§11.6), where walls are kept.
    walls: S,
    /// The capturer turned into a wall (§11.6 `walls.capturers`).
    petrified: bool,
}

impl<S: SquareSet> Undo<S> {
    /// Where captures explode (§11.5): the colours (a bit per colour) that
    /// lost a royal piece to the move, captured or exploded.
    #[inline]
    pub(crate) fn royals_lost(&self) -> u8 {
        if self.captured != 0 {
            self.royals_lost
        } else {
            0
        }
    }
}

/// A position of a variant: a validated state, made only by parsing FEN
/// against the rules or by playing legal moves. Its sets of squares are
/// `S`: the widest as parsed and played through the public interface;
/// [`Rules::perft`] counts on a copy whose sets are as wide as the board
/// needs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position<S: SquareSet = Bits> {
    /// Piece code per square (0 empty).
    pub(crate) board: [u8; 256],
    /// Squares occupied by each colour.
    pub(crate) occupied: [S; 2],
    /// Squares of each colour's royal pieces.
    pub(crate) royals: [S; 2],
    /// Squares of freezers (§15), both colours.
    pub(crate) freezers: S,
    /// Squares of the pieces whose attacks the compiled probes do not
    /// cover ([`crate::program::Tables::complex`]), both colours: the only
    /// pieces an attack test walks.
    pub(crate) complex: S,
    /// Squares whose piece has not moved yet.
    pub(crate) virgin: S,
    /// Colour to move.
    pub(crate) side: usize,
    /// En passant target squares.
    pub(crate) ep: S,
    /// The piece an en passant capture removes (valid when `ep` is not empty).
    pub(crate) ep_victim: Square,
    /// The targets in `ep` of an earlier passing move, whose victim is
    /// `ep2_victim`; empty unless the window is `next-turn` (§16).
    pub(crate) ep2: S,
    /// The piece an en passant capture on an `ep2` target removes.
    pub(crate) ep2_victim: Square,
    /// Plies since the last capture or irreversible move.
    pub(crate) halfmove: u32,
    /// Move number, starting at 1, incremented after Black moves.
    pub(crate) fullmove: u32,
    /// Checks given by each side, for check-counting variants.
    pub(crate) checks: [u8; 2],
    /// Pieces in hand: count per colour and type.
    pub(crate) hands: [[u8; MAX_PIECE_TYPES]; 2],
    /// Squares of pieces that were promoted (they return to a hand demoted).
    pub(crate) promoted: S,
    /// The last move: 1 + its effective type, `CAPTURED` added if it
    /// captured; 0 before any move. Kept when rules read it (§12.2).
    pub(crate) last: u8,
    /// The move before the last one, likewise.
    pub(crate) prev: u8,
    /// The last move's kind and squares, kept when a condition reads them
    /// (`last_move.kind`, `.from`, `.to`, §5.2).
    pub(crate) last_squares: LastSquares,
    /// 1 + the drop rule of the last move when it was a drop, else 0. Kept
    /// when a drop rule's checkmate loses (§14.2); 0 after reading a FEN.
    pub(crate) dropped_by: u8,
    /// Player flags (§13), a bit per declared flag, per colour.
    pub(crate) flags: [u32; 2],
    /// Types (bit set) the side to move lost on the opponent's last move.
    pub(crate) lost: u32,
    /// Index of the move due within the turn, from 0 (§16): above 0 the
    /// side to move has already moved in this turn.
    pub(crate) sub: u8,
    /// Where the pieces that moved earlier in this turn stand, while a
    /// later move is due (not known after reading a FEN).
    pub(crate) turn_pieces: S,
    /// Frozen pieces and lingering freezes (§15).
    pub(crate) freezes: Freezes<S>,
    /// Pieces whose first move was by an initial-only movement (§12.3).
    pub(crate) stepped: S,
    /// The square a move opened to a reply (§12.3), if any.
    pub(crate) opened: Opened<S>,
    /// Piece flags and imitators' captured types (§13, §12.2).
    pub(crate) piece_state: PieceState<S>,
    /// Counters (§13), per colour.
    pub(crate) counters: [[u8; MAX_COUNTERS]; 2],
    /// Passes (§11.5) made in a row just before this position; not part
    /// of the repetition key.
    pub(crate) passes: u8,
    /// The count of the counting rules (§10.1), when one runs.
    pub(crate) counting: super::HonourCount,
    /// Zobrist hash of the pieces on the board, kept by [`Position::put`]
    /// and [`Position::take`]; [`Rules::key`] adds the rest of the state.
    pub(crate) hash: u64,
}

/// The last move's kind and squares (§5.2 `last_move.kind`, `.from`, `.to`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LastSquares {
    /// An index of [`crate::program::LAST_MOVE_KINDS`]: 0 before any move.
    pub kind: u8,
    /// Its origin (none for a drop).
    pub from: Square,
    /// Its target.
    pub to: Square,
}

impl LastSquares {
    /// The kind of a drop in [`crate::program::LAST_MOVE_KINDS`].
    pub const DROP: u8 = 2;

    /// The record of move `m` (not a null move).
    pub fn of(m: Move) -> LastSquares {
        let kind = match m.kind {
            MoveKind::Drop => Self::DROP,
            MoveKind::Castle => 3,
            MoveKind::Shoot => 5,
            _ if m.promotion != 0 => 4,
            _ => 1,
        };
        LastSquares {
            kind,
            from: m.from,
            to: m.to,
        }
    }
}

/// Freezing state (§15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Freezes<S: SquareSet> {
    /// Every frozen piece: those freezers hold now and those lingering.
    pub frozen: S,
    /// The pieces freezers hold, when they choose on arrival (§15); with
    /// `trigger: recompute` the board says which, and this stays empty.
    pub held: S,
    /// Lingering freezes: `timers[k]` holds the pieces frozen for `k + 1`
    /// more turns of their owner.
    pub timers: [S; crate::program::MAX_LINGER as usize],
    /// With `trigger: recompute`, every piece some freezer watches (a
    /// function of the board, kept so that a move far from every freezer
    /// need not walk their reach again); empty otherwise.
    pub watched: S,
}

impl<S: SquareSet> Freezes<S> {
    /// Turns of its owner the piece on `sq` stays frozen by a timer (0: none).
    pub fn timer(&self, sq: Square) -> u8 {
        self.timers
            .iter()
            .position(|t| t.has(sq))
            .map_or(0, |k| k as u8 + 1)
    }

    /// Gives the piece on `sq` a timer of `n` turns unless it has a longer one.
    pub fn set_timer(&mut self, sq: Square, n: u8) {
        if n > self.timer(sq) {
            self.clear_timer(sq);
            self.timers[n as usize - 1].set(sq);
        }
    }

    /// Removes the timer of `sq`.
    pub fn clear_timer(&mut self, sq: Square) {
        for t in &mut self.timers {
            t.clear(sq);
        }
    }

    /// Counts down the timers of the pieces on `owned`.
    pub fn count_down(&mut self, owned: S) {
        let last = self.timers.len() - 1;
        for k in 0..last {
            self.timers[k] = (self.timers[k] & !owned) | (self.timers[k + 1] & owned);
        }
        self.timers[last] = self.timers[last] & !owned;
    }

    /// Every piece with a timer.
    pub fn lingering(&self) -> S {
        self.timers.iter().fold(S::default(), |a, &t| a | t)
    }
}

/// A square opened to a reply (§12.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Opened<S: SquareSet> {
    /// The opened square (empty: none).
    pub square: S,
    /// The piece that opened it.
    pub opener: Square,
    /// Index of the reply rule.
    pub rule: u8,
}

/// Flag of [`Position::last`] and [`Position::prev`]: the move captured.
pub const CAPTURED: u8 = 0x80;

impl Position {
    /// An empty board, White to move.
    pub fn empty() -> Position {
        Position {
            board: [0; 256],
            occupied: [Bits::default(); 2],
            royals: [Bits::default(); 2],
            freezers: Bits::default(),
            complex: Bits::default(),
            virgin: Bits::default(),
            side: WHITE,
            ep: Bits::default(),
            ep_victim: 0,
            ep2: Bits::default(),
            ep2_victim: 0,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            hands: [[0; MAX_PIECE_TYPES]; 2],
            promoted: Bits::default(),
            last: 0,
            prev: 0,
            last_squares: LastSquares::default(),
            dropped_by: 0,
            flags: [0; 2],
            lost: 0,
            sub: 0,
            turn_pieces: Bits::default(),
            freezes: Freezes::default(),
            stepped: Bits::default(),
            opened: Opened::default(),
            piece_state: PieceState::default(),
            counters: [[0; MAX_COUNTERS]; 2],
            passes: 0,
            counting: super::HonourCount::default(),
            hash: 0,
        }
    }
}

impl<S: SquareSet> Position<S> {
    /// This position with its sets of squares of width `T`, which holds
    /// every square of its board.
    pub(crate) fn resized<T: SquareSet>(&self) -> Position<T> {
        let set = |s: S| T::from_bits(s.to_bits());
        let freezes = &self.freezes;
        Position {
            board: self.board,
            occupied: self.occupied.map(set),
            royals: self.royals.map(set),
            freezers: set(self.freezers),
            complex: set(self.complex),
            virgin: set(self.virgin),
            side: self.side,
            ep: set(self.ep),
            ep_victim: self.ep_victim,
            ep2: set(self.ep2),
            ep2_victim: self.ep2_victim,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            hands: self.hands,
            promoted: set(self.promoted),
            last: self.last,
            prev: self.prev,
            last_squares: self.last_squares,
            dropped_by: self.dropped_by,
            flags: self.flags,
            lost: self.lost,
            sub: self.sub,
            turn_pieces: set(self.turn_pieces),
            freezes: Freezes {
                frozen: set(freezes.frozen),
                held: set(freezes.held),
                timers: freezes.timers.map(set),
                watched: set(freezes.watched),
            },
            stepped: set(self.stepped),
            opened: Opened {
                square: set(self.opened.square),
                opener: self.opened.opener,
                rule: self.opened.rule,
            },
            piece_state: self.piece_state.resized(),
            counters: self.counters,
            passes: self.passes,
            counting: self.counting,
            hash: self.hash,
        }
    }

    /// The colour that made the latest move (the one `last`
    /// records): the side to move while a later move of its turn is due,
    /// else the other side.
    #[inline]
    pub fn last_mover(&self) -> usize {
        if self.sub > 0 {
            self.side
        } else {
            self.side ^ 1
        }
    }

    /// Puts piece `code` on an empty square.
    #[inline]
    pub fn put(&mut self, rules: &Rules, sq: Square, code: u8) {
        self.place::<true>(rules, sq, code);
    }

    /// [`Position::put`], the hash brought up to date only where `HASH`
    /// (a plain move's unmake puts the saved hash back instead).
    #[inline(always)]
    fn place<const HASH: bool>(&mut self, rules: &Rules, sq: Square, code: u8) {
        let colour = (code as usize - 1) & 1;
        self.board[sq as usize] = code;
        if HASH {
            self.hash ^= super::zobrist::piece(code, sq);
        }
        self.occupied[colour].set(sq);
        if rules.marked_codes >> code & 1 != 0 {
            self.mark(rules, sq, code, colour);
        }
    }

    /// Records the piece `code` of `colour` put on `sq` in the sets of royal
    /// pieces, freezers and attackers the probes do not cover it belongs to.
    #[inline]
    fn mark(&mut self, rules: &Rules, sq: Square, code: u8, colour: usize) {
        if rules.royal_codes >> code & 1 != 0 {
            self.royals[colour].set(sq);
        }
        if rules.freezer_codes >> code & 1 != 0 {
            self.freezers.set(sq);
        }
        if rules.tables.complex[colour] >> code & 1 != 0 {
            self.complex.set(sq);
        }
    }

    /// The wall squares (§11.6): those whose board code is `WALL`. (Read
    /// from the board, so that positions of files without walls carry
    /// nothing for them.)
    pub fn walls(&self) -> S {
        let mut walls = S::default();
        for (sq, &code) in self.board.iter().enumerate() {
            if code == WALL {
                walls.set(sq as Square);
            }
        }
        walls
    }

    /// Makes the empty square `sq` a wall (§11.6).
    pub fn put_wall(&mut self, sq: Square) {
        self.board[sq as usize] = WALL;
        self.hash ^= super::zobrist::piece(WALL, sq);
    }

    /// Empties the wall squares `walls`.
    fn clear_walls(&mut self, walls: S) {
        for sq in walls.iter() {
            self.board[sq as usize] = 0;
            self.hash ^= super::zobrist::piece(WALL, sq);
        }
    }

    /// Removes whatever stands on `sq`, returning its code.
    #[inline]
    pub fn take(&mut self, sq: Square) -> u8 {
        self.take_marked::<true>(sq, None)
    }

    /// [`Position::take`] for make and unmake: the sets of royal pieces,
    /// freezers and complex attackers are touched only for a code that
    /// [`Position::put`] marks in them (no other is ever in them); the hash
    /// only where `HASH`.
    #[inline(always)]
    fn lift<const HASH: bool>(&mut self, rules: &Rules, sq: Square) -> u8 {
        self.take_marked::<HASH>(sq, Some(rules.marked_codes))
    }

    /// Removes whatever stands on `sq`, returning its code; the sets of
    /// royal pieces, freezers and complex attackers are cleared there only
    /// for a code in `marked` (for any code where `None`); the hash is
    /// brought up to date only where `HASH`.
    #[inline(always)]
    fn take_marked<const HASH: bool>(&mut self, sq: Square, marked: Option<u64>) -> u8 {
        let code = self.board[sq as usize];
        if code != 0 {
            let colour = (code as usize - 1) & 1;
            self.board[sq as usize] = 0;
            if HASH {
                self.hash ^= super::zobrist::piece(code, sq);
            }
            self.occupied[colour].clear(sq);
            if marked.is_none_or(|m| m >> code & 1 != 0) {
                self.unmark(sq, colour);
            }
        }
        code
    }

    /// Clears `sq` from the sets of royal pieces (of `colour`), freezers
    /// and complex attackers that [`Position::mark`] puts it in.
    #[inline(always)]
    fn unmark(&mut self, sq: Square, colour: usize) {
        self.royals[colour].clear(sq);
        self.freezers.clear(sq);
        self.complex.clear(sq);
    }

    /// Moves the piece `leaving` on `from` to the empty square `to`, where
    /// it stands as `arriving` (its promoted code, or itself): one step for
    /// what [`Position::lift`] and [`Position::put`] do, the marked sets
    /// touched only where either code is marked. The hash is brought up to
    /// date only where `HASH`.
    #[inline(always)]
    fn relocate<const HASH: bool>(
        &mut self,
        rules: &Rules,
        (from, to): (Square, Square),
        leaving: u8,
        arriving: u8,
    ) {
        debug_assert!(self.board[from as usize] == leaving && self.board[to as usize] == 0);
        let colour = (leaving as usize - 1) & 1;
        self.board[from as usize] = 0;
        self.board[to as usize] = arriving;
        if HASH {
            self.hash ^= super::zobrist::piece(leaving, from) ^ super::zobrist::piece(arriving, to);
        }
        self.occupied[colour].clear(from);
        self.occupied[colour].set(to);
        if rules.marked_codes & (1 << leaving | 1 << arriving) != 0 {
            self.unmark(from, colour);
            self.mark(rules, to, arriving, colour);
        }
    }

    /// Plays a pseudo-legal move; returns what [`Position::unmake`] needs.
    #[inline]
    pub fn make(&mut self, rules: &Rules, m: Move) -> Undo<S> {
        let mut undo = Undo::default();
        self.make_into(rules, m, &mut undo);
        undo
    }

    /// Plays a pseudo-legal move, writing what [`Position::unmake`] needs
    /// into `undo` (a buffer reused across moves keeps the hot path free of
    /// large copies). The plain path is inlined into the caller (perft's
    /// loop makes every leaf with it, through `make_with`);
    /// the others are calls.
    #[inline(always)]
    pub fn make_into(&mut self, rules: &Rules, m: Move, undo: &mut Undo<S>) {
        self.make_with::<true, false>(rules, m, undo);
    }

    /// [`Position::make_into`], its plain path specialised: the board's
    /// hash and the fifty-move clock kept only where `WHOLE` (perft, which
    /// never reads them, drops them), the tests for hands and records
    /// compiled out where `BARE` (the rules have [`Rules::bare_moves`]).
    /// Unmade by [`Position::unmake_with`] with the same `WHOLE` and `BARE`.
    #[inline(always)]
    pub(crate) fn make_with<const WHOLE: bool, const BARE: bool>(
        &mut self,
        rules: &Rules,
        m: Move,
        undo: &mut Undo<S>,
    ) {
        debug_assert!(!BARE || rules.bare_moves);
        if (BARE || rules.plain_moves) && m.kind != MoveKind::Null {
            self.make_plain::<WHOLE, BARE>(rules, m, undo);
        } else if rules.special_plain && m.kind != MoveKind::Null {
            self.make_special_plain(rules, m, undo);
        } else {
            self.make_general(rules, m, undo);
        }
    }

    /// [`Position::make_into`] for a pass or a move of a file whose moves
    /// are not plain. Out of line, so that the plain path keeps a small
    /// frame.
    #[inline(never)]
    fn make_general(&mut self, rules: &Rules, m: Move, undo: &mut Undo<S>) {
        self.save(rules, m, undo);
        let us = self.side;
        let lasting = match &rules.variant.turn {
            Some(t) if t.en_passant_next_turn => self.lasting_targets(m),
            _ => None,
        };
        if m.kind == MoveKind::Null {
            self.ep = S::default();
            if let Some(lasting) = lasting {
                self.pass_turn();
                self.reopen_targets(lasting, us);
                return;
            }
            // A pass of its own (§11.4), not a declined later move (§16),
            // counts for the fifty-move rule.
            if self.sub == 0 && rules.variant.passing.is_some() {
                self.halfmove = self.halfmove.saturating_add(1);
                self.passes = self.passes.saturating_add(1);
                if self.counting.limit != 0 {
                    self.counting.ply = self.counting.ply.saturating_add(1);
                }
            }
            self.pass_turn();
            return;
        }
        self.passes = 0;
        if rules.special_moves {
            rules.before_move(self, m, &mut undo.before);
        }
        // Whether this turn has several moves: the privilege, judged at its start.
        let several = rules
            .variant
            .turn
            .as_ref()
            .is_some_and(|t| self.sub > 0 || rules.holds(&t.privilege, self, None, false));
        if rules.records_moves {
            self.record_move(rules, m);
        }
        if rules.records_drops {
            self.dropped_by = if m.kind == MoveKind::Drop {
                m.extra + 1
            } else {
                0
            };
        }
        let mut sets = if rules.setting_codes == 0 {
            Sets::default()
        } else {
            rules.entry_sets(self, m)
        };
        if rules.sets_on_entry {
            sets = sets.and(rules.entry_rule_sets(m));
        }
        if !self.ep.is_empty() {
            self.ep = S::default();
        }
        self.move_pieces::<false, true, false>(rules, m, undo);
        if rules.keeps_piece_state {
            self.move_piece_state(rules, m, (undo.moved, undo.captured));
        }
        if !sets.is_empty() {
            self.apply_sets(sets, us, Some(m.to));
        }
        self.count_capture::<false, true>(rules, m, undo);
        if rules.special_moves {
            rules.after_move(self, m, us, &undo.before);
        }
        self.pass_turn();
        self.continue_turn(rules, m, undo, several);
        if let Some(lasting) = lasting {
            self.reopen_targets(lasting, us);
        }
        if rules.special_moves {
            rules.after_side_change(self, &undo.before, us);
        }
        if rules.count_checks && rules.royal_attacked(self, us ^ 1) {
            self.checks[us] = self.checks[us].saturating_add(1);
        }
        if let Some(counting) = &rules.variant.counting {
            rules.count_honour(self, counting, us, m.kind, m.promotion != 0, undo.captured);
        }
    }

    /// Records move `m`, before it is made, as the last move (§12.2, §5.2
    /// `last_move`): `prev` keeps the latest move of the player who did not
    /// make `last`.
    #[inline]
    fn record_move(&mut self, rules: &Rules, m: Move) {
        if rules.variant.record_prev && self.last_mover() != self.side {
            self.prev = self.last;
        }
        self.last = rules.effective_type(self, m);
        if rules.variant.record_last_squares {
            self.last_squares = LastSquares::of(m);
        }
    }

    /// [`Position::make_into`] for a move (not a pass) of a file with
    /// [`Rules::plain_moves`]: the steps that such a move can take, without
    /// the tests for what such files never have. Saves only what
    /// [`Position::unmake_plain`] restores: the records of the last moves,
    /// the lost types and the player's flags and counters only where the
    /// rules keep them. The hash is saved whole, for
    /// [`Position::unmake_plain`] to put back, and the fifty-move clock
    /// counted, where `WHOLE` (else both are left as they are); `BARE`: as
    /// [`Position::make_with`].
    #[inline(always)]
    fn make_plain<const WHOLE: bool, const BARE: bool>(
        &mut self,
        rules: &Rules,
        m: Move,
        undo: &mut Undo<S>,
    ) {
        debug_assert!(self.sub == 0 && self.passes == 0 && self.turn_pieces.is_empty());
        undo.moved = self.board[m.from as usize];
        undo.captured = 0;
        if WHOLE {
            undo.hash = self.hash;
        }
        copy_plain!(*self => *undo);
        if !BARE && rules.tracks_hands {
            undo.gained = (255, 0);
            // Only files that keep promoted marks change them on this path.
            if rules.marks_promoted {
                undo.promoted = self.promoted;
            }
        }
        if !BARE && rules.plain_records {
            self.save_records(rules, m, undo);
        }
        if !self.ep.is_empty() {
            self.ep = S::default();
        }
        self.move_pieces::<true, WHOLE, BARE>(rules, m, undo);
        if !BARE && rules.sets_on_entry {
            self.apply_entry_sets(rules, m, undo.side);
        }
        self.count_capture::<BARE, WHOLE>(rules, m, undo);
        // Plain files have no turns of several moves (§16): the move due
        // within the turn and the turn's pieces stay as they are, empty.
        self.pass_side();
    }

    /// [`Position::make_into`] for a move (not a pass) of a file whose
    /// moves are plain but for their special moves ([`Rules::special_plain`]):
    /// the plain path, with the freezes, the initial-only record and the
    /// opened square saved and brought up to date around it. (Nothing the
    /// special moves do reads the side to move, which the plain path has
    /// passed before they are brought up to date.)
    #[inline(never)]
    fn make_special_plain(&mut self, rules: &Rules, m: Move, undo: &mut Undo<S>) {
        rules.before_move(self, m, &mut undo.before);
        undo.freezes = self.freezes;
        undo.stepped = self.stepped;
        undo.opened = self.opened;
        let us = self.side;
        self.make_plain::<true, false>(rules, m, undo);
        rules.after_move(self, m, us, &undo.before);
        rules.after_side_change(self, &undo.before, us);
    }

    /// Writes into `undo` what [`Position::unmake`] restores before `m` is made.
    #[inline(always)]
    fn save(&self, rules: &Rules, m: Move, undo: &mut Undo<S>) {
        undo.moved = self.board[m.from as usize];
        undo.captured = 0;
        undo.gained = (255, 0);
        copy_kept!(*self => *undo, rules);
    }

    /// Moves, captures, drops and gates the pieces of `m` (not a null move)
    /// for the side to move; the captured piece goes into `undo`. `PLAIN`:
    /// a move of a file with [`Rules::plain_moves`] or
    /// [`Rules::special_plain`], which has neither walls nor explosions.
    /// The hash is brought up to date only where `HASH`; `BARE`: as
    /// [`Position::make_with`].
    #[inline(always)]
    fn move_pieces<const PLAIN: bool, const HASH: bool, const BARE: bool>(
        &mut self,
        rules: &Rules,
        m: Move,
        undo: &mut Undo<S>,
    ) {
        let us = self.side;
        match m.kind {
            MoveKind::Normal | MoveKind::Passing | MoveKind::Reply => {
                undo.captured = self.lift::<HASH>(rules, m.to);
                let piece = undo.moved;
                let arriving = if m.promotion != 0 { m.promotion } else { piece };
                self.relocate::<HASH>(rules, (m.from, m.to), piece, arriving);
                if m.kind == MoveKind::Passing {
                    rules.mark_passed(self, m.from, m.to);
                }
            }
            MoveKind::EnPassant => {
                undo.captured = self.lift::<HASH>(rules, m.aux);
                let piece = self.lift::<HASH>(rules, m.from);
                self.place::<HASH>(
                    rules,
                    m.to,
                    if m.promotion != 0 { m.promotion } else { piece },
                );
            }
            MoveKind::Castle => {
                let king = self.lift::<HASH>(rules, m.from);
                let rook = self.lift::<HASH>(rules, m.aux);
                self.place::<HASH>(rules, m.to, king);
                self.place::<HASH>(rules, m.extra, rook);
                self.virgin.clear(m.aux);
            }
            MoveKind::Shoot => {
                undo.captured = self.lift::<HASH>(rules, m.to);
            }
            MoveKind::Drop => {
                self.place::<HASH>(rules, m.to, m.promotion);
                self.hands[us][m.aux as usize] -= 1;
            }
            MoveKind::Null => {}
        }
        // Only a capture or a promoted mark to move changes them.
        if !BARE && rules.tracks_hands && (undo.captured != 0 || rules.marks_promoted) {
            self.after_capture_and_promotion(rules, m, undo);
        }
        // Bare rules have no gating (it keeps records) and no walls.
        if !BARE && m.gate != 0 && m.gate != WALL {
            self.put(rules, m.gate_at, m.gate);
            self.hands[us][(m.gate as usize - 1) / 2] -= 1;
            self.virgin.clear(m.gate_at);
        }
        if !PLAIN && rules.walled {
            self.make_walls(rules, m, undo);
        }
        if !PLAIN && undo.captured != 0 && !rules.blast.is_empty() {
            self.explode(rules, m, us, undo);
        }
        self.virgin.clear(m.from);
        self.virgin.clear(m.to);
    }

    /// What the capture of `m` (if any) records: the last move's capture
    /// mark, the piece type lost (neither where `BARE`: the rules keep no
    /// records), and the fifty-move clock where `CLOCK`.
    #[inline(always)]
    fn count_capture<const BARE: bool, const CLOCK: bool>(
        &mut self,
        rules: &Rules,
        m: Move,
        undo: &Undo<S>,
    ) {
        if !BARE && rules.records_moves && undo.captured != 0 {
            self.last |= CAPTURED;
        }
        if !BARE && rules.variant.record_lost {
            self.lost = if undo.captured != 0 {
                1 << ((undo.captured as usize - 1) / 2)
            } else {
                0
            };
        }
        if !CLOCK {
            return;
        }
        let counted = undo.captured != 0
            && rules.variant.uncounted_captures >> ((undo.captured as usize - 1) / 2) & 1 == 0;
        if counted || rules.resets_clock(&m, undo.moved, undo.side) {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
    }

    /// With turns (§16), after the side has passed: sets the capture's
    /// flags, and in a turn of `several` moves gives the move back to the
    /// mover (`undo.side`) while the turn goes on.
    fn continue_turn(&mut self, rules: &Rules, m: Move, undo: &Undo<S>, several: bool) {
        let Some(turn) = &rules.variant.turn else {
            return;
        };
        let us = undo.side;
        if undo.captured != 0 {
            let at = if m.kind == MoveKind::Shoot {
                m.from
            } else {
                m.to
            };
            self.apply_sets(turn.capture_sets, us, Some(at));
        }
        let ty = (undo.moved as usize).wrapping_sub(1) / 2;
        let continues = several
            && undo.sub + 1 < turn.moves_at(undo.fullmove, us)
            && !(undo.captured != 0 && turn.capture_first_only)
            && !(m.kind != MoveKind::Drop && turn.alone >> ty & 1 != 0)
            && !(turn.check_ends_turn && rules.in_check(self));
        if continues {
            self.side = us;
            self.fullmove = undo.fullmove;
            self.sub = undo.sub + 1;
            self.turn_pieces = undo.turn_pieces;
            match m.kind {
                MoveKind::Shoot => self.turn_pieces.set(m.from),
                MoveKind::Castle => {
                    self.turn_pieces.clear(m.from);
                    self.turn_pieces.clear(m.aux);
                    self.turn_pieces.set(m.to);
                    self.turn_pieces.set(m.extra);
                }
                _ => {
                    self.turn_pieces.clear(m.from);
                    self.turn_pieces.set(m.to);
                }
            }
        }
    }

    /// Under the `next-turn` window (§16), before `m` moves anything: the
    /// groups of targets (targets, victim) open now that stay open after
    /// it. The mover's own (made earlier in this turn) stay unless their
    /// piece moves; the opponent's stay only after an en passant capture
    /// of another group.
    fn lasting_targets(&self, m: Move) -> Option<[(S, Square); 2]> {
        if self.ep.is_empty() {
            return Some([(S::default(), 0); 2]);
        }
        let groups = [
            (self.ep & !self.ep2, self.ep_victim),
            (self.ep2, self.ep2_victim),
        ];
        Some(groups.map(|(targets, victim)| {
            let code = self.board[victim as usize];
            let own = code != 0 && (code as usize - 1) & 1 == self.side;
            let moves_away = m.kind != MoveKind::Null
                && m.kind != MoveKind::Drop
                && (m.from == victim || (m.kind == MoveKind::Castle && m.aux == victim));
            let stays = if own {
                !moves_away
            } else {
                code != 0 && m.kind == MoveKind::EnPassant && m.aux != victim
            };
            if stays && !targets.is_empty() {
                (targets, victim)
            } else {
                (S::default(), 0)
            }
        }))
    }

    /// After a move of `us` under the `next-turn` window: the targets the
    /// move made, if any, and the groups that last; at the end of the turn
    /// only the mover's own groups stay, for the opponent's next turn.
    fn reopen_targets(&mut self, lasting: [(S, Square); 2], us: usize) {
        let turn_over = self.side != us;
        let board = &self.board;
        let mover_s = |sq: Square| {
            let code = board[sq as usize];
            code != 0 && (code as usize - 1) & 1 == us
        };
        let mut groups = lasting
            .into_iter()
            .filter(|&(targets, victim)| !targets.is_empty() && (!turn_over || mover_s(victim)));
        let (first, second) = if self.ep.is_empty() {
            (groups.next(), groups.next())
        } else {
            (Some((self.ep, self.ep_victim)), groups.next())
        };
        self.ep2 = S::default();
        if let Some((targets, victim)) = first {
            self.ep = targets;
            self.ep_victim = victim;
        }
        if let Some((targets, victim)) = second {
            self.ep = self.ep | targets;
            self.ep2 = targets;
            self.ep2_victim = victim;
        }
    }

    /// Ends the turn of the side to move: the other side moves next.
    #[inline]
    fn pass_turn(&mut self) {
        self.pass_side();
        self.sub = 0;
        self.turn_pieces = S::default();
    }

    /// The other side moves next, the move number counted after Black's.
    #[inline(always)]
    fn pass_side(&mut self) {
        if self.side == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side ^= 1;
    }

    /// Hands and promoted marks: the captured piece goes to a hand (demoted
    /// if it had been promoted), and the promoted mark follows the piece.
    fn after_capture_and_promotion(&mut self, rules: &Rules, m: Move, undo: &mut Undo<S>) {
        let captured_at = if m.kind == MoveKind::EnPassant {
            m.aux
        } else {
            m.to
        };
        let captured_type = (undo.captured as usize).wrapping_sub(1) / 2;
        if undo.captured != 0
            && rules.variant.captured_to != CapturedTo::Nowhere
            && rules.variant.kept >> captured_type & 1 != 0
        {
            let owner = (undo.captured as usize - 1) & 1;
            let mut ty = rules.variant.held_as[captured_type] as usize;
            if self.promoted.has(captured_at) && rules.variant.demote {
                ty = rules.demoted[ty] as usize;
            }
            let to = if rules.variant.captured_to == CapturedTo::Capturer {
                owner ^ 1
            } else {
                owner
            };
            self.hands[to][ty] += 1;
            undo.gained = (to as u8, ty as u8);
        }
        if !rules.marks_promoted {
            return;
        }
        if m.kind != MoveKind::Drop && m.kind != MoveKind::Shoot {
            self.promoted.clear(captured_at);
            if self.promoted.has(m.from) || m.promotion != 0 {
                self.promoted.clear(m.from);
                self.promoted.set(m.to);
            }
        } else if m.kind == MoveKind::Shoot {
            self.promoted.clear(m.to);
        }
    }

    /// Walls (§11.6): a capturer of a type in `walls.capturers` turns into
    /// a wall; a move's placed wall (`gate_at`) is put, the one before
    /// removed where a single wall stands.
    #[inline(never)]
    fn make_walls(&mut self, rules: &Rules, m: Move, undo: &mut Undo<S>) {
        undo.walls = self.walls();
        undo.petrified = false;
        let Some(walls) = &rules.variant.walls else {
            return;
        };
        let mover_type = (undo.moved as usize).wrapping_sub(1) / 2;
        if undo.captured != 0 && walls.capturers >> mover_type & 1 != 0 {
            let at = if m.kind == MoveKind::Shoot {
                m.from
            } else {
                m.to
            };
            self.take(at);
            self.promoted.clear(at);
            self.put_wall(at);
            undo.petrified = true;
        }
        if m.gate == WALL {
            if walls.single {
                self.clear_walls(undo.walls);
            }
            self.put_wall(m.gate_at);
        }
    }

    /// Explosions (§11.5): after a capture, removes the pieces on the
    /// squares around the capture square and the one on it (the capturer),
    /// except immune types, and spared types off the capture square.
    #[inline(never)]
    fn explode(&mut self, rules: &Rules, m: Move, us: usize, undo: &mut Undo<S>) {
        undo.blast = S::default();
        undo.royals_lost = 0;
        if rules.royal_codes >> undo.captured & 1 != 0 {
            undo.royals_lost |= 1 << ((undo.captured as usize - 1) & 1);
        }
        let Some(rule) = &rules.variant.explosion else {
            return;
        };
        let mut area = S::from_bits(rules.blast[m.to as usize][us]);
        area.set(m.to);
        let mut removed = 0;
        for sq in area.iter() {
            let code = self.board[sq as usize];
            if code == 0 {
                continue;
            }
            let ty = (code as usize - 1) / 2;
            if rule.immune >> ty & 1 != 0 || (sq != m.to && rule.spared >> ty & 1 != 0) {
                continue;
            }
            if rules.royal_codes >> code & 1 != 0 {
                undo.royals_lost |= 1 << ((code as usize - 1) & 1);
            }
            self.take(sq);
            self.virgin.clear(sq);
            self.promoted.clear(sq);
            undo.blast.set(sq);
            undo.blasted[removed] = code;
            removed += 1;
        }
    }

    /// Takes back the move `m` made with [`Position::make`]; the plain
    /// path inlined, as [`Position::make_into`]'s.
    #[inline(always)]
    pub fn unmake(&mut self, rules: &Rules, m: Move, undo: &Undo<S>) {
        self.unmake_with::<true, false>(rules, m, undo);
    }

    /// Takes back the move `m` made with [`Position::make_with`] of the
    /// same `WHOLE` and `BARE`.
    #[inline(always)]
    pub(crate) fn unmake_with<const WHOLE: bool, const BARE: bool>(
        &mut self,
        rules: &Rules,
        m: Move,
        undo: &Undo<S>,
    ) {
        if (BARE || rules.plain_moves) && m.kind != MoveKind::Null {
            self.unmake_plain::<WHOLE, BARE>(rules, m, undo);
        } else if rules.special_plain && m.kind != MoveKind::Null {
            self.unmake_special_plain(rules, m, undo);
        } else {
            self.unmake_general(rules, m, undo);
        }
    }

    /// [`Position::unmake`] for a move made by [`Position::make_general`].
    #[inline(never)]
    fn unmake_general(&mut self, rules: &Rules, m: Move, undo: &Undo<S>) {
        // Everything the move changed beyond the pieces, the side to move
        // first: the pieces are put back into its hands.
        copy_kept!(*undo => *self, rules);
        if rules.walled && m.kind != MoveKind::Null {
            self.unmake_walls(rules, m, undo);
        }
        if undo.captured != 0 && !rules.blast.is_empty() {
            for (k, sq) in undo.blast.iter().enumerate() {
                self.put(rules, sq, undo.blasted[k]);
            }
        }
        if m.gate != 0 && m.gate != WALL {
            self.take(m.gate_at);
            self.hands[self.side][(m.gate as usize - 1) / 2] += 1;
        }
        if m.kind == MoveKind::Null {
            return;
        }
        self.unmake_pieces::<true>(rules, m, undo);
        if undo.gained.0 != 255 {
            self.hands[undo.gained.0 as usize][undo.gained.1 as usize] -= 1;
        }
    }

    /// For [`Position::make_plain`] where [`Rules::plain_records`]: saves
    /// the records of the last moves, the lost types and the player's flags
    /// and counters that the rules keep (the flags and counters only for a
    /// move that may set them), and records `m` as the last move.
    #[inline]
    fn save_records(&mut self, rules: &Rules, m: Move, undo: &mut Undo<S>) {
        if rules.records_moves {
            (undo.last, undo.prev, undo.last_squares) = (self.last, self.prev, self.last_squares);
            self.record_move(rules, m);
        }
        if rules.variant.record_lost {
            undo.lost = self.lost;
        }
        // Only a move that places a piece code of its own (a drop or a
        // promotion) sets flags or counters ([`Position::apply_entry_sets`]).
        if rules.sets_on_entry && m.promotion != 0 {
            (undo.flags, undo.counters) = (self.flags, self.counters);
        }
    }

    /// What the drop or promotion rule of `m`, just made by `us`, sets (§13).
    #[inline(always)]
    fn apply_entry_sets(&mut self, rules: &Rules, m: Move, us: usize) {
        // Only drops and promotions place a piece code of their own.
        if m.promotion != 0 {
            self.apply_rule_sets(rules, m, us);
        }
    }

    /// [`Position::apply_entry_sets`] for a drop or a promotion.
    #[inline(never)]
    fn apply_rule_sets(&mut self, rules: &Rules, m: Move, us: usize) {
        let sets = rules.entry_rule_sets(m);
        if !sets.is_empty() {
            self.apply_sets(sets, us, Some(m.to));
        }
    }

    /// For [`Position::unmake_plain`] where [`Rules::plain_records`]: what
    /// [`Position::save_records`] saved, and the gated piece back in hand.
    #[inline]
    fn restore_records(&mut self, rules: &Rules, m: Move, undo: &Undo<S>) {
        if rules.records_moves {
            (self.last, self.prev, self.last_squares) = (undo.last, undo.prev, undo.last_squares);
        }
        if rules.variant.record_lost {
            self.lost = undo.lost;
        }
        if rules.sets_on_entry && m.promotion != 0 {
            (self.flags, self.counters) = (undo.flags, undo.counters);
        }
        if m.gate != 0 {
            self.take(m.gate_at);
            self.hands[self.side][(m.gate as usize - 1) / 2] += 1;
        }
    }

    /// [`Position::unmake`] for a move made by [`Position::make_special_plain`].
    #[inline(never)]
    fn unmake_special_plain(&mut self, rules: &Rules, m: Move, undo: &Undo<S>) {
        self.freezes = undo.freezes;
        self.stepped = undo.stepped;
        self.opened = undo.opened;
        self.unmake_plain::<true, false>(rules, m, undo);
    }

    /// [`Position::unmake`] for a move made by [`Position::make_plain`]
    /// of the same `WHOLE` and `BARE`: the pieces put back without hashing,
    /// then the saved hash where `WHOLE`.
    #[inline(always)]
    fn unmake_plain<const WHOLE: bool, const BARE: bool>(
        &mut self,
        rules: &Rules,
        m: Move,
        undo: &Undo<S>,
    ) {
        copy_plain!(*undo => *self);
        if !BARE && rules.plain_records {
            self.restore_records(rules, m, undo);
        }
        self.unmake_pieces::<false>(rules, m, undo);
        if !BARE && rules.tracks_hands {
            if undo.gained.0 != 255 {
                self.hands[undo.gained.0 as usize][undo.gained.1 as usize] -= 1;
            }
            if rules.marks_promoted {
                self.promoted = undo.promoted;
            }
        }
        if WHOLE {
            self.hash = undo.hash;
        }
    }

    /// Puts the pieces of `m` (not a pass) back where they stood before
    /// it, bringing the hash up to date only where `HASH`.
    #[inline(always)]
    fn unmake_pieces<const HASH: bool>(&mut self, rules: &Rules, m: Move, undo: &Undo<S>) {
        match m.kind {
            MoveKind::Null => {}
            MoveKind::Normal | MoveKind::Passing | MoveKind::Reply => {
                // A capturer turned into a wall (§11.6) is gone already.
                let arrived = self.board[m.to as usize];
                if arrived == 0 {
                    self.place::<HASH>(rules, m.from, undo.moved);
                } else {
                    self.relocate::<HASH>(rules, (m.to, m.from), arrived, undo.moved);
                }
                if undo.captured != 0 {
                    self.place::<HASH>(rules, m.to, undo.captured);
                }
            }
            MoveKind::EnPassant => {
                self.lift::<HASH>(rules, m.to);
                self.place::<HASH>(rules, m.from, undo.moved);
                self.place::<HASH>(rules, m.aux, undo.captured);
            }
            MoveKind::Castle => {
                let king = self.lift::<HASH>(rules, m.to);
                let rook = self.lift::<HASH>(rules, m.extra);
                self.place::<HASH>(rules, m.from, king);
                self.place::<HASH>(rules, m.aux, rook);
            }
            MoveKind::Shoot => self.place::<HASH>(rules, m.to, undo.captured),
            MoveKind::Drop => {
                self.lift::<HASH>(rules, m.to);
                self.hands[self.side][m.aux as usize] += 1;
            }
        }
    }

    /// Taking back a move (not a pass) in a file with walls (§11.6): empties
    /// the wall squares, puts back a shooter that turned into a wall, and
    /// puts back the walls that stood before the move. (They are empty once
    /// the walls are lifted: no piece enters a wall, and a placed wall goes
    /// on a square that was empty.) Apart from [`Position::unmake`], so that
    /// files without walls pay only the test for them.
    #[cold]
    #[inline(never)]
    fn unmake_walls(&mut self, rules: &Rules, m: Move, undo: &Undo<S>) {
        self.clear_walls(self.walls());
        if undo.petrified && m.kind == MoveKind::Shoot {
            self.put(rules, m.from, undo.moved);
        }
        for sq in undo.walls.iter() {
            self.put_wall(sq);
        }
    }

    /// The piece code of `piece_type` for the side to move.
    #[inline]
    pub fn own(&self, piece_type: usize) -> u8 {
        code(piece_type, self.side)
    }
}
