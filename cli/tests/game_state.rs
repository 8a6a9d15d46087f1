//! The game state shown: outcome lines, SAN output in the variants' own
//! notations, and a move refused because the game is over.

mod common;
use common::{assert_contains, assert_starts, motley, variant, with_moves};

/// Runs `motley ARGS FILE` on a bundled variant after moves from a FEN
/// (or the setup); its output.
fn run_at(args: &[&str], name: &str, fen: Option<&str>, moves: &[&str]) -> String {
    let file = variant(name);
    let mut args = args.to_vec();
    args.push(file.as_str());
    if let Some(fen) = fen {
        args.extend(["--fen", fen]);
    }
    if !moves.is_empty() {
        args.push("--moves");
        args.extend(moves);
    }
    let (code, out, err) = motley(&args);
    assert_eq!(code, 0, "{err}");
    out
}

/// `motley status` of a variant after moves from a FEN (or the setup).
fn status(name: &str, fen: Option<&str>, moves: &[&str]) -> String {
    run_at(&["status"], name, fen, moves)
}

/// The SAN of the legal moves, sorted, as `moves --san` prints them.
fn san(name: &str, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    run_at(&["moves", "--san"], name, fen, moves)
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn outcome_lines_for_mate_stalemate_a_variant_win_and_draws() {
    assert_eq!(
        status("chess", None, &["f3", "e5", "g4", "Qh4"]),
        "0-1 by checkmate\n"
    );
    assert_eq!(
        status("chess", Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), &[]),
        "1/2-1/2 by stalemate\n"
    );
    assert_eq!(
        status(
            "kingofthehill",
            Some("4k3/8/8/8/8/4K3/8/8 w - - 0 1"),
            &["Kd4"]
        ),
        "1-0 by region reached\n"
    );
    assert_eq!(
        status("chess", Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), &["Ra2"]),
        "1/2-1/2 by fifty-move rule\n"
    );
    assert_eq!(
        status(
            "chess",
            None,
            &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
        ),
        "1/2-1/2 by threefold repetition\n"
    );
    assert_eq!(
        status("chess", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), &[]),
        "1/2-1/2 by insufficient material\n"
    );
    assert_eq!(status("chess", None, &["e4"]), "* black to move\n");
    assert_eq!(
        status("chess", None, &["e4", "f5", "Qh5"]),
        "* black to move, in check\n"
    );
}

#[test]
fn a_move_after_the_end_says_the_game_is_over() {
    let (code, out, err) = motley(&with_moves(&["fen", &variant("chess")], "f3 e5 g4 Qh4# e4"));
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err.trim(),
        "the game is over: 0-1 by checkmate; `e4` cannot be played"
    );
}

#[test]
fn san_of_castling_promotion_and_check() {
    let moves = san("chess", Some("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"), &[]);
    for m in ["O-O", "O-O-O", "b8=Q+", "bxa8=N", "Rxh8+", "Rxa8+"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert_eq!(moves.len(), 34);
    // Mate is `#`; two rooks that reach one square are told apart by file.
    let moves = san("chess", Some("6k1/5ppp/8/8/8/8/4K3/R6R w - - 0 1"), &[]);
    assert!(moves.contains(&"Ra8#".to_string()), "{moves:?}");
    assert!(moves.contains(&"Rad1".to_string()) && moves.contains(&"Rhd1".to_string()));
}

#[test]
fn san_of_drops_and_of_the_clowns_declaration_and_entry() {
    let moves = san("crazyhouse", None, &["e4", "d5", "exd5", "Qxd5", "Nc3"]);
    assert!(moves.contains(&"P@a3".to_string()), "{moves:?}");
    // clown-chess.txt: "1. Nc3 (!C)" and "!Cg5".
    let moves = san("clown", None, &[]);
    assert!(moves.contains(&"Nc3 (!C)".to_string()), "{moves:?}");
    assert!(moves.contains(&"Nc3".to_string()));
    let moves = san(
        "clown",
        Some("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {last=P}"),
        &[],
    );
    assert!(moves.contains(&"!Ca1".to_string()), "{moves:?}");
    // Both the source's notation and the default one are read.
    let (_, a, _) = motley(&["fen", &variant("clown"), "--moves", "Nc3 (!C)"]);
    let (_, b, _) = motley(&["fen", &variant("clown"), "--moves", "Nc3=C"]);
    assert_eq!(a, b);
    assert!(a.starts_with("rnbqkbnr/pppppppp/8/8/8/2C5/"), "{a}");
}

#[test]
fn san_of_gating_in_the_fools_notation() {
    // chess-with-a-fool.txt: "F-O ... O-F ... F-O-O ... O-O-F", "3.Bb5*F a6*F".
    let moves = san(
        "fool",
        Some("r3k2r/8/8/8/8/8/8/R3K2R[Ff] w KQkq - 0 1"),
        &[],
    );
    let castles: Vec<&String> = moves.iter().filter(|m| m.contains('-')).collect();
    assert_eq!(castles, ["F-O", "F-O-O", "O-F", "O-O", "O-O-F", "O-O-O"]);
    let (code, out, err) = motley(&with_moves(
        &["fen", &variant("fool")],
        "e4 e5 Nf3 Nc6 Bb5*F a6*F",
    ));
    assert_eq!(code, 0, "{err}");
    assert_starts(&out, "r1bqkbnr/fppp1ppp/p1n5/1B2p3/");
}

#[test]
fn a_jester_turn_is_two_moves_written_one_by_one() {
    let moves = san("jester", None, &["e3e4"]);
    // The second move of the turn: no capture, `0000` declines it.
    assert!(moves.contains(&"0000".to_string()), "{moves:?}");
    assert!(moves.contains(&"d4".to_string()) && !moves.iter().any(|m| m.contains('x')));
    assert_eq!(
        status("jester", None, &["e3e4"]),
        "* white to move (move 2 of the turn)\n"
    );
    let (code, out, _) = motley(&["show", &variant("jester"), "--moves", "e4", "d4"]);
    assert_eq!(code, 0);
    assert_contains(&out, "turn: black to move\nlast move: d4 (d3d4)\n");
}

#[test]
fn show_puts_the_hands_beside_the_board_and_marks_frozen_pieces() {
    let (code, out, _) = motley(&with_moves(
        &["show", &variant("crazyhouse")],
        "e4 d5 exd5 Qxd5",
    ));
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], " 8 r n b . k b n r   black hand: p");
    assert_eq!(lines[7], " 1 R N B Q K B N R   white hand: P");
    assert_eq!(lines[9], "turn: white to move");
    assert_eq!(lines[10], "last move: Qxd5 (d8d5)");
    assert_eq!(lines[11], "outcome: none yet");
}
