//! Lists the bundled rule files (`spec/variants/*.yaml`) for the binary:
//! `$OUT_DIR/bundled.rs` holds one `(stem, include_str!(path))` per file,
//! sorted by stem, so a file added to the folder is offered by `motley
//! serve`, `uci` and `xboard` without a code change.

use std::path::Path;

fn main() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants");
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut files: Vec<(String, String)> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|x| x == "yaml"))
        .filter_map(|path| {
            let stem = path.file_stem()?.to_str()?.to_string();
            let full = path.canonicalize().ok()?.to_str()?.to_string();
            Some((stem, full))
        })
        .collect();
    files.sort();
    let mut out = String::from("&[\n");
    for (stem, path) in &files {
        println!("cargo:rerun-if-changed={path}");
        out.push_str(&format!("    ({stem:?}, include_str!({path:?})),\n"));
    }
    out.push_str("]\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("bundled.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
