//! Every variant built on the core as a [`VariantPosition`].

use super::movegen::walk;
use super::{Extension, Move, Position};
use crate::color::Color;
use crate::error::EngineError;
use crate::rulings;
use crate::variant::{find_legal, VariantPosition};

impl<R: Extension> VariantPosition for Position<R> {
    type Rules = R;
    type Move = Move;

    fn rules(rulings: &[(String, String)]) -> Result<R, EngineError> {
        Ok(R::new(&rulings::resolve(R::NAME, R::RULINGS, rulings)?))
    }
    fn startpos(_: &R) -> Result<Position<R>, EngineError> {
        Ok(Position::startpos())
    }
    fn from_fen(fen: &str, rules: &R) -> Result<Position<R>, EngineError> {
        Position::read_fen(fen, rules)
    }
    fn fen(&self, rules: &R) -> String {
        self.write_fen(rules)
    }
    fn legal_moves(&self, rules: &R) -> Vec<Move> {
        let mut list = Vec::with_capacity(64);
        self.generate_pseudo(rules, &mut list);
        list.retain(|&m| self.is_legal(rules, m, &self.played(rules, m)));
        list
    }
    fn has_legal_moves(&self, rules: &R) -> bool {
        let mut list = Vec::with_capacity(64);
        self.generate_pseudo(rules, &mut list);
        list.iter()
            .any(|&m| self.is_legal(rules, m, &self.played(rules, m)))
    }
    fn move_text(m: Move, _: &R) -> String {
        m.text(R::LETTER)
    }
    fn parse_move(&self, text: &str, rules: &R) -> Result<Move, EngineError> {
        let letters = format!("PNBRQK{}", R::LETTER);
        find_legal(self, text, rules, (8, 8), &letters)
    }
    fn play(&self, m: Move, rules: &R) -> Position<R> {
        self.played(rules, m)
    }
    fn perft(&self, depth: u32, rules: &R) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        walk(self, rules, depth, &mut buffers)
    }
    fn is_check(&self, rules: &R) -> bool {
        self.king_attacked(rules)
    }
    fn turn(&self) -> Color {
        self.turn
    }
    fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    fn is_insufficient_material(&self, rules: &R) -> bool {
        self.insufficient_material(rules)
    }
    fn repetition_key(&self, rules: &R) -> Position<R> {
        self.key(rules)
    }
}
