//! The string-level game of a core variant (wrapped by [`crate::Game`]).

use super::{perft, Position, Rules, Variant};
use crate::error::EngineError;
use crate::game::Outcome;

/// A game of Fool, Clown or Entity chess with its history (for repetition).
#[derive(Clone, Debug)]
pub struct PlusGame {
    rules: Rules,
    position: Position,
    history: Vec<Position>,
}

impl PlusGame {
    /// A new game at the start position, with the given rulings.
    pub fn new(variant: Variant, rulings: &[(String, String)]) -> Result<PlusGame, EngineError> {
        let rules = Rules::new(variant, rulings)?;
        Ok(PlusGame::at(rules, Position::startpos(&rules)))
    }

    fn at(rules: Rules, position: Position) -> PlusGame {
        PlusGame {
            rules,
            position,
            history: vec![position.repetition_key(&rules)],
        }
    }

    /// The rules (variant and rulings).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Sets the position from a FEN and clears the history.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), EngineError> {
        *self = PlusGame::at(self.rules, Position::from_fen(&self.rules, fen)?);
        Ok(())
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.position.fen(&self.rules)
    }

    /// The legal moves as canonical text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let extra = self.rules.variant.extra_letter();
        let mut moves: Vec<String> = self
            .position
            .legal_moves(&self.rules)
            .into_iter()
            .map(|m| m.text(extra))
            .collect();
        moves.sort_unstable();
        moves
    }

    /// Plays a move given as canonical text. On error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<(), EngineError> {
        let extra = self.rules.variant.extra_letter();
        let letters = format!("PNBRQK{extra}");
        if !crate::movetext::well_formed(text, 8, 8, &letters) {
            return Err(EngineError::malformed_move(text));
        }
        let m = self
            .position
            .legal_moves(&self.rules)
            .into_iter()
            .find(|m| m.text(extra) == text)
            .ok_or_else(|| EngineError::illegal_move(text))?;
        self.position = self.position.after(&self.rules, m);
        self.history.push(self.position.repetition_key(&self.rules));
        Ok(())
    }

    /// Leaves of the legal move tree at `depth`, every leaf played.
    pub fn perft(&self, depth: u32) -> u64 {
        perft(&self.position, &self.rules, depth)
    }

    /// Perft split by first move, sorted by move text.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let extra = self.rules.variant.extra_letter();
        let mut divide: Vec<(String, u64)> = self
            .position
            .legal_moves(&self.rules)
            .into_iter()
            .map(|m| {
                let child = self.position.after(&self.rules, m);
                (
                    m.text(extra),
                    perft(&child, &self.rules, depth.saturating_sub(1)),
                )
            })
            .collect();
        divide.sort_unstable();
        divide
    }

    /// How the game ended: checkmate, stalemate, fifty-move rule, threefold
    /// repetition, insufficient material, in that order.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let rules = &self.rules;
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if !pos.has_legal_moves(rules) {
            if pos.is_check(rules) {
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
            if self.history.iter().filter(|&k| k == current).count() >= 3 {
                return draw("threefold repetition");
            }
        }
        if pos.is_insufficient_material(rules) {
            return draw("insufficient material");
        }
        None
    }
}
