//! Every key and name of spec/LANGUAGE.md's tables is used by a rule file
//! that builds: §1's top-level keys, §5.2's move-context names and §13's
//! state keys, each found in a bundled variant (`spec/variants/`) or a
//! language-feature file of the conformance suite (`conformance/rules/`),
//! whose cases show what it means. No construct of the reference is left
//! unimplemented ("specified").

use std::fs;
use std::path::{Path, PathBuf};

use motley_interpreter::build_named;
use motley_testkit::yaml_files;

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(rel)
}

fn reference() -> String {
    fs::read_to_string(repo("spec/LANGUAGE.md")).expect("spec/LANGUAGE.md")
}

/// The text of the section whose heading starts with `heading`, up to the
/// next heading.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let start = text
        .find(&format!("\n{heading}"))
        .unwrap_or_else(|| panic!("no section `{heading}`"));
    let body = &text[start + 1..];
    let end = body[1..].find("\n#").map_or(body.len(), |e| e + 1);
    &body[..end]
}

/// The backticked words of the first column of a section's table rows.
fn first_column(section: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cell = line.split('|').nth(1).unwrap_or_default();
        out.extend(cell.split('`').skip(1).step_by(2).map(str::to_string));
    }
    out
}

/// The rule files that build, with their text.
fn files() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for dir in ["spec/variants", "conformance/rules"] {
        for path in yaml_files(&repo(dir)) {
            let source = fs::read_to_string(&path).unwrap();
            let folder = path.parent().unwrap().to_path_buf();
            let read = move |name: &str| {
                motley_interpreter::load::read_text(&folder.join(name)).map_err(|d| d.to_string())
            };
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            build_named(&name, &source, &read)
                .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.render(&name, &source)));
            out.push((path, source));
        }
    }
    out
}

/// Whether `pattern` (a name with `FLAG`, `COUNTER`, `L`, `ID` standing
/// for a word) occurs in `text` outside comments.
fn uses(text: &str, pattern: &str) -> bool {
    let code: String = text
        .lines()
        .map(|l| l.split(" #").next().unwrap_or_default())
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    let parts: Vec<&str> = pattern.split(['.', '(']).collect();
    let placeholder = |p: &str| matches!(p, "FLAG" | "COUNTER" | "L" | "ID");
    if let [head, word] = parts.as_slice() {
        if placeholder(word) {
            let prefix = format!("{head}.");
            return code.match_indices(&prefix).any(|(at, _)| {
                code[at + prefix.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_lowercase())
            });
        }
    }
    code.contains(pattern.split(['(', ' ']).next().unwrap_or(pattern))
}

#[test]
fn no_construct_of_the_reference_is_left_unimplemented() {
    let text = reference();
    for marker in [
        "Status: specified",
        "are specified",
        "is specified",
        "(specified)",
    ] {
        assert!(
            !text.contains(marker),
            "spec/LANGUAGE.md still says `{marker}`"
        );
    }
    assert!(!text.contains("does not implement it yet"));
}

/// Asserts that the first column of the table under `heading` has at least
/// `at_least` names, and that a rule file that builds uses each of them
/// (`uses(source, name)`); `what` names them in a failure.
fn assert_each_used(
    files: &[(PathBuf, String)],
    heading: &str,
    at_least: usize,
    what: &str,
    uses: impl Fn(&str, &str) -> bool,
) {
    let text = reference();
    let names = first_column(section(&text, heading));
    assert!(
        names.len() >= at_least,
        "only {} names: {names:?}",
        names.len()
    );
    for name in &names {
        assert!(
            files.iter().any(|(_, source)| uses(source, name)),
            "{what} `{name}`: no bundled or conformance rule file uses it"
        );
    }
}

#[test]
fn every_key_of_section_1_is_used_by_a_file_that_builds() {
    assert_each_used(
        &files(),
        "## 1. File shape",
        30,
        "§1 key",
        |source, key| source.lines().any(|l| l.starts_with(&format!("{key}:"))),
    );
}

#[test]
fn every_name_of_section_5_2_is_used_by_a_file_that_builds() {
    let files = files();
    assert_each_used(&files, "### 5.2 Move context", 20, "§5.2 name", uses);
    // The names of declared state: a piece flag and a counter each read
    // by a file that declares them.
    for (key, reads) in [("piece_flags", "piece."), ("counters", "player.")] {
        let read = files.iter().any(|(_, source)| {
            declared(source, key)
                .iter()
                .any(|name| source.contains(&format!("{reads}{name}")))
        });
        assert!(read, "no file reads a name it declares in `state.{key}`");
    }
}

/// The names a rule file declares under `state.KEY`, written `KEY: [a, b]`.
fn declared(source: &str, key: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(&format!("{key}: [")))
        .flat_map(|rest| rest.split(']').next().unwrap_or_default().split(','))
        .map(|name| name.trim().to_string())
        .collect()
}

#[test]
fn every_state_key_of_section_13_is_used() {
    let text = reference();
    let body = section(&text, "## 13. State");
    let block = body
        .split("```yaml")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("§13's example");
    let keys: Vec<&str> = block
        .lines()
        .filter_map(|l| l.strip_prefix("  ")?.split(':').next())
        .filter(|k| !k.starts_with(' ') && !k.is_empty())
        .collect();
    assert_eq!(
        keys,
        [
            "last_move",
            "lost",
            "player_flags",
            "piece_flags",
            "counters"
        ]
    );
    let files = files();
    for key in keys {
        let used = files.iter().any(|(_, source)| {
            source.contains(&format!("  {key}:")) || source.contains(&format!("{{ {key}:"))
        });
        assert!(
            used,
            "§13 key `{key}`: no bundled or conformance rule file uses it"
        );
    }
}
