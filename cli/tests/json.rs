//! `--json` output parsed back: the shapes the README documents.

mod common;
use common::variant;

use serde_json::Value;
use std::process::Command;

/// Runs motley and parses its stdout as one JSON document.
fn json(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .arg("--json")
        .output()
        .expect("motley runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (out.status.code().unwrap_or(-1), value)
}

#[test]
fn check_reports_diagnostics_with_file_line_column_span_and_message() {
    let bad = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../interpreter/tests/diagnostics/notation-unknown-form.yaml"
    );
    let (code, v) = json(&["check", &variant("chess"), bad]);
    assert_eq!(code, 1);
    assert_eq!(v[0]["ok"], true);
    assert_eq!(v[0]["variant"], "chess");
    assert_eq!(v[0]["pieces"], 6);
    assert_eq!(v[1]["ok"], false);
    let d = &v[1]["diagnostics"][0];
    assert_eq!(d["file"], bad);
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(43), Some(12))
    );
    assert_eq!(d["span"]["length"], 2);
    assert_eq!(d["message"], "`notation.gating` is `/X` or `*X`, not `*F`");
}

#[test]
fn moves_perft_and_fen() {
    let (_, v) = json(&["moves", &variant("chess")]);
    let moves = v.as_array().expect("an array");
    assert_eq!(moves.len(), 20);
    assert_eq!(moves[0]["uci"], "a2a3");
    assert_eq!(moves[0]["san"], "a3");
    assert!(moves
        .iter()
        .any(|m| m["uci"] == "g1f3" && m["san"] == "Nf3"));
    let (_, v) = json(&["perft", &variant("chess"), "3", "--divide"]);
    assert_eq!(v["depth"], 3);
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["divide"].as_array().map(Vec::len), Some(20));
    assert_eq!(
        v["divide"][0],
        serde_json::json!({"move": "a2a3", "nodes": 380})
    );
    let (_, v) = json(&["perft", &variant("chess"), "2", "--impl", "engine"]);
    assert_eq!(v["nodes"], 400);
    let (_, v) = json(&["fen", &variant("chess"), "--moves", "e4"]);
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn show_and_status_give_the_state() {
    let (_, v) = json(&[
        "status",
        &variant("chess"),
        "--moves",
        "f3",
        "e5",
        "g4",
        "Qh4",
    ]);
    assert_eq!(
        v["outcome"],
        serde_json::json!({"winner": "black", "reason": "checkmate", "result": "0-1"})
    );
    assert_eq!(v["in_check"], true);
    assert_eq!(
        v["last_move"],
        serde_json::json!({"san": "Qh4#", "uci": "d8h4"})
    );
    let (_, v) = json(&[
        "show",
        &variant("crazyhouse"),
        "--moves",
        "e4",
        "d5",
        "exd5",
    ]);
    assert_eq!(v["side_to_move"], "black");
    assert_eq!(v["hands"]["white"]["P"], 1);
    assert_eq!(v["outcome"], Value::Null);
    let (_, v) = json(&[
        "show",
        &variant("entity"),
        "--moves",
        "E@a3",
        "E@h6",
        "--as",
        "white",
    ]);
    assert_eq!(v["hidden"], serde_json::json!(["black entity"]));
    assert_eq!(v["last_move"], Value::Null);
}

#[test]
fn conform_gives_one_object_per_case_and_bench_its_rows() {
    let cases = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../conformance/cases/chess/legal.yaml"
    );
    let (code, v) = json(&["conform", cases]);
    assert_eq!(code, 0);
    let all = v["cases"].as_array().expect("cases");
    assert_eq!(v["passed"].as_u64(), Some(all.len() as u64));
    assert_eq!(v["failed"], 0);
    assert!(all
        .iter()
        .all(|c| c["status"] == "passed" && c["file"] == cases));
    let (_, v) = json(&["bench", &variant("chess"), "--depth", "2"]);
    assert_eq!(v[0]["impl"], "interpreter");
    assert_eq!(v[0]["leaves"], 400);
    assert_eq!(v[1]["impl"], "interp bulk");
    assert_eq!(v[1]["leaves"], 400);
    assert_eq!(v[2]["impl"], "engine");
    assert!(v[2]["x_interp"].as_f64().is_some_and(|x| x > 0.0));
    assert!(v[2]["x_bulk"].as_f64().is_some_and(|x| x > 0.0));
}

#[test]
fn json_is_refused_where_it_is_not_offered() {
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(["record", &variant("chess"), "--json"])
        .output()
        .expect("motley runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("--json is offered by"));
}
