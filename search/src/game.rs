//! What the search needs of a game.

/// How a game has ended, seen from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Drawn.
    Draw,
}

/// A game the search can play: moves, making and taking them back, the
/// ends the rules decide, a Zobrist key and a static evaluation.
///
/// Turns of several moves are allowed: after [`Game::make`] the same side
/// may still be to move ([`Game::side`] tells), and the search keeps the
/// score's point of view accordingly.
pub trait Game: Clone + Send {
    /// A move, valid in the position it was generated in.
    type Move: Copy + Eq + Default + Send + std::fmt::Debug;

    /// The side to move: 0 or 1.
    fn side(&self) -> usize;
    /// Appends the pseudo-legal moves of the side to move: every legal move
    /// is among them; [`Game::make`] refuses the others.
    fn moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a pseudo-legal move; returns `false`, with nothing changed,
    /// when the move is not legal.
    fn make(&mut self, m: Self::Move) -> bool;
    /// Takes back the latest move made.
    fn unmake(&mut self);
    /// The one move when no pseudo-legal move is legal but the side must
    /// still move (e.g. declining the rest of a turn), if any.
    fn forced_pass(&self) -> Option<Self::Move>;
    /// A move that hands the turn to the opponent and changes nothing else,
    /// for null-move pruning, where it is sound enough: `None` where passing
    /// means something in the rules (a passing rule, turns of several
    /// moves, replies) and where it risks zugzwang (the side to move has no
    /// piece beyond royal ones and the least valuable). The search asks
    /// only when the side to move is not in check.
    fn null_move(&self) -> Option<Self::Move>;
    /// An end the rules decide before moves are counted (a region
    /// reached, a check count, a bare royal piece, the fifty-move rule).
    fn decided(&self) -> Option<End>;
    /// The end when the side to move has no legal move: checkmate or
    /// stalemate as the rules score it.
    fn no_moves(&self) -> End;
    /// Where the evaluation solves the position exactly (a small ending),
    /// how the game ends with best play, seen from the side to move.
    fn solved(&self) -> Option<End>;
    /// The number of times a position must occur to draw, if repetition draws.
    fn repetition(&self) -> Option<u32>;
    /// Plies since the last irreversible move (no repetition reaches past it).
    fn reversible_plies(&self) -> u32;
    /// The position's key: equal keys are the same position.
    fn key(&self) -> u64;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// For a capture, the captured piece's value and the capturer's
    /// (ordering and quiescence); `None` for other moves.
    fn capture(&self, m: Self::Move) -> Option<(i32, i32)>;
    /// A small index of the move for the history table, below 65536.
    fn move_index(&self, m: Self::Move) -> usize;
    /// What the move does, leaving out what it places beside (a wall, as
    /// the duck; a gated piece): moves with equal keys differ only there,
    /// and quiescence and the frontier search one of them.
    fn action_key(&self, m: Self::Move) -> u64;
    /// Whether the move places a wall beside what it does (the duck,
    /// isolation): where the moves are few, moves that differ only in
    /// their wall are searched each, as one may take the other side's
    /// last square.
    fn places_wall(&self, m: Self::Move) -> bool;
    /// Whether a side that can capture must (compulsory captures): it may
    /// then not stand pat in quiescence before its moves are seen.
    fn captures_compulsory(&self) -> bool;
    /// Whether being checkmated wins (misère): the win can only come from
    /// the other side's move.
    fn mated_wins(&self) -> bool;
    /// Whether the root proves its moves won or lost by reading them to
    /// the end: no piece may take, none is royal, a side without a move
    /// loses, nothing is held in hand, and no exact solver of endings
    /// applies.
    fn provable(&self) -> bool;
    /// The static evaluation in centipawns from the side to move's view.
    fn evaluate(&self) -> i32;
    /// Whether the only win is being mated: being checkmated wins and
    /// losing one's pieces does not (misère, not losers). The force on the
    /// board is then what mates a side, and the search keeps it.
    fn keeps_force(&self) -> bool;
    /// The value of the pieces on the board, both sides', royal pieces
    /// left out, in centipawns.
    fn material(&self) -> i32;
    /// The move as canonical text.
    fn move_text(&self, m: Self::Move) -> String;
}
