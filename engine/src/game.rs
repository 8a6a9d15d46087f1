//! The string-level game over every variant the engine implements.

use std::fmt;

use crate::color::Color;
use crate::error::EngineError;
use crate::variant::VariantGame;
use crate::{chess, clown, entity, fool, jester, joke};

/// Who won and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

/// Why a game ended; `Display` gives the text the conformance cases use
/// (`checkmate`, `fifty-move rule`, ...).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A hundred plies without a capture or a pawn move.
    FiftyMoveRule,
    /// The same position the third time.
    ThreefoldRepetition,
    /// Neither side can ever checkmate.
    InsufficientMaterial,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::FiftyMoveRule => "fifty-move rule",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::InsufficientMaterial => "insufficient material",
        })
    }
}

/// A game of one variant the engine implements, with its move history (for
/// repetition): one case per variant, each a [`VariantGame`] over that
/// variant's [`crate::variant::VariantPosition`].
#[derive(Clone, Debug)]
pub enum Game {
    /// Orthodox chess (`chess`).
    Chess(VariantGame<chess::Position>),
    /// Chess with a Fool (`fool`).
    Fool(VariantGame<fool::Position>),
    /// Clown Chess (`clown`).
    Clown(VariantGame<clown::Position>),
    /// Entity Chess (`entity`).
    Entity(VariantGame<entity::Position>),
    /// Chess Is a Joke (`joke`).
    Joke(VariantGame<joke::Position>),
    /// Jester Chess (`jester`).
    Jester(VariantGame<jester::Position>),
}

/// Evaluates `$e` with `$g` bound to the game inside, whichever variant.
macro_rules! each {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            Game::Chess($g) => $e,
            Game::Fool($g) => $e,
            Game::Clown($g) => $e,
            Game::Entity($g) => $e,
            Game::Joke($g) => $e,
            Game::Jester($g) => $e,
        }
    };
}

impl Game {
    /// The variants this engine implements by name.
    pub fn variants() -> &'static [&'static str] {
        &["chess", "fool", "clown", "entity", "joke", "jester"]
    }

    /// A new game of the variant named `variant` at its start position.
    /// `rulings` are (id, value) pairs; chess has none, so any id is an
    /// error.
    pub fn new(variant: &str, rulings: &[(String, String)]) -> Result<Game, EngineError> {
        Ok(match variant {
            "chess" => Game::Chess(VariantGame::new(rulings)?),
            "fool" => Game::Fool(VariantGame::new(rulings)?),
            "clown" => Game::Clown(VariantGame::new(rulings)?),
            "entity" => Game::Entity(VariantGame::new(rulings)?),
            "joke" => Game::Joke(VariantGame::new(rulings)?),
            "jester" => Game::Jester(VariantGame::new(rulings)?),
            _ => return Err(EngineError::UnknownVariant(variant.to_string())),
        })
    }

    /// Sets the position from a FEN and clears the history. On error the
    /// game is unchanged.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), EngineError> {
        each!(self, g => g.set_fen(fen))
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        each!(self, g => g.fen())
    }

    /// The current position, when the game is one of orthodox chess.
    pub fn chess_position(&self) -> Option<&chess::Position> {
        match self {
            Game::Chess(g) => Some(g.position()),
            _ => None,
        }
    }

    /// The legal moves in canonical text (UCI for chess), sorted ascending.
    pub fn legal_moves(&self) -> Vec<String> {
        each!(self, g => g.legal_moves())
    }

    /// Plays a move given in canonical text. On error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<(), EngineError> {
        each!(self, g => g.play(text))
    }

    /// Leaves of the legal move tree at `depth`, every leaf played.
    pub fn perft(&self, depth: u32) -> u64 {
        each!(self, g => g.perft(depth))
    }

    /// Perft split by first move: (move text, leaves), sorted by move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        each!(self, g => g.perft_divide(depth))
    }

    /// How the game ended, or `None` while it goes on. Checked in order:
    /// checkmate, stalemate, fifty-move rule, threefold repetition,
    /// insufficient material.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }
}
