//! The rule-file schema: `spec/motley.schema.json` is what `motley schema`
//! prints, every bundled rule file validates against it, and it refuses
//! what the loader refuses as an unknown key. Validation runs through
//! PyPI's `jsonschema` (the reference validator of JSON Schema); the tests
//! that need it skip without it, and fail when the environment variable
//! `CI` is set.

mod common;

use std::process::Command;

use common::{motley, run_with_input, ROOT};

const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/motley.schema.json");

#[test]
fn the_published_schema_is_what_motley_schema_prints() {
    let (code, out, err) = motley(&["schema"]);
    assert_eq!(code, 0, "{err}");
    let published = std::fs::read_to_string(SCHEMA).expect("spec/motley.schema.json is readable");
    assert!(
        out == published,
        "spec/motley.schema.json differs from `motley schema`; regenerate it with \
         `cargo run -p motley-chess -- schema > spec/motley.schema.json`"
    );
    let schema: serde_json::Value = serde_json::from_str(&out).expect("the schema is JSON");
    let top: Vec<&str> = schema["properties"]
        .as_object()
        .expect("properties")
        .keys()
        .map(String::as_str)
        .collect();
    for key in [
        "motley", "name", "board", "pieces", "setup", "drops", "rulings",
    ] {
        assert!(top.contains(&key), "no `{key}` in {top:?}");
    }
    assert_eq!(schema["additionalProperties"], false);
    let mut required: Vec<&str> = schema["then"]["required"]
        .as_array()
        .expect("required")
        .iter()
        .filter_map(|k| k.as_str())
        .collect();
    required.sort();
    assert_eq!(required, ["board", "motley", "name", "pieces", "setup"]);
}

#[test]
fn every_bundled_rule_file_validates() {
    let mut files: Vec<String> = std::fs::read_dir(format!("{ROOT}/spec/variants"))
        .expect("spec/variants")
        .map(|e| e.expect("entry").path().display().to_string())
        .filter(|p| p.ends_with(".yaml"))
        .collect();
    files.extend(
        std::fs::read_dir(format!("{ROOT}/conformance/rules"))
            .expect("conformance/rules")
            .map(|e| e.expect("entry").path().display().to_string()),
    );
    files.push(format!("{ROOT}/cli/tests/svg/board16.yaml"));
    files.sort();
    assert!(files.len() >= 70, "{} rule files", files.len());
    let instances: Vec<(String, serde_json::Value)> =
        files.iter().map(|f| (f.clone(), as_json(f))).collect();
    let Some(verdicts) = validate(&instances) else {
        return;
    };
    let refused: Vec<_> = verdicts.iter().filter(|(_, v)| !v.is_empty()).collect();
    assert_eq!(verdicts.len(), files.len());
    assert!(refused.is_empty(), "refused by the schema: {refused:#?}");
}

#[test]
fn a_misspelt_key_is_refused() {
    let chess = std::fs::read_to_string(format!("{ROOT}/spec/variants/chess.yaml")).unwrap();
    let cases = [
        ("top level", chess.replace("promotion:", "promtion:")),
        ("a piece", chess.replace("royal: true", "roial: true")),
        ("the board", chess.replace("files: 8", "file: 8")),
    ];
    let Some(verdicts) = validate_texts(&cases) else {
        return;
    };
    let expected = ["promtion", "roial", "file"];
    for ((case, messages), key) in verdicts.iter().zip(expected) {
        let message = format!("Additional properties are not allowed ('{key}' was unexpected)");
        assert!(messages.contains(&message), "{case}: {messages:?}");
    }
}

/// The golden diagnostics of an unknown key: the schema refuses each file too.
#[test]
fn the_schema_refuses_every_unknown_key_the_loader_refuses() {
    let folder = format!("{ROOT}/interpreter/tests/diagnostics");
    let mut instances = Vec::new();
    for entry in std::fs::read_dir(&folder).expect("diagnostics") {
        let path = entry.expect("entry").path();
        let golden = path.with_extension("stderr");
        let is_unknown_key = path.extension().is_some_and(|e| e == "yaml")
            && std::fs::read_to_string(&golden).is_ok_and(|g| g.contains(": unknown key `"));
        if is_unknown_key {
            instances.push((
                path.display().to_string(),
                as_json(&path.display().to_string()),
            ));
        }
    }
    assert!(instances.len() >= 10, "{} goldens", instances.len());
    let Some(verdicts) = validate(&instances) else {
        return;
    };
    for (file, messages) in verdicts {
        assert!(
            messages
                .iter()
                .any(|m| m.starts_with("Additional properties are not allowed")),
            "{file}: {messages:?}"
        );
    }
}

/// A rule file's YAML as the loader reads it (YAML 1.2 truth values), as JSON.
fn as_json(path: &str) -> serde_json::Value {
    yaml_to_json(&std::fs::read_to_string(path).expect("readable"))
}

fn yaml_to_json(text: &str) -> serde_json::Value {
    let options = serde_saphyr::options! { strict_booleans: true };
    serde_saphyr::from_str_with_options(text, options).expect("the YAML reads")
}

/// Each instance's validation errors, those inside `anyOf` branches too
/// (none when valid), through Python's `jsonschema`; `None` when it is
/// absent outside CI.
/// [`validate`] on named rule-file texts.
fn validate_texts(cases: &[(&str, String)]) -> Option<Vec<(String, Vec<String>)>> {
    let instances: Vec<(String, serde_json::Value)> = cases
        .iter()
        .map(|(name, text)| (name.to_string(), yaml_to_json(text)))
        .collect();
    validate(&instances)
}

fn validate(instances: &[(String, serde_json::Value)]) -> Option<Vec<(String, Vec<String>)>> {
    const SCRIPT: &str = r#"
import json, sys
import jsonschema
data = json.load(sys.stdin)
validator = jsonschema.Draft7Validator(data["schema"])
def messages(errors):
    for error in errors:
        yield error.message
        yield from messages(error.context or [])
for instance in data["instances"]:
    print(json.dumps(list(messages(validator.iter_errors(instance)))))
"#;
    let available = Command::new("python3")
        .args(["-c", "import jsonschema"])
        .status()
        .is_ok_and(|s| s.success());
    if !available {
        assert!(
            std::env::var_os("CI").is_none(),
            "python3 with jsonschema is needed (python3 -m pip install jsonschema)"
        );
        eprintln!("skipped: python3 with jsonschema is not installed");
        return None;
    }
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(SCHEMA).expect("schema")).expect("JSON");
    let input = serde_json::json!({
        "schema": schema,
        "instances": instances.iter().map(|(_, v)| v).collect::<Vec<_>>(),
    });
    let out = run_with_input(
        Command::new("python3").args(["-c", SCRIPT]),
        &input.to_string(),
    );
    assert!(
        out.status.success(),
        "the validator failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let verdicts: Vec<Vec<String>> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON list of strings"))
        .collect();
    assert_eq!(verdicts.len(), instances.len());
    Some(
        instances
            .iter()
            .map(|(name, _)| name.clone())
            .zip(verdicts)
            .collect(),
    )
}

/// A file that extends another may write part of a section, `null` and
/// `- remove: X` (spec/LANGUAGE.md §1.1); a file that extends nothing may
/// not, and a misspelt key is refused in both.
#[test]
fn a_child_file_may_be_partial_and_is_still_checked() {
    let child = "extends: chess.yaml\nname: c\ncastling:\n  king: K\ndraws:\n  repetition: null\npieces:\n  - remove: Q\n";
    let cases = [
        ("child", child.to_string()),
        ("no extends", child.replace("extends: chess.yaml\n", "")),
        ("misspelt", child.replace("castling:", "castlin:")),
    ];
    let Some(verdicts) = validate_texts(&cases) else {
        return;
    };
    assert_eq!(verdicts[0].1, Vec::<String>::new(), "the child is valid");
    assert!(
        verdicts[1]
            .1
            .iter()
            .any(|m| m == "'motley' is a required property"),
        "{:?}",
        verdicts[1].1
    );
    assert!(
        verdicts[2]
            .1
            .iter()
            .any(|m| m.contains("('castlin' was unexpected)")),
        "{:?}",
        verdicts[2].1
    );
}
