//! Golden tests for diagnostics: every `tests/diagnostics/NAME.yaml` is a rule
//! file with one deliberate defect; `NAME.stderr` beside it holds exactly what
//! `motley check NAME.yaml` prints, i.e.
//! `build(source).unwrap_err().render("NAME.yaml", source)`.
//!
//! A case may extend another file (`extends`, spec/LANGUAGE.md §1.1): the
//! parents it names stand in `tests/diagnostics/parents/`, or are bundled
//! files; a problem in a parent is rendered with the parent's path.
//!
//! To (re)write the goldens after changing a message, run
//!
//!     MOTLEY_BLESS=1 cargo test -p motley-chess-interpreter --test diagnostics
//!
//! and read every changed `.stderr` before committing it.

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use motley_interpreter::build_named;
use motley_testkit::yaml_files;

/// Cases whose problem genuinely concerns the whole file, so their rendering
/// may contain a `NAME.yaml: message` line without a line and column.
/// Every other problem must be rendered as `NAME.yaml:LINE:COL: message`.
const WHOLE_FILE: &[&str] = &[
    "missing-board",
    "missing-motley",
    "missing-name",
    "missing-pieces",
    "missing-setup",
    // A file with no YAML content (only a comment): there is nothing to point at.
    "yaml-empty-file",
];

fn cases() -> Vec<PathBuf> {
    yaml_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics"))
}

/// Whether `line` starts with `FILE:LINE:COL: `.
fn is_located(line: &str, file: &str) -> bool {
    let Some(rest) = line.strip_prefix(file).and_then(|r| r.strip_prefix(':')) else {
        return false;
    };
    let mut parts = rest.splitn(3, ':');
    let number = |s: Option<&str>| {
        s.is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && s != "0")
    };
    number(parts.next()) && number(parts.next()) && parts.next().is_some_and(|m| m.starts_with(' '))
}

#[test]
fn diagnostics_match_goldens() {
    let bless = std::env::var("MOTLEY_BLESS").is_ok_and(|v| v == "1");
    let cases = cases();
    assert!(cases.len() >= 30, "only {} diagnostic cases", cases.len());
    let mut failures = Vec::new();
    for path in &cases {
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let file = format!("{stem}.yaml");
        let source = fs::read_to_string(path).unwrap();
        let dir = path.parent().unwrap().to_path_buf();
        let read = move |name: &str| {
            motley_interpreter::load::read_text(&dir.join(name)).map_err(|d| d.to_string())
        };

        // (a) The build fails, and does not panic.
        let Ok(result) = catch_unwind(AssertUnwindSafe(|| build_named(&file, &source, &read)))
        else {
            failures.push(format!("{file}: build panicked"));
            continue;
        };
        let rendered = match result {
            Ok(_) => {
                failures.push(format!("{file}: build succeeded but the file is broken"));
                continue;
            }
            Err(diagnostics) => diagnostics.render(&file, &source),
        };

        // (b) Every problem has a location unless it concerns the whole file.
        let problems: Vec<&str> = rendered
            .lines()
            .filter(|l| l.starts_with(&format!("{file}:")) || l.starts_with("parents/"))
            .collect();
        if problems.is_empty() {
            failures.push(format!("{file}: rendering names no problem:\n{rendered}"));
        }
        if !WHOLE_FILE.contains(&stem.as_str()) {
            let in_parent = |l: &str| {
                l.split_once(':')
                    .is_some_and(|(name, _)| name.starts_with("parents/") && is_located(l, name))
            };
            for line in problems
                .iter()
                .filter(|l| !is_located(l, &file) && !in_parent(l))
            {
                failures.push(format!("{file}: problem without a location: {line}"));
            }
        }

        // (c) The rendering equals the golden.
        let golden = path.with_extension("stderr");
        if bless {
            fs::write(&golden, &rendered).unwrap();
            continue;
        }
        match fs::read_to_string(&golden) {
            Ok(expected) if expected == rendered => {}
            Ok(expected) => failures.push(format!(
                "{file}: rendering differs from {stem}.stderr (MOTLEY_BLESS=1 rewrites it)\n--- expected\n{expected}--- actual\n{rendered}"
            )),
            Err(e) => failures.push(format!("{file}: no golden {stem}.stderr ({e}); run with MOTLEY_BLESS=1")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
