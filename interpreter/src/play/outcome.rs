//! Game outcomes: mate, stalemate and the draw rules.

use super::position::{Position, WHITE};
use super::Rules;
use crate::color::Color;
use crate::geometry::SquareSet;
use crate::program::{Condition, Extinction, Result3};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

/// Why a game ended: mate and stalemate, the draw rules (§10) and the
/// variant ends of §19. Displayed as the words conformance cases use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// Checkmate by a drop whose rule says such a mate loses (§14.2
    /// `checkmate: loses`): the mated side wins.
    CheckmateByDrop,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The fifty-move rule (whatever its count).
    FiftyMoveRule,
    /// The same position the given number of times.
    Repetition(u32),
    /// Neither side can mate (dead material).
    InsufficientMaterial,
    /// A piece reached the winning region (§19 `reach`).
    RegionReached,
    /// The winning number of checks was given (§19 `check_count`).
    CheckCount,
    /// A side was left with only royal pieces (§19 `bare_royal`).
    BareRoyal,
    /// A side was left with too few pieces (§19 `extinction`).
    Extinction,
    /// A repetition in which one side gave check throughout (§10 `perpetual_check`).
    PerpetualCheck,
    /// Two passes in a row (§11.4 `passing.twice`).
    Passing,
    /// A pass while the royal pieces face each other (§11.3 `break-or-pass`).
    RoyalsFacing,
    /// A count of the counting rules ran past its limit (§10.1).
    Counting,
}

impl Reason {
    /// The reason's words: `checkmate`, `stalemate`, `fifty-move rule`,
    /// `threefold repetition` (`repetition` for other counts),
    /// `insufficient material`, `region reached`, `check count`, `bare royal`,
    /// `extinction`, `perpetual check`, `passing`, `royals facing`,
    /// `counting rule`.
    pub fn words(&self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::CheckmateByDrop => "checkmate by a drop",
            Reason::Stalemate => "stalemate",
            Reason::FiftyMoveRule => "fifty-move rule",
            Reason::Repetition(3) => "threefold repetition",
            Reason::Repetition(_) => "repetition",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::RegionReached => "region reached",
            Reason::CheckCount => "check count",
            Reason::BareRoyal => "bare royal",
            Reason::Extinction => "extinction",
            Reason::PerpetualCheck => "perpetual check",
            Reason::Passing => "passing",
            Reason::RoyalsFacing => "royals facing",
            Reason::Counting => "counting rule",
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.words())
    }
}

impl std::fmt::Display for Outcome {
    /// `1-0 by checkmate`, `1/2-1/2 by stalemate`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} by {}", self.score(), self.reason)
    }
}

impl Outcome {
    /// The winner in words: `white`, `black` or `draw`.
    pub fn winner_name(&self) -> &'static str {
        self.winner.map_or("draw", Color::name)
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl Rules {
    /// The outcome decided by the position alone (not repetition), if any.
    pub fn outcome<S: SquareSet>(&self, pos: &Position<S>) -> Option<Outcome> {
        if self.immediate_end {
            if let Some(o) = self.ended(pos) {
                return Some(o);
            }
        }
        let mut moves = Vec::new();
        self.legal(pos, &mut moves);
        let o = &self.variant.outcomes;
        if moves.is_empty() {
            return Some(if self.in_check(pos) {
                let by_drop = (pos.dropped_by as usize)
                    .checked_sub(1)
                    .is_some_and(|rule| self.variant.drops[rule].mate_loses);
                if by_drop {
                    self.valued(pos, Result3::Win, pos.side, Reason::CheckmateByDrop)
                } else {
                    self.valued(pos, o.checkmate, pos.side, Reason::Checkmate)
                }
            } else if o.stalemate_fewer_pieces {
                let count = |c: usize| pos.occupied[c].iter().count();
                let (us, them) = (count(pos.side), count(pos.side ^ 1));
                let result = match us.cmp(&them) {
                    std::cmp::Ordering::Less => Result3::Win,
                    std::cmp::Ordering::Equal => Result3::Draw,
                    std::cmp::Ordering::Greater => Result3::Loss,
                };
                self.valued(pos, result, pos.side, Reason::Stalemate)
            } else {
                self.valued(pos, o.stalemate, pos.side, Reason::Stalemate)
            });
        }
        if self.variant.fifty_move.is_some_and(|n| pos.halfmove >= n) {
            return Some(self.drawn(pos, Reason::FiftyMoveRule));
        }
        if pos.counting.limit != 0 && pos.counting.ply > pos.counting.limit {
            return Some(self.drawn(pos, Reason::Counting));
        }
        if self.dead_material(pos) {
            return Some(self.drawn(pos, Reason::InsufficientMaterial));
        }
        None
    }

    /// The outcome `result` for `side` means, for the reason given; a draw
    /// goes to the side with draw odds (§19 `draw_odds`).
    fn valued<S: SquareSet>(
        &self,
        pos: &Position<S>,
        result: Result3,
        side: usize,
        reason: Reason,
    ) -> Outcome {
        match result {
            Result3::Loss => Outcome {
                winner: Some(Color::from_index(side ^ 1)),
                reason,
            },
            Result3::Win => Outcome {
                winner: Some(Color::from_index(side)),
                reason,
            },
            Result3::Draw => self.drawn(pos, reason),
        }
    }

    /// A game drawn in `pos` for the reason given: won by the side with
    /// draw odds, if the variant gives them (§19 `draw_odds`), or by the
    /// side with more points under `material_count`.
    pub fn drawn<S: SquareSet>(&self, pos: &Position<S>, reason: Reason) -> Outcome {
        let winner = match &self.variant.outcomes.material_count {
            Some(count) => {
                let points = |c: usize| -> u64 {
                    let on_board: u64 = pos.occupied[c]
                        .iter()
                        .map(|sq| {
                            u64::from(count.points[(pos.board[sq as usize] as usize - 1) / 2])
                        })
                        .sum();
                    on_board + u64::from(count.bonus[c])
                };
                match points(WHITE).cmp(&points(super::BLACK)) {
                    std::cmp::Ordering::Greater => Some(WHITE),
                    std::cmp::Ordering::Less => Some(super::BLACK),
                    std::cmp::Ordering::Equal => count.ties,
                }
            }
            None => self.variant.outcomes.draw_odds,
        }
        .map(Color::from_index);
        Outcome { winner, reason }
    }

    /// The side extinct in `pos` (§19 `extinction`), the side that just
    /// moved judged first, and the rule's result for it.
    fn extinct<S: SquareSet>(&self, pos: &Position<S>, rule: &Extinction) -> Option<usize> {
        let mover = pos.last_mover();
        let types = self.tables.types;
        [mover, mover ^ 1].into_iter().find(|&c| {
            let held = |t: usize| u32::from(pos.hands[c][t]);
            let on_board = |t: usize| {
                let code = crate::program::code(t, c);
                pos.occupied[c]
                    .iter()
                    .filter(|&sq| pos.board[sq as usize] == code)
                    .count() as u32
            };
            match rule.types {
                None => {
                    pos.occupied[c].iter().count() as u32 + (0..types).map(held).sum::<u32>()
                        < rule.fewer_than
                }
                Some(mask) => (0..types)
                    .filter(|t| mask >> t & 1 != 0)
                    .any(|t| on_board(t) + held(t) < rule.fewer_than),
            }
        })
    }

    /// An end decided by the move just made: a region reached, the check
    /// count reached, or a bare royal side (§19). The game has no moves after it.
    pub fn ended<S: SquareSet>(&self, pos: &Position<S>) -> Option<Outcome> {
        let o = &self.variant.outcomes;
        let mover = pos.last_mover();
        if pos.passes > 0 {
            if pos.passes >= 2 && self.variant.passing.as_ref().is_some_and(|p| p.twice_draws) {
                return Some(self.drawn(pos, Reason::Passing));
            }
            if self.variant.royals_facing == crate::program::Facing::BreakOrPass
                && self.royals_face(pos)
            {
                return Some(self.drawn(pos, Reason::RoyalsFacing));
            }
        }
        if let Some(rule) = &o.extinction {
            if let Some(side) = self.extinct(pos, rule) {
                return Some(self.valued(pos, rule.result, side, Reason::Extinction));
            }
        }
        if let Some((types, zone)) = &o.reach {
            let reached = |c: usize| {
                pos.occupied[c].iter().any(|sq| {
                    types >> ((pos.board[sq as usize] as usize - 1) / 2) & 1 != 0
                        && zone[c][sq as usize]
                        && !(o.reach_safe && self.attacked(pos, sq, c ^ 1))
                })
            };
            let won = |winner: usize| {
                Some(Outcome {
                    winner: Some(Color::from_index(winner)),
                    reason: Reason::RegionReached,
                })
            };
            match o.reach_answer {
                Some(answer) => {
                    // A side that reached before the opponent's answer has
                    // won, or drawn when the answer reached too.
                    let to_move = mover ^ 1;
                    if reached(to_move) {
                        return match to_move != answer && reached(answer) {
                            true => Some(self.drawn(pos, Reason::RegionReached)),
                            false => won(to_move),
                        };
                    }
                    if reached(mover)
                        && !(to_move == answer && self.can_reach(pos, *types, &zone[answer]))
                    {
                        return won(mover);
                    }
                }
                // A safe reach may also be the side to move's: its piece
                // that arrived under attack and was not taken (first, as
                // Fairy-Stockfish judges it); both: a draw.
                None if o.reach_safe && reached(mover ^ 1) => {
                    return match reached(mover) {
                        true => Some(self.drawn(pos, Reason::RegionReached)),
                        false => won(mover ^ 1),
                    };
                }
                None if reached(mover) => return won(mover),
                None => {}
            }
        }
        if o.check_count.is_some_and(|n| pos.checks[mover] as u32 >= n) {
            return Some(Outcome {
                winner: Some(Color::from_index(mover)),
                reason: Reason::CheckCount,
            });
        }
        if o.bare_royal {
            let bare = |c: usize| pos.occupied[c] == pos.royals[c];
            match (bare(mover ^ 1), bare(mover)) {
                (true, true) => return Some(self.drawn(pos, Reason::BareRoyal)),
                (false, true) => {
                    return Some(Outcome {
                        winner: Some(Color::from_index(mover ^ 1)),
                        reason: Reason::BareRoyal,
                    })
                }
                (true, false) if !self.can_bare(pos) => {
                    return Some(Outcome {
                        winner: Some(Color::from_index(mover)),
                        reason: Reason::BareRoyal,
                    })
                }
                _ => {}
            }
        }
        None
    }

    /// Whether a held piece of `ty` may still enter some day: a gating rule
    /// takes it, or a drop rule whose condition is not false for good.
    /// Player flags are only ever set, so `not player.FLAG` with the flag
    /// set is false for good.
    fn may_enter<S: SquareSet>(&self, pos: &Position<S>, colour: usize, ty: usize) -> bool {
        fn forever_false(c: &Condition, flags: u32) -> bool {
            match c {
                Condition::Never => true,
                Condition::Not(inner) => {
                    matches!(**inner, Condition::Flag { flag, opponent: false } if flags >> flag & 1 != 0)
                }
                Condition::All(cs) => cs.iter().any(|c| forever_false(c, flags)),
                Condition::Any(cs) => cs.iter().all(|c| forever_false(c, flags)),
                _ => false,
            }
        }
        self.variant.gating.iter().any(|g| g.pieces >> ty & 1 != 0)
            || self
                .variant
                .drops
                .iter()
                .any(|d| d.pieces >> ty & 1 != 0 && !forever_false(&d.when, pos.flags[colour]))
    }

    /// Whether the side to move has a legal move that brings a piece of
    /// `types` into `zone` (§19 `reach.answer`).
    fn can_reach<S: SquareSet>(&self, pos: &Position<S>, types: u32, zone: &[bool]) -> bool {
        let mut moves = Vec::new();
        self.legal_moves_ignoring_end(pos, &mut moves);
        moves.iter().any(|m| {
            let piece = match m.kind {
                super::MoveKind::Drop => m.promotion,
                _ => pos.board[m.from as usize],
            };
            m.kind != super::MoveKind::Castle
                && types >> ((piece as usize - 1) / 2) & 1 != 0
                && zone[m.to as usize]
        })
    }

    /// Whether the side to move can leave the opponent with only royal pieces at once.
    fn can_bare<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        let mut moves = Vec::new();
        self.legal_moves_ignoring_end(pos, &mut moves);
        let them = pos.side ^ 1;
        moves.iter().any(|&m| {
            let mut after = pos.clone();
            after.make(self, m);
            after.occupied[them] == after.royals[them]
        })
    }

    /// The dead-material rule: drawn when no piece is in a hand and every
    /// non-royal piece is colour-bound and all stand on one square colour, or
    /// the only non-royal piece on the board is a `lone` one.
    fn dead_material<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        let v = &self.variant;
        let held = (0..2).any(|c| {
            (0..self.tables.types).any(|t| self.held(pos, c, t) != 0 && self.may_enter(pos, c, t))
        });
        if (v.lone == 0 && v.colour_bound == 0 && !v.bare_dead) || held {
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
        others
            .iter()
            .all(|&sq| v.colour_bound >> type_of(sq) & 1 != 0)
            && others.windows(2).all(|w| shade(w[0]) == shade(w[1]))
    }
}
