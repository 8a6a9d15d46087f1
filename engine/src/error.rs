//! The engine's error type.

use std::fmt;

/// An error from the engine. Its `Display` is the message the conformance
/// harness shows; callers branch on the variant, never on the text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineError {
    /// A FEN that cannot be read or describes an impossible position, e.g.
    /// `8/8/8/8/8/8/8/8 w - - 0 1` (no kings): `invalid FEN: ...`.
    BadFen(String),
    /// Well-formed move text that is not legal in the position, e.g. `e2e5`
    /// at the start: `illegal move: e2e5`.
    IllegalMove(String),
    /// Text that is not move text of the variant, e.g. `e2`:
    /// `malformed move: "e2"`.
    MalformedMove(String),
    /// A variant name the engine does not implement, e.g. `xiangqi`:
    /// `unknown variant: xiangqi`.
    UnknownVariant(String),
    /// A ruling id the variant does not have, e.g. `fool.colour`:
    /// `unknown ruling: fool.colour (the rulings of fool are: ...)`.
    UnknownRuling {
        /// The id as given.
        id: String,
        /// The variant's name.
        variant: &'static str,
        /// The variant's ruling ids (none for orthodox chess).
        known: Vec<&'static str>,
    },
    /// A value that is not an option of the ruling, e.g.
    /// `fool.deadline=move-30`: `unknown ruling: fool.deadline=move-30
    /// (options: move-20, ply-20)`.
    UnknownOption {
        /// The ruling's full id.
        ruling: String,
        /// The value as given.
        value: String,
        /// The ruling's options.
        options: &'static [&'static str],
    },
    /// A registered ruling option the engine does not implement, so nothing
    /// can be checked against it, e.g. `joke.freeze-trigger=on-arrival`.
    UnimplementedRuling(&'static str),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::BadFen(detail) => write!(f, "invalid FEN: {detail}"),
            EngineError::IllegalMove(text) => write!(f, "illegal move: {text}"),
            EngineError::MalformedMove(text) => write!(f, "malformed move: {text:?}"),
            EngineError::UnknownVariant(name) => write!(f, "unknown variant: {name}"),
            EngineError::UnknownRuling { id, known, .. } if known.is_empty() => {
                write!(f, "unknown ruling: {id}")
            }
            EngineError::UnknownRuling { id, variant, known } => write!(
                f,
                "unknown ruling: {id} (the rulings of {variant} are: {})",
                known.join(", ")
            ),
            EngineError::UnknownOption {
                ruling,
                value,
                options,
            } => write!(
                f,
                "unknown ruling: {ruling}={value} (options: {})",
                options.join(", ")
            ),
            EngineError::UnimplementedRuling(option) => {
                write!(f, "ruling option not implemented by the engine: {option}")
            }
        }
    }
}

impl std::error::Error for EngineError {}

/// A [`EngineError::BadFen`] with `detail`.
pub(crate) fn bad_fen(detail: impl fmt::Display) -> EngineError {
    EngineError::BadFen(detail.to_string())
}
