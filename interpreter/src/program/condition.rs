//! Conditions decided in play (the move context of §5.2), as `check`
//! compiles them from expressions.

/// A condition on a move, evaluated in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// Always true.
    Always,
    /// Always false.
    Never,
    /// Negation.
    Not(Box<Condition>),
    /// All of them.
    All(Vec<Condition>),
    /// Any of them.
    Any(Vec<Condition>),
    /// `player.FLAG` (`opponent: false`) or `opponent.FLAG`: a declared player flag.
    Flag {
        /// Index in `state.player_flags`.
        flag: u8,
        /// The opponent's flag rather than the mover's.
        opponent: bool,
    },
    /// `piece.virgin`: the moving piece has not moved.
    PieceUnmoved,
    /// `piece.FLAG`: the moving piece has this declared piece flag (§13),
    /// an index in `state.piece_flags`.
    PieceFlag(u8),
    /// `move.captures`: the move captures.
    MoveCaptures,
    /// `last_move.type == "L"`: the effective type of the last move.
    LastType(u8),
    /// `last_move.captured`.
    LastCaptured,
    /// `captured_last_turn(L, ...)`: the mover lost, on the opponent's last
    /// move, a piece held as one of these types (bit set); all types when empty.
    Lost(u32),
    /// `in_check`: the mover is in check.
    InCheck,
    /// `piece.double_stepped`: the moving piece made its first move by an
    /// initial-only movement (§4.4), e.g. a pawn's double step.
    PieceStepped,
    /// A comparison of two counts, e.g. `held(N) > captured_last_turn_count(N)`.
    Compare(Count, Comparison, Count),
    /// `piece.type == "L"`: the moving piece's type (an imitator's: the
    /// type it imitates).
    PieceType(u8),
    /// `last_move.kind == "KIND"`: the kind of the last move, an index of
    /// [`LAST_MOVE_KINDS`].
    LastKind(u8),
    /// `last_move.to == SQ` (`to`) or `last_move.from == SQ`, or `in` a
    /// list of squares: the last move's square is one of these
    /// (`rank * files + file`).
    LastSquare {
        /// The target rather than the origin.
        to: bool,
        /// The squares.
        squares: Vec<u8>,
    },
    /// A square condition of a movement entry (§12.1), read at the moving
    /// piece's square: an index into [`crate::program::Variant::movement_zones`].
    Zone(u16),
}

/// A number a condition compares (§5.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// A whole number.
    Number(i64),
    /// `held(L, ...)`: the pieces the mover holds as these types (bit set).
    Held(u32),
    /// `captured_last_turn_count(L, ...)`: the mover's pieces captured on
    /// the opponent's last move that are held as these types (bit set).
    CapturedLastTurn(u32),
    /// `count(L, ...)`: the mover's pieces of these types on the board (bit set).
    OnBoard(u32),
    /// `move_number`: the mover's own move count, from 1.
    MoveNumber,
    /// `sub_move`: the index of the move within the turn (§16), from 1.
    SubMove,
    /// `player.COUNTER` (`opponent: false`) or `opponent.COUNTER`: a
    /// declared counter (§13).
    Counter {
        /// Index in `state.counters`.
        counter: u8,
        /// The opponent's counter rather than the mover's.
        opponent: bool,
    },
}

/// A comparison of two counts (§5.2 `==`, `!=`, `<`, `<=`, `>`, `>=`),
/// as the orderings of the first count to the second under which it
/// holds: `<=` holds when it is less or equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// It holds when the first count is the smaller.
    pub less: bool,
    /// It holds when the counts are equal.
    pub equal: bool,
    /// It holds when the first count is the greater.
    pub greater: bool,
}

impl Count {
    /// Whether `a OP b` holds.
    pub fn compare(a: i64, op: Comparison, b: i64) -> bool {
        match a.cmp(&b) {
            std::cmp::Ordering::Less => op.less,
            std::cmp::Ordering::Equal => op.equal,
            std::cmp::Ordering::Greater => op.greater,
        }
    }
}

impl Condition {
    /// Whether the condition reads `piece.double_stepped`.
    pub fn reads_stepped(&self) -> bool {
        match self {
            Condition::PieceStepped => true,
            Condition::Not(c) => c.reads_stepped(),
            Condition::All(cs) | Condition::Any(cs) => cs.iter().any(Condition::reads_stepped),
            _ => false,
        }
    }
}

/// A condition that reads only single bits of the move context, all of
/// which must hold (`piece.virgin and not player.FLAG and not
/// move.captures`), as one mask test per word: compiled once from a
/// [`Condition`] by `compile`, so that play tests it without walking the
/// tree. Each pair is the bits read and the values they must have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Literals {
    /// The move's facts ([`Literals::UNMOVED`], [`Literals::CAPTURES`],
    /// [`Literals::LAST_CAPTURED`]) read, and their values.
    pub facts: (u8, u8),
    /// The mover's player flags read, and their values.
    pub own: (u32, u32),
    /// The opponent's player flags read, and their values.
    pub theirs: (u32, u32),
}

impl Literals {
    /// The fact `piece.virgin`.
    pub const UNMOVED: u8 = 1;
    /// The fact `move.captures`.
    pub const CAPTURES: u8 = 2;
    /// The fact `last_move.captured`.
    pub const LAST_CAPTURED: u8 = 4;
    /// A condition that never holds: a fact read that must be set and
    /// clear at once.
    pub const NEVER: Literals = Literals {
        facts: (0, 1),
        own: (0, 0),
        theirs: (0, 0),
    };

    /// Whether the literals hold for these facts and the mover's and the
    /// opponent's flags.
    #[inline]
    pub fn hold(&self, facts: u8, own: u32, theirs: u32) -> bool {
        facts & self.facts.0 == self.facts.1
            && own & self.own.0 == self.own.1
            && theirs & self.theirs.0 == self.theirs.1
    }
}

/// The kinds of a last move `last_move.kind` names (§5.2), by index: 0
/// while there is no last move.
pub const LAST_MOVE_KINDS: [&str; 6] = ["none", "move", "drop", "castle", "promotion", "shot"];
