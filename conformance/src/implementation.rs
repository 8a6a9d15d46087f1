//! The one interface every implementation under test offers, and its three
//! implementations: the generic interpreter, the hand-written engine, and an
//! external engine spoken to over UCI.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::fsf::Fsf;
use crate::uci::Uci;
use motley_interpreter::Leaves;

pub use motley_interpreter::{Color, Reason};

/// How a finished game ended, as an implementation reports it, in the
/// interpreter's terms: the engine's and Fairy-Stockfish's answers are
/// mapped case by case onto [`Color`] and [`Reason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended; `None` for an end the implementation does not
    /// name (Fairy-Stockfish ending a game by a variant rule of its own).
    pub reason: Option<Reason>,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = match self.winner {
            Some(Color::White) => "white",
            Some(Color::Black) => "black",
            None => "draw",
        };
        match self.reason {
            Some(reason) => write!(f, "{winner} by {reason}"),
            None => write!(f, "{winner} by {}", crate::fsf::UNNAMED_RULE),
        }
    }
}

impl From<motley_interpreter::Outcome> for Outcome {
    fn from(o: motley_interpreter::Outcome) -> Outcome {
        Outcome {
            winner: o.winner,
            reason: Some(o.reason),
        }
    }
}

impl Outcome {
    /// Whether two outcomes are the same: equal winners and reasons of the
    /// same words (a repetition other than threefold is any such
    /// repetition), where an unnamed reason matches any reason.
    pub fn agrees(&self, other: &Outcome) -> bool {
        let same = |a: Reason, b: Reason| match (a, b) {
            (Reason::Repetition(x), Reason::Repetition(y)) => (x == 3) == (y == 3),
            _ => a == b,
        };
        self.winner == other.winner
            && match (self.reason, other.reason) {
                (Some(a), Some(b)) => same(a, b),
                _ => true,
            }
    }
}

/// Whether two optional outcomes are the same ([`Outcome::agrees`]).
pub fn outcomes_agree(a: &Option<Outcome>, b: &Option<Outcome>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.agrees(b),
        (None, None) => true,
        _ => false,
    }
}

/// Formats an optional outcome: `none` when the game goes on.
pub fn show_outcome(outcome: &Option<Outcome>) -> String {
    match outcome {
        Some(o) => o.to_string(),
        None => "none".to_string(),
    }
}

/// Ruling choices `(id, value)`, as `--ruling ID=VALUE` gives them.
pub type Rulings = [(String, String)];

/// Why an implementation could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImplError {
    /// The implementation does not offer this (e.g. outcomes over UCI, or a
    /// variant the engine does not implement); the check is skipped.
    Unsupported(String),
    /// The input was refused: a bad FEN, an illegal or malformed move, an
    /// unknown ruling. The text is the implementation's own message.
    Rejected(String),
    /// The implementation failed: a rule file that does not load, a process
    /// that died or printed something unreadable.
    Failed(String),
}

impl fmt::Display for ImplError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImplError::Unsupported(what) => write!(f, "not supported: {what}"),
            ImplError::Rejected(message) | ImplError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ImplError {}

/// An implementation of a variant's rules, driven through text: FEN in,
/// canonical (UCI long algebraic) move text in and out.
///
/// Call [`load`](Implementation::load) first; the position is then the
/// variant's setup until [`set_position`](Implementation::set_position).
pub trait Implementation: Send {
    /// A short name for messages: `interp`, `engine`, `uci:COMMAND`.
    fn name(&self) -> String;

    /// Loads the variant of a rule file's text `source` with rulings
    /// `(id, value)`. `name` is the file's name: diagnostics name it, and
    /// the files it `extends` (spec/LANGUAGE.md §1.1) are read beside it;
    /// text made in memory may be called anything.
    fn load(&mut self, name: &str, source: &str, rulings: &Rulings) -> Result<(), ImplError>;

    /// [`load`](Implementation::load) of the rule file at `path`.
    fn load_path(&mut self, path: &Path, rulings: &Rulings) -> Result<(), ImplError> {
        let source = read_rule_file(path)?;
        self.load(&path.to_string_lossy(), &source, rulings)
    }

    /// Sets the position: the FEN (the setup when `None`), then the moves
    /// played from it. On error the position is unspecified until the next
    /// successful call.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), ImplError>;

    /// The legal moves in canonical text, sorted.
    fn legal_moves(&mut self) -> Result<Vec<String>, ImplError>;

    /// Plays one move in canonical text.
    fn play(&mut self, mv: &str) -> Result<(), ImplError>;

    /// The position as FEN.
    fn fen(&mut self) -> Result<String, ImplError>;

    /// How the game has ended, `None` while it goes on.
    fn outcome(&mut self) -> Result<Option<Outcome>, ImplError>;

    /// Leaves of the legal-move tree at `depth`.
    fn perft(&mut self, depth: u32) -> Result<u64, ImplError>;

    /// Perft per root move: `(move, leaves at depth - 1 below it)`, sorted
    /// by move; empty at depth 0.
    fn divide(&mut self, depth: u32) -> Result<Vec<(String, u64)>, ImplError>;

    /// Whether a bad FEN or an illegal move is reported as
    /// [`ImplError::Rejected`]; `false` for implementations that cannot tell
    /// (UCI), whose `error` expectations are then skipped.
    fn validates_input(&self) -> bool {
        true
    }
}

/// Which implementation to run, as written on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImplKind {
    /// The generic interpreter (`interp`).
    Interpreter,
    /// The hand-written engine (`engine`).
    Engine,
    /// An external UCI engine (`uci:COMMAND`), the command split at spaces.
    Uci(String),
    /// Fairy-Stockfish (`fsf`, or `fsf:VARIANT` to name its variant; the
    /// rule file's stem otherwise).
    Fsf(Option<String>),
}

impl FromStr for ImplKind {
    type Err = String;

    fn from_str(s: &str) -> Result<ImplKind, String> {
        match s {
            "interp" | "interpreter" => Ok(ImplKind::Interpreter),
            "engine" => Ok(ImplKind::Engine),
            "fsf" => Ok(ImplKind::Fsf(None)),
            _ if s.starts_with("fsf:") => match s["fsf:".len()..].trim() {
                "" => Err("`fsf:` needs a variant name, e.g. `fsf:atomic`".to_string()),
                v => Ok(ImplKind::Fsf(Some(v.to_string()))),
            },
            _ => match s.strip_prefix("uci:") {
                Some(command) if !command.trim().is_empty() => {
                    Ok(ImplKind::Uci(command.trim().to_string()))
                }
                Some(_) => Err("`uci:` needs a command, e.g. `uci:/usr/bin/stockfish`".to_string()),
                None => Err(format!(
                    "unknown implementation `{s}`: expected `interp`, `engine`, `fsf[:VARIANT]` or `uci:COMMAND`"
                )),
            },
        }
    }
}

impl fmt::Display for ImplKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImplKind::Interpreter => f.write_str("interp"),
            ImplKind::Engine => f.write_str("engine"),
            ImplKind::Uci(command) => write!(f, "uci:{command}"),
            ImplKind::Fsf(None) => f.write_str("fsf"),
            ImplKind::Fsf(Some(v)) => write!(f, "fsf:{v}"),
        }
    }
}

impl ImplKind {
    /// A fresh, unloaded implementation of this kind; a UCI engine gets
    /// the default time for each question.
    pub fn create(&self) -> Box<dyn Implementation> {
        self.create_within(crate::uci::DEFAULT_QUESTION_TIMEOUT)
    }

    /// [`ImplKind::create`], a UCI engine getting `uci_timeout` for each
    /// question.
    pub fn create_within(&self, uci_timeout: std::time::Duration) -> Box<dyn Implementation> {
        match self {
            ImplKind::Interpreter => Box::new(Interp::new()),
            ImplKind::Engine => Box::new(Engine::new()),
            ImplKind::Uci(command) => Box::new(Uci::new(command, uci_timeout)),
            ImplKind::Fsf(variant) => Box::new(Fsf::new(variant.as_deref())),
        }
    }
}

/// Reads a rule file's text, with the path in the message on failure.
pub(crate) fn read_rule_file(path: &Path) -> Result<String, ImplError> {
    motley_interpreter::load::read_text(path)
        .map_err(|d| ImplError::Failed(d.render(&path.display().to_string(), "").trim_end().into()))
}

/// The `name` of a rule file (its text `source`, called `file`), read
/// without interpreting the rest, so an implementation that knows variants
/// by name never depends on the interpreter accepting the file.
pub fn variant_name(file: &str, source: &str) -> Result<String, ImplError> {
    #[derive(serde::Deserialize)]
    struct NameOnly {
        name: String,
    }
    // A file that extends another may take its name from it.
    let expanded =
        motley_interpreter::load::expand(file, source, &motley_interpreter::load::parents_on_disk);
    let text = expanded.as_ref().map_or(source, |e| e.text.as_str());
    serde_saphyr::from_str::<NameOnly>(text)
        .map(|n| n.name)
        .map_err(|e| {
            ImplError::Failed(format!(
                "{file}: cannot read the variant name: {}",
                first_line(&e.to_string())
            ))
        })
}

/// [`variant_name`] of the rule file at `path`.
pub fn variant_name_at(path: &Path) -> Result<String, ImplError> {
    variant_name(&path.to_string_lossy(), &read_rule_file(path)?)
}

/// The interpreter's rules of a rule file's text called `name` (whose
/// parents are read from disk), or its diagnostics rendered.
pub(crate) fn build(name: &str, source: &str) -> Result<motley_interpreter::Built, ImplError> {
    motley_interpreter::build_named(name, source, &motley_interpreter::load::parents_on_disk)
        .map_err(|d| ImplError::Failed(d.render(name, source).trim_end().to_string()))
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or_default()
}

/// A game of the interpreter or the engine as [`Driver`] drives it: by FEN
/// and canonical move text.
pub trait TextGame: Clone + Send {
    /// The implementation's name for messages ([`Implementation::name`]).
    const NAME: &'static str;
    /// The game of a rule file's text at its setup, the rulings applied.
    fn load(name: &str, source: &str, rulings: &Rulings) -> Result<Self, ImplError>;
    /// Sets the position from a FEN.
    fn set_fen(&mut self, fen: &str) -> Result<(), String>;
    /// Plays a move given as text.
    fn play_text(&mut self, mv: &str) -> Result<(), String>;
    /// The legal moves in canonical text, sorted.
    fn legal_moves(&self) -> Vec<String>;
    /// The position as FEN.
    fn fen(&self) -> String;
    /// How the game has ended, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// Perft per root move at `depth >= 1`, split over up to `threads`
    /// threads where the implementation can.
    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)>;
    /// Leaves of the legal-move tree at `depth`.
    fn perft(&self, depth: u32, threads: usize) -> u64;
}

impl TextGame for motley_interpreter::Game {
    const NAME: &'static str = "interp";
    fn load(name: &str, source: &str, rulings: &Rulings) -> Result<Self, ImplError> {
        let mut game = motley_interpreter::Game::new(build(name, source)?);
        for (id, value) in rulings {
            game.set_ruling(id, value)
                .map_err(|e| ImplError::Rejected(e.to_string()))?;
        }
        Ok(game)
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        motley_interpreter::Game::set_fen(self, fen).map_err(|e| e.to_string())
    }
    fn play_text(&mut self, mv: &str) -> Result<(), String> {
        self.play(mv).map(|_| ()).map_err(|e| e.to_string())
    }
    fn legal_moves(&self) -> Vec<String> {
        motley_interpreter::Game::legal_moves(self)
    }
    fn fen(&self) -> String {
        motley_interpreter::Game::fen(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        motley_interpreter::Game::outcome(self).map(Outcome::from)
    }
    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        motley_interpreter::Game::divide(self, depth, Leaves::Played, threads, &|_, _| {})
    }
    fn perft(&self, depth: u32, threads: usize) -> u64 {
        if threads > 1 && depth > 1 {
            TextGame::divide(self, depth, threads)
                .iter()
                .map(|r| r.1)
                .sum()
        } else {
            motley_interpreter::Game::perft(self, depth)
        }
    }
}

/// The engine knows variants by the rule file's `name` and never reads the
/// rest of the file; it counts perft on one thread.
impl TextGame for motley_engine::Game {
    const NAME: &'static str = "engine";
    fn load(file: &str, source: &str, rulings: &Rulings) -> Result<Self, ImplError> {
        let name = variant_name(file, source)?;
        if !Engine::implements(&name) {
            return Err(ImplError::Unsupported(format!(
                "the engine does not implement variant `{name}`"
            )));
        }
        motley_engine::Game::new(&name, rulings).map_err(|e| match e {
            motley_engine::EngineError::UnimplementedRuling(_) => {
                ImplError::Unsupported(e.to_string())
            }
            _ => ImplError::Rejected(e.to_string()),
        })
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        motley_engine::Game::set_fen(self, fen).map_err(|e| e.to_string())
    }
    fn play_text(&mut self, mv: &str) -> Result<(), String> {
        self.play(mv).map_err(|e| e.to_string())
    }
    fn legal_moves(&self) -> Vec<String> {
        motley_engine::Game::legal_moves(self)
    }
    fn fen(&self) -> String {
        motley_engine::Game::fen(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        motley_engine::Game::outcome(self).map(|o| Outcome {
            winner: o.winner.map(|c| match c {
                motley_engine::Color::White => Color::White,
                motley_engine::Color::Black => Color::Black,
            }),
            reason: Some(match o.reason {
                motley_engine::Reason::Checkmate => Reason::Checkmate,
                motley_engine::Reason::Stalemate => Reason::Stalemate,
                motley_engine::Reason::FiftyMoveRule => Reason::FiftyMoveRule,
                motley_engine::Reason::ThreefoldRepetition => Reason::Repetition(3),
                motley_engine::Reason::InsufficientMaterial => Reason::InsufficientMaterial,
            }),
        })
    }
    fn divide(&self, depth: u32, _threads: usize) -> Vec<(String, u64)> {
        self.perft_divide(depth)
    }
    fn perft(&self, depth: u32, _threads: usize) -> u64 {
        motley_engine::Game::perft(self, depth)
    }
}

/// A [`TextGame`] behind [`Implementation`]: the game at the variant's
/// setup with the rulings applied, and as the last
/// [`Implementation::set_position`] and moves left it.
#[derive(Clone, Debug)]
pub struct Driver<G> {
    start: Option<G>,
    game: Option<G>,
    threads: usize,
}

impl<G> Default for Driver<G> {
    fn default() -> Driver<G> {
        Driver {
            start: None,
            game: None,
            threads: 1,
        }
    }
}

impl<G> Driver<G> {
    /// An unloaded implementation that counts perft on one thread.
    pub fn new() -> Driver<G> {
        Driver::default()
    }

    fn game(&mut self) -> Result<&mut G, ImplError> {
        self.game
            .as_mut()
            .ok_or_else(|| ImplError::Failed("no variant loaded".to_string()))
    }
}

/// The generic interpreter behind [`Implementation`].
pub type Interp = Driver<motley_interpreter::Game>;

impl Interp {
    /// Lets perft and divide share their subtrees (below the root moves and
    /// their replies) over `threads` threads.
    pub fn with_threads(mut self, threads: usize) -> Interp {
        self.threads = threads.max(1);
        self
    }
}

/// The hand-written engine behind [`Implementation`].
pub type Engine = Driver<motley_engine::Game>;

impl Engine {
    /// Whether the engine implements the variant of this name.
    pub fn implements(name: &str) -> bool {
        motley_engine::Game::variants().contains(&name)
    }
}

impl<G: TextGame> Implementation for Driver<G> {
    fn name(&self) -> String {
        G::NAME.to_string()
    }

    fn load(&mut self, name: &str, source: &str, rulings: &Rulings) -> Result<(), ImplError> {
        let game = G::load(name, source, rulings)?;
        self.start = Some(game.clone());
        self.game = Some(game);
        Ok(())
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), ImplError> {
        let mut game = self
            .start
            .clone()
            .ok_or_else(|| ImplError::Failed("no variant loaded".to_string()))?;
        if let Some(fen) = fen {
            game.set_fen(fen).map_err(ImplError::Rejected)?;
        }
        for m in moves {
            game.play_text(m).map_err(ImplError::Rejected)?;
        }
        self.game = Some(game);
        Ok(())
    }

    fn legal_moves(&mut self) -> Result<Vec<String>, ImplError> {
        Ok(self.game()?.legal_moves())
    }

    fn play(&mut self, mv: &str) -> Result<(), ImplError> {
        self.game()?.play_text(mv).map_err(ImplError::Rejected)
    }

    fn fen(&mut self) -> Result<String, ImplError> {
        Ok(self.game()?.fen())
    }

    fn outcome(&mut self) -> Result<Option<Outcome>, ImplError> {
        Ok(self.game()?.outcome())
    }

    fn perft(&mut self, depth: u32) -> Result<u64, ImplError> {
        let threads = self.threads;
        Ok(self.game()?.perft(depth, threads))
    }

    fn divide(&mut self, depth: u32) -> Result<Vec<(String, u64)>, ImplError> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let threads = self.threads;
        Ok(self.game()?.divide(depth, threads))
    }
}
