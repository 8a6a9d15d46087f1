//! Turns of several moves (spec/LANGUAGE.md §16) on a variant other than
//! the one they were made for: orthodox chess with three moves per turn,
//! captures anywhere in a turn, the later moves required and by other
//! pieces, and a check ending the turn.

mod common;
use common::{game_of, opening};

use motley_interpreter::Game;

/// Orthodox chess with a `turn:` section.
fn chess_with(turn: &str) -> Game {
    let head = opening("triple", 8, 8);
    let source = format!(
        "{head}  - {{ letter: Q, name: queen, moves: Q }}
  - {{ letter: R, name: rook, moves: R }}
  - {{ letter: B, name: bishop, moves: B }}
  - {{ letter: N, name: knight, moves: N }}
  - {{ letter: P, name: pawn, moves: fmWfceFifmnD, irreversible: true }}
setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
castling: {{ king: K, rook: R, sides: [{{ king_to: g, rook_to: f }}, {{ king_to: c, rook_to: d }}] }}
state: {{ player_flags: [captured] }}
turn: {turn}
"
    );
    game_of(&source)
}

/// Plays `mv` and asserts the FEN after it.
fn plays_to(game: &mut Game, mv: &str, fen: &str) {
    game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    assert_eq!(game.fen(), fen, "after {mv}");
}

#[test]
fn three_moves_by_three_pieces() {
    let mut game =
        chess_with("{ moves: 3, capture: any, later_moves: required, same_piece: forbidden }");
    assert_eq!(game.legal_moves().len(), 20);
    plays_to(
        &mut game,
        "e2e4",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 {sub=2}",
    );
    let moves = game.legal_moves();
    assert!(!moves.contains(&"e4e5".to_string()), "the same piece again");
    assert!(
        !moves.contains(&"0000".to_string()),
        "required while other moves exist"
    );
    assert!(moves.contains(&"f1c4".to_string()));
    plays_to(
        &mut game,
        "d2d4",
        "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1 {sub=3}",
    );
    plays_to(
        &mut game,
        "g1f3",
        "rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 1 1",
    );
    for m in ["e7e5", "b8c6"] {
        game.play(m).unwrap();
    }
    // Neither piece that moved in this turn moves again.
    assert!(!game
        .legal_moves()
        .iter()
        .any(|m| m.starts_with("e5") || m.starts_with("c6")));
    plays_to(
        &mut game,
        "f8b4",
        "r1bqk1nr/pppp1ppp/2n5/4p3/1b1PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 2 2",
    );
    // A capture does not end the turn under `capture: any`.
    game.set_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 {sub=2}")
        .unwrap();
    plays_to(&mut game, "e4d5", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1 {sub=3}");
    // The last move of a turn, required: `0000` only when nothing else is legal.
    game.set_fen("8/8/8/8/8/8/p7/k1K5 w - - 0 1 {sub=3}")
        .unwrap();
    assert!(!game.legal_moves().contains(&"0000".to_string()));
    game.set_fen("7k/8/8/8/8/p2b4/P6r/K7 w - - 0 1 {sub=3}")
        .unwrap();
    assert_eq!(game.legal_moves(), ["0000"]);
    assert_eq!(
        game.rules().san(
            game.position(),
            &game.rules().parse_move(game.position(), "0000").unwrap()
        ),
        "0000"
    );
    assert_eq!(game.perft(1), 1);
    assert_eq!(game.outcome(), None);
    plays_to(&mut game, "0000", "7k/8/8/8/8/p2b4/P6r/K7 b - - 0 1");
}

#[test]
fn a_capture_ends_the_turn_and_the_privilege() {
    let mut game =
        chess_with("{ moves: 2, privilege: not player.captured, capture_sets: [player.captured] }");
    for m in ["e2e4", "d2d4", "d7d5", "0000"] {
        game.play(m).unwrap();
    }
    assert_eq!(
        game.fen(),
        "rnbqkbnr/ppp1pppp/8/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 2"
    );
    // `0000` is a ply but not a move of the fifty-move count.
    plays_to(
        &mut game,
        "e4d5",
        "rnbqkbnr/ppp1pppp/8/3P4/3P4/8/PPP2PPP/RNBQKBNR b KQkq - 0 2 {captured=w}",
    );
    game.play("g8f6").unwrap();
    game.play("b8c6").unwrap();
    // White has lost the privilege: one move per turn.
    plays_to(
        &mut game,
        "g1f3",
        "r1bqkb1r/ppp1pppp/2n2n2/3P4/3P4/5N2/PPP2PPP/RNBQKB1R b KQkq - 3 3 {captured=w}",
    );
    // A later move may not capture.
    plays_to(
        &mut game,
        "c6d4",
        "r1bqkb1r/ppp1pppp/5n2/3P4/3n4/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4 {captured=wb}",
    );
    assert!(game
        .set_fen(
            "r1bqkb1r/ppp1pppp/5n2/3P4/3n4/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4 {captured=wb sub=2}"
        )
        .is_err());
}

#[test]
fn later_moves_do_not_capture() {
    let mut game = chess_with("{ moves: 2 }");
    game.set_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 {sub=2}")
        .unwrap();
    assert!(!game.legal_moves().contains(&"e4d5".to_string()));
    assert!(game.legal_moves().contains(&"0000".to_string()));
    game.set_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert!(game.legal_moves().contains(&"e4d5".to_string()));
}

#[test]
fn a_check_ends_the_turn() {
    let mut game = chess_with("{ moves: 2, check_ends_turn: \"yes\" }");
    game.set_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(game.play("a1a8").unwrap(), "Ra8+");
    assert_eq!(game.fen(), "R3k3/8/8/8/8/8/8/4K3 b - - 1 1");
    let mut game = chess_with("{ moves: 2 }");
    game.set_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(game.play("a1a8").unwrap(), "Ra8+");
    assert_eq!(game.fen(), "R3k3/8/8/8/8/8/8/4K3 w - - 1 1 {sub=2}");
    // The checked side answers on its first move; mate is judged there.
    game.play("e1d2").unwrap();
    assert_eq!(game.legal_moves(), ["e8d7", "e8e7", "e8f7"]);
}

#[test]
fn perft_counts_0000_as_a_ply() {
    let game = chess_with("{ moves: 2 }");
    // Every first move is followed by its second moves or `0000`.
    let mut total = 0;
    for m in game.legal_moves() {
        let mut child = game.clone();
        child.play(&m).unwrap();
        let seconds = child.legal_moves();
        assert!(seconds.contains(&"0000".to_string()));
        total += seconds.len() as u64;
    }
    assert_eq!(game.perft(2), total);
}

/// Asserts that the game's FEN reads back to itself, with the same legal
/// moves.
fn reads_back(game: &Game) {
    let fen = game.fen();
    let mut again = game.clone();
    again.set_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again.fen(), fen);
    assert_eq!(again.legal_moves(), game.legal_moves());
}

#[test]
fn an_en_passant_window_outlasts_a_later_move_onto_the_double_steps_origin() {
    let mut game = chess_with("{ moves: 2, en_passant: next-turn }");
    let before = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    game.set_fen(before).unwrap();
    game.play("d7d5").unwrap();
    // The second move fills d7, the square the pawn stepped from.
    plays_to(
        &mut game,
        "c8d7",
        "rn1qkbnr/pppbpppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 1 2",
    );
    reads_back(&game);
    assert!(game.legal_moves().contains(&"e5d6".to_string()));
    // The second move stands on the passed square itself.
    game.set_fen(before).unwrap();
    game.play("d7d5").unwrap();
    game.play("d8d6").unwrap();
    reads_back(&game);
}

#[test]
fn under_the_default_window_an_en_passant_squares_origin_must_be_empty() {
    // A later move of the turn closes the target (§16), so no game reaches
    // the first position: d6 stands open while d7 is filled again.
    let mut game = chess_with("{ moves: 2 }");
    let err = game
        .set_fen("rn1qkbnr/pppbpppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 1 2")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("no piece could have just passed the en passant square `d6`"),
        "{err}"
    );
    // With d7 empty, as just after d7d5, the square is read.
    game.set_fen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
        .unwrap();
}
