//! The string-level API: FEN, moves, errors, outcomes.

use motley_engine::chess::{Position, STARTING_FEN};
use motley_engine::{Color, Game, Outcome, Reason};
use motley_testkit::Step::{Perft, Play};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn chess() -> Game {
    Game::new("chess", &[]).expect("chess exists")
}

fn at(fen: &str) -> Game {
    let mut game = chess();
    game.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    game
}

fn play_all(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn draw(reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: None,
        reason,
    })
}

#[test]
fn variants_and_rulings() {
    assert!(Game::variants().contains(&"chess"));
    let err = Game::new("xiangqi", &[]).expect_err("unknown variant");
    assert_eq!(err.to_string(), "unknown variant: xiangqi");
    let err = Game::new("chess", &[("flying-kings".into(), "on".into())])
        .expect_err("chess has no rulings");
    assert!(
        err.to_string().starts_with("unknown ruling: flying-kings"),
        "{err}"
    );
}

/// The larger boards through `Game`, the way the CLI and the conformance
/// harness play them: listed; at the setup perft 2 and the moves perft
/// divides; after a line of moves the FEN, no outcome and what perft
/// divides; the null move refused there.
#[test]
fn larger_boards_through_the_game_api() {
    let text = motley_testkit::move_text!(Game);
    for (variant, line, divided, fen) in [
        (
            "joke",
            [Perft(2, 576), Play("g1f3")],
            [24, 24],
            "rnbqkbjnr/ppppppppp/9/9/9/9/5J3/PPPPPPPPP/RNBQKB1NR b KQkq - 1 1",
        ),
        (
            "jester",
            [Perft(2, 738), Play("e3e4 0000")],
            [26, 26],
            "rnlbqkblnr/a1j1ss1j1a/pppppppppp/10/10/10/10/4P5/PPPP1PPPPP/A1J1SS1J1A/RNLBQKBLNR b - - 0 1 {last=P}",
        ),
    ] {
        assert!(Game::variants().contains(&variant), "{variant}");
        let mut g = Game::new(variant, &[]).expect(variant);
        assert_eq!(g.perft_divide(1).len(), divided[0], "{variant}");
        text.script(&mut g, &line);
        assert_eq!(g.fen(), fen, "{variant}");
        assert_eq!(g.outcome(), None, "{variant}");
        assert_eq!(g.perft_divide(1).len(), divided[1], "{variant}");
        assert!(g.play("0000").is_err(), "{variant}");
    }
}

#[test]
fn start_position_fen() {
    assert_eq!(chess().fen(), START);
    assert_eq!(STARTING_FEN, START);
    assert_eq!(Position::startpos().fen(), START);
    assert_eq!(chess().chess_position(), Some(&Position::startpos()));
    assert_eq!(at(START).fen(), START);
}

#[test]
fn fen_round_trip_of_the_perft_suite() {
    let suite = include_str!("data/perftsuite.epd");
    for line in suite.lines().filter(|l| !l.starts_with('#')) {
        let fen = line.split(';').next().expect("FEN").trim();
        let printed = at(fen).fen();
        assert_eq!(at(&printed).fen(), printed, "round trip of {fen}");
        if !fen.contains(" f6 ") {
            assert_eq!(printed, fen);
        }
    }
}

#[test]
fn fen_optional_fields_and_shredder_castling() {
    for (given, printed) in [
        ("8/8/8/8/8/8/8/K6k w", "8/8/8/8/8/8/8/K6k w - - 0 1"),
        ("8/8/8/8/8/8/8/K6k b - - 7", "8/8/8/8/8/8/8/K6k b - - 7 1"),
        ("8/8/8/8/8/8/8/K6k w - - 5 0", "8/8/8/8/8/8/8/K6k w - - 5 1"),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 3 9",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 9",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b Hq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
        ),
    ] {
        assert_eq!(at(given).fen(), printed);
    }
    let mut huge = at("8/8/8/8/8/8/8/K6k b - - 4294967295 4294967295");
    huge.play("h1g1").expect("legal");
    assert_eq!(huge.fen(), "8/8/8/8/8/8/8/K5k1 w - - 4294967295 4294967295");
}

#[test]
fn en_passant_square_printed_only_when_capture_is_legal() {
    let mut game = chess();
    game.play("e2e4").expect("legal");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    play_all(&mut game, "a7a6 e4e5 d7d5");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    assert!(game.legal_moves().contains(&"e5d6".to_string()));
    // The capture would expose the king along the fifth rank.
    let pinned = at("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert_eq!(pinned.fen(), "8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    assert!(!pinned.legal_moves().contains(&"b5c6".to_string()));
}

#[test]
fn bad_fens_are_errors_naming_the_problem() {
    let cases = [
        ("", "expected 2 to 6 fields"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "has 7 ranks",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank \"9\" has more than 8 files",
        ),
        (
            // A run of empty squares is one number: 44, not 4 + 4.
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank \"44\" has more than 8 files",
        ),
        (
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "starts with 0",
        ),
        (
            "rnbqkbnr/pppppppp/800000000000000000000/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "more than 8 files",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            "\"RNBQKBN\" has 7 files",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
            "more than 8 files",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "bad side to move \"x\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            "bad castling field \"KQxq\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
            "bad en passant square \"e4\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "bad en passant square \"e6\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "bad halfmove clock \"x\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
            "bad fullmove number \"-3\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            "expected 2 to 6 fields",
        ),
        (
            "rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "black has 0 kings",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
            "white has 2 kings",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "white has 17 pieces",
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            "pawn on the first or last rank",
        ),
        (
            "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
            "side not to move is in check",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K'"),
        ("4k3/8/8/8/8/8/8/4K3 w é - 0 1", "bad castling field"),
    ];
    let mut game = chess();
    for (fen, expected) in cases {
        let err = game.set_fen(fen).expect_err(fen).to_string();
        assert!(err.starts_with("invalid FEN: "), "{fen}: {err}");
        assert!(
            err.contains(expected),
            "{fen}: {err:?} should mention {expected:?}"
        );
        assert_eq!(game.fen(), START, "a failed set_fen changes nothing");
    }
}

#[test]
fn illegal_and_malformed_moves() {
    let mut game = chess();
    for (text, expected) in [
        ("e2e5", "illegal move: e2e5"),
        ("e1g1", "illegal move: e1g1"),
        ("e7e5", "illegal move: e7e5"),
        ("e2e4q", "illegal move: e2e4q"),
        ("e2", "malformed move: \"e2\""),
        ("e2e4k", "illegal move: e2e4k"),
        ("e2e4p", "illegal move: e2e4p"),
        ("0000", "illegal move: 0000"),
        ("N@e4", "illegal move: N@e4"),
        ("e2e4x", "malformed move: \"e2e4x\""),
        ("e2e9", "malformed move: \"e2e9\""),
        ("e2e4/Fe2", "malformed move: \"e2e4/Fe2\""),
        ("i2i4", "malformed move: \"i2i4\""),
        ("E2E4", "malformed move: \"E2E4\""),
        ("e2e4 ", "malformed move: \"e2e4 \""),
        ("é2e4", "malformed move: \"é2e4\""),
    ] {
        assert_eq!(game.play(text).expect_err(text).to_string(), expected);
        assert_eq!(game.fen(), START);
    }
    game.play("e2e4").expect("legal");
}

#[test]
fn exact_legal_move_sets() {
    let expected = "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4";
    assert_eq!(chess().legal_moves().join(" "), expected);

    let castling = at("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let expected = "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8";
    assert_eq!(castling.legal_moves().join(" "), expected);

    let promotion = at("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(
        promotion.legal_moves().join(" "),
        "a1a2 a1b1 a1b2 a7a8b a7a8n a7a8q a7a8r"
    );

    // Double check: only king moves; castling through an attacked square is out.
    let double_check = at("4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1");
    assert_eq!(double_check.legal_moves().join(" "), "e1e2 e1f2");
    let through_check = at("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
    assert!(!through_check.legal_moves().iter().any(|m| m == "e1g1"));
    assert!(through_check.legal_moves().iter().any(|m| m == "e1c1"));
}

#[test]
fn perft_and_divide() {
    let game = chess();
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(3), 8902);
    let divide = game.perft_divide(2);
    assert_eq!(divide.len(), 20);
    assert!(divide.iter().all(|(_, n)| *n == 20));
    assert_eq!(divide[0].0, "a2a3");
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 400);
}

#[test]
fn checkmate() {
    let mut game = chess();
    play_all(&mut game, "f2f3 e7e5 g2g4");
    assert_eq!(game.outcome(), None);
    game.play("d8h4").expect("legal");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: Reason::Checkmate
        })
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn stalemate() {
    assert_eq!(
        at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome(),
        draw(Reason::Stalemate)
    );
}

#[test]
fn fifty_move_rule_and_mate_on_the_hundredth_half_move() {
    let mut game = at("7k/8/8/8/8/8/8/K5R1 w - - 99 80");
    assert_eq!(game.outcome(), None);
    game.play("a1b1").expect("legal");
    assert_eq!(game.outcome(), draw(Reason::FiftyMoveRule));

    let mut game = at("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    game.play("h1h8").expect("legal");
    assert_eq!(game.fen(), "k6R/8/1K6/8/8/8/8/8 b - - 100 80");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn threefold_repetition() {
    let mut game = chess();
    play_all(&mut game, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.outcome(), None, "twice is not enough");
    play_all(&mut game, "g1f3 g8f6 f3g1");
    assert_eq!(game.outcome(), None);
    game.play("f6g8").expect("legal");
    assert_eq!(game.outcome(), draw(Reason::ThreefoldRepetition));

    // Lost castling rights make the positions different.
    let mut game = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play_all(&mut game, "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8");
    assert_eq!(game.outcome(), None, "the start had castling rights");
    play_all(&mut game, "e1f1 e8f8 f1e1 f8e8");
    assert_eq!(game.outcome(), draw(Reason::ThreefoldRepetition));

    // set_fen clears the history.
    game.set_fen(START).expect("valid");
    assert_eq!(game.outcome(), None);
}

#[test]
fn repetition_ignores_an_unusable_en_passant_square() {
    // After 1. e4 no en passant capture is possible, so the position after
    // the knights' dance repeats the one right after 1. e4.
    let mut game = chess();
    play_all(&mut game, "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1");
    assert_eq!(game.outcome(), draw(Reason::ThreefoldRepetition));
}

#[test]
fn insufficient_material() {
    let dead = [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",
        "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1",
        "8/8/8/4k3/8/2b5/8/2B4K w - - 0 1",
        "8/8/8/b1b1k3/8/8/8/2B4K w - - 0 1",
    ];
    for fen in dead {
        assert_eq!(
            at(fen).outcome(),
            draw(Reason::InsufficientMaterial),
            "{fen}"
        );
    }
    let alive = [
        "8/8/8/4k3/8/3b4/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1",
        "8/8/8/4k3/8/2n5/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/4KR2 w - - 0 1",
    ];
    for fen in alive {
        assert_eq!(at(fen).outcome(), None, "{fen}");
    }
}

#[test]
fn crowded_positions_fit_the_move_list() {
    // Fifteen queens: not reachable, but accepted; more moves than the 218
    // of any reachable position.
    let game = at("Q4Q2/3Q3Q/1Q4Q1/Q3Q1Q1/2k5/Q6Q/5Q2/KQ1Q3Q w - - 0 1");
    assert_eq!(game.legal_moves().len(), 223);
    assert_eq!(
        game.perft(2),
        motley_engine::chess::perft_bulk(game.chess_position().expect("chess"), 2)
    );
}

#[test]
fn mangled_fens_never_panic() {
    let suite = include_str!("data/perftsuite.epd");
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ wb-KQkqHAhaxe3e60".chars().collect();
    let mut game = chess();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for line in suite.lines().filter(|l| !l.starts_with('#')) {
        let fen: Vec<char> = line
            .split(';')
            .next()
            .expect("FEN")
            .trim()
            .chars()
            .collect();
        for _ in 0..200 {
            let mut mangled = fen.clone();
            for _ in 0..1 + next(3) {
                let at = next(mangled.len());
                match next(3) {
                    0 => mangled[at] = alphabet[next(alphabet.len())],
                    1 => {
                        mangled.remove(at);
                    }
                    _ => mangled.insert(at, alphabet[next(alphabet.len())]),
                }
            }
            let text: String = mangled.into_iter().collect();
            if game.set_fen(&text).is_ok() {
                let printed = game.fen();
                let moves = game.legal_moves();
                game.set_fen(&printed)
                    .unwrap_or_else(|e| panic!("{text} printed {printed}: {e}"));
                assert_eq!(game.fen(), printed);
                assert_eq!(game.legal_moves(), moves);
                let _ = game.outcome();
            }
        }
    }
}
