//! A YAML value with the places it is written at: the YAML reader's own
//! `Spanned`, held in a type of ours so that the rule-file schema
//! (`schema.rs`) can describe it as the value alone.

use serde::Deserialize;
use serde_saphyr::Location;

/// A value and where it is written: `referenced` is the place it is used
/// (an alias `*name` for an anchored value), `defined` where it is written.
#[derive(Deserialize)]
#[serde(from = "serde_saphyr::Spanned<T>")]
#[serde(bound = "T: Deserialize<'de>")]
pub(super) struct Spanned<T> {
    pub value: T,
    pub referenced: Location,
    pub defined: Location,
}

impl<T> From<serde_saphyr::Spanned<T>> for Spanned<T> {
    fn from(s: serde_saphyr::Spanned<T>) -> Self {
        Spanned {
            value: s.value,
            referenced: s.referenced,
            defined: s.defined,
        }
    }
}
