//! Play: positions, move generation, outcomes and perft for a compiled
//! variant. FEN and move text are in `notation`, which reads play.

mod accessors;
mod action;
mod counting;
mod freeze;
mod imitation;
mod movegen;
mod outcome;
mod perft;
mod piece_state;
mod pins;
mod position;
mod shown;
mod shuffle;
mod view;
mod zobrist;

pub use crate::geometry::{parse_square, square_name};
pub use action::{Action, Gating};
pub use counting::HonourCount;
pub use movegen::NULL_MOVE;
pub use outcome::{Outcome, Reason};
pub use perft::{Leaves, MAX_PERFT_DEPTH};
pub(crate) use position::{LastSquares, MoveKind};
pub use position::{Move, Position, Undo, BLACK, CAPTURED, WHITE};
pub use shuffle::{Start, CHESS960_ARRAYS};
pub use view::View;

use std::fmt;

use crate::geometry::{Square, SquareSet};
use crate::program::{CastlingRule, Program};

/// A variant ready to play: its compiled `Program` (read through
/// `Deref`, so play reads `self.tables` and the derived flags as fields)
/// and its start position.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The compiled program.
    program: Program,
    /// The start position.
    pub(crate) start: Position,
    /// Number of pieces of each code in the start position.
    pub(crate) start_counts: Vec<u8>,
}

impl std::ops::Deref for Rules {
    type Target = Program;

    #[inline]
    fn deref(&self) -> &Program {
        &self.program
    }
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
                // Ranks only where the direction matters.
                let forward = || {
                    let (from, to) = (
                        self.tables.file_rank(m.from).1,
                        self.tables.file_rank(m.to).1,
                    );
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

    /// The rules of a compiled program before their start position is
    /// read (notation reads it from the setup: [`Rules::with_start`]).
    pub(crate) fn unstarted(program: Program) -> Rules {
        Rules {
            program,
            start: Position::empty(),
            start_counts: Vec::new(),
        }
    }

    /// These rules starting from `start`, a valid position.
    pub(crate) fn with_start(mut self, start: Position) -> Rules {
        self.start_counts = self.piece_counts(&start);
        self.start = start;
        self
    }

    /// What the drop or promotion rule of `m` sets (§13), if any.
    #[inline]
    pub(crate) fn entry_rule_sets(&self, m: Move) -> crate::program::Sets {
        if m.kind == MoveKind::Drop {
            self.variant.drops[m.extra as usize].sets
        } else if m.promotion != 0 && m.extra != 0 {
            self.variant.promotions[m.extra as usize - 1].sets
        } else {
            crate::program::Sets::default()
        }
    }

    /// How many pieces of each code stand on the board of `pos` (walls
    /// not counted).
    fn piece_counts<S: SquareSet>(&self, pos: &Position<S>) -> Vec<u8> {
        let mut counts = vec![0; 1 + 2 * self.variant.pieces.len()];
        for sq in 0..self.tables.squares {
            let code = pos.board[sq] as usize;
            if code != 0 && code != crate::program::WALL as usize {
                counts[code] += 1;
            }
        }
        counts
    }

    /// After a passing move from `from` to `to`, marks the squares passed
    /// as en passant targets of the piece now on `to`.
    pub(crate) fn mark_passed<S: SquareSet>(
        &self,
        pos: &mut Position<S>,
        from: Square,
        to: Square,
    ) {
        let ((f0, r0), (f1, r1)) = (self.tables.file_rank(from), self.tables.file_rank(to));
        let (df, dr) = (f1 as i32 - f0 as i32, r1 as i32 - r0 as i32);
        let n = df.abs().max(dr.abs());
        if df != 0 && dr != 0 && df.abs() != dr.abs() {
            return;
        }
        if n == 2 {
            // A double step (most passing moves): the one square passed is
            // halfway.
            let halfway = (u32::from(from) + u32::from(to)) / 2;
            pos.ep.set(halfway as Square);
        } else {
            // A straight or diagonal line: one step is the signs of the
            // offsets (no division on this path).
            let step = dr.signum() * i32::from(self.tables.files) + df.signum();
            let mut sq = from as i32;
            for _ in 1..n {
                sq += step;
                pos.ep.set(sq as Square);
            }
        }
        pos.ep_victim = to as Square;
    }
}
