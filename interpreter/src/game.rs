//! A game in progress: rules, position and history, with a text interface
//! (FEN, canonical move text) for the command line and the conformance runner.

use std::sync::Arc;

use std::collections::BTreeMap;

use crate::check::{check, choose_rulings};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::load::load;
use crate::load::RuleFile;
use crate::play::{Outcome, PlayError, Position, Rules};

/// Why a rule file could not be made playable.
pub type LoadError = Diagnostics;

/// Runs load → check → compile on rule-file text, with default rulings,
/// and validates its setup.
pub fn build(source: &str) -> Result<Rules, LoadError> {
    let file = Arc::new(load(source).map_err(|d| d.clamped(source))?);
    let rulings =
        choose_rulings(&file, &[]).map_err(|m| Diagnostics::from(Diagnostic::whole(m)))?;
    build_file(file, &rulings).map_err(|d| d.clamped(source))
}

/// Check → compile a loaded rule file with the given ruling options.
fn build_file(file: Arc<RuleFile>, rulings: &BTreeMap<String, String>) -> Result<Rules, LoadError> {
    let variant = check(&file, rulings)?;
    Rules::new(variant, file.clone()).map_err(|e| match e {
        PlayError::Fen { reason, at, fen } => {
            let message = format!("invalid setup: {reason}");
            let setup = &file.setup;
            // An expression (a ruling choosing the setup) is reported as a whole.
            let diagnostic = match at.filter(|_| !setup.value.contains('(')) {
                Some((start, len)) => {
                    // Byte offsets, widened to whole characters.
                    let widen = |mut i: usize, step: isize| {
                        i = i.min(fen.len());
                        while !fen.is_char_boundary(i) {
                            i = i.saturating_add_signed(step);
                        }
                        i
                    };
                    let (from, to) = (widen(start, -1), widen(start + len, 1));
                    Diagnostic::at(
                        setup.span_at(fen[..from].chars().count(), fen[from..to].chars().count()),
                        message,
                    )
                }
                None => setup.error(message),
            };
            Diagnostics::from(diagnostic)
        }
        other => Diagnostics::from(Diagnostic::whole(other.to_string())),
    })
}

/// A game of one variant: the current position and the positions before it.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    position: Position,
    /// Zobrist keys ([`Rules::key`]) of the positions since the last
    /// irreversible move, current last.
    history: Vec<u64>,
}

impl Game {
    /// Reads rule-file text and starts a game at its setup.
    pub fn from_source(source: &str) -> Result<Game, LoadError> {
        Ok(Game::new(Arc::new(build(source)?)))
    }

    /// Starts a game at the setup of the given rules.
    pub fn new(rules: Arc<Rules>) -> Game {
        let position = rules.start.clone();
        let mut game = Game {
            rules,
            position,
            history: Vec::new(),
        };
        game.history.push(game.key());
        game
    }

    /// The rules being played.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rules being played, shared.
    pub fn shared_rules(&self) -> Arc<Rules> {
        self.rules.clone()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The Zobrist keys ([`Rules::key`]) of the positions since the last
    /// irreversible move, the current one last.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Sets a ruling (`ID=VALUE`, the id full or short). The rules are
    /// rebuilt with it and the game starts again from the setup.
    pub fn set_ruling(&mut self, id: &str, value: &str) -> Result<(), PlayError> {
        let mut given: Vec<(String, String)> =
            self.rules.variant.rulings.clone().into_iter().collect();
        given.push((id.to_string(), value.to_string()));
        let file = self.rules.file.clone();
        let chosen =
            choose_rulings(&file, &given).map_err(|reason| PlayError::Ruling { reason })?;
        let rules = build_file(file, &chosen).map_err(|d| PlayError::Ruling {
            reason: d.to_string(),
        })?;
        *self = Game::new(Arc::new(rules));
        Ok(())
    }

    /// Replaces the position by a FEN; the history starts anew.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), PlayError> {
        self.position = self.rules.position(fen)?;
        self.history = vec![self.key()];
        Ok(())
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.rules.fen(&self.position)
    }

    /// The legal moves in canonical text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.rules.legal(&self.position, &mut moves);
        let mut text: Vec<String> = moves.iter().map(|m| self.rules.uci(m)).collect();
        text.sort();
        text
    }

    /// Plays a move given as canonical text or SAN; on error nothing changes.
    /// Returns the move's SAN.
    pub fn play(&mut self, text: &str) -> Result<String, PlayError> {
        let m = self.rules.parse_move(&self.position, text)?;
        let san = self.rules.san(&self.position, &m);
        self.position.make(&self.rules, m);
        if self.position.halfmove == 0 {
            self.history.clear();
        }
        self.history.push(self.key());
        Ok(san)
    }

    /// How the game has ended, or `None` while it goes on. An end decided by
    /// the last move (§19) comes first, then mate and stalemate, the
    /// fifty-move rule, repetition, and dead material.
    pub fn outcome(&self) -> Option<Outcome> {
        let decided = self.rules.outcome(&self.position);
        if decided.is_some_and(|o| o.reason != "insufficient material") {
            return decided;
        }
        if let Some(n) = self.rules.variant.repetition {
            let now = self.history.last();
            if self.history.iter().filter(|k| Some(*k) == now).count() >= n as usize {
                return Some(Outcome {
                    winner: None,
                    reason: if n == 3 {
                        "threefold repetition"
                    } else {
                        "repetition"
                    },
                });
            }
        }
        decided
    }

    /// The current position as `viewer` (0 White, 1 Black) may see it:
    /// board text, FEN, and the names of the pieces not shown.
    pub fn view_text(&self, viewer: usize) -> (String, String, Vec<String>) {
        let view = self.rules.view(&self.position, viewer);
        let hidden = view
            .hidden
            .iter()
            .map(|&piece| {
                let colour = Rules::colour_name((piece as usize - 1) & 1);
                format!(
                    "{colour} {}",
                    self.rules.variant.pieces[(piece as usize - 1) / 2].name
                )
            })
            .collect();
        (
            self.rules.board_text(&view.position),
            self.rules.fen(&view.position),
            hidden,
        )
    }

    /// Perft from the current position, every leaf played.
    pub fn perft(&self, depth: u32) -> u64 {
        self.rules.perft(&self.position, depth)
    }

    /// Perft per root move, sorted by move text, on `threads` threads.
    pub fn divide(
        &self,
        depth: u32,
        threads: usize,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(String, u64)> {
        self.rules.divide(&self.position, depth, threads, progress)
    }

    /// The position's identity for repetition: what its FEN without the
    /// clocks says, as a Zobrist key.
    fn key(&self) -> u64 {
        self.rules.key(&self.position)
    }
}
