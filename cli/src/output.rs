//! Standard output that ends quietly when its reader has gone, as in
//! `motley check spec/variants/*.yaml | head -1`: Rust ignores SIGPIPE, so
//! `println!` would panic there.

use std::io::{ErrorKind, Write};

/// Writes to standard output. When the reader has closed the pipe, the
/// command ends at once with exit 0, as if stopped by the pipe; any other
/// failure to write ends it with a message and exit 1.
pub fn write(args: std::fmt::Arguments) {
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("motley: cannot write the output: {e}");
        std::process::exit(1);
    }
}

/// `print!` through [`write()`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

/// `println!` through [`write()`].
macro_rules! outln {
    () => { $crate::output::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}
