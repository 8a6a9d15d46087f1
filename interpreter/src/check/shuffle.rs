//! The start array drawn at random (§6.4 `shuffle`): which constraints a
//! drawn first rank keeps, resolved to piece types.

use super::Checker;
use crate::diagnostic::Diagnostic;
use crate::load::ShuffleDef;
use crate::program::Shuffle;

impl Checker<'_> {
    /// The shuffle, its letters resolved; a type named in two constraints,
    /// an empty list and a rank that is not each side's own are refused.
    pub(super) fn shuffle(&mut self, def: &ShuffleDef) -> Shuffle {
        let ranks = u32::from(self.ranks);
        let rank = match def.rank {
            None => 0,
            Some((n, _)) if (1..=ranks / 2).contains(&n) => (n - 1) as u8,
            Some((n, span)) => {
                self.errors.push(Diagnostic::at(
                    span,
                    format!(
                        "`shuffle.rank` {n} is not a rank of White's half of the board (1 to {}): \
                         Black's shuffled rank mirrors White's",
                        ranks / 2
                    ),
                ));
                0
            }
        };
        let mut named = 0u32;
        let mut opposite_colours = Vec::new();
        let mut group_spans = Vec::new();
        for (group, span) in &def.opposite_colours {
            group_spans.push(*span);
            if group.is_empty() {
                self.errors.push(Diagnostic::at(
                    *span,
                    "an `opposite_colours` group names no piece; write the letters whose pieces \
                     stand half on each square colour, e.g. `[B]`",
                ));
            }
            let mut set = 0u32;
            for t in group {
                let bit = 1u32 << self.letter(t);
                if named & bit != 0 || set & bit != 0 {
                    self.errors.push(t.error(format!(
                        "`{}` is named twice in `shuffle`: a type keeps one constraint",
                        t.value
                    )));
                }
                set |= bit;
            }
            named |= set;
            opposite_colours.push(set);
        }
        let mut order = Vec::new();
        if let Some((letters, span)) = &def.order {
            if letters.len() < 2 {
                self.errors.push(Diagnostic::at(
                    *span,
                    "`shuffle.order` orders nothing: list the pieces as they stand from the \
                     a-file, e.g. `[R, K, R]` for the king between the rooks",
                ));
            }
            for t in letters {
                let ty = self.letter(t);
                if named & (1 << ty) != 0 {
                    self.errors.push(t.error(format!(
                        "`{}` is named twice in `shuffle`: a type keeps one constraint",
                        t.value
                    )));
                }
                order.push(ty);
            }
        }
        Shuffle {
            rank,
            opposite_colours,
            order,
            span: def.span,
            group_spans,
            order_span: def.order.as_ref().map_or(def.span, |(_, span)| *span),
        }
    }
}
