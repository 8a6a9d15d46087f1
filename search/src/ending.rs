//! Exact solving of small endings, where a side without a move loses, no
//! piece is royal and every move is irreversible: a game of one type of
//! piece that leaps one step (its rays a square long), each move either a
//! capture (clobber's stones, which only take) or leaving a wall on the
//! square the piece left (joust's knights). Nothing but the board then
//! matters: no repetition, no count of moves, no hand; the evaluation
//! asks whether the side to move wins, within a budget of positions.
//! Where every move captures, the position is a sum of games, one per
//! group of pieces that may take each other ([`sums`]), valued by
//! combinatorial game theory ([`games`]).

mod games;
mod sums;

use std::collections::HashMap;
use std::sync::Mutex;

use motley_interpreter::program::{Result3, WallPlace};
use motley_interpreter::{Color, Position, Rules};

use crate::eval::{Ray, MOVE, TAKE};
use sums::Sums;

/// A set of squares, a bit per square (boards of at most 128).
type Set = u128;

/// Positions an exact solve may visit before it gives up.
const BUDGET: u32 = 5_000;

/// A variant whose endings can be solved exactly.
#[derive(Debug)]
pub(crate) struct Endings {
    /// Per side, per square: the empty squares a piece there may move to.
    moves: [Vec<Set>; 2],
    /// Per side, per square: the squares where it may take an enemy piece.
    takes: [Vec<Set>; 2],
    /// Whether the square a piece leaves becomes a wall.
    walls_behind: bool,
    /// The piece types of the rules (a code beyond them is a wall).
    types: usize,
    /// The positions solved so far, kept across solves (each result is
    /// exact, whatever the budget left when it was found).
    known: Mutex<Known>,
    /// Where every move captures, the valuation of positions as sums of
    /// games, which stands for the solve.
    sums: Option<Sums>,
}

impl Clone for Endings {
    fn clone(&self) -> Endings {
        Endings {
            moves: self.moves.clone(),
            takes: self.takes.clone(),
            walls_behind: self.walls_behind,
            types: self.types,
            known: Mutex::default(),
            sums: self.sums.clone(),
        }
    }
}

/// Per position (walls, the mover's pieces, the other side's, the mover):
/// whether the side to move wins.
type Known = HashMap<(Set, Set, Set, usize), bool>;

/// Positions kept solved, at most: past it they are forgotten.
const KEPT: usize = 1 << 20;

/// A solve under way: the positions solved, the budget left.
struct Solve<'a> {
    /// The positions solved.
    known: &'a mut Known,
    /// Positions that may still be visited.
    budget: u32,
}

impl Endings {
    /// The endings of `rules`, given its pieces' rays (per code and square,
    /// see [`crate::eval`]), where they can be solved exactly: one type,
    /// not royal, that leaps one step, captures or leaves a wall behind on
    /// every move, and none of the rules that would make more than the
    /// board matter (hands, drops, promotions, turns, passing, counters,
    /// other outcomes than a side without a move losing).
    pub(crate) fn new(rules: &Rules, rays: &[Vec<Vec<Ray>>]) -> Option<Endings> {
        let variant = rules.variant();
        let outcomes = &variant.outcomes;
        let walls = variant.walls.as_ref();
        let walls_behind = walls.is_some_and(|w| {
            w.place == Some(WallPlace::Vacated)
                && !w.single
                && w.capturers == 0
                && w.zone.iter().all(|z| z.iter().all(|&ok| ok))
        });
        let plain = rules.squares() <= Set::BITS as usize
            && variant.pieces.len() == 1
            && !variant.pieces[0].royal
            && variant.promotions.is_empty()
            && variant.drops.is_empty()
            && variant.gating.is_empty()
            && variant.castling.is_none()
            && variant.turn.is_none()
            && variant.passing.is_none()
            && variant.replies.is_empty()
            && variant.freeze.is_empty()
            && variant.compulsory_capture.is_none()
            && variant.virtual_pieces.is_empty()
            && variant.movement_zones.is_empty()
            && variant.piece_flags.is_empty()
            && variant.player_flags.is_empty()
            && variant.counters.is_empty()
            && !rules.tracks_hands()
            && outcomes.stalemate == Result3::Loss
            && !outcomes.stalemate_fewer_pieces
            && outcomes.draw_odds.is_none()
            && outcomes.extinction.is_none()
            && outcomes.reach.is_none()
            && outcomes.check_count.is_none()
            && outcomes.material_count.is_none()
            && (walls.is_none() || walls_behind)
            // Each move leaves a wall: the count of moves never runs out.
            && (!walls_behind || variant.fifty_move.is_none_or(|n| n as usize > rules.squares()));
        if !plain {
            return None;
        }
        let mut moves = [Vec::new(), Vec::new()];
        let mut takes = [Vec::new(), Vec::new()];
        for color in Color::ALL {
            let piece = motley_interpreter::piece_code(0, color) as usize;
            for square in rays.get(piece)? {
                let (mut to_move, mut to_take) = (0, 0);
                for ray in square {
                    let [(to, mode)] = ray[..] else {
                        return None;
                    };
                    // A move to an empty square must leave a wall behind.
                    if mode & MOVE != 0 && !walls_behind {
                        return None;
                    }
                    if mode & MOVE != 0 {
                        to_move |= 1 << to;
                    }
                    if mode & TAKE != 0 {
                        to_take |= 1 << to;
                    }
                }
                moves[color.index()].push(to_move);
                takes[color.index()].push(to_take);
            }
        }
        let sums = (!walls_behind)
            .then(|| Sums::new(takes.clone(), rules.files().into(), rules.ranks().into()));
        Some(Endings {
            moves,
            takes,
            walls_behind,
            types: variant.pieces.len(),
            known: Mutex::default(),
            sums,
        })
    }

    /// Whether the side to move in `pos` wins with best play, or `None`
    /// where the solve would visit more than [`BUDGET`] positions (where
    /// every move captures, where the valuation as a sum gives up, see
    /// [`Sums::wins`]).
    pub(crate) fn wins(&self, rules: &Rules, pos: &Position) -> Option<bool> {
        let (mut walls, mut pieces) = (0, [0; 2]);
        for sq in 0..rules.squares() {
            let code = pos.piece_at(sq as u8) as usize;
            if code == 0 {
                continue;
            }
            if (code - 1) / 2 < self.types {
                pieces[(code - 1) % 2] |= 1 << sq;
            } else {
                walls |= 1 << sq;
            }
        }
        let side = pos.side_to_move().index();
        if let Some(sums) = &self.sums {
            return sums.wins(pieces, side);
        }
        let mut known = self
            .known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if known.len() > KEPT {
            known.clear();
        }
        let mut solve = Solve {
            known: &mut known,
            budget: BUDGET,
        };
        self.solve(walls, [pieces[side], pieces[side ^ 1]], side, &mut solve)
    }

    /// Whether `side`, to move with pieces `ours` against `theirs` among
    /// `walls`, wins; `None` where the budget ran out first.
    fn solve(
        &self,
        walls: Set,
        [ours, theirs]: [Set; 2],
        side: usize,
        solve: &mut Solve,
    ) -> Option<bool> {
        let key = (walls, ours, theirs, side);
        if let Some(&won) = solve.known.get(&key) {
            return Some(won);
        }
        if solve.budget == 0 {
            return None;
        }
        solve.budget -= 1;
        let empty = !(walls | ours | theirs);
        let mut unknown = false;
        for from in squares(ours) {
            let targets = (self.moves[side][from] & empty) | (self.takes[side][from] & theirs);
            for to in squares(targets) {
                let moved = ours & !(1 << from) | 1 << to;
                let left = if self.walls_behind {
                    walls | 1 << from
                } else {
                    walls
                };
                match self.solve(left, [theirs & !(1 << to), moved], side ^ 1, solve) {
                    Some(false) => {
                        solve.known.insert(key, true);
                        return Some(true);
                    }
                    Some(true) => {}
                    None => unknown = true,
                }
            }
        }
        if unknown {
            return None;
        }
        solve.known.insert(key, false);
        Some(false)
    }
}

/// The squares of `set`, lowest first.
fn squares(mut set: Set) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as usize;
            set &= set - 1;
            sq
        })
    })
}

/// The squares `step` leads to from `start`, again and again, with
/// `start`'s own.
fn spread(start: Set, step: impl Fn(usize) -> Set) -> Set {
    let (mut seen, mut front) = (start, start);
    while front != 0 {
        let next = squares(front).fold(0, |next, sq| next | step(sq));
        front = next & !seen;
        seen |= front;
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::rays;
    use crate::eval::tests::bundled;

    /// The endings of `rules`, which can be solved.
    fn endings(rules: &Rules) -> Endings {
        Endings::new(rules, &rays(rules)).unwrap()
    }

    #[test]
    fn only_games_of_one_leaper_that_captures_or_walls_every_move_are_solved() {
        for name in ["chess", "antichess", "codrus"] {
            let rules = bundled(name);
            assert!(Endings::new(&rules, &rays(&rules)).is_none(), "{name}");
        }
        for name in ["clobber", "clobber10", "joust", "snailtrail"] {
            endings(&bundled(name));
        }
    }

    #[test]
    fn a_clobber_ending_is_solved_on_its_live_groups() {
        let clobber = bundled("clobber");
        let endings = endings(&clobber);
        let wins = |fen| endings.wins(&clobber, &clobber.position(fen).unwrap());
        // a1-b1-c1 and a lone black stone on e1: the side to move takes
        // the middle stone, or with it, and leaves the other without a move.
        assert_eq!(wins("5/5/5/5/5/PpP1p w - - 0 1"), Some(true));
        assert_eq!(wins("5/5/5/5/5/PpP1p b - - 0 1"), Some(true));
        // No stones side by side: the side to move has no move and loses.
        assert_eq!(wins("5/5/5/5/5/P1p2 w - - 0 1"), Some(false));
        // Stones of one side side by side never move: a1, a2, b2 and b1
        // make a group, d1 and e1 none.
        let pos = clobber.position("5/5/5/5/PP3/Pp1pp w - - 0 1").unwrap();
        let mut pieces = [0; 2];
        for sq in 0..clobber.squares() {
            let code = pos.piece_at(sq as u8) as usize;
            if code != 0 {
                pieces[(code - 1) % 2] |= 1 << sq;
            }
        }
        let sums = endings.sums.as_ref().unwrap();
        assert_eq!(sums.groups(pieces), [[1 << 0 | 1 << 5 | 1 << 6, 1 << 1]]);
        // The start: 30 stones, too many to solve.
        assert_eq!(endings.wins(&clobber, clobber.start()), None);
    }

    #[test]
    fn a_joust_ending_is_solved_within_its_budget() {
        let joust = bundled("joust");
        let endings = endings(&joust);
        let wins = |fen| endings.wins(&joust, &joust.position(fen).unwrap());
        // Black's knight on e4 wins by Nd6 or Nd2 (from a game the search
        // lost to the random mover at depth 2), beyond one solve's budget.
        let fen = "3*4/8/2*1*3/1****3/****n*2/N1***2*/1*2**2/8 b - - 19 10";
        assert_eq!(wins(fen), None);
        // Shut in on a1, White has no move and loses.
        assert_eq!(wins("8/8/8/8/8/1*6/2*5/N6n w - - 0 1"), Some(false));
    }
}
