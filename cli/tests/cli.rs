//! The command-line contract of the README.

use std::process::Command;

const CHESS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/chess.yaml");

fn motley(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_motley")).args(args).output().expect("motley runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

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
fn moves_are_sorted_canonical_text() {
    let (code, out, _) = motley(&["moves", CHESS, "--fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_eq!(code, 0);
    assert_eq!(out, "a7a8b\na7a8n\na7a8q\na7a8r\ne1d1\ne1d2\ne1e2\ne1f1\ne1f2\n");
}

#[test]
fn fen_after_san_and_uci_moves() {
    let (code, out, _) = motley(&["fen", CHESS, "--moves", "e4", "c7c5", "Nf3"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

#[test]
fn illegal_and_malformed_moves_fail_with_a_message() {
    let (code, out, err) = motley(&["fen", CHESS, "--moves", "e2e4", "e2e5"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err.trim(), "illegal move `e2e5` in `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1`");
    let (code, _, err) = motley(&["moves", CHESS, "--moves", "hello"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("malformed move `hello`"), "{err}");
}

#[test]
fn bad_fen_and_ruling_fail() {
    let (code, _, err) = motley(&["moves", CHESS, "--fen", "8/8/8 w - - 0 1"]);
    assert_eq!(code, 1);
    assert_eq!(err.trim(), "invalid FEN `8/8/8 w - - 0 1`: the board has 3 ranks, this variant has 8");
    let (code, _, err) = motley(&["perft", CHESS, "1", "--ruling", "x=y"]);
    assert_eq!(code, 1);
    assert_eq!(err.trim(), "unknown ruling `x`: this variant has no rulings");
}

#[test]
fn check_reports_ok_or_located_problems() {
    let (code, out, _) = motley(&["check", CHESS]);
    assert_eq!(code, 0);
    assert!(out.ends_with("chess.yaml: ok: chess (6 piece types)\n"), "{out}");
    let dir = std::env::temp_dir().join(format!("motley-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.yaml");
    let text = std::fs::read_to_string(CHESS).expect("chess.yaml").replace("moves: N,", "moves: Nx,");
    std::fs::write(&bad, text).expect("write");
    let (code, _, err) = motley(&["check", bad.to_str().expect("utf-8 path")]);
    assert_eq!(code, 1);
    let first = err.lines().next().unwrap_or_default();
    assert!(first.ends_with("bad.yaml:16:40: bad Betza movement `Nx`: unexpected `x`"), "{err}");
    assert!(err.contains("\n   |                                        ^\n"), "{err}");
}
