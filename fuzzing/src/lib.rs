//! Generators and oracles of the fuzz targets in `fuzz/` (an unpublished
//! crate: only the fuzz targets and the regression test use it).
//!
//! Each `pub fn` taking `&[u8]` is one target's whole body: it turns the
//! fuzzer's bytes into input, runs it, and panics when an oracle fails, so
//! libFuzzer reports a crash. The same functions replay the regression
//! inputs under `fuzz/regressions/<target>/` in `cargo test`
//! (`tests/fuzz_regressions.rs`).
//!
//! * [`rules_text`]: bytes as a rule file; `build` never panics and every
//!   diagnostic is well placed (up to one known limitation: see
//!   [`rules_text_strict`]).
//! * [`expression`]: bytes as Betza and as an expression; parsing never
//!   panics, and printing (the interpreter's `load::print_betza`,
//!   `load::print_expression`) then parsing again gives the same tree.
//! * [`position_text`]: FEN and move text against the bundled rule files.
//! * [`differential`]: interpreter and engine in lockstep over a game whose
//!   moves the bytes choose, for every variant both implement and every
//!   ruling option.
//! * [`generated_rules`]: a structured rule-file description
//!   ([`RuleDesc`], read through `arbitrary`) printed as YAML and played.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod differential;
mod expression;
mod generated;
mod position;
mod rules_text;

use std::path::{Path, PathBuf};

pub use differential::{differential, differential_game, pairings, Pairing};
pub use expression::{expression, without_spans};
pub use generated::{
    generated_rules, generated_rules_bytes, has_two_moves_of_one_text, mirror_fen, ComponentDesc,
    Generated, PieceDesc, RuleDesc, SectionsDesc, GEN_ATOMS, GEN_CASTLING_FIELDS, GEN_DIRS,
    GEN_MODES, GEN_ZONES,
};
pub use position::{board_squares, fen_fixed_point, named_squares, position_text, unmoved_gap};
pub use rules_text::{check_diagnostic, rules_text, rules_text_strict};

/// The folder of the bundled rule files, `spec/variants`.
pub fn variants_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants")
}

/// The bundled rule files, sorted by file name.
pub fn bundled_variants() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(variants_dir())
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
}
