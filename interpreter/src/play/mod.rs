//! Play: positions, move generation, notation, outcomes and perft for a
//! compiled variant.

mod accessors;
mod action;
mod bits;
mod counting;
mod fen;
mod freeze;
mod imitation;
mod movegen;
mod notation;
mod outcome;
mod perft;
mod piece_state;
mod pins;
mod position;
mod shuffle;
mod view;
mod zobrist;

pub use action::{Action, Gating};
pub use bits::Bits;
pub use counting::HonourCount;
pub use fen::{parse_square, square_name};
pub use movegen::NULL_MOVE;
pub use outcome::{Outcome, Reason};
pub use perft::{Leaves, MAX_PERFT_DEPTH};
pub(crate) use position::MoveKind;
pub use position::{Move, Position, Undo, BLACK, CAPTURED, WHITE};
pub use shuffle::{Start, CHESS960_ARRAYS};
pub use view::View;

use std::fmt;

use crate::check::Variant;
use crate::compile::{code, Square, Tables};

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

/// A variant ready to play: its checked rules, compiled tables and start position.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The checked variant.
    pub(crate) variant: Variant,
    /// The rule file it was checked from.
    pub(crate) file: std::sync::Arc<crate::load::RuleFile>,
    /// The compiled tables.
    pub(crate) tables: Tables,
    /// Piece codes (bit set) of royal pieces.
    pub(crate) royal_codes: u64,
    /// Piece codes (bit set) of pieces whose moves reset the fifty-move count.
    pub(crate) irreversible_codes: u64,
    /// Castling, if the variant has it.
    pub(crate) castling: Option<CastlingRule>,
    /// The start position.
    pub(crate) start: Position,
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
    /// Number of pieces of each code in the start position.
    pub(crate) start_counts: Vec<u8>,
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
    /// ([`Rules::pins_decide`]).
    pub(crate) legality_by_pins: bool,
    /// Types (bit set) some gating rule enters (§14.3): without one in
    /// hand, the side to move gates nothing.
    pub(crate) gating_types: u32,
    /// Whether some drop or promotion rule has `sets` (§13).
    pub(crate) sets_on_entry: bool,
    /// Whether the plain path of make/unmake keeps more than the pieces,
    /// hands, marks, en passant, clocks and side: records of the last
    /// moves or of the types lost, flags or counters set on entry, gated
    /// pieces (one test for all of them on that path).
    pub(crate) plain_records: bool,
    /// Per freezing rule, per colour, per square: the squares its reach
    /// passes from there on an empty board (§15); empty without freezing.
    pub(crate) freeze_spans: Vec<Bits>,
    /// Whether every freezing rule's reach is single steps (leaps): then
    /// its span from a square is exactly the squares it watches there,
    /// whatever stands on the board (§15).
    pub(crate) freeze_leaps: bool,
}

/// A problem with a position, a move or a ruling given to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A FEN that does not describe a valid position, e.g. `8/8/8 w - - 0 1` for chess.
    Fen {
        /// The FEN as given.
        fen: String,
        /// What is wrong with it.
        reason: String,
        /// The offending part: byte offset and length within the FEN.
        at: Option<(usize, usize)>,
    },
    /// A well-formed move that is not legal, e.g. `e2e5` at the start.
    IllegalMove {
        /// The move as given.
        text: String,
        /// The position it was tried in.
        fen: String,
    },
    /// SAN that fits several legal moves, e.g. `Nd2` when both knights reach d2.
    AmbiguousMove {
        /// The move as given.
        text: String,
        /// The SAN of every legal move it could be.
        candidates: Vec<String>,
    },
    /// Text that is not a move at all, e.g. `hello`.
    MalformedMove {
        /// The text as given.
        text: String,
    },
    /// A move after the game has ended, e.g. any move after mate.
    GameOver {
        /// The move as given.
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
    /// A ruling the variant does not have, or an option it does not offer,
    /// e.g. `--ruling nope=1`.
    Ruling {
        /// What is wrong, naming the known rulings or options.
        reason: String,
    },
    /// Rules that cannot be built under the chosen ruling options (a
    /// combination of options; each alone is checked when the file is read).
    Rules {
        /// The options set, as `ID=OPTION ...`.
        rulings: String,
        /// The problems, with their places in the rule file.
        diagnostics: crate::diagnostic::Diagnostics,
    },
    /// A start that cannot be drawn (§6.4), e.g. a seed for a variant
    /// without `shuffle`, or Chess960 position 960.
    Start {
        /// What is wrong.
        reason: String,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::diagnostic::escaped;
        match self {
            PlayError::Fen { fen, reason, .. } => {
                write!(f, "invalid FEN `{}`: {}", escaped(fen), escaped(reason))
            }
            PlayError::IllegalMove { text, fen } => {
                write!(f, "illegal move `{}` in `{fen}`", escaped(text))
            }
            PlayError::AmbiguousMove { text, candidates } => write!(
                f,
                "ambiguous move `{}`: it could be {}",
                escaped(text),
                candidates.join(" or ")
            ),
            PlayError::MalformedMove { text } => write!(
                f,
                "malformed move `{}`: expected UCI text like `e2e4` or SAN like `Nf3`",
                escaped(text)
            ),
            PlayError::GameOver { text, outcome } => {
                write!(
                    f,
                    "the game is over: {outcome}; `{}` cannot be played",
                    escaped(text)
                )
            }
            PlayError::Ruling { reason } => f.write_str(&escaped(reason)),
            PlayError::Rules {
                rulings,
                diagnostics,
            } => write!(f, "under {}: {}", escaped(rulings), diagnostics),
            PlayError::Start { reason } => f.write_str(&escaped(reason)),
        }
    }
}

impl PlayError {
    /// The message, and for a FEN whose offending part is known, the FEN
    /// again with a caret line under that part.
    pub fn render(&self) -> String {
        let PlayError::Fen {
            fen,
            at: Some((start, len)),
            ..
        } = self
        else {
            return self.to_string();
        };
        let mut start = (*start).min(fen.len());
        while !fen.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (start + len).min(fen.len());
        while !fen.is_char_boundary(end) {
            end += 1;
        }
        let shown = |t: &str| crate::diagnostic::escaped(t).chars().count();
        format!(
            "{self}\n  | {}\n  | {}{}",
            crate::diagnostic::escaped(fen),
            " ".repeat(shown(&fen[..start])),
            "^".repeat(shown(&fen[start..end]).max(1))
        )
    }
}

impl std::error::Error for PlayError {}

impl Rules {
    /// Whether a move resets the fifty-move count, captures aside: a move
    /// of an irreversible piece (only a forward one when the file says
    /// `moves: forward`), a drop or a promotion when the file says so (§10).
    pub(crate) fn resets_clock(&self, m: &Move, moved: u8, us: usize) -> bool {
        let reset = self.variant.clock_reset;
        match m.kind {
            MoveKind::Drop => reset.drops,
            MoveKind::Null => false,
            _ => {
                // Ranks by division, only where the direction matters.
                let forward = || {
                    let files = self.tables.files as usize;
                    let (from, to) = (m.from as usize / files, m.to as usize / files);
                    if us == WHITE {
                        to > from
                    } else {
                        to < from
                    }
                };
                (reset.promotions && m.promotion != 0)
                    || (self.irreversible_codes >> moved & 1 != 0
                        && (!reset.forward_only || forward()))
            }
        }
    }

    /// Builds the playable rules of a checked variant; the setup must be a
    /// valid position.
    pub fn new(
        variant: Variant,
        file: std::sync::Arc<crate::load::RuleFile>,
    ) -> Result<Rules, PlayError> {
        let tables = Tables::new(&variant);
        let codes_of = |has: fn(&crate::check::PieceType) -> bool| {
            let mut codes = 0;
            for ty in (0..variant.pieces.len()).filter(|&ty| has(&variant.pieces[ty])) {
                codes |= (1 << code(ty, WHITE)) | (1 << code(ty, BLACK));
            }
            codes
        };
        let royal_codes = codes_of(|p| p.royal);
        let irreversible_codes = codes_of(|p| p.irreversible);
        let castling = variant.castling.as_ref().map(|c| CastlingRule {
            king: c.king,
            rooks: c.rooks,
            sides: c.sides.clone(),
            landing_before: c.landing_before,
            rook_from: c.rook_from.map(usize::from),
            rank: [
                c.rank as usize,
                variant.ranks as usize - 1 - c.rank as usize,
            ],
        });
        let count_checks = variant.outcomes.check_count.is_some();
        let immediate_end = variant.outcomes.immediate()
            || variant.passing.as_ref().is_some_and(|p| p.twice_draws)
            || variant.royals_facing == crate::check::Facing::BreakOrPass;
        let mut rules = Rules {
            variant,
            file,
            tables,
            royal_codes,
            irreversible_codes,
            castling,
            start: Position::empty(),
            start_counts: Vec::new(),
            count_checks,
            immediate_end,
            special_moves: false,
            freezer_codes: 0,
            marked_codes: 0,
            freezing: false,
            freezes_on_arrival: false,
            blast: Vec::new(),
            strict_legality: false,
            plain_check: true,
            walled: false,
            counts_honour: false,
            plain_moves: false,
            special_plain: false,
            wall_zone: [Bits::default(); 2],
            legality_by_pins: false,
            gating_types: 0,
            sets_on_entry: false,
            plain_records: false,
            freeze_spans: Vec::new(),
            freeze_leaps: false,
            tracks_hands: false,
            marks_promoted: false,
            demoted: Vec::new(),
            drop_zones: Vec::new(),
            imitator_codes: 0,
            contextual_codes: 0,
            setting_codes: 0,
            keeps_piece_state: false,
            records_moves: false,
            records_drops: false,
            castles_as_rook: false,
            initial_captures: false,
        };
        rules.mark_type_codes();
        rules.keeps_piece_state |= !rules.variant.piece_flags.is_empty();
        let v = &rules.variant;
        rules.initial_captures = v
            .pieces
            .iter()
            .any(|p| p.movements.iter().any(|m| m.initial && m.captures));
        rules.tracks_hands = v.captured_to != crate::check::CapturedTo::Nowhere
            || !v.drops.is_empty()
            || !v.gating.is_empty();
        (rules.marks_promoted, rules.demoted) = promotion_marks(v);
        rules.drop_zones = drop_zones(v, rules.tables.holes);
        rules.records_moves = v.record_last;
        rules.records_drops = v.drops.iter().any(|d| d.mate_loses);
        rules.special_moves = !v.freeze.is_empty() || !v.replies.is_empty() || v.record_stepped;
        rules.freezing = !v.freeze.is_empty() || v.replies.iter().any(|r| r.freeze > 0);
        if let Some(explosion) = &v.explosion {
            rules.blast = blast_areas(v, explosion);
        }
        rules.counts_honour = v.counting.is_some();
        if let Some(walls) = &v.walls {
            rules.walled = true;
            if walls.place.is_some() {
                rules.wall_zone = walls.zone.each_ref().map(|zone| squares_of(zone));
            }
        }
        rules.strict_legality = v.checks_illegal || v.explosion.is_some() || v.held_in_check != 0;
        rules.plain_check = !v.all_royals_checked && v.explosion.is_none();
        rules.derive_paths();
        rules.start = rules.parse_fen(&rules.variant.setup.value, None)?;
        rules.start_counts = rules.piece_counts(&rules.start);
        Ok(rules)
    }

    /// The flags derived from the others that choose the hot paths: the
    /// marked codes, gating and entry sets, the plain make/unmake path and
    /// what it keeps, legality by pins, the freezers' spans.
    fn derive_paths(&mut self) {
        let v = &self.variant;
        self.marked_codes = self.royal_codes
            | self.freezer_codes
            | self.tables.complex[WHITE]
            | self.tables.complex[BLACK];
        self.gating_types = v.gating.iter().fold(0, |types, g| types | g.pieces);
        self.sets_on_entry = v.drops.iter().any(|d| !d.sets.is_empty())
            || v.promotions.iter().any(|p| !p.sets.is_empty());
        self.plain_moves = !self.special_moves && self.moves_are_plain();
        self.special_plain = self.special_moves && self.moves_are_plain();
        self.plain_records = self.records_moves
            || self.variant.record_lost
            || self.sets_on_entry
            || self.gating_types != 0;
        self.legality_by_pins = self.pins_decide();
        self.freezes_on_arrival = v.freeze.iter().any(|r| r.on_arrival);
        self.freeze_spans = freeze_spans(v, &self.tables);
        self.freeze_leaps = self.variant.freeze.iter().all(|rule| {
            (0..2).all(|colour| {
                let reach = code(self.tables.types + rule.reach as usize, colour);
                (0..self.tables.squares).all(|sq| {
                    self.tables.paths(reach, sq as Square).iter().all(|path| {
                        path.walk != crate::compile::Walk::Bent
                            && self.tables.steps(path).len() == 1
                    })
                })
            })
        });
    }

    /// Marks the piece codes (bit sets) of the types with contextual
    /// movement, of imitators, and of freezers.
    fn mark_type_codes(&mut self) {
        let v = &self.variant;
        for (ty, p) in v.pieces.iter().enumerate() {
            let codes = (1 << code(ty, WHITE)) | (1 << code(ty, BLACK));
            if !p.contextual.is_empty() {
                self.contextual_codes |= codes;
            }
            if p.contextual.iter().any(|(_, _, sets)| !sets.is_empty()) {
                self.setting_codes |= codes;
            }
            if let Some(imitation) = &p.imitation {
                self.imitator_codes |= codes;
                self.castles_as_rook |= imitation.castling_rook;
                self.keeps_piece_state |= imitation.of_captured;
            }
            if v.freeze.iter().any(|rule| rule.by >> ty & 1 != 0) {
                self.freezer_codes |= codes;
            }
        }
    }

    /// Whether every move but a pass changes only what the plain path of
    /// make/unmake keeps ([`Rules::plain_moves`]), special moves aside,
    /// from the flags derived before it.
    fn moves_are_plain(&self) -> bool {
        let v = &self.variant;
        !self.records_drops
            && !self.walled
            && self.blast.is_empty()
            && !self.counts_honour
            && !self.count_checks
            && v.turn.is_none()
            && v.passing.is_none()
            && self.setting_codes == 0
            && !self.keeps_piece_state
    }

    /// What the drop or promotion rule of `m` sets (§13), if any.
    #[inline]
    pub(crate) fn entry_rule_sets(&self, m: Move) -> crate::check::Sets {
        if m.kind == MoveKind::Drop {
            self.variant.drops[m.extra as usize].sets
        } else if m.promotion != 0 && m.extra != 0 {
            self.variant.promotions[m.extra as usize - 1].sets
        } else {
            crate::check::Sets::default()
        }
    }

    /// How many pieces of each code stand on the board of `pos` (walls
    /// not counted).
    fn piece_counts(&self, pos: &Position) -> Vec<u8> {
        let mut counts = vec![0; 1 + 2 * self.variant.pieces.len()];
        for sq in 0..self.tables.squares {
            let code = pos.board[sq] as usize;
            if code != 0 && code != crate::compile::WALL as usize {
                counts[code] += 1;
            }
        }
        counts
    }

    /// Reads a FEN of this variant.
    pub fn position(&self, fen: &str) -> Result<Position, PlayError> {
        self.parse_fen(fen, Some(&self.start))
    }

    /// After a passing move from `from` to `to`, marks the squares passed
    /// as en passant targets of the piece now on `to`.
    pub(crate) fn mark_passed(&self, pos: &mut Position, from: Square, to: Square) {
        let files = self.tables.files as i32;
        let (f0, r0, f1, r1) = (
            from as i32 % files,
            from as i32 / files,
            to as i32 % files,
            to as i32 / files,
        );
        let (df, dr) = (f1 - f0, r1 - r0);
        let n = df.abs().max(dr.abs());
        if df != 0 && dr != 0 && df.abs() != dr.abs() {
            return;
        }
        for k in 1..n {
            pos.ep
                .set(((r0 + dr / n * k) * files + f0 + df / n * k) as Square);
        }
        pos.ep_victim = to;
    }
}

/// Whether captured promoted pieces are marked `~` and demoted, and the
/// type each type demotes to. Promoted forms (`+P`) tell their origin by
/// their type, and a form's change back to a plain type is no promotion:
/// only the other changes mark the piece `~` and demote it when captured.
fn promotion_marks(v: &Variant) -> (bool, Vec<u8>) {
    let marking = |r: &&crate::check::Promotion| {
        let from_form = (0..v.pieces.len()).any(|t| r.pieces >> t & 1 != 0 && v.pieces[t].promoted);
        !from_form && r.to.iter().any(|&to| !v.pieces[to as usize].promoted)
    };
    let forms_only = !v.promotions.is_empty() && !v.promotions.iter().any(|r| marking(&r));
    let marks = v.demote && v.captured_to != crate::check::CapturedTo::Nowhere && !forms_only;
    let mut demoted: Vec<u8> = (0..v.pieces.len() as u8).collect();
    for rule in v.promotions.iter().filter(marking) {
        let base = (0..v.pieces.len())
            .find(|t| rule.pieces >> t & 1 != 0)
            .unwrap_or(0) as u8;
        for &to in &rule.to {
            demoted[to as usize] = base;
        }
    }
    (marks, demoted)
}

/// Per freezing rule, per colour, per square: the squares its reach's
/// paths pass from there (on an empty board).
fn freeze_spans(v: &Variant, tables: &Tables) -> Vec<Bits> {
    let mut spans = Vec::new();
    for rule in &v.freeze {
        for colour in [WHITE, BLACK] {
            let reach = code(tables.types + rule.reach as usize, colour);
            for sq in 0..tables.squares {
                let mut span = Bits::default();
                for path in tables.paths(reach, sq as Square) {
                    for &s in tables.steps(path) {
                        span.set(s);
                    }
                }
                spans.push(span);
            }
        }
    }
    spans
}

/// Per drop rule, per colour: the squares its zone allows, holes left out.
fn drop_zones(v: &Variant, holes: Bits) -> Vec<[Bits; 2]> {
    v.drops
        .iter()
        .map(|rule| {
            [WHITE, BLACK].map(|colour| {
                let mut zone = Bits::default();
                for (sq, _) in rule.zone[colour]
                    .iter()
                    .enumerate()
                    .filter(|(sq, inside)| **inside && !holes.has(*sq as Square))
                {
                    zone.set(sq as Square);
                }
                zone
            })
        })
        .collect()
}

/// Per square, per direction of play (forward for White, then for Black):
/// the squares an explosion there empties (§11.5).
fn blast_areas(v: &Variant, explosion: &crate::check::Explosion) -> Vec<[Bits; 2]> {
    let (files, ranks) = (v.files as i32, v.ranks as i32);
    (0..files * ranks)
        .map(|sq| {
            let (file, rank) = (sq % files, sq / files);
            [1, -1].map(|forward| {
                let mut area = Bits::default();
                for &(dx, dy) in &explosion.around {
                    let (f, r) = (file + dx as i32, rank + forward * dy as i32);
                    if (0..files).contains(&f) && (0..ranks).contains(&r) {
                        area.set((r * files + f) as Square);
                    }
                }
                area
            })
        })
        .collect()
}

/// The squares a zone (a flag per square) holds, as a set.
fn squares_of(zone: &[bool]) -> Bits {
    let mut set = Bits::default();
    for (sq, _) in zone.iter().enumerate().filter(|(_, inside)| **inside) {
        set.set(sq as Square);
    }
    set
}
