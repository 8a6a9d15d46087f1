//! Jester Chess (`jester`): the examples of `jester-chess.txt`, the rulings
//! of `spec/rulings/jester.md`, and numbers derived by hand.

#[macro_use]
mod common;

use common::{moves, play, play_to, run_cases, run_ruling_cases, RulingCase};
use motley_engine::jester::JesterGame;
use motley_engine::{Color, Reason};
use motley_testkit::Step::*;
use motley_testkit::{assert_refusals, Case};

game_helpers!(JesterGame);

#[test]
fn start_position() {
    let g = game(&[]);
    assert_eq!(
        g.fen(),
        "rnlbqkblnr/a1j1ss1j1a/pppppppppp/10/10/10/10/10/PPPPPPPPPP/A1J1SS1J1A/RNLBQKBLNR w - - 0 1"
    );
    assert_eq!(g.perft(1), 26);
}

#[test]
fn start_position_perft() {
    // Derived by hand: 20 pawn moves and b1d2 i1g2 e1d2 f1g2 e2d2 f2g2;
    // then each second move (0000 included) counted per first move.
    let g = game(&[]);
    assert_eq!(g.perft(2), 738);
    assert_eq!(g.perft(3), 20016);
}

/// Positions of the document, its FAQ and the rulings, and positions
/// derived by hand, under the default rulings.
const CASES: &[Case] = &[
    Case {
        what: "the FAQ's \"pinned\" rook: K b4, R b3, enemy Jester b1",
        fen: "9k/10/10/10/10/10/10/1K8/1R4n3/10/1j8 w - - 0 1",
        steps: &[
            Moves("b3a3 b3b1 b3b2 b3c3 b3d3 b3e3 b3f3 b4a3 b4a4 b4a5 b4b5 b4c3 b4c4 b4c5"),
            To(
                "b3c3",
                "9k/10/10/10/10/10/10/1K8/2R3n3/10/1j8 w - - 1 1 {last=R sub=2}",
            ),
        ],
    },
    Case {
        what: "\"A Jester mimicking a King is not subject to check\"",
        fen: "3k6/3r6/10/10/10/10/4J5/10/10/10/K9 w - - 0 1 {captured=wb last=K}",
        steps: &[Moves(
            "a1a2 a1b1 a1b2 e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6",
        )],
    },
    Case {
        what: "\"When an opponent piece promotes, the Jester immediately assumes \
               the move of the promoted piece\"",
        fen: "9k/10/10/10/10/10/4J5/2p7/10/10/K9 b - - 0 1 {captured=wb}",
        steps: &[
            To(
                "c4c3s",
                "9k/10/10/10/10/10/4J5/10/2s7/10/K9 w - - 0 2 {captured=wb last=S}",
            ),
            Moves("a1a2 a1b1 e5d5 e5e4 e5e6 e5f5"),
        ],
    },
    Case {
        what: "a Jester imitating a capturing shot",
        fen: "9k/10/10/10/10/6j3/6P3/3p6/3A6/10/K9 w - - 0 1 {captured=wb}",
        steps: &[
            To(
                "d3d4",
                "9k/10/10/10/10/6j3/6P3/10/3A6/10/K9 b - - 0 1 {captured=wb last=Ax}",
            ),
            Moves("g6e4 g6f5 g6f7 g6g5 g6g7 g6h5 g6h7 g6i4 j11i10 j11i11 j11j10"),
        ],
    },
    Case {
        what: "in check at the start of a double-move turn",
        // The first move answers the check; the second move must keep the
        // king safe too.
        fen: "r8k/10/10/10/10/10/10/10/10/10/K9 w - - 0 1",
        steps: &[
            Moves("a1b1 a1b2"),
            To(
                "a1b1",
                "r8k/10/10/10/10/10/10/10/10/10/1K8 w - - 1 1 {last=K sub=2}",
            ),
            Moves("0000 b1b2 b1c1 b1c2"),
        ],
    },
    Case {
        what: "a capture is the first and only move of its turn and ends the privilege for good",
        fen: "9k/10/p9/10/10/10/10/10/10/R9/K9 w - - 0 1",
        steps: &[
            To(
                "a2a9y",
                "9k/10/Y9/10/10/10/10/10/10/10/K9 b - - 0 1 {captured=w last=Yx}",
            ),
            To(
                "j11i11",
                "8k1/10/Y9/10/10/10/10/10/10/10/K9 b - - 1 1 {captured=w last=K prev=Yx sub=2}",
            ),
            To(
                "0000 a1b1",
                "8k1/10/Y9/10/10/10/10/10/10/10/1K8 b - - 2 2 {captured=w last=K prev=K}",
            ),
        ],
    },
    Case {
        what: "no capture on a second move",
        fen: "9k/10/p9/10/10/10/10/10/10/R9/K9 w - - 0 1 {last=K sub=2}",
        steps: &[Lacks("a2a9y")],
    },
];

/// What ruling options change, from positions derived by hand: the
/// scripts under the default rulings and under the option.
const RULINGS: &[RulingCase] = &[
    // A double move whose first move checks.
    RulingCase {
        ruling: ("jester.check-ends-turn", "yes"),
        fen: "9k/10/10/10/10/10/10/10/Q9/10/K9 w - - 0 1",
        default: &[
            To(
                "a3a11",
                "Q8k/10/10/10/10/10/10/10/10/10/K9 w - - 1 1 {last=Q sub=2}",
            ),
            To(
                "a1b1",
                "Q8k/10/10/10/10/10/10/10/10/10/1K8 b - - 2 1 {last=K}",
            ),
            Moves("j11i10 j11j10"),
        ],
        option: &[To(
            "a3a11",
            "Q8k/10/10/10/10/10/10/10/10/10/K9 b - - 1 1 {last=Q}",
        )],
    },
    // The Jester moves while its side has the privilege.
    RulingCase {
        ruling: ("jester.jester-move", "never"),
        fen: "9k/10/10/10/10/10/4J5/10/10/10/K9 w - - 0 1 {last=N}",
        default: &[
            Count(8 + 3),
            To(
                "e5f7",
                "9k/10/10/10/5J4/10/10/10/10/10/K9 b - - 1 1 {last=N prev=N}",
            ),
        ],
        option: &[Moves("a1a2 a1b1 a1b2")],
    },
    // A Jester imitating a Steward.
    RulingCase {
        ruling: ("jester.steward-mimic", "forward"),
        fen: "9k/10/10/10/10/10/4J5/10/10/10/K9 w - - 0 1 {captured=wb last=S}",
        default: &[Moves("a1a2 a1b1 a1b2 e5d5 e5e4 e5e6 e5f5")],
        option: &[Moves("a1a2 a1b1 a1b2 e5e6")],
    },
];

#[test]
fn positions_of_the_document_and_derived_by_hand() {
    run_cases(JesterGame::new, CASES);
    run_ruling_cases(JesterGame::new, RULINGS);
}

/// The Jester on e5 of an otherwise empty board (kings a1, j11) imitating
/// each type, without capture: the number of its moves, plus the king's 3.
#[test]
fn jester_imitating_each_type() {
    for (last, n) in [
        ("P", 1),
        ("S", 4),
        ("N", 8),
        ("B", 16),
        ("R", 19),
        ("Q", 35),
        ("K", 8),
        ("L", 8),
        ("A", 9),
        ("M", 12),
        ("G", 16),
        ("X", 20),
        ("Y", 23),
    ] {
        let fen =
            format!("9k/10/10/10/10/10/4J5/10/10/10/K9 w - - 0 1 {{captured=wb last={last}}}");
        let g = at(&fen);
        assert_eq!(g.legal_moves().len(), n + 3, "last={last}: {}", moves(&g));
    }
    let g = at("9k/10/10/10/10/10/4J5/10/10/10/K9 w - - 0 1 {captured=wb last=P}");
    assert_eq!(moves(&g), "a1a2 a1b1 a1b2 e5e6");
    let g = at("9k/10/10/10/10/10/4J5/10/10/10/K9 w - - 0 1 {captured=wb last=A}");
    assert_eq!(
        moves(&g),
        "a1a2 a1b1 a1b2 e5c7 e5d4 e5d6 e5e4 e5e6 e5e7 e5f4 e5f6 e5g7"
    );
}

/// Captures only when the imitated move captured.
#[test]
fn jester_captures_only_after_a_capture() {
    let pawn = "9k/10/10/10/10/3p6/4J5/10/10/10/K9 w - - 0 1 {captured=wb last=Px}";
    assert_eq!(moves(&at(pawn)), "a1a2 a1b1 a1b2 e5d6 e5e6");
    let rook = "9k/10/10/4p5/10/10/4J5/10/10/10/K9 w - - 0 1 {captured=wb last=Rx}";
    assert_eq!(at(rook).legal_moves().len(), 16 + 3);
    assert!(moves(&at(rook)).contains("e5e8"));
    let quiet = rook.replace("Rx", "R");
    assert_eq!(at(&quiet).legal_moves().len(), 15 + 3);
    assert!(!moves(&at(&quiet)).contains("e5e8"));
    // A Murray Lion that captured: its king-step capture too.
    let lion = "9k/10/10/10/10/10/3rJ5/10/10/10/K9 w - - 0 1 {captured=wb last=Lx}";
    assert_eq!(
        moves(&at(lion)),
        "a1a2 a1b1 a1b2 e5c3 e5c5 e5c7 e5d5 e5e3 e5e7 e5g3 e5g5 e5g7"
    );
    // An Archer that shot: the Jester shoots without moving.
    let archer = "9k/10/10/10/10/3r6/4J5/10/10/10/K9 w - - 0 1 {captured=wb last=Ax}";
    assert_eq!(
        moves(&at(archer)),
        "a1a2 a1b1 a1b2 e5d4 e5d6 e5e4 e5e6 e5e7 e5f4 e5f6 e5g7"
    );
    let mut g = at(archer);
    play_to(
        &mut g,
        "e5d6",
        "9k/10/10/10/10/10/4J5/10/10/10/K9 b - - 0 1 {captured=wb last=Ax prev=Ax}",
    );
}

#[test]
fn jester_before_the_opponents_first_move() {
    let g = at("9k/10/10/10/10/10/4J5/10/10/10/K9 w - - 0 1");
    assert_eq!(moves(&g), "a1a2 a1b1 a1b2");
    assert!(!moves(&game(&[])).contains("c2"));
}

/// FAQ: after a capturing queen move, the enemy Jester that moved as a
/// queen without capturing passes on the non-capturing queen only.
#[test]
fn jester_imitating_a_jester() {
    let mut g = at("9k/10/4p5/10/4j5/Q9/4J5/10/10/10/K9 b - - 0 1 {captured=wb last=Qx}");
    assert!(moves(&g).contains("e7e5"), "the black Jester may capture");
    play_to(
        &mut g,
        "e7h7",
        "9k/10/4p5/10/7j2/Q9/4J5/10/10/10/K9 w - - 1 2 {captured=wb last=Q prev=Qx}",
    );
    let m = moves(&g);
    assert!(m.contains("e5e8") && !m.contains("e5e9"), "{m}");
    assert_eq!(g.legal_moves().len(), 32 + 28 + 3);
}

/// Every promotion of the schedule, for both sides, knight and lion leaps
/// that pass the 9th rank included.
#[test]
fn promotion_schedule() {
    let fen = "9k/10/9r/2N1P5/2B2L4/10/8l1/2p4n2/6b3/R9/K9 w - - 0 1 {captured=wb}";
    let m = at(fen).legal_moves();
    for mv in [
        "e8e9s", "c8d10m", "c8b10m", "c8e9m", "c8a9m", "f7d9g", "f7f9g", "f7h9g", "c7e9x", "c7d8",
        "c7g11x", "a2a9y",
    ] {
        assert!(m.contains(&mv.to_string()), "{mv} in {m:?}");
    }
    for mv in ["e8e9", "c8d10", "f7f9", "c7e9", "a2a9", "c8e7m"] {
        assert!(!m.contains(&mv.to_string()), "{mv} in {m:?}");
    }
    let m = at(&fen.replace(" w ", " b ")).legal_moves();
    for mv in ["c4c3s", "h4g2m", "i5i3g", "g3f2x", "j9j3y", "j9j4"] {
        assert!(m.contains(&mv.to_string()), "{mv} in {m:?}");
    }
    let leap = at("9k/10/10/2N2L4/10/10/10/10/10/10/K9 w - - 0 1 {captured=wb}");
    assert_eq!(
        moves(&leap),
        "a1a2 a1b1 a1b2 c8a7 c8a9m c8b10m c8b6 c8d10m c8d6 c8e7 c8e9m f8d10g f8d6 f8d8 f8f10g f8f6 f8h10g f8h6 f8h8"
    );
}

/// Archer: moves blocked by the pieces it shoots; shots at each of the
/// three forward-adjacent squares.
#[test]
fn archer_blocked_and_shooting() {
    let g = at("9k/10/10/10/10/3ppp4/4A5/10/10/10/K9 w - - 0 1 {captured=wb}");
    assert_eq!(moves(&g), "a1a2 a1b1 a1b2 e5d4 e5d6 e5e4 e5e6 e5f4 e5f6");
    let mut shot = g.clone();
    play_to(
        &mut shot,
        "e5e6",
        "9k/10/10/10/10/3p1p4/4A5/10/10/10/K9 b - - 0 1 {captured=wb last=Ax}",
    );
    let fen = "9k/10/10/10/10/4P5/4A5/10/10/10/K9 w - - 0 1 {captured=wb}";
    assert_eq!(
        moves(&at(fen)),
        "a1a2 a1b1 a1b2 e5c7 e5d4 e5d6 e5e4 e5f4 e5f6 e5g7 e6e7"
    );
    assert!(moves(&at_with(fen, &[("archer-path", "leap")])).contains("e5e7"));
}

/// `jester.same-piece` and `jester.second-move`.
#[test]
fn second_move_rulings() {
    let mut g = game(&[]);
    play(&mut g, "e3e4");
    assert!(moves(&g).contains("e4e5") && moves(&g).starts_with("0000"));
    let mut f = game(&[("same-piece", "forbidden")]);
    play(&mut f, "e3e4");
    assert!(!moves(&f).contains("e4e5"));
    let mut r = game(&[("second-move", "required")]);
    play(&mut r, "e3e4");
    assert!(!moves(&r).contains("0000"));
    play_to(&mut g, "0000", "rnlbqkblnr/a1j1ss1j1a/pppppppppp/10/10/10/10/4P5/PPPP1PPPPP/A1J1SS1J1A/RNLBQKBLNR b - - 0 1 {last=P}");
    // `required` still passes when no second move exists.
    let r = at_with(
        "9k/10/10/10/10/10/10/10/10/1rr7/K9 w - - 0 1 {last=K sub=2}",
        &[("second-move", "required")],
    );
    assert_eq!(moves(&r), "0000");
}

#[test]
fn steward_double_step_only_unmoved() {
    let mut g = game(&[]);
    play(&mut g, "e3e5 0000 a9a8 0000");
    assert!(moves(&g).contains("e2e4"));
    play(&mut g, "e2d2 d2e2");
    play(&mut g, "a8a7 0000");
    assert!(!moves(&g).contains("e2e4"), "the Steward has moved");
}

#[test]
fn bad_fens_name_the_problem() {
    let mut g = game(&[]);
    assert_refusals(
        [
            (
                "9k/10/10/10/10/10/10/10/10/10/K9 w K - 0 1",
                "invalid FEN: castling field",
            ),
            (
                "9k/10/10/10/10/10/10/10/10/10/K9 w - - 0 1 {last=J}",
                "invalid FEN: last=J",
            ),
            (
                "9k/10/10/10/10/10/10/10/10/10/K9 w - - 0 1 {captured=w sub=2}",
                "invalid FEN: sub=2",
            ),
            (
                "9k/10/4P5/10/10/10/10/10/10/10/K9 w - - 0 1",
                "invalid FEN: board",
            ),
        ],
        |fen| g.set_fen(fen),
    );
}

#[test]
fn prev_is_the_other_players_latest_move() {
    // jester.md, FEN conventions: `prev=` is the latest move of the player
    // who did not make the latest one (`last=`): the powers of the Jesters
    // of the player who made `last`.
    let mut g = game(&[]);
    play(&mut g, "e3e4");
    assert!(g.fen().ends_with("{last=P sub=2}"), "{}", g.fen());
    play(&mut g, "b1d2");
    assert!(g.fen().ends_with(" b - - 1 1 {last=N}"), "{}", g.fen());
    play(&mut g, "e9e8");
    // Black's second move is due: `prev=` is White's latest move.
    assert!(g.fen().ends_with("{last=P prev=N sub=2}"), "{}", g.fen());
    play(&mut g, "i11g10");
    // White to move: `prev=` is White's own latest move b1d2 (a Knight),
    // not the move before the last one (e9e8, a Pawn): White's Jesters
    // imitate Black's latest move (`last=N`), Black's Jesters White's.
    let fen = g.fen();
    assert!(fen.ends_with(" w - - 1 2 {last=N prev=N}"), "{fen}");
    // The FEN holds the whole position.
    let h = at(&fen);
    assert_eq!(h.legal_moves(), g.legal_moves());
    assert_eq!(h.perft(2), g.perft(2));
    // A Jester move (as a Knight) ends White's turn; `0000` records
    // nothing.
    play(&mut g, "c2d4 e8e7");
    assert!(g.fen().ends_with("{last=P prev=N sub=2}"), "{}", g.fen());
    play(&mut g, "0000");
    assert!(
        g.fen().ends_with(" w - - 0 3 {last=P prev=N}"),
        "{}",
        g.fen()
    );
}

#[test]
fn prev_restores_the_waiting_jesters_powers() {
    // Black's king on j11 has no move (i11 and i10 are the rook's, the pawn
    // is blocked). White's Jester on h10 imitates Black's latest move: with
    // `prev=Nx` (a capturing Knight move) it checks j11: mate; without, the
    // Jester has no powers: stalemate (the gap jester.md noted is closed).
    let fen = "9k/7J1p/9B/10/10/10/10/10/10/10/K7R1 b - - 0 1 {captured=wb last=R prev=Nx}";
    assert_eq!(
        at(fen).outcome().map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), Reason::Checkmate))
    );
    let fen = "9k/7J1p/9B/10/10/10/10/10/10/10/K7R1 b - - 0 1 {captured=wb last=R}";
    assert_eq!(
        at(fen).outcome().map(|o| (o.winner, o.reason)),
        Some((None, Reason::Stalemate))
    );
    // A non-capturing Knight move gives no capture: no check.
    let fen = "9k/7J1p/9B/10/10/10/10/10/10/10/K7R1 b - - 0 1 {captured=wb last=R prev=N}";
    assert_eq!(
        at(fen).outcome().map(|o| (o.winner, o.reason)),
        Some((None, Reason::Stalemate))
    );
}

#[test]
fn prev_and_board_reading_errors() {
    let mut g = game(&[]);
    assert_refusals(
        [
            "9k/10/10/10/10/10/10/10/10/10/K9 w - - 0 1 {prev=N}",
            "9k/10/10/10/10/10/10/10/10/10/K9 w - - 0 1 {last=N prev=J}",
            "9k/10/10/10/10/10/10/10/10/10/K9 w - - 0 1 {last=N prev=Z}",
            "9k/10/10/10/10/10/10/10/10/10/K55 w - - 0 1",
            "9k/10/10/10/10/10/10/10/10/010/K9 w - - 0 1",
            // With `sub=2` the side to move made the latest move: its king may
            // not be attacked.
            "r8k/10/10/10/10/10/10/10/10/10/K9 w - - 1 1 {last=K sub=2}",
        ]
        .map(|fen| (fen, "invalid FEN")),
        |fen| g.set_fen(fen),
    );
    // With `sub=2` the side not to move may be in check: the first move
    // gave it.
    let g = at("Q8k/10/10/10/10/10/10/10/10/10/K9 w - - 1 1 {last=Q sub=2}");
    assert!(moves(&g).contains("0000"));
    let mut y = game(&[("check-ends-turn", "yes")]);
    assert!(y
        .set_fen("Q8k/10/10/10/10/10/10/10/10/10/K9 w - - 1 1 {last=Q sub=2}")
        .is_err());
    let mut g = game(&[]);
    assert_refusals(
        [
            ("e3e12", "malformed move"),
            ("k3k4", "malformed move"),
            ("e3e4z", "malformed move"),
            ("e3e4k", "illegal move"),
            ("e3e6", "illegal move"),
        ],
        |text| g.play(text),
    );
}
