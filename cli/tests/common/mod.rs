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
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("motley runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    finished(child.wait_with_output().expect("motley ends"))
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
