//! `motley fmt`: one layout, every comment kept, the meaning unchanged.

mod common;

use common::{motley, scratch, ROOT};

const MESSY: &str = include_str!("fmt/messy.yaml");

const TIDY: &str = include_str!("fmt/tidy.yaml");

#[test]
fn fmt_lays_a_file_out_keeping_its_comments() {
    let dir = scratch("fmt-messy");
    let file = dir.join("mine.yaml");
    std::fs::write(&file, MESSY).unwrap();
    let name = file.display().to_string();
    assert_eq!(
        motley(&["fmt", "--check", &name]),
        (1, format!("{name}: not formatted\n"), String::new())
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        MESSY,
        "--check writes nothing"
    );
    assert_eq!(
        motley(&["fmt", &name]),
        (0, format!("{name}: formatted\n"), String::new())
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), TIDY);
    assert_eq!(
        motley(&["fmt", "--check", &name]),
        (0, String::new(), String::new())
    );
    assert_eq!(motley(&["check", &name]).0, 0);
}

/// Every bundled file formats to a file that checks, keeps each comment,
/// and is a fixed point.
#[test]
fn fmt_keeps_every_bundled_file_valid_and_commented() {
    let dir = scratch("fmt-bundled");
    let mut copies = Vec::new();
    for entry in std::fs::read_dir(format!("{ROOT}/spec/variants")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            let copy = dir.join(path.file_name().unwrap());
            std::fs::copy(&path, &copy).unwrap();
            copies.push((path, copy.display().to_string()));
        }
    }
    let names: Vec<&str> = copies.iter().map(|(_, c)| c.as_str()).collect();
    let (code, _, err) = motley(&[&["fmt"], names.as_slice()].concat());
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = motley(&[&["fmt", "--check"], names.as_slice()].concat());
    assert_eq!((code, out.as_str()), (0, ""), "not a fixed point: {err}");
    let (code, _, err) = motley(&[&["check"], names.as_slice()].concat());
    assert_eq!(code, 0, "{err}");
    for (original, copy) in &copies {
        let formatted = std::fs::read_to_string(copy).unwrap();
        for line in std::fs::read_to_string(original).unwrap().lines() {
            if let Some(at) = line
                .find("# ")
                .filter(|&i| i == 0 || line[..i].ends_with(' '))
            {
                let comment = line[at..].trim_end();
                assert!(
                    formatted.contains(comment),
                    "{copy}: the comment {comment:?} is lost"
                );
            }
        }
    }
}

#[test]
fn fmt_refuses_a_file_that_does_not_read_and_leaves_it_as_it_is() {
    let dir = scratch("fmt-broken");
    let file = dir.join("broken.yaml");
    let text = "motley: 1\nname: [x\n";
    std::fs::write(&file, text).unwrap();
    let name = file.display().to_string();
    let (code, out, err) = motley(&["fmt", &name]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with(&format!("{name}:2:7: this `[` is never closed")),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
}
