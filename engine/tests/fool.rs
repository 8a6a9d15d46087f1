//! Chess with a Fool: the figures of `chess-with-a-fool.txt`, the edge cases
//! and the rulings of `spec/rulings/fool.md`. Expected values are derived by
//! hand (see the comments).

#[macro_use]
mod common_plus;

use common_plus::*;
use motley_engine::{Color, Game};
use motley_testkit::assert_refusals;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 1";

variant_game!(fool);

/// The figures of the document and positions derived by hand (see the
/// comments), under the default rulings.
const CASES: &[Case] = &[
    Case {
        what: "the Fool on e2 blocks Bf1, Qd1, Ke1 and Ng1-e2",
        // 14 pawn moves, 4 knight moves, and the Fool imitating the pawn:
        // e2e3.
        fen: START,
        steps: &[Play("e2e4/Fe2 e7e5"), Perft(1, 19), Has("e2e3")],
    },
    Case {
        what: "no Fool entered",
        // The 29 chess moves, all from initial squares, twice.
        fen: START,
        steps: &[Play("e2e4 e7e5"), Perft(1, 58)],
    },
    Case {
        what: "the Fool on g1 imitates the knight: only g1h3 is free",
        fen: START,
        steps: &[
            Play("g1f3/Fg1 b8c6"),
            Perft(1, 21),
            MovesFrom("g1", "g1h3"),
        ],
    },
    Case {
        what: "figure A: entries on vacated initial squares",
        fen: START,
        steps: &[
            To(
                "e2e4 e7e5 g1f3 b8c6 f1b5/Ff1 a7a6/Fa7",
                "r1bqkbnr/fppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQKF1R[] w KQkq - 0 4 {last=P prev=B}",
            ),
            // The Fool on f1 imitates a pawn: f2 is its own pawn, nothing
            // to capture.
            MovesFrom("f1", ""),
            Lacks("e1g1"),
        ],
    },
    Case {
        what: "figure B: entry after captures",
        fen: START,
        steps: &[
            // The White Fool enters on b5 and is captured at once.
            To(
                "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6/Fb5 a6b5/Fa6",
                "r1bqkbnr/1ppp1ppp/f1B5/1p2p3/4P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 0 5 {last=Px prev=Bx}",
            ),
            Has("e1g1"),
        ],
    },
    Case {
        what: "figure C: pinned by the Fool",
        // Black's queen and bishop would give the Fool on g6 a diagonal to
        // e8; only the queen's interposition on f7 and king moves away
        // from the Fool-as-king remain (Kf7 would stand next to it).
        fen: "4k3/8/6F1/3q4/5b2/8/3P4/3K4[] b - - 0 1 {last=P}",
        steps: &[Moves("d5f7 e8d7 e8d8 e8e7 e8f8"), Lacks("d5d2")],
    },
    Case {
        what: "figure D: the blocked Fool",
        // d5-d4 opens the queen's diagonal to f3; the Fool imitates a
        // pawn, f4 is blocked and e4, g4 are empty: only the king moves.
        fen: "7k/8/2q5/3p4/5p2/5F2/K7/8[] b - - 0 1 {last=K}",
        steps: &[Play("d5d4"), Moves("a2a1 a2a3 a2b1 a2b2 a2b3")],
    },
    Case {
        what: "entry on each castling square",
        // 26 moves, all by unmoved pieces, each also with the Fool; each
        // castling with the Fool on the king's or on the rook's square.
        fen: "r3k2r/8/8/8/8/8/8/R3K2R[Ff] w KQkq - 0 1 {last=K}",
        steps: &[
            Perft(1, 54),
            Has("e1g1 e1g1/Fe1 e1g1/Fh1 e1c1 e1c1/Fe1 e1c1/Fa1"),
            Lacks("e1c1/Fd1"),
        ],
    },
    Case {
        what: "king-side castling with the Fool on the rook's square",
        fen: "r3k2r/8/8/8/8/8/8/R3K2R[Ff] w KQkq - 0 1 {last=K}",
        steps: &[To(
            "e1g1/Fh1",
            "r3k2r/8/8/8/8/8/8/R4RKF[f] b kq - 1 1 {last=K prev=K}",
        )],
    },
    Case {
        what: "queen-side castling with the Fool on the rook's square",
        fen: "r3k2r/8/8/8/8/8/8/R3K2R[Ff] w KQkq - 0 1 {last=K}",
        steps: &[
            To(
                "e1c1/Fa1",
                "r3k2r/8/8/8/8/8/8/F1KR3R[f] b kq - 1 1 {last=K prev=K}",
            ),
            // The rook on d1 now guards d8: Black castles only on the king
            // side.
            Lacks("e8c8"),
            Has("e8g8"),
        ],
    },
    Case {
        what: "Black's castling with the Fool on each square",
        fen: "r3k2r/8/8/8/8/8/8/R3K2R[Ff] b KQkq - 0 1 {last=K}",
        steps: &[Has("e8g8/Fe8 e8g8/Fh8 e8c8/Fe8 e8c8/Fa8")],
    },
    Case {
        what: "entry after en passant",
        fen: "4k3/3p4/8/4P3/8/8/8/4K3[Ff] b - - 0 1 {last=K}",
        steps: &[
            To(
                "d7d5",
                "4k3/8/8/3pP3/8/8/8/4K3[Ff] w - d6 0 2 {last=P prev=K}",
            ),
            // The king has no castling right, so it has moved: no entry
            // with it.
            Moves("e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5d6/Fe5 e5e6"),
            To(
                "e5d6/Fe5",
                "4k3/8/3P4/4F3/8/8/8/4K3[f] b - - 0 2 {last=Px prev=P}",
            ),
            // e7 is attacked by the pawn; the Fool imitating the king
            // guards none.
            Moves("e8d7 e8d8 e8f7 e8f8"),
        ],
    },
    Case {
        what: "two Fools after a promotion",
        fen: "1r2k3/P7/8/8/8/8/8/4K3[F] w - - 0 1 {last=K}",
        steps: &[
            // A pawn promoted to a Fool counts as a Pawn for the enemy
            // Fool.
            To(
                "a7b8f/Fa7",
                "1F2k3/F7/8/8/8/8/8/4K3[] b - - 0 1 {last=Px prev=K}",
            ),
            // Both Fools imitate the king: 4 steps each, next to the enemy
            // king too.
            Play("e8d8"),
            Moves("a7a6 a7a8 a7b6 a7b7 b8a8 b8b7 b8c7 b8c8 e1d1 e1d2 e1e2 e1f1 e1f2"),
        ],
    },
    Case {
        what: "a Fool imitating a Fool imitating a promoted piece",
        fen: "4k3/P7/8/8/8/5f2/8/4K1F1[] w - - 0 1 {last=K}",
        steps: &[
            To(
                "a7a8q",
                "Q3k3/8/8/8/8/5f2/8/4K1F1[] b - - 0 1 {last=Q prev=K}",
            ),
            // Black's Fool moves like the new queen and takes it; no block
            // exists.
            Moves("e8d7 e8e7 e8f7 f3a8"),
            To(
                "f3a8",
                "f3k3/8/8/8/8/8/8/4K1F1[] w - - 0 2 {last=Qx prev=Q}",
            ),
            // White's Fool moves like the queen the Black Fool imitated: 16
            // moves.
            CountFrom("g1", 16),
            Perft(1, 21),
        ],
    },
    Case {
        what: "a Fool before the opponent moved has no moves",
        fen: "4k3/8/8/8/8/8/4F3/4K3[f] w - - 0 1",
        steps: &[Moves("e1d1 e1d2 e1f1 e1f2")],
    },
];

#[test]
fn figures_and_positions_derived_by_hand() {
    run_cases("fool", CASES);
}

#[test]
fn deadline_moves_20_and_21() {
    let fen = "r3k3/8/8/8/8/8/8/R3K3[Ff] w Qq - 0 20 {last=K}";
    assert!(has(&fool(fen, ""), "a1a8/Fa1"));
    // White's 20th move without entering: its Fool is lost.
    let g = at_fen(
        fool(fen, "e1d1"),
        "r3k3/8/8/8/8/8/8/R2K4[f] b q - 1 20 {last=K prev=K}",
    );
    assert!(has(&g, "e8c8/Fa8") && has(&g, "e8c8/Fe8"));
    assert_eq!(g.perft(1), 33);
    at_fen(
        fool(fen, "e1d1 a8a7"),
        "4k3/r7/8/8/8/8/8/R2K4[] w - - 2 21 {last=R prev=K}",
    );
    // Move 21: too late, even with a Fool still in hand.
    let g = fool("r3k3/8/8/8/8/8/8/R3K3[Ff] w Qq - 0 21 {last=K}", "");
    assert!(g.legal_moves().iter().all(|m| !m.contains('/')));
    // Rook 10, king 5, castling 1.
    assert_eq!(g.perft(1), 16);
    // ply-20: the first ten moves of each player.
    let rook = [("fool.deadline", "ply-20")];
    let g = game(
        "fool",
        &rook,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 11",
        "",
    );
    assert!(!has(&g, "g1f3/Fg1"));
    assert!(has(
        &fool(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 11",
            ""
        ),
        "g1f3/Fg1"
    ));
}

#[test]
fn check_and_mate_by_a_fool() {
    // The Fool steps like the king Black moved last: Kxg7 is guarded, g8
    // and h7 are next to the Fool, which would imitate the king.
    let fen = "7k/8/5KF1/8/8/8/8/8[] w - - 0 1 {last=K}";
    assert_eq!(fool(fen, "g6g7").outcome(), mate(Color::White));
    let reset = [("fool.imitation", "reset")];
    assert_eq!(game("fool", &reset, fen, "g6g7").outcome(), stalemate());
    // With a knight Black escapes the check: the Fool then moves like a
    // knight and no longer reaches h8.
    let g = fool("7k/8/5KF1/8/8/8/8/n7[] w - - 0 1 {last=K}", "g6g7");
    assert_eq!(moves(&g), "a1b3 a1c2");
    assert_eq!(g.outcome(), None);
}

#[test]
fn ruling_pawn_capture() {
    let fen = "4k3/8/8/8/3p4/4F3/8/4K3[] w - - 0 1 {last=P}";
    assert_eq!(starting(&fool(fen, ""), "e3"), ["e3d4", "e3e4"]);
    let none = [("pawn-capture", "none")];
    assert_eq!(starting(&game("fool", &none, fen, ""), "e3"), ["e3e4"]);
}

#[test]
fn ruling_imitation() {
    let fen = "4k3/8/8/8/8/5f2/8/R3K2R[] w KQ - 0 1 {last=K}";
    assert!(!has(&fool(fen, "a1a2 e8d8"), "e1g1"));
    for v in ["reset", "either"] {
        assert!(
            has(
                &game("fool", &[("fool.imitation", v)], fen, "a1a2 e8d8"),
                "e1g1"
            ),
            "{v}"
        );
    }
    let fen = "4k3/8/8/4f3/8/8/8/1N2K2R[] w K - 0 1 {last=K}";
    for (v, castles) in [("keep", false), ("either", false), ("reset", true)] {
        let g = game("fool", &[("fool.imitation", v)], fen, "b1c3 e5f3");
        assert_eq!(has(&g, "e1g1"), castles, "{v}");
    }
    assert_eq!(fool(fen, "b1c3 e5f3").perft(1), 12);
}

#[test]
fn ruling_castling_imitation() {
    let fen = "4k3/8/8/f7/8/8/8/4K2R[] w K - 0 1 {last=K}";
    let g = fool(fen, "e1g1");
    assert!(g.fen().ends_with("{last=K prev=K}"));
    assert!(!has(&g, "a5a1"));
    let g = game("fool", &[("castling-imitation", "rook")], fen, "e1g1");
    assert!(g.fen().ends_with("{last=R prev=K}"));
    assert!(has(&g, "a5a1"));
}

#[test]
fn ruling_castling_destination() {
    // Black's Fool on a7 keeps the powers of White's last move, the Bishop
    // f1h3 (`fool.imitation=keep`): before the castling it attacks g1 along
    // a7-g1. After the castling it imitates the King and attacks nothing
    // there, so only `after` lets the king land on g1 (the Fool gated on e1
    // or h1 included); e1f1 and e1f2 are judged after the move as always.
    let moves_played = "f2f4 a7a6/Fa7 g1f3 h7h6 g2g3 h6h5 f1h3 h5h4";
    let common = [
        "a2a3 a2a3/Fa2 a2a4 a2a4/Fa2 b1a3 b1a3/Fb1 b1c3 b1c3/Fb1 b2b3 b2b3/Fb2",
        "b2b4 b2b4/Fb2 c2c3 c2c3/Fc2 c2c4 c2c4/Fc2 d2d3 d2d3/Fd2 d2d4 d2d4/Fd2",
        "e1f1 e1f1/Fe1 e1f2 e1f2/Fe1",
        "e2e3 e2e3/Fe2 e2e4 e2e4/Fe2 f3d4 f3e5 f3g1 f3g5 f3h4 f3h4/Ff3 f4f5",
        "g3g4 g3h4 g3h4/Fg3 h1f1 h1f1/Fh1 h1g1 h1g1/Fh1 h3d7 h3d7/Fh3 h3e6",
        "h3f1 h3f5 h3g2 h3g4",
    ];
    let castles = "e1g1 e1g1/Fe1 e1g1/Fh1";
    let with_castles = [&common[..3], &[castles], &common[3..]].concat();
    let after = at_fen(
        fool(START, moves_played),
        "rnbqkbnr/fpppppp1/p7/8/5P1p/5NPB/PPPPP2P/RNBQK2R[F] w KQkq - 0 5 {last=P prev=B}",
    );
    assert_eq!(moves(&after), with_castles.join(" "));
    let explicit = game(
        "fool",
        &[("fool.castling-destination", "after")],
        START,
        moves_played,
    );
    assert_eq!(moves(&explicit), moves(&after));
    let before = game(
        "fool",
        &[("castling-destination", "before-and-after")],
        START,
        moves_played,
    );
    assert_eq!(moves(&before), common.join(" "));
    // The square passed (f1) and the landing square after the move are
    // judged as before: a rook on f8 bars the castling under both options,
    // and with nothing attacking g1 both allow it.
    let fen = "4kr2/8/8/8/8/8/8/4K2R[] w K - 0 1 {last=K}";
    for v in ["after", "before-and-after"] {
        let rulings = [("castling-destination", v)];
        assert!(!has(&game("fool", &rulings, fen, ""), "e1g1"), "{v}");
        let free = game(
            "fool",
            &rulings,
            "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1 {last=K}",
            "",
        );
        assert!(has(&free, "e1g1"), "{v}");
    }
    // Queen side: Black's Fool on e3 keeps the Bishop's powers of White's
    // previous move and attacks c1 (not d1) before the castling; after it,
    // imitating the King, it does not.
    let fen = "4k3/8/8/8/8/4f3/8/R3K3[] w Q - 0 1 {last=P prev=B}";
    for (v, castles) in [("after", true), ("before-and-after", false)] {
        let g = game("fool", &[("castling-destination", v)], fen, "");
        assert_eq!(has(&g, "e1c1"), castles, "{v}");
    }
}

#[test]
fn ruling_initial_position() {
    let moves = "g1f3 e7e6 f3g1 e6e5";
    assert!(!has(&fool(START, moves), "g1f3/Fg1"));
    let square = [("fool.initial-position", "setup-square")];
    assert!(has(&game("fool", &square, START, moves), "g1f3/Fg1"));
}

#[test]
fn fen_and_move_errors() {
    let mut g = game("fool", &[], "", "");
    assert!(g.set_fen("8/8/8/8/8/8/8/8[Ff] w - - 0 1").is_err());
    assert!(g.set_fen("4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1").is_err());
    assert!(g
        .set_fen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {last=F}")
        .is_err());
    assert!(g
        .set_fen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {clown=w}")
        .is_err());
    rejects(&mut g, "e2e4/Fe3", "illegal move");
    rejects(&mut g, "e2e4/F", "malformed move");
    rejects(&mut g, "F@e3", "illegal move");
    assert_eq!(g.fen(), START);
}

#[test]
fn fen_round_trips_along_a_game() {
    for v in ["keep", "reset", "either"] {
        let r = [("fool.imitation", v)];
        let mut g = game("fool", &r, "", "");
        for m in "e2e4/Fe2 d7d5 e4d5 d8d5/Fd8 b1c3 d5a5 e2d3 d8d5".split_whitespace() {
            g.play(m).unwrap();
            let fen = g.fen();
            let h = game("fool", &r, &fen, "");
            assert_eq!(h.fen(), fen);
            // The FEN holds the whole position: the game goes on alike.
            assert_eq!(h.legal_moves(), g.legal_moves(), "{v}: {fen}");
            assert_eq!(h.perft(2), g.perft(2), "{v}: {fen}");
        }
    }
}

#[test]
fn prev_is_the_move_before_the_last_one() {
    // LANGUAGE.md §6: `prev` is printed from the second move on, whatever
    // the ruling; keys in alphabetical order.
    for v in ["keep", "reset", "either"] {
        let r = [("fool.imitation", v)];
        assert!(game("fool", &r, "", "d2d3")
            .fen()
            .ends_with(" 0 1 {last=P}"));
        assert_eq!(
            game("fool", &r, "", "d2d3 f7f6").fen(),
            "rnbqkbnr/ppppp1pp/5p2/8/8/3P4/PPP1PPPP/RNBQKBNR[Ff] w KQkq - 0 2 {last=P prev=P}"
        );
        assert!(game("fool", &r, "", "d2d3 f7f6 b1c3")
            .fen()
            .ends_with("{last=N prev=P}"));
    }
    // The captures are recorded too; a Fool's move records the type it
    // imitated.
    let g = fool(START, "e2e4 d7d5 e4d5 g8f6/Fg8");
    assert!(g.fen().ends_with("{last=N prev=Px}"), "{}", g.fen());
    let g = fool(START, "e2e4 d7d5 e4d5 g8f6/Fg8 b1c3 g8h6");
    assert!(g.fen().ends_with("{last=N prev=N}"), "{}", g.fen());
}

#[test]
fn prev_restores_the_powers_kept_under_keep() {
    // fool.imitation's second case: after b1c3 e5f3 Black's Fool moved as
    // a Knight and, under `keep`, checks the king on e1. Read from the FEN,
    // the position is the same: `prev=N` gives that Fool its powers back
    // (the FEN gap of fool.md is closed).
    let fen = "4k3/8/8/8/8/2N2f2/8/4K2R[] w K - 2 2 {last=N prev=N}";
    let played = fool("4k3/8/8/4f3/8/8/8/1N2K2R[] w K - 0 1 {last=K}", "b1c3 e5f3");
    assert_eq!(played.fen(), fen);
    for (v, castles) in [("keep", false), ("either", false), ("reset", true)] {
        let g = game("fool", &[("fool.imitation", v)], fen, "");
        assert_eq!(has(&g, "e1g1"), castles, "{v}");
    }
    // Without `prev=` the Fool has no powers (under `keep`).
    let g = fool("4k3/8/8/8/8/2N2f2/8/4K2R[] w K - 2 2 {last=N}", "");
    assert!(has(&g, "e1g1"));
    // Mate given by the Fool's kept powers: Black's Fool on f2 moved as a
    // Queen (White's last move was a Queen's). Every king move would give
    // it a King's powers next to f2, so without `prev=` it is stalemate.
    let fen = "4k3/8/8/8/8/8/3q1f2/5K2[] w - - 0 2 {last=Q prev=Q}";
    assert_eq!(fool(fen, "").outcome(), mate(Color::Black));
    let fen = "4k3/8/8/8/8/8/3q1f2/5K2[] w - - 0 2 {last=Q}";
    assert_eq!(fool(fen, "").outcome(), stalemate());
}

#[test]
fn prev_reading_errors() {
    let mut g = fool(START, "");
    assert_refusals(
        [
            // prev without last.
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {prev=N}",
            // A Fool's move records the type it imitated, never F.
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {last=N prev=F}",
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {last=N prev=Nxx}",
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {last=N prev=}",
            // A run of empty squares is one number.
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 1",
            "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 1",
        ]
        .map(|fen| (fen, "invalid FEN")),
        |fen| {
            let read = g.set_fen(fen);
            assert_eq!(g.fen(), START);
            read
        },
    );
    assert_refusals(
        [
            ("e2e9", "malformed move"),
            ("e2e4/Xe2", "malformed move"),
            ("e2e4x", "malformed move"),
            ("e2e4k", "illegal move"),
            ("a2a3/Fb2", "illegal move"),
            ("0000", "illegal move"),
        ],
        |text| g.play(text),
    );
}

#[test]
fn en_passant_after_a_double_step_with_the_fool_gated_behind() {
    // The pawn's origin holds the Fool gated onto it: the en passant square
    // is still readable (found by the property tests).
    let g = fool(
        "rnbqk2r/1pppppbp/p6n/6P1/1P4P1/2N5/P1PPPPF1/R1BQKBNR[f] b KQkq - 0 5 {last=Px prev=B}",
        "f7f5/Ff7",
    );
    let fen =
        "rnbqk2r/1ppppfbp/p6n/5pP1/1P4P1/2N5/P1PPPPF1/R1BQKBNR[] w KQkq f6 0 6 {last=P prev=Px}";
    assert_eq!(g.fen(), fen);
    let h = fool(fen, "");
    assert_eq!(h.fen(), fen);
    assert_eq!(h.legal_moves(), g.legal_moves());
    assert!(has(&h, "g5f6"));
    // Any other piece on the origin: no pawn can just have passed.
    assert!(Game::new("fool", &[])
        .unwrap()
        .set_fen("rnbqk2r/1ppppnbp/p7/5pP1/1P4P1/2N5/P1PPPPF1/R1BQKBNR[f] w KQkq f6 0 6")
        .is_err());
}
