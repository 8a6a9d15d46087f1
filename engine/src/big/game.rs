//! The larger-board variants behind [`crate::Game`]: one enum that forwards
//! the string-level API to Chess Is a Joke or Jester Chess.

use crate::error::EngineError;
use crate::game::Outcome;
use crate::jester::JesterGame;
use crate::joke::JokeGame;

/// A game of a larger-board variant.
#[derive(Clone, Debug)]
pub enum BigGame {
    /// Chess Is a Joke (`joke`).
    Joke(JokeGame),
    /// Jester Chess (`jester`).
    Jester(JesterGame),
}

macro_rules! forward {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            BigGame::Joke($g) => $e,
            BigGame::Jester($g) => $e,
        }
    };
}

impl BigGame {
    /// The variant of that name, if it is a larger-board one.
    pub fn new(
        variant: &str,
        rulings: &[(String, String)],
    ) -> Option<Result<BigGame, EngineError>> {
        match variant {
            "joke" => Some(JokeGame::new(rulings).map(BigGame::Joke)),
            "jester" => Some(JesterGame::new(rulings).map(BigGame::Jester)),
            _ => None,
        }
    }

    /// Sets the position from a FEN.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), EngineError> {
        forward!(self, g => g.set_fen(fen))
    }

    /// The FEN.
    pub fn fen(&self) -> String {
        forward!(self, g => g.fen())
    }

    /// Legal moves, sorted canonical text.
    pub fn legal_moves(&self) -> Vec<String> {
        forward!(self, g => g.legal_moves())
    }

    /// Plays a move.
    pub fn play(&mut self, text: &str) -> Result<(), EngineError> {
        forward!(self, g => g.play(text))
    }

    /// Perft, every leaf played.
    pub fn perft(&self, depth: u32) -> u64 {
        forward!(self, g => g.perft(depth))
    }

    /// Perft split by first move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        forward!(self, g => g.perft_divide(depth))
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        forward!(self, g => g.outcome())
    }
}
