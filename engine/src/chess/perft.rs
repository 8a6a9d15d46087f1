//! Perft: counting the leaves of the legal move tree.

use std::hint::black_box;

use super::moves::MoveList;
use super::position::Position;

/// Leaves at `depth`, every leaf played: at the last ply each legal move is
/// also made (the resulting position is materialised), not just counted.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    leaves::<true>(pos, depth)
}

/// Leaves at `depth` with bulk counting: the last ply's moves are counted
/// without being made.
pub fn perft_bulk(pos: &Position, depth: u32) -> u64 {
    leaves::<false>(pos, depth)
}

/// Leaves at `depth`; with `PLAY_LEAVES` the last ply's moves are made too.
fn leaves<const PLAY_LEAVES: bool>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.generate_legal(&mut moves);
    if depth == 1 {
        if PLAY_LEAVES {
            for &m in moves.iter() {
                let mut child = *pos;
                child.play_unchecked(m);
                black_box(&child);
            }
        }
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| leaves::<PLAY_LEAVES>(&pos.play(m), depth - 1))
        .sum()
}
