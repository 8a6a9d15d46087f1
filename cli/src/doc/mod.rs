//! `motley doc`: a static rules page per rule file, generated from the file
//! alone (start position, pieces with their move diagrams and movement in
//! words, the other rules in words, the rulings register), and an index.

mod words;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use motley_interpreter::{build_path, Built, Game};

use crate::svg::{self, escape};
use crate::Failure;

pub use words::piece_words;

/// One variant's page and pictures, ready to write.
struct Page {
    name: String,
    title: String,
    board: String,
    /// File name and contents of every file of the page.
    files: Vec<(String, String)>,
}

/// Rule files named by `paths`: files as given, folders' `*.yaml` sorted.
fn rule_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Failure(format!("{}: cannot read: {e}", path.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
                .collect();
            found.sort();
            out.extend(found);
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

/// Runs `motley doc`: every file is checked first; nothing is written
/// unless all are valid.
pub fn doc(paths: &[PathBuf], out: &Path) -> Result<ExitCode, Failure> {
    let mut pages: Vec<Page> = Vec::new();
    let mut problems = String::new();
    for path in rule_files(paths)? {
        let source = crate::read(&path)?;
        match build_path(&path, &source) {
            Ok(built) => {
                if pages.iter().any(|p| p.name == built.rules.variant().name) {
                    return Err(Failure(format!(
                        "{}: a second variant named `{}`",
                        path.display(),
                        built.rules.variant().name
                    )));
                }
                pages.push(page(&path, &crate::loaded_text(&path, &source), built)?);
            }
            Err(d) => problems.push_str(&d.render(&path.display().to_string(), &source)),
        }
    }
    if !problems.is_empty() {
        return Err(Failure(problems));
    }
    if pages.is_empty() {
        return Err(Failure("no rule files given (*.yaml)".into()));
    }
    std::fs::create_dir_all(out)
        .map_err(|e| Failure(format!("{}: cannot create: {e}", out.display())))?;
    let write = |name: &str, text: &str| {
        let path = out.join(name);
        std::fs::write(&path, text)
            .map_err(|e| Failure(format!("{}: cannot write: {e}", path.display())))
    };
    for page in &pages {
        for (name, text) in &page.files {
            write(name, text)?;
        }
    }
    write("index.html", &index(&pages))?;
    println!(
        "{}: {} rules pages and index.html",
        out.display(),
        pages.len()
    );
    Ok(ExitCode::SUCCESS)
}

const STYLE: &str = "body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}\
table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.3em .5em;vertical-align:top;text-align:left}\
figure{display:inline-block;margin:.5em;vertical-align:top}figure img{width:18em;height:auto}figcaption{font-size:.9em}code{background:#f3f3f3}";

fn html(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(title)
    )
}

/// The page of one variant.
fn page(path: &Path, source: &str, built: Built) -> Result<Page, Failure> {
    let (rules, file) = (&built.rules, &built.file);
    let v = &rules.variant();
    let name = v.name.clone();
    let title = v.title.clone().unwrap_or_else(|| name.clone());
    let mut files = Vec::new();
    let mut body = format!(
        "<p><a href=\"index.html\">All variants</a></p>\n<h1>{}</h1>\n",
        escape(&title)
    );
    let stem = path
        .file_name()
        .map_or(String::new(), |f| f.to_string_lossy().into_owned());
    body.push_str(&format!(
        "<p>Rule file <code>{}</code> (variant <code>{}</code>)",
        escape(&stem),
        escape(&name)
    ));
    if let Some(s) = &file.source {
        body.push_str(&format!("; source: {}", escape(s)));
    }
    body.push_str(".</p>\n");
    let start_name = format!("{name}-start.svg");
    let game = Game::new(built.clone());
    files.push((
        start_name.clone(),
        svg::board(&game, &svg::BoardOptions::default()),
    ));
    body.push_str(&format!(
        "<h2>Start position</h2>\n<p><img src=\"{}\" alt=\"the start position\"></p>\n<p><code>{}</code></p>\n",
        escape(&start_name),
        escape(&file.setup.value)
    ));
    body.push_str("<h2>Pieces</h2>\n");
    for p in &v.pieces {
        body.push_str(&format!(
            "<h3 id=\"piece-{l}\">{} ({l})</h3>\n<p>Betza <code>{}</code>; {}.</p>\n<p>{}</p>\n",
            escape(&p.name),
            escape(&p.betza),
            if p.royal {
                "royal".to_string()
            } else {
                format!("value {}", p.value)
            },
            escape(&piece_words(file, source, &p.token())),
            l = p.token()
        ));
        let diagrams = svg::diagrams(rules, file, source, &p.token(), None).map_err(Failure)?;
        for (i, d) in diagrams.iter().enumerate() {
            // A promoted form's file: `shogi-piece-plusP-1.svg`.
            let file = format!(
                "{name}-piece-{}-{}.svg",
                p.token().replace('+', "plus"),
                i + 1
            );
            body.push_str(&format!(
                "<figure><img src=\"{}\" alt=\"{c}\"><figcaption>{c}</figcaption></figure>\n",
                escape(&file),
                c = escape(&d.caption)
            ));
            files.push((file, d.svg.clone()));
        }
    }
    for (heading, sentences) in words::rules_words(rules, file, source) {
        body.push_str(&format!("<h2>{heading}</h2>\n"));
        for s in sentences {
            body.push_str(&format!("<p>{}</p>\n", escape(&s)));
        }
    }
    body.push_str("<h2>Rulings</h2>\n");
    if file.rulings.is_empty() {
        body.push_str("<p>None: the source leaves no question open.</p>\n");
    } else {
        body.push_str("<table>\n<tr><th>Id</th><th>Question</th><th>Source words</th><th>Options</th><th>Default</th></tr>\n");
        for r in &file.rulings {
            body.push_str(&format!(
                "<tr><td><code>{}.{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                escape(&name),
                escape(&r.id),
                escape(&r.question),
                escape(&r.source),
                escape(&r.options.join(", ")),
                escape(&r.default.value)
            ));
        }
        body.push_str("</table>\n");
    }
    files.push((format!("{name}.html"), html(&title, &body)));
    Ok(Page {
        board: format!("{}x{}", v.files, v.ranks),
        name,
        title,
        files,
    })
}

/// The index page: every variant with its board size, linked.
fn index(pages: &[Page]) -> String {
    let mut body = String::from(
        "<h1>Motley variants</h1>\n<table>\n<tr><th>Variant</th><th>Name</th><th>Board</th></tr>\n",
    );
    for p in pages {
        body.push_str(&format!(
            "<tr><td><a href=\"{}.html\">{}</a></td><td><code>{}</code></td><td>{}</td></tr>\n",
            escape(&p.name),
            escape(&p.title),
            escape(&p.name),
            p.board
        ));
    }
    body.push_str("</table>\n");
    html("Motley variants", &body)
}
