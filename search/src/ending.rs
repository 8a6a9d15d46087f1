//! Exact solving of small endings, where a side without a move loses, no
//! piece is royal and every move is irreversible: a game of one type of
//! piece that leaps one step (its rays a square long), each move either a
//! capture (clobber's stones, which only take) or leaving a wall on the
//! square the piece left (joust's knights). Nothing but the board then
//! matters: no repetition, no count of moves, no hand; the evaluation
//! asks whether the side to move wins, within a budget of positions.
//! Where every move captures, the position is a sum of games, one per
//! group of pieces that may take each other ([`sums`]), valued by
//! combinatorial game theory ([`games`]). Where walls are left behind
//! and no move takes, sides whose reaches have parted play apart, and
//! only their longest walks count.

mod games;
mod sums;

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use motley_interpreter::program::{Result3, WallPlace};
use motley_interpreter::{Color, Position, Rules};

use crate::eval::{Ray, MOVE, TAKE};
use sums::Sums;
pub(crate) use sums::Verdict;

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
    /// Whether, walls left behind, no move takes: sides whose reaches
    /// never meet then play apart (see [`Endings::outwalks`]).
    apart: bool,
    /// Where every move goes from one of two classes of squares to the
    /// other (a knight's light and dark squares): the squares of one.
    shade: Option<Set>,
    /// The piece types of the rules (a code beyond them is a wall).
    types: usize,
    /// The positions solved so far, kept across solves (each result is
    /// exact, whatever the budget left when it was found).
    known: Mutex<Known>,
    /// Where walls are left behind: what the solves so far leave behind.
    walled: Mutex<Walled>,
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
            apart: self.apart,
            shade: self.shade,
            types: self.types,
            known: Mutex::default(),
            walled: Mutex::default(),
            sums: self.sums.clone(),
        }
    }
}

/// Per position (walls, the mover's pieces, the other side's, the mover):
/// whether the side to move wins.
type Known = HashMap<(Set, Set, Set, usize), bool>;

/// Per side, its pieces and the open squares they reach: the most moves
/// they can make in a row.
type Walks = HashMap<(usize, Set, Set), u32>;

/// What the solves of endings where walls are left behind leave behind.
#[derive(Debug, Default)]
struct Walled {
    /// The longest walks found.
    walks: Walks,
    /// Positions whose solve, from a full budget, ran out: the evaluation
    /// meets the same position again and again (from move to move, at
    /// each depth), and would spend the whole budget on it each time.
    futile: HashSet<(Set, Set, Set, usize)>,
}

/// Positions kept solved, at most: past it they are forgotten.
const KEPT: usize = 1 << 20;

/// A solve under way: the positions solved, the budget left.
struct Solve<'a> {
    /// The positions solved.
    known: &'a mut Known,
    /// The longest walks found.
    walks: &'a mut Walks,
    /// Positions that may still be visited.
    budget: u32,
}

/// A search for one side's longest walk, its moves made one after the
/// other with nobody in the way (branch and bound).
struct Walk {
    /// The side walking.
    side: usize,
    /// Per position (the pieces, the open squares they reach): the most
    /// moves proven possible from it.
    caps: HashMap<(Set, Set), u32>,
    /// The longest walk found so far.
    best: u32,
    /// A walk this long is enough: the search then stops.
    enough: u32,
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
        let never_takes = takes.iter().flatten().all(|&to| to == 0);
        let sums = (!walls_behind)
            .then(|| Sums::new(takes.clone(), rules.files().into(), rules.ranks().into()));
        Some(Endings {
            shade: shade(&moves),
            moves,
            takes,
            walls_behind,
            apart: walls_behind && never_takes,
            types: variant.pieces.len(),
            known: Mutex::default(),
            walled: Mutex::default(),
            sums,
        })
    }

    /// Whether the side to move in `pos` wins with best play, or `None`
    /// where the solve would visit more than [`BUDGET`] positions (where
    /// walls are left behind, then not tried again for the same position;
    /// where every move captures, where the valuation as a sum gives up,
    /// see [`Sums::verdict`]).
    #[cfg(test)]
    pub(crate) fn wins(&self, rules: &Rules, pos: &Position) -> Option<bool> {
        self.verdict(rules, pos).wins
    }

    /// What is found of `pos`: whether the side to move wins, as
    /// [`Endings::wins`]; where every move captures, besides, what the
    /// valuation as a sum finds of it otherwise ([`Verdict`]).
    pub(crate) fn verdict(&self, rules: &Rules, pos: &Position) -> Verdict {
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
            return sums.verdict(pieces, side);
        }
        Verdict {
            wins: self.solved(walls, pieces, side),
            ..Verdict::default()
        }
    }

    /// Whether `side`, to move with `pieces` (White's, Black's) among
    /// `walls`, wins, where walls are left behind; `None` where the solve
    /// gives up (see [`Endings::wins`]).
    fn solved(&self, walls: Set, pieces: [Set; 2], side: usize) -> Option<bool> {
        let mut known = self
            .known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if known.len() > KEPT {
            known.clear();
        }
        let mut walled = self
            .walled
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if walled.walks.len() + walled.futile.len() > KEPT {
            *walled = Walled::default();
        }
        let Walled { walks, futile } = &mut *walled;
        let root = (walls, pieces[side], pieces[side ^ 1], side);
        if futile.contains(&root) {
            return None;
        }
        let mut solve = Solve {
            known: &mut known,
            walks,
            budget: BUDGET,
        };
        let won = self.solve(walls, [pieces[side], pieces[side ^ 1]], side, &mut solve);
        if won.is_none() {
            futile.insert(root);
        }
        won
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
        if self.apart {
            let [our_reach, their_reach] =
                [(side, ours), (side ^ 1, theirs)].map(|(s, p)| self.reach(s, p, empty));
            if our_reach & their_reach == 0 {
                let won = self.outwalks(side, [ours, theirs], [our_reach, their_reach], solve);
                if let Some(won) = won {
                    solve.known.insert(key, won);
                }
                return won;
            }
        }
        let mut moves = Vec::new();
        for from in squares(ours) {
            let targets = (self.moves[side][from] & empty) | (self.takes[side][from] & theirs);
            moves.extend(squares(targets).map(|to| (from, to)));
        }
        if self.walls_behind {
            // Most territory first, then fewest replies: a win, if any,
            // is found sooner (see [`Endings::territory`]).
            let order = |&(from, to): &(usize, usize)| {
                let open = empty & !(1 << to);
                let moved = ours & !(1 << from) | 1 << to;
                (
                    std::cmp::Reverse(self.territory(side, [moved, theirs], open)),
                    self.moves_from(side ^ 1, theirs, open),
                )
            };
            moves.sort_by_cached_key(order);
        }
        let mut unknown = false;
        for (from, to) in moves {
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
        if unknown {
            return None;
        }
        solve.known.insert(key, false);
        Some(false)
    }

    /// Where walls are left behind, the territory of `side`, whose move
    /// leaves `pieces` (its own, the other side's) and the `open` squares:
    /// how many more of them its pieces reach first, a move a step, than
    /// the other side's do (a square both reach at the same step counts
    /// for neither). The side with more room outlasts the other, so the
    /// solve tries such moves first: after 4...e3 in a game of snailtrail
    /// the search lost to the random mover (seed 7, game 79), the solves
    /// of White's five moves took 3,000 to 162,000 positions each with
    /// this order, and 0.4 to more than 5 million with fewest replies
    /// alone.
    fn territory(&self, side: usize, pieces: [Set; 2], mut open: Set) -> i32 {
        let step = |side: usize, front: Set| {
            squares(front).fold(0, |next, sq| next | self.moves[side][sq])
        };
        let [mut ours, mut theirs] = pieces;
        let mut lead = 0;
        loop {
            let [our_next, their_next] = [step(side, ours) & open, step(side ^ 1, theirs) & open];
            if our_next | their_next == 0 {
                return lead;
            }
            let both = our_next & their_next;
            lead += (our_next & !both).count_ones() as i32;
            lead -= (their_next & !both).count_ones() as i32;
            open &= !(our_next | their_next);
            [ours, theirs] = [our_next, their_next];
        }
    }

    /// The moves `side`'s `pieces` have to the `open` squares.
    fn moves_from(&self, side: usize, pieces: Set, open: Set) -> u32 {
        squares(pieces)
            .map(|from| (self.moves[side][from] & open).count_ones())
            .sum()
    }

    /// The `open` squares `side`'s `pieces` may ever reach, one move after
    /// another through open squares, with the pieces' own.
    fn reach(&self, side: usize, pieces: Set, open: Set) -> Set {
        spread(pieces, |at| self.moves[side][at] & open)
    }

    /// Where the sides play apart (no move takes, and the squares each
    /// side's pieces `reach` never meet): whether `side`, to move, wins. It
    /// is a sum of two games of one player, each side making at most its
    /// longest walk, its walls growing behind it: the side to move wins if
    /// its longest walk is the longer. `None` where the walks' searches ran
    /// out of budget before deciding.
    fn outwalks(
        &self,
        side: usize,
        pieces: [Set; 2],
        reach: [Set; 2],
        solve: &mut Solve,
    ) -> Option<bool> {
        let theirs = self.longest_walk(side ^ 1, pieces[1], reach[1], u32::MAX, solve);
        let ours = self.longest_walk(side, pieces[0], reach[0], theirs.1 + 1, solve);
        if ours.0 > theirs.1 {
            Some(true)
        } else if ours.1 <= theirs.0 {
            Some(false)
        } else {
            None
        }
    }

    /// The longest walk of `side`'s `pieces` through the open squares they
    /// `reach`, its moves made one after the other: the longest found and
    /// the most possible (equal where it is known), the search stopping at
    /// a walk `enough` long or when it runs out of the solve's budget.
    fn longest_walk(
        &self,
        side: usize,
        pieces: Set,
        reach: Set,
        enough: u32,
        solve: &mut Solve,
    ) -> (u32, u32) {
        let open = reach & !pieces;
        if let Some(&longest) = solve.walks.get(&(side, pieces, open)) {
            return (longest, longest);
        }
        let bound = self.walk_bound(pieces, open);
        let mut walk = Walk {
            side,
            caps: HashMap::new(),
            best: 0,
            enough: enough.min(bound),
            budget: solve.budget,
        };
        let complete = self.extend(pieces, open, 0, &mut walk);
        solve.budget = walk.budget;
        if complete || walk.best == bound {
            solve.walks.insert((side, pieces, open), walk.best);
            return (walk.best, walk.best);
        }
        (walk.best, bound)
    }

    /// The most moves `pieces` may make through the `open` squares they
    /// reach: one a square, and where moves change the class of a square
    /// (see [`Endings::shade`]), a lone piece's walk alternates classes.
    fn walk_bound(&self, pieces: Set, open: Set) -> u32 {
        let squares = open.count_ones();
        match self.shade {
            Some(shade) if pieces.count_ones() == 1 => {
                let (same, other) = if pieces & shade != 0 {
                    (shade, !shade)
                } else {
                    (!shade, shade)
                };
                let [same, other] = [same, other].map(|class| (open & class).count_ones());
                squares.min(2 * other).min(2 * same + 1)
            }
            _ => squares,
        }
    }

    /// Continues `walk` `depth` moves long with `pieces` and the `open`
    /// squares they reach; whether the search below was complete (neither
    /// out of budget nor stopped at a walk long enough).
    fn extend(&self, pieces: Set, open: Set, depth: u32, walk: &mut Walk) -> bool {
        walk.best = walk.best.max(depth);
        let mut cap = self.walk_bound(pieces, open);
        if let Some(&proven) = walk.caps.get(&(pieces, open)) {
            cap = cap.min(proven);
        }
        if depth + cap <= walk.best {
            return true;
        }
        if walk.best >= walk.enough || walk.budget == 0 {
            return false;
        }
        walk.budget -= 1;
        let mut steps = Vec::new();
        for from in squares(pieces) {
            let moved = pieces & !(1 << from);
            for to in squares(self.moves[walk.side][from] & open) {
                let rest = open & !(1 << to);
                let next = moved | 1 << to;
                let reach = self.reach(walk.side, next, rest) & !next;
                steps.push((self.moves_from(walk.side, next, reach), next, reach));
            }
        }
        // Fewest onward moves first (Warnsdorff): long walks come sooner.
        steps.sort_unstable_by_key(|&(onward, ..)| onward);
        let mut complete = true;
        for (_, next, reach) in steps {
            if !self.extend(next, reach, depth + 1, walk) {
                complete = false;
                if walk.best >= walk.enough || walk.budget == 0 {
                    break;
                }
            }
        }
        if complete {
            walk.caps.insert((pieces, open), walk.best - depth);
        }
        complete
    }
}

/// Where every move of `moves` (per side, per square) goes from one of two
/// classes of squares to the other: the squares of one class.
fn shade(moves: &[Vec<Set>; 2]) -> Option<Set> {
    let count = moves[0].len();
    let links = |sq: usize| moves[0][sq] | moves[1][sq];
    let (mut shade, mut seen): (Set, Set) = (0, 0);
    for start in 0..count {
        if seen >> start & 1 != 0 {
            continue;
        }
        // Colour the start's component, one step at a time.
        let (mut front, mut odd) = (1 << start, false);
        seen |= front;
        while front != 0 {
            if odd {
                shade |= front;
            }
            let next = squares(front).fold(0, |next, sq| next | links(sq));
            front = next & !seen;
            seen |= front;
            odd = !odd;
        }
    }
    let split = (0..count).all(|sq| {
        let same = if shade >> sq & 1 != 0 { shade } else { !shade };
        links(sq) & same == 0
    });
    split.then_some(shade)
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
        // A knight's leap always changes the colour of its square, a
        // snail's step may not.
        assert!(endings(&bundled("joust")).shade.is_some());
        assert!(endings(&bundled("snailtrail")).shade.is_none());
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
        // lost to the random mover at depth 2): beyond one solve's budget
        // where the moves with fewest replies came first, within it where
        // those with most territory do.
        let fen = "3*4/8/2*1*3/1****3/****n*2/N1***2*/1*2**2/8 b - - 19 10";
        assert_eq!(wins(fen), Some(true));
        // Shut in on a1, White has no move and loses.
        assert_eq!(wins("8/8/8/8/8/1*6/2*5/N6n w - - 0 1"), Some(false));
    }

    #[test]
    fn territory_counts_the_squares_each_side_reaches_first() {
        let snailtrail = bundled("snailtrail");
        let endings = endings(&snailtrail);
        let square =
            |name: &str| -> Set { 1 << motley_interpreter::parse_square(7, 7, name).unwrap() };
        let (d4, a1): (Set, Set) = (square("d4"), square("a1"));
        let board: Set = (1 << 49) - 1;
        // On an empty board a snail on d4 reaches 38 squares before one on
        // a1, which reaches 5 first; 4 are reached by both at once.
        let open = board & !(d4 | a1);
        assert_eq!(endings.territory(0, [d4, a1], open), 33);
        assert_eq!(endings.territory(1, [a1, d4], open), -33);
        // Walls down the b-file leave the a1 snail its file alone: 6
        // squares against the 34 right of the walls.
        let b_file = (1..=7).fold(0, |set, rank| set | square(&format!("b{rank}")));
        assert_eq!(endings.territory(0, [d4, a1], open & !b_file), 28);
    }

    /// The squares named in `names` (an 8 by 8 board's).
    fn set(names: &str) -> Set {
        let square = |name| motley_interpreter::parse_square(8, 8, name).unwrap();
        names
            .split(' ')
            .fold(0, |set, name| set | 1 << square(name))
    }

    /// Whether `side`, to move with `pieces` (its own first) among
    /// `walls`, wins, solved within `budget` positions.
    fn solved(
        endings: &Endings,
        walls: Set,
        pieces: [Set; 2],
        side: usize,
        budget: u32,
    ) -> Option<bool> {
        let (mut known, mut walks) = (Known::new(), Walks::new());
        let mut solve = Solve {
            known: &mut known,
            walks: &mut walks,
            budget,
        };
        endings.solve(walls, pieces, side, &mut solve)
    }

    #[test]
    fn joust_knights_apart_are_decided_by_their_longest_walks() {
        let joust = bundled("joust");
        let endings = endings(&joust);
        assert!(endings.apart);
        // White's knight on a1 may walk b3-c1-a2-c3 (b3-d2 ends sooner),
        // Black's on h8 g6-h4-f5; no leap joins their squares.
        let fen =
            "*******n/********/******1*/*****1**/*******1/*2*****/1**1****/N*1***** w - - 0 1";
        let wins = |fen: &str| endings.wins(&joust, &joust.position(fen).unwrap());
        let (white, black) = (set("a1"), set("h8"));
        let empty = set("b3 c1 a2 c3 d2 g6 h4 f5");
        let reach =
            [(0, white), (1, black)].map(|(side, knight)| endings.reach(side, knight, empty));
        assert_eq!(reach, [set("a1 b3 c1 a2 c3 d2"), set("h8 g6 h4 f5")]);
        let (mut known, mut walks) = (Known::new(), Walks::new());
        let mut solve = Solve {
            known: &mut known,
            walks: &mut walks,
            budget: BUDGET,
        };
        let mut longest =
            |side, knight, reach| endings.longest_walk(side, knight, reach, u32::MAX, &mut solve);
        assert_eq!(longest(0, white, reach[0]), (4, 4));
        assert_eq!(longest(1, black, reach[1]), (3, 3));
        assert_eq!(wins(fen), Some(true));
        assert_eq!(wins(&fen.replace(" w ", " b ")), Some(false));
    }

    #[test]
    fn knights_apart_on_wide_regions_are_decided_beyond_the_full_solve() {
        let joust = bundled("joust");
        let apart = endings(&joust);
        let together = Endings {
            apart: false,
            ..endings(&joust)
        };
        // Files d and e walled: White's knight on a1 walks all 23 other
        // squares of files a to c, Black's on h8 all 20 others of files f
        // to h above rank 1; the full solve runs out of budget, the walks
        // decide: the side to move wins if it is White.
        let fen = "3**2n/3**3/3**3/3**3/3**3/3**3/3**3/N2***** w - - 0 1";
        for (fen, won) in [(fen.to_string(), true), (fen.replace(" w ", " b "), false)] {
            let pos = joust.position(&fen).unwrap();
            assert_eq!(together.wins(&joust, &pos), None);
            assert_eq!(apart.wins(&joust, &pos), Some(won));
        }
        let (mut known, mut walks) = (Known::new(), Walks::new());
        let mut solve = Solve {
            known: &mut known,
            walks: &mut walks,
            budget: BUDGET,
        };
        let (white, black) = (set("a1"), set("h8"));
        let files = |names: &str| {
            let names = names
                .chars()
                .flat_map(|file| (1..=8).map(move |rank| format!("{file}{rank}")));
            set(&names.collect::<Vec<_>>().join(" "))
        };
        let open = [
            files("abc") & !white,
            files("fgh") & !set("f1 g1 h1") & !black,
        ];
        let reach = [(0, white, open[0]), (1, black, open[1])]
            .map(|(side, knight, open)| apart.reach(side, knight, open));
        assert_eq!(
            apart.longest_walk(0, white, reach[0], u32::MAX, &mut solve),
            (23, 23)
        );
        assert_eq!(
            apart.longest_walk(1, black, reach[1], u32::MAX, &mut solve),
            (20, 20)
        );
    }

    #[test]
    fn the_walks_of_knights_apart_agree_with_the_full_solve() {
        let joust = bundled("joust");
        let apart = endings(&joust);
        let together = Endings {
            apart: false,
            ..endings(&joust)
        };
        // Random boards of 64 squares, about two in three walls (a fixed
        // seed).
        let mut draws = motley_testkit::Rng::new(7);
        let (mut compared, mut parted) = (0, 0);
        for _ in 0..400 {
            let walls = (0..64).fold(0, |walls: Set, sq| {
                if draws.below(3) < 2 {
                    walls | 1 << sq
                } else {
                    walls
                }
            });
            let open: Vec<usize> = squares(!walls & ((1 << 64) - 1)).collect();
            if open.len() < 2 {
                continue;
            }
            let white = open[draws.below(open.len())];
            let black = open[draws.below(open.len())];
            if white == black {
                continue;
            }
            let side = draws.below(2);
            let pieces = [1 << white, 1 << black];
            let pieces = [pieces[side], pieces[side ^ 1]];
            let empty = !(walls | pieces[0] | pieces[1]);
            let reach =
                [(side, pieces[0]), (side ^ 1, pieces[1])].map(|(s, p)| apart.reach(s, p, empty));
            if reach[0] & reach[1] != 0 {
                continue;
            }
            parted += 1;
            let full = solved(&together, walls, pieces, side, 1_000_000);
            let walked = solved(&apart, walls, pieces, side, BUDGET);
            if let (Some(full), Some(walked)) = (full, walked) {
                assert_eq!(
                    full, walked,
                    "walls {walls:x}, pieces {pieces:x?}, side {side}"
                );
                compared += 1;
            }
        }
        assert!(
            compared > 100 && compared == parted,
            "{compared} of {parted}"
        );
    }
}
