//! Exact proofs of the root's moves, where a game is small enough to be
//! read to its end: no piece may take, none is royal, a side without a
//! move loses, nothing is held in hand, and the ending solver does not
//! apply ([`Game::provable`]; fox and hounds, isolation). There a move's
//! worth often lies far past the search's horizon (the hounds' one move
//! of five that keeps the fox shut in), and the game tree, ends and all,
//! is small. A budget of positions bounds the work per root; positions
//! proven stay known for the rest of the game, up to [`KNOWN_MAX`].

use std::collections::HashMap;

use crate::game::{End, Game};

/// Positions a root's proofs may visit, all its moves together.
const PROOF_NODES: u32 = 200_000;

/// Most root moves whose proofs are tried (the work grows with them).
const PROOF_MOVES: usize = 12;

/// Most positions kept proven (16 bytes each, 32 MB, and the map's spare
/// room): past it, a root forgets them all before it proves its moves, so
/// a long game of a large board holds no more. A whole game of fox and
/// hounds has about 260,000.
const KNOWN_MAX: usize = 2_000_000;

/// Positions proven won or lost for the side to move, kept across the
/// searches of one game.
#[derive(Default)]
pub(crate) struct Proofs {
    /// Per position (its key with the plies since the last irreversible
    /// move): whether the side to move wins with best play.
    known: HashMap<u64, bool>,
    /// Keys of the positions along the line being proven, the game's
    /// before them: a position met again proves nothing.
    path: Vec<u64>,
}

impl Proofs {
    /// Forgets every proof: a new game starts.
    pub(crate) fn clear(&mut self) {
        self.known.clear();
    }

    /// For each root move of `game` that a proof within [`PROOF_NODES`]
    /// positions decides: whether it wins for the side playing it.
    /// `history` holds the keys of the game's positions so far, the
    /// current one last.
    pub(crate) fn root<G: Game>(&mut self, game: &mut G, history: &[u64]) -> Vec<(G::Move, bool)> {
        let mut moves = Vec::new();
        game.moves(&mut moves);
        if moves.len() > PROOF_MOVES {
            return Vec::new();
        }
        if self.known.len() > KNOWN_MAX {
            self.known.clear();
        }
        let us = game.side();
        self.path = history.to_vec();
        let mut left = PROOF_NODES;
        let mut proven = Vec::new();
        for m in moves {
            if !game.make(m) {
                continue;
            }
            let wins = self.prove(game, &mut left);
            let ours = game.side() == us;
            game.unmake();
            if let Some(wins) = wins {
                proven.push((m, wins == ours));
            }
        }
        proven
    }

    /// Whether the side to move in `game` wins with best play, where the
    /// proof ends within `left` more positions; `None` where it does not,
    /// or where every line that may still win reaches a draw or a
    /// position already on the path.
    fn prove<G: Game>(&mut self, game: &mut G, left: &mut u32) -> Option<bool> {
        let key = game.key() ^ u64::from(game.reversible_plies()).wrapping_mul(KEY_PER_PLY);
        if let Some(&wins) = self.known.get(&key) {
            return Some(wins);
        }
        if self.path.contains(&game.key()) || *left == 0 {
            return None;
        }
        *left -= 1;
        if let Some(end) = game.decided() {
            return decisive(end);
        }
        let us = game.side();
        let mut moves = Vec::new();
        game.moves(&mut moves);
        let (mut legal, mut all_lost) = (false, true);
        self.path.push(game.key());
        for m in moves {
            if !game.make(m) {
                continue;
            }
            legal = true;
            let child = self.prove(game, left);
            let ours = game.side() == us;
            game.unmake();
            match child.map(|wins| wins == ours) {
                Some(true) => {
                    self.path.pop();
                    self.known.insert(key, true);
                    return Some(true);
                }
                Some(false) => {}
                None => all_lost = false,
            }
        }
        self.path.pop();
        let wins = if legal {
            all_lost.then_some(false)
        } else {
            decisive(game.no_moves())
        };
        if let Some(wins) = wins {
            self.known.insert(key, wins);
        }
        wins
    }
}

/// Mixes the plies since the last irreversible move into a proof's key: a
/// count of moves that draws may end the same position otherwise.
const KEY_PER_PLY: u64 = 0x9e37_79b9_7f4a_7c15;

/// Whether an end is a win for the side to move; `None` for a draw.
fn decisive(end: End) -> Option<bool> {
    match end {
        End::Win => Some(true),
        End::Loss => Some(false),
        End::Draw => None,
    }
}
