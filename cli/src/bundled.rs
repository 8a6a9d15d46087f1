//! The bundled rule files, built into the binary: every
//! `spec/variants/*.yaml` as (file stem, source), sorted by stem (listed by
//! `build.rs`).

/// (file stem, rule file source) of every bundled variant.
pub const BUNDLED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// Reads the file a bundled rule file extends: bundled files stand in one
/// folder, so a parent is found among them by file name (`chess.yaml`).
/// The playground resolves `extends` in the text it is given the same way.
pub fn bundled_parent(name: &str) -> Result<String, String> {
    let stem = name.strip_suffix(".yaml").unwrap_or(name);
    BUNDLED
        .iter()
        .find(|(s, _)| *s == stem)
        .map(|(_, source)| source.to_string())
        .ok_or_else(|| {
            format!("no bundled rule file is called `{name}` (the playground finds `extends` among the bundled files)")
        })
}

/// Builds a bundled rule file, or rule text in the playground, whose
/// `extends` name bundled files.
pub fn build_bundled(
    stem: &str,
    source: &str,
) -> Result<motley_interpreter::Built, motley_interpreter::LoadError> {
    motley_interpreter::build_named(&format!("{stem}.yaml"), source, &bundled_parent)
}
