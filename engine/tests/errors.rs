//! The engine's errors: each case for its input, and the message its
//! `Display` gives.

use motley_engine::jester::JesterGame;
use motley_engine::joke::JokeGame;
use motley_engine::{EngineError, Game, Reason};

fn new(variant: &str, rulings: &[(&str, &str)]) -> Result<Game, EngineError> {
    let rulings: Vec<(String, String)> = rulings
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    Game::new(variant, &rulings)
}

#[test]
fn variants_and_rulings() {
    let e = new("xiangqi", &[]).unwrap_err();
    assert_eq!(e, EngineError::UnknownVariant("xiangqi".into()));
    assert_eq!(e.to_string(), "unknown variant: xiangqi");

    let e = new("chess", &[("colour", "red")]).unwrap_err();
    assert!(matches!(&e, EngineError::UnknownRuling { id, .. } if id == "colour"));
    assert_eq!(e.to_string(), "unknown ruling: colour");

    let e = new("entity", &[("colour", "red")]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown ruling: colour (the rulings of entity are: entity.entry-zone, entity.promotion)"
    );

    let e = new("fool", &[("deadline", "move-30")]).unwrap_err();
    assert!(matches!(&e, EngineError::UnknownOption { ruling, .. } if ruling == "fool.deadline"));
    assert_eq!(
        e.to_string(),
        "unknown ruling: fool.deadline=move-30 (options: move-20, ply-20)"
    );

    let e = new("joke", &[("joke.linger", "x")]).unwrap_err();
    assert!(e.to_string().starts_with("unknown ruling"), "{e}");

    let e = new("joke", &[("joke.freeze-trigger", "on-arrival")]).unwrap_err();
    assert!(matches!(e, EngineError::UnimplementedRuling(_)));
    assert!(
        e.to_string().starts_with(
            "ruling option not implemented by the engine: joke.freeze-trigger=on-arrival"
        ),
        "{e}"
    );
}

/// A game's constructor from rulings, its result reduced to the error.
type New = fn(&[(String, String)]) -> Result<(), EngineError>;

const JOKE: New = |r| JokeGame::new(r).map(drop);
const JESTER: New = |r| JesterGame::new(r).map(drop);
const FOOL: New = |r| Game::new("fool", r).map(drop);

#[test]
fn rulings_errors_name_the_options() {
    let rulings = |id: &str, value: &str| [(id.to_string(), value.to_string())];
    // A bad value names the options, a bad id the rulings; an option the
    // engine does not implement names the one it has.
    for (new, id, value, part) in [
        (JOKE, "joke.linger", "forever", "owner-turn, none"),
        (JOKE, "joke.lingerie", "none", "joke.linger"),
        (JOKE, "freeze-trigger", "on-arrival", "recompute"),
        (JESTER, "jester.second-move", "maybe", "optional, required"),
        (
            JESTER,
            "jester.third-move",
            "optional",
            "jester.second-move",
        ),
        (
            FOOL,
            "fool.pawn-capture",
            "sideways",
            "options: diagonal, none",
        ),
        (FOOL, "fool.nonsense", "x", "fool.pawn-capture"),
    ] {
        let e = new(&rulings(id, value)).expect_err(id).to_string();
        assert!(e.contains(part), "{id}={value}: {e}");
    }
    // A ruling may be named without the variant's prefix.
    for (new, id, value) in [(JOKE, "linger", "none"), (JESTER, "archer-path", "leap")] {
        assert!(new(&rulings(id, value)).is_ok(), "{id}={value}");
    }
}

#[test]
fn fens_and_moves() {
    let mut g = new("clown", &[]).unwrap();
    let e = g.set_fen("8/8/8/8/8/8/8/8[] w - - 0 1").unwrap_err();
    assert!(matches!(e, EngineError::BadFen(_)), "{e}");
    assert!(e.to_string().starts_with("invalid FEN: "), "{e}");

    let e = g.play("e2e5").unwrap_err();
    assert_eq!(e, EngineError::IllegalMove("e2e5".into()));
    assert_eq!(e.to_string(), "illegal move: e2e5");

    let e = g.play("e2").unwrap_err();
    assert_eq!(e, EngineError::MalformedMove("e2".into()));
    assert_eq!(e.to_string(), "malformed move: \"e2\"");
}

#[test]
fn reasons_read_as_the_cases_write_them() {
    let texts: Vec<String> = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::FiftyMoveRule,
        Reason::ThreefoldRepetition,
        Reason::InsufficientMaterial,
    ]
    .iter()
    .map(Reason::to_string)
    .collect();
    assert_eq!(
        texts,
        [
            "checkmate",
            "stalemate",
            "fifty-move rule",
            "threefold repetition",
            "insufficient material"
        ]
    );
}
