//! The bundled rule files, built into the binary: every
//! `spec/variants/*.yaml` as (file stem, source), sorted by stem (listed by
//! `build.rs`).

/// (file stem, rule file source) of every bundled variant.
pub const BUNDLED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
