//! The oracles: interpreter and engine agree over seeded random games,
//! perft is self-consistent, and a planted bug is reported with the
//! shortest move sequence, the move lists and the divide difference.

mod common;

use motley_conformance::oracle::{
    find_perft_difference, perft_consistency, random_games, DiffError, RandomGames,
};
use motley_conformance::{Engine, ImplError, Implementation, Interp, Outcome, Rulings};

fn loaded<I: Implementation>(mut imp: I) -> I {
    imp.load_path(&common::rule_file("chess"), &[])
        .expect("chess loads");
    imp
}

fn lockstep(seed: u64, games: usize) {
    common::lockstep("chess", &[], seed, games, 400);
}

#[test]
fn interpreter_and_engine_agree_over_300_random_games() {
    lockstep(0x5EED, 300);
}

#[test]
#[ignore = "about 90 s; run with --ignored"]
fn interpreter_and_engine_agree_over_10000_random_games() {
    lockstep(0x5EED_0001, 10_000);
}

#[test]
fn random_games_from_tactical_positions_agree() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1",
    ];
    let (mut a, mut b) = (loaded(Interp::new()), loaded(Engine::new()));
    common::lockstep_from_each(&mut a, &mut b, &fens, 30, 300);
}

#[test]
fn positions_read_from_fen_agree() {
    // FENs met in random engine games, each read fresh by both: FEN reading,
    // castling and en passant fields, clocks.
    assert!(common::fens_agree("chess", &[], 42, 40, 300) > 2000);
}

#[test]
fn perft_is_self_consistent() {
    let positions: [(Option<&str>, &[&str], u32); 5] = [
        (None, &[], 3),
        (
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            &[],
            2,
        ),
        (
            Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
            &["e2e4"],
            3,
        ),
        (
            Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
            &[],
            2,
        ),
        (None, &["e2e4", "d7d5", "e4e5", "f7f5"], 2),
    ];
    let mut interp = loaded(Interp::new());
    let mut engine = loaded(Engine::new());
    for (fen, moves, depth) in positions {
        let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
        for imp in [&mut interp as &mut dyn Implementation, &mut engine] {
            perft_consistency(imp, fen, &moves, depth).unwrap_or_else(|e| panic!("{e}"));
            perft_consistency(imp, fen, &moves, 0).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

/// The engine with a planted bug: it never castles kingside as White.
struct NoWhiteShortCastling(Engine);

impl NoWhiteShortCastling {
    fn hide(moves: &mut Vec<String>, at_root: bool) {
        if at_root {
            moves.retain(|m| m != "e1g1");
        }
    }

    fn white_to_move(&mut self) -> bool {
        self.0
            .fen()
            .map(|f| f.split(' ').nth(1) == Some("w"))
            .unwrap_or(false)
    }
}

impl Implementation for NoWhiteShortCastling {
    fn name(&self) -> String {
        "buggy".to_string()
    }
    fn load(&mut self, name: &str, source: &str, rulings: &Rulings) -> Result<(), ImplError> {
        self.0.load(name, source, rulings)
    }
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), ImplError> {
        self.0.set_position(fen, moves)
    }
    fn legal_moves(&mut self) -> Result<Vec<String>, ImplError> {
        let white = self.white_to_move();
        let mut moves = self.0.legal_moves()?;
        Self::hide(&mut moves, white);
        Ok(moves)
    }
    fn play(&mut self, mv: &str) -> Result<(), ImplError> {
        self.0.play(mv)
    }
    fn fen(&mut self) -> Result<String, ImplError> {
        self.0.fen()
    }
    fn outcome(&mut self) -> Result<Option<Outcome>, ImplError> {
        self.0.outcome()
    }
    fn perft(&mut self, depth: u32) -> Result<u64, ImplError> {
        Ok(self
            .divide(depth)?
            .iter()
            .map(|r| r.1)
            .sum::<u64>()
            .max(u64::from(depth == 0)))
    }
    fn divide(&mut self, depth: u32) -> Result<Vec<(String, u64)>, ImplError> {
        // Recurses through this wrapper so the bug shows at every ply.
        if depth == 0 {
            return Ok(Vec::new());
        }
        let mut rows = Vec::new();
        for m in self.legal_moves()? {
            let mut child = NoWhiteShortCastling(self.0.clone());
            child.play(&m)?;
            rows.push((
                m,
                if depth == 1 {
                    1
                } else {
                    child.perft(depth - 1)?
                },
            ));
        }
        Ok(rows)
    }
}

#[test]
fn a_planted_bug_is_found_with_the_shortest_sequence() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    let mut good = loaded(Engine::new());
    let mut bad = NoWhiteShortCastling(loaded(Engine::new()));
    // Black moves first, so the first difference is one ply deep.
    let e = find_perft_difference(&mut good, &mut bad, Some(fen), &[], 3)
        .expect_err("the bug shows at depth 3");
    let DiffError::Disagree(d) = e else {
        panic!("{e}")
    };
    assert_eq!(d.what, "different legal moves");
    assert_eq!(d.moves.len(), 1, "{d}");
    assert_eq!(d.only_in_a, vec!["e1g1".to_string()]);
    assert!(d.only_in_b.is_empty());
    assert!(
        d.divide
            .iter()
            .any(|x| x.depth == 1 && x.mv == "e1g1" && x.a == Some(1) && x.b.is_none()),
        "{d}"
    );
    let text = d.to_string();
    assert!(
        text.starts_with("engine and buggy disagree: different legal moves\n"),
        "{text}"
    );
    assert!(text.contains("  only in engine: e1g1\n"), "{text}");

    // Random games find it too, reporting the moves up to the first differing ply.
    let run = RandomGames {
        fen: Some(fen.to_string()),
        seed: 7,
        games: 10,
        max_plies: 50,
    };
    let e = random_games(&mut good, &mut bad, &run).expect_err("found in random games");
    let DiffError::Disagree(d) = e else {
        panic!("{e}")
    };
    assert_eq!(d.only_in_a, vec!["e1g1".to_string()]);
    assert_eq!(
        d.moves.len() % 2,
        1,
        "White is to move after an odd number of plies from this FEN: {d}"
    );
}
