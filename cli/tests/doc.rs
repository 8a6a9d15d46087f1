//! `motley doc`: the bundled variants' pages are built; every link and
//! image resolves, every SVG parses, and a page says what the file says.

mod common;
use common::{assert_contains, motley, refused};

use std::path::Path;

/// The values of `attr="..."` in an HTML page.
fn links<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let key = format!("{attr}=\"");
    html.match_indices(&key)
        .map(|(i, _)| {
            let rest = &html[i + key.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

#[test]
fn bundled_variants_pages_resolve_and_parse() {
    let variants = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants");
    let out = std::env::temp_dir().join(format!("motley-doc-{}", std::process::id()));
    // The files `motley check` accepts (a file it refuses is reported by
    // `check`, and `doc` refuses it the same way: see a_broken_file_writes_nothing).
    let mut files: Vec<String> = std::fs::read_dir(variants)
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".yaml"))
        .filter(|p| {
            let ok = motley(&["check", p]).0 == 0;
            if !ok {
                eprintln!("{p}: refused by motley check, left out");
            }
            ok
        })
        .collect();
    files.sort();
    let count = files.len();
    assert!(count >= 16, "{count} valid bundled variants");
    let mut args = vec!["doc", "-o", out.to_str().unwrap()];
    args.extend(files.iter().map(String::as_str));
    let (code, stdout, err) = motley(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.ends_with(&format!("{count} rules pages and index.html\n")),
        "{stdout}"
    );
    let mut pages = 0;
    let mut svgs = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("html") => {
                pages += 1;
                for target in links(&text, "href").into_iter().chain(links(&text, "src")) {
                    assert!(
                        Path::new(&out).join(target).is_file(),
                        "{}: broken link {target}",
                        path.display()
                    );
                }
            }
            Some("svg") => {
                svgs += 1;
                let doc = roxmltree::Document::parse(&text)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert_eq!(doc.root_element().tag_name().name(), "svg");
            }
            other => panic!("unexpected file {} ({other:?})", path.display()),
        }
    }
    assert_eq!(pages, count + 1);
    assert!(svgs > 2 * count, "{svgs} pictures");
    let clown = std::fs::read_to_string(out.join("clown.html")).unwrap();
    for words in [
        "<h1>Clown Chess</h1>",
        "<p>When file in [a, h]: moves or captures like a rook. When file in [b, g]: moves or captures like a knight.",
        "Moves one square orthogonally forward; captures (also en passant) one square diagonally forward; \
         on its first move, moves two squares orthogonally forward, not jumping.",
        "<img src=\"clown-piece-C-5.svg\" alt=\"clown (C) on e4, when file == e\">",
        "<td><code>clown.entry-zone</code></td>",
        "A pawn must promote where rank == 8 to a queen, rook, bishop or knight.",
    ] {
        assert!(clown.contains(words), "clown.html lacks {words}");
    }
    let jester = std::fs::read_to_string(out.join("jester.html")).unwrap();
    assert!(jester.contains("shoots (captures without moving) one square in any direction forward"));
    assert!(
        jester.contains("A turn is 2 moves while this holds for the mover: not player.captured.")
    );
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn a_broken_file_writes_nothing() {
    let dir = std::env::temp_dir().join(format!("motley-doc-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.yaml");
    std::fs::write(&bad, "motley: 1\nname: bad\nboard: { files: 8, ranks: 8 }\npieces:\n  - { letter: K, name: king, moves: Kz, royal: true }\nsetup: k7/8/8/8/8/8/8/K7 w - - 0 1\n").unwrap();
    let out = dir.join("site");
    let err = refused(
        &["doc", bad.to_str().unwrap(), "-o", out.to_str().unwrap()],
        1,
    );
    assert_contains(&err, "bad.yaml:5:");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
