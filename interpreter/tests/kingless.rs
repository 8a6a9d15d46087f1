//! Games without a king and their ends (spec/LANGUAGE.md §3.1, §11.1, §19):
//! compulsory capture bound to one side or to some types, extinction counted
//! with the hand, draw odds on repetition. The bundled variants and their
//! case files (`conformance/cases/fsf/`) cover the forms Fairy-Stockfish
//! plays; these cover the options none of them uses.

mod common;
use common::{game_of, head, opening, ROOK};

use motley_interpreter::Game;

/// Kings that are not royal, rooks and pawns on a 5x5 board; `extra` adds
/// top-level keys.
fn game(extra: &str, fen: &str) -> Game {
    let head = head("kingless", 5, 5);
    let source = format!(
        "{head}  - {{ letter: K, name: king, moves: K }}
  - {{ letter: R, name: rook, moves: R }}
  - {{ letter: P, name: pawn, moves: fmWfcF }}
setup: k4/5/5/5/K4 w - - 0 1
outcomes:
  extinction: {{ result: win }}
draws:
  repetition: 3
{extra}"
    );
    let mut game = game_of(&source);
    game.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    game
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

/// White's pawn b2 can take c3; its rook a5 can take e5; its king a1 can
/// take b1 (Black's king).
const CAPTURES: &str = "R3r/5/2p2/1P3/Kk3 w - - 0 1";

#[test]
fn without_the_rule_every_move_stays() {
    let moves = game("", CAPTURES).legal_moves();
    assert!(moves.len() > 3, "{moves:?}");
    assert!(moves.contains(&"b2b3".to_string()));
}

#[test]
fn every_capture_binds_by_default() {
    let moves = sorted(game("compulsory_capture: {}", CAPTURES).legal_moves());
    assert_eq!(moves, ["a1b1", "a5e5", "b2c3"]);
}

#[test]
fn by_limits_the_binding_captures_to_its_types() {
    let moves = sorted(game("compulsory_capture: { by: [P] }", CAPTURES).legal_moves());
    assert_eq!(moves, ["b2c3"]);
    // No pawn capture: every move stays, the rook's and king's captures too.
    let fen = "R3r/5/5/1P3/Kk3 w - - 0 1";
    let moves = game("compulsory_capture: { by: [P] }", fen).legal_moves();
    assert!(moves.contains(&"a5e5".to_string()) && moves.contains(&"b2b3".to_string()));
}

#[test]
fn sides_limits_the_rule_to_one_side() {
    let fen = "R3r/5/2p2/1P3/Kk3 b - - 0 1";
    let white_only = game("compulsory_capture: { sides: white }", fen).legal_moves();
    assert!(white_only.contains(&"c3c2".to_string()), "{white_only:?}");
    let both = sorted(game("compulsory_capture: { sides: both }", fen).legal_moves());
    assert_eq!(both, ["b1a1", "b1b2", "c3b2", "e5a5"]);
    let black_only = sorted(game("compulsory_capture: { sides: black }", fen).legal_moves());
    assert_eq!(black_only, both);
}

#[test]
fn perft_counts_the_restricted_moves() {
    let bound = game("compulsory_capture: {}", CAPTURES);
    assert_eq!(bound.perft(1), 3);
    let free = game("", CAPTURES);
    assert_eq!(free.perft(1), free.legal_moves().len() as u64);
}

#[test]
fn the_last_piece_captured_ends_the_game_for_the_side_left_with_none() {
    let mut g = game("", "5/5/5/5/Kr3 w - - 0 1");
    g.play("a1b1").unwrap();
    let outcome = g.outcome().expect("an end");
    assert_eq!(outcome.to_string(), "0-1 by extinction");
    assert!(g.legal_moves().is_empty());
}

#[test]
fn draw_odds_turn_a_repetition_into_a_win() {
    let head = opening("odds", 4, 4) + ROOK;
    let source = |odds: &str| {
        format!(
            "{head}setup: 3k/4/4/R2K w - - 0 1
outcomes:
  draw_odds: {odds}
draws:
  repetition: 3
"
        )
    };
    for (odds, score) in [("black", "0-1"), ("white", "1-0")] {
        let mut g = game_of(&source(odds));
        for mv in [
            "a1b1", "d4c4", "b1a1", "c4d4", "a1b1", "d4c4", "b1a1", "c4d4",
        ] {
            g.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        assert_eq!(
            g.outcome().expect("repetition").to_string(),
            format!("{score} by threefold repetition")
        );
    }
}
