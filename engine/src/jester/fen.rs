//! FEN of Jester Chess (LANGUAGE.md §6, `spec/rulings/jester.md`): state
//! keys `captured`, `last`, `prev` and `sub`.

use super::{
    geometry, Position, Rules, CAPTURED, JESTER, KINDS, LETTERS, NONE, PAWN, STEWARD, STEWARD_HOMES,
};
use crate::big::{Bits, Board};
use crate::color::Color;
use crate::error::{bad_fen, EngineError};
use crate::fen;
use crate::variant::Fen;

impl Fen<Rules> for Position {
    /// Reads and validates a FEN.
    fn from_fen(fen: &str, rules: &Rules) -> Result<Position, EngineError> {
        let (board, turn, parts) = geometry().read_head(fen, LETTERS)?;
        check_pawns(&board)?;
        let f = &parts.fields;
        for (i, what) in [(2, "castling"), (3, "en passant")] {
            if let Some(&v) = f.get(i) {
                if v != "-" {
                    return Err(bad_fen(format!(
                        "{what} field {v:?}: Jester Chess has no {what} (expected -)"
                    )));
                }
            }
        }
        // A Steward on its start square has not moved (LANGUAGE.md §6.3).
        let virgin = board.role[STEWARD]
            & (board.color[0] & STEWARD_HOMES[0] | board.color[1] & STEWARD_HOMES[1]);
        let mut p = Position {
            board,
            turn,
            sub: 1,
            captured: 0,
            last: NONE,
            last_by: !turn,
            prev: NONE,
            first: NONE,
            virgin,
            halfmoves: 0,
            fullmoves: 1,
        };
        (p.halfmoves, p.fullmoves) = fen::parse_counters(f)?;
        p.read_state(&parts.state)?;
        p.validate(rules)?;
        Ok(p)
    }

    /// The FEN, state field per `spec/rulings/jester.md`.
    fn fen(&self, _: &Rules) -> String {
        let g = geometry();
        let mut s = g.fen_head(LETTERS, self.turn, &self.board);
        s.push_str(&format!(" - - {} {}", self.halfmoves, self.fullmoves));
        let mut state = Vec::new();
        match self.captured {
            1 => state.push("captured=w".to_string()),
            2 => state.push("captured=b".to_string()),
            3 => state.push("captured=wb".to_string()),
            _ => {}
        }
        let record = |r: u8| {
            let c = LETTERS.as_bytes()[(r & !CAPTURED) as usize] as char;
            let x = if r & CAPTURED != 0 { "x" } else { "" };
            format!("{c}{x}")
        };
        if self.last != NONE {
            state.push(format!("last={}", record(self.last)));
        }
        if self.prev != NONE {
            state.push(format!("prev={}", record(self.prev)));
        }
        if self.sub == 2 {
            state.push("sub=2".to_string());
        }
        fen::push_state(&mut s, &state);
        s
    }
}

impl Position {
    /// Reads the state field's pairs.
    fn read_state(&mut self, state: &[(&str, &str)]) -> Result<(), EngineError> {
        for &(key, value) in state {
            match key {
                "captured" => {
                    self.captured = match value {
                        "w" => 1,
                        "b" => 2,
                        "wb" => 3,
                        _ => return Err(bad_fen(format!("captured={value}: expected w, b or wb"))),
                    }
                }
                "last" | "prev" => {
                    let (letter, x) = match value.strip_suffix('x') {
                        Some(l) => (l, true),
                        None => (value, false),
                    };
                    let kind = (letter.len() == 1)
                        .then(|| LETTERS.find(letter))
                        .flatten()
                        .filter(|&k| k != JESTER);
                    let Some(kind) = kind else {
                        return Err(bad_fen(format!(
                            "{key}={value}: expected a piece letter other than J, optionally followed by x"
                        )));
                    };
                    let record = kind as u8 | if x { CAPTURED } else { 0 };
                    if key == "last" {
                        self.last = record;
                    } else {
                        self.prev = record;
                    }
                }
                "sub" => {
                    self.sub = match value {
                        "1" => 1,
                        "2" => 2,
                        _ => return Err(bad_fen(format!("sub={value}: expected 1 or 2"))),
                    }
                }
                _ => {
                    return Err(bad_fen(format!(
                        "unknown state key {key:?} (known: captured, last, prev, sub)"
                    )))
                }
            }
        }
        if self.prev != NONE && self.last == NONE {
            return Err(bad_fen(
                "prev= (the other player's latest move) without last=",
            ));
        }
        Ok(())
    }

    /// Checks the turn structure and the kings after reading.
    fn validate(&mut self, rules: &Rules) -> Result<(), EngineError> {
        let turn = self.turn;
        if self.sub == 2 {
            if !self.privileged(turn) {
                return Err(bad_fen(
                    "sub=2: the side to move has captured and has no second move",
                ));
            }
            self.last_by = turn;
        }
        // The player who made the latest move (the side not to move, or with
        // `sub=2` the side to move after its first move) may not have left
        // its king attacked. With `sub=2` the side not to move may be in
        // check: the first move may give check.
        let mover = self.last_by;
        if self.attacked(self.board.king(mover), !mover, self.powers(!mover), rules) {
            return Err(bad_fen(if mover == turn {
                "sub=2: the side to move is in check after its first move"
            } else {
                "the side not to move is in check"
            }));
        }
        if self.sub == 2
            && rules.check_ends_turn
            && self.attacked(self.board.king(!turn), turn, self.powers(turn), rules)
        {
            return Err(bad_fen(
                "sub=2 with the side not to move in check (jester.check-ends-turn=yes ends the turn)",
            ));
        }
        Ok(())
    }
}

/// Checks that no pawn stands on its 9th rank or beyond (it would have
/// promoted).
fn check_pawns(board: &Board<KINDS>) -> Result<(), EngineError> {
    let g = geometry();
    for color in Color::ALL {
        let zone: Bits = (0..g.ranks)
            .filter(|&r| {
                let rel = if color.is_white() { r } else { g.ranks - 1 - r };
                rel >= 8
            })
            .fold(0, |b, r| b | g.rank_mask[r]);
        if board.role[PAWN] & board.color[color.index()] & zone != 0 {
            let name = if color.is_white() { "White" } else { "Black" };
            return Err(bad_fen(format!(
                "board: a {name} pawn on its 9th rank or beyond (it would have promoted)"
            )));
        }
    }
    Ok(())
}
