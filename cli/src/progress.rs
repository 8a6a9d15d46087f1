//! Progress on stderr for runs longer than a second: count, rate and ETA,
//! drawn by `indicatif` only when stderr is a terminal.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar that stays hidden for its first second, and for good
/// when stderr is not a terminal.
pub struct Bar {
    bar: ProgressBar,
    start: Instant,
    drawn: AtomicBool,
}

impl Bar {
    /// A bar for `total` units of work named `unit` (`root moves`, `cases`,
    /// `games`), labelled `label`.
    pub fn new(label: &str, unit: &str, total: u64) -> Bar {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        let template = format!(
            "{label} [{{bar:30}}] {{pos}}/{{len}} {unit}, {{per_sec}}, {{msg}}ETA {{eta}} ({{elapsed}})"
        );
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Bar {
            bar,
            start: Instant::now(),
            drawn: AtomicBool::new(false),
        }
    }

    /// Reports `done` of the units finished, with a note (e.g. leaves so far).
    pub fn update(&self, done: u64, note: Option<String>) {
        if self.start.elapsed() >= Duration::from_secs(1)
            && !self.drawn.swap(true, Ordering::Relaxed)
        {
            // `stderr()` draws nothing when stderr is not a terminal.
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
        if let Some(note) = note {
            self.bar.set_message(format!("{note}, "));
        }
        self.bar.set_position(done);
    }

    /// Clears the bar if it was drawn.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
