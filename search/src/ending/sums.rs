//! Where every move captures (clobber): a position as a sum of games.
//! Pieces linked by captures either side might make form a group; groups
//! never join (a capture only empties a square), and a group of one
//! side's pieces never moves. The side without a move losing, each group
//! is a game of its own, Left's moves White's (colour 0) and Right's
//! Black's, and the position is their sum ([`games`](super::games)): its
//! value says who wins with either side to move.
//!
//! A group's value is the canonical form of its options, each the sum of
//! the groups its move leaves. It depends only on the group's shape
//! where every piece takes on the same offsets from every square: then a
//! group moved elsewhere on the board, or turned or mirrored by a map
//! that keeps those offsets, has the same value, and the values are kept
//! per shape (see [`Sums::shape`]), and for speed per group moved to the
//! corner of the board (see [`Sums::corner`]).

use std::collections::BTreeSet;
use std::sync::Mutex;

use super::games::{FastMap, FastSet, Game, Games, Work, ZERO};
use super::{spread, squares, Set};

/// Steps of work (see [`Games::allow`]) one valuation may take: the
/// positions of groups valued, the comparisons and sums of games. A step
/// takes about a microsecond, and the evaluation meets many groups too
/// large for the budget (each tried once). Against the random mover at
/// depth 2, 100 games: with 20,000, clobber's took 465 s where the whole
/// solve's took 31 s (before groups were kept by their place in the
/// corner); with 2,000, a third more time than the whole solve's, and
/// clobber10's about as much, clobber10 won 98 and 100 (seeds 7 and 11)
/// where the whole solve won 93 and 95.
const BUDGET: u32 = 2_000;

/// The most pieces a group may hold for a valuation to be tried. With
/// 20, clobber10 played as well at the same cost, but on clobber's
/// smaller and fuller board the valuations of the positions two moves
/// from a random game's took four times as long: groups of 17 to 20
/// stones there seldom fit in the budget.
const LARGEST: u32 = 16;

/// Games, comparisons, sums and shapes kept, at most: past it they are
/// forgotten.
const KEPT: usize = 1 << 21;

/// A map of the plane, on offsets (file, rank): whether it swaps file and
/// rank, then whether it turns the file's sign and the rank's.
type Map = (bool, bool, bool);

/// A group's shape: the width of its box, then per side the bits of its
/// pieces in the box (rank by rank), under the map that makes this the
/// least; or where values depend on where the group stands, 0 and its
/// pieces as they stand.
type Shape = (usize, Set, Set);

/// What the valuation finds of a position (see [`Sums::verdict`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Verdict {
    /// Whether the side to move wins, where every group was valued.
    pub(crate) wins: Option<bool>,
    /// Where some group was not: the outcome of the sum of those that
    /// were, alone: 1 where White wins it whoever starts, -1 where Black
    /// does, else 0 (and 0 where the sum ran out of work).
    pub(crate) rest: i32,
    /// Per side (White, Black): its pieces in groups that hold both
    /// sides' pieces; the others can never move again.
    pub(crate) contested: [i32; 2],
    /// Per side: its pieces that may take an enemy piece as the board
    /// stands.
    pub(crate) live: [i32; 2],
    /// Per side: its pieces that may not, but stand where an enemy piece
    /// that took one of its pieces that may would reach them: each answers
    /// such a capture.
    pub(crate) reserve: [i32; 2],
}

/// The valuation of positions where every move captures.
#[derive(Debug)]
pub(super) struct Sums {
    /// Per side, per square: the squares where it may take an enemy piece.
    takes: [Vec<Set>; 2],
    /// The files of the board.
    files: usize,
    /// Per file, its squares.
    columns: Vec<Set>,
    /// The maps that keep every piece's captures, the identity first;
    /// none where a piece's captures differ from square to square by more
    /// than the edge of the board.
    maps: Vec<Map>,
    /// Whether both sides take alike: then a group with the sides swapped
    /// is worth the group's negative.
    swaps: bool,
    /// What the valuations so far have found.
    memo: Mutex<Memo>,
}

impl Clone for Sums {
    fn clone(&self) -> Sums {
        Sums {
            takes: self.takes.clone(),
            files: self.files,
            columns: self.columns.clone(),
            maps: self.maps.clone(),
            swaps: self.swaps,
            memo: Mutex::default(),
        }
    }
}

/// What the valuations so far have found (each value is exact, whatever
/// the work left when it was found).
#[derive(Debug, Default)]
struct Memo {
    /// The games met.
    games: Games,
    /// Per shape, its group's value (with the sides as the shape has
    /// them).
    shapes: FastMap<Shape, Game>,
    /// Per group moved to the corner of the board (see [`Sums::corner`]),
    /// its value: found again without its shape.
    values: FastMap<[Set; 2], Game>,
    /// The groups, in the corner, whose valuation ran out of work: the
    /// evaluation meets the same group again and again, and would spend
    /// its budget on it each time.
    futile: FastSet<[Set; 2]>,
}

impl Sums {
    /// The valuation on a board of `files` x `ranks` where pieces take on
    /// the squares `takes` gives (per side, per square).
    pub(super) fn new(takes: [Vec<Set>; 2], files: usize, ranks: usize) -> Sums {
        let offsets = takes.each_ref().map(|t| offsets(t, files, ranks));
        let maps = match offsets {
            [Some(white), Some(black)] => [false, true]
                .into_iter()
                .flat_map(|swap| {
                    [
                        (swap, false, false),
                        (swap, true, false),
                        (swap, false, true),
                        (swap, true, true),
                    ]
                })
                .filter(|&map| {
                    [&white, &black].iter().all(|o| {
                        o.iter()
                            .map(|&(f, r)| apply(map, f, r))
                            .collect::<BTreeSet<_>>()
                            == **o
                    })
                })
                .collect(),
            _ => Vec::new(),
        };
        let columns = (0..files)
            .map(|f| (0..ranks).fold(0, |set: Set, r| set | 1 << (r * files + f)))
            .collect();
        Sums {
            swaps: takes[0] == takes[1],
            takes,
            files,
            columns,
            maps,
            memo: Mutex::default(),
        }
    }

    /// Whether `side` (0 White, 1 Black), to move with `pieces` (White's,
    /// Black's) on the board, wins with best play; `None` where a group
    /// could not be valued (see [`Sums::verdict`]).
    #[cfg(test)]
    pub(super) fn wins(&self, pieces: [Set; 2], side: usize) -> Option<bool> {
        self.verdict(pieces, side).wins
    }

    /// What the valuation finds of `pieces` (White's, Black's) on the
    /// board, `side` (0 White, 1 Black) to move: whether it wins, where
    /// every group could be valued; else the outcome of the groups that
    /// could. A group holding more than [`LARGEST`] pieces is not tried;
    /// nor, once a valuation took more than [`BUDGET`] steps, are that
    /// group (ever again) and those after it (this time).
    pub(super) fn verdict(&self, pieces: [Set; 2], side: usize) -> Verdict {
        let groups = self.groups(pieces);
        let contested =
            [0, 1].map(|s: usize| groups.iter().map(|g| g[s].count_ones() as i32).sum());
        let lives = [0, 1].map(|side: usize| {
            squares(pieces[side])
                .filter(|&sq| self.takes[side][sq] & pieces[side ^ 1] != 0)
                .fold(0 as Set, |set, sq| set | 1 << sq)
        });
        let reserve = [0, 1].map(|side: usize| {
            squares(pieces[side] & !lives[side])
                .filter(|&sq| self.takes[side ^ 1][sq] & lives[side] != 0)
                .count() as i32
        });
        let mut verdict = Verdict {
            wins: None,
            rest: 0,
            contested,
            live: lives.map(|l| l.count_ones() as i32),
            reserve,
        };
        let mut memo = self
            .memo
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if memo.games.size() + memo.values.len() + memo.shapes.len() > KEPT {
            *memo = Memo::default();
        }
        memo.games.allow(BUDGET);
        let (mut parts, mut whole) = (Vec::with_capacity(groups.len()), true);
        for group in groups {
            let corner = self.corner(group);
            if (group[0] | group[1]).count_ones() > LARGEST || memo.futile.contains(&corner) {
                whole = false;
                continue;
            }
            let Ok(part) = self.group(&mut memo, group) else {
                memo.futile.insert(corner);
                whole = false;
                break;
            };
            parts.push(part);
        }
        let Ok(value) = Self::sum(&mut memo, parts) else {
            return verdict;
        };
        if whole {
            verdict.wins = memo.games.wins(value, side).ok();
        } else if let (Ok(white), Ok(black)) =
            (memo.games.wins(value, 0), memo.games.wins(value, 1))
        {
            // Positive (White wins whoever starts), negative, or neither.
            verdict.rest = i32::from(white) - i32::from(black);
        }
        verdict
    }

    /// The value of `pieces` (White's, Black's): the sum of its groups'.
    fn value(&self, memo: &mut Memo, pieces: [Set; 2]) -> Work<Game> {
        let groups = self.groups(pieces);
        let mut parts = Vec::with_capacity(groups.len());
        for group in groups {
            parts.push(self.group(memo, group)?);
        }
        Self::sum(memo, parts)
    }

    /// The sum of `parts`, taken in order: the sums of a position's
    /// groups are met again in the positions a move away.
    fn sum(memo: &mut Memo, mut parts: Vec<Game>) -> Work<Game> {
        parts.sort_unstable();
        let mut total = ZERO;
        for part in parts {
            total = memo.games.sum(total, part)?;
        }
        Ok(total)
    }

    /// The groups of `pieces` (White's, Black's) that hold both sides'
    /// pieces, each as its pieces (White's, Black's).
    pub(super) fn groups(&self, pieces: [Set; 2]) -> Vec<[Set; 2]> {
        let occupied = pieces[0] | pieces[1];
        let (mut groups, mut seen) = (Vec::new(), 0);
        for sq in squares(pieces[0]) {
            if seen >> sq & 1 == 0 {
                let group = spread(1 << sq, |at| {
                    (self.takes[0][at] | self.takes[1][at]) & occupied
                });
                seen |= group;
                if group & pieces[1] != 0 {
                    groups.push(pieces.map(|p| p & group));
                }
            }
        }
        groups
    }

    /// The value of one group (White's, Black's pieces), by its place in
    /// the corner, else by its shape, else from its options.
    fn group(&self, memo: &mut Memo, group: [Set; 2]) -> Work<Game> {
        let corner = self.corner(group);
        if let Some(&known) = memo.values.get(&corner) {
            return Ok(known);
        }
        let (shape, swapped) = self.shape(group);
        let value = match memo.shapes.get(&shape) {
            Some(&known) => known,
            None => {
                let value =
                    self.options(memo, if swapped { [group[1], group[0]] } else { group })?;
                memo.shapes.insert(shape, value);
                value
            }
        };
        let value = if swapped {
            memo.games.neg(value)?
        } else {
            value
        };
        memo.values.insert(corner, value);
        Ok(value)
    }

    /// The value of one group from its options: { the values White's
    /// captures leave | those Black's leave }.
    fn options(&self, memo: &mut Memo, group: [Set; 2]) -> Work<Game> {
        let mut options = [Vec::new(), Vec::new()];
        for (side, options) in options.iter_mut().enumerate() {
            let (ours, theirs) = (group[side], group[side ^ 1]);
            for from in squares(ours) {
                for to in squares(self.takes[side][from] & theirs) {
                    let mut after = group;
                    after[side] = ours & !(1 << from) | 1 << to;
                    after[side ^ 1] = theirs & !(1 << to);
                    options.push(self.value(memo, after)?);
                }
            }
        }
        let [left, right] = options;
        memo.games.game(left, right)
    }

    /// `group` (White's, Black's pieces) moved to the corner of the board,
    /// its lowest rank to the first and its lowest file to the first,
    /// where the captures keep to offsets; else as it stands.
    fn corner(&self, group: [Set; 2]) -> [Set; 2] {
        let occupied = group[0] | group[1];
        if self.maps.is_empty() || occupied == 0 {
            return group;
        }
        let rank = occupied.trailing_zeros() as usize / self.files;
        let file = (self.columns.iter())
            .position(|&c| c & occupied != 0)
            .unwrap_or(0);
        group.map(|p| p >> (rank * self.files + file))
    }

    /// The shape of `group` (White's, Black's pieces): under each map
    /// that keeps the captures, its pieces moved to the corner of their
    /// box, and where both sides take alike, with the sides swapped too;
    /// the least of those, and whether it swapped the sides (its value
    /// is then the group's negative).
    fn shape(&self, group: [Set; 2]) -> (Shape, bool) {
        let stones: Vec<(i32, i32, usize)> = (0..2)
            .flat_map(|side| squares(group[side]).map(move |sq| (sq, side)))
            .map(|(sq, side)| ((sq % self.files) as i32, (sq / self.files) as i32, side))
            .collect();
        let placed = self.maps.iter().map(|&map| {
            let (mut low_f, mut low_r, mut high_f) = (i32::MAX, i32::MAX, i32::MIN);
            for &(f, r, _) in &stones {
                let (f, r) = apply(map, f, r);
                (low_f, low_r, high_f) = (low_f.min(f), low_r.min(r), high_f.max(f));
            }
            let width = high_f - low_f + 1;
            let mut bits = [0; 2];
            for &(f, r, side) in &stones {
                let (f, r) = apply(map, f, r);
                bits[side] |= 1 << ((r - low_r) * width + f - low_f);
            }
            (width as usize, bits)
        });
        // Where no map keeps the captures, the group as it stands.
        let as_it_stands = self.maps.is_empty().then_some((0, group));
        (placed.chain(as_it_stands))
            .flat_map(|(width, [white, black])| {
                [
                    ((width, white, black), false),
                    ((width, black, white), true),
                ]
            })
            .filter(|&(_, swapped)| self.swaps || !swapped)
            .min()
            .unwrap_or(((0, group[0], group[1]), false))
    }
}

/// `map` applied to the offset (`f`, `r`).
fn apply((swap, turn_f, turn_r): Map, f: i32, r: i32) -> (i32, i32) {
    let (f, r) = if swap { (r, f) } else { (f, r) };
    (if turn_f { -f } else { f }, if turn_r { -r } else { r })
}

/// The offsets (file, rank) a piece takes on, from `takes` (per square)
/// on a board of `files` x `ranks`, where from every square it takes on
/// those that stay on the board and no other; else `None`.
fn offsets(takes: &[Set], files: usize, ranks: usize) -> Option<BTreeSet<(i32, i32)>> {
    let at = |sq: usize| ((sq % files) as i32, (sq / files) as i32);
    let mut offsets = BTreeSet::new();
    for (from, &to) in takes.iter().enumerate() {
        let (f, r) = at(from);
        offsets.extend(squares(to).map(|sq| (at(sq).0 - f, at(sq).1 - r)));
    }
    let on_board =
        |f: i32, r: i32| (0..files as i32).contains(&f) && (0..ranks as i32).contains(&r);
    for (from, &to) in takes.iter().enumerate() {
        let (f, r) = at(from);
        let reached = (offsets.iter())
            .filter(|&&(df, dr)| on_board(f + df, r + dr))
            .fold(0, |set: Set, &(df, dr)| {
                set | 1 << ((r + dr) as usize * files + (f + df) as usize)
            });
        if reached != to {
            return None;
        }
    }
    Some(offsets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ending::{Endings, Known, Solve, Walks};
    use crate::eval::rays;
    use crate::eval::tests::bundled;
    use motley_interpreter::Rules;

    /// The endings of the bundled rule file `name`.
    fn endings(name: &str) -> (Rules, Endings) {
        let rules = bundled(name);
        let endings = Endings::new(&rules, &rays(&rules)).unwrap();
        (rules, endings)
    }

    /// White's and Black's pieces in the position `fen` of `rules`.
    fn pieces(rules: &Rules, fen: &str) -> [Set; 2] {
        let pos = rules.position(fen).unwrap();
        let mut pieces = [0; 2];
        for sq in 0..rules.squares() {
            let code = pos.piece_at(sq as u8) as usize;
            if code != 0 {
                pieces[(code - 1) % 2] |= 1 << sq;
            }
        }
        pieces
    }

    #[test]
    fn clobber_groups_have_their_textbook_values() {
        let (clobber, endings) = endings("clobber");
        let sums = endings.sums.as_ref().unwrap();
        let mut memo = sums.memo.lock().unwrap();
        memo.games.allow(u32::MAX);
        let star = memo.games.game(vec![ZERO], vec![ZERO]).unwrap();
        let up = memo.games.game(vec![ZERO], vec![star]).unwrap();
        let down = memo.games.game(vec![star], vec![ZERO]).unwrap();
        let up_star = memo.games.sum(up, star).unwrap();
        let mut value = |board: &str| {
            let fen = format!("{board} w - - 0 1");
            sums.value(&mut memo, pieces(&clobber, &fen)).unwrap()
        };
        // White beside Black: either side's one capture leaves a lone
        // stone, 0, so {0 | 0} = * (Lessons in Play, 2.1), in a row or in
        // a file, anywhere.
        assert_eq!(value("5/5/5/5/5/Pp3"), star);
        assert_eq!(value("5/5/1p3/1P3/5/5"), star);
        assert_eq!(value("5/5/5/5/5/3pP"), star);
        // White, White, Black: White's one capture leaves two White
        // stones apart, 0; Black's leaves White beside Black, *: {0 | *}
        // = ↑. Its colours swapped, {* | 0} = ↓. White, Black, White:
        // each capture leaves two stones apart, so {0 | 0} = *.
        assert_eq!(value("5/5/5/5/5/PPp2"), up);
        assert_eq!(value("5/5/5/5/5/2pPP"), up);
        assert_eq!(value("5/5/5/5/5/ppP2"), down);
        assert_eq!(value("5/5/5/5/5/PpP2"), star);
        // A 2x2 checkerboard: each of White's four captures leaves a line
        // of three, Black, White, White, ↑; Black's leave ↓. { ↑ | ↓ } is
        // fuzzy (the first to move goes to its own side's value and wins);
        // ↑'s Right option * is <= { ↑ | ↓ } (in { ↑ | ↓ } + *, Right to
        // move goes to ↓* or to { ↑ | ↓ }, and Left wins either), so ↑
        // reverses to *'s Left option 0, and ↓ likewise to 0: {0 | 0} = *.
        assert_eq!(value("5/5/5/5/pP3/Pp3"), star);
        // Groups add: * + * = 0, * + ↑ = ↑*, ↑ + ↓ = 0.
        assert_eq!(value("5/5/5/5/5/Pp1Pp"), ZERO);
        assert_eq!(value("5/5/5/Pp3/5/PPp2"), up_star);
        assert_eq!(value("5/5/5/ppP2/5/PPp2"), ZERO);
        drop(memo);
        // So with a pair and a line of three, the side to move wins (↑*
        // || 0); with two pairs it loses; with ↑ alone White wins.
        for side in [0, 1] {
            let wins =
                |board: &str| sums.wins(pieces(&clobber, &format!("{board} w - - 0 1")), side);
            assert_eq!(wins("5/5/5/Pp3/5/PPp2"), Some(true));
            assert_eq!(wins("5/5/5/5/5/Pp1Pp"), Some(false));
            assert_eq!(wins("5/5/5/5/5/PPp2"), Some(side == 0));
        }
    }

    #[test]
    fn where_a_group_is_too_large_the_verdict_values_the_others_and_counts_the_pieces() {
        let (clobber, endings) = endings("clobber");
        let sums = endings.sums.as_ref().unwrap();
        // Four full ranks, 20 stones, one group: too large. On the sixth
        // rank White, White, Black (↑, won by White whoever starts) and a
        // white stone apart, which never moves again.
        let board = "PPp1P/5/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1";
        for side in [0, 1] {
            let verdict = sums.verdict(pieces(&clobber, board), side);
            assert_eq!(
                verdict,
                Verdict {
                    wins: None,
                    rest: 1,
                    // 10 and 10 in the large group, 2 and 1 in the small.
                    contested: [12, 11],
                    // Every stone of the large group may take; b6 and c6.
                    live: [11, 11],
                    // a6 would take the black stone that took b6.
                    reserve: [1, 0],
                }
            );
        }
        // Its colours swapped (↓): Black wins it; a6 is Black's reserve.
        let swapped = "ppP1p/5/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1";
        let verdict = sums.verdict(pieces(&clobber, swapped), 0);
        assert_eq!(
            (verdict.rest, verdict.contested, verdict.reserve),
            (-1, [11, 12], [0, 1])
        );
        // With the large group's stones parted into pairs, all is valued.
        let small = "PPp1P/5/Pp1Pp/5/5/5 w - - 0 1";
        let verdict = sums.verdict(pieces(&clobber, small), 0);
        assert_eq!((verdict.wins, verdict.rest), (Some(true), 0));
    }

    #[test]
    fn shapes_are_kept_through_the_maps_that_keep_the_captures() {
        let (clobber, endings) = endings("clobber");
        let sums = endings.sums.as_ref().unwrap();
        // Clobber's stones take one step along a rank or a file: every
        // turn and mirror of the board keeps that.
        assert_eq!(sums.maps.len(), 8);
        let shape = |board: &str| sums.shape(pieces(&clobber, &format!("{board} w - - 0 1")));
        // An L of three, turned, mirrored and moved, is one shape.
        let (l, swapped) = shape("5/5/5/5/P4/Pp3");
        for other in ["5/5/5/5/4P/3pP", "Pp3/P4/5/5/5/5", "5/2pP1/3P1/5/5/5"] {
            assert_eq!(shape(other), (l, swapped), "{other}");
        }
        // Its sides swapped too, with the sides swapped.
        assert_eq!(shape("5/5/5/5/p4/pP3"), (l, !swapped));
        assert_eq!(shape("5/5/5/5/4p/3Pp"), (l, !swapped));
        // A piece that takes one step forward only, as White sees it:
        // turning the board upside down does not keep that, mirroring it
        // does.
        let (files, ranks) = (3, 3);
        let forward: Vec<Set> = (0..files * ranks)
            .map(|sq| {
                if sq + files < files * ranks {
                    1 << (sq + files)
                } else {
                    0
                }
            })
            .collect();
        let sums = Sums::new([forward.clone(), forward], files, ranks);
        assert_eq!(sums.maps, [(false, false, false), (false, true, false)]);
        // A piece that takes one step right, except from the centre.
        let mut right: Vec<Set> = (0..files * ranks)
            .map(|sq| {
                if sq % files + 1 < files {
                    1 << (sq + 1)
                } else {
                    0
                }
            })
            .collect();
        right[4] = 0;
        assert!(Sums::new([right.clone(), right], files, ranks)
            .maps
            .is_empty());
    }

    #[test]
    fn the_sum_of_the_groups_values_wins_where_the_whole_solve_does() {
        let mut draws = motley_testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
        for name in ["clobber", "clobber10"] {
            let (rules, endings) = endings(name);
            let sums = endings.sums.as_ref().unwrap();
            let (files, ranks) = (usize::from(rules.files()), usize::from(rules.ranks()));
            let mut answered = 0;
            for _ in 0..400 {
                // Up to 15 stones in a window of 5 x 5 squares (4 x 6 on
                // clobber10's board) somewhere on the board.
                let (width, height) = if files > 5 { (4, 6) } else { (5, 5) };
                let (left, low) = (
                    draws.below(files - width + 1),
                    draws.below(ranks - height + 1),
                );
                let mut pieces = [0; 2];
                for _ in 0..8 + draws.below(8) {
                    let sq = (low + draws.below(height)) * files + left + draws.below(width);
                    if (pieces[0] | pieces[1]) >> sq & 1 == 0 {
                        pieces[draws.below(2)] |= 1 << sq;
                    }
                }
                for side in [0, 1] {
                    let (mut known, mut walks) = (Known::new(), Walks::new());
                    let mut solve = Solve {
                        known: &mut known,
                        walks: &mut walks,
                        budget: u32::MAX,
                    };
                    let sides = [pieces[side], pieces[side ^ 1]];
                    let solved = endings.solve(0, sides, side, &mut solve);
                    // Within its budget, the evaluation's answer, if any.
                    if let Some(wins) = sums.wins(pieces, side) {
                        assert_eq!(Some(wins), solved, "{name}: {pieces:?}, side {side}");
                        answered += 1;
                    }
                    // Without a budget, always.
                    let mut memo = sums.memo.lock().unwrap();
                    memo.games.allow(u32::MAX);
                    let value = sums.value(&mut memo, pieces).unwrap();
                    let wins = memo.games.wins(value, side).ok();
                    assert_eq!(wins, solved, "{name}: {pieces:?}, side {side}");
                }
            }
            // The budget answers nearly every one of them.
            assert!(answered > 780, "{name}: {answered}");
        }
    }
}
