//! Every variant built on the core as a [`VariantPosition`].

use super::movegen::walk;
use super::{Extension, Move, Position, Role};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::EngineError;
use crate::rulings;
use crate::variant::{find_legal, CopyMake, VariantPosition};

impl<R: Extension> CopyMake for Position<R> {
    const CAPACITY: usize = 64;

    fn pseudo_moves(&self, rules: &R, out: &mut Vec<Move>) {
        self.generate_pseudo(rules, out);
    }
    #[inline(always)]
    fn is_legal_move(&self, m: Move, child: &Position<R>, rules: &R) -> bool {
        self.is_legal(rules, m, child)
    }
}

impl<R: Extension> VariantPosition for Position<R> {
    type Rules = R;
    type Move = Move;

    fn rules(rulings: &[(String, String)]) -> Result<R, EngineError> {
        Ok(R::new(&rulings::resolve(R::NAME, R::RULINGS, rulings)?))
    }
    fn startpos(_: &R) -> Result<Position<R>, EngineError> {
        Ok(Position::startpos())
    }
    fn legal_moves(&self, rules: &R) -> Vec<Move> {
        self.copy_make_legal(rules)
    }
    fn has_legal_moves(&self, rules: &R) -> bool {
        self.copy_make_any(rules)
    }
    fn move_text(m: Move, _: &R) -> String {
        m.text(R::LETTER)
    }
    fn parse_move(&self, text: &str, rules: &R) -> Result<Move, EngineError> {
        let letters = format!("PNBRQK{}", R::LETTER);
        find_legal(self, text, rules, (8, 8), &letters)
    }
    #[inline(always)]
    fn play(&self, m: Move, rules: &R) -> Position<R> {
        let mut child = *self;
        child.play_unchecked(rules, m);
        child
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
    /// Whether no side can ever mate: only kings and minor pieces as in
    /// chess, and nothing of the extra piece on the board or still to come.
    fn is_insufficient_material(&self, rules: &R) -> bool {
        if self.by_role[Role::Extra.index()].any() {
            return false;
        }
        if rules.can_enter(self, Color::White) || rules.can_enter(self, Color::Black) {
            return false;
        }
        // The roles up to the King are indexed as in chess.
        crate::chess::insufficient(&self.by_role)
    }

    /// The position with what repetition ignores blanked out: counters,
    /// unmoved pieces (not in the FEN), and the en passant square unless a
    /// capture is legal. Two positions have the same key exactly when their
    /// FENs agree but for the clocks.
    fn repetition_key(&self, rules: &R) -> Position<R> {
        Position {
            ep_square: self.legal_ep_square(rules),
            halfmoves: 0,
            fullmoves: 1,
            virgin: Bitboard::EMPTY,
            ..*self
        }
    }
}
