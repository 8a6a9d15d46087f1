//! One diagnostic shape for every phase: a message at a place in a file,
//! rendered as `FILE:LINE:COL: message` with a caret snippet.

use std::fmt;
use std::sync::Arc;

/// A place in a source text: 1-based line and column, and the width of the
/// marked text in characters (at least 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub col: u32,
    /// Number of characters to underline.
    pub len: u32,
}

impl Span {
    /// A span of `len` characters at `line`:`col`.
    pub fn new(line: u32, col: u32, len: u32) -> Span {
        Span {
            line,
            col,
            len: len.max(1),
        }
    }

    /// The span `offset` characters to the right of this one, `len` wide:
    /// the place of a token inside a one-line scalar that starts here.
    pub fn shifted(self, offset: usize, len: usize) -> Span {
        Span::new(self.line, self.col + offset as u32, len as u32)
    }
}

/// A file a problem may be in, with its text: a rule file that another
/// one extends (spec/LANGUAGE.md §1.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The file's path as it was found, as messages name it.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// A problem found in some input, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where the problem is; `None` when it concerns the input as a whole.
    pub span: Option<Span>,
    /// What is wrong, in one sentence without a final period.
    pub message: String,
    /// The file the span is in when it is not the input itself: a file
    /// the input extends. `None` for the input.
    pub file: Option<Arc<SourceFile>>,
}

impl Diagnostic {
    /// A diagnostic at a place.
    pub fn at(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span: Some(span),
            message: message.into(),
            file: None,
        }
    }

    /// A diagnostic about the input as a whole.
    pub fn whole(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span: None,
            message: message.into(),
            file: None,
        }
    }

    /// The same diagnostic, placed in another file than the input.
    #[must_use]
    pub fn in_file(mut self, file: Arc<SourceFile>) -> Diagnostic {
        self.file = Some(file);
        self
    }

    /// Renders the diagnostic as `NAME:LINE:COL: message` followed by the
    /// source line and a caret line, the form printed by `motley check`.
    /// A diagnostic in another file (one the input extends) is rendered
    /// with that file's name and text.
    pub fn render(&self, name: &str, source: &str) -> String {
        let (name, source) = match &self.file {
            Some(f) => (f.name.as_str(), f.text.as_str()),
            None => (name, source),
        };
        let (name, message) = (escaped(name), escaped(&self.message));
        let Some(span) = self.span else {
            return format!("{name}: {message}\n");
        };
        let mut out = format!("{name}:{}:{}: {message}\n", span.line, span.col);
        if let Some(line) = lines(source).nth(span.line.saturating_sub(1) as usize) {
            let gutter = span.line.to_string();
            let pad = " ".repeat(gutter.len());
            let chars: Vec<char> = line.chars().collect();
            let (from, to, col) = window(chars.len(), span);
            let cut_before = if from > 0 { "…" } else { "" };
            let cut_after = if to < chars.len() { "…" } else { "" };
            let marked = &chars[col..(col + span.len as usize).min(to)];
            // Control characters are shown escaped; the caret widens with them.
            let indent: String = cut_before
                .chars()
                .chain(chars[from..col].iter().flat_map(|&c| shown(c)))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let width = marked.iter().map(|&c| shown(c).count()).sum::<usize>();
            let past_line = if to < chars.len() {
                0
            } else {
                (span.len as usize).saturating_sub(marked.len())
            };
            let text: String = chars[from..to].iter().collect();
            out.push_str(&format!(
                "{pad} |\n{gutter} | {cut_before}{}{cut_after}\n{pad} | {indent}{}\n",
                escaped(&text),
                "^".repeat((width + past_line).max(1))
            ));
        }
        out
    }
}

/// The widest source line a snippet shows whole; longer lines are cut to
/// this many characters around the span, `…` marking what is left out.
const SNIPPET_WIDTH: usize = 100;

/// The characters of a line of `len` characters a snippet shows, as the
/// range `from..to`, and the span's first character `col` within it.
fn window(len: usize, span: Span) -> (usize, usize, usize) {
    let col = (span.col.saturating_sub(1) as usize).min(len);
    if len <= SNIPPET_WIDTH {
        return (0, len, col);
    }
    let from = col.saturating_sub(SNIPPET_WIDTH / 2);
    (from, (from + SNIPPET_WIDTH).min(len), col)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}:", file.name)?;
        }
        match self.span {
            Some(s) => write!(f, "{}:{}: {}", s.line, s.col, self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// All the problems found in one input; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Keeps every place inside `source`: a span past the end of its line
    /// (an error inside a multi-line YAML scalar, whose columns follow the
    /// folded value) is moved to the line's end. Each problem is said once:
    /// text used in several places (a named condition, a YAML alias) is
    /// one place in the file.
    pub fn clamped(mut self, source: &str) -> Diagnostics {
        let mut said: Vec<Diagnostic> = Vec::with_capacity(self.0.len());
        for d in std::mem::take(&mut self.0) {
            if !said.contains(&d) {
                said.push(d);
            }
        }
        self.0 = said;
        let widths: Vec<u32> = lines(source).map(|l| l.chars().count() as u32).collect();
        for d in &mut self.0 {
            if let Some(span) = &mut d.span {
                let width = widths
                    .get(span.line.saturating_sub(1) as usize)
                    .copied()
                    .unwrap_or(0);
                if span.col > width + 1 {
                    span.col = width.max(1);
                }
                span.len = span.len.min(width + 2 - span.col).max(1);
            }
        }
        self
    }

    /// Renders every diagnostic, in order, for the named source.
    pub fn render(&self, name: &str, source: &str) -> String {
        self.0.iter().map(|d| d.render(name, source)).collect()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// The lines of a text as the YAML reader counts them: a line ends at
/// `\n`, `\r\n` or a lone `\r`.
pub fn lines(source: &str) -> impl Iterator<Item = &str> {
    let mut rest = source;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(['\n', '\r']) {
            Some(i) => {
                let line = &rest[..i];
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
                Some(line)
            }
            None => {
                let line = rest;
                rest = "";
                Some(line)
            }
        }
    })
}

/// A character as it is printed: control characters other than the tab
/// escaped (`\u{1b}`), so that echoed input cannot drive the terminal.
fn shown(c: char) -> impl Iterator<Item = char> {
    let escape = c.is_control() && c != '\t';
    let (plain, escaped) = if escape {
        (None, Some(c.escape_unicode()))
    } else {
        (Some(c), None)
    };
    plain.into_iter().chain(escaped.into_iter().flatten())
}

/// A text as it is printed in messages: control characters other than the
/// tab escaped (each as `shown` prints it).
pub fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().any(|c| c.is_control() && c != '\t') {
        text.chars().flat_map(shown).collect::<String>().into()
    } else {
        text.into()
    }
}

/// The known name closest to `word`, when it is close enough to be a likely
/// misspelling: used for "did you mean" hints.
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .map(|k| (edit_distance(word, k), k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 3) && *d < k.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j + 1])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_caret_under_the_span() {
        let d = Diagnostic::at(Span::new(2, 8, 3), "unknown atom `X`");
        let text = d.render("f.yaml", "a: 1\nmoves: fXY\n");
        assert_eq!(
            text,
            "f.yaml:2:8: unknown atom `X`\n  |\n2 | moves: fXY\n  |        ^^^\n"
        );
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(
            closest("promtion", ["promotion", "pieces"]),
            Some("promotion")
        );
        assert_eq!(closest("zzz", ["promotion", "pieces"]), None);
    }
}
