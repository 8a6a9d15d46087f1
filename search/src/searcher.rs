//! The search: iterative deepening over a principal variation search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::{End, Game};
use crate::limits::Limits;
use crate::proof::Proofs;
use crate::table::{Bound, Entry, Table};

/// The score of a mate on the board: a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Above every score.
const INFINITE: i32 = 32_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
/// Deepest ply searched.
const MAX_PLY: usize = 96;
/// Plies of captures quiescence looks at beyond the search's depth: on
/// boards where most pieces can take (grasshoppers), capture chains
/// would otherwise multiply without end.
const MAX_QUIESCENCE: usize = 12;

/// A score as the protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, from the side to move's view.
    Centipawns(i32),
    /// A forced win (positive) or loss (negative) in this many moves.
    Mate(i32),
}

impl Score {
    fn of(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

/// What an iteration found, for `info` lines.
#[derive(Clone, Debug)]
pub struct Info {
    /// Depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, canonical move text.
    pub pv: Vec<String>,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1000 / self.time.as_millis().max(1)) as u64
    }
}

/// A searcher: its transposition table, ordering tables and stop flag
/// live across searches of one game.
pub struct Searcher<G: Game> {
    table: Table<G::Move>,
    killers: Vec<[G::Move; 2]>,
    history: Vec<i32>,
    stop: Arc<AtomicBool>,
    nodes: u64,
    seldepth: usize,
    start: Instant,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    stopped: bool,
    /// Keys of the game's positions since its last irreversible move, then
    /// of the positions along the searched line.
    keys: Vec<u64>,
    pv: Vec<Vec<G::Move>>,
    buffers: Vec<Vec<G::Move>>,
    /// Per ply: whether the move into the next ply was a null move (no two
    /// in a row).
    nulls: Vec<bool>,
    /// Late-move reductions by depth and move number.
    reductions: Vec<[i32; 64]>,
    /// Root moves that leave the opponent replies losing at once, with
    /// their bonus (see [`Searcher::root_swindles`]), plus [`PROVEN`] for
    /// a move proven won, less for one proven lost (see [`Proofs`]).
    swindles: Vec<(G::Move, i32)>,
    /// The side to move at the root.
    root_side: usize,
    /// Where being mated wins, the force on the board at the root as the
    /// evaluation counts it for the root's side ([`KEPT_FORCE`]): taken
    /// off the score reported.
    root_force: i32,
    /// The leaves quiescence may still search where every move captures
    /// (see [`Searcher::compelled_search`]).
    breadth: usize,
    /// The node count when the search last entered quiescence from a
    /// frontier node (`None` outside quiescence): see [`QUIESCENCE_NODES`].
    quiet_start: Option<u64>,
    /// The ply below which forced moves are extended: the iteration's
    /// depth doubled, plus [`FORCED_PLIES`] (see [`Searcher::forced`]).
    forced_reach: usize,
    /// Extensions along the current line for a node of two moves (see
    /// [`FEW_EXTENSIONS`]).
    extended: usize,
    /// Per ply: the position (its key) last tested by
    /// [`Searcher::forced`] there and whether it has one legal move. A move
    /// asks it of the position it leads to, and the node searched there
    /// asks again: the second answer is read here.
    single_move: Vec<Option<(u64, bool)>>,
    /// Root moves proven won or lost, where the game is small enough
    /// (see [`Proofs`]).
    proofs: Proofs,
}

impl<G: Game> Searcher<G> {
    /// A searcher with a transposition table of about `hash_mb` MB.
    pub fn new(hash_mb: usize) -> Searcher<G> {
        Searcher {
            table: Table::new(hash_mb),
            killers: vec![[G::Move::default(); 2]; MAX_PLY + 1],
            history: vec![0; 1 << 16],
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            hard: None,
            node_limit: None,
            stopped: false,
            keys: Vec::new(),
            pv: vec![Vec::new(); MAX_PLY + 1],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            nulls: vec![false; MAX_PLY + 1],
            reductions: reductions(),
            swindles: Vec::new(),
            root_side: 0,
            root_force: 0,
            breadth: 0,
            quiet_start: None,
            forced_reach: 0,
            extended: 0,
            single_move: vec![None; MAX_PLY + 1],
            proofs: Proofs::default(),
        }
    }

    /// Resizes the transposition table (emptying it).
    pub fn resize(&mut self, hash_mb: usize) {
        self.table = Table::new(hash_mb);
    }

    /// Forgets everything learnt: a new game starts.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.fill(0);
        self.killers.fill([G::Move::default(); 2]);
        self.proofs.clear();
    }

    /// A flag that stops the running search when set (`stop`).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Nodes searched by the latest search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches `game` within `limits`; `history` holds the keys of the
    /// positions before the current one since the last irreversible move
    /// (for repetition). Reports each finished iteration to `report` and
    /// returns the best move, or `None` when the game has no legal move.
    pub fn search(
        &mut self,
        game: &mut G,
        history: &[u64],
        limits: Limits,
        mut report: impl FnMut(&Info),
    ) -> Option<G::Move> {
        self.start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.quiet_start = None;
        let budget = limits.budget();
        self.hard = budget.map(|b| b.1);
        self.node_limit = limits.nodes;
        self.keys = history.to_vec();
        self.keys.push(game.key());
        for h in &mut self.history {
            *h /= 8;
        }
        let fallback = self.first_legal(game);
        fallback?;
        // The kept force counts for the root's side: scores kept for the
        // other side's searches (one searcher playing both, `motley play`)
        // would mislead.
        if game.keeps_force() && game.side() != self.root_side {
            self.table.clear();
        }
        self.root_side = game.side();
        self.root_force = if game.keeps_force() {
            kept_force(game)
        } else {
            0
        };
        self.swindles = self.root_swindles(game);
        if game.provable() {
            for (m, wins) in self.proofs.root(game, &self.keys) {
                let bonus = if wins { PROVEN } else { -PROVEN };
                match self.swindles.iter_mut().find(|(root, _)| *root == m) {
                    Some((_, b)) => *b += bonus,
                    None => self.swindles.push((m, bonus)),
                }
            }
        }
        let mut best = fallback;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .min(MAX_PLY as u32 - 1);
        let mut score = 0;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            self.forced_reach = (2 * depth as usize + FORCED_PLIES).min(MAX_PLY / 2);
            score = self.aspire(game, depth as i32, score);
            if self.stopped && depth > 1 {
                break;
            }
            if let Some(&m) = self.pv[0].first() {
                best = Some(m);
            }
            report(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score: Score::of(self.shown(score)),
                nodes: self.nodes,
                time: self.start.elapsed(),
                pv: self.pv[0].iter().map(|&m| game.move_text(m)).collect(),
            });
            if self.stopped {
                break;
            }
            if budget.is_some_and(|(soft, _)| self.start.elapsed() >= soft) {
                break;
            }
            // A mate found at every line's end: deeper iterations add nothing.
            if score.abs() >= MATE_BOUND && MATE - score.abs() <= depth as i32 {
                break;
            }
        }
        best
    }

    /// The root searched to `depth` in a window around the previous
    /// iteration's score `guess`, widened on the side it fails until the
    /// score falls inside.
    fn aspire(&mut self, game: &mut G, depth: i32, guess: i32) -> i32 {
        if depth < ASPIRATION_DEPTH || guess.abs() >= MATE_BOUND {
            return self.node(game, depth, 0, -INFINITE, INFINITE);
        }
        let mut width = ASPIRATION;
        let (mut alpha, mut beta) = (guess - width, guess + width);
        loop {
            let score = self.node(game, depth, 0, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (score - width).max(-INFINITE);
            } else if score >= beta {
                beta = (score + width).min(INFINITE);
            } else {
                return score;
            }
            width *= 2;
            if width > 4 * ASPIRATION * ASPIRATION {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    /// The first legal move, kept in case the search is stopped at once.
    fn first_legal(&mut self, game: &mut G) -> Option<G::Move> {
        let mut moves = Vec::new();
        game.moves(&mut moves);
        for m in moves {
            if game.make(m) {
                game.unmake();
                return Some(m);
            }
        }
        game.forced_pass()
    }

    /// Whether to stop now: the stop flag, the node budget or the hard time limit.
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            self.stopped = self.stop.load(Ordering::Relaxed)
                || self.hard.is_some_and(|h| self.start.elapsed() >= h);
        }
        self.stopped
    }

    /// The score of an end at `ply`.
    fn end_score(end: End, ply: usize) -> i32 {
        match end {
            End::Win => MATE - ply as i32,
            End::Loss => -(MATE - ply as i32),
            End::Draw => 0,
        }
    }

    /// Whether the current position (last in `keys`) repeats one since the
    /// last irreversible move: scored a draw within the search.
    fn repeats(&self, game: &G) -> bool {
        if game.repetition().is_none() {
            return false;
        }
        let Some((&now, before)) = self.keys.split_last() else {
            return false;
        };
        let reach = (game.reversible_plies() as usize).min(before.len());
        before[before.len() - reach..]
            .iter()
            .rev()
            .any(|&k| k == now)
    }

    /// Plays `m` (already made) onward: the child's score from this node's
    /// side, whether or not the side to move changed.
    fn child(
        &mut self,
        game: &mut G,
        us: usize,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if game.side() == us {
            self.node(game, depth, ply + 1, alpha, beta)
        } else {
            -self.node(game, depth, ply + 1, -beta, -alpha)
        }
    }

    /// Alpha-beta search of the current position to `depth` plies.
    fn node(&mut self, game: &mut G, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        if let Some(score) = self.settled(game, ply, alpha) {
            return score;
        }
        // A forced move costs no depth, and a frontier position with one
        // move is searched a ply deeper (see [`Searcher::forced`]).
        let forced = self.forced(game, ply);
        let depth = if forced { depth.max(1) } else { depth };
        if depth <= 0 || ply >= MAX_PLY {
            self.breadth = COMPELLED_LEAVES;
            let outer = self.quiet_start.is_none();
            if outer {
                self.quiet_start = Some(self.nodes);
            }
            let score = self.quiesce(game, ply, 0, alpha, beta);
            if outer {
                self.quiet_start = None;
            }
            return score;
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = *self.keys.last().unwrap_or(&0);
        let stored = self.table.get(key);
        if let Some(e) = stored.filter(|e| ply > 0 && !pv_node && e.depth as i32 >= depth) {
            if let Some(score) = table_cutoff(e, ply, alpha, beta) {
                return score;
            }
        }
        let hash_move = stored.map(|e| e.best);
        let us = game.side();
        let in_check = game.in_check();
        // The static evaluation, where shallow pruning may use it.
        let eval = (!pv_node && !in_check && !forced && ply > 0).then(|| self.evaluation(game));
        if let Some(eval) = eval.filter(|_| beta.abs() < MATE_BOUND) {
            // Reverse futility: far enough above beta that a shallow search
            // will not fall below it.
            if depth <= FUTILE_DEPTH && eval - FUTILITY * depth >= beta {
                return eval;
            }
            if let Some(score) = self.null_search(game, depth, ply, beta, eval) {
                return score;
            }
            if self.stopped {
                return 0;
            }
        }
        // Where the only win is being mated, the opponent's node after a
        // root move that the table and the pruning above did not settle
        // is the mean of its replies.
        if ply == 1 && us != self.root_side && game.keeps_force() {
            if let Some(score) = self.mean_of_replies(game, depth, ply) {
                return score;
            }
        }
        let futile = eval.is_some_and(|e| depth <= FUTILE_DEPTH && e + FUTILITY * depth <= alpha);
        let (mut best, mut best_move, legal) = self.search_moves(
            game,
            depth,
            ply,
            (alpha, beta),
            hash_move,
            (in_check, futile, forced),
        );
        if self.stopped {
            return 0;
        }
        if legal == 0 {
            let Some(pass) = game.forced_pass() else {
                return Self::end_score(game.no_moves(), ply);
            };
            game.make(pass);
            self.keys.push(game.key());
            best = self.child(game, us, depth - 1, ply, alpha, beta);
            game.unmake();
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            best_move = Some(pass);
            self.update_pv(ply, pass);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.put(Entry {
            key,
            best: best_move.or(hash_move).unwrap_or_default(),
            score: to_table(best, ply),
            depth: depth as i16,
            bound,
        });
        best
    }

    /// Where the only win is being mated ([`Game::keeps_force`]), the
    /// opponent's node after a root move: the mean, not the best, of the
    /// scores of its legal replies that do not end the game at once, each
    /// searched to `depth - 1` in a full window (from the opponent's
    /// view); `None` where every reply ends it. The root's side wins
    /// only by the other side's error, so it plays for the replies an
    /// opponent that errs may choose, not for the one a perfect opponent
    /// would (which never mates it); the replies that end the game are
    /// weighed by the root's bonus ([`Searcher::root_swindles`]).
    /// Against the random mover at depth 2, 100 games each, misère was
    /// won 98, 98, 96 and 98 times at seeds 7, 42, 11 and 3 (95, 94, 95
    /// and 97 with the best reply), in 5,274 s of CPU for both engines
    /// (5,314 s); of the 10 draws, 5 reached the 600-ply cap (3 of 19).
    /// Deeper, the replies searched in full cost more: in misère after
    /// e4 e5 Nf3 Nc6, a search to depth 3 took 55,126 nodes (2,565 with
    /// the best reply), to depth 5 2,584,466 (193,448), so at a fixed
    /// time the search reaches a ply or two less.
    fn mean_of_replies(&mut self, game: &mut G, depth: i32, ply: usize) -> Option<i32> {
        let us = game.side();
        let mut replies = std::mem::take(&mut self.buffers[ply]);
        replies.clear();
        game.moves(&mut replies);
        let (mut sum, mut counted) = (0i64, 0i64);
        for &r in &replies {
            if !game.make(r) {
                continue;
            }
            self.keys.push(game.key());
            let ends =
                game.decided().is_some() || self.repeats(game) || !self.can_move(game, ply + 2);
            if !ends {
                let score = self.child(game, us, depth - 1, ply, -INFINITE, INFINITE);
                sum += i64::from(score.clamp(1 - MATE_BOUND, MATE_BOUND - 1));
                counted += 1;
            }
            self.keys.pop();
            game.unmake();
            if self.stopped {
                break;
            }
        }
        self.buffers[ply] = replies;
        self.pv[ply].clear();
        (counted > 0).then(|| (sum / counted) as i32)
    }

    /// Null-move pruning: where the side to move, passing, still scores at
    /// least `beta` in a reduced search, a real move would too. Returns
    /// that score, or `None` to search the node.
    fn null_search(
        &mut self,
        game: &mut G,
        depth: i32,
        ply: usize,
        beta: i32,
        eval: i32,
    ) -> Option<i32> {
        if depth < 3 || eval < beta || (ply > 0 && self.nulls[ply - 1]) {
            return None;
        }
        let null = game.null_move()?;
        let us = game.side();
        if !game.make(null) {
            return None;
        }
        self.keys.push(game.key());
        self.nulls[ply] = true;
        let reduction = 3 + depth / 4;
        let score = self.child(game, us, depth - 1 - reduction, ply, beta - 1, beta);
        self.nulls[ply] = false;
        game.unmake();
        self.keys.pop();
        (!self.stopped && score >= beta).then_some(score.min(MATE_BOUND - 1))
    }

    /// The score of a position settled before its moves are searched: the
    /// game decided, a repetition, or a nearer mate already found.
    fn settled(&self, game: &G, ply: usize, alpha: i32) -> Option<i32> {
        if ply == 0 {
            return None;
        }
        if let Some(end) = game.decided() {
            return Some(Self::end_score(end, ply));
        }
        if self.repeats(game) {
            return Some(0);
        }
        (alpha >= MATE - ply as i32).then_some(alpha)
    }

    /// Searches the moves in order (PVS with late-move reductions); returns
    /// the best score, the move that raised alpha last and how many moves
    /// were legal. `self.stopped` tells whether the search was cut short.
    /// With `futile` (a shallow node far below alpha), quiet moves after the
    /// first that give no check are not searched.
    fn search_moves(
        &mut self,
        game: &mut G,
        depth: i32,
        ply: usize,
        (mut alpha, beta): (i32, i32),
        hash_move: Option<G::Move>,
        (in_check, futile, forced): (bool, bool, bool),
    ) -> (i32, Option<G::Move>, usize) {
        let us = game.side();
        let pv_node = beta - alpha > 1;
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.moves(&mut moves);
        // A move the generator lists alone (a capture compulsory, the one
        // step left) is searched a ply deeper, as a check is, so
        // that a line of forced replies (codrus) is read to its end.
        // Not in check: the check given was extended already, and a line
        // of checks, each extended and each answered by a forced reply
        // extended too, never lost depth (losers: a lone king checked
        // again and again, a search to depth 2 that ran for minutes).
        let alone = moves.len() == 1 && !in_check;
        // A move of two is searched a ply deeper too, at most
        // [`FEW_EXTENSIONS`] times along a line (each doubles the work
        // below): the end of a game where moves run out (snailtrail,
        // joust, clobber) is read further where the moves are fewest, and
        // where captures are compulsory, a capture chain the other side
        // drags the mover into (codrus against the random mover, 100
        // games per seed, 24 seeds: 2,390 of 2,400 won with it, 2,375
        // without).
        let few = moves.len() == 2 && !in_check && self.extended < FEW_EXTENSIONS;
        let mut order: Vec<i32> = moves
            .iter()
            .map(|&m| self.order_score(game, m, ply, hash_move))
            .collect();
        let (mut best, mut best_move, mut legal) = (-INFINITE, None, 0);
        // At the frontier, moves that differ only in what they place beside
        // (a wall, as the duck; a gated piece) are searched once, the first
        // legal one in order: quiescence, below, would tell them apart only
        // through captures, and each would multiply the node's work by the
        // squares a wall may take. Where the moves are few, each wall is
        // searched: one may take the other side's last square (isolation,
        // see [`FRONTIER_WALLS`]).
        let mut searched: Vec<u64> = Vec::new();
        let frontier = depth <= 1 && ply > 0;
        let walls_each = frontier && moves.len() <= FRONTIER_WALLS;
        for i in 0..moves.len() {
            let pick = (i..moves.len()).max_by_key(|&j| order[j]).unwrap_or(i);
            moves.swap(i, pick);
            order.swap(i, pick);
            let m = moves[i];
            let action = game.action_key(m);
            let once = frontier && !(walls_each && game.places_wall(m));
            if once && searched.contains(&action) {
                continue;
            }
            if !game.make(m) {
                continue;
            }
            if once {
                searched.push(action);
            }
            legal += 1;
            self.keys.push(game.key());
            // A check given ends the turn: mid-turn (the same side still to
            // move) the mover's own king may stand attacked, and extending
            // there would never let the depth fall.
            let gives_check = game.side() != us && game.in_check();
            // A move that leaves the other side one legal move (where
            // captures are compulsory) is extended, as a check is.
            let forcing = game.side() != us && self.forced(game, ply + 1);
            let extension = i32::from(
                ((gives_check || alone || few) && ply < MAX_PLY / 2) || forced || forcing,
            );
            let quiet = game.capture(m).is_none() && order[i] < KILLER;
            if futile
                && legal > 1
                && quiet
                && !gives_check
                && game.side() != us
                && game.decided().is_none()
            {
                game.unmake();
                self.keys.pop();
                continue;
            }
            let next = depth - 1 + extension;
            // Late quiet moves are searched shallower first.
            let reduction = if depth >= 3 && legal > 3 && quiet && !in_check && !gives_check {
                let r = self.reductions[depth.min(63) as usize][legal.min(63)];
                (r - i32::from(pv_node)).clamp(0, next - 1)
            } else {
                0
            };
            let bonus = if ply == 0 { self.swindle(m) } else { 0 };
            let window = (shifted(alpha, bonus), shifted(beta, bonus));
            let counted = usize::from(few && !gives_check);
            self.extended += counted;
            let mut score = self.pvs(game, us, (next, reduction), ply, legal == 1, window);
            self.extended -= counted;
            if score.abs() < MATE_BOUND {
                score = (score + bonus).clamp(1 - MATE_BOUND, MATE_BOUND - 1);
            }
            game.unmake();
            self.keys.pop();
            if self.stopped {
                break;
            }
            let raised = Window::raise(&mut best, &mut alpha, beta, score);
            if raised != Window::Kept {
                best_move = Some(m);
                self.update_pv(ply, m);
            }
            if raised == Window::Cut {
                if quiet {
                    self.reward_quiet(game, m, ply, depth);
                }
                break;
            }
        }
        self.buffers[ply] = moves;
        (best, best_move, legal)
    }

    /// The child of a move just made, searched in `(alpha, beta)`: in
    /// full for the first move; the others in a null window first, `reduction`
    /// plies shallower, and again in full where they may raise alpha.
    fn pvs(
        &mut self,
        game: &mut G,
        us: usize,
        (next, reduction): (i32, i32),
        ply: usize,
        first: bool,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        if first {
            return self.child(game, us, next, ply, alpha, beta);
        }
        let score = self.child(game, us, next - reduction, ply, alpha, alpha + 1);
        if score > alpha && (reduction > 0 || score < beta) {
            return self.child(game, us, next, ply, alpha, beta);
        }
        score
    }

    /// The static evaluation from the side to move's view, where being
    /// mated wins with the force on the board counted for the root's side
    /// (see [`KEPT_FORCE`]); elsewhere the game's own.
    fn evaluation(&self, game: &G) -> i32 {
        let score = game.evaluate();
        if !game.keeps_force() {
            return score;
        }
        if game.side() == self.root_side {
            score + kept_force(game)
        } else {
            score - kept_force(game)
        }
    }

    /// The root's `score` as reported: without the best move's bonus for
    /// the replies that would end the game at once, which only orders the
    /// root moves (a draw every line reaches is reported as a draw), and,
    /// where being mated wins, without the force on the board at the root
    /// (a line that keeps it scores as the evaluation; one that draws,
    /// below it by the force, as the search sees it).
    fn shown(&self, score: i32) -> i32 {
        match self.pv[0].first() {
            Some(&m) if score.abs() < MATE_BOUND => score - self.swindle(m) - self.root_force,
            _ => score,
        }
    }

    /// The bonus of root move `m` for the share of the opponent's replies
    /// that lose at once (see [`Searcher::swindles`]).
    fn swindle(&self, m: G::Move) -> i32 {
        (self.swindles.iter())
            .find(|&&(root, _)| root == m)
            .map_or(0, |&(_, bonus)| bonus)
    }

    /// Per root move after which some of the opponent's legal replies end
    /// the game at once in the mover's favour, or leave an ending the
    /// evaluation solves as won for the mover (small endings of clobber,
    /// joust, snailtrail): [`SWINDLE`] times their share of the replies
    /// (a reply that draws counts against it). The
    /// search assumes the opponent avoids such replies; an opponent that
    /// errs (a random mover, where being mated wins) may play them, so
    /// among moves of equal score the search prefers those that leave it
    /// more, and fewer that draw at once. Where being mated wins, the win
    /// can only come from such a reply: the shares weigh more there
    /// ([`SWINDLE_MATED`], [`SWINDLE_MATED_DRAW`]). The replies are
    /// skipped where the moves are many (the work grows as their square).
    /// A root move that draws at once (a pass while the royal pieces
    /// face, a repetition) counts as one after which every reply draws:
    /// the search draws only where every other move scores below the
    /// cost of a draw (a draw at a level score was played against a
    /// random mover, which would have lost). Where being mated wins, a
    /// move's bonus adds that of the trap the mover may set by its next
    /// move ([`Searcher::ahead`]).
    fn root_swindles(&mut self, game: &mut G) -> Vec<(G::Move, i32)> {
        let us = game.side();
        let mut moves = Vec::new();
        game.moves(&mut moves);
        let few = moves.len() <= SWINDLE_MOVES;
        let mut ahead = game.mated_wins() && moves.len() <= AHEAD_MOVES;
        // Per move: the bonus of the replies, and that of the look ahead.
        let mut bonuses = Vec::new();
        let (win, draw) = if game.mated_wins() {
            (SWINDLE_MATED, SWINDLE_MATED_DRAW)
        } else {
            (SWINDLE, SWINDLE)
        };
        for m in moves {
            if !game.make(m) {
                continue;
            }
            self.keys.push(game.key());
            let end = game.decided();
            if end == Some(End::Draw) || (end.is_none() && self.repeats(game)) {
                bonuses.push((m, -draw, 0));
            } else if few && game.side() != us && end.is_none() {
                let (won, drawn, replies) = self.replies_lost(game, us, true);
                ahead = ahead && !self.ahead_late();
                let later = if ahead {
                    self.ahead(game, us, (win, draw))
                } else {
                    0
                };
                bonuses.push((m, (win * won - draw * drawn) / replies, later));
            }
            self.keys.pop();
            game.unmake();
        }
        // Where time ran short before every move was looked ahead, none is.
        (bonuses.into_iter())
            .map(|(m, now, later)| (m, now + if ahead { later } else { 0 }))
            .filter(|&(_, bonus)| bonus != 0)
            .collect()
    }

    /// Where being mated wins, after a root move (the opponent to move):
    /// the mean over the opponent's legal replies of the best bonus the
    /// mover could then give itself by its next move
    /// ([`Searcher::best_trap`]; a reply that ends the game counts 0). It
    /// is the chance, in the bonus's units, that an opponent that errs
    /// mates the mover within its next two moves where the mover sets the
    /// second trap: a trap the mover needs a move to set is worth as much
    /// as one set now, and a move that lets the opponent spoil the next
    /// trap worth less.
    fn ahead(&mut self, game: &mut G, us: usize, weights: (i32, i32)) -> i32 {
        // The search's move buffers are free before it starts: 1 holds
        // the replies of `replies_lost`, 2 those of `can_move`, 3 and 4
        // the moves here.
        let mut replies = std::mem::take(&mut self.buffers[3]);
        replies.clear();
        game.moves(&mut replies);
        let (mut sum, mut legal) = (0, 0);
        for &r in &replies {
            if !game.make(r) {
                continue;
            }
            legal += 1;
            if game.side() == us && game.decided().is_none() {
                sum += self.best_trap(game, us, weights);
            }
            game.unmake();
        }
        self.buffers[3] = replies;
        sum / legal.max(1)
    }

    /// For `us`, to move: the best bonus one of its moves earns, as
    /// [`Searcher::root_swindles`] scores the replies to a move (`win`
    /// per share that mates `us`, `draw` less per share that draws); 0
    /// where none earns more, or where `us` has more than
    /// [`AHEAD_MOVES`] moves. A move that ends the game at once earns
    /// nothing. Replies that stalemate `us` are looked for only where it
    /// has at most [`STALEMATE_MOVES`] moves (elsewhere only the replies
    /// that check are played out to their end): that is most of the work.
    fn best_trap(&mut self, game: &mut G, us: usize, (win, draw): (i32, i32)) -> i32 {
        let mut ours = std::mem::take(&mut self.buffers[4]);
        ours.clear();
        game.moves(&mut ours);
        if ours.len() > AHEAD_MOVES {
            self.buffers[4] = ours;
            return 0;
        }
        let stalemates = ours.len() <= STALEMATE_MOVES;
        let mut best = 0;
        for &m in &ours {
            if !game.make(m) {
                continue;
            }
            if game.decided().is_none() && game.side() != us {
                let (won, drawn, n) = self.replies_lost(game, us, stalemates);
                best = best.max((win * won - draw * drawn) / n);
            }
            game.unmake();
        }
        self.buffers[4] = ours;
        best
    }

    /// Whether the look ahead of [`Searcher::root_swindles`] has used its
    /// share of the time ([`AHEAD_TIME_SHARE`]), or the search was told
    /// to stop.
    fn ahead_late(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || (self.hard).is_some_and(|h| self.start.elapsed() >= h / AHEAD_TIME_SHARE)
    }

    /// Of the legal replies of the side to move (not `us`), how many end
    /// the game at once in `us`'s favour (or leave an ending the
    /// evaluation solves so, [`Game::solved`]), how many draw it at once,
    /// and how many there are (at least one); none counted where the
    /// replies are many. Without `stalemates`, only a reply that checks
    /// is looked at for an end by want of moves (a stalemate is missed).
    fn replies_lost(&mut self, game: &mut G, us: usize, stalemates: bool) -> (i32, i32, i32) {
        let mut replies = std::mem::take(&mut self.buffers[1]);
        replies.clear();
        game.moves(&mut replies);
        if replies.len() > SWINDLE_MOVES {
            self.buffers[1] = replies;
            return (0, 0, 1);
        }
        let (mut won, mut drawn, mut legal) = (0, 0, 0);
        for &r in &replies {
            if !game.make(r) {
                continue;
            }
            legal += 1;
            let end = (game.decided())
                .or_else(|| {
                    ((stalemates || game.in_check()) && !self.can_move(game, 2))
                        .then(|| game.no_moves())
                })
                .or_else(|| game.solved());
            let ours = game.side() == us;
            match (end, ours) {
                (Some(End::Win), true) | (Some(End::Loss), false) => won += 1,
                (Some(End::Draw), _) => drawn += 1,
                _ => {}
            }
            game.unmake();
        }
        self.buffers[1] = replies;
        (won, drawn, legal.max(1))
    }

    /// A quiet move that cut off becomes a killer and gains history.
    fn reward_quiet(&mut self, game: &G, m: G::Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        let h = &mut self.history[game.move_index(m) & 0xffff];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// Quiescence: captures only, standing pat on the evaluation, at most
    /// [`MAX_QUIESCENCE`] plies deep (`depth` counts them); a position
    /// whose every move captures is searched while its moves are few
    /// ([`Searcher::compelled_search`]) and is quiet otherwise
    /// ([`Searcher::compelled`]), which bounds quiescence where captures
    /// never run out. Where the evaluation does not cut off at once (or
    /// the game is [`Game::provable`]) and being mated does not win, a
    /// side with at most [`FEW_MOVES`] moves and no legal one is scored by
    /// the rules (stalemate or mate), not evaluated.
    fn quiesce(
        &mut self,
        game: &mut G,
        ply: usize,
        depth: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let stand = self.evaluation(game);
        // Where captures are compulsory the side may not stand pat before
        // its moves are seen: they may all be captures that lose. Nor where
        // the root proves its moves ([`Game::provable`]): a side left
        // without a move loses there, whatever the evaluation says
        // (isolation, where a wall took the last free square). Every leaf
        // then lists its moves: isolation's start to depth 4 takes 2.7 s
        // of CPU, 1.0 s without, for the same nodes.
        if ply >= MAX_PLY
            || depth >= MAX_QUIESCENCE
            || (stand >= beta && !game.captures_compulsory() && !game.provable())
        {
            return stand;
        }
        let us = game.side();
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.moves(&mut moves);
        // A side with few moves may have none (a bare king once the piece
        // checking it is taken): the rules' end, not the evaluation. Not
        // where being mated wins (see [`FEW_MOVES`]).
        if moves.len() <= FEW_MOVES
            && !game.mated_wins()
            && game.forced_pass().is_none()
            && !any_legal(game, &moves)
        {
            self.buffers[ply] = moves;
            return Self::end_score(game.no_moves(), ply);
        }
        let captures: Vec<(i32, G::Move)> = moves
            .iter()
            .filter_map(|&m| game.capture(m).map(|(victim, by)| (victim * 16 - by, m)))
            .collect();
        if captures.len() == moves.len() {
            let score = if moves.len() <= self.breadth
                && depth + 1 < MAX_QUIESCENCE
                && !game.captures_compulsory()
            {
                self.compelled_search(game, &moves, ply, depth, (alpha, beta))
            } else {
                self.compelled(game, &moves, ply, stand)
            };
            self.buffers[ply] = moves;
            return score;
        }
        if stand >= beta {
            self.buffers[ply] = moves;
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        // One capture per piece and target: the moves that differ only in
        // what they place beside (a wall, as the duck; a gated piece) are
        // one tactic, and searching each would multiply every capture by
        // the squares a wall may take.
        let mut captures: Vec<(i32, u64, G::Move)> = captures
            .into_iter()
            .map(|(value, m)| (value, game.action_key(m), m))
            .collect();
        captures.sort_by_key(|c| c.1);
        captures.dedup_by_key(|c| c.1);
        captures.sort_by_key(|c| -c.0);
        // Past its budget below the frontier, quiescence follows the best
        // capture only (see [`QUIESCENCE_NODES`]).
        if self
            .quiet_start
            .is_some_and(|start| self.nodes - start > QUIESCENCE_NODES)
        {
            captures.truncate(1);
        }
        for (_, _, m) in captures {
            if !game.make(m) {
                continue;
            }
            let score = if game.decided().is_some() || game.side() == us {
                // An end or a further move of this turn: searched in full.
                self.keys.push(game.key());
                let s = self.child(game, us, 0, ply, alpha, beta);
                self.keys.pop();
                s
            } else {
                -self.quiesce(game, ply + 1, depth + 1, -beta, -alpha)
            };
            game.unmake();
            if self.stopped {
                break;
            }
            if Window::raise(&mut best, &mut alpha, beta, score) == Window::Cut {
                break;
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// Quiescence where every move captures (clobber, compulsory
    /// captures): the captures are the game's ordinary moves, not a tactic
    /// to resolve, and searching them would search the whole game, so the
    /// position stands pat; but the moves that end the game are scored (a
    /// capture that decides it or leaves the other side without a move),
    /// and when every move ends it, the position is worth the best end.
    fn compelled(&mut self, game: &mut G, moves: &[G::Move], ply: usize, stand: i32) -> i32 {
        let us = game.side();
        let (mut best_end, mut open) = (-INFINITE, 0);
        for &m in moves {
            if !game.make(m) {
                continue;
            }
            let end = game
                .decided()
                .or_else(|| (!self.can_move(game, ply + 1)).then(|| game.no_moves()));
            let mover = game.side() == us;
            game.unmake();
            match end {
                Some(end) => {
                    let score = Self::end_score(end, ply + 1);
                    best_end = best_end.max(if mover { score } else { -score });
                }
                None => open += 1,
            }
        }
        if open == 0 && best_end > -INFINITE {
            best_end
        } else {
            stand.max(best_end)
        }
    }

    /// Quiescence where every move captures and the moves are few
    /// (at most [`Searcher::breadth`], which each level divides by its
    /// moves, so that the whole search below a frontier node stays near
    /// [`COMPELLED_LEAVES`] leaves): each is searched, with no standing
    /// pat, and a side left without a legal move is scored as the rules
    /// say. Where captures are the game's only moves (clobber), this
    /// reads the end of a game out once few moves are left. Not where
    /// captures are compulsory: codrus against the random mover fell from
    /// 240 of 300 won to 197 with it (antichess and giveaway rose from 97
    /// and 99 of 100 to 100).
    fn compelled_search(
        &mut self,
        game: &mut G,
        moves: &[G::Move],
        ply: usize,
        depth: usize,
        (mut alpha, beta): (i32, i32),
    ) -> i32 {
        let us = game.side();
        let (mut best, mut legal) = (-INFINITE, 0);
        let breadth = self.breadth;
        self.breadth /= moves.len().max(1);
        for &m in moves {
            if !game.make(m) {
                continue;
            }
            legal += 1;
            self.keys.push(game.key());
            let score = if game.decided().is_some() || game.side() == us {
                self.child(game, us, 0, ply, alpha, beta)
            } else {
                -self.quiesce(game, ply + 1, depth + 1, -beta, -alpha)
            };
            self.keys.pop();
            game.unmake();
            if self.stopped {
                break;
            }
            if Window::raise(&mut best, &mut alpha, beta, score) == Window::Cut {
                break;
            }
        }
        self.breadth = breadth;
        if legal == 0 {
            return match game.forced_pass() {
                Some(_) => self.compelled(game, moves, ply, self.evaluation(game)),
                None => Self::end_score(game.no_moves(), ply),
            };
        }
        best
    }

    /// Whether the side to move at `ply` has exactly one legal move, where
    /// captures are compulsory and `ply` is within [`FORCED_PLIES`] of the
    /// iteration's depth: that move costs no depth, and at the frontier the
    /// move is searched with a ply to spare, so that a move that forces a
    /// capture is seen with the opponent's answer to it (where giving
    /// material away wins, a move that leaves the other side one capture
    /// often decides the game two plies on). The move that leaves it is
    /// extended too, so that a chain of such moves costs no depth
    /// ([`Searcher::forced_reach`] bounds it; codrus against the random
    /// mover, 100 games per seed, 36 seeds: 3,592 of 3,600 won with it,
    /// 3,584 without). Elsewhere forced moves are rare outside checks,
    /// which are extended already.
    fn forced(&mut self, game: &mut G, ply: usize) -> bool {
        if ply == 0
            || ply >= self.forced_reach
            || !game.captures_compulsory()
            || game.forced_pass().is_some()
        {
            return false;
        }
        let key = *self.keys.last().unwrap_or(&0);
        if let Some((known, single)) = self.single_move[ply] {
            if known == key {
                return single;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.moves(&mut moves);
        let mut legal = 0;
        for &m in &moves {
            if game.make(m) {
                game.unmake();
                legal += 1;
                if legal > 1 {
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        self.single_move[ply] = Some((key, legal == 1));
        legal == 1
    }

    /// Whether the side to move at `ply` has a legal move or a forced pass.
    fn can_move(&mut self, game: &mut G, ply: usize) -> bool {
        if game.forced_pass().is_some() {
            return true;
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.moves(&mut moves);
        let any = any_legal(game, &moves);
        self.buffers[ply] = moves;
        any
    }

    /// The order key of a move: the hash move, then captures by most
    /// valuable victim and least valuable attacker, killers, history.
    fn order_score(&self, game: &G, m: G::Move, ply: usize, hash_move: Option<G::Move>) -> i32 {
        if Some(m) == hash_move {
            return 1 << 30;
        }
        if let Some((victim, by)) = game.capture(m) {
            return CAPTURE + victim * 16 - by;
        }
        if self.killers[ply][0] == m {
            return KILLER + 1;
        }
        if self.killers[ply][1] == m {
            return KILLER;
        }
        self.history[game.move_index(m) & 0xffff]
    }

    /// The principal variation of `ply`: `m`, then the child's.
    fn update_pv(&mut self, ply: usize, m: G::Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(m);
        if let Some(child) = below.first() {
            line.extend_from_slice(child);
        }
    }
}

/// What a move's score did to the search window.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Window {
    /// Alpha stands.
    Kept,
    /// The score raised alpha.
    Raised,
    /// The score reached beta: the remaining moves are not searched.
    Cut,
}

impl Window {
    /// Takes `score` into the best score and alpha.
    fn raise(best: &mut i32, alpha: &mut i32, beta: i32, score: i32) -> Window {
        *best = (*best).max(score);
        if score <= *alpha {
            return Window::Kept;
        }
        *alpha = score;
        if score >= beta {
            Window::Cut
        } else {
            Window::Raised
        }
    }
}

/// The bonus of a root move after which every reply of the opponent
/// loses at once, in centipawns (less in proportion to their share). A
/// reply that leaves an ending the evaluation solves as lost counts so
/// too: against the random mover at depth 2 (100 games each, seeds 1 to
/// 6 and 8), joust lost 6 of 700 games without that, none with it;
/// clobber (seeds 1 to 7 and 11) lost 5 of 800 without, 4 with;
/// snailtrail (the same seeds) 2 of 800 without, 1 with.
const SWINDLE: i32 = 2000;
/// The bonus of a root move proven won (a cost where proven lost), see
/// [`Proofs`]: more than the evaluation and the swindles may differ by.
const PROVEN: i32 = 10_000;
/// Where the only win is being mated ([`Game::keeps_force`]: misère, not
/// losers, where losing one's pieces wins), the root's side gains this share (in
/// hundredths) of the value of every piece on the board, its own and the
/// other side's (royal ones left out), and the other side loses as much,
/// in the evaluation searched ([`Searcher::evaluation`]): the root's side
/// keeps its pieces to shut its royal piece in, and the other's to mate
/// it, where a capture by either drains the force an erring opponent
/// mates with (in drawn games the search had taken 10 to 14 of the other
/// side's 15 pieces and lost all its own). As a draw scores 0, below
/// every position with force left, the search also shuns draws where
/// the other side may not. Against the random mover at depth 2, 100
/// games each, seeds 7, 42, 11 and 3: won 95, 94, 95 and 97 (94, 89, 94
/// and 92 without), the rest drawn; 10 of the 19 draws were stalemates,
/// and 3 games reached the referee's 600-ply cap (none without). A cost
/// of the captured piece's value on the root's captures alone drew 14
/// of the first 156 games at seeds 7 and 42, as many as without. On the
/// first games of seeds 7 and 42 (this value's draws in the same games
/// in brackets): 300 more while the root's side has a piece besides its
/// royal one drew 11 of 124 (8), 3 of them at the cap (2); the root's
/// own pieces left out of the force drew 8 of 101 (6), 6 of them
/// stalemates (3); the other side's pieces at twice their value drew 12
/// of 144 (10), 4 of them at the cap (2).
const KEPT_FORCE: i32 = 100;

/// The force on the board as [`KEPT_FORCE`] counts it for the root's side.
fn kept_force<G: Game>(game: &G) -> i32 {
    game.material() * KEPT_FORCE / 100
}

/// Where being mated wins (misère), the bonus of a root move after which
/// every reply of the opponent mates the mover: the search cannot force
/// that win, only leave the other side the chance to blunder into it, so
/// against a random mover the share of such replies matters more than the
/// evaluation. Against the random mover (100 games each, seeds 7, 11, 3,
/// 42) misère was won 51, 50, 49 and 51 times with the weights of other
/// files; 70, 68, 59 and 63 with these (the rest drawn). Weighing a draw
/// as much as a mate (20,000) won 178 of the first 300, 8,000 181, 3,000
/// 193, 1,000 178: a share of replies that draw weighed as heavily as a
/// win made a move that drew at once (a capture that left the other side
/// too little to mate) look better than one that left a few stalemates.
const SWINDLE_MATED: i32 = 20_000;
/// Where being mated wins, the cost of a root move after which every
/// reply of the opponent draws at once (see [`SWINDLE_MATED`]). At
/// 20,000 (with [`KEPT_FORCE`] and the look ahead), the first 165 games
/// at seeds 7 and 42 drew 10 (11 at 5,000): 3 stalemates (4) and 4 by
/// the fifty-move rule (3).
const SWINDLE_MATED_DRAW: i32 = 5_000;
/// Where being mated wins, most moves of the mover (at the root, and
/// after each reply) for which the root looks two of the opponent's moves
/// ahead ([`Searcher::ahead`]): the work grows as the fourth power of the
/// moves (0.12 s in a middlegame of chess, where the search to depth 2
/// takes 0.005 s; 0.48 s with stalemates looked for after every move, see
/// [`STALEMATE_MOVES`]). Against the random mover (100 games each, seeds
/// 7, 11, 3 and 42) misère was won 94, 94, 92 and 89 times with it at 40
/// (100 games in 6 minutes of CPU, 24 s without); 85, 92, 91 and 88 with
/// stalemates looked for after every move; 77 and 76 of seeds 7 and 11 at
/// 12 moves, the look ahead at half weight; 79, 82, 76 and 78 without.
const AHEAD_MOVES: usize = 40;
/// Where being mated wins, the mover's moves up to which the look ahead
/// looks for replies that stalemate it (see [`Searcher::ahead`]).
const STALEMATE_MOVES: usize = 8;
/// The look ahead of the root stops, and none counts, once it has taken
/// one over this of the hard time limit.
const AHEAD_TIME_SHARE: u32 = 8;
/// Most moves (root moves, and replies to each) for which the root
/// counts the opponent's replies that lose at once.
const SWINDLE_MOVES: usize = 100;

/// Quiescence nodes below one frontier node after which each further
/// quiescence node searches its best capture only (by most valuable
/// victim, least valuable attacker). Where most pieces may capture
/// (grasshopper: each grasshopper hops over the pawn rows), captures
/// answer captures for the full [`MAX_QUIESCENCE`] plies, and a search to
/// depth 2 of an opening position took 3 million nodes (4 to 8 s alone;
/// under load a game of the every-file check lost on the 60 s move
/// limit); bounded, 184,400. At 2,000 the bench count of Capablanca
/// chess to depth 8 changed; at 5,000 chess, shatranj and Capablanca
/// search the same nodes as without the bound.
const QUIESCENCE_NODES: u64 = 5_000;
/// About how many leaves quiescence searches below a frontier node where
/// every move captures (clobber): the moves of such a position are
/// searched while their number, times that of the positions above it, is
/// at most this; larger ones stand pat.
const COMPELLED_LEAVES: usize = 512;

/// Plies beyond twice the iteration's depth within which forced moves
/// are extended (see [`Searcher::forced`]): each extension at the frontier
/// lets the line run on, and a line of replies each forced could
/// otherwise run to the end of the game.
const FORCED_PLIES: usize = 6;
/// Most pseudo-legal moves for which quiescence asks whether any is
/// legal before it stands pat: a bare king has eight at most, and a side
/// with so few moves may have been stalemated (or mated) by the capture
/// before. Against the random mover at depth 2 (seed 13, game 28), Amazon
/// chess drew where Black's c5-c4 let White promote on f8 with check, and
/// the king that took the new amazon left White's bare king no move.
/// Where being mated wins (misère) quiescence does not ask. Asked there,
/// the search would take a stalemate of its own cornered king for a line
/// the other side finds, where a random mover seldom does; the root
/// already weighs the replies that stalemate ([`Searcher::root_swindles`]).
/// Misère at seed 7 with the question asked drew 9 of its first 95 games,
/// two of them at the 600-ply cap, against 6 of 100 and none at the cap
/// without (a difference within chance, but the cap is not allowed).
const FEW_MOVES: usize = 8;
/// Most extensions along one line for nodes of two moves.
const FEW_EXTENSIONS: usize = 6;

/// Depth from which the root searches in an aspiration window.
const ASPIRATION_DEPTH: i32 = 4;
/// Half the first aspiration window, in centipawns.
const ASPIRATION: i32 = 35;
/// Most moves of a frontier node whose moves that differ only in the
/// wall they place are each searched; past it (and for a gated piece,
/// always), one of them per action is. Isolation against the random mover at
/// depth 2 (seed 221, game 47) lost where the search stepped into a
/// square with one free neighbour: the other side had a single step and
/// 21 walls to place with it, and the one wall the frontier searched was
/// not the one that took that square. Isolation and isolation 7x7, 100
/// games each at seeds 231 to 240: won all 2,000 with it, 1,999 without
/// (isolation at seed 238, game 66, lost; what lost it there was
/// quiescence standing pat, mended since, and with this the game took
/// another line). A search of isolation's start to depth
/// 4 takes 1,716,334 nodes with it, 351,495 without; the duck's start
/// (more moves) and the gating files (no walls) search as before.
const FRONTIER_WALLS: usize = 256;
/// Deepest node pruned by (reverse) futility.
const FUTILE_DEPTH: i32 = 3;
/// Futility margin per ply of depth, in centipawns.
const FUTILITY: i32 = 110;

/// Whether one of `moves` (pseudo-legal) is legal in `game`.
fn any_legal<G: Game>(game: &mut G, moves: &[G::Move]) -> bool {
    moves.iter().any(|&m| {
        let legal = game.make(m);
        if legal {
            game.unmake();
        }
        legal
    })
}

/// Late-move reductions by depth and move number: about
/// ln(depth) · ln(moves) / 2, at least one ply.
fn reductions() -> Vec<[i32; 64]> {
    (0..64)
        .map(|depth| {
            let mut row = [0; 64];
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                let d = (depth as f64).max(1.0).ln();
                let m = (moves as f64).ln();
                *r = (0.75 + d * m / 2.25).max(1.0) as i32;
            }
            row
        })
        .collect()
}

/// Order keys of captures and killers, above every history score.
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;

/// A bound of the root's window as its child is searched, where the
/// move's score gains `bonus` (see [`Searcher::swindle`]): the bonus is
/// added to scores that are not mates only, so a mate bound stays as it
/// is, and a shifted bound stays short of the mates (a draw searched
/// after a mate was found once scored above it, and was played).
fn shifted(bound: i32, bonus: i32) -> i32 {
    if bound.abs() >= MATE_BOUND {
        bound
    } else {
        (bound - bonus).clamp(1 - MATE_BOUND, MATE_BOUND - 1)
    }
}

/// A score as stored: mates counted from this node, not from the root.
/// A stored score that decides the node without a search, if its bound
/// allows it.
fn table_cutoff<M>(e: Entry<M>, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_table(e.score, ply);
    let usable = match e.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
        Bound::Empty => false,
    };
    usable.then_some(score)
}

fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score seen from the root at `ply`.
fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Interpreted;

    /// The bundled rule file `name` at `fen`.
    fn game(name: &str, fen: &str) -> Interpreted {
        let path = format!(
            "{}/../spec/variants/{name}.yaml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let rules = (motley_interpreter::build_path(std::path::Path::new(&path), &text))
            .unwrap()
            .rules;
        let position = rules.position(fen).unwrap();
        Interpreted::new(rules, position)
    }

    #[test]
    fn where_the_game_is_small_the_root_proves_its_moves_and_plays_the_one_that_wins() {
        // Fox and hounds, the hounds to move: of their five moves only
        // b6-c5 keeps the fox from slipping past them (a separate exact
        // solve of the whole game agrees). The search to depth 2 alone
        // played g5-f4, which leaves the fox one move but lets it out.
        let fen = "8/8/1h1h1h2/4F1h1/8/8/8/8 b - - 0 10";
        let mut position = game("fox-and-hounds", fen);
        assert!(position.provable());
        let key = position.key();
        let mut proven: Vec<(String, bool)> = (Proofs::default().root(&mut position, &[key]))
            .into_iter()
            .map(|(m, wins)| (position.move_text(m), wins))
            .collect();
        proven.sort();
        let expected = [
            ("b6a5", false),
            ("b6c5", true),
            ("d6c5", false),
            ("g5f4", false),
            ("g5h4", false),
        ];
        assert_eq!(proven, expected.map(|(m, wins)| (m.to_string(), wins)));
        assert_eq!(searched("fox-and-hounds", fen, 2).0, "b6c5");
        // Where pieces take, nothing is proven.
        let chess = game("chess", "8/8/8/8/8/8/k7/2K4R w - - 0 1");
        assert!(!chess.provable());
    }

    #[test]
    fn quiescence_scores_a_side_left_without_a_move_by_the_rules() {
        // Amazon chess against the random mover (seed 13, game 28): after
        // 33...c4 34. gxf8=A+ Kxf8 White's bare king has no move. The
        // evaluation has Black far ahead; the rules say stalemate, a draw.
        let stalemate = "5kr1/pp2p2p/8/3r1p2/2p3n1/5b2/3n4/6K1 w - - 0 35";
        let mut position = game("amazon", stalemate);
        assert!(position.evaluate() < -2000, "{}", position.evaluate());
        let mut searcher = Searcher::new(1);
        assert_eq!(
            searcher.quiesce(&mut position, 0, 0, -INFINITE, INFINITE),
            0
        );
        // Mated: the rules' loss, at its ply.
        let mut mated = game("chess", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            searcher.quiesce(&mut mated, 3, 0, -INFINITE, INFINITE),
            3 - MATE
        );
        // Where being mated wins, quiescence does not ask (see
        // [`FEW_MOVES`]): a stalemate there stands pat on the evaluation.
        // (The search's evaluation, there the game's with the force on
        // the board, see [`KEPT_FORCE`].)
        let mut misere = game("misere", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
        let stand = searcher.evaluation(&misere);
        assert_ne!(stand, 0);
        assert_eq!(
            searcher.quiesce(&mut misere, 0, 0, -INFINITE, INFINITE),
            stand
        );
        // So the search no longer plays c5-c4 there at depth 2.
        let before = "4kbr1/pp2p1Pp/8/2pr1p2/6n1/5b2/3n4/6K1 b - - 0 33";
        assert_ne!(searched("amazon", before, 2).0, "c5c4");
    }

    /// The root's bonuses, per move text.
    fn swindles(name: &str, fen: &str) -> Vec<(String, i32)> {
        let mut game = game(name, fen);
        let mut searcher = Searcher::new(1);
        let mut found: Vec<(String, i32)> = (searcher.root_swindles(&mut game).into_iter())
            .map(|(m, bonus)| (game.move_text(m), bonus))
            .collect();
        found.sort();
        found
    }

    /// A search of `name` at `fen` to `depth`: the move it plays and its
    /// nodes.
    fn searched(name: &str, fen: &str, depth: u32) -> (String, u64) {
        let mut game = game(name, fen);
        let mut searcher = Searcher::new(1);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let best = searcher.search(&mut game, &[], limits, |_| {});
        let text = best.map(|m| game.move_text(m)).unwrap_or_default();
        (text, searcher.nodes())
    }

    /// Asserts that after the move a search of `name` at `fen` to depth 2
    /// plays, a search to depth 5 finds the opponent no mate (no win by
    /// any rule; its loss may be found).
    fn leaves_no_mate(name: &str, fen: &str) {
        let played = searched(name, fen, 2).0;
        let mut after = game(name, fen);
        let mut moves = Vec::new();
        after.moves(&mut moves);
        let m = *(moves.iter())
            .find(|&&m| after.move_text(m) == played)
            .unwrap();
        assert!(after.make(m));
        let mut last = None;
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        Searcher::new(1).search(&mut after, &[], limits, |info| last = Some(info.score));
        assert!(
            !matches!(last, Some(Score::Mate(n)) if n > 0),
            "{name}: {played}: {last:?}"
        );
    }

    #[test]
    fn where_a_checked_royal_piece_may_not_move_the_search_keeps_clear_of_double_checks() {
        // Makpong, from a game the random mover won: g8-e7 (played)
        // let the ma to e4, from where it checks the khun on d6 and on f6,
        // a mate in 3. The move played now leaves no mate within 5 plies.
        let fen = "r1smksnr/8/pppppppp/8/P7/1P1nPPPP/3N4/R1SKMSNR b - - 0 4";
        leaves_no_mate("makpong", fen);
    }

    #[test]
    fn where_captures_explode_the_search_keeps_clear_of_double_threats_on_its_king() {
        // Atomic and its variant without check, from games the random
        // mover won: e5-e4 (played) let the knight to e5, from where
        // taking on d7 or on f7 blows up the king on e8 (a loss in 2).
        // The move played now leaves no loss within 5 plies.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/7P/5N2/PPPPPPP1/RNBQKB1R b KQkq - 1 2";
        leaves_no_mate("atomic", fen);
        leaves_no_mate("nocheckatomic", fen);
    }

    #[test]
    fn where_losing_the_king_wins_the_search_keeps_the_enemy_king_from_squares_it_takes_on() {
        // Codrus, from a game the random mover won: f3 (played) let
        // Black's king to e5, from where it steps onto the pawns' captures
        // (Ke4, Kf4, Kd4) and every White move loses (a loss in 3 at depth 7).
        let fen = "5b1r/6pp/5k2/p7/8/4P3/P2NKP1P/R6R w - - 2 17";
        assert_eq!(searched("codrus", fen, 2).0, "e2f3");
    }

    #[test]
    fn where_the_moves_are_few_the_frontier_searches_each_wall() {
        // Isolation, from a game the random mover won: e3-d3 (played)
        // stepped into a square whose one free neighbour, e3, the other
        // side's one step could wall off; the frontier had searched one
        // wall per step. The move played now leaves no loss within 5 plies.
        let fen = "1*2*1/1**2*/2**1*/1*1*2/2****/***1P1/*****1/2p3 w - - 22 12";
        leaves_no_mate("isolation", fen);
    }

    #[test]
    fn where_the_root_proves_its_moves_quiescence_sees_a_side_left_without_a_move() {
        // Isolation, from a game the random mover won: Black's d7-d6,
        // walling d7, let White's token leave c6 and wall it, and Black's
        // token has no free neighbour. Quiescence had stood pat on Black's
        // evaluation where it was above beta; it now scores the rules'
        // loss, at its ply, whatever the window.
        let fen = "2*3/1*****/***p*1/1**P*1/1****1/2**2/2**1*/*3** b - - 25 13";
        let mut position = game("isolation", fen);
        assert!(position.provable());
        let mut searcher = Searcher::new(1);
        let stand = searcher.evaluation(&position);
        assert!(stand > 2 - MATE, "{stand}");
        assert_eq!(
            searcher.quiesce(&mut position, 2, 0, -INFINITE, stand),
            2 - MATE
        );
    }

    #[test]
    fn where_captures_are_compulsory_a_node_of_two_moves_and_a_move_that_forces_are_extended() {
        // Codrus, from a game the random mover won: d5 (played) opened
        // Bxb5 cxb5 Qxh5 Rxh5, after which White's king walks onto the
        // captures of Black's rook (White wins in 5 at depth 3).
        let fen = "rnbq1b1r/p2ppk2/2p2n2/1p5p/8/PPP1P3/3P1PPP/RNBQKB1R b KQ - 0 7";
        assert_eq!(searched("codrus", fen, 2).0, "e7e6");
    }

    #[test]
    fn quiescence_below_a_frontier_node_is_bounded_where_most_pieces_may_capture() {
        // Grasshopper after 1. e4 d5 2. c4: every grasshopper hops over the
        // pawn rows, and captures answer captures to the quiescence limit.
        // Unbounded, a search to depth 2 took 2,951,105 nodes (3 to 8 s);
        // bounded, 184,400.
        let fen = "rnbqkbnr/gggggggg/ppp1pppp/3p4/2P1P3/PP1P1PPP/GGGGGGGG/RNBQKBNR b KQkq - 0 2";
        let (_, nodes) = searched("grasshopper", fen, 2);
        assert!(nodes < 400_000, "{nodes} nodes");
    }

    #[test]
    fn where_being_mated_wins_the_root_weighs_the_replies_that_mate_and_stalemate_the_mover() {
        let (misere, chess) = ("misere", "chess");
        // After each White move one of Black's replies mates White (Ra8),
        // of 19 after Ka2 and 20 after a pawn move; looked two moves ahead
        // ([`Searcher::ahead`]), 743, 649 and 653 more (counted apart with
        // python-chess).
        let rook = "1r6/8/8/8/8/8/2k4P/K7 w - - 0 1";
        let one = |replies: i32| SWINDLE_MATED / replies;
        let expected = [
            ("a1a2", one(19) + 743),
            ("h2h3", one(20) + 649),
            ("h2h4", one(20) + 653),
        ];
        let expected: Vec<(String, i32)> = expected.map(|(m, b)| (m.to_string(), b)).to_vec();
        assert_eq!(swindles(misere, rook), expected);
        assert_eq!(SWINDLE_MATED / 19, 1052);
        // Being mated loses in chess: nothing to count.
        assert_eq!(swindles(chess, rook), vec![]);
        // Kh2, White's one move: of Black's 26 replies Qh6 mates and Qf3
        // stalemates (the a-pawn blocked); 568 more looked ahead.
        let queen = "8/8/8/8/8/p3q3/P4k2/7K w - - 0 1";
        let both = (SWINDLE_MATED - SWINDLE_MATED_DRAW) / 26;
        assert_eq!(
            swindles(misere, queen),
            vec![("h1h2".to_string(), both + 568)]
        );
        assert_eq!(both, 576);
    }

    #[test]
    fn where_being_mated_wins_the_root_looks_for_the_trap_the_mover_may_set_next() {
        // Kb1, White's one move, leaves Black no reply that mates. Of
        // Black's 17 replies, after 12 White's Ka1 leaves Black one reply
        // that mates (the rook to the first rank) and one that stalemates:
        // of 19 replies after Kb3, 16 after Rc3, 17 after the ten other
        // rook moves along the c-file and the second rank. After Rb2 Ka1
        // stalemates, and after Ka4, Kb4, Ra2 and Rc1 White sets no trap.
        let fen = "8/8/8/8/8/k7/2r5/K7 w - - 0 1";
        let trap = |replies: i32| (SWINDLE_MATED - SWINDLE_MATED_DRAW) / replies;
        let ahead = (trap(19) + trap(16) + 10 * trap(17)) / 17;
        assert_eq!(swindles("misere", fen), vec![("a1b1".to_string(), ahead)]);
        assert_eq!(ahead, 620);
        // Where time is short, the root does not look ahead.
        let mut game = game("misere", fen);
        let mut searcher = Searcher::new(1);
        searcher.hard = Some(std::time::Duration::ZERO);
        assert_eq!(searcher.root_swindles(&mut game), vec![]);
    }

    #[test]
    fn where_being_mated_wins_the_search_keeps_the_force_on_the_board() {
        // Misère, Black (the search) to move, in a game against the random
        // mover: every piece but the kings counts, at its value in
        // chess.yaml: Black's queen, two rooks, two bishops, two knights
        // and five pawns, 3,600; White's queen, two rooks, a bishop, two
        // knights and six pawns, 3,400.
        let fen = "3qkb2/p3nn2/bp4pr/Q2N1p2/r2PPP1P/P2p2R1/1P6/1RB1K1N1 b - - 0 27";
        let mut misere = game("misere", fen);
        assert_eq!(misere.material(), 3600 + 3400);
        let mut searcher = Searcher::new(1);
        searcher.root_side = misere.side();
        let plain = misere.evaluate();
        assert_eq!(searcher.evaluation(&misere), plain + 7000);
        // The other side to move: the same force counts against it.
        let mut moves = Vec::new();
        misere.moves(&mut moves);
        let quiet = *(moves.iter())
            .find(|&&m| misere.move_text(m) == "a4c4")
            .unwrap();
        assert!(misere.make(quiet));
        assert_eq!(searcher.evaluation(&misere), misere.evaluate() - 7000);
        // Without it the search took the pawn on e4 (f5e4, opening lines
        // for checks); now it keeps it (a4c4 before the other side's node
        // scored the mean of its replies, h6h5 since).
        assert_eq!(searched("misere", fen, 2).0, "h6h5");
        // Elsewhere the evaluation is the game's own: in chess, and in
        // losers, where being mated wins but so does losing every piece.
        for name in ["chess", "losers"] {
            let other = game(name, fen);
            assert_eq!(searcher.evaluation(&other), other.evaluate());
        }
    }

    /// The scores of the legal replies of `game`'s side to move, each
    /// searched to depth 0 (quiescence) from its view; none may end the
    /// game.
    fn reply_scores(searcher: &mut Searcher<Interpreted>, game: &mut Interpreted) -> Vec<i32> {
        let mut replies = Vec::new();
        game.moves(&mut replies);
        let mut scores = Vec::new();
        for r in replies {
            if game.make(r) {
                assert_eq!(game.decided(), None);
                searcher.keys.push(game.key());
                scores.push(-searcher.node(game, 0, 2, -INFINITE, INFINITE));
                searcher.keys.pop();
                game.unmake();
            }
        }
        scores
    }

    #[test]
    fn where_being_mated_wins_the_opponents_node_after_a_root_move_is_the_mean_of_its_replies() {
        // Misère, White (the search) has moved; Black has 35 replies, none
        // of which ends the game. Its node scores their mean, each searched
        // to depth 0 (quiescence) from Black's view, not the best of them.
        let fen = "3qkb2/p3nn2/bp4pr/Q2N1p2/r2PPP1P/P2p2R1/1P6/1RB1K1N1 b - - 0 27";
        let mut misere = game("misere", fen);
        let mut searcher = Searcher::new(1);
        searcher.root_side = 1 - misere.side();
        let scores = reply_scores(&mut searcher, &mut misere);
        assert_eq!(scores.len(), 35);
        let sum: i64 = scores.iter().map(|&s| i64::from(s)).sum();
        let mean = (sum / 35) as i32;
        let best = *scores.iter().max().unwrap();
        assert!(mean < best - 100, "{mean} {best}");
        assert_eq!(searcher.node(&mut misere, 1, 1, -INFINITE, INFINITE), mean);
        // The root's own node is searched for its best move: Black at the
        // root scores above the mean.
        searcher.root_side = misere.side();
        assert!(searcher.node(&mut misere, 1, 1, -INFINITE, INFINITE) > mean);
        // In losers, where losing every piece wins too, the other side's
        // node is searched for its best reply.
        let mut losers = game("losers", fen);
        searcher.root_side = 1 - losers.side();
        let scores = reply_scores(&mut searcher, &mut losers);
        let best = *scores.iter().max().unwrap();
        assert!(
            scores.iter().sum::<i32>() / (scores.len() as i32) < best,
            "{scores:?}"
        );
        assert_eq!(searcher.node(&mut losers, 1, 1, -INFINITE, INFINITE), best);
    }

    #[test]
    fn where_being_mated_wins_a_searcher_that_plays_both_sides_forgets_the_other_sides_scores() {
        // A searcher that has searched a misère position for White, then
        // one for Black, no longer holds the score of White's root: it
        // counted the force for White.
        let white = "3qkb2/p3nn2/bp4pr/Q2N1p2/r2PPP1P/P2p2R1/1P6/1RB1K1N1 w - - 0 27";
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(1);
        let mut game = game("misere", white);
        let root = game.key();
        searcher.search(&mut game, &[], limits, |_| {});
        assert!(searcher.table.get(root).is_some());
        let mut game = self::game("misere", &white.replace(" w ", " b "));
        searcher.search(&mut game, &[], limits, |_| {});
        assert!(searcher.table.get(root).is_none());
        // Elsewhere the scores are kept: they do not depend on the side.
        let mut game = self::game("chess", white);
        searcher.search(&mut game, &[], limits, |_| {});
        let root = game.key();
        let mut game = self::game("chess", &white.replace(" w ", " b "));
        searcher.search(&mut game, &[], limits, |_| {});
        assert!(searcher.table.get(root).is_some());
    }

    #[test]
    fn the_root_counts_a_reply_after_which_the_evaluation_solves_the_ending_for_the_mover() {
        // Clobber, lost for White with best play (solved by brute force
        // apart): no Black reply ends the game at once, but after a3xb3
        // three of Black's four replies leave White a won ending, after
        // d3xc3 two of three, after d1xc1 one of two.
        let found = swindles("clobber", "5/5/5/PppP1/1p3/2pPP w - - 0 1");
        let expected = [("a3b3", 1500), ("d1c1", 1000), ("d3c3", 1333)];
        let expected: Vec<(String, i32)> = (expected.iter())
            .map(|&(m, bonus)| (m.to_string(), bonus))
            .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn a_joust_ending_the_evaluation_solves_is_won_at_depth_2() {
        // From a game lost to the random mover: Black's Nd6 and Nd2 win
        // (an exact solve); at depth 2 the search played Ng5, which loses.
        let fen = "3*4/8/2*1*3/1****3/****n*2/N1***2*/1*2**2/8 b - - 19 10";
        let (text, _) = searched("joust", fen, 2);
        assert!(
            ["e4d6,d6e4", "e4d2,d2e4"].contains(&text.as_str()),
            "{text}"
        );
    }
}
