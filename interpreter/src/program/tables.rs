//! The compiled tables of a variant, as `compile` builds them and `play`
//! reads them: per-square walks of every piece, attack probes, promotion
//! zones, piece codes.
//!
//! A piece code is `1 + 2 * type + colour` (0 is an empty square); attack
//! masks are sets of piece codes, so one test checks colour and type
//! together.

use crate::geometry::{Bits, Square, SquareSet};

/// Flags of a compiled path.
pub mod flag {
    /// May end on an empty square.
    pub const MOVE: u8 = 1;
    /// May capture an enemy piece.
    pub const CAPTURE: u8 = 2;
    /// May capture en passant.
    pub const EN_PASSANT: u8 = 4;
    /// Only as the piece's first move.
    pub const INITIAL: u8 = 8;
    /// A non-capturing move along it makes the squares passed en passant targets.
    pub const MARKS_EN_PASSANT: u8 = 16;
}

/// How a compiled path is walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// The single step is the target.
    Leap,
    /// All steps but the last must be empty; the last is the target.
    Lame,
    /// Every step is a target until the first occupied one.
    Slide,
    /// Targets lie beyond the first occupied step (the screen), up to the next occupied one.
    Hop,
    /// The one target is the step right after the screen.
    Grasshop,
    /// The single step is captured without moving.
    Shoot,
    /// A multi-leg move (§4.5). Its steps are a header, the route and the
    /// last leg: the number of route squares, their needs (two bits each:
    /// [`crate::program::NEED_EMPTY`], [`crate::program::NEED_OCCUPIED`]), the
    /// route squares, then the last leg's squares, each a target until the
    /// first occupied one (one square for a leap).
    Bent,
}

/// A bent path's parts: the route squares with their needs, and the last
/// leg's squares.
#[inline]
pub fn bent_parts(steps: &[Square]) -> (&[Square], u8, &[Square]) {
    let count = steps[0] as usize;
    (&steps[2..2 + count], steps[1], &steps[2 + count..])
}

/// One direction of one piece from one square: a run of squares in the step pool.
#[derive(Clone, Copy, Debug)]
pub struct Path {
    /// First step in the pool.
    pub start: u32,
    /// Number of steps.
    pub len: u16,
    /// How it is walked.
    pub walk: Walk,
    /// [`flag`] bits.
    pub flags: u8,
}

impl Path {
    /// Whether it is plain: a leap or a slide with no flags but
    /// [`flag::MOVE`] and [`flag::CAPTURE`].
    pub(crate) fn is_plain(&self) -> bool {
        matches!(self.walk, Walk::Leap | Walk::Slide)
            && self.flags & !(flag::MOVE | flag::CAPTURE) == 0
    }
}

/// A straight line of squares leading away from a square, with the piece
/// codes that attack the square from each distance along it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub(crate) start: u32,
    pub(crate) len: u16,
    pub(crate) masks: u32,
    /// Its squares within reach (the first `len`): an attack along it
    /// needs an attacker on one of them.
    pub(crate) squares: Bits,
}

/// The compiled tables of a variant.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Number of squares.
    pub squares: usize,
    /// The holes: squares that are not part of the board (§2.1).
    pub holes: Bits,
    /// Number of real piece types (virtual movement types follow them).
    pub types: usize,
    /// Per square: its file and rank ([`Tables::file_rank`]).
    pub(crate) coords: Vec<(u8, u8)>,
    pub(crate) steps: Vec<Square>,
    pub(crate) paths: Vec<Path>,
    /// Per (code, square): range into `paths`.
    pub(crate) path_index: Vec<(u32, u32)>,
    /// Per (code, square): every square a capturing path passes or ends
    /// on, whatever stands on the board: where the piece could capture
    /// ([`Tables::add_capture_spans`]).
    pub(crate) capture_span: Vec<Bits>,
    /// Per (attacker colour, square): range into `leap_probes`.
    pub(crate) leap_index: Vec<(u32, u32)>,
    pub(crate) leap_probes: Vec<(Square, u64)>,
    /// Per (attacker colour, square): the squares of its leap probes.
    pub(crate) leap_squares: Vec<Bits>,
    /// Per (attacker colour, square): range into `rays`.
    pub(crate) ray_index: Vec<(u32, u32)>,
    pub(crate) rays: Vec<Ray>,
    pub(crate) ray_masks: Vec<u64>,
    /// Per attacker colour: codes whose attacks the probes do not cover.
    pub complex: [u64; 2],
    /// Per (code, square): 1 + index of the first promotion rule whose zone
    /// holds it as a move's target, or 0.
    pub(crate) promotion_index: Vec<u8>,
    /// The same for zones that judge a move's origin (`zone_of`, §9); empty
    /// when no rule does.
    pub(crate) promotion_from_index: Vec<u8>,
    /// Per code: types (bit set) its hops may not use as a screen.
    pub screens_not: Vec<u32>,
    /// Per code: types (bit set) it may not capture.
    pub captures_not: Vec<u32>,
    /// Codes (bit set) whose paths from some square can give one move twice
    /// (overlapping Betza components, or a plain move and an en passant
    /// capture to one square): their moves are made unique.
    pub overlapping: u64,
    /// Codes (bit set) whose paths, from every square, are plain: leaps and
    /// slides that move or capture only (no first-move, en passant or
    /// passing flag), every step a target until the first occupied one.
    pub(crate) plain: u64,
    /// Codes (bit set) whose paths, from every square, are leaps
    /// ([`Walk::Leap`], [`Walk::Lame`]): each ends on its one target, with
    /// whatever flags.
    pub(crate) leaping: u64,
    /// Codes (bit set) that some promotion rule applies to.
    pub(crate) promoting: u64,
}

/// The piece code of `type` for `colour` (0 White, 1 Black).
#[inline]
pub fn code(piece_type: usize, colour: usize) -> u8 {
    (1 + 2 * piece_type + colour) as u8
}

/// The board code of a wall square (§11.6): above every piece code of a
/// variant with walls (at most 31 types), and in every capturer's
/// `captures_not` set, so that no piece enters it and sliders stop there.
pub const WALL: u8 = 63;

impl Tables {
    /// The paths of the piece `code` standing on `sq`.
    #[inline]
    pub fn paths(&self, code: u8, sq: Square) -> &[Path] {
        let (a, b) = self.path_index[code as usize * self.squares + sq as usize];
        &self.paths[a as usize..b as usize]
    }

    /// Whether the piece `code` standing on `from` may have a capturing
    /// path through `to` (on an empty board; an imitator or a piece with
    /// contextual movement by any movement it may take): if not, it cannot
    /// capture there.
    #[inline]
    pub fn may_capture_on(&self, code: u8, from: Square, to: Square) -> bool {
        self.capture_span[code as usize * self.squares + from as usize].has(to)
    }

    /// The file and rank of `sq`, read from a table: play's hot paths
    /// never divide by the number of files.
    #[inline]
    pub fn file_rank(&self, sq: Square) -> (usize, usize) {
        let (file, rank) = self.coords[sq as usize];
        (file as usize, rank as usize)
    }

    /// Whether the piece `mover`, moving along the paths of the movement
    /// code `movement`, makes plain moves only: its paths are plain
    /// ([`Tables::plain`]) and no promotion rule applies to it.
    #[inline]
    pub(crate) fn moves_plainly(&self, mover: u8, movement: u8) -> bool {
        self.plain >> movement & 1 != 0 && self.promoting >> mover & 1 == 0
    }

    /// The squares of a path.
    #[inline]
    pub fn steps(&self, p: &Path) -> &[Square] {
        &self.steps[p.start as usize..p.start as usize + p.len as usize]
    }

    /// The promotion rule (index) for `code` arriving on `sq`, if any.
    #[inline]
    pub fn promotion(&self, code: u8, sq: Square) -> Option<usize> {
        match self.promotion_index[code as usize * self.squares + sq as usize] {
            0 => None,
            i => Some(i as usize - 1),
        }
    }

    /// The first promotion rule (index) that may apply to a move of `code`
    /// from `from` to `to`: by the target's zone, or by the origin's where
    /// a rule judges origins.
    #[inline]
    pub fn promotion_of_move(&self, code: u8, from: Square, to: Square) -> Option<usize> {
        let by_target = self.promotion(code, to);
        if self.promotion_from_index.is_empty() {
            return by_target;
        }
        let by_origin =
            match self.promotion_from_index[code as usize * self.squares + from as usize] {
                0 => None,
                i => Some(i as usize - 1),
            };
        match (by_target, by_origin) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The leap probes of `sq` for attackers of `colour`: each square a
    /// leaper may attack `sq` from, with the piece codes (bit set) that do.
    #[inline]
    pub fn leaps_to(&self, sq: Square, colour: usize) -> &[(Square, u64)] {
        let (a, b) = self.leap_index[colour * self.squares + sq as usize];
        &self.leap_probes[a as usize..b as usize]
    }

    /// The rays of `sq` for attackers of `colour`: each line of squares
    /// leading away from `sq`, with the piece codes (bit set) that attack
    /// `sq` from each distance along it (as long as the line is open).
    #[inline]
    pub fn rays_to(&self, sq: Square, colour: usize) -> impl Iterator<Item = (&[Square], &[u64])> {
        let (a, b) = self.ray_index[colour * self.squares + sq as usize];
        self.rays[a as usize..b as usize].iter().map(|ray| {
            let len = ray.len as usize;
            (
                &self.steps[ray.start as usize..ray.start as usize + len],
                &self.ray_masks[ray.masks as usize..ray.masks as usize + len],
            )
        })
    }

    /// Whether a piece of `colour` attacks `sq` by a leap or a slide, given
    /// the board and the squares of `colour`'s pieces, `own`; pieces on
    /// `inert` squares (frozen) attack nothing but block. Leaps and rays
    /// without a piece of `colour` are not looked at. Complex attackers (see
    /// [`Tables::complex`]) are the caller's to test.
    #[inline]
    pub fn probes_attack<S: SquareSet>(
        &self,
        board: &[u8],
        sq: Square,
        colour: usize,
        (own, inert): (S, &S),
    ) -> bool {
        let i = colour * self.squares + sq as usize;
        if !(S::from_bits(self.leap_squares[i]) & own).is_empty() {
            let (a, b) = self.leap_index[i];
            for &(at, mask) in &self.leap_probes[a as usize..b as usize] {
                if mask >> board[at as usize] & 1 != 0 && !inert.has(at) {
                    return true;
                }
            }
        }
        let (a, b) = self.ray_index[i];
        for ray in &self.rays[a as usize..b as usize] {
            if (S::from_bits(ray.squares) & own).is_empty() {
                continue;
            }
            let line = &self.steps[ray.start as usize..];
            let masks = &self.ray_masks[ray.masks as usize..ray.masks as usize + ray.len as usize];
            for (k, &mask) in masks.iter().enumerate() {
                let occupant = board[line[k] as usize];
                if occupant != 0 {
                    if mask >> occupant & 1 != 0 && !inert.has(line[k]) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }
}
