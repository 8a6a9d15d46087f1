//! The phases go forward (ARCHITECTURE.md, Invariants): each module of
//! `interpreter/src` names only the modules before it. `load` hands the
//! syntax tree to `check`, which builds the checked form in `program`;
//! `compile` turns it into the compiled `Program` (also in `program`);
//! `play` reads `program` and `geometry` only; `notation` (FEN, move text,
//! SAN) reads `play` as well, never the other way. `game.rs`, the driver
//! that runs the phases, may name them all.
//!
//! The test reads the sources: a `crate::MODULE` path outside a comment,
//! in code or in a `use`, of a module a phase may not name fails it.

use std::path::{Path, PathBuf};

/// Per module folder of `src`: the modules of the crate it may not name.
const FORBIDDEN: [(&str, &[&str]); 7] = [
    (
        "geometry",
        &[
            "load", "check", "program", "compile", "play", "notation", "game",
        ],
    ),
    (
        "program",
        &["load", "check", "compile", "play", "notation", "game"],
    ),
    (
        "load",
        &["check", "program", "compile", "play", "notation", "game"],
    ),
    ("check", &["compile", "play", "notation", "game"]),
    ("compile", &["load", "check", "play", "notation", "game"]),
    ("play", &["load", "check", "compile", "notation", "game"]),
    ("notation", &["load", "check", "compile", "game"]),
];

/// The `.rs` files under `dir`, recursively, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
    out
}

/// The places in `text` (as `line: text`) where `crate::NAME` is named
/// outside a `//` comment, for each forbidden `NAME`.
fn named(text: &str, forbidden: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        for module in forbidden {
            let path = format!("crate::{module}");
            let mut rest = code;
            while let Some(at) = rest.find(&path) {
                let after = &rest[at + path.len()..];
                // `crate::play` but not `crate::player` ...
                if !after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                    out.push(format!("{}: {}", n + 1, line.trim()));
                    break;
                }
                rest = after;
            }
        }
    }
    out
}

#[test]
fn each_phase_names_only_the_phases_before_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut problems = Vec::new();
    for (module, forbidden) in FORBIDDEN {
        let files = sources(&src.join(module));
        assert!(!files.is_empty(), "no sources under src/{module}");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for place in named(&text, forbidden) {
                let shown = file.strip_prefix(&src).unwrap_or(&file).display();
                problems.push(format!("src/{shown}:{place}"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "a phase names a later phase (or one it must not read):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_finds_a_backward_import() {
    let text = "use crate::program::Variant;\nuse crate::check::Condition; // later\n// crate::load in a comment\nlet p: crate::player::X;\n";
    assert_eq!(
        named(text, &["check", "load", "play"]),
        vec!["2: use crate::check::Condition; // later".to_string()]
    );
}
