//! The case files under `cases/` pass for the interpreter and the engine
//! within their CI budgets; wrong cases fail with the expected lines; bad
//! case files are refused with located messages; UCI runs perft cases.

use std::path::{Path, PathBuf};

use motley_conformance::runner::{run_paths, Budget, Options, Report, Status};
use motley_conformance::{CaseFile, ImplKind};

fn here(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn ci() -> Options {
    Options {
        budget: Budget::Default,
        ..Options::default()
    }
}

/// The report of running the cases at `rel` (below the crate) with `kind`
/// on one thread under the CI budget.
fn run_one(rel: &str, kind: &ImplKind) -> Report {
    run_paths(&[here(rel)], kind, &Options { threads: 1, ..ci() })
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[track_caller]
fn assert_no_failures(report: &Report) {
    let failures = report.failure_lines();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn suite_passes(kind: ImplKind) {
    let report = run_paths(&[here("cases")], &kind, &ci()).expect("cases folder");
    let failures = report.failure_lines();
    assert!(failures.is_empty(), "{kind}:\n{}", failures.join("\n"));
    assert!(
        report.passed() >= 200,
        "{kind}: only {} passed",
        report.passed()
    );
    eprintln!("{kind}: {}", report.summary());
}

#[test]
fn the_suite_passes_for_the_interpreter() {
    suite_passes(ImplKind::Interpreter);
}

#[test]
fn the_suite_passes_for_the_engine() {
    suite_passes(ImplKind::Engine);
}

#[test]
fn every_case_names_its_source_and_the_perft_suite_is_complete() {
    let files = motley_conformance::case::case_files(&[here("cases/chess")]).expect("cases");
    let mut perftsuite = 0;
    for path in files {
        let file = CaseFile::read(&path).unwrap_or_else(|e| panic!("{e}"));
        for case in &file.cases {
            assert!(
                case.source.len() > 10,
                "{}: {}: source too short",
                path.display(),
                case.name
            );
        }
        if path.ends_with("perftsuite.yaml") {
            perftsuite = file.cases.len();
        }
    }
    assert_eq!(perftsuite, 127);
}

#[test]
fn wrong_cases_fail_with_the_difference() {
    for kind in [ImplKind::Interpreter, ImplKind::Engine] {
        let report = run_one("tests/fixtures/wrong.yaml", &kind);
        let file = here("tests/fixtures/wrong.yaml").display().to_string();
        assert_eq!(
            report.failure_lines(),
            vec![
                format!("{file}: wrong perft: perft 2: expected 401, got 400"),
                format!("{file}: wrong legal set: legal moves: missing e2e5, unexpected a2a3"),
                format!("{file}: wrong outcome: outcome: expected white by checkmate, got black by checkmate"),
            ],
            "{kind}"
        );
        assert_eq!(
            (report.passed(), report.failed(), report.skipped()),
            (1, 3, 1),
            "{kind}"
        );
        assert_eq!(report.summary(), "1 passed, 3 failed, 1 skipped (1 perft counts over the node budget not run; --full runs them)");
        let verbose = report.render(true);
        assert!(
            verbose.contains("over budget: skipped: every perft count is over the node budget"),
            "{verbose}"
        );
    }
}

#[test]
fn budgets_can_be_overridden() {
    let path = [here("tests/fixtures/wrong.yaml")];
    let full = run_paths(
        &path,
        &ImplKind::Engine,
        &Options {
            budget: Budget::Unlimited,
            threads: 1,
            ..ci()
        },
    )
    .expect("fixture");
    assert_eq!((full.passed(), full.failed(), full.skipped()), (2, 3, 0));
    let tight = run_paths(
        &path,
        &ImplKind::Engine,
        &Options {
            budget: Budget::Nodes(25),
            threads: 1,
            ..ci()
        },
    )
    .expect("fixture");
    // Only the depth-1 counts fit (so `wrong perft` passes); legal sets and outcomes cost nothing.
    assert_eq!((tight.passed(), tight.failed(), tight.skipped()), (2, 2, 1));
    assert_eq!(tight.counts_over_budget(), 2);
}

#[test]
fn budgets_bound_the_work_done_not_the_count_claimed() {
    let path = [here("tests/fixtures/claims-too-small.yaml")];
    let report = run_paths(&path, &ImplKind::Engine, &ci()).expect("fixture");
    // Depth 12 stops once a shallower count passes the budget (depth 5).
    assert_eq!(
        (report.passed(), report.failed(), report.skipped()),
        (0, 1, 1)
    );
    assert_eq!(report.counts_over_budget(), 1);
    let file = here("tests/fixtures/claims-too-small.yaml")
        .display()
        .to_string();
    assert_eq!(
        report.failure_lines(),
        [format!(
            "{file}: a claim of one leaf at depth 3: perft 3: expected 1, got 8902"
        )]
    );
}

fn parse(text: &str) -> String {
    let dir = here("tests/fixtures");
    match CaseFile::parse(&dir.join("x.yaml"), text) {
        Ok(_) => "ok".to_string(),
        Err(e) => e.to_string().replace(&dir.display().to_string(), "DIR"),
    }
}

#[test]
fn bad_case_files_are_refused_with_located_messages() {
    let head = "variant: ../../../spec/variants/chess.yaml\ncases:\n";
    let entry = |expect: &str| format!("  - name: a\n    source: s\n    expect: {expect}\n");
    let case = |expect: &str| format!("{head}{}", entry(expect));
    let perft = "{ perft: { 1: 20 } }";
    // (file text, the message, whether the message is given whole or as
    // its start)
    let files = [
        (
            format!("{head}  - name: a\n    source: s s s\n    expect: {perft}\n"),
            "ok",
            true,
        ),
        (
            "variant: nowhere.yaml\ncases: []\n".to_string(),
            "DIR/x.yaml:1:10: variant rule file `DIR/nowhere.yaml` not found (the path is relative to the case file)",
            true,
        ),
        (
            format!("{head}  - name: a\n    expect: {perft}\n"),
            "DIR/x.yaml:4:5: missing key `source`",
            false,
        ),
        (
            format!("{head}  - name: a\n    source: \"\"\n    expect: {perft}\n"),
            "DIR/x.yaml:3:5: case `a`: `source` is empty; name the document and quote the words the case rests on",
            true,
        ),
        (
            format!("{}    fenn: x\n", case(perft)),
            "DIR/x.yaml:6:5: unknown key `fenn`",
            false,
        ),
        (
            case("{ outcome: { winner: blue, reason: checkmate } }"),
            "DIR/x.yaml:3:5: case `a`: winner `blue`: expected white, black or draw",
            true,
        ),
        (
            case("{ outcome: { winner: draw, reason: check count } }"),
            "DIR/x.yaml:3:5: case `a`: `draw` by `check count` cannot happen: `check count` always has a winner",
            true,
        ),
        (
            case("{}"),
            "DIR/x.yaml:3:5: case `a`: `expect` is empty; give at least one of legal, includes, excludes, perft, outcome, fen, error",
            true,
        ),
        (
            case("{ error: x, perft: { 1: 1 } }"),
            "DIR/x.yaml:3:5: case `a`: `error` cannot be combined with other expectations: the start is refused, so there is no position",
            true,
        ),
        (
            format!("{}{}", case(perft), entry(perft)),
            "DIR/x.yaml:6:5: case `a`: another case of this file has the same name",
            true,
        ),
        (
            case("{ perft: { 5000: 1 } }"),
            "DIR/x.yaml:3:5: case `a`: perft depth 5000 is too deep: the most is 64",
            true,
        ),
        (case("{ perft: { 1: many } }"), "DIR/x.yaml:5:", false),
    ];
    for (text, message, whole) in files {
        let got = parse(&text);
        if whole {
            assert_eq!(got, message, "{text}");
        } else {
            assert!(got.starts_with(message), "{got}\n{text}");
        }
    }
}

/// Issue 15: S17 (a file without cases), U9 (a zero budget with its place),
/// U13 (move lists that hold no move text).
#[test]
fn empty_files_zero_budgets_and_malformed_moves_are_refused() {
    let head = "variant: ../../../spec/variants/chess.yaml\n";
    assert_eq!(
        parse(&format!("{head}cases: []\n")),
        "DIR/x.yaml:2:8: the file has no cases; a case file holds at least one"
    );
    assert_eq!(
        parse(&format!("{head}budget: 0\ncases:\n  - name: a\n    source: s\n    expect: {{ perft: {{ 1: 20 }} }}\n")),
        "DIR/x.yaml:2:9: `budget` must be at least 1"
    );
    for (key, text) in [
        ("legal", "e2-e4"),
        ("includes", "Nf3"),
        ("excludes", "e2e0"),
        ("legal", "N@z4"),
        ("legal", "e2e4,e4"),
    ] {
        assert_eq!(
            parse(&format!("{head}cases:\n  - name: a\n    source: s\n    expect: {{ {key}: [e2e4, \"{text}\"] }}\n")),
            format!("DIR/x.yaml:3:5: case `a`: `{key}` holds `{text}`, which is not a move in canonical text (`e2e4`, `e7e8q`, `N@e4`, `e1g1/He1`, `e2e4,e4e3`, `0000`)")
        );
    }
    assert_eq!(
        parse(&format!("{head}cases:\n  - name: a\n    source: s\n    expect: {{ legal: [e7e8q, P@e4, a10p16, e1g1/He1, \"e2e4,e4e3\", \"0000\"] }}\n")),
        "ok"
    );
}

/// Issue 15, S18: a symbolic link back up the tree is read once.
#[cfg(unix)]
#[test]
fn linked_folders_are_read_once() {
    let dir = std::env::temp_dir().join(format!("motley-links-{}", std::process::id()));
    let inner = dir.join("inner");
    std::fs::create_dir_all(&inner).expect("temp dir");
    std::fs::write(inner.join("a.yaml"), "x").expect("write");
    let _ = std::os::unix::fs::symlink(&dir, inner.join("loop"));
    let _ = std::os::unix::fs::symlink(&inner, dir.join("again"));
    let found = motley_conformance::case::case_files(std::slice::from_ref(&dir)).expect("walk");
    assert_eq!(found.len(), 1, "{found:?}");
}

#[test]
fn an_unreadable_case_file_counts_as_a_failure() {
    let dir = std::env::temp_dir().join(format!("motley-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.yaml");
    std::fs::write(&bad, "variant: [\n").expect("write");
    let report = run_paths(std::slice::from_ref(&bad), &ImplKind::Engine, &ci()).expect("path");
    assert_eq!(report.failed(), 1);
    assert!(
        report.failure_lines()[0].starts_with(&format!("{}:", bad.display())),
        "{:?}",
        report.failure_lines()
    );
}

#[test]
fn misbehaving_uci_engines_fail_the_case_within_the_deadline() {
    let script = here("tests/fixtures/uci-hostile.sh");
    for (mode, why) in [
        ("silent", "did not answer within 1s"),
        (
            "flood",
            "sent more than 10000 lines without finishing its answer",
        ),
        ("trickle", "did not answer within 1s"),
        ("long-line", "sent a line longer than 65536 bytes"),
        ("not-utf8", "sent a line that is not UTF-8"),
    ] {
        let kind: ImplKind = format!("uci:sh {} {mode}", script.display())
            .parse()
            .expect("uci kind");
        let report = run_paths(
            &[here("tests/fixtures/uci-one.yaml")],
            &kind,
            &Options {
                threads: 1,
                uci_timeout: std::time::Duration::from_secs(1),
                ..ci()
            },
        )
        .expect("fixture");
        let lines = report.failure_lines();
        assert_eq!(lines.len(), 1, "{mode}: {lines:?}");
        assert!(lines[0].contains(why), "{mode}: {lines:?}");
    }
}

#[test]
fn uci_engines_run_the_perft_and_move_cases() {
    let script = here("tests/fixtures/uci-fake.sh");
    let kind: ImplKind = format!("uci:sh {}", script.display())
        .parse()
        .expect("uci kind");
    let report = run_one("tests/fixtures/uci.yaml", &kind);
    assert_no_failures(&report);
    assert_eq!(
        (report.passed(), report.failed(), report.skipped()),
        (2, 0, 2)
    );
    let skipped: Vec<&str> = report
        .results
        .iter()
        .filter_map(|r| {
            if let Status::Skipped(why) = &r.status {
                Some(why.as_str())
            } else {
                None
            }
        })
        .collect();
    assert!(
        skipped[0].contains("does not support outcome"),
        "{skipped:?}"
    );
    assert!(
        skipped[1].contains("cannot report refused input"),
        "{skipped:?}"
    );
}

#[test]
fn a_missing_uci_engine_is_a_clear_failure() {
    let kind: ImplKind = "uci:/nonexistent/engine".parse().expect("uci kind");
    let report = run_one("tests/fixtures/uci.yaml", &kind);
    let lines = report.failure_lines();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].ends_with("uci.yaml: all 4 cases: cannot load variant: cannot start UCI engine `/nonexistent/engine`: No such file or directory (os error 2)"), "{lines:?}");
}

/// With `MOTLEY_UCI_ENGINE=/usr/games/stockfish` (or any UCI engine of
/// orthodox chess) the chess cases run against it; without, nothing runs.
#[test]
fn a_real_uci_engine_passes_the_chess_cases_when_given() {
    let Ok(command) = std::env::var("MOTLEY_UCI_ENGINE") else {
        return;
    };
    let kind = ImplKind::Uci(command);
    let report = run_one("cases/chess", &kind);
    assert_no_failures(&report);
    assert!(report.passed() > 100, "{}", report.summary());
}

#[test]
fn known_failures_are_counted_apart() {
    for kind in [ImplKind::Interpreter, ImplKind::Engine] {
        let report = run_one("tests/fixtures/known.yaml", &kind);
        assert_no_failures(&report);
        assert_eq!(
            (report.passed(), report.failed(), report.known()),
            (1, 0, 1)
        );
        assert_eq!(
            report.summary(),
            "1 passed, 0 failed, 0 skipped, 1 known failures"
        );
        let verbose = report.render(true);
        assert!(
            verbose.contains(
                ": a known failure: known failure (planted): perft 1: expected 21, got 20\n"
            ),
            "{verbose}"
        );
        assert!(
            verbose.contains(
                ": marked but passing: passes, though marked known (was broken); remove the mark\n"
            ),
            "{verbose}"
        );
    }
    let dir = here("tests/fixtures");
    let bad = CaseFile::parse(&dir.join("x.yaml"), "variant: ../../../spec/variants/chess.yaml\ncases:\n  - name: a\n    source: s\n    known: { stockfish: x }\n    expect: { perft: { 1: 20 } }\n");
    assert!(bad
        .is_err_and(|e| e.message
            == "case `a`: `known` names `stockfish`; expected interp, engine, uci or fsf"));
}

/// Every Fairy-Stockfish variant bundled under its FSF name has a case file
/// `cases/fsf/NAME.yaml` for `spec/variants/NAME.yaml`: the start position as
/// FSF prints it, and perft counts; `spec/FAIRY-STOCKFISH.md` lists it.
#[test]
fn every_fairy_stockfish_case_file_names_its_rule_file_and_holds_perft_counts() {
    let table = std::fs::read_to_string(here("../spec/FAIRY-STOCKFISH.md")).expect("the FSF table");
    let files = motley_conformance::case::case_files(&[here("cases/fsf")]).expect("cases/fsf");
    assert!(files.len() >= 38, "only {} FSF case files", files.len());
    for path in files {
        let file = CaseFile::read(&path).unwrap_or_else(|e| panic!("{e}"));
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("file name");
        assert_eq!(
            file.variant.file_stem().and_then(|s| s.to_str()),
            Some(name),
            "{}: the rule file is named otherwise",
            path.display()
        );
        assert!(
            table.contains(&format!("`{name}`")),
            "spec/FAIRY-STOCKFISH.md does not list `{name}`"
        );
        let start = &file.cases[0];
        assert!(
            start.fen.is_none() && start.moves.is_empty() && start.expect.fen.is_some(),
            "{}: the first case is not the start position's FEN",
            path.display()
        );
        assert!(
            file.cases.iter().any(|c| !c.expect.perft.is_empty()),
            "{}: no perft count",
            path.display()
        );
    }
}
