//! The typed view of a move (`Move::action`, `Move::gating`): each kind of
//! move a position offers reads back as the action its text names.

use motley_interpreter::{parse_square, square_name, Action, Game, Gating, Move};

fn game(variant: &str, fen: &str) -> Game {
    let path = format!(
        "{}/../spec/variants/{variant}.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut game = Game::from_path(std::path::Path::new(&path)).expect("the rule file builds");
    game.set_fen(fen).expect("the FEN reads");
    game
}

/// The legal move whose canonical text is `text`.
fn find(game: &Game, text: &str) -> Move {
    let (rules, pos) = (game.rules(), game.position());
    let mut moves = Vec::new();
    rules.legal(pos, &mut moves);
    moves
        .into_iter()
        .find(|m| rules.uci(m) == text)
        .unwrap_or_else(|| panic!("no legal move {text}"))
}

fn sq(name: &str) -> u8 {
    parse_square(8, 8, name).expect("a square")
}

#[test]
fn chess_moves_read_as_their_actions() {
    let g = game("chess", "r3k3/1P6/8/3pP3/8/8/8/R3K2R w KQq d6 0 1");
    assert_eq!(
        find(&g, "e5e6").action(),
        Action::Normal {
            from: sq("e5"),
            to: sq("e6"),
            promotion: None
        }
    );
    assert_eq!(
        find(&g, "e5d6").action(),
        Action::EnPassant {
            from: sq("e5"),
            to: sq("d6"),
            captured: sq("d5"),
            promotion: None
        }
    );
    assert_eq!(
        find(&g, "e1g1").action(),
        Action::Castle {
            king_from: sq("e1"),
            king_to: sq("g1"),
            rook_from: sq("h1"),
            rook_to: sq("f1")
        }
    );
    let Action::Normal {
        from,
        to,
        promotion: Some(queen),
    } = find(&g, "b7a8q").action()
    else {
        panic!("b7a8q is a promotion");
    };
    assert_eq!((from, to), (sq("b7"), sq("a8")));
    let mut after = g.clone();
    after.play("b7a8q").expect("legal");
    assert_eq!(after.position().piece_at(sq("a8")), queen);
    assert_eq!(
        after.position().piece_at(sq("d1")),
        0,
        "the board holds no other queen"
    );
    assert_eq!(find(&g, "e5e6").action().from(), Some(sq("e5")));
    assert!(g
        .legal_moves()
        .iter()
        .all(|t| find(&g, t).gating().is_none()));
}

#[test]
fn drops_and_walls_read_as_their_actions() {
    let g = game("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let Action::Drop { piece, to } = find(&g, "N@e4").action() else {
        panic!("N@e4 is a drop");
    };
    assert_eq!(to, sq("e4"));
    let mut after = g.clone();
    after.play("N@e4").expect("legal");
    assert_eq!(after.position().piece_at(sq("e4")), piece);
    assert_eq!(find(&g, "N@e4").action().from(), None);

    let duck = game("duck", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let text = duck.legal_moves()[0].clone();
    let m = find(&duck, &text);
    let Some(Gating::Wall { square }) = m.gating() else {
        panic!("{text} places the duck");
    };
    assert!(
        text.ends_with(&square_name(8, square)),
        "{text} places it on {}",
        square_name(8, square)
    );
}
