//! The fifty-move count and what resets it (spec/LANGUAGE.md §10,
//! `fifty_move_reset`): every move of an irreversible piece, or only its
//! forward moves; drops; promotions.

mod common;
use common::{game_of, opening};

use motley_interpreter::Game;

/// A small variant with a pawn that also steps back and sideways, a
/// promotion on the last rank, a man that promotes by a type change, and
/// drops from the hand; `reset` is the `fifty_move_reset` value or empty.
fn variant(reset: &str) -> Game {
    let reset = if reset.is_empty() {
        String::new()
    } else {
        format!("  fifty_move_reset: {reset}\n")
    };
    let head = opening("clocked", 5, 5);
    let source = format!(
        "{head}  - {{ letter: P, name: pawn, moves: mW, irreversible: true }}
  - {{ letter: M, name: man, moves: F }}
  - {{ letter: Q, name: queen, moves: Q }}
setup: k4/5/5/1P3/K1M2[Q] w - - 7 1
promotion:
  - {{ pieces: [M], zone: rank == 5, to: [Q], mandatory: false }}
drops:
  - {{ pieces: [Q], zone: 'true' }}
draws:
  fifty_move: 100
{reset}"
    );
    game_of(&source)
}

fn clock_after(reset: &str, fen: &str, mv: &str) -> String {
    let mut game = variant(reset);
    game.set_fen(fen).unwrap_or_else(|e| panic!("{e}"));
    game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    game.fen().split(' ').nth(4).unwrap_or_default().to_string()
}

const START: &str = "k4/5/5/1P3/K1M2[Q] w - - 7 1";

#[test]
fn every_move_of_an_irreversible_piece_resets_by_default() {
    assert_eq!(clock_after("", START, "b2b3"), "0");
    assert_eq!(clock_after("", START, "b2b1"), "0");
    assert_eq!(clock_after("", START, "b2c2"), "0");
    assert_eq!(clock_after("", START, "c1d2"), "8");
}

#[test]
fn forward_resets_only_on_forward_moves() {
    let reset = "{ moves: forward }";
    assert_eq!(clock_after(reset, START, "b2b3"), "0");
    assert_eq!(clock_after(reset, START, "b2b1"), "8");
    assert_eq!(clock_after(reset, START, "b2c2"), "8");
    let black = "k4/5/1p3/5/K1M2[Q] b - - 7 1";
    assert_eq!(clock_after(reset, black, "b3b2"), "0");
    assert_eq!(clock_after(reset, black, "b3b4"), "8");
}

#[test]
fn drops_reset_when_the_file_says_so() {
    assert_eq!(clock_after("", START, "Q@e5"), "8");
    assert_eq!(clock_after("{ drops: true }", START, "Q@e5"), "0");
}

#[test]
fn promotions_reset_when_the_file_says_so() {
    let fen = "k4/3M1/5/5/K4 w - - 7 1";
    assert_eq!(clock_after("", fen, "d4e5q"), "8");
    assert_eq!(clock_after("{ promotions: true }", fen, "d4e5q"), "0");
    assert_eq!(clock_after("{ promotions: true }", fen, "d4e5"), "8");
}

#[test]
fn an_unknown_moves_value_is_refused_with_its_place() {
    let text = "motley: 1
name: clocked
board: { files: 5, ranks: 5 }
pieces:
  - { letter: K, name: king, moves: K, royal: true }
setup: k4/5/5/5/K4 w - - 0 1
draws:
  fifty_move: 100
  fifty_move_reset: { moves: sideways }
";
    let err = motley_interpreter::build(text).expect_err("refused");
    let shown = err.render("clocked.yaml", text);
    assert!(
        shown.contains("clocked.yaml:9:30: `fifty_move_reset.moves` is `all`"),
        "{shown}"
    );
}
