//! An evaluation that needs nothing beyond the rule file: material from
//! each type's `value` (or, where a type has none, an estimate from its
//! mobility on an empty board), pieces in hand, square tables generated
//! per type from the board geometry (a piece is worth more where it
//! reaches more squares on an empty board), and the checks given where
//! checks are counted. A piece that promotes is worth more as it nears
//! its zone (by the square of its progress, in proportion to what
//! promoting gains), three times that with no opposing piece of its type
//! ahead of it on its file or the next. While much material is on the
//! board, a royal piece gains for each piece of its own beside it.
//! A lone royal piece is driven to the edge by the side with force, whose
//! royal piece comes near it; where that royal piece may never come near
//! (a palace, as in janggi and xiangqi), its other pieces close in.
//! Where reaching a region wins, the pieces that may reach it are worth
//! more the fewer king steps they stand from it, the last steps most.
//! Each non-royal piece gains for the squares it reaches as the board
//! stands, as its movement's modes allow (an empty square where it may
//! move, an enemy piece where it may take); where a side without a move
//! loses and no piece is royal, each piece that may move gains besides
//! (in clobber every pair of stones side by side is a move for both
//! sides, so the squares reached alone score both alike). Where the square a piece
//! leaves becomes a wall (joust), each side gains for the squares its
//! pieces reach before the other's. Where pieces freeze others (joke's
//! joker), a frozen piece is worth half its value less: it cannot leave
//! a square where it is attacked.
//! Where losing pieces wins (`extinction: { result: win }`, over all
//! pieces as in antichess or over the types it names as in codrus), those
//! pieces count against their owner (where a royal piece stays and
//! captures are compulsory, as in losers, a side's pieces gain in the
//! ending for each king step nearer the other's royal piece, which must
//! take them once beside them); where being mated wins (`checkmate:
//! win`, misère), every piece does: the side wants the other's force to
//! mate it. There the rest counts half, and a side gains for each move
//! of the other's that would check its royal piece, the more the fewer
//! squares that piece may flee to (a royal piece alone against force
//! comes near the other's royal piece instead); where a royal piece in
//! check may only take the piece giving it (makpong's `held_in_check`),
//! a side loses for each check the other may give it that nothing would
//! take back; where a capture explodes the pieces around it and a side
//! loses with its last piece of a type (atomic's king), a side with one
//! left loses for each capture the other may make that would blow it up.
//! Where some types count against their
//! owner and others for it (codrus), a piece that may take an enemy piece
//! of the first kind costs its owner: the capture may be forced on it
//! (compulsory captures), and the enemy piece walks into it at random;
//! and a piece of the first kind gains its owner for each square it may
//! step to where an enemy piece may take it (a threat to give it away).
//! Where a side without a move loses and every move of the one
//! non-royal type is irreversible (each captures, or walls the square it
//! left), small endings are solved exactly (`ending.rs`; where every
//! move captures, as a sum of games, one per group of pieces that may
//! take each other, `ending/sums.rs`): a won one is worth `DECISIVE`
//! more, a lost one as much less. Where every move captures and a group
//! is too large to be valued, each side gains for its pieces that may
//! still meet the enemy's, loses for those that may take (they may be
//! taken), gains for those that would answer a capture, and gains where
//! it wins the groups that could be valued.

use motley_interpreter::piece_code as code;
use motley_interpreter::program::{Result3, WallPlace};
use motley_interpreter::{Action, Color, Move, Position, Rules};

use crate::ending::{Endings, Verdict};

/// Centipawns per unit of a rule file's `value`.
const PAWN: i32 = 100;
/// Centipawns per empty-board move, for a type without a `value`
/// (a knight's 5.25 moves on average on 8x8 makes about 3 pawns).
const PER_MOVE: i32 = 55;
/// Centipawns per empty-board move above a type's average on that square.
const PER_REACH: i32 = 4;
/// The share of a promotion's gain a piece one step from its zone is
/// worth (less, by the square of its progress, further back).
const PROMOTION_SHARE: i32 = 8;
/// Centipawns per piece of its own beside a royal piece.
const SHELTER: i32 = 10;
/// Centipawns per check given, where a count of checks wins.
const PER_CHECK: i32 = 120;
/// Centipawns per king step nearer a region whose reaching wins.
const PER_STEP: i32 = 30;
/// Centipawns, divided by its king steps from the region, that a piece
/// whose reaching a region wins gains besides [`PER_STEP`] per step: the
/// last steps weigh most (a piece one step away threatens to win).
const NEAR: i32 = 300;
/// Where capturing an enemy piece whose loss wins for its owner may be
/// forced (codrus: kings count against their owner, captures are
/// compulsory): centipawns a piece costs its owner per such piece it may
/// take as the board stands.
const GIFT: i32 = 1000;
/// Where [`GIFT`] is scored: centipawns a side gains per square a piece
/// whose loss wins for it may move to where an enemy piece may take it.
/// Such a step is a threat: the enemy may have no other capture then.
/// Codrus against the random mover with the search's extensions of
/// forcing moves (24 seeds, 100 games each): 2,397 of 2,400 won with it,
/// 2,384 without; alone, on 12 seeds, 1,191 of 1,200 at 200, 1,189 at
/// 150, 1,188 at 300 and without.
const EXPOSED: i32 = 200;
/// Steps counted for a piece that must reach a region and cannot, every
/// path to it shut by pieces it may not take: this many per file and rank
/// of the board.
const SHUT: i32 = 1;
/// Centipawns per half-step a lone royal piece stands from the centre,
/// for the side with force against it.
const PER_EDGE: i32 = 10;
/// Centipawns per king step beyond [`NEAR_STEPS`] that a non-royal piece
/// stands from a lone enemy royal piece, where the side's own royal
/// pieces may never come near it (a palace, as in janggi): the pieces
/// close in instead. Against the random mover at depth 2, 50 games from
/// a position of a drawn game of janggi (casual rules), the search's
/// horses, cannons, elephants and soldiers against a bare general: 50
/// mated at seeds 9 and 11 (at 3 centipawns, 47), 28 and 32 without.
/// Xiangqi, a horse, a cannon and two soldiers against a bare general:
/// 50 mated both ways, in 19.8 plies on average against 12.9. Where the
/// royal pieces may come near (chess), two bishops drawn in mated 0 of
/// 10 within the fifty moves, 7 without: they were lost to the lone king
/// or stalemated it.
const PER_NEAR: i32 = 5;
/// King steps from a lone royal piece within which [`PER_NEAR`] no longer
/// counts: a piece this near guards squares beside it without standing
/// where it may be taken.
const NEAR_STEPS: i32 = 2;
/// Where losing pieces wins, captures are compulsory and a royal piece
/// stays (losers), centipawns per king step between a non-royal piece and
/// the enemy's royal piece in the ending: the nearer it stands, the sooner
/// that piece must take it, and at depth 2 a side's royal piece herds the
/// other's towards its pieces. Against the random mover at depth 2, from a
/// position of a drawn game (the search's king and pawn against king and
/// three pawns, its pawn blocked), 50 games as White per seed: 40 and 31
/// won at seeds 1 and 2 without, 48 and 46 at 15 (seed 1, a scratch
/// build: 38 at 5, 42 at 30, 46 at 50). From the start, 100 games at each
/// of ten seeds (23, 29, 31, 37, 41, 43, 47, 53, 59, 61): 1,000 won;
/// without, seeds 23 and 29 drew one each.
const PER_OFFER: i32 = 15;
/// Where a side left with only royal pieces loses: what its last non-royal
/// pieces are worth beyond their value, the last one first (a side with
/// more pieces gains by trading when the other is near bare).
const LAST_PIECES: [i32; 5] = [250, 120, 60, 30, 15];
/// Centipawns per half-file nearer the centre and rank advanced (at most
/// [`CENTRE_RANKS`]) for a type that only moves forward, measured from the
/// board's average file, so that wing pushes cost and centre pushes gain.
const PER_CENTRE_FILE: i32 = 3;
/// Ranks of advance from its start over which a forward-only type gains
/// for standing near the centre files.
const CENTRE_RANKS: i32 = 2;
/// Centipawns per square a non-royal piece reaches on the board as it
/// stands (empty, or an enemy piece to take), where material counts for
/// its owner.
const MOBILITY: i32 = 3;

/// Where pieces freeze others (joke's joker): a frozen piece is worth
/// this share of its value less. It cannot leave a square where it is
/// attacked, so it is often lost (a queen that took a pawn beside the
/// enemy joker was frozen there and then attacked, and the search drew
/// by repetition to keep it).
const FROZEN_SHARE: i32 = 2;

/// Where a side without a move loses and no piece is royal: centipawns
/// per piece that has a move as the board stands.
const LIVE: i32 = 20;

/// Where the square a piece leaves becomes a wall (joust): centipawns per
/// square a side's pieces reach in fewer moves than the other's, along
/// empty squares (a side shut in a smaller region runs out of moves
/// first).
const PER_REGION: i32 = 10;
/// Where small endings are solved exactly: centipawns a won ending is
/// worth beyond the evaluation (a lost one as much less), which still
/// orders the won ones, and the lost ones for an opponent that may err.
const DECISIVE: i32 = 5_000;

/// Where being mated wins (misère): centipawns per move of the enemy's
/// that would attack a side's royal piece, divided by one plus the squares
/// it could flee to ([`Evaluation::net`]). A side wins by the other's
/// mate, so its gain is the other's checks that may mate it: an opponent
/// that errs (a random mover) plays them. Misère against the random mover
/// at depth 2, 100 games per seed, won of 400 over seeds 7, 11, 3 and 42,
/// the rest of the evaluation at half ([`MATED_SHARE`]): 315 at 300, 313 at
/// 200, 281 at 500 (268 without the term and the share). A third of 300
/// per check, and 300 more per check where the royal piece has no flight
/// square, won 266. At full share: 303 at 300, 255 at 1,000, and 277 at
/// 300 with a cost of 100 per flight square besides.
const NET: i32 = 300;
/// Where being mated wins: centipawns per half-step a side's lone royal
/// piece stands from the board's centre. On the edge it has fewer
/// squares to flee to, so more of the other side's checks mate it (its
/// square table keeps it hidden in the end-game too, where elsewhere it
/// centralises). Misère against the random mover at depth 2, 100 games
/// per seed: drew 4, 0, 1 and 5 at seeds 301 to 304 (without the term
/// and the table's change: 3, 7, 5 and 3), the rest won; losers still
/// won 100 of 100 at seed 7. At 5 centipawns (the table's change alone
/// barely changes a game), 8 draws in the first 180 games at seeds 301
/// and 302.
const ROYAL_EDGE: i32 = 10;
/// Where being mated wins: the rest of the evaluation (material, square
/// tables, shelter) counts at one over this. With [`NET`] at 300, won of
/// 400 (as there): 315 at a half, 302 at 65%, 295 at a quarter, 227 at
/// none, 303 at all of it. Seeds 1 and 2 (not used to choose): 150 of 200
/// won, 116 before.
const MATED_SHARE: i32 = 2;
/// Where being mated wins: centipawns a side's royal piece standing alone
/// loses per king step from the other side's royal piece, where that side
/// has force (in place of [`NET`]'s checks). An erring opponent mates a
/// lone king mostly with its own king's help (a queen or a rook guarded
/// beside it, the flight squares covered), and its checks from afar are
/// rarely mates. From 44 positions of a lone king to move against a
/// king and force (8 where the search was first left so in games of
/// misère against the random mover at seeds 301 to 304 and 401, 7 of
/// them drawn; 36 placed at random, 3 each of 12 sets from a queen to a
/// rook and two pawns), 3 games each against the random mover at depth
/// 2, the lone king was mated in 17 of 132 before; with [`NET`] kept,
/// 28 at 20 and 31 at 50; without it, 33 at 50 (35 stalemates, 58 by
/// the fifty-move rule), and 33 with 40 less per flight square besides.
/// At 6 games each (another seed): 59 of 264 at 50, 55 at 100, 65 with
/// [`ROYAL_EDGE`] doubled, 59 with 60 more where the other royal piece
/// stands nearer the centre. Whole games, 100 each: won 99 and 96 at
/// seeds 401 and 304 (97 and 95 before); 4 of the 5 draws ended with
/// the search's king alone, the fifth with a blocked pawn beside it.
const MATED_NEAR: i32 = 50;

/// Centipawns a side loses per move of the enemy's that would end the
/// game at once, unless it is answered first: where a royal piece in
/// check may only take the piece giving it (makpong's `held_in_check`),
/// a check on a square none of the side's other pieces guards (and,
/// beside the royal piece, one another enemy piece guards), which mates
/// unless it is blocked ([`Evaluation::score_dangers`]); where captures
/// explode (atomic), a capture that blows up the side's last king
/// ([`Evaluation::score_blasts`]). Two such moves are mostly a loss.
const DANGER: i32 = 150;

/// Where every move captures and a group is too large to be valued
/// exactly (see [`Evaluation::unsolved`]): centipawns per piece in a
/// group that holds both sides' pieces (one cut off from the enemy's
/// never moves again).
const CONTESTED: i32 = 20;
/// There, centipawns per piece that may take as the board stands, besides
/// [`LIVE`]: such a piece may be taken as well, and weighed so, the
/// evaluation picked the winning move more often (below).
const ENGAGED: i32 = -30;
/// There, centipawns per piece that may not take but would answer the
/// capture of a piece of its own that may (the enemy piece would stand
/// where it may take it).
///
/// Clobber's positions of 12 to 23 stones after random moves, where the
/// side to move has both winning and losing moves (solved exactly):
/// picked one move deep by the evaluation, the exact valuation left out
/// and these terms counted everywhere, a winning move was chosen in
/// 477 of 1,054 positions and 793 of 1,839 (at least 12 and 16 stones)
/// without these terms, 754 and 1,008 with them.
const RESERVE: i32 = 20;
/// There, centipawns for the side that wins the sum of the groups that
/// could be valued whoever starts it.
const REST: i32 = 40;

/// Walls placed on the square the mover left.
const VACATED: WallPlace = WallPlace::Vacated;

/// A variant's evaluation tables.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Per type: material value in centipawns (0 for royal pieces).
    values: Vec<i32>,
    /// Per piece code: a bonus per square.
    squares: Vec<Vec<i32>>,
    /// Per piece code: a bonus per square for nearing a `reach` region
    /// (empty where the rule file has none).
    goals: Vec<Vec<i32>>,
    /// Per type: whether it must reach a region and never captures, so
    /// that only empty squares let it pass: its steps to the region are
    /// counted along its moves on the board as it stands.
    walled: Vec<bool>,
    /// Files and ranks of the board, together.
    extent: i32,
    /// Per piece code: how near promoting it stands, per square.
    advance: Vec<Advance>,
    /// Per square: the squares one king step away.
    around: Vec<Vec<u8>>,
    /// Bonus for the end-game: royal pieces seek the centre when the
    /// material on the board is below this.
    endgame: i32,
    /// Per type: the sign of its material in the evaluation, -1 where
    /// losing it brings the win nearer.
    signs: Vec<i32>,
    /// The least value of a non-royal type.
    least: i32,
    /// Whether a side left with only royal pieces loses, material counting
    /// for its owner: the last pieces are worth [`LAST_PIECES`] more.
    bare: bool,
    /// Per side, per square: whether the side's royal pieces may never
    /// stand within [`NEAR_STEPS`] of a royal piece there (see
    /// [`kept_apart`]): its pieces gain [`PER_NEAR`] for closing in on a
    /// lone one.
    apart: [Vec<bool>; 2],
    /// Per piece code and square: the piece's moves and captures as
    /// rays, each nearest first (see [`rays`]); empty where neither
    /// mobility, [`Evaluation::gifts`] nor [`Evaluation::net`] is scored.
    rays: Vec<Vec<Vec<Ray>>>,
    /// Centipawns per square reached: [`MOBILITY`] where material counts
    /// for its owner, else 0 (and 0 in some tests).
    per_move: i32,
    /// Whether the square a piece leaves becomes a wall (joust): each side
    /// gains [`PER_REGION`] per square its pieces reach first.
    walled_behind: bool,
    /// Where a side without a move loses and no piece is royal (clobber,
    /// joust, snailtrail): centipawns per piece that has a move as the
    /// board stands ([`LIVE`]), else 0. In clobber every pair of stones
    /// side by side is a move for both sides, so the squares reached
    /// score both alike; the stones that may still move do not.
    live: i32,
    /// Whether some types count against their owner and others for it
    /// (codrus): a piece that may take an enemy piece whose loss wins
    /// costs its owner [`GIFT`], a square where such a piece may step into
    /// an enemy's capture gains its owner [`EXPOSED`].
    gifts: bool,
    /// Whether the root's moves may be proven exactly
    /// ([`Evaluation::provable`]).
    provable: bool,
    /// Whether being mated wins (misère): royal pieces hide in every
    /// phase, the rest of the evaluation counts at one over
    /// [`MATED_SHARE`], and each side gains [`NET`] for the other's moves
    /// that would attack its royal piece and [`ROYAL_EDGE`] per half-step
    /// that piece stands from the centre.
    mated: bool,
    /// Whether a royal piece in check may only take the piece giving it:
    /// each side loses [`DANGER`] per check the other may give it that
    /// nothing takes back ([`Evaluation::score_dangers`]).
    held: bool,
    /// The royal types (a bit set).
    royal_types: u32,
    /// Where a capture explodes the pieces around it and a side loses
    /// with its last piece of some type (atomic): see [`Blasts`].
    blasts: Option<Blasts>,
    /// Where small endings are solved exactly (clobber, joust): a won or
    /// lost one is worth [`DECISIVE`] more or less.
    endings: Option<Endings>,
    /// Whether every piece counts against its owner, losing them wins,
    /// captures are compulsory and some type is royal (losers): in the
    /// ending each side loses [`PER_OFFER`] per king step between its
    /// non-royal pieces and the other's royal piece
    /// ([`Evaluation::score_offers`]).
    offers: bool,
}

impl Evaluation {
    /// Builds the tables of `rules`.
    pub fn new(rules: &Rules) -> Evaluation {
        let types = rules.piece_types();
        let squares = rules.squares();
        let reach: Vec<Vec<i32>> = (0..types).map(|ty| reach(rules, ty)).collect();
        let values: Vec<i32> = (0..types)
            .map(|ty| {
                let piece = &rules.variant().pieces[ty];
                if piece.royal {
                    0
                } else if piece.value > 0 {
                    piece.value as i32 * PAWN
                } else {
                    let total: i32 = reach[ty].iter().sum();
                    (total * PER_MOVE / squares.max(1) as i32).max(PAWN / 2)
                }
            })
            .collect();
        let values = endangered(rules, values);
        let mut tables = vec![vec![0; squares]; 1 + 2 * types];
        let centre: Vec<Vec<i32>> = (0..types).map(|ty| forward_centre(rules, ty)).collect();
        for ty in 0..types {
            let average = reach[ty].iter().sum::<i32>() / squares.max(1) as i32;
            for color in Color::ALL {
                let table = &mut tables[code(ty, color) as usize];
                for (sq, entry) in table.iter_mut().enumerate() {
                    // Black's table is White's, seen from the other side.
                    let seen = if color == Color::White {
                        sq
                    } else {
                        mirror(rules, sq)
                    };
                    let mut bonus = (reach[ty][seen] - average) * PER_REACH
                        + centre[ty].get(seen).copied().unwrap_or(0);
                    if rules.variant().pieces[ty].royal {
                        // Away from the centre while the board is full.
                        bonus = -bonus;
                    }
                    *entry = bonus;
                }
            }
        }
        let start: i32 = (0..squares)
            .map(|sq| rules.start().piece_at(sq as u8))
            .filter(|&c| c != 0)
            .map(|c| values[(c as usize - 1) / 2])
            .sum();
        let least = (0..types)
            .filter(|&ty| !rules.variant().pieces[ty].royal)
            .map(|ty| values[ty])
            .min()
            .unwrap_or(0);
        let around = neighbours(rules);
        let signs: Vec<i32> = (0..types).map(|ty| sign(rules, ty)).collect();
        let scored = signs.iter().all(|&s| s > 0);
        let mixed = !scored && signs.iter().any(|&s| s > 0);
        let mated = rules.variant().outcomes.checkmate == Result3::Win;
        let royal_types = (rules.variant().pieces.iter().enumerate())
            .filter(|(_, p)| p.royal)
            .fold(0, |set, (ty, _)| set | 1 << ty);
        let held = royal_types & rules.variant().held_in_check != 0;
        let blasts = Blasts::new(rules);
        let rays = if scored || mixed || mated || held || blasts.is_some() {
            rays(rules)
        } else {
            Vec::new()
        };
        let endings = Endings::new(rules, &rays);
        Evaluation {
            offers: royal_types != 0 && offers(rules, &signs),
            provable: endings.is_none() && provable(rules, &rays),
            endings,
            walled_behind: scored
                && (rules.variant().walls.as_ref()).is_some_and(|w| w.place == Some(VACATED)),
            rays,
            gifts: mixed,
            mated,
            held,
            royal_types,
            blasts,
            live: if scored
                && rules.variant().outcomes.stalemate == Result3::Loss
                && !rules.variant().pieces.iter().any(|p| p.royal)
            {
                LIVE
            } else {
                0
            },
            per_move: if scored { MOBILITY } else { 0 },
            bare: rules.variant().outcomes.bare_royal && signs.iter().all(|&s| s > 0),
            apart: Color::ALL.map(|color| kept_apart(rules, color)),
            advance: advances(rules, &values),
            around,
            values,
            squares: tables,
            goals: goals(rules),
            walled: (0..types).map(|ty| walled(rules, ty)).collect(),
            extent: rules.files() as i32 + rules.ranks() as i32,
            endgame: start / 3,
            signs,
            least,
        }
    }

    /// The material value of piece `code` in centipawns.
    pub fn value(&self, code: u8) -> i32 {
        self.values
            .get((code as usize).wrapping_sub(1) / 2)
            .copied()
            .unwrap_or(0)
    }

    /// The bonus of piece `piece` at `sq` for nearing its promotion zone,
    /// tripled where no opposing piece of its type stands ahead of it on
    /// its file or the next.
    fn advance(&self, pos: &Position, files: usize, piece: u8, sq: usize) -> i32 {
        let Some(advance) = self.advance.get(piece as usize) else {
            return 0;
        };
        let bonus = advance.bonus.get(sq).copied().unwrap_or(0);
        if bonus == 0 {
            return 0;
        }
        let colour = (piece as usize - 1) % 2;
        let rival = code((piece as usize - 1) / 2, Color::ALL[colour ^ 1]);
        let file = |at: usize| (at % files) as i32;
        let blocked = pos.occupied(Color::ALL[colour ^ 1]).iter().any(|at| {
            pos.piece_at(at) == rival
                && (file(at as usize) - file(sq)).abs() <= 1
                && advance.steps[at as usize] < advance.steps[sq]
        });
        if blocked {
            bonus
        } else {
            3 * bonus
        }
    }

    /// How many squares piece `piece` at `sq` reaches along its rays as it
    /// may: an empty square where it may move there ([`MOVE`]), the first
    /// occupied one where an enemy piece stands and it may take there
    /// ([`TAKE`]).
    fn squares_reached(&self, rules: &Rules, pos: &Position, piece: u8, sq: usize) -> i32 {
        let mut count = 0;
        self.reached(rules, pos, piece, sq, |_| count += 1);
        count
    }

    /// The mobility bonus of piece `piece` at `sq`: [`MOBILITY`] per
    /// square it reaches ([`Evaluation::squares_reached`]).
    #[cfg(test)]
    fn mobility(&self, rules: &Rules, pos: &Position, piece: u8, sq: usize) -> i32 {
        self.squares_reached(rules, pos, piece, sq) * self.per_move
    }

    /// The mobility bonus of piece `piece` at `sq` ([`Evaluation::mobility`]),
    /// and [`Evaluation::live`] where it reaches any square.
    fn activity(&self, rules: &Rules, pos: &Position, piece: u8, sq: usize) -> i32 {
        let count = self.squares_reached(rules, pos, piece, sq);
        count * self.per_move + if count > 0 { self.live } else { 0 }
    }

    /// Calls `visit` for each square piece `piece` at `sq` reaches along
    /// its rays as the board stands: `None` for an empty square where it
    /// may move, the type of the enemy piece for the first occupied square
    /// of a ray where it may take that piece.
    fn reached(
        &self,
        rules: &Rules,
        pos: &Position,
        piece: u8,
        sq: usize,
        mut visit: impl FnMut(Option<usize>),
    ) {
        let Some(rays) = self.rays.get(piece as usize).and_then(|r| r.get(sq)) else {
            return;
        };
        let colour = (piece as usize - 1) % 2;
        let types = rules.piece_types();
        for ray in rays {
            for &(to, mode) in ray {
                let code = pos.piece_at(to) as usize;
                if code == 0 {
                    if mode & MOVE != 0 {
                        visit(None);
                    }
                    continue;
                }
                // A wall's code names no type: it blocks like one's own.
                if mode & TAKE != 0 && (code - 1) % 2 != colour && (code - 1) / 2 < types {
                    visit(Some((code - 1) / 2));
                }
                break;
            }
        }
    }

    /// The bonus of piece `piece` at `sq` for nearing its `reach` region:
    /// its goal table's, or for a type that cannot take what stands in its
    /// way ([`Evaluation::walled`]), [`PER_STEP`] per move it needs along
    /// empty squares, [`SHUT`] steps per file and rank where none leads
    /// there.
    fn goal(&self, pos: &Position, piece: u8, sq: usize) -> i32 {
        let Some(goal) = self.goals.get(piece as usize) else {
            return 0;
        };
        let walled = self.walled[(piece as usize - 1) / 2];
        let Some(rays) = self
            .rays
            .get(piece as usize)
            .filter(|r| walled && !r.is_empty())
        else {
            return goal[sq];
        };
        let mut steps = vec![-1i32; goal.len()];
        let mut queue = std::collections::VecDeque::from([sq]);
        steps[sq] = 0;
        while let Some(at) = queue.pop_front() {
            if goal[at] == 0 {
                return -steps[at] * PER_STEP;
            }
            for ray in &rays[at] {
                let open = ray.iter().take_while(|&&(to, _)| pos.piece_at(to) == 0);
                for (to, _) in open.filter(|&&(_, mode)| mode & MOVE != 0) {
                    if steps[*to as usize] < 0 {
                        steps[*to as usize] = steps[at] + 1;
                        queue.push_back(*to as usize);
                    }
                }
            }
        }
        -SHUT * self.extent * PER_STEP
    }

    /// The number of enemy pieces whose loss wins for their owner (their
    /// type's sign negative) that piece `piece` at `sq` may take as the
    /// board stands.
    fn gifts(&self, rules: &Rules, pos: &Position, piece: u8, sq: usize) -> i32 {
        let mut count = 0;
        self.reached(rules, pos, piece, sq, |taken| {
            count += i32::from(taken.is_some_and(|ty| self.signs[ty] < 0));
        });
        count
    }

    /// Per side: the squares its pieces whose loss wins for it (their
    /// type's sign negative) may move to as the board stands where an
    /// enemy piece may take them ([`Evaluation::attacked`]).
    fn exposed(&self, pos: &Position) -> [i32; 2] {
        let attacked = Color::ALL.map(|color| self.attacked(pos, color));
        let mut exposed = [0; 2];
        for color in Color::ALL {
            let colour = color.index();
            for sq in pos.occupied(color).iter() {
                let piece = pos.piece_at(sq) as usize;
                let given = self.signs.get((piece - 1) / 2).is_some_and(|&s| s < 0);
                let Some(rays) = (self.rays.get(piece))
                    .and_then(|r| r.get(sq as usize))
                    .filter(|_| given)
                else {
                    continue;
                };
                for ray in rays {
                    let open = ray.iter().take_while(|&&(to, _)| pos.piece_at(to) == 0);
                    exposed[colour] += open
                        .filter(|&&(to, mode)| {
                            mode & MOVE != 0 && attacked[colour ^ 1][to as usize]
                        })
                        .count() as i32;
                }
            }
        }
        exposed
    }

    /// Where being mated wins: `score`, each side's evaluation so far,
    /// at one over [`MATED_SHARE`], and, for a side with one royal piece
    /// (on its square in `royals`), [`ROYAL_EDGE`] per half-step it
    /// stands from the centre, and [`NET`] per check the other side may
    /// give it, over one plus its flight squares ([`Evaluation::net`]);
    /// where that royal piece stands alone (`force`, each side's material
    /// besides royal pieces, is 0) against the other side's one royal
    /// piece and force, no checks but [`MATED_NEAR`] less per king step
    /// between the two royal pieces.
    fn score_nets(
        &self,
        rules: &Rules,
        pos: &Position,
        royals: &[Vec<usize>; 2],
        force: [i32; 2],
        score: &mut [i32; 2],
    ) {
        let attacked = Color::ALL.map(|color| self.attacked(pos, color));
        for color in Color::ALL {
            let colour = color.index();
            score[colour] /= MATED_SHARE;
            let [royal] = royals[colour][..] else {
                continue;
            };
            score[colour] += ROYAL_EDGE * off_centre(rules, royal);
            match (&royals[colour ^ 1][..], force[colour], force[colour ^ 1]) {
                // A lone royal piece against force: it comes near the other's.
                ([theirs], 0, 1..) => score[colour] -= MATED_NEAR * steps(rules, royal, *theirs),
                _ => {
                    let (checks, flights) =
                        self.net(rules, pos, color, royal, &attacked[colour ^ 1], None);
                    score[colour] += NET * checks / (1 + flights);
                }
            }
        }
    }

    /// Where a royal piece in check may only take the piece giving it:
    /// each side with one royal piece of a type so held loses [`DANGER`]
    /// per check the other may give it that nothing takes back
    /// ([`Evaluation::net`] with its guards). Nothing elsewhere.
    fn score_dangers(
        &self,
        rules: &Rules,
        pos: &Position,
        royals: &[Vec<usize>; 2],
        score: &mut [i32; 2],
    ) {
        if !self.held {
            return;
        }
        for color in Color::ALL {
            let colour = color.index();
            let [royal] = royals[colour][..] else {
                continue;
            };
            if !in_set(rules.variant().held_in_check, pos.piece_at(royal as u8)) {
                continue;
            }
            let enemy = self.takers(rules, pos, Color::ALL[colour ^ 1], 0);
            let enemy_attacks: Vec<bool> = enemy.iter().map(|&n| n > 0).collect();
            let guards = Guards {
                ours: &self.takers(rules, pos, color, self.royal_types),
                enemy: &enemy,
            };
            let (checks, _) = self.net(rules, pos, color, royal, &enemy_attacks, Some(guards));
            score[colour] -= DANGER * checks;
        }
    }

    /// Where a capture explodes the pieces around it and a side loses
    /// with its last piece of some type (atomic): a side with one such
    /// piece left loses [`DANGER`] for each square where the enemy may
    /// take (not with a piece of that type) and so blow it up, without
    /// blowing up its own. Nothing elsewhere.
    fn score_blasts(&self, rules: &Rules, pos: &Position, score: &mut [i32; 2]) {
        let Some(blasts) = &self.blasts else {
            return;
        };
        let vital = blasts.vital;
        // Per side: the square of its one piece of a vital type, if so.
        let last = Color::ALL.map(|color| {
            let mut vitals =
                (pos.occupied(color).iter()).filter(|&sq| in_set(vital, pos.piece_at(sq)));
            match (vitals.next(), vitals.next()) {
                (Some(sq), None) => Some(sq),
                _ => None,
            }
        });
        for color in Color::ALL {
            let colour = color.index();
            let Some(target) = last[colour] else {
                continue;
            };
            let enemy = colour ^ 1;
            let takers = self.takers(rules, pos, Color::ALL[enemy], vital);
            let threats = (pos.occupied(color).iter())
                .filter(|&sq| takers[sq as usize] > 0)
                .filter(|&sq| {
                    let hits = |vital: u8| blasts.hits(pos, sq, enemy, vital);
                    hits(target) && last[enemy].is_none_or(|own| !hits(own))
                })
                .count() as i32;
            score[colour] -= DANGER * threats;
        }
    }

    /// For `color`'s royal piece on `royal`: how many moves of the
    /// enemy's non-royal pieces, as the board stands, end on a square
    /// from which the piece that moved attacks it (an empty square, or
    /// one of `color`'s non-royal pieces taken), and how many squares
    /// one king step away it could flee to (not `color`'s own, not in
    /// `enemy_attacks`). A piece attacks `royal` from the squares a piece
    /// of its type and of `color` takes on from `royal`. With `guards`, a
    /// check is counted only where the piece giving it could not be
    /// taken: not on a square `color`'s non-royal pieces may take on, nor
    /// beside `royal` on one no other enemy piece may take on.
    fn net(
        &self,
        rules: &Rules,
        pos: &Position,
        color: Color,
        royal: usize,
        enemy_attacks: &[bool],
        guards: Option<Guards>,
    ) -> (i32, i32) {
        let colour = color.index();
        let types = rules.piece_types();
        let ours = |code: usize| code != 0 && (code - 1) % 2 == colour;
        // Per enemy type, a board's worth: the squares from which it
        // attacks `royal`.
        let board = self.around.len();
        let mut checking = vec![false; types * board];
        for (ty, squares) in checking.chunks_mut(board).enumerate() {
            let Some(rays) = (self.rays.get(code(ty, color) as usize)).and_then(|r| r.get(royal))
            else {
                continue;
            };
            mark_takes(pos, rays, squares);
        }
        let mut checks = 0;
        for sq in pos.occupied(Color::ALL[colour ^ 1]).iter() {
            let piece = pos.piece_at(sq) as usize;
            let Some(rays) = self.rays.get(piece).and_then(|r| r.get(sq as usize)) else {
                continue;
            };
            let ty = (piece - 1) / 2;
            let checking = &checking[ty * board..(ty + 1) * board];
            for ray in rays {
                for &(to, mode) in ray {
                    let there = pos.piece_at(to) as usize;
                    let lands = if there == 0 {
                        mode & MOVE != 0
                    } else {
                        // A wall's code names no type: it blocks like one's own.
                        mode & TAKE != 0
                            && ours(there)
                            && (rules.variant().pieces.get((there - 1) / 2))
                                .is_some_and(|p| !p.royal)
                    };
                    let taken = guards.as_ref().is_some_and(|g| {
                        // The piece that moves may take on `to` itself.
                        let others =
                            g.enemy[to as usize].saturating_sub(u8::from(mode & TAKE != 0));
                        g.ours[to as usize] > 0 || (self.around[royal].contains(&to) && others == 0)
                    });
                    checks += i32::from(lands && checking[to as usize] && !taken);
                    if there != 0 {
                        break;
                    }
                }
            }
        }
        let flights = (self.around[royal].iter())
            .filter(|&&near| !ours(pos.piece_at(near) as usize) && !enemy_attacks[near as usize])
            .count() as i32;
        (checks, flights)
    }

    /// Per square: how many pieces of `color`, those of the types in
    /// `left_out` (a bit set) left out, may take an enemy piece standing
    /// there, along their rays as the board stands.
    fn takers(&self, rules: &Rules, pos: &Position, color: Color, left_out: u32) -> Vec<u8> {
        let mut takers = vec![0u8; self.around.len()];
        for sq in pos.occupied(color).iter() {
            let piece = pos.piece_at(sq) as usize;
            let ty = (piece - 1) / 2;
            // A wall's code names no type.
            if ty >= rules.piece_types() || in_set(left_out, piece as u8) {
                continue;
            }
            let Some(rays) = self.rays.get(piece).and_then(|r| r.get(sq as usize)) else {
                continue;
            };
            each_take(pos, rays, |to| takers[to] = takers[to].saturating_add(1));
        }
        takers
    }

    /// Per square: whether a piece of `color` may take an enemy piece
    /// standing there, along its rays as the board stands.
    fn attacked(&self, pos: &Position, color: Color) -> Vec<bool> {
        let mut attacked = vec![false; self.around.len()];
        for sq in pos.occupied(color).iter() {
            let piece = pos.piece_at(sq) as usize;
            let Some(rays) = self.rays.get(piece).and_then(|r| r.get(sq as usize)) else {
                continue;
            };
            mark_takes(pos, rays, &mut attacked);
        }
        attacked
    }

    /// Whether the root's moves may be proven exactly (see the search's
    /// proofs): no piece may take, none is royal, a side without a move
    /// loses, nothing is held in hand, and the ending solver does not
    /// apply (its solves stand for the proofs there, at a fraction of
    /// the work).
    pub fn provable(&self) -> bool {
        self.provable
    }

    /// Whether material counts for its owner (not where losing pieces or
    /// being mated wins).
    pub fn material_counts(&self) -> bool {
        self.signs.iter().all(|&s| s > 0)
    }

    /// Whether `color` has, on the board or in hand, a piece worth more than
    /// the least valuable non-royal type: a side with only royal pieces and
    /// the least valuable ones risks zugzwang.
    pub fn beyond_least(&self, rules: &Rules, pos: &Position, color: Color) -> bool {
        let beyond = |ty: usize| self.values[ty] > self.least;
        pos.occupied(color)
            .iter()
            .any(|sq| beyond((pos.piece_at(sq) as usize - 1) / 2))
            || (rules.tracks_hands()
                && (0..rules.piece_types())
                    .any(|ty| beyond(ty) && rules.held(pos, color.index(), ty) > 0))
    }

    /// The evaluation of `pos` in centipawns, from the side to move's view.
    pub fn evaluate(&self, rules: &Rules, pos: &Position) -> i32 {
        let mut score = [0i32; 2];
        let mut material = 0;
        let mut royal = [0i32; 2];
        let mut shelter = [0i32; 2];
        let files = rules.files() as usize;
        // Per side: its material besides royal pieces, and its royal
        // pieces' squares.
        let mut force = [0i32; 2];
        let mut pieces = [0usize; 2];
        let mut royals: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let frozen = pos.frozen();
        for color in Color::ALL {
            let colour = color.index();
            for sq in pos.occupied(color).iter() {
                let piece = pos.piece_at(sq);
                let ty = (piece as usize - 1) / 2;
                let bonus = self.squares[piece as usize][sq as usize];
                score[colour] += self.goal(pos, piece, sq as usize);
                score[colour] += self.advance(pos, files, piece, sq as usize);
                if rules.variant().pieces[ty].royal {
                    royal[colour] += bonus;
                    shelter[colour] += self.around[sq as usize]
                        .iter()
                        .filter(|&&near| {
                            // A wall's code names no type: only pieces shelter.
                            let code = pos.piece_at(near) as usize;
                            code != 0
                                && (code - 1) % 2 == colour
                                && (rules.variant().pieces.get((code - 1) / 2))
                                    .is_some_and(|p| !p.royal)
                        })
                        .count() as i32
                        * SHELTER;
                    royals[colour].push(sq as usize);
                } else {
                    if self.gifts {
                        score[colour] -= GIFT * self.gifts(rules, pos, piece, sq as usize);
                    }
                    score[colour] += self.signs[ty] * self.values[ty]
                        + bonus
                        + self.activity(rules, pos, piece, sq as usize);
                    if frozen.has(sq) {
                        score[colour] -= self.signs[ty] * self.values[ty] / FROZEN_SHARE;
                    }
                    material += self.values[ty];
                    force[colour] += self.values[ty];
                    pieces[colour] += 1;
                }
            }
            if rules.tracks_hands() {
                for ty in 0..rules.piece_types() {
                    score[colour] +=
                        self.signs[ty] * rules.held(pos, colour, ty) as i32 * self.values[ty];
                }
            }
            if rules.count_checks() {
                score[colour] += pos.checks_given(color) as i32 * PER_CHECK;
            }
        }
        // Royal pieces hide while there is much material, centralise after
        // (where being mated wins, they always hide: a shut-in royal piece
        // is mated more easily).
        for colour in 0..2 {
            score[colour] += if material > self.endgame || self.mated {
                royal[colour] + shelter[colour]
            } else {
                -royal[colour]
            };
        }
        self.score_lone_royals(rules, pos, &royals, force, &mut score);
        if self.mated {
            self.score_nets(rules, pos, &royals, force, &mut score);
        }
        if self.offers && material <= self.endgame {
            self.score_offers(rules, pos, &royals, &mut score);
        }
        self.score_dangers(rules, pos, &royals, &mut score);
        self.score_blasts(rules, pos, &mut score);
        if self.gifts {
            let exposed = self.exposed(pos);
            for colour in 0..2 {
                score[colour] += EXPOSED * exposed[colour];
            }
        }
        if self.bare {
            for colour in 0..2 {
                score[colour] += LAST_PIECES.iter().take(pieces[colour]).sum::<i32>();
            }
        }
        if self.walled_behind {
            let [white, black] = Color::ALL.map(|c| self.distances(pos, c));
            for (w, b) in white.iter().zip(&black) {
                match w.cmp(b) {
                    std::cmp::Ordering::Less => score[0] += PER_REGION,
                    std::cmp::Ordering::Greater => score[1] += PER_REGION,
                    std::cmp::Ordering::Equal => {}
                }
            }
        }
        let us = pos.side_to_move().index();
        score[us] - score[us ^ 1] + self.solved(rules, pos)
    }

    /// A lone royal piece against force: driven to the edge, the other
    /// side's royal piece brought near (a mate, or a count of moves, is
    /// won so), or where that one may never come near, its other pieces
    /// ([`Evaluation::closing_in`]). `force` is each side's material
    /// besides royal pieces.
    fn score_lone_royals(
        &self,
        rules: &Rules,
        pos: &Position,
        royals: &[Vec<usize>; 2],
        force: [i32; 2],
        score: &mut [i32; 2],
    ) {
        for strong in 0..2 {
            let weak = strong ^ 1;
            if let ([ours], [theirs], 0) = (&royals[strong][..], &royals[weak][..], force[weak]) {
                if force[strong] > 0 && self.signs.iter().all(|&s| s == 1) {
                    score[strong] += PER_EDGE * off_centre(rules, *theirs)
                        - PER_EDGE / 2 * steps(rules, *ours, *theirs);
                    if self.apart[strong][*theirs] {
                        score[strong] -= self.closing_in(rules, pos, strong, *theirs);
                    }
                }
            }
        }
    }

    /// Where pieces count against their owner and a royal piece must take
    /// what it may (losers): each side loses [`PER_OFFER`] per king step
    /// between each of its non-royal pieces and the other's one royal
    /// piece.
    fn score_offers(
        &self,
        rules: &Rules,
        pos: &Position,
        royals: &[Vec<usize>; 2],
        score: &mut [i32; 2],
    ) {
        for colour in 0..2 {
            if let [theirs] = royals[colour ^ 1][..] {
                score[colour] -= (pos.occupied(Color::ALL[colour]).iter())
                    .filter(|&sq| !in_set(self.royal_types, pos.piece_at(sq)))
                    .map(|sq| PER_OFFER * steps(rules, sq as usize, theirs))
                    .sum::<i32>();
            }
        }
    }

    /// [`PER_NEAR`] per king step beyond [`NEAR_STEPS`] between each
    /// non-royal piece of side `colour` and the square `royal`.
    fn closing_in(&self, rules: &Rules, pos: &Position, colour: usize, royal: usize) -> i32 {
        (pos.occupied(Color::ALL[colour]).iter())
            .filter(|&sq| !in_set(self.royal_types, pos.piece_at(sq)))
            .map(|sq| PER_NEAR * (steps(rules, sq as usize, royal) - NEAR_STEPS).max(0))
            .sum()
    }

    /// Whether the side to move wins with best play, where its ending is
    /// solved exactly (clobber, joust, snailtrail); `None` elsewhere.
    pub fn solved_wins(&self, rules: &Rules, pos: &Position) -> Option<bool> {
        (self.endings.as_ref()).and_then(|e| e.verdict(rules, pos).wins)
    }

    /// For the side to move, where its ending is solved exactly:
    /// [`DECISIVE`] if it wins, as much less if it loses; else, where
    /// every move captures, [`Evaluation::unsolved`].
    fn solved(&self, rules: &Rules, pos: &Position) -> i32 {
        let Some(verdict) = (self.endings.as_ref()).map(|e| e.verdict(rules, pos)) else {
            return 0;
        };
        match verdict.wins {
            Some(true) => DECISIVE,
            Some(false) => -DECISIVE,
            None if pos.side_to_move() == Color::White => Self::unsolved(&verdict),
            None => -Self::unsolved(&verdict),
        }
    }

    /// White's gain where every move captures and a group was too large
    /// to be valued: per side, [`CONTESTED`] per piece in a group with
    /// enemy pieces, [`ENGAGED`] per piece that may take, [`RESERVE`] per
    /// piece that would answer a capture; [`REST`] for the side that wins
    /// the groups that could be valued.
    fn unsolved(verdict: &Verdict) -> i32 {
        let ahead = |counts: [i32; 2]| counts[0] - counts[1];
        CONTESTED * ahead(verdict.contested)
            + ENGAGED * ahead(verdict.live)
            + RESERVE * ahead(verdict.reserve)
            + REST * verdict.rest
    }

    /// Per square: the moves `color`'s pieces need to reach it along empty
    /// squares, each move ending where the piece may move (`i32::MAX`
    /// where none does).
    fn distances(&self, pos: &Position, color: Color) -> Vec<i32> {
        let squares = self.around.len();
        let mut steps = vec![i32::MAX; squares];
        let mut queue = std::collections::VecDeque::new();
        for sq in pos.occupied(color).iter() {
            steps[sq as usize] = 0;
            queue.push_back((sq as usize, pos.piece_at(sq)));
        }
        while let Some((at, piece)) = queue.pop_front() {
            let Some(rays) = self.rays.get(piece as usize).and_then(|r| r.get(at)) else {
                continue;
            };
            for ray in rays {
                let open = ray.iter().take_while(|&&(to, _)| pos.piece_at(to) == 0);
                for (to, _) in open.filter(|&&(_, mode)| mode & MOVE != 0) {
                    if steps[*to as usize] == i32::MAX {
                        steps[*to as usize] = steps[at] + 1;
                        queue.push_back((*to as usize, piece));
                    }
                }
            }
        }
        steps
    }
}

/// Per square, who may take on it (see [`Evaluation::net`]): the pieces
/// of the side whose royal piece is checked, royal ones left out, and the
/// enemy's, royal ones counted.
struct Guards<'a> {
    ours: &'a [u8],
    enemy: &'a [u8],
}

/// Marks in `marks` the squares where a piece with `rays` may take, along
/// each ray up to its first occupied square, that one included.
fn mark_takes(pos: &Position, rays: &[Ray], marks: &mut [bool]) {
    each_take(pos, rays, |to| marks[to] = true);
}

/// Calls `take` with each square where a piece with `rays` may take,
/// along each ray up to its first occupied square, that one included.
fn each_take(pos: &Position, rays: &[Ray], mut take: impl FnMut(usize)) {
    for ray in rays {
        for &(to, mode) in ray {
            if mode & TAKE != 0 {
                take(to as usize);
            }
            if pos.piece_at(to) != 0 {
                break;
            }
        }
    }
}

/// Per square, White's view: for a type whose every move on an empty board
/// goes forward (a pawn), [`PER_CENTRE_FILE`] per half-file its file
/// stands nearer the centre than the board's average file, times the ranks
/// it has advanced from its lowest start rank (at most [`CENTRE_RANKS`]);
/// empty for the other types and those not in the setup.
fn forward_centre(rules: &Rules, ty: usize) -> Vec<i32> {
    let (files, ranks) = (rules.files() as i32, rules.ranks() as i32);
    let squares = rules.squares();
    let start = (0..squares)
        .filter(|&sq| rules.start().piece_at(sq as u8) == code(ty, Color::White))
        .map(|sq| sq as i32 / files)
        .min();
    let Some(start) = start.filter(|_| !rules.variant().pieces[ty].royal) else {
        return Vec::new();
    };
    let mut moves: Vec<Move> = Vec::new();
    let mut any = false;
    for sq in 0..squares {
        lone_moves(rules, ty, sq, &mut moves);
        for m in &moves {
            let Action::Normal { from, to, .. } = m.action() else {
                return Vec::new();
            };
            if to as i32 / files <= from as i32 / files {
                return Vec::new();
            }
            any = true;
        }
    }
    if !any {
        return Vec::new();
    }
    // Half-files from the centre, less their average over the files.
    let near = |file: i32| (files - 1) - (2 * file - (files - 1)).abs();
    let average = (0..files).map(near).sum::<i32>() / files.max(1);
    (0..squares as i32)
        .map(|sq| {
            let advanced = (sq / files - start).clamp(0, CENTRE_RANKS.min(ranks));
            (near(sq % files) - average) * advanced * PER_CENTRE_FILE
        })
        .collect()
}

/// King steps (files and ranks, the larger) between two squares.
fn steps(rules: &Rules, from: usize, to: usize) -> i32 {
    let files = rules.files() as i32;
    let (from, to) = (from as i32, to as i32);
    ((from % files) - (to % files))
        .abs()
        .max((from / files - to / files).abs())
}

/// Per square: whether `color`'s royal pieces, from their squares in the
/// setup, may never stand within [`NEAR_STEPS`] king steps of it on
/// their own moves (a palace they may not leave, far from the other's).
/// All false where the setup has none of them.
fn kept_apart(rules: &Rules, color: Color) -> Vec<bool> {
    let (squares, start) = (rules.squares(), rules.start());
    // Lone moves are White's: Black's squares are seen from the other side.
    let seen = |sq: usize| match color {
        Color::White => sq,
        Color::Black => mirror(rules, sq),
    };
    // Per type and square (seen from White's side): whether a royal piece
    // of the type may stand there.
    let mut reached = vec![vec![false; squares]; rules.piece_types()];
    let mut queue: Vec<(usize, usize)> = (start.royals(color).iter())
        .map(|sq| ((start.piece_at(sq) as usize - 1) / 2, seen(sq as usize)))
        .collect();
    if queue.is_empty() {
        return vec![false; squares];
    }
    let mut moves = Vec::new();
    while let Some((ty, sq)) = queue.pop() {
        if std::mem::replace(&mut reached[ty][sq], true) {
            continue;
        }
        lone_moves(rules, ty, sq, &mut moves);
        for m in &moves {
            if let Action::Normal { from, to, .. } = m.action() {
                if from as usize == sq && !reached[ty][to as usize] {
                    queue.push((ty, to as usize));
                }
            }
        }
    }
    let stood: Vec<usize> = (0..squares)
        .filter(|&sq| reached.iter().any(|of_type| of_type[sq]))
        .map(seen)
        .collect();
    (0..squares)
        .map(|sq| stood.iter().all(|&at| steps(rules, at, sq) > NEAR_STEPS))
        .collect()
}

/// Per square, the squares one king step away.
fn neighbours(rules: &Rules) -> Vec<Vec<u8>> {
    let squares = rules.squares();
    (0..squares)
        .map(|from| {
            (0..squares)
                .filter(|&to| to != from && steps(rules, from, to) == 1)
                .map(|to| to as u8)
                .collect()
        })
        .collect()
}

/// Half-steps from the board's centre (files and ranks, the larger).
fn off_centre(rules: &Rules, sq: usize) -> i32 {
    let (files, ranks) = (rules.files() as i32, rules.ranks() as i32);
    let (file, rank) = (sq as i32 % files, sq as i32 / files);
    (2 * file - (files - 1))
        .abs()
        .max((2 * rank - (ranks - 1)).abs())
}

/// `values`, where an extinction rule loses the game for a side left
/// without the types it names (`extinction: { pieces: [...] }`, as in
/// kinglet and duck chess): those types are worth a pawn more than the
/// most valuable other type, so the search trades anything for them.
fn endangered(rules: &Rules, mut values: Vec<i32>) -> Vec<i32> {
    let Some(rule) = &rules.variant().outcomes.extinction else {
        return values;
    };
    let Some(counted) = rule.types.filter(|_| rule.result == Result3::Loss) else {
        return values;
    };
    let named = |ty: &usize| counted >> ty & 1 != 0;
    let others = (0..values.len()).filter(|ty| !named(ty));
    let top = others.map(|ty| values[ty]).max().unwrap_or(0);
    for ty in (0..values.len()).filter(named) {
        values[ty] = values[ty].max(top + PAWN);
    }
    values
}

/// Whether the type of the piece coded `code` is in `set` (a bit set of
/// types; a wall's code names none).
fn in_set(set: u32, code: u8) -> bool {
    let ty = (code as usize).saturating_sub(1) / 2;
    code != 0 && ty < 32 && set >> ty & 1 != 0
}

/// Where a capture explodes the pieces around it (§11.5) and an
/// extinction rule loses the game for a side left without the types it
/// names (atomic): what a capture blows up of those types.
#[derive(Clone, Debug)]
struct Blasts {
    /// The named types an explosion removes (not immune; a bit set).
    vital: u32,
    /// The named types that survive around the capture square.
    spared: u32,
    /// Per capture square and capturing side, the squares around it.
    around: Vec<[Vec<u8>; 2]>,
}

impl Blasts {
    /// The blasts of `rules`, where it has such explosions.
    fn new(rules: &Rules) -> Option<Blasts> {
        let explosion = rules.variant().explosion.as_ref()?;
        let rule = rules.variant().outcomes.extinction.as_ref()?;
        let counted = rule.types.filter(|_| rule.result == Result3::Loss)?;
        let vital = counted & !explosion.immune;
        let (files, ranks) = (rules.files() as i32, rules.ranks() as i32);
        let around = (0..rules.squares() as i32).map(|sq| {
            let (file, rank) = (sq % files, sq / files);
            // White's leaps; Black's mirror the ranks.
            [1, -1].map(|forward| {
                (explosion.around.iter())
                    .map(|&(dx, dy)| (file + i32::from(dx), rank + forward * i32::from(dy)))
                    .filter(|(f, r)| (0..files).contains(f) && (0..ranks).contains(r))
                    .map(|(f, r)| (r * files + f) as u8)
                    .collect()
            })
        });
        (vital != 0).then(|| Blasts {
            vital,
            spared: explosion.spared,
            around: around.collect(),
        })
    }

    /// Whether a capture on `at` by side `capturer` blows up the piece on
    /// `square`.
    fn hits(&self, pos: &Position, at: u8, capturer: usize, square: u8) -> bool {
        square == at
            || (!in_set(self.spared, pos.piece_at(square))
                && self.around[at as usize][capturer].contains(&square))
    }
}

/// Whether the root's moves may be proven where no ending solver applies
/// (see [`Evaluation::provable`]): `rays` known (material counts), none of
/// them takes, no royal piece, a side without a move loses, no hand.
fn provable(rules: &Rules, rays: &[Vec<Vec<Ray>>]) -> bool {
    !rays.is_empty()
        && !(rays.iter().flatten().flatten().flatten()).any(|&(_, mode)| mode & TAKE != 0)
        && !rules.variant().pieces.iter().any(|p| p.royal)
        && rules.variant().outcomes.stalemate == Result3::Loss
        && !rules.tracks_hands()
}

/// The sign of type `ty`'s material: -1 where a side wins by losing
/// such pieces (an extinction rule with `result: win` that counts them)
/// or by being mated (`checkmate: win`), else 1.
fn sign(rules: &Rules, ty: usize) -> i32 {
    let outcomes = &rules.variant().outcomes;
    let losing_wins = outcomes
        .extinction
        .as_ref()
        .is_some_and(|e| e.result == Result3::Win && e.types.is_none_or(|t| t >> ty & 1 != 0));
    if losing_wins || outcomes.checkmate == Result3::Win {
        -1
    } else {
        1
    }
}

/// Whether every piece counts against its owner (`signs`), losing them
/// wins and captures are compulsory (losers, where a type is royal): see
/// [`Evaluation::score_offers`].
fn offers(rules: &Rules, signs: &[i32]) -> bool {
    let variant = rules.variant();
    signs.iter().all(|&s| s < 0)
        && (variant.outcomes.extinction.as_ref()).is_some_and(|e| e.result == Result3::Win)
        && variant.compulsory_capture.is_some()
}

/// Per square: the moves of a lone white piece of type `ty` there.
fn reach(rules: &Rules, ty: usize) -> Vec<i32> {
    let mut moves: Vec<Move> = Vec::new();
    (0..rules.squares())
        .map(|sq| {
            lone_moves(rules, ty, sq, &mut moves);
            // Moves that differ only in what they place beside (a wall, a
            // gated piece) are one move of the piece.
            let actions: std::collections::HashSet<_> = moves
                .iter()
                .map(Move::action)
                .filter(|a| a.from() == Some(sq as u8))
                .collect();
            actions.len() as i32
        })
        .collect()
}

/// Fills `moves` with the pseudo-legal moves of a lone white piece of
/// type `ty` on `sq` of an empty board.
fn lone_moves(rules: &Rules, ty: usize, sq: usize, moves: &mut Vec<Move>) {
    let mut pos = Position::empty();
    pos.put(rules, sq as u8, code(ty, Color::White));
    moves.clear();
    rules.pseudo_legal(&pos, moves);
}

/// What a piece may do on a square of one of its rays: end its move
/// there while it is empty ([`MOVE`]), take an enemy piece there
/// ([`TAKE`]), or both.
pub(crate) type Mode = u8;
/// The piece may end a move on the square while it is empty.
pub(crate) const MOVE: Mode = 1;
/// The piece may take an enemy piece standing on the square.
pub(crate) const TAKE: Mode = 2;

/// A ray: the squares a piece reaches in one direction, nearest first,
/// each with its [`Mode`].
pub(crate) type Ray = Vec<(u8, Mode)>;

/// Per piece code and square: the moves of a non-royal piece there,
/// grouped into rays by direction (files and ranks over their greatest
/// common divisor), each ray nearest first, each square with what the
/// piece may do there: move (its moves on an empty board), take (its
/// captures of enemy pieces standing as far from it, king steps, as the
/// square, nothing between), or both. Black's are White's seen from the
/// other side.
pub(crate) fn rays(rules: &Rules) -> Vec<Vec<Vec<Ray>>> {
    let squares = rules.squares();
    let mut tables = vec![Vec::new(); 1 + 2 * rules.piece_types()];
    for ty in (0..rules.piece_types()).filter(|&ty| !rules.variant().pieces[ty].royal) {
        let white: Vec<Vec<Ray>> = (0..squares)
            .map(|sq| group_rays(rules, sq, &destinations(rules, ty, sq)))
            .collect();
        let black = (0..squares)
            .map(|sq| {
                let seen = &white[mirror(rules, sq)];
                seen.iter()
                    .map(|ray| {
                        ray.iter()
                            .map(|&(to, mode)| (mirror(rules, to as usize) as u8, mode))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        tables[code(ty, Color::White) as usize] = white;
        tables[code(ty, Color::Black) as usize] = black;
    }
    tables
}

/// The squares a lone white piece of type `ty` on `sq` moves to on an
/// empty board ([`MOVE`]) and those where it takes a black piece of its
/// type standing there with every square as near or nearer empty
/// ([`TAKE`]): one move generation per ring of squares equally far (king
/// steps) from `sq`, the ring filled with black pieces.
fn destinations(rules: &Rules, ty: usize, sq: usize) -> Vec<(u8, Mode)> {
    let mut moves: Vec<Move> = Vec::new();
    // The moves from `sq` to an empty square (`MOVE`) or, with `take`, to
    // an occupied one (`TAKE`).
    let from = |pos: &Position, moves: &[Move], take: bool| -> Vec<(u8, Mode)> {
        (moves.iter())
            .filter_map(|m| match m.action() {
                Action::Normal { from, to, .. } if from as usize == sq => Some(to),
                _ => None,
            })
            .filter(|&to| (pos.piece_at(to) != 0) == take)
            .map(|to| (to, if take { TAKE } else { MOVE }))
            .collect()
    };
    lone_moves(rules, ty, sq, &mut moves);
    let mut found = from(&Position::empty(), &moves, false);
    let far = rules.files().max(rules.ranks()) as i32;
    for ring in 1..far {
        let mut pos = Position::empty();
        for to in (0..rules.squares()).filter(|&to| steps(rules, sq, to) == ring) {
            pos.put(rules, to as u8, code(ty, Color::Black));
        }
        pos.put(rules, sq as u8, code(ty, Color::White));
        moves.clear();
        rules.pseudo_legal(&pos, &mut moves);
        found.extend(from(&pos, &moves, true));
    }
    found
}

/// `found`, the destinations of a piece on `sq` with their modes, as
/// rays: grouped by direction, nearest first, the modes of a square
/// reached both ways joined.
fn group_rays(rules: &Rules, sq: usize, found: &[(u8, Mode)]) -> Vec<Ray> {
    let files = rules.files() as i32;
    let mut dests: Vec<(i32, i32, i32, u8, Mode)> = found
        .iter()
        .map(|&(to, mode)| {
            let (df, dr) = (
                to as i32 % files - sq as i32 % files,
                to as i32 / files - sq as i32 / files,
            );
            let g = gcd(df.abs(), dr.abs()).max(1);
            (df / g, dr / g, g, to, mode)
        })
        .collect();
    dests.sort_unstable();
    let mut rays: Vec<Ray> = Vec::new();
    let mut last: Option<(i32, i32, u8)> = None;
    for &(df, dr, _, to, mode) in &dests {
        match (rays.last_mut(), last) {
            (Some(ray), Some((f, r, t))) if (f, r, t) == (df, dr, to) => {
                if let Some(entry) = ray.last_mut() {
                    entry.1 |= mode;
                }
            }
            (Some(ray), Some((f, r, _))) if (f, r) == (df, dr) => ray.push((to, mode)),
            _ => rays.push(vec![(to, mode)]),
        }
        last = Some((df, dr, to));
    }
    rays
}

/// The greatest common divisor of two whole numbers.
fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether type `ty` must reach a region (a `reach` outcome names it) and
/// never captures: a lone white piece of it among black ones has no move.
fn walled(rules: &Rules, ty: usize) -> bool {
    let Some((types, _)) = &rules.variant().outcomes.reach else {
        return false;
    };
    if types >> ty & 1 == 0 {
        return false;
    }
    let mut moves: Vec<Move> = Vec::new();
    (0..rules.squares()).all(|sq| {
        let mut pos = Position::empty();
        for other in (0..rules.squares()).filter(|&o| o != sq) {
            pos.put(rules, other as u8, code(ty, Color::Black));
        }
        pos.put(rules, sq as u8, code(ty, Color::White));
        moves.clear();
        rules.pseudo_legal(&pos, &mut moves);
        moves.is_empty()
    })
}

/// Per piece code, where a `reach` outcome names its type: minus
/// [`PER_STEP`] per king step (files and ranks, the larger) from the
/// nearest square of its colour's region, plus [`NEAR`] over those steps;
/// empty without a `reach` outcome.
fn goals(rules: &Rules) -> Vec<Vec<i32>> {
    let Some((types, zone)) = &rules.variant().outcomes.reach else {
        return Vec::new();
    };
    let squares = rules.squares();
    let mut tables = vec![vec![0; squares]; 1 + 2 * rules.piece_types()];
    for ty in (0..rules.piece_types()).filter(|ty| types >> ty & 1 != 0) {
        for color in Color::ALL {
            let region: Vec<usize> = (0..squares).filter(|&sq| zone[color.index()][sq]).collect();
            for (sq, entry) in tables[code(ty, color) as usize].iter_mut().enumerate() {
                let nearest = region
                    .iter()
                    .map(|&to| steps(rules, sq, to))
                    .min()
                    .unwrap_or(0);
                *entry = -nearest * PER_STEP + if nearest > 0 { NEAR / nearest } else { 0 };
            }
        }
    }
    tables
}

/// The square on the same file, as far from the last rank as `sq` is from the first.
fn mirror(rules: &Rules, sq: usize) -> usize {
    let files = rules.files() as usize;
    (rules.ranks() as usize - 1 - sq / files) * files + sq % files
}

/// How near a piece stands to promoting, per square.
#[derive(Clone, Debug, Default)]
struct Advance {
    /// King steps to the nearest square of the zone.
    steps: Vec<i32>,
    /// The bonus: 1/[`PROMOTION_SHARE`] of what promoting gains, times the
    /// square of the share of the way covered.
    bonus: Vec<i32>,
}

/// Per piece code, for the types that promote to something worth more:
/// their [`Advance`]; empty tables for the others.
fn advances(rules: &Rules, values: &[i32]) -> Vec<Advance> {
    let squares = rules.squares();
    let mut tables = vec![Advance::default(); 1 + 2 * rules.piece_types()];
    for promotion in &rules.variant().promotions {
        let best = promotion.to.iter().map(|&to| values[to as usize]).max();
        for ty in (0..rules.piece_types()).filter(|ty| promotion.pieces >> ty & 1 != 0) {
            let gain = best.unwrap_or(0) - values[ty];
            if gain <= 0 {
                continue;
            }
            for color in Color::ALL {
                let zone: Vec<usize> = (0..squares)
                    .filter(|&sq| promotion.zone[color.index()][sq])
                    .collect();
                let distances: Vec<i32> = (0..squares)
                    .map(|sq| {
                        zone.iter()
                            .map(|&to| steps(rules, sq, to))
                            .min()
                            .unwrap_or(0)
                    })
                    .collect();
                let far = distances.iter().copied().max().unwrap_or(0).max(1);
                let table = &mut tables[code(ty, color) as usize];
                table.bonus.resize(squares, 0);
                for (sq, bonus) in table.bonus.iter_mut().enumerate() {
                    let covered = far - distances[sq];
                    let here = gain * covered * covered / (far * far * PROMOTION_SHARE);
                    *bonus = (*bonus).max(if distances[sq] == 0 { 0 } else { here });
                }
                table.steps = distances;
            }
        }
    }
    tables
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn chess() -> Rules {
        Rules::clone(
            &motley_interpreter::build(include_str!("../../spec/variants/chess.yaml"))
                .unwrap()
                .rules,
        )
    }

    /// The evaluation of `rules` without its mobility term, for tests of
    /// the other terms' exact values.
    fn still(rules: &Rules) -> Evaluation {
        Evaluation {
            per_move: 0,
            live: 0,
            ..Evaluation::new(rules)
        }
    }

    #[test]
    fn a_piece_gains_for_each_square_it_reaches_as_the_board_stands() {
        let rules = chess();
        let eval = Evaluation::new(&rules);
        let rook = code(2, Color::White);
        // A rook on a1 behind its own pawn: the file is shut, b1 open.
        let shut = rules.position("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1").unwrap();
        assert_eq!(eval.mobility(&rules, &shut, rook, 0), 3 * MOBILITY);
        // An enemy pawn instead: taken (one square), the file beyond shut.
        let open = rules.position("4k3/8/8/8/8/8/p7/R3K3 w - - 0 1").unwrap();
        assert_eq!(eval.mobility(&rules, &open, rook, 0), 4 * MOBILITY);
        // The alfil leaps: a piece between does not block it.
        let shatranj = bundled("shatranj");
        let eval = Evaluation::new(&shatranj);
        let alfil = code(type_of(&shatranj, 'B'), Color::White);
        let c1 = 2;
        assert_eq!(
            eval.mobility(&shatranj, shatranj.start(), alfil, c1),
            2 * MOBILITY
        );
        let landed = shatranj
            .position("4k3/8/8/8/8/P3P3/8/2B1K3 w - - 0 1")
            .unwrap();
        assert_eq!(eval.mobility(&shatranj, &landed, alfil, c1), 0);
        // Black's rays are White's, mirrored: its alfil on c8 likewise.
        let black = code(type_of(&shatranj, 'B'), Color::Black);
        let mirrored = shatranj
            .position("2b1k3/1p1p4/8/8/8/8/8/4K3 w - - 0 1")
            .unwrap();
        assert_eq!(eval.mobility(&shatranj, &mirrored, black, 58), 2 * MOBILITY);
    }

    #[test]
    fn a_piece_counts_only_what_its_movement_modes_let_it_do() {
        // A clobber stone only takes (cW): its empty neighbours count for
        // nothing, its enemy neighbours one each, its own none.
        let clobber = bundled("clobber");
        let eval = Evaluation::new(&clobber);
        let stone = code(0, Color::White);
        let c3 = 12;
        // c3's neighbours: c4 black, b3 black, d3 white, c2 empty.
        let pos = clobber.position("5/5/2p2/1pPP1/5/5 w - - 0 1").unwrap();
        assert_eq!(eval.mobility(&clobber, &pos, stone, c3), 2 * MOBILITY);
        let alone = clobber.position("5/5/5/2P2/5/p4 w - - 0 1").unwrap();
        assert_eq!(eval.mobility(&clobber, &alone, stone, c3), 0);
        // A pawn moves forward and takes diagonally: the empty e3 counts,
        // the black pawn on d3 counts, the empty f3 does not. (Its rays come
        // from a piece put on an empty board, which has made a move: the
        // double step is not among them.)
        let rules = chess();
        let eval = Evaluation::new(&rules);
        let pawn = code(5, Color::White);
        let e2 = 12;
        let open = rules.position("4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1").unwrap();
        assert_eq!(eval.mobility(&rules, &open, pawn, e2), 2 * MOBILITY);
        // A black piece in front: the pawn cannot take it, nor pass it.
        let blocked = rules.position("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1").unwrap();
        assert_eq!(eval.mobility(&rules, &blocked, pawn, e2), 0);
        // Black's pawn on d7 likewise, mirrored: d6 and the knight on e6.
        let black = rules.position("4k3/3p4/4N3/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(
            eval.mobility(&rules, &black, code(5, Color::Black), 51),
            2 * MOBILITY
        );
        // A joust knight never takes (mN): an enemy knight a leap away counts
        // for nothing.
        let joust = bundled("joust");
        let eval = Evaluation::new(&joust);
        let knight = code(0, Color::White);
        let pos = joust.position("8/8/8/8/8/1n6/8/N7 w - - 0 1").unwrap();
        assert_eq!(eval.mobility(&joust, &pos, knight, 0), MOBILITY);
    }

    #[test]
    fn where_no_move_loses_and_none_is_royal_each_piece_that_may_move_gains() {
        let clobber = bundled("clobber");
        let eval = Evaluation::new(&clobber);
        assert_eq!((eval.live, still(&clobber).live), (LIVE, 0));
        assert_eq!(Evaluation::new(&chess()).live, 0);
        // White a1 and c1, Black b1 and e1: two stones each, and two pairs
        // side by side (a1-b1, b1-c1), each a move for both sides, so the
        // squares reached score alike. Both white stones may move, of the
        // black ones only b1: White is LIVE ahead.
        let pos = clobber.position("5/5/5/5/5/PpP1p w - - 0 1").unwrap();
        // Solved besides: a1xb1 leaves Black without a move.
        assert_eq!(eval.evaluate(&clobber, &pos), LIVE + DECISIVE);
        assert_eq!(still(&clobber).evaluate(&clobber, &pos), DECISIVE);
    }

    #[test]
    fn where_every_move_captures_and_a_group_is_too_large_pieces_count_by_what_they_may_do() {
        let clobber = bundled("clobber");
        let eval = Evaluation::new(&clobber);
        // A group of 20 stones, too large to be valued, and on the sixth
        // rank White, White, Black (↑) and a white stone apart: White has
        // one more stone in a group with enemy stones and one in reserve
        // (a6), as many that may take, and wins the small group.
        let white = "PPp1P/5/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1";
        let ahead = CONTESTED + RESERVE + REST;
        assert_eq!(
            eval.solved(&clobber, &clobber.position(white).unwrap()),
            ahead
        );
        let black = white.replace(" w ", " b ");
        assert_eq!(
            eval.solved(&clobber, &clobber.position(&black).unwrap()),
            -ahead
        );
        // A black stone on a5 joins the sixth rank to the large group, 12
        // stones a side in it, each may take: level.
        let joined = "PPp1P/p4/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1";
        assert_eq!(eval.solved(&clobber, &clobber.position(joined).unwrap()), 0);
        // Solved positions are worth DECISIVE alone.
        let small = "PPp1P/5/Pp1Pp/5/5/5 w - - 0 1";
        assert_eq!(
            eval.solved(&clobber, &clobber.position(small).unwrap()),
            DECISIVE
        );
    }

    #[test]
    fn where_a_vacated_square_becomes_a_wall_each_side_gains_for_the_squares_it_reaches_first() {
        let joust = bundled("joust");
        let eval = still(&joust);
        assert!(eval.walled_behind && !still(&chess()).walled_behind);
        // Black's knight on h8 is shut in by the walls on f7 and g6: White's
        // knight reaches the other 60 squares first, and each side its own.
        let shut = joust.position("7n/5*2/6*1/8/8/8/8/N7 w - - 0 1").unwrap();
        // Solved besides: Black's knight has no move.
        assert_eq!(
            eval.evaluate(&joust, &shut),
            (61 - 1) * PER_REGION + DECISIVE
        );
        // Knights mirrored on the empty board: level.
        let level = joust.position("7n/8/8/8/8/8/8/N7 w - - 0 1").unwrap();
        assert_eq!(eval.evaluate(&joust, &level), 0);
    }

    #[test]
    fn a_piece_that_cannot_take_counts_its_steps_to_the_region_around_what_blocks_it() {
        // Fox and hounds: the fox (White) never captures; the hounds on the
        // seventh rank's dark squares shut every path to the eighth.
        let rules = bundled("fox-and-hounds");
        let eval = Evaluation::new(&rules);
        let fox = code(type_of(&rules, 'F'), Color::White);
        let hound = type_of(&rules, 'H');
        assert!(eval.walled[type_of(&rules, 'F')] && !eval.walled[hound]);
        let d2 = 11;
        let shut = rules
            .position("8/h1h1h1h1/8/8/8/8/3F4/8 w - - 0 1")
            .unwrap();
        assert_eq!(eval.goal(&shut, fox, d2), -SHUT * 16 * PER_STEP);
        // The hound on g7 stepped to h6: five moves to g7, one to the
        // eighth rank, as many as the king steps from d2.
        let open = rules.position("8/h1h1h3/7h/8/8/8/3F4/8 w - - 0 1").unwrap();
        assert_eq!(eval.goal(&open, fox, d2), -6 * PER_STEP);
        assert_eq!(eval.goals[fox as usize][d2], -6 * PER_STEP + NEAR / 6);
    }

    /// How much better the position `to` evaluates than `from`, both FEN.
    fn gain(eval: &Evaluation, rules: &Rules, from: &str, to: &str) -> i32 {
        let at = |fen| eval.evaluate(rules, &rules.position(fen).unwrap());
        at(to) - at(from)
    }

    #[test]
    fn the_start_is_level_and_a_developed_knight_is_worth_more() {
        let rules = chess();
        let eval = still(&rules);
        assert_eq!(eval.evaluate(&rules, rules.start()), 0);
        let after = rules
            .position("rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1")
            .unwrap();
        // Black to move, White has the better knight: negative for Black.
        assert_eq!(eval.evaluate(&rules, &after), -(8 - 3) * PER_REACH);
        assert_eq!(eval.value(code(1, Color::White)), 900);
    }

    #[test]
    fn a_pawn_is_worth_more_near_its_zone_and_three_times_that_when_passed() {
        let rules = chess();
        let eval = Evaluation::new(&rules);
        let pawn = |color| code(5, color);
        // Two steps from the eighth rank, five of seven covered: 800 · 25 / (49 · 8).
        let (e6, e7, e2) = (44, 52, 12);
        let blocked = rules.position("4k3/3p4/4P3/8/8/8/8/4K3 w - - 0 1").unwrap();
        let passed = rules.position("4k3/4P3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let white = pawn(Color::White);
        assert_eq!(eval.advance(&blocked, 8, white, e6), 51);
        // One step from it, six of seven covered, no black pawn ahead.
        assert_eq!(eval.advance(&passed, 8, white, e7), 3 * 73);
        // At its start, a pawn has covered one step of seven: 800 / (49 · 8).
        assert_eq!(eval.advance(rules.start(), 8, white, e2), 2);
        // Black's pawn on e2 is the one near its zone.
        let black = rules.position("4k3/8/8/8/8/8/4p3/4K3 b - - 0 1").unwrap();
        assert_eq!(eval.advance(&black, 8, pawn(Color::Black), e2), 3 * 73);
        // A type that does not promote gains nothing.
        assert_eq!(eval.advance(&passed, 8, code(1, Color::White), e7), 0);
    }

    #[test]
    fn a_royal_piece_gains_for_its_own_pieces_beside_it_while_material_is_high() {
        let rules = chess();
        let eval = still(&rules);
        // The same move of a pawn off the king's side, and of one away from it.
        let off_king = "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1";
        let away = "rnbqkbnr/pppppppp/8/8/8/2P5/PP1PPPPP/RNBQKBNR b KQkq - 0 1";
        // Black to move: White's king keeps its shelter in the second.
        assert_eq!(gain(&eval, &rules, off_king, away), -SHELTER);
    }

    #[test]
    fn a_piece_that_wins_by_reaching_a_region_is_worth_more_nearer_it() {
        let rules = motley_interpreter::build(include_str!("../../spec/variants/racingkings.yaml"))
            .unwrap()
            .rules;
        let eval = still(&rules);
        let king = |color| &eval.goals[code(0, color) as usize];
        // Both kings race to the eighth rank: a1 is 7 steps from it, h7 one.
        let (a1, h7) = (0, 55);
        assert_eq!(king(Color::White)[a1], -7 * PER_STEP + NEAR / 7);
        assert_eq!(king(Color::White)[h7], -PER_STEP + NEAR);
        assert_eq!(king(Color::Black)[a1], -7 * PER_STEP + NEAR / 7);
        assert_eq!(king(Color::Black)[63], 0);
        // Other pieces have no goal; chess has no goals at all.
        assert!(eval.goals[code(1, Color::White) as usize]
            .iter()
            .all(|&b| b == 0));
        assert!(Evaluation::new(&chess()).goals.is_empty());
        // The same position, White's king a rank higher (five steps from
        // the eighth rank, not six): better for White by a step and the
        // nearer share of NEAR, worse by the two pieces no longer beside it.
        let low = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
        let high = "8/8/8/8/8/7K/krbnNBR1/qrbnNBRQ w - - 0 1";
        assert_eq!(
            gain(&eval, &rules, low, high),
            PER_STEP + NEAR / 5 - NEAR / 6 - 2 * SHELTER
                + eval.squares[code(0, Color::White) as usize][23]
                - eval.squares[code(0, Color::White) as usize][15]
        );
    }

    #[test]
    fn where_being_mated_wins_a_side_counts_the_checks_it_may_be_given() {
        let misere = bundled("misere");
        let eval = Evaluation::new(&misere);
        assert!(eval.mated);
        let net = |fen: &str, color: Color, royal: usize| {
            let pos = misere.position(fen).unwrap();
            let attacks = eval.attacked(&pos, Color::ALL[color.index() ^ 1]);
            eval.net(&misere, &pos, color, royal, &attacks, None)
        };
        let (h1, g1, e8) = (7, 6, 60);
        // The rook's one check is Ra1, along an empty first rank; its file
        // and seventh rank end at the pawns. The king may flee to g1 only.
        let back_rank = "4k3/r7/8/8/8/8/6PP/7K w - - 0 1";
        assert_eq!(net(back_rank, Color::White, h1), (1, 1));
        // White's pawns check nothing; Black's king has five free squares.
        assert_eq!(net(back_rank, Color::Black, e8), (0, 5));
        // Taking a knight on a1 checks as well.
        assert_eq!(
            net("4k3/r7/8/8/8/8/6PP/N6K w - - 0 1", Color::White, h1),
            (1, 1)
        );
        // From g1 the king may flee to f1, f2 and h1.
        assert_eq!(
            net("4k3/r7/8/8/8/8/6PP/6K1 w - - 0 1", Color::White, g1),
            (1, 3)
        );
        // A bishop on d3 takes f1 from it and checks nowhere: on g1's
        // diagonal it would stand on f2, e3, d4 or c5, none of its moves.
        let bishop = "4k3/r7/8/8/8/3b4/6PP/6K1 w - - 0 1";
        assert_eq!(net(bishop, Color::White, g1), (1, 2));
        // On e3 (checking already) it checks from f2 too, and takes f2
        // instead: f1 and h1 are left. From d4 or c5 its own square would
        // stand between.
        let near = "4k3/r7/8/8/8/4b3/6PP/6K1 w - - 0 1";
        assert_eq!(net(near, Color::White, g1), (2, 2));
        // Chess scores no such term.
        assert!(!Evaluation::new(&chess()).mated);
    }

    #[test]
    fn where_being_mated_wins_a_lone_royal_piece_keeps_to_the_edge_and_near_the_other() {
        let misere = bundled("misere");
        let eval = still(&misere);
        let king = &eval.squares[code(0, Color::Black) as usize];
        // The black king alone against White's king on h4 or g5 and force:
        // its table keeps it hidden in the end-game too, it gains
        // ROYAL_EDGE per half-step from the centre and loses MATED_NEAR per
        // king step from the white king; the checks White may give it do
        // not count.
        let black = |sq: usize, white_king: usize| {
            king[sq] / MATED_SHARE + ROYAL_EDGE * off_centre(&misere, sq)
                - MATED_NEAR * steps(&misere, sq, white_king)
        };
        let (b8, g8, d5, h8, g5, h4) = (57, 62, 35, 63, 38, 31);
        // Four king steps from h4 either way: the corner is worth more.
        let corner = "7k/8/8/8/7K/8/P7/8 w - - 0 1";
        let centre = "8/8/8/3k4/7K/8/P7/8 w - - 0 1";
        assert_eq!(
            gain(&eval, &misere, centre, corner),
            black(d5, h4) - black(h8, h4)
        );
        assert!(black(h8, h4) > black(d5, h4));
        // The queen checks the king on b8 from more squares than on g8,
        // but g8 is two king steps nearer g5.
        let far = "1k6/8/8/6K1/8/8/8/Q7 w - - 0 1";
        let near = "6k1/8/8/6K1/8/8/8/Q7 w - - 0 1";
        assert_eq!(
            gain(&eval, &misere, near, far),
            black(g8, g5) - black(b8, g5)
        );
        assert_eq!(
            black(g8, g5) - black(b8, g5),
            2 * MATED_NEAR + (king[g8] - king[b8]) / MATED_SHARE
        );
    }

    #[test]
    fn where_a_royal_piece_in_check_may_not_move_a_side_counts_the_checks_nothing_takes_back() {
        let makpong = bundled("makpong");
        let eval = Evaluation::new(&makpong);
        assert!(eval.held);
        let checks = |fen: &str| {
            let pos = makpong.position(fen).unwrap();
            let attacks = eval.attacked(&pos, Color::Black);
            let guards = Guards {
                ours: &eval.takers(&makpong, &pos, Color::White, eval.royal_types),
                enemy: &eval.takers(&makpong, &pos, Color::Black, 0),
            };
            eval.net(&makpong, &pos, Color::White, 3, &attacks, Some(guards))
                .0
        };
        // The ma on d5 checks the khun on d1 from c3 and from e3.
        assert_eq!(checks("4k3/8/8/3n4/8/8/8/3K4 w - - 0 1"), 2);
        // A rua on a3 takes back on either square.
        assert_eq!(checks("4k3/8/8/3n4/8/R7/8/3K4 w - - 0 1"), 0);
        // A met checking from c2 or e2 is taken by the khun itself...
        assert_eq!(checks("4k3/8/8/8/8/3m4/8/3K4 w - - 0 1"), 0);
        // ...but not on c2 where the rua on c8 guards it.
        assert_eq!(checks("2r1k3/8/8/8/8/3m4/8/3K4 w - - 0 1"), 1);
        // White, to move, loses DANGER for each of the two; Black's khun
        // faces no piece.
        let pos = makpong.position("4k3/8/8/3n4/8/8/8/3K4 w - - 0 1").unwrap();
        let unheld = Evaluation {
            held: false,
            ..Evaluation::new(&makpong)
        };
        assert_eq!(
            eval.evaluate(&makpong, &pos),
            unheld.evaluate(&makpong, &pos) - 2 * DANGER
        );
        // Makruk's khun may flee a check: no such term.
        assert!(!Evaluation::new(&bundled("makruk")).held);
    }

    #[test]
    fn where_captures_explode_a_side_counts_the_captures_that_would_blow_up_its_last_king() {
        // Atomic without check: a king is no royal piece, so two may stand.
        let atomic = bundled("nocheckatomic");
        let eval = Evaluation::new(&atomic);
        let losses = |fen: &str| {
            let mut score = [0; 2];
            eval.score_blasts(&atomic, &atomic.position(fen).unwrap(), &mut score);
            score.map(|s| s / -DANGER)
        };
        // The knight on e5 takes on d7 or on f7, beside the king on e8.
        assert_eq!(losses("4k3/3p1p2/8/4N3/8/8/8/4K3 b - - 0 1"), [0, 2]);
        // Beside White's own king on c6, taking on d7 would blow it up
        // too; the pawn on d7 may take that king.
        assert_eq!(losses("4k3/3p1p2/2K5/4N3/8/8/8/8 w - - 0 1"), [1, 1]);
        // A second king is left to lose: no threat counts.
        assert_eq!(losses("4k2k/3p1p2/8/4N3/8/8/8/4K3 b - - 0 1"), [0, 0]);
        // A king cannot take: Kxd7 here would blow up its taker.
        assert_eq!(losses("4k3/3p4/2K5/8/8/8/8/8 w - - 0 1"), [1, 0]);
        assert!(Evaluation::new(&bundled("atomic")).blasts.is_some());
        // Atomar's kings survive explosions, chess has none.
        assert!(Evaluation::new(&bundled("atomar")).blasts.is_none());
        assert!(Evaluation::new(&chess()).blasts.is_none());
    }

    /// The bundled rule file `name`, its `extends` read from disk.
    pub(crate) fn bundled(name: &str) -> Rules {
        let path = format!(
            "{}/../spec/variants/{name}.yaml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        Rules::clone(
            &motley_interpreter::build_path(std::path::Path::new(&path), &text)
                .unwrap()
                .rules,
        )
    }

    /// The type with FEN letter `letter`.
    fn type_of(rules: &Rules, letter: char) -> usize {
        (rules.variant().pieces.iter())
            .position(|p| p.letter == letter && !p.promoted)
            .unwrap()
    }

    #[test]
    fn a_wall_beside_a_royal_piece_is_no_shelter() {
        // Petrified: a piece that captures turns into a wall; walls beside
        // the king count for nothing (they name no type).
        let rules = bundled("petrified");
        let eval = still(&rules);
        let walled = "rnbqkbnr/pppppppp/8/8/8/8/PPP**PPP/RNBQKBNR w KQkq - 0 1";
        let open = "rnbqkbnr/pppppppp/8/8/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(gain(&eval, &rules, open, walled), 0);
    }

    #[test]
    fn the_sign_of_material_follows_what_losing_pieces_does() {
        // Codrus: losing the last king wins, so kings count against their
        // owner; the other pieces count for it.
        let codrus = bundled("codrus");
        let (king, queen) = (type_of(&codrus, 'K'), type_of(&codrus, 'Q'));
        assert_eq!(sign(&codrus, king), -1);
        assert_eq!(sign(&codrus, queen), 1);
        // Misère: being mated wins, so every piece counts against its owner.
        let misere = bundled("misere");
        assert!((0..misere.piece_types()).all(|ty| sign(&misere, ty) == -1));
        // Chess and kinglet: material is worth having.
        for rules in [chess(), bundled("kinglet")] {
            assert!((0..rules.piece_types()).all(|ty| sign(&rules, ty) == 1));
        }
    }

    #[test]
    fn where_some_types_count_against_their_owner_a_piece_that_may_take_one_costs_and_one_that_may_step_onto_a_capture_gains(
    ) {
        // Codrus: losing the last king wins and captures are compulsory, so
        // a white rook that may take the black king may be forced to.
        let codrus = bundled("codrus");
        let eval = Evaluation::new(&codrus);
        assert!(eval.gifts && eval.per_move == 0);
        // Antichess and misère (every type against its owner), chess (none):
        // no such term.
        for rules in [bundled("antichess"), bundled("misere"), chess()] {
            assert!(!Evaluation::new(&rules).gifts);
        }
        let rook = code(type_of(&codrus, 'R'), Color::White);
        let a1 = 0;
        // The a-file open up to the black king on a8: one; the rook's
        // rank holds only its own king.
        let open = codrus.position("k7/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(eval.gifts(&codrus, &open, rook, a1), 1);
        // A black pawn on a7 stands between: the rook may take only it.
        let shut = codrus.position("k7/p7/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(eval.gifts(&codrus, &shut, rook, a1), 0);
        // The black king may step to a7, onto the rook's captures, only
        // while the file is open.
        assert_eq!(eval.exposed(&open), [0, 1]);
        assert_eq!(eval.exposed(&shut), [0, 0]);
        // The same from the evaluation, White to move: the rook's gift and
        // the king's step are gone, Black has the pawn's value and bonuses
        // more.
        let pawn = code(type_of(&codrus, 'P'), Color::Black);
        let a7 = 48;
        assert_eq!(
            eval.evaluate(&codrus, &shut) - eval.evaluate(&codrus, &open),
            GIFT + EXPOSED
                - eval.value(pawn)
                - eval.squares[pawn as usize][a7]
                - eval.advance(&shut, 8, pawn, a7)
        );
    }

    #[test]
    fn a_type_whose_extinction_loses_is_worth_more_than_any_other() {
        // Kinglet: a side without pawns loses; a pawn outweighs a queen.
        let kinglet = bundled("kinglet");
        let eval = Evaluation::new(&kinglet);
        let value = |letter| eval.values[type_of(&kinglet, letter)];
        assert_eq!(value('P'), value('Q') + PAWN);
        assert_eq!(value('Q'), 900);
        // Duck chess: the king (not royal, its capture loses) likewise.
        let duck = bundled("duck");
        let eval = Evaluation::new(&duck);
        assert_eq!(eval.values[type_of(&duck, 'K')], 900 + PAWN);
        // Codrus's extinction wins: its king keeps its mobility estimate.
        let codrus = bundled("codrus");
        let king = type_of(&codrus, 'K');
        assert!(Evaluation::new(&codrus).values[king] < 900);
    }

    #[test]
    fn a_lone_king_is_driven_to_the_edge_and_the_other_king_brought_near() {
        let rules = chess();
        let eval = Evaluation::new(&rules);
        let (e1, d5, h8) = (4, 35, 63);
        assert_eq!((off_centre(&rules, h8), off_centre(&rules, d5)), (7, 1));
        assert_eq!((steps(&rules, e1, h8), steps(&rules, e1, d5)), (7, 4));
        let corner = rules.position("7k/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let centre = rules.position("8/8/8/3k4/8/8/8/R3K3 w - - 0 1").unwrap();
        // Besides the term, the black king's own table (it centralises in
        // the end-game) differs.
        let king = &eval.squares[code(0, Color::Black) as usize];
        assert_eq!(
            eval.evaluate(&rules, &corner) - eval.evaluate(&rules, &centre),
            PER_EDGE * (7 - 1) - PER_EDGE / 2 * (7 - 4) + king[h8] - king[d5]
        );
    }

    #[test]
    fn where_the_royal_pieces_keep_to_a_palace_pieces_close_in_on_a_lone_one() {
        let rules = bundled("janggicasual");
        let eval = Evaluation::new(&rules);
        let square = |name: &str| {
            motley_interpreter::parse_square(rules.files(), rules.ranks(), name).unwrap() as usize
        };
        // White's general never leaves d1-f3: it is kept apart from
        // Black's palace, not from its own or the ranks beside it.
        let [white, black] = &eval.apart;
        for name in ["d10", "e9", "f8", "a1", "i10", "e6"] {
            assert!(white[square(name)], "{name}");
        }
        for name in ["e2", "d3", "e5", "h4"] {
            assert!(!white[square(name)], "{name}");
        }
        assert!(black[square("e2")] && !black[square("e8")]);
        assert!(Evaluation::new(&chess())
            .apart
            .iter()
            .flatten()
            .all(|&a| !a));
        // A chariot on a1 is 9 king steps from e10, one on d8 two.
        let far = rules
            .position("4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1")
            .unwrap();
        let near = rules
            .position("4k4/9/3R5/9/9/9/9/9/4K4/9 w - - 0 1")
            .unwrap();
        let e10 = square("e10");
        assert_eq!(
            eval.closing_in(&rules, &far, 0, e10),
            PER_NEAR * (9 - NEAR_STEPS)
        );
        assert_eq!(eval.closing_in(&rules, &near, 0, e10), 0);
        // The evaluation takes it off for White, and only while Black's
        // general is alone.
        let mut unaware = eval.clone();
        unaware.apart = [vec![false; rules.squares()], vec![false; rules.squares()]];
        let lost = |fen: &str| {
            let pos = rules.position(fen).unwrap();
            unaware.evaluate(&rules, &pos) - eval.evaluate(&rules, &pos)
        };
        assert_eq!(lost("4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1"), PER_NEAR * 7);
        assert_eq!(lost("4k4/9/9/9/9/9/9/9/4K4/R8 b - - 0 1"), -PER_NEAR * 7);
        assert_eq!(lost("4k4/4a4/9/9/9/9/9/9/4K4/R8 w - - 0 1"), 0);
    }

    #[test]
    fn where_a_king_must_take_what_it_may_pieces_near_it_are_offered_in_the_ending() {
        let losers = bundled("losers");
        let eval = Evaluation::new(&losers);
        assert!(eval.offers);
        // No royal piece (antichess), some pieces for their owner (codrus),
        // only mates win (misère), material for its owner (chess).
        for rules in [
            bundled("antichess"),
            bundled("codrus"),
            bundled("misere"),
            chess(),
        ] {
            assert!(!Evaluation::new(&rules).offers);
        }
        let mut unaware = eval.clone();
        unaware.offers = false;
        let gained = |fen: &str| {
            let pos = losers.position(fen).unwrap();
            eval.evaluate(&losers, &pos) - unaware.evaluate(&losers, &pos)
        };
        // White's pawn on h5 stands 2 steps from Black's king on f6, Black's
        // pawns on h7 and h6 7 steps each from White's king on a1.
        let ending = "8/7p/5k1p/7P/8/8/8/K7";
        assert_eq!(gained(&format!("{ending} w - - 0 1")), PER_OFFER * (14 - 2));
        assert_eq!(
            gained(&format!("{ending} b - - 0 1")),
            -PER_OFFER * (14 - 2)
        );
        // Not while much material is on the board (after 1. e4 White's
        // pieces stand 2 steps nearer Black's king in all than Black's to
        // White's).
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(gained(e4), 0);
    }

    #[test]
    fn where_a_bare_royal_loses_the_side_ahead_in_pieces_gains_by_trading() {
        let rules = bundled("shatranj");
        let eval = still(&rules);
        assert!(eval.bare && !Evaluation::new(&chess()).bare);
        // Three pieces against two, then the rooks traded: two against one.
        let before = "r3k3/p7/8/8/8/8/8/R3K1NN w - - 0 1";
        let after = "4k3/p7/8/8/8/8/8/4K1NN w - - 0 1";
        assert_eq!(
            gain(&eval, &rules, before, after),
            LAST_PIECES[1] - LAST_PIECES[2]
        );
    }

    #[test]
    fn a_type_that_only_moves_forward_gains_on_the_centre_files() {
        let rules = chess();
        let pawn = forward_centre(&rules, 5);
        let (a4, e2, e3, e4, e5) = (24, 12, 20, 28, 36);
        // Half-files from the centre: 6 on e, 0 on a, 3 on average.
        assert_eq!(pawn[e2], 0);
        assert_eq!(pawn[e3], 3 * PER_CENTRE_FILE);
        assert_eq!(pawn[e4], 6 * PER_CENTRE_FILE);
        assert_eq!(pawn[e5], pawn[e4]);
        assert_eq!(pawn[a4], -6 * PER_CENTRE_FILE);
        // Knights and kings move backward too.
        assert!(forward_centre(&rules, 4).is_empty() && forward_centre(&rules, 0).is_empty());
    }

    #[test]
    fn where_losing_every_piece_wins_material_counts_against_its_owner() {
        let rules = motley_interpreter::build(include_str!("../../spec/variants/antichess.yaml"))
            .unwrap()
            .rules;
        let eval = Evaluation::new(&rules);
        // White to move without its queen: better for White, by the queen's value
        // less the queen's square bonus at d1.
        let fewer = rules
            .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1")
            .unwrap();
        let queen_d1 = eval.squares[code(1, Color::White) as usize][3];
        assert_eq!(eval.evaluate(&rules, &fewer), 900 - queen_d1);
    }
}
