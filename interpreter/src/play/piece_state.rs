//! State kept per piece and per side (§13 of the language reference):
//! declared piece flags and the type an imitator last captured (§12.2),
//! which travel with their piece, and counters; and what `sets:` lists
//! change when a move is made.

use super::movegen::Powers;
use super::position::{Move, MoveKind, Position};
use super::Rules;
use crate::geometry::{parse_square, square_name, Square, SquareSet};
use crate::program::{code, Sets, MAX_PIECE_FLAGS};

/// Bit planes of the type an imitator last captured: 1 + the type.
const CAPTURED_PLANES: usize = 6;

/// State that travels with each piece on the board: a bit plane per
/// declared piece flag, then the planes of the type an imitator last
/// captured. A piece entering the board has none; a captured piece loses
/// it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PieceState<S: SquareSet> {
    planes: [S; MAX_PIECE_FLAGS + CAPTURED_PLANES],
}

impl<S: SquareSet> PieceState<S> {
    /// Whether the piece on `sq` has piece flag `flag`.
    #[inline]
    pub fn flag(&self, flag: usize, sq: Square) -> bool {
        self.planes[flag].has(sq)
    }

    /// The squares of the pieces with piece flag `flag`.
    pub fn flagged(&self, flag: usize) -> S {
        self.planes[flag]
    }

    /// Gives the piece on `sq` the piece flags `mask` (bit set).
    pub fn set_flags(&mut self, mask: u8, sq: Square) {
        for (flag, plane) in self.planes[..MAX_PIECE_FLAGS].iter_mut().enumerate() {
            if mask >> flag & 1 != 0 {
                plane.set(sq);
            }
        }
    }

    /// The type the imitator on `sq` last captured, if any.
    #[inline]
    pub fn captured(&self, sq: Square) -> Option<usize> {
        let record = self.planes[MAX_PIECE_FLAGS..]
            .iter()
            .enumerate()
            .fold(0, |acc, (bit, plane)| {
                acc | usize::from(plane.has(sq)) << bit
            });
        record.checked_sub(1)
    }

    /// Records that the imitator on `sq` captured a piece of type `ty`.
    pub fn set_captured(&mut self, sq: Square, ty: usize) {
        for (bit, plane) in self.planes[MAX_PIECE_FLAGS..].iter_mut().enumerate() {
            if (ty + 1) >> bit & 1 != 0 {
                plane.set(sq);
            } else {
                plane.clear(sq);
            }
        }
    }

    /// Moves the state of the piece on `from` to `to`, replacing what `to`
    /// had.
    fn carry(&mut self, from: Square, to: Square) {
        for plane in &mut self.planes {
            let had = plane.has(from);
            plane.clear(from);
            plane.clear(to);
            if had {
                plane.set(to);
            }
        }
    }

    /// Forgets the state of the piece on `sq`.
    fn clear(&mut self, sq: Square) {
        for plane in &mut self.planes {
            plane.clear(sq);
        }
    }

    /// Keeps the state of the pieces on `occupied` only.
    fn retain(&mut self, occupied: S) {
        for plane in &mut self.planes {
            *plane = *plane & occupied;
        }
    }

    /// This state with its planes of width `T`, which holds every square.
    pub(crate) fn resized<T: SquareSet>(&self) -> PieceState<T> {
        PieceState {
            planes: self.planes.map(|p| T::from_bits(p.to_bits())),
        }
    }

    /// Every plane, for the repetition key.
    pub fn planes(&self) -> &[S] {
        &self.planes
    }
}

impl Rules {
    /// What the movement entries with `sets` (§13) that give move `m` set;
    /// read before `m` is made.
    pub(crate) fn entry_sets<S: SquareSet>(&self, pos: &Position<S>, m: Move) -> Sets {
        let mut sets = Sets::default();
        let piece = pos.board[m.from as usize];
        if self.setting_codes >> piece & 1 == 0
            || !matches!(
                m.kind,
                MoveKind::Normal | MoveKind::Passing | MoveKind::EnPassant | MoveKind::Reply
            )
        {
            return sets;
        }
        let ty = (piece as usize - 1) / 2;
        let mut moves = Vec::new();
        for (when, movement, entry) in &self.variant.pieces[ty].contextual {
            if entry.is_empty() {
                continue;
            }
            let captures = self.holds(when, pos, Some(m.from), true);
            let powers = Powers {
                moves: self.holds(when, pos, Some(m.from), false),
                captures,
                en_passant: captures,
            };
            moves.clear();
            let movement = code(self.tables.types + *movement as usize, pos.side);
            self.walk_paths(pos, piece, movement, m.from, powers, &mut moves);
            if moves
                .iter()
                .any(|g| g.to == m.to && g.kind == m.kind && g.promotion == m.promotion)
            {
                sets.player |= entry.player;
                sets.piece |= entry.piece;
                sets.counters |= entry.counters;
            }
        }
        sets
    }
}

impl<S: SquareSet> Position<S> {
    /// After the pieces of `m` moved (`moved`, capturing `captured`): the
    /// per-piece state travels with the pieces that moved, captured and
    /// removed pieces lose theirs, and an imitator that imitates what it
    /// captured (§12.2) records the captured type.
    pub(crate) fn move_piece_state(&mut self, rules: &Rules, m: Move, (moved, captured): (u8, u8)) {
        let state = &mut self.piece_state;
        match m.kind {
            MoveKind::Normal | MoveKind::Passing | MoveKind::Reply => state.carry(m.from, m.to),
            MoveKind::EnPassant => {
                state.clear(m.aux);
                state.carry(m.from, m.to);
            }
            MoveKind::Castle => {
                let rook = *state;
                state.clear(m.aux);
                state.carry(m.from, m.to);
                for (plane, before) in state.planes.iter_mut().zip(rook.planes) {
                    if before.has(m.aux) {
                        plane.set(m.extra);
                    }
                }
            }
            MoveKind::Shoot | MoveKind::Drop => state.clear(m.to),
            MoveKind::Null => {}
        }
        state.retain(self.occupied[0] | self.occupied[1]);
        if captured != 0 && rules.imitator_codes >> moved & 1 != 0 {
            let mover = (moved as usize - 1) / 2;
            let captured = (captured as usize - 1) / 2;
            let at = if m.kind == MoveKind::Shoot {
                m.from
            } else {
                m.to
            };
            let imitation = rules.variant.pieces[mover].imitation.as_ref();
            if imitation.is_some_and(|i| i.of_captured && i.as_type[captured].is_some())
                && self.board[at as usize] == moved
            {
                self.piece_state.set_captured(at, captured);
            }
        }
    }

    /// Applies what a `sets:` list sets (§13) for side `us`: its player
    /// flags, its counters (each up by one) and the piece flags of the
    /// piece on `at`, if one stands there.
    pub(crate) fn apply_sets(&mut self, sets: Sets, us: usize, at: Option<Square>) {
        self.flags[us] |= sets.player;
        for (counter, value) in self.counters[us].iter_mut().enumerate() {
            if sets.counters >> counter & 1 != 0 {
                *value = value.saturating_add(1);
            }
        }
        if let Some(at) = at.filter(|&sq| (self.occupied[0] | self.occupied[1]).has(sq)) {
            self.piece_state.set_flags(sets.piece, at);
        }
    }
}

impl Rules {
    /// The FEN state entries (§6) of declared state (§13) and imitators'
    /// captured types (§12.2): `NAME=e3,d6` for a piece flag (the squares
    /// of the pieces that have it), `NAME=W,B` for a counter, and
    /// `last_capture=c3:R` for imitators that have captured; each only when
    /// not empty or zero.
    pub(crate) fn piece_state_entries<S: SquareSet>(
        &self,
        pos: &Position<S>,
        entries: &mut Vec<String>,
    ) {
        let files = self.tables.files;
        let names = |squares: S| {
            squares
                .iter()
                .map(|sq| square_name(files, sq))
                .collect::<Vec<_>>()
                .join(",")
        };
        for (flag, name) in self.variant.piece_flags.iter().enumerate() {
            let flagged = pos.piece_state.flagged(flag);
            if !flagged.is_empty() {
                entries.push(format!("{name}={}", names(flagged)));
            }
        }
        for (counter, name) in self.variant.counters.iter().enumerate() {
            let [w, b] = pos.counters.map(|c| c[counter]);
            if w != 0 || b != 0 {
                entries.push(format!("{name}={w},{b}"));
            }
        }
        let captured: Vec<String> = (pos.occupied[0] | pos.occupied[1])
            .iter()
            .filter_map(|sq| {
                let ty = pos.piece_state.captured(sq)?;
                Some(format!(
                    "{}:{}",
                    square_name(files, sq),
                    self.variant.pieces[ty].token()
                ))
            })
            .collect();
        if !captured.is_empty() {
            entries.push(format!("last_capture={}", captured.join(",")));
        }
    }

    /// Reads a FEN state entry of declared state or imitators' captured
    /// types into `pos`, if `key` names one: see
    /// [`Rules::piece_state_entries`].
    pub(crate) fn read_piece_state<S: SquareSet>(
        &self,
        pos: &mut Position<S>,
        key: &str,
        value: &str,
    ) -> Option<Result<(), String>> {
        let (files, ranks) = (self.tables.files, self.tables.ranks);
        let square = |name: &str| {
            parse_square(files, ranks, name)
                .filter(|&sq| (pos.occupied[0] | pos.occupied[1]).has(sq))
                .ok_or_else(|| {
                    format!("`{key}` names `{name}`, which is not a square holding a piece")
                })
        };
        if let Some(flag) = self.variant.piece_flags.iter().position(|f| f == key) {
            return Some(value.split(',').try_for_each(|name| {
                let sq = square(name)?;
                pos.piece_state.set_flags(1 << flag, sq);
                Ok(())
            }));
        }
        if let Some(counter) = self.variant.counters.iter().position(|c| c == key) {
            let read = match value.split_once(',').map(|(w, b)| (w.parse::<u8>(), b.parse::<u8>())) {
                Some((Ok(w), Ok(b))) => {
                    pos.counters[0][counter] = w;
                    pos.counters[1][counter] = b;
                    Ok(())
                }
                _ => Err(format!(
                    "bad `{key}` value `{value}`: expected White's and Black's counts from 0 to 255, e.g. `{key}=1,0`"
                )),
            };
            return Some(read);
        }
        if key != "last_capture" || !self.keeps_piece_state || self.imitator_codes == 0 {
            return None;
        }
        Some(value.split(',').try_for_each(|entry| {
            let bad = || format!("bad `last_capture` entry `{entry}`: expected an imitator's square and the letter of the type it captured, e.g. `last_capture=c3:R`");
            let (name, token) = entry.split_once(':').ok_or_else(bad)?;
            let sq = square(name)?;
            let piece = pos.board[sq as usize];
            let ty = self
                .variant
                .pieces
                .iter()
                .position(|p| p.token() == token)
                .ok_or_else(bad)?;
            let imitation = self.variant.pieces[(piece as usize - 1) / 2].imitation.as_ref();
            if !imitation.is_some_and(|i| i.of_captured && i.as_type[ty].is_some()) {
                return Err(format!("`last_capture` gives {name} the type `{token}`, but no imitator of what it captures that may imitate it stands there"));
            }
            pos.piece_state.set_captured(sq, ty);
            Ok(())
        }))
    }
}
