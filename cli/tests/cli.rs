//! The command-line contract of the README.

mod common;
use common::{assert_contains, assert_ends, assert_starts, motley, refused, with_moves};

use std::process::Command;

const CHESS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/chess.yaml");

#[test]
fn perft_prints_the_count_last() {
    let (code, out, _) = motley(&["perft", CHESS, "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("8902"));
}

#[test]
fn divide_lists_root_moves_then_the_total() {
    let (code, out, _) = motley(&["perft", CHESS, "2", "--divide", "--moves", "e2e4"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20 + 2);
    assert_eq!(lines[0], "a7a5 30");
    assert_eq!(lines.last(), Some(&"600"));
}

#[test]
fn threads_give_the_same_count() {
    let (_, out, _) = motley(&["perft", CHESS, "4", "--threads", "2"]);
    assert_eq!(out.lines().last(), Some("197281"));
}

#[test]
fn bulk_counting_gives_the_same_count() {
    let (code, out, _) = motley(&["perft", CHESS, "4", "--bulk"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("197281"));
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (code, out, _) = motley(&["perft", CHESS, "3", "--bulk", "--fen", kiwipete, "--divide"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("97862"));
    assert!(out.lines().any(|l| l == "e2a6 1907"), "{out}");
}

#[test]
fn moves_are_sorted_canonical_text() {
    let (code, out, _) = motley(&["moves", CHESS, "--fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "a7a8b\na7a8n\na7a8q\na7a8r\ne1d1\ne1d2\ne1e2\ne1f1\ne1f2\n"
    );
}

#[test]
fn fen_after_san_and_uci_moves() {
    let (code, out, _) = motley(&with_moves(&["fen", CHESS], "e4 c7c5 Nf3"));
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn illegal_and_malformed_moves_fail_with_a_message() {
    let (code, out, err) = motley(&["fen", CHESS, "--moves", "e2e4", "e2e5"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err.trim(),
        "illegal move `e2e5` in `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1`"
    );
    let err = refused(&["moves", CHESS, "--moves", "hello"], 1);
    assert_starts(&err, "malformed move `hello`");
}

#[test]
fn bad_fen_and_ruling_fail() {
    let err = refused(&["moves", CHESS, "--fen", "8/8/8 w - - 0 1"], 1);
    assert_eq!(
        err,
        "invalid FEN `8/8/8 w - - 0 1`: the board part `8/8/8` has 3 ranks, this variant has 8\n  | 8/8/8 w - - 0 1\n  | ^^^^^\n"
    );
    let err = refused(&["perft", CHESS, "1", "--ruling", "x=y"], 1);
    assert_eq!(
        err.trim(),
        "unknown ruling `x`: this variant has no rulings"
    );
}

#[test]
fn check_reports_ok_or_located_problems() {
    let (code, out, _) = motley(&["check", CHESS]);
    assert_eq!(code, 0);
    assert_ends(&out, "chess.yaml: ok: chess (6 piece types)\n");
    let dir = std::env::temp_dir().join(format!("motley-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.yaml");
    let text = std::fs::read_to_string(CHESS)
        .expect("chess.yaml")
        .replace("moves: N,", "moves: Nx,");
    std::fs::write(&bad, text).expect("write");
    let err = refused(&["check", bad.to_str().expect("utf-8 path")], 1);
    let first = err.lines().next().unwrap_or_default();
    assert!(
        first.ends_with("bad.yaml:16:40: bad Betza movement `Nx`: unexpected `x`"),
        "{err}"
    );
    assert_contains(&err, "\n   |                                        ^\n");
}

#[test]
fn show_hides_the_opponents_hidden_pieces() {
    let entity = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/entity.yaml");
    let (code, out, _) = motley(&["show", entity, "--moves", "E@a3", "E@h6", "--as", "white"]);
    assert_eq!(code, 0);
    assert_contains(
        &out,
        "fen: rnbqkbnr/pppppppp/8/8/8/E7/PPPPPPPP/RNBQKBNR[] w KQkq - 2 2\n",
    );
    assert_ends(
        &out,
        "hidden: black entity (on the board, not shown to white)\n",
    );
    let (_, out, _) = motley(&["show", entity, "--moves", "E@a3", "E@h6", "--as", "black"]);
    assert_contains(
        &out,
        "fen: rnbqkbnr/pppppppp/7e/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 2 2\n",
    );
    let (_, out, _) = motley(&["show", entity, "--moves", "E@a3", "E@h6"]);
    assert_contains(&out, " 6 . . . . . . . e\n");
    assert_ends(
        &out,
        "fen: rnbqkbnr/pppppppp/7e/8/8/E7/PPPPPPPP/RNBQKBNR[] w KQkq - 2 2\n",
    );
}

#[test]
fn rulings_are_switchable_and_checked() {
    let entity = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/entity.yaml");
    let fen = "4k3/8/8/8/8/8/8/4K3[E] w - - 0 1";
    let (_, default, _) = motley(&["moves", entity, "--fen", fen]);
    let (_, half, _) = motley(&[
        "moves",
        entity,
        "--fen",
        fen,
        "--ruling",
        "entity.entry-zone=half",
    ]);
    assert!(
        !default.contains("E@c3") && half.contains("E@c3"),
        "{default}\n{half}"
    );
    let err = refused(&["moves", entity, "--ruling", "entry-zone=all"], 1);
    assert_eq!(
        err.trim(),
        "ruling `entity.entry-zone` has no option `all`; the options are: reach, half"
    );
}

#[test]
fn explore_finds_where_ruling_options_differ() {
    let entity = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/entity.yaml");
    let (code, out, _) = motley(&["explore", entity, "--ruling", "entry-zone", "--budget", "1"]);
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap_or_default();
    assert_eq!(first, "entity.entry-zone=reach and entity.entry-zone=half: differ after 0 moves (game 0 of seed 1): different legal moves");
    assert_contains(
        &out,
        "only under the second: E@c3 E@c4 E@d3 E@d4 E@e3 E@e4 E@f3 E@f4\n",
    );
    let (code, out, _) = motley(&["explore", entity, "--against", "engine", "--budget", "2"]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "interpreter and engine: no difference in 2 games of seed 1\n"
        )
    );
    let err = refused(&["explore", entity, "--ruling", "nope"], 1);
    assert_eq!(
        err.trim(),
        "unknown ruling `nope`; the rulings are: entity.entry-zone, entity.promotion"
    );
}

#[test]
fn perft_depths_past_the_maximum_are_refused_before_any_work() {
    let too_deep = "perft depth 5000 is too deep: the most is 64";
    for args in [
        vec!["perft", CHESS, "5000"],
        vec!["perft", CHESS, "5000", "--impl", "engine"],
        vec!["perft", CHESS, "5000", "--impl", "both"],
        vec!["bench", CHESS, "--depth", "1", "5000"],
    ] {
        let (code, out, err) = motley(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(too_deep), "{args:?}: {err}");
    }
    let err = refused(&["perft", CHESS, "4294967295"], 2);
    assert_contains(&err, "perft depth 4294967295 is too deep");
    let err = refused(&["perft", CHESS, "99999999999999999999"], 2);
    assert_contains(
        &err,
        "`99999999999999999999` is not a depth: expected a whole number from 0 to 64",
    );
}

#[test]
fn thread_counts_are_capped() {
    for args in [
        vec!["perft", CHESS, "1", "--threads", "100000"],
        vec!["perft", CHESS, "1", "--threads", "0"],
        vec!["conform", "--threads", "100000"],
    ] {
        let (code, _, err) = motley(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            err.contains("expected a number of threads from 1 to 256"),
            "{args:?}: {err}"
        );
    }
    // More threads than root moves: the extra ones are never started.
    let (code, out, _) = motley(&["perft", CHESS, "2", "--threads", "256"]);
    assert_eq!((code, out.as_str()), (0, "400\n"));
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::process::Stdio;
    // More output than a pipe holds, so the writer meets the closed end.
    let files = vec![CHESS; 3000];
    let mut child = Command::new(env!("CARGO_BIN_EXE_motley"))
        .arg("check")
        .args(&files)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("motley runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("motley ends");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn devices_and_huge_files_are_not_read() {
    let (code, _, err) = motley(&["check", "/dev/zero"]);
    assert_eq!(
        (code, err.trim()),
        (1, "/dev/zero: cannot read: it is not a regular file")
    );
    let big = std::env::temp_dir().join(format!("motley-big-{}.yaml", std::process::id()));
    std::fs::write(&big, vec![b'#'; 2 << 20]).expect("temp file");
    let (code, _, err) = motley(&["check", big.to_str().unwrap()]);
    std::fs::remove_file(&big).ok();
    assert_eq!(code, 1);
    assert!(
        err.trim()
            .ends_with("cannot read: larger than 1 MB, the most a rule or case file may be"),
        "{err}"
    );
}
