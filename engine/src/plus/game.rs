//! The string-level game of a core variant (wrapped by [`crate::Game`]).

use super::{perft, Move, Position, Rules, Variant};
use crate::color::Color;
use crate::error::EngineError;
use crate::variant::{find_legal, Engine, VariantGame};

/// A game of Fool, Clown or Entity chess with its history (for repetition).
pub type PlusGame = VariantGame<Position>;

impl PlusGame {
    /// A new game at the start position, with the given rulings.
    pub fn new(variant: Variant, rulings: &[(String, String)]) -> Result<PlusGame, EngineError> {
        VariantGame::with_rules(Rules::new(variant, rulings)?)
    }
}

impl Engine for Position {
    type Rules = Rules;
    type Move = Move;

    fn start(rules: &Rules) -> Result<Position, EngineError> {
        Ok(Position::startpos(rules))
    }
    fn read_fen(fen: &str, rules: &Rules) -> Result<Position, EngineError> {
        Position::from_fen(rules, fen)
    }
    fn write_fen(&self, rules: &Rules) -> String {
        self.fen(rules)
    }
    fn legal(&self, rules: &Rules) -> Vec<Move> {
        self.legal_moves(rules)
    }
    fn any_legal(&self, rules: &Rules) -> bool {
        self.has_legal_moves(rules)
    }
    fn move_text(m: Move, rules: &Rules) -> String {
        m.text(rules.variant.extra_letter())
    }
    fn parse_move(&self, text: &str, rules: &Rules) -> Result<Move, EngineError> {
        let letters = format!("PNBRQK{}", rules.variant.extra_letter());
        find_legal(self, text, rules, (8, 8), &letters)
    }
    fn after_move(&self, m: Move, rules: &Rules) -> Position {
        self.after(rules, m)
    }
    fn count_leaves(&self, rules: &Rules, depth: u32) -> u64 {
        perft(self, rules, depth)
    }
    fn in_check(&self, rules: &Rules) -> bool {
        self.is_check(rules)
    }
    fn side_to_move(&self) -> Color {
        self.turn()
    }
    fn fifty_count(&self) -> u32 {
        self.halfmoves()
    }
    fn dead(&self, rules: &Rules) -> bool {
        self.is_insufficient_material(rules)
    }
    fn key(&self, rules: &Rules) -> Position {
        self.repetition_key(rules)
    }
}
