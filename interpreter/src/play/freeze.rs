//! Freezing (§15), replies and the record of initial-only first moves
//! (§12.3): the state a move changes beyond the board.

use super::position::{Move, MoveKind, Position};
use super::Rules;
use crate::geometry::{Square, SquareSet};
use crate::program::{code, flag, FreezeRule, ReplyRule, Walk, MAX_FREEZE_RULES};

/// What [`Rules::before_move`] reads before a move changes the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct BeforeMove<S: SquareSet> {
    /// Per freezing rule: the pieces the moving freezer watched.
    moved: [S; MAX_FREEZE_RULES],
    /// Per freezing rule: the pieces the captured freezer watched, when they linger.
    captured: [S; MAX_FREEZE_RULES],
    /// The moving piece keeps or gains the initial-only record.
    stepped: bool,
    /// The reply rule whose square the move opens, if any.
    opens: Option<u8>,
    /// A freezer stood on a square the move changes.
    freezer_touched: bool,
}

/// The squares move `m` changes on the board (a pass: none), walls and
/// explosions aside: the first of the five, as many as it changes. (A list
/// rather than a set: each is tested on its own, and a set written a word
/// at a time and read whole stalls.)
fn changed_squares(m: Move) -> ([Square; 5], usize) {
    let mut changed = [m.from, m.to, 0, 0, 0];
    let mut count = 2;
    match m.kind {
        MoveKind::Null => return (changed, 0),
        MoveKind::EnPassant => {
            changed[2] = m.aux;
            count = 3;
        }
        MoveKind::Castle => {
            changed[2] = m.aux;
            changed[3] = m.extra;
            count = 4;
        }
        _ => {}
    }
    if m.gate != 0 {
        changed[count] = m.gate_at;
        count += 1;
    }
    (changed, count)
}

impl Rules {
    /// The code of the virtual movement type `index` for `colour`.
    fn virtual_code(&self, index: u8, colour: usize) -> u8 {
        code(self.tables.types + index as usize, colour)
    }

    /// The squares a path of a virtual movement reaches, walked over the
    /// board: a leap's target, a slide's squares up to and with the first
    /// occupied one.
    fn reached<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        from: Square,
        mut visit: impl FnMut(Square, u8),
    ) {
        for path in self.tables.paths(piece, from) {
            let steps = self.tables.steps(path);
            match path.walk {
                Walk::Slide => {
                    for &s in steps {
                        visit(s, path.flags);
                        if pos.board[s as usize] != 0 {
                            break;
                        }
                    }
                }
                Walk::Bent => {
                    let (route, needs, last) = crate::program::bent_parts(steps);
                    if super::movegen::route_open(&pos.board, from, route, needs) {
                        for &s in last {
                            visit(s, path.flags);
                            if pos.board[s as usize] != 0 {
                                break;
                            }
                        }
                    }
                }
                Walk::Lame
                    if steps[..steps.len() - 1]
                        .iter()
                        .any(|&s| pos.board[s as usize] != 0) => {}
                _ => visit(steps[steps.len() - 1], path.flags),
            }
        }
    }

    /// The pieces a freezer of rule `index` on `sq` freezes now.
    fn watched<S: SquareSet>(&self, pos: &Position<S>, index: usize, sq: Square) -> S {
        let rule = &self.variant.freeze[index];
        let colour = (pos.board[sq as usize] as usize - 1) & 1;
        let (mut out, mut best) = (S::default(), 0);
        let mut visit = |s: Square, _| {
            let piece = pos.board[s as usize];
            if piece == 0
                || (piece as usize - 1) & 1 == colour
                || rule.immune >> ((piece as usize - 1) / 2) & 1 != 0
            {
                return;
            }
            if rule.highest {
                let value = self.variant.pieces[(piece as usize - 1) / 2].value;
                if value > best || out.is_empty() {
                    best = value;
                    out = S::default();
                }
                if value < best {
                    return;
                }
            }
            out.set(s);
        };
        if self.freeze_leaps {
            // Single steps: the span is what the freezer watches; only the
            // enemy pieces on it are looked at.
            let span = S::from_bits(
                self.freeze_spans[(2 * index + colour) * self.tables.squares + sq as usize],
            );
            for s in (span & pos.occupied[colour ^ 1]).iter() {
                visit(s, 0);
            }
        } else {
            self.reached(pos, self.virtual_code(rule.reach, colour), sq, visit);
        }
        out
    }

    /// The pieces a freezer of rule `index` on `sq` freezes: those it
    /// watches, or with `trigger: arrival` the held ones it watches.
    fn targets<S: SquareSet>(&self, pos: &Position<S>, index: usize, sq: Square) -> S {
        let rule = &self.variant.freeze[index];
        if !rule.on_arrival {
            return self.watched(pos, index, sq);
        }
        let colour = (pos.board[sq as usize] as usize - 1) & 1;
        let mut out = S::default();
        self.reached(pos, self.virtual_code(rule.reach, colour), sq, |s, _| {
            if pos.freezes.held.has(s)
                && pos.board[s as usize] != 0
                && (pos.board[s as usize] as usize - 1) & 1 != colour
            {
                out.set(s);
            }
        });
        out
    }

    /// With `trigger: arrival`, the pieces freezers hold after `m`: a
    /// freezer that arrived chooses anew; one that stood keeps what it held
    /// unless the arriving piece is worth more than all of it.
    fn arrival_holds<S: SquareSet>(
        &self,
        pos: &Position<S>,
        rule: &FreezeRule,
        m: Move,
        touched: &[Square],
    ) -> S {
        let mut held = pos.freezes.held;
        for &s in touched {
            held.clear(s);
        }
        let value = |s: Square| self.variant.pieces[(pos.board[s as usize] as usize - 1) / 2].value;
        let mut out = S::default();
        for colour in 0..2 {
            for sq in pos.occupied[colour]
                .iter()
                .filter(|&sq| self.freezes_by(pos, rule, sq))
            {
                if sq == m.to {
                    out = out | self.watched(pos, 0, sq);
                    continue;
                }
                let mut current = S::default();
                let mut arrived = false;
                self.reached(pos, self.virtual_code(rule.reach, colour), sq, |s, _| {
                    current = current | (held & S::one(s));
                    arrived |= s == m.to;
                });
                let arriving = pos.board[m.to as usize];
                let eligible = arrived
                    && arriving != 0
                    && (arriving as usize - 1) & 1 != colour
                    && rule.immune >> ((arriving as usize - 1) / 2) & 1 == 0;
                let best = current.iter().map(value).max();
                out = out
                    | match best {
                        Some(best) if eligible && value(m.to) > best => S::one(m.to),
                        _ => current,
                    };
            }
        }
        out
    }

    /// With `trigger: arrival`, FEN without `held=` means what the freezers
    /// watch, as if each had just arrived.
    pub(crate) fn default_held<S: SquareSet>(&self, pos: &mut Position<S>) {
        if self.freezes_on_arrival {
            pos.freezes.held = self.board_freezes(pos);
        }
    }

    /// The `held=` value, when the held pieces are not what the freezers
    /// watch: the squares, or `-` for none.
    pub(crate) fn held_text<S: SquareSet>(&self, pos: &Position<S>) -> Option<String> {
        if !self.freezes_on_arrival || pos.freezes.held == self.board_freezes(pos) {
            return None;
        }
        let squares: Vec<String> = pos
            .freezes
            .held
            .iter()
            .map(|sq| super::square_name(self.tables.files, sq))
            .collect();
        Some(if squares.is_empty() {
            "-".to_string()
        } else {
            squares.join(",")
        })
    }

    /// Whether some enemy freezer watches the piece on `sq` and could hold it.
    pub(crate) fn could_hold<S: SquareSet>(&self, pos: &Position<S>, sq: Square) -> bool {
        let piece = pos.board[sq as usize];
        if piece == 0 {
            return false;
        }
        let colour = (piece as usize - 1) & 1;
        self.variant.freeze.iter().any(|rule| {
            rule.immune >> ((piece as usize - 1) / 2) & 1 == 0
                && pos.occupied[colour ^ 1]
                    .iter()
                    .filter(|&f| self.freezes_by(pos, rule, f))
                    .any(|f| {
                        let mut seen = false;
                        self.reached(pos, self.virtual_code(rule.reach, colour ^ 1), f, |s, _| {
                            seen |= s == sq;
                        });
                        seen
                    })
        })
    }

    /// Whether the piece on `sq` is a freezer of `rule`.
    fn freezes_by<S: SquareSet>(&self, pos: &Position<S>, rule: &FreezeRule, sq: Square) -> bool {
        let piece = pos.board[sq as usize];
        piece != 0 && rule.by >> ((piece as usize - 1) / 2) & 1 != 0
    }

    /// Every piece some freezer watches now.
    fn board_freezes<S: SquareSet>(&self, pos: &Position<S>) -> S {
        let mut out = S::default();
        for sq in pos.freezers.iter() {
            for (i, rule) in self.variant.freeze.iter().enumerate() {
                if self.freezes_by(pos, rule, sq) {
                    out = out | self.watched(pos, i, sq);
                }
            }
        }
        out
    }

    /// Recomputes the frozen pieces from the board, the held pieces and the timers.
    pub(crate) fn refresh_frozen<S: SquareSet>(&self, pos: &mut Position<S>) {
        let holds = if self.freezes_on_arrival {
            pos.freezes.held
        } else {
            pos.freezes.watched = self.board_freezes(pos);
            pos.freezes.watched
        };
        pos.freezes.frozen = holds | pos.freezes.lingering();
    }

    /// With `trigger: recompute`, after a move that changed `changed`
    /// (and no freezer's square, `before`): whether what the freezers
    /// watch is as it was, no changed square lying on any freezer's reach.
    fn watch_unchanged<S: SquareSet>(
        &self,
        pos: &Position<S>,
        changed: &[Square],
        before: &BeforeMove<S>,
    ) -> bool {
        if before.freezer_touched || !self.blast.is_empty() || self.walled {
            return false;
        }
        // Square by square: the freezers' set was just written a word at a time.
        if changed.iter().any(|&s| pos.freezers.has(s)) {
            return false;
        }
        let squares = self.tables.squares;
        pos.freezers.iter().all(|f| {
            let colour = (pos.board[f as usize] as usize - 1) & 1;
            self.variant.freeze.iter().enumerate().all(|(i, rule)| {
                let span = &self.freeze_spans[(2 * i + colour) * squares + f as usize];
                !self.freezes_by(pos, rule, f) || !changed.iter().any(|&s| span.has(s))
            })
        })
    }

    /// Whether `to` is reached from `from` only by initial-only paths of `piece`.
    fn initial_only<S: SquareSet>(
        &self,
        pos: &Position<S>,
        piece: u8,
        from: Square,
        to: Square,
    ) -> bool {
        let (mut initial, mut other) = (false, false);
        self.reached(pos, piece, from, |s, flags| {
            if s == to {
                if flags & flag::INITIAL != 0 {
                    initial = true;
                } else {
                    other = true;
                }
            }
        });
        initial && !other
    }

    /// Reads what the move changes beyond the board before it is made,
    /// into `before` (a record reused from move to move: only the entries
    /// of the file's freezing rules are cleared, not the whole record).
    pub(crate) fn before_move<S: SquareSet>(
        &self,
        pos: &Position<S>,
        m: Move,
        before: &mut BeforeMove<S>,
    ) {
        let (changed, count) = changed_squares(m);
        before.freezer_touched = changed[..count].iter().any(|&s| pos.freezers.has(s));
        before.stepped = false;
        before.opens = None;
        for i in 0..self.variant.freeze.len() {
            before.moved[i] = S::default();
            before.captured[i] = S::default();
        }
        let moved = pos.board[m.from as usize];
        if m.kind == MoveKind::Drop || moved == 0 {
            return;
        }
        for (i, rule) in self.variant.freeze.iter().enumerate() {
            if self.freezes_by(pos, rule, m.from) {
                before.moved[i] = self.targets(pos, i, m.from);
            }
            let victim = if m.kind == MoveKind::EnPassant {
                m.aux
            } else {
                m.to
            };
            if rule.captured_lingers
                && m.kind != MoveKind::Castle
                && self.freezes_by(pos, rule, victim)
                && victim != m.from
            {
                before.captured[i] = self.targets(pos, i, victim);
            }
        }
        let ty = (moved as usize - 1) / 2;
        let moves_itself = matches!(
            m.kind,
            MoveKind::Normal | MoveKind::Passing | MoveKind::Reply | MoveKind::EnPassant
        ) && m.promotion == 0;
        if self.variant.record_stepped && moves_itself {
            before.stepped = pos.stepped.has(m.from)
                || (pos.virgin.has(m.from) && self.initial_only(pos, moved, m.from, m.to));
        }
        if moves_itself && m.kind != MoveKind::EnPassant && pos.board[m.to as usize] == 0 {
            let colour = (moved as usize - 1) & 1;
            for (i, rule) in self.variant.replies.iter().enumerate() {
                if rule.openers >> ty & 1 == 0
                    || !self.holds(&rule.opening_when, pos, Some(m.from), false)
                {
                    continue;
                }
                let mut reaches = false;
                self.reached(
                    pos,
                    self.virtual_code(rule.opening, colour),
                    m.from,
                    |s, flags| reaches |= s == m.to && flags & flag::MOVE != 0,
                );
                if reaches {
                    before.opens = Some(i as u8);
                    break;
                }
            }
        }
    }

    /// Updates the state beyond the board after `us` made `m` (the board is
    /// already changed, the side not yet).
    pub(crate) fn after_move<S: SquareSet>(
        &self,
        pos: &mut Position<S>,
        m: Move,
        us: usize,
        before: &BeforeMove<S>,
    ) {
        let touched: &[Square] = match m.kind {
            MoveKind::Normal | MoveKind::Passing | MoveKind::Reply => &[m.from, m.to],
            MoveKind::EnPassant => &[m.from, m.to, m.aux],
            MoveKind::Castle => &[m.from, m.to, m.aux, m.extra],
            MoveKind::Shoot => &[m.to],
            MoveKind::Drop | MoveKind::Null => &[],
        };
        if self.variant.record_stepped {
            for &s in touched {
                pos.stepped.clear(s);
            }
            if before.stepped {
                pos.stepped.set(m.to);
            }
        }
        let opened = pos.opened;
        pos.opened = Default::default();
        if let Some(rule) = before.opens {
            pos.opened.square.set(m.from);
            pos.opened.opener = m.to;
            pos.opened.rule = rule;
        }
        if !self.freezing {
            return;
        }
        for &s in touched {
            pos.freezes.clear_timer(s);
        }
        pos.freezes.count_down(pos.occupied[us]);
        let (changed, count) = changed_squares(m);
        let now = match self.variant.freeze.first() {
            Some(rule) if rule.on_arrival => {
                pos.freezes.held = self.arrival_holds(pos, rule, m, touched);
                pos.freezes.held
            }
            _ if self.watch_unchanged(pos, &changed[..count], before) => pos.freezes.watched,
            _ => {
                pos.freezes.watched = self.board_freezes(pos);
                pos.freezes.watched
            }
        };
        for (i, rule) in self.variant.freeze.iter().enumerate() {
            let released = before.moved[i] | before.captured[i];
            if released.is_empty() {
                continue;
            }
            let still_watched = if rule.still_near_lingers || before.moved[i].is_empty() {
                S::default()
            } else {
                let mut near = S::default();
                self.reached(pos, self.virtual_code(rule.reach, us), m.to, |s, _| {
                    near.set(s);
                });
                near
            };
            for s in released.iter() {
                let piece = pos.board[s as usize];
                let enemy_of_freezer =
                    piece != 0 && (before.captured[i].has(s) || (piece as usize - 1) & 1 != us);
                if rule.linger > 0
                    && enemy_of_freezer
                    && !now.has(s)
                    && !(before.moved[i].has(s) && still_watched.has(s))
                {
                    pos.freezes.set_timer(s, rule.linger);
                }
            }
        }
        if m.kind == MoveKind::Reply && opened.square.has(m.to) {
            let rule = &self.variant.replies[opened.rule as usize];
            if rule.freeze > 0 && pos.board[opened.opener as usize] != 0 {
                pos.freezes.set_timer(opened.opener, rule.freeze);
            }
        }
        pos.freezes.frozen = now | pos.freezes.lingering();
    }

    /// After the side changed (or not, within a turn of several moves,
    /// §16): an opened square stays only if the opponent of `us` moves next
    /// and has a reply to it.
    pub(crate) fn after_side_change<S: SquareSet>(
        &self,
        pos: &mut Position<S>,
        before: &BeforeMove<S>,
        us: usize,
    ) {
        if before.opens.is_some() && pos.side == us {
            pos.opened = Default::default();
        } else if before.opens.is_some() {
            let mut replies = Vec::new();
            self.replies(pos, 0, &mut replies);
            if replies.is_empty() {
                pos.opened = Default::default();
            }
        }
    }

    /// The piece of `colour` that could have just opened `sq` by the
    /// opening movement of `rule`.
    pub(crate) fn opener_of<S: SquareSet>(
        &self,
        pos: &Position<S>,
        rule: &ReplyRule,
        sq: Square,
        colour: usize,
    ) -> Option<Square> {
        let mut found = None;
        self.reached(
            pos,
            self.virtual_code(rule.opening, colour),
            sq,
            |s, flags| {
                let piece = pos.board[s as usize];
                let fits = piece != 0
                    && (piece as usize - 1) & 1 == colour
                    && rule.openers >> ((piece as usize - 1) / 2) & 1 != 0;
                if found.is_none()
                    && fits
                    && flags & flag::MOVE != 0
                    && self.holds(&rule.opening_when, pos, Some(s), false)
                {
                    found = Some(s);
                }
            },
        );
        found
    }

    /// Appends the replies (§12.3) of the side to move to the moves of this
    /// position, `out[first..]`. A reply is the one move of its text: it
    /// replaces an ordinary move of the same piece to the opened square
    /// there (one text names one move, as en passant, §4.6).
    pub(crate) fn replies<S: SquareSet>(
        &self,
        pos: &Position<S>,
        first: usize,
        out: &mut Vec<Move>,
    ) {
        let Some(target) = pos.opened.square.iter().next() else {
            return;
        };
        let rule = &self.variant.replies[pos.opened.rule as usize];
        let us = pos.side;
        if pos.board[target as usize] != 0 {
            return;
        }
        for from in (pos.occupied[us] & !pos.freezes.frozen).iter() {
            let piece = pos.board[from as usize];
            if rule.repliers >> ((piece as usize - 1) / 2) & 1 == 0
                || !self.holds(&rule.reply_when, pos, Some(from), false)
            {
                continue;
            }
            let mut reaches = false;
            self.reached(pos, self.virtual_code(rule.reply, us), from, |s, flags| {
                reaches |= s == target && flags & flag::MOVE != 0;
            });
            if reaches {
                let mut i = first;
                while i < out.len() {
                    let o = &out[i];
                    if o.from == from
                        && o.to == target
                        && o.promotion == 0
                        && o.gate == 0
                        && matches!(o.kind, MoveKind::Normal | MoveKind::Passing)
                    {
                        out.remove(i);
                    } else {
                        i += 1;
                    }
                }
                out.push(Move {
                    from,
                    to: target,
                    kind: MoveKind::Reply,
                    promotion: 0,
                    aux: 0,
                    extra: 0,
                    gate: 0,
                    gate_at: 0,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::play::{Position, Rules};

    /// Orthodox chess with a freezer: a queen freezes the enemy pieces next
    /// to it, the king aside, as the freezers' reach is walked anew.
    fn freezing_chess() -> Rules {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants/with.yaml");
        let source =
            "extends: chess.yaml\nname: with\nfreeze:\n  - { by: [Q], reach: K, immune: [K] }\n";
        Rules::clone(&crate::build_path(&path, source).expect("rules").rules)
    }

    /// Checks, in every position `depth` plies on from `pos`, that what the
    /// freezers watch as kept equals what they watch walked anew.
    fn walk(rules: &Rules, pos: &Position, depth: u32) -> u64 {
        assert_eq!(pos.freezes.watched, rules.board_freezes(pos));
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        rules.legal(pos, &mut moves);
        let mut work = pos.clone();
        let mut count = 0;
        for m in moves {
            let undo = work.make(rules, m);
            count += walk(rules, &work, depth - 1);
            work.unmake(rules, m, &undo);
            assert_eq!(&work, pos);
        }
        count
    }

    #[test]
    fn what_the_freezers_watch_is_kept_exactly() {
        let rules = freezing_chess();
        // Queens that meet early: moves beside them and far from them.
        let pos = rules
            .position("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3")
            .expect("FEN");
        assert!(walk(&rules, &pos, 3) > 1000);
    }
}
