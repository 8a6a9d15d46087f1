//! The string-level game API that wraps the typed engines.

use crate::big::BigGame;
use crate::chess::{self, Position};
use crate::color::Color;
use crate::error::EngineError;
use crate::plus::{PlusGame, Variant as PlusVariant};
use crate::variant::{Engine, VariantGame};

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
    /// Orthodox chess; the start position while another variant is played.
    chess: VariantGame<Position>,
    /// Fool, Clown and Entity chess (`crate::plus`); when set, every method
    /// delegates to it.
    plus: Option<Box<PlusGame>>,
    /// Chess Is a Joke and Jester Chess (`crate::big`); when set, every
    /// method delegates to it.
    big: Option<Box<BigGame>>,
}

impl Engine for Position {
    type Rules = ();
    type Move = chess::Move;

    fn start(_: &()) -> Result<Position, EngineError> {
        Ok(Position::startpos())
    }
    fn read_fen(fen: &str, _: &()) -> Result<Position, EngineError> {
        Position::from_fen(fen)
    }
    fn write_fen(&self, _: &()) -> String {
        self.fen()
    }
    fn legal(&self, _: &()) -> Vec<chess::Move> {
        self.legal_moves().to_vec()
    }
    fn any_legal(&self, _: &()) -> bool {
        self.has_legal_moves()
    }
    fn move_text(m: chess::Move, _: &()) -> String {
        m.to_string()
    }
    fn parse_move(&self, text: &str, _: &()) -> Result<chess::Move, EngineError> {
        self.parse_uci(text)
    }
    fn after_move(&self, m: chess::Move, _: &()) -> Position {
        self.played(m)
    }
    fn count_leaves(&self, _: &(), depth: u32) -> u64 {
        chess::perft(self, depth)
    }
    fn in_check(&self, _: &()) -> bool {
        self.is_check()
    }
    fn side_to_move(&self) -> Color {
        self.turn()
    }
    fn fifty_count(&self) -> u32 {
        self.halfmoves()
    }
    fn dead(&self, _: &()) -> bool {
        self.is_insufficient_material()
    }
    fn key(&self, _: &()) -> Position {
        self.repetition_key()
    }
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
        let mut game = Game {
            chess: VariantGame::with_rules(())?,
            plus: None,
            big: None,
        };
        if let Some(big) = BigGame::new(variant, rulings) {
            game.big = Some(Box::new(big?));
            return Ok(game);
        }
        if let Some(v) = plus {
            game.plus = Some(Box::new(PlusGame::new(v, rulings)?));
            return Ok(game);
        }
        if variant != "chess" {
            return Err(EngineError::unknown_variant(variant));
        }
        if let Some((id, _)) = rulings.first() {
            return Err(EngineError::unknown_ruling(id));
        }
        Ok(game)
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
        self.chess.set_fen(fen)
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        if let Some(g) = &self.big {
            return g.fen();
        }
        if let Some(g) = &self.plus {
            return g.fen();
        }
        self.chess.fen()
    }

    /// The current position (of chess; for the other variants see
    /// [`Game::plus`]).
    pub fn position(&self) -> &Position {
        self.chess.position()
    }

    /// The legal moves in UCI notation, sorted ascending.
    pub fn legal_moves(&self) -> Vec<String> {
        if let Some(g) = &self.big {
            return g.legal_moves();
        }
        if let Some(g) = &self.plus {
            return g.legal_moves();
        }
        self.chess.legal_moves()
    }

    /// Plays a move given in UCI notation. On error nothing changes.
    pub fn play(&mut self, uci: &str) -> Result<(), EngineError> {
        if let Some(g) = &mut self.big {
            return g.play(uci);
        }
        if let Some(g) = &mut self.plus {
            return g.play(uci);
        }
        self.chess.play(uci)
    }

    /// Leaves of the legal move tree at `depth`, every leaf played.
    pub fn perft(&self, depth: u32) -> u64 {
        if let Some(g) = &self.big {
            return g.perft(depth);
        }
        if let Some(g) = &self.plus {
            return g.perft(depth);
        }
        self.chess.perft(depth)
    }

    /// Perft split by first move: (move in UCI, leaves), sorted by move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        if let Some(g) = &self.big {
            return g.perft_divide(depth);
        }
        if let Some(g) = &self.plus {
            return g.perft_divide(depth);
        }
        self.chess.perft_divide(depth)
    }

    /// How the game ended, or `None` while it goes on. Checked in order:
    /// checkmate, stalemate, fifty-move rule, threefold repetition,
    /// insufficient material.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(g) = &self.big {
            return g.outcome();
        }
        if let Some(g) = &self.plus {
            return g.outcome();
        }
        self.chess.outcome()
    }
}

impl Game {
    /// The Fool, Clown or Entity game inside, if this is one of those.
    pub fn plus(&self) -> Option<&PlusGame> {
        self.plus.as_deref()
    }
}
