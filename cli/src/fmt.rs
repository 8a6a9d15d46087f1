//! `motley fmt`: rewrites rule files in one layout, keeping every comment.
//!
//! The layout is `pretty_yaml`'s (the YAML formatter behind dprint), which
//! works on the concrete syntax tree and so keeps comments, blank lines
//! between blocks and the order of keys. Each result is read back: a file is
//! written only if the formatted text reads to the same YAML value as the
//! original, so formatting never changes what a rule file means.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::{read, Failure};

/// The layout: two-space indents, lines up to 100 columns, no trailing
/// commas in flow collections, `{ a: 1 }` and `[a, b]` as the bundled
/// files write them.
fn options() -> pretty_yaml::config::FormatOptions {
    let mut options = pretty_yaml::config::FormatOptions::default();
    options.layout.print_width = 100;
    options.layout.indent_width = 2;
    options.language.trailing_comma = false;
    options
}

/// Formats each file in place, or with `check` only names the files whose
/// layout differs (exit 1 when any does). Nothing is written for a file
/// that does not read.
pub fn fmt(files: &[PathBuf], check: bool) -> Result<ExitCode, Failure> {
    let mut differ = false;
    for path in files {
        let name = path.display().to_string();
        let source = read(path)?;
        let formatted = format(&name, &source)?;
        if formatted == source {
            continue;
        }
        if check {
            outln!("{name}: not formatted");
            differ = true;
        } else {
            std::fs::write(path, &formatted)
                .map_err(|e| Failure(format!("{name}: cannot write: {e}")))?;
            outln!("{name}: formatted");
        }
    }
    Ok(if differ {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The formatted text of one file; its YAML problems are refused with their
/// place, as `check` reports them.
fn format(name: &str, source: &str) -> Result<String, Failure> {
    let before = value(source).map_err(|_| {
        let located = motley_interpreter::load::load(source)
            .err()
            .map(|d| d.render(name, source));
        Failure(located.unwrap_or_else(|| format!("{name}: the YAML does not read\n")))
    })?;
    let formatted = pretty_yaml::format_text(source, &options())
        .map_err(|e| Failure(format!("{name}: the formatter cannot read it: {e}\n")))?;
    match value(&formatted) {
        Ok(after) if after == before => Ok(formatted),
        _ => Err(Failure(format!(
            "{name}: formatting would change what the file says, so it is left as it is \
             (a formatter bug: please report it with the file)\n"
        ))),
    }
}

/// The YAML value a text reads to, as the loader reads it (truth values are
/// `true` and `false` only).
fn value(text: &str) -> Result<serde_json::Value, serde_saphyr::Error> {
    let options = serde_saphyr::options! { strict_booleans: true };
    serde_saphyr::from_str_with_options(text, options)
}
