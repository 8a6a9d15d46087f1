//! Clown Chess: the Clown's movement by file, declaration, the hand and
//! re-entry (`clown-chess.txt`, `spec/rulings/clown.md`). Expected values
//! are derived by hand (see the comments).

#[macro_use]
mod common_plus;

use common_plus::*;
use motley_engine::Game;
use motley_testkit::assert_refusals;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

variant_game!(clown);

#[test]
fn clown_on_each_file() {
    // A White Clown on the 4th rank, kings on e1 and e8: its moves by file.
    let expected = [
        ("C7", 14),  // a: rook, 7 on the file + 7 on the rank
        ("1C6", 6),  // b: knight
        ("2C5", 11), // c: bishop
        ("3C4", 27), // d: queen; from d4 four squares reach every edge
        ("4C3", 8),  // e: king step
        ("5C2", 11), // f: bishop
        ("6C1", 6),  // g: knight
        ("7C", 14),  // h: rook
    ];
    for (file, (rank4, n)) in expected.into_iter().enumerate() {
        let g = clown(
            &format!("4k3/8/8/8/{rank4}/8/8/4K3[] w - - 0 1 {{clown=w}}"),
            "",
        );
        let from = format!("{}4", (b'a' + file as u8) as char);
        assert_eq!(starting(&g, &from).len(), n, "Clown on {from}");
    }
}

/// The Clown's movement, declaration and re-entry in positions derived by
/// hand (see the comments), under the default rulings.
const CASES: &[Case] = &[
    Case {
        what: "the knights declare at the setup",
        fen: "",
        steps: &[Has("b1c3c g1h3c")],
    },
    Case {
        what: "on the d file a queen of four squares",
        fen: "7K/8/8/8/8/k7/8/3C4[] w - - 0 1 {clown=w}",
        steps: &[
            MovesFrom(
                "d1",
                "d1a1 d1a4 d1b1 d1b3 d1c1 d1c2 d1d2 d1d3 d1d4 d1d5 d1e1 d1e2 d1f1 d1f3 d1g1 d1g4 d1h1 d1h5",
            ),
            Lacks("d1d6"),
        ],
    },
    Case {
        what: "on the e file a king step that is not royal",
        // The Clown may step next to the enemy king and stand attacked.
        fen: "8/8/8/2k5/4C3/8/8/K7[] w - - 0 1 {clown=w}",
        steps: &[MovesFrom(
            "e4",
            "e4d3 e4d4 e4d5 e4e3 e4e5 e4f3 e4f4 e4f5",
        )],
    },
    Case {
        what: "a Clown on e1 does not castle",
        fen: "4k3/8/8/8/8/8/8/R3C2K[] w - - 0 1 {clown=w}",
        steps: &[Lacks("e1c1")],
    },
    Case {
        what: "a captured Clown returns as a Knight, and there is no second Clown",
        fen: "4k3/8/8/8/8/2q5/6K1/2C5[] b - - 0 1 {clown=w}",
        steps: &[
            To(
                "c3c1",
                "4k3/8/8/8/8/8/6K1/2q5[N] w - - 0 2 {clown=w last=Qx lost=C}",
            ),
            // Not immediately: only the king moves.
            Moves("g2f2 g2f3 g2g3 g2h2 g2h3"),
            Play("g2g3 e8e7"),
            // 24 zone squares but c1 and g3: 22 Knight entries, no Clown
            // entry.
            CountFrom("N@", 22),
            MovesFrom("C@", ""),
            To(
                "N@b1",
                "8/4k3/8/8/8/6K1/8/1Nq5[] b - - 3 3 {clown=w last=N reentered=w}",
            ),
        ],
    },
    Case {
        what: "no re-entry after a Clown moved",
        fen: "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {clown=b last=C}",
        steps: &[Moves("e1d1 e1d2 e1e2 e1f1 e1f2")],
    },
    Case {
        what: "re-entry after a Knight moved",
        fen: "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {clown=b last=N}",
        steps: &[CountFrom("N@", 23)],
    },
    Case {
        what: "the source's notation: `!Nb4` and `!Bd2` (White)",
        fen: "4k3/8/8/8/8/8/8/4K3[BN] w - - 0 1",
        steps: &[
            Has("N@b4 B@d2 C@b4"),
            To(
                "B@d2",
                "4k3/8/8/8/8/8/3B4/4K3[N] b - - 1 1 {last=B reentered=w}",
            ),
        ],
    },
    Case {
        what: "the source's notation: `!Cg5` (Black)",
        fen: "4k3/8/8/8/8/8/8/4K3[n] b - - 0 1",
        steps: &[To(
            "C@g5",
            "4k3/8/8/6c1/8/8/8/4K3[] w - - 1 2 {clown=b last=N reentered=b}",
        )],
    },
    Case {
        what: "the source's notation: `!Cb5` (Black)",
        // The Clown on b5 moves as a knight.
        fen: "4k3/8/8/8/8/8/8/4K3[n] b - - 0 1",
        steps: &[
            Play("C@b5 e1d1"),
            MovesFrom("b5", "b5a3 b5a7 b5c3 b5c7 b5d4 b5d6"),
        ],
    },
    Case {
        what: "only one re-entry per game",
        fen: "4k3/8/8/8/8/8/8/4K3[BN] w - - 0 1 {reentered=w}",
        steps: &[Perft(1, 5)],
    },
];

#[test]
fn positions_derived_by_hand() {
    run_cases("clown", CASES);
}

#[test]
fn declaration_on_a_capturing_first_move() {
    let fen = "rnbqkbnr/pp1ppppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    at_fen(
        clown(fen, "b1c3c"),
        "rnbqkbnr/pp1ppppp/8/8/8/2C5/PPPPPPPP/R1BQKBNR[] b KQkq - 0 1 {clown=w last=Nx lost=P}",
    );
    // The Clown on c3 moves as a bishop; the other knight can no longer declare.
    let g = clown(fen, "b1c3c a7a6");
    assert_eq!(
        starting(&g, "c3").join(" "),
        "c3a5 c3b4 c3d4 c3e5 c3f6 c3g7"
    );
    assert!(has(&g, "g1f3") && !has(&g, "g1f3c"));
    let forbidden = [("clown.declare-capture", "forbidden")];
    let g = game("clown", &forbidden, fen, "");
    assert!(!has(&g, "b1c3c") && has(&g, "b1c3") && has(&g, "b1a3c"));
}

#[test]
fn entry_zone_squares_and_their_neighbours() {
    // White: ranks 1-2 and a3, a4, b3, b4, g3, g4, h3, h4; e1 is taken.
    let g = clown("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "");
    assert_eq!(g.perft(1), 23 + 23 + 5);
    for sq in ["a1", "h1", "d2", "a3", "b4", "g3", "h4"] {
        assert!(
            has(&g, &format!("N@{sq}")) && has(&g, &format!("C@{sq}")),
            "{sq}"
        );
    }
    for sq in [
        "c3", "d3", "e3", "f3", "c4", "f4", "a5", "b5", "g5", "h5", "d5",
    ] {
        assert!(!has(&g, &format!("N@{sq}")), "{sq}");
    }
    // Black, mirrored; `!Cb5` and `!Cg5` of the source.
    let g = clown("4k3/8/8/8/8/8/8/4K3[n] b - - 0 1", "");
    assert_eq!(g.perft(1), 51);
    for sq in ["b5", "g5", "a6", "h8", "d7"] {
        assert!(has(&g, &format!("C@{sq}")), "{sq}");
    }
    for sq in ["b4", "g4", "c6", "f5", "a4"] {
        assert!(!has(&g, &format!("C@{sq}")), "{sq}");
    }
}

#[test]
fn reentry_giving_and_blocking_check() {
    let g = clown("4k3/8/8/8/8/8/8/4K3[B] w - - 0 1", "");
    assert!(has(&g, "B@a4"));
    let forbidden = [("entry-check", "forbidden")];
    assert!(!has(
        &game("clown", &forbidden, "4k3/8/8/8/8/8/8/4K3[B] w - - 0 1", ""),
        "B@a4"
    ));
    let fen = "4k3/8/8/8/8/8/8/r3K3[B] w - - 0 1 {last=R}";
    assert_eq!(moves(&clown(fen, "")), "B@b1 B@c1 B@d1 e1d2 e1e2 e1f2");
    assert_eq!(moves(&game("clown", &forbidden, fen, "")), "e1d2 e1e2 e1f2");
}

/// The entries (`N@`, `C@`, `B@`) among the legal moves, space-separated.
fn entries(g: &Game) -> String {
    let list: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    list.join(" ")
}

const NOT_IMMEDIATELY: [&str; 4] = ["piece", "type", "hand", "none"];

#[test]
fn ruling_not_immediately() {
    let fen = "4k3/8/8/8/8/8/8/4K3[BN] w - - 0 1 {last=Bx lost=N}";
    // `piece` (the default) and `type` agree here: the one held Knight is the
    // one just lost.
    for v in ["piece", "type"] {
        let g = game("clown", &[("not-immediately", v)], fen, "");
        assert_eq!(starting(&g, "B@").len(), 23, "{v}");
        assert!(starting(&g, "N@").is_empty() && starting(&g, "C@").is_empty());
    }
    assert_eq!(clown(fen, "").perft(1), 23 + 5);
    let g = game("clown", &[("not-immediately", "hand")], fen, "");
    assert_eq!(g.perft(1), 5);
    let g = game("clown", &[("not-immediately", "none")], fen, "");
    assert_eq!(g.perft(1), 3 * 23 + 5);
}

#[test]
fn not_immediately_piece_second_knight_lost() {
    // White lost a Knight on d5, then the other on f3: of `[NN]` one is the
    // Knight just captured (`lost=N`), the other was held before and may
    // enter, as a Knight or as the Clown (White never had one): b1, g1 and
    // a3 a4 b3 b4 g3 g4 h3 h4.
    let played = "b1c3 d7d5 c3d5 d8d5 g1f3 d5f3";
    let fen = "rnb1kbnr/ppp1pppp/8/8/8/5q2/PPPPPPPP/R1BQKB1R[NN] w KQkq - 0 4 {last=Qx lost=N}";
    let all = "C@a3 C@a4 C@b1 C@b3 C@b4 C@g1 C@g3 C@g4 C@h3 C@h4 \
               N@a3 N@a4 N@b1 N@b3 N@b4 N@g1 N@g3 N@g4 N@h3 N@h4";
    for (v, expected) in [("piece", all), ("type", ""), ("hand", ""), ("none", all)] {
        let g = game("clown", &[("not-immediately", v)], START, played);
        assert_eq!(g.fen(), fen);
        assert_eq!(entries(&g), expected, "{v}");
    }
    assert_eq!(clown(START, played).perft(1), clown(fen, "").perft(1));
}

#[test]
fn not_immediately_piece_first_knight_lost() {
    // `[N]` with `lost=N`: the only held Knight is the one just captured.
    let played = "b1c3 d7d5 c3d5 d8d5";
    let nine = "a3 a4 b1 b3 b4 g3 g4 h3 h4";
    let none: Vec<String> = ["C", "N"]
        .iter()
        .flat_map(|r| nine.split(' ').map(move |sq| format!("{r}@{sq}")))
        .collect();
    for v in NOT_IMMEDIATELY {
        let g = at_fen(
            game("clown", &[("not-immediately", v)], START, played),
            "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPPPPPP/R1BQKBNR[N] w KQkq - 0 3 {last=Qx lost=N}",
        );
        let expected = if v == "none" {
            none.join(" ")
        } else {
            String::new()
        };
        assert_eq!(entries(&g), expected, "{v}");
    }
    // On the turn after, the Knight is no longer the one just captured.
    let g = clown(START, "b1c3 d7d5 c3d5 d8d5 a2a3 e7e6");
    assert_eq!(starting(&g, "N@").len(), 9);
    assert_eq!(starting(&g, "C@").len(), 9);
}

#[test]
fn not_immediately_piece_lost_clown_and_an_older_knight() {
    // White's g1 Knight is taken on e5 (held as N); White's declared Clown is
    // then taken on d4: it is held as a Knight too, `lost=C`. Of `[NN]` one is
    // the Clown just captured, the other the older Knight, which may enter;
    // only as a Knight, since White has had its one Clown.
    let played = "g1f3 e7e5 f3e5 d7d6 b1c3c d6e5 c3d4 e5d4";
    let ten = "N@a3 N@a4 N@b1 N@b3 N@b4 N@g1 N@g3 N@g4 N@h3 N@h4";
    for (v, expected) in [("piece", ten), ("type", ""), ("hand", ""), ("none", ten)] {
        let g = at_fen(game("clown", &[("not-immediately", v)], START, played), "rnbqkbnr/ppp2ppp/8/8/3p4/8/PPPPPPPP/R1BQKB1R[NN] w KQkq - 0 5 {clown=w last=Px lost=C}");
        assert_eq!(entries(&g), expected, "{v}");
    }
    // The Clown alone in hand: `[N]` with `lost=C` allows nothing.
    let g = clown(
        "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {clown=w last=Qx lost=C}",
        "",
    );
    assert_eq!(entries(&g), "");
    // Without `clown=w` (a position read from a FEN), the older Knight may
    // also enter as the Clown.
    let g = clown("4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1 {last=Qx lost=C}", "");
    assert_eq!(starting(&g, "N@").len(), 23);
    assert_eq!(starting(&g, "C@").len(), 23);
}

#[test]
fn not_immediately_piece_counts_per_type() {
    // Two Bishops held, one just lost: one may enter; the Knight is free.
    let fen = "4k3/8/8/8/8/8/8/4K3[BBN] w - - 0 1 {last=Qx lost=B}";
    let count = |v: &str, prefix: &str| {
        starting(&game("clown", &[("not-immediately", v)], fen, ""), prefix).len()
    };
    assert_eq!(
        (
            count("piece", "B@"),
            count("piece", "N@"),
            count("piece", "C@")
        ),
        (23, 23, 23)
    );
    assert_eq!(
        (
            count("type", "B@"),
            count("type", "N@"),
            count("type", "C@")
        ),
        (0, 23, 23)
    );
    assert_eq!(count("hand", "B@") + count("hand", "N@"), 0);
    // A FEN may name more pieces than one move captures: `lost=NC` or
    // `lost=NN` are two Knights just lost, so `[NN]` has none to enter, and
    // `[NNN]` one.
    for lost in ["NC", "NN"] {
        let g = clown(
            &format!("4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1 {{lost={lost}}}"),
            "",
        );
        assert_eq!(entries(&g), "", "{lost}");
        let text = format!("4k3/8/8/8/8/8/8/4K3[NNN] w - - 0 1 {{lost={lost}}}");
        let g = clown(&text, "");
        assert_eq!(g.fen(), text);
        assert_eq!(starting(&g, "N@").len(), 23, "{lost}");
    }
}

#[test]
fn lost_errors() {
    let mut g = clown("", "");
    let err = g
        .set_fen("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {lost=K}")
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("'K' is not a type that can be lost"),
        "{err}"
    );
    let sixteen = "N".repeat(16);
    let err = g
        .set_fen(&format!(
            "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 {{lost={sixteen}}}"
        ))
        .unwrap_err();
    assert!(err.to_string().contains("more than 15 'N'"), "{err}");
}

#[test]
fn start_perft_under_each_not_immediately() {
    // The first capture of a Knight or Bishop comes on ply 3 (e.g.
    // `e2e3 b8a6 f1a6`); only `none` lets it re-enter on ply 4.
    for (v, n) in [
        ("piece", 380222),
        ("type", 380222),
        ("hand", 380222),
        ("none", 380318),
    ] {
        let g = game("clown", &[("not-immediately", v)], "", "");
        assert_eq!(g.perft(4), n, "{v}");
    }
}

#[test]
#[ignore = "perft 5 from the start (seconds in release)"]
fn start_perft_5() {
    assert_eq!(clown("", "").perft(5), 10441921);
}

#[test]
fn ruling_after_clown() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[N] b KQkq - 0 1";
    let g = at_fen(
        clown(fen, "g8f6c"),
        "rnbqkb1r/pppppppp/5c2/8/8/8/PPPPPPPP/R1BQKBNR[N] w KQkq - 1 2 {clown=b last=N}",
    );
    // b1, and a3 a4 b3 b4 g3 g4 h3 h4, as Knight or Clown.
    assert_eq!(starting(&g, "N@").len(), 9);
    assert_eq!(starting(&g, "C@").len(), 9);
    let g = game(
        "clown",
        &[("clown.after-clown", "became-clown")],
        fen,
        "g8f6c",
    );
    assert!(g.fen().ends_with("{clown=b last=C}"));
    assert!(starting(&g, "N@").is_empty());
}

#[test]
fn ruling_entry_zone() {
    let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1";
    let first = game("clown", &[("entry-zone", "first-ranks")], fen, "");
    assert!(!has(&first, "N@a3") && !has(&first, "N@b4") && has(&first, "N@d2"));
    let all = game("clown", &[("entry-zone", "all-edges")], fen, "");
    assert!(has(&all, "N@a5") && has(&all, "N@h8") && !has(&all, "N@c3"));
    assert!(!has(&clown(fen, ""), "N@a5"));
}

#[test]
fn fen_round_trips_along_a_game() {
    let mut g = game("clown", &[], "", "");
    for m in "b1c3c e7e5 c3e5 d7d6 e5d6 c7d6 g1f3 g8f6 N@b1".split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        let fen = g.fen();
        assert_eq!(game("clown", &[], &fen, "").fen(), fen);
    }
    // The Clown (c3: bishop, e5: king step, d6: queen) is taken on d6 and
    // comes back as a Knight after a waiting move.
    assert_eq!(
        g.fen(),
        "rnbqkb1r/pp3ppp/3p1n2/8/8/5N2/PPPPPPPP/RNBQKB1R[] b KQkq - 3 5 {clown=w last=N reentered=w}"
    );
}

#[test]
fn no_prev_key_and_runs_of_empty_squares() {
    // clown.md: the rules read only the last move, so there is no `prev=`
    // (LANGUAGE.md §6: it is for imitators); Entity prints neither.
    let g = clown(START, "g1f3c b8c6 f3e4");
    assert!(g.fen().ends_with("{clown=w last=C}"), "{}", g.fen());
    let g = game("entity", &[], "", "e2e4 e7e5 g1f3");
    assert!(!g.fen().contains('{'), "{}", g.fen());
    let mut g = clown(START, "");
    assert_refusals(
        [
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 {last=N prev=N}",
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        ]
        .map(|fen| (fen, "invalid FEN")),
        |fen| g.set_fen(fen),
    );
    rejects(&mut g, "a7a8k", "illegal move");
    rejects(&mut g, "C@e9", "malformed move");
    rejects(&mut g, "F@e3", "malformed move");
}
