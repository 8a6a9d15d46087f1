//! Move generation and legality.

use super::pins::Verdict;
use super::position::{Move, MoveKind, Position};
use super::Rules;
use crate::geometry::{Square, SquareSet};
use crate::program::{
    flag, CompulsoryCapture, Condition, Count, Facing, Literals, Path, Walk, WallPlace, NEED_EMPTY,
    NEED_OCCUPIED, WALL,
};

impl Rules {
    /// Appends every pseudo-legal move of the side to move to `out`: moves
    /// that follow the pieces' movement, ignoring whether they leave a royal
    /// piece attacked.
    pub fn pseudo_legal<S: SquareSet>(&self, pos: &Position<S>, out: &mut Vec<Move>) {
        let first = out.len();
        let limits = self.turn_limits(pos);
        self.piece_moves(pos, &limits, out);
        if !pos.opened.square.is_empty() {
            self.replies(pos, first, out);
        }
        if let Some(castling) = &self.castling {
            self.castlings(pos, castling, out);
        }
        if !self.variant.drops.is_empty() {
            self.drops(pos, out);
        }
        if self.gating_types != 0 && self.holds_any(pos, self.gating_types) {
            self.gates(pos, first, out);
        }
        if let Some(place) = self.variant.walls.as_ref().and_then(|w| w.place) {
            self.place_walls(pos, place, first, out);
        }
        if limits.may_pass || self.may_pass(pos) {
            out.push(NULL_MOVE);
        }
    }

    /// Whether the passing rule (§11.4) lets the side to move pass now, at
    /// the start of its turn (legality aside).
    #[inline]
    fn may_pass<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        self.variant
            .passing
            .as_ref()
            .is_some_and(|p| pos.sub == 0 && self.holds(&p.when, pos, None, false))
    }

    /// Whether two royal pieces of the two sides stand on one file or rank
    /// with nothing between them (§11.3); a hole (§2.1) ends the line.
    pub fn royals_face<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        let files = self.tables.files as usize;
        pos.royals[super::WHITE].iter().any(|a| {
            pos.royals[super::BLACK].iter().any(|b| {
                let (a, b) = (a.min(b) as usize, a.max(b) as usize);
                let step = if a / files == b / files {
                    1
                } else if a % files == b % files {
                    files
                } else {
                    return false;
                };
                (a + step..b)
                    .step_by(step)
                    .all(|s| pos.board[s] == 0 && !self.tables.holes.has(s as Square))
            })
        })
    }

    /// Whether the move `m`, just made in `after`, is legal: it leaves no
    /// royal piece of the mover attacked (§11) and obeys `royals_facing`
    /// (§11.3); `facing_before` tells whether the royal pieces faced
    /// before it.
    #[inline]
    fn legal_made<S: SquareSet>(
        &self,
        after: &Position<S>,
        m: &Move,
        undo: &super::Undo<S>,
        facing_before: bool,
    ) -> bool {
        match self.variant.royals_facing {
            Facing::Allowed => !self.illegal_after(after, undo),
            Facing::Forbidden => !self.illegal_after(after, undo) && !self.royals_face(after),
            Facing::BreakOrPass => {
                (facing_before && m.kind == MoveKind::Null)
                    || !(self.illegal_after(after, undo)
                        || facing_before && self.royals_face(after))
            }
        }
    }

    /// What the turn structure (§16) allows the side to move now.
    #[inline]
    fn turn_limits<S: SquareSet>(&self, pos: &Position<S>) -> TurnLimits<S> {
        let Some(turn) = &self.variant.turn else {
            return TurnLimits::default();
        };
        if pos.sub > 0 {
            TurnLimits {
                excluded: turn.alone | turn.excluded,
                no_captures: turn.capture_first_only,
                not_from: if turn.same_piece_forbidden {
                    pos.turn_pieces
                } else {
                    S::default()
                },
                may_pass: !turn.later_required,
            }
        } else if turn.excluded != 0 && self.holds(&turn.privilege, pos, None, false) {
            TurnLimits {
                excluded: turn.excluded,
                ..TurnLimits::default()
            }
        } else {
            TurnLimits::default()
        }
    }

    /// The moves of the pieces of the side to move, square by square, as
    /// far as `limits` let: a piece of one of the
    /// [`Program::walking_codes`](crate::program::Program) walks its own
    /// paths, the others move by [`Rules::special_piece_moves`].
    fn piece_moves<S: SquareSet>(
        &self,
        pos: &Position<S>,
        limits: &TurnLimits<S>,
        out: &mut Vec<Move>,
    ) {
        let us = pos.side;
        let captures = !limits.no_captures;
        let powers = Powers {
            moves: true,
            captures,
            en_passant: captures,
        };
        for from in (pos.occupied[us] & !pos.freezes.frozen & !limits.not_from).iter() {
            let real = pos.board[from as usize];
            if limits.excluded >> ((real as usize - 1) / 2) & 1 != 0 {
                continue;
            }
            if self.walking_codes >> real & 1 != 0 {
                self.walk_paths(pos, real, real, from, powers, out);
            } else {
                self.special_piece_moves(pos, real, from, captures, out);
            }
        }
    }

    /// The moves of the piece `real` on `from` that are more than a walk
    /// of its own paths: an imitator's, by the virtual type of what it
    /// imitates; those by movement entries whose condition reads the move
    /// context (§12.1); made unique where paths overlap. Out of line, so
    /// that [`Rules::piece_moves`] keeps a small frame.
    #[inline(never)]
    fn special_piece_moves<S: SquareSet>(
        &self,
        pos: &Position<S>,
        real: u8,
        from: Square,
        captures: bool,
        out: &mut Vec<Move>,
    ) {
        // An imitator moves by the virtual type of what it imitates.
        let (movement, may_capture) = if self.imitator_codes >> real & 1 == 0 {
            (real, true)
        } else if let Some(imitated) = self.imitated(pos, real, from) {
            imitated
        } else {
            return;
        };
        let powers = Powers {
            moves: true,
            captures: captures && may_capture,
            en_passant: captures,
        };
        let first = out.len();
        self.walk_paths(pos, movement, movement, from, powers, out);
        if self.contextual_codes >> real & 1 != 0 {
            self.contextual_moves(pos, real, from, captures, out);
            unique_moves(out, first);
        } else if self.tables.overlapping >> movement & 1 != 0 {
            unique_moves(out, first);
        }
    }

    /// The moves of `piece` on `from` by its movement entries whose
    /// condition reads the move context (§12.1) and holds now: moves where
    /// it holds for a move that does not capture, captures where it holds
    /// for one that does.
    #[cold]
    #[inline(never)]
    fn contextual_moves<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        from: Square,
        captures: bool,
        out: &mut Vec<Move>,
    ) {
        let ty = (piece as usize - 1) / 2;
        for (when, movement, _) in &self.variant.pieces[ty].contextual {
            let moves = self.holds(when, pos, Some(from), false);
            let captures = captures && self.holds(when, pos, Some(from), true);
            if moves || captures {
                let code = crate::program::code(self.tables.types + *movement as usize, pos.side);
                let powers = Powers {
                    moves,
                    captures,
                    en_passant: captures,
                };
                self.walk_paths(pos, piece, code, from, powers, out);
            }
        }
    }

    /// The moves of `mover` on `from` along the paths of the movement code
    /// `movement` (its own, or a virtual type's), as far as `powers` allow:
    /// by [`Rules::walk_plain`] where it moves plainly, as leaps where its
    /// paths are all leaps ([`Tables::leaping`](crate::program::Tables)),
    /// else by [`Rules::walk_mixed`].
    #[inline(always)]
    pub(super) fn walk_paths<S: SquareSet>(
        &self,
        pos: &Position<S>,
        mover: u8,
        movement: u8,
        from: Square,
        powers: Powers,
        out: &mut Vec<Move>,
    ) {
        let virgin = pos.virgin.has(from);
        let walker = Walker {
            pos,
            mover,
            from,
            captures_not: self.tables.captures_not[movement as usize],
        };
        let paths = self.tables.paths(movement, from);
        let allowed = powers.flags();
        if self.tables.moves_plainly(mover, movement) {
            return self.walk_plain(&walker, paths, allowed, out);
        }
        // Paths for the first move only are barred once the piece has moved.
        let barred = if virgin { 0 } else { flag::INITIAL };
        if self.tables.leaping >> movement & 1 != 0 {
            for path in paths.iter().filter(|path| path.flags & barred == 0) {
                self.leap(&walker, self.tables.steps(path), path.flags & allowed, out);
            }
            return;
        }
        self.walk_mixed(&walker, movement, paths, (allowed, barred), out);
    }

    /// The moves along `paths` of the movement code `movement`, of any
    /// walk, as far as the [`flag`] bits `allowed` let, the paths with a
    /// flag of `barred` left out. Out of line: the plain and leaping walks
    /// of [`Rules::walk_paths`] keep a small frame.
    #[inline(never)]
    fn walk_mixed<S: SquareSet>(
        &self,
        walker: &Walker<S>,
        movement: u8,
        paths: &[Path],
        (allowed, barred): (u8, u8),
        out: &mut Vec<Move>,
    ) {
        let (pos, from) = (walker.pos, walker.from);
        for path in paths.iter().filter(|path| path.flags & barred == 0) {
            let steps = self.tables.steps(path);
            let can = path.flags & allowed;
            match path.walk {
                Walk::Leap | Walk::Lame => self.leap(walker, steps, can, out),
                Walk::Slide => self.slide(walker, steps, can, out),
                Walk::Hop | Walk::Grasshop => {
                    let screens_not = self.tables.screens_not[movement as usize];
                    let once = path.walk == Walk::Grasshop;
                    self.hop(walker, steps, Powers::of(can), (screens_not, once), out);
                }
                Walk::Bent => self.bend(walker, steps, Powers::of(can), out),
                Walk::Shoot => {
                    let to = steps[0];
                    if can & flag::CAPTURE != 0 && walker.capturable(pos.board[to as usize]) {
                        out.push(Move {
                            from,
                            to,
                            kind: MoveKind::Shoot,
                            ..Move::default()
                        });
                    }
                }
            }
        }
    }

    /// The moves along `paths`, all plain ([`Path::is_plain`]), of a piece
    /// that never promotes, as far as the [`flag`] bits `allowed` let: each
    /// step a target until the first occupied one, which it captures where
    /// it may. The moves are those the general walk gives, in its order,
    /// without its per-path tests.
    #[inline(always)]
    fn walk_plain<S: SquareSet>(
        &self,
        w: &Walker<S>,
        paths: &[Path],
        allowed: u8,
        out: &mut Vec<Move>,
    ) {
        let plain = |to| Move {
            from: w.from,
            to,
            ..Move::default()
        };
        for path in paths {
            let can = path.flags & allowed;
            for &to in self.tables.steps(path) {
                let target = w.pos.board[to as usize];
                if target == 0 {
                    if can & flag::MOVE != 0 {
                        out.push(plain(to));
                    }
                } else {
                    if can & flag::CAPTURE != 0 && w.capturable(target) {
                        out.push(plain(to));
                    }
                    break;
                }
            }
        }
    }

    /// A leap (or a lame leap, its squares before the last empty) onto the
    /// last of `steps`, as far as the [`flag`] bits `can` let (a move that
    /// passes squares marks them en passant targets where they have
    /// [`flag::MARKS_EN_PASSANT`]).
    #[inline(always)]
    fn leap<S: SquareSet>(&self, w: &Walker<S>, steps: &[Square], can: u8, out: &mut Vec<Move>) {
        let Some((&to, between)) = steps.split_last() else {
            return;
        };
        if between.iter().any(|&s| w.pos.board[s as usize] != 0) {
            return;
        }
        let target = w.pos.board[to as usize];
        if target == 0 {
            self.onto_empty(w, to, can, !between.is_empty(), out);
        } else if can & flag::CAPTURE != 0 && w.capturable(target) {
            self.push(w.pos, w.mover, w.from, to, MoveKind::Normal, out);
        }
    }

    /// A slide along `steps` up to the first occupied square, which it
    /// captures where it may, as far as the [`flag`] bits `can` let.
    #[inline(always)]
    fn slide<S: SquareSet>(&self, w: &Walker<S>, steps: &[Square], can: u8, out: &mut Vec<Move>) {
        for (k, &to) in steps.iter().enumerate() {
            let target = w.pos.board[to as usize];
            if target == 0 {
                self.onto_empty(w, to, can, k > 0, out);
            } else {
                if can & flag::CAPTURE != 0 && w.capturable(target) {
                    self.push(w.pos, w.mover, w.from, to, MoveKind::Normal, out);
                }
                break;
            }
        }
    }

    /// The moves onto the empty square `to`, as far as the [`flag`] bits
    /// `can` let: a plain move (one that marks the squares passed, where
    /// it `passed` some and `can` has [`flag::MARKS_EN_PASSANT`]) and an
    /// en passant capture there.
    #[inline(always)]
    fn onto_empty<S: SquareSet>(
        &self,
        w: &Walker<S>,
        to: Square,
        can: u8,
        passed: bool,
        out: &mut Vec<Move>,
    ) {
        if can & flag::MOVE != 0 {
            let kind = if passed && can & flag::MARKS_EN_PASSANT != 0 {
                MoveKind::Passing
            } else {
                MoveKind::Normal
            };
            self.push(w.pos, w.mover, w.from, to, kind, out);
        }
        if can & flag::EN_PASSANT != 0 && w.pos.ep.has(to) {
            self.push_en_passant(w.pos, w.mover, w.from, to, out);
        }
    }

    /// A hop over the first occupied step (unless `screens_not` holds its
    /// type) onto the squares beyond, up to the next occupied one; `once`
    /// (a grasshopper): onto the square right beyond only.
    #[inline(always)]
    fn hop<S: SquareSet>(
        &self,
        w: &Walker<S>,
        steps: &[Square],
        can: Powers,
        (screens_not, once): (u32, bool),
        out: &mut Vec<Move>,
    ) {
        let board = &w.pos.board;
        let Some(screen) = steps.iter().position(|&s| board[s as usize] != 0) else {
            return;
        };
        let over = board[steps[screen] as usize];
        if screens_not >> ((over as usize - 1) / 2) & 1 != 0 {
            return;
        }
        self.onto_each(w, &steps[screen + 1..], can, once, out);
    }

    /// A multi-leg move (§4.5): its route open as its needs say, then its
    /// last leg.
    #[inline(always)]
    fn bend<S: SquareSet>(
        &self,
        w: &Walker<S>,
        steps: &[Square],
        can: Powers,
        out: &mut Vec<Move>,
    ) {
        let board = &w.pos.board;
        let (route, needs, last) = crate::program::bent_parts(steps);
        if !route_open(board, w.from, route, needs) {
            return;
        }
        self.onto_each(w, last, can, false, out);
    }

    /// The moves onto `squares` in turn, beyond a hopper's screen or along
    /// a bent rider's last leg, until one is blocked (after the first when
    /// `once`). The origin, which a bent way may pass, counts as empty.
    #[inline(always)]
    fn onto_each<S: SquareSet>(
        &self,
        w: &Walker<S>,
        squares: &[Square],
        can: Powers,
        once: bool,
        out: &mut Vec<Move>,
    ) {
        for &to in squares {
            let target = if to == w.from {
                0
            } else {
                w.pos.board[to as usize]
            };
            let takes = can.captures && w.capturable(target);
            if self.onto(
                w.pos,
                w.mover,
                (w.from, to),
                target,
                (can.moves, takes),
                out,
            ) || once
            {
                break;
            }
        }
    }

    /// The move of `mover` along a hopper's or bent rider's way onto `to`,
    /// where `target` stands: a plain move onto an empty square when the
    /// path moves, a capture where it `takes`. Whether the way on is blocked.
    #[inline(always)]
    fn onto<S: SquareSet>(
        &self,
        pos: &Position<S>,
        mover: u8,
        (from, to): (Square, Square),
        target: u8,
        (moves, takes): (bool, bool),
        out: &mut Vec<Move>,
    ) -> bool {
        if target == 0 {
            if moves {
                self.push(pos, mover, from, to, MoveKind::Normal, out);
            }
            return false;
        }
        if takes {
            self.push(pos, mover, from, to, MoveKind::Normal, out);
        }
        true
    }

    /// Adds, for each move from `first` on that vacates a square for gating,
    /// its copies with a piece from the hand gated there. Out of line: files
    /// without gating keep a small move generator.
    #[inline(never)]
    fn gates<S: SquareSet>(&self, pos: &Position<S>, first: usize, out: &mut Vec<Move>) {
        let us = pos.side;
        // The types the side to move holds and may still gate, found once.
        let held = (0..self.tables.types)
            .filter(|&ty| self.gating_types >> ty & 1 != 0 && self.held(pos, us, ty) != 0)
            .fold(0u32, |types, ty| types | 1 << ty);
        let end = out.len();
        for i in first..end {
            let m = out[i];
            if m.kind == MoveKind::Drop || m.kind == MoveKind::Null {
                continue;
            }
            let captures = matches!(m.kind, MoveKind::EnPassant)
                || (m.kind != MoveKind::Castle && pos.board[m.to as usize] != 0);
            // The squares the move leaves empty: castling may land a piece
            // on the other one's origin (Chess960 positions).
            let squares = if m.kind == MoveKind::Castle {
                [m.from, m.aux].map(|s| (s != m.to && s != m.extra).then_some(s))
            } else {
                [Some(m.from), None]
            };
            let mut offered = [0u32; 2];
            // Whether the move is legal without a gated piece, asked once
            // and only for rules that judge so.
            let mut alone_legal = None;
            for rule in &self.variant.gating {
                if rule.pieces & held == 0 || rule.deadline.is_some_and(|d| pos.fullmove > d) {
                    continue;
                }
                if rule.without_gate
                    && !*alone_legal.get_or_insert_with(|| self.legal_alone(pos, m))
                {
                    continue;
                }
                for (k, at) in squares.into_iter().enumerate() {
                    let Some(at) = at else { continue };
                    let vacated = (rule.unmoved && pos.virgin.has(at))
                        || (rule.setup_square
                            && self.start.board[at as usize] == pos.board[at as usize])
                        || (rule.capture && captures);
                    if !vacated || !rule.zone[us][at as usize] || m.kind == MoveKind::Shoot {
                        continue;
                    }
                    let mut types = rule.pieces & held & !offered[k];
                    offered[k] |= types;
                    while types != 0 {
                        let ty = types.trailing_zeros() as usize;
                        types &= types - 1;
                        out.push(Move {
                            gate: crate::program::code(ty, us),
                            gate_at: at,
                            ..m
                        });
                    }
                }
            }
        }
    }

    /// Replaces each move from `first` on by its copies with a wall placed
    /// (§11.6): on each square of the zone the move leaves empty, or on the
    /// square it left.
    #[inline(never)]
    fn place_walls<S: SquareSet>(
        &self,
        pos: &Position<S>,
        place: WallPlace,
        first: usize,
        out: &mut Vec<Move>,
    ) {
        let us = pos.side;
        let zone = S::from_bits(self.wall_zone[us]);
        let empty_before = zone & !(pos.occupied[0] | pos.occupied[1] | pos.walls());
        let moves: Vec<Move> = out.drain(first..).collect();
        for m in moves {
            let mut empty = empty_before;
            match m.kind {
                MoveKind::Null | MoveKind::Drop => {
                    out.push(m);
                    continue;
                }
                MoveKind::Shoot => empty.clear(m.to),
                MoveKind::Castle => {
                    empty = empty | S::one(m.from) | S::one(m.aux);
                    empty.clear(m.to);
                    empty.clear(m.extra);
                }
                MoveKind::EnPassant => {
                    empty = empty | S::one(m.from) | S::one(m.aux);
                    empty.clear(m.to);
                }
                MoveKind::Normal | MoveKind::Passing | MoveKind::Reply => {
                    empty.set(m.from);
                    empty.clear(m.to);
                }
            }
            let squares = match place {
                WallPlace::Anywhere => empty & zone,
                WallPlace::Vacated => empty & zone & S::one(m.from),
            };
            for at in squares.iter() {
                out.push(Move {
                    gate: WALL,
                    gate_at: at,
                    ..m
                });
            }
        }
    }

    /// Whether a move leaves no royal piece of the mover attacked.
    fn legal_alone<S: SquareSet>(&self, pos: &Position<S>, m: Move) -> bool {
        let mut work = pos.clone();
        let mut undo = super::Undo::default();
        work.make_into(self, m, &mut undo);
        !self.illegal_after(&work, &undo)
    }

    /// The pieces of type `ty` in `colour`'s hand, less those lost because
    /// a gating deadline (§14.3) has passed for that player.
    pub fn held<S: SquareSet>(&self, pos: &Position<S>, colour: usize, ty: usize) -> u8 {
        let lost = self.variant.gating.iter().any(|g| {
            g.pieces >> ty & 1 != 0
                && g.deadline.is_some_and(|d| {
                    pos.fullmove > d
                        || (pos.fullmove == d && colour == super::WHITE && pos.side == super::BLACK)
                })
        });
        if lost {
            0
        } else {
            pos.hands[colour][ty]
        }
    }

    /// Drops (§14.2), rule by rule: the held piece, the type it enters as,
    /// the zone, the rule's condition and restrictions.
    fn drops<S: SquareSet>(&self, pos: &Position<S>, out: &mut Vec<Move>) {
        let us = pos.side;
        let mut in_check = None;
        let mut probe: Option<Position<S>> = None;
        // Whether the opponent is not in check and every attacker of the
        // side to move is one the probes cover (leaps and rays): then a
        // drop gives check only by the dropped piece's own attack (a piece
        // put on the board opens no line), and a drop that cannot capture
        // on any enemy royal square on an empty board gives none.
        let mut quiet = None;
        // Rules may overlap: each drop (entering type, square) is listed once,
        // by the first rule that allows it.
        let overlapping = self.variant.drops.len() > 1;
        let mut listed: Vec<(u8, S)> = Vec::new();
        for (index, rule) in self.variant.drops.iter().enumerate() {
            if !self.holds_any(pos, rule.pieces) || !self.holds(&rule.when, pos, None, false) {
                continue;
            }
            if rule.not_in_check && *in_check.get_or_insert_with(|| self.in_check(pos)) {
                continue;
            }
            for held in (0..self.tables.types).filter(|t| rule.pieces >> t & 1 != 0) {
                if pos.hands[us][held] == 0 {
                    continue;
                }
                let piece = crate::program::code(rule.placed.map_or(held, |p| p as usize), us);
                let files = self.tables.files as Square;
                for to in self.drop_zones[index][us].iter() {
                    if pos.board[to as usize] != 0 {
                        continue;
                    }
                    if let Some(limit) = rule.max_per_file {
                        let on_file = pos.occupied[us]
                            .iter()
                            .filter(|&s| s % files == to % files && pos.board[s as usize] == piece)
                            .count();
                        if on_file >= limit as usize {
                            continue;
                        }
                    }
                    let seen = listed.iter().position(|(p, _)| *p == piece);
                    if overlapping && seen.is_some_and(|at| listed[at].1.has(to)) {
                        continue;
                    }
                    if rule.no_check {
                        let quiet = *quiet.get_or_insert_with(|| {
                            (pos.complex & pos.occupied[us]).is_empty()
                                && !self.royal_attacked(pos, us ^ 1)
                        });
                        let may_check = !quiet
                            || pos.royals[us ^ 1]
                                .iter()
                                .any(|k| self.tables.may_capture_on(piece, to, k));
                        if may_check && self.drop_checks(pos, &mut probe, to, piece) {
                            continue;
                        }
                    }
                    if rule.no_mate && self.drop_mates(pos, to, piece, held, index) {
                        continue;
                    }
                    if overlapping {
                        match seen {
                            Some(at) => listed[at].1.set(to),
                            None => listed.push((piece, S::one(to))),
                        }
                    }
                    out.push(drop_move(to, piece, held, index));
                }
            }
        }
    }

    /// Whether dropping `piece` on `to` gives check, tried on `probe` (a
    /// copy of `pos` made on first use).
    fn drop_checks<S: SquareSet>(
        &self,
        pos: &Position<S>,
        probe: &mut Option<Position<S>>,
        to: Square,
        piece: u8,
    ) -> bool {
        let probe = probe.get_or_insert_with(|| pos.clone());
        probe.put(self, to, piece);
        let checks = self.royal_attacked(probe, pos.side ^ 1);
        probe.take(to);
        checks
    }

    /// Whether dropping `piece` (held as `held`, by drop rule `index`) on
    /// `to` checkmates: the opponent is then in check and has no legal move.
    fn drop_mates<S: SquareSet>(
        &self,
        pos: &Position<S>,
        to: Square,
        piece: u8,
        held: usize,
        index: usize,
    ) -> bool {
        let us = pos.side;
        let m = drop_move(to, piece, held, index);
        let mut after = pos.clone();
        let undo = after.make(self, m);
        if self.illegal_after(&after, &undo) || !self.royal_attacked(&after, us ^ 1) {
            return false;
        }
        let mut replies = Vec::new();
        self.legal_moves_ignoring_end(&after, &mut replies);
        replies.is_empty()
    }

    /// Whether the side to move holds a piece of one of `types` (bit set)
    /// in hand: drop and gating rules are asked nothing otherwise.
    #[inline]
    fn holds_any<S: SquareSet>(&self, pos: &Position<S>, types: u32) -> bool {
        let hand = &pos.hands[pos.side];
        let mut left = types;
        while left != 0 {
            let ty = left.trailing_zeros() as usize;
            if hand[ty] != 0 {
                return true;
            }
            left &= left - 1;
        }
        false
    }

    /// Whether a move-context condition (§5.2) holds for the side to move.
    pub(crate) fn holds<S: SquareSet>(
        &self,
        cond: &Condition,
        pos: &Position<S>,
        from: Option<Square>,
        captures: bool,
    ) -> bool {
        self.holds_for(cond, pos, pos.side, from, captures)
    }

    /// Whether `literals` (a condition compiled to them) hold for a move of
    /// the side to move from `from`, capturing or not: what
    /// [`Rules::holds`] says of their condition.
    #[inline]
    fn literals_hold<S: SquareSet>(
        &self,
        literals: &Literals,
        pos: &Position<S>,
        from: Square,
        captures: bool,
    ) -> bool {
        let facts = (u8::from(pos.virgin.has(from)) * Literals::UNMOVED)
            | (u8::from(captures) * Literals::CAPTURES)
            | (u8::from(pos.last & super::CAPTURED != 0) * Literals::LAST_CAPTURED);
        literals.hold(facts, pos.flags[pos.side], pos.flags[pos.side ^ 1])
    }

    /// Whether a move-context condition holds for `side`: the side to move,
    /// or a side whose attacks are judged (§12.1), for which `in_check` and
    /// the record of pieces lost on the opponent's last move read false.
    fn holds_for<S: SquareSet>(
        &self,
        cond: &Condition,
        pos: &Position<S>,
        side: usize,
        from: Option<Square>,
        captures: bool,
    ) -> bool {
        let mover = side == pos.side;
        match cond {
            Condition::Always => true,
            Condition::Never => false,
            Condition::Not(c) => !self.holds_for(c, pos, side, from, captures),
            Condition::All(cs) => cs
                .iter()
                .all(|c| self.holds_for(c, pos, side, from, captures)),
            Condition::Any(cs) => cs
                .iter()
                .any(|c| self.holds_for(c, pos, side, from, captures)),
            Condition::Flag { flag, opponent } => {
                pos.flags[side ^ *opponent as usize] >> flag & 1 != 0
            }
            Condition::PieceUnmoved => from.is_some_and(|f| pos.virgin.has(f)),
            Condition::PieceFlag(flag) => {
                from.is_some_and(|f| pos.piece_state.flag(*flag as usize, f))
            }
            Condition::MoveCaptures => captures,
            Condition::LastType(t) => (pos.last & !super::CAPTURED) == t + 1,
            Condition::LastCaptured => pos.last & super::CAPTURED != 0,
            Condition::Lost(mask) => {
                mover
                    && (0..self.tables.types).any(|t| {
                        pos.lost >> t & 1 != 0
                            && (*mask == 0 || mask >> self.variant.held_as[t] & 1 != 0)
                    })
            }
            Condition::InCheck => mover && self.in_check(pos),
            Condition::PieceStepped => from.is_some_and(|f| pos.stepped.has(f)),
            Condition::LastKind(kind) => pos.last_squares.kind == *kind,
            Condition::LastSquare { to, squares } => {
                let last = pos.last_squares;
                let square = if *to {
                    Some(last.to)
                } else {
                    Some(last.from).filter(|_| last.kind != super::position::LastSquares::DROP)
                };
                last.kind != 0 && square.is_some_and(|s| squares.contains(&s))
            }
            Condition::PieceType(t) => from.is_some_and(|f| self.moving_type(pos, f) == Some(*t)),
            Condition::Zone(i) => {
                from.is_some_and(|f| self.variant.movement_zones[*i as usize][side][f as usize])
            }
            Condition::Compare(a, op, b) => {
                Count::compare(self.count(a, pos, side), *op, self.count(b, pos, side))
            }
        }
    }

    /// The type of the piece on `from` as `piece.type` reads it: an
    /// imitator's is the type it imitates now (`None` while it has none).
    fn moving_type<S: SquareSet>(&self, pos: &Position<S>, from: Square) -> Option<u8> {
        let piece = pos.board[from as usize];
        let ty = (piece as usize - 1) / 2;
        if self.imitator_codes >> piece & 1 == 0 {
            return Some(ty as u8);
        }
        let (movement, _) = self.imitated(pos, piece, from)?;
        let virtual_type = ((movement as usize - 1) / 2 - self.tables.types) as u8;
        let imitation = self.variant.pieces[ty].imitation.as_ref()?;
        imitation
            .as_type
            .iter()
            .position(|v| *v == Some(virtual_type))
            .map(|t| t as u8)
    }

    /// The value of a count of a condition (§5.2) for `side`.
    fn count<S: SquareSet>(&self, count: &Count, pos: &Position<S>, side: usize) -> i64 {
        let mover = side == pos.side;
        match *count {
            Count::Number(n) => n,
            Count::Held(mask) => (0..self.tables.types)
                .filter(|t| mask >> t & 1 != 0)
                .map(|t| i64::from(self.held(pos, side, t)))
                .sum(),
            Count::CapturedLastTurn(mask) => (0..self.tables.types)
                .filter(|&t| {
                    mover && pos.lost >> t & 1 != 0 && mask >> self.variant.held_as[t] & 1 != 0
                })
                .count() as i64,
            Count::OnBoard(mask) => pos.occupied[side]
                .iter()
                .filter(|&s| mask >> ((pos.board[s as usize] as usize - 1) / 2) & 1 != 0)
                .count() as i64,
            // White's next move comes with the next full-move number while
            // Black is to move.
            Count::MoveNumber => {
                i64::from(pos.fullmove) + i64::from(side == super::WHITE && pos.side != side)
            }
            Count::Counter { counter, opponent } => {
                i64::from(pos.counters[side ^ usize::from(opponent)][counter as usize])
            }
            Count::SubMove => {
                if mover {
                    i64::from(pos.sub) + 1
                } else {
                    1
                }
            }
        }
    }

    #[inline]
    fn push<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        from: Square,
        to: Square,
        kind: MoveKind,
        out: &mut Vec<Move>,
    ) {
        let m = Move {
            from,
            to,
            kind,
            promotion: 0,
            aux: 0,
            extra: 0,
            gate: 0,
            gate_at: 0,
        };
        self.push_promotions(pos, piece, m, out);
    }

    fn push_en_passant<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        from: Square,
        to: Square,
        out: &mut Vec<Move>,
    ) {
        let at = if pos.ep2.has(to) {
            pos.ep2_victim
        } else {
            pos.ep_victim
        };
        let victim = pos.board[at as usize];
        if victim != 0 && (victim as usize - 1) & 1 != pos.side {
            let m = Move {
                from,
                to,
                kind: MoveKind::EnPassant,
                promotion: 0,
                aux: at,
                extra: 0,
                gate: 0,
                gate_at: 0,
            };
            self.push_promotions(pos, piece, m, out);
        }
    }

    /// Pushes `m`, made by `piece`, or its promotions: the move alone where
    /// no promotion rule is indexed for it (most moves: inlined), else as
    /// [`Rules::push_promoted`] decides.
    #[inline(always)]
    fn push_promotions<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        m: Move,
        out: &mut Vec<Move>,
    ) {
        match self.tables.promotion_of_move(piece, m.from, m.to) {
            None => out.push(m),
            Some(first) => self.push_promoted(pos, piece, m, first, out),
        }
    }

    /// Pushes the promotions of `m` by the first promotion rule from
    /// `first` on that applies, and `m` itself unless that rule makes
    /// promotion mandatory (or none applies).
    #[inline(never)]
    fn push_promoted<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        m: Move,
        first: usize,
        out: &mut Vec<Move>,
    ) {
        let colour = (piece as usize - 1) & 1;
        let ty = (piece as usize - 1) / 2;
        let captures = m.kind == MoveKind::EnPassant || pos.board[m.to as usize] != 0;
        // The first rule whose pieces, zone and condition hold applies.
        let applies = |(index, r): &(usize, &crate::program::Promotion)| {
            r.pieces >> ty & 1 != 0
                && (r.on_target && r.zone[colour][m.to as usize]
                    || r.on_origin && r.zone[colour][m.from as usize])
                && (self.unmoved_promotions >> index & 1 == 0 || pos.virgin.has(m.from))
                && match &self.promotion_literals[*index] {
                    Some(literals) => self.literals_hold(literals, pos, m.from, captures),
                    None => self.holds(&r.when, pos, Some(m.from), captures),
                }
        };
        let Some((index, rule)) = self
            .variant
            .promotions
            .iter()
            .enumerate()
            .skip(first)
            .find(applies)
        else {
            out.push(m);
            return;
        };
        for (i, &to) in rule.to.iter().enumerate() {
            if rule.to[..i].contains(&to) {
                continue;
            }
            let code = crate::program::code(to as usize, colour);
            if let Some(&(_, most)) = rule.at_most.iter().find(|(ty, _)| *ty == to) {
                let on_board = pos.occupied[colour]
                    .iter()
                    .filter(|&s| pos.board[s as usize] == code)
                    .count();
                if on_board >= most as usize {
                    continue;
                }
            }
            if rule.only_captured {
                let on_board = pos.occupied[colour]
                    .iter()
                    .filter(|&s| pos.board[s as usize] == code)
                    .count();
                if on_board >= self.start_counts[code as usize] as usize {
                    continue;
                }
            }
            out.push(Move {
                promotion: code,
                extra: index as Square + 1,
                ..m
            });
        }
        if !rule.mandatory {
            out.push(m);
        }
    }

    fn castlings<S: SquareSet>(
        &self,
        pos: &Position<S>,
        castling: &super::CastlingRule,
        out: &mut Vec<Move>,
    ) {
        let us = pos.side;
        let back = castling.rank[us];
        let files = self.tables.files as usize;
        let king_code = crate::program::code(castling.king as usize, us);
        let rook_castles_frozen = self.variant.freeze.iter().all(|r| r.rook_castles);
        for king in (pos.occupied[us] & pos.virgin & !pos.freezes.frozen).iter() {
            if pos.board[king as usize] != king_code {
                continue;
            }
            let (king_file, king_rank) = self.tables.file_rank(king);
            if king_rank != back {
                continue;
            }
            for &(king_to, rook_to) in &castling.sides {
                let king_to_sq = (back * files + king_to as usize) as Square;
                let rook_to_sq = (back * files + rook_to as usize) as Square;
                // A side castles with a rook on the king's high-file side when
                // its rook lands on the low side of the king's target (`g`, `f`),
                // wherever the king stands (Chess960).
                let towards_high = rook_to < king_to;
                let rooks = if towards_high {
                    king_file + 1..files
                } else {
                    0..king_file
                };
                for rook_file in rooks {
                    let rook = (back * files + rook_file) as Square;
                    if !castling.is_rook(pos.board[rook as usize], us)
                        || !pos.virgin.has(rook)
                        || (pos.freezes.frozen.has(rook) && !rook_castles_frozen)
                    {
                        continue;
                    }
                    // A castling that would leave the board as it is is no move.
                    if (king == king_to_sq && rook == rook_to_sq)
                        || self.castling_blocked(
                            pos,
                            castling,
                            [king, rook, king_to_sq, rook_to_sq],
                        )
                    {
                        continue;
                    }
                    out.push(Move {
                        from: king,
                        to: king_to_sq,
                        kind: MoveKind::Castle,
                        promotion: 0,
                        aux: rook,
                        extra: rook_to_sq,
                        gate: 0,
                        gate_at: 0,
                    });
                }
            }
        }
    }

    /// Whether castling is prevented by pieces in the way or by attacks on
    /// the squares the king stands on or passes (and, with
    /// `landing: before-and-after`, lands on), judged before the move.
    fn castling_blocked<S: SquareSet>(
        &self,
        pos: &Position<S>,
        castling: &super::CastlingRule,
        [king, rook, king_to, rook_to]: [Square; 4],
    ) -> bool {
        let files = self.tables.files as usize;
        let row = self.tables.file_rank(king).1 * files;
        let span = |a: Square, b: Square| {
            let (a, b) = (self.tables.file_rank(a).0, self.tables.file_rank(b).0);
            a.min(b)..=a.max(b)
        };
        for f in span(king, king_to).chain(span(rook, rook_to)) {
            let sq = (row + f) as Square;
            if sq != king && sq != rook && pos.board[sq as usize] != 0 {
                return true;
            }
        }
        // A castling piece that is not royal is not impeded by attacks (§8).
        let king_code = crate::program::code(castling.king as usize, pos.side);
        if self.royal_codes >> king_code & 1 == 0 {
            return false;
        }
        // The king's start and the squares it passes are judged now; where it
        // lands is judged after the move, like every move's (§8, §11), and
        // now too when the rule says so. Where captures explode, the king is
        // lifted from its square first: touching kings make it safe there,
        // and it must not shield the squares it passes (§11.5).
        let lifted;
        let judged = if self.blast.is_empty() {
            pos
        } else {
            let mut without = pos.clone();
            without.take(king);
            lifted = without;
            &lifted
        };
        let landing = self.tables.file_rank(king_to).0;
        span(king, king_to)
            .filter(|&f| f != landing || king == king_to || castling.landing_before)
            .any(|f| self.threatened(judged, (row + f) as Square, pos.side))
    }

    /// Whether a piece of `colour` attacks `sq`.
    #[inline]
    pub fn attacked<S: SquareSet>(&self, pos: &Position<S>, sq: Square, colour: usize) -> bool {
        if self.tables.probes_attack(
            &pos.board,
            sq,
            colour,
            (pos.occupied[colour], &pos.freezes.frozen),
        ) {
            return true;
        }
        self.tables.complex[colour] != 0 && self.complex_attack(pos, sq, colour)
    }

    /// Tests attackers the probes do not cover by walking their paths
    /// towards `sq`, as if an enemy piece stood there.
    pub(super) fn complex_attack<S: SquareSet>(
        &self,
        pos: &Position<S>,
        sq: Square,
        colour: usize,
    ) -> bool {
        (pos.complex & pos.occupied[colour] & !pos.freezes.frozen)
            .iter()
            .any(|from| {
                let piece = pos.board[from as usize];
                self.tables.may_capture_on(piece, from, sq)
                    && self.attacks_from(pos, piece, from, sq, colour)
            })
    }

    /// Whether the piece `piece` of `colour` on `from` could capture on
    /// `target`: an imitator with its powers in `pos`, a piece with its
    /// movement entries whose condition holds for its side (§12.1).
    fn attacks_from<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        from: Square,
        target: Square,
        colour: usize,
    ) -> bool {
        if self.imitator_codes >> piece & 1 != 0 {
            return matches!(self.imitated(pos, piece, from), Some((movement, true)) if self.reaches(pos, movement, from, target));
        }
        if self.reaches(pos, piece, from, target) {
            return true;
        }
        self.contextual_codes >> piece & 1 != 0
            && self.variant.pieces[(piece as usize - 1) / 2]
                .contextual
                .iter()
                .any(|(when, movement, _)| {
                    let code = crate::program::code(self.tables.types + *movement as usize, colour);
                    self.holds_for(when, pos, colour, Some(from), true)
                        && self.reaches(pos, code, from, target)
                })
    }

    /// Whether `piece` on `from` could capture an enemy piece on `target`.
    fn reaches<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        from: Square,
        target: Square,
    ) -> bool {
        if !self.tables.may_capture_on(piece, from, target) {
            return false;
        }
        let board = &pos.board;
        let type_in = |mask: u32, s: Square| {
            let c = board[s as usize];
            c != 0 && mask >> ((c as usize - 1) / 2) & 1 != 0
        };
        if type_in(self.tables.captures_not[piece as usize], target) {
            return false;
        }
        let screens_not = self.tables.screens_not[piece as usize];
        let virgin = pos.virgin.has(from);
        let occupied = |s: Square| s == target || board[s as usize] != 0;
        self.tables.paths(piece, from).iter().any(|path| {
            if path.flags & flag::CAPTURE == 0 || (path.flags & flag::INITIAL != 0 && !virgin) {
                return false;
            }
            let steps = self.tables.steps(path);
            match path.walk {
                Walk::Leap | Walk::Shoot => steps[0] == target,
                Walk::Lame => {
                    steps.last() == Some(&target)
                        && steps[..steps.len() - 1]
                            .iter()
                            .all(|&s| board[s as usize] == 0)
                }
                Walk::Slide => steps.iter().find(|&&s| occupied(s)) == Some(&target),
                Walk::Hop | Walk::Grasshop => {
                    let Some(screen) = steps.iter().position(|&s| occupied(s)) else {
                        return false;
                    };
                    if type_in(screens_not, steps[screen]) {
                        return false;
                    }
                    let beyond = &steps[screen + 1..];
                    match path.walk {
                        Walk::Grasshop => beyond.first() == Some(&target),
                        _ => beyond.iter().find(|&&s| occupied(s)) == Some(&target),
                    }
                }
                Walk::Bent => {
                    let (route, needs, last) = crate::program::bent_parts(steps);
                    route_open(board, from, route, needs)
                        && last.iter().find(|&&s| s != from && occupied(s)) == Some(&target)
                }
            }
        })
    }

    /// Whether the side to move has a royal piece under attack.
    #[inline]
    pub fn in_check<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        self.royal_attacked(pos, pos.side)
    }

    /// Whether `colour` is in check: a royal piece of it (with `royal_check:
    /// all`, every one, §3.3) attacked by the other side, where capturing it
    /// would not explode a royal piece of the capturer (§11.5).
    #[inline]
    pub fn royal_attacked<S: SquareSet>(&self, pos: &Position<S>, colour: usize) -> bool {
        if self.plain_check {
            return pos.royals[colour]
                .iter()
                .any(|k| self.attacked(pos, k, colour ^ 1));
        }
        self.royal_attacked_by_special_rules(pos, colour)
    }

    /// [`Rules::royal_attacked`] under `royal_check: all` (§3.3) or
    /// explosions (§11.5); apart so that other files do not pay for them.
    #[inline(never)]
    fn royal_attacked_by_special_rules<S: SquareSet>(
        &self,
        pos: &Position<S>,
        colour: usize,
    ) -> bool {
        if self.variant.all_royals_checked {
            return !pos.royals[colour].is_empty()
                && pos.royals[colour]
                    .iter()
                    .all(|k| self.threatened(pos, k, colour));
        }
        pos.royals[colour]
            .iter()
            .any(|k| self.threatened(pos, k, colour))
    }

    /// Whether a royal piece of `colour` would be in check on `sq`.
    #[inline]
    fn threatened<S: SquareSet>(&self, pos: &Position<S>, sq: Square, colour: usize) -> bool {
        self.attacked(pos, sq, colour ^ 1)
            && (self.blast.is_empty() || !self.shielded(pos, sq, colour ^ 1))
    }

    /// Where captures explode (§11.5): whether a capture on `sq` would
    /// explode a royal piece of `by`, the capturing side (kings that touch
    /// cannot capture each other).
    fn shielded<S: SquareSet>(&self, pos: &Position<S>, sq: Square, by: usize) -> bool {
        let Some(rule) = &self.variant.explosion else {
            return false;
        };
        (S::from_bits(self.blast[sq as usize][by]) & pos.royals[by])
            .iter()
            .any(|s| {
                let ty = (pos.board[s as usize] as usize - 1) / 2;
                (rule.immune | rule.spared) >> ty & 1 == 0
            })
    }

    /// Whether the side that just moved left one of its royal pieces
    /// attacked, or open to an en passant capture.
    #[inline]
    pub fn left_in_check<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        let us = pos.last_mover();
        if us != pos.side
            && !pos.ep.is_empty()
            && (pos.royals[us].has(pos.ep_victim)
                || (!pos.ep2.is_empty() && pos.royals[us].has(pos.ep2_victim)))
            && self.en_passant_possible(pos)
        {
            return true;
        }
        self.royal_attacked(pos, us)
    }

    /// Whether the move just made (`undo` from making it) is illegal: it
    /// left a royal piece of the mover attacked, or, where giving check is
    /// illegal (§11.2), it attacks an enemy royal piece. Where captures
    /// explode (§11.5), a move that destroys a royal piece of its own is
    /// illegal, and one that removes the opponent's last royal piece is
    /// legal whatever it leaves attacked.
    #[inline]
    pub(crate) fn illegal_after<S: SquareSet>(
        &self,
        pos: &Position<S>,
        undo: &super::Undo<S>,
    ) -> bool {
        let us = pos.last_mover();
        let lost = if self.blast.is_empty() {
            0
        } else {
            undo.royals_lost()
        };
        if lost != 0 {
            if lost >> us & 1 != 0 {
                return true;
            }
            if pos.royals[us ^ 1].is_empty() {
                return false;
            }
        }
        self.left_in_check(pos) || (self.variant.checks_illegal && self.royal_attacked(pos, us ^ 1))
    }

    /// Whether the side to move has an en passant capture.
    fn en_passant_possible<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        let mut moves = Vec::new();
        self.piece_moves(pos, &self.turn_limits(pos), &mut moves);
        moves.iter().any(|m| m.kind == MoveKind::EnPassant)
    }

    /// Whether, at `pos`, a pseudo-legal move is legal exactly when it
    /// leaves no royal piece of the mover attacked ([`Rules::left_in_check`]
    /// after making it). Not so under rules that judge more than the
    /// mover's safety: check given illegal (§11.2), explosions (§11.5),
    /// `held_in_check` (§11.7), royal pieces facing (§11.3), a compulsory
    /// capture that binds here (§11.1); there only [`Rules::legal`] tells.
    #[inline]
    pub fn legal_by_safety<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        !self.strict_legality
            && self.variant.royals_facing == Facing::Allowed
            && self.compulsory_capture(pos).is_none()
    }

    /// Appends every legal move of the side to move to `out`; none when the
    /// game has ended by a rule of §19.
    pub fn legal<S: SquareSet>(&self, pos: &Position<S>, out: &mut Vec<Move>) {
        if self.immediate_end && self.ended(pos).is_some() {
            return;
        }
        self.legal_moves_ignoring_end(pos, out);
    }

    /// Appends the legal moves as if the game had not ended.
    pub(crate) fn legal_moves_ignoring_end<S: SquareSet>(
        &self,
        pos: &Position<S>,
        out: &mut Vec<Move>,
    ) {
        let mut pseudo = Vec::with_capacity(64);
        self.pseudo_legal(pos, &mut pseudo);
        let mut work = pos.clone();
        let mut undo = super::Undo::default();
        let first = out.len();
        let facing_before =
            self.variant.royals_facing == Facing::BreakOrPass && self.royals_face(pos);
        let pins = if self.legality_by_pins && self.legal_by_safety(pos) {
            self.pins(pos)
        } else {
            None
        };
        for m in pseudo {
            let verdict = pins
                .as_ref()
                .map(|pins| (self.verdict(pos, pins, &m), pins.complex != 0));
            match verdict {
                Some((Verdict::Legal, false)) => {
                    out.push(m);
                    continue;
                }
                Some((Verdict::Illegal, _)) => continue,
                _ => {}
            }
            work.make_into(self, m, &mut undo);
            let legal = if let Some((Verdict::Legal, _)) = verdict {
                pins.as_ref()
                    .is_none_or(|pins| self.safe_from_complex(&work, pins))
            } else {
                self.legal_made(&work, &m, &undo, facing_before)
            };
            if legal {
                out.push(m);
            }
            work.unmake(self, m, &undo);
        }
        if self.variant.held_in_check != 0 {
            self.hold_in_check(pos, out, first);
        }
        if out.len() == first && self.must_pass(pos) {
            out.push(NULL_MOVE);
        }
        if let Some(rule) = self.compulsory_capture(pos) {
            let binding = |m: &Move| self.binding_capture(pos, rule, m);
            if out[first..].iter().any(binding) {
                let captures: Vec<Move> = out[first..].iter().copied().filter(binding).collect();
                out.truncate(first);
                out.extend(captures);
            }
        }
    }

    /// Removes from `out[first..]` the moves §11.7 `held_in_check` forbids:
    /// while the side to move is in check, a piece of a held type may only
    /// capture the one piece giving check.
    #[inline(never)]
    fn hold_in_check<S: SquareSet>(&self, pos: &Position<S>, out: &mut Vec<Move>, first: usize) {
        if !self.in_check(pos) {
            return;
        }
        let checkers = self.checkers(pos);
        let held = self.variant.held_in_check;
        let mut i = first;
        while i < out.len() {
            let m = out[i];
            let mover = pos.board[m.from as usize];
            let is_held = m.kind != MoveKind::Drop
                && mover != 0
                && held >> ((mover as usize - 1) / 2) & 1 != 0;
            let takes_the_checker =
                m.kind == MoveKind::Normal && checkers.iter().count() == 1 && checkers.has(m.to);
            if is_held && !takes_the_checker && m.kind != MoveKind::Null {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The squares of the enemy pieces that attack a royal piece of the
    /// side to move.
    fn checkers<S: SquareSet>(&self, pos: &Position<S>) -> S {
        let them = pos.side ^ 1;
        let mut found = S::default();
        for from in (pos.occupied[them] & !pos.freezes.frozen).iter() {
            let piece = pos.board[from as usize];
            if pos.royals[pos.side]
                .iter()
                .any(|k| self.attacks_from(pos, piece, from, k, them))
            {
                found.set(from);
            }
        }
        found
    }

    /// The compulsory-capture rule (§11) when it binds the side to move.
    #[inline]
    pub(crate) fn compulsory_capture<S: SquareSet>(
        &self,
        pos: &Position<S>,
    ) -> Option<&CompulsoryCapture> {
        self.variant
            .compulsory_capture
            .as_ref()
            .filter(|rule| rule.sides[pos.side])
    }

    /// Whether `m` is a capture the compulsory-capture rule makes compulsory:
    /// it removes an enemy piece and its mover is of a bound type.
    fn binding_capture<S: SquareSet>(
        &self,
        pos: &Position<S>,
        rule: &CompulsoryCapture,
        m: &Move,
    ) -> bool {
        let captures = match m.kind {
            MoveKind::EnPassant | MoveKind::Shoot => true,
            MoveKind::Normal | MoveKind::Passing => pos.board[m.to as usize] != 0,
            MoveKind::Castle | MoveKind::Drop | MoveKind::Null | MoveKind::Reply => false,
        };
        captures && rule.by >> ((pos.board[m.from as usize] as usize - 1) / 2) & 1 != 0
    }

    /// Whether `0000` is the one legal move when no other is: a later move
    /// of a turn that may be declined only then (§16).
    #[inline]
    pub fn must_pass<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        pos.sub > 0 && self.variant.turn.as_ref().is_some_and(|t| t.later_required)
    }
}

/// A declined later move of a turn, `0000`.
pub const NULL_MOVE: Move = Move {
    from: 0,
    to: 0,
    kind: MoveKind::Null,
    promotion: 0,
    aux: 0,
    extra: 0,
    gate: 0,
    gate_at: 0,
};

/// One piece walking its paths: the position, the piece, its square, and
/// the types (bit set) it may not capture.
struct Walker<'p, S: SquareSet> {
    pos: &'p Position<S>,
    mover: u8,
    from: Square,
    captures_not: u32,
}

impl<S: SquareSet> Walker<'_, S> {
    /// Whether the piece may capture `code`: an enemy piece of a type it
    /// may capture.
    #[inline(always)]
    fn capturable(&self, code: u8) -> bool {
        code != 0
            && (code as usize - 1) & 1 != self.pos.side
            && self.captures_not >> ((code as usize - 1) / 2) & 1 == 0
    }
}

/// What a walk along a piece's paths may give: moves to empty squares,
/// captures, en passant captures.
#[derive(Clone, Copy, Debug)]
pub(super) struct Powers {
    /// It may move without capturing.
    pub(super) moves: bool,
    /// It may capture.
    pub(super) captures: bool,
    /// It may capture en passant.
    pub(super) en_passant: bool,
}

impl Powers {
    /// These powers as path [`flag`] bits: what of a path's flags they let
    /// be used (whatever they are, a move may mark en passant targets).
    #[inline(always)]
    fn flags(self) -> u8 {
        flag::MARKS_EN_PASSANT
            | (u8::from(self.moves) * flag::MOVE)
            | (u8::from(self.captures) * flag::CAPTURE)
            | (u8::from(self.en_passant) * flag::EN_PASSANT)
    }

    /// The powers that the path [`flag`] bits `flags` give.
    #[inline(always)]
    fn of(flags: u8) -> Powers {
        Powers {
            moves: flags & flag::MOVE != 0,
            captures: flags & flag::CAPTURE != 0,
            en_passant: flags & flag::EN_PASSANT != 0,
        }
    }
}

/// What the turn structure allows the side to move (§16).
#[derive(Clone, Copy, Debug, Default)]
struct TurnLimits<S: SquareSet> {
    /// Types (bit set) that may not move.
    excluded: u32,
    /// No move may capture.
    no_captures: bool,
    /// The pieces on these squares may not move.
    not_from: S,
    /// `0000` is a pseudo-legal move.
    may_pass: bool,
}

/// Makes the moves from `first` on unique: one move of each text (a shot
/// and a capture by moving to one square read alike), the one of the first
/// component that gives it; an en passant capture stands over any other
/// move to its square (spec/LANGUAGE.md §4.6).
fn unique_moves(out: &mut Vec<Move>, first: usize) {
    let mut i = first;
    while i < out.len() {
        let m = out[i];
        let same = |o: &Move| o.to == m.to && o.promotion == m.promotion && o.from == m.from;
        let passant = |o: &Move| same(o) && o.kind == MoveKind::EnPassant;
        let duplicate = if m.kind == MoveKind::EnPassant {
            out[first..i].iter().any(passant)
        } else {
            out[first..i].iter().any(same) || out[first..].iter().any(passant)
        };
        if duplicate {
            out.remove(i);
        } else {
            i += 1;
        }
    }
}

/// A drop of `piece` on `to`, held as type `held`, by drop rule `index`.
fn drop_move(to: Square, piece: u8, held: usize, index: usize) -> Move {
    Move {
        from: to,
        to,
        kind: MoveKind::Drop,
        promotion: piece,
        aux: held as Square,
        extra: index as Square,
        gate: 0,
        gate_at: 0,
    }
}

/// Whether the route of a multi-leg move (§4.5) from `from` is open: each
/// route square empty or occupied as its leg needs (the origin counts as
/// empty, its piece having left).
#[inline]
pub(crate) fn route_open(board: &[u8; 256], from: Square, route: &[Square], needs: u8) -> bool {
    route.iter().enumerate().all(|(k, &s)| {
        let need = needs >> (2 * k) & 3;
        let occupied = s != from && board[s as usize] != 0;
        need & if occupied { NEED_OCCUPIED } else { NEED_EMPTY } != 0
    })
}
