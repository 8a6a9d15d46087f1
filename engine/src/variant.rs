//! The string-level game every typed engine shares: rulings, position and
//! repetition history over any [`VariantPosition`], with FEN, canonical move text,
//! perft and the outcome (LANGUAGE.md §7, §11).

use std::fmt;

use crate::color::Color;
use crate::error::EngineError;
use crate::game::{Outcome, Reason};

/// The FEN of a variant's positions under the rulings `R` (LANGUAGE.md
/// §6). Each variant implements it in its `fen.rs`, beside the rest of its
/// notation; [`VariantPosition`] requires it.
pub trait Fen<R>: Sized {
    /// The position a FEN describes.
    fn from_fen(fen: &str, rules: &R) -> Result<Self, EngineError>;
    /// The FEN of this position.
    fn fen(&self, rules: &R) -> String;
}

/// A position of a variant the engine implements: the one interface every
/// variant's typed position offers, under its rulings `Self::Rules`, its
/// FEN ([`Fen`]) included.
pub trait VariantPosition:
    Fen<<Self as VariantPosition>::Rules> + Copy + PartialEq + fmt::Debug
{
    /// The rulings in force.
    type Rules: Copy + fmt::Debug;
    /// A move.
    type Move: Copy;

    /// The rulings `rulings` (`(id, value)` pairs) choose.
    fn rules(rulings: &[(String, String)]) -> Result<Self::Rules, EngineError>;
    /// The start position under `rules`.
    fn startpos(rules: &Self::Rules) -> Result<Self, EngineError>;
    /// The legal moves.
    fn legal_moves(&self, rules: &Self::Rules) -> Vec<Self::Move>;
    /// Whether there is any legal move.
    fn has_legal_moves(&self, rules: &Self::Rules) -> bool {
        !self.legal_moves(rules).is_empty()
    }
    /// The canonical text of `m`.
    fn move_text(m: Self::Move, rules: &Self::Rules) -> String;
    /// The legal move written `text`: a malformed-move error when `text` is
    /// not move text of the variant, an illegal-move one when it names no
    /// legal move.
    fn parse_move(&self, text: &str, rules: &Self::Rules) -> Result<Self::Move, EngineError>;
    /// The position after the legal move `m`.
    fn play(&self, m: Self::Move, rules: &Self::Rules) -> Self;
    /// Leaves of the legal move tree at `depth`, every leaf played.
    fn perft(&self, depth: u32, rules: &Self::Rules) -> u64;
    /// Whether the side to move is in check.
    fn is_check(&self, rules: &Self::Rules) -> bool;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The fifty-move count in plies.
    fn halfmoves(&self) -> u32;
    /// Whether neither side can ever checkmate.
    fn is_insufficient_material(&self, rules: &Self::Rules) -> bool;
    /// The position with what threefold repetition ignores blanked out.
    fn repetition_key(&self, rules: &Self::Rules) -> Self;
}

/// A position played by copy-make: its moves are generated pseudo-legally
/// and each is played on a copy, then tested. The legal moves, whether there
/// are any, and perft follow from that; a variant's [`VariantPosition`]
/// methods call these.
pub(crate) trait CopyMake: VariantPosition {
    /// How many pseudo-legal moves to make room for.
    const CAPACITY: usize;

    /// Appends the pseudo-legal moves to `out`.
    fn pseudo_moves(&self, rules: &Self::Rules, out: &mut Vec<Self::Move>);

    /// Whether the pseudo-legal `m`, which leads to `child`, is legal.
    fn is_legal_move(&self, m: Self::Move, child: &Self, rules: &Self::Rules) -> bool;

    /// The move that passes, when the position has one besides the
    /// pseudo-legal moves; `any_legal` tells whether one of those is legal.
    #[inline(always)]
    fn pass(&self, _rules: &Self::Rules, _any_legal: bool) -> Option<Self::Move> {
        None
    }

    /// The legal moves, in generation order (the pass last).
    fn copy_make_legal(&self, rules: &Self::Rules) -> Vec<Self::Move> {
        let mut moves = Vec::with_capacity(Self::CAPACITY);
        self.pseudo_moves(rules, &mut moves);
        moves.retain(|&m| self.is_legal_move(m, &self.play(m, rules), rules));
        if let Some(pass) = self.pass(rules, !moves.is_empty()) {
            moves.push(pass);
        }
        moves
    }

    /// Whether there is any legal move.
    fn copy_make_any(&self, rules: &Self::Rules) -> bool {
        let mut moves = Vec::with_capacity(Self::CAPACITY);
        self.pseudo_moves(rules, &mut moves);
        moves
            .iter()
            .any(|&m| self.is_legal_move(m, &self.play(m, rules), rules))
            || self.pass(rules, false).is_some()
    }

    /// Leaves of the legal move tree at `depth`, every leaf played.
    fn copy_make_perft(&self, depth: u32, rules: &Self::Rules) -> u64 {
        if depth == 0 {
            return 1;
        }
        let leaves = |child: &Self| {
            if depth == 1 {
                1
            } else {
                child.copy_make_perft(depth - 1, rules)
            }
        };
        let mut moves = Vec::with_capacity(Self::CAPACITY);
        self.pseudo_moves(rules, &mut moves);
        let mut n = 0;
        let mut any_legal = false;
        for m in moves {
            let child = self.play(m, rules);
            if self.is_legal_move(m, &child, rules) {
                any_legal = true;
                n += leaves(&child);
            }
        }
        if let Some(pass) = self.pass(rules, any_legal) {
            n += leaves(&self.play(pass, rules));
        }
        n
    }
}

/// The legal move of `pos` whose canonical text is `text`, after checking
/// that `text` is move text of a `files` x `ranks` board with the piece
/// letters `letters` (the usual [`VariantPosition::parse_move`]).
pub(crate) fn find_legal<P: VariantPosition>(
    pos: &P,
    text: &str,
    rules: &P::Rules,
    (files, ranks): (usize, usize),
    letters: &str,
) -> Result<P::Move, EngineError> {
    if !crate::movetext::well_formed(text, files, ranks, letters) {
        return Err(EngineError::MalformedMove(text.to_string()));
    }
    pos.legal_moves(rules)
        .into_iter()
        .find(|&m| P::move_text(m, rules) == text)
        .ok_or_else(|| EngineError::IllegalMove(text.to_string()))
}

/// A game of one variant: rulings, position and history (for repetition).
#[derive(Clone, Debug)]
pub struct VariantGame<P: VariantPosition> {
    rules: P::Rules,
    position: P,
    /// Repetition keys of every position since the game (or FEN) started,
    /// the current one last.
    history: Vec<P>,
}

impl<P: VariantPosition> VariantGame<P> {
    /// A new game at the start position under the rulings `rulings`
    /// (`(id, value)` pairs).
    pub fn new(rulings: &[(String, String)]) -> Result<VariantGame<P>, EngineError> {
        let rules = P::rules(rulings)?;
        Ok(VariantGame::at(rules, P::startpos(&rules)?))
    }

    fn at(rules: P::Rules, position: P) -> VariantGame<P> {
        VariantGame {
            rules,
            position,
            history: vec![position.repetition_key(&rules)],
        }
    }

    /// The rulings in force.
    pub fn rules(&self) -> &P::Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &P {
        &self.position
    }

    /// Sets the position from a FEN and clears the history. On error the
    /// game is unchanged.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), EngineError> {
        *self = VariantGame::at(self.rules, P::from_fen(fen, &self.rules)?);
        Ok(())
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.position.fen(&self.rules)
    }

    /// The legal moves in canonical text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self
            .position
            .legal_moves(&self.rules)
            .into_iter()
            .map(|m| P::move_text(m, &self.rules))
            .collect();
        moves.sort_unstable();
        moves
    }

    /// Plays a move given in canonical text. On error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<(), EngineError> {
        let m = self.position.parse_move(text, &self.rules)?;
        self.position = self.position.play(m, &self.rules);
        self.history.push(self.position.repetition_key(&self.rules));
        Ok(())
    }

    /// Leaves of the legal move tree at `depth`, every leaf played.
    pub fn perft(&self, depth: u32) -> u64 {
        self.position.perft(depth, &self.rules)
    }

    /// Perft split by first move: (move text, leaves), sorted by move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let rules = &self.rules;
        let mut divide: Vec<(String, u64)> = self
            .position
            .legal_moves(rules)
            .into_iter()
            .map(|m| {
                let child = self.position.play(m, rules);
                (
                    P::move_text(m, rules),
                    child.perft(depth.saturating_sub(1), rules),
                )
            })
            .collect();
        divide.sort_unstable();
        divide
    }

    /// How the game ended, or `None` while it goes on. Checked in order:
    /// checkmate, stalemate, fifty-move rule, threefold repetition,
    /// insufficient material.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let rules = &self.rules;
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if !pos.has_legal_moves(rules) {
            if pos.is_check(rules) {
                return Some(Outcome {
                    winner: Some(!pos.turn()),
                    reason: Reason::Checkmate,
                });
            }
            return draw(Reason::Stalemate);
        }
        if pos.halfmoves() >= 100 {
            return draw(Reason::FiftyMoveRule);
        }
        if let Some(current) = self.history.last() {
            if self.history.iter().filter(|&k| k == current).count() >= 3 {
                return draw(Reason::ThreefoldRepetition);
            }
        }
        if pos.is_insufficient_material(rules) {
            return draw(Reason::InsufficientMaterial);
        }
        None
    }
}
