//! Any rule file as a searchable game, through the interpreter.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use motley_interpreter::program::Result3;
use motley_interpreter::{Action, Color, Gating, Move, Position, Rules, Undo, NULL_MOVE};

use crate::eval::Evaluation;
use crate::game::{End, Game};

/// A position of a rule file's variant, with the moves made on it.
#[derive(Clone)]
pub struct Interpreted {
    rules: Arc<Rules>,
    eval: Arc<Evaluation>,
    position: Position,
    made: Vec<(Move, Undo)>,
    /// Whether a pass is no move of the game (see [`Game::null_move`]).
    null_moves: bool,
}

impl Interpreted {
    /// A searchable game at `position` of `rules`, with its evaluation.
    pub fn new(rules: Arc<Rules>, position: Position) -> Interpreted {
        let eval = Arc::new(Evaluation::new(&rules));
        Interpreted::with_evaluation(rules, eval, position)
    }

    /// As [`Interpreted::new`], sharing an evaluation already built for `rules`.
    pub fn with_evaluation(
        rules: Arc<Rules>,
        eval: Arc<Evaluation>,
        position: Position,
    ) -> Interpreted {
        let variant = rules.variant();
        let null_moves = variant.turn.is_none()
            && variant.passing.is_none()
            && variant.replies.is_empty()
            && eval.material_counts();
        Interpreted {
            rules,
            eval,
            position,
            made: Vec::new(),
            null_moves,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }
}

impl Interpreted {
    /// A game won by `winner` (`None`: drawn), from the side to move's view.
    fn end(&self, winner: Option<Color>) -> End {
        match winner {
            None => End::Draw,
            Some(w) if w == self.position.side_to_move() => End::Win,
            Some(_) => End::Loss,
        }
    }
}

/// `score` as a count of `span` plies runs, `used` of them gone: the whole
/// of it at the start, nothing once the span has run (a span of 0: the
/// score as it is).
fn faded(score: i32, used: u32, span: u32) -> i32 {
    if span == 0 {
        return score;
    }
    let left = i64::from(span - used.min(span));
    (i64::from(score) * left / i64::from(span)) as i32
}

impl Game for Interpreted {
    type Move = Move;

    fn side(&self) -> usize {
        self.position.side_to_move().index()
    }

    fn moves(&self, out: &mut Vec<Move>) {
        if self.rules.immediate_end() && self.rules.ended(&self.position).is_some() {
            return;
        }
        if self.rules.legal_by_safety(&self.position) {
            self.rules.pseudo_legal(&self.position, out);
        } else {
            self.rules.legal(&self.position, out);
        }
    }

    fn make(&mut self, m: Move) -> bool {
        // Moves listed by `Rules::legal` are legal already; the others are
        // legal when they leave the mover safe.
        let by_safety = self.rules.legal_by_safety(&self.position);
        let undo = self.position.make(&self.rules, m);
        if by_safety && self.rules.left_in_check(&self.position) {
            self.position.unmake(&self.rules, m, &undo);
            return false;
        }
        self.made.push((m, undo));
        true
    }

    fn unmake(&mut self) {
        if let Some((m, undo)) = self.made.pop() {
            self.position.unmake(&self.rules, m, &undo);
        }
    }

    fn forced_pass(&self) -> Option<Move> {
        self.rules.must_pass(&self.position).then_some(NULL_MOVE)
    }

    fn null_move(&self) -> Option<Move> {
        let pos = &self.position;
        (self.null_moves
            && self.rules.legal_by_safety(pos)
            && self.eval.beyond_least(&self.rules, pos, pos.side_to_move()))
        .then_some(NULL_MOVE)
    }

    fn decided(&self) -> Option<End> {
        let pos = &self.position;
        if self.rules.immediate_end() {
            if let Some(o) = self.rules.ended(pos) {
                return Some(self.end(o.winner));
            }
        }
        if self
            .rules
            .variant()
            .fifty_move
            .is_some_and(|n| pos.halfmove_clock() >= n)
        {
            return Some(End::Draw);
        }
        // A count of the counting rules run past its limit draws, unless
        // the move that ran past it mated: the rules judge, as they do
        // when there are no moves.
        pos.honour_count()
            .is_some_and(|count| count.ply > count.limit)
            .then(|| self.no_moves())
    }

    fn no_moves(&self) -> End {
        // The rules judge it (checkmate or stalemate as the file scores
        // them, mate by a drop, the side with fewer pieces, draw odds); the
        // legal moves are listed again, only at the ends of lines.
        self.end(self.rules.outcome(&self.position).and_then(|o| o.winner))
    }

    fn solved(&self) -> Option<End> {
        (self.eval.solved_wins(&self.rules, &self.position)).map(|wins| {
            if wins {
                End::Win
            } else {
                End::Loss
            }
        })
    }

    fn repetition(&self) -> Option<u32> {
        self.rules.variant().repetition
    }

    fn reversible_plies(&self) -> u32 {
        self.position.halfmove_clock()
    }

    fn key(&self) -> u64 {
        self.rules.key(&self.position)
    }

    fn in_check(&self) -> bool {
        self.rules.in_check(&self.position)
    }

    fn capture(&self, m: Move) -> Option<(i32, i32)> {
        let (mover, victim, promotion) = match m.action() {
            Action::Normal {
                from,
                to,
                promotion,
            } => (from, to, promotion),
            Action::EnPassant {
                from,
                captured,
                promotion,
                ..
            } => (from, captured, promotion),
            Action::Reply { from, to } => (from, to, None),
            Action::Shot { from, target } => (from, target, None),
            Action::Castle { .. } | Action::Drop { .. } | Action::Pass => return None,
        };
        let piece = self.position.piece_at(mover);
        let victim = self.position.piece_at(victim);
        let promotion = promotion.map_or(0, |p| self.eval.value(p) - self.eval.value(piece));
        (victim != 0 || promotion > 0)
            .then(|| (self.eval.value(victim) + promotion, self.eval.value(piece)))
    }

    fn move_index(&self, m: Move) -> usize {
        match m.action() {
            Action::Drop { piece, to } => (piece as usize) << 8 | to as usize,
            Action::Pass => 0,
            Action::Normal { from, to, .. }
            | Action::EnPassant { from, to, .. }
            | Action::Reply { from, to }
            | Action::Shot { from, target: to }
            | Action::Castle {
                king_from: from,
                king_to: to,
                ..
            } => (from as usize) << 8 | to as usize,
        }
    }

    fn action_key(&self, m: Move) -> u64 {
        let mut hasher = std::hash::DefaultHasher::new();
        m.action().hash(&mut hasher);
        hasher.finish()
    }

    fn places_wall(&self, m: Move) -> bool {
        matches!(m.gating(), Some(Gating::Wall { .. }))
    }

    fn captures_compulsory(&self) -> bool {
        self.rules.variant().compulsory_capture.is_some()
    }

    fn mated_wins(&self) -> bool {
        self.rules.variant().outcomes.checkmate == Result3::Win
    }

    fn provable(&self) -> bool {
        self.eval.provable()
    }

    fn keeps_force(&self) -> bool {
        let extinction = self.rules.variant().outcomes.extinction.as_ref();
        self.mated_wins() && extinction.is_none_or(|e| e.result != Result3::Win)
    }

    fn material(&self) -> i32 {
        let pos = &self.position;
        let types = &self.rules.variant().pieces;
        (Color::ALL.iter())
            .flat_map(|&color| pos.occupied(color).iter())
            .map(|sq| pos.piece_at(sq))
            .filter(|&code| {
                (types.get((code as usize).wrapping_sub(1) / 2)).is_some_and(|t| !t.royal)
            })
            .map(|code| self.eval.value(code))
            .sum()
    }

    fn evaluate(&self) -> i32 {
        let pos = &self.position;
        let mut score = self.eval.evaluate(&self.rules, pos);
        // Where a count of moves without progress draws, a lead is worth
        // less as the count runs (half of it at the limit): progress (a
        // capture, a pawn's move) is preferred while ahead. Not where
        // being mated wins: there the lead is the other side's force, left
        // to mate the mover, and a capture of it that restarts the count
        // is no progress (faded, the search took the random mover's last
        // pieces as the count ran, and drew for lack of material).
        if let Some(limit) = (self.rules.variant().fifty_move).filter(|_| !self.mated_wins()) {
            score = faded(score, pos.halfmove_clock().min(limit), 2 * limit);
        }
        // A count of the counting rules is not reset by progress, only
        // restarted when the material changes: the lead is worth nothing
        // at its limit, and a capture that starts a count with more plies
        // left is preferred while ahead.
        if let Some(count) = pos.honour_count() {
            score = faded(score, count.ply, count.limit);
        }
        score
    }

    fn move_text(&self, m: Move) -> String {
        self.rules.uci(&m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lead_is_worth_less_as_the_fifty_move_count_runs() {
        let rules = motley_interpreter::build(include_str!("../../spec/variants/chess.yaml"))
            .unwrap()
            .rules;
        let game = |clock| rook_ending(&rules, "4k3/8/8/8/8/8/8", 'w', clock);
        let fresh = game(0).evaluate();
        assert!(fresh > 500);
        // Half the limit run: three quarters of the lead; the limit: half.
        assert_eq!(game(50).evaluate(), fresh * 150 / 200);
        assert_eq!(game(100).evaluate(), fresh / 2);
    }

    /// White's king and rook on e1 and a1 against Black's king on the
    /// ranks above (`above`: ranks 8 to 2 in FEN), `side` to move, the
    /// fifty-move count at `clock`.
    fn rook_ending(rules: &Arc<Rules>, above: &str, side: char, clock: u32) -> Interpreted {
        let fen = format!("{above}/R3K3 {side} - - {clock} 80");
        Interpreted::new(rules.clone(), rules.position(&fen).unwrap())
    }

    #[test]
    fn where_being_mated_wins_the_fifty_move_count_fades_nothing() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/misere.yaml");
        let text = std::fs::read_to_string(path).unwrap();
        let rules = (motley_interpreter::build_path(std::path::Path::new(path), &text))
            .unwrap()
            .rules;
        let game = |clock| rook_ending(&rules, "8/8/8/8/8/4k3/8", 'b', clock);
        // Black, bare and near White's king, wants White's rook to mate
        // it: the rook is its lead, and keeps its worth as the count runs.
        let fresh = game(0).evaluate();
        assert!(fresh > 100, "{fresh}");
        assert_eq!(game(50).evaluate(), fresh);
        assert_eq!(game(99).evaluate(), fresh);
    }

    fn counting_game(file: &str, fen: &str) -> Interpreted {
        let rules = motley_interpreter::build(file).unwrap().rules;
        let position = rules.position(fen).unwrap();
        Interpreted::new(rules, position)
    }

    #[test]
    fn a_lead_is_worth_nothing_as_a_count_of_the_counting_rules_runs_out() {
        // A rook and khun against a bare khun: the count's limit (32 plies)
        // in the en passant field, the plies counted in the halfmove one
        // (ASEAN's fifty-move clock starts again when a count is read).
        for file in [
            include_str!("../../spec/variants/makruk.yaml"),
            include_str!("../../spec/variants/makpong.yaml"),
            include_str!("../../spec/variants/ai-wok.yaml"),
            include_str!("../../spec/variants/asean.yaml"),
        ] {
            let lead = |count: &str| {
                counting_game(file, &format!("8/8/8/4k3/8/8/8/R3K3 w - {count} 40")).evaluate()
            };
            let fresh = lead("- 0");
            assert!(fresh > 400, "{fresh}");
            assert_eq!(lead("32 6"), fresh * 26 / 32);
            assert_eq!(lead("32 16"), fresh / 2);
            assert_eq!(lead("32 32"), 0);
        }
    }

    #[test]
    fn a_count_run_past_its_limit_draws_unless_the_last_move_mated() {
        let makruk = include_str!("../../spec/variants/makruk.yaml");
        let running = "8/8/8/4k3/8/8/8/R3K3 b - 32";
        assert_eq!(
            counting_game(makruk, &format!("{running} 32 40")).decided(),
            None
        );
        assert_eq!(
            counting_game(makruk, &format!("{running} 33 40")).decided(),
            Some(End::Draw)
        );
        // The rook mated on the ply that ran past the limit: the mate counts.
        let mated = "k6R/8/1K6/8/8/8/8/8 b - 32 33 60";
        assert_eq!(counting_game(makruk, mated).decided(), Some(End::Loss));
    }

    #[test]
    fn the_search_sees_a_count_run_out_before_the_mate() {
        // A rook's mate of the bare khun in the centre takes more than the
        // 4 plies the count has left (28 of 32): every line is a draw.
        let makruk = include_str!("../../spec/variants/makruk.yaml");
        let game = counting_game(makruk, "8/8/8/4k3/8/8/8/R3K3 w - 32 28 40");
        assert_eq!(score_at(game, 6), Some(crate::Score::Centipawns(0)));
    }

    /// The score the search reports for `game` at `depth`.
    fn score_at(mut game: Interpreted, depth: u32) -> Option<crate::Score> {
        let mut last = None;
        let limits = crate::Limits {
            depth: Some(depth),
            ..crate::Limits::default()
        };
        crate::Searcher::new(16).search(&mut game, &[], limits, |info| last = Some(info.clone()));
        last.map(|i| i.score)
    }

    #[test]
    fn a_queen_does_not_take_a_pawn_beside_the_enemy_joker_that_would_freeze_it() {
        // Chess is a joke: the joker freezes the enemy pieces a king step
        // from it. Qxh2 wins a pawn, but the queen stands frozen on h2
        // (g1's joker beside it) where the rook can come to take it: a
        // game against the random mover (seed 7, game 64) was drawn by
        // repetition from there, the queen kept by checks.
        let joke = include_str!("../../spec/variants/joke.yaml");
        let fen = "rnb1kbjnr/pppp1pppp/9/4p4/7q1/9/1P1P2P2/P1P1PP1PP/RNBQKBJNR b KQkq - 0 3";
        let mut game = counting_game(joke, fen);
        let taken = game.rules.parse_move(game.position(), "h5h2").unwrap();
        assert!(game.make(taken) && game.position().frozen().has(7 + 9));
        game.unmake();
        let limits = crate::Limits {
            depth: Some(2),
            ..crate::Limits::default()
        };
        let best = crate::Searcher::new(16).search(&mut game, &[], limits, |_| {});
        assert_ne!(best.map(|m| game.move_text(m)).as_deref(), Some("h5h2"));
    }

    #[test]
    fn a_level_search_does_not_pass_while_the_royal_pieces_face() {
        // Janggi (traditional rules): White's general faces Black's, and a
        // pass while they face draws. Level, every move scores near 0; the
        // pass scored 0 too and was played, a draw against a random mover.
        let janggi = include_str!("../../spec/variants/janggitraditional.yaml");
        let fen = "r1ba1abnr/9/1cnk3c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/3K5/R1BA1ABNR w - - 4 3";
        let mut game = counting_game(janggi, fen);
        let mut passes = Vec::new();
        game.moves(&mut passes);
        passes.retain(|&m| m == NULL_MOVE);
        assert_eq!(passes.len(), 1, "the pass is a legal move here");
        let limits = crate::Limits {
            depth: Some(2),
            ..crate::Limits::default()
        };
        let best = crate::Searcher::new(16).search(&mut game, &[], limits, |_| {});
        assert!(best.is_some_and(|m| m != NULL_MOVE), "{best:?}");
    }

    #[test]
    fn a_draw_every_line_reaches_is_reported_as_a_draw() {
        // Two plies from the fifty-move limit: after any move of White's,
        // every reply of Black's draws. The root's preference among such
        // moves (fewer replies that draw) is not the position's score.
        let chess = include_str!("../../spec/variants/chess.yaml");
        let game = counting_game(chess, "4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
        assert_eq!(score_at(game, 3), Some(crate::Score::Centipawns(0)));
    }
}
