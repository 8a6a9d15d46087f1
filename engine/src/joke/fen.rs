//! FEN of Chess Is a Joke (LANGUAGE.md §6, `spec/rulings/joke.md`): the
//! state keys `croissant`, `double_stepped` and `frozen`.

use super::{geometry, Position, Rules, BK, BQ, JOKER, KING, LETTERS, NONE, PAWN, ROOK, WK, WQ};
use crate::big::{bit, squares};
use crate::error::{bad_fen, EngineError};
use crate::fen;
use crate::variant::{Fen, VariantPosition};

impl Fen<Rules> for Position {
    /// Reads and validates a FEN.
    fn from_fen(fen: &str, rules: &Rules) -> Result<Position, EngineError> {
        let g = geometry();
        let (board, turn, parts) = g.read_head(fen, LETTERS)?;
        if board.role[PAWN] & (g.rank_mask[0] | g.rank_mask[8]) != 0 {
            return Err(bad_fen("board: a pawn on the first or last rank"));
        }
        let f = &parts.fields;
        let mut p = Position {
            board,
            turn,
            castling: 0,
            ep: NONE,
            croissant: NONE,
            double_stepped: 0,
            t0: 0,
            t1: 0,
            frozen: 0,
            halfmoves: 0,
            fullmoves: 1,
        };
        p.read_castling(f.get(2).copied().unwrap_or("-"))?;
        p.read_ep(f.get(3).copied().unwrap_or("-"), rules)?;
        (p.halfmoves, p.fullmoves) = fen::parse_counters(f)?;
        p.read_state(&parts.state)?;
        p.refresh_frozen();
        if p.attacked(p.board.king(!p.turn), p.turn) {
            return Err(bad_fen("the side not to move is in check"));
        }
        Ok(p)
    }

    /// The FEN, state field per `spec/rulings/joke.md`.
    fn fen(&self, rules: &Rules) -> String {
        let g = geometry();
        let mut s = g.fen_head(LETTERS, self.turn, &self.board);
        s.push(' ');
        let mut castling = String::new();
        for (right, c) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
            if self.castling & right != 0 {
                castling.push(c);
            }
        }
        s.push_str(if castling.is_empty() { "-" } else { &castling });
        let key = self.repetition_key(rules);
        s.push(' ');
        s.push_str(&if key.ep != NONE {
            g.name(key.ep as usize)
        } else {
            "-".to_string()
        });
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        let mut state = Vec::new();
        if key.croissant != NONE {
            state.push(format!("croissant={}", g.name(key.croissant as usize)));
        }
        if self.double_stepped != 0 {
            let list: Vec<String> = squares(self.double_stepped).map(|sq| g.name(sq)).collect();
            state.push(format!("double_stepped={}", list.join(",")));
        }
        let timers = self.t0 | self.t1;
        if timers != 0 {
            let list: Vec<String> = squares(timers)
                .map(|sq| {
                    let n = (self.t0 >> sq & 1) + 2 * (self.t1 >> sq & 1);
                    format!("{}:{n}", g.name(sq))
                })
                .collect();
            state.push(format!("frozen={}", list.join(",")));
        }
        fen::push_state(&mut s, &state);
        s
    }
}

impl Position {
    /// Reads the castling field.
    fn read_castling(&mut self, castling: &str) -> Result<(), EngineError> {
        let g = geometry();
        if castling != "-" {
            for c in castling.chars() {
                let (right, king, rook) = match c {
                    'K' | 'I' => (WK, 4, 8),
                    'Q' | 'A' => (WQ, 4, 0),
                    'k' | 'i' => (BK, 76, 80),
                    'q' | 'a' => (BQ, 76, 72),
                    _ => {
                        return Err(bad_fen(format!(
                            "castling {castling:?}: unknown letter {c:?}"
                        )))
                    }
                };
                let color = if c.is_ascii_uppercase() { 0 } else { 1 };
                if self.castling & right != 0
                    || self.board.role[KING] & self.board.color[color] & bit(king) == 0
                    || self.board.role[ROOK] & self.board.color[color] & bit(rook) == 0
                {
                    return Err(bad_fen(format!(
                        "castling {castling:?}: {c:?} needs the king on {} and a rook on {}",
                        g.name(king),
                        g.name(rook)
                    )));
                }
                self.castling |= right;
            }
        }
        Ok(())
    }

    /// Reads the en passant field (kept only under `joke.en-passant=keep`).
    fn read_ep(&mut self, ep: &str, rules: &Rules) -> Result<(), EngineError> {
        let g = geometry();
        if ep != "-" {
            let sq = g
                .parse_square(ep)
                .ok_or_else(|| bad_fen(format!("bad en passant square {ep:?}")))?;
            let them = !self.turn;
            // The pawn that passed `sq` stands one step further on; it came
            // from the square behind `sq`.
            let ok = g.relative_rank(them, sq) == 2
                && self.board.occupied() & (bit(sq) | bit(g.forward(self.turn, sq))) == 0
                && self.board.role[PAWN]
                    & self.board.color[them.index()]
                    & bit(g.forward(them, sq))
                    != 0;
            if !ok {
                return Err(bad_fen(format!(
                    "en passant square {ep}: no pawn can just have passed it"
                )));
            }
            if rules.en_passant {
                self.ep = sq as u8;
            }
        }
        Ok(())
    }

    /// Reads the state field's pairs.
    fn read_state(&mut self, state: &[(&str, &str)]) -> Result<(), EngineError> {
        let g = geometry();
        let mut croissant = None;
        for &(key, value) in state {
            match key {
                "double_stepped" => {
                    for s in value.split(',') {
                        let sq = g
                            .parse_square(s)
                            .filter(|&sq| self.board.role[PAWN] & bit(sq) != 0);
                        let Some(sq) = sq else {
                            return Err(bad_fen(format!(
                                "double_stepped={value}: {s:?} is not a pawn's square"
                            )));
                        };
                        self.double_stepped |= bit(sq);
                    }
                }
                "frozen" => {
                    for entry in value.split(',') {
                        let parsed = entry
                            .split_once(':')
                            .and_then(|(s, n)| Some((g.parse_square(s)?, n.parse::<u32>().ok()?)));
                        let Some((sq, n)) = parsed else {
                            return Err(bad_fen(format!(
                                "frozen={value}: {entry:?} is not SQUARE:N"
                            )));
                        };
                        let piece = self.board.occupied()
                            & !(self.board.role[KING] | self.board.role[JOKER])
                            & bit(sq);
                        if piece == 0 || !(1..=3).contains(&n) {
                            return Err(bad_fen(format!(
                                "frozen={value}: {entry:?} needs a piece other than a king or Joker and N from 1 to 3"
                            )));
                        }
                        if n & 1 != 0 {
                            self.t0 |= piece;
                        }
                        if n & 2 != 0 {
                            self.t1 |= piece;
                        }
                    }
                }
                "croissant" => {
                    croissant = Some(value);
                }
                _ => {
                    return Err(bad_fen(format!(
                        "unknown state key {key:?} (known: croissant, double_stepped, frozen)"
                    )))
                }
            }
        }
        if let Some(value) = croissant {
            let them = !self.turn;
            let sq = g.parse_square(value);
            let ok = sq.is_some_and(|sq| {
                let passer = g.forward(them, sq);
                g.relative_rank(them, sq) >= 2
                    && g.relative_rank(them, sq) < 8
                    && self.board.occupied() & bit(sq) == 0
                    && self.board.role[PAWN]
                        & self.board.color[them.index()]
                        & self.double_stepped
                        & bit(passer)
                        != 0
            });
            if !ok {
                return Err(bad_fen(format!(
                    "croissant={value}: needs an empty square with a double-stepped pawn of the side not to move one step ahead of it"
                )));
            }
            self.croissant = sq.expect("checked") as u8;
        }
        Ok(())
    }
}
