//! Chess Is a Joke (`joke`): the examples of `chess-is-a-joke.txt`, the
//! rulings of `spec/rulings/joke.md`, and perft numbers derived by hand.

#[macro_use]
mod common;

use common::{moves, play, play_to, run_ruling_cases, script, RulingCase};
use motley_engine::joke::JokeGame;
use motley_engine::Reason;
use motley_testkit::assert_refusals;
use motley_testkit::Step::*;

game_helpers!(JokeGame);

#[test]
fn start_position_and_rotated_setup() {
    script(
        game(&[]),
        &[
            Fen("rnbqkbjnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKBJNR w KQkq - 0 1"),
            Perft(1, 24),
            Perft(2, 576),
            Perft(3, 15070),
        ],
    );
    let rotated = game(&[("joke.black-setup", "rotate")]);
    assert_eq!(
        rotated.fen(),
        "rnjbkqbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKBJNR w KQkq - 0 1"
    );
    assert_eq!(rotated.perft(2), 576);
}

#[test]
fn retargeting() {
    let mut g = at("4k4/9/9/q4r3/4J4/9/9/9/4K4 b - - 0 1");
    assert!(!moves(&g).contains("f6"), "the rook on f6 is frozen");
    play_to(&mut g, "a6d6", "4k4/9/9/3q1r3/4J4/9/9/9/4K4 w - - 1 2");
    play(&mut g, "e1d1");
    let m = moves(&g);
    assert!(m.contains("f6f1") && !m.contains("d6"), "{m}");
}

/// What each ruling option changes, from positions of the document and
/// positions derived by hand.
const RULINGS: &[RulingCase] = &[
    // Document example "Joker leaves": the freeze lingers one turn.
    RulingCase {
        ruling: ("joke.linger", "none"),
        fen: "4k4/9/9/5q3/4J4/9/9/9/4K4 w - - 0 1",
        default: &[
            To("e5c4", "4k4/9/9/5q3/9/2J6/9/9/4K4 b - - 1 1 {frozen=f6:1}"),
            Moves("e9d8 e9d9 e9e8 e9f8 e9f9"),
            To("e9e8", "9/4k4/9/5q3/9/2J6/9/9/4K4 w - - 2 2"),
            Play("e1d1"),
            // The queen moves again.
            Count(8 + 30),
        ],
        option: &[
            To("e5c4", "4k4/9/9/5q3/9/2J6/9/9/4K4 b - - 1 1"),
            Count(5 + 30),
        ],
    },
    // A Joker staying next to its old target.
    RulingCase {
        ruling: ("joke.stay-adjacent", "linger"),
        fen: "4k4/6q2/9/5r3/4J4/9/9/9/4K4 w - - 0 1",
        default: &[
            To("e5f7", "4k4/6q2/5J3/5r3/9/9/9/9/4K4 b - - 1 1"),
            Moves("e9d8 e9d9 e9e8 e9f8 e9f9 f6a6 f6b6 f6c6 f6d6 f6e6 f6f1 f6f2 f6f3 f6f4 f6f5 f6f7 f6g6 f6h6 f6i6"),
        ],
        option: &[
            To("e5f7", "4k4/6q2/5J3/5r3/9/9/9/9/4K4 b - - 1 1 {frozen=f6:1}"),
            Moves("e9d8 e9d9 e9e8 e9f8 e9f9"),
        ],
    },
    // Ordinary en passant.
    RulingCase {
        ruling: ("joke.en-passant", "none"),
        fen: "4k4/9/9/9/9/3p5/9/4P4/4K4 w - - 0 1",
        default: &[
            To("e2e4", "4k4/9/9/9/9/3pP4/9/9/4K4 b - e3 0 1 {double_stepped=e4}"),
            Moves("d4d3 d4e3 e9d8 e9d9 e9e8 e9f8 e9f9"),
        ],
        option: &[
            To("e2e4", "4k4/9/9/9/9/3pP4/9/9/4K4 b - - 0 1 {double_stepped=e4}"),
            Moves("d4d3 e9d8 e9d9 e9e8 e9f8 e9f9"),
        ],
    },
    // Castling with a frozen rook.
    RulingCase {
        ruling: ("joke.castle-frozen-rook", "allowed"),
        fen: "4k4/9/9/9/9/9/9/7j1/4K3R w K - 0 1",
        default: &[Moves("e1d1 e1d2 e1e2 e1f1 e1f2")],
        option: &[Moves("e1d1 e1d2 e1e2 e1f1 e1f2 e1h1")],
    },
    // Capturing a Joker does not reset the fifty-move count.
    RulingCase {
        ruling: ("joke.fifty-joker", "reset"),
        fen: "4k4/9/9/9/9/3j5/9/4N4/4K4 w - - 10 20",
        default: &[To("e2d4", "4k4/9/9/9/9/3N5/9/9/4K4 b - - 11 20")],
        option: &[To("e2d4", "4k4/9/9/9/9/3N5/9/9/4K4 b - - 0 20")],
    },
];

#[test]
fn what_each_ruling_option_changes() {
    run_ruling_cases(JokeGame::new, RULINGS);
}

/// `joke.freeze-trigger=recompute`: a pawn stepping next to a standing
/// Joker is frozen at once and gives no check.
#[test]
fn a_piece_arriving_next_to_a_joker_is_frozen() {
    let mut g = at("4k4/9/3p5/9/2K1J4/9/9/9/9 b - - 0 1");
    play(&mut g, "d7d6");
    assert_eq!(
        moves(&g),
        "c5b4 c5b5 c5b6 c5c4 c5c6 c5d4 c5d5 c5d6 e5c4 e5c6 e5d3 e5d7 e5f3 e5f7 e5g4 e5g6"
    );
    assert_eq!(g.outcome(), None);
}

/// Document example "Queen captured by king", and a king stepping next to
/// a frozen piece and onto its lines.
#[test]
fn frozen_queen_taken_by_the_king() {
    let fen = "4k4/9/9/9/9/9/5J3/4q4/4K4 w - - 0 1";
    let g = at(fen);
    assert_eq!(
        moves(&g),
        "e1d1 e1d2 e1e2 e1f1 e1f2 f3d2 f3d4 f3e5 f3g1 f3g5 f3h2 f3h4"
    );
    let mut taken = g.clone();
    play_to(&mut taken, "e1e2", "4k4/9/9/9/9/9/5J3/4K4/9 b - - 0 1");
    assert_eq!(
        taken.outcome().map(|o| o.reason),
        Some(Reason::InsufficientMaterial)
    );
    // Without lingering, a Joker leaving releases the queen into check.
    let g = at_with(fen, &[("joke.linger", "none")]);
    assert_eq!(moves(&g), "e1d1 e1d2 e1e2 e1f1 e1f2 f3d2");
}

/// Document example "En Croissant".
#[test]
fn en_croissant() {
    let mut g = game(&[]);
    play_to(&mut g, "e2e4 d8d6 e4e5 d6d5", "rnbqkbjnr/ppp1ppppp/9/9/3pP4/9/9/PPPP1PPPP/RNBQKBJNR w KQkq - 0 3 {croissant=d6 double_stepped=d5,e5}");
    assert!(g.legal_moves().contains(&"e5d6".to_string()));
    assert_eq!(g.legal_moves().len(), 36);
    play_to(&mut g, "e5d6", "rnbqkbjnr/ppp1ppppp/9/3P5/3p5/9/9/PPPP1PPPP/RNBQKBJNR b KQkq - 0 3 {double_stepped=d5,d6 frozen=d5:1}");
    assert!(!moves(&g).contains("d5d4"), "the passer is frozen");
    play_to(&mut g, "a8a7", "rnbqkbjnr/1pp1ppppp/p8/3P5/3p5/9/9/PPPP1PPPP/RNBQKBJNR w KQkq - 0 4 {double_stepped=d5,d6}");
    play(&mut g, "a2a3");
    assert!(moves(&g).contains("d5d4"), "unfrozen after one turn");
}

#[test]
fn en_croissant_expires_after_one_move() {
    let mut g = game(&[]);
    play(&mut g, "e2e4 d8d6 e4e5 d6d5 a2a3 a8a7");
    assert!(!moves(&g).contains("e5d6"));
    assert!(!g.fen().contains("croissant"));
}

#[test]
fn en_croissant_needs_two_double_steps() {
    // The croissant pawn's first move was a single step.
    let mut g = game(&[]);
    play(&mut g, "e2e3 d8d6 e3e4 a8a7 e4e5 d6d5");
    assert!(!moves(&g).contains("e5d6"));
    assert_eq!(
        g.fen(),
        "rnbqkbjnr/1pp1ppppp/p8/9/3pP4/9/9/PPPP1PPPP/RNBQKBJNR w KQkq - 0 4 {double_stepped=d5}"
    );
    // The passer's first move was a single step.
    let mut g = game(&[]);
    play(&mut g, "e2e4 d8d7 e4e5 d7d6 a2a3 d6d5");
    assert!(!moves(&g).contains("e5d6"));
    assert!(!g.fen().contains("croissant"));
    // A FEN naming a croissant square without a double-stepped passer.
    let mut g = game(&[]);
    assert_refusals(
        [(
            "4k4/9/9/9/3pP4/9/9/9/4K4 w - - 0 3 {croissant=d6 double_stepped=e5}",
            "invalid FEN: croissant=d6",
        )],
        |fen| g.set_fen(fen),
    );
}

/// Ties: a bishop and a knight (both 3) are frozen together, the pawn (1)
/// is not.
#[test]
fn ties_freeze_all_of_the_highest() {
    let g = at("k8/9/9/3b1n3/4J4/3p5/9/9/K8 b - - 0 1");
    assert_eq!(moves(&g), "a9a8 a9b8 a9b9 d4d3");
}

/// Two Jokers, one from promotion, freezing one rook; the timer starts
/// only when the last of them leaves.
#[test]
fn two_jokers_one_from_promotion() {
    let mut g = at("9/3rP4/2J6/9/8k/9/9/9/K8 w - - 0 1");
    assert!(moves(&g).contains("e8e9j"));
    play_to(&mut g, "e8e9j", "4J4/3r5/2J6/9/8k/9/9/9/K8 b - - 0 1");
    assert_eq!(moves(&g), "i5h4 i5h5 i5h6 i5i4 i5i6");
    play_to(&mut g, "i5i4 c7a6", "4J4/3r5/9/J8/9/8k/9/9/K8 b - - 2 2");
    assert_eq!(moves(&g), "i4h3 i4h4 i4h5 i4i3 i4i5");
    play_to(
        &mut g,
        "i4i5 e9g8",
        "9/3r2J2/9/J8/8k/9/9/9/K8 b - - 4 3 {frozen=d8:1}",
    );
    assert_eq!(moves(&g), "i5h4 i5h5 i5h6 i5i4 i5i6");
    play(&mut g, "i5i4 a1a2");
    assert!(moves(&g).contains("d8d1"));
}

/// "Checkmate and stalemate are evaluated using only unfrozen attacking
/// lines".
#[test]
fn mate_and_stalemate_with_frozen_attackers() {
    // The queen on b2 would mate; frozen by the Joker on c1, it does not
    // even give check, and White has no move: stalemate.
    let g = at("9/9/9/9/9/1n7/1jkj5/jq1nj4/K1J6 w - - 0 1");
    assert_eq!(g.legal_moves(), Vec::<String>::new());
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Stalemate));
    // The same with a knight check from c2: mate.
    let g = at("9/9/9/9/9/1n7/1jkj5/jqnnj4/K1J6 w - - 0 1");
    assert_eq!(g.legal_moves(), Vec::<String>::new());
    assert_eq!(
        g.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(motley_engine::Color::Black), Reason::Checkmate))
    );
}

#[test]
fn castling_on_both_sides() {
    let fen = "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1";
    let g = at(fen);
    let m = moves(&g);
    assert!(m.contains("e1h1") && m.contains("e1b1"), "{m}");
    let mut k = g.clone();
    play_to(&mut k, "e1h1", "r3k3r/9/9/9/9/9/9/9/R5RK1 b kq - 1 1");
    play_to(&mut k, "e9b9", "1kr5r/9/9/9/9/9/9/9/R5RK1 w - - 2 2");
    let mut q = g.clone();
    play_to(&mut q, "e1b1 e9h9", "r5rk1/9/9/9/9/9/9/9/1KR5R w - - 2 2");
    // A rook on f9 attacks f1, which the king passes on the king side.
    let g = at("r3kr3/9/9/9/9/9/9/9/R3K3R w KQq - 0 1");
    let m = moves(&g);
    assert!(!m.contains("e1h1") && m.contains("e1b1"), "{m}");
}

/// `joke.fifty-joker`: capturing a Joker does not reset the fifty-move
/// count ([`RULINGS`]), so the game ends.
#[test]
fn capturing_a_joker_on_the_fiftieth_move_ends_the_game() {
    let mut g = at("4k4/9/9/9/9/3j5/9/4N4/4K4 w - - 99 60");
    play(&mut g, "e2d4");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::FiftyMoveRule));
}

#[test]
fn joker_never_captures_nor_checks() {
    // The Joker on f3 has knight leaps onto empty squares only, and the
    // black king may stand on a square it "attacks".
    let g = at("9/9/9/9/9/4k4/5J3/9/K8 b - - 0 1");
    assert!(moves(&g).contains("e4e5"));
    let g = at("9/9/9/9/6p2/4k4/5J3/9/K8 w - - 0 1");
    assert!(!moves(&g).contains("f3g5"));
}

#[test]
fn bad_fens_name_the_problem() {
    let mut g = game(&[]);
    assert_refusals(
        [
            ("4k4/9/9/9/9/9/9/9/4K3 w - - 0 1", "invalid FEN: rank 1"),
            (
                "4k4/9/9/9/9/9/9/9/4K4 w - - 0 1 {frozen=e1:1}",
                "invalid FEN: frozen=e1:1",
            ),
            (
                "4k4/9/9/9/9/9/9/9/4K4 w - - 0 1 {ghost=1}",
                "invalid FEN: unknown state key",
            ),
            ("4k4/9/9/9/9/9/9/9/4K4 w K - 0 1", "invalid FEN: castling"),
        ],
        |fen| g.set_fen(fen),
    );
}

#[test]
fn malformed_and_illegal_moves_and_digit_runs() {
    let mut g = game(&[]);
    let start = g.fen();
    assert_refusals(
        [
            ("e2e10", "malformed move"),
            ("j2j3", "malformed move"),
            ("e2e3z", "malformed move"),
            ("e2e4k", "illegal move"),
            ("0000", "illegal move"),
            ("Q@e4", "illegal move"),
        ],
        |text| g.play(text),
    );
    assert_eq!(g.fen(), start);
    // `45` is one run of 45 empty squares, not 4 + 5.
    let bad = start.replacen("/9/", "/45/", 1);
    assert_ne!(bad, start);
    assert!(g
        .set_fen(&bad)
        .unwrap_err()
        .to_string()
        .starts_with("invalid FEN"));
}
