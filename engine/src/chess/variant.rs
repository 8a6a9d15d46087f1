//! Orthodox chess as a [`VariantPosition`]: no rulings.

use super::{perft, Move, Position};
use crate::color::Color;
use crate::error::EngineError;
use crate::variant::{Fen, VariantPosition};

impl Fen<()> for Position {
    fn from_fen(fen: &str, _: &()) -> Result<Position, EngineError> {
        Position::from_fen(fen)
    }
    fn fen(&self, _: &()) -> String {
        Position::fen(self)
    }
}

impl VariantPosition for Position {
    type Rules = ();
    type Move = Move;

    fn rules(rulings: &[(String, String)]) -> Result<(), EngineError> {
        match rulings.first() {
            Some((id, _)) => Err(EngineError::UnknownRuling {
                id: id.clone(),
                variant: "chess",
                known: Vec::new(),
            }),
            None => Ok(()),
        }
    }
    fn startpos(_: &()) -> Result<Position, EngineError> {
        Ok(Position::startpos())
    }
    fn legal_moves(&self, _: &()) -> Vec<Move> {
        Position::legal_moves(self).to_vec()
    }
    fn has_legal_moves(&self, _: &()) -> bool {
        Position::has_legal_moves(self)
    }
    fn move_text(m: Move, _: &()) -> String {
        m.to_string()
    }
    fn parse_move(&self, text: &str, _: &()) -> Result<Move, EngineError> {
        self.parse_uci(text)
    }
    fn play(&self, m: Move, _: &()) -> Position {
        Position::play(self, m)
    }
    fn perft(&self, depth: u32, _: &()) -> u64 {
        perft(self, depth)
    }
    fn is_check(&self, _: &()) -> bool {
        Position::is_check(self)
    }
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    fn halfmoves(&self) -> u32 {
        Position::halfmoves(self)
    }
    fn is_insufficient_material(&self, _: &()) -> bool {
        Position::is_insufficient_material(self)
    }
    fn repetition_key(&self, _: &()) -> Position {
        Position::repetition_key(self)
    }
}
