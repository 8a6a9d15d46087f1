//! Compile: a checked [`Variant`] → flat tables, so the hot path never
//! reads text or recomputes geometry.
//!
//! Squares are numbered `rank * files + file` from a1 = 0. A piece code is
//! `1 + 2 * type + colour` (0 is an empty square); attack masks are sets of
//! piece codes, so one test checks colour and type together.

use crate::check::{Travel, Variant};

/// A square index, `rank * files + file`.
pub type Square = u8;

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

/// A straight line of squares leading away from a square, with the piece
/// codes that attack the square from each distance along it.
#[derive(Clone, Copy, Debug)]
struct Ray {
    start: u32,
    len: u16,
    masks: u32,
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
    /// Number of real piece types (virtual movement types follow them).
    pub types: usize,
    steps: Vec<Square>,
    paths: Vec<Path>,
    /// Per (code, square): range into `paths`.
    path_index: Vec<(u32, u32)>,
    /// Per (attacker colour, square): range into `leap_probes`.
    leap_index: Vec<(u32, u32)>,
    leap_probes: Vec<(Square, u64)>,
    /// Per (attacker colour, square): range into `rays`.
    ray_index: Vec<(u32, u32)>,
    rays: Vec<Ray>,
    ray_masks: Vec<u64>,
    /// Per attacker colour: codes whose attacks the probes do not cover.
    pub complex: [u64; 2],
    /// Per (code, square): 1 + index of the promotion rule whose zone holds it, or 0.
    promotion_index: Vec<u8>,
    /// Codes (bit set) whose paths from some square can give one move twice
    /// (overlapping Betza components, or a plain move and an en passant
    /// capture to one square): their moves are made unique.
    pub overlapping: u64,
}

/// The piece code of `type` for `colour` (0 White, 1 Black).
#[inline]
pub fn code(piece_type: usize, colour: usize) -> u8 {
    (1 + 2 * piece_type + colour) as u8
}

impl Tables {
    /// Builds the tables of a checked variant.
    #[expect(clippy::too_many_lines, reason = "to be split (issue 14)")]
    pub fn new(v: &Variant) -> Tables {
        let (files, ranks) = (v.files as i32, v.ranks as i32);
        let squares = (files * ranks) as usize;
        let types = v.pieces.len();
        let all: Vec<&crate::check::PieceType> = v.pieces.iter().chain(&v.virtual_pieces).collect();
        let codes = 1 + 2 * all.len();
        let mut t = Tables {
            files: v.files,
            ranks: v.ranks,
            squares,
            types,
            steps: Vec::new(),
            paths: Vec::new(),
            path_index: vec![(0, 0); codes * squares],
            leap_index: vec![(0, 0); 2 * squares],
            leap_probes: Vec::new(),
            ray_index: vec![(0, 0); 2 * squares],
            rays: Vec::new(),
            ray_masks: Vec::new(),
            complex: [0; 2],
            promotion_index: vec![0; codes * squares],
            overlapping: 0,
        };
        let on_board = |f: i32, r: i32| (0..files).contains(&f) && (0..ranks).contains(&r);
        let has_en_passant: Vec<bool> = all
            .iter()
            .map(|p| p.movements.iter().any(|m| m.en_passant))
            .collect();

        // Movement paths, of the real types and then of the virtual ones.
        for (ty, piece) in all.iter().enumerate() {
            for colour in 0..2 {
                let c = code(ty, colour) as usize;
                for sq in 0..squares {
                    let (f0, r0) = ((sq as i32) % files, (sq as i32) / files);
                    let first = t.paths.len() as u32;
                    for m in &piece.movements {
                        if m.condition
                            .is_some_and(|c| !piece.conditions[c][colour][sq])
                        {
                            continue;
                        }
                        let (dx, dy) = (
                            m.dx as i32,
                            if colour == 0 {
                                m.dy as i32
                            } else {
                                -(m.dy as i32)
                            },
                        );
                        let start = t.steps.len() as u32;
                        let (walk, limit) = match m.travel {
                            Travel::Leap => (Walk::Leap, 1),
                            Travel::Shoot => (Walk::Shoot, 1),
                            Travel::Lame => (Walk::Lame, 1),
                            Travel::Slide(n) => (Walk::Slide, n),
                            Travel::Hop(n) => (Walk::Hop, n),
                            Travel::Grasshop(n) => (Walk::Grasshop, n),
                        };
                        if walk == Walk::Lame {
                            let (tf, tr) = (f0 + dx, r0 + dy);
                            if !on_board(tf, tr) {
                                continue;
                            }
                            for (f, r) in lame_route(dx, dy) {
                                t.steps.push(((r0 + r) * files + f0 + f) as Square);
                            }
                            t.steps.push((tr * files + tf) as Square);
                        } else {
                            let (mut f, mut r, mut k) = (f0 + dx, r0 + dy, 0);
                            while on_board(f, r) && (limit == 0 || k < limit) {
                                t.steps.push((r * files + f) as Square);
                                f += dx;
                                r += dy;
                                k += 1;
                            }
                            // Hoppers may pass their range while looking for a screen.
                            if matches!(walk, Walk::Hop | Walk::Grasshop) && limit != 0 {
                                while on_board(f, r) {
                                    t.steps.push((r * files + f) as Square);
                                    f += dx;
                                    r += dy;
                                }
                            }
                        }
                        let len = (t.steps.len() as u32 - start) as u16;
                        if len == 0 {
                            continue;
                        }
                        let mut flags = 0;
                        for (on, bit) in [
                            (m.moves, flag::MOVE),
                            (m.captures, flag::CAPTURE),
                            (m.en_passant, flag::EN_PASSANT),
                            (m.initial, flag::INITIAL),
                            (
                                m.moves
                                    && has_en_passant[ty]
                                    && (walk == Walk::Lame || walk == Walk::Slide),
                                flag::MARKS_EN_PASSANT,
                            ),
                        ] {
                            if on {
                                flags |= bit;
                            }
                        }
                        t.paths.push(Path {
                            start,
                            len,
                            walk,
                            flags,
                        });
                    }
                    t.path_index[c * squares + sq] = (first, t.paths.len() as u32);
                    if t.paths_overlap(first as usize) {
                        t.overlapping |= 1 << c;
                    }
                }
            }
        }

        // Attack probes: for each square, where each attacker stands.
        for colour in 0..2 {
            for sq in 0..squares {
                let (f0, r0) = ((sq as i32) % files, (sq as i32) / files);
                let first_leap = t.leap_probes.len() as u32;
                let mut rays: Vec<((i32, i32), Vec<u64>)> = Vec::new();
                for (ty, piece) in v.pieces.iter().enumerate() {
                    let bit = 1u64 << code(ty, colour);
                    if piece.imitation.is_some() {
                        t.complex[colour] |= bit;
                    }
                    for m in &piece.movements {
                        if !m.captures {
                            continue;
                        }
                        let (dx, dy) = (
                            m.dx as i32,
                            if colour == 0 {
                                m.dy as i32
                            } else {
                                -(m.dy as i32)
                            },
                        );
                        match m.travel {
                            _ if m.initial || m.condition.is_some() => t.complex[colour] |= bit,
                            Travel::Leap => {
                                let (f, r) = (f0 - dx, r0 - dy);
                                if on_board(f, r) {
                                    let at = (r * files + f) as Square;
                                    match t.leap_probes[first_leap as usize..]
                                        .iter_mut()
                                        .find(|p| p.0 == at)
                                    {
                                        Some(p) => p.1 |= bit,
                                        None => t.leap_probes.push((at, bit)),
                                    }
                                }
                            }
                            Travel::Slide(n) => {
                                let reach = if n == 0 { u32::MAX } else { n } as usize;
                                let entry = match rays.iter().position(|r| r.0 == (-dx, -dy)) {
                                    Some(i) => i,
                                    None => {
                                        rays.push(((-dx, -dy), Vec::new()));
                                        rays.len() - 1
                                    }
                                };
                                let (mut f, mut r, mut k) = (f0 - dx, r0 - dy, 0usize);
                                while on_board(f, r) && k < reach {
                                    let masks = &mut rays[entry].1;
                                    if masks.len() <= k {
                                        masks.resize(k + 1, 0);
                                    }
                                    masks[k] |= bit;
                                    f -= dx;
                                    r -= dy;
                                    k += 1;
                                }
                            }
                            _ => t.complex[colour] |= bit,
                        }
                    }
                }
                t.leap_index[colour * squares + sq] = (first_leap, t.leap_probes.len() as u32);
                let first_ray = t.rays.len() as u32;
                for ((dx, dy), masks) in rays {
                    if masks.is_empty() {
                        continue;
                    }
                    let start = t.steps.len() as u32;
                    let (mut f, mut r) = (f0 + dx, r0 + dy);
                    while on_board(f, r) {
                        t.steps.push((r * files + f) as Square);
                        f += dx;
                        r += dy;
                    }
                    let masks_at = t.ray_masks.len() as u32;
                    t.ray_masks.extend(&masks);
                    t.rays.push(Ray {
                        start,
                        len: masks.len() as u16,
                        masks: masks_at,
                    });
                }
                t.ray_index[colour * squares + sq] = (first_ray, t.rays.len() as u32);
            }
        }

        // Promotion zones.
        for (i, rule) in v.promotions.iter().enumerate() {
            for ty in (0..types).filter(|ty| rule.pieces >> ty & 1 == 1) {
                for colour in 0..2 {
                    let c = code(ty, colour) as usize;
                    for sq in 0..squares {
                        if rule.zone[colour][sq] && t.promotion_index[c * squares + sq] == 0 {
                            t.promotion_index[c * squares + sq] = (i + 1) as u8;
                        }
                    }
                }
            }
        }
        t
    }

    /// Whether the paths from `first` on (one piece on one square) can reach
    /// one square twice, or both move to and capture en passant on one.
    fn paths_overlap(&self, first: usize) -> bool {
        let paths = &self.paths[first..];
        let mut seen: Vec<Square> = Vec::new();
        for p in paths {
            if p.flags & flag::MOVE != 0 && p.flags & flag::EN_PASSANT != 0 {
                return true;
            }
            let steps = self.steps(p);
            let targets = match p.walk {
                Walk::Leap | Walk::Lame | Walk::Shoot => &steps[steps.len() - 1..],
                Walk::Slide | Walk::Hop | Walk::Grasshop => steps,
            };
            if targets.iter().any(|t| seen.contains(t)) {
                return true;
            }
            seen.extend_from_slice(targets);
        }
        false
    }

    /// The paths of the piece `code` standing on `sq`.
    #[inline]
    pub fn paths(&self, code: u8, sq: Square) -> &[Path] {
        let (a, b) = self.path_index[code as usize * self.squares + sq as usize];
        &self.paths[a as usize..b as usize]
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

    /// Whether a piece of `colour` attacks `sq` by a leap or a slide, given
    /// the board; pieces on `inert` squares (frozen) attack nothing but block.
    /// Complex attackers (see [`Tables::complex`]) are the caller's to test.
    #[inline]
    pub fn probes_attack(
        &self,
        board: &[u8],
        sq: Square,
        colour: usize,
        inert: &crate::play::Bits,
    ) -> bool {
        let i = colour * self.squares + sq as usize;
        let (a, b) = self.leap_index[i];
        for &(at, mask) in &self.leap_probes[a as usize..b as usize] {
            if mask >> board[at as usize] & 1 != 0 && !inert.has(at) {
                return true;
            }
        }
        let (a, b) = self.ray_index[i];
        for ray in &self.rays[a as usize..b as usize] {
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

/// The squares a lame leap `(dx, dy)` passes, relative to its origin:
/// along the line for straight leaps; for oblique ones, one orthogonal step
/// along the longer axis, then diagonal steps.
fn lame_route(dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let (sx, sy) = (dx.signum(), dy.signum());
    let n = dx.abs().max(dy.abs());
    let mut out = Vec::new();
    if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
        for k in 1..n {
            out.push((sx * k, sy * k));
        }
    } else {
        let (mut f, mut r) = if dx.abs() > dy.abs() {
            (sx, 0)
        } else {
            (0, sy)
        };
        while (f, r) != (dx, dy) {
            out.push((f, r));
            if f != dx {
                f += sx;
            }
            if r != dy {
                r += sy;
            }
        }
    }
    out
}
