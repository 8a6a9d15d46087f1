//! Game outcomes: mate, stalemate and the draw rules.

use super::position::{Position, WHITE};
use super::Rules;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner's colour (0 White, 1 Black), or `None` for a draw.
    pub winner: Option<usize>,
    /// Why: `checkmate`, `stalemate`, `fifty-move rule`, `threefold repetition`
    /// (or `N-fold repetition`), `insufficient material`.
    pub reason: &'static str,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(WHITE) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl Rules {
    /// The outcome decided by the position alone (not repetition), if any.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.legal(pos, &mut moves);
        if moves.is_empty() {
            return Some(if self.in_check(pos) {
                Outcome { winner: Some(pos.side ^ 1), reason: "checkmate" }
            } else {
                Outcome { winner: None, reason: "stalemate" }
            });
        }
        if self.variant.fifty_move.is_some_and(|n| pos.halfmove >= n) {
            return Some(Outcome { winner: None, reason: "fifty-move rule" });
        }
        if self.dead_material(pos) {
            return Some(Outcome { winner: None, reason: "insufficient material" });
        }
        None
    }

    /// The dead-material rule: drawn when every non-royal piece is colour-bound
    /// and all stand on one square colour, or when the only non-royal piece
    /// on the board is a `lone` one.
    fn dead_material(&self, pos: &Position) -> bool {
        let v = &self.variant;
        if v.lone == 0 && v.colour_bound == 0 {
            return false;
        }
        let files = self.tables.files;
        let mut others = Vec::new();
        for colour in 0..2 {
            for sq in pos.occupied[colour].iter() {
                if !pos.royals[colour].has(sq) {
                    others.push(sq);
                }
            }
        }
        let type_of = |sq: u8| (pos.board[sq as usize] as usize - 1) / 2;
        if let [only] = others.as_slice() {
            if v.lone >> type_of(*only) & 1 != 0 {
                return true;
            }
        }
        let shade = |sq: u8| (sq % files + sq / files) % 2;
        others.iter().all(|&sq| v.colour_bound >> type_of(sq) & 1 != 0) && others.windows(2).all(|w| shade(w[0]) == shade(w[1]))
    }
}
