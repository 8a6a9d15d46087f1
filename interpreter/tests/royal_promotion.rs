//! A promotion may give a royal type (issue 15, S4): the position after it
//! has two royal pieces of one side, and its FEN reads back.

use motley_interpreter::Game;

const SOURCE: &str = "motley: 1
name: royal-promotion
board: { files: 8, ranks: 8 }
pieces:
  - { letter: K, name: king, moves: K, royal: true }
  - { letter: Q, name: queen, moves: Q }
  - { letter: P, name: pawn, moves: fmWfcF }
setup: 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1
promotion:
  - { pieces: [P], zone: rank == 8, to: [Q, K] }
";

#[test]
fn a_promotion_to_a_royal_type_gives_a_readable_position() {
    let mut game = Game::from_source(SOURCE).unwrap_or_else(|e| panic!("{e}"));
    let mut moves = game.legal_moves();
    moves.sort();
    assert!(moves.contains(&"b7b8k".to_string()), "{moves:?}");
    game.play("b7b8k").unwrap();
    let fen = game.fen();
    assert_eq!(fen, "1K2k3/8/8/8/8/8/8/4K3 b - - 1 1");
    let mut again = Game::from_source(SOURCE).unwrap();
    again.set_fen(&fen).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.fen(), fen);
}
