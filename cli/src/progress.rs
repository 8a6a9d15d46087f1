//! A progress bar on stderr for runs longer than a second, shown only when
//! stderr is a terminal.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A progress bar that stays silent for its first second.
pub struct Bar {
    label: &'static str,
    start: Instant,
    shown: Mutex<bool>,
    terminal: bool,
}

impl Bar {
    /// A bar for a run named `label`.
    pub fn new(label: &'static str) -> Bar {
        Bar {
            label,
            start: Instant::now(),
            shown: Mutex::new(false),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Reports `done` of `total` units finished.
    pub fn update(&self, done: usize, total: usize) {
        if !self.terminal || self.start.elapsed() < Duration::from_secs(1) || total == 0 {
            return;
        }
        let width = 30;
        let filled = done * width / total;
        if let Ok(mut shown) = self.shown.lock() {
            *shown = true;
            let mut err = std::io::stderr();
            let _ = write!(
                err,
                "\r{} [{}{}] {done}/{total} {:.0}s",
                self.label,
                "#".repeat(filled),
                "-".repeat(width - filled),
                self.start.elapsed().as_secs_f64()
            );
            let _ = err.flush();
        }
    }

    /// Clears the bar if it was shown.
    pub fn finish(&self) {
        if self.shown.lock().is_ok_and(|s| *s) {
            eprint!("\r{}\r", " ".repeat(60));
        }
    }
}
