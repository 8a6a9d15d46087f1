//! Choosing a shuffled start on the command line (spec/LANGUAGE.md §6.4):
//! `--seed` and `--position` on the commands that start a game, and the
//! starts that are refused, naming the option and the file.

mod common;
use common::{assert_contains, motley_at_root, refused_at_root, variant};

#[test]
fn position_and_seed_choose_the_start_of_every_command() {
    let (code, out, err) = motley_at_root(&[
        "fen",
        "spec/variants/fischerandom.yaml",
        "--position",
        "959",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1\n"
    );
    let (code, out, _) = motley_at_root(&[
        "perft",
        "spec/variants/fischerandom.yaml",
        "3",
        "--position",
        "0",
    ]);
    assert_eq!((code, out.as_str()), (0, "9006\n"));
    let (code, out, _) = motley_at_root(&[
        "fen",
        "spec/variants/caparandom.yaml",
        "--seed",
        "1",
        "--moves",
        "e2e4",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "abrnnkbqcr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/ABRNNKBQCR b KQkq - 0 1\n"
    );
    let (code, out, _) = motley_at_root(&["fen", "spec/variants/fischerandom.yaml"]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
        )
    );
}

#[test]
fn starts_that_cannot_be_drawn_are_refused_naming_the_option() {
    let (code, out, err) = motley_at_root(&["fen", "spec/variants/chess.yaml", "--seed", "4"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err, "spec/variants/chess.yaml: --seed 4: variant `chess` has no shuffled start (`shuffle`, spec/LANGUAGE.md §6.4): it starts from its setup only\n");
    let err = refused_at_root(
        &[
            "perft",
            "spec/variants/fischerandom.yaml",
            "1",
            "--position",
            "960",
        ],
        1,
    );
    assert_eq!(err, "spec/variants/fischerandom.yaml: --position 960: Chess960 position 960 is out of range: the numbers run from 0 to 959 (518 is the orthodox array)\n");
    let err = refused_at_root(&["moves", &variant("caparandom"), "--position", "518"], 1);
    assert_contains(
        &err,
        ": --position 518: the Chess960 numbering counts arrays of eight pieces shaped as chess's",
    );
    let (code, _, err) = motley_at_root(&[
        "fen",
        "spec/variants/fischerandom.yaml",
        "--seed",
        "1",
        "--position",
        "2",
    ]);
    assert_eq!(code, 2, "{err}");
}
