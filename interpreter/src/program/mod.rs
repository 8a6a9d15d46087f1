//! The program: the data types of a variant made playable, which the
//! phases hand forward. `check` produces the checked form ([`Variant`] and
//! the types it is made of) from the syntax tree; `compile` adds the flat
//! per-square tables (`Tables`, crate-internal); `play` and notation only
//! read them. Everything here is resolved (piece letters to types,
//! movement to single directions, zones to squares): no text is left to
//! interpret, and nothing here names the syntax tree, the checker, the
//! compiler or play.

mod capture;
mod compiled;
mod condition;
mod counting;
mod freeze;
mod movement;
mod shuffle;
mod tables;
mod walls;

pub use capture::{Explosion, MAX_BLAST_SQUARES};
pub(crate) use compiled::{CastlingRule, Program};
pub use condition::{Comparison, Condition, Count, Literals, LAST_MOVE_KINDS};
pub use counting::{BoardHonour, Counting, PiecesHonour, MAX_COUNTING_MOVES};
pub use freeze::{FreezeRule, ReplyRule, MAX_FREEZE_RULES, MAX_LINGER};
pub use movement::{Movement, Route, Travel, MAX_LEGS, NEED_EMPTY, NEED_OCCUPIED};
pub use shuffle::Shuffle;
pub(crate) use tables::{bent_parts, code, flag, Path, Ray, Tables, Walk, WALL};
pub use walls::{WallPlace, Walls};

use std::collections::BTreeMap;

/// Largest board side the interpreter accepts.
pub const MAX_SIDE: u32 = 16;
/// Most piece types a variant may declare.
pub const MAX_PIECE_TYPES: usize = 32;
/// Most piece flags a file may declare (`state.piece_flags`, §13).
pub const MAX_PIECE_FLAGS: usize = 4;
/// Most counters a file may declare (`state.counters`, §13).
pub const MAX_COUNTERS: usize = 8;

/// What a `sets:` list sets (§13): player flags of the mover, piece flags
/// of the piece that moved, entered or captured, and counters of the
/// mover, each counted up by one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sets {
    /// Player flags (bit set).
    pub player: u32,
    /// Piece flags (bit set).
    pub piece: u8,
    /// Counters (bit set), each counted up by one.
    pub counters: u8,
}

impl Sets {
    /// Whether it sets nothing.
    pub fn is_empty(&self) -> bool {
        *self == Sets::default()
    }

    /// What both set.
    pub fn and(self, other: Sets) -> Sets {
        Sets {
            player: self.player | other.player,
            piece: self.piece | other.piece,
            counters: self.counters | other.counters,
        }
    }
}

/// A checked variant: everything the rule file says, resolved.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Short name.
    pub name: String,
    /// Human title, if given.
    pub title: Option<String>,
    /// Number of files (columns).
    pub files: u8,
    /// Number of ranks (rows).
    pub ranks: u8,
    /// Per square: whether it is a hole, not part of the board (§2.1);
    /// empty when the board has none.
    pub holes: Vec<bool>,
    /// Piece types; a piece's type id is its index here.
    pub pieces: Vec<PieceType>,
    /// The start position as FEN.
    pub setup: String,
    /// The start array drawn at random (§6.4), if the setup is shuffled.
    pub shuffle: Option<Shuffle>,
    /// Castling, if any.
    pub castling: Option<Castling>,
    /// Promotion rules.
    pub promotions: Vec<Promotion>,
    /// Plies without capture or irreversible move that draw; `None`: no such rule.
    pub fifty_move: Option<u32>,
    /// Occurrences of a position that draw; `None`: no such rule.
    pub repetition: Option<u32>,
    /// Types (bit set) that cannot mate alone with the royal piece against a bare royal piece.
    pub lone: u32,
    /// Colour-bound types (bit set) for the dead-material rule.
    pub colour_bound: u32,
    /// How the game ends other than by mate.
    pub outcomes: Outcomes,
    /// Where captured pieces go.
    pub captured_to: CapturedTo,
    /// Promoted pieces go to a hand as the type they promoted from.
    pub demote: bool,
    /// Drop rules.
    pub drops: Vec<DropRule>,
    /// Gating rules.
    pub gating: Vec<GateRule>,
    /// The chosen option of every ruling, by id within the variant.
    pub rulings: BTreeMap<String, String>,
    /// Types (bit set) a player may not see of the opponent's.
    pub hidden_from_opponent: u32,
    /// Movement types never on the board: an imitator's movement while
    /// imitating a type. They are compiled after the real types.
    pub virtual_pieces: Vec<PieceType>,
    /// Square tables of movement conditions that read the move context
    /// (§12.1), per colour a flag per square; [`Condition::Zone`] indexes this.
    pub movement_zones: Vec<[Vec<bool>; 2]>,
    /// Declared player flags (§13), by index.
    pub player_flags: Vec<String>,
    /// Declared piece flags (§13), by index.
    pub piece_flags: Vec<String>,
    /// Declared counters (§13), by index.
    pub counters: Vec<String>,
    /// Positions record (and FEN shows) the last move.
    pub record_last: bool,
    /// Positions record (and FEN shows) the last move's kind and squares:
    /// a condition reads them (§5.2).
    pub record_last_squares: bool,
    /// Positions record (and FEN shows) the move before it too.
    pub record_prev: bool,
    /// Positions record (and FEN shows) the types the side to move just lost.
    pub record_lost: bool,
    /// Per type: whether a captured piece of it goes to a hand.
    pub kept: u32,
    /// Per type: the type it is held as when captured (a mapping of `demote`).
    pub held_as: Vec<u8>,
    /// Freezing rules (§15).
    pub freeze: Vec<FreezeRule>,
    /// Replies (§12.3).
    pub replies: Vec<ReplyRule>,
    /// Types (bit set) whose capture does not reset the fifty-move count.
    pub uncounted_captures: u32,
    /// Which moves besides captures reset the fifty-move count (§10).
    pub clock_reset: ClockReset,
    /// Positions record which pieces made their first move by an
    /// initial-only movement (a condition reads `piece.double_stepped`).
    pub record_stepped: bool,
    /// Two bare royal pieces are dead material (`insufficient_material` given).
    pub bare_dead: bool,
    /// Turns of several moves (§16), if the variant has them.
    pub turn: Option<Turn>,
    /// How SAN writes declarations, entries and gating (§7).
    pub notation: Notation,
    /// Compulsory capture (§11), if the variant has it.
    pub compulsory_capture: Option<CompulsoryCapture>,
    /// No move may attack an enemy royal piece (§11.2 `giving_check: illegal`).
    pub checks_illegal: bool,
    /// Royal pieces facing each other on a line (§11.3 `royals_facing`).
    pub royals_facing: Facing,
    /// Passing (§11.4), if a side may pass.
    pub passing: Option<Passing>,
    /// Who a repetition (§10) is lost by, if not drawn.
    pub repetition_result: RepetitionResult,
    /// The side that gave check in every position of a repeated cycle loses (§10).
    pub perpetual_check_loses: bool,
    /// Captures explode (§11.5), if the variant says so.
    pub explosion: Option<Explosion>,
    /// Wall squares and the moves that make them (§11.6), if the variant has them.
    pub walls: Option<Walls>,
    /// A side is in check only when all its royal pieces are attacked
    /// (§3.3 `royal_check: all`); otherwise when any is.
    pub all_royals_checked: bool,
    /// The counting rules (§10.1), if the variant has them.
    pub counting: Option<Counting>,
    /// Types (bit set) that, while their side is in check, may only capture
    /// the one piece giving check (§11.7 `held_in_check`).
    pub held_in_check: u32,
}

/// Royal pieces of the two sides on one file or rank with nothing between
/// (§11.3 `royals_facing`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Facing {
    /// Nothing special (default).
    #[default]
    Allowed,
    /// No move may leave them facing.
    Forbidden,
    /// A move may make them face; the side then to move must break the
    /// facing or pass, and a pass while they face ends the game, drawn.
    BreakOrPass,
}

/// Passing (§11.4): the side to move may pass (`0000`).
#[derive(Clone, Debug)]
pub struct Passing {
    /// When a pass is allowed (move context).
    pub when: Condition,
    /// Two passes in a row end the game, drawn.
    pub twice_draws: bool,
}

/// The result of a repetition (§10) for the side that made the move
/// completing it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RepetitionResult {
    /// A draw (default).
    #[default]
    Draw,
    /// The repeating side loses.
    Loss,
    /// The repeating side wins.
    Win,
    /// This colour loses, whoever repeats.
    LostBy(usize),
}

/// Compulsory capture (§11 of the language reference): when a side bound
/// by it has a legal capture by one of the types, its legal moves are those
/// captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompulsoryCapture {
    /// Per colour (0 White, 1 Black): whether the rule binds that side.
    pub sides: [bool; 2],
    /// Capturing types (bit set) whose captures are compulsory.
    pub by: u32,
}

/// The source's own move notations (§7 of the language reference); each
/// `false` is the default form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notation {
    /// Declarations (optional type changes anywhere) as `Nc3 (!C)`, not `Nc3=C`.
    pub bang_declaration: bool,
    /// Entries (drops) as `!Cg5`, not `C@g5`.
    pub bang_entry: bool,
    /// Gating as `Bb5*F` (castling `F-O`, `O-F`), not `Bb5/Ff1`.
    pub star_gating: bool,
}

/// Turns of several moves (§16 of the language reference).
#[derive(Clone, Debug)]
pub struct Turn {
    /// Moves per turn while the privilege lasts (at least 2).
    pub moves: u8,
    /// The privilege: a move-context condition on the mover at the start of a turn.
    pub privilege: Condition,
    /// A capture may only be the first move of a turn, and it ends the turn.
    pub capture_first_only: bool,
    /// What every capture sets (§13).
    pub capture_sets: Sets,
    /// Types (bit set) whose move is a turn by itself: only as the first
    /// move, which ends the turn.
    pub alone: u32,
    /// Types (bit set) that do not move while the privilege lasts.
    pub excluded: u32,
    /// A later move may be declined (`0000`) only when no other is legal.
    pub later_required: bool,
    /// The later moves of a turn may not move the piece that moved before in it.
    pub same_piece_forbidden: bool,
    /// A move that attacks an enemy royal piece ends the turn.
    pub check_ends_turn: bool,
    /// Moves of the game's first turns, in order (White's first, Black's
    /// first, White's second, ...); later turns have `moves`.
    pub schedule: Vec<u8>,
    /// En passant targets made in a turn stay open through the opponent's
    /// next turn while its moves capture en passant (`en_passant: next-turn`).
    pub en_passant_next_turn: bool,
}

impl Turn {
    /// Moves in the turn of `side` that starts at move number `fullmove`
    /// while the privilege holds: the schedule's entry for it, else `moves`.
    #[inline]
    pub fn moves_at(&self, fullmove: u32, side: usize) -> u8 {
        let index = (fullmove.saturating_sub(1) as usize).saturating_mul(2) + side;
        self.schedule.get(index).copied().unwrap_or(self.moves)
    }
}

/// One gating rule: a piece from the hand appears on the square a move vacated.
#[derive(Clone, Debug)]
pub struct GateRule {
    /// Types (bit set) that may be gated.
    pub pieces: u32,
    /// Where gated pieces may appear, per colour.
    pub zone: [Vec<bool>; 2],
    /// Moves of a piece that had not moved vacate a square for gating.
    pub unmoved: bool,
    /// Moves of a piece standing where the setup has the same piece vacate a square.
    pub setup_square: bool,
    /// Capturing moves vacate a square for gating.
    pub capture: bool,
    /// The last move number of the mover on which gating is allowed.
    pub deadline: Option<u32>,
    /// The castling field of FEN lists the unmoved pieces of the first rank.
    pub castling_field: bool,
    /// Legality is judged without the gated piece: a gated copy of a move
    /// exists only when the move itself is legal (`judged: without-gate`).
    pub without_gate: bool,
}

/// Where a captured piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CapturedTo {
    /// Off the game.
    #[default]
    Nowhere,
    /// To the capturing side's hand, changing colour.
    Capturer,
    /// Back to its owner's hand.
    Owner,
}

/// One drop rule.
#[derive(Clone, Debug, PartialEq)]
pub struct DropRule {
    /// Types (bit set) it lets a side drop.
    pub pieces: u32,
    /// The zone per colour, a flag per square.
    pub zone: [Vec<bool>; 2],
    /// A drop may not give check.
    pub no_check: bool,
    /// No drop while the side to move is in check (so none blocks a check).
    pub not_in_check: bool,
    /// A drop may not checkmate (`forbid: [checkmate]`).
    pub no_mate: bool,
    /// A checkmate by such a drop loses for the side that dropped
    /// (`checkmate: loses`).
    pub mate_loses: bool,
    /// At most this many of the side's pieces of the entering type on the
    /// drop's file after the drop (`max_per_file`).
    pub max_per_file: Option<u8>,
    /// The condition in play.
    pub when: Condition,
    /// What the drop sets (§13).
    pub sets: Sets,
    /// The type a held piece enters as, if not its own.
    pub placed: Option<u8>,
    /// The last-move record keeps the held type rather than the entering one.
    pub records_held: bool,
}

/// The result for the side to move, from its own view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Result3 {
    /// A loss for it.
    Loss,
    /// A draw.
    #[default]
    Draw,
    /// A win for it.
    Win,
}

/// Win conditions besides mate (§19 of the language reference).
#[derive(Clone, Debug, Default)]
pub struct Outcomes {
    /// Result of being stalemated.
    pub stalemate: Result3,
    /// A side with only royal pieces left loses (unless it can bare the
    /// opponent at once, which draws).
    pub bare_royal: bool,
    /// Giving this many checks wins.
    pub check_count: Option<u32>,
    /// Types (bit set) and zone per colour whose reaching wins.
    pub reach: Option<(u32, [Vec<bool>; 2])>,
    /// The colour that may answer the other's reaching with one move,
    /// reaching too for a draw (§19 `reach.answer`).
    pub reach_answer: Option<usize>,
    /// Reaching counts only for a piece no enemy attacks there (`reach.safe`).
    pub reach_safe: bool,
    /// Result of being mated, for the mated side.
    pub checkmate: Result3,
    /// Stalemate is won by the side with fewer pieces on the board (equal: a
    /// draw), whatever [`Outcomes::stalemate`] says.
    pub stalemate_fewer_pieces: bool,
    /// The colour (0 White, 1 Black) that wins every game that would be drawn.
    pub draw_odds: Option<usize>,
    /// The extinction rule, if any.
    pub extinction: Option<Extinction>,
    /// Points that decide a game that would be drawn (§19 `material_count`).
    pub material_count: Option<MaterialCount>,
}

/// Material counting (§19): every end that would be a draw is decided by
/// points on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialCount {
    /// Points per type.
    pub points: Vec<u32>,
    /// Points each colour gets besides its pieces.
    pub bonus: [u32; 2],
    /// The winner when both have as many points; `None`: a draw.
    pub ties: Option<usize>,
}

/// Extinction (§19): a side left with fewer than `fewer_than` pieces of a
/// counted type (board and hand) gets `result`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// Types (bit set) each counted on its own; `None`: all pieces together.
    pub types: Option<u32>,
    /// A side with fewer than this many pieces of a counted type is extinct.
    pub fewer_than: u32,
    /// The result for the extinct side.
    pub result: Result3,
}

impl Outcomes {
    /// Whether a rule can end the game right after a move, before mate is considered.
    pub fn immediate(&self) -> bool {
        self.bare_royal
            || self.check_count.is_some()
            || self.reach.is_some()
            || self.extinction.is_some()
    }

    /// Whether a side can lose without being mated: it may then play
    /// without a royal piece (§3).
    pub fn loses_otherwise(&self) -> bool {
        self.extinction.is_some()
            || self.reach.is_some()
            || self.stalemate != Result3::Draw
            || self.stalemate_fewer_pieces
    }
}

/// One piece type.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// FEN letter, upper case.
    pub letter: char,
    /// A promoted form, written `+` before its letter (`+P`, §3): it may
    /// share its letter with the type it promotes from.
    pub promoted: bool,
    /// Name.
    pub name: String,
    /// Movement as written.
    pub betza: String,
    /// Movement, one entry per direction.
    pub movements: Vec<Movement>,
    /// Square conditions of conditional movement, per colour a flag per
    /// square; [`Movement::condition`] indexes this.
    pub conditions: Vec<[Vec<bool>; 2]>,
    /// Whether it is royal.
    pub royal: bool,
    /// Material value.
    pub value: u32,
    /// Whether its moves reset the fifty-move count.
    pub irreversible: bool,
    /// For an imitator: how it imitates.
    pub imitation: Option<Imitation>,
    /// Movement entries whose condition reads the move context (§12.1):
    /// the condition and the index in [`Variant::virtual_pieces`] of the
    /// entry's movement, generated while the condition holds.
    /// A move of such an entry sets its `sets` (§13): an entry with `sets`
    /// is listed here whatever its condition reads.
    pub contextual: Vec<(Condition, u8, Sets)>,
    /// Types (bit set) its hops may not use as a screen (§4.4).
    pub screens_not: u32,
    /// Types (bit set) it may not capture (§4.4).
    pub captures_not: u32,
}

impl PieceType {
    /// Its text in FEN and moves, upper case: `N`, or `+P` for a promoted form.
    pub fn token(&self) -> String {
        if self.promoted {
            format!("+{}", self.letter)
        } else {
            self.letter.to_string()
        }
    }
}

/// How an imitator takes the powers of the last-moved piece (§12.2).
#[derive(Clone, Debug, Default)]
pub struct Imitation {
    /// It imitates the last move of either side, not only the opponent's.
    pub of_any: bool,
    /// It imitates the type it last captured (`of: captured`), kept per piece.
    pub of_captured: bool,
    /// With `of_captured`: the type it imitates before its first capture.
    pub initially: Option<usize>,
    /// While the opponent is to move, it keeps the powers it had on its own turn.
    pub idle_keep: bool,
    /// It captures only when the imitated move captured.
    pub if_captured: bool,
    /// After castling it imitates the rook, not the king.
    pub castling_rook: bool,
    /// Per real type: the index in [`Variant::virtual_pieces`] of its
    /// movement when imitating that type (`None` for imitators).
    pub as_type: Vec<Option<u8>>,
}

/// What resets the fifty-move count besides captures (§10,
/// `fifty_move_reset`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockReset {
    /// Moves of irreversible pieces reset it only when they go forward
    /// (towards the opponent's side); otherwise every move of theirs does.
    pub forward_only: bool,
    /// Drops reset it.
    pub drops: bool,
    /// Promotions and type changes on a move reset it.
    pub promotions: bool,
}

/// Castling: which piece types take part and where they go.
#[derive(Clone, Debug)]
pub struct Castling {
    /// The type that castles as the king.
    pub king: u8,
    /// The types (bit set) that castle as the rook (§8: one, or a list).
    pub rooks: u32,
    /// Per side: (king's destination file, rook's destination file), 0-based.
    pub sides: Vec<(u8, u8)>,
    /// The king's landing square must be unattacked before the move too
    /// (`landing: before-and-after`), not only after it.
    pub landing_before: bool,
    /// The rank castling happens on, 0-based from the side's own first rank.
    pub rank: u8,
    /// The files from which the rook of a `K` and of a `Q` castling letter
    /// is looked for, towards the king (`rook_from`; default the edges).
    pub rook_from: [u8; 2],
}

/// One promotion rule.
#[derive(Clone, Debug)]
pub struct Promotion {
    /// Types (bit set) that promote.
    pub pieces: u32,
    /// The zone, per colour (0 White, 1 Black), as a flag per square index.
    pub zone: [Vec<bool>; 2],
    /// Types they may become.
    pub to: Vec<u8>,
    /// Whether a move into the zone must promote.
    pub mandatory: bool,
    /// Only to types of which the side has fewer on the board than in the setup.
    pub only_captured: bool,
    /// Per type: the most pieces of it the side may have on the board after
    /// promoting to it (`at_most`), or none.
    pub at_most: Vec<(u8, u32)>,
    /// The zone judges the move's target square (`zone_of: target`, `either`).
    pub on_target: bool,
    /// The zone judges the move's origin square (`zone_of: origin`, `either`).
    pub on_origin: bool,
    /// The condition in play; the rule does not apply when it fails.
    pub when: Condition,
    /// What the change sets (§13).
    pub sets: Sets,
    /// The last-move record keeps the type before the change.
    pub records_before: bool,
}
