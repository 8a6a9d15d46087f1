//! `motley check --watch`: the first check, then one after each save, with
//! the problems of a broken save and the recovery after it.

mod common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use common::{assert_contains, command, motley, scratch, variant, ROOT};

/// The lines a stream prints, one message each, read on their own thread.
fn lines(stream: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (send, receive) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

/// The next line, waiting at most 20 seconds.
fn next(lines: &Receiver<String>, what: &str) -> String {
    lines
        .recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("no line: {what}"))
}

/// Asserts that the next line is `want`.
fn assert_next(lines: &Receiver<String>, what: &str, want: &str) {
    assert_eq!(next(lines, what), want, "{what}");
}

#[test]
fn check_watch_checks_again_on_every_save() {
    let dir = scratch("watch");
    let file = dir.join("mine.yaml");
    let chess = std::fs::read_to_string(variant("chess")).expect("chess.yaml");
    std::fs::write(&file, &chess).expect("written");
    let name = file.display().to_string();
    let mut child = command(&["check", "--watch", &name])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("motley runs");
    let out = lines(child.stdout.take().expect("stdout"));
    let err = lines(child.stderr.take().expect("stderr"));
    let result = std::panic::catch_unwind(|| {
        let banner =
            format!("motley check --watch: checking {name} again on every save; Ctrl-C stops");
        assert_next(&err, "the banner", &banner);
        assert_next(
            &out,
            "the first check",
            &format!("{name}: ok: chess (6 piece types)"),
        );
        // A save that breaks the file: its problem, located.
        std::fs::write(&file, chess.replace("promotion:", "promtion:")).expect("written");
        assert_next(&out, "the change", &format!("-- {name} changed"));
        let line = chess
            .lines()
            .position(|l| l.starts_with("promotion:"))
            .expect("a promotion key")
            + 1;
        let problem = format!("{name}:{line}:1: unknown key `promtion`; did you mean `promotion`?");
        assert_next(&err, "the problem", &problem);
        // An editor that saves by renaming a new file over the old one.
        let fresh = dir.join("mine.yaml.new");
        std::fs::write(&fresh, &chess).expect("written");
        std::fs::rename(&fresh, &file).expect("renamed");
        assert_next(&out, "the second change", &format!("-- {name} changed"));
        assert_next(
            &out,
            "the check after the fix",
            &format!("{name}: ok: chess (6 piece types)"),
        );
    });
    child.kill().expect("motley stopped");
    child.wait().expect("motley ended");
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}

#[test]
fn check_watch_refuses_json() {
    let (code, out, err) = motley(&[
        "check",
        "--watch",
        "--json",
        &format!("{ROOT}/spec/variants/chess.yaml"),
    ]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_contains(&err, "--watch prints text; --json is for a single check");
}
