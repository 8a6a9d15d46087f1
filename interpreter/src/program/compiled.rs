//! The compiled form of a variant ([`Program`]) and the castling rule as
//! move generation uses it.

use super::{Literals, Tables, Variant};
use crate::geometry::Bits;

/// Castling as the move generator uses it.
#[derive(Clone, Debug)]
pub struct CastlingRule {
    /// Type that castles as the king.
    pub king: u8,
    /// Types (bit set) that castle as the rook.
    pub rooks: u32,
    /// Per side: (king's target file, rook's target file).
    pub sides: Vec<(u8, u8)>,
    /// The king's landing square is judged before the move too.
    pub landing_before: bool,
    /// Per side: the rank index castling happens on (§8 `rank`).
    pub rank: [usize; 2],
    /// The files from which the rooks of `K` and `Q` are looked for.
    pub rook_from: [usize; 2],
}

impl CastlingRule {
    /// The files of the king's rank in the order a `K` (`high`) or `Q`
    /// castling letter looks for its rook, the king on `king_file`: from
    /// `rook_from` towards the king, then beyond `rook_from` outwards.
    pub fn letter_order(
        &self,
        files: usize,
        king_file: usize,
        high: bool,
    ) -> Box<dyn Iterator<Item = usize>> {
        if high {
            let from = self.rook_from[0].max(king_file);
            Box::new((king_file + 1..=from).rev().chain(from + 1..files))
        } else {
            let from = self.rook_from[1].min(king_file);
            Box::new((from..king_file).chain((0..from).rev()))
        }
    }
}

impl CastlingRule {
    /// Whether piece `code` is one of `colour`'s castling rooks.
    #[inline]
    pub fn is_rook(&self, code: u8, colour: usize) -> bool {
        code != 0
            && (code as usize - 1) & 1 == colour
            && self.rooks >> ((code as usize - 1) / 2) & 1 != 0
    }
}

/// The compiled form of a variant: its checked rules, its compiled
/// tables and the flags derived from them once, which choose play's hot
/// paths. `compile` builds it; `play` reads it.
#[derive(Clone, Debug)]
pub struct Program {
    /// The checked variant.
    pub(crate) variant: Variant,
    /// The compiled tables.
    pub(crate) tables: Tables,
    /// Piece codes (bit set) of royal pieces.
    pub(crate) royal_codes: u64,
    /// Piece codes (bit set) of pieces whose moves reset the fifty-move count.
    pub(crate) irreversible_codes: u64,
    /// Castling, if the variant has it.
    pub(crate) castling: Option<CastlingRule>,
    /// Whether positions keep hands.
    pub(crate) tracks_hands: bool,
    /// Whether positions keep promoted marks: captured pieces go to a hand demoted.
    pub(crate) marks_promoted: bool,
    /// Per type: the type it becomes in a hand when it was promoted.
    pub(crate) demoted: Vec<u8>,
    /// Per drop rule: its zone, per colour.
    pub(crate) drop_zones: Vec<[Bits; 2]>,
    /// Piece codes (bit set) of imitators.
    pub(crate) imitator_codes: u64,
    /// Piece codes (bit set) with movement entries whose condition reads
    /// the move context (§12.1).
    pub(crate) contextual_codes: u64,
    /// Piece codes (bit set) whose moves are the walk of their own paths
    /// and nothing more: not imitators, without contextual movement, their
    /// paths never giving one move twice ([`Tables::overlapping`]).
    pub(crate) walking_codes: u64,
    /// Piece codes (bit set) with movement entries that have `sets` (§13).
    pub(crate) setting_codes: u64,
    /// Whether positions keep per-piece state: piece flags, or imitators
    /// of what they captured (§13, §12.2).
    pub(crate) keeps_piece_state: bool,
    /// Whether positions record the last two moves (some piece imitates).
    pub(crate) records_moves: bool,
    /// Whether positions record the drop rule of the last move: a drop
    /// rule has `checkmate: loses` (§14.2).
    pub(crate) records_drops: bool,
    /// Whether an imitator sees castling as a rook's move.
    pub(crate) castles_as_rook: bool,
    /// Whether some piece captures only as its first move: then FEN says
    /// which pieces on their setup squares have moved (`moved=`).
    pub(crate) initial_captures: bool,
    /// Whether moves count the checks they give.
    pub(crate) count_checks: bool,
    /// Whether a rule can end the game right after a move (§19).
    pub(crate) immediate_end: bool,
    /// Whether moves change freezes, replies or the initial-only record (§12.3, §15).
    pub(crate) special_moves: bool,
    /// Piece codes (bit set) of freezers (§15).
    pub(crate) freezer_codes: u64,
    /// Piece codes (bit set) a position keeps the squares of beyond their
    /// colour's: royal pieces, freezers and attackers the probes do not
    /// cover ([`Position::put`]).
    pub(crate) marked_codes: u64,
    /// Whether pieces can be frozen by freezers or by replies (§12.3, §15).
    pub(crate) freezing: bool,
    /// Whether freezers choose on arrival (`trigger: arrival`, §15).
    pub(crate) freezes_on_arrival: bool,
    /// Per square, per colour of the capturer: the squares around it that
    /// a capture there explodes (§11.5); empty when captures do not explode.
    pub(crate) blast: Vec<[Bits; 2]>,
    /// Whether a move's legality is more than its mover's safety: illegal
    /// checks (§11.2) or explosions (§11.5).
    pub(crate) strict_legality: bool,
    /// Whether check is any royal piece attacked, nothing more: no
    /// `royal_check: all` (§3.3), no explosions (§11.5).
    pub(crate) plain_check: bool,
    /// Whether the variant has walls (§11.6).
    pub(crate) walled: bool,
    /// Whether a counting rule runs (§10.1): positions carry its count.
    pub(crate) counts_honour: bool,
    /// Whether every move but a pass changes only the pieces on the board
    /// and in hand (gated pieces too), the promoted marks, the unmoved
    /// squares, en passant, the clocks, the side to move, the records of
    /// the last moves and of the types lost, and the player flags and
    /// counters that drops and promotions set: no per-piece state, turns,
    /// walls, explosions, counts or special moves. Such files take the
    /// plain path of [`Position::make_into`] and [`Position::unmake`].
    pub(crate) plain_moves: bool,
    /// Whether every move but a pass would take the plain path but for
    /// the special moves (§12.3, §15): such files take it too, the freezes,
    /// the initial-only record and the opened square kept around it.
    pub(crate) special_plain: bool,
    /// Where the mover may place a wall, per colour (§11.6); empty when
    /// moves place none.
    pub(crate) wall_zone: [Bits; 2],
    /// Whether pins decide most moves' legality without making them
    /// ([`Program::pins_decide`]).
    pub(crate) legality_by_pins: bool,
    /// Types (bit set) some gating rule enters (§14.3): without one in
    /// hand, the side to move gates nothing.
    pub(crate) gating_types: u32,
    /// Whether some drop or promotion rule has `sets` (§13).
    pub(crate) sets_on_entry: bool,
    /// Promotion rules (bit per index, the first 64) whose condition holds
    /// only for a piece that has not moved (`piece.virgin` alone or among
    /// the terms of an `and`): a moved piece skips their condition.
    pub(crate) unmoved_promotions: u64,
    /// Per promotion rule: its condition as [`Literals`] (one mask test
    /// per word), where it comes to them; else its tree is walked.
    pub(crate) promotion_literals: Vec<Option<Literals>>,
    /// Whether the plain path of make/unmake keeps more than the pieces,
    /// hands, marks, en passant, clocks and side: records of the last
    /// moves or of the types lost, flags or counters set on entry, gated
    /// pieces (one test for all of them on that path).
    pub(crate) plain_records: bool,
    /// Whether every move but a pass takes the plain path and changes only
    /// the pieces on the board, the unmoved squares, en passant, the clocks
    /// and the side to move: [`Program::plain_moves`] without hands or
    /// [`Program::plain_records`]. Perft makes such files' moves with that
    /// path's tests for hands and records compiled out.
    pub(crate) bare_moves: bool,
    /// Per freezing rule, per colour, per square: the squares its reach
    /// passes from there on an empty board (§15); empty without freezing.
    pub(crate) freeze_spans: Vec<Bits>,
    /// Whether every freezing rule's reach is single steps (leaps): then
    /// its span from a square is exactly the squares it watches there,
    /// whatever stands on the board (§15).
    pub(crate) freeze_leaps: bool,
}
