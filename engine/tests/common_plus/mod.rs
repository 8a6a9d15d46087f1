//! Helpers shared by the Fool, Clown and Entity tests.
#![allow(dead_code)]

use motley_engine::{Color, Game, Outcome, Reason};

/// A game of `variant` with `rulings` at `fen` after `moves`.
pub fn game(variant: &str, rulings: &[(&str, &str)], fen: &str, moves: &str) -> Game {
    let rulings: Vec<(String, String)> = rulings
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let mut g = Game::new(variant, &rulings).unwrap_or_else(|e| panic!("{variant}: {e}"));
    if !fen.is_empty() {
        g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
    for m in moves.split_whitespace() {
        g.play(m)
            .unwrap_or_else(|e| panic!("{fen} after {moves}: {m}: {e}"));
    }
    g
}

/// `g`, checked to be at `fen`.
#[track_caller]
pub fn at_fen(g: Game, fen: &str) -> Game {
    assert_eq!(g.fen(), fen);
    g
}

/// The legal moves, space-separated.
pub fn moves(g: &Game) -> String {
    g.legal_moves().join(" ")
}

/// Whether `m` is legal.
pub fn has(g: &Game, m: &str) -> bool {
    g.legal_moves().iter().any(|x| x == m)
}

/// The legal moves starting with `prefix`.
pub fn starting(g: &Game, prefix: &str) -> Vec<String> {
    g.legal_moves()
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

pub fn mate(winner: Color) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(winner),
        reason: Reason::Checkmate,
    })
}

pub fn stalemate() -> Option<Outcome> {
    Some(Outcome {
        winner: None,
        reason: Reason::Stalemate,
    })
}

/// A new game of `variant`, checked to start at `fen` with the perft
/// numbers `perfts` at depth 1, 2, ...
pub fn start(variant: &str, fen: &str, perfts: &[u64]) -> Game {
    let g = game(variant, &[], "", "");
    assert_eq!(g.fen(), fen);
    for (depth, &n) in (1..).zip(perfts) {
        assert_eq!(g.perft(depth), n, "{variant} perft({depth})");
    }
    g
}

/// Asserts that playing `m` fails with an error of the kind `kind`
/// (`"illegal move"`, `"malformed move"`).
pub fn rejects(g: &mut Game, m: &str, kind: &str) {
    let err = g.play(m).expect_err(m).to_string();
    assert!(err.starts_with(kind), "{m}: {err}");
}
