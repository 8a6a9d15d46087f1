//! Target `rules_text`: arbitrary bytes as a rule file.

use motley_interpreter::diagnostic::{Diagnostic, Diagnostics};
use motley_interpreter::Game;

use crate::position::fen_fixed_point;

/// Checks a diagnostic about `source`: a non-empty message, and a place
/// (when it has one) that exists in the source. Panics otherwise.
pub fn check_diagnostic(source: &str, d: &Diagnostic) {
    check_diagnostic_placed(source, d, true);
}

/// [`check_diagnostic`]; the column is checked only when `columns`.
fn check_diagnostic_placed(source: &str, d: &Diagnostic, columns: bool) {
    assert!(
        !d.message.trim().is_empty(),
        "a diagnostic without a message: {d:?}"
    );
    if let Some(span) = d.span {
        // Lines as the YAML reader counts them (a lone CR ends a line too),
        // plus the empty line after a final line break.
        let mut lines: Vec<&str> = motley_interpreter::diagnostic::lines(source).collect();
        lines.push("");
        assert!(
            span.line >= 1 && span.line as usize <= lines.len(),
            "diagnostic `{}` on line {} of a {}-line text",
            d.message,
            span.line,
            lines.len()
        );
        let line = lines[span.line as usize - 1];
        let width = line.chars().count() as u32;
        assert!(
            span.col >= 1 && (!columns || span.col <= width + 1),
            "diagnostic `{}` at column {} of line {} which has {width} characters: {line:?}",
            d.message,
            span.col,
            span.line
        );
        assert!(span.len >= 1, "diagnostic `{}` of width 0", d.message);
    }
    let _ = d.render("fuzz.yaml", source);
}

/// [`check_diagnostic`] of each of an error's diagnostics (at least one).
pub(crate) fn check_diagnostics(source: &str, ds: &Diagnostics) {
    assert!(!ds.0.is_empty(), "an error without diagnostics");
    for d in &ds.0 {
        check_diagnostic(source, d);
    }
}

/// Target `rules_text`: the bytes (lossily UTF-8) as a rule file. Building
/// never panics; every diagnostic has a message and, when placed, a place
/// inside the text (on a line of a multi-line scalar, only the line: see
/// [`rules_text_strict`]). A file that builds plays its first legal move
/// and reads its own FEN back ([`fen_fixed_point`]).
pub fn rules_text(data: &[u8]) {
    rules_text_checked(data, false);
}

/// [`rules_text`] without stepping over the known limitation: an error
/// inside a multi-line scalar (a block scalar `>-` or `|`, or a plain or
/// quoted scalar continued on more indented lines) is placed
/// approximately, on the scalar's first line at the offset into the folded
/// value, which can be past the end of that line
/// (`errors_in_multi_line_scalars_stay_inside_their_line` in `tests/fuzz_regressions.rs`).
/// [`rules_text`] checks only the line of a diagnostic on a line of a
/// multi-line scalar.
pub fn rules_text_strict(data: &[u8]) {
    rules_text_checked(data, true);
}

/// Whether line `line` (from 1) of the text may be part of a multi-line
/// scalar: the next line that is neither blank nor a comment is indented
/// deeper than the line's content (a plain or quoted scalar continued; a
/// `- ` of a sequence item counts as indentation), or the line is in the
/// body of a block scalar (under a line ending in `>`, `|`, `>-`, ...).
fn in_multi_line_scalar(source: &str, line: u32) -> bool {
    let lines: Vec<&str> = motley_interpreter::diagnostic::lines(source).collect();
    let Some(&here) = lines.get((line as usize).wrapping_sub(1)) else {
        return false;
    };
    let spaces = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let content = |l: &&&str| !l.trim().is_empty() && !l.trim_start().starts_with('#');
    let mut own = spaces(here);
    let mut rest = &here[own..];
    while let Some(after) = rest.strip_prefix('-').filter(|a| a.starts_with(' ')) {
        let trimmed = after.trim_start_matches(' ');
        own += 1 + after.len() - trimmed.len();
        rest = trimmed;
    }
    let continued = lines[line as usize..]
        .iter()
        .find(content)
        .is_some_and(|next| spaces(next) > own);
    let header = |l: &str| {
        let l = l.split(" #").next().unwrap_or_default();
        l.split_whitespace().last().is_some_and(|t| {
            (t.starts_with('>') || t.starts_with('|'))
                && t[1..].chars().all(|c| "+-0123456789".contains(c))
        })
    };
    // Up from the line, over lines indented deeper than it or blank, to a
    // block scalar header less indented.
    let body = lines[..line as usize - 1]
        .iter()
        .rev()
        .find(|l| !l.trim().is_empty() && spaces(l) < spaces(here))
        .is_some_and(|h| header(h));
    continued || body
}

fn rules_text_checked(data: &[u8], strict: bool) {
    let source = String::from_utf8_lossy(data);
    match motley_interpreter::build(&source) {
        Err(ds) => {
            assert!(!ds.0.is_empty(), "an error without diagnostics");
            for d in &ds.0 {
                let columns = strict
                    || d.span
                        .is_none_or(|s| !in_multi_line_scalar(&source, s.line));
                check_diagnostic_placed(&source, d, columns);
            }
        }
        Ok(rules) => {
            let setup = Game::new(rules);
            let mut game = setup.clone();
            fen_fixed_point(&game, &setup);
            let legal = game.legal_moves();
            if let Some(m) = legal.first() {
                game.play(m)
                    .unwrap_or_else(|e| panic!("listed legal move {m} refused: {e}"));
                fen_fixed_point(&game, &setup);
            }
            let _ = game.outcome();
        }
    }
}
