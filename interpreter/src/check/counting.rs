//! The counting rules of the makruk family (§10.1): a weak side counts its
//! moves towards a draw, under the board's honour or the pieces' honour.

use super::Checker;
use crate::diagnostic::Diagnostic;
use crate::load::CountingDef;
use crate::program::{BoardHonour, Counting, PiecesHonour, MAX_COUNTING_MOVES, MAX_PIECE_TYPES};

impl Checker<'_> {
    /// The counting rules, checked: limits between 1 and
    /// [`MAX_COUNTING_MOVES`], known letters, rows that can be reached.
    pub(super) fn counting(&mut self, def: &CountingDef) -> Counting {
        let stopped_by = self.letter_set(&def.stopped_by);
        let moves = |errors: &mut Vec<Diagnostic>, (n, span): (u32, _)| {
            if n == 0 || n > MAX_COUNTING_MOVES {
                errors.push(Diagnostic::at(
                    span,
                    format!("`moves` is a limit from 1 to {MAX_COUNTING_MOVES} moves, not {n}"),
                ));
            }
            n.clamp(1, MAX_COUNTING_MOVES)
        };
        let board_honour = def.board_honour.as_ref().map(|b| {
            let at_most = match b.at_most {
                Some((n, span)) if n < 2 => {
                    self.errors.push(Diagnostic::at(
                        span,
                        format!("`at_most` must be at least 2, not {n}: a side with one piece is bare and counts by `pieces_honour`"),
                    ));
                    2
                }
                Some((n, _)) => n,
                None => u32::MAX,
            };
            BoardHonour {
                moves: moves(&mut self.errors, b.moves),
                at_most,
                stopped: b.stopped.is_none_or(|s| s.0),
            }
        });
        let mut pieces_honour = Vec::new();
        for (i, row) in def.pieces_honour.iter().enumerate() {
            if row.opponent_has.is_empty() && i + 1 < def.pieces_honour.len() {
                self.errors.push(Diagnostic::at(
                    row.span,
                    "this row has no `opponent_has`, so it always holds and the rows after it are never used: make it the last row",
                ));
            }
            let mut opponent_has = Vec::new();
            for (letter, n, span) in &row.opponent_has {
                let ty = self.letter(&crate::load::Text {
                    value: letter.clone(),
                    span: *span,
                });
                if *n == 0 {
                    self.errors.push(Diagnostic::at(
                        *span,
                        format!("`opponent_has` counts at least 1 `{letter}`; a count of 0 always holds"),
                    ));
                }
                if (ty as usize) < MAX_PIECE_TYPES {
                    opponent_has.push((ty, *n));
                }
            }
            pieces_honour.push(PiecesHonour {
                moves: moves(&mut self.errors, row.moves),
                opponent_has,
            });
        }
        if board_honour.is_none() && pieces_honour.is_empty() {
            self.errors.push(Diagnostic::at(
                def.span,
                "`counting` gives no count: give `board_honour`, `pieces_honour` or both",
            ));
        }
        let from_pieces = match &def.start {
            None => true,
            Some(t) => match t.value.as_str() {
                "pieces" => true,
                "zero" => false,
                other => {
                    self.errors.push(t.error(format!(
                        "`start` is `pieces` (the pieces' honour counts from the number of pieces on the board) or `zero`, not `{other}`"
                    )));
                    true
                }
            },
        };
        Counting {
            stopped_by,
            board_honour,
            pieces_honour,
            from_pieces,
        }
    }
}
