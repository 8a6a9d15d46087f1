//! Replays the fuzz inputs kept in git through the fuzz targets' oracles
//! (`motley_fuzzing`): every regression input under
//! `fuzz/regressions/<target>/` and every readable-named seed under
//! `fuzz/corpus/<target>/` (inputs libFuzzer added, named by SHA-1, are
//! skipped). Inputs named `known-bug-*` reproduce bugs not fixed yet (or
//! known limitations): they are replayed by the `#[ignore]`d tests at the
//! end, one per bug.

use std::path::{Path, PathBuf};

use motley_fuzzing as fuzz;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

fn is_hash_name(name: &str) -> bool {
    name.len() == 40 && name.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The kept inputs of one target: (path, bytes), known bugs left out.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for kind in ["regressions", "corpus"] {
        let Ok(dir) = std::fs::read_dir(root().join(kind).join(target)) else {
            continue;
        };
        for entry in dir.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_hash_name(&name) || name.starts_with("known-bug-") || name.starts_with('.') {
                continue;
            }
            out.push((
                entry.path(),
                std::fs::read(entry.path()).expect("read a fuzz input"),
            ));
        }
    }
    out.sort();
    out
}

fn replay(target: &str, oracle: fn(&[u8])) {
    let inputs = inputs(target);
    assert!(!inputs.is_empty(), "no inputs kept for target {target}");
    for (path, data) in inputs {
        eprintln!("{}", path.display());
        oracle(&data);
    }
}

fn replay_one(target: &str, name: &str, oracle: fn(&[u8])) {
    let path = root().join("regressions").join(target).join(name);
    oracle(&std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
}

/// One test per target, replaying its kept inputs through its oracle.
macro_rules! replays {
    ($($test:ident: $target:literal => $oracle:path,)*) => {
        $(
            #[test]
            fn $test() {
                replay($target, $oracle);
            }
        )*
    };
}

replays! {
    rules_text_inputs: "rules_text" => fuzz::rules_text,
    expression_inputs: "expression" => fuzz::expression,
    position_text_inputs: "position_text" => fuzz::position_text,
    differential_inputs: "differential" => fuzz::differential,
    generated_rules_inputs: "generated_rules" => fuzz::generated_rules_bytes,
}

// ---------------------------------------------------------------- fixed bugs

/// `rules_text`: an error inside a folded (`>-`) block scalar was placed on
/// the scalar's first line at an offset into the folded value, past the end
/// of that line. The YAML reader gives the folded value, not where each of
/// its characters came from, so such places are now kept inside their line
/// (`Diagnostics::clamped`); this test checks the column too.
#[test]
fn errors_in_multi_line_scalars_stay_inside_their_line() {
    replay_one(
        "rules_text",
        "folded-scalar-span.yaml",
        fuzz::rules_text_strict,
    );
}

/// `generated_rules`: a piece with an en passant capture and a plain move
/// to the same square listed both under one text. Board 5x8, `P` moving
/// `bbce(1,0)4(1,0)4`, setup `5/2K2/P4/5/5/p4/2k2/5 w - - 0 1`: after
/// `a6e6 c2b3 c7b8 a3a6 e6c6 b3b2 c6c7 a6e6` (`1K3/2P2/4p/5/5/5/1k3/5 w -
/// b6c6d6e6 8 5`) White's legal moves list `c7c6` twice, the plain move and
/// the en passant capture of the p on e6; perft counts both, `play("c7c6")`
/// plays one. Fixed: the capture stands (spec/LANGUAGE.md §4.6).
#[test]
fn en_passant_and_plain_move_to_one_square_are_one_move() {
    use arbitrary::{Arbitrary, Unstructured};
    let data = std::fs::read(
        root().join("regressions/generated_rules/en-passant-same-text-as-plain-move"),
    )
    .unwrap();
    let desc = fuzz::RuleDesc::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
    let yaml = desc.generate().yaml;
    let mut game = motley_interpreter::Game::from_source(&yaml).unwrap();
    for m in [
        "a6e6", "c2b3", "c7b8", "a3a6", "e6c6", "b3b2", "c6c7", "a6e6",
    ] {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let legal = game.legal_moves();
    assert!(
        !fuzz::has_two_moves_of_one_text(&legal),
        "one text twice at `{}`: {legal:?}\n{yaml}",
        game.fen()
    );
}

/// `generated_rules` writes castling, drops, gating, freezing, replies and
/// turns of several moves, and files with each of them build and play.
#[test]
fn generated_rules_cover_the_optional_sections() {
    use fuzz::{ComponentDesc, PieceDesc, RuleDesc, SectionsDesc};
    let step = |atom: u8| ComponentDesc {
        dirs: 0,
        modes: 0,
        atom,
        ride: 0,
        rifle: false,
    };
    let base = RuleDesc {
        files: 3,
        ranks: 3,
        royal: None,
        pieces: vec![
            PieceDesc {
                components: vec![step(10)],
            },
            PieceDesc {
                components: vec![step(3)],
            },
        ],
        royal_square: 4,
        placements: vec![(0, 0), (7, 1)],
        asymmetric_setup: None,
        black_first: false,
        promotion: None,
        seed: 7,
        plies: 9,
        sections: SectionsDesc::default(),
    };
    let sections = [
        (
            "castling:",
            SectionsDesc {
                castling: Some((0, 6, 5, 0)),
                ..Default::default()
            },
        ),
        (
            "drops:",
            SectionsDesc {
                drops: Some(1),
                ..Default::default()
            },
        ),
        (
            "gating:",
            SectionsDesc {
                gating: Some(1),
                ..Default::default()
            },
        ),
        (
            "freeze:",
            SectionsDesc {
                freeze: Some((1, 0, 1)),
                ..Default::default()
            },
        ),
        (
            "replies:",
            SectionsDesc {
                replies: Some((0, 1, step(0))),
                ..Default::default()
            },
        ),
        (
            "turn:",
            SectionsDesc {
                turn: Some(0),
                ..Default::default()
            },
        ),
    ];
    for (key, sections) in sections {
        let desc = RuleDesc {
            sections,
            ..base.clone()
        };
        let yaml = desc.generate().yaml;
        assert!(yaml.contains(key), "{key}\n{yaml}");
        let game = motley_interpreter::Game::from_source(&yaml)
            .unwrap_or_else(|e| panic!("{key}: {}\n{yaml}", e.render("generated.yaml", &yaml)));
        assert!(!game.legal_moves().is_empty(), "{key}\n{yaml}");
        fuzz::generated_rules(&desc);
    }
}

/// `generated_rules` (the 30-minute campaign of issue 15): a reply (§12.3)
/// onto the opened square by a piece whose ordinary movement also reaches
/// it was listed beside that ordinary move under one text. Board 3x8,
/// pieces `K` and `P` (`W`), drops, gating, freezing and a reply rule
/// (opened by and replied with `W`); after `a3b4 P@a2 b1b2` White's legal
/// moves listed `a1b1` twice. Fixed: the reply is the one move there
/// (spec/LANGUAGE.md §12.3).
#[test]
fn reply_and_plain_move_to_the_opened_square_are_one_move() {
    use arbitrary::{Arbitrary, Unstructured};
    let data =
        std::fs::read(root().join("regressions/generated_rules/reply-and-plain-move-one-text"))
            .unwrap();
    let desc = fuzz::RuleDesc::arbitrary_take_rest(Unstructured::new(&data)).unwrap();
    let yaml = desc.generate().yaml;
    let mut game = motley_interpreter::Game::from_source(&yaml).unwrap();
    for m in ["a3b4", "P@a2", "b1b2"] {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(
        game.legal_moves(),
        ["a1b1", "a2a3", "a2b2", "a6b7", "b6b5", "b6b7", "b6c6", "b8a8", "b8b7", "b8c8"],
        "at `{}`\n{yaml}",
        game.fen()
    );
    fuzz::generated_rules_bytes(&data);
}
