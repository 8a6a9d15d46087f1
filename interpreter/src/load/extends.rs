//! `extends: FILE` (spec/LANGUAGE.md §1.1): a rule file that builds on
//! another. The files are merged as text, line by line, before the YAML is
//! read, so that every later phase sees one document; each line of it
//! remembers the file and line it came from, and [`Expanded::locate`] puts
//! every diagnostic back in its own file.
//!
//! The merge rule: top-level keys and the keys of block mappings merge by
//! key (the child's value replaces the parent's; a block mapping in both
//! merges key by key; `null` removes the key); any other value, lists
//! included, is replaced whole; `pieces:` merges by letter (an entry with a
//! letter the parent has replaces that piece where it stands, a new letter
//! is added at the end, `- remove: X` takes piece X out).

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};

/// The most files a chain of `extends` may hold, the first included: deep
/// enough for any family of variants, small enough that a mistaken chain
/// is reported at once.
pub const MAX_EXTENDS_DEPTH: usize = 8;

/// Reads the file a rule file extends, by its resolved name (the folder of
/// the file that names it joined with the name written): its text, or why
/// it cannot be read.
pub type ReadParent<'a> = &'a dyn Fn(&str) -> Result<String, String>;

/// A reader for text that has no files beside it: every `extends` is
/// refused, saying why.
pub fn no_parents(name: &str) -> Result<String, String> {
    Err(format!(
        "`{name}` cannot be found: this text was not read from a file, so it has no folder to find another rule file in"
    ))
}

/// Reads a parent from disk, as `motley check` reads a rule file.
pub fn parents_on_disk(name: &str) -> Result<String, String> {
    super::read_text(Path::new(name)).map_err(|d| d.to_string())
}

/// A rule file with the files it extends merged in.
#[derive(Clone, Debug)]
pub struct Expanded {
    /// The merged text the loader reads.
    pub text: String,
    /// Per line of `text`: where it is written. Empty when the file
    /// extends nothing (the text is the file itself).
    origins: Vec<Origin>,
    /// The files merged, the top one first.
    files: Vec<Arc<SourceFile>>,
}

/// Where one line of the merged text is written: the file (an index of
/// `Expanded::files`), the line, and how many columns it moved right.
#[derive(Clone, Copy, Debug)]
struct Origin {
    file: usize,
    line: u32,
    shift: i64,
}

/// One line of a file, with where it is written.
#[derive(Clone, Debug)]
struct Line {
    text: String,
    origin: Origin,
}

impl Line {
    fn indent(&self) -> usize {
        self.text.len() - self.text.trim_start_matches(' ').len()
    }

    /// Whether the line holds nothing YAML reads: blank or a comment.
    fn is_blank(&self) -> bool {
        let t = self.text.trim_start();
        t.is_empty() || t.starts_with('#')
    }

    /// The line moved `by` columns (left when negative, as far as it has
    /// leading spaces).
    fn shifted(mut self, by: i64) -> Line {
        if by > 0 {
            self.text.insert_str(0, &" ".repeat(by as usize));
            self.origin.shift += by;
        } else if by < 0 {
            let cut = self.indent().min(by.unsigned_abs() as usize);
            self.text.drain(..cut);
            self.origin.shift -= cut as i64;
        }
        self
    }

    fn span(&self, col: usize, len: usize) -> Span {
        Span::new(self.origin.line, col as u32 + 1, len as u32)
    }
}

/// One key of a block mapping: the comments before it, the key line and
/// the lines of its value.
#[derive(Clone, Debug)]
struct Entry {
    key: String,
    lead: Vec<Line>,
    head: Line,
    body: Vec<Line>,
}

/// What a key's value is, as far as merging needs to know.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Null,
    Mapping,
    Sequence,
    Other,
}

impl Entry {
    /// The value written after `key:` on the key line, without a comment.
    fn inline(&self) -> &str {
        let after = &self.head.text[self.head.indent() + self.key.len() + 1..];
        strip_comment(after).trim()
    }

    fn shape(&self) -> Shape {
        let inline = self.inline();
        if inline == "null" || inline == "~" {
            return Shape::Null;
        }
        if !inline.is_empty() {
            return Shape::Other;
        }
        match self.body.iter().find(|l| !l.is_blank()) {
            None => Shape::Null,
            Some(l) if l.text.trim_start().starts_with('-') => Shape::Sequence,
            Some(_) => Shape::Mapping,
        }
    }

    /// The indent of the value's lines.
    fn body_indent(&self) -> usize {
        self.body
            .iter()
            .find(|l| !l.is_blank())
            .map_or(0, Line::indent)
    }

    fn lines(self) -> impl Iterator<Item = Line> {
        self.lead
            .into_iter()
            .chain(std::iter::once(self.head))
            .chain(self.body)
    }
}

/// The text of a line before a ` #` comment (quotes respected).
fn strip_comment(text: &str) -> &str {
    let mut quote = None;
    let mut prev = ' ';
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') if prev == ' ' || prev == '\t' => return &text[..i],
            _ => {}
        }
        prev = c;
    }
    text
}

/// A scalar as written, without quotes.
fn unquoted(text: &str) -> &str {
    let t = text.trim();
    for q in ['"', '\''] {
        if let Some(inner) = t.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner;
        }
    }
    t
}

/// The merge problems of one file, located in it.
struct Problems<'a> {
    file: &'a Arc<SourceFile>,
    top: bool,
    found: Vec<Diagnostic>,
}

impl Problems<'_> {
    fn at(&mut self, line: &Line, col: usize, len: usize, message: String) {
        let d = Diagnostic::at(line.span(col, len), message);
        self.found.push(if self.top {
            d
        } else {
            d.in_file(self.file.clone())
        });
    }
}

/// The entries of a block mapping whose keys stand at `indent`; the lines
/// before the first key and after the last belong to the first and last.
fn entries(lines: Vec<Line>, indent: usize, problems: &mut Problems) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let mut pending: Vec<Line> = Vec::new();
    for line in lines {
        if line.is_blank() {
            pending.push(line);
            continue;
        }
        let at = line.indent();
        let continues = at > indent || (at == indent && line.text[at..].starts_with('-'));
        if continues {
            match out.last_mut() {
                Some(entry) => {
                    entry.body.append(&mut pending);
                    entry.body.push(line);
                }
                None => problems.at(
                    &line,
                    at,
                    1,
                    "a rule file that extends another, or is extended, is a block mapping: each key at the start of a line".into(),
                ),
            }
            continue;
        }
        let key = key_of(&line.text[at..]);
        let Some(key) = key else {
            problems.at(
                &line,
                at,
                line.text.len() - at,
                "a rule file that extends another, or is extended, writes each key as `key: value` on a line of its own".into(),
            );
            continue;
        };
        if out.iter().any(|e| e.key == key) {
            problems.at(
                &line,
                at,
                key.len(),
                format!("the key `{key}` is written twice here"),
            );
            continue;
        }
        out.push(Entry {
            key: key.to_string(),
            lead: std::mem::take(&mut pending),
            head: line,
            body: Vec::new(),
        });
    }
    if let Some(last) = out.last_mut() {
        last.body.append(&mut pending);
    }
    out
}

/// The key of a `key: value` line, if it is one.
fn key_of(text: &str) -> Option<&str> {
    let end = text.find(':')?;
    let key = &text[..end];
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    let ends = text[end + 1..].is_empty() || text[end + 1..].starts_with([' ', '\t']);
    (plain && ends).then_some(key)
}

/// One file of the chain as lines.
fn lines_of(file: usize, text: &str) -> Vec<Line> {
    crate::diagnostic::lines(text)
        .enumerate()
        .map(|(i, l)| Line {
            text: l.to_string(),
            origin: Origin {
                file,
                line: i as u32 + 1,
                shift: 0,
            },
        })
        .collect()
}

/// Merges a child's entries into its parent's, by the rule of the module.
fn merge(
    parent: &mut Vec<Entry>,
    child: Vec<Entry>,
    top: bool,
    parent_name: &str,
    problems: &mut Problems,
) {
    for c in child {
        let shape = c.shape();
        let Some(i) = parent.iter().position(|p| p.key == c.key) else {
            if shape == Shape::Null {
                let at = c.head.indent();
                problems.at(
                    &c.head,
                    at,
                    c.key.len(),
                    format!(
                        "`{}` is not in {parent_name}, so there is nothing for `null` to remove",
                        c.key
                    ),
                );
            } else {
                let indent = parent.first().map_or(0, |p| p.head.indent());
                parent.push(reindented(c, indent));
            }
            continue;
        };
        let p = &mut parent[i];
        let both = (p.shape(), shape);
        if shape == Shape::Null {
            parent.remove(i);
        } else if both == (Shape::Mapping, Shape::Mapping) {
            let indent = p.body_indent();
            let c = reindented(c, p.head.indent());
            let c_body = reindent_body(c.body, indent);
            let mut inner = entries(std::mem::take(&mut p.body), indent, problems);
            let child_inner = entries(c_body, indent, problems);
            merge(&mut inner, child_inner, false, parent_name, problems);
            p.lead = c.lead;
            p.head = c.head;
            p.body = inner.into_iter().flat_map(Entry::lines).collect();
        } else if top && c.key == "pieces" {
            if both != (Shape::Sequence, Shape::Sequence) {
                let at = c.head.indent();
                problems.at(
                    &c.head,
                    at,
                    c.key.len(),
                    format!("in a file that extends another, `pieces:` is a block list (one `- ` entry a line), merged with the pieces of {parent_name} by letter"),
                );
                continue;
            }
            let c = reindented(c, p.head.indent());
            let indent = p.body_indent();
            let c_body = reindent_body(c.body, indent);
            let mut items = items(std::mem::take(&mut p.body), indent);
            merge_pieces(&mut items, c_body, indent, parent_name, problems);
            p.lead = c.lead;
            p.head = c.head;
            p.body = items.into_iter().flatten().collect();
        } else {
            let indent = p.head.indent();
            *p = reindented(c, indent);
        }
    }
}

/// An entry moved so that its key stands at `indent`.
fn reindented(e: Entry, indent: usize) -> Entry {
    let by = indent as i64 - e.head.indent() as i64;
    if by == 0 {
        return e;
    }
    Entry {
        key: e.key,
        lead: e.lead.into_iter().map(|l| l.shifted(by)).collect(),
        head: e.head.shifted(by),
        body: e.body.into_iter().map(|l| l.shifted(by)).collect(),
    }
}

/// The lines of a value moved so that its first line stands at `indent`.
fn reindent_body(body: Vec<Line>, indent: usize) -> Vec<Line> {
    let at = body.iter().find(|l| !l.is_blank()).map_or(0, Line::indent);
    let by = indent as i64 - at as i64;
    body.into_iter().map(|l| l.shifted(by)).collect()
}

/// The items of a block list whose `-` stand at `indent`, each with the
/// comments before it.
fn items(lines: Vec<Line>, indent: usize) -> Vec<Vec<Line>> {
    let mut out: Vec<Vec<Line>> = Vec::new();
    let mut pending = Vec::new();
    for line in lines {
        if line.is_blank() {
            pending.push(line);
        } else if line.indent() == indent && line.text[indent..].starts_with('-') {
            pending.push(line);
            out.push(std::mem::take(&mut pending));
        } else {
            match out.last_mut() {
                Some(item) => {
                    item.append(&mut pending);
                    item.push(line);
                }
                None => pending.push(line),
            }
        }
    }
    if let Some(last) = out.last_mut() {
        last.append(&mut pending);
    }
    out
}

/// The value of the first `KEY:` of an item, with the line and column it
/// stands at.
fn item_value<'a>(item: &'a [Line], key: &str) -> Option<(&'a Line, usize, &'a str)> {
    let pattern = format!("{key}:");
    item.iter().filter(|l| !l.is_blank()).find_map(|l| {
        let text = strip_comment(&l.text);
        let at = text
            .match_indices(&pattern)
            .find(|(i, _)| *i == 0 || text[..*i].ends_with([' ', '{', ',', '-']))?;
        let rest = &text[at.0 + pattern.len()..];
        let value = unquoted(rest.split([',', '}']).next().unwrap_or(""));
        let col = at.0 + pattern.len() + rest.find(|c: char| !c.is_whitespace()).unwrap_or(0);
        Some((l, col, value))
    })
}

/// Merges the child's piece entries into the parent's items by letter.
fn merge_pieces(
    items_: &mut Vec<Vec<Line>>,
    child: Vec<Line>,
    indent: usize,
    parent_name: &str,
    problems: &mut Problems,
) {
    let letter_of = |item: &[Line]| item_value(item, "letter").map(|(_, _, v)| v.to_string());
    for item in items(child, indent) {
        if let Some((line, col, letter)) = item_value(&item, "remove") {
            match items_
                .iter()
                .position(|p| letter_of(p).as_deref() == Some(letter))
            {
                Some(i) => {
                    items_.remove(i);
                }
                None => problems.at(
                    line,
                    col,
                    letter.chars().count(),
                    format!("{parent_name} has no piece `{letter}` to remove"),
                ),
            }
            continue;
        }
        let letter = letter_of(&item);
        match items_
            .iter()
            .position(|p| letter.is_some() && letter_of(p) == letter)
        {
            Some(i) => items_[i] = item,
            None => items_.push(item),
        }
    }
}

/// The name a file gives in `extends`, resolved against the folder of the
/// file that gives it, without `.` and `..` parts.
fn resolve(from: &str, written: &str) -> String {
    let mut path = PathBuf::new();
    for part in Path::new(from)
        .parent()
        .unwrap_or(Path::new(""))
        .join(written)
        .components()
    {
        match part {
            Component::ParentDir
                if path
                    .components()
                    .next_back()
                    .is_some_and(|c| matches!(c, Component::Normal(_))) =>
            {
                path.pop();
            }
            Component::CurDir => {}
            other => path.push(other),
        }
    }
    path.to_string_lossy().into_owned()
}

/// The `extends:` entry of a file's top level, if it has one: the line and
/// the file name written.
fn extends_entry(entries: &[Entry]) -> Option<(&Entry, &str)> {
    entries
        .iter()
        .find(|e| e.key == "extends")
        .map(|e| (e, unquoted(e.inline())))
}

/// Whether a text names a parent: a line starting with `extends:`. Files
/// without one are read as they are, at no cost.
fn extends_anything(text: &str) -> bool {
    crate::diagnostic::lines(text).any(|l| l.starts_with("extends:"))
}

/// Reads a rule file named `name` (its path, used to find the files it
/// extends, and in messages) with the files it extends, merged. The YAML of
/// each file is read first on its own, so that its problems are placed in
/// it; cycles, missing files and chains longer than [`MAX_EXTENDS_DEPTH`]
/// are refused at the `extends` line that makes them.
pub fn expand(name: &str, text: &str, read: ReadParent) -> Result<Expanded, Diagnostics> {
    let top = Arc::new(SourceFile {
        name: name.to_string(),
        text: text.to_string(),
    });
    if !extends_anything(text) {
        return Ok(Expanded {
            text: text.to_string(),
            origins: Vec::new(),
            files: vec![top],
        });
    }
    let mut files = vec![top];
    // Each file's entries, the top one first.
    let mut chain: Vec<Vec<Entry>> = Vec::new();
    loop {
        let index = files.len() - 1;
        let file = files[index].clone();
        let mut problems = Problems {
            file: &file,
            top: index == 0,
            found: Vec::new(),
        };
        if let Err(d) = super::yaml::read_any(&file.text) {
            problems.found.push(if index == 0 {
                d
            } else {
                d.in_file(file.clone())
            });
            return Err(Diagnostics(problems.found));
        }
        let entries = entries(lines_of(index, &file.text), 0, &mut problems);
        if !problems.found.is_empty() {
            return Err(Diagnostics(problems.found));
        }
        let next = extends_entry(&entries).map(|(e, written)| {
            let col = e.head.text.find(written).unwrap_or(e.key.len() + 2);
            (e.head.clone(), col, written.to_string())
        });
        chain.push(entries);
        let Some((line, col, written)) = next else {
            break;
        };
        let refuse = |message: String| {
            let mut p = Problems {
                file: &file,
                top: index == 0,
                found: Vec::new(),
            };
            p.at(&line, col, written.chars().count(), message);
            Diagnostics(p.found)
        };
        if written.is_empty() {
            return Err(refuse(
                "`extends` names the rule file this one builds on, e.g. `extends: chess.yaml`"
                    .into(),
            ));
        }
        if Path::new(&written).is_absolute() {
            return Err(refuse(format!("`extends` names a file by a path relative to this one, so that the files can move together; `{written}` is absolute")));
        }
        let parent = resolve(&file.name, &written);
        if let Some(k) = files.iter().position(|f| f.name == parent) {
            let path: Vec<&str> = files[k..]
                .iter()
                .map(|f| f.name.as_str())
                .chain([parent.as_str()])
                .collect();
            return Err(refuse(format!(
                "`extends` makes a cycle: {}",
                path.join(" extends ")
            )));
        }
        if files.len() == MAX_EXTENDS_DEPTH {
            return Err(refuse(format!(
                "`extends` goes deeper than {MAX_EXTENDS_DEPTH} files, the most a chain may hold"
            )));
        }
        let parent_text =
            read(&parent).map_err(|why| refuse(format!("cannot extend `{written}`: {why}")))?;
        files.push(Arc::new(SourceFile {
            name: parent,
            text: parent_text,
        }));
    }
    let (text, origins) = merge_chain(chain, &files)?;
    Ok(Expanded {
        text,
        origins,
        files,
    })
}

/// Merges the files' entries (the top file's first) from the root down,
/// each child onto what its parents made: the merged text and where each
/// of its lines is written.
fn merge_chain(
    mut chain: Vec<Vec<Entry>>,
    files: &[Arc<SourceFile>],
) -> Result<(String, Vec<Origin>), Diagnostics> {
    let mut merged = chain.pop().unwrap_or_default();
    let mut found = Vec::new();
    for (i, child) in chain.into_iter().enumerate().rev() {
        let mut problems = Problems {
            file: &files[i],
            top: i == 0,
            found: Vec::new(),
        };
        let child: Vec<Entry> = child.into_iter().filter(|e| e.key != "extends").collect();
        let parent_name = files[i + 1].name.clone();
        merged.retain(|e| e.key != "extends");
        merge(&mut merged, child, true, &parent_name, &mut problems);
        found.extend(problems.found);
    }
    if !found.is_empty() {
        return Err(Diagnostics(found));
    }
    let lines: Vec<Line> = merged.into_iter().flat_map(Entry::lines).collect();
    let mut text = String::new();
    for l in &lines {
        text.push_str(&l.text);
        text.push('\n');
    }
    Ok((text, lines.iter().map(|l| l.origin).collect()))
}

impl Expanded {
    /// The files merged, the top one first: the file itself, then what it
    /// extends, and so on (a watcher watches them all).
    pub fn files(&self) -> &[Arc<SourceFile>] {
        &self.files
    }

    /// The diagnostics of the merged text, each put back at the place it
    /// is written: a line of the file itself keeps no file (it is rendered
    /// with the file's own name), a line of a parent names that file.
    pub fn locate(&self, diagnostics: Diagnostics) -> Diagnostics {
        if self.origins.is_empty() {
            return diagnostics;
        }
        Diagnostics(
            diagnostics
                .0
                .into_iter()
                .map(|mut d| {
                    let Some(span) = d.span.as_mut() else {
                        return d;
                    };
                    let Some(origin) = self.origins.get(span.line.saturating_sub(1) as usize)
                    else {
                        return d;
                    };
                    span.line = origin.line;
                    span.col = (i64::from(span.col) - origin.shift).max(1) as u32;
                    if origin.file == 0 {
                        d
                    } else {
                        d.in_file(self.files[origin.file].clone())
                    }
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(
        list: &'static [(&'static str, &'static str)],
    ) -> impl Fn(&str) -> Result<String, String> {
        move |name| {
            list.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| t.to_string())
                .ok_or_else(|| "no such file".to_string())
        }
    }

    const PARENT: &str = "motley: 1\nname: p\nboard:\n  files: 8\n  ranks: 8\npieces:\n  - { letter: K, name: king, moves: K, royal: true }\n  - { letter: N, name: knight, moves: N }\ndraws:\n  repetition: 3\n  fifty_move: 100\n";

    #[test]
    fn mappings_merge_by_key_and_pieces_by_letter() {
        let read = files(&[("v/p.yaml", PARENT)]);
        let child = "extends: p.yaml\nname: c\ndraws:\n    fifty_move: null\npieces:\n- letter: N\n  name: nightrider\n  moves: NN\n- remove: K\n- { letter: Q, name: queen, moves: Q }\n";
        let e = expand("v/c.yaml", child, &read).unwrap();
        assert_eq!(
            e.text,
            "motley: 1\nname: c\nboard:\n  files: 8\n  ranks: 8\npieces:\n  - letter: N\n    name: nightrider\n    moves: NN\n  - { letter: Q, name: queen, moves: Q }\ndraws:\n  repetition: 3\n"
        );
        // A place in a moved line goes back to its own column and file.
        let d = Diagnostics(vec![
            Diagnostic::at(Span::new(9, 12, 2), "x"),
            Diagnostic::at(Span::new(12, 3, 1), "y"),
        ]);
        let located = e.locate(d);
        assert_eq!(located.0[0].to_string(), "8:10: x");
        assert_eq!(located.0[1].to_string(), "v/p.yaml:10:3: y");
    }

    #[test]
    fn cycles_missing_files_and_bad_removals_are_located() {
        let read = files(&[
            ("a.yaml", "extends: b.yaml\n"),
            ("b.yaml", "extends: ./a.yaml\n"),
        ]);
        let e = expand("a.yaml", "extends: b.yaml\n", &read).unwrap_err();
        assert_eq!(
            e.to_string(),
            "b.yaml:1:10: `extends` makes a cycle: a.yaml extends b.yaml extends a.yaml"
        );
        let e = expand("a.yaml", "name: x\nextends: 'zz.yaml'\n", &read).unwrap_err();
        assert_eq!(e.to_string(), "2:11: cannot extend `zz.yaml`: no such file");
        let read = files(&[("p.yaml", PARENT)]);
        let e = expand("c.yaml", "extends: p.yaml\npieces:\n  - remove: Q\n", &read).unwrap_err();
        assert_eq!(e.to_string(), "3:13: p.yaml has no piece `Q` to remove");
        let e = expand("c.yaml", "extends: p.yaml\nsetup: null\n", &read).unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:1: `setup` is not in p.yaml, so there is nothing for `null` to remove"
        );
    }

    #[test]
    fn resolves_relative_names() {
        assert_eq!(
            resolve("spec/variants/x.yaml", "chess.yaml"),
            "spec/variants/chess.yaml"
        );
        assert_eq!(resolve("a/b/x.yaml", "../c/y.yaml"), "a/c/y.yaml");
        assert_eq!(resolve("x.yaml", "./y.yaml"), "y.yaml");
    }
}
