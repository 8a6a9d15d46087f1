//! Compile: a checked [`Variant`] → flat tables ([`Tables`], defined in
//! `program/tables.rs`), so the hot path never reads text or recomputes
//! geometry.
//!
//! Squares are numbered `rank * files + file` from a1 = 0. A piece code is
//! `1 + 2 * type + colour` (0 is an empty square); attack masks are sets of
//! piece codes, so one test checks colour and type together.

mod program;

/// The compile phase: a checked variant → its [`Program`], the form
/// `play` reads (tables and derived flags computed once).
pub(crate) fn compile(variant: Variant) -> Program {
    Program::new(variant)
}

use crate::geometry::{Bits, Square};
use crate::program::{
    bent_parts, code, flag, Movement, Path, PieceType, Program, Ray, Tables, Travel, Variant, Walk,
    WALL,
};

/// The `captures_not` bit of [`WALL`]'s place among the types.
const WALL_TYPE_BIT: u32 = 1 << ((WALL as usize - 1) / 2);

/// The board's shape for building tables: file and rank arithmetic that
/// may step off the board.
#[derive(Clone, Copy)]
struct Grid<'v> {
    files: i32,
    ranks: i32,
    /// Per square: a hole, not part of the board (empty: none).
    holes: &'v [bool],
}

impl Grid<'_> {
    /// Whether (file, rank) is on the board: inside it and not a hole.
    fn on_board(self, f: i32, r: i32) -> bool {
        (0..self.files).contains(&f)
            && (0..self.ranks).contains(&r)
            && !self
                .holes
                .get((r * self.files + f) as usize)
                .is_some_and(|&h| h)
    }

    /// The square at (file, rank), which is on the board.
    fn square(self, f: i32, r: i32) -> Square {
        (r * self.files + f) as Square
    }

    /// The (file, rank) of a square.
    fn coords(self, sq: usize) -> (i32, i32) {
        ((sq as i32) % self.files, (sq as i32) / self.files)
    }
}

/// A movement's step for `colour`: Black's mirror White's forward.
fn oriented(m: &Movement, colour: usize) -> (i32, i32) {
    let dy = m.dy as i32;
    (m.dx as i32, if colour == 0 { dy } else { -dy })
}

impl Tables {
    /// Builds the tables of a checked variant.
    pub fn new(v: &Variant) -> Tables {
        let grid = Grid {
            files: v.files as i32,
            ranks: v.ranks as i32,
            holes: &v.holes,
        };
        let squares = (grid.files * grid.ranks) as usize;
        let types = v.pieces.len();
        let all: Vec<&PieceType> = v.pieces.iter().chain(&v.virtual_pieces).collect();
        let codes = 1 + 2 * all.len();
        let mut t = Tables {
            files: v.files,
            ranks: v.ranks,
            squares,
            holes: holes_of(&v.holes),
            types,
            coords: (0..squares)
                .map(|sq| {
                    let (file, rank) = grid.coords(sq);
                    (file as u8, rank as u8)
                })
                .collect(),
            steps: Vec::new(),
            paths: Vec::new(),
            path_index: vec![(0, 0); codes * squares],
            capture_span: Vec::new(),
            leap_index: vec![(0, 0); 2 * squares],
            leap_probes: Vec::new(),
            leap_squares: vec![Bits::default(); 2 * squares],
            ray_index: vec![(0, 0); 2 * squares],
            rays: Vec::new(),
            ray_masks: Vec::new(),
            complex: [0; 2],
            promotion_index: vec![0; codes * squares],
            promotion_from_index: Vec::new(),
            overlapping: 0,
            plain: 0,
            leaping: 0,
            promoting: 0,
            screens_not: (0..codes)
                .map(|c| c.checked_sub(1).map_or(0, |c| all[c / 2].screens_not))
                .collect(),
            captures_not: (0..codes)
                .map(|c| c.checked_sub(1).map_or(0, |c| all[c / 2].captures_not))
                .map(|mask| {
                    if v.walls.is_some() {
                        mask | WALL_TYPE_BIT
                    } else {
                        mask
                    }
                })
                .collect(),
        };
        // Movement paths, of the real types and then of the virtual ones.
        for (ty, piece) in all.iter().enumerate() {
            let has_en_passant = piece.movements.iter().any(|m| m.en_passant);
            for colour in 0..2 {
                for sq in 0..squares {
                    t.add_paths(grid, piece, code(ty, colour), sq, has_en_passant);
                }
            }
        }
        // The codes whose every path, from every square, passes `test`.
        let codes_whose_paths = |test: fn(&Path) -> bool| {
            (1..codes)
                .filter(|&c| {
                    t.path_index[c * squares..(c + 1) * squares]
                        .iter()
                        .all(|&(a, b)| t.paths[a as usize..b as usize].iter().all(test))
                })
                .fold(0, |set, c| set | 1 << c)
        };
        t.plain = codes_whose_paths(Path::is_plain);
        t.leaping = codes_whose_paths(|p| matches!(p.walk, Walk::Leap | Walk::Lame));
        t.add_capture_spans(v);
        // Attack probes: for each square, where each attacker stands.
        for colour in 0..2 {
            for sq in 0..squares {
                t.add_probes(grid, &v.pieces, colour, sq);
            }
        }
        t.add_promotion_zones(v);
        t
    }

    /// Per (code, square): where the piece could capture on an empty
    /// board ([`Tables::may_capture_on`]): its capturing paths' squares,
    /// and for an imitator or a piece with movement entries that read the
    /// move context, those of every movement it may take.
    fn add_capture_spans(&mut self, v: &Variant) {
        let own: Vec<Bits> = self
            .path_index
            .iter()
            .map(|&(a, b)| {
                let mut span = Bits::default();
                for path in &self.paths[a as usize..b as usize] {
                    if path.flags & flag::CAPTURE != 0 {
                        for &s in self.steps(path) {
                            span.set(s);
                        }
                    }
                }
                span
            })
            .collect();
        self.capture_span.clone_from(&own);
        for (ty, piece) in v.pieces.iter().enumerate() {
            let taken = piece
                .imitation
                .iter()
                .flat_map(|i| i.as_type.iter().flatten());
            let contextual = piece.contextual.iter().map(|(_, movement, _)| movement);
            for &movement in taken.chain(contextual) {
                for colour in 0..2 {
                    let (real, other) = (
                        code(ty, colour) as usize,
                        code(self.types + movement as usize, colour) as usize,
                    );
                    for sq in 0..self.squares {
                        let span = &mut self.capture_span[real * self.squares + sq];
                        *span = *span | own[other * self.squares + sq];
                    }
                }
            }
        }
    }

    /// The paths of the piece with code `c` from square `sq`.
    fn add_paths(&mut self, grid: Grid, piece: &PieceType, c: u8, sq: usize, has_en_passant: bool) {
        let colour = (c as usize - 1) & 1;
        let (f0, r0) = grid.coords(sq);
        let first = self.paths.len() as u32;
        for m in &piece.movements {
            if m.condition
                .is_some_and(|c| !piece.conditions[c][colour][sq])
            {
                continue;
            }
            let (dx, dy) = oriented(m, colour);
            let start = self.steps.len() as u32;
            let (walk, limit) = match m.travel {
                Travel::Leap => (Walk::Leap, 1),
                Travel::Shoot => (Walk::Shoot, 1),
                Travel::Lame => (Walk::Lame, 1),
                Travel::Slide(n) => (Walk::Slide, n),
                Travel::Hop(n) => (Walk::Hop, n),
                Travel::Grasshop(n) => (Walk::Grasshop, n),
                Travel::Bent(_) => (Walk::Bent, 0),
            };
            if let Travel::Bent(route) = m.travel {
                if !self.push_bent_steps(grid, route, (f0, r0), (dx, dy), colour) {
                    continue;
                }
            } else if walk == Walk::Lame {
                let (tf, tr) = (f0 + dx, r0 + dy);
                let route = lame_route(dx, dy);
                if !grid.on_board(tf, tr)
                    || route.iter().any(|&(f, r)| !grid.on_board(f0 + f, r0 + r))
                {
                    continue;
                }
                for (f, r) in route {
                    self.steps.push(grid.square(f0 + f, r0 + r));
                }
                self.steps.push(grid.square(tf, tr));
            } else {
                let (mut f, mut r, mut k) = (f0 + dx, r0 + dy, 0);
                while grid.on_board(f, r) && (limit == 0 || k < limit) {
                    self.steps.push(grid.square(f, r));
                    f += dx;
                    r += dy;
                    k += 1;
                }
            }
            let len = (self.steps.len() as u32 - start) as u16;
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
                    m.moves && has_en_passant && (walk == Walk::Lame || walk == Walk::Slide),
                    flag::MARKS_EN_PASSANT,
                ),
            ] {
                if on {
                    flags |= bit;
                }
            }
            self.paths.push(Path {
                start,
                len,
                walk,
                flags,
            });
        }
        let c = c as usize;
        self.path_index[c * self.squares + sq] = (first, self.paths.len() as u32);
        if self.paths_overlap(first as usize) {
            self.overlapping |= 1 << c;
        }
    }

    /// Pushes the steps of a multi-leg move from (f0, r0) (see
    /// [`Walk::Bent`]); false, with nothing pushed, when it leaves the board.
    fn push_bent_steps(
        &mut self,
        grid: Grid,
        route: crate::program::Route,
        (f0, r0): (i32, i32),
        (dx, dy): (i32, i32),
        colour: usize,
    ) -> bool {
        let flip = |(x, y): (i8, i8)| (x as i32, if colour == 0 { y } else { -y } as i32);
        let points: Vec<(i32, i32)> = route.points[..route.count as usize]
            .iter()
            .map(|&p| flip(p))
            .map(|(x, y)| (f0 + x, r0 + y))
            .collect();
        if points.iter().any(|&(f, r)| !grid.on_board(f, r)) {
            return false;
        }
        let start = self.steps.len();
        self.steps.push(route.count);
        self.steps.push(route.needs);
        self.steps
            .extend(points.iter().map(|&(f, r)| grid.square(f, r)));
        let (mut f, mut r) = points.last().copied().unwrap_or((f0, r0));
        let before = self.steps.len();
        loop {
            f += dx;
            r += dy;
            if !grid.on_board(f, r) || (f, r) == (f0, r0) {
                break;
            }
            self.steps.push(grid.square(f, r));
            if !route.slide {
                break;
            }
        }
        if self.steps.len() == before {
            self.steps.truncate(start);
            return false;
        }
        true
    }

    /// The attack probes of square `sq` for attackers of `colour`: leapers
    /// found by one look each, sliders along rays; other attackers are
    /// marked complex.
    fn add_probes(&mut self, grid: Grid, pieces: &[PieceType], colour: usize, sq: usize) {
        let (f0, r0) = grid.coords(sq);
        let first_leap = self.leap_probes.len() as u32;
        let mut rays: Vec<((i32, i32), Vec<u64>)> = Vec::new();
        for (ty, piece) in pieces.iter().enumerate() {
            let bit = 1u64 << code(ty, colour);
            if piece.imitation.is_some() || piece.captures_not != 0 || !piece.contextual.is_empty()
            {
                self.complex[colour] |= bit;
            }
            for m in piece.movements.iter().filter(|m| m.captures) {
                let (dx, dy) = oriented(m, colour);
                match m.travel {
                    _ if m.initial || m.condition.is_some() => self.complex[colour] |= bit,
                    Travel::Leap => {
                        let (f, r) = (f0 - dx, r0 - dy);
                        if grid.on_board(f, r) {
                            let at = grid.square(f, r);
                            match self.leap_probes[first_leap as usize..]
                                .iter_mut()
                                .find(|p| p.0 == at)
                            {
                                Some(p) => p.1 |= bit,
                                None => self.leap_probes.push((at, bit)),
                            }
                        }
                    }
                    Travel::Slide(n) => {
                        let reach = if n == 0 { u32::MAX } else { n } as usize;
                        let entry = if let Some(i) = rays.iter().position(|r| r.0 == (-dx, -dy)) {
                            i
                        } else {
                            rays.push(((-dx, -dy), Vec::new()));
                            rays.len() - 1
                        };
                        let (mut f, mut r, mut k) = (f0 - dx, r0 - dy, 0usize);
                        while grid.on_board(f, r) && k < reach {
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
                    _ => self.complex[colour] |= bit,
                }
            }
        }
        self.leap_index[colour * self.squares + sq] = (first_leap, self.leap_probes.len() as u32);
        for &(at, _) in &self.leap_probes[first_leap as usize..] {
            self.leap_squares[colour * self.squares + sq].set(at);
        }
        let first_ray = self.rays.len() as u32;
        for ((dx, dy), masks) in rays {
            if masks.is_empty() {
                continue;
            }
            let start = self.steps.len() as u32;
            let (mut f, mut r) = (f0 + dx, r0 + dy);
            while grid.on_board(f, r) {
                self.steps.push(grid.square(f, r));
                f += dx;
                r += dy;
            }
            let masks_at = self.ray_masks.len() as u32;
            self.ray_masks.extend(&masks);
            let mut squares = Bits::default();
            for &s in &self.steps[start as usize..start as usize + masks.len()] {
                squares.set(s);
            }
            self.rays.push(Ray {
                start,
                len: masks.len() as u16,
                masks: masks_at,
                squares,
            });
        }
        self.ray_index[colour * self.squares + sq] = (first_ray, self.rays.len() as u32);
    }

    /// For each piece code and square, the first promotion rule whose zone
    /// holds it as a move's target, and as its origin (`zone_of`, §9).
    fn add_promotion_zones(&mut self, v: &Variant) {
        let squares = self.squares;
        if v.promotions.iter().any(|r| r.on_origin) {
            self.promotion_from_index = vec![0; self.promotion_index.len()];
        }
        for (i, rule) in v.promotions.iter().enumerate() {
            for ty in (0..self.types).filter(|ty| rule.pieces >> ty & 1 == 1) {
                for colour in 0..2 {
                    let c = code(ty, colour) as usize;
                    self.promoting |= 1 << c;
                    for sq in (0..squares).filter(|&sq| rule.zone[colour][sq]) {
                        let at = c * squares + sq;
                        if rule.on_target && self.promotion_index[at] == 0 {
                            self.promotion_index[at] = (i + 1) as u8;
                        }
                        if rule.on_origin && self.promotion_from_index[at] == 0 {
                            self.promotion_from_index[at] = (i + 1) as u8;
                        }
                    }
                }
            }
        }
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
                Walk::Bent => bent_parts(steps).2,
            };
            if targets.iter().any(|t| seen.contains(t)) {
                return true;
            }
            seen.extend_from_slice(targets);
        }
        false
    }
}

/// The set of the squares marked in `holes`.
fn holes_of(holes: &[bool]) -> Bits {
    let mut out = Bits::default();
    for (sq, _) in holes.iter().enumerate().filter(|h| *h.1) {
        out.set(sq as Square);
    }
    out
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
