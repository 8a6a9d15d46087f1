//! Shuffled starts (spec/LANGUAGE.md §6.4): the Chess960 numbering against
//! its known anchors and constraints over all 960 numbers, seeds drawing
//! arrays that keep the constraints, and the starts that are refused.

use std::collections::BTreeSet;
use std::path::Path;

use motley_interpreter::{Game, PlayError, Start, CHESS960_ARRAYS};

/// The game of a bundled rule file.
fn bundled(name: &str) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../spec/variants")
        .join(format!("{name}.yaml"));
    Game::from_path(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The first ranks (White's, Black's) of the FEN the game starts from, one
/// letter a square (both ranks are full of pieces here).
fn ranks(game: &Game) -> (String, String) {
    let fen = game.fen();
    let board = fen.split(' ').next().expect("a board");
    let rows: Vec<&str> = board.split('/').collect();
    (rows[rows.len() - 1].to_string(), rows[0].to_string())
}

/// Whether the file index of a letter's pieces are on squares of both colours.
fn opposite_colours(rank: &str, letters: &[char]) -> bool {
    let files: Vec<usize> = rank
        .chars()
        .enumerate()
        .filter(|(_, c)| letters.contains(c))
        .map(|(f, _)| f)
        .collect();
    files.len() == 2 && files[0] % 2 != files[1] % 2
}

/// Whether the king stands between the two rooks.
fn king_between_rooks(rank: &str) -> bool {
    let order: String = rank.chars().filter(|c| "RK".contains(*c)).collect();
    order == "RKR"
}

#[test]
fn the_chess960_numbering_gives_960_distinct_arrays_that_keep_its_rules() {
    let mut game = bundled("fischerandom");
    let mut arrays = BTreeSet::new();
    for n in 0..CHESS960_ARRAYS {
        game.start_with(Start::Chess960(n))
            .unwrap_or_else(|e| panic!("{n}: {e}"));
        let (white, black) = ranks(&game);
        assert_eq!(black, white.to_lowercase(), "{n}: Black mirrors White");
        let mut letters: Vec<char> = white.chars().collect();
        letters.sort_unstable();
        assert_eq!(
            letters,
            "BBKNNQRR".chars().collect::<Vec<_>>(),
            "{n}: {white}"
        );
        assert!(opposite_colours(&white, &['B']), "{n}: bishops {white}");
        assert!(king_between_rooks(&white), "{n}: king {white}");
        assert!(game.fen().ends_with(" w KQkq - 0 1"), "{n}: {}", game.fen());
        arrays.insert(white);
    }
    assert_eq!(arrays.len(), 960);
    assert_eq!(game.rules().arrangements(), Some(960));
    for (n, array) in [
        (518, "RNBQKBNR"),
        (0, "BBQNNRKR"),
        (959, "RKRNNQBB"),
        (1, "BQNBNRKR"),
    ] {
        game.start_with(Start::Chess960(n)).expect("a number");
        assert_eq!(ranks(&game).0, array, "position {n}");
    }
}

#[test]
fn a_seed_draws_a_chess960_array_and_the_same_one_every_time() {
    let mut game = bundled("fischerandom");
    let mut seen = BTreeSet::new();
    for seed in 0..300 {
        game.start_with(Start::Seed(seed)).expect("a seed");
        let (white, _) = ranks(&game);
        assert!(opposite_colours(&white, &['B']) && king_between_rooks(&white));
        seen.insert(white);
    }
    assert!(
        seen.len() > 200,
        "300 seeds drew only {} arrays",
        seen.len()
    );
    game.start_with(Start::Seed(1)).expect("a seed");
    assert_eq!(
        game.fen(),
        "bnnbrkqr/pppppppp/8/8/8/8/PPPPPPPP/BNNBRKQR w KQkq - 0 1"
    );
    assert_eq!(game.start_fen(), Some(game.fen().as_str()));
    game.start_with(Start::Setup).expect("the setup");
    assert_eq!(ranks(&game).0, "RNBQKBNR");
}

#[test]
fn capablanca_random_arrays_keep_both_colour_groups_and_the_king_between_the_rooks() {
    let mut game = bundled("caparandom");
    assert_eq!(game.rules().arrangements(), Some(48_000));
    let mut seen = BTreeSet::new();
    for seed in 0..300 {
        game.start_with(Start::Seed(seed)).expect("a seed");
        let (white, black) = ranks(&game);
        assert_eq!(black, white.to_lowercase());
        assert!(opposite_colours(&white, &['B']), "bishops {white}");
        assert!(
            opposite_colours(&white, &['A', 'Q']),
            "archbishop, queen {white}"
        );
        assert!(king_between_rooks(&white), "king {white}");
        seen.insert(white);
    }
    assert!(
        seen.len() > 290,
        "300 seeds drew only {} arrays",
        seen.len()
    );
    // The setup is Capablanca chess's array, which keeps no colour rule.
    game.start_with(Start::Setup).expect("the setup");
    assert_eq!(ranks(&game).0, "RNABQKBCNR");
}

#[test]
fn starts_that_cannot_be_drawn_are_refused_with_the_reason() {
    let reason = |game: &mut Game, start: Start| match game.start_with(start) {
        Err(PlayError::Start { reason }) => reason,
        other => panic!("{start:?}: {other:?}"),
    };
    let mut chess = bundled("chess");
    assert_eq!(
        reason(&mut chess, Start::Seed(3)),
        "variant `chess` has no shuffled start (`shuffle`, spec/LANGUAGE.md §6.4): it starts from its setup only"
    );
    assert!(reason(&mut chess, Start::Chess960(518))
        .starts_with("variant `chess` has no shuffled start"));
    let mut fischer = bundled("fischerandom");
    assert_eq!(
        reason(&mut fischer, Start::Chess960(960)),
        "Chess960 position 960 is out of range: the numbers run from 0 to 959 (518 is the orthodox array)"
    );
    let mut capa = bundled("caparandom");
    assert!(reason(&mut capa, Start::Chess960(0))
        .starts_with("the Chess960 numbering counts arrays of eight pieces shaped as chess's"));
    // A refused start leaves the game as it was.
    assert_eq!(ranks(&capa).0, "RNABQKBCNR");
}
