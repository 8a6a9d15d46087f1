//! Wrong input is refused with a message that shows where (issue 15, items
//! S and U): each test names its item.

mod common;
use common::{assert_contains, assert_ends, assert_starts, motley, refused, scratch};

const CHESS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/chess.yaml");
const THREE_CHECK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/3check.yaml");
const CRAZYHOUSE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../spec/variants/crazyhouse.yaml"
);
const CAPABLANCA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../spec/variants/capablanca.yaml"
);

/// `motley fen FILE --fen FEN` fails with exactly `message` (the FEN, the
/// reason, and a caret line under the offending part).
fn refused_fen(file: &str, fen: &str, message: &str) {
    let (code, out, err) = motley(&["fen", file, "--fen", fen]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (1, "", message),
        "{fen}"
    );
}

#[test]
fn s1_letters_after_a_full_rank_are_refused() {
    refused_fen(
        CHESS,
        "4k3/8/8/8/8/8/8/RNBQKBNRK w - - 0 1",
        "invalid FEN `4k3/8/8/8/8/8/8/RNBQKBNRK w - - 0 1`: rank 1 `RNBQKBNRK` has 9 squares, not 8\n\
         \x20 | 4k3/8/8/8/8/8/8/RNBQKBNRK w - - 0 1\n\
         \x20 |                 ^^^^^^^^^\n",
    );
    let err = refused(
        &[
            "fen",
            CAPABLANCA,
            "--fen",
            "5k4/10/10/10/10/10/10/RNABQKBCNRR w - - 0 1",
        ],
        1,
    );
    assert_starts(&err, "invalid FEN `5k4/10/10/10/10/10/10/RNABQKBCNRR w - - 0 1`: rank 1 `RNABQKBCNRR` has 11 squares, not 10");
}

#[test]
fn s11_clocks_beyond_the_largest_are_refused() {
    refused_fen(
        CHESS,
        "4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295",
        "invalid FEN `4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295`: the move number `4294967295` is above the largest, 1000000000\n\
         \x20 | 4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295\n\
         \x20 |                             ^^^^^^^^^^\n",
    );
    let (code, out, _) = motley(&[
        "fen",
        CHESS,
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 b - - 999999999 1000000000",
        "--moves",
        "e8e7",
    ]);
    assert_eq!(
        (code, out.as_str()),
        (0, "8/4k3/8/8/8/8/8/4K3 w - - 1000000000 1000000001\n")
    );
}

#[test]
fn s12_check_counts_are_bounded_in_both_forms() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let err = refused(
        &["fen", THREE_CHECK, "--fen", &format!("{start} +99+99")],
        1,
    );
    assert_contains(
        &err,
        ": bad check counts `+99+99`: expected `+W+B` with numbers up to 3\n",
    );
    let (code, out, _) = motley(&["fen", THREE_CHECK, "--fen", &format!("{start} +1+2")]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1\n"
        )
    );
}

#[test]
fn s13_holdings_must_be_closed() {
    refused_fen(
        CRAZYHOUSE,
        "4k3/8/8/8/8/8/8/4K3[Pp w - - 0 1",
        "invalid FEN `4k3/8/8/8/8/8/8/4K3[Pp w - - 0 1`: the holdings opened by `[` must end the board field with `]`\n\
         \x20 | 4k3/8/8/8/8/8/8/4K3[Pp w - - 0 1\n\
         \x20 |                    ^\n",
    );
    let err = refused(
        &[
            "fen",
            CRAZYHOUSE,
            "--fen",
            "4k3/8/8/8/8/8/8/4K3]P w - - 0 1",
        ],
        1,
    );
    assert_contains(&err, ": `]` without a `[` opening the holdings\n");
}

#[test]
fn s16_repeated_fen_parts_are_refused() {
    let err = refused(
        &["fen", CHESS, "--fen", "4k3/8/8/8/8/8/8/R3K3 w QQ - 0 1"],
        1,
    );
    assert_contains(&err, ": castling right `Q` is given twice\n");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1 +1+1";
    let err = refused(&["fen", THREE_CHECK, "--fen", start], 1);
    assert_contains(&err, ": the check counts are given twice\n");
}

#[test]
fn u5_invalid_utf8_is_located() {
    let file = scratch("u5").join("latin1.yaml");
    std::fs::write(&file, b"motley: 1\nname: caf\xe9\n").expect("write");
    let err = refused(&["check", file.to_str().expect("utf-8 path")], 1);
    assert_ends(
        &err,
        "latin1.yaml:2:10: the file is not UTF-8 text (byte 0xe9 at offset 19)\n",
    );
}

#[test]
fn u6_folders_and_devices_are_not_rule_files() {
    let dir = scratch("u6");
    let err = refused(&["check", dir.to_str().expect("utf-8 path")], 1);
    assert_ends(&err, ": cannot read: it is a folder, not a file\n");
    if std::path::Path::new("/dev/null").exists() {
        assert_eq!(
            refused(&["check", "/dev/null"], 1),
            "/dev/null: cannot read: it is not a regular file\n"
        );
    }
}

#[test]
fn u10_control_characters_are_escaped() {
    let err = refused(
        &["fen", CHESS, "--fen", "4k3/8/8/8/8/8/8/4K3\x1b w - - 0 1"],
        1,
    );
    assert!(!err.contains('\x1b'), "{err:?}");
    assert_starts(&err, "invalid FEN `4k3/8/8/8/8/8/8/4K3\\u{1b} w - - 0 1`");
    let err = refused(&["moves", CHESS, "--moves", "e2\x07e4"], 1);
    assert_starts(&err, "malformed move `e2\\u{7}e4`");
    let file = scratch("u10").join("bell.yaml");
    std::fs::write(&file, "motley: 1\nname: x\x07y\nbogus: 1\n").expect("write");
    let err = refused(&["check", file.to_str().expect("utf-8 path")], 1);
    assert!(!err.contains('\x07'), "{err:?}");
}

/// Writes a rule file made from a bundled one with `from` replaced by `to`.
fn variant_with(bundled: &str, from: &str, to: &str, name: &str) -> String {
    let text = std::fs::read_to_string(bundled).expect("bundled rule file");
    assert!(text.contains(from), "{from}");
    let folder = scratch(name);
    // The file it extends (spec/LANGUAGE.md §1.1) goes beside it.
    if let Some(parent) = text.lines().find_map(|l| l.strip_prefix("extends: ")) {
        let bundled_parent = std::path::Path::new(bundled).with_file_name(parent);
        std::fs::copy(bundled_parent, folder.join(parent)).expect("copy the parent");
    }
    let file = folder.join(format!("{name}.yaml"));
    std::fs::write(&file, text.replacen(from, to, 1)).expect("write");
    file.to_str().expect("utf-8 path").to_string()
}

/// `motley moves FILE --fen FEN`: the legal moves, one a line.
fn legal_moves(file: &str, fen: &str) -> String {
    let (code, out, err) = motley(&["moves", file, "--fen", fen]);
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn s3_overlapping_drop_rules_list_each_drop_once() {
    let file = variant_with(
        CRAZYHOUSE,
        "  - pieces: [P]\n    zone: rank >= 2",
        "  - pieces: [N, P]\n    zone: rank <= 4\n  - pieces: [P]\n    zone: rank >= 2",
        "s3-drops",
    );
    let fen = "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1";
    let (_, out, _) = motley(&["perft", &file, "1", "--fen", fen]);
    assert_eq!(out, "67\n");
    let out = legal_moves(&file, fen);
    let drops: Vec<&str> = out.lines().filter(|m| m.starts_with("N@")).collect();
    assert_eq!(drops.len(), 62, "{out}");
    let mut unique = drops.clone();
    unique.dedup();
    assert_eq!(unique, drops);
}

#[test]
fn s16_a_ruling_set_twice_is_refused() {
    let entity = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/entity.yaml");
    let (code, _, err) = motley(&[
        "moves",
        entity,
        "--ruling",
        "entry-zone=half",
        "--ruling",
        "entity.entry-zone=reach",
    ]);
    assert_eq!(
        (code, err.as_str()),
        (1, "ruling `entry-zone` is set twice\n")
    );
}

#[test]
fn u14_a_problem_under_a_combination_of_rulings_keeps_its_place() {
    let rulings = "
rulings:
  a:
    question: first?
    source: \"test: 'a'\"
    options: [x, y]
    default: x
  b:
    question: second?
    source: \"test: 'b'\"
    options: [x, y]
    default: x
";
    let file = variant_with(
        CHESS,
        "setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        &format!("setup: 'if(ruling(\"a\") == \"y\" and ruling(\"b\") == \"y\", \"8/8\", \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\")'\n{rulings}"),
        "u14",
    );
    let (code, _, _) = motley(&["check", &file]);
    assert_eq!(code, 0);
    let err = refused(&["moves", &file, "--ruling", "a=y", "--ruling", "b=y"], 1);
    assert_contains(&err, "u14.yaml:21:9: under a=y b=y: invalid setup: the board part `8/8` has 2 ranks, this variant has 8\n");
    assert_contains(&err, "\n21 | setup: 'if(");
}

#[test]
fn u1_an_ambiguous_san_move_names_its_candidates() {
    let two_knights = |san| {
        let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        motley(&["fen", CHESS, "--fen", fen, "--moves", san])
    };
    let (code, _, err) = two_knights("Nd2");
    assert_eq!(
        (code, err.as_str()),
        (1, "ambiguous move `Nd2`: it could be Nbd2 or Nfd2\n")
    );
    let (code, out, _) = two_knights("Nbd2");
    assert_eq!(
        (code, out.as_str()),
        (0, "4k3/8/8/8/8/8/3N4/4KN2 b - - 1 1\n")
    );
}

#[test]
fn u8_a_ruling_with_one_option_is_refused_where_it_is_declared() {
    let file = variant_with(
        CHESS,
        "draws:\n",
        "rulings:\n  only:\n    question: q?\n    source: \"s: 'w'\"\n    options: [one]\n    default: one\ndraws:\n",
        "u8",
    );
    let (code, out, err) = motley(&["explore", &file, "--ruling", "only"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with(&format!("{file}:36:3: ruling `only` has 1 option; a ruling is a question with at least two answers\n")),
        "{err}"
    );
}

#[test]
fn s15_bench_gives_no_ratio_when_the_counts_differ() {
    // Named `chess`, so the engine plays it, but its knight steps like a wazir.
    let file = variant_with(CHESS, "moves: N,", "moves: W,", "s15");
    let (code, out, err) = motley(&["bench", &file, "--depth", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    let engine_row = out
        .lines()
        .find(|l| l.starts_with("engine"))
        .unwrap_or_default();
    assert!(engine_row.ends_with(" -"), "{out}");
    assert_eq!(
        err,
        "no speed ratio where the implementations disagree: depth 1: the interpreter counts 16 leaves, the engine 20\n"
    );
}

#[test]
fn s2_a_king_that_stays_castles_the_rook_alone() {
    // The documented meaning (spec/LANGUAGE.md §8): `king_to` on the king's
    // own file is a castling in which only the rook moves; as in Chess960,
    // the side is the one opposite the rook's target, so the rook crosses
    // the king (h1 to d1), written king-takes-rook.
    let file = variant_with(
        CHESS,
        "    - { king_to: g, rook_to: f }\n",
        "    - { king_to: e, rook_to: d }\n",
        "s2",
    );
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let out = legal_moves(&file, fen);
    assert_eq!(out.lines().filter(|m| *m == "e1h1").count(), 1, "{out}");
    let (code, out, _) = motley(&["fen", &file, "--fen", fen, "--moves", "e1h1"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "4k3/8/8/8/8/8/8/3RK3 b - - 1 1\n")
    );
}

#[test]
fn s1_a_promoted_mark_is_refused_where_promotions_are_not_marked() {
    refused_fen(
        CHESS,
        "8/8/8/KPp4r~/8/8/8/4k3 w - c6 0 1",
        "invalid FEN `8/8/8/KPp4r~/8/8/8/4k3 w - c6 0 1`: `~` marks a promoted piece, and this variant keeps no such marks (only one whose captured pieces go to a hand demoted does)\n\
         \x20 | 8/8/8/KPp4r~/8/8/8/4k3 w - c6 0 1\n\
         \x20 |            ^\n",
    );
    let (code, out, err) = motley(&[
        "fen",
        CRAZYHOUSE,
        "--fen",
        "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1",
    ]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert_contains(&out, "Q~3K3[]");
}
