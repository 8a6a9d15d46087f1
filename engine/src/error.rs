//! The engine's error type.

use std::fmt;

/// An error from the engine: bad FEN, unknown variant or ruling, illegal or
/// malformed move. The message starts with the kind, e.g. `invalid FEN: ...`,
/// `illegal move: e2e5`, `malformed move: ...`, `unknown variant: ...`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineError(String);

impl EngineError {
    /// A FEN that cannot be read or describes an impossible position.
    pub fn invalid_fen(detail: impl fmt::Display) -> EngineError {
        EngineError(format!("invalid FEN: {detail}"))
    }

    /// Well-formed move text that is not legal in the position.
    pub fn illegal_move(text: &str) -> EngineError {
        EngineError(format!("illegal move: {text}"))
    }

    /// Text that is not a move in UCI notation.
    pub fn malformed_move(text: &str) -> EngineError {
        EngineError(format!("malformed move: {text:?}"))
    }

    /// A variant name the engine does not implement.
    pub fn unknown_variant(name: &str) -> EngineError {
        EngineError(format!("unknown variant: {name}"))
    }

    /// A ruling id the variant does not have.
    pub fn unknown_ruling(id: &str) -> EngineError {
        EngineError(format!("unknown ruling: {id}"))
    }

    /// A registered ruling option the engine does not implement.
    pub fn unimplemented_ruling(option: &str) -> EngineError {
        EngineError(format!("{UNIMPLEMENTED}{option}"))
    }

    /// Whether this is [`EngineError::unimplemented_ruling`]: the engine
    /// does not offer the option, so nothing can be checked against it.
    pub fn is_unimplemented(&self) -> bool {
        self.0.starts_with(UNIMPLEMENTED)
    }
}

const UNIMPLEMENTED: &str = "ruling option not implemented by the engine: ";

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EngineError {}
