//! Walls (§11.6): squares that block everything, placed by the mover
//! after its move, left behind by it, or made by a capturer turning into
//! one.

use super::Checker;
use crate::diagnostic::Diagnostic;
use crate::load::WallsDef;
use crate::program::{PieceType, WallPlace, Walls, MAX_PIECE_TYPES};

impl Checker<'_> {
    /// The wall rules, checked against the pieces and the other rules
    /// they cannot be combined with.
    pub(super) fn walls(&mut self, def: &WallsDef, pieces: &[PieceType]) -> Walls {
        let f = self.file;
        let place = def
            .place
            .as_ref()
            .and_then(|t| match self.word(t).as_deref() {
                Some("anywhere") => Some(WallPlace::Anywhere),
                Some("vacated") => Some(WallPlace::Vacated),
                Some(w) => {
                    self.errors.push(t.error(format!(
                        "`walls.place` is `anywhere` (any empty square) or `vacated` (the square \
                     the move left), not `{w}`"
                    )));
                    None
                }
                None => None,
            });
        let single = def.single.is_some_and(|(b, _)| b);
        if let (Some((true, span)), None) = (def.single, &def.place) {
            self.errors.push(Diagnostic::at(
                span,
                "`walls.single` moves the wall each move places: give `walls.place` too",
            ));
        }
        let (files, ranks) = (self.files, self.ranks);
        let squares = files as usize * ranks as usize;
        let zone = match &def.zone {
            Some(z) if def.place.is_none() => {
                self.errors.push(Diagnostic::at(
                    z.span,
                    "`walls.zone` says where a move may place a wall: give `walls.place` too",
                ));
                [vec![true; squares], vec![true; squares]]
            }
            Some(z) => [
                self.zone(z, files, ranks, true),
                self.zone(z, files, ranks, false),
            ],
            None => [vec![true; squares], vec![true; squares]],
        };
        let capturers = self.letter_set(&def.capturers);
        for t in &def.capturers {
            let royal = pieces
                .iter()
                .any(|p| p.royal && !p.promoted && p.letter.to_string() == t.value);
            if royal {
                self.errors.push(t.error(format!(
                    "`{}` is royal and cannot turn into a wall; give it a movement that does \
                     not capture (`m` mode) if it may never capture",
                    t.value
                )));
            }
        }
        if def.place.is_none() && def.capturers.is_empty() {
            self.errors.push(Diagnostic::at(
                def.span,
                "`walls` makes no wall: give `place` (moves place walls) or `capturers` \
                 (pieces that turn into walls when they capture)",
            ));
        }
        if pieces.len() >= MAX_PIECE_TYPES {
            self.errors.push(Diagnostic::at(
                def.span,
                format!(
                    "a variant with walls may declare at most {} piece types, not {}",
                    MAX_PIECE_TYPES - 1,
                    pieces.len()
                ),
            ));
        }
        let clash = [
            (!f.drops.is_empty(), "drops"),
            (!f.gating.is_empty(), "gating"),
            (f.turn.is_some(), "turn"),
            (f.explosion.is_some(), "explosion"),
            (!f.freeze.is_empty(), "freeze"),
        ];
        for (_, key) in clash.iter().filter(|(present, _)| *present) {
            self.errors.push(Diagnostic::at(
                def.span,
                format!("`walls` cannot be combined with `{key}` (spec/LANGUAGE.md §11.6)"),
            ));
        }
        Walls {
            place,
            zone,
            single,
            capturers,
        }
    }
}
