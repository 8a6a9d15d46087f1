//! Ruling tables and their resolution (LANGUAGE.md §18): each variant lists
//! its ruling ids with their options, the default first.

use crate::error::EngineError;

/// A ruling table: full id and its options, the default first.
pub type RulingTable = &'static [(&'static str, &'static [&'static str])];

/// Resolves `(id, value)` pairs against `table`: the chosen option index of
/// each ruling. Ids may leave out the `variant.` prefix. Unknown ids or
/// values are errors naming the known ones.
pub fn resolve(
    variant: &'static str,
    table: RulingTable,
    rulings: &[(String, String)],
) -> Result<Vec<usize>, EngineError> {
    let mut chosen = vec![0; table.len()];
    for (id, value) in rulings {
        let full = if id.contains('.') {
            id.clone()
        } else {
            format!("{variant}.{id}")
        };
        let Some(i) = table.iter().position(|(known, _)| *known == full) else {
            return Err(EngineError::UnknownRuling {
                id: id.clone(),
                variant,
                known: table.iter().map(|(k, _)| *k).collect(),
            });
        };
        let options = table[i].1;
        let Some(o) = options.iter().position(|o| *o == value.as_str()) else {
            return Err(EngineError::UnknownOption {
                ruling: full,
                value: value.clone(),
                options,
            });
        };
        chosen[i] = o;
    }
    Ok(chosen)
}
