//! `motley check --watch`: check the rule files, then again each time one
//! of them is saved, until stopped.
//!
//! A change is seen by reading the files four times a second and comparing
//! their text: no dependency, the same on every platform and file system,
//! and right for the ways editors save (in place, or a new file renamed over
//! the old one, which file-event watchers lose track of). A rule file is at
//! most 1 MB, so reading it costs nothing next to a person typing.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::Failure;

/// How often the files are read.
const POLL: Duration = Duration::from_millis(250);

/// Checks `files` with `check` (which prints the results), then again after
/// every change to them or to the files `extended` says each one extends,
/// naming the files that changed. Runs until interrupted.
pub fn watch(
    files: &[PathBuf],
    extended: impl Fn(&PathBuf) -> Vec<PathBuf>,
    check: impl Fn(&[PathBuf]),
) -> Result<ExitCode, Failure> {
    let watched = || {
        let mut all: Vec<PathBuf> = files.to_vec();
        for f in files.iter().flat_map(&extended) {
            if !all.contains(&f) {
                all.push(f);
            }
        }
        all
    };
    let mut paths = watched();
    let mut seen = contents(&paths);
    eprintln!(
        "motley check --watch: checking {} again on every save; Ctrl-C stops",
        names(files.iter())
    );
    check(files);
    loop {
        std::thread::sleep(POLL);
        let now = contents(&paths);
        if now == seen {
            continue;
        }
        // An editor may write a file in steps: wait until it stays the same
        // for one poll, so that a half-written file is not checked.
        std::thread::sleep(POLL);
        if contents(&paths) != now {
            continue;
        }
        let changed: Vec<&PathBuf> = paths
            .iter()
            .zip(seen.iter().zip(&now))
            .filter(|(_, (before, after))| before != after)
            .map(|(f, _)| f)
            .collect();
        outln!("-- {} changed", names(changed.into_iter()));
        check(files);
        // A change may name other parents: watch what the files extend now.
        let now_watched = watched();
        if now_watched == paths {
            seen = now;
        } else {
            paths = now_watched;
            seen = contents(&paths);
        }
    }
}

/// Each file's bytes, or `None` while it cannot be read (an editor between
/// removing and writing it).
fn contents(files: &[PathBuf]) -> Vec<Option<Vec<u8>>> {
    files.iter().map(|f| std::fs::read(f).ok()).collect()
}

fn names<'a>(files: impl Iterator<Item = &'a PathBuf>) -> String {
    files
        .map(|f| f.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
