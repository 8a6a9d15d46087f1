//! `motley svg`: golden SVG files (start positions and move diagrams),
//! each parsed as XML and checked for what it must show. Set
//! `MOTLEY_BLESS=1` to rewrite the golden files after a deliberate change.

mod common;
use common::{motley, refused, variant, with_moves};

use std::path::{Path, PathBuf};

const MANIFEST: &str = env!("CARGO_MANIFEST_DIR");

fn golden_dir() -> PathBuf {
    Path::new(MANIFEST).join("tests/svg")
}

/// Compares `svg` with the golden file `name` (or rewrites it when blessing).
fn golden(name: &str, svg: &str) {
    let path = golden_dir().join(name);
    if std::env::var_os("MOTLEY_BLESS").is_some() {
        std::fs::write(&path, svg).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (MOTLEY_BLESS=1 writes it)", path.display()));
    assert!(
        want == svg,
        "{name} differs from its golden file; MOTLEY_BLESS=1 rewrites it"
    );
}

/// Runs `motley ARGS`, asserts that it succeeds, and returns the SVG it
/// prints.
fn drawn(args: &[&str]) -> String {
    let (code, svg, err) = motley(args);
    assert_eq!(code, 0, "{err}");
    svg
}

/// Parses an SVG document and checks it is a self-contained SVG 1.1 image.
fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("version"), Some("1.1"));
    for node in doc.descendants() {
        let href = node.attribute(("http://www.w3.org/1999/xlink", "href"));
        if let Some(href) = href {
            assert!(href.starts_with('#'), "external reference {href}");
            let id = &href[1..];
            assert!(
                doc.descendants().any(|n| n.attribute("id") == Some(id)),
                "dangling reference {href}"
            );
        }
    }
    doc
}

fn count(doc: &roxmltree::Document, tag: &str, class: Option<&str>) -> usize {
    doc.descendants()
        .filter(|n| {
            n.tag_name().name() == tag && (class.is_none() || n.attribute("class") == class)
        })
        .count()
}

/// The squares of the marks of one class, by the square ids under them.
fn marked(doc: &roxmltree::Document, class: &str) -> usize {
    count(doc, "g", Some(class))
}

fn start(name: &str, file: &str, squares: usize, pieces: usize) {
    let svg = drawn(&["svg", file]);
    let doc = parse(&svg);
    let rects = doc
        .descendants()
        .filter(|n| n.attribute("id").is_some_and(|id| id.starts_with("sq-")))
        .count();
    assert_eq!(rects, squares);
    assert_eq!(count(&doc, "use", None), pieces);
    golden(name, &svg);
}

#[test]
fn chess_start() {
    start("chess-start.svg", &variant("chess"), 64, 32);
}

#[test]
fn jester_start_is_ten_by_eleven() {
    start("jester-start.svg", &variant("jester"), 110, 52);
}

#[test]
fn sixteen_by_sixteen_start() {
    let file = golden_dir().join("board16.yaml");
    start("board16-start.svg", file.to_str().unwrap(), 256, 64);
}

#[test]
fn knight_diagram_marks_eight_jumps() {
    let svg = drawn(&["svg", &variant("chess"), "--piece", "N"]);
    let doc = parse(&svg);
    assert_eq!(marked(&doc, "mark move-capture jump"), 8);
    assert_eq!(marked(&doc, "key move-capture jump"), 1, "one legend row");
    assert!(svg.contains("knight (N) on d4"));
    golden("knight.svg", &svg);
}

#[test]
fn archer_diagram_marks_moves_and_shots() {
    let svg = drawn(&["svg", &variant("jester"), "--piece", "A"]);
    let doc = parse(&svg);
    // mfW2 mfF2 mbW mbF: e7 e8 d7 c8 f7 g8 e5 d5 f5 from e6.
    assert_eq!(marked(&doc, "mark move plain"), 9);
    assert_eq!(marked(&doc, "mark shoot plain"), 3);
    assert!(svg.contains("archer (A) on e6"));
    golden("archer.svg", &svg);
}

#[test]
fn clown_diagrams_one_per_file_case() {
    let dir = std::env::temp_dir().join(format!("motley-svg-clown-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("clown.svg");
    let (code, listing, err) = motley(&[
        "svg",
        &variant("clown"),
        "--piece",
        "C",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let captions: Vec<&str> = listing
        .lines()
        .map(|l| l.split_once(": ").unwrap().1)
        .collect();
    assert_eq!(
        captions,
        [
            "clown (C) on a4, when file in [a, h]",
            "clown (C) on b4, when file in [b, g]",
            "clown (C) on c4, when file in [c, f]",
            "clown (C) on d4, when file == d",
            "clown (C) on e4, when file == e",
        ]
    );
    // Rook, knight, bishop, queen up to four, king: squares from the file's
    // fourth square.
    for (i, moves) in [14, 6, 11, 27, 8].into_iter().enumerate() {
        let svg = std::fs::read_to_string(dir.join(format!("clown-{}.svg", i + 1))).unwrap();
        let doc = parse(&svg);
        let all = doc
            .descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.starts_with("mark ") && c.ends_with(" conditional"))
            })
            .count();
        assert_eq!(all, moves, "case {}", i + 1);
        golden(&format!("clown-{}.svg", i + 1), &svg);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn last_move_check_arrows_and_highlights() {
    let moves = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
    let chess = variant("chess");
    let mut args = vec!["svg", chess.as_str()];
    args.push("--moves");
    args.extend(moves);
    args.extend(["--arrows", "e8f7,a7a6", "--highlight", "c4", "--flip"]);
    let svg = drawn(&args);
    let doc = parse(&svg);
    let fills: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("fill-opacity").is_some())
        .filter_map(|n| n.attribute("fill"))
        .collect();
    // h5 and f7 (last move), e8 (check), c4 (highlight).
    assert_eq!(fills, ["#f7ec5e", "#f7ec5e", "#e5483b", "#4a90d9"]);
    assert_eq!(count(&doc, "line", None), 2);
}

#[test]
fn hands_and_frozen_pieces_are_drawn() {
    let svg = drawn(&with_moves(
        &["svg", &variant("crazyhouse")],
        "e2e4 d7d5 e4d5",
    ));
    let doc = parse(&svg);
    assert_eq!(count(&doc, "g", Some("hand")), 2);
    assert!(svg.contains("white hand</text>"), "White holds the pawn");
    assert!(svg.contains("black hand: empty"));
}

#[test]
fn bad_input_is_a_clear_error() {
    let chess = variant("chess");
    let err = refused(&["svg", &chess, "--piece", "Z"], 1);
    assert_eq!(
        err.trim(),
        "no piece `Z` in chess; the pieces are K, Q, R, B, N, P"
    );
    let err = refused(&["svg", &chess, "--highlight", "z9"], 1);
    assert_eq!(err.trim(), "bad square `z9`: expected a1 to h8");
    let err = refused(&["svg", &chess, "--arrows", "e2"], 1);
    assert_eq!(
        err.trim(),
        "bad arrow `e2`: expected two squares, e.g. e2e4"
    );
    let err = refused(&["svg", &variant("clown"), "--piece", "C"], 1);
    assert!(
        err.starts_with("5 diagrams (clown (C) on a4, when file in [a, h];"),
        "{err}"
    );
}
