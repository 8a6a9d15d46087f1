//! The string-level game API that wraps the typed engines.

use crate::big::BigGame;
use crate::chess::{self, Position};
use crate::color::Color;
use crate::error::EngineError;
use crate::plus::{PlusGame, Variant as PlusVariant};

/// Who won and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// One of `"checkmate"`, `"stalemate"`, `"fifty-move rule"`,
    /// `"threefold repetition"`, `"insufficient material"`.
    pub reason: &'static str,
}

/// A game of one variant the engine implements, with its move history (for
/// repetition).
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    /// Repetition keys of every position since the game (or FEN) started,
    /// the current one last.
    history: Vec<Position>,
    /// Fool, Clown and Entity chess (`crate::plus`); when set, every method
    /// delegates to it.
    plus: Option<Box<PlusGame>>,
    /// Chess Is a Joke and Jester Chess (`crate::big`); when set, every
    /// method delegates to it.
    big: Option<Box<BigGame>>,
}

impl Game {
    /// The variants this engine implements by name.
    pub fn variants() -> &'static [&'static str] {
        &["chess", "fool", "clown", "entity", "joke", "jester"]
    }

    /// A new game at the variant's start position. `rulings` are (id, value)
    /// pairs; chess has none, so any id is an error.
    pub fn new(variant: &str, rulings: &[(String, String)]) -> Result<Game, EngineError> {
        let plus = match variant {
            "fool" => Some(PlusVariant::Fool),
            "clown" => Some(PlusVariant::Clown),
            "entity" => Some(PlusVariant::Entity),
            _ => None,
        };
        if let Some(big) = BigGame::new(variant, rulings) {
            let mut game = Game::from_position(Position::startpos());
            game.big = Some(Box::new(big?));
            return Ok(game);
        }
        if let Some(v) = plus {
            let mut game = Game::from_position(Position::startpos());
            game.plus = Some(Box::new(PlusGame::new(v, rulings)?));
            return Ok(game);
        }
        if variant != "chess" {
            return Err(EngineError::unknown_variant(variant));
        }
        if let Some((id, _)) = rulings.first() {
            return Err(EngineError::unknown_ruling(id));
        }
        Ok(Game::from_position(Position::startpos()))
    }

    fn from_position(position: Position) -> Game {
        Game {
            position,
            history: vec![position.repetition_key()],
            plus: None,
            big: None,
        }
    }

    /// Sets the position from a FEN and clears the history. On error the
    /// game is unchanged.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), EngineError> {
        if let Some(g) = &mut self.big {
            return g.set_fen(fen);
        }
        if let Some(g) = &mut self.plus {
            return g.set_fen(fen);
        }
        *self = Game::from_position(Position::from_fen(fen)?);
        Ok(())
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        if let Some(g) = &self.big {
            return g.fen();
        }
        if let Some(g) = &self.plus {
            return g.fen();
        }
        self.position.fen()
    }

    /// The current position (of chess; for the other variants see
    /// [`Game::plus`]).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The legal moves in UCI notation, sorted ascending.
    pub fn legal_moves(&self) -> Vec<String> {
        if let Some(g) = &self.big {
            return g.legal_moves();
        }
        if let Some(g) = &self.plus {
            return g.legal_moves();
        }
        let mut moves: Vec<String> = self
            .position
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        moves.sort_unstable();
        moves
    }

    /// Plays a move given in UCI notation. On error nothing changes.
    pub fn play(&mut self, uci: &str) -> Result<(), EngineError> {
        if let Some(g) = &mut self.big {
            return g.play(uci);
        }
        if let Some(g) = &mut self.plus {
            return g.play(uci);
        }
        let m = self.position.parse_uci(uci)?;
        self.position.play_unchecked(m);
        self.history.push(self.position.repetition_key());
        Ok(())
    }

    /// Leaves of the legal move tree at `depth`, every leaf played.
    pub fn perft(&self, depth: u32) -> u64 {
        if let Some(g) = &self.big {
            return g.perft(depth);
        }
        if let Some(g) = &self.plus {
            return g.perft(depth);
        }
        chess::perft(&self.position, depth)
    }

    /// Perft split by first move: (move in UCI, leaves), sorted by move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        if let Some(g) = &self.big {
            return g.perft_divide(depth);
        }
        if let Some(g) = &self.plus {
            return g.perft_divide(depth);
        }
        let mut divide: Vec<(String, u64)> = self
            .position
            .legal_moves()
            .iter()
            .map(|&m| {
                (
                    m.to_string(),
                    chess::perft(&self.position.played(m), depth.saturating_sub(1)),
                )
            })
            .collect();
        divide.sort_unstable();
        divide
    }

    /// How the game ended, or `None` while it goes on. Checked in order:
    /// checkmate, stalemate, fifty-move rule, threefold repetition,
    /// insufficient material.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(g) = &self.big {
            return g
                .outcome()
                .map(|(winner, reason)| Outcome { winner, reason });
        }
        if let Some(g) = &self.plus {
            return g.outcome();
        }
        let pos = &self.position;
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if !pos.has_legal_moves() {
            if pos.is_check() {
                return Some(Outcome {
                    winner: Some(!pos.turn()),
                    reason: "checkmate",
                });
            }
            return draw("stalemate");
        }
        if pos.halfmoves() >= 100 {
            return draw("fifty-move rule");
        }
        if let Some(current) = self.history.last() {
            if self.history.iter().filter(|&key| key == current).count() >= 3 {
                return draw("threefold repetition");
            }
        }
        if pos.is_insufficient_material() {
            return draw("insufficient material");
        }
        None
    }
}

impl Game {
    /// The Fool, Clown or Entity game inside, if this is one of those.
    pub fn plus(&self) -> Option<&PlusGame> {
        self.plus.as_deref()
    }
}
