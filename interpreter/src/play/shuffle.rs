//! Shuffled starts (§6.4): the arrays a `shuffle` allows, counted and
//! numbered, and the start position a seed or a Chess960 number draws.
//!
//! Every allowed array has an index below [`Rules::arrangements`], read
//! as digits of mixed radix, one stage after another: the squares of each
//! `opposite_colours` group (a combination of the light and of the dark
//! squares left, then the group's pieces over them), the squares of the
//! `order` pieces (a combination of the squares left), then the other
//! pieces over the squares left (a permutation of a multiset). Each stage
//! has as many choices whatever the stages before chose, so an index drawn
//! uniformly draws every array alike.

use super::{PlayError, Position, Rules};
use crate::diagnostic::Span;
use crate::geometry::Square;
use crate::program::{code, Shuffle};

/// How a game's start is chosen (§6.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Start {
    /// The rule file's `setup`.
    #[default]
    Setup,
    /// The array a seed draws: index `SplitMix64(seed) mod` the number of
    /// arrays, or, where the Chess960 numbering applies, that number mod 960.
    Seed(u64),
    /// The array of this Chess960 number (Scharnagl's numbering, 0 to 959;
    /// 518 is the orthodox array): shuffles of eight pieces shaped as
    /// chess's only.
    Chess960(u32),
}

/// The most arrays a seed's draw tries, from the drawn index on, before
/// it gives up on finding a valid position.
const MAX_DRAWS: u64 = 1000;

/// How many arrays the Chess960 numbering counts.
pub const CHESS960_ARRAYS: u32 = 960;

/// Where the two knights of a Chess960 number stand among the five squares
/// left by the bishops and the queen (Scharnagl's table).
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The shuffled rank of a setup: White's squares in file order (holes
/// left out), the white piece codes the setup has there (0: empty), and
/// whether each square is light.
struct Rank<'a> {
    shuffle: &'a Shuffle,
    squares: Vec<Square>,
    pieces: Vec<u8>,
    light: Vec<bool>,
}

impl Rank<'_> {
    /// The pieces of the setup's rank in a group of types (a bit set).
    fn of(&self, types: u32) -> Vec<u8> {
        self.pieces
            .iter()
            .copied()
            .filter(|&p| p != 0 && types >> type_of(p) & 1 != 0)
            .collect()
    }

    /// The count of pieces of a type on the setup's rank.
    fn count(&self, ty: u8) -> usize {
        self.pieces
            .iter()
            .filter(|&&p| p != 0 && type_of(p) == ty)
            .count()
    }

    /// The pieces placed by neither `opposite_colours` nor `order`
    /// (empty squares as 0), sorted.
    fn rest(&self) -> Vec<u8> {
        let mut named = self.shuffle.opposite_colours.iter().fold(0, |a, g| a | g);
        for &ty in &self.shuffle.order {
            named |= 1 << ty;
        }
        let mut rest: Vec<u8> = self
            .pieces
            .iter()
            .copied()
            .filter(|&p| p == 0 || named >> type_of(p) & 1 == 0)
            .collect();
        rest.sort_unstable();
        rest
    }

    /// The choices of every stage, in the order an index is read.
    fn stages(&self) -> Vec<u64> {
        let mut stages = Vec::new();
        let (mut light, mut dark) = (
            self.light.iter().filter(|&&l| l).count(),
            self.light.iter().filter(|&&l| !l).count(),
        );
        for &group in &self.shuffle.opposite_colours {
            let pieces = self.of(group);
            let half = pieces.len() / 2;
            stages.push(binomial(light, half));
            stages.push(binomial(dark, half));
            stages.push(multinomial(&pieces));
            (light, dark) = (light - half, dark - half);
        }
        let left = light + dark;
        stages.push(binomial(left, self.shuffle.order.len()));
        stages.push(multinomial(&self.rest()));
        stages
    }

    /// The array of an index below the product of [`Rank::stages`]: the
    /// white piece code of each square.
    fn array(&self, mut index: u64) -> Vec<u8> {
        let mut digit = |size: u64| {
            let d = index % size;
            index /= size;
            d
        };
        let mut out = vec![None; self.squares.len()];
        for &group in &self.shuffle.opposite_colours {
            let pieces = self.of(group);
            let half = pieces.len() / 2;
            let mut chosen = Vec::new();
            for light in [true, false] {
                let free: Vec<usize> = (0..out.len())
                    .filter(|&i| out[i].is_none() && self.light[i] == light)
                    .collect();
                let picked = combination(free.len(), half, digit(binomial(free.len(), half)));
                chosen.extend(picked.into_iter().map(|k| free[k]));
            }
            chosen.sort_unstable();
            let placed = permutation(&pieces, digit(multinomial(&pieces)));
            for (i, p) in chosen.into_iter().zip(placed) {
                out[i] = Some(p);
            }
        }
        let free: Vec<usize> = (0..out.len()).filter(|&i| out[i].is_none()).collect();
        let n = self.shuffle.order.len();
        let picked = combination(free.len(), n, digit(binomial(free.len(), n)));
        for (k, &ty) in picked.into_iter().zip(&self.shuffle.order) {
            out[free[k]] = Some(code(ty as usize, 0));
        }
        let free: Vec<usize> = (0..out.len()).filter(|&i| out[i].is_none()).collect();
        let rest = self.rest();
        for (i, p) in free
            .into_iter()
            .zip(permutation(&rest, digit(multinomial(&rest))))
        {
            out[i] = Some(p);
        }
        out.into_iter().map(Option::unwrap_or_default).collect()
    }

    /// The types of a shuffle shaped as chess's (eight pieces: a pair on
    /// opposite colours, `order` of the form `[X, Y, X]`, one more single
    /// type and one more pair): (bishop, queen, knight, rook, king).
    fn chess960_shape(&self) -> Option<[u8; 5]> {
        let s = self.shuffle;
        let [group] = s.opposite_colours[..] else {
            return None;
        };
        let [rook, king, other] = s.order[..] else {
            return None;
        };
        let bishops = self.of(group);
        let rest = self.rest();
        let (single, pair): (Vec<u8>, Vec<u8>) = rest
            .iter()
            .partition(|&&p| rest.iter().filter(|&&q| q == p).count() == 1);
        let shaped = self.squares.len() == 8
            && !self.pieces.contains(&0)
            && bishops.len() == 2
            && bishops[0] == bishops[1]
            && rook == other
            && rook != king
            && self.count(rook) == 2
            && self.count(king) == 1
            && single.len() == 1
            && pair.len() == 2
            && pair[0] == pair[1];
        shaped.then(|| {
            [
                type_of(bishops[0]),
                type_of(single[0]),
                type_of(pair[0]),
                rook,
                king,
            ]
        })
    }

    /// The array of a Chess960 number, as Scharnagl numbers them: the
    /// bishops on b/d/f/h and a/c/e/g by the number's last two base-4
    /// digits, the queen on the n-th square left, the knights by the
    /// table, then rook, king, rook on the three squares left.
    fn chess960(&self, number: u32) -> Option<Vec<u8>> {
        let [bishop, queen, knight, rook, king] = self.chess960_shape()?;
        let white = |ty: u8| Some(code(ty as usize, 0));
        let mut out: [Option<u8>; 8] = [None; 8];
        let mut n = number as usize;
        out[2 * (n % 4) + 1] = white(bishop);
        n /= 4;
        out[2 * (n % 4)] = white(bishop);
        n /= 4;
        let free = |out: &[Option<u8>; 8]| -> Vec<usize> {
            (0..8).filter(|&i| out[i].is_none()).collect()
        };
        out[free(&out)[n % 6]] = white(queen);
        n /= 6;
        let (a, b) = KNIGHTS[n];
        let left = free(&out);
        out[left[a]] = white(knight);
        out[left[b]] = white(knight);
        for (i, ty) in free(&out).into_iter().zip([rook, king, rook]) {
            out[i] = white(ty);
        }
        Some(out.iter().map(|p| p.unwrap_or_default()).collect())
    }
}

/// `once`, `twice`, `3 times`.
fn times(n: usize) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

/// The piece type of a piece code.
fn type_of(piece: u8) -> u8 {
    (piece - 1) / 2
}

/// `n` choose `k`.
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    (0..k as u64).fold(1, |acc, i| acc * (n as u64 - i) / (i + 1))
}

/// The number of distinct orders of a sorted multiset.
fn multinomial(items: &[u8]) -> u64 {
    let mut total = 1;
    let mut placed = 0;
    let mut i = 0;
    while i < items.len() {
        let same = items[i..].iter().take_while(|&&x| x == items[i]).count();
        placed += same;
        total *= binomial(placed, same);
        i += same;
    }
    total
}

/// The `index`-th `k`-subset of `0..n`, in lexicographic order.
fn combination(n: usize, k: usize, mut index: u64) -> Vec<usize> {
    let mut out = Vec::with_capacity(k);
    for i in 0..n {
        if out.len() == k {
            break;
        }
        let need = k - out.len();
        let with = binomial(n - i - 1, need - 1);
        if index < with {
            out.push(i);
        } else {
            index -= with;
        }
    }
    out
}

/// The `index`-th distinct order of a sorted multiset, in lexicographic order.
fn permutation(items: &[u8], mut index: u64) -> Vec<u8> {
    let mut left = items.to_vec();
    let mut out = Vec::with_capacity(items.len());
    while !left.is_empty() {
        let mut k = 0;
        loop {
            let mut rest = left.clone();
            rest.remove(k);
            let count = multinomial(&rest);
            let next = k + left[k..].iter().take_while(|&&x| x == left[k]).count();
            if index < count || next >= left.len() {
                out.push(left.remove(k));
                break;
            }
            index -= count;
            k = next;
        }
    }
    out
}

/// SplitMix64's output for a seed: the index a seed draws.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rules {
    /// The shuffled rank of the setup, when the rule file has `shuffle`.
    fn shuffled_rank(&self) -> Option<Rank<'_>> {
        let shuffle = self.variant.shuffle.as_ref()?;
        let files = self.tables.files as usize;
        let rank = shuffle.rank as usize;
        let squares: Vec<Square> = (0..files)
            .map(|f| (rank * files + f) as Square)
            .filter(|&sq| !self.tables.holes.has(sq))
            .collect();
        Some(Rank {
            shuffle,
            pieces: squares
                .iter()
                .map(|&sq| self.start.board[sq as usize])
                .collect(),
            light: squares
                .iter()
                .map(|&sq| (sq as usize % files + rank) % 2 == 1)
                .collect(),
            squares,
        })
    }

    /// The square of Black's shuffled rank on the file of `sq`.
    fn mirrored(&self, sq: Square) -> Square {
        let files = self.tables.files as usize;
        let (file, rank) = (sq as usize % files, sq as usize / files);
        ((self.tables.ranks as usize - 1 - rank) * files + file) as Square
    }

    /// What keeps the setup's rank from being shuffled as `shuffle` says,
    /// if anything: Black's rank not White's mirrored, a group of an odd
    /// count, `order` naming other pieces than the rank holds, too few
    /// squares of a colour.
    pub(crate) fn shuffle_problem(&self) -> Option<(String, Span)> {
        let rank = self.shuffled_rank()?;
        let shuffle = rank.shuffle;
        let number = rank.shuffle.rank + 1;
        let letters =
            |pieces: &[u8]| -> String { pieces.iter().map(|&p| self.piece_text(p)).collect() };
        for (&sq, &piece) in rank.squares.iter().zip(&rank.pieces) {
            let black = self.start.board[self.mirrored(sq) as usize];
            if piece != 0 && (piece == crate::program::WALL || piece % 2 == 0) {
                return Some((format!(
                    "`shuffle` places White's pieces of rank {number}, but the setup has `{}` on {}",
                    self.piece_text(piece),
                    super::square_name(self.tables.files, sq)
                ), shuffle.span));
            }
            if black != if piece == 0 { 0 } else { piece + 1 } {
                return Some((
                    format!(
                        "`shuffle` draws one array for both sides: the setup's rank {} must hold \
                     Black's pieces where rank {number} holds White's (`{}`)",
                        self.tables.ranks - rank.shuffle.rank,
                        letters(&rank.pieces)
                    ),
                    shuffle.span,
                ));
            }
        }
        let (mut light, mut dark) = (0, 0);
        for (&group, &span) in shuffle.opposite_colours.iter().zip(&shuffle.group_spans) {
            let pieces = rank.of(group);
            if pieces.len() % 2 == 1 {
                return Some((
                    format!(
                        "an `opposite_colours` group stands half on each square colour, but rank \
                     {number} of the setup has {} of its pieces (`{}`)",
                        pieces.len(),
                        letters(&pieces)
                    ),
                    span,
                ));
            }
            light += pieces.len() / 2;
            dark += pieces.len() / 2;
        }
        let have_light = rank.light.iter().filter(|&&l| l).count();
        let have_dark = rank.light.len() - have_light;
        if light > have_light || dark > have_dark {
            return Some((
                format!(
                    "the `opposite_colours` groups need {light} light and {dark} dark squares of \
                 rank {number}; it has {have_light} light and {have_dark} dark"
                ),
                shuffle.span,
            ));
        }
        let order = &rank.shuffle.order;
        for &ty in order {
            let named = order.iter().filter(|&&t| t == ty).count();
            let stands = rank.count(ty);
            if named != stands {
                return Some((
                    format!(
                    "`shuffle.order` names `{}` {}, but rank {number} of the setup has {stands}: \
                     the order places every piece of its types",
                    self.piece_text(code(ty as usize, 0)),
                    times(named)
                ),
                    shuffle.order_span,
                ));
            }
        }
        None
    }

    /// How many arrays the rule file's `shuffle` allows (960 for chess);
    /// `None` without a `shuffle`.
    pub fn arrangements(&self) -> Option<u64> {
        let rank = self.shuffled_rank()?;
        Some(rank.stages().iter().product())
    }

    /// Whether the Chess960 numbering ([`Start::Chess960`]) applies: a
    /// shuffle of eight pieces shaped as chess's.
    pub fn has_chess960_numbering(&self) -> bool {
        self.shuffled_rank()
            .is_some_and(|r| r.chess960_shape().is_some())
    }

    /// The start position `start` chooses: the setup, or the array a seed
    /// or a Chess960 number draws, both sides' ranks alike. A seed whose
    /// array is no valid position (a king in check) takes the next index
    /// that is, trying up to 1000. Refused: a
    /// seed or number for a rule file without `shuffle`, a number of 960
    /// or more, a number where the Chess960 numbering does not apply.
    pub fn start_position(&self, start: Start) -> Result<Position, PlayError> {
        let refuse = |reason: String| Err(PlayError::Start { reason });
        let setup = || self.parse_fen(&self.variant.setup, None);
        let Some(rank) = self.shuffled_rank() else {
            if start == Start::Setup {
                return setup();
            }
            return refuse(format!(
                "variant `{}` has no shuffled start (`shuffle`, spec/LANGUAGE.md §6.4): it \
                 starts from its setup only",
                self.variant.name
            ));
        };
        let numbered = rank.chess960_shape().is_some();
        match start {
            Start::Seed(seed) => {
                // The drawn index, else the next ones: an array that is no
                // valid position (a king in check) is passed over.
                let count = if numbered {
                    u64::from(CHESS960_ARRAYS)
                } else {
                    rank.stages().iter().product()
                };
                let first = mix(seed) % count;
                let mut refused = None;
                for k in 0..count.min(MAX_DRAWS) {
                    let index = (first + k) % count;
                    let array = if numbered {
                        rank.chess960(index as u32).unwrap_or_default()
                    } else {
                        rank.array(index)
                    };
                    match self.array_position(&rank, &array) {
                        Ok(pos) => return Ok(pos),
                        Err(e) => refused = refused.or(Some(e)),
                    }
                }
                Err(refused.unwrap_or(PlayError::Start {
                    reason: "no array to draw".to_string(),
                }))
            }
            Start::Chess960(_) if !numbered => refuse(format!(
                "the Chess960 numbering counts arrays of eight pieces shaped as chess's (two on \
                 opposite colours, `order: [R, K, R]`, one more piece and one more pair); the \
                 shuffle of `{}` is not: choose its start with a seed",
                self.variant.name
            )),
            Start::Chess960(n) if n >= CHESS960_ARRAYS => refuse(format!(
                "Chess960 position {n} is out of range: the numbers run from 0 to 959 (518 is the \
                 orthodox array)"
            )),
            Start::Chess960(n) => {
                let array = rank.chess960(n).unwrap_or_default();
                self.array_position(&rank, &array)
            }
            Start::Setup => setup(),
        }
    }

    /// The setup with `array` (white piece codes by square of the
    /// shuffled rank) on White's rank and mirrored on Black's, read as a
    /// FEN so that it is a valid position.
    fn array_position(&self, rank: &Rank, array: &[u8]) -> Result<Position, PlayError> {
        let mut pos = self.start.clone();
        // Castling rights travel with the type: a piece keeps them where
        // every piece of its type on the setup's rank had them.
        let unmoved = |piece: u8| {
            rank.squares
                .iter()
                .zip(&rank.pieces)
                .filter(|(_, &p)| p == piece)
                .all(|(&sq, _)| self.start.virgin.has(sq))
        };
        let mut virgin = pos.virgin;
        for (&sq, &piece) in rank.squares.iter().zip(array) {
            for (at, code) in [
                (sq, piece),
                (self.mirrored(sq), piece + u8::from(piece != 0)),
            ] {
                pos.board[at as usize] = code;
                pos.promoted.clear(at);
                if code != 0 && unmoved(piece) {
                    virgin.set(at);
                } else {
                    virgin.clear(at);
                }
            }
        }
        pos.virgin = virgin;
        self.parse_fen(&self.fen(&pos), None)
    }

    /// These rules starting from `start` ([`Rules::start_position`]): the
    /// drawn array becomes the setup, which FEN's unmoved pieces (§6.3)
    /// refer to.
    pub fn starting(&self, start: Start) -> Result<Rules, PlayError> {
        let position = self.start_position(start)?;
        let mut rules = self.clone();
        rules.start = position;
        Ok(rules)
    }
}
