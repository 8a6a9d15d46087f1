//! What the CLI's integration tests share: running the `motley` binary and
//! naming the bundled rule files. Each test crate uses a part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository's root folder.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The path of the bundled rule file `spec/variants/NAME.yaml`.
pub fn variant(name: &str) -> String {
    format!("{ROOT}/spec/variants/{name}.yaml")
}

/// The names of every bundled rule file (`spec/variants/*.yaml`), sorted.
pub fn bundled() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(format!("{ROOT}/spec/variants"))
        .expect("spec/variants")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".yaml")?.to_owned())
        })
        .collect();
    names.sort();
    names
}

/// The `motley` binary as a command, not yet run.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_motley"));
    command.args(args);
    command
}

/// Runs `motley ARGS`: exit code (-1 when killed), stdout and stderr.
pub fn motley(args: &[&str]) -> (i32, String, String) {
    finished(command(args).output().expect("motley runs"))
}

/// Runs `motley ARGS` in the repository's root folder.
pub fn motley_at_root(args: &[&str]) -> (i32, String, String) {
    finished(
        command(args)
            .current_dir(ROOT)
            .output()
            .expect("motley runs"),
    )
}

/// Runs `motley ARGS` with `input` on its stdin.
pub fn motley_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    finished(run_with_input(&mut command(args), input))
}

/// Runs `command` with `input` on its stdin; its output.
pub fn run_with_input(command: &mut Command, input: &str) -> std::process::Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the command ends")
}

fn finished(out: std::process::Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Writes `text` to the file `name` in the tests' scratch folder and
/// returns its path.
pub fn temp(name: &str, text: &str) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("temp file written");
    path.display().to_string()
}

/// A fresh scratch folder `name` for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs `motley ARGS`, asserts that it exits with `code`, and returns its
/// stderr.
pub fn refused(args: &[&str], code: i32) -> String {
    let (got, out, err) = motley(args);
    assert_eq!(got, code, "{out}{err}");
    err
}

/// Runs `motley ARGS` in the repository's root folder, asserts that it
/// exits with `code`, and returns its stderr.
pub fn refused_at_root(args: &[&str], code: i32) -> String {
    let (got, out, err) = motley_at_root(args);
    assert_eq!(got, code, "{out}{err}");
    err
}

/// Asserts that `text` holds `part`, showing `text` when it does not.
pub fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} is not in:\n{text}");
}

/// Asserts that `text` starts with `prefix`, showing `text` when it does not.
pub fn assert_starts(text: &str, prefix: &str) {
    assert!(
        text.starts_with(prefix),
        "{prefix:?} does not start:\n{text}"
    );
}

/// Asserts that `text` ends with `suffix`, showing `text` when it does not.
pub fn assert_ends(text: &str, suffix: &str) {
    assert!(text.ends_with(suffix), "{suffix:?} does not end:\n{text}");
}

/// `args`, then `--moves` and each word of `moves`: the arguments of a
/// command run after those moves, each move its own argument.
pub fn with_moves<'a>(args: &[&'a str], moves: &'a str) -> Vec<&'a str> {
    let mut all = args.to_vec();
    all.push("--moves");
    all.extend(moves.split_whitespace());
    all
}
