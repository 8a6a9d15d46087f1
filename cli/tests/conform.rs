//! `motley conform`, `perft --impl` and the engine column of `bench`.

mod common;
use common::{assert_contains, motley_at_root, refused_at_root};

const CHESS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/chess.yaml");
const WRONG: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../conformance/tests/fixtures/wrong.yaml"
);

#[test]
fn conform_runs_the_default_suite() {
    for imp in ["interp", "engine"] {
        let (code, out, err) = motley_at_root(&["conform", "--impl", imp]);
        assert_eq!(code, 0, "{imp}: {out}{err}");
        let last = out.lines().last().unwrap_or_default();
        assert!(last.contains(" passed, 0 failed, "), "{imp}: {out}");
        assert_eq!(
            out.lines().count(),
            1,
            "{imp}: only the summary when all pass: {out}"
        );
    }
}

#[test]
fn conform_prints_one_line_per_failing_case_and_fails() {
    let (code, out, _) = motley_at_root(&["conform", WRONG]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(
        lines[0],
        format!("{WRONG}: wrong perft: perft 2: expected 401, got 400")
    );
    assert_eq!(
        lines[1],
        format!("{WRONG}: wrong legal set: legal moves: missing e2e5, unexpected a2a3")
    );
    assert_eq!(
        lines[2],
        format!(
            "{WRONG}: wrong outcome: outcome: expected white by checkmate, got black by checkmate"
        )
    );
    assert_eq!(lines[3], "1 passed, 3 failed, 1 skipped (1 perft counts over the node budget not run; --full runs them)");
}

#[test]
fn conform_budget_full_and_verbose() {
    let (code, out, _) = motley_at_root(&["conform", WRONG, "--full", "--impl", "engine"]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().last(), Some("2 passed, 3 failed, 0 skipped"));
    let (_, out, _) = motley_at_root(&["conform", WRONG, "--budget", "25", "--verbose"]);
    assert_contains(
        &out,
        ": wrong perft: over the budget: perft 2 (401 nodes)\n",
    );
    assert_contains(
        &out,
        ": over budget: skipped: every perft count is over the node budget\n",
    );
    assert_eq!(out.lines().last(), Some("2 passed, 2 failed, 1 skipped (2 perft counts over the node budget not run; --full runs them)"));
}

#[test]
fn conform_refuses_bad_arguments() {
    let err = refused_at_root(&["conform", "--impl", "stockfish"], 1);
    assert_eq!(
        err.trim(),
        "unknown implementation `stockfish`: expected `interp`, `engine`, `fsf[:VARIANT]` or `uci:COMMAND`"
    );
    let err = refused_at_root(&["conform", "no/such/cases"], 1);
    assert_eq!(err.trim(), "no/such/cases: no such file or folder");
}

#[test]
fn perft_with_the_engine_and_both() {
    let (code, out, _) = motley_at_root(&["perft", CHESS, "3", "--impl", "engine"]);
    assert_eq!((code, out.as_str()), (0, "8902\n"));
    // SAN moves are translated for the engine; both print what the interpreter prints.
    let args = ["perft", CHESS, "2", "--divide", "--moves", "e4", "c7c5"];
    let (_, interp, _) = motley_at_root(&args);
    for imp in ["engine", "both"] {
        let (code, out, _) = motley_at_root(&[&args[..], &["--impl", imp]].concat());
        assert_eq!((code, &out), (0, &interp), "{imp}");
    }
    assert!(
        interp.starts_with("a2a3 ") && interp.contains("\nd1h5 "),
        "{interp}"
    );
    let (code, out, _) = motley_at_root(&[
        "perft",
        CHESS,
        "3",
        "--impl",
        "both",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "--threads",
        "2",
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("13744")));
    let (code, _, err) = motley_at_root(&["perft", CHESS, "1", "--bulk", "--impl", "engine"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--bulk counts the interpreter's last ply: use it without --impl"),
        "{err}"
    );
    let (code, _, err) = motley_at_root(&["perft", CHESS, "1", "--impl", "nope"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn bench_has_an_engine_row_with_the_ratio() {
    let (code, out, _) = motley_at_root(&["bench", CHESS, "--depth", "3"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].ends_with("x interp     x bulk"), "{out}");
    assert!(
        lines[1].starts_with("interpreter ") && lines[1].contains(" 8902 "),
        "{out}"
    );
    assert!(
        lines[2].starts_with("interp bulk ") && lines[2].contains(" 8902 "),
        "{out}"
    );
    assert!(
        lines[3].starts_with("engine ") && lines[3].contains(" 8902 "),
        "{out}"
    );
    // The interpreter's row is its own unit in the first ratio column.
    assert_eq!(lines[1].split_whitespace().nth(5), Some("1.00"), "{out}");
    assert_eq!(lines[2].split_whitespace().nth(7), Some("1.00"), "{out}");
}

#[test]
fn bench_against_fsf_adds_its_bulk_row_or_says_why_not() {
    let (code, out, err) = motley_at_root(&["bench", CHESS, "--depth", "3", "--against", "fsf"]);
    assert_eq!(code, 0, "{err}");
    let Some(row) = out.lines().find(|l| l.starts_with("fsf (bulk) ")) else {
        assert!(
            err.contains("motley: no Fairy-Stockfish row: "),
            "{out}{err}"
        );
        assert!(
            std::env::var_os("CI").is_none(),
            "Fairy-Stockfish must run in CI: {err}"
        );
        eprintln!("skipped: {err}");
        return;
    };
    assert!(row.contains(" 8902 "), "{out}");
    assert_eq!(out.lines().count(), 5, "{out}");
}

#[test]
fn bench_against_takes_only_fsf_and_not_with_search() {
    let err = refused_at_root(&["bench", CHESS, "--against", "stockfish"], 2);
    assert_contains(&err, "expected `fsf` or `fsf:VARIANT`, not `stockfish`");
    let err = refused_at_root(&["bench", CHESS, "--search", "--against", "fsf"], 2);
    assert_contains(&err, "cannot be used with");
}
