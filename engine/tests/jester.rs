//! Jester Chess (`jester`): the examples of `jester-chess.txt`, the rulings
//! of `spec/rulings/jester.md`, and numbers derived by hand.

use motley_engine::jester::JesterGame;

fn game(rulings: &[(&str, &str)]) -> JesterGame {
    let r: Vec<(String, String)> = rulings
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    JesterGame::new(&r).expect("jester")
}

#[allow(dead_code)]
fn at_with(fen: &str, rulings: &[(&str, &str)]) -> JesterGame {
    let mut g = game(rulings);
    g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(g.fen(), fen, "round trip");
    g
}

#[allow(dead_code)]
fn at(fen: &str) -> JesterGame {
    at_with(fen, &[])
}

#[allow(dead_code)]
fn play(g: &mut JesterGame, moves: &str) {
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[allow(dead_code)]
fn moves(g: &JesterGame) -> String {
    g.legal_moves().join(" ")
}

#[test]
fn start_position() {
    let g = game(&[]);
    assert_eq!(
        g.fen(),
        "rnlbqkblnr/a1j1ss1j1a/pppppppppp/10/10/10/10/10/PPPPPPPPPP/A1J1SS1J1A/RNLBQKBLNR w - - 0 1"
    );
    assert_eq!(g.perft(1), 26);
}
